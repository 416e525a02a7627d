//! Reads plain JS values (game records, actions, new-game options) into the
//! engine's types by hand. The native side reads the same JSON with serde;
//! here serde's deserialiser would cost about 15 KB gzip of the bundle, for
//! a handful of small, fixed shapes. The rules are the same: unknown keys are
//! refused, optional keys may be missing or null, and every problem is named.

use super::text;
use crate::engine::{Action, Edition, FarmScoring, Location, Move, Pos, Record, Rules};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

type Read<T> = Result<T, String>;

fn field(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

fn is_map(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v)
}

fn problem(parts: &[&str]) -> String {
    parts.concat()
}

/// `v` must be an object whose keys are all in `known`.
fn object(v: &JsValue, what: &str, known: &[&str]) -> Read<()> {
    if !is_map(v) {
        return Err(problem(&[what, " must be an object"]));
    }
    for k in Object::keys(v.unchecked_ref::<Object>()).iter() {
        let k = k.as_string().unwrap_or_default();
        if !known.contains(&k.as_str()) {
            return Err(problem(&[
                "unknown field \"",
                &k,
                "\" in ",
                what,
                " (expected ",
                &known.join(", "),
                ")",
            ]));
        }
    }
    Ok(())
}

fn string(v: &JsValue, what: &str) -> Read<String> {
    v.as_string()
        .ok_or_else(|| problem(&[what, " must be a string"]))
}

fn boolean(v: &JsValue, what: &str) -> Read<bool> {
    v.as_bool()
        .ok_or_else(|| problem(&[what, " must be true or false"]))
}

/// A whole number from `min` to `max`.
fn whole(v: &JsValue, what: &str, min: f64, max: f64) -> Read<f64> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min && n <= max => Ok(n),
        _ => Err(problem(&[what, " must be a whole number in range"])),
    }
}

fn strings(v: &JsValue, what: &str) -> Read<Vec<String>> {
    if !Array::is_array(v) {
        return Err(problem(&[what, " must be a list of strings"]));
    }
    Array::from(v).iter().map(|s| string(&s, what)).collect()
}

fn pos(v: &JsValue, what: &str) -> Read<Pos> {
    let bad = || problem(&[what, " must be a position [x, y]"]);
    if !Array::is_array(v) {
        return Err(bad());
    }
    let a = Array::from(v);
    if a.length() != 2 {
        return Err(bad());
    }
    let limit = f64::from(i32::MAX);
    let x = whole(&a.get(0), what, -limit, limit).map_err(|_| bad())?;
    let y = whole(&a.get(1), what, -limit, limit).map_err(|_| bad())?;
    Ok(Pos::new(x as i32, y as i32))
}

fn location(v: &JsValue, what: &str) -> Read<Location> {
    let s = string(v, what)?;
    Location::parse(&s).ok_or_else(|| {
        problem(&[
            "unknown location \"",
            &s,
            "\" (expected N, E, S, W, C or a half-edge such as NW)",
        ])
    })
}

fn optional<T>(v: JsValue, read: impl FnOnce(&JsValue) -> Read<T>) -> Read<Option<T>> {
    if absent(&v) {
        Ok(None)
    } else {
        read(&v).map(Some)
    }
}

/// Rule options (digest §5); every key is optional.
pub fn rules(v: &JsValue) -> Read<Rules> {
    let mut r = Rules::default();
    if absent(v) {
        return Ok(r);
    }
    object(
        v,
        "rules",
        &[
            "edition",
            "farmers",
            "tiny_city",
            "farm_scoring",
            "river",
            "abbot",
        ],
    )?;
    if let Some(e) = optional(field(v, "edition"), |e| string(e, "edition"))? {
        r.edition = match e.as_str() {
            "c1" => Edition::C1,
            "c3" => Edition::C3,
            _ => {
                return Err(problem(&[
                    "unknown edition \"",
                    &e,
                    "\" (expected c1 or c3)",
                ]))
            }
        };
    }
    if let Some(f) = optional(field(v, "farm_scoring"), |f| string(f, "farm_scoring"))? {
        r.farm_scoring = match f.as_str() {
            "first" => FarmScoring::First,
            "third" => FarmScoring::Third,
            _ => {
                return Err(problem(&[
                    "unknown farm_scoring \"",
                    &f,
                    "\" (expected first or third)",
                ]))
            }
        };
    }
    for (key, slot) in [
        ("farmers", &mut r.farmers),
        ("tiny_city", &mut r.tiny_city),
        ("river", &mut r.river),
        ("abbot", &mut r.abbot),
    ] {
        if let Some(b) = optional(field(v, key), |b| boolean(b, key))? {
            *slot = b;
        }
    }
    Ok(r)
}

/// A shuffle seed: a whole number JS can hold exactly.
fn seed(v: &JsValue) -> Read<u64> {
    whole(v, "seed", 0.0, 9_007_199_254_740_991.0).map(|n| n as u64)
}

fn a_move(v: &JsValue, i: usize) -> Read<Move> {
    let mut what = String::from("move ");
    text::push_num(&mut what, i as u32 + 1);
    object(
        v,
        &what,
        &["at", "rotation", "follower", "abbot", "recall_abbot"],
    )?;
    Ok(Move {
        at: pos(&field(v, "at"), "at")?,
        rotation: whole(&field(v, "rotation"), "rotation", 0.0, 255.0)? as u8,
        follower: optional(field(v, "follower"), |l| location(l, "follower"))?,
        abbot: optional(field(v, "abbot"), |l| location(l, "abbot"))?,
        recall_abbot: optional(field(v, "recall_abbot"), |p| pos(p, "recall_abbot"))?,
    })
}

/// A game record (digest §11). The engine checks the rest when it replays it.
pub fn record(v: &JsValue) -> Read<Record> {
    object(
        v,
        "the record",
        &[
            "format", "players", "rules", "seed", "deck", "moves", "meta",
        ],
    )?;
    let format = string(&field(v, "format"), "format")?;
    let players = strings(&field(v, "players"), "players")?;
    let moves = match optional(field(v, "moves"), |m| {
        if Array::is_array(m) {
            Ok(Array::from(m))
        } else {
            Err(String::from("moves must be a list"))
        }
    })? {
        Some(list) => list
            .iter()
            .enumerate()
            .map(|(i, m)| a_move(&m, i))
            .collect::<Read<Vec<Move>>>()?,
        None => Vec::new(),
    };
    Ok(Record {
        format,
        players,
        rules: rules(&field(v, "rules"))?,
        seed: optional(field(v, "seed"), seed)?,
        deck: optional(field(v, "deck"), |d| strings(d, "deck"))?,
        moves,
        meta: None,
    })
}

/// An action, `{ type: "place_tile", at, rotation }` and the rest (see `Action`).
pub fn action(v: &JsValue) -> Read<Action> {
    let kind = string(&field(v, "type"), "type")?;
    let a = match kind.as_str() {
        "place_tile" => {
            object(v, "place_tile", &["type", "at", "rotation"])?;
            Action::PlaceTile {
                at: pos(&field(v, "at"), "at")?,
                rotation: whole(&field(v, "rotation"), "rotation", 0.0, 255.0)? as u8,
            }
        }
        "follower" => {
            object(v, "follower", &["type", "location"])?;
            Action::Follower {
                location: location(&field(v, "location"), "location")?,
            }
        }
        "abbot" => {
            object(v, "abbot", &["type"])?;
            Action::Abbot
        }
        "recall_abbot" => {
            object(v, "recall_abbot", &["type", "at"])?;
            Action::RecallAbbot {
                at: pos(&field(v, "at"), "at")?,
            }
        }
        "skip" => {
            object(v, "skip", &["type"])?;
            Action::Skip
        }
        _ => {
            return Err(problem(&[
                "unknown action type \"",
                &kind,
                "\" (expected place_tile, follower, abbot, recall_abbot or skip)",
            ]))
        }
    };
    Ok(a)
}

/// New-game options: `{ players, rules?, seed? }`.
pub fn new_game(v: &JsValue) -> Read<(Vec<String>, Rules, Option<u64>)> {
    object(v, "game options", &["players", "rules", "seed"])?;
    Ok((
        strings(&field(v, "players"), "players")?,
        rules(&field(v, "rules"))?,
        optional(field(v, "seed"), seed)?,
    ))
}

/// The AI worker's answer: `{ id, move?: { at, rotation, action }, ms?, error? }`.
pub struct Answer {
    pub id: u32,
    pub reply: Result<(Pos, u8, Action), String>,
    pub ms: f64,
}

pub fn answer(v: &JsValue) -> Read<Answer> {
    let id = whole(&field(v, "id"), "id", 0.0, f64::from(u32::MAX))? as u32;
    let ms = field(v, "ms").as_f64().unwrap_or(0.0);
    let mv = field(v, "move");
    let reply = if is_map(&mv) {
        Ok((
            pos(&field(&mv, "at"), "at")?,
            whole(&field(&mv, "rotation"), "rotation", 0.0, 3.0)? as u8,
            action(&field(&mv, "action"))?,
        ))
    } else {
        Err(field(v, "error")
            .as_string()
            .unwrap_or_else(|| "the worker found no move".into()))
    };
    Ok(Answer { id, reply, ms })
}
