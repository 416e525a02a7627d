//! Browser layer: the JS-facing engine API, and the page itself. It turns
//! DOM events into the shell's messages and carries out the shell's
//! effects (the canvas board, the cards, storage, the AI worker); what
//! happens at the table is the shell's (`crate::shell`).

mod alloc;
mod analysis;
pub mod api;
pub mod app;
mod banner;
#[cfg(feature = "hook")]
mod bench;
pub mod board;
mod boot;
mod cards;
mod computer;
mod dialog;
mod dom;
mod events;
mod frame;
mod games;
mod games_card;
mod guide;
mod handover;
#[cfg(feature = "hook")]
mod hook;
mod input;
mod language;
mod layers;
mod link;
mod panel;
mod play;
mod prompt;
mod qr;
mod read;
mod review;
mod saves;
mod seats;
mod setup;
mod spot;
pub mod storage;
mod tape;
pub mod text;
pub mod to_js;
mod transfer;
mod worker;

use wasm_bindgen::prelude::*;

/// Entry point run by the generated JS once the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    // On the page and in the AI workers (which run this too): a panic (a bug)
    // logs its message and the stack with console.error (not its file and
    // line: the wasm is built without them, .cargo/config.toml).
    console_error_panic_hook::set_once();
    if web_sys::window().is_none() {
        // The AI worker loads this module too; it only calls the JS API.
        return Ok(());
    }
    // The page opens once its language's catalogue is in (it stays hidden
    // until then).
    let lang = language::wanted();
    open_in(lang);
    Ok(())
}

/// Opens the page in `lang`, or in English if its words cannot be had.
fn open_in(lang: crate::shell::words::lang::Lang) {
    use crate::shell::words::lang::Lang;
    language::fetch(
        lang,
        Box::new(move |text| {
            match text {
                Some(text) => language::speak(lang, &text),
                None if lang != Lang::En => return open_in(Lang::En),
                None => {}
            }
            if let Err(e) = boot::start() {
                web_sys::console::error_1(&e);
            }
        }),
    );
}
