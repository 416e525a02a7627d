//! What a computer may do after laying its tile.

use crate::engine::follower::Role;
use crate::engine::state::{FollowerChoice, State};

/// The follower choices open after a tile has been placed (`state` is in the follower step).
pub fn options_after(state: &State, out: &mut Vec<FollowerChoice>) {
    out.clear();
    out.push(FollowerChoice::Skip);
    state.for_each_spot(&mut |spot| {
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
