//! A game of the list, saved after every turn and resumed on load. The save
//! is the game record itself (rules §11), so resuming replays it exactly;
//! beside it, the turn in progress. `games` says which key is whose.

use super::seats::Seating;
use super::storage::{self, SaveError};
use super::to_js::to_js;
use crate::engine::{Game, Record};
use crate::shell::in_progress::Pending;
use wasm_bindgen::JsValue;

use super::games::{key, record_key};

/// A tile confirmed this turn before its follower step, as `turn,x,y,rotation`,
/// then with a hand (a house rule) `,n`, the number of the tile's kind
/// (under `pending.<id>`).
const PENDING: &str = "pending";
/// The tile lying unconfirmed on the board this turn, the same way.
const CANDIDATE: &str = "candidate";

/// The game record as a JS object, with the seating in its `meta`.
pub fn record_value(game: &Game, seating: &Seating) -> JsValue {
    let value = to_js(&game.record());
    seating.write(&value);
    value
}

/// Writes a tile laid this turn under `key` ([`Pending::write`]).
fn write_spot(key: &str, game: &Game, p: Pending) {
    let _ = storage::save(key, &p.write(game.moves().len()));
}

/// The tile kept under `key`, if it belongs to this very turn.
fn read_spot(key: &str, game: &Game) -> Option<Pending> {
    Pending::read(&storage::load(key)?, game.moves().len())
}

/// Keeps the tile just confirmed, so a reload in the follower step finds it
/// where it was. Best effort: without it the tile goes back to hand.
pub fn save_pending(id: &str, game: &Game) {
    storage::remove(&key(CANDIDATE, id));
    if let Some((at, rotation)) = game.pending() {
        // Which tile of a hand it was: the oldest is not always the one laid.
        let kind = game
            .state()
            .last_placed()
            .filter(|_| game.state().hands_dealt())
            .map(|p| p.kind);
        write_spot(&key(PENDING, id), game, Pending { at, rotation, kind });
    }
}

/// Keeps where the tile lies unconfirmed, and which tile of a hand it is
/// (or that it is in hand), so a reload shows it there again.
pub fn save_candidate(id: &str, game: &Game, candidate: Option<Pending>) {
    let k = key(CANDIDATE, id);
    match candidate {
        Some(p) => write_spot(&k, game, p),
        None => storage::remove(&k),
    }
}

/// Where the tile lay unconfirmed this turn before the page was reloaded.
pub fn candidate(id: &str, game: &Game) -> Option<Pending> {
    read_spot(&key(CANDIDATE, id), game)
}

/// The tile confirmed this turn before the page was reloaded, if it
/// belongs to this very turn (the table decides whether it goes back).
pub fn pending(id: &str, game: &Game) -> Option<Pending> {
    read_spot(&key(PENDING, id), game)
}

/// Writes the record of every completed turn, as game `id`.
pub fn save(id: &str, game: &Game, seating: &Seating) -> Result<(), SaveError> {
    storage::remove(&key(PENDING, id));
    storage::remove(&key(CANDIDATE, id));
    let value = record_value(game, seating);
    let text = js_sys::JSON::stringify(&value)
        .ok()
        .and_then(|s| s.as_string())
        .ok_or(SaveError::Unavailable)?;
    storage::save(&record_key(id), &text)
}

/// Reads a game record from JSON text, with who sits in each seat, naming
/// the problem if it is not one.
pub fn read(text: &str) -> Result<(Record, Seating), String> {
    let value = js_sys::JSON::parse(text).map_err(|_| String::from(super::text::NOT_JSON))?;
    let record: Record = super::read::record(&value).map_err(|e| super::text::not_a_record(&e))?;
    let seating = Seating::from_meta(&value, record.players.len());
    Ok((record, seating))
}

/// As [`read`], and the game played from the record.
pub fn parse(text: &str) -> Result<(Game, Seating), String> {
    let (record, seating) = read(text)?;
    let game = Game::from_record(&record).map_err(|e| crate::engine::error::text(&e))?;
    Ok((game, seating))
}

/// Game `id` of the list, as its record has it. An unreadable save is set aside, never thrown away (the newest
/// few are kept, with when they were found), and the player is told why
/// and what was kept; a game no longer stored is said to be gone.
pub fn load(id: &str) -> Result<(Game, Seating), String> {
    let k = record_key(id);
    let text = storage::load(&k).ok_or(super::text::GAME_GONE)?;
    parse(&text).map_err(|e| unreadable(&k, &e))
}

/// Sets the unreadable save under `name` aside and says so: why (`e`),
/// and when each kept one was found.
pub fn unreadable(name: &str, e: &str) -> String {
    let kept = storage::set_aside(name);
    // "2026-11-23T14:05:09.123Z" is shown "2026-11-23 14:05".
    let dates: Vec<Option<String>> = kept
        .iter()
        .map(|t| {
            t.get(..16)
                .map(|d| d.chars().map(|c| if c == 'T' { ' ' } else { c }).collect())
        })
        .collect();
    let kept = (!dates.is_empty()).then_some(&dates[..]);
    super::text::save_unreadable(e, kept, storage::KEPT)
}
