//! Computer opponents. They see what a player at the table sees: the board,
//! the scores, the tile in hand (or their hand, and open hands) and which
//! tiles are left, never their order nor a hidden hand (digest §12).
//!
//! Levels differ in search budget and policy: `random` and `greedy` are
//! baselines; `easy`, `medium` and `hard` run Monte Carlo tree search over
//! shuffled orders of the unseen tiles. Easy plays 300 uniformly random
//! games after each move, medium 2,500. Hard plays games that lay tiles
//! where they meet the most sides, as players fill holes and close
//! features, and spend followers as players do (skipping more, farmers
//! never, on features about to score most); it starts from the one-move
//! lookahead's ranking and plays for the margin: it learns far more per
//! game (`carcassonne duel` measures it). Its budget is playout work, not
//! playouts: 2,631 games on the opening move, 20,000 near the end, each
//! move about as long as any other (`carcassonne think` times them).

pub mod decision;
pub mod greedy;
pub mod mcts;

use crate::engine::Move;
pub use decision::options_after;

use crate::engine::random::{pick_follower, pick_tile_placement, Scratch};
use crate::engine::rng::Rng;
use crate::engine::{Pos, State, TileKind};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    /// baselines).
    pub fn budget(self) -> Option<mcts::Budget> {
        let (iterations, work, prior, skip, farmer, soon, margin, tight) = match self {
            Level::Random | Level::Greedy => return None,
            Level::Easy => (300, 0, 0.0, 1, 1, 0, 0.0, 0),
            Level::Medium => (2_500, 0, 0.0, 1, 1, 0, 0.0, 0),
            Level::Hard => (20_000, 200_000, 20.0, 2, 0, 8, 15.0, 4),
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
    // With hands, decide from what this seat sees: the stack's order and
    // hidden hands (digest §12) are replaced by an order fixed by the
    // unseen tiles' kinds alone.
    let seen;
    let state = if state.hands_dealt() {
        seen = state.seen_by(state.current_player());
        &seen
    } else {
        state
    };
    let mut rng = Rng::new(seed);
    Some(match level {
        Level::Random => {
            let mut scratch = Scratch::default();
            let (tile, at, rotation) = pick_tile_placement(state, &mut rng, &mut scratch)?;
            let mut s = state.clone();
            s.place_unchecked(tile, at, rotation, &mut scratch.events);
            Move {
                at,
                rotation,
                choice: pick_follower(&s, &mut rng, &mut scratch),
                tile: state.hands_dealt().then_some(tile),
            }
        }
        Level::Greedy => greedy::choose(state)?,
        _ => mcts::choose(state, budget?, &mut rng)?,
    })
}

/// Every legal (tile, position, rotation) for the player to move: the tile
/// in hand's placements, or with hands those of each kind in the hand
/// (each kind once, oldest first).
pub fn moves(state: &State) -> Vec<(TileKind, Pos, u8)> {
    let mut v = Vec::new();
    for kind in state.playable_kinds() {
        state.for_each_placement(kind, |at, r| v.push((kind, at, r)));
    }
    v
}
