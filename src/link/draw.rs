//! The fair draw (docs/link-play.md §3): before each group of draws, the
//! tiles not yet drawn are put in a fixed order by kind and shuffled with
//! a seed hashed from the game, the group's number and every seat's
//! contribution. Tiles that went back under the stack (rules §12.13) stay
//! where the rules put them; only the never-drawn tiles are shuffled.

use super::chain::Link16;
use super::sha256::Sha256;
use crate::engine::compact::sort_by_key;
use crate::engine::deck;
use crate::engine::rng::Rng;
use crate::engine::{Event, Rules, State, TileKind};

/// The seed of draw group `group` (0: the first tile; `i + 1`: the draws
/// that follow move `i`).
pub fn group_seed(game: &[u8; 8], group: u16, contributions: &[Link16]) -> u64 {
    let mut h = Sha256::new();
    h.update(b"carcassonne draw")
        .update(game)
        .update(&group.to_be_bytes());
    for c in contributions {
        h.update(c);
    }
    let d = h.finish();
    u64::from_be_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

/// What is left of the first order of the stack: the river tiles and land
/// tiles never drawn, and whether the lake is still to come. The stack is
/// always these fresh river tiles, the river tiles put back, the lake,
/// the fresh land tiles, then the land tiles put back, in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    fresh_river: usize,
    lake: bool,
    fresh_land: usize,
    /// The tiles drawn fresh, in order: the deck a record of the game gives.
    pub drawn: Vec<TileKind>,
}

impl Stack {
    /// The stack of a new game and its tiles in the fixed order: river
    /// tiles by kind, the lake, land tiles by kind.
    pub fn new(rules: &Rules) -> (Stack, Vec<TileKind>) {
        let mut river = Vec::new();
        let mut land = Vec::new();
        for k in TileKind::all() {
            for _ in 0..deck::allowed(k, rules) {
                match (k.is_river(), k == TileKind::LAKE) {
                    (true, true) => {}
                    (true, false) => river.push(k),
                    (false, _) => land.push(k),
                }
            }
        }
        let stack = Stack {
            fresh_river: river.len(),
            lake: rules.river,
            fresh_land: land.len(),
            drawn: Vec::new(),
        };
        if rules.river {
            river.push(TileKind::LAKE);
        }
        river.extend(land);
        (stack, river)
    }

    /// Sorts the fresh tiles of `rest` (the stack, top first) by kind and
    /// shuffles them with `seed`.
    pub fn shuffle(&self, rest: &mut [TileKind], seed: u64) {
        let mut rng = Rng::new(seed);
        let river_end = self.fresh_river.min(rest.len());
        let land_start = rest.iter().take_while(|k| k.is_river()).count();
        let land_end = (land_start + self.fresh_land).min(rest.len());
        let mut part = |p: &mut [TileKind]| {
            sort_by_key(p, |k| k.0);
            rng.shuffle(p);
        };
        part(&mut rest[..river_end]);
        if land_start < land_end {
            part(&mut rest[land_start..land_end]);
        }
    }

    /// Re-deals the fresh tiles of `s`'s stack with `seed`. Only for games
    /// with open hands (or none): the state's other tiles stay put.
    pub fn shuffle_state(&self, s: &mut State, seed: u64) {
        let mut rest = s.remaining().to_vec();
        self.shuffle(&mut rest, seed);
        s.deal_unseen(0, &rest);
    }

    /// Counts the start tile drawn from the bag (rules §12), which the
    /// state tells no event of.
    pub fn count_start(&mut self, deck: &[TileKind], rules: &Rules) {
        if rules.start_in_bag && !rules.river && self.fresh_land > 0 {
            if let Some(&k) = deck.first() {
                self.fresh_land -= 1;
                self.drawn.push(k);
            }
        }
    }

    /// Counts the tiles drawn from the stack in `events` (told by a state
    /// whose hands were dealt or not as `dealt` says): before the deal
    /// each tile turned up begins a turn or goes, after it each is drawn
    /// into a hand.
    pub fn count(&mut self, mut dealt: bool, events: &[Event]) {
        for e in events {
            let tile = match *e {
                Event::TileDrawn { tile, .. } => {
                    dealt = true;
                    tile
                }
                Event::TurnBegan { tile, .. }
                | Event::TileReturned { tile }
                | Event::TileDiscarded { tile }
                    if !dealt =>
                {
                    tile
                }
                _ => continue,
            };
            if tile == TileKind::LAKE {
                if self.lake {
                    self.lake = false;
                    self.drawn.push(tile);
                }
                continue;
            }
            let fresh = if tile.is_river() {
                &mut self.fresh_river
            } else {
                &mut self.fresh_land
            };
            if *fresh > 0 {
                *fresh -= 1;
                self.drawn.push(tile);
            }
        }
    }
}
