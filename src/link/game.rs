//! A game played by link, as one device holds it: the setup, the moves
//! known here, each seat's newest trusted reveal, this device's secrets,
//! and the engine's state as far as the draws are known. A link is
//! checked whole on a copy and kept only if all of it is sound, so a
//! refused link leaves the game as it was.

use super::bits::{Reader, Writer};
use super::chain::{self, Chain, Link16};
use super::codec::{Envelope, Header};
use super::draw::{group_seed, Stack};
use super::error::LinkError;
use super::moves::{follower_steps, index_of, placements};
use crate::engine::{Game, Move, Record, RecordError, State, Step};

/// A move's two indexes, each with the count of choices it was one of.
type Code = [(u32, u32); 2];

#[derive(Clone)]
pub struct LinkGame {
    header: Header,
    id: [u8; 8],
    /// The secret chain of each seat played on this device.
    chains: Vec<Option<Chain>>,
    /// Each seat's newest trusted reveal: its number and value.
    known: Vec<(u16, Link16)>,
    moves: Vec<Move>,
    codes: Vec<Code>,
    movers: Vec<u8>,
    /// How many moves are played out with the draws after them.
    applied: usize,
    /// The state after `applied` moves; `None` before the first draw is known.
    state: Option<State>,
    stack: Stack,
    /// The tiles in the fixed order a new game deals from.
    start: Vec<crate::engine::TileKind>,
}

impl LinkGame {
    /// A game from its complete setup, with the chains of the seats this
    /// device plays (the others `None`).
    pub fn new(header: Header, chains: Vec<Option<Chain>>) -> Result<LinkGame, LinkError> {
        header.check()?;
        if !header.complete() || chains.len() != header.names.len() {
            return Err(LinkError::Setup);
        }
        for (c, mine) in header.commitments.iter().zip(&chains) {
            if mine.as_ref().is_some_and(|m| m.commitment() != *c) {
                return Err(LinkError::Setup);
            }
        }
        let (stack, start) = Stack::new(&header.rules);
        let mut g = LinkGame {
            id: header.id(),
            known: header.commitments.iter().map(|c| (0, *c)).collect(),
            header,
            chains,
            moves: Vec::new(),
            codes: Vec::new(),
            movers: Vec::new(),
            applied: 0,
            state: None,
            stack,
            start,
        };
        g.advance();
        Ok(g)
    }

    /// Joins a game from a link that carries its setup, for the seats
    /// whose chains this device holds: the link's moves are checked as
    /// any link's are.
    pub fn join(text: &str, chains: Vec<Option<Chain>>) -> Result<LinkGame, LinkError> {
        let e = Envelope::decode(text)?;
        let header = e.header.clone().ok_or(LinkError::UnknownGame)?;
        if header.id() != e.game {
            return Err(LinkError::Garbled);
        }
        let mut g = LinkGame::new(header, chains)?;
        // The setup alone is news here: a game whose first move is the
        // joiner's own.
        match g.take(&e) {
            Ok(_) | Err(LinkError::Old) => Ok(g),
            Err(e) => Err(e),
        }
    }

    /// The game as it stood after its first `keep` moves, as an undo by
    /// link leaves it (docs/link-play.md §6): rebuilt from the setup, with
    /// every reveal already known kept (reveals are public, and a seat's
    /// next move gives out the same one), so the same draws come again.
    pub fn back_to(&self, keep: usize) -> LinkGame {
        let mut g = self.clone();
        g.moves.truncate(keep);
        g.codes.truncate(keep);
        g.movers.truncate(keep);
        g.applied = 0;
        g.state = None;
        g.stack = Stack::new(&self.header.rules).0;
        g.advance();
        g
    }

    pub fn id(&self) -> [u8; 8] {
        self.id
    }
    pub fn header(&self) -> &Header {
        &self.header
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The seat that made each move.
    pub fn movers(&self) -> &[u8] {
        &self.movers
    }

    /// The indexes each move was sent as, each with its count of choices.
    pub fn codes(&self) -> &[[(u32, u32); 2]] {
        &self.codes
    }

    /// The seat that plays next, even while its tile is not yet known
    /// here; `None` once the game is over.
    pub fn to_play(&self) -> Option<u8> {
        match self.current() {
            Some(s) => Some(s.current_player()),
            None => self.next_group().and_then(|(_, d)| d),
        }
    }

    /// The game as far as its draws are known: every move played out, or
    /// all but the last, whose draw waits for the next player's reveal
    /// (see [`LinkGame::waiting`]). `None` until the first tile is known.
    pub fn state(&self) -> Option<&State> {
        self.state.as_ref()
    }

    /// The seat whose reveal the next draw waits for, if it waits.
    pub fn waiting(&self) -> Option<u8> {
        let s = self.state.as_ref();
        if s.is_some() && self.applied == self.moves.len() {
            return None;
        }
        let (_, drawer) = self.next_group()?;
        self.contributions(self.applied, drawer).err()
    }

    /// The draw order found so far: the deck of the game's record. The
    /// record replays to this game once it is over.
    pub fn record(&self) -> Record {
        let mut deck = Vec::new();
        for k in &self.stack.drawn {
            deck.push(k.name().into());
        }
        Record {
            format: crate::engine::record::FORMAT.into(),
            players: self.header.names.clone(),
            rules: self.header.rules,
            seed: None,
            deck: Some(deck),
            moves: self.moves.clone(),
            meta: None,
        }
    }

    /// Every tile of the game: those drawn so far, in their order, then
    /// the tiles never drawn in the game's first order. A record with this
    /// deck replays the game so far; what it would draw after that is a
    /// stand-in, until the next group's shares are in.
    pub fn deck(&self) -> Vec<crate::engine::TileKind> {
        let mut left = self.start.clone();
        for k in &self.stack.drawn {
            if let Some(i) = left.iter().position(|x| x == k) {
                left.remove(i);
            }
        }
        let mut out = self.stack.drawn.clone();
        out.extend(left);
        out
    }

    /// The secret chain of `seat`, if this device holds it.
    pub fn chain(&self, seat: u8) -> Option<&Chain> {
        self.chains.get(seat as usize)?.as_ref()
    }

    /// Whether this device holds the secret of `seat`.
    pub fn holds(&self, seat: u8) -> bool {
        self.chains.get(seat as usize).is_some_and(|c| c.is_some())
    }

    /// The finished game replayed by the engine from [`LinkGame::record`].
    pub fn replay(&self) -> Result<Game, RecordError> {
        Game::from_record(&self.record())
    }

    /// Reveal `k` of `seat`, if it is known here: from its newest
    /// trusted reveal, or from this device's own secret.
    fn reveal(&self, seat: u8, k: u16) -> Option<Link16> {
        let (kn, v) = *self.known.get(seat as usize)?;
        if k <= kn {
            Some(chain::steps(v, kn - k))
        } else {
            Some(self.chains.get(seat as usize)?.as_ref()?.reveal(k))
        }
    }

    /// How many moves `seat` made among the first `n`.
    fn made(&self, seat: u8, n: usize) -> u16 {
        self.movers[..n].iter().filter(|&&p| p == seat).count() as u16
    }

    /// Every seat's share of draw group `group`: the reveal it gave with
    /// its latest move, and for the seat the draw is for, the one it will
    /// give with its next. `Err(seat)`: a share not known here.
    fn contributions(&self, group: usize, drawer: Option<u8>) -> Result<Vec<Link16>, u8> {
        let seats = self.header.names.len() as u8;
        let mut shares = Vec::with_capacity(seats.into());
        for p in 0..seats {
            let k = self.made(p, group) + (drawer == Some(p)) as u16;
            shares.push(self.reveal(p, k).ok_or(p)?);
        }
        Ok(shares)
    }

    /// The next draw group to play out: the state it starts from (with the
    /// next move's tile laid) and the seat it deals a turn to, found by
    /// playing it out in the fixed order (who plays next never depends on
    /// the order of the stack).
    fn next_group(&self) -> Option<(Option<State>, Option<u8>)> {
        let mut sink = Vec::new();
        let players = self.header.names.len() as u8;
        let rules = self.header.rules;
        let Some(s) = &self.state else {
            let t = State::new(rules, players, &self.start, &mut sink);
            return Some((None, (!t.is_over()).then(|| t.current_player())));
        };
        let m = self.moves.get(self.applied)?;
        let mut laid = *s;
        laid.place_tile_with(m.at, m.rotation, m.tile, &mut sink)
            .ok()?;
        let mut t = laid;
        t.choose_follower(m.choice, &mut sink).ok()?;
        Some((Some(laid), (!t.is_over()).then(|| t.current_player())))
    }

    /// Plays out every draw group whose shares are all known.
    fn advance(&mut self) {
        while let Some((laid, drawer)) = self.next_group() {
            let Ok(shares) = self.contributions(self.applied, drawer) else {
                return;
            };
            let seed = group_seed(&self.id, self.applied as u16, &shares);
            let mut events = Vec::new();
            let (was_dealt, next) = match laid {
                None => {
                    let mut deck = self.start.clone();
                    self.stack.shuffle(&mut deck, seed);
                    let rules = self.header.rules;
                    self.stack.count_start(&deck, &rules);
                    let n = self.header.names.len() as u8;
                    (false, State::new(rules, n, &deck, &mut events))
                }
                Some(mut s) => {
                    let dealt = s.hands_dealt();
                    self.stack.shuffle_state(&mut s, seed);
                    let choice = self.moves[self.applied].choice;
                    if s.choose_follower(choice, &mut events).is_err() {
                        return;
                    }
                    self.applied += 1;
                    (dealt, s)
                }
            };
            self.stack.count(was_dealt, &events);
            self.state = Some(next);
        }
    }

    /// Plays a move of a seat on this device. Its reveal is given out with it.
    pub fn play(&mut self, m: Move) -> Result<(), LinkError> {
        let number = self.moves.len() + 1;
        let illegal = LinkError::IllegalMove { number };
        let s = self.current().ok_or(illegal)?;
        let seat = s.current_player();
        if self.chains.get(seat as usize).is_none_or(|c| c.is_none()) {
            return Err(LinkError::OtherSeat { seat });
        }
        let code = index_of(s, &m).ok_or(illegal)?;
        let tile = if s.hands_dealt() {
            m.tile.or(s.tile())
        } else {
            None
        };
        self.push(Move { tile, ..m }, code, seat);
        // This seat gives out the reveal of the move it just made.
        if let Some(c) = &self.chains[seat as usize] {
            let k = self.made(seat, self.moves.len());
            self.known[seat as usize] = (k, c.reveal(k));
        }
        self.advance();
        Ok(())
    }

    /// The state a new move is made in: every move played out.
    fn current(&self) -> Option<&State> {
        let s = self.state.as_ref()?;
        (self.applied == self.moves.len() && s.step() == Step::PlaceTile).then_some(s)
    }

    fn push(&mut self, m: Move, code: Code, seat: u8) {
        self.moves.push(m);
        self.codes.push(code);
        self.movers.push(seat);
    }

    /// The link for `seat` carrying the moves from `first` (0-based) on,
    /// with the setup if `join`, and every seat's newest reveal given out.
    pub fn link(&self, to: u8, first: usize, join: bool) -> String {
        let first = first.min(self.moves.len());
        let mut w = Writer::default();
        for c in &self.codes[first..] {
            for (i, n) in c {
                w.bits_below(*i, *n);
            }
        }
        let mut reveals = Vec::new();
        for (p, &(k, v)) in self.known.iter().enumerate() {
            if k > 0 {
                reveals.push((p as u8, k, v));
            }
        }
        Envelope {
            game: self.id,
            to,
            header: join.then(|| self.header.clone()),
            first,
            count: self.moves.len() - first,
            reveals,
            moves: w.bytes,
        }
        .encode()
    }

    /// The link for whoever plays next after a move here: every move since
    /// that seat's own last move (it has seen those up to there).
    pub fn turn_link(&self, to: u8) -> String {
        let first = self
            .movers
            .iter()
            .rposition(|&p| p == to)
            .map_or(0, |i| i + 1);
        self.link(to, first, false)
    }

    /// Opens a link: checks all of it and, if it is sound, plays out what
    /// is new in it. Returns how many moves were new.
    pub fn accept(&mut self, text: &str) -> Result<usize, LinkError> {
        let e = Envelope::decode(text)?;
        if e.game != self.id {
            return Err(LinkError::OtherGame);
        }
        let mut g = self.clone();
        let new = g.take(&e)?;
        *self = g;
        Ok(new)
    }

    /// Checks and takes a decoded link.
    fn take(&mut self, e: &Envelope) -> Result<usize, LinkError> {
        if self.chains.get(e.to as usize).is_none_or(|c| c.is_none()) {
            return Err(LinkError::OtherSeat { seat: e.to });
        }
        let before = (self.moves.len(), self.known.clone());
        for &(seat, k, v) in &e.reveals {
            let Some(&(kn, known)) = self.known.get(seat as usize) else {
                return Err(LinkError::Garbled);
            };
            let sound = if k >= kn {
                chain::checks(&v, k, &known, kn)
            } else {
                chain::steps(known, kn - k) == v
            };
            if !sound {
                return Err(LinkError::BadReveal { seat });
            }
            if k > kn {
                self.known[seat as usize] = (k, v);
            }
        }
        if e.first > self.moves.len() {
            return Err(LinkError::Gap {
                have: self.moves.len(),
            });
        }
        self.advance();
        let mut r = Reader::new(&e.moves);
        for i in e.first..e.first + e.count {
            let number = i + 1;
            if let Some(code) = self.codes.get(i) {
                for (idx, n) in code {
                    if r.bits_below(*n).ok_or(LinkError::Garbled)? != *idx {
                        return Err(LinkError::Fork { number });
                    }
                }
                continue;
            }
            let illegal = LinkError::IllegalMove { number };
            let Some(s) = self.current() else {
                if self.state.is_some_and(|s| s.is_over()) {
                    return Err(illegal);
                }
                let seat = self.waiting().unwrap_or(e.to);
                return Err(LinkError::MissingReveal { seat });
            };
            let s = *s;
            let seat = s.current_player();
            let p = placements(&s);
            let i = r.bits_below(p.len() as u32).ok_or(LinkError::Garbled)?;
            let &(tile, at, rotation) = p.get(i as usize).ok_or(illegal)?;
            let mut laid = s;
            laid.place_tile_with(at, rotation, tile, &mut Vec::new())
                .map_err(|_| illegal)?;
            let f = follower_steps(&laid);
            let j = r.bits_below(f.len() as u32).ok_or(LinkError::Garbled)?;
            let &choice = f.get(j as usize).ok_or(illegal)?;
            let m = Move {
                at,
                rotation,
                choice,
                tile,
            };
            let code = [(i, p.len() as u32), (j, f.len() as u32)];
            self.push(m, code, seat);
            // A move counts only with its player's reveal for it, which
            // no one else can make: nobody sends a move for another seat.
            if self.known[seat as usize].0 < self.made(seat, self.moves.len()) {
                return Err(LinkError::MissingReveal { seat });
            }
            self.advance();
        }
        if !r.done() {
            return Err(LinkError::Garbled);
        }
        if (self.moves.len(), &self.known) == (before.0, &before.1) {
            return Err(LinkError::Old);
        }
        Ok(self.moves.len() - before.0)
    }
}
