//! A player's turn: the one [`Move`] that records, the engine's replay, the
//! computer players and their worker all use, and the two half-steps
//! ([`Action`]) a person takes one at a time through the page or the JS API.

use super::geometry::{Location, Pos};
use super::tile::TileKind;
use serde::Serialize;

/// The optional second half of a turn (rules §2 step 2, §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum FollowerChoice {
    Skip,
    Follower(Location),
    Abbot,
    RecallAbbot(Pos),
}

/// One whole turn: where the tile went and what its player did with a
/// follower. In a record (rules §11) it is `{ at, rotation }` with at most
/// one of `follower`, `abbot` ("C") and `recall_abbot`, and with a hand
/// (rules §12) the `tile` it places.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Move {
    pub at: Pos,
    pub rotation: u8,
    pub choice: FollowerChoice,
    /// The hand tile placed; `None` places the tile in hand (the drawn
    /// tile, or the oldest of the hand).
    pub tile: Option<TileKind>,
}

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // A struct with optional fields, as the record's other objects are written.
        use serde::ser::SerializeStruct;
        let extra = (self.choice != FollowerChoice::Skip) as usize + self.tile.is_some() as usize;
        let mut m = s.serialize_struct("Move", 2 + extra)?;
        m.serialize_field("at", &self.at)?;
        m.serialize_field("rotation", &self.rotation)?;
        if let Some(t) = self.tile {
            m.serialize_field("tile", &t)?;
        }
        match self.choice {
            FollowerChoice::Skip => {}
            FollowerChoice::Follower(l) => m.serialize_field("follower", &l)?,
            FollowerChoice::Abbot => m.serialize_field("abbot", &Location::Center)?,
            FollowerChoice::RecallAbbot(p) => m.serialize_field("recall_abbot", &p)?,
        }
        m.end()
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Step 1: put a tile in hand down: `tile` names it (rules §12 hands),
    /// or else the tile in hand ([`crate::engine::State::tile`]) is placed.
    PlaceTile {
        at: Pos,
        rotation: u8,
        #[serde(skip_serializing_if = "Option::is_none")]
        tile: Option<TileKind>,
    },
    /// Step 2: a follower on the tile just placed.
    Follower { location: Location },
    /// Step 2: the abbot on the tile's monastery or garden.
    Abbot,
    /// Step 2: take the abbot back from `at`, scoring it now.
    RecallAbbot { at: Pos },
    /// Step 2: no follower this turn.
    Skip,
}

impl From<FollowerChoice> for Action {
    fn from(choice: FollowerChoice) -> Action {
        match choice {
            FollowerChoice::Skip => Action::Skip,
            FollowerChoice::Follower(location) => Action::Follower { location },
            FollowerChoice::Abbot => Action::Abbot,
            FollowerChoice::RecallAbbot(at) => Action::RecallAbbot { at },
        }
    }
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
