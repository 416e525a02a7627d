//! A link's bytes (docs/link-play.md §4). Every version starts with its
//! version byte and the length of what follows, and ends with a 4-byte
//! check (the start of the SHA-256 of everything before it), so that a
//! cut or damaged link is told apart from one of another version. Then:
//! the game's id, the seat the link is for, the game's setup when the
//! link lets a device join, the first move it carries and how many, each
//! seat's newest reveal, and the moves as indexes (read by the game, which
//! alone knows how many choices each move had). A request to undo and its
//! answer ([`Ask`]) share the frame, the game and the seat.

use super::bits::{self, Reader, Writer};
use super::chain::{Link16, LENGTH};
use super::error::LinkError;
use super::sha256::{sha256, Sha256};
use crate::engine::rules::{Rule, RULES};
use crate::engine::Rules;

/// The link format this version writes and reads.
pub const VERSION: u8 = 1;

/// The longest name a link carries, in bytes.
pub const NAME_BYTES: usize = 40;

/// What every device of a game agrees on before the first tile: the
/// rules, the seats' names in play order, and each seat's commitment
/// (all zero while that seat has not joined).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub rules: Rules,
    pub names: Vec<String>,
    pub commitments: Vec<Link16>,
}

impl Header {
    pub fn write(&self, w: &mut Writer) {
        w.byte(RULES.len() as u8);
        let r = &self.rules;
        for rule in RULES {
            match rule {
                Rule::Switch(s) => w.bits_below((s.get)(r) as u32, 2),
                Rule::Hand => w.bits_below(u32::from(r.hand), 4),
                Rule::Table => w.bits_below(r.table.is_some() as u32, 2),
            }
        }
        if let Some((x, y)) = r.table {
            w.slice(&[x, y]);
        }
        w.byte(self.names.len() as u8);
        for n in &self.names {
            let b = &n.as_bytes()[..floor_char(n, NAME_BYTES)];
            w.byte(b.len() as u8);
            w.slice(b);
        }
        for c in &self.commitments {
            w.slice(c);
        }
    }

    pub fn read(r: &mut Reader) -> Result<Header, LinkError> {
        let h = Header::fields(r).ok_or(LinkError::Garbled)??;
        h.check()?;
        Ok(h)
    }

    /// The setup's fields; `None` where the bytes end early or hold what
    /// no writer gives (garbled): `?` on each read, not an error built at
    /// each.
    fn fields(r: &mut Reader) -> Option<Result<Header, LinkError>> {
        let rows = r.byte()? as usize;
        if rows > RULES.len() {
            return Some(Err(LinkError::Version { found: VERSION }));
        }
        let mut rules = Rules::default();
        let mut table = false;
        for rule in &RULES[..rows] {
            match rule {
                Rule::Switch(s) => (s.set)(&mut rules, r.bits_below(2)? == 1),
                Rule::Hand => rules.hand = r.bits_below(4)? as u8,
                Rule::Table => table = r.bits_below(2)? == 1,
            }
        }
        if table {
            let [x, y] = r.array()?;
            if !(3..=99).contains(&x) || !(3..=99).contains(&y) || x % 2 == 0 || y % 2 == 0 {
                return None;
            }
            rules.table = Some((x, y));
        }
        let seats = r.byte()? as usize;
        if !(2..=6).contains(&seats) {
            return Some(Err(LinkError::Setup));
        }
        let mut names = Vec::with_capacity(seats);
        for _ in 0..seats {
            let n = r.byte()? as usize;
            names.push(bits::utf8(r.slice(n.min(NAME_BYTES + 1))?)?);
        }
        let mut commitments = Vec::with_capacity(seats);
        for _ in 0..seats {
            commitments.push(r.array()?);
        }
        Some(Ok(Header {
            rules,
            names,
            commitments,
        }))
    }

    /// Refuses a setup play by link cannot keep: hidden hands
    /// (docs/link-play.md §5), a rule the record reader refuses, a seat count
    /// outside 2 to 6.
    pub fn check(&self) -> Result<(), LinkError> {
        let r = &self.rules;
        let n = self.names.len();
        let bad_rules = crate::engine::rules::switches()
            .filter(|s| (s.get)(r))
            .any(|s| {
                s.excluded_by(r).is_some()
                    || matches!(s.needs, crate::engine::rules::Needs::Strictly(need) if !need.met(r))
            });
        if !(2..=6).contains(&n)
            || self.commitments.len() != n
            || r.hand > 3
            || (r.hand > 0 && !r.hand_open)
            || bad_rules
            || self.names.iter().any(|x| x.len() > NAME_BYTES)
        {
            return Err(LinkError::Setup);
        }
        Ok(())
    }

    /// Whether every seat has committed.
    pub fn complete(&self) -> bool {
        self.commitments.iter().all(|c| *c != [0; 16])
    }

    /// The game's id: the start of the SHA-256 of its setup. Every
    /// commitment is in it, so no two games share one.
    pub fn id(&self) -> [u8; 8] {
        let mut w = Writer::default();
        self.write(&mut w);
        let d = Sha256::new()
            .update(b"carcassonne game")
            .update(&w.bytes)
            .finish();
        let mut id = [0; 8];
        id.copy_from_slice(&d[..8]);
        id
    }
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character.
fn floor_char(s: &str, max: usize) -> usize {
    let mut n = s.len().min(max);
    while !s.is_char_boundary(n) {
        n -= 1;
    }
    n
}

/// A link's parts, its moves still as bits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    pub game: [u8; 8],
    /// The seat the link is for.
    pub to: u8,
    /// The setup, in a link that lets a device join (or, incomplete, in
    /// one that asks a seat to commit).
    pub header: Option<Header>,
    /// The index of the first move carried.
    pub first: usize,
    pub count: usize,
    /// Each seat's newest reveal carried: seat, its number, its value.
    pub reveals: Vec<(u8, u16, Link16)>,
    /// The moves: a placement index and a follower-step index each, in
    /// the bits their counts of choices need.
    pub moves: Vec<u8>,
}

impl Envelope {
    /// The link's text.
    pub fn encode(&self) -> String {
        let mut w = Writer::default();
        w.slice(&self.game);
        w.byte(self.to);
        match &self.header {
            Some(h) => {
                w.byte(1);
                h.write(&mut w);
            }
            None => w.byte(0),
        }
        w.number(self.first as u64);
        w.number(self.count as u64);
        w.byte(self.reveals.len() as u8);
        for (seat, k, v) in &self.reveals {
            w.byte(*seat);
            w.number(u64::from(*k));
            w.slice(v);
        }
        w.slice(&self.moves);
        frame(&w.bytes)
    }

    /// Reads a link's text, refusing a damaged, cut or foreign one. Its
    /// moves are checked by the game ([`super::LinkGame::accept`]).
    pub fn decode(text: &str) -> Result<Envelope, LinkError> {
        Envelope::read(&body(text)?)
    }

    /// A link's fields, after [`body`] has taken its frame off.
    pub fn read(body: &[u8]) -> Result<Envelope, LinkError> {
        Envelope::fields(body).ok_or(LinkError::Garbled)?
    }
}

/// A link's framing: the version, the length of the fields, the fields,
/// and the check.
fn frame(fields: &[u8]) -> String {
    let mut out = Writer::default();
    out.byte(VERSION);
    out.number(fields.len() as u64);
    out.slice(fields);
    let check = sha256(&out.bytes);
    out.slice(&check[..4]);
    bits::to_text(&out.bytes)
}

/// A link's fields, its frame checked and taken off: a damaged, cut or
/// foreign text is refused.
pub fn body(text: &str) -> Result<Vec<u8>, LinkError> {
    // Bytes, not `str` slices: a `str` slice's panic message alone
    // costs the wasm about 1.5 KB gzip.
    let text = text.trim().as_bytes();
    // A length no encoding gives is a cut: its last character is lost.
    let text = &text[..text.len() - (text.len() % 4 == 1) as usize];
    let bytes = bits::from_text(text).ok_or(LinkError::Garbled)?;
    let mut r = Reader::new(&bytes);
    r.byte().ok_or(LinkError::Truncated)?;
    let declared = r.number().ok_or(LinkError::Truncated)?;
    let head = r.position();
    let expected = (head as u64)
        .checked_add(declared)
        .and_then(|n| n.checked_add(4))
        .ok_or(LinkError::Garbled)?;
    if (bytes.len() as u64) < expected {
        return Err(LinkError::Truncated);
    }
    if bytes.len() as u64 != expected {
        return Err(LinkError::Garbled);
    }
    let (body, check) = bytes.split_at(bytes.len() - 4);
    if sha256(body)[..4] != *check {
        return Err(LinkError::Garbled);
    }
    if body[0] != VERSION {
        return Err(LinkError::Version { found: body[0] });
    }
    Ok(body[head..].to_vec())
}

impl Envelope {
    /// The fields after the length, as [`Header::fields`]: `None` garbled.
    fn fields(body: &[u8]) -> Option<Result<Envelope, LinkError>> {
        let mut r = Reader::new(body);
        let game = r.array()?;
        let to = r.byte()?;
        let header = match r.byte()? {
            0 => None,
            1 => match Header::read(&mut r) {
                Ok(h) => Some(h),
                Err(e) => return Some(Err(e)),
            },
            _ => return None,
        };
        let first = r.number()?;
        let count = r.number()?;
        if first > 1000 || count > 1000 {
            return None;
        }
        let n = r.byte()?;
        let mut reveals = Vec::new();
        for _ in 0..n {
            let seat = r.byte()?;
            let k = r.number()?;
            if k > u64::from(LENGTH) || seat >= 6 {
                return None;
            }
            reveals.push((seat, k as u16, r.array()?));
        }
        let moves = body[r.position()..].to_vec();
        Some(Ok(Envelope {
            game,
            to,
            header,
            first: first as usize,
            count: count as usize,
            reveals,
            moves,
        }))
    }
}

/// A request to take back moves whose link has gone, or the answer that
/// allows it (docs/link-play.md §6). Its fields follow the game and the
/// seat as an [`Envelope`]'s do, with a kind byte where an envelope says
/// whether a setup follows (0 or 1): 2 asks, 3 allows. Pages older than
/// it read that byte as garbled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    pub game: [u8; 8],
    /// The seat the link is for.
    pub to: u8,
    /// The seat that asks: its last moves are taken back.
    pub by: u8,
    /// The answer that allows it, not the request.
    pub allowed: bool,
    /// The moves the game keeps.
    pub keep: usize,
    /// The moves the game had when it was asked.
    pub moves: usize,
}

impl Ask {
    pub fn encode(&self) -> String {
        let mut w = Writer::default();
        w.slice(&self.game);
        w.byte(self.to);
        w.byte(2 + self.allowed as u8);
        w.byte(self.by);
        w.number(self.keep as u64);
        w.number(self.moves as u64);
        frame(&w.bytes)
    }

    /// A link's fields ([`body`]) if they are an ask's: `None` for an
    /// envelope's, or for fields no writer gives.
    pub fn read(body: &[u8]) -> Option<Ask> {
        let mut r = Reader::new(body);
        let game = r.array()?;
        let to = r.byte()?;
        let allowed = match r.byte()? {
            2 => false,
            3 => true,
            _ => return None,
        };
        let by = r.byte()?;
        let keep = r.number()?;
        let moves = r.number()?;
        let sound = r.position() == body.len() && keep < moves && moves <= 1000;
        sound.then_some(Ask {
            game,
            to,
            by,
            allowed,
            keep: keep as usize,
            moves: moves as usize,
        })
    }
}
