//! The card of what can still go on one open spot of the board (asked by a
//! long press, the right button or the I key): the page writes out what the
//! table works out (`shell::spot`), with a picture of each tile kind. The
//! same card tells who holds a feature (a long press or the right button
//! on a placed tile, or the O key).

use super::app::{post, App};
use super::dom;
use super::events::Event;
use crate::shell::cards::SpotCard;
use crate::shell::msg::Msg;
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;

/// Writes the card for the table's spot, or for the feature it is about
/// (who holds it: `shell::holding`), whose outline the board draws.
pub fn fill(app: &mut App, c: &SpotCard) {
    // A feature's card sits low and lets the board show, outline and all;
    // a spot's sits in the half of the screen the spot is not in.
    let class = match c.at {
        Some(at) => {
            let (_, y) = app
                .board
                .camera
                .to_screen(f64::from(at.x) + 0.5, f64::from(at.y) + 0.5);
            let h = web_sys::window()
                .and_then(|w| w.inner_height().ok())
                .and_then(|h| h.as_f64())
                .unwrap_or(768.0);
            if y < h / 2.0 {
                "low"
            } else {
                "high"
            }
        }
        _ => "feature",
    };
    dom::attr("spot", "class", class);
    dom::text("spot-title", c.title);
    dom::text("spot-where", &c.place);
    dom::text("spot-text", &c.words);
    super::panel::tile_list(app, "spot-tiles", &c.tiles);
    let mut said = c.place.clone();
    if c.at.is_some() {
        said.push_str(": ");
    }
    said.push_str(&c.words);
    app.announce(&said);
    super::layers::focus_card(crate::shell::screen::Layer::Spot);
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("spot-close", "click", || {
        post(Event::Table(Msg::Close(Layer::Spot)));
    });
    Ok(())
}
