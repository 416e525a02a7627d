//! Questions to the table in the page's own style, instead of the browser's
//! `confirm`: a modal card with two large buttons, reachable by keyboard
//! (focus stays in it, Escape says no) and by touch. Saying no is never
//! silent: a short note says what did not happen.

use super::app::post;
use super::dom::{by_id, listen, set_hidden, set_text};
use super::events::Event;
use crate::shell::msg::Msg;
use std::cell::Cell;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlElement};

/// What a yes does, and what to tell the table after a no.
type Pending = (Msg, &'static str);

thread_local! {
    static PENDING: Cell<Option<Pending>> = const { Cell::new(None) };
}

/// Asks `question`; `on_yes` goes to the table if it agrees, otherwise
/// `refused` is shown. Safe to call while the app is busy: the answer
/// comes later, from a click.
pub fn ask(question: &str, yes: &str, no: &str, on_yes: Msg, refused: &'static str) {
    let (Ok(d), Ok(text), Ok(y), Ok(n)) = (
        by_id::<HtmlDialogElement>("ask"),
        by_id::<Element>("ask-text"),
        by_id::<Element>("ask-yes"),
        by_id::<HtmlElement>("ask-no"),
    ) else {
        return;
    };
    set_text(&text, question);
    set_text(&y, yes);
    set_text(&n, no);
    // A question closed by Escape is answered by its `close` event, which
    // comes a task later; asked again before then, the old one is a no now.
    if let Some((_, old)) = PENDING.with(|p| p.replace(Some((on_yes, refused)))) {
        toast(old);
    }
    if !d.open() {
        let _ = d.show_modal();
    }
    // The careful answer has the focus: Enter alone changes nothing.
    let _ = n.focus();
}

/// Closes the question with the table's answer.
fn answer(yes: bool) {
    let Some((on_yes, refused)) = PENDING.with(Cell::take) else {
        return;
    };
    if let Ok(d) = by_id::<HtmlDialogElement>("ask") {
        d.close();
    }
    if yes {
        post(Event::Table(on_yes));
    } else {
        toast(refused);
        post(Event::Announce(refused));
    }
}

/// A short note over the board for a few seconds; taps go through it.
pub fn toast(msg: &str) {
    let Ok(t) = by_id::<HtmlElement>("toast") else {
        return;
    };
    set_text(&t, msg);
    set_hidden(&t, false);
    let shown = msg.to_string();
    let cb = Closure::once(move || {
        if let Ok(t) = by_id::<HtmlElement>("toast") {
            // A newer note keeps its own time.
            if t.text_content().as_deref() == Some(shown.as_str()) {
                set_hidden(&t, true);
            }
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
            cb.as_ref().unchecked_ref(),
            3500,
        );
    }
    cb.forget();
}

/// Keys pressed in a card belong to it, not to the board behind.
pub fn keep_keys(card: &Element) {
    listen(card, "keydown", |e| e.stop_propagation());
}

pub fn wire() -> Result<(), JsValue> {
    let d: Element = by_id("ask")?;
    keep_keys(&d);
    // Escape, or any other way the card closes without an answer, is a no;
    // unless a new question opened the card again before this event came.
    super::dom::on("ask", "close", || {
        if !by_id::<HtmlDialogElement>("ask").is_ok_and(|d| d.open()) {
            answer(false)
        }
    })?;
    super::dom::on("ask-yes", "click", || answer(true))?;
    super::dom::on("ask-no", "click", || answer(false))
}
