//! A game record as the page writes and reads it: through the browser's
//! own JSON and the engine's reader over JS values (no serde deserialiser
//! in the wasm). What is kept where is the shell's ([`crate::shell::library`]).

use super::seats::Seating;
use super::to_js::to_js;
use crate::engine::{Game, Record};
use wasm_bindgen::JsValue;

/// The game record as a JS object, with the seating in its `meta`.
pub fn record_value(game: &Game, seating: &Seating) -> JsValue {
    let value = to_js(&game.record());
    seating.write(&value);
    value
}

/// Reads a game record from JSON text, with who sits in each seat, naming
/// the problem if it is not one.
pub fn read(text: &str) -> Result<(Record, Seating), String> {
    let value = js_sys::JSON::parse(text)
        .map_err(|_| String::from(super::text::t(super::text::GamesW::NotJson)))?;
    let record: Record = super::read::record(&value).map_err(|e| super::text::not_a_record(&e))?;
    let seating = Seating::from_meta(&value, record.players.len());
    Ok((record, seating))
}
