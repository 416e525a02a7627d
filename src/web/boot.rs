//! Starting the page: the address (`?seed=`, `?players=`, `?seats=`), the
//! saved game or the start screen, and putting a game on the table.

use super::app::{post, put, App, Dom, Ui};
use super::board::meeple_art::{colour, on_colour};
use super::board::Board;
use super::dom::{self, by_id};
use super::events::Event;
use super::seats::Seat;
use super::storage;
use super::storage::LocalStore;
use super::text;
use crate::engine::{compact, Edition};
use crate::shell::library;
use crate::shell::lifecycle::{Deal, Settings, StartUp};
use crate::shell::screen::Screen;
use crate::shell::setup::Setup;
use crate::shell::table::Table;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, Element, HtmlCanvasElement};

/// Reads `?seed=N&players=K&seats=…&setup&bench=N` from the page address.
pub fn query(key: &str) -> Option<String> {
    params(&dom::location("search")).find_map(|kv| {
        let (k, v) = compact::split_once(kv, "=").unwrap_or((kv, ""));
        (k == key).then(|| v.to_string())
    })
}

/// The `key=value` parts of the address's `search` (leading `?`s dropped,
/// as `trim_start_matches` would, without its char searcher).
fn params(search: &str) -> compact::Split<'_> {
    let mut s = search;
    while let Some(rest) = s.strip_prefix('?') {
        s = rest;
    }
    compact::split(s, "&")
}

/// Drops `seed`, `players` and `seats` from the page address (the deal they
/// asked for is on the table and saved), keeping anything else in it.
pub fn forget_deal(window: &web_sys::Window) {
    let (path, search, hash) = (
        dom::location("pathname"),
        dom::location("search"),
        dom::location("hash"),
    );
    let kept: Vec<&str> = params(&search)
        .filter(|kv| {
            let key = compact::split(kv, "=").next().unwrap_or("");
            !kv.is_empty() && !matches!(key, "seed" | "players" | "seats")
        })
        .collect();
    let mut url = path;
    if !kept.is_empty() {
        url.push('?');
        url.push_str(&compact::join(&kept, "&"));
    }
    url.push_str(&hash);
    if let Ok(h) = window.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

pub fn start() -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    // The page shows from now on (www/style.css hides it until the game starts).
    if let Some(root) = dom::document().document_element() {
        let _ = root.remove_attribute("data-booting");
    }
    super::games::wire(&window);
    super::frame::init();
    let seed = query("seed")
        .and_then(|s| super::dom::number(&s))
        .unwrap_or_else(super::api::random_seed);
    // An address with a deal (`?seed=`, `?players=`, `?seats=`) starts it at
    // once, unless it asks for the start screen (`?setup`).
    let asked = query("seed").is_some() || query("players").is_some() || query("seats").is_some();
    let deal = (asked && query("setup").is_none()).then(|| Deal {
        players: query("players")
            .and_then(|p| super::dom::number(&p))
            .map(|n| n.min(6) as usize),
        seats: query("seats")
            .map(|s| compact::split(&s, ",").filter_map(Seat::parse).collect())
            .unwrap_or_default(),
    });
    let mut notice = None;
    let mut current = None;
    let saved = if deal.is_some() {
        None
    } else {
        notice = super::games::migrate().err();
        current = super::games::pick();
        current.as_deref().and_then(|id| {
            library::load(&mut LocalStore, id)
                .map_err(|e| notice = Some(e))
                .ok()
        })
    };
    let kept = saved.as_ref().zip(current.as_deref());
    let candidate = kept.and_then(|((g, _), id)| library::candidate(&LocalStore, id, g));
    let pending = kept.and_then(|((g, _), id)| library::pending(&LocalStore, id, g));
    let link = current
        .as_deref()
        .filter(|_| crate::shell::remote::ON)
        .and_then(|id| library::link(&LocalStore, id));
    let start = StartUp {
        saved,
        pending,
        link,
        current,
        notice,
        candidate,
        deal,
        playing: super::setup::playing(),
        seed,
        setup: storage::load(crate::shell::settings::SETUP)
            .map(|s| Setup::recall(&s))
            .unwrap_or_default(),
        settings: Settings::read(&LocalStore, dom::reduced_motion()),
    };
    // `?tape`: the session is recorded from here, for the replay test.
    let tape = query("tape").and_then(|_| super::tape::Tape::new(&start));
    let (table, fx) = Table::start_up(start)?;
    // The rule boxes are written before the form is first drawn.
    super::setup::write_boxes()?;
    install(table, tape)?;
    post(Event::Run(fx));
    super::input::wire(&window)?;
    #[cfg(feature = "hook")]
    {
        super::hook::install(&window)?;
        if let Some(n) = query("bench") {
            let n = super::dom::number(&n).unwrap_or(200).clamp(10, 5000) as u32;
            post(Event::Bench(n, seed));
        }
    }
    super::setup::wire()?;
    super::panel::wire()?;
    super::handover::wire()?;
    super::spot::wire()?;
    super::dialog::wire()?;
    super::banner::wire()?;
    super::guide::wire()?;
    super::review::wire()?;
    super::analysis::wire()?;
    super::games_card::wire()?;
    super::language::wire()?;
    super::link::wire(&window)?;
    super::prompt::watch_bars()?;
    Ok(())
}

/// The board for the table's game: its tiles' edition, its players' colours.
fn board_for(table: &Table) -> Result<Board, JsValue> {
    let canvas: HtmlCanvasElement = by_id("board")?;
    let mut board = Board::new(canvas, table.game.rules().edition == Edition::C3)?;
    board.set_colours(&table.seating);
    Ok(board)
}

/// Builds the page's app around the table, once: the DOM handles and the
/// board; [`App::new_table`] fits them to each game put on the table.
fn install(table: Table, tape: Option<super::tape::Tape>) -> Result<(), JsValue> {
    let board = board_for(&table)?;
    let mut hand = Vec::new();
    for id in super::input::HAND_SLOTS {
        let c: HtmlCanvasElement = dom::el(id);
        let ctx: Ctx = c
            .get_context("2d")?
            .ok_or("no 2d context")?
            .unchecked_into();
        hand.push((c, ctx));
    }
    let dom = Dom {
        topbar: dom::el("topbar"),
        dock: dom::el("dock"),
        turn_swatch: dom::el("turn-swatch"),
        turn_name: dom::el("turn-name"),
        turn_detail: dom::el("turn-detail"),
        scores: Vec::new(),
        tiles_left: dom::el("tiles-left"),
        undo: dom::el("undo"),
        rotate: dom::el("rotate"),
        confirm: dom::el("confirm"),
        hint: dom::el("hint"),
        skip: dom::el("skip"),
        hand,
        announcer: dom::el("announcer"),
    };
    let tape = tape.map(|t| t.opened(&table));
    let app = App {
        table,
        board,
        ui: Ui {
            drag: None,
            view_before: None,
            live: None,
            shown: std::cell::Cell::new((None, crate::shell::screen::Screen::Table)),
            opener: std::cell::Cell::new(None),
            listed: std::cell::Cell::new(None),
            cards: Default::default(),
            focus_start: None,
        },
        options: Vec::new(),
        dom,
        input: super::input::Input::default(),
        frame_pending: false,
        frames: 0,
        running: 0,
        #[cfg(feature = "hook")]
        bench: None,
        tape,
        built: false,
    };
    put(app);
    Ok(())
}

impl App {
    /// A new game is on the table: the board for its tiles, the top bar's
    /// scores for its players, the AI worker if a computer plays; or, behind
    /// the start screen, once the table shows ([`App::table_ready`]).
    pub fn new_table(&mut self) {
        self.built = false;
        self.table_ready();
    }

    /// Sets the table up for its game unless the start screen covers it,
    /// and says whether it is set up. The start screen shows first thing,
    /// and its Start deals a new game: a table laid out, drawn and given
    /// workers behind it would only delay the page's first screen (the
    /// board barely shows through). Continue, a review or a game loaded
    /// from the list sets it up as the start screen goes.
    pub fn table_ready(&mut self) -> bool {
        if !self.built && self.table.screen != Screen::Setup {
            self.set_up();
        }
        self.built
    }

    /// Sets the table up for its game now, whatever screen shows.
    pub fn set_up(&mut self) {
        self.built = true;
        let _ = self.build_table();
    }

    fn build_table(&mut self) -> Result<(), JsValue> {
        let board = board_for(&self.table)?;
        let seating = &self.table.seating;
        let scores_el: Element = by_id("scores")?;
        scores_el.set_text_content(None);
        let mut scores = Vec::new();
        for (p, &ink) in seating.colours.iter().enumerate() {
            let item = dom::add(&scores_el, "span", None);
            item.set_id(&{
                let mut s = String::from("score-");
                text::push_num(&mut s, p as u32);
                s
            });
            // The seat's number from the start screen, whatever the colour.
            let n = text::num(u32::from(seating.number(p)) + 1);
            let sw = dom::add(&item, "span", Some(&n));
            sw.set_class_name("swatch");
            // Through the CSSOM: the page's CSP forbids inline style attributes.
            let _ = sw.style().set_property("background", colour(ink));
            let _ = sw.style().set_property("color", on_colour(ink));
            let _ = sw.set_attribute("aria-hidden", "true");
            let val = dom::add(&item, "span", None);
            scores.push((item.into(), val.into()));
        }
        // A worker for each part of the deepest search seated.
        let parts = seating
            .seats
            .iter()
            .filter_map(|s| match s {
                Seat::Computer(level) => Some(crate::ai::parts(*level) as usize),
                _ => None,
            })
            .max();
        if let Some(n) = parts {
            super::worker::prepare(n);
        }
        self.board = board;
        self.dom.scores = scores;
        self.ui.drag = None;
        self.ui.view_before = None;
        // The bars are measured for the board's room: shown first if the
        // start screen has just gone (`App::show_layers` comes after).
        let bars = super::layers::bars_shown(self.table.screen);
        dom::hide("topbar", !bars);
        dom::hide("dock", !bars);
        self.resize();
        self.board.fit_to(self.table.game.state());
        self.draw_now();
        Ok(())
    }
}
