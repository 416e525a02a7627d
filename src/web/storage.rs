//! The shell's [`Store`] port on the page: localStorage, the browser's
//! clock and JSON, and this tab's id.
//!
//! Static hosts put many projects on one origin, so every key carries the
//! page's directory and a storage version. Writing can fail (storage full or
//! disabled): the caller gets a [`SaveError`] to tell the player, and play
//! goes on.

use crate::engine::{Game, Record};
use crate::shell::seats::Seating;
pub use crate::shell::store::{SaveError, Store};
use wasm_bindgen::JsCast;
use web_sys::Storage;

/// Bumped when the shape of what is stored changes.
const STORAGE_VERSION: u32 = 1;

/// The page's storage, as the shell's [`Store`].
pub struct LocalStore;

impl Store for LocalStore {
    fn load(&self, name: &str) -> Option<String> {
        load(name)
    }

    fn save(&mut self, name: &str, value: &str) -> Result<(), SaveError> {
        save(name, value)
    }

    fn remove(&mut self, name: &str) {
        remove(name);
    }

    fn names(&self, prefix: &str) -> Vec<String> {
        let prefix = key(prefix);
        let mut names = Vec::new();
        let Ok(s) = storage() else {
            return names;
        };
        for i in 0..s.length().unwrap_or(0) {
            if let Some(k) = s.key(i).ok().flatten() {
                if let Some(rest) = k.strip_prefix(&prefix) {
                    names.push(rest.to_string());
                }
            }
        }
        names
    }

    fn now(&self) -> f64 {
        js_sys::Date::now()
    }

    fn offset(&self, date: f64) -> f64 {
        // getTimezoneOffset is UTC minus local, in minutes.
        -js_sys::Date::new(&date.into()).get_timezone_offset() * 60_000.0
    }

    fn tab(&self) -> String {
        super::games::tab()
    }

    fn random(&mut self) -> u32 {
        (js_sys::Math::random() * 1000.0) as u32
    }

    fn write_record(&self, game: &Game, seating: &Seating) -> Option<String> {
        let value = super::saves::record_value(game, seating);
        js_sys::JSON::stringify(&value).ok()?.as_string()
    }

    fn read_record(&self, text: &str) -> Result<(Record, Seating), String> {
        super::saves::read(text)
    }
}

/// The key for `name` under this page's directory, e.g. `carcassonne:/games/carcassonne/:v1:game`.
pub fn key(name: &str) -> String {
    // A page's path starts with '/': none, as in a worker, is "/".
    let dir = Some(super::dom::location("pathname"))
        .filter(|p| !p.is_empty())
        .map(|mut p| {
            // Truncating at an ASCII '/' cannot split a character, and keeps
            // the string slice's panic message (and its formatting) out of the wasm.
            p.truncate(crate::engine::compact::rfind(&p, "/").map_or(0, |i| i + 1));
            p
        })
        .unwrap_or_else(|| "/".into());
    let v = crate::engine::compact::signed_text(i64::from(STORAGE_VERSION));
    crate::engine::compact::cat(&["carcassonne:", &dir, ":v", &v, ":", name])
}

fn storage() -> Result<Storage, SaveError> {
    // local_storage() itself throws when storage is disabled.
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or(SaveError::Unavailable)
}

/// Stores `value` under `name`; the previous value stays if this fails.
pub fn save(name: &str, value: &str) -> Result<(), SaveError> {
    let s = storage()?;
    s.set_item(&key(name), value).map_err(|e| {
        let quota = e
            .dyn_ref::<web_sys::DomException>()
            .map(|d| d.name() == "QuotaExceededError" || d.code() == 22)
            .unwrap_or(false);
        if quota {
            SaveError::Full
        } else {
            SaveError::Unavailable
        }
    })
}

/// The stored value under `name`, if storage works and holds one.
pub fn load(name: &str) -> Option<String> {
    storage().ok()?.get_item(&key(name)).ok().flatten()
}

pub fn remove(name: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(&key(name));
    }
}
