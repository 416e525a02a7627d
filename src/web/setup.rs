//! The start screen: who plays, with which rules, and who begins; or
//! continuing the saved game. The last setup is remembered.

use super::app::with_app;
use super::board::meeple_art::{COLOUR_WORDS, NAMES};
use super::boot::install;
use super::dom::{by_id, listen, set_hidden};
use super::seats::{Seat, Seating};
use super::{saves, storage};
use crate::engine::{Edition, FarmScoring, Game, Rules};
use crate::shell::screen::Screen;
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

pub fn mark_playing() {
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = s.set_item(PLAYING, "1");
    }
}

fn input(id: &str) -> Option<HtmlInputElement> {
    by_id(id).ok()
}

fn checked(id: &str) -> bool {
    super::dom::checked(id, false)
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

fn colour_button(i: usize) -> Option<HtmlElement> {
    let mut s = String::from("colour-");
    s.push_str(&super::text::num(i as u32));
    by_id(&s).ok()
}

/// The colour (index) row `i` plays in.
fn colour(i: usize) -> u8 {
    colour_button(i)
        .and_then(|b| b.get_attribute("data-colour"))
        .and_then(|c| super::dom::number(&c))
        .filter(|c| *c < 6)
        .map_or(i as u8, |c| c as u8)
}

/// Shows colour `c` on row `i`'s button; a name that was the old colour's
/// own word follows the new colour.
fn set_colour(i: usize, c: u8) {
    let old = colour(i);
    let Some(b) = colour_button(i) else { return };
    let _ = b.set_attribute("data-colour", &super::text::num(u32::from(c)));
    let mut class = String::from("swatch colour seat-");
    super::text::push_num(&mut class, u32::from(c));
    b.set_class_name(&class);
    b.set_text_content(Some(&super::text::num(u32::from(c) + 1)));
    let mut label = String::from("Colour of player ");
    super::text::push_num(&mut label, i as u32 + 1);
    label.push_str(": ");
    label.push_str(COLOUR_WORDS[c as usize]);
    label.push_str(". Tap to change.");
    let _ = b.set_attribute("aria-label", &label);
    if let Some(name) = input(&name_id(i)) {
        if name.value() == NAMES[old as usize] {
            name.set_value(NAMES[c as usize]);
        }
    }
}

/// Row `i` takes the next colour that no other playing row has.
fn next_colour(i: usize) {
    let n = count();
    let taken: Vec<u8> = (0..n).filter(|&j| j != i).map(colour).collect();
    let mut c = colour(i);
    for _ in 0..6 {
        c = (c + 1) % 6;
        if !taken.contains(&c) {
            break;
        }
    }
    set_colour(i, c);
}

/// After the player count changes, a newly shown row whose colour is taken
/// gets a free one, so all colours stay different.
fn distinct_colours() {
    let n = count();
    for i in 0..n {
        if (0..i).any(|j| colour(j) == colour(i)) {
            next_colour(i);
        }
    }
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
    with_app(|app| app.go(Screen::Setup));
    // Before the first game is installed, the page shows it by itself.
    set_hidden(&screen, false);
    let first: HtmlElement = if has_saved { cont } else { by_id("start")? };
    let _ = first.focus();
    Ok(())
}

fn hide() {
    with_app(|app| app.go(Screen::Table));
}

fn count() -> usize {
    by_id::<HtmlSelectElement>("player-count")
        .ok()
        .and_then(|s| super::dom::number(&s.value()))
        .map_or(2, |n| n.min(SEATS as u64) as usize)
        .clamp(2, SEATS)
}

/// Shows as many name fields as there are players.
fn show_rows() {
    let n = count();
    distinct_colours();
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

/// The setup as remembered: `count|name|…|options|seat|…|colour|…|first`
/// with options as 0/1 flags, seats as words, colours as indices and who
/// starts as the first-player choice.
fn remember() {
    let mut s = super::text::num(count() as u32);
    for i in 0..SEATS {
        s.push('|');
        let v = input(&name_id(i)).map(|i| i.value()).unwrap_or_default();
        for c in v.chars() {
            s.push(if c == '|' { ' ' } else { c });
        }
    }
    s.push('|');
    for id in OPTIONS {
        s.push(if checked(id) { '1' } else { '0' });
    }
    for i in 0..SEATS {
        s.push('|');
        s.push_str(seat(i).word());
    }
    for i in 0..SEATS {
        s.push('|');
        super::text::push_num(&mut s, u32::from(colour(i)));
    }
    s.push('|');
    if let Ok(first) = by_id::<HtmlSelectElement>("first") {
        s.push_str(&first.value());
    }
    let _ = storage::save("setup", &s);
}

fn recall() {
    let Some(s) = storage::load("setup") else {
        return;
    };
    let parts: Vec<&str> = s.split('|').collect();
    // Setups remembered before seats, colours and who starts had only the first part.
    if parts.len() != SEATS + 2 && parts.len() != 3 * SEATS + 3 {
        return;
    }
    if parts.len() > SEATS + 2 {
        for i in 0..SEATS {
            if let (Some(sel), Some(seat)) = (seat_select(i), Seat::parse(parts[SEATS + 2 + i])) {
                sel.set_value(seat.word());
            }
            if let Some(c) = super::dom::number(parts[2 * SEATS + 2 + i]) {
                if c < 6 {
                    set_colour(i, c as u8);
                }
            }
        }
        if let Ok(first) = by_id::<HtmlSelectElement>("first") {
            first.set_value(parts[3 * SEATS + 2]);
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
fn new_game() -> Result<(Game, Seating), String> {
    let n = count();
    let mut seating = Seating {
        seats: (0..n).map(seat).collect(),
        colours: (0..n).map(colour).collect(),
    };
    let mut names: Vec<String> = (0..n)
        .map(|i| {
            let v = input(&name_id(i)).map(|i| i.value()).unwrap_or_default();
            let v = v.trim();
            if v.is_empty() {
                NAMES[colour(i) as usize].to_string()
            } else {
                v.chars().take(20).collect()
            }
        })
        .collect();
    let first = by_id::<HtmlSelectElement>("first")
        .ok()
        .map(|s| s.value())
        .unwrap_or_default();
    let f = match super::dom::number(&first) {
        Some(i) if i < n as u64 => i as usize,
        _ => (js_sys::Math::random() * n as f64) as usize % n,
    };
    names.rotate_left(f);
    seating.rotate_left(f);
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
    // `?setup&seed=N` deals a chosen game from the start screen (for tests and replays).
    let seed = super::boot::query("seed")
        .and_then(|s| super::dom::number(&s))
        .unwrap_or_else(super::api::random_seed);
    let game = Game::new(names, rules, seed).map_err(|e| crate::engine::error::text(&e))?;
    Ok((game, seating))
}

/// Puts a game on the table and starts saving it.
fn begin(game: Game, seating: Seating, greeting: &str) {
    let saved = saves::save(&game, &seating);
    if install(game, seating, Screen::Table, greeting).is_ok() {
        mark_playing();
        hide();
        with_app(move |app| {
            match saved {
                Ok(()) => super::banner::clear(),
                Err(e) => app.notify(e.message()),
            }
            app.wake();
        });
    }
}

/// As [`begin`], from inside an app callback: waits until the app is free.
pub fn begin_later(game: Game, seating: Seating, greeting: &'static str) {
    let cb = Closure::once(move || begin(game, seating, greeting));
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback(cb.as_ref().unchecked_ref());
    }
    cb.forget();
}

pub fn wire() -> Result<(), JsValue> {
    let count: HtmlSelectElement = by_id("player-count")?;
    listen(&count, "change", |_| show_rows());
    for i in 0..SEATS {
        if let Some(b) = colour_button(i) {
            listen(&b, "click", move |_| next_colour(i));
        }
    }
    let start: HtmlElement = by_id("start")?;
    listen(&start, "click", |_| {
        remember();
        match new_game() {
            Ok((g, seating)) => {
                let people = seating.seats.contains(&Seat::Human);
                begin(g, seating, "New game. ");
                // A table setting up a game of its own may be new to it.
                if people {
                    super::guide::first_time();
                }
            }
            Err(e) => with_app(move |app| app.notify(&e)).unwrap_or(()),
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
