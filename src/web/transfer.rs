//! Export and import of game-record files (rules §11), so a game can be
//! kept, moved to another device, or checked with `carcassonne replay`.

use super::app::post;
use super::dom::{self, listen};
use super::events::Event;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlInputElement, Url};

/// Offers the game record as a file download.
pub fn export(game: &crate::engine::Game, seating: &super::seats::Seating) -> Result<(), JsValue> {
    let value = super::saves::record_value(game, seating);
    let text = js_sys::JSON::stringify_with_replacer_and_space(&value, &JsValue::NULL, &2.into())?;
    let opts = BlobPropertyBag::new();
    opts.set_type("application/json");
    let blob = Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&text), &opts)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let a: HtmlAnchorElement = dom::document().create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download("carcassonne-game.json");
    a.click();
    Url::revoke_object_url(&url)?;
    Ok(())
}

/// Opens the file chooser of input `id`: one input for a file to play
/// on, another for a file to watch, so the choice needs no memory.
fn choose_file(id: &str) {
    dom::close_settings();
    if let Some(i) = dom::get(id) {
        i.click();
    }
}

/// Posts the text of the file chosen in `input`, as `event` makes it.
fn on_file(input: HtmlInputElement, event: fn(String) -> Event) {
    let input2 = input.clone();
    listen(&input, "change", move |_| {
        let Some(file) = input2.files().and_then(|f| f.get(0)) else {
            return;
        };
        input2.set_value("");
        let done = Closure::once(move |text: JsValue| {
            post(event(text.as_string().unwrap_or_default()));
        });
        let _ = file.text().then(&done);
        done.forget();
    });
}

/// Wires the Export and Import buttons and the hidden file inputs.
pub fn wire() -> Result<(), JsValue> {
    dom::on_all(&[
        ("export", "click", || {
            dom::close_settings();
            post(Event::Export);
        }),
        ("import", "click", || choose_file("import-file")),
        // "Watch a game file": its text for the review.
        ("watch", "click", || choose_file("watch-file")),
    ]);
    on_file(dom::el("import-file"), Event::Import);
    on_file(dom::el("watch-file"), Event::Watch);
    Ok(())
}
