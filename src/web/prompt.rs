//! What to do now, in plain words and large print in the dock: whose turn
//! it is and the one thing to do next. The hand is left empty (not a dashed
//! box) when there is no tile to place.

use super::app::{post, App};
use super::dom;
use super::events::Event;
use crate::shell::bars::Bars;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// Shows the prompt, and the hand only while it holds a tile.
pub fn show(app: &App, bars: &Bars) {
    super::dom::text("prompt", &bars.prompt);
    // Hidden but keeping its room, so the dock does not change height.
    let _ = app.dom.hand[0]
        .0
        .style()
        .set_property("visibility", if bars.hand { "visible" } else { "hidden" });
}

/// The prompt and the save banner change the height of the bars; the
/// board's free area follows them.
pub fn watch_bars() -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut()>::new(|| {
        post(Event::Resize);
    });
    let observer = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref())?;
    cb.forget();
    for id in ["topbar", "dock"] {
        observer.observe(&dom::el::<Element>(id));
    }
    Ok(())
}
