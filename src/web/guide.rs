//! A short guide for a table's first game: three cards on how a turn goes,
//! shown once when a game is first set up (remembered in storage), skippable
//! at any card, and opened again from the settings menu.

use super::dom::{by_id, listen, set_text};
use super::storage;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlElement};

const SEEN: &str = "guide";

const STEPS: [&str; 3] = [
    "Each turn you lay the tile shown at the bottom next to the tiles on the table, so that every side it touches matches: city to city, road to road, field to field. Drag it onto a highlighted square, tap it to turn it, then press ✓ Confirm.",
    "Then you may put one of your seven followers on that tile: tap a number on its road, city, monastery or field. Or press No follower and keep them for later.",
    "A finished road, city or monastery scores at once and its followers come home; fields score at the end. The line above the tile always says what to do next, and Undo takes a move back.",
];

thread_local! {
    static AT: Cell<usize> = const { Cell::new(0) };
}

fn dialog() -> Option<HtmlDialogElement> {
    by_id("guide").ok()
}

fn show_step(i: usize) {
    AT.with(|a| a.set(i));
    if let (Ok(text), Ok(step), Ok(next)) = (
        by_id::<Element>("guide-text"),
        by_id::<Element>("guide-step"),
        by_id::<HtmlElement>("guide-next"),
    ) {
        set_text(&text, STEPS[i]);
        let mut s = super::text::num(i as u32 + 1);
        s.push_str(" of ");
        super::text::push_num(&mut s, STEPS.len() as u32);
        set_text(&step, &s);
        set_text(&next, if i + 1 == STEPS.len() { "Play" } else { "Next" });
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
    listen(&d, "close", |_| {
        let _ = storage::save(SEEN, "seen");
    });
    listen(
        &by_id::<web_sys::EventTarget>("guide-skip")?,
        "click",
        |_| done(),
    );
    listen(
        &by_id::<web_sys::EventTarget>("guide-next")?,
        "click",
        |_| {
            let i = AT.with(Cell::get) + 1;
            if i < STEPS.len() {
                show_step(i);
            } else {
                done();
            }
        },
    );
    listen(
        &by_id::<web_sys::EventTarget>("guide-open")?,
        "click",
        |_| open(),
    );
    Ok(())
}
