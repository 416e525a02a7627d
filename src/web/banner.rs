//! Save problems, told in a strip of the top bar: it takes its own room
//! (the board moves down, nothing is covered) and can be closed. What it
//! says, and whether a closed message stays closed, is the table's
//! (`shell/banner.rs`); this writes it out.

use super::app::post;
use super::dom::{by_id, set_hidden, set_text};
use super::events::Event;
use crate::shell::banner::Bn;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

/// Shows `msg` in the banner, or hides it. The start screen covers the
/// bar: it shows the message too.
pub fn show(msg: Option<&str>) {
    for (id, text) in [("banner", "banner-text"), ("setup-note", "setup-note")] {
        if let (Ok(b), Ok(t)) = (by_id::<HtmlElement>(id), by_id::<Element>(text)) {
            set_text(&t, msg.unwrap_or(""));
            set_hidden(&b, msg.is_none());
        }
    }
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("banner-close", "click", || {
        post(Event::Table(Msg::Banner(Bn::Close)));
        if let Ok(board) = by_id::<HtmlElement>("board") {
            let _ = board.focus();
        }
    })?;
    Ok(())
}
