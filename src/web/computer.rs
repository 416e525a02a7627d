//! Carrying out the table's questions to the AI ([`Effect::Ask`]): the
//! worker is asked, or, where no worker runs, the same search runs here on
//! the page after a frame has shown that the computer is thinking. Either
//! way the answer goes back to the table as [`Msg::Answer`]; the table
//! decides what it means (`shell::table`), including dropping an answer
//! for a game that has moved on.
//!
//! [`Effect::Ask`]: crate::shell::effect::Effect::Ask

use super::app::{now, post_after, App};
use super::events::Event;
use crate::shell::computer::Ask;
use crate::shell::msg::Msg;

impl App {
    /// Asks the worker, or thinks here without one.
    pub fn ask_ai(&mut self, a: Ask) {
        let record = super::saves::record_value(&self.table.game, &self.table.seating);
        if !super::worker::ask(a.token, &record, a.level, a.seed) {
            self.think_here(a);
        }
    }

    /// The same search on the page, a moment later (so the bars can say the
    /// computer is thinking), unless the question was dropped meanwhile.
    fn think_here(&mut self, a: Ask) {
        post_after(30, Event::ThinkHere(a));
    }

    /// The search itself, unless the question was dropped meanwhile.
    pub fn think_now(&mut self, a: Ask) {
        if self.table.computer.asked().map(|x| x.token) != Some(a.token) {
            return;
        }
        let t0 = now();
        let reply = crate::ai::choose(self.state(), a.level, a.seed).ok_or_else(|| {
            String::from(crate::shell::words::t(crate::shell::words::GamesW::NoTile))
        });
        let ms = now() - t0;
        self.send(Msg::Answer {
            token: a.token,
            reply,
            ms,
        });
    }

    /// The workers' parts of the search for question `token`, added up into
    /// the move on the position they were asked about (the table's, while
    /// the question stands). Parts that do not add up (a worker from
    /// another build, say) are set aside and the move is worked out here.
    pub fn computer_parts(&mut self, token: u32, parts: &[Vec<u32>], ms: f64) {
        let Some(a) = self.table.computer.asked().filter(|a| a.token == token) else {
            return;
        };
        match crate::ai::merge(self.state(), a.level, parts) {
            Some(m) => self.send(Msg::Answer {
                token,
                reply: Ok(m),
                ms,
            }),
            None => {
                super::worker::close();
                self.think_here(a);
            }
        }
    }

    /// The worker could not start: whatever it was asked is worked out here.
    pub fn computer_line_lost(&mut self) {
        if let Some(a) = self.table.computer.asked() {
            self.think_here(a);
        }
    }

    /// An answer from the worker, for question `token`. A worker that failed
    /// (it could not load the engine, say) is closed and the question is
    /// worked out here: the game goes on.
    pub fn computer_answer(&mut self, token: u32, reply: super::worker::Reply, ms: f64) {
        if let Err(e) = &reply {
            if super::worker::close() {
                self.announce(e);
                if let Some(a) = self.table.computer.asked().filter(|a| a.token == token) {
                    self.think_here(a);
                }
                return;
            }
        }
        self.send(Msg::Answer { token, reply, ms });
    }
}
