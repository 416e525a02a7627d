//! Game records, rules §11: the one format for saves, exports, replays and tests.

pub use super::action::Move;
use super::compact::{cat, signed_text};
use super::game::{RecordError, RecordErrorKind};
use super::rules::Rules;
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

impl Record {
    /// Checks what can be checked without playing: format, players, seed or deck.
    pub fn validate_header(&self) -> Result<(), RecordError> {
        let header = |m| Err(RecordError::new(RecordErrorKind::Header, m));
        if self.format != FORMAT {
            return header(cat(&[
                "this is not a Carcassonne game record of a known version (format \"",
                &self.format,
                "\", expected \"",
                FORMAT,
                "\")",
            ]));
        }
        if !(2..=6).contains(&self.players.len()) {
            return header(cat(&[
                "a game has 2 to 6 players, this record names ",
                &signed_text(self.players.len() as i64),
            ]));
        }
        if self.seed.is_none() && self.deck.is_none() {
            return header(
                "the record has neither a seed nor a deck, so its draw order is unknown".into(),
            );
        }
        if self.seed.is_some_and(|s| s > MAX_SEED) {
            return header(cat(&[
                "the seed must be at most ",
                &signed_text(MAX_SEED as i64),
            ]));
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
