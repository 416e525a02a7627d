//! The game shell: one `App` holds the game, the board renderer and the
//! turn's interface state. Every rule goes through the engine's `Game`;
//! the shell only asks it what is legal and tells it what the player chose.

use super::board::meeple_art::{colour, NAMES};
use super::board::placement;
use super::board::{Board, FollowerOption, Ghost, Overlay, Verdict};
use super::dom::{self, by_id, set_disabled, set_hidden, set_text};
use super::seats::{Seat, Seating};
use super::text;
use crate::engine::compact::clamp;
use crate::engine::{Edition, Event, Game, Pos, Rules, State, Step};
use crate::shell::bars::Bars;
use crate::shell::runtime::Runtime;
use crate::shell::screen::Screen;
use crate::shell::table::Table;
use crate::shell::turn::Turn;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, Element, HtmlCanvasElement, HtmlElement};

/// A tile being dragged: where the pointer is, and the cell it was lifted from.
#[derive(Clone, Copy)]
pub struct Drag {
    pub x: f64,
    pub y: f64,
    pub from: Option<Pos>,
}

/// The page's part of the turn's interface state (the rest, which the
/// shell decides on, is [`Turn`]).
pub struct Ui {
    pub drag: Option<Drag>,
    /// Setting: highlight the cells where the tile fits.
    pub highlight: bool,
    /// The view before zooming in on a tile for its follower spots.
    pub view_before: Option<super::board::camera::Camera>,
    /// The unconfirmed tile's spot as last kept in storage.
    kept: Option<(Pos, u8)>,
}

pub struct Dom {
    pub topbar: Element,
    pub dock: Element,
    turn_swatch: HtmlElement,
    turn_name: Element,
    turn_detail: Element,
    pub scores: Vec<(Element, Element)>,
    tiles_left: Element,
    undo: HtmlElement,
    rotate: HtmlElement,
    confirm: HtmlElement,
    hint: HtmlElement,
    skip: HtmlElement,
    pub hand: HtmlCanvasElement,
    hand_ctx: Ctx,
    announcer: Element,
}

pub struct App {
    /// The game at the table and the shell's state around it.
    pub table: Table,
    pub board: Board,
    pub ui: Ui,
    pub options: Vec<FollowerOption>,
    pub dom: Dom,
    pub input: super::input::Input,
    frame_pending: bool,
    /// Frames drawn so far (the test hook checks an idle page draws none).
    pub frames: u32,
    pub bench: Option<String>,
}

/// The requestAnimationFrame callback, made once and reused.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static APP: Runtime<App> = const { Runtime::new() };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Runs `f` on the app and returns its result; from inside other work on the
/// app (a re-entrant callback) `f` is queued to run right after it, and the
/// result is `None`. Nothing sent is dropped.
pub fn with_app<R>(f: impl FnOnce(&mut App) -> R + 'static) -> Option<R> {
    APP.with(|r| r.send(f))
}

/// Reads the app; `None` while other work on it runs.
pub fn read_app<R>(f: impl FnOnce(&App) -> R) -> Option<R> {
    APP.with(|r| r.peek(f))
}

/// Runs `f` on the app after `ms` milliseconds.
pub fn later(ms: i32, f: impl FnOnce(&mut App) + 'static) {
    later_boxed(ms, Box::new(f));
}

/// The timer itself, once in the wasm rather than once per caller.
fn later_boxed(ms: i32, f: Box<dyn FnOnce(&mut App)>) {
    let cb = Closure::once_into_js(move || {
        with_app(f);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms);
    }
}

pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

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
    FRAME.with(|f| {
        *f.borrow_mut() = Some(Closure::new(|t: f64| {
            with_app(move |app| app.frame(t));
        }))
    });
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
    APP.with(|r| r.install(app));
    Ok(())
}

impl App {
    pub fn state(&self) -> &State {
        self.table.game.state()
    }

    pub fn announce(&self, msg: &str) {
        // Clearing first makes a repeated message be read again.
        self.dom.announcer.set_text_content(None);
        self.dom.announcer.set_text_content(Some(msg));
    }

    /// The tile in hand in words: what each side shows at the current rotation.
    pub fn tile_words(&self) -> String {
        let Some(kind) = self.state().tile() else {
            return String::new();
        };
        let mut s = String::from("Tile: ");
        s.push_str(&text::tile_words(kind, self.table.turn.rotation));
        s
    }

    /// Matches canvases to the window, and the camera to the free area.
    pub fn resize(&mut self) {
        let dpr = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .unwrap_or(1.0);
        self.board.resize(dpr);
        let top = dom::rect(&self.dom.topbar)[3];
        let bottom = dom::rect(&self.dom.dock)[1];
        let (w, h) = (self.board.width, self.board.height);
        self.board
            .camera
            .set_free([0.0, clamp(top, 0.0, h), w, clamp(bottom, top.min(h), h)]);
        if self.board.camera.auto {
            self.board.fit_to(self.table.game.state());
        }
        let hand = &self.dom.hand;
        let px = (f64::from(hand.client_width()) * dpr).round() as u32;
        if hand.width() != px {
            hand.set_width(px);
            hand.set_height(px);
        }
        self.draw_hand();
    }

    /// After any change to the game: what is legal now, the bars and the hand.
    pub fn refresh(&mut self) {
        let step = self.state().step();
        self.table.turn.sync(&self.table.game);
        if step != Step::PlaceTile {
            self.ui.drag = None;
        }
        self.options = if step == Step::PlaceFollower {
            let state = self.table.game.state().clone();
            self.board.follower_options(&state)
        } else {
            Vec::new()
        };
        if self
            .table
            .turn
            .focus
            .is_some_and(|i| i >= self.options.len())
        {
            self.table.turn.focus = None;
        }
        self.update_bars();
        self.draw_hand();
        self.request_frame();
        self.keep_candidate();
        self.wake();
    }

    /// Stores where a person's tile lies unconfirmed, when that changes, so a
    /// reload puts it back there.
    fn keep_candidate(&mut self) {
        if !self.human_turn() || self.state().step() != Step::PlaceTile {
            return;
        }
        let spot = self
            .table
            .turn
            .candidate
            .map(|c| (c, self.table.turn.rotation));
        if spot != self.ui.kept {
            self.ui.kept = spot;
            super::saves::save_candidate(&self.table.game, spot);
        }
    }

    /// Lays the tile back where it lay unconfirmed before a reload, turned as it was.
    pub fn restore_candidate(&mut self, (at, r): (Pos, u8)) {
        if self.human_turn() && self.table.turn.restore((at, r)) {
            self.refresh();
        }
    }

    /// Writes out the bars the shell decides on ([`Bars`]).
    pub fn update_bars(&self) {
        let b = Bars::of(&self.table, self.options.len(), self.ui.highlight);
        let d = &self.dom;
        let ink = self.ink(b.player);
        let _ = d
            .turn_swatch
            .style()
            .set_property("background", colour(ink));
        let _ = d.turn_swatch.style().set_property(
            "color",
            if matches!(ink, 1..=4) {
                "#fff"
            } else {
                "#2b2b2b"
            },
        );
        set_text(&d.turn_swatch, &text::num(u32::from(b.player) + 1));
        set_text(&d.turn_name, &b.name);
        set_text(&d.turn_detail, &b.detail);
        for ((item, val), (total, label)) in d.scores.iter().zip(&b.scores) {
            set_text(val, &text::num(*total));
            let _ = item.set_attribute("aria-label", label);
        }
        super::prompt::show(self, &b);
        set_text(&d.tiles_left, &b.tiles_left);
        set_disabled(&d.undo, !b.undo);
        if let Ok(redo) = by_id::<Element>("redo") {
            set_disabled(&redo, !b.redo);
        }
        set_hidden(&d.rotate, !b.tile_controls);
        set_hidden(&d.confirm, !b.tile_controls);
        set_disabled(&d.confirm, !b.confirm);
        set_hidden(&d.hint, !b.tile_controls);
        set_disabled(&d.hint, !b.hint);
        set_hidden(&d.skip, !b.skip);
    }

    /// Draws the tile in hand (faded while it lies on the board).
    pub fn draw_hand(&mut self) {
        let c = &self.dom.hand_ctx;
        let px = f64::from(self.dom.hand.width());
        let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        c.clear_rect(0.0, 0.0, px, px);
        let tile = self
            .state()
            .tile()
            .filter(|_| self.table.screen.shows_hand());
        let Some(kind) = tile else {
            // An empty slot: nothing to place (or not yet shown).
            c.set_stroke_style_str("rgba(80,60,40,0.5)");
            c.set_line_width((px / 40.0).max(1.0));
            let dash = (px / 14.0).round();
            let _ = c.set_line_dash(&js_sys::Array::of2(&dash.into(), &dash.into()));
            c.stroke_rect(px * 0.06, px * 0.06, px * 0.88, px * 0.88);
            let _ = c.set_line_dash(&js_sys::Array::new());
            return;
        };
        let away = self.table.turn.candidate.is_some()
            || self.ui.drag.is_some()
            || self.table.computer.moving();
        c.set_global_alpha(if away { 0.3 } else { 1.0 });
        let m = (px * 0.04).round();
        let s = px - 2.0 * m;
        let garden = self.board.anchors.get(kind).garden;
        let c = &self.dom.hand_ctx;
        c.save();
        super::board::cache::paint_tile(c, kind, self.table.turn.rotation, (m, m, s), garden);
        c.restore();
        let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        c.set_global_alpha(1.0);
        c.set_stroke_style_str("#4c3a28");
        c.set_line_width((px / 40.0).max(1.0).round());
        c.stroke_rect(m, m, s, s);
    }

    /// Asks for a frame; frames are drawn only when something changed.
    pub fn request_frame(&mut self) {
        if self.frame_pending {
            return;
        }
        self.frame_pending = true;
        FRAME.with(|f| {
            if let (Some(w), Some(c)) = (web_sys::window(), f.borrow().as_ref()) {
                let _ = w.request_animation_frame(c.as_ref().unchecked_ref());
            }
        });
    }

    fn frame(&mut self, _t: f64) {
        self.frame_pending = false;
        let t = now();
        let more = self.board.effects.prune(t);
        self.draw_at(t);
        if more || self.board.cache.behind {
            self.request_frame();
        }
    }

    pub fn draw_now(&mut self) {
        self.draw_at(now());
        if self.board.cache.behind {
            self.request_frame();
        }
    }

    fn draw_at(&mut self, t: f64) {
        self.frames += 1;
        let ghost = self.ghost();
        let state = self.table.game.state();
        let overlay = Overlay {
            fits: &self.table.turn.fits,
            show_fits: self.ui.highlight && self.human_turn(),
            ghost,
            options: &self.options,
            focus: self.table.turn.focus,
            ink: self.ink(state.current_player()),
        };
        self.board.draw(state, &overlay, t);
    }

    /// The tile being placed: dragged under the pointer, or lying on its cell.
    fn ghost(&self) -> Option<Ghost> {
        let kind = self.state().tile()?;
        let r = self.table.turn.rotation;
        let (at, lifted) = match (self.ui.drag, self.table.turn.candidate) {
            (Some(d), _) => {
                let (x, y) = self.board.camera.cell_at(d.x, d.y);
                (Pos::new(x, y), true)
            }
            (None, Some(c)) => (c, false),
            _ => return None,
        };
        let mask = placement::rotations_at(&self.table.turn.fits, at);
        let verdict = if mask & (1 << r) != 0 {
            Verdict::Fits
        } else if mask != 0 {
            Verdict::FitsTurned
        } else {
            Verdict::No
        };
        Some(Ghost {
            kind,
            at,
            rotation: r,
            verdict,
            lifted,
        })
    }

    /// Saves the game after a turn; a failure is told, and play goes on.
    pub fn autosave(&self) {
        match super::saves::save(&self.table.game, &self.table.seating) {
            Ok(()) => super::banner::clear(),
            Err(e) => self.notify(e.message()),
        }
    }

    /// Shows a message in the banner until the next successful save.
    pub fn notify(&self, msg: &str) {
        super::banner::show(msg);
        self.announce(msg);
    }

    /// Replaces the game with an imported record, or says why it cannot,
    /// leaving the game in progress untouched.
    pub fn import(&mut self, text: &str) {
        match super::saves::parse(text) {
            // Installed once this callback has let go of the app.
            Ok((game, seating)) => super::setup::begin_later(game, seating, "Game loaded. "),
            Err(e) => {
                let mut m = String::from("That file could not be imported: ");
                m.push_str(&e);
                m.push_str(". Your game is unchanged.");
                self.notify(&m);
            }
        }
    }

    /// Ends this game, after the table agrees, and starts a fresh one.
    pub fn new_game(&mut self) {
        dom::close_settings();
        if self.table.game.moves().is_empty() || self.state().is_over() {
            let _ = super::setup::show(false);
        } else {
            super::dialog::ask(
                "Start a new game? The game in progress will be lost.",
                "New game",
                "Keep playing",
                |_| {
                    let _ = super::setup::show(false);
                },
                "The game goes on.",
            );
        }
    }

    pub fn fit(&mut self) {
        self.board.fit_to(self.table.game.state());
        self.request_frame();
    }

    /// A player's colour, as an index into the six follower colours.
    pub fn ink(&self, player: u8) -> u8 {
        self.table
            .seating
            .colours
            .get(player as usize)
            .copied()
            .unwrap_or(player)
    }
}
