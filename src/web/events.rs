//! What reaches the page's app from outside: browser events, the AI
//! worker's answers, timers and buttons, as data. Callbacks anywhere on the
//! page post an [`Event`] to the one owner of the app (`app::post`); this
//! is the one place that says what each does, and most are just a message
//! for the table.

use super::app::App;
use super::worker::Reply;
use crate::shell::computer::Ask;
use crate::shell::effect::Effect;
use crate::shell::msg::Msg;
use web_sys::{KeyboardEvent, PointerEvent, WheelEvent};

pub enum Event {
    /// A message for the table.
    Table(Msg),
    /// Effects the table returned before the app existed (start-up).
    Run(Vec<Effect>),
    /// A pointer pressed on the board, or on tile `i` of the dock's hand.
    PointerDown(PointerEvent, Option<u8>),
    PointerMove(PointerEvent),
    /// A pointer lifted, or cancelled (`true`).
    PointerUp(PointerEvent, bool),
    Wheel(WheelEvent),
    /// A key, and whether the board (or nothing) had the focus; the
    /// answer says whether the key was used.
    Key(KeyboardEvent, bool),
    /// The window or the bars changed size.
    Resize,
    /// An animation frame at time `0`.
    Frame(f64),
    /// The worker's answer to question `token`.
    Answer {
        token: u32,
        reply: Reply,
        ms: f64,
    },
    /// The workers' parts of the search for question `token`, all in.
    Parts {
        token: u32,
        parts: Vec<Vec<u32>>,
        ms: f64,
    },
    /// The worker could not start.
    WorkerLost,
    /// Work out question `0` here on the page (no worker).
    ThinkHere(Ask),
    /// The camera's Fit button.
    Fit,
    /// The right button at CSS point (x, y) on the board.
    Inspect(f64, f64),
    /// A game file's text, to import.
    Import(String),
    /// A game file's text, to watch in the review.
    Watch(String),
    Export,
    /// "Continue the saved game", which may be open in another tab.
    Continue,
    /// Export game `0` of the list.
    ExportGame(String),
    /// `?bench=N` with the deal's seed.
    #[cfg(feature = "hook")]
    Bench(u32, u64),
    /// A language chosen, with its catalogue's text.
    Speak(crate::shell::words::lang::Lang, String),
    /// A language chosen whose catalogue could not be fetched.
    SpeakFailed(crate::shell::words::lang::Lang),
}

impl App {
    /// Carries out `e`; says whether a key was used.
    pub fn handle(&mut self, e: Event) -> bool {
        match e {
            Event::Table(msg) => self.send(msg),
            Event::Run(fx) => self.run(fx),
            Event::PointerDown(e, on_hand) => self.pointer_down(&e, on_hand),
            Event::PointerMove(e) => self.pointer_move(&e),
            Event::PointerUp(e, cancelled) => self.pointer_up(&e, cancelled),
            Event::Wheel(e) => self.wheel(&e),
            Event::Key(e, on_board) => return self.key(&e, on_board),
            Event::Resize => {
                self.resize();
                self.draw_now();
            }
            Event::Frame(t) => self.frame(t),
            Event::Answer { token, reply, ms } => self.computer_answer(token, reply, ms),
            Event::Parts { token, parts, ms } => self.computer_parts(token, &parts, ms),
            Event::WorkerLost => self.computer_line_lost(),
            Event::ThinkHere(a) => self.think_now(a),
            Event::Fit => self.fit(),
            Event::Inspect(x, y) => self.inspect_at(x, y),
            Event::Import(text) => self.import(&text),
            Event::Watch(text) => self.send(Msg::Review(crate::shell::review::Rv::Watch(
                Box::new(super::saves::read(&text)),
            ))),
            Event::Export => {
                if super::transfer::export(&self.table.game, &self.table.seating).is_err() {
                    self.notify(super::text::t(super::text::GamesW::ExportFailed));
                }
            }
            Event::ExportGame(id) => super::games_card::export(self, &id),
            Event::Speak(lang, text) => self.speak(lang, &text),
            Event::SpeakFailed(_) => {
                super::language::show_choice();
                self.notify(super::text::t(super::text::GamesW::LanguageUnavailable));
            }
            Event::Continue => {
                let elsewhere = self
                    .table
                    .shelf
                    .current
                    .as_deref()
                    .is_some_and(super::games::elsewhere);
                self.send(Msg::Games(crate::shell::games::Gm::Continue { elsewhere }));
            }
            #[cfg(feature = "hook")]
            Event::Bench(n, seed) => super::bench::run(self, n, seed),
        }
        true
    }
}
