//! The table's question ([`crate::shell::question`]) in the page's own
//! style, instead of the browser's `confirm`: a modal card with two large
//! buttons, reachable by keyboard (focus stays in it, Escape says no) and
//! by touch. And the table's short note ([`crate::shell::toast`]). The
//! table keeps both; this only shows them.

use super::app::post;
use super::dom::{self, by_id, listen, set_hidden, set_text};
use super::events::Event;
use crate::shell::msg::Msg;
use crate::shell::table::Table;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlElement};

/// Shows the table's question, if any, and its note.
pub fn show(t: &Table) {
    if let Some(note) = dom::get("toast") {
        if let Some(text) = &t.over.toast.text {
            set_text(&note, text);
        }
        set_hidden(&note, t.over.toast.text.is_none());
    }
    let (Ok(d), Ok(text), Ok(y), Ok(n)) = (
        by_id::<HtmlDialogElement>("ask"),
        by_id::<Element>("ask-text"),
        by_id::<Element>("ask-yes"),
        by_id::<HtmlElement>("ask-no"),
    ) else {
        return;
    };
    let Some(q) = &t.over.question else {
        if d.open() {
            d.close();
        }
        return;
    };
    let w = q.words(t.game.names());
    set_text(&text, &w.text);
    set_text(&y, w.yes);
    set_text(&n, w.no);
    y.set_class_name(if q.destructive() {
        "primary danger"
    } else {
        "primary"
    });
    if !d.open() {
        let _ = d.show_modal();
        // The careful answer has the focus: Enter alone changes nothing.
        let _ = n.focus();
    }
}

/// Keys pressed in a card belong to it, not to the board behind.
pub fn keep_keys(card: &Element) {
    listen(card, "keydown", |e| e.stop_propagation());
}

pub fn wire() -> Result<(), JsValue> {
    let d: Element = dom::el("ask");
    keep_keys(&d);
    // Escape, or any other way the card closes without an answer, is a no;
    // unless the card is open again by the time this event comes (a new
    // question), or the table already has its answer (then it hears none).
    dom::on_all(&[
        ("ask", "close", || {
            if !by_id::<HtmlDialogElement>("ask").is_ok_and(|d| d.open()) {
                post(Event::Table(Msg::Reply(false)));
            }
        }),
        ("ask-yes", "click", || {
            post(Event::Table(Msg::Reply(true)));
        }),
        ("ask-no", "click", || {
            post(Event::Table(Msg::Reply(false)));
        }),
    ]);
    Ok(())
}
