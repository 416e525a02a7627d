//! Game records, digest §11: the one format for saves, exports, replays and tests.

use super::geometry::{Location, Pos};
use super::rules::Rules;
use super::state::FollowerChoice;
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "carcassonne-record/1";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    pub format: String,
    pub players: Vec<String>,
    #[serde(default)]
    pub rules: Rules,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<String>>,
    #[serde(default)]
    pub moves: Vec<Move>,
    /// Free-form notes that replay ignores.
    #[serde(default, skip_serializing)]
    pub meta: Option<serde::de::IgnoredAny>,
}

/// One placed tile and what its player did with a follower.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Move {
    pub at: Pos,
    pub rotation: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follower: Option<Location>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub abbot: Option<Location>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recall_abbot: Option<Pos>,
}

impl Move {
    /// The follower step this move makes, or why it is malformed.
    pub fn choice(&self) -> Result<FollowerChoice, String> {
        match (self.follower, self.abbot, self.recall_abbot) {
            (None, None, None) => Ok(FollowerChoice::Skip),
            (Some(l), None, None) => Ok(FollowerChoice::Follower(l)),
            (None, Some(Location::Center), None) => Ok(FollowerChoice::Abbot),
            (None, Some(l), None) => Err(format!("\"abbot\" must be \"C\", not \"{l}\"")),
            (None, None, Some(p)) => Ok(FollowerChoice::RecallAbbot(p)),
            _ => Err("a move carries at most one of follower, abbot and recall_abbot".into()),
        }
    }

    pub fn new(at: Pos, rotation: u8, choice: FollowerChoice) -> Move {
        let mut m = Move {
            at,
            rotation,
            follower: None,
            abbot: None,
            recall_abbot: None,
        };
        match choice {
            FollowerChoice::Skip => {}
            FollowerChoice::Follower(l) => m.follower = Some(l),
            FollowerChoice::Abbot => m.abbot = Some(Location::Center),
            FollowerChoice::RecallAbbot(p) => m.recall_abbot = Some(p),
        }
        m
    }
}

impl Record {
    /// Checks what can be checked without playing: format, players, seed or deck.
    pub fn validate_header(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "this is not a Carcassonne game record of a known version (format \"{}\", expected \"{FORMAT}\")",
                self.format
            ));
        }
        if !(2..=6).contains(&self.players.len()) {
            return Err(format!(
                "a game has 2 to 6 players, this record names {}",
                self.players.len()
            ));
        }
        if self.seed.is_none() && self.deck.is_none() {
            return Err(
                "the record has neither a seed nor a deck, so its draw order is unknown".into(),
            );
        }
        Ok(())
    }

    /// Reads a record from JSON text, naming the first problem.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_json(text: &str) -> Result<Record, String> {
        let r: Record =
            serde_json::from_str(text).map_err(|e| format!("not a valid game record: {e}"))?;
        r.validate_header()?;
        Ok(r)
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records always serialise")
    }
}
