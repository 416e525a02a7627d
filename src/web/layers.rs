//! The page follows the shell's screen and cards: this is the one place
//! that sets the `hidden` attribute of the full-page sections, so which
//! screen shows is never read back from the DOM.
//!
//! A card or a screen over the table is modal for the keyboard: what it
//! covers is `inert` (Tab cannot reach it, a screen reader does not read
//! it), the card takes the focus when it opens, and gives it back when it
//! closes: to the board, so Tab, R and Enter play on.

use super::app::App;
use super::dom::{self, document, set_hidden};
use super::text;
use crate::shell::screen::{Layer, Screen};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;

/// Whether a screen hides the table from the keys (the review shows the
/// board itself, and pans it).
fn covers(s: Screen) -> bool {
    matches!(s, Screen::Setup | Screen::HandOver | Screen::Elsewhere)
}

/// Whether the top bar and the dock show: not in a review (it has its
/// own), nor behind the start screen, where no table is set up yet and
/// laying them out would only delay its first frame.
pub fn bars_shown(s: Screen) -> bool {
    !matches!(s, Screen::Review | Screen::Setup)
}

/// Gives the focus to a card's first useful control: its main action if
/// it shows one (Rematch on the final scores), else Close.
pub fn focus_card(layer: Layer) {
    let ids: &[&str] = match layer {
        Layer::Scores => &["rematch", "panel-close"],
        Layer::Rules => &["rules-close"],
        Layer::Spot => &["spot-close"],
        Layer::PlayOn => &["playon-go"],
        Layer::Games => &["games-close"],
        Layer::Link => &["link-close"],
    };
    for id in ids {
        if let Some(b) = dom::get(id) {
            if !b.hidden() {
                let _ = b.focus();
                return;
            }
        }
    }
}

impl App {
    /// Shows the screen and the cards the table's state names, hides the
    /// rest, and moves the focus as a card opens or closes. (A question and
    /// the guide are modal dialogs the browser shows.)
    pub fn show_layers(&self) {
        let t = &self.table;
        // The stylesheet stacks the cards in page order; the one opened
        // last (the results opening over the rules, say) goes on top.
        let top = t.over.top();
        let carded = top.is_some();
        let table_inert = carded || covers(t.screen);
        for (id, shown, layer) in [
            ("setup", t.screen == Screen::Setup, None),
            ("handover", t.screen == Screen::HandOver, None),
            ("elsewhere", t.screen == Screen::Elsewhere, None),
            ("review", t.screen == Screen::Review, None),
            ("topbar", bars_shown(t.screen), None),
            ("dock", bars_shown(t.screen), None),
            ("board", true, None),
            ("playon", t.over.is_open(Layer::PlayOn), Some(Layer::PlayOn)),
            ("games", t.over.is_open(Layer::Games), Some(Layer::Games)),
            ("link", t.over.is_open(Layer::Link), Some(Layer::Link)),
            ("panel", t.over.is_open(Layer::Scores), Some(Layer::Scores)),
            ("rules", t.over.is_open(Layer::Rules), Some(Layer::Rules)),
            ("spot", t.over.is_open(Layer::Spot), Some(Layer::Spot)),
        ] {
            if let Some(e) = dom::get(id) {
                set_hidden(&e, !shown);
                let inert = match (layer, id) {
                    (Some(_), _) => layer != top,
                    (None, "topbar" | "dock" | "board") => table_inert,
                    // A screen is covered by a card.
                    _ => carded,
                };
                let _ = e.toggle_attribute_with_force("inert", inert && shown);
                if layer.is_some() {
                    let z = if layer == top { "5" } else { "4" };
                    let _ = e.style().set_property("z-index", z);
                }
            }
        }
        let (was, screen_was) = self.ui.shown.replace((top, t.screen));
        // The card of a game another tab took: its button has the focus.
        if top.is_none() && t.screen == Screen::Elsewhere && screen_was != t.screen {
            dom::focus("elsewhere-back");
        }
        match top {
            Some(l) if was != Some(l) => {
                if was.is_none() && !matches!(t.screen, Screen::Table | Screen::Scoring) {
                    let opener = document()
                        .active_element()
                        .and_then(|a| a.dyn_into::<HtmlElement>().ok());
                    self.ui.opener.set(opener);
                }
                focus_card(l);
            }
            None if was.is_some() || (covers(screen_was) && screen_was != t.screen) => {
                let opener = self.ui.opener.take();
                if matches!(t.screen, Screen::Table | Screen::Scoring) {
                    dom::focus("board");
                } else if let Some(o) = opener {
                    let _ = o.focus();
                } else if t.screen == Screen::Elsewhere {
                    dom::focus("elsewhere-back");
                } else if t.screen == Screen::HandOver {
                    // A card closed over the hand-over screen: its button.
                    dom::focus("handover-go");
                }
            }
            _ => {}
        }
        // The rules card teaches this game's rules and names its house rules.
        if t.over.is_open(Layer::Rules) {
            let c = text::rules_card(&t.game.rules());
            for (id, words, whole) in [
                ("rules-lay", c.lay, false),
                ("rules-unfit", c.unfit.as_str(), false),
                ("rules-edge", c.edge, false),
                ("rules-end", c.end, false),
                ("rules-roles", c.roles, false),
                ("rules-tiny", c.tiny, false),
                ("rules-fields", c.fields, false),
                ("rules-river", c.river, true),
                ("rules-abbot", c.abbot, true),
            ] {
                if let Some(e) = dom::get(id) {
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
            if let Some(p) = dom::get("house-rules") {
                let words = text::house_rules(&t.game.rules());
                set_hidden(&p, words.is_none());
                p.set_text_content(words.as_deref());
            }
        }
    }
}
