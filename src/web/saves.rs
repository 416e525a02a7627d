//! The game in progress, saved after every turn and resumed on load. The save
//! is the game record itself (digest §11), so resuming replays it exactly.

use super::storage::{self, SaveError};
use crate::engine::{Game, Record};
use serde::Serialize;

const GAME: &str = "game";

/// Writes the record of every completed turn.
pub fn save(game: &Game) -> Result<(), SaveError> {
    let value = game
        .record()
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|_| SaveError::Unavailable)?;
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or(SaveError::Unavailable)?;
    storage::save(GAME, &text)
}

/// Reads a game record from JSON text, naming the problem if it is not one.
pub fn parse(text: &str) -> Result<Game, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| {
        String::from("not a valid game record: the file is not JSON (it may be truncated)")
    })?;
    let record: Record = serde_wasm_bindgen::from_value(value).map_err(|e| {
        let mut m = String::from("not a valid game record: ");
        m.push_str(&e.to_string());
        m
    })?;
    Game::from_record(&record).map_err(|e| e.to_string())
}

/// The saved game, if there is one. An unreadable save is set aside, never
/// thrown away, and the reason comes back for the player.
pub fn load() -> Result<Option<Game>, String> {
    let Some(text) = storage::load(GAME) else {
        return Ok(None);
    };
    parse(&text)
        .map(Some)
        .inspect_err(|_| storage::set_aside(GAME))
}
