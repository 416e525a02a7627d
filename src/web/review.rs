//! The review screen on the page: writes out what the shell's review holds
//! (the move's line, its scorings, the chart with its cursor, the
//! controls) and turns the controls' events into its messages. What a
//! step, a hold or autoplay does, and when, is decided in `shell::review`.

use super::app::{now, post, App};
use super::board::meeple_art::colour;
use super::dom::{self, bool_word, by_id, listen, on_all, set_disabled};
use super::events::Event;
use super::text;
use crate::engine::compact::clamp;
use crate::shell::cards::PlayOnCard;
use crate::shell::msg::Msg;
use crate::shell::review::Rv;
use crate::shell::screen::Layer;
use crate::shell::seats::Seat;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlCanvasElement, HtmlSelectElement};

fn send(rv: Rv) {
    post(Event::Table(Msg::Review(rv)));
}

impl App {
    /// The review opened: the live view is kept aside, the board takes the
    /// reviewed game's colours and fits its board.
    pub fn review_opened(&mut self) {
        let Some(r) = self.table.review.as_ref() else {
            return;
        };
        let seating = r.seating.clone();
        let state = *r.game().state();
        self.ui.live = Some(self.board.camera);
        self.board.set_colours(&seating);
        self.board.effects.clear();
        self.ui.drag = None;
        self.ui.listed.set(None);
        self.show_layers();
        self.board.camera.auto = true;
        self.show_review();
        self.resize();
        self.board.camera.auto = true;
        self.board.fit_to(&state);
        dom::focus("rv-play");
    }

    /// Back to the game: its view as it was, and its seats' colours.
    pub fn review_closed(&mut self) {
        self.board.effects.clear();
        if let Some(camera) = self.ui.live.take() {
            self.board.set_colours(&self.table.seating);
            self.show_layers();
            self.resize();
            self.board.camera = camera;
        }
        dom::focus("board");
    }

    /// Lights up a scored feature of the move shown.
    pub fn highlight(
        &mut self,
        at: crate::engine::Pos,
        loc: crate::engine::Location,
        player: Option<u8>,
        fed: bool,
    ) {
        let Some(r) = self.table.reviewing() else {
            return;
        };
        let state = *r.game().state();
        let c = player.map(|p| colour(self.ink_of(p))).unwrap_or("#f2c94c");
        self.board.effects.clear();
        self.board
            .show_scored(&state, at, loc, fed, now(), 4000.0, c);
        self.request_frame();
    }

    /// A player's colour on the board now (the review's seating while it shows).
    pub fn ink_of(&self, p: u8) -> u8 {
        self.board.colours.get(p as usize).copied().unwrap_or(p)
    }

    /// Writes out the review screen from the shell's review.
    pub fn show_review(&mut self) {
        let Some(r) = self.table.reviewing() else {
            return;
        };
        let (at, n) = (r.at, r.moves());
        let game = r.game();
        dom::text(
            "review-line",
            &text::review_lead(at, n, r.events(), game.names()),
        );
        let changed = self.ui.listed.get() != Some((at, n));
        if changed {
            self.ui.listed.set(Some((at, n)));
            if let Some(list) = dom::get("review-scored") {
                list.set_text_content(None);
                for (i, (_, words)) in r.scorings().iter().enumerate() {
                    let li = dom::add(&list, "li", None);
                    let b = dom::add(&li, "button", Some(words));
                    let _ = b.set_attribute("type", "button");
                    b.set_id(&id_of("rv-s-", i));
                    listen(&b, "click", move |_| send(Rv::Highlight(i)));
                }
                more_below(&list);
            }
        }
        let mut k = 0;
        while let Some(b) = dom::get(&id_of("rv-s-", k)) {
            let _ = b.set_attribute("aria-pressed", bool_word(r.lit == Some(k)));
            k += 1;
        }
        let (n_words, at_words) = (text::num(n as u32), text::num(at as u32));
        for id in ["rv-scrub", "rv-move"] {
            dom::attr(id, "max", &n_words);
            dom::set_value(id, &at_words);
        }
        dom::text("rv-of", &text::review_of(n));
        for (id, off) in [
            ("rv-first", at == 0),
            ("rv-back", at == 0),
            ("rv-fwd", at >= n),
            ("rv-last", at >= n),
        ] {
            // Marked, not disabled: a held button that reaches the end
            // still hears the finger let go, and keeps its focus.
            dom::attr(id, "aria-disabled", bool_word(off));
        }
        let w = text::review_play()[usize::from(r.playing)];
        dom::attr("rv-play", "aria-label", w);
        dom::text("rv-play", w);
        dom::text("rv-speed", text::review_speeds()[usize::from(r.speed)]);
        self.review_chart();
        let playon = r.game().state().is_over();
        if let Some(b) = dom::get("review-playon") {
            set_disabled(&b, playon);
        }
        if changed {
            self.review_view();
        }
    }

    /// Draws the review's score chart: the totals, the move shown, and the
    /// analysis so far.
    pub fn review_chart(&self) {
        if let (Some(r), Ok(c)) = (
            self.table.reviewing(),
            by_id::<HtmlCanvasElement>("review-chart"),
        ) {
            let colours = &r.seating.colours;
            super::panel::chart(&c, &r.totals(), colours, Some(r.at), 96.0, &r.curve());
        }
    }

    /// The board's free area between the review's bars (the move's lines
    /// change its height), and the view following the move's tile unless
    /// the board was panned or zoomed by hand.
    fn review_view(&mut self) {
        let Some(r) = self.table.reviewing() else {
            return;
        };
        let state = *r.game().state();
        let top = dom::rect_of("review-top").map_or(0.0, |r| r[3]);
        let bottom = dom::rect_of("review-dock").map_or(self.board.height, |r| r[1]);
        let h = self.board.height;
        self.board.camera.set_free([
            0.0,
            clamp(top, 0.0, h),
            self.board.width,
            clamp(bottom, top.min(h), h),
        ]);
        if self.board.camera.auto {
            self.board.fit_to(&state);
        }
    }
}

/// Writes the "Play on from here" card: a seat choice for each player.
pub fn play_on_card(c: &PlayOnCard) {
    dom::text("playon-note", &c.note);
    let Some(list) = dom::get("playon-seats") else {
        return;
    };
    list.set_text_content(None);
    for (p, (name, seat)) in c.seats.iter().enumerate() {
        let li = dom::add(&list, "li", None);
        dom::add(&li, "span", Some(name));
        let sel: HtmlSelectElement = dom::add(&li, "select", None).unchecked_into();
        sel.set_id(&id_of("playon-seat-", p));
        let _ = sel.set_attribute("aria-label", name);
        for w in ["human", "easy", "medium", "hard"] {
            let choice = Seat::parse(w).unwrap_or(Seat::Human);
            let o = dom::add(&sel, "option", Some(&text::seat_choice(choice)));
            let _ = o.set_attribute("value", w);
        }
        sel.set_value(seat.word());
    }
    super::layers::focus_card(crate::shell::screen::Layer::PlayOn);
}

/// The seats chosen on the "Play on" card.
fn chosen_seats() -> Vec<Seat> {
    let mut out = Vec::new();
    while let Some(s) = dom::get(&id_of("playon-seat-", out.len())) {
        let s: HtmlSelectElement = s.unchecked_into();
        out.push(Seat::parse(&s.value()).unwrap_or(Seat::Human));
    }
    out
}

/// `prefix` and a number: the id of one of a list's elements.
fn id_of(prefix: &str, k: usize) -> String {
    let mut s = String::from(prefix);
    text::push_num(&mut s, k as u32);
    s
}

/// How far along the chart's plot (0 to 1) CSS x is.
fn chart_at(c: &HtmlCanvasElement, x: f64) -> f64 {
    let r = c.get_bounding_client_rect();
    super::panel::chart_fraction(r.width(), x - r.left())
}

/// Marks the scoring list when it holds lines below what shows (the
/// stylesheet fades it out there), until it is scrolled to its end.
fn more_below(list: &Element) {
    let more = list.scroll_height() > list.client_height() + 1
        && list.scroll_top() + list.client_height() < list.scroll_height() - 1;
    list.set_class_name(if more { "more" } else { "" });
}

pub fn wire() -> Result<(), JsValue> {
    let list: Element = dom::el("review-scored");
    let l2 = list.clone();
    listen(&list, "scroll", move |_| more_below(&l2));
    type Button = fn() -> Rv;
    let buttons: [(&str, Button); 6] = [
        ("review-back", || Rv::Close),
        ("review-playon", || Rv::AskPlayOn),
        ("rv-first", || Rv::First),
        ("rv-last", || Rv::Last),
        ("rv-play", || Rv::Play),
        ("review-open", || Rv::Open),
    ];
    for (id, rv) in buttons {
        let b: Element = dom::el(id);
        listen(&b, "click", move |_| {
            super::dom::close_settings();
            send(rv());
        });
    }
    on_all(&[
        ("panel-review", "click", || send(Rv::Open)),
        ("rv-speed", "click", || send(Rv::NextSpeed)),
    ]);
    // Back and forward: a press steps and repeats while held; a click from
    // the keyboard (no pointer) steps once.
    for (id, dir) in [("rv-back", -1i8), ("rv-fwd", 1)] {
        let b: Element = dom::el(id);
        listen(&b, "pointerdown", move |e| {
            let e: web_sys::PointerEvent = e.unchecked_into();
            if e.pointer_type() != "mouse" || e.button() == 0 {
                send(Rv::Press(dir));
            }
        });
        for kind in ["pointerup", "pointercancel", "pointerleave"] {
            listen(&b, kind, |_| send(Rv::Release));
        }
        listen(&b, "click", move |e| {
            let e: web_sys::MouseEvent = e.unchecked_into();
            if e.detail() == 0 {
                send(if dir < 0 { Rv::Back } else { Rv::Forward });
            }
        });
        // A long press must not open the browser's menu over the button.
        listen(&b, "contextmenu", |e| e.prevent_default());
    }
    fn jump(v: String) {
        if let Some(n) = super::dom::number(&v) {
            send(Rv::Jump(n as usize));
        }
    }
    dom::on_value("rv-scrub", "input", jump);
    dom::on_value("rv-move", "change", jump);
    let chart: HtmlCanvasElement = dom::el("review-chart");
    let c2 = chart.clone();
    listen(&chart, "click", move |e| {
        let e: web_sys::MouseEvent = e.unchecked_into();
        send(Rv::ChartAt(chart_at(&c2, f64::from(e.client_x()))));
    });
    on_all(&[
        ("playon-go", "click", || send(Rv::PlayOn(chosen_seats()))),
        ("playon-cancel", "click", || {
            post(Event::Table(Msg::Close(Layer::PlayOn)));
        }),
    ]);
    super::dialog::keep_keys(&dom::el::<Element>("playon"));
    Ok(())
}
