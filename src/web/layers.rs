//! The page follows the shell's screen and cards: this is the one place
//! that sets the `hidden` attribute of the full-page sections, so which
//! screen shows is never read back from the DOM.

use super::app::App;
use super::dom::{by_id, set_hidden};
use crate::shell::screen::{Layer, Screen};
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
            ("panel", t.is_open(Layer::Scores), Some(Layer::Scores)),
            ("rules", t.is_open(Layer::Rules), Some(Layer::Rules)),
        ] {
            if let Ok(e) = by_id::<HtmlElement>(id) {
                set_hidden(&e, !shown);
                if layer.is_some() {
                    let z = if layer == top { "5" } else { "4" };
                    let _ = e.style().set_property("z-index", z);
                }
            }
        }
    }

    /// Goes to `screen` (if the shell lets it: see [`crate::shell::table::Table::go`]): the
    /// sections, the hand, the bars and the board (whose highlights wait
    /// for the hand-over) follow. Says whether it went.
    pub fn go(&mut self, screen: Screen) -> bool {
        let went = self.table.go(screen);
        self.show_layers();
        self.draw_hand();
        self.update_bars();
        self.request_frame();
        went
    }

    /// Opens a card over the screen.
    pub fn open_layer(&mut self, layer: Layer) {
        self.table.open(layer);
        self.show_layers();
    }

    /// Closes a card; the board has the keys again once none is open.
    pub fn close_layer(&mut self, layer: Layer) {
        self.table.close(layer);
        self.show_layers();
    }
}
