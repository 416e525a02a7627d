//! Who sits in each seat, a person or the computer at a level, and in which
//! colour. Kept in the game record's free-form `meta` object (digest §11), so
//! a save, an export or an import brings its computer players and colours
//! back with it; `replay` ignores it.

use super::board::meeple_art::COLOUR_WORDS;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

pub use crate::shell::seats::{Seat, Seating};

impl Seating {
    /// Adds `meta: { seats: [...], colours: [...] }` to a record given as a
    /// JS object, and `aids: false` for a table playing without them.
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
        let _ = Reflect::set(record, &"meta".into(), &meta);
    }

    /// The seating a record names in its `meta`. Anything missing, unknown,
    /// repeated or of the wrong length falls back to the default for that
    /// part: `meta` is free-form, so a foreign note there must not stop a game
    /// from loading.
    pub fn read(record: &JsValue, players: usize) -> Seating {
        let mut s = Seating::people(players);
        if let Some(seats) = words(record, "seats", players, Seat::parse) {
            s.seats = seats;
        }
        let colour = |w: &str| COLOUR_WORDS.iter().position(|c| *c == w).map(|i| i as u8);
        if let Some(colours) = words(record, "colours", players, colour) {
            if (0..colours.len()).all(|i| !colours[..i].contains(&colours[i])) {
                s.colours = colours;
            }
        }
        // Only a plain `false` switches the aids off.
        let aids =
            Reflect::get(record, &"meta".into()).and_then(|m| Reflect::get(&m, &"aids".into()));
        s.aids = aids.map_or(true, |a| a != JsValue::FALSE);
        s
    }
}

/// `meta[key]` as a list of `players` words, each read by `parse`.
fn words<T>(
    record: &JsValue,
    key: &str,
    players: usize,
    parse: impl Fn(&str) -> Option<T>,
) -> Option<Vec<T>> {
    let list = Reflect::get(record, &"meta".into())
        .and_then(|m| Reflect::get(&m, &key.into()))
        .ok()
        .filter(Array::is_array)?;
    let v: Option<Vec<T>> = Array::from(&list)
        .iter()
        .map(|v| v.as_string().and_then(|s: String| parse(&s)))
        .collect();
    v.filter(|v| v.len() == players)
}
