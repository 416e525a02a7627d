//! The card of what can still go on one open spot of the board (asked by a
//! long press, the right button or the I key): the page writes out what the
//! table works out (`shell::spot`), with a picture of each tile kind. The
//! same card tells who holds a feature (a long press or the right button
//! on a placed tile, or the O key).

use super::app::{post, App};
use super::dom::{by_id, set_text};
use super::events::Event;
use super::text;
use crate::shell::msg::Msg;
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Writes the card for the table's spot, or for the feature it is about
/// (who holds it: `shell::holding`), whose outline the board draws.
pub fn fill(app: &mut App) {
    // A spot's card says where the spot lies (the board frames it too);
    // a feature's is about the tile the finger or the O key is on.
    let (words, tiles, place) = if let Some(info) = app.table.spot_info() {
        let place = text::where_words(info.at);
        (text::spot_words(&info), info.tiles, place)
    } else if let Some((_, _, r)) = app.table.feature_card() {
        let words = text::feature_words(&r, app.table.game.names());
        (words, Vec::new(), String::new())
    } else {
        return;
    };
    let feature = place.is_empty();
    // A feature's card sits low and lets the board show, outline and all;
    // a spot's sits in the half of the screen the spot is not in.
    let class = match app.table.spot_shown() {
        Some(at) if !feature => {
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
    if let Ok(card) = by_id::<Element>("spot") {
        let _ = card.set_attribute("class", class);
    }
    if let Ok(h) = by_id::<Element>("spot-title") {
        set_text(&h, text::CARD_TITLES[usize::from(feature)]);
    }
    if let Ok(p) = by_id::<Element>("spot-where") {
        set_text(&p, &place);
    }
    if let Ok(p) = by_id::<Element>("spot-text") {
        set_text(&p, &words);
    }
    super::panel::tile_list(app, "spot-tiles", &tiles);
    let mut said = place;
    if !feature {
        said.push_str(": ");
    }
    said.push_str(&words);
    app.announce(&said);
    super::layers::focus_card(crate::shell::screen::Layer::Spot);
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("spot-close", "click", || {
        post(Event::Table(Msg::Close(Layer::Spot)));
    })
}
