//! Small DOM helpers: finding elements and attaching listeners that live as
//! long as the page.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, EventTarget, HtmlElement};

pub fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect_throw("no document")
}

/// A whole number from the page (an address, an attribute, a field); one
/// parser for all of them keeps a single copy in the wasm.
pub fn number(s: &str) -> Option<u64> {
    crate::engine::compact::number(s)
}

/// `t` as HTML text or an attribute's value, for HTML written as a string
/// (one call to the page for a whole list): names are typed by players.
pub fn push_html(h: &mut String, t: &str) {
    for c in t.chars() {
        match c {
            '&' => h.push_str("&amp;"),
            '<' => h.push_str("&lt;"),
            '>' => h.push_str("&gt;"),
            '"' => h.push_str("&quot;"),
            c => h.push(c),
        }
    }
}

/// Element `id` as the type the caller knows it to be: the page is fixed
/// (index.html), so its type is not checked again here, which would be a
/// copy of this and a JS `instanceof` import for each type.
pub fn by_id<T: JsCast>(id: &str) -> Result<T, JsValue> {
    element(id).map(JsCast::unchecked_into)
}

/// Element `id` at start-up, when the page (index.html) must have it: a
/// page without it is broken, so this throws, naming `id`, as the start's
/// error would; an error passed on by each caller cost the wasm a path
/// each, dropping what the caller held.
pub fn el<T: JsCast>(id: &str) -> T {
    must(id).unchecked_into()
}

#[inline(never)]
fn must(id: &str) -> Element {
    element(id).unwrap_or_else(|e| wasm_bindgen::throw_val(e))
}

/// The lookup itself, once in the wasm rather than once per element type.
fn element(id: &str) -> Result<Element, JsValue> {
    document()
        .get_element_by_id(id)
        .ok_or_else(|| JsValue::from_str(id))
}

/// Part `key` of the page's address (`search`, `pathname`, `origin`,
/// `hash`), empty if it cannot be read: one binding for all four, where
/// each getter was an import and its glue.
pub fn location(key: &str) -> String {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.location(), &JsValue::from_str(key)).ok())
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Adds a listener for the page's lifetime.
pub fn listen(target: &EventTarget, kind: &str, f: impl FnMut(web_sys::Event) + 'static) {
    listen_boxed(target, kind, Box::new(f));
}

/// The listener itself, once in the wasm rather than once per caller.
fn listen_boxed(target: &EventTarget, kind: &str, f: Box<dyn FnMut(web_sys::Event)>) {
    let c = Closure::wrap(f);
    let _ = target.add_event_listener_with_callback(kind, c.as_ref().unchecked_ref());
    c.forget();
}

/// Listens for `kind` on element `id` with a plain `fn`: every such
/// listener on the page shares one closure type, where a closure each
/// would bring its own glue into the wasm. At start-up: the page must
/// have `id` (see [`el`]).
pub fn on(id: &str, kind: &str, f: fn()) {
    listen_boxed(&must(id), kind, Box::new(move |_| f()));
}

/// [`on`] for each `(id, kind, f)` in turn: a table of listeners costs
/// the wasm a row of data each, where a call each costs code.
pub fn on_all(list: &[(&str, &str, fn())]) {
    for &(id, kind, f) in list {
        on(id, kind, f);
    }
}

/// Listens for `kind` on field `id` (an input or a select), handing `f`
/// its value: one closure type for every such field.
pub fn on_value(id: &str, kind: &str, f: fn(String)) {
    listen_boxed(
        &must(id),
        kind,
        Box::new(move |e| f(field(&e).map(|i| i.value()).unwrap_or_default())),
    );
}

/// As [`on_value`], for a checkbox: whether it is ticked.
pub fn on_checked(id: &str, kind: &str, f: fn(bool)) {
    listen_boxed(
        &must(id),
        kind,
        Box::new(move |e| f(field(&e).is_some_and(|i| i.checked()))),
    );
}

/// The field a listener is on (an input, or a select: the binding reads
/// either's `value`).
fn field(e: &web_sys::Event) -> Option<web_sys::HtmlInputElement> {
    e.current_target().map(JsCast::unchecked_into)
}

/// As [`listen`], but allowed to call `preventDefault` (wheel, touch).
pub fn listen_active(target: &EventTarget, kind: &str, f: impl FnMut(web_sys::Event) + 'static) {
    let c = Closure::<dyn FnMut(web_sys::Event)>::new(f);
    let opts = web_sys::AddEventListenerOptions::new();
    opts.set_passive(false);
    let _ = target.add_event_listener_with_callback_and_add_event_listener_options(
        kind,
        c.as_ref().unchecked_ref(),
        &opts,
    );
    c.forget();
}

/// Element `id`, typed as every element of the page is (it has no SVG):
/// one lookup, not generic, for the helpers below; a call site then
/// carries an id and its values, not a lookup's result and its drops.
pub fn get(id: &str) -> Option<HtmlElement> {
    document().get_element_by_id(id).map(JsCast::unchecked_into)
}

/// [`set_text`] on element `id`, if the page has it.
pub fn text(id: &str, text: &str) {
    if let Some(e) = get(id) {
        set_text(&e, text);
    }
}

/// [`set_hidden`] on element `id`, if the page has it.
pub fn hide(id: &str, hidden: bool) {
    if let Some(e) = get(id) {
        set_hidden(&e, hidden);
    }
}

/// Sets attribute `name` of element `id`, if the page has it.
pub fn attr(id: &str, name: &str, value: &str) {
    if let Some(e) = get(id) {
        let _ = e.set_attribute(name, value);
    }
}

/// Focuses element `id`, if the page has it.
pub fn focus(id: &str) {
    if let Some(e) = get(id) {
        let _ = e.focus();
    }
}

/// Sets the value of field `id` (an input or a select: the one binding
/// sets either's `value`), if the page has it.
pub fn set_value(id: &str, value: &str) {
    if let Some(e) = get(id) {
        e.unchecked_into::<web_sys::HtmlInputElement>()
            .set_value(value);
    }
}

/// Ticks or clears checkbox `id`, if the page has it.
pub fn set_checked(id: &str, on: bool) {
    if let Some(e) = get(id) {
        e.unchecked_into::<web_sys::HtmlInputElement>()
            .set_checked(on);
    }
}

/// An ARIA state's word for `on`.
pub fn bool_word(on: bool) -> &'static str {
    if on {
        "true"
    } else {
        "false"
    }
}

pub fn set_text(el: &Element, text: &str) {
    if el.text_content().as_deref() != Some(text) {
        el.set_text_content(Some(text));
    }
}

pub fn set_hidden(el: &HtmlElement, hidden: bool) {
    if el.hidden() != hidden {
        el.set_hidden(hidden);
    }
}

pub fn set_disabled(el: &Element, disabled: bool) {
    if disabled {
        let _ = el.set_attribute("disabled", "");
    } else {
        let _ = el.remove_attribute("disabled");
    }
}

/// The bounding rectangle of an element: left, top, right, bottom in CSS pixels.
pub fn rect(el: &Element) -> [f64; 4] {
    let r = el.get_bounding_client_rect();
    [r.left(), r.top(), r.right(), r.bottom()]
}

/// A new `tag` element at the end of `parent`, with `text` in it if
/// given: one call for what the page's lists and tables write out.
pub fn add(parent: &Element, tag: &str, text: Option<&str>) -> HtmlElement {
    let e: HtmlElement = document()
        .create_element(tag)
        .expect_throw("element")
        .unchecked_into();
    if text.is_some() {
        e.set_text_content(text);
    }
    let _ = parent.append_child(&e);
    e
}

/// [`rect`] of element `id`, if the page has it.
pub fn rect_of(id: &str) -> Option<[f64; 4]> {
    get(id).map(|e| rect(&e))
}

/// Folds the settings menu away, after one of its actions is chosen.
pub fn close_settings() {
    if let Some(el) = document().get_element_by_id("settings") {
        let _ = el.remove_attribute("open");
    }
}

/// Whether the player asked the system for less motion.
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}
