//! Why the rules refused a move, as a player reads it. The engine names
//! the rule ([`RuleError`]) and keeps its own plain English for records,
//! the command line and the page's programming interface; the table says
//! it with these keys.

use super::catalogue::keys;
use super::*;
use crate::engine::{Location, RuleError};

keys! { ErrorsW "errors" {
    GameOver = "the game is over",
    TileFirst = "place the drawn tile first",
    FollowerStepPending = "the tile is already placed: choose a follower spot or skip",
    BadRotation = "rotation must be 0, 1, 2 or 3",
    Occupied = "there is already a tile at [{1}]",
    NotTouching = "the tile at [{1}] must touch a placed tile along an edge, not only at a corner",
    EdgeMismatch = "the {1} edge is {2} but its neighbour shows {3}",
    RiverNotContinued = "a river tile must continue the river at its open end, which is at [{1}]",
    RiverUTurnRight = "the river may not turn right twice in a row: that would make a U-turn",
    RiverUTurnLeft = "the river may not turn left twice in a row: that would make a U-turn",
    NoSegmentSide = "this tile has no road or city on its {1} edge",
    NoSegmentHalf = "this tile has no field at {1}",
    NoSegmentCentre = "this tile has no monastery or garden in its centre",
    OnRiver = "followers may not stand on the river",
    FarmersOff = "farmers are switched off in this game",
    FeatureOccupied = "the feature at {1} already has a follower on it, somewhere along its length",
    NoFollowersLeft = "you have no followers left in your supply",
    NotAMonastery = "the abbot goes only on this tile's monastery or garden",
    GardenNeedsAbbot = "only the abbot may stand on a garden",
    AbbotOff = "the abbot is not in play in this game",
    AbbotAway = "your abbot is already on the board",
    NoAbbotAt = "you have no abbot at [{1}] to take back",
    AbbotFeatureComplete = "the abbot at [{1}] cannot be recalled: this tile completes it, so it scores 9",
    OffTable = "[{1}] is off the table",
    NoHand = "players hold no hand in this game, so a move does not name its tile",
    RiverTurnTile = "a river turn places the river tile drawn, so it does not name a tile",
    NotInHand = "tile {1} is not in the player's hand",
    TileNotNamed = "the hand holds tiles of several kinds: the move must name its tile",
}}

/// The rule `e` names, in the language spoken now.
pub fn rule_words(e: RuleError) -> String {
    use ErrorsW::*;
    let at = |p: crate::engine::Pos| {
        let mut c = String::new();
        push_coords(&mut c, p.x, p.y);
        c
    };
    let (key, a, b, c) = match e {
        RuleError::GameOver => (GameOver, String::new(), "", ""),
        RuleError::TileFirst => (TileFirst, String::new(), "", ""),
        RuleError::FollowerStepPending => (FollowerStepPending, String::new(), "", ""),
        RuleError::BadRotation(_) => (BadRotation, String::new(), "", ""),
        RuleError::Occupied(p) => (Occupied, at(p), "", ""),
        RuleError::NotTouching(p) => (NotTouching, at(p), "", ""),
        RuleError::EdgeMismatch { side, mine, theirs } => (
            EdgeMismatch,
            side_word(side).into(),
            edge_words(mine),
            edge_words(theirs),
        ),
        RuleError::RiverNotContinued(p) => (RiverNotContinued, at(p), "", ""),
        RuleError::RiverUTurn { right: true } => (RiverUTurnRight, String::new(), "", ""),
        RuleError::RiverUTurn { right: false } => (RiverUTurnLeft, String::new(), "", ""),
        RuleError::NoSegment(Location::Side(s)) => (NoSegmentSide, side_word(s).into(), "", ""),
        RuleError::NoSegment(Location::Half(h)) => (NoSegmentHalf, h.name().into(), "", ""),
        RuleError::NoSegment(Location::Center) => (NoSegmentCentre, String::new(), "", ""),
        RuleError::OnRiver(_) => (OnRiver, String::new(), "", ""),
        RuleError::FarmersOff => (FarmersOff, String::new(), "", ""),
        RuleError::FeatureOccupied(l) => (FeatureOccupied, l.name().into(), "", ""),
        RuleError::NoFollowersLeft => (NoFollowersLeft, String::new(), "", ""),
        RuleError::NotAMonastery => (NotAMonastery, String::new(), "", ""),
        RuleError::GardenNeedsAbbot => (GardenNeedsAbbot, String::new(), "", ""),
        RuleError::AbbotOff => (AbbotOff, String::new(), "", ""),
        RuleError::AbbotAway => (AbbotAway, String::new(), "", ""),
        RuleError::NoAbbotAt(p) => (NoAbbotAt, at(p), "", ""),
        RuleError::AbbotFeatureComplete(p) => (AbbotFeatureComplete, at(p), "", ""),
        RuleError::OffTable(p) => (OffTable, at(p), "", ""),
        RuleError::NoHand => (NoHand, String::new(), "", ""),
        RuleError::RiverTurnTile => (RiverTurnTile, String::new(), "", ""),
        RuleError::NotInHand(k) => (NotInHand, k.name().into(), "", ""),
        RuleError::TileNotNamed => (TileNotNamed, String::new(), "", ""),
    };
    fill(key, &[&a, b, c])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::tile::Edge;
    use crate::engine::{HalfEdge, Pos, Side, TileKind};

    /// In English the table says each refusal as the engine writes it.
    #[test]
    fn every_refusal_reads_as_the_engines_english() {
        let p = Pos::new(-2, 3);
        for e in [
            RuleError::GameOver,
            RuleError::TileFirst,
            RuleError::FollowerStepPending,
            RuleError::BadRotation(7),
            RuleError::Occupied(p),
            RuleError::NotTouching(p),
            RuleError::EdgeMismatch {
                side: Side::W,
                mine: Edge::City,
                theirs: Edge::River,
            },
            RuleError::RiverNotContinued(p),
            RuleError::RiverUTurn { right: true },
            RuleError::RiverUTurn { right: false },
            RuleError::NoSegment(Location::Side(Side::E)),
            RuleError::NoSegment(Location::Half(HalfEdge::new(3))),
            RuleError::NoSegment(Location::Center),
            RuleError::OnRiver(Location::Center),
            RuleError::FarmersOff,
            RuleError::FeatureOccupied(Location::Side(Side::S)),
            RuleError::NoFollowersLeft,
            RuleError::NotAMonastery,
            RuleError::GardenNeedsAbbot,
            RuleError::AbbotOff,
            RuleError::AbbotAway,
            RuleError::NoAbbotAt(p),
            RuleError::AbbotFeatureComplete(p),
            RuleError::OffTable(p),
            RuleError::NoHand,
            RuleError::RiverTurnTile,
            RuleError::NotInHand(TileKind::START),
            RuleError::TileNotNamed,
        ] {
            assert_eq!(rule_words(e), crate::engine::error::text(&e), "{e:?}");
        }
    }
}
