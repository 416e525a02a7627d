//! A game by link at this table (docs/link-play.md): the setup round, the
//! link to send after the moves made here, the moves that come by link
//! (played out as a computer's are, with the usual feedback), undo until
//! the link has gone, and every refusal said in words. The table's engine
//! `Game` follows the `LinkGame`, which alone knows the draws: it is
//! rebuilt from the link game's moves and the tiles drawn so far, and the
//! tile of a seat on another device is never shown before its move comes.

use super::effect::{effects, refresh, Effect};
use super::screen::{Layer, Screen};
use super::seats::{Seat, Seating};
use super::table::Table;
use super::words::{self, LinkW};
use crate::engine::{FollowerChoice, Game, Move, Record};
use crate::link::round::{self, Opened};
use crate::link::sha256::Sha256;
use crate::link::{Ask, Chain, Envelope, Header, LinkError, LinkGame};

/// Whether this build plays by link: the `link` feature, on natively (tests,
/// CLI) and in every site Trunk builds (Trunk.toml; docs/link-play.md §7).
/// Off, every way into play by link below returns at once, so none of
/// `crate::link` is in the wasm.
pub const ON: bool = cfg!(feature = "link");

/// Play by link's messages.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Lk {
    /// A link opened in the page's address, with 16 random bytes for the
    /// chain of a seat it asks this device to take.
    Open { text: String, entropy: [u8; 16] },
    /// The links on the card were shared or copied: no undo past them.
    Sent,
    /// Storage's answer to [`Effect::FindLink`]: the id of the kept game
    /// by link that the link waiting in [`Remote::reopen`] belongs to, and
    /// the setup round kept under [`ROUND`].
    Found {
        id: Option<String>,
        round: Option<String>,
    },
    /// Ask by link to take back the moves whose link has gone
    /// (`remote_undo.rs`).
    Ask,
    /// Allow seat `by`'s request to go back to `keep` moves of `moves`.
    Allow { by: u8, keep: usize, moves: usize },
}

/// Storage's name for the setup rounds this device is in (one line each):
/// the round it hosts (`h <entropy> <seed> <random> <setup>`, then `r
/// <reply>` for each reply taken) and each invite it answered (`g
/// <entropy> <invite>`). A link tapped in a messenger opens a new tab,
/// which rebuilds the round from them before it opens the link.
pub const ROUND: &str = "round";

/// An invite this device answered: the seat it takes, its chain, the
/// invite, and its line in [`ROUND`].
struct Invited {
    chain: Chain,
    invite: Envelope,
    line: String,
}

/// The host's setup round: the setup as invited, as the replies fill it,
/// this device's chains, and the seating to play it with.
struct Hosting {
    asked: Header,
    header: Header,
    chains: Vec<Option<Chain>>,
    seating: Seating,
    /// Its lines in [`ROUND`]: how it began, and each reply taken.
    lines: Vec<String>,
}

/// The table's play by link.
#[derive(Default)]
pub struct Remote {
    hosting: Option<Hosting>,
    invited: Vec<Invited>,
    /// The game by link on the table.
    pub game: Option<LinkGame>,
    /// The links to send now: to which seat, and the text.
    pub outbox: Vec<(u8, String)>,
    /// Names for the outbox's lines, which differ while the game is set up.
    pub(super) key: Option<LinkW>,
    /// The outbox was shared or copied.
    pub sent: bool,
    /// The game by link before the moves made here since a link last came
    /// or went: what undo goes back to.
    pub(super) before: Option<LinkGame>,
    /// A link for a game by link kept in storage but not on the table (a
    /// link tapped in a messenger opens a new tab on the start screen):
    /// it is opened again once that game is on the table.
    reopen: Option<(String, [u8; 16])>,
}

/// The link card: what the device waits for, and each link to send with
/// its line ("Send this to Anna").
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct LinkCard {
    pub status: String,
    pub links: Vec<(String, String)>,
}

/// The secret of seat `seat`'s chain, from the page's random bytes: one
/// draw from the browser makes every seat's, none alike.
fn secret(entropy: &[u8; 16], seat: u8) -> [u8; 16] {
    let d = Sha256::new()
        .update(b"carcassonne secret")
        .update(entropy)
        .update(&[seat])
        .finish();
    let mut s = [0; 16];
    s.copy_from_slice(&d[..16]);
    s
}

/// The table's engine game for `lg`'s first `moves` moves: its deck is the
/// tiles drawn so far, then a stand-in order for the rest (see
/// [`LinkGame::deck`]). `None` only if the engine refused what the link
/// game took, which it never does (the same engine checked every move).
pub fn table_game(lg: &LinkGame, moves: usize) -> Option<Game> {
    let h = lg.header();
    let r = Record {
        format: crate::engine::record::FORMAT.into(),
        players: h.names.clone(),
        rules: h.rules,
        seed: None,
        deck: Some(lg.deck().iter().map(|k| k.name().into()).collect()),
        moves: lg.moves()[..moves.min(lg.moves().len())].to_vec(),
        meta: None,
    };
    Game::from_record(&r).ok()
}

/// Seat by seat, `link(p)` for each seat `p` elsewhere. (A loop shared by
/// its callers: an iterator chain collected is a generic body per caller.)
fn to_remote_seats(seating: &Seating, link: &dyn Fn(u8) -> String) -> Vec<(u8, String)> {
    let mut out = Vec::new();
    for p in 0..seating.seats.len() as u8 {
        if seating.seat(p) == Seat::Remote {
            out.push((p, link(p)));
        }
    }
    out
}

/// The link for seat `to` after the moves made here: every move since its
/// own last one, with the setup if it has made none (it may not have
/// joined).
fn link_for(lg: &LinkGame, to: u8) -> String {
    let first = lg
        .movers()
        .iter()
        .rposition(|&p| p == to)
        .map_or(0, |i| i + 1);
    lg.link(to, first, first == 0)
}

impl Remote {
    /// No game by link, as a new game begins. The setup rounds this
    /// device is in go on, and a link waiting for the game being put on
    /// the table stays.
    pub(super) fn clear(&mut self) {
        *self = Remote {
            reopen: self.reopen.take(),
            invited: core::mem::take(&mut self.invited),
            hosting: self.hosting.take(),
            ..Remote::default()
        };
    }

    /// What storage keeps under [`ROUND`].
    fn round(&self) -> Effect {
        let mut lines: Vec<&str> = Vec::new();
        if let Some(h) = &self.hosting {
            lines.extend(h.lines.iter().map(String::as_str));
        }
        lines.extend(self.invited.iter().map(|i| i.line.as_str()));
        Effect::Keep {
            name: ROUND,
            value: crate::engine::compact::join(&lines, "\n"),
        }
    }

    /// What storage keeps beside a game by link's record (`link.<id>`),
    /// enough to rebuild it: whether its links were sent, the secret of
    /// each seat played here (`-` for the others), a link carrying the
    /// setup, every move and every reveal, and the links still to send:
    /// `sent|secret,…|link|seat:link,…`.
    pub fn keep(&self) -> Option<String> {
        if !ON {
            return None;
        }
        let lg = self.game.as_ref()?;
        let n = lg.header().names.len() as u8;
        let to = (0..n).find(|&p| lg.holds(p))?;
        let mut s = String::from(if self.sent { "1|" } else { "0|" });
        for p in 0..n {
            if p > 0 {
                s.push(',');
            }
            match lg.chain(p) {
                Some(c) => push_hex(&mut s, &c.secret()),
                None => s.push('-'),
            }
        }
        s.push('|');
        s.push_str(&lg.link(to, 0, true));
        s.push('|');
        for (i, (p, text)) in self.outbox.iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            words::push_num(&mut s, u32::from(*p));
            s.push(':');
            s.push_str(text);
        }
        Some(s)
    }

    /// A game by link as [`Remote::keep`] wrote it.
    pub fn kept(text: &str) -> Option<Remote> {
        use crate::engine::compact::{split, split_once};
        let mut parts = split(text, "|");
        let sent = parts.next()? == "1";
        let mut chains = Vec::new();
        for h in split(parts.next()?, ",") {
            chains.push(match h {
                "-" => None,
                h => Some(Chain::new(hex16(h)?)),
            });
        }
        let game = LinkGame::join(parts.next()?, chains).ok()?;
        let mut outbox = Vec::new();
        for o in split(parts.next().unwrap_or(""), ",").filter(|o| !o.is_empty()) {
            let (p, t) = split_once(o, ":")?;
            outbox.push((crate::engine::compact::small::<u8>(p)?, t.to_string()));
        }
        Some(Remote {
            game: Some(game),
            outbox,
            sent,
            ..Remote::default()
        })
    }
}

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_hex(s: &mut String, bytes: &[u8]) {
    for b in bytes {
        s.push(char::from(HEX[usize::from(b >> 4)]));
        s.push(char::from(HEX[usize::from(b & 15)]));
    }
}

/// 16 bytes written by [`push_hex`].
fn hex16(h: &str) -> Option<[u8; 16]> {
    let b = h.as_bytes();
    if b.len() != 32 {
        return None;
    }
    let mut out = [0; 16];
    for (i, x) in out.iter_mut().enumerate() {
        let d = |c: u8| HEX.iter().position(|&x| x == c).map(|v| v as u8);
        *x = d(b[2 * i])? << 4 | d(b[2 * i + 1])?;
    }
    Some(out)
}

/// The host's line in [`ROUND`]: what makes its start screen's game again
/// ([`Setup::game`](super::setup::Setup::game)) and its chains.
pub(super) fn host_line(entropy: &[u8; 16], seed: u64, random: f64, setup: &str) -> String {
    use crate::engine::compact::push_number;
    let mut s = String::from("h ");
    push_hex(&mut s, entropy);
    s.push(' ');
    push_number(&mut s, seed);
    s.push(' ');
    push_number(&mut s, random.to_bits());
    s.push(' ');
    s.push_str(setup);
    s
}

/// The game id of a game by link as [`Remote::keep`] wrote it: its join
/// link's, without replaying its moves.
pub fn kept_id(kept: &str) -> Option<[u8; 8]> {
    match round::open(crate::engine::compact::split(kept, "|").nth(2)?) {
        Ok(Opened::Game(e)) => Some(e.game),
        _ => None,
    }
}

impl Table {
    /// A game put on the table from storage: a game by link comes back
    /// from what was kept beside it (`kept`), with its links to send. A
    /// game with seats elsewhere and nothing kept has lost this device's
    /// secrets, and says so (docs/link-play.md §4).
    pub(super) fn restore_link(&mut self, kept: Option<&str>) -> Vec<Effect> {
        if !ON || !self.seating.by_link() {
            return Vec::new();
        }
        let Some(r) = kept.and_then(Remote::kept) else {
            return effects([Effect::Notify(words::t(LinkW::LostKey).into())]);
        };
        let moves = r.game.as_ref().map_or(0, |g| g.moves().len());
        if let Some(g) = r.game.as_ref().and_then(|lg| table_game(lg, moves)) {
            self.game = g;
            self.turn.sync(&self.game);
        }
        let open = !r.outbox.is_empty() && !r.sent;
        // The setup rounds and a waiting link are the device's, not the game's.
        self.link = Remote {
            reopen: self.link.reopen.take(),
            invited: core::mem::take(&mut self.link.invited),
            hosting: self.link.hosting.take(),
            ..r
        };
        if open && self.screen == Screen::Table {
            self.over.open(Layer::Link);
        }
        refresh()
    }

    /// Whether the table plays a game by link.
    #[inline]
    pub fn by_link(&self) -> bool {
        ON && self.link.game.is_some()
    }

    /// The seat to play is on another device and its move has not come:
    /// its tile is not known here, so none is shown.
    #[inline]
    pub fn awaiting_link(&self) -> bool {
        ON && self.seating.seat(self.state().current_player()) == Seat::Remote
            && !self.state().is_over()
            && !self.computer.moving()
    }

    /// The link card, while it is open.
    pub fn link_card(&self) -> Option<LinkCard> {
        if !ON || !self.over.is_open(Layer::Link) {
            return None;
        }
        let names: &[String] = match (&self.link.game, &self.link.hosting) {
            (Some(g), _) => &g.header().names,
            (None, Some(h)) => &h.header.names,
            (None, None) => match self.link.invited.last() {
                Some(i) => i.invite.header.as_ref().map_or(&[], |h| &h.names),
                None => &[],
            },
        };
        let name = |p: u8| names.get(p as usize).map_or("", |n| n.as_str());
        let key = self.link.key.unwrap_or(LinkW::SendTo);
        let mut links = Vec::new();
        for (p, text) in &self.link.outbox {
            links.push((words::link_line(key, name(*p)), text.clone()));
        }
        let status = if let Some(h) = &self.link.hosting {
            let mut missing = Vec::new();
            for p in 0..h.header.names.len() {
                if h.header.commitments[p] == [0; 16] {
                    missing.push(name(p as u8));
                }
            }
            let mut list = String::new();
            words::push_list(&mut list, &missing);
            words::link_line(LinkW::WaitingJoin, &list)
        } else if self.link.game.is_some() && self.awaiting_link() {
            words::link_line(LinkW::WaitingFor, name(self.state().current_player()))
        } else if self.human_turn() && self.link.outbox.is_empty() {
            words::t(LinkW::YourTurn).into()
        } else {
            String::new()
        };
        Some(LinkCard { status, links })
    }

    /// Play by link's messages.
    #[inline(never)]
    pub(super) fn link_msg(&mut self, lk: Lk) -> Vec<Effect> {
        if !ON {
            return Vec::new();
        }
        match lk {
            Lk::Sent => {
                self.link.sent = true;
                refresh()
            }
            Lk::Open { text, entropy } => self.opened(text, entropy, false),
            Lk::Ask => self.undo_ask(),
            Lk::Allow { by, keep, moves } => self.undo_allow(by, keep, moves),
            Lk::Found { id, round } => {
                let Some((text, entropy)) = self.link.reopen.take() else {
                    return Vec::new();
                };
                self.restore_round(round.as_deref().unwrap_or(""));
                match id {
                    Some(id) => {
                        self.link.reopen = Some((text, entropy));
                        self.games_msg(super::games::Gm::Resume(id))
                    }
                    None => self.opened(text, entropy, true),
                }
            }
        }
    }

    /// A link opened: taken, or refused in words. `searched`: storage was
    /// already asked for a kept game it belongs to.
    #[inline(never)]
    fn opened(&mut self, text: String, entropy: [u8; 16], searched: bool) -> Vec<Effect> {
        // A link for anything but the game on the table: storage is asked
        // first for the game by link or the setup round it belongs to (this
        // tab may be new).
        let find = match round::open(&text) {
            Ok(Opened::Game(Envelope { game, .. }) | Opened::Undo(Ask { game, .. })) => {
                (self.link.game.as_ref().map(LinkGame::id) != Some(game)).then_some(Some(game))
            }
            Ok(_) => Some(None),
            Err(_) => None,
        };
        if let (false, Some(game)) = (searched, find) {
            self.link.reopen = Some((text, entropy));
            return effects([Effect::FindLink(game)]);
        }
        match self.open_link(&text, &entropy) {
            Ok(fx) => fx,
            Err(e) => {
                // The sentence shows in the banner, not behind the card.
                self.over.close(Layer::Link);
                effects([Effect::Notify(words::link_refusal(e)), Effect::Refresh])
            }
        }
    }

    /// The game the waiting link belongs to is on the table now: the link
    /// is opened on it.
    #[inline(never)]
    pub(super) fn reopen_link(&mut self) -> Vec<Effect> {
        if !ON || !self.by_link() {
            return Vec::new();
        }
        match self.link.reopen.take() {
            Some((text, entropy)) => self.opened(text, entropy, true),
            None => Vec::new(),
        }
    }

    /// The start screen's game has seats on other devices: the setup round
    /// begins, with an invite for each of them. The game starts when every
    /// reply is in.
    pub(super) fn host(
        &mut self,
        game: &Game,
        seating: Seating,
        entropy: &[u8; 16],
        line: String,
    ) -> Vec<Effect> {
        if !ON {
            return Vec::new();
        }
        // Plain loops: each iterator chain collected is a generic body of
        // its own in the bundle.
        let (mut chains, mut commitments) = (Vec::new(), Vec::new());
        for p in 0..seating.seats.len() {
            let chain =
                (seating.seats[p] != Seat::Remote).then(|| Chain::new(secret(entropy, p as u8)));
            commitments.push(chain.as_ref().map_or([0; 16], Chain::commitment));
            chains.push(chain);
        }
        let header = Header {
            rules: game.rules(),
            names: game.names().to_vec(),
            commitments,
        };
        if let Err(e) = header.check() {
            return effects([Effect::Notify(words::link_refusal(e))]);
        }
        self.link.clear();
        self.link.outbox = to_remote_seats(&seating, &|p| round::invite(&header, p));
        self.link.key = Some(LinkW::Invite);
        self.link.hosting = Some(Hosting {
            asked: header.clone(),
            header,
            chains,
            seating,
            lines: vec![line],
        });
        self.over.open(Layer::Link);
        effects([self.link.round(), Effect::Refresh])
    }

    /// The setup rounds kept under [`ROUND`], rebuilt in a tab that does
    /// not hold them (a new one): the round it hosts, as it began and with
    /// the replies taken, and the invites it answered, with their chains.
    #[inline(never)]
    fn restore_round(&mut self, text: &str) {
        use crate::engine::compact::{number, split, split_once};
        for line in split(text, "\n") {
            let Some((kind, rest)) = split_once(line, " ") else {
                continue;
            };
            match kind {
                "h" if self.link.hosting.is_none() => {
                    let hosted = (|| {
                        let (e, rest) = split_once(rest, " ")?;
                        let (seed, rest) = split_once(rest, " ")?;
                        let (bits, setup) = split_once(rest, " ")?;
                        let (seed, bits) = (number(seed)?, number(bits)?);
                        let (game, seating) = super::setup::Setup::recall(setup)
                            .game(seed, f64::from_bits(bits))
                            .ok()?;
                        Some((hex16(e)?, game, seating))
                    })();
                    if let Some((e, game, seating)) = hosted.filter(|h| h.2.by_link()) {
                        self.host(&game, seating, &e, line.to_string());
                    }
                }
                "r" => {
                    if let Ok(Opened::Reply {
                        invite,
                        seat,
                        header,
                    }) = round::open(rest)
                    {
                        let _ = self.take_reply(rest, invite, seat, &header);
                    }
                }
                "g" => {
                    let Some((e, invite)) = split_once(rest, " ") else {
                        continue;
                    };
                    if let (Some(e), Ok(Opened::Invite(invite))) = (hex16(e), round::open(invite)) {
                        if !self.link.invited.iter().any(|v| v.invite == invite) {
                            self.link.invited.push(Invited {
                                chain: Chain::new(secret(&e, invite.to)),
                                invite,
                                line: line.to_string(),
                            });
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Takes reply `text`, seat `seat`'s answer to invite `invite`, into
    /// the round this device hosts: the seat's commitment filled in, its
    /// line kept for [`ROUND`], its invite no longer to send. Whether
    /// every seat has joined now. (One way for a reply opened now and one
    /// rebuilt from storage.)
    fn take_reply(
        &mut self,
        text: &str,
        invite: [u8; 8],
        seat: u8,
        header: &Header,
    ) -> Result<bool, LinkError> {
        let h = self.link.hosting.as_mut().ok_or(LinkError::OtherGame)?;
        round::take_reply(&h.asked, &mut h.header, invite, seat, header)?;
        let mut line = String::from("r ");
        line.push_str(text);
        h.lines.push(line);
        // (One link a seat: removed, not `retain`ed, a body less.)
        if let Some(i) = self.link.outbox.iter().position(|(p, _)| *p == seat) {
            self.link.outbox.remove(i);
        }
        Ok(h.header.complete())
    }

    fn open_link(&mut self, text: &str, entropy: &[u8; 16]) -> Result<Vec<Effect>, LinkError> {
        match round::open(text)? {
            Opened::Undo(a) => self.undo_opened(a),
            Opened::Invite(e) => {
                let i = match self.link.invited.iter().position(|v| v.invite == e) {
                    Some(i) => i,
                    None => {
                        let chain = Chain::new(secret(entropy, e.to));
                        let mut line = String::from("g ");
                        push_hex(&mut line, entropy);
                        line.push(' ');
                        line.push_str(text);
                        self.link.invited.push(Invited {
                            chain,
                            invite: e,
                            line,
                        });
                        self.link.invited.len() - 1
                    }
                };
                let inv = &self.link.invited[i];
                let h = inv.invite.header.as_ref().ok_or(LinkError::Garbled)?;
                // The reply goes to the host: the first seat committed.
                let host = h
                    .commitments
                    .iter()
                    .position(|c| *c != [0; 16])
                    .unwrap_or(0);
                let reply = round::reply(&inv.invite, &inv.chain).ok_or(LinkError::Garbled)?;
                self.link.outbox = vec![(host as u8, reply)];
                self.link.key = Some(LinkW::SendBack);
                self.link.hosting = None;
                self.link.sent = false;
                self.over.open(Layer::Link);
                Ok(effects([self.link.round(), Effect::Refresh]))
            }
            Opened::Reply {
                invite,
                seat,
                header,
            } => {
                if !self.take_reply(text, invite, seat, &header)? {
                    return Ok(effects([self.link.round(), Effect::Refresh]));
                }
                let h = self.link.hosting.take().expect("hosting");
                let lg = LinkGame::new(h.header, h.chains)?;
                let mut fx = effects([self.link.round()]);
                fx.extend(self.start_link_game(lg, h.seating));
                Ok(fx)
            }
            Opened::Game(e) => {
                if let Some(lg) = &mut self.link.game {
                    if lg.id() == e.game {
                        lg.accept(text)?;
                        self.link.before = None;
                        self.link.outbox.clear();
                        self.over.close(Layer::Link);
                        // Opened over the start screen: the game it plays on,
                        // claimed for this tab before it is saved.
                        let mut fx = Vec::new();
                        if self.screen == Screen::Setup && self.shelf.continue_offered {
                            fx.extend(self.life(super::msg::Msg::Continue));
                        }
                        fx.extend([Effect::Save, Effect::Refresh]);
                        return Ok(fx);
                    }
                }
                // Not this game's: another game's, or one this device never joined.
                let stranger = if self.link.game.is_some() {
                    LinkError::OtherGame
                } else {
                    LinkError::UnknownGame
                };
                let h = e.header.as_ref().ok_or(stranger)?;
                let mine = h.commitments.get(e.to as usize).ok_or(LinkError::Garbled)?;
                let Some(i) = self
                    .link
                    .invited
                    .iter()
                    .position(|v| v.chain.commitment() == *mine)
                else {
                    return Err(stranger);
                };
                let n = h.names.len();
                let mut chains = Vec::new();
                for p in 0..n {
                    chains.push((p == e.to as usize).then(|| self.link.invited[i].chain.clone()));
                }
                let lg = LinkGame::join(text, chains)?;
                self.link.invited.remove(i);
                let kept = self.link.round();
                let mut seating = Seating::people(n);
                for (p, s) in seating.seats.iter_mut().enumerate() {
                    if p != e.to as usize {
                        *s = Seat::Remote;
                    }
                }
                let mut fx = effects([kept]);
                fx.extend(self.start_link_game(lg, seating));
                Ok(fx)
            }
        }
    }

    /// Puts a game by link on the table: its moves so far are played out
    /// as they came, and a link goes to the seat that begins if it is
    /// elsewhere.
    fn start_link_game(&mut self, lg: LinkGame, seating: Seating) -> Vec<Effect> {
        let Some(game) = table_game(&lg, 0) else {
            return Vec::new();
        };
        let mut fx = self.begin(game, seating, words::t(words::GamesW::NewGame));
        self.link.game = Some(lg);
        if self.state().is_over() {
            return fx;
        }
        let lg = self.link.game.as_ref().expect("the game");
        if lg.moves().is_empty() {
            if let Some(p) = lg
                .to_play()
                .filter(|&p| self.seating.seat(p) == Seat::Remote)
            {
                self.link.outbox = vec![(p, link_for(lg, p))];
                self.over.open(Layer::Link);
            }
        }
        fx.push(Effect::Refresh);
        fx
    }

    /// A move of a seat on this device is about to end with `choice`: the
    /// link game takes it first, so the table's game draws after it what
    /// the link game draws (the tiles a seat here may know). Moves that
    /// came by link are in the link game already.
    pub(super) fn before_follow(&mut self, choice: FollowerChoice) {
        if !ON {
            return;
        }
        let Some(lg) = &self.link.game else {
            return;
        };
        let Some((at, rotation, tile)) = self.game.pending_move() else {
            return;
        };
        if lg.moves().len() != self.game.moves().len() {
            return;
        }
        let m = Move {
            at,
            rotation,
            choice,
            tile,
        };
        let mut next = lg.clone();
        if next.play(m).is_err() {
            return;
        }
        let Some(mut g) = table_game(&next, lg.moves().len()) else {
            return;
        };
        if g.place_tile_with(at, rotation, tile, &mut Vec::new())
            .is_err()
        {
            return;
        }
        self.game = g;
        if self.link.before.is_none() || self.link.sent {
            self.link.before = Some(lg.clone());
        }
        self.link.sent = false;
        self.link.key = None;
        // The links to send: to the seat that plays next if it is
        // elsewhere, or at the end to every seat elsewhere.
        self.link.outbox = match next.to_play() {
            Some(p) if self.seating.seat(p) == Seat::Remote => vec![(p, link_for(&next, p))],
            Some(_) => Vec::new(),
            None => to_remote_seats(&self.seating, &|p| link_for(&next, p)),
        };
        if !self.link.outbox.is_empty() {
            self.over.open(Layer::Link);
        }
        self.link.game = Some(next);
    }

    /// The next move that came by link and is not yet on the table, if its
    /// turn is here and nothing else plays.
    pub(super) fn link_due(&self) -> Option<Move> {
        if !ON {
            return None;
        }
        let lg = self.link.game.as_ref()?;
        let m = *lg.moves().get(self.game.moves().len())?;
        let ready = self.screen.computers_play()
            && !self.computer.busy()
            && self.game.pending().is_none()
            && self.seating.seat(self.state().current_player()) == Seat::Remote;
        ready.then_some(m)
    }

    /// Plays out move `m` that came by link, as a computer's: the table's
    /// game first takes the draws the link made known.
    pub(super) fn play_linked(&mut self, m: Move) -> Vec<Effect> {
        if !ON {
            return Vec::new();
        }
        if let Some(g) = self
            .link
            .game
            .as_ref()
            .and_then(|lg| table_game(lg, self.game.moves().len()))
        {
            self.game = g;
            self.turn.sync(&self.game);
        }
        let token = self.computer.token();
        self.play(token, m)
    }

    /// Whether undo may take back the moves made here: only until their
    /// link has been shared or copied.
    pub fn link_undo(&self) -> bool {
        ON && self.link.before.is_some() && !self.link.sent
    }

    /// Takes back every move made here since a link last came or went;
    /// once their link has gone, asks whether to ask for it by link.
    pub(super) fn undo_linked(&mut self) -> Vec<Effect> {
        if !ON {
            return Vec::new();
        }
        let Some(lg) = self.link.before.take().filter(|_| !self.link.sent) else {
            return self.ask_undo();
        };
        self.rewind(lg)
    }
}
