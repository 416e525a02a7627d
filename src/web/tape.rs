//! The page's side of a session on tape (`shell/tape.rs`): what the page
//! found as it opened, its first view, then each message the table heard
//! with the view after it, as plain JS values for the test hook's `tape()`.
//! Recorded only when the address asks (`?tape`), and only in a site built
//! with the `tape` feature: the release site ignores `?tape`.

use crate::shell::lifecycle::StartUp;
use crate::shell::msg::Msg;
use crate::shell::table::Table;
use wasm_bindgen::JsValue;

#[cfg(not(feature = "tape"))]
pub struct Tape;

#[cfg(not(feature = "tape"))]
impl Tape {
    pub fn new(_: &StartUp) -> Option<Tape> {
        None
    }
    pub fn opened(self, _: &Table) -> Tape {
        self
    }
    pub fn message(&self, _: &Msg) -> JsValue {
        JsValue::NULL
    }
    pub fn step(&mut self, _: JsValue, _: &Table) {}
    pub fn value(&self) -> JsValue {
        JsValue::NULL
    }
}

#[cfg(feature = "tape")]
pub use taped::Tape;

#[cfg(feature = "tape")]
mod taped {
    use super::{JsValue, Msg, StartUp, Table};
    use crate::shell::view::View;
    use crate::web::to_js::to_js;
    use js_sys::{Array, Object, Reflect};

    pub struct Tape {
        start: JsValue,
        view: JsValue,
        steps: Array,
    }

    impl Tape {
        pub fn new(start: &StartUp) -> Option<Tape> {
            Some(Tape {
                start: to_js(start),
                view: JsValue::NULL,
                steps: Array::new(),
            })
        }

        /// A message as the tape writes it (before the table takes it).
        pub fn message(&self, msg: &Msg) -> JsValue {
            to_js(msg)
        }

        /// The view the page opened on.
        pub fn opened(mut self, t: &Table) -> Tape {
            self.view = to_js(&View::of(t));
            self
        }

        /// A message heard, and the view after it.
        pub fn step(&mut self, msg: JsValue, t: &Table) {
            self.steps.push(&Array::of2(&msg, &to_js(&View::of(t))));
        }

        /// The tape as one object: `{ start, view, steps: [[msg, view], ...] }`.
        pub fn value(&self) -> JsValue {
            let o = Object::new();
            let _ = Reflect::set(&o, &"start".into(), &self.start);
            let _ = Reflect::set(&o, &"view".into(), &self.view);
            let _ = Reflect::set(&o, &"steps".into(), &self.steps);
            o.into()
        }
    }
}
