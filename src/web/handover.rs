//! The hand-over screen between turns: it says whose turn comes next, so
//! the tablet goes to the right person and nobody sees the next tile early.
//! It can be switched off in the settings (the table keeps the choice).

use super::app::{post, App};
use super::board::meeple_art::colour;
use super::dom::{by_id, on, set_hidden, set_text};
use super::events::Event;
use crate::shell::cards::HandOverCard;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;
use web_sys::HtmlElement;

/// Writes the card for the player whose turn begins (the table has gone
/// to the hand-over screen): their name and colour, what the turn before
/// scored, and what changed since their last turn.
pub fn card(app: &App, c: &HandOverCard) {
    if let Ok(what) = by_id::<HtmlElement>("handover-scored") {
        set_text(&what, &c.scored);
        set_hidden(&what, c.scored.is_empty());
    }
    if let (Ok(line), Ok(words)) = (
        by_id::<HtmlElement>("handover-since"),
        by_id::<web_sys::Element>("handover-since-text"),
    ) {
        set_text(&words, &c.since);
        set_hidden(&line, c.since.is_empty());
    }
    let (Ok(name), Ok(swatch)) = (
        by_id::<HtmlElement>("handover-name"),
        by_id::<HtmlElement>("handover-swatch"),
    ) else {
        return;
    };
    set_text(&name, &c.name);
    let _ = swatch
        .style()
        .set_property("background", colour(app.ink(c.player)));
    if let Ok(go) = by_id::<HtmlElement>("handover-go") {
        let _ = go.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    // The board takes the focus as the card goes (layers.rs).
    on("handover-go", "click", || {
        post(Event::Table(Msg::HandedOver));
    })?;
    // The card of a game another tab took (layers.rs shows it).
    on("elsewhere-back", "click", || {
        post(Event::Table(Msg::Games(crate::shell::games::Gm::TakeBack)));
    })?;
    on("elsewhere-games", "click", || {
        post(Event::Table(Msg::Games(crate::shell::games::Gm::Open)));
    })?;
    for id in ["handover-show", "since-show"] {
        on(id, "click", || {
            post(Event::Table(Msg::Review(crate::shell::review::Rv::ShowMe)));
        })?;
    }
    Ok(())
}
