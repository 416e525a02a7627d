//! The games list in localStorage: each game under its own key
//! (`games.<id>`, the record of rules §11 as `saves` writes it), its
//! claim beside it (`claim.<id>`), and the small index the list reads
//! (`games`, written by `shell::games`). A game is written only while this
//! tab's claim on it holds, and a failed write leaves every other game as
//! it was. The decisions (order, room for 20, whose claim counts) are the
//! shell's; this carries them out.

use super::saves;
use super::storage::{self, SaveError};
use crate::engine::Game;
use crate::shell::games::{self as list, Entry, Games};
use crate::shell::seats::Seating;
use crate::shell::table::Table;

/// The index's key.
const INDEX: &str = "games";
/// This tab's id, and the game it plays, kept for its reloads.
const TAB: &str = "carcassonne-tab";
const CURRENT: &str = "carcassonne-current";
/// Set while a page of this tab is open, removed as it goes (`pagehide`).
const OPEN: &str = "carcassonne-open";

/// `name.id`: a key of game `id`.
pub fn key(name: &str, id: &str) -> String {
    let mut k = String::from(name);
    k.push('.');
    k.push_str(id);
    k
}

/// The record's key.
pub fn record_key(id: &str) -> String {
    key("games", id)
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// A fresh id: the time and a random number, base 36 (no dot, no comma).
fn fresh() -> String {
    let n = js_sys::Date::now() as u64 * 1000 + (js_sys::Math::random() * 1000.0) as u64;
    let mut s = String::new();
    let mut n = n;
    while n > 0 {
        let d = (n % 36) as u8;
        s.insert(0, char::from(if d < 10 { b'0' + d } else { b'a' + d - 10 }));
        n /= 36;
    }
    s
}

thread_local! {
    static TAB_ID: std::cell::OnceCell<String> = const { std::cell::OnceCell::new() };
}

/// This tab's id: kept for the tab's life (its reloads too, through
/// sessionStorage), and the same for the page's life even without it.
/// "Duplicate tab" copies sessionStorage, id and game too, while the page
/// copied is still open (its [`OPEN`] mark set): a page that finds the
/// mark as it starts is such a copy, and starts as a new tab would, with
/// an id of its own and the start screen (the game stays the first tab's).
/// A reload finds no mark: the page before it removed it going away.
pub fn tab() -> String {
    TAB_ID.with(|c| {
        c.get_or_init(|| {
            let s = session();
            let get = |k| s.as_ref().and_then(|s| s.get_item(k).ok().flatten());
            let copy = get(OPEN).is_some();
            if let Some(t) = get(TAB).filter(|_| !copy) {
                mark_open(true);
                return t;
            }
            let t = fresh();
            if let Some(s) = s {
                let _ = s.set_item(TAB, &t);
                let _ = s.remove_item(CURRENT);
                let _ = s.remove_item(super::setup::PLAYING);
            }
            mark_open(true);
            t
        })
        .clone()
    })
}

fn mark_open(open: bool) {
    if let Some(s) = session() {
        let _ = if open {
            s.set_item(OPEN, "1")
        } else {
            s.remove_item(OPEN)
        };
    }
}

/// The game this tab played last, for a reload.
pub fn session_current() -> Option<String> {
    session()?.get_item(CURRENT).ok().flatten()
}

fn set_session_current(id: &str) {
    if let Some(s) = session() {
        let _ = s.set_item(CURRENT, id);
    }
}

pub fn index() -> Games {
    Games::read(&storage::load(INDEX).unwrap_or_default())
}

fn claim_of(id: &str) -> Option<String> {
    storage::load(&key("claim", id))
}

/// Whether this tab may write game `id`: nobody else claimed it since.
pub fn ours(id: &str) -> bool {
    list::still_ours(claim_of(id).as_deref(), &tab())
}

/// Whether another tab has game `id` open now.
pub fn elsewhere(id: &str) -> bool {
    list::open_elsewhere(claim_of(id).as_deref(), &tab(), js_sys::Date::now())
}

/// Claims game `id` for this tab: `take`, whoever had it; else only if
/// the claim is still this tab's. False if it was not. The game claimed
/// is the one this tab lets go of as it closes, and plays on a reload.
pub fn claim(id: &str, take: bool) -> bool {
    if !take && !ours(id) {
        return false;
    }
    let _ = storage::save(&key("claim", id), &list::claim(&tab(), js_sys::Date::now()));
    set_session_current(id);
    true
}

/// Lets go of game `id`, if this tab holds it (see [`list::released`]).
pub fn release(id: &str) {
    if ours(id) {
        let _ = storage::save(&key("claim", id), &list::released(&tab()));
    }
}

/// A tab closing (or reloading) lets go of its game at once, so a tab
/// opened right after is not told the game is open elsewhere; a reload
/// claims it again as it starts. A tab shown again checks its game is
/// still its own. Called first thing, so this tab's id is settled
/// before the page asks which game it plays.
pub fn wire(window: &web_sys::Window) {
    tab();
    super::dom::listen(window, "pagehide", |_| {
        if let Some(id) = session_current() {
            release(&id);
        }
        mark_open(false);
    });
    // Back from the back-forward cache: open again.
    super::dom::listen(window, "pageshow", |_| mark_open(true));
    super::dom::listen(&super::dom::document(), "visibilitychange", |_| {
        if !super::dom::document().hidden() {
            super::app::post(super::events::Event::Table(crate::shell::msg::Msg::Games(
                list::Gm::Shown,
            )));
        }
    });
}

/// Why a save did not happen.
pub enum NotSaved {
    Error(SaveError),
    /// Another tab took the game over, or deleted it: what to tell the table.
    Lost(crate::shell::games::Gm),
}

/// Saves the game on the table under its key (a new game gets one, and
/// this tab's claim), then its line in the index. Returns the message to
/// tell when the list had to drop a game in progress to make room.
pub fn save(table: &mut Table) -> Result<Option<&'static str>, NotSaved> {
    let id = match &table.current {
        Some(id) => {
            if !claim(id, false) {
                return Err(NotSaved::Lost(lost(id)));
            }
            id.clone()
        }
        None => {
            // Named at once: if this first write fails, the next tries
            // the same key again.
            let id = fresh();
            claim(&id, true);
            table.current = Some(id.clone());
            id
        }
    };
    saves::save(&id, &table.game, &table.seating).map_err(NotSaved::Error)?;
    Ok(note(&id, &table.game, &table.seating))
}

/// Puts game `id` in the index, newest first, making room if needed (never
/// by dropping a game another tab is playing now). Returns what to tell
/// when a new game makes the list longer than it keeps.
fn note(id: &str, game: &Game, seating: &Seating) -> Option<&'static str> {
    let mut g = index();
    let new = g.get(id).is_none();
    g.put(Entry::of(id, js_sys::Date::now(), game, seating));
    let mut keep: Vec<String> = Vec::new();
    if g.entries.len() > list::MAX_GAMES {
        keep = g
            .entries
            .iter()
            .map(|e| e.id.clone())
            .filter(|e| elsewhere(e))
            .collect();
    }
    keep.push(id.into());
    let dropped = g.make_room(&keep);
    for e in &dropped {
        forget(&e.id);
    }
    let _ = storage::save(INDEX, &g.write());
    (new && g.entries.len() > list::MAX_GAMES).then_some(crate::shell::words::LIST_FULL)
}

/// Removes game `id`'s keys (a copy set aside as unreadable stays). Its
/// claim becomes this tab's let-go marker, so a tab that slept through the
/// deletion finds the game no longer its own rather than writing it back.
fn forget(id: &str) {
    for name in ["games", "pending", "candidate"] {
        storage::remove(&key(name, id));
    }
    let _ = storage::save(&key("claim", id), &list::released(&tab()));
}

/// What to tell the table when game `id` is no longer this tab's: taken
/// over, or deleted (nothing of it left to take back).
pub fn lost(id: &str) -> crate::shell::games::Gm {
    use crate::shell::games::Gm;
    if storage::load(&key("games", id)).is_some() {
        Gm::TakenOver
    } else {
        Gm::Gone
    }
}

/// Deletes game `id` from storage and the index; not a game another tab
/// has open now (the list offers no Delete for it, but the list may have
/// been opened before that tab took it up). Says whether it was deleted.
pub fn delete(id: &str) -> bool {
    if elsewhere(id) {
        return false;
    }
    forget(id);
    let mut g = index();
    if g.remove(id).is_some() {
        let _ = storage::save(INDEX, &g.write());
    }
    true
}

/// The ids of the games stored under their keys (`games.<id>`).
pub fn stored_ids() -> Vec<String> {
    let prefix = storage::key("games.");
    let mut ids = Vec::new();
    let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return ids;
    };
    for i in 0..s.length().unwrap_or(0) {
        if let Some(id) = s.key(i).ok().flatten().and_then(|k| {
            k.strip_prefix(&prefix)
                .filter(|id| !id.contains('.'))
                .map(String::from)
        }) {
            ids.push(id);
        }
    }
    ids
}

/// Today's single saved game (from before the list) becomes the list's
/// first entry, with its turn in progress. Storage holds both copies for
/// a moment only: if the new key cannot be written the old one is put
/// back, and the move is tried again on the next visit.
///
/// # Errors
/// Why the old save could not be read (it was set aside).
pub fn migrate() -> Result<(), String> {
    const OLD: &str = "game";
    let Some(text) = storage::load(OLD) else {
        return Ok(());
    };
    let (game, seating) = saves::parse(&text).map_err(|e| saves::unreadable(OLD, &e))?;
    let id = fresh();
    storage::remove(OLD);
    if storage::save(&record_key(&id), &text).is_err() {
        let _ = storage::save(OLD, &text);
        return Ok(());
    }
    for name in ["pending", "candidate"] {
        if let Some(v) = storage::load(name) {
            if storage::save(&key(name, &id), &v).is_ok() {
                storage::remove(name);
            }
        }
    }
    note(&id, &game, &seating);
    if super::setup::playing() {
        set_session_current(&id);
    }
    Ok(())
}

/// The game a page opens on: this tab's own on a reload, else the newest
/// game in progress that no other tab has open, else the newest one (its
/// Continue then asks to take it over).
pub fn pick() -> Option<String> {
    let mine = session_current().filter(|_| super::setup::playing());
    index().pick(&stored_ids(), mine.as_deref(), elsewhere)
}
