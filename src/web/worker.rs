//! The page's line to the AI workers (`www/ai-worker.js`): instances of this
//! same wasm module in Web Workers, so a computer's think never blocks the
//! page. A level whose search comes in parts (hard: `ai::parts`) asks one
//! worker a part each, so the parts run at once on the tablet's cores, and
//! their visits come back together to [`App::computer_parts`]. Each request
//! carries a token; the answer comes back to [`App::computer_answer`] with
//! it, and the app drops answers it no longer wants. If no worker can run,
//! the same search runs here on the page, late in a timer: slower to
//! respond, but the game goes on.

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
    /// One worker or more: a search in parts asks one a part.
    Open(Vec<Worker>),
    /// No worker here: think on the page.
    Closed,
}

/// The parts of the question asked last, as they come back (a part not yet
/// in is empty: a part always has visits).
struct Gather {
    token: u32,
    parts: Vec<Vec<u32>>,
    ms: f64,
}

thread_local! {
    static LINE: RefCell<Line> = const { RefCell::new(Line::Untried) };
    static GATHER: RefCell<Option<Gather>> = const { RefCell::new(None) };
}

/// A part's visits for question `token`: once every part is in, the event
/// that carries them all.
fn gathered(token: u32, k: usize, visits: Vec<u32>, ms: f64) -> Option<Event> {
    GATHER.with(|g| {
        let mut g = g.borrow_mut();
        let done = {
            let g = g
                .as_mut()
                .filter(|g| g.token == token && k < g.parts.len())?;
            g.parts[k] = visits;
            g.ms = g.ms.max(ms);
            g.parts.iter().all(|p| !p.is_empty())
        };
        if !done {
            return None;
        }
        let g = g.take()?;
        Some(Event::Parts {
            token,
            parts: g.parts,
            ms: g.ms,
        })
    })
}

fn set(o: &Object, k: &str, v: &JsValue) {
    let _ = Reflect::set(o, &JsValue::from_str(k), v);
}

fn open() -> Result<Worker, JsValue> {
    let opts = WorkerOptions::new();
    opts.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./ai-worker.js", &opts)?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|e: MessageEvent| {
        // Once one worker failed and the line closed, the others' late
        // answers are not wanted: the page works the question out.
        if !LINE.with(|l| matches!(*l.borrow(), Line::Open(_))) {
            return;
        }
        if let Ok(Some(p)) = super::read::part(&e.data()) {
            if let Some(event) = gathered(p.id, p.part, p.visits, p.ms) {
                post(event);
            }
            return;
        }
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
                None => Err(
                    crate::shell::words::t(crate::shell::words::GamesW::WorkerSecondTile).into(),
                ),
            });
        // A judgement of the analysis: its best move as `move`, and
        // `judged` [index, player, played, better] (margins in hundredths).
        let j = Reflect::get(&e.data(), &"judged".into()).unwrap_or_default();
        let Some(j) = j.dyn_ref::<js_sys::Uint32Array>().map(super::read::numbers) else {
            post(Event::Answer {
                token: a.id,
                reply,
                ms: a.ms,
            });
            return;
        };
        let n = |k: usize| j.get(k).copied().unwrap_or(0);
        post(Event::Table(crate::shell::msg::Msg::Review(
            crate::shell::review::Rv::Judged {
                token: a.id,
                index: n(0) as usize,
                reply: reply.map(|best| crate::shell::analysis::Judged {
                    player: n(1) as u8,
                    best,
                    played: n(2) as i32,
                    better: n(3) as i32,
                }),
            },
        )));
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
        if let Line::Open(ws) = &*l {
            for w in ws {
                w.terminate();
            }
        }
        *l = Line::Closed;
        was
    })
}

/// Starts `n` workers (or as many as will start) ahead of the first
/// question, so they have loaded and warmed up by the time a computer's
/// first turn comes.
pub fn prepare(n: usize) {
    LINE.with(|l| {
        let mut l = l.borrow_mut();
        let mut ws = match std::mem::replace(&mut *l, Line::Closed) {
            Line::Untried => Vec::new(),
            Line::Open(ws) => ws,
            Line::Closed => return,
        };
        while ws.len() < n.max(1) {
            match open() {
                Ok(w) => ws.push(w),
                Err(_) => break,
            }
        }
        if !ws.is_empty() {
            *l = Line::Open(ws);
        }
    });
}

/// Asks for a decision for the game in `record` (a JS record object). False
/// when there is no worker: the caller thinks on the page instead.
/// A search in parts asks a worker each, when there are enough of them;
/// else one worker works out every part.
pub fn ask(token: u32, record: &JsValue, level: Level, seed: u64) -> bool {
    let parts = crate::ai::parts(level) as usize;
    prepare(parts);
    LINE.with(|l| {
        let l = l.borrow();
        let Line::Open(ws) = &*l else {
            return false;
        };
        let msg = |part: Option<usize>| {
            let msg = Object::new();
            set(&msg, "id", &token.into());
            set(&msg, "record", record);
            set(&msg, "level", &level.name().into());
            // Seeds stay below 2^53, so they pass through a JS number exactly.
            set(&msg, "seed", &((seed & ((1 << 53) - 1)) as f64).into());
            if let Some(k) = part {
                set(&msg, "part", &(k as u32).into());
            }
            msg
        };
        if parts > 1 && ws.len() >= parts {
            GATHER.with(|g| {
                *g.borrow_mut() = Some(Gather {
                    token,
                    parts: (0..parts).map(|_| Vec::new()).collect(),
                    ms: 0.0,
                })
            });
            ws.iter()
                .take(parts)
                .enumerate()
                .all(|(k, w)| w.post_message(&msg(Some(k))).is_ok())
        } else {
            ws[0].post_message(&msg(None)).is_ok()
        }
    })
}

/// Asks a worker for the judgement of move `index` of the game in
/// `record` (a JS record object): the workers take the moves in turn, so
/// two moves asked at once run at once. False when there is no worker.
pub fn analyse(token: u32, record: &JsValue, index: usize) -> bool {
    prepare(crate::ai::parts(Level::Hard) as usize);
    LINE.with(|l| {
        let Line::Open(ws) = &*l.borrow() else {
            return false;
        };
        let msg = Object::new();
        set(&msg, "id", &token.into());
        set(&msg, "record", record);
        set(&msg, "analyse", &(index as u32).into());
        ws[index % ws.len()].post_message(&msg).is_ok()
    })
}
