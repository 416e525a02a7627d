//! Who sits in each seat: a person, or the computer at a level. Kept in the
//! game record's free-form `meta` object (digest §11), so a save, an export
//! or an import brings its computer players back with it; `replay` ignores it.

use crate::ai::Level;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Seat {
    Human,
    Computer(Level),
}

impl Seat {
    /// The word used in records and in the remembered setup.
    pub fn word(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Computer(level) => level.name(),
        }
    }

    /// Reads a word; only the levels a table can choose are accepted.
    pub fn parse(s: &str) -> Option<Seat> {
        match s {
            "human" => Some(Seat::Human),
            "easy" | "medium" | "hard" => Level::parse(s).map(Seat::Computer),
            _ => None,
        }
    }

    pub fn is_computer(self) -> bool {
        self != Seat::Human
    }
}

/// Every seat a person: games from before computer players, or from other tools.
pub fn all_human(players: usize) -> Vec<Seat> {
    vec![Seat::Human; players]
}

/// Adds `meta: { seats: [...] }` to a record given as a JS object.
pub fn write(record: &JsValue, seats: &[Seat]) {
    let list = Array::new();
    for s in seats {
        list.push(&JsValue::from_str(s.word()));
    }
    let meta = Object::new();
    let _ = Reflect::set(&meta, &"seats".into(), &list);
    let _ = Reflect::set(record, &"meta".into(), &meta);
}

/// The seats a record names in `meta.seats`. Anything missing, unknown or of
/// the wrong length means people in every seat: `meta` is free-form, so a
/// foreign note there must not stop a game from loading.
pub fn read(record: &JsValue, players: usize) -> Vec<Seat> {
    let list = Reflect::get(record, &"meta".into())
        .and_then(|m| Reflect::get(&m, &"seats".into()))
        .ok()
        .filter(Array::is_array)
        .map(|v| Array::from(&v));
    let seats: Option<Vec<Seat>> = list.and_then(|l| {
        l.iter()
            .map(|v| v.as_string().and_then(|s: String| Seat::parse(&s)))
            .collect()
    });
    match seats {
        Some(s) if s.len() == players => s,
        _ => all_human(players),
    }
}
