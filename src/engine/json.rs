//! A read-only view of a parsed JSON value, so that one reader
//! ([`super::read`]) serves both sides: natively over `serde_json`'s values,
//! on the page over the browser's own `JSON.parse` results (`src/web/read.rs`),
//! which keeps serde's deserialiser out of the wasm bundle.

/// What a value is, as JSON (and JS) tell them apart.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A missing key (or JS `undefined`).
    Absent,
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
    /// Anything JSON cannot hold: a JS function, symbol or bigint.
    Other,
}

pub trait Json: Sized {
    fn kind(&self) -> Kind;
    fn as_bool(&self) -> Option<bool>;
    fn as_f64(&self) -> Option<f64>;
    fn as_string(&self) -> Option<String>;
    /// The length of an array (0 for anything else).
    fn array_len(&self) -> usize;
    /// Element `i` of an array.
    fn item(&self, i: usize) -> Self;
    /// The keys of an object, in no particular order.
    fn keys(&self) -> Vec<String>;
    /// The value at `key` of an object, absent when there is none.
    fn get(&self, key: &str) -> Self;
}

/// `None` is a missing key; `serde_json` values are what the native side reads.
#[cfg(not(target_arch = "wasm32"))]
impl Json for Option<&serde_json::Value> {
    fn kind(&self) -> Kind {
        use serde_json::Value;
        match self {
            None => Kind::Absent,
            Some(Value::Null) => Kind::Null,
            Some(Value::Bool(_)) => Kind::Bool,
            Some(Value::Number(_)) => Kind::Number,
            Some(Value::String(_)) => Kind::String,
            Some(Value::Array(_)) => Kind::Array,
            Some(Value::Object(_)) => Kind::Object,
        }
    }
    fn as_bool(&self) -> Option<bool> {
        self.and_then(|v| v.as_bool())
    }
    fn as_f64(&self) -> Option<f64> {
        self.and_then(|v| v.as_f64())
    }
    fn as_string(&self) -> Option<String> {
        self.and_then(|v| v.as_str()).map(String::from)
    }
    fn array_len(&self) -> usize {
        self.and_then(|v| v.as_array()).map_or(0, Vec::len)
    }
    fn item(&self, i: usize) -> Self {
        self.and_then(|v| v.as_array()).and_then(|a| a.get(i))
    }
    fn keys(&self) -> Vec<String> {
        self.and_then(|v| v.as_object())
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    }
    fn get(&self, key: &str) -> Self {
        self.and_then(|v| v.as_object()).and_then(|o| o.get(key))
    }
}
