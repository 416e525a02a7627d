//! The start screen: who plays, with which rules, and who begins; or
//! continuing the saved game. The last setup is remembered.

use super::app::{install, with_app};
use super::dom::{by_id, listen, set_hidden};
use super::seats::Seat;
use super::{saves, storage};
use crate::engine::{Edition, FarmScoring, Game, Rules};
use wasm_bindgen::prelude::*;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};

const SEATS: usize = 6;
/// Marks a tab whose table is already playing, so a reload resumes at once.
const PLAYING: &str = "carcassonne-playing";

pub fn playing() -> bool {
    web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .and_then(|s| s.get_item(PLAYING).ok().flatten())
        .is_some()
}

fn mark_playing() {
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = s.set_item(PLAYING, "1");
    }
}

fn input(id: &str) -> Option<HtmlInputElement> {
    by_id(id).ok()
}

fn checked(id: &str) -> bool {
    input(id).is_some_and(|i| i.checked())
}

fn name_id(i: usize) -> String {
    let mut s = String::from("name-");
    s.push_str(&super::text::num(i as u32));
    s
}

fn seat_select(i: usize) -> Option<HtmlSelectElement> {
    let mut s = String::from("seat-");
    s.push_str(&super::text::num(i as u32));
    by_id(&s).ok()
}

/// Who the form puts in seat `i`.
fn seat(i: usize) -> Seat {
    seat_select(i)
        .and_then(|s| Seat::parse(&s.value()))
        .unwrap_or(Seat::Human)
}

/// Shows the start screen; "Continue" comes first when a saved game exists.
pub fn show(has_saved: bool) -> Result<(), JsValue> {
    let screen: HtmlElement = by_id("setup")?;
    let cont: HtmlElement = by_id("continue")?;
    set_hidden(&cont, !has_saved);
    recall();
    show_rows();
    set_hidden(&screen, false);
    let first: HtmlElement = if has_saved { cont } else { by_id("start")? };
    let _ = first.focus();
    Ok(())
}

/// Whether the start screen covers the table (computers wait until it is gone).
pub fn visible() -> bool {
    by_id::<HtmlElement>("setup").is_ok_and(|s| !s.hidden())
}

fn hide() {
    if let Ok(screen) = by_id::<HtmlElement>("setup") {
        set_hidden(&screen, true);
    }
}

fn count() -> usize {
    by_id::<HtmlSelectElement>("player-count")
        .ok()
        .and_then(|s| s.value().parse().ok())
        .unwrap_or(2)
        .clamp(2, SEATS)
}

/// Shows as many name fields as there are players.
fn show_rows() {
    let n = count();
    for i in 0..SEATS {
        let mut id = String::from("row-");
        id.push_str(&super::text::num(i as u32));
        if let Ok(row) = by_id::<HtmlElement>(&id) {
            set_hidden(&row, i >= n);
        }
    }
    if let Ok(first) = by_id::<HtmlSelectElement>("first") {
        let opts = first.options();
        for i in 0..SEATS {
            if let Some(o) = opts.get_with_index(i as u32 + 1) {
                o.unchecked_into::<HtmlElement>().set_hidden(i >= n);
            }
        }
        if first.selected_index() > n as i32 {
            first.set_selected_index(0);
        }
    }
}

/// The setup as remembered: `count|name|…|options|seat|…` with options as
/// 0/1 flags and seats as words.
fn remember() {
    let mut s = super::text::num(count() as u32);
    for i in 0..SEATS {
        s.push('|');
        let v = input(&name_id(i)).map(|i| i.value()).unwrap_or_default();
        s.push_str(&v.replace('|', " "));
    }
    s.push('|');
    for id in OPTIONS {
        s.push(if checked(id) { '1' } else { '0' });
    }
    for i in 0..SEATS {
        s.push('|');
        s.push_str(seat(i).word());
    }
    let _ = storage::save("setup", &s);
}

fn recall() {
    let Some(s) = storage::load("setup") else {
        return;
    };
    let parts: Vec<&str> = s.split('|').collect();
    // Setups remembered before computer players had no seats.
    if parts.len() != SEATS + 2 && parts.len() != 2 * SEATS + 2 {
        return;
    }
    for (i, word) in parts.iter().skip(SEATS + 2).enumerate() {
        if let (Some(sel), Some(seat)) = (seat_select(i), Seat::parse(word)) {
            sel.set_value(seat.word());
        }
    }
    if let Ok(sel) = by_id::<HtmlSelectElement>("player-count") {
        sel.set_value(parts[0]);
    }
    for i in 0..SEATS {
        if let Some(inp) = input(&name_id(i)) {
            inp.set_value(parts[i + 1]);
        }
    }
    for (id, flag) in OPTIONS.iter().zip(parts[SEATS + 1].chars()) {
        if let Some(inp) = input(id) {
            inp.set_checked(flag == '1');
        }
    }
}

const OPTIONS: [&str; 6] = [
    "o-farmers",
    "o-river",
    "o-abbot",
    "o-classic",
    "o-tiny",
    "o-first-farms",
];

/// The game the form describes; the first player sits in seat one and play
/// goes on in the order of the list.
fn new_game() -> Result<(Game, Vec<Seat>), String> {
    let n = count();
    let mut seats: Vec<Seat> = (0..n).map(seat).collect();
    let mut names: Vec<String> = (0..n)
        .map(|i| {
            let v = input(&name_id(i)).map(|i| i.value()).unwrap_or_default();
            let v = v.trim();
            if v.is_empty() {
                super::board::meeple_art::NAMES[i].to_string()
            } else {
                v.chars().take(20).collect()
            }
        })
        .collect();
    let first = by_id::<HtmlSelectElement>("first")
        .ok()
        .map(|s| s.value())
        .unwrap_or_default();
    let f = match first.parse::<usize>() {
        Ok(i) if i < n => i,
        _ => (js_sys::Math::random() * n as f64) as usize % n,
    };
    names.rotate_left(f);
    seats.rotate_left(f);
    let rules = Rules {
        edition: if checked("o-classic") {
            Edition::C1
        } else {
            Edition::C3
        },
        farmers: checked("o-farmers"),
        tiny_city: checked("o-tiny"),
        farm_scoring: if checked("o-first-farms") {
            FarmScoring::First
        } else {
            FarmScoring::Third
        },
        river: checked("o-river"),
        abbot: checked("o-abbot"),
    };
    let game = Game::new(names, rules, super::api::random_seed()).map_err(|e| e.to_string())?;
    Ok((game, seats))
}

/// Puts a game on the table and starts saving it.
fn begin(game: Game, seats: Vec<Seat>, greeting: &str) {
    let saved = saves::save(&game, &seats);
    if install(game, seats, greeting).is_ok() {
        mark_playing();
        hide();
        with_app(|app| {
            if let Err(e) = saved {
                app.notify(e.message());
            }
            app.wake();
        });
    }
}

/// As [`begin`], from inside an app callback: waits until the app is free.
pub fn begin_later(game: Game, seats: Vec<Seat>, greeting: &'static str) {
    let cb = Closure::once(move || begin(game, seats, greeting));
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback(cb.as_ref().unchecked_ref());
    }
    cb.forget();
}

pub fn wire() -> Result<(), JsValue> {
    let count: HtmlSelectElement = by_id("player-count")?;
    listen(&count, "change", |_| show_rows());
    let start: HtmlElement = by_id("start")?;
    listen(&start, "click", |_| {
        remember();
        match new_game() {
            Ok((g, seats)) => begin(g, seats, "New game. "),
            Err(e) => with_app(|app| app.notify(&e)).unwrap_or(()),
        }
    });
    let cont: HtmlElement = by_id("continue")?;
    listen(&cont, "click", |_| {
        mark_playing();
        hide();
        with_app(|app| {
            app.announce("Game resumed.");
            app.wake();
        });
    });
    let load: HtmlElement = by_id("setup-import")?;
    listen(&load, "click", |_| {
        if let Ok(i) = by_id::<HtmlElement>("import-file") {
            i.click();
        }
    });
    Ok(())
}
