//! Save problems, told in a strip of the top bar: it takes its own room
//! (the board moves down, nothing is covered) and can be closed. Closing
//! hides that message until a save works again; saving is still tried
//! after every turn.

use super::dom::{by_id, set_hidden, set_text};
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

/// The banner's attribute holding the message the player closed, not shown
/// again while it holds.
const CLOSED: &str = "data-closed";

/// Shows `msg`, unless the player has already closed this very message.
pub fn show(msg: &str) {
    if let (Ok(b), Ok(t)) = (
        by_id::<HtmlElement>("banner"),
        by_id::<Element>("banner-text"),
    ) {
        if b.get_attribute(CLOSED).as_deref() == Some(msg) {
            return;
        }
        set_text(&t, msg);
        set_hidden(&b, false);
    }
    // The start screen covers the bar: it shows the message too.
    if let Ok(n) = by_id::<HtmlElement>("setup-note") {
        set_text(&n, msg);
        set_hidden(&n, false);
    }
}

fn hide() {
    for id in ["banner", "setup-note"] {
        if let Ok(b) = by_id::<HtmlElement>(id) {
            set_hidden(&b, true);
        }
    }
}

/// After a good save: the problem is over, and a new one will be shown.
pub fn clear() {
    if let Ok(b) = by_id::<Element>("banner") {
        let _ = b.remove_attribute(CLOSED);
    }
    hide();
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("banner-close", "click", || {
        if let (Ok(b), Ok(t)) = (by_id::<Element>("banner"), by_id::<Element>("banner-text")) {
            let _ = b.set_attribute(CLOSED, &t.text_content().unwrap_or_default());
        }
        hide();
        if let Ok(board) = by_id::<HtmlElement>("board") {
            let _ = board.focus();
        }
    })?;
    Ok(())
}
