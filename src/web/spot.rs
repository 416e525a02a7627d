//! The card of what can still go on one open spot of the board (asked by a
//! long press, the right button or the I key; the table decides which spot
//! and opens the card): how many tiles left fit there, the chance that the
//! next one drawn does, and a picture of each, turned to fit.

use super::app::{post, App};
use super::dom::{by_id, listen, set_text};
use super::events::Event;
use super::text;
use crate::engine::{Step, TileKind};
use crate::shell::msg::Msg;
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlElement};

/// Writes the card for the table's spot.
pub fn fill(app: &mut App) {
    let Some(at) = app.table.spot else {
        return;
    };
    let s = app.state();
    let fitting: Vec<(TileKind, u8, u8)> = s
        .fitting_at(at)
        .into_iter()
        .map(|(k, n, rotations)| (k, n, rotations.trailing_zeros() as u8))
        .collect();
    let fit: usize = fitting.iter().map(|t| usize::from(t.1)).sum();
    let hand = s.step() == Step::PlaceTile && app.table.turn.rotations_at(at) != 0;
    let words = text::spot_words(fit, fitting.len(), s.remaining().len(), hand);
    if let Ok(p) = by_id::<Element>("spot-text") {
        set_text(&p, &words);
    }
    super::panel::tile_list(app, "spot-tiles", &fitting);
    app.announce(&words);
    if let Ok(b) = by_id::<HtmlElement>("spot-close") {
        let _ = b.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    let close: Element = by_id("spot-close")?;
    listen(&close, "click", |_| {
        post(Event::Table(Msg::Close(Layer::Spot)));
    });
    Ok(())
}
