//! This tab and the games list: the tab's id and the game it plays, kept
//! in sessionStorage for its reloads, and the page's events that let go
//! of a game or check it is still this tab's. What the list does in storage
//! is the shell's ([`crate::shell::library`], over [`LocalStore`]).

use super::storage::LocalStore;
use crate::shell::library;
use crate::shell::table::Table;

pub use crate::shell::library::NotSaved;

/// This tab's id, and the game it plays, kept for its reloads.
const TAB: &str = "carcassonne-tab";
const CURRENT: &str = "carcassonne-current";
/// Set while a page of this tab is open, removed as it goes (`pagehide`).
const OPEN: &str = "carcassonne-open";

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// This tab's id, settled as the page starts ([`settle`]) and kept in
/// sessionStorage, so the tab's reloads keep it. Without sessionStorage
/// (disabled with localStorage, so no game is kept either) it is empty.
pub fn tab() -> String {
    session()
        .and_then(|s| s.get_item(TAB).ok().flatten())
        .unwrap_or_default()
}

/// Settles this tab's id for the page's life, before anything asks for it.
/// "Duplicate tab" copies sessionStorage, id and game too, while the page
/// copied is still open (its [`OPEN`] mark set): a page that finds the
/// mark as it starts is such a copy, and starts as a new tab would, with
/// an id of its own and the start screen (the game stays the first tab's).
/// A reload finds no mark: the page before it removed it going away.
fn settle() {
    let Some(s) = session() else {
        return;
    };
    let get = |k| s.get_item(k).ok().flatten();
    if get(OPEN).is_none() && get(TAB).is_some() {
        mark_open(true);
        return;
    }
    let t = library::fresh(&mut LocalStore);
    let _ = s.set_item(TAB, &t);
    let _ = s.remove_item(CURRENT);
    let _ = s.remove_item(super::setup::PLAYING);
    mark_open(true);
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

/// Whether another tab has game `id` open now.
pub fn elsewhere(id: &str) -> bool {
    library::elsewhere(&LocalStore, id)
}

/// Claims game `id` for this tab ([`library::claim`]); the game claimed is
/// the one this tab lets go of as it closes, and plays on a reload.
pub fn claim(id: &str, take: bool) -> bool {
    let held = library::claim(&mut LocalStore, id, take);
    if held {
        set_session_current(id);
    }
    held
}

pub fn release(id: &str) {
    library::release(&mut LocalStore, id);
}

/// A tab closing (or reloading) lets go of its game at once, so a tab
/// opened right after is not told the game is open elsewhere; a reload
/// claims it again as it starts. A tab shown again checks its game is
/// still its own. Called first thing, so this tab's id is settled
/// before the page asks which game it plays.
pub fn wire(window: &web_sys::Window) {
    settle();
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
                crate::shell::games::Gm::Shown,
            )));
        }
    });
}

/// Saves the game on the table ([`library::save`]); the game claimed is
/// this tab's for its reloads.
pub fn save(table: &mut Table) -> Result<Option<&'static str>, NotSaved> {
    let saved = library::save(&mut LocalStore, table);
    if let (false, Some(id)) = (
        matches!(saved, Err(NotSaved::Lost(_))),
        &table.shelf.current,
    ) {
        set_session_current(id);
    }
    saved
}

/// Moves the single save of the days before the list into it
/// ([`library::migrate`]).
///
/// # Errors
/// Why the old save could not be read (it was set aside).
pub fn migrate() -> Result<(), String> {
    if let Some(id) = library::migrate(&mut LocalStore)? {
        if super::setup::playing() {
            set_session_current(&id);
        }
    }
    Ok(())
}

/// The game a page opens on ([`library::pick`]): this tab's own on a reload.
pub fn pick() -> Option<String> {
    let mine = session_current().filter(|_| super::setup::playing());
    library::pick(&LocalStore, mine.as_deref())
}
