//! The turn on the page: a person's choice becomes a [`Msg`] for the
//! shell's [`turn::update`], and the effects it returns are carried out
//! here (words for the announcer, the board's scoring feedback, saves, the
//! hand-over screen, the follower close-up). The decisions themselves are
//! in `shell::turn`, tested natively.

use super::app::{now, post_after, App};
use super::board::effects::Kind;
use super::board::meeple_art::{colour, Pose};
use super::dom;
use super::storage::LocalStore;
use super::text;
use crate::engine::{Event, Location, Players, Pos, State};
use crate::shell::effect::{Effect, Say};
use crate::shell::games::{Gm, Stored};
use crate::shell::library;
use crate::shell::msg::Msg;
use crate::shell::turn::FINAL_ITEM_MS;
use crate::shell::walk::Item;

impl App {
    /// Sends `msg` to the table and carries out what follows.
    pub fn send(&mut self, msg: Msg) {
        let taped = self.tape.as_ref().map(|t| t.message(&msg));
        let fx = self.table.update(msg);
        if let (Some(tape), Some(msg)) = (&mut self.tape, taped) {
            tape.step(msg, &self.table);
        }
        self.run(fx);
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
        if self.table.human_turn() {
            self.ui.drag = None;
        }
        self.send(Msg::ToHand);
    }

    /// Carries out the table's effects, in order.
    pub fn run(&mut self, fx: Vec<Effect>) {
        // The start screen went: its table is set up before anything uses
        // it (a new table is set up where it comes).
        if !fx.iter().any(|e| matches!(e, Effect::NewTable)) {
            self.table_ready();
        }
        self.running += 1;
        for e in fx {
            match e {
                Effect::Say(s) => self.say(&s),
                Effect::Refresh => self.refresh(),
                Effect::Laid { at, events, say } => self.laid(at, &events, &say),
                Effect::Followed { events, say } => {
                    self.unzoom();
                    self.show_events(&events);
                    if !say.is_empty() {
                        self.announce(&say);
                    }
                }
                Effect::ShowItem(item) => self.show_item(&item),
                Effect::Save => {
                    self.autosave();
                }
                Effect::SaveCandidate(spot) => {
                    if let Some(id) = self.writable() {
                        library::save_candidate(&mut LocalStore, &id, &self.table.game, spot);
                    }
                }
                Effect::SavePending => {
                    if let Some(id) = self.writable() {
                        library::save_pending(&mut LocalStore, &id, &self.table.game);
                    }
                }
                Effect::ClearEffects => {
                    self.board.effects.clear();
                    self.ui.drag = None;
                    self.unzoom();
                }
                Effect::After { ms, msg } => post_after(ms, super::events::Event::Table(msg)),
                Effect::LongPress(seq) => {
                    // Lifting the finger now taps nothing.
                    self.input.held(seq);
                }
                Effect::Ask(a) => self.ask_ai(a),
                Effect::Slide { to, rotation, ms } => self.slide(to, rotation, ms),
                Effect::Show(at) => self.show(at),
                Effect::NewTable => self.new_table(),
                Effect::MarkPlaying => super::setup::mark_playing(),
                Effect::KeepDeal => {
                    if self.autosave() {
                        super::setup::mark_playing();
                        if let Some(w) = web_sys::window() {
                            super::boot::forget_deal(&w);
                        }
                    }
                }
                Effect::Keep { name, value } => {
                    let _ = super::storage::save(name, &value);
                }
                Effect::Notify(m) => self.notify(&m),
                Effect::ReviewOpened => self.review_opened(),
                Effect::ReviewClosed => self.review_closed(),
                Effect::Highlight {
                    at,
                    location,
                    player,
                    fed,
                } => self.highlight(at, location, player, fed),
                Effect::ListGames => {
                    let listing = library::gather(&mut LocalStore);
                    self.send(Msg::Games(Gm::Listed(Box::new(listing))));
                }
                Effect::FindLink(game) => {
                    let id = game.and_then(|g| library::find_link(&LocalStore, &g));
                    let round = super::storage::load(crate::shell::remote::ROUND);
                    self.send(Msg::Link(crate::shell::remote::Lk::Found { id, round }));
                }
                Effect::LoadGame { id, take, review } => {
                    let read = library::load(&mut LocalStore, &id);
                    let game = read.as_ref().ok().map(|(g, _)| g);
                    let candidate = game.and_then(|g| library::candidate(&LocalStore, &id, g));
                    let pending = game.and_then(|g| library::pending(&LocalStore, &id, g));
                    let elsewhere = super::games::elsewhere(&id);
                    let link = library::link(&LocalStore, &id);
                    self.send(Msg::Games(Gm::Loaded {
                        link,
                        id,
                        read: Box::new(read.map(|(g, seating)| (Stored(g), seating))),
                        candidate,
                        pending,
                        elsewhere,
                        take,
                        review,
                    }));
                }
                Effect::DeleteGame(id) => {
                    if !library::delete(&mut LocalStore, &id) {
                        self.notify(text::t(text::GamesW::NotDeletedElsewhere));
                    }
                }
                Effect::Claim { take } => {
                    let held = match &self.table.shelf.current {
                        Some(id) => super::games::claim(id, take),
                        None => true,
                    };
                    if let (false, Some(id)) = (held, &self.table.shelf.current) {
                        self.send(Msg::Games(library::lost(&LocalStore, id)));
                    } else if take {
                        // A game taken (back): no word about losing it stays.
                        self.send(Msg::Banner(crate::shell::banner::Bn::Saved));
                    }
                }
                Effect::Release(id) => super::games::release(&id),
                Effect::Analysis(d) => self.analysis(d),
                // The table carries these out itself.
                Effect::HandOver { .. } | Effect::CancelComputer | Effect::Question(_) => {}
            }
        }
        self.running -= 1;
        // Once the message and all it led to (a save's word to the banner,
        // a game read) are carried out: the screens are shown by then, so
        // a card written out can take the focus.
        if self.running == 0 {
            self.write_cards();
        }
    }

    /// A computer's tile slides from the hand to its cell.
    fn slide(&mut self, to: Pos, rotation: u8, ms: i32) {
        let Some(kind) = self.table.turn.tile(self.state()) else {
            return;
        };
        let r = dom::rect(self.dom.hand[0].0.as_ref());
        self.board.effects.add(
            now(),
            f64::from(ms),
            Kind::Slide {
                kind,
                rotation,
                from: ((r[0] + r[2]) / 2.0, (r[1] + r[3]) / 2.0),
                size: r[2] - r[0],
                to,
            },
        );
        self.draw_hand();
        self.request_frame();
    }

    /// The announcer's words for what the table says; a computer that
    /// found no move is told in the banner too.
    fn say(&mut self, s: &Say) {
        let t = &self.table;
        let msg = text::say(
            s,
            &t.game,
            // Only a tile the table may see is told.
            t.dock_hand().picked(),
            t.turn.rotation,
            &t.turn.options,
        );
        if matches!(s, Say::ComputerFailed(_)) {
            self.notify(&msg);
        } else {
            self.announce(&msg);
        }
    }

    /// The tile is down: its events, the view, and the follower spots offered.
    fn laid(&mut self, at: Pos, events: &[Event], say: &str) {
        self.show_events(events);
        if self.board.camera.auto {
            self.board.fit_to(self.table.game.state());
        }
        self.refresh();
        self.zoom_for_followers(at);
        if !say.is_empty() {
            self.announce(say);
        }
    }

    /// Follower spots are tapped with a finger: on a small board, the view
    /// closes in on the tile so each spot is a 44-pixel target at least.
    fn zoom_for_followers(&mut self, at: Pos) {
        const SCALE: f64 = 150.0;
        if !self.table.human_turn() || self.options.is_empty() || self.board.camera.scale >= SCALE {
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

    /// Turns events into scoring feedback on the board (the table says them,
    /// `Effect::Laid`'s and `Followed`'s `say`). The final scoring's items
    /// are shown one by one as the table's walk hands them over
    /// ([`Self::show_item`]).
    fn show_events(&mut self, events: &[Event]) {
        let state = *self.table.game.state();
        let t0 = now();
        for e in events {
            match *e {
                Event::FeatureScored {
                    at,
                    location,
                    points,
                    scorers,
                    completed: true,
                    ..
                } => self.scored(&state, at, location, scorers, points, false, t0),
                Event::AbbotRecalled {
                    player, at, points, ..
                } => {
                    let (x, y) = self.board.spot_point(&state, at, Location::Center);
                    self.points(x, y, player, points, t0, 1700.0);
                    self.home(x, y, player, Pose::Abbot, t0, 300.0, 800.0);
                }
                Event::ExtraTurn { player, at } => {
                    // Said on the board too, over the tile that filled the hole.
                    self.board.effects.add(
                        t0 + 300.0,
                        2200.0,
                        Kind::Points {
                            x: f64::from(at.x) + 0.5,
                            y: f64::from(at.y) + 0.1,
                            text: text::t(text::TableW::PlaysAgain).into(),
                            colour: colour(self.ink(player)),
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
                    self.home(x, y, player, Pose::of(role), t0, 500.0, 800.0);
                }
                _ => {}
            }
        }
        self.motion();
    }

    /// The final scoring's item the table hands over: outlined with the
    /// view on it, its points, and its followers going home, all within
    /// the item's time.
    fn show_item(&mut self, item: &Item) {
        let state = *self.table.game.state();
        let t0 = now();
        let (at, location) = (item.at, item.location);
        self.scored(&state, at, location, item.scorers, item.points, true, t0);
        for &(player, at, location, role) in &item.home {
            let (x, y) = self.board.spot_point(&state, at, location);
            let end = f64::from(FINAL_ITEM_MS);
            self.home(x, y, player, Pose::of(role), t0, 400.0, end - 400.0);
        }
        self.motion();
    }

    /// A feature scored: its own shape outlined, in the final scoring with
    /// the view going to it, and each scorer's points over it.
    #[allow(clippy::too_many_arguments)]
    fn scored(
        &mut self,
        state: &State,
        at: Pos,
        location: Location,
        scorers: Players,
        points: u16,
        walk: bool,
        t0: f64,
    ) {
        let ms = if walk {
            f64::from(FINAL_ITEM_MS)
        } else {
            1500.0
        };
        // Nobody on it: a golden light, so the completion still shows.
        let c = scorers
            .iter()
            .next()
            .map(|p| colour(self.ink(p)))
            .unwrap_or("#f2c94c");
        self.board.show_scored(state, at, location, walk, t0, ms, c);
        let (x, y) = self.board.spot_point(state, at, location);
        for (k, p) in scorers.iter().enumerate() {
            // Shared points stack, one line per scorer.
            let y = y + 0.6 * k as f64;
            self.points(
                x,
                y,
                p,
                points,
                t0 + 150.0,
                if walk { ms - 150.0 } else { 1700.0 },
            );
        }
    }

    /// `player`'s "+N" at (x, y) on the board.
    fn points(&mut self, x: f64, y: f64, player: u8, points: u16, start: f64, ms: f64) {
        let t = text::plus(points);
        let colour = colour(self.ink(player));
        self.board.effects.add(
            start,
            ms,
            Kind::Points {
                x,
                y,
                text: t,
                colour,
            },
        );
    }

    /// `player`'s piece stands at (x, y) on the board for `hold` ms, then
    /// flies to their score.
    #[allow(clippy::too_many_arguments)]
    fn home(&mut self, x: f64, y: f64, player: u8, pose: Pose, start: f64, hold: f64, ms: f64) {
        let to = self.home_of(player);
        let ink = self.ink(player);
        self.board.effects.add(
            start,
            hold + ms,
            Kind::Home {
                x,
                y,
                to,
                ink,
                pose,
                hold: hold / (hold + ms),
            },
        );
    }

    /// With less motion asked for, the highlights stay still and pieces go
    /// home without flying.
    fn motion(&mut self) {
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
