//! The page follows the shell's screen and cards: this is the one place
//! that sets the `hidden` attribute of the full-page sections, so which
//! screen shows is never read back from the DOM.

use super::app::App;
use super::dom::{by_id, set_hidden};
use super::text;
use crate::shell::screen::{Layer, Screen};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

impl App {
    /// Shows the screen and the cards the table's state names, hides the
    /// rest. (A question and the guide are modal dialogs the browser shows.)
    pub fn show_layers(&self) {
        let t = &self.table;
        // The stylesheet stacks the cards in page order; the one opened
        // last (the results opening over the rules, say) goes on top.
        let top = if t.layers.len() > 1 { t.top() } else { None };
        for (id, shown, layer) in [
            ("setup", t.screen == Screen::Setup, None),
            ("handover", t.screen == Screen::HandOver, None),
            ("review", t.screen == Screen::Review, None),
            ("topbar", t.screen != Screen::Review, None),
            ("dock", t.screen != Screen::Review, None),
            ("playon", t.is_open(Layer::PlayOn), Some(Layer::PlayOn)),
            ("games", t.is_open(Layer::Games), Some(Layer::Games)),
            ("panel", t.is_open(Layer::Scores), Some(Layer::Scores)),
            ("rules", t.is_open(Layer::Rules), Some(Layer::Rules)),
            ("spot", t.is_open(Layer::Spot), Some(Layer::Spot)),
        ] {
            if let Ok(e) = by_id::<HtmlElement>(id) {
                set_hidden(&e, !shown);
                if layer.is_some() {
                    let z = if layer == top { "5" } else { "4" };
                    let _ = e.style().set_property("z-index", z);
                }
            }
        }
        // The rules card teaches this game's rules and names its house rules.
        if t.is_open(Layer::Rules) {
            let c = text::rules_card(&t.game.rules());
            for (id, words, whole) in [
                ("rules-roles", c.roles, false),
                ("rules-tiny", c.tiny, false),
                ("rules-fields", c.fields, false),
                ("rules-river", c.river, true),
                ("rules-abbot", c.abbot, true),
            ] {
                if let Ok(e) = by_id::<HtmlElement>(id) {
                    e.set_text_content(Some(words));
                    // The River's and the Abbot's paragraphs go with their words.
                    let p: Option<HtmlElement> = if whole {
                        e.parent_element().map(JsCast::unchecked_into)
                    } else {
                        None
                    };
                    set_hidden(p.as_ref().unwrap_or(&e), words.is_empty());
                }
            }
            if let Ok(p) = by_id::<HtmlElement>("house-rules") {
                let words = text::house_rules(&t.game.rules());
                set_hidden(&p, words.is_none());
                p.set_text_content(words.as_deref());
            }
        }
    }
}
