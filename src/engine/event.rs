//! What happened, for the renderer to animate and the log to tell.

use super::follower::{Players, Role, MAX_PLAYERS};
use super::geometry::{Location, Pos};
use super::score::{Category, Score};
use super::tile::TileKind;
use serde::Serialize;

#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A player's turn starts with this tile in hand.
    TurnBegan { player: u8, tile: TileKind },
    /// A drawn tile fit nowhere and left the game.
    TileDiscarded { tile: TileKind },
    /// A tile that fit nowhere went back to the bottom of the stack
    /// (rules §12 `unplayable_back`; a river tile under the river tiles).
    TileReturned { tile: TileKind },
    /// A tile went from the stack into a player's hand (rules §12 `hand`):
    /// dealt, refilled after a turn, or replacing an unplaceable tile.
    TileDrawn { player: u8, tile: TileKind },
    /// The player's hand is empty, so their turn is passed over.
    PlayerPassed { player: u8 },
    /// The tile at `at` filled a hole (tiles on all four sides): the same
    /// player takes another turn (rules §12 `hole_bonus`).
    ExtraTurn { player: u8, at: Pos },
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
    /// The game ended: final scoring is done. `scores` is every player's
    /// final breakdown, in seat order (boxed, so that the other events, which
    /// playouts emit by the million, stay small).
    GameOver {
        winners: Players,
        scores: Box<FinalScores>,
    },
}

/// Each player's points by category, in seat order. Serialised as a list with
/// one `{ "total", "road", "city", "monastery", "garden", "field" }` object a
/// player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FinalScores {
    players: u8,
    scores: [Score; MAX_PLAYERS],
}

impl FinalScores {
    /// The scores of the first `scores.len()` seats (at most [`MAX_PLAYERS`]).
    pub fn new(scores: &[Score]) -> FinalScores {
        let mut all = [Score::default(); MAX_PLAYERS];
        all[..scores.len()].copy_from_slice(scores);
        FinalScores {
            players: scores.len() as u8,
            scores: all,
        }
    }

    /// One score a player, in seat order.
    pub fn as_slice(&self) -> &[Score] {
        &self.scores[..self.players as usize]
    }
}

impl Serialize for FinalScores {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use crate::engine::{FollowerChoice, Game, Location, Pos, Record, Side};

    /// The rules §11 example: Ann's open road 3, Bob's city 4.
    #[test]
    fn game_over_carries_the_final_breakdown_as_plain_json() {
        let r = Record::from_json(
            r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],"deck":["V","E","U"]}"#,
        )
        .unwrap();
        let mut g = Game::from_record(&r).unwrap();
        let mut events = Vec::new();
        for (x, y, rotation, choice) in [
            (1, 0, 1, FollowerChoice::Follower(Location::Side(Side::W))),
            (0, -1, 2, FollowerChoice::Follower(Location::Side(Side::S))),
            (-1, 0, 1, FollowerChoice::Skip),
        ] {
            g.place_tile(Pos::new(x, y), rotation, &mut events).unwrap();
            g.choose_follower(choice, &mut events).unwrap();
        }
        let line = |total, road, city| {
            serde_json::json!({ "total": total, "road": road, "city": city,
                                "monastery": 0, "garden": 0, "field": 0 })
        };
        assert_eq!(
            serde_json::to_value(events.last().unwrap()).unwrap(),
            serde_json::json!({ "type": "game_over", "winners": [1],
                                "scores": [line(3, 3, 0), line(4, 0, 4)] })
        );
    }
}
