//! The hand-over screen between turns: it says whose turn comes next, so
//! the tablet goes to the right person and nobody sees the next tile early.
//! It can be switched off in the settings (the table keeps the choice).

use super::app::{post, App};
use super::board::meeple_art::colour;
use super::dom;
use super::events::Event;
use crate::shell::cards::HandOverCard;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;

/// Writes the card for the player whose turn begins (the table has gone
/// to the hand-over screen): their name and colour, what the turn before
/// scored, and what changed since their last turn.
pub fn card(app: &App, c: &HandOverCard) {
    dom::text("handover-scored", &c.scored);
    dom::hide("handover-scored", c.scored.is_empty());
    dom::text("handover-since-text", &c.since);
    dom::hide("handover-since", c.since.is_empty());
    dom::text("handover-name", &c.name);
    if let Some(swatch) = dom::get("handover-swatch") {
        let _ = swatch
            .style()
            .set_property("background", colour(app.ink(c.player)));
    }
    dom::focus("handover-go");
}

fn show_me() {
    post(Event::Table(Msg::Review(crate::shell::review::Rv::ShowMe)));
}

pub fn wire() -> Result<(), JsValue> {
    dom::on_all(&[
        // The board takes the focus as the card goes (layers.rs).
        ("handover-go", "click", || {
            post(Event::Table(Msg::HandedOver));
        }),
        // The card of a game another tab took (layers.rs shows it).
        ("elsewhere-back", "click", || {
            post(Event::Table(Msg::Games(crate::shell::games::Gm::TakeBack)));
        }),
        ("elsewhere-games", "click", || {
            post(Event::Table(Msg::Games(crate::shell::games::Gm::Open)));
        }),
        ("handover-show", "click", show_me),
        ("since-show", "click", show_me),
    ]);
    Ok(())
}
