//! What to do now, in plain words and large print in the dock: whose turn
//! it is and the one thing to do next. The hand is left empty (not a dashed
//! box) when there is no tile to place.

use super::app::{with_app, App};
use super::board::placement;
use super::dom::by_id;
use crate::engine::Step;
use crate::shell::screen::Screen;
use wasm_bindgen::prelude::*;
use web_sys::Element;

/// The next step for the player whose turn it is.
pub fn text(app: &App) -> String {
    let s = app.state();
    let mut t = app.game.names()[s.current_player() as usize].clone();
    if app.screen == Screen::Scoring {
        // The turn's scoring is on show; the tile comes with the hand-over.
        t.insert_str(0, "Next: ");
        return t;
    }
    t.push_str(match s.step() {
        Step::GameOver => {
            return String::from("Game over: the final scores are in the score table")
        }
        _ if app.computer.thinking() => " is thinking…",
        _ if !app.human_turn() => " is playing…",
        Step::PlaceTile => match app.turn.candidate {
            None if app.ui.highlight => ": drag the tile onto a highlighted square",
            None => ": drag the tile onto the board, next to a tile",
            Some(c)
                if placement::rotations_at(&app.turn.fits, c) & (1 << app.turn.rotation) != 0 =>
            {
                ": turn or move the tile, then press ✓ Confirm"
            }
            Some(_) => ": it does not fit this way; press ⟳ to turn it",
        },
        Step::PlaceFollower if app.options.is_empty() => {
            ": no follower can go here; press No follower"
        }
        Step::PlaceFollower => ": tap a number to place a follower, or No follower",
    });
    t
}

/// Shows the prompt, and the hand only while it holds a tile.
pub fn show(app: &App) {
    if let Ok(p) = by_id::<Element>("prompt") {
        super::dom::set_text(&p, &text(app));
    }
    // Hidden but keeping its room, so the dock does not change height.
    let empty =
        app.state().tile().is_none() || matches!(app.screen, Screen::Scoring | Screen::HandOver);
    let _ = app
        .dom
        .hand
        .style()
        .set_property("visibility", if empty { "hidden" } else { "visible" });
}

/// The prompt and the save banner change the height of the bars; the
/// board's free area follows them.
pub fn watch_bars() -> Result<(), JsValue> {
    let cb = Closure::<dyn FnMut()>::new(|| {
        with_app(|a| {
            a.resize();
            a.draw_now();
        });
    });
    let observer = web_sys::ResizeObserver::new(cb.as_ref().unchecked_ref())?;
    cb.forget();
    for id in ["topbar", "dock"] {
        observer.observe(&by_id::<Element>(id)?);
    }
    Ok(())
}
