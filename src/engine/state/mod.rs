//! The game state and its turn cycle: check an action (`check`), then apply
//! it (`apply`), emitting events; scoring (`scoring`) and what players can
//! see (`queries`) in their own files.
//!
//! The state is plain fixed-size data with no heap allocation, so a simulated
//! game clones it with one memcpy.

use super::error::RuleError;
use super::event::{Event, FinalScores};
use super::feature::{slot, Features};
use super::follower::{Meeple, Players, Role, CENTRE, FOLLOWERS_PER_PLAYER};
use super::geometry::{HalfEdge, Location, Pos, Side};
use super::river::River;
use super::rules::{FarmScoring, Rules};
use super::score::{Category, Score};
use super::tile::{Centre, SegmentKind, TileKind};
use crate::engine::board::{Board, Placed, MAX_TILES};

mod apply;
mod check;
mod holding;
mod queries;
mod scoring;

pub use super::action::FollowerChoice;
pub use super::follower::MAX_PLAYERS;
pub use holding::{CityPay, FeatureReport, HeldField};
const MAX_MEEPLES: usize = MAX_PLAYERS * (FOLLOWERS_PER_PLAYER as usize + 1);
const MAX_DECK: usize = 96;
/// The most tiles a hand holds (rules §12 `hand`).
pub const MAX_HAND: usize = 3;

/// What the current player must do next.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    PlaceTile,
    PlaceFollower,
    GameOver,
}

/// A feature's worth and owners, for players weighing a move.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct FeatureInfo {
    pub category: Category,
    pub complete: bool,
    /// Points if scored now: in full when complete, else at the end-game rate
    /// (for fields, the completed cities they would be paid for).
    pub value: u16,
    /// Who would take the points: the players with the most pieces on it.
    pub owners: Players,
    pub tiles: Vec<Pos>,
}

/// A piece on the board as players see it: whose, where and in what role.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Piece {
    pub player: u8,
    pub at: Pos,
    pub location: Location,
    pub role: Role,
}

/// A legal follower spot on the tile just placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Spot {
    pub location: Location,
    pub role: Role,
    /// How far its feature is from complete: the open edges of a road or
    /// city, the empty cells round a monastery or garden, 0 for a field.
    /// Playouts lean towards followers that score soon.
    #[serde(skip)]
    pub missing: u8,
}

/// Copy, as its parts: every playout starts from a copy of the position
/// (`clone_from`), and a copy of plain data is one block of memory, where a
/// field-by-field clone through a temporary copies it twice.
#[derive(Clone, Copy)]
pub struct State {
    rules: Rules,
    players: u8,
    board: Board,
    features: Features,
    deck: [TileKind; MAX_DECK],
    deck_len: u8,
    drawn: u8,
    current: u8,
    step: Step,
    tile: TileKind,
    supply: [u8; MAX_PLAYERS],
    abbot_home: [bool; MAX_PLAYERS],
    meeples: [Meeple; MAX_MEEPLES],
    meeple_len: u8,
    scores: [Score; MAX_PLAYERS],
    river: River,
    discarded: u8,
    /// Tiles that fit nowhere and went back under the stack (rules §12).
    returned: u8,
    /// Each player's hand (rules §12), oldest first, once dealt.
    hands: [[TileKind; MAX_HAND]; MAX_PLAYERS],
    hand_len: [u8; MAX_PLAYERS],
    /// Whether the hands have been dealt: play is past the river, with hands.
    dealt: bool,
    /// Tells no events ([`State::quiet`]).
    quiet: bool,
}

impl State {
    /// A new game: the start tile (or spring) on the board and the first
    /// placeable tile in the first player's hand. `deck` is the draw order,
    /// already validated by the caller.
    pub fn new(rules: Rules, players: u8, deck: &[TileKind], events: &mut Vec<Event>) -> State {
        let mut s = State {
            rules,
            players,
            board: Board::new(),
            features: Features::new(),
            deck: [TileKind(0); MAX_DECK],
            deck_len: 0,
            drawn: 0,
            current: 0,
            step: Step::PlaceTile,
            tile: TileKind(0),
            supply: [FOLLOWERS_PER_PLAYER; MAX_PLAYERS],
            abbot_home: [rules.abbot; MAX_PLAYERS],
            meeples: [Meeple {
                tile: 0,
                segment: 0,
                player: 0,
                role: Role::Thief,
            }; MAX_MEEPLES],
            meeple_len: 0,
            scores: [Score::default(); MAX_PLAYERS],
            river: River::default(),
            discarded: 0,
            returned: 0,
            hands: [[TileKind(0); MAX_HAND]; MAX_PLAYERS],
            hand_len: [0; MAX_PLAYERS],
            dealt: false,
            quiet: false,
        };
        s.restart(rules, players, deck, events);
        s
    }

    /// Starts a new game in this state's memory, as [`State::new`] does, but
    /// without clearing the whole board: simulations reuse one state.
    pub fn restart(
        &mut self,
        rules: Rules,
        players: u8,
        deck: &[TileKind],
        events: &mut Vec<Event>,
    ) {
        assert!(
            (2..=MAX_PLAYERS as u8).contains(&players) && deck.len() <= MAX_DECK,
            "a deal of 2 to 6 players and one deck"
        );
        self.rules = rules;
        self.players = players;
        self.board.clear();
        self.deck[..deck.len()].copy_from_slice(deck);
        self.deck_len = deck.len() as u8;
        self.drawn = 0;
        self.current = 0;
        self.step = Step::PlaceTile;
        self.supply = [FOLLOWERS_PER_PLAYER; MAX_PLAYERS];
        self.abbot_home = [rules.abbot; MAX_PLAYERS];
        self.meeple_len = 0;
        self.scores = [Score::default(); MAX_PLAYERS];
        self.river = River::default();
        self.discarded = 0;
        self.returned = 0;
        self.hand_len = [0; MAX_PLAYERS];
        self.dealt = false;
        self.board.set_table(rules.table, rules.table_closes);
        let start = if rules.river {
            TileKind::SPRING
        } else if rules.start_in_bag {
            // The top tile of the bag starts the game (rules §12); none, none.
            if deck.is_empty() {
                self.finish(events);
                return;
            }
            self.drawn = 1;
            deck[0]
        } else {
            TileKind::START
        };
        self.put_tile(start, 0, Pos::new(0, 0));
        self.next_turn(events);
    }

    /// From now on this state tells no events: for the copies a search
    /// plays out, which read only the state. Building the events (naming
    /// every spot a piece leaves) took about a tenth of a playout's time.
    pub fn quiet(&mut self) {
        self.quiet = true;
    }

    /// Tells `events` what happened, unless the state is quiet.
    #[inline(always)]
    pub(super) fn tell(&self, events: &mut Vec<Event>, event: impl FnOnce() -> Event) {
        if !self.quiet {
            events.push(event());
        }
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn players(&self) -> u8 {
        self.players
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn current_player(&self) -> u8 {
        self.current
    }

    /// The tile in hand, while one is to be placed: the drawn tile, or with
    /// a hand (rules §12) its oldest, which a move that names no tile places.
    pub fn tile(&self) -> Option<TileKind> {
        (self.step == Step::PlaceTile).then_some(self.tile)
    }

    /// The tiles `player` holds, oldest first. With the hand rule (rules
    /// §12), once hands are dealt, every player's hand (during the follower
    /// step the tile just placed has left it); otherwise, and on river
    /// turns, the current player's one drawn tile during the tile step, and
    /// nothing for anyone else.
    pub fn hand(&self, player: u8) -> &[TileKind] {
        let p = player as usize;
        if p >= self.players as usize {
            return &[];
        }
        if self.dealt {
            &self.hands[p][..self.hand_len[p] as usize]
        } else if self.step == Step::PlaceTile && player == self.current {
            core::slice::from_ref(&self.tile)
        } else {
            &[]
        }
    }

    /// Whether hands are in play now: the hand rule is on and play is past
    /// the river (so the hands are dealt). A move then may name its tile.
    pub fn hands_dealt(&self) -> bool {
        self.dealt
    }

    /// The hand of the player to move, while it holds tiles of several kinds
    /// (so a record's move must name its tile).
    pub fn hand_is_mixed(&self) -> bool {
        let h = self.hand(self.current);
        h.iter().any(|&k| k != h[0])
    }

    /// The tile placed this turn, during the follower step.
    pub fn last_placed(&self) -> Option<Placed> {
        (self.step == Step::PlaceFollower).then(|| self.board.tile(self.board.len() - 1))
    }

    pub fn supply(&self, player: u8) -> u8 {
        self.supply[player as usize]
    }

    pub fn abbot_home(&self, player: u8) -> bool {
        self.abbot_home[player as usize]
    }

    pub fn meeples(&self) -> &[Meeple] {
        &self.meeples[..self.meeple_len as usize]
    }

    pub fn score(&self, player: u8) -> Score {
        self.scores[player as usize]
    }

    pub fn discarded(&self) -> u8 {
        self.discarded
    }

    /// How many times a tile that fit nowhere went back under the stack.
    pub fn returned(&self) -> u8 {
        self.returned
    }

    /// Tiles still to be drawn (the tiles in hand are not counted).
    pub fn remaining(&self) -> &[TileKind] {
        &self.deck[self.drawn as usize..self.deck_len as usize]
    }

    /// Shuffles the tiles still to be drawn: a determinization for search,
    /// which knows which tiles are left but not their order. River tiles stay
    /// ahead of land tiles and the lake stays last among them.
    pub fn shuffle_remaining(&mut self, rng: &mut crate::engine::rng::Rng) {
        let rest = &mut self.deck[self.drawn as usize..self.deck_len as usize];
        let river = rest.iter().take_while(|k| k.is_river()).count();
        let lake_last = river > 0 && rest[river - 1] == TileKind::LAKE;
        rng.shuffle(&mut rest[..river - lake_last as usize]);
        rng.shuffle(&mut rest[river..]);
    }

    /// Whether `seat` may see `player`'s hand (rules §12 `hand_open`).
    pub fn sees_hand(&self, seat: u8, player: u8) -> bool {
        seat == player || self.rules.hand_open
    }

    /// The tiles `seat` cannot see, in state order: the stack, then (with
    /// hidden hands) the other players' hands in seat order.
    /// The tiles still to come: the stack, and once hands are dealt every
    /// hand's tiles too (rules §12), whoever holds them. Told only as a
    /// whole, it shows nothing hidden: it is every tile not yet on the board
    /// or discarded.
    pub fn to_come(&self) -> Vec<TileKind> {
        let mut v = self.remaining().to_vec();
        if self.dealt {
            for p in 0..self.players {
                v.extend_from_slice(self.hand(p));
            }
        }
        v
    }

    pub fn unseen_by(&self, seat: u8) -> Vec<TileKind> {
        let mut v = self.remaining().to_vec();
        if self.dealt {
            for p in 0..self.players {
                if !self.sees_hand(seat, p) {
                    v.extend_from_slice(self.hand(p));
                }
            }
        }
        v
    }

    /// Deals `tiles` (as many as [`State::unseen_by`] gives) into what `seat`
    /// cannot see: first the hidden hands, in seat order, each to its size,
    /// then the stack from its top. Everything `seat` sees stays as it was.
    pub fn deal_unseen(&mut self, seat: u8, tiles: &[TileKind]) {
        let mut i = 0;
        if self.dealt {
            for p in 0..self.players {
                if !self.sees_hand(seat, p) {
                    let n = self.hand_len[p as usize] as usize;
                    self.hands[p as usize][..n].copy_from_slice(&tiles[i..i + n]);
                    i += n;
                }
            }
        }
        let rest = &tiles[i..];
        let from = self.drawn as usize;
        self.deck[from..from + rest.len()].copy_from_slice(rest);
        if self.step == Step::PlaceTile && self.dealt {
            self.tile = self.hands[self.current as usize][0];
        }
    }

    /// The state as `seat` may know it once hands are dealt: the tiles it
    /// cannot see in one order fixed by their kinds alone, so that nothing
    /// derived from it depends on the real stack order or hidden hands.
    /// Before the deal (or without hands) a plain copy.
    pub fn seen_by(&self, seat: u8) -> State {
        let mut s = *self;
        if self.dealt {
            let mut unseen = self.unseen_by(seat);
            crate::engine::compact::sort_by_key(&mut unseen, |k| k.0);
            s.deal_unseen(seat, &unseen);
        }
        s
    }

    /// A determinization for search from `seat`'s view: the tiles it cannot
    /// see shuffled anew among the hidden hands and the stack (rules §12:
    /// every unseen tile equally likely anywhere unseen). Before the deal,
    /// as [`State::shuffle_remaining`].
    pub fn redeal_unseen(&mut self, seat: u8, rng: &mut crate::engine::rng::Rng) {
        if !self.dealt {
            self.shuffle_remaining(rng);
            return;
        }
        let mut buf = [TileKind(0); MAX_DECK + MAX_PLAYERS * MAX_HAND];
        let mut n = 0;
        for &k in self.remaining() {
            buf[n] = k;
            n += 1;
        }
        for p in 0..self.players {
            if !self.sees_hand(seat, p) {
                for &k in self.hand(p) {
                    buf[n] = k;
                    n += 1;
                }
            }
        }
        rng.shuffle(&mut buf[..n]);
        self.deal_unseen(seat, &buf[..n]);
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::GameOver
    }
}
