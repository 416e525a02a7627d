//! The card of what can still go on one open spot of the board (asked by a
//! long press, the right button or the I key): the page writes out what the
//! table works out (`shell::spot`), with a picture of each tile kind.

use super::app::{post, App};
use super::dom::{by_id, set_text};
use super::events::Event;
use super::text;
use crate::shell::msg::Msg;
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

/// Writes the card for the table's spot.
pub fn fill(app: &mut App) {
    let Some(info) = app.table.spot_info() else {
        return;
    };
    let words = text::spot_words(&info);
    let mut place = text::where_words(info.at);
    if let Ok(p) = by_id::<Element>("spot-where") {
        set_text(&p, &place);
    }
    if let Ok(p) = by_id::<Element>("spot-text") {
        set_text(&p, &words);
    }
    super::panel::tile_list(app, "spot-tiles", &info.tiles);
    place.push_str(": ");
    place.push_str(&words);
    app.announce(&place);
    if let Ok(b) = by_id::<HtmlElement>("spot-close") {
        let _ = b.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    super::dom::on("spot-close", "click", || {
        post(Event::Table(Msg::Close(Layer::Spot)));
    })
}
