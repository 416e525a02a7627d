//! Save problems, told in a strip of the top bar: it takes its own room
//! (the board moves down, nothing is covered) and can be closed. Closing
//! hides that message until a save works again; saving is still tried
//! after every turn.

use super::dom::{by_id, listen, set_hidden, set_text};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

thread_local! {
    /// The message the player closed, not shown again while it holds.
    static CLOSED: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Shows `msg`, unless the player has already closed this very message.
pub fn show(msg: &str) {
    if CLOSED.with(|c| c.borrow().as_deref() == Some(msg)) {
        return;
    }
    if let (Ok(b), Ok(t)) = (
        by_id::<HtmlElement>("banner"),
        by_id::<Element>("banner-text"),
    ) {
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
    CLOSED.with(|c| c.borrow_mut().take());
    hide();
}

pub fn wire() -> Result<(), JsValue> {
    let close: Element = by_id("banner-close")?;
    listen(&close, "click", |_| {
        let text = by_id::<Element>("banner-text")
            .ok()
            .and_then(|t| t.text_content());
        CLOSED.with(|c| *c.borrow_mut() = text);
        hide();
        if let Ok(board) = by_id::<HtmlElement>("board") {
            let _ = board.focus();
        }
    });
    Ok(())
}
