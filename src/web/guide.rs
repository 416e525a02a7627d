//! A short guide for a table's first game: three cards on how a turn goes,
//! shown once when a game is first set up (remembered in storage), skippable
//! at any card, and opened again from the settings menu.

use super::dom::{by_id, on, set_hidden, set_text};
use super::storage;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlElement};

const SEEN: &str = "guide";

/// The cards, `guide-0` to `guide-2` in the page (their words live there).
const STEPS: u32 = 3;

thread_local! {
    static AT: Cell<u32> = const { Cell::new(0) };
}

fn dialog() -> Option<HtmlDialogElement> {
    by_id("guide").ok()
}

fn show_step(i: u32) {
    AT.with(|a| a.set(i));
    for k in 0..STEPS {
        let mut id = String::from("guide-");
        super::text::push_num(&mut id, k);
        if let Ok(card) = by_id::<HtmlElement>(&id) {
            set_hidden(&card, k != i);
        }
    }
    if let Ok(next) = by_id::<HtmlElement>("guide-next") {
        let [next_card, play] = super::text::GUIDE_BUTTON;
        set_text(&next, if i + 1 == STEPS { play } else { next_card });
        let _ = next.focus();
    }
}

/// Opens the guide at its first card.
pub fn open() {
    super::dom::close_settings();
    if let Some(d) = dialog() {
        if !d.open() {
            let _ = d.show_modal();
        }
    }
    show_step(0);
}

/// Opens the guide if this browser has never seen it.
pub fn first_time() {
    if storage::load(SEEN).is_none() {
        open();
    }
}

/// Closed, by Skip, by Play or by Escape: it is not shown by itself again.
fn done() {
    let _ = storage::save(SEEN, "seen");
    if let Some(d) = dialog() {
        if d.open() {
            d.close();
        }
    }
    if let Ok(board) = by_id::<HtmlElement>("board") {
        let _ = board.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    let d: Element = by_id("guide")?;
    super::dialog::keep_keys(&d);
    on("guide", "close", || {
        let _ = storage::save(SEEN, "seen");
    })?;
    on("guide-skip", "click", done)?;
    on("guide-next", "click", || {
        let i = AT.with(Cell::get) + 1;
        if i < STEPS {
            show_step(i);
        } else {
            done();
        }
    })?;
    on("guide-open", "click", open)
}
