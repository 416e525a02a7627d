//! Computer players at the table. When a computer's turn begins the app asks
//! the AI worker for its move, then plays it out the way a person would: the
//! tile slides from the hand to its cell, rests there a moment, is laid, and
//! the chosen follower spot lights up before the follower goes down. A
//! person's "Hint" asks the same search and lays the tile tentatively.
//!
//! The worker answers late, and the table may have moved on by then (an
//! undo, a new game, a reload): every request and every step of a move
//! carries a token, and anything whose token is no longer current is dropped
//! (`shell::computer` keeps the tokens and decides).

use super::app::{later, now, App};
use super::board::effects::Kind;
use super::seats::Seat;
use crate::ai::Level;
use crate::engine::Move;
use crate::engine::{FollowerChoice, Step};
use crate::shell::computer::{self, Ask, HINT_LEVEL};
use std::cell::Cell;

thread_local! {
    /// Tokens count up for the page's whole life, so an answer meant for a
    /// game that has since been replaced can never match.
    static NEXT: Cell<u32> = const { Cell::new(1) };
}

fn token() -> u32 {
    NEXT.with(|n| {
        let t = n.get();
        n.set(t.wrapping_add(1));
        t
    })
}

/// Pauses between the steps of a computer's move: long enough to follow,
/// short when the player asked the system for less motion.
fn pauses() -> (i32, i32, i32) {
    if super::dom::reduced_motion() {
        (0, 250, 250)
    } else {
        (450, 550, 650)
    }
}

impl App {
    pub fn seat(&self) -> Seat {
        self.table.seating.seat(self.state().current_player())
    }

    /// Whether a person is to act now (the controls answer only then).
    pub fn human_turn(&self) -> bool {
        self.table.human_turn()
    }

    /// Starts a computer's turn if one is due and nothing else is under way.
    /// Waits while the start screen covers the table.
    pub fn wake(&mut self) {
        let Some(level) = computer::due(
            &self.table.game,
            &self.table.seating,
            &self.table.computer,
            self.table.screen,
        ) else {
            return;
        };
        if self.state().step() == Step::PlaceFollower {
            // A computer's tile left down without its follower step (an
            // interrupted move): take it up and think the turn afresh.
            self.table.game.undo();
            self.refresh();
        }
        self.ask(level, false);
    }

    /// A person asks what the computer would do in their place.
    pub fn hint(&mut self) {
        if !computer::hint_open(&self.table.game, &self.table.seating, &self.table.computer) {
            return;
        }
        self.announce("Looking for a good move…");
        self.ask(HINT_LEVEL, true);
        self.refresh();
    }

    fn ask(&mut self, level: Level, hint: bool) {
        let Some(record) = super::saves::record_value(&self.table.game, &self.table.seating) else {
            return;
        };
        let seed = computer::seed(&self.table.game);
        let a = Ask {
            token: token(),
            hint,
            level,
            seed,
        };
        self.table.computer.ask(a);
        if !super::worker::ask(a.token, &record, level, seed) {
            self.think_here(a);
        }
        self.update_bars();
    }

    /// Without a worker: the same search on the page, after a frame has
    /// shown that the computer is thinking.
    fn think_here(&mut self, a: Ask) {
        later(30, move |app| {
            if app.table.computer.asked().map(|x| x.token) != Some(a.token) {
                return;
            }
            let t0 = now();
            let reply = crate::ai::choose(app.state(), a.level, a.seed)
                .ok_or_else(|| String::from("no tile in hand"));
            let ms = now() - t0;
            app.computer_answer(a.token, reply, ms);
        });
    }

    /// The worker could not start: whatever it was asked is worked out here.
    pub fn computer_line_lost(&mut self) {
        if let Some(a) = self.table.computer.asked() {
            self.think_here(a);
        }
    }

    /// An answer from the worker (or from the page), for request `token`.
    pub fn computer_answer(&mut self, token: u32, reply: super::worker::Reply, ms: f64) {
        let Some(a) = self.table.computer.answer(token) else {
            return; // Asked for a game that has moved on.
        };
        let d = match reply {
            Ok(d) => d,
            Err(e) if super::worker::close() => {
                // The worker failed (it could not load the engine, say): the
                // same search runs here from now on, and the game goes on.
                self.announce(&e);
                self.table.computer.ask(a);
                self.think_here(a);
                return;
            }
            Err(e) => {
                let mut m = String::from("The computer could not choose a move: ");
                m.push_str(&e);
                self.notify(&m);
                self.update_bars();
                return;
            }
        };
        self.table.computer.think_ms.push(ms);
        if a.hint {
            self.show_hint(d);
            // A hint that came too late leaves a computer's turn to start.
            self.wake();
        } else {
            self.play(token, d);
        }
    }

    /// The turn ends: a hint still being worked out is no longer wanted.
    pub fn drop_hint(&mut self) {
        self.table.computer.drop_hint();
    }

    fn show_hint(&mut self, d: Move) {
        if !self.human_turn() || self.state().step() != Step::PlaceTile {
            return;
        }
        self.table.turn.rotation = d.rotation;
        self.table.computer.hint = Some(d.choice);
        if self.try_candidate(d.at) {
            self.show(d.at);
            let mut m = String::from("Hint: the tile here, turned as shown");
            m.push_str(match d.choice {
                FollowerChoice::Skip => ", and no follower.",
                FollowerChoice::RecallAbbot(_) => ", then take the abbot back.",
                _ => ", then the follower spot marked after you confirm.",
            });
            m.push_str(" Press Confirm to take it.");
            self.announce(&m);
        }
    }

    /// Plays a computer's decision out on the board, one visible step at a time.
    fn play(&mut self, token: u32, d: Move) {
        let Some(kind) = self.state().tile() else {
            return;
        };
        self.table.computer.play(token);
        let (slide, rest, choose) = pauses();
        self.table.turn.rotation = d.rotation;
        self.show(d.at);
        if slide > 0 {
            let r = super::dom::rect(self.dom.hand.as_ref());
            self.board.effects.add(
                now(),
                f64::from(slide),
                Kind::Slide {
                    kind,
                    rotation: d.rotation,
                    from: ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0),
                    size: r[2] - r[0],
                    to: d.at,
                },
            );
        }
        self.draw_hand();
        self.request_frame();
        later(slide, move |app| {
            if !app.table.computer.still_playing(token) {
                return;
            }
            app.table.turn.candidate = Some(d.at);
            app.refresh();
            later(rest, move |app| {
                if !app.table.computer.still_playing(token) {
                    return;
                }
                app.lay();
                app.table.turn.focus = app.options.iter().position(|o| o.choice == d.choice);
                app.request_frame();
                later(choose, move |app| {
                    if !app.table.computer.still_playing(token) {
                        return;
                    }
                    app.table.computer.played();
                    app.follow(d.choice);
                });
            });
        });
    }
}
