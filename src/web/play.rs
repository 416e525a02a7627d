//! The turn on the page: a person's choice becomes a [`Msg`] for the
//! shell's [`turn::update`], and the effects it returns are carried out
//! here (words for the announcer, the board's scoring feedback, saves, the
//! hand-over screen, the follower close-up). The decisions themselves are
//! in `shell::turn`, tested natively.

use super::app::{now, App};
use super::board::effects::Kind;
use super::board::meeple_art::{colour, Pose};
use super::dom;
use super::text;
use crate::engine::{Event, FollowerChoice, Location, Pos};
use crate::shell::screen::Screen;
use crate::shell::turn::{self, Effect, Msg, Say};

impl App {
    /// Sends `msg` to the turn and carries out what follows.
    pub fn send(&mut self, msg: Msg) {
        let fx = self.table.update(msg);
        self.run(fx);
    }

    /// Turns the tile in hand (or on its cell) a quarter clockwise.
    pub fn rotate(&mut self) {
        self.send(Msg::Rotate);
    }

    /// Lays the tile on `at` tentatively, turning it to a fitting rotation if
    /// needed. Returns false (and the tile goes back to the hand) if it fits
    /// there in no rotation.
    pub fn try_candidate(&mut self, at: Pos) -> bool {
        self.send(Msg::Lay(at));
        self.table.turn.candidate == Some(at)
    }

    /// Takes the tile back into the hand.
    pub fn to_hand(&mut self) {
        if self.human_turn() {
            self.ui.drag = None;
        }
        self.send(Msg::ToHand);
    }

    pub fn confirm(&mut self) {
        let hinted = if self.human_turn() && self.table.turn.candidate.is_some() {
            self.table.computer.hint.take()
        } else {
            None
        };
        self.send(Msg::Confirm);
        // A hint taken as given: its follower spot is picked, ready for Enter.
        if let Some(c) = hinted.filter(|_| self.table.game.pending().is_some()) {
            self.table.turn.focus = self.options.iter().position(|o| o.choice == c);
            self.request_frame();
        }
    }

    /// Lays the tile in hand on its candidate cell, for a computer.
    pub fn lay(&mut self) {
        let fx = turn::lay(&mut self.table.game, &mut self.table.turn);
        self.run(fx);
    }

    /// Chooses follower option `i` (as numbered on the board).
    pub fn choose(&mut self, i: usize) {
        if let Some(o) = self.options.get(i).copied() {
            self.send(Msg::Follow(o.choice));
        }
    }

    pub fn skip(&mut self) {
        self.send(Msg::Follow(FollowerChoice::Skip));
    }

    /// Ends a computer's follower step.
    pub fn follow(&mut self, choice: FollowerChoice) {
        let fx = turn::follow(
            &mut self.table.game,
            &self.table.seating,
            &mut self.table.turn,
            choice,
        );
        self.run(fx);
    }

    pub fn undo(&mut self) {
        self.send(Msg::Undo);
    }

    /// Plays the undone turns again, up to the next person's turn.
    pub fn redo(&mut self) {
        dom::close_settings();
        self.send(Msg::Redo);
    }

    /// Carries out the turn's effects, in order.
    fn run(&mut self, fx: Vec<Effect>) {
        for e in fx {
            match e {
                Effect::Say(s) => self.say(&s),
                Effect::Refresh => self.refresh(),
                Effect::Laid { at, events } => self.laid(at, &events),
                Effect::Followed { events } => {
                    self.drop_hint();
                    self.unzoom();
                    self.handle(&events);
                }
                Effect::Save => self.autosave(),
                Effect::SavePending => super::saves::save_pending(&self.table.game),
                Effect::HandOver {
                    after_ms,
                    player,
                    scored,
                } => {
                    let words = text::scored_words(player, &scored, self.table.game.names());
                    super::handover::show_after(self, after_ms, &words);
                }
                Effect::OpenResults { after_ms } => super::panel::open_end_after(after_ms),
                Effect::AskUndo { player, moves } => {
                    let mut q = String::from("Take back ");
                    q.push_str(&self.table.game.names()[player as usize]);
                    q.push_str("'s last turn? Everyone at the table should agree.");
                    super::dialog::ask(
                        &q,
                        "Take it back",
                        "Keep it",
                        move |app| app.send(Msg::UndoAgreed { moves }),
                        "Nothing was undone: the turn stands.",
                    );
                }
                Effect::CancelComputer => self.table.computer.cancel(),
                Effect::ClearEffects => {
                    if matches!(self.table.screen, Screen::Scoring | Screen::HandOver) {
                        // The turn was taken back (the table may agree after
                        // the hand-over card came): no hand-over for it.
                        self.go(Screen::Table);
                    }
                    self.board.effects.clear();
                    self.ui.drag = None;
                    self.unzoom();
                }
            }
        }
    }

    /// The announcer's words for what the turn says.
    fn say(&self, s: &Say) {
        let msg = match s {
            Say::Turned { fits_here } => {
                let mut m = self.tile_words();
                if !fits_here {
                    m.push_str(" It does not fit this way.");
                }
                m
            }
            Say::LaidAt { at, turned } => {
                let mut m = String::from("Tile at ");
                text::push_coords(&mut m, at.x, at.y);
                m.push_str(if *turned { ", turned to fit. " } else { ". " });
                m.push_str(&self.tile_words());
                m.push_str(" Press Confirm or Enter.");
                m
            }
            Say::NoFitThere => "The tile does not fit there; it is back in your hand.".into(),
            Say::PlaceFirst => "Place the tile on the board first.".into(),
            Say::NotAllowed(why) => {
                let mut m = String::from("Not allowed: ");
                m.push_str(why);
                m
            }
            Say::TileBack => "Tile taken back; move or turn it, then confirm.".into(),
            Say::Undone { turns, player } => {
                let mut m = String::from(if *turns > 1 {
                    "Turns undone back to "
                } else {
                    "Last turn undone. "
                });
                m.push_str(&self.table.game.names()[*player as usize]);
                m.push_str(if *turns > 1 { "'s turn." } else { " to play." });
                m
            }
            Say::NothingToRedo => "Nothing to redo.".into(),
            Say::PlayedAgain => "Turn played again.".into(),
        };
        self.announce(&msg);
    }

    /// The tile is down: its events, the view, and the follower spots offered.
    fn laid(&mut self, at: Pos, events: &[Event]) {
        self.handle(events);
        if self.board.camera.auto {
            self.board.fit_to(self.table.game.state());
        }
        self.refresh();
        self.zoom_for_followers(at);
        let mut msg = String::from("Tile placed. ");
        if self.options.is_empty() {
            msg.push_str("No follower can go on it: press No follower.");
        } else {
            msg.push_str("Follower spots: ");
            for (i, o) in self.options.iter().enumerate() {
                text::push_num(&mut msg, i as u32 + 1);
                msg.push(' ');
                if let FollowerChoice::RecallAbbot(_) = o.choice {
                    msg.push_str("take the abbot back");
                } else {
                    msg.push_str(text::role_word(o.role));
                }
                msg.push_str(", ");
            }
            msg.push_str("or S for no follower.");
        }
        self.announce(&msg);
    }

    /// Follower spots are tapped with a finger: on a small board, the view
    /// closes in on the tile so each spot is a 44-pixel target at least.
    fn zoom_for_followers(&mut self, at: Pos) {
        const SCALE: f64 = 150.0;
        if !self.human_turn() || self.options.is_empty() || self.board.camera.scale >= SCALE {
            return;
        }
        self.ui.view_before = Some(self.board.camera);
        let auto = self.board.camera.auto;
        let c = &mut self.board.camera;
        c.scale = SCALE;
        c.cx = f64::from(at.x) + 0.5;
        c.cy = f64::from(at.y) + 0.5;
        c.auto = auto;
        self.request_frame();
    }

    /// Back to the view from before [`Self::zoom_for_followers`].
    pub fn unzoom(&mut self) {
        if let Some(before) = self.ui.view_before.take() {
            if before.auto {
                self.board.fit_to(self.table.game.state());
            } else {
                self.board.camera = before;
            }
        }
    }

    /// Announces events and turns them into scoring feedback.
    fn handle(&mut self, events: &[Event]) {
        let state = self.table.game.state().clone();
        let names: Vec<String> = self.table.game.names().to_vec();
        let mut words = String::new();
        let t0 = now();
        let mut delay = 0.0;
        for e in events {
            if let Some(s) = text::describe(e, &names, state.remaining().len()) {
                if !words.is_empty() {
                    words.push(' ');
                }
                words.push_str(&s);
            }
            match *e {
                Event::FeatureScored {
                    at,
                    location,
                    points,
                    scorers,
                    completed,
                    ..
                } => {
                    let start = t0 + delay;
                    if !completed {
                        // Final scoring shows its items one after another.
                        delay += 1100.0;
                    }
                    let first = scorers.iter().next();
                    // Nobody on it: a golden light, so the completion still shows.
                    let c = first.map(|p| colour(self.ink(p))).unwrap_or("#f2c94c");
                    // The feature's own shape; in the final scoring the view goes to it.
                    self.board
                        .show_scored(&state, at, location, !completed, start, 1500.0, c);
                    let (x, y) = self.board.spot_point(&state, at, location);
                    for (k, p) in scorers.iter().enumerate() {
                        let mut t = String::from("+");
                        text::push_num(&mut t, u32::from(points));
                        self.board.effects.add(
                            start + 150.0,
                            1700.0,
                            Kind::Points {
                                x,
                                // Shared points stack, one line per scorer.
                                y: y + 0.6 * k as f64,
                                text: t,
                                colour: colour(self.ink(p)),
                            },
                        );
                    }
                }
                Event::AbbotRecalled {
                    player, at, points, ..
                } => {
                    let (x, y) = self.board.spot_point(&state, at, Location::Center);
                    let mut t = String::from("+");
                    text::push_num(&mut t, u32::from(points));
                    self.board.effects.add(
                        t0,
                        1700.0,
                        Kind::Points {
                            x,
                            y,
                            text: t,
                            colour: colour(self.ink(player)),
                        },
                    );
                    let to = self.home_of(player);
                    self.board.effects.add(
                        t0 + 300.0,
                        800.0,
                        Kind::Home {
                            x,
                            y,
                            to,
                            ink: self.ink(player),
                            pose: Pose::Abbot,
                        },
                    );
                }
                Event::FollowerReturned {
                    player,
                    at,
                    location,
                    role,
                } => {
                    let (x, y) = self.board.spot_point(&state, at, location);
                    let to = self.home_of(player);
                    let start = t0 + (delay - 1100.0).max(0.0) + 500.0;
                    self.board.effects.add(
                        start,
                        800.0,
                        Kind::Home {
                            x,
                            y,
                            to,
                            ink: self.ink(player),
                            pose: Pose::of(role),
                        },
                    );
                }
                _ => {}
            }
        }
        if !words.is_empty() {
            self.announce(&words);
        }
        // With less motion asked for, the highlights stay still and pieces
        // go home without flying.
        self.board.still = dom::reduced_motion();
        self.request_frame();
    }

    /// Where a player's returning pieces fly to: their score in the top bar.
    fn home_of(&self, player: u8) -> (f64, f64) {
        match self.dom.scores.get(player as usize) {
            Some((item, _)) => {
                let r = dom::rect(item);
                ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0)
            }
            None => (0.0, 0.0),
        }
    }
}
