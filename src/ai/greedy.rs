//! The one-move-lookahead baseline: the move that most improves the player's
//! lead in "score if the game ended now", ties broken by enumeration order.

use super::decision::options_after;
use crate::engine::state::State;
use crate::engine::Move;

/// My potential score minus the best opponent's.
pub fn lead(state: &State, me: u8) -> i32 {
    let p = state.potential_scores();
    let mine = p[me as usize].total() as i32;
    let best_other = (0..state.players())
        .filter(|&o| o != me)
        .map(|o| p[o as usize].total() as i32)
        .max()
        .unwrap_or(0);
    mine - best_other
}

pub fn choose(state: &State) -> Option<Move> {
    let me = state.current_player();
    let mut events = Vec::new();
    let mut options = Vec::new();
    let mut best: Option<(i32, Move)> = None;
    for (tile, at, rotation) in super::moves(state) {
        let mut placed = *state;
        placed.quiet();
        placed.place_unchecked(tile, at, rotation, &mut events);
        options_after(&placed, &mut options);
        for &choice in &options {
            let mut s = placed;
            s.choose_follower_unchecked(choice, &mut events);
            events.clear();
            let v = lead(&s, me);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((
                    v,
                    Move {
                        at,
                        rotation,
                        choice,
                        tile: state.hands_dealt().then_some(tile),
                    },
                ));
            }
        }
    }
    best.map(|(_, d)| d)
}
