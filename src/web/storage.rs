//! Saves in localStorage that never lose a game and never stop play.
//!
//! Static hosts put many projects on one origin, so every key carries the
//! page's directory and a storage version. Writing can fail (storage full or
//! disabled): the caller gets a [`SaveError`] to tell the player, and play
//! goes on. A save that cannot be read is set aside, not deleted.

use wasm_bindgen::JsCast;
use web_sys::Storage;

/// Bumped when the shape of what is stored changes.
const STORAGE_VERSION: u32 = 1;

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum SaveError {
    /// The browser refuses storage (private mode, disabled, sandboxed).
    Unavailable,
    /// The origin's quota is used up.
    Full,
}

impl SaveError {
    pub fn message(self) -> &'static str {
        match self {
            SaveError::Unavailable => crate::shell::words::STORAGE_REFUSED,
            SaveError::Full => crate::shell::words::STORAGE_FULL,
        }
    }
}

/// The key for `name` under this page's directory, e.g. `carcassonne:/games/carcassonne/:v1:game`.
pub fn key(name: &str) -> String {
    let dir = web_sys::window()
        .and_then(|w| w.location().pathname().ok())
        .map(|mut p| {
            // Truncating at an ASCII '/' cannot split a character, and keeps
            // the string slice's panic message (and its formatting) out of the wasm.
            p.truncate(p.rfind('/').map_or(0, |i| i + 1));
            p
        })
        .unwrap_or_else(|| "/".into());
    format!("carcassonne:{dir}:v{STORAGE_VERSION}:{name}")
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

/// How many unreadable saves are kept aside, the newest ones.
pub const KEPT: usize = 3;

/// Where the `i`-th newest unreadable save of `name` is kept:
/// `NAME.unreadable`, then `NAME.unreadable.2`, `NAME.unreadable.3`.
pub fn aside(name: &str, i: usize) -> String {
    let mut k = String::from(name);
    k.push_str(".unreadable");
    if i > 0 {
        k.push('.');
        super::text::push_num(&mut k, i as u32 + 1);
    }
    k
}

/// Moves an unreadable save aside, with the time it was found, so it can
/// still be recovered by hand but no longer blocks a new game. The older
/// ones move down one place; only the oldest beyond [`KEPT`] is dropped.
/// Returns when each kept save was set aside (ISO 8601, UTC), newest first.
pub fn set_aside(name: &str) -> Vec<String> {
    let (Ok(s), Some(v)) = (storage(), load(name)) else {
        return kept(name);
    };
    for i in (1..KEPT).rev() {
        for suffix in ["", ".date"] {
            let from = key(&(aside(name, i - 1) + suffix));
            if let Ok(Some(old)) = s.get_item(&from) {
                let _ = s.set_item(&key(&(aside(name, i) + suffix)), &old);
            }
        }
    }
    let first = key(&aside(name, 0));
    let now = String::from(js_sys::Date::new_0().to_iso_string());
    if s.set_item(&first, &v).is_ok() {
        let _ = s.set_item(&(first + ".date"), &now);
        let _ = s.remove_item(&key(name));
    }
    kept(name)
}

/// When each unreadable save kept aside was found (ISO 8601, UTC, or empty
/// if unknown), newest first.
pub fn kept(name: &str) -> Vec<String> {
    (0..KEPT)
        .filter(|&i| load(&aside(name, i)).is_some())
        .map(|i| load(&(aside(name, i) + ".date")).unwrap_or_default())
        .collect()
}
