//! Engine values as plain JS objects and arrays, through `serde_wasm_bindgen`
//! from the engine's own `Serialize` impls, the ones `serde_json` writes
//! natively: one shape for a value on both sides (`tests/wasm_to_js.rs`
//! checks the page's against `serde_json`'s).

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as the page's JS sees it: objects (not `Map`s) and `null` for
/// `None` (not `undefined`), so `JSON.stringify` gives what `serde_json` writes.
/// Every engine value serialises: its numbers are counts, coordinates and
/// seeds, the seeds within 2^53 - 1 ([`crate::engine::record::MAX_SEED`]),
/// and its map keys are words. Were one not to, it would be `null`, not a panic.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}
