//! The page's line to the AI worker (`www/ai-worker.js`): a second instance
//! of this same wasm module in a Web Worker, so a computer's think never
//! blocks the page. Each request carries a token; the answer comes back to
//! [`App::computer_answer`] with it, and the app drops answers it no longer
//! wants. If no worker can run, the same search runs here on the page, late
//! in a timer: slower to respond, but the game goes on.

use super::app::post;
use super::events::Event;
use crate::ai::Level;
use crate::engine::Move;
use js_sys::{Object, Reflect};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

#[wasm_bindgen]
extern "C" {
    type ImportMeta;
    #[wasm_bindgen(thread_local_v2, js_namespace = import, js_name = meta)]
    static IMPORT_META: ImportMeta;
    #[wasm_bindgen(method, getter)]
    fn url(this: &ImportMeta) -> String;
}

/// A computer's decision, or why there is none.
pub type Reply = Result<Move, String>;

enum Line {
    Untried,
    Open(Worker),
    /// No worker here: think on the page.
    Closed,
}

thread_local! {
    static LINE: RefCell<Line> = const { RefCell::new(Line::Untried) };
}

fn set(o: &Object, k: &str, v: &JsValue) {
    let _ = Reflect::set(o, &JsValue::from_str(k), v);
}

fn open() -> Result<Worker, JsValue> {
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./ai-worker.js", &opts)?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        let Ok(a) = super::read::answer(&e.data()) else {
            return;
        };
        let reply = a
            .reply
            .and_then(|(at, rotation, tile, action)| match action.choice() {
                Some(choice) => Ok(Move {
                    at,
                    rotation,
                    choice,
                    tile,
                }),
                None => Err(crate::shell::words::WORKER_SECOND_TILE.into()),
            });
        post(Event::Answer {
            token: a.id,
            reply,
            ms: a.ms,
        });
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // A worker that cannot load (an old browser, a broken deploy) fails here;
    // the requests still waiting are then answered on the page.
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|e: web_sys::Event| {
        e.prevent_default();
        close();
        post(Event::WorkerLost);
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    let module = IMPORT_META.with(ImportMeta::url);
    let wasm = match module.strip_suffix(".js") {
        Some(stem) => {
            let mut w = stem.to_string();
            w.push_str("_bg.wasm");
            w
        }
        None => return Err("the module URL does not end in .js".into()),
    };
    let hello = Object::new();
    set(&hello, "module", &module.into());
    set(&hello, "wasm", &wasm.into());
    worker.post_message(&hello)?;
    Ok(worker)
}

/// Closes the line to the worker, if it was open: from now on the computers
/// think on the page. True if it was open.
pub fn close() -> bool {
    LINE.with(|l| {
        let mut l = l.borrow_mut();
        let was = matches!(*l, Line::Open(_));
        if let Line::Open(w) = &*l {
            w.terminate();
        }
        *l = Line::Closed;
        was
    })
}

/// Starts the worker ahead of the first question, so it has loaded and
/// warmed up by the time a computer's first turn comes.
pub fn prepare() {
    LINE.with(|l| {
        let mut l = l.borrow_mut();
        if let Line::Untried = *l {
            *l = match open() {
                Ok(w) => Line::Open(w),
                Err(_) => Line::Closed,
            };
        }
    });
}

/// Asks for a decision for the game in `record` (a JS record object). False
/// when there is no worker: the caller thinks on the page instead.
pub fn ask(token: u32, record: &JsValue, level: Level, seed: u64) -> bool {
    prepare();
    LINE.with(|l| {
        let l = l.borrow();
        let Line::Open(w) = &*l else {
            return false;
        };
        let msg = Object::new();
        set(&msg, "id", &token.into());
        set(&msg, "record", record);
        set(&msg, "level", &level.name().into());
        // Seeds stay below 2^53, so they pass through a JS number exactly.
        set(&msg, "seed", &((seed & ((1 << 53) - 1)) as f64).into());
        w.post_message(&msg).is_ok()
    })
}
