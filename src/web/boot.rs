//! Starting the page: the address (`?seed=`, `?players=`, `?seats=`), the
//! saved game or the start screen, and putting a game on the table.

use super::app::{put, with_app, App, Dom, Ui};
use super::board::meeple_art::{colour, NAMES};
use super::board::Board;
use super::dom::{self, by_id};
use super::seats::{Seat, Seating};
use super::text;
use crate::engine::{Edition, Event, Game, Rules};
use crate::shell::screen::Screen;
use crate::shell::table::Table;
use crate::shell::turn::Turn;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, Element, HtmlCanvasElement, HtmlElement};

/// Reads `?seed=N&players=K&seats=…&setup&bench=N` from the page address.
pub fn query(key: &str) -> Option<String> {
    let search = web_sys::window()?.location().search().ok()?;
    search.trim_start_matches('?').split('&').find_map(|kv| {
        let mut it = kv.splitn(2, '=');
        (it.next()? == key).then(|| it.next().unwrap_or("").to_string())
    })
}

/// Drops `seed`, `players` and `seats` from the page address (the deal they
/// asked for is on the table and saved), keeping anything else in it.
fn forget_deal(window: &web_sys::Window) {
    let loc = window.location();
    let (Ok(path), Ok(search), Ok(hash)) = (loc.pathname(), loc.search(), loc.hash()) else {
        return;
    };
    let kept: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|kv| {
            let key = kv.split('=').next().unwrap_or("");
            !kv.is_empty() && !matches!(key, "seed" | "players" | "seats")
        })
        .collect();
    let mut url = path;
    if !kept.is_empty() {
        url.push('?');
        url.push_str(&crate::engine::compact::join(&kept, "&"));
    }
    url.push_str(&hash);
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

pub fn start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    super::frame::init();
    let seed = query("seed")
        .and_then(|s| super::dom::number(&s))
        .unwrap_or_else(super::api::random_seed);
    // An address with a deal (`?seed=`, `?players=`) starts it at once; so does
    // a reload within a session that is already playing. Otherwise the table
    // sees the start screen, with the saved game (if any) behind it.
    let direct =
        (query("seed").is_some() || query("players").is_some() || query("seats").is_some())
            && query("setup").is_none();
    let mut notice = None;
    let saved = if direct {
        None
    } else {
        super::saves::load().unwrap_or_else(|e| {
            notice = Some(e);
            None
        })
    };
    let has_saved = saved.is_some();
    // Read before the table is set up, which forgets it.
    let candidate = saved.as_ref().and_then(|(g, _)| super::saves::candidate(g));
    let (game, seating) = match saved {
        Some(g) => g,
        None => {
            // `?seats=human,hard` seats computers too.
            let listed: Vec<Seat> = query("seats")
                .map(|s| s.split(',').filter_map(Seat::parse).collect())
                .unwrap_or_default();
            let players = if (2..=6).contains(&listed.len()) {
                listed.len()
            } else {
                query("players")
                    .and_then(|p| super::dom::number(&p))
                    .map_or(2, |n| n.min(6) as usize)
                    .clamp(2, 6)
            };
            let mut seating = Seating::people(players);
            if listed.len() == players {
                seating.seats = listed;
            }
            let names: Vec<String> = NAMES[..players].iter().map(|s| s.to_string()).collect();
            let game = Game::new(names, Rules::default(), seed)
                .map_err(|e| JsValue::from_str(&e.message))?;
            (game, seating)
        }
    };
    if direct {
        // The deal is set up and kept: a reload resumes it, not deals it again.
        match super::saves::save(&game, &seating) {
            Ok(()) => {
                super::setup::mark_playing();
                forget_deal(&window);
            }
            Err(e) => notice = Some(e.message().to_string()),
        }
    }
    // The start screen first, so no computer begins to play behind it.
    let setup_first = !direct && !super::setup::playing();
    if setup_first {
        super::setup::show(has_saved)?;
    }
    install(
        game,
        seating,
        if setup_first {
            Screen::Setup
        } else {
            Screen::Table
        },
        if has_saved {
            "Game resumed. "
        } else {
            "New game. "
        },
    )?;
    if let Some(m) = notice {
        with_app(move |app| app.notify(&m));
    }
    if let Some(spot) = candidate {
        with_app(move |app| app.restore_candidate(spot));
    }
    super::input::wire(&window)?;
    super::hook::install(&window)?;
    if let Some(n) = query("bench") {
        let n = super::dom::number(&n).unwrap_or(200).clamp(10, 5000) as u32;
        with_app(move |app| super::bench::run(app, n, seed));
    }
    super::setup::wire()?;
    super::panel::wire()?;
    super::handover::wire()?;
    super::dialog::wire()?;
    super::banner::wire()?;
    super::guide::wire()?;
    super::prompt::watch_bars()?;
    Ok(())
}

/// Puts `game` on the table: the board, the bars and the hand, rebuilt for
/// its players. Called at start-up and whenever a new or loaded game begins;
/// from inside [`with_app`] the new game takes the table once the work in
/// progress is done.
pub fn install(
    game: Game,
    seating: Seating,
    screen: Screen,
    greeting: &str,
) -> Result<(), JsValue> {
    let rules = game.rules();
    let players = game.names().len();
    let canvas: HtmlCanvasElement = by_id("board")?;
    let mut board = Board::new(canvas, rules.edition == Edition::C3)?;
    board.colours = seating.colours.clone();
    for (seat, &ink) in seating.colours.iter().enumerate() {
        board.cache.numbers[ink as usize % 6] = seat as u8;
    }
    let hand: HtmlCanvasElement = by_id("hand")?;
    let hand_ctx: Ctx = hand.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    let scores_el: Element = by_id("scores")?;
    scores_el.set_text_content(None);
    let doc = dom::document();
    let mut scores = Vec::new();
    for p in 0..players {
        let item = doc.create_element("span")?;
        item.set_id(&{
            let mut s = String::from("score-");
            text::push_num(&mut s, p as u32);
            s
        });
        let sw: HtmlElement = doc.create_element("span")?.dyn_into()?;
        sw.set_class_name("swatch");
        // Through the CSSOM: the page's CSP forbids inline style attributes.
        let ink = seating.colours[p];
        let _ = sw.style().set_property("background", colour(ink));
        if matches!(ink, 1..=4) {
            let _ = sw.style().set_property("color", "#fff");
        }
        // The seat number, in turn order whatever the colour.
        sw.set_text_content(Some(&text::num(p as u32 + 1)));
        let _ = sw.set_attribute("aria-hidden", "true");
        let val = doc.create_element("span")?;
        item.append_child(&sw)?;
        item.append_child(&val)?;
        scores_el.append_child(&item)?;
        scores.push((item, val));
    }
    let dom = Dom {
        topbar: by_id("topbar")?,
        dock: by_id("dock")?,
        turn_swatch: by_id("turn-swatch")?,
        turn_name: by_id("turn-name")?,
        turn_detail: by_id("turn-detail")?,
        scores,
        tiles_left: by_id("tiles-left")?,
        undo: by_id("undo")?,
        rotate: by_id("rotate")?,
        confirm: by_id("confirm")?,
        hint: by_id("hint")?,
        skip: by_id("skip")?,
        hand,
        hand_ctx,
        announcer: by_id("announcer")?,
    };
    // The settings as the menu shows them (a new game keeps them).
    let turn = Turn {
        only_fitting: dom::checked("opt-valid", false),
        handover: super::handover::enabled(),
        ..Turn::default()
    };
    let mut app = App {
        table: Table::new(game, seating, screen, turn),
        board,
        ui: Ui {
            drag: None,
            highlight: dom::checked("opt-highlight", true),
            view_before: None,
            kept: None,
        },
        options: Vec::new(),
        dom,
        input: super::input::Input::default(),
        frame_pending: false,
        frames: 0,
        bench: None,
    };
    if app.table.seating.seats.iter().any(|s| *s != Seat::Human) {
        super::worker::prepare();
    }
    app.show_layers();
    app.resize();
    app.refresh();
    app.board.fit_to(app.table.game.state());
    app.draw_now();
    let first = {
        let s = app.table.game.state();
        let mut t = String::from(greeting);
        if let Some(msg) = text::describe(
            &Event::TurnBegan {
                player: s.current_player(),
                tile: s.tile().unwrap_or(crate::engine::TileKind::START),
            },
            app.table.game.names(),
            s.remaining().len(),
        ) {
            t.push_str(&msg);
        }
        t.push(' ');
        t.push_str(&app.tile_words());
        t
    };
    app.announce(&first);
    put(app);
    Ok(())
}
