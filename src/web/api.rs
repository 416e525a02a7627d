//! The JS-facing engine API: an opaque game handle whose calls take and
//! return plain JS objects. Illegal calls throw a JS `Error` carrying the
//! engine's readable message; nothing the caller sends can make it panic.

use super::to_js::to_js;
use crate::engine::compact::cat;
use crate::engine::json::{Json, Kind};
use crate::engine::record::MAX_SEED;
use crate::engine::view::GameView;
use crate::engine::{
    Action, Game, Location, Pos, RecordError, RecordErrorKind, RuleError, TileKind,
};
use js_sys::Reflect;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// A JS `Error` with `message` and a stable `code` for callers to branch on:
/// `argument` (a call's arguments are of the wrong type or shape), `rule` (a
/// rule refuses the action; `rule` then names which), or a record error's
/// kind (`json`, `field`, `header`, `deck`; `move` then holds its number).
fn error(code: &str, message: &str) -> JsValue {
    let e = js_sys::Error::new(message);
    let _ = Reflect::set(&e, &"code".into(), &code.into());
    e.into()
}

/// Arguments the engine cannot read: "`what`: `why`".
fn argument(what: &str, why: &str) -> JsValue {
    let mut m = String::from(what);
    m.push_str(": ");
    m.push_str(why);
    error("argument", &m)
}

fn rule_error(e: RuleError) -> JsValue {
    // Where no catalogue is spoken (the AI worker), the rule's code.
    let mut m = crate::shell::words::rule_words(e);
    if m.is_empty() {
        m.push_str(e.code());
    }
    let v = error("rule", &m);
    let _ = Reflect::set(&v, &"rule".into(), &e.code().into());
    v
}

/// A move as the API gives it: `{ at, rotation, tile?, action }`, the
/// follower step as the action that takes it.
#[derive(Serialize)]
struct Suggestion {
    at: Pos,
    rotation: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<TileKind>,
    action: Action,
}

impl From<crate::engine::Move> for Suggestion {
    fn from(m: crate::engine::Move) -> Suggestion {
        Suggestion {
            at: m.at,
            rotation: m.rotation,
            tile: m.tile,
            action: Action::from(m.choice),
        }
    }
}

fn record_error(e: &RecordError) -> JsValue {
    // A move's refusal in the page's language; the reader's findings as it
    // wrote them (they name a field, for the caller).
    let m = match e.kind {
        RecordErrorKind::Rule(r) => match crate::shell::words::record_refusal(e) {
            m if m.is_empty() => r.code().to_owned(),
            m => m,
        },
        _ => crate::engine::error::text(e),
    };
    let v = error(e.code(), &m);
    if let Some(n) = e.move_number {
        let _ = Reflect::set(&v, &"move".into(), &(n as f64).into());
    }
    if let RecordErrorKind::Rule(r) = e.kind {
        let _ = Reflect::set(&v, &"rule".into(), &r.code().into());
    }
    v
}

/// A board coordinate: a whole number a position can hold.
fn coordinate(v: &JsValue, what: &str) -> Result<i32, JsValue> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= f64::from(i32::MIN) && n <= f64::from(i32::MAX) => {
            Ok(n as i32)
        }
        _ => Err(argument(what, "must be a whole number")),
    }
}

/// The `x, y, location` arguments that name a feature (featureInfo, featureTiles).
fn feature_at(x: &JsValue, y: &JsValue, loc: &JsValue) -> Result<(Pos, Location), JsValue> {
    Ok((
        Pos::new(coordinate(x, "x")?, coordinate(y, "y")?),
        location(loc)?,
    ))
}

fn location(v: &JsValue) -> Result<Location, JsValue> {
    let s = v
        .as_string()
        .ok_or_else(|| argument("location", "must be a string such as \"N\" or \"NW\""))?;
    Location::parse(&s).ok_or_else(|| {
        argument(
            "location",
            &cat(&[
                "unknown location \"",
                &s,
                "\" (expected N, E, S, W, C or a half-edge such as NW)",
            ]),
        )
    })
}

fn tile_kind(v: &JsValue) -> Result<TileKind, JsValue> {
    let s = v
        .as_string()
        .ok_or_else(|| argument("tile", "must be a tile kind such as \"Vg\""))?;
    TileKind::from_name(&s)
        .ok_or_else(|| argument("tile", &cat(&["\"", &s, "\" is not a tile kind"])))
}

/// A fresh seed from the browser's cryptographic generator (getrandom:
/// `crypto.getRandomValues`, on the page and in the AI workers alike), kept
/// within the integers JS numbers hold exactly so records stay readable everywhere.
pub fn random_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64)
        & MAX_SEED
}

#[wasm_bindgen(js_name = Game)]
pub struct GameHandle {
    game: Game,
}

/// Every method takes plain JS values and checks them: a value of the wrong
/// type gets an `Error` with a `code`, never a trap (typed wasm-bindgen
/// parameters would let the glue write a non-string into memory as one).
#[wasm_bindgen(js_class = Game)]
impl GameHandle {
    /// `new Game({ players, rules?, seed? })`; a missing seed is drawn at random.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<GameHandle, JsValue> {
        let (players, rules, seed) =
            crate::engine::read::new_game(&options).map_err(|e| argument("game options", &e))?;
        let seed = seed.unwrap_or_else(random_seed);
        let game = Game::new(players, rules, seed).map_err(|e| record_error(&e))?;
        Ok(GameHandle { game })
    }

    /// Loads a game record (rules §11) given as a JS object.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(record: JsValue) -> Result<GameHandle, JsValue> {
        let r = crate::engine::read::record(&record).map_err(|e| record_error(&e))?;
        let game = Game::from_record(&r).map_err(|e| record_error(&e))?;
        Ok(GameHandle { game })
    }

    /// Loads a game record from JSON text, e.g. an imported file.
    #[wasm_bindgen(js_name = fromJson)]
    pub fn from_json(text: JsValue) -> Result<GameHandle, JsValue> {
        let Some(text) = text.as_string() else {
            return Err(argument(
                "fromJson",
                "takes the record as JSON text (a string); use fromRecord for an object",
            ));
        };
        let value = js_sys::JSON::parse(&text).map_err(|_| {
            record_error(&RecordError::new(
                RecordErrorKind::Json,
                "the file is not JSON (it may be truncated)".into(),
            ))
        })?;
        GameHandle::from_record(value)
    }
    /// Everything a player can see: board, pieces, scores, whose turn, the tile in hand.
    pub fn state(&self) -> JsValue {
        to_js(&GameView::of(&self.game))
    }

    /// Legal placements of the tile in hand: `[{ at: [x, y], rotation }]`;
    /// with a tile kind such as `"Vg"`, of that tile of the current player's
    /// hand (`[]` when it is not in it).
    #[wasm_bindgen(js_name = legalPlacements)]
    pub fn legal_placements(&self, tile: JsValue) -> Result<JsValue, JsValue> {
        let s = self.game.state();
        let placements = if tile.is_undefined() || tile.is_null() {
            s.placements()
        } else {
            s.placements_of(tile_kind(&tile)?)
        };
        #[derive(Serialize)]
        struct Placement {
            at: Pos,
            rotation: u8,
        }
        let list: Vec<Placement> = placements
            .into_iter()
            .map(|(at, rotation)| Placement { at, rotation })
            .collect();
        Ok(to_js(&list))
    }

    /// The tiles `seat` (0-based) holds, oldest first: with hands (rules
    /// §12) that seat's hand, hidden ones included (for the page to show its
    /// owner after the hand-over); else the drawn tile of the player to move.
    pub fn hand(&self, seat: JsValue) -> Result<JsValue, JsValue> {
        let s = self.game.state();
        let p = match seat.as_f64() {
            Some(n) if n.fract() == 0.0 && n >= 0.0 && n < f64::from(s.players()) => n as u8,
            _ => {
                let mut why = String::from("must be a seat number from 0 to ");
                crate::shell::words::push_num(&mut why, u32::from(s.players()) - 1);
                return Err(argument("seat", &why));
            }
        };
        Ok(to_js(&s.hand(p)))
    }

    /// Legal follower and abbot spots on the tile just placed: `[{ location, role }]`.
    #[wasm_bindgen(js_name = followerSpots)]
    pub fn follower_spots(&self) -> JsValue {
        to_js(&self.game.state().follower_spots())
    }

    /// Applies an action such as `{ type: "place_tile", at: [1, 0], rotation: 1 }`,
    /// `{ type: "follower", location: "N" }`, `{ type: "abbot" }`,
    /// `{ type: "recall_abbot", at: [x, y] }` or `{ type: "skip" }`; returns the events.
    pub fn apply(&mut self, action: JsValue) -> Result<JsValue, JsValue> {
        // The engine's reader, not serde: see `super::read` for the measurement.
        let a: Action =
            crate::engine::read::action(&action).map_err(|e| argument("not an action", &e))?;
        let events = self.game.apply(a).map_err(rule_error)?;
        Ok(to_js(&events))
    }

    /// The computer's move for the current player at `level` ("random",
    /// "greedy", "easy", "medium", "hard"), reproducible for a given seed:
    /// `{ at, rotation, tile?, action }` where `tile` is the hand tile to
    /// place (with hands) and `action` the follower-step action to apply
    /// after the tile. Null when no tile is in hand.
    pub fn suggest(&self, level: JsValue, seed: JsValue) -> Result<JsValue, JsValue> {
        let (level, seed) = level_and_seed(&level, &seed, "suggest")?;
        let Some(d) = crate::ai::choose(self.game.state(), level, seed) else {
            return Ok(JsValue::NULL);
        };
        Ok(to_js(&Suggestion::from(d)))
    }

    /// The computer's judgement of move `index` (0-based) of this game
    /// (`ai::analysis`, as `carcassonne analyse` prints it): `{ player,
    /// played, best, playedMargin, bestMargin, cost, label }`, the moves as
    /// [`Game::suggest`] gives them, margins and cost in points, `label`
    /// one of "good", "inaccuracy", "mistake", "blunder". The same record
    /// always gets the same answer. Null past the last move.
    #[wasm_bindgen(js_name = analyseMove)]
    pub fn analyse_move(&self, index: JsValue) -> Result<JsValue, JsValue> {
        let i = match index.as_f64() {
            Some(i) if i.fract() == 0.0 && i >= 0.0 => i as usize,
            _ => return Err(argument("index", "must be a whole number from 0")),
        };
        let mut record = self.game.record();
        let Some(&played) = record.moves.get(i) else {
            return Ok(JsValue::NULL);
        };
        record.moves.truncate(i);
        let before = Game::from_record(&record).map_err(|e| record_error(&e))?;
        let seed = crate::ai::analysis::seed(&record, i);
        let Some(r) = crate::ai::analysis::review(before.state(), played, seed) else {
            return Ok(JsValue::NULL);
        };
        #[derive(Serialize)]
        #[serde(rename_all = "camelCase")]
        struct Judged {
            player: u8,
            played: Suggestion,
            best: Suggestion,
            played_margin: f64,
            best_margin: f64,
            cost: f64,
            label: &'static str,
        }
        Ok(to_js(&Judged {
            player: r.player,
            played: r.played.into(),
            best: r.best.into(),
            played_margin: r.played_margin,
            best_margin: r.best_margin,
            cost: r.cost,
            label: r.label.name(),
        }))
    }

    /// Part `part` of `level`'s search for the current player's move, with
    /// `seed` as for [`Game::suggest`]: the visits the page adds up into the
    /// move (the AI workers run one part each). Null when no tile is in hand
    /// or the level does not search in parts.
    #[wasm_bindgen(js_name = suggestPart)]
    pub fn suggest_part(
        &self,
        level: JsValue,
        seed: JsValue,
        part: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (level, seed) = level_and_seed(&level, &seed, "suggestPart")?;
        let part = match part.as_f64() {
            Some(p) if p.fract() == 0.0 && p >= 0.0 => p,
            _ => return Err(argument("part", "must be a whole number from 0")),
        };
        if part >= f64::from(crate::ai::parts(level)) {
            return Ok(JsValue::NULL);
        }
        let part = part as u32;
        Ok(crate::ai::part(self.game.state(), level, seed, part)
            .map_or(JsValue::NULL, |v| js_sys::Uint32Array::from(&v[..]).into()))
    }

    /// Takes back this turn's tile, or else the last turn. Returns false if there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Replays the last undone turn; returns its events, or null when there is nothing to redo.
    pub fn redo(&mut self) -> JsValue {
        let mut events = Vec::new();
        if self.game.redo(&mut events) {
            to_js(&events)
        } else {
            JsValue::NULL
        }
    }

    /// The game record of every completed turn, as a JS object.
    pub fn record(&self) -> JsValue {
        to_js(&self.game.record())
    }

    /// The game record as JSON text, for export.
    #[wasm_bindgen(js_name = recordJson)]
    pub fn record_json(&self) -> String {
        js_sys::JSON::stringify_with_replacer_and_space(
            &self.record(),
            &JsValue::NULL,
            &JsValue::from(2),
        )
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
    }

    /// The result object of rules §11 (what `carcassonne replay` prints).
    pub fn result(&self) -> JsValue {
        to_js(&self.game.result())
    }

    /// The feature at `[x, y]` and `location`: `{ category, complete, value, owners, tiles }`, or null.
    #[wasm_bindgen(js_name = featureInfo)]
    pub fn feature_info(
        &self,
        x: JsValue,
        y: JsValue,
        location: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (at, loc) = feature_at(&x, &y, &location)?;
        Ok(to_js(&self.game.state().feature_info(at, loc)))
    }

    /// Positions of the tiles of the feature at `[x, y]` and `location`, for highlighting.
    #[wasm_bindgen(js_name = featureTiles)]
    pub fn feature_tiles(
        &self,
        x: JsValue,
        y: JsValue,
        location: JsValue,
    ) -> Result<JsValue, JsValue> {
        let (at, loc) = feature_at(&x, &y, &location)?;
        Ok(to_js(&self.game.state().feature_tiles(at, loc)))
    }
}

/// A computer level's name and a search seed, as `suggest` takes them.
fn level_and_seed(
    level: &JsValue,
    seed: &JsValue,
    call: &str,
) -> Result<(crate::ai::Level, u64), JsValue> {
    let level = level
        .as_string()
        .ok_or_else(|| argument("level", "must be a string such as \"hard\""))?;
    let level = crate::ai::Level::parse(&level)
        .ok_or_else(|| argument("level", &cat(&["unknown computer level \"", &level, "\""])))?;
    if seed.kind() != Kind::Number {
        return Err(argument("seed", "must be a number"));
    }
    let seed = crate::engine::read::seed(seed).map_err(|e| argument(call, &e))?;
    Ok((level, seed))
}
