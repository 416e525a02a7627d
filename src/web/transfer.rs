//! Export and import of game-record files (rules §11), so a game can be
//! kept, moved to another device, or checked with `carcassonne replay`.

use super::app::post;
use super::dom::{self, by_id, listen};
use super::events::Event;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};

thread_local! {
    /// The file chosen next is to be watched, not played on.
    static WATCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Offers the game record as a file download.
pub fn export(game: &crate::engine::Game, seating: &super::seats::Seating) -> Result<(), JsValue> {
    let value = super::saves::record_value(game, seating);
    let text = js_sys::JSON::stringify_with_replacer_and_space(&value, &JsValue::NULL, &2.into())?;
    let opts = BlobPropertyBag::new();
    opts.set_type("application/json");
    let blob = Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&text), &opts)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let a: HtmlAnchorElement = dom::document().create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download("carcassonne-game.json");
    a.click();
    Url::revoke_object_url(&url)?;
    Ok(())
}

/// Opens the file chooser, for a file to play on (`false`) or to watch.
fn choose_file(watch: bool) {
    WATCH.with(|w| w.set(watch));
    dom::close_settings();
    if let Ok(i) = by_id::<web_sys::HtmlElement>("import-file") {
        i.click();
    }
}

/// Wires the Export and Import buttons and the hidden file input.
pub fn wire() -> Result<(), JsValue> {
    dom::on("export", "click", || {
        dom::close_settings();
        post(Event::Export);
    })?;
    let input: HtmlInputElement = by_id("import-file")?;
    dom::on("import", "click", || choose_file(false))?;
    // "Watch a game file": the same file input, its text for the review.
    dom::on("watch", "click", || choose_file(true))?;
    let input3 = input.clone();
    listen(&input, "change", move |_| {
        let Some(file) = input3.files().and_then(|f| f.get(0)) else {
            return;
        };
        input3.set_value("");
        let watch = WATCH.with(|w| w.replace(false));
        let done = Closure::once(move |text: JsValue| {
            let text = text.as_string().unwrap_or_default();
            post(if watch {
                Event::Watch(text)
            } else {
                Event::Import(text)
            });
        });
        let _ = file.text().then(&done);
        done.forget();
    });
    Ok(())
}
