//! Who sits in each seat, a person or the computer at a level, and in which
//! colour. Kept in the game record's free-form `meta` object (digest §11), so
//! a save, an export or an import brings its computer players and colours
//! back with it; `replay` ignores it.

use super::board::meeple_art::COLOUR_WORDS;
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
}

/// The table's seats in play order: who plays each, and each one's colour
/// (an index into the six follower colours, all different).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seating {
    pub seats: Vec<Seat>,
    pub colours: Vec<u8>,
}

impl Seating {
    /// People in every seat, in the colours' own order: games from before
    /// these choices, or from other tools.
    pub fn people(players: usize) -> Seating {
        Seating {
            seats: vec![Seat::Human; players],
            colours: (0..players as u8).collect(),
        }
    }

    /// Adds `meta: { seats: [...], colours: [...] }` to a record given as a JS object.
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
        s
    }

    /// Turns the table so that seat `first` plays first.
    pub fn rotate_left(&mut self, first: usize) {
        self.seats.rotate_left(first);
        self.colours.rotate_left(first);
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
