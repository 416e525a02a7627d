//! Browser layer: the JS-facing engine API, and the page itself — the board
//! on a canvas, input, and a minimal game shell around one `App` struct.

pub mod api;
pub mod app;
mod bench;
pub mod board;
mod dom;
mod handover;
mod hook;
mod input;
mod panel;
mod saves;
mod setup;
pub mod storage;
pub mod text;
mod transfer;

use wasm_bindgen::prelude::*;

/// Entry point run by the generated JS once the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    app::start()
}
