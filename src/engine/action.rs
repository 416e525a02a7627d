//! A player's action as a named, serialisable value: what the page, an
//! embedder or the AI worker sends to the engine.

use super::geometry::{Location, Pos};
use super::state::FollowerChoice;
use serde::Serialize;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Step 1: put the tile in hand down.
    PlaceTile { at: Pos, rotation: u8 },
    /// Step 2: a follower on the tile just placed.
    Follower { location: Location },
    /// Step 2: the abbot on the tile's monastery or garden.
    Abbot,
    /// Step 2: take the abbot back from `at`, scoring it now.
    RecallAbbot { at: Pos },
    /// Step 2: no follower this turn.
    Skip,
}

impl Action {
    /// The follower step this action takes, if it is one.
    pub fn choice(self) -> Option<FollowerChoice> {
        match self {
            Action::PlaceTile { .. } => None,
            Action::Follower { location } => Some(FollowerChoice::Follower(location)),
            Action::Abbot => Some(FollowerChoice::Abbot),
            Action::RecallAbbot { at } => Some(FollowerChoice::RecallAbbot(at)),
            Action::Skip => Some(FollowerChoice::Skip),
        }
    }
}
