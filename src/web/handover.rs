//! The hand-over screen between turns: it says whose turn comes next, so
//! the tablet goes to the right person and nobody sees the next tile early.
//! It can be switched off in the settings; the choice is remembered.

use super::app::{later, with_app, App};
use super::board::meeple_art::colour;
use super::dom::{by_id, listen, set_hidden, set_text};
use super::storage;
use crate::shell::screen::Screen;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, HtmlInputElement};

const SETTING: &str = "handover";

pub fn enabled() -> bool {
    storage::load(SETTING).as_deref() != Some("off")
}

/// Shows the screen for the player whose turn begins (the shell has
/// checked that it is switched on and that the tablet changes hands), after
/// `ms` in which the turn's scoring plays on the board: the next player's
/// tile stays out of sight and their controls wait meanwhile. `scored` says
/// on the card what the turn scored.
pub fn show_after(app: &mut App, ms: i32, scored: &str) {
    if ms <= 0 {
        show(app, scored);
        return;
    }
    if !app.go(Screen::Scoring) {
        return; // The start screen is up: no hand-over behind it.
    }
    let moves = app.table.game.moves().len();
    let scored = scored.to_string();
    later(ms, move |app| {
        // Still this turn, still a change of hands, and not switched off
        // meanwhile (the shell decides); else the table is back in play.
        let was_scoring = app.table.screen == Screen::Scoring;
        if app.table.scoring_shown(moves) {
            show(app, &scored);
        } else if was_scoring {
            app.go(Screen::Table);
        }
    });
}

fn show(app: &mut App, scored: &str) {
    if !app.go(Screen::HandOver) {
        return; // The start screen is up: no hand-over behind it.
    }
    if let Ok(what) = by_id::<HtmlElement>("handover-scored") {
        set_text(&what, scored);
        set_hidden(&what, scored.is_empty());
    }
    let (Ok(name), Ok(swatch)) = (
        by_id::<HtmlElement>("handover-name"),
        by_id::<HtmlElement>("handover-swatch"),
    ) else {
        return;
    };
    let p = app.state().current_player();
    set_text(&name, &app.table.game.names()[p as usize]);
    let _ = swatch
        .style()
        .set_property("background", colour(app.ink(p)));
    if let Ok(go) = by_id::<HtmlElement>("handover-go") {
        let _ = go.focus();
    }
}

pub fn wire() -> Result<(), JsValue> {
    let go: HtmlElement = by_id("handover-go")?;
    listen(&go, "click", |_| {
        with_app(|app| {
            app.go(Screen::Table);
            if let Ok(board) = by_id::<HtmlElement>("board") {
                let _ = board.focus();
            }
            let who = app.table.game.names()[app.state().current_player() as usize].clone();
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
        let on = s2.checked();
        let _ = storage::save(SETTING, if on { "on" } else { "off" });
        with_app(move |app| app.table.turn.handover = on);
    });
    Ok(())
}
