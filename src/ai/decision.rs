//! A whole turn as one decision: where the tile goes and what the follower does.

use crate::engine::follower::Role;
use crate::engine::state::{FollowerChoice, State};
use crate::engine::Pos;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Decision {
    pub at: Pos,
    pub rotation: u8,
    pub choice: FollowerChoice,
}

/// The follower choices open after a tile has been placed (`state` is in the follower step).
pub fn options_after(state: &State, out: &mut Vec<FollowerChoice>) {
    out.clear();
    out.push(FollowerChoice::Skip);
    state.for_each_spot(|spot| {
        out.push(if spot.role == Role::Abbot {
            FollowerChoice::Abbot
        } else {
            FollowerChoice::Follower(spot.location)
        })
    });
    if let Some(at) = state.recallable_abbot() {
        out.push(FollowerChoice::RecallAbbot(at));
    }
}
