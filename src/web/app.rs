//! The page's app: the shell's `Table` (the game and everything decided
//! about it) with what only a page has (the canvas board, the DOM handles,
//! the drag in progress), owned by one runtime that every browser callback
//! goes through. Starting the page is in `boot.rs`, drawing in `frame.rs`.

use super::board::meeple_art::colour;
use super::board::{Board, FollowerOption};
use super::dom::{self, set_disabled, set_hidden, set_text};
use super::events::Event;
use super::text;
use crate::engine::compact::clamp;
use crate::engine::{Pos, State, Step};
use crate::shell::banner::Bn;
use crate::shell::bars::Bars;
use crate::shell::msg::Msg;
use crate::shell::runtime::Runtime;
use crate::shell::table::Table;
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
    /// The view before zooming in on a tile for its follower spots.
    pub view_before: Option<super::board::camera::Camera>,
    /// The live game's view, kept aside while a review shows.
    pub live: Option<super::board::camera::Camera>,
    /// The card on top and the screen when the page last showed them: the
    /// page's memory of what it wrote, so focus moves only on a change.
    pub shown: std::cell::Cell<(
        Option<crate::shell::screen::Layer>,
        crate::shell::screen::Screen,
    )>,
    /// What had the focus before the first card opened, off the table.
    pub opener: std::cell::Cell<Option<web_sys::HtmlElement>>,
    /// The review's move whose scorings the list holds, so a tap on one
    /// (which refreshes the screen) keeps the list and its focus.
    pub listed: std::cell::Cell<Option<(usize, usize)>>,
    /// What the cards said when the page last wrote them out.
    pub cards: crate::shell::cards::Cards,
    /// The start screen's button to focus in the next frame, before its
    /// layout: focused at once, the page would be laid out for the focus
    /// and again for the frame; in the frame the one layout serves both.
    pub focus_start: Option<&'static str>,
}

pub struct Dom {
    pub topbar: Element,
    pub dock: Element,
    pub turn_swatch: HtmlElement,
    pub turn_name: Element,
    pub turn_detail: Element,
    pub scores: Vec<(Element, Element)>,
    pub tiles_left: Element,
    pub undo: HtmlElement,
    pub rotate: HtmlElement,
    pub confirm: HtmlElement,
    pub hint: HtmlElement,
    pub skip: HtmlElement,
    /// The dock's tiles: the tile in hand, then a hand's second and third.
    pub hand: Vec<(HtmlCanvasElement, Ctx)>,
    pub announcer: Element,
}

pub struct App {
    /// The game at the table and the shell's state around it.
    pub table: Table,
    pub board: Board,
    pub ui: Ui,
    pub options: Vec<FollowerOption>,
    pub dom: Dom,
    pub input: super::input::Input,
    pub frame_pending: bool,
    /// Frames drawn so far (the test hook checks an idle page draws none).
    pub frames: u32,
    /// What `?bench=N` measured, for the test hook.
    #[cfg(feature = "hook")]
    pub bench: Option<String>,
    /// How deep `App::run` is: a message's effects may send more messages
    /// (a save tells the banner), whose effects run inside it.
    pub running: u32,
    /// The session's messages and views, when the address asks (`?tape`).
    pub tape: Option<super::tape::Tape>,
    /// The board, the top bar's scores and the AI workers are set up for the
    /// game on the table ([`App::table_ready`]); not while the start screen
    /// covers it.
    pub built: bool,
}

thread_local! {
    static APP: Runtime<App> = const { Runtime::new() };
}

/// Puts `app` on the page in place of the one there (see [`Runtime::install`]).
pub fn put(app: App) {
    APP.with(|r| r.install(app));
}

/// Posts `e` to the app: it is carried out now, or, from inside other work
/// on the app (a re-entrant callback), queued to run right after it (the
/// answer is then `None`). Nothing posted is dropped. The answer says
/// whether a key was used.
pub fn post(e: Event) -> Option<bool> {
    APP.with(|r| r.send(move |app| app.handle(e)))
}

/// Posts `e` after `ms` milliseconds: the page's only timer.
pub fn post_after(ms: i32, e: Event) {
    let cb = Closure::once_into_js(move || {
        post(e);
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), ms);
    }
}

#[cfg(feature = "hook")]
/// A read of the app as a JS function of up to two numbers, for the test
/// hook: the owner runs `f` on the app when it is called (null while other
/// work on the app runs).
pub fn reader(f: fn(&App, f64, f64) -> JsValue) -> JsValue {
    Closure::<dyn Fn(f64, f64) -> JsValue>::new(move |a, b| {
        APP.with(|r| r.peek(|app| f(app, a, b)))
            .unwrap_or(JsValue::NULL)
    })
    .into_js_value()
}

#[cfg(feature = "hook")]
/// As [`reader`], with the app to change: the hook's marker preview fills
/// the renderer's anchor cache.
pub fn prober(f: fn(&mut App, f64, f64) -> JsValue) -> JsValue {
    Closure::<dyn Fn(f64, f64) -> JsValue>::new(move |a, b| {
        APP.with(|r| r.send(move |app| f(app, a, b)))
            .unwrap_or(JsValue::NULL)
    })
    .into_js_value()
}

pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

impl App {
    pub fn state(&self) -> &State {
        self.table.game.state()
    }

    /// The state the board shows: the review's move while it shows, else the game's.
    pub fn board_state(&self) -> &State {
        match self.table.reviewing() {
            Some(r) => r.game().state(),
            None => self.table.game.state(),
        }
    }

    pub fn announce(&self, msg: &str) {
        // Clearing first makes a repeated message be read again.
        self.dom.announcer.set_text_content(None);
        self.dom.announcer.set_text_content(Some(msg));
    }

    /// Matches canvases to the window, and the camera to the free area.
    pub fn resize(&mut self) {
        if !self.built {
            return;
        }
        let dpr = web_sys::window()
            .map(|w| w.device_pixel_ratio())
            .unwrap_or(1.0);
        self.board.resize(dpr);
        let (top, bottom) = if self.table.reviewing().is_some() {
            // The chart and its marks across the width now.
            self.review_chart();
            if let Some(c) = &self.ui.cards.analysis {
                super::analysis::marks(c);
            }
            let top = dom::rect_of("review-top").map_or(0.0, |r| r[3]);
            let dock = dom::rect_of("review-dock").map_or(self.board.height, |r| r[1]);
            (top, dock)
        } else {
            (dom::rect(&self.dom.topbar)[3], dom::rect(&self.dom.dock)[1])
        };
        let (w, h) = (self.board.width, self.board.height);
        let (top, bottom) = (clamp(top, 0.0, h), clamp(bottom, top.min(h), h));
        self.board.camera.set_free([0.0, top, w, bottom]);
        // The board's focus ring frames the part of it between the bars
        // (the canvas fills the window, so a ring of its own would hide
        // under them, and a canvas paints over its own inset shadow).
        if let Some(ring) = dom::get("board-focus") {
            let px = |v: f64| {
                let mut t = crate::shell::words::num(v.max(0.0).round() as u32);
                t.push_str("px");
                t
            };
            let style = ring.style();
            let _ = style.set_property("top", &px(top));
            let _ = style.set_property("height", &px(bottom - top));
        }
        if self.board.camera.auto {
            let state = *self.board_state();
            self.board.fit_to(&state);
        }
        self.draw_hand();
    }

    /// After any change to the table: what is legal now, the screens, the
    /// bars and the hand.
    pub fn refresh(&mut self) {
        let step = self.state().step();
        if step != Step::PlaceTile {
            self.ui.drag = None;
        }
        // Where the markers of the shell's follower choices sit.
        self.options = self
            .board
            .follower_options(self.table.game.state(), &self.table.turn.options);
        self.board.walk_on = self.table.counting_finals();
        self.show_layers();
        super::dialog::show(&self.table);
        super::guide::show(&self.table);
        self.show_review();
        self.update_bars();
        // The board and the dock's tiles wait for the table (`App::table_ready`).
        if !self.built {
            return;
        }
        self.draw_hand();
        self.request_frame();
    }

    /// Writes out the bars the shell decides on ([`Bars`]).
    pub fn update_bars(&self) {
        let b = Bars::of(&self.table, self.options.len());
        let d = &self.dom;
        let ink = self.ink(b.player);
        let _ = d
            .turn_swatch
            .style()
            .set_property("background", colour(ink));
        let _ = d
            .turn_swatch
            .style()
            .set_property("color", super::board::meeple_art::on_colour(ink));
        let number = self.table.seating.number(usize::from(b.player));
        set_text(&d.turn_swatch, &text::num(u32::from(number) + 1));
        set_text(&d.turn_name, &b.name);
        detail_parts(&d.turn_detail, &b.detail);
        for ((item, val), (total, label)) in d.scores.iter().zip(&b.scores) {
            set_text(val, &text::num(*total));
            let _ = item.set_attribute("aria-label", label);
        }
        super::prompt::show(self, &b);
        dom::text("since-text", &b.since);
        dom::hide("since", b.since.is_empty());
        set_text(&d.tiles_left, &b.tiles_left);
        set_disabled(&d.undo, !b.undo);
        if let Some(redo) = dom::get("redo") {
            set_disabled(&redo, !b.redo);
        }
        set_hidden(&d.rotate, !b.tile_controls);
        set_hidden(&d.confirm, !b.tile_controls);
        set_disabled(&d.confirm, !b.confirm);
        set_hidden(&d.hint, !b.hint_shown);
        set_disabled(&d.hint, !b.hint);
        set_hidden(&d.skip, !b.skip);
        dom::hide("link-again", !b.link);
        dom::hide("fields", !b.fields_shown);
        dom::attr("fields", "aria-pressed", dom::bool_word(b.fields));
        // A table of computers: pause and speed, as the table has them.
        dom::hide("pause", b.pace.is_none());
        dom::hide("speed", b.pace.is_none());
        if let Some((paused, words)) = &b.pace {
            dom::text(
                "pause",
                crate::shell::words::t(if *paused {
                    crate::shell::words::TableW::PlayOn
                } else {
                    crate::shell::words::TableW::Pause
                }),
            );
            dom::attr("pause", "aria-pressed", dom::bool_word(*paused));
            dom::text("speed", words);
        }
        // The settings menu's boxes show the table's settings.
        for (id, on) in [
            ("opt-highlight", self.table.aids.highlight),
            ("opt-valid", self.table.turn.only_fitting),
            ("opt-handover", self.table.turn.handover),
        ] {
            dom::set_checked(id, on);
        }
        dom::text("fields-legend", b.fields_legend.unwrap_or(""));
        dom::hide("fields-legend", b.fields_legend.is_none());
    }

    /// Saves the game after a turn; a failure is told, and play goes on.
    /// A game another tab took over is not written: the table is told.
    /// Says whether the game was saved.
    pub fn autosave(&mut self) -> bool {
        use super::games::NotSaved;
        match super::games::save(&mut self.table) {
            Ok(note) => {
                self.send(Msg::Banner(Bn::Saved));
                if let Some(n) = note {
                    self.notify(n);
                }
                true
            }
            Err(NotSaved::Error(e)) => {
                self.notify(e.message());
                false
            }
            Err(NotSaved::Lost(gm)) => {
                self.send(Msg::Games(gm));
                false
            }
        }
    }

    /// The key of the game on the table, if this tab may write it: still
    /// its own (a turn in progress is written beside the record, and no
    /// more than the record may it go over a game another tab took over:
    /// the table is told instead).
    pub fn writable(&mut self) -> Option<String> {
        let id = self
            .table
            .shelf
            .current
            .clone()
            .filter(|_| !self.table.shelf.lost)?;
        let store = super::storage::LocalStore;
        if crate::shell::library::ours(&store, &id) {
            return Some(id);
        }
        self.send(Msg::Games(crate::shell::library::lost(&store, &id)));
        None
    }

    /// Tells the banner a problem (it shows until the next successful
    /// save), and says it.
    pub fn notify(&mut self, msg: &str) {
        self.send(Msg::Banner(Bn::Tell(msg.into())));
        self.announce(msg);
    }

    /// Replaces the game with an imported record, or says why it cannot,
    /// leaving the game in progress untouched.
    pub fn import(&mut self, text: &str) {
        self.send(Msg::Import(Box::new(super::saves::read(text))));
    }

    pub fn fit(&mut self) {
        let state = *self.board_state();
        self.board.fit_to(&state);
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

/// Writes the turn's detail one part to a span ("computer, easy",
/// "3 followers", "4 pts"), so a narrow top bar wraps it between parts
/// and never inside one. The text read out stays the same.
fn detail_parts(el: &Element, detail: &str) {
    if el.text_content().as_deref() == Some(detail) {
        return;
    }
    el.set_text_content(None);
    for (i, part) in crate::engine::compact::split(detail, "·").enumerate() {
        if i > 0 {
            let _ = el.append_with_str_1(" · ");
        }
        dom::add(el, "span", Some(part.trim()));
    }
}
