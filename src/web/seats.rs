//! Who sits in each seat, a person or the computer at a level, and in which
//! colour. Kept in the game record's free-form `meta` object (rules §11), so
//! a save, an export or an import brings its computer players and colours
//! back with it; `replay` ignores it.

use crate::shell::seats::COLOUR_WORDS;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

pub use crate::shell::seats::{Seat, Seating};

impl Seating {
    /// Adds `meta: { seats: [...], colours: [...] }` to a record given as a
    /// JS object, `aids: false` for a table playing without them, and each
    /// seat's number (1 to 6) when they are not in play order.
    pub fn write(&self, record: &JsValue) {
        let meta = Object::new();
        let list = |words: &mut dyn Iterator<Item = &'static str>| {
            let a = Array::new();
            for w in words {
                a.push(&JsValue::from_str(w));
            }
            a
        };
        let seats = list(&mut self.seats.iter().map(|s| s.word()));
        let colours = list(&mut self.colours.iter().map(|&c| COLOUR_WORDS[c as usize % 6]));
        let _ = Reflect::set(&meta, &"seats".into(), &seats);
        let _ = Reflect::set(&meta, &"colours".into(), &colours);
        if !self.aids {
            let _ = Reflect::set(&meta, &"aids".into(), &JsValue::FALSE);
        }
        if !self.numbers.is_empty() {
            let a = Array::new();
            for &n in &self.numbers {
                a.push(&JsValue::from(n + 1));
            }
            let _ = Reflect::set(&meta, &"numbers".into(), &a);
        }
        let _ = Reflect::set(record, &"meta".into(), &meta);
    }
}
