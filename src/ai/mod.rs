//! Computer opponents. They see what a player at the table sees: the board,
//! the scores, the tile in hand (or their hand, and open hands) and which
//! tiles are left, never their order nor a hidden hand (rules §12).
//!
//! Levels differ in search budget and policy: `random` and `greedy` are
//! baselines; `easy`, `medium` and `hard` run Monte Carlo tree search over
//! shuffled orders of the unseen tiles. Easy plays 300 uniformly random
//! games after each move. Medium plays 2,000 whose tiles lean, more mildly
//! than hard's, towards spots that meet more sides; its followers and its
//! reward are easy's. Hard plays games that lay tiles where they meet
//! the most sides, as players fill holes and close features, and spend
//! followers as players do (skipping more, farmers
//! never, on features about to score most); it starts from the one-move
//! lookahead's ranking and plays for the margin, a lead of 8 points worth
//! 0.75 of a reward (nearer the win than 15 points, it wins more often):
//! it learns far more per game (`carcassonne duel` measures it). Its
//! budget is playout work, not playouts: 2,631 games on the opening move,
//! 20,000 near the end, each move about as long as any other (`carcassonne
//! think` times them). And it
//! runs two such searches that add up (`part`, `merge`): the page runs them
//! at once in two workers, twice the games in the time of one.

pub mod analysis;
pub mod decision;
pub mod greedy;
pub mod mcts;

use crate::engine::Move;
pub use decision::options_after;

use crate::engine::random::{pick_follower, pick_tile_placement, Scratch};
use crate::engine::rng::Rng;
use crate::engine::{Pos, State, TileKind};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Level {
    Random,
    Greedy,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub fn parse(s: &str) -> Option<Level> {
        Some(match s {
            "random" => Level::Random,
            "greedy" => Level::Greedy,
            "easy" => Level::Easy,
            "medium" => Level::Medium,
            "hard" => Level::Hard,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// How the search levels play and spend their effort (`None` for the
    /// baselines). Not inlined: one copy for its five callers (bundle size).
    #[inline(never)]
    pub fn budget(self) -> Option<mcts::Budget> {
        let (iterations, work, prior, skip, farmer, soon, margin, tight, parts) = match self {
            Level::Random | Level::Greedy => return None,
            Level::Easy => (300, 0, 0.0, 1, 1, 0, 0.0, 0, 1),
            Level::Medium => (2_000, 0, 0.0, 1, 1, 0, 0.0, 2, 1),
            Level::Hard => (20_000, 200_000, 20.0, 2, 0, 8, 8.0, 4, 2),
        };
        Some(mcts::Budget {
            iterations,
            work,
            explore: 0.7,
            keep: 10,
            keep_options: 4,
            soon,
            prior,
            skip,
            farmer,
            margin,
            tight,
            settle: true,
            parts,
        })
    }
}

/// The move the computer makes for the current player. Reproducible: the same
/// state, level and seed give the same decision. `None` when no tile is in hand.
pub fn choose(state: &State, level: Level, seed: u64) -> Option<Move> {
    choose_with(state, level, level.budget(), seed)
}

/// As [`choose`], a search level spending `budget` instead of its own
/// (`carcassonne duel` tries variants with it).
pub fn choose_with(
    state: &State,
    level: Level,
    budget: Option<mcts::Budget>,
    seed: u64,
) -> Option<Move> {
    state.tile()?;
    let seen = &mut None;
    let state = as_seen(state, seen);
    let mut rng = Rng::new(seed);
    Some(match level {
        Level::Random => {
            let mut scratch = Scratch::default();
            let (tile, at, rotation) = pick_tile_placement(state, &mut rng, &mut scratch)?;
            let mut s = *state;
            s.place_unchecked(tile, at, rotation, &mut scratch.events);
            Move {
                at,
                rotation,
                choice: pick_follower(&s, &mut rng, &mut scratch),
                tile: state.hands_dealt().then_some(tile),
            }
        }
        Level::Greedy => greedy::choose(state)?,
        _ => {
            let b = budget?;
            if b.parts <= 1 {
                mcts::choose(state, b, &mut rng)?
            } else {
                let mut parts = Vec::new();
                for k in 0..b.parts {
                    parts.push(mcts::part(state, b, &mut Rng::new(part_seed(seed, k))).0);
                }
                mcts::merge(state, b, &parts)?
            }
        }
    })
}

/// With hands, the game as the player to move sees it: the stack's order
/// and hidden hands (rules §12) are replaced by an order fixed by the
/// unseen tiles' kinds alone, so a computer decides from what its seat
/// sees. Without hands, the game itself.
fn as_seen<'a>(state: &'a State, seen: &'a mut Option<State>) -> &'a State {
    if state.hands_dealt() {
        seen.insert(state.seen_by(state.current_player()))
    } else {
        state
    }
}

/// The seed of part `k` of a search split in parts: part 0 plays the
/// level's own seed, the others streams far from it.
fn part_seed(seed: u64, k: u32) -> u64 {
    if k == 0 {
        return seed;
    }
    Rng::new(seed ^ (u64::from(k) << 40)).next_u64()
}

/// How many parts `level`'s search is split in (1 for the others).
pub fn parts(level: Level) -> u32 {
    level.budget().map_or(1, |b| b.parts.max(1))
}

/// Part `k` of `level`'s search of the current player's move: the visits
/// [`merge`] adds up (`None` when no tile is in hand, or for a level that
/// does not search).
pub fn part(state: &State, level: Level, seed: u64, k: u32) -> Option<Vec<u32>> {
    state.tile()?;
    let b = level.budget()?;
    let seen = &mut None;
    let state = as_seen(state, seen);
    Some(mcts::part(state, b, &mut Rng::new(part_seed(seed, k))).0)
}

/// The move the parts of `level`'s search add up to: the very move
/// [`choose`] makes with the same seed. `None` when they do not fit this
/// position.
pub fn merge(state: &State, level: Level, parts: &[Vec<u32>]) -> Option<Move> {
    state.tile()?;
    let b = level.budget()?;
    let seen = &mut None;
    let state = as_seen(state, seen);
    mcts::merge(state, b, parts)
}

/// Every legal (tile, position, rotation) for the player to move: the tile
/// in hand's placements, or with hands those of each kind in the hand
/// (each kind once, oldest first).
pub fn moves(state: &State) -> Vec<(TileKind, Pos, u8)> {
    let mut v = Vec::new();
    for kind in state.playable_kinds() {
        for (at, r) in state.placements_any(kind) {
            v.push((kind, at, r));
        }
    }
    v
}
