//! The browser's side of the one reader ([`crate::engine::read`]): the
//! JS values `JSON.parse` (or a caller of the API) hands us, seen through the
//! engine's [`Json`] view.
//!
//! Kept over `serde_wasm_bindgen::from_value`, measured for actions alone (a
//! derived `Deserialize`): +26,463 B gzip, and it failed the API fuzz test (a
//! cyclic object overflows the stack and a throwing getter unwinds through Rust,
//! neither caught) with vaguer words ("expected u8", no field named).

use crate::engine::json::{Json, Kind};
use crate::engine::read::{action, pos};
use crate::engine::{Action, Pos, Record, TileKind};
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

type Read<T> = Result<T, String>;

// Hostile values (a revoked Proxy, a throwing trap) make even these throw;
// caught here, so an exception never unwinds through Rust frames mid-call.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn is_array(v: &JsValue) -> Result<bool, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn object_keys(v: &JsValue) -> Result<Array, JsValue>;
    // Throws (a URIError) exactly when the string holds a lone surrogate.
    #[wasm_bindgen(catch, js_name = encodeURIComponent)]
    fn encode_uri_component(s: &js_sys::JsString) -> Result<JsValue, JsValue>;
}

fn array(v: &JsValue) -> bool {
    is_array(v).unwrap_or(false)
}

impl Json for JsValue {
    fn kind(&self) -> Kind {
        if self.is_undefined() {
            Kind::Absent
        } else if self.is_null() {
            Kind::Null
        } else if self.as_bool().is_some() {
            Kind::Bool
        } else if self.as_f64().is_some() {
            Kind::Number
        } else if self.is_string() {
            Kind::String
        } else if array(self) {
            Kind::Array
        } else if self.is_object() {
            Kind::Object
        } else {
            Kind::Other
        }
    }
    fn as_bool(&self) -> Option<bool> {
        JsValue::as_bool(self)
    }
    fn as_f64(&self) -> Option<f64> {
        JsValue::as_f64(self)
    }
    fn as_string(&self) -> Option<String> {
        // A lone surrogate has no UTF-8 form: refused, as serde_json refuses it.
        // Found by JS's own encoder, not `JsString::is_valid_utf16`, which
        // decodes in Rust a code unit at a time (and costs 0.2 KB gzip more).
        let s = self.dyn_ref::<js_sys::JsString>()?;
        encode_uri_component(s).ok()?;
        s.as_string()
    }
    fn array_len(&self) -> usize {
        // Not `Array::from`, which would copy: a hostile array may claim
        // billions of empty slots.
        if !array(self) {
            return 0;
        }
        Reflect::get(self, &"length".into())
            .ok()
            .and_then(|n| n.as_f64())
            .map_or(0, |n| n as usize)
    }
    fn item(&self, i: usize) -> JsValue {
        if !array(self) {
            return JsValue::UNDEFINED;
        }
        Reflect::get_u32(self, i as u32).unwrap_or(JsValue::UNDEFINED)
    }
    fn keys(&self) -> Vec<String> {
        if !self.is_object() {
            return Vec::new();
        }
        object_keys(self).map_or_else(
            |_| vec![String::from("(unreadable keys)")],
            |keys| {
                keys.iter()
                    .map(|k| k.as_string().unwrap_or_default())
                    .collect()
            },
        )
    }
    fn get(&self, key: &str) -> JsValue {
        if !self.is_object() {
            return JsValue::UNDEFINED;
        }
        Reflect::get(self, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
    }
}

/// A game record, with the problem in words (saves show it to the player).
pub fn record(v: &JsValue) -> Read<Record> {
    crate::engine::read::record(v).map_err(|e| e.detail())
}

fn whole(v: &JsValue, what: &str, max: f64) -> Read<f64> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= 0.0 && n <= max => Ok(n),
        _ => Err(crate::engine::compact::cat(&[
            what,
            " must be a whole number",
        ])),
    }
}

/// A worker's part of a search in parts: `{ id, part, visits, ms? }`, the
/// visits a `Uint32Array`.
pub struct Part {
    pub id: u32,
    pub part: usize,
    pub visits: Vec<u32>,
    pub ms: f64,
}

/// `Ok(None)` when the message carries no visits (it is an answer).
pub fn part(v: &JsValue) -> Read<Option<Part>> {
    let visits = v.get("visits");
    let Some(visits) = visits.dyn_ref::<js_sys::Uint32Array>() else {
        return Ok(None);
    };
    Ok(Some(Part {
        id: whole(&v.get("id"), "id", f64::from(u32::MAX))? as u32,
        part: whole(&v.get("part"), "part", 64.0)? as usize,
        visits: numbers(visits),
        ms: v.get("ms").as_f64().unwrap_or(0.0),
    }))
}

/// A typed array's numbers, copied in one go as `to_vec` copies them
/// (element by element was too slow for a hard computer's visits: 50–110 ms
/// tasks on the page). Not `to_vec` itself: it asserts the lengths agree,
/// which brings `usize`'s Debug formatting into the wasm, about 500 B gzip.
pub fn numbers(a: &js_sys::Uint32Array) -> Vec<u32> {
    let mut v = vec![0u32; a.length() as usize];
    // SAFETY: the view covers exactly `v`, and nothing allocates between
    // making it and copying into it, so wasm memory cannot grow (which would
    // detach the view's buffer) in between.
    unsafe { js_sys::Uint32Array::view_mut_raw(v.as_mut_ptr(), v.len()) }.set(a, 0);
    v
}

/// The AI worker's answer: `{ id, move?: { at, rotation, action }, ms?, error? }`.
pub struct Answer {
    pub id: u32,
    /// Where, how turned, the hand tile named (rules §12) and the follower step.
    pub reply: Result<(Pos, u8, Option<TileKind>, Action), String>,
    pub ms: f64,
}

pub fn answer(v: &JsValue) -> Read<Answer> {
    let id = whole(&v.get("id"), "id", f64::from(u32::MAX))? as u32;
    let ms = v.get("ms").as_f64().unwrap_or(0.0);
    let mv = v.get("move");
    let reply = if mv.kind() == Kind::Object {
        Ok((
            pos(&mv.get("at"), "at")?,
            whole(&mv.get("rotation"), "rotation", 3.0)? as u8,
            match mv.get("tile").as_string() {
                Some(t) => Some(TileKind::from_name(&t).ok_or("tile: not a tile kind")?),
                None => None,
            },
            action(&mv.get("action"))?,
        ))
    } else {
        Err(v.get("error").as_string().unwrap_or_else(|| {
            crate::shell::words::t(crate::shell::words::GamesW::WorkerNoMove).into()
        }))
    };
    Ok(Answer { id, reply, ms })
}
