//! Save problems, told in a strip of the top bar: it takes its own room
//! (the board moves down, nothing is covered) and can be closed. What it
//! says, and whether a closed message stays closed, is the table's
//! (`shell/banner.rs`); this writes it out.

use super::app::post;
use super::dom;
use super::events::Event;
use crate::shell::banner::Bn;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;

/// Shows `msg` in the banner, or hides it. The start screen covers the
/// bar: it shows the message too.
pub fn show(msg: Option<&str>) {
    for (id, text) in [("banner", "banner-text"), ("setup-note", "setup-note")] {
        dom::text(text, msg.unwrap_or(""));
        dom::hide(id, msg.is_none());
    }
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("banner-close", "click", || {
        post(Event::Table(Msg::Banner(Bn::Close)));
        dom::focus("board");
    });
    Ok(())
}
