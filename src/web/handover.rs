//! The hand-over screen between turns: it says whose turn comes next, so
//! the tablet goes to the right person and nobody sees the next tile early.
//! It can be switched off in the settings; the choice is remembered.

use super::app::{with_app, App};
use super::board::meeple_art::colour;
use super::dom::{by_id, listen, set_hidden, set_text};
use super::storage;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, HtmlInputElement};

const SETTING: &str = "handover";

fn enabled() -> bool {
    storage::load(SETTING).as_deref() != Some("off")
}

/// Shows the screen for the player whose turn begins, if it is switched on
/// and the tablet changes hands (not for a computer, nor back to the one person
/// playing against computers).
pub fn show(app: &App) {
    if !enabled() || !app.needs_handover() {
        return;
    }
    let (Ok(screen), Ok(name), Ok(swatch)) = (
        by_id::<HtmlElement>("handover"),
        by_id::<HtmlElement>("handover-name"),
        by_id::<HtmlElement>("handover-swatch"),
    ) else {
        return;
    };
    let p = app.state().current_player();
    set_text(&name, &app.game.names()[p as usize]);
    let _ = swatch
        .style()
        .set_property("background", colour(app.ink(p)));
    set_hidden(&screen, false);
    if let Ok(go) = by_id::<HtmlElement>("handover-go") {
        let _ = go.focus();
    }
}

fn hide() {
    if let Ok(screen) = by_id::<HtmlElement>("handover") {
        set_hidden(&screen, true);
    }
    if let Ok(board) = by_id::<HtmlElement>("board") {
        let _ = board.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    let go: HtmlElement = by_id("handover-go")?;
    listen(&go, "click", |_| {
        hide();
        with_app(|app| {
            let who = app.game.names()[app.state().current_player() as usize].clone();
            let mut t = who;
            t.push_str(", your turn. ");
            t.push_str(&app.tile_words());
            app.announce(&t);
        });
    });
    let setting: HtmlInputElement = by_id("opt-handover")?;
    setting.set_checked(enabled());
    let s2 = setting.clone();
    listen(&setting, "change", move |_| {
        let _ = storage::save(SETTING, if s2.checked() { "on" } else { "off" });
    });
    Ok(())
}
