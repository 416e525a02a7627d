//! Why an action was refused, in words a player can read.

use super::geometry::{Location, Pos, Side};
use super::tile::{Edge, TileKind};
use core::fmt;

/// Any error's message as text. One body for every error type (where each
/// `to_string` would be its own copy in the wasm).
pub fn text(e: &dyn fmt::Display) -> String {
    let mut s = String::new();
    let _ = fmt::write(&mut s, format_args!("{e}"));
    s
}

/// A bad rotation, whatever it is: read from a record or an action
/// (not a whole number from 0 to 255) or refused by the rules (4 and up).
pub const ROTATION: &str = "rotation must be 0, 1, 2 or 3";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RuleError {
    /// The game has ended; nothing more can be played.
    GameOver,
    /// A tile must be placed before choosing a follower.
    TileFirst,
    /// The tile is down; the follower step (or a skip) comes next.
    FollowerStepPending,
    BadRotation(u8),
    Occupied(Pos),
    NotTouching(Pos),
    EdgeMismatch {
        side: Side,
        mine: Edge,
        theirs: Edge,
    },
    RiverNotContinued(Pos),
    RiverUTurn {
        right: bool,
    },
    NoSegment(Location),
    OnRiver(Location),
    FarmersOff,
    FeatureOccupied(Location),
    NoFollowersLeft,
    NotAMonastery,
    GardenNeedsAbbot,
    AbbotOff,
    AbbotAway,
    NoAbbotAt(Pos),
    AbbotFeatureComplete(Pos),
    /// The position is off the table (rules §12 `table`).
    OffTable(Pos),
    /// A move names its tile, but players hold no hand in this game.
    NoHand,
    /// A move names its tile on a river turn, whose tile is drawn.
    RiverTurnTile,
    /// The named tile is not in the player's hand.
    NotInHand(TileKind),
    /// The hand holds several kinds, so the move must name its tile.
    TileNotNamed,
}

impl RuleError {
    /// A short stable name for the rule, for callers that branch on it
    /// (the page's error objects carry it as `rule`).
    pub fn code(&self) -> &'static str {
        use RuleError::*;
        match self {
            GameOver => "game_over",
            TileFirst => "tile_first",
            FollowerStepPending => "follower_step_pending",
            BadRotation(_) => "bad_rotation",
            Occupied(_) => "occupied",
            NotTouching(_) => "not_touching",
            EdgeMismatch { .. } => "edge_mismatch",
            RiverNotContinued(_) => "river_not_continued",
            RiverUTurn { .. } => "river_u_turn",
            NoSegment(_) => "no_segment",
            OnRiver(_) => "on_river",
            FarmersOff => "farmers_off",
            FeatureOccupied(_) => "feature_occupied",
            NoFollowersLeft => "no_followers_left",
            NotAMonastery => "not_a_monastery",
            GardenNeedsAbbot => "garden_needs_abbot",
            AbbotOff => "abbot_off",
            AbbotAway => "abbot_away",
            NoAbbotAt(_) => "no_abbot_at",
            AbbotFeatureComplete(_) => "abbot_feature_complete",
            OffTable(_) => "off_table",
            NoHand => "no_hand",
            RiverTurnTile => "river_turn_tile",
            NotInHand(_) => "not_in_hand",
            TileNotNamed => "tile_not_named",
        }
    }
}

/// The refusal in English, for records, the CLI and the tests. The page
/// says it from its catalogue (`shell::words::rule_words`), so the wasm
/// carries no copy.
#[cfg(not(target_arch = "wasm32"))]
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RuleError::*;
        match *self {
            GameOver => write!(f, "the game is over"),
            TileFirst => write!(f, "place the drawn tile first"),
            FollowerStepPending => {
                write!(
                    f,
                    "the tile is already placed: choose a follower spot or skip"
                )
            }
            BadRotation(_) => f.write_str(ROTATION),
            Occupied(p) => write!(f, "there is already a tile at {p}"),
            NotTouching(p) => write!(
                f,
                "the tile at {p} must touch a placed tile along an edge, not only at a corner"
            ),
            EdgeMismatch { side, mine, theirs } => write!(
                f,
                "the {} edge is {} but its neighbour shows {}",
                side.word(),
                mine.word(),
                theirs.word()
            ),
            RiverNotContinued(p) => write!(
                f,
                "a river tile must continue the river at its open end, which is at {p}"
            ),
            RiverUTurn { right } => write!(
                f,
                "the river may not turn {} twice in a row: that would make a U-turn",
                if right { "right" } else { "left" }
            ),
            NoSegment(l) => match l {
                Location::Side(s) => {
                    write!(f, "this tile has no road or city on its {} edge", s.word())
                }
                Location::Half(h) => write!(f, "this tile has no field at {}", h.name()),
                Location::Center => write!(f, "this tile has no monastery or garden in its centre"),
            },
            OnRiver(_) => write!(f, "followers may not stand on the river"),
            FarmersOff => write!(f, "farmers are switched off in this game"),
            FeatureOccupied(l) => write!(
                f,
                "the feature at {l} already has a follower on it, somewhere along its length"
            ),
            NoFollowersLeft => write!(f, "you have no followers left in your supply"),
            NotAMonastery => write!(f, "the abbot goes only on this tile's monastery or garden"),
            GardenNeedsAbbot => write!(f, "only the abbot may stand on a garden"),
            AbbotOff => write!(f, "the abbot is not in play in this game"),
            AbbotAway => write!(f, "your abbot is already on the board"),
            NoAbbotAt(p) => write!(f, "you have no abbot at {p} to take back"),
            AbbotFeatureComplete(p) => write!(
                f,
                "the abbot at {p} cannot be recalled: this tile completes it, so it scores 9"
            ),
            OffTable(p) => write!(f, "{p} is off the table"),
            NoHand => write!(
                f,
                "players hold no hand in this game, so a move does not name its tile"
            ),
            RiverTurnTile => write!(
                f,
                "a river turn places the river tile drawn, so it does not name a tile"
            ),
            NotInHand(k) => write!(f, "tile {} is not in the player's hand", k.name()),
            TileNotNamed => write!(
                f,
                "the hand holds tiles of several kinds: the move must name its tile"
            ),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl std::error::Error for RuleError {}
