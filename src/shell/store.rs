//! The port to what the browser keeps for the game: text under names
//! (localStorage on the page), the clock, this tab's id, and the game
//! record's JSON text. The games list's policy ([`super::library`]) is
//! written against it, so native tests run that policy over [`MemStore`],
//! a fake that two tabs can share and that can be filled up.

use super::seats::Seating;
use crate::engine::{Game, Record};

/// Why text could not be kept.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum SaveError {
    /// The browser refuses storage (private mode, disabled, sandboxed).
    Unavailable,
    /// The origin's quota is used up.
    Full,
}

impl SaveError {
    /// What the player is told.
    pub fn message(self) -> &'static str {
        match self {
            SaveError::Unavailable => super::words::t(super::words::GamesW::StorageRefused),
            SaveError::Full => super::words::t(super::words::GamesW::StorageFull),
        }
    }
}

pub trait Store {
    /// The text stored under `name`, if storage works and holds some.
    fn load(&self, name: &str) -> Option<String>;
    /// Stores `value` under `name`; the previous value stays if this fails.
    fn save(&mut self, name: &str, value: &str) -> Result<(), SaveError>;
    fn remove(&mut self, name: &str);
    /// The names stored that begin with `prefix`, without it.
    fn names(&self, prefix: &str) -> Vec<String>;
    /// Milliseconds since 1970 (UTC).
    fn now(&self) -> f64;
    /// The time zone's offset from UTC at `date` (ms since 1970), in ms
    /// to add to UTC: a game saved before a change to summer time is told
    /// in the time of its day.
    fn offset(&self, date: f64) -> f64;
    /// This tab's id: the same for its reloads, another in another tab.
    fn tab(&self) -> String;
    /// A number from 0 to 999 drawn afresh, for new game ids.
    fn random(&mut self) -> u32;
    /// The game record (rules §11) as JSON text, with the seating in its `meta`.
    fn write_record(&self, game: &Game, seating: &Seating) -> Option<String>;
    /// A game record from JSON text, with who sits in each seat, naming
    /// the problem if it is not one.
    fn read_record(&self, text: &str) -> Result<(Record, Seating), String>;
}

/// "2026-11-23T14:05:09.123Z": `ms` since 1970, in UTC, as ISO 8601.
pub fn iso(ms: f64) -> String {
    let ms = ms.max(0.0) as i64;
    let (days, rest) = (ms.div_euclid(86_400_000), ms.rem_euclid(86_400_000));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let mut t = String::new();
    // `push_number`, not `to_string` (its String and formatter setup cost
    // 115 B of wasm here). Every part is at least 0 (`ms` is): no sign.
    let two = |t: &mut String, n: i64, w: usize| {
        let mut s = String::new();
        crate::engine::compact::push_number(&mut s, n as u64);
        for _ in s.len()..w {
            t.push('0');
        }
        t.push_str(&s);
    };
    two(&mut t, year, 4);
    for (sep, n, w) in [
        ('-', month, 2),
        ('-', day, 2),
        ('T', rest / 3_600_000, 2),
        (':', rest / 60_000 % 60, 2),
        (':', rest / 1000 % 60, 2),
        ('.', rest % 1000, 3),
    ] {
        t.push(sep);
        two(&mut t, n, w);
    }
    t.push('Z');
    t
}

#[cfg(not(target_arch = "wasm32"))]
pub use mem::MemStore;

#[cfg(not(target_arch = "wasm32"))]
mod mem {
    use super::{SaveError, Store};
    use crate::engine::{Game, Record};
    use crate::shell::seats::{Seating, COLOUR_WORDS};
    use std::cell::{Cell, RefCell};
    use std::collections::BTreeMap;
    use std::rc::Rc;

    /// An in-memory [`Store`] for native tests: a clock that moves only
    /// when told, an optional quota (the bytes of all values), and tabs
    /// that share one storage, as a browser's tabs share localStorage.
    pub struct MemStore {
        pub data: Rc<RefCell<BTreeMap<String, String>>>,
        pub clock: Rc<Cell<f64>>,
        /// At most this many bytes of values in all (`None`: no limit).
        pub quota: Rc<Cell<Option<usize>>>,
        /// Refuses every write, as a browser with storage switched off.
        pub refuse: bool,
        tab: String,
        draws: u32,
    }

    impl MemStore {
        /// An empty storage, with one tab `tab` on it, at a clock of `now` ms.
        pub fn new(tab: &str, now: f64) -> MemStore {
            MemStore {
                data: Rc::default(),
                clock: Rc::new(Cell::new(now)),
                quota: Rc::default(),
                refuse: false,
                tab: tab.into(),
                draws: 0,
            }
        }

        /// Another tab on the same storage and clock.
        pub fn other_tab(&self, tab: &str) -> MemStore {
            MemStore {
                data: self.data.clone(),
                clock: self.clock.clone(),
                quota: self.quota.clone(),
                refuse: false,
                tab: tab.into(),
                draws: 0,
            }
        }

        /// Moves the clock on by `ms`.
        pub fn wait(&self, ms: f64) {
            self.clock.set(self.clock.get() + ms);
        }

        /// The bytes of all values stored.
        pub fn used(&self) -> usize {
            self.data.borrow().values().map(String::len).sum()
        }
    }

    impl Store for MemStore {
        fn load(&self, name: &str) -> Option<String> {
            self.data.borrow().get(name).cloned()
        }

        fn save(&mut self, name: &str, value: &str) -> Result<(), SaveError> {
            if self.refuse {
                return Err(SaveError::Unavailable);
            }
            let old = self.data.borrow().get(name).map_or(0, String::len);
            if let Some(q) = self.quota.get() {
                if self.used() - old + value.len() > q {
                    return Err(SaveError::Full);
                }
            }
            self.data.borrow_mut().insert(name.into(), value.into());
            Ok(())
        }

        fn remove(&mut self, name: &str) {
            self.data.borrow_mut().remove(name);
        }

        fn names(&self, prefix: &str) -> Vec<String> {
            self.data
                .borrow()
                .keys()
                .filter_map(|k| k.strip_prefix(prefix).map(String::from))
                .collect()
        }

        fn now(&self) -> f64 {
            self.clock.get()
        }

        /// The fake's time zone is UTC.
        fn offset(&self, _date: f64) -> f64 {
            0.0
        }

        fn tab(&self) -> String {
            self.tab.clone()
        }

        fn random(&mut self) -> u32 {
            self.draws += 1;
            self.draws % 1000
        }

        fn write_record(&self, game: &Game, seating: &Seating) -> Option<String> {
            let mut v = serde_json::to_value(game.record()).ok()?;
            let words = |w: Vec<&str>| serde_json::Value::from(w);
            let mut meta = serde_json::Map::new();
            meta.insert(
                "seats".into(),
                words(seating.seats.iter().map(|s| s.word()).collect()),
            );
            meta.insert(
                "colours".into(),
                words(
                    seating
                        .colours
                        .iter()
                        .map(|&c| COLOUR_WORDS[c as usize % 6])
                        .collect(),
                ),
            );
            if !seating.aids {
                meta.insert("aids".into(), false.into());
            }
            if !seating.numbers.is_empty() {
                let n: Vec<u8> = seating.numbers.iter().map(|n| n + 1).collect();
                meta.insert("numbers".into(), n.into());
            }
            v.as_object_mut()?.insert("meta".into(), meta.into());
            Some(v.to_string())
        }

        fn read_record(&self, text: &str) -> Result<(Record, Seating), String> {
            let v: serde_json::Value = serde_json::from_str(text).map_err(|_| {
                String::from(crate::shell::words::t(crate::shell::words::GamesW::NotJson))
            })?;
            let value = Some(&v);
            let record = crate::engine::read::record(&value)
                .map_err(|e| crate::shell::words::not_a_record(&e.detail()))?;
            let seating = Seating::from_meta(&value, record.players.len());
            Ok((record, seating))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iso_dates_are_utc_and_zero_padded() {
        assert_eq!(iso(0.0), "1970-01-01T00:00:00.000Z");
        assert_eq!(iso(1_795_349_109_123.0), "2026-11-22T12:05:09.123Z");
        assert_eq!(iso(951_782_400_000.0), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn a_full_memory_store_keeps_the_last_good_value() {
        let mut s = MemStore::new("a", 0.0);
        s.quota.set(Some(10));
        s.save("k", "12345").unwrap();
        assert_eq!(s.save("k", "123456789012"), Err(SaveError::Full));
        assert_eq!(s.load("k").as_deref(), Some("12345"));
        // The space of the value it replaces counts as free.
        s.save("k", "1234567890").unwrap();
        let mut b = s.other_tab("b");
        assert_eq!(b.load("k").as_deref(), Some("1234567890"), "tabs share it");
        b.remove("k");
        assert_eq!(s.load("k"), None);
    }
}
