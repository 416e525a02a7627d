//! Game records, digest §11: the one format for saves, exports, replays and tests.

use super::game::{RecordError, RecordErrorKind};
use super::geometry::{Location, Pos};
use super::rules::Rules;
use super::state::FollowerChoice;
use serde::Serialize;

pub const FORMAT: &str = "carcassonne-record/1";

/// The largest seed a record may carry, 2^53 - 1: every JSON reader, the
/// browser's included, holds whole numbers up to it exactly, so a record
/// deals the same game everywhere.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Record {
    pub format: String,
    pub players: Vec<String>,
    pub rules: Rules,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<String>>,
    pub moves: Vec<Move>,
    /// Free-form notes (`meta`) are read past and never kept: replay ignores them.
    #[serde(skip)]
    pub meta: Option<()>,
}

/// One placed tile and what its player did with a follower.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Move {
    pub at: Pos,
    pub rotation: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub follower: Option<Location>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub abbot: Option<Location>,
    #[serde(skip_serializing_if = "Option::is_none")]
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
    pub fn validate_header(&self) -> Result<(), RecordError> {
        let header = |m| Err(RecordError::new(RecordErrorKind::Header, m));
        if self.format != FORMAT {
            return header(format!(
                "this is not a Carcassonne game record of a known version (format \"{}\", expected \"{FORMAT}\")",
                self.format
            ));
        }
        if !(2..=6).contains(&self.players.len()) {
            return header(format!(
                "a game has 2 to 6 players, this record names {}",
                self.players.len()
            ));
        }
        if self.seed.is_none() && self.deck.is_none() {
            return header(
                "the record has neither a seed nor a deck, so its draw order is unknown".into(),
            );
        }
        if self.seed.is_some_and(|s| s > MAX_SEED) {
            return header(format!("the seed must be at most {MAX_SEED}"));
        }
        Ok(())
    }

    /// Reads a record from JSON text, naming the first problem.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        let v: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| RecordError::new(RecordErrorKind::Json, e.to_string()))?;
        super::read::record(&Some(&v))
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("records always serialise")
    }
}
