//! The game in progress, saved after every turn and resumed on load. The save
//! is the game record itself (digest §11), so resuming replays it exactly.

use super::seats::{Seat, Seating};
use super::storage::{self, SaveError};
use crate::engine::{Game, Record};
use serde::Serialize;
use wasm_bindgen::JsValue;

const GAME: &str = "game";
/// A tile confirmed this turn before its follower step, as `turn,x,y,rotation`.
const PENDING: &str = "pending";

/// The game record as a JS object, with the seating in its `meta`.
pub fn record_value(game: &Game, seating: &Seating) -> Option<JsValue> {
    let value = game
        .record()
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .ok()?;
    seating.write(&value);
    Some(value)
}

/// Keeps the tile just confirmed, so a reload in the follower step finds it
/// where it was. Best effort: without it the tile goes back to hand.
pub fn save_pending(game: &Game) {
    if let Some((at, r)) = game.pending() {
        let mut t = super::text::num(game.moves().len() as u32);
        for v in [at.x, at.y, i32::from(r)] {
            t.push(',');
            if v < 0 {
                t.push('-');
            }
            super::text::push_num(&mut t, v.unsigned_abs());
        }
        let _ = storage::save(PENDING, &t);
    }
}

/// Puts a kept tile back down, if it belongs to this very turn.
fn restore_pending(game: &mut Game) {
    let Some(t) = storage::load(PENDING) else {
        return;
    };
    let v: Vec<i64> = t.split(',').filter_map(|x| x.parse().ok()).collect();
    if let [turn, x, y, r] = v[..] {
        if turn == game.moves().len() as i64 && (0..4).contains(&r) {
            let at = crate::engine::Pos::new(x as i32, y as i32);
            let _ = game.place_tile(at, r as u8, &mut Vec::new());
        }
    }
}

/// Writes the record of every completed turn.
pub fn save(game: &Game, seating: &Seating) -> Result<(), SaveError> {
    storage::remove(PENDING);
    let value = record_value(game, seating).ok_or(SaveError::Unavailable)?;
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or(SaveError::Unavailable)?;
    storage::save(GAME, &text)
}

/// Reads a game record from JSON text, naming the problem if it is not one,
/// with who sits in each seat.
pub fn parse(text: &str) -> Result<(Game, Seating), String> {
    let value = js_sys::JSON::parse(text).map_err(|_| {
        String::from("not a valid game record: the file is not JSON (it may be truncated)")
    })?;
    let record: Record = super::read::record(&value).map_err(|e| {
        let mut m = String::from("not a valid game record: ");
        m.push_str(&e);
        m
    })?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    let seating = Seating::read(&value, game.names().len());
    Ok((game, seating))
}

/// The saved game, if there is one. An unreadable save is set aside, never
/// thrown away, and the reason comes back for the player.
pub fn load() -> Result<Option<(Game, Seating)>, String> {
    let Some(text) = storage::load(GAME) else {
        return Ok(None);
    };
    parse(&text)
        .map(|(mut g, seating)| {
            if seating.seats[g.state().current_player() as usize] == Seat::Human {
                restore_pending(&mut g);
            }
            Some((g, seating))
        })
        .inspect_err(|_| storage::set_aside(GAME))
}
