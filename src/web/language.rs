//! The page's language: which one a visit opens in (the address's test
//! switch, the player's choice, else the browser's), fetching its
//! catalogue before the page shows (the service worker keeps it for
//! offline use; English too is a catalogue, so the wasm carries no words),
//! and the page's own words (`index.html`'s `data-w`, `data-wl`,
//! `data-wt`) said in it.
//! The shell's words read the catalogue themselves (`shell::words`).

use super::app::post;
use super::dom;
use super::events::Event;
use crate::shell::words::catalogue;
use crate::shell::words::lang::Lang;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The setting that keeps the player's choice, by its tag.
pub const SETTING: &str = "lang";

/// The page's language chooser (`index.html`'s `carcassonneWords`).
fn chooser() -> JsValue {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"carcassonneWords".into()).ok())
        .unwrap_or(JsValue::NULL)
}

fn field(of: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(of, &name.into()).unwrap_or(JsValue::NULL)
}

/// The language this visit opens in, as the page chose it before the wasm
/// ran (`index.html`): the address's `?lang=` (the tests' switch, the only
/// way to the pseudo-language), the kept choice, else the first of the
/// browser's languages the table speaks, else English.
pub fn wanted() -> Lang {
    field(&chooser(), "tag")
        .as_string()
        .and_then(|t| Lang::of_tag(&t))
        .unwrap_or(Lang::En)
}

/// Fetches `lang`'s catalogue, then calls `done` with its text, or None if
/// it could not be had (offline before it was ever fetched, say). The
/// page's own fetch of its first language is taken up, not made again.
pub fn fetch(lang: Lang, done: Box<dyn FnOnce(Option<String>)>) {
    let words = chooser();
    let tag: JsValue = lang.tag().into();
    let text = if field(&words, "tag") == tag {
        field(&words, "text")
    } else {
        field(&words, "words")
            .dyn_into::<js_sys::Function>()
            .and_then(|f| f.call1(&JsValue::NULL, &tag))
            .unwrap_or(JsValue::NULL)
    };
    let mut done = Some(done);
    let got = Closure::<dyn FnMut(JsValue)>::new(move |text: JsValue| {
        if let Some(d) = done.take() {
            d(text.as_string());
        }
    })
    .into_js_value();
    if then(&text, &got, &got).is_undefined() {
        if let Some(f) = got.dyn_ref::<js_sys::Function>() {
            let _ = f.call1(&JsValue::NULL, &JsValue::NULL);
        }
    }
}

/// `p.then(ok, err)`, untyped: one call for the fetch and its text.
fn then(p: &JsValue, ok: &JsValue, err: &JsValue) -> JsValue {
    js_sys::Reflect::get(p, &"then".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call2(p, ok, err).ok())
        .unwrap_or(JsValue::UNDEFINED)
}

/// Speaks `lang` from its catalogue `text`: the shell's words, the page's
/// own and its `lang`.
pub fn speak(lang: Lang, text: &str) {
    catalogue::speak(lang, text);
    if let Some(root) = dom::document().document_element() {
        let _ = root.set_attribute("lang", lang.tag());
    }
    write_page();
}

/// The page's own words in the language spoken now. The page is written
/// in English, so an English visit leaves it as it is until another
/// language has been spoken (`data-spoken`).
pub fn write_page() {
    let Some(root) = dom::document().document_element() else {
        return;
    };
    if catalogue::lang() == Lang::En && !root.has_attribute("data-spoken") {
        return;
    }
    let _ = root.set_attribute("data-spoken", "");
    let Ok(list) = dom::document().query_selector_all("[data-w],[data-wl],[data-wt]") else {
        return;
    };
    for i in 0..list.length() {
        if let Some(el) = list.item(i).map(JsCast::unchecked_into::<web_sys::Element>) {
            say(&el, "data-w", "");
            say(&el, "data-wl", "aria-label");
            say(&el, "data-wt", "title");
        }
    }
}

/// One of `el`'s words: the catalogue's sentence for the key in `name`,
/// as its text (`attr` empty) or as attribute `attr`.
#[inline(never)]
fn say(el: &web_sys::Element, name: &str, attr: &str) {
    let Some(said) = el
        .get_attribute(name)
        .and_then(|k| catalogue::page_words(&k))
    else {
        return;
    };
    if attr.is_empty() {
        dom::set_text(el, said);
    } else {
        let _ = el.set_attribute(attr, said);
    }
}

/// The player chose `lang` in the settings: fetched, spoken and kept; if
/// it cannot be fetched, the table says so and keeps its language.
pub fn choose(lang: Lang) {
    // Kept once it has arrived: a choice that cannot be fetched is not one.
    fetch(
        lang,
        Box::new(move |text| {
            post(match text {
                Some(t) => {
                    let _ = super::storage::save(SETTING, lang.tag());
                    Event::Speak(lang, t)
                }
                None => Event::SpeakFailed(lang),
            });
        }),
    );
}

/// The settings' language list shows the language spoken now (none of
/// its entries for the pseudo-language).
pub fn show_choice() {
    dom::set_value("lang", catalogue::lang().tag());
}

/// The settings' language list: a choice is fetched, spoken and kept.
pub fn wire() -> Result<(), JsValue> {
    show_choice();
    dom::on_value("lang", "change", |v| {
        if let Some(lang) = Lang::of_tag(&v) {
            choose(lang);
        }
    });
    Ok(())
}

impl super::app::App {
    /// Every word on screen in `lang`, from its catalogue `text`: the page's
    /// own, the bars and every card written afresh, the layout measured
    /// again for the longer or shorter words. Nothing else changes.
    pub fn speak(&mut self, lang: Lang, text: &str) {
        speak(lang, text);
        show_choice();
        self.ui.cards = Default::default();
        self.run(vec![crate::shell::effect::Effect::Refresh]);
        self.resize();
        self.draw_now();
    }
}
