//! What happened, for the renderer to animate and the log to tell.

use super::follower::{Players, Role};
use super::geometry::{Location, Pos};
use super::score::Category;
use super::tile::TileKind;
use serde::Serialize;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A player's turn starts with this tile in hand.
    TurnBegan {
        player: u8,
        tile: TileKind,
    },
    /// A drawn tile fit nowhere and left the game.
    TileDiscarded {
        tile: TileKind,
    },
    TilePlaced {
        player: u8,
        tile: TileKind,
        at: Pos,
        rotation: u8,
    },
    FollowerPlaced {
        player: u8,
        at: Pos,
        location: Location,
        role: Role,
    },
    /// The abbot came home early and scored its current value.
    AbbotRecalled {
        player: u8,
        at: Pos,
        points: u16,
        category: Category,
    },
    /// A feature was scored: during play when `completed`, otherwise at the end.
    /// `scorers` is empty when no follower stood on it.
    FeatureScored {
        category: Category,
        at: Pos,
        location: Location,
        points: u16,
        scorers: Players,
        /// Tiles in the feature, or for fields the completed cities it feeds.
        size: u8,
        completed: bool,
    },
    FollowerReturned {
        player: u8,
        at: Pos,
        location: Location,
        role: Role,
    },
    GameOver {
        winners: Players,
    },
}
