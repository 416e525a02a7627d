//! The computer players' side of the table: which question to the AI is
//! waiting, which move is being played out, a hint's follower choice. The
//! AI answers late, and the table may have moved on by then (an undo, a new
//! game, a reload): every question and every step of a move carries a
//! token, and an answer or a step whose token is no longer current is
//! dropped. The table decides every step; the page only asks the worker
//! and sets the timers it is told to.

use super::effect::{effects, refresh, Effect, Say};
use super::msg::{MoveStep, Msg};
use super::screen::Screen;
use super::seats::{Seat, Seating};
use super::table::Table;
use super::turn;
use crate::ai::Level;
use crate::engine::{FollowerChoice, Game, Move, Step};

/// The search a hint uses: the best the computer can do.
pub const HINT_LEVEL: Level = Level::Hard;

/// Pauses between the steps of a computer's move (slide, rest, choose), in
/// ms: long enough to follow, short when the player asked for less motion,
/// and `speed` times shorter when a table of computers is sped up.
pub fn pauses(less_motion: bool, speed: u8) -> (i32, i32, i32) {
    let (slide, rest, choose) = if less_motion {
        (0, 250, 250)
    } else {
        (450, 550, 650)
    };
    let s = i32::from(speed.max(1));
    (slide / s, rest / s, choose / s)
}

/// The speeds a table of computers plays at, in turn.
pub const SPEEDS: [u8; 3] = [1, 2, 4];

/// A question to the AI.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ask {
    pub token: u32,
    /// A person's hint (else a computer's own turn).
    pub hint: bool,
    pub level: Level,
    pub seed: u64,
}

#[derive(Default, Debug)]
pub struct Computer {
    /// The question waiting for an answer.
    asked: Option<Ask>,
    /// The move being played out on the board, and its token.
    playing: Option<(u32, Move)>,
    /// A hint's follower choice, offered again in the follower step.
    pub hint: Option<FollowerChoice>,
    /// How long each answer took the search, in ms (reported by the test hook).
    pub think_ms: Vec<f64>,
    /// The last token handed out. The table's own count, so a recorded
    /// stream of messages replays with the same tokens.
    tokens: u32,
    /// The player asked the system for less motion: a computer's tile does
    /// not slide, its pauses are short.
    pub less_motion: bool,
    /// A table of computers is paused: no question is asked, and the step
    /// of a move that comes meanwhile waits in `held`.
    pub paused: bool,
    held: Option<(u32, MoveStep)>,
    /// How many times faster than usual a table of computers plays (one of
    /// [`SPEEDS`]; 0 reads as 1).
    pub speed: u8,
}

/// The seed of the search for `game` as it stands: the same game at the
/// same turn always gets the same answer, so a computer's move can be
/// replayed to chase a bug.
pub fn seed(game: &Game) -> u64 {
    let s = game.seed().unwrap_or(0)
        ^ (game.moves().len() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // Within 2^53, as the worker's message carries it: the page's own search
    // (when the worker fails) must choose the move the worker would have.
    s & ((1 << 53) - 1)
}

/// The level of the computer whose turn is due now, if one is: a computer
/// seat, the game going on, nothing asked or played yet, and no start
/// screen over the table.
pub fn due(game: &Game, seating: &Seating, computer: &Computer, screen: Screen) -> Option<Level> {
    let Seat::Computer(level) = seating.seat(game.state().current_player()) else {
        return None;
    };
    let waiting =
        game.state().is_over() || computer.busy() || computer.paused || !screen.computers_play();
    (!waiting).then_some(level)
}

/// Whether a person may ask for a hint now.
pub fn hint_open(game: &Game, seating: &Seating, computer: &Computer) -> bool {
    seating.human_turn(game.state()) && game.state().step() == Step::PlaceTile && !computer.busy()
}

impl Computer {
    pub fn thinking(&self) -> bool {
        self.asked.is_some_and(|a| !a.hint)
    }

    pub fn hinting(&self) -> bool {
        self.asked.is_some_and(|a| a.hint)
    }

    /// A computer's tile is on its way from the hand to the board.
    pub fn moving(&self) -> bool {
        self.playing.is_some()
    }

    pub fn busy(&self) -> bool {
        self.asked.is_some() || self.playing.is_some()
    }

    /// The question waiting for an answer.
    pub fn asked(&self) -> Option<Ask> {
        self.asked
    }

    /// Asks a question; any earlier one is forgotten.
    /// A fresh token, unique for the table's life: for a question to the
    /// AI, or anything else an answer or a timer must be matched to.
    pub fn token(&mut self) -> u32 {
        self.tokens = self.tokens.wrapping_add(1);
        self.tokens
    }

    pub fn ask(&mut self, a: Ask) {
        self.asked = Some(a);
    }

    /// Takes the answer to question `token`: the question it answers, or
    /// `None` for a question no longer asked (the game has moved on).
    pub fn answer(&mut self, token: u32) -> Option<Ask> {
        let a = self.asked.filter(|a| a.token == token)?;
        self.asked = None;
        Some(a)
    }

    /// Starts playing out move `m`, answered to `token`.
    pub fn play(&mut self, token: u32, m: Move) {
        self.playing = Some((token, m));
    }

    /// The move of `token`, if it is still the one being played out.
    pub fn still_playing(&self, token: u32) -> Option<Move> {
        self.playing.filter(|p| p.0 == token).map(|p| p.1)
    }

    /// The move played out is over (its last step is being taken).
    pub fn played(&mut self) {
        self.playing = None;
    }

    /// Forgets any question and any move in play: the game has changed.
    pub fn cancel(&mut self) {
        self.asked = None;
        self.playing = None;
        self.held = None;
        self.hint = None;
    }

    /// The turn ends: a hint still being worked out is no longer wanted.
    pub fn drop_hint(&mut self) {
        if self.hinting() {
            self.asked = None;
        }
        self.hint = None;
    }
}

/// The computer's side of the table's messages: asking the AI, a hint,
/// an answer, and a move played out step by step.
impl Table {
    /// Whether the pause and speed controls are offered: only computers
    /// play (nobody at the table to wait for), and the game goes on.
    pub fn pace_shown(&self) -> bool {
        !self.state().is_over()
            && (0..self.state().players())
                .all(|p| matches!(self.seating.seat(p), Seat::Computer(_)))
    }

    /// Pauses a table of computers, or lets it play on: a step held back
    /// while paused is taken now.
    pub(super) fn pause(&mut self) -> Vec<Effect> {
        if !self.pace_shown() {
            return Vec::new();
        }
        let on = !self.computer.paused;
        self.computer.paused = on;
        let mut fx = refresh();
        if !on {
            if let Some((token, step)) = self.computer.held.take() {
                fx.extend(self.step(token, step));
            }
        }
        fx
    }

    /// The next speed of a table of computers, round to the first.
    pub(super) fn faster(&mut self) -> Vec<Effect> {
        if !self.pace_shown() {
            return Vec::new();
        }
        let i = SPEEDS
            .iter()
            .position(|&s| s == self.computer.speed)
            .unwrap_or(0);
        self.computer.speed = SPEEDS[(i + 1) % SPEEDS.len()];
        refresh()
    }

    /// Asks the AI for a computer's move if one is due now (see
    /// [`due`]).
    pub(super) fn wake(&mut self, fx: &mut Vec<Effect>) {
        // A move that came by link is played out as a computer's.
        if let Some(m) = self.link_due() {
            fx.extend(self.play_linked(m));
            return;
        }
        let Some(level) = due(&self.game, &self.seating, &self.computer, self.screen) else {
            return;
        };
        if self.state().step() == Step::PlaceFollower {
            // A computer's tile left down without its follower step (an
            // interrupted move): take it up and think the turn afresh.
            self.game.undo();
            self.turn.sync(&self.game);
        }
        fx.push(self.ask(level, false));
        fx.push(Effect::Refresh);
    }

    pub(super) fn ask(&mut self, level: Level, hint: bool) -> Effect {
        let a = Ask {
            token: self.computer.token(),
            hint,
            level,
            seed: seed(&self.game),
        };
        self.computer.ask(a);
        Effect::Ask(a)
    }

    /// A person asks what the computer would do in their place.
    pub(super) fn hint(&mut self) -> Vec<Effect> {
        if !self.seating.aids
            || !self.screen.turn_open()
            || !hint_open(&self.game, &self.seating, &self.computer)
        {
            return Vec::new();
        }
        let ask = self.ask(HINT_LEVEL, true);
        effects([Effect::Say(Say::LookingForMove), ask, Effect::Refresh])
    }

    /// The AI's answer: a hint is laid for the person to confirm, a
    /// computer's move begins to play out. An answer to a question no
    /// longer asked (the game has moved on) is dropped.
    pub(super) fn answer(
        &mut self,
        token: u32,
        reply: Result<Move, String>,
        ms: f64,
    ) -> Vec<Effect> {
        let Some(a) = self.computer.answer(token) else {
            return Vec::new();
        };
        let d = match reply {
            Ok(d) => d,
            Err(e) => return effects([Effect::Say(Say::ComputerFailed(e)), Effect::Refresh]),
        };
        self.computer.think_ms.push(ms);
        if a.hint {
            self.show_hint(d)
        } else {
            self.play(token, d)
        }
    }

    pub(super) fn show_hint(&mut self, d: Move) -> Vec<Effect> {
        if !self.human_turn() || self.state().step() != Step::PlaceTile {
            return Vec::new();
        }
        self.turn.pick_kind(&self.game, d.tile);
        self.turn.rotation = d.rotation;
        self.computer.hint = Some(d.choice);
        let mut fx = self.turn_msg(Msg::Lay(d.at));
        if self.turn.candidate == Some(d.at) {
            fx.push(Effect::Show(d.at));
            fx.push(Effect::Say(Say::Hinted(d.choice)));
        }
        fx
    }

    /// Starts playing a computer's move out, one visible step at a time.
    pub(super) fn play(&mut self, token: u32, d: Move) -> Vec<Effect> {
        if self.state().tile().is_none() {
            return Vec::new();
        }
        self.computer.play(token, d);
        self.turn.pick_kind(&self.game, d.tile);
        let (slide, _, _) = pauses(self.computer.less_motion, self.computer.speed);
        self.turn.rotation = d.rotation;
        let mut fx = effects([Effect::Show(d.at)]);
        if slide > 0 {
            fx.push(Effect::Slide {
                to: d.at,
                rotation: d.rotation,
                ms: slide,
            });
        }
        fx.push(Effect::Refresh);
        fx.push(Effect::After {
            ms: slide,
            msg: Msg::Step {
                token,
                step: MoveStep::Arrive,
            },
        });
        fx
    }

    /// The next step of the computer's move `token`, if it is still the one
    /// in play and the table is in front of it.
    pub(super) fn step(&mut self, token: u32, step: MoveStep) -> Vec<Effect> {
        let Some(d) = self.computer.still_playing(token) else {
            return Vec::new();
        };
        if !self.screen.computers_play() {
            return Vec::new();
        }
        if self.computer.paused {
            self.computer.held = Some((token, step));
            return Vec::new();
        }
        let (_, rest, choose) = pauses(self.computer.less_motion, self.computer.speed);
        let next = |step, ms| Effect::After {
            ms,
            msg: Msg::Step { token, step },
        };
        match step {
            MoveStep::Arrive => {
                self.turn.candidate = Some(d.at);
                effects([Effect::Refresh, next(MoveStep::Lay, rest)])
            }
            MoveStep::Lay => {
                self.turn.pick_kind(&self.game, d.tile);
                self.turn.candidate = Some(d.at);
                self.turn.rotation = d.rotation;
                let mut fx = turn::lay(&mut self.game, &mut self.turn);
                self.turn.focus = self.turn.options.iter().position(|o| o.choice == d.choice);
                fx.push(next(MoveStep::Follow, choose));
                fx
            }
            MoveStep::Follow => {
                self.computer.played();
                self.before_follow(d.choice);
                turn::follow(&mut self.game, &self.seating, &mut self.turn, d.choice)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;
    use crate::shell::bars::Bars;

    fn ask(token: u32, hint: bool) -> Ask {
        Ask {
            token,
            hint,
            level: Level::Easy,
            seed: 1,
        }
    }

    #[test]
    fn an_answer_for_a_question_no_longer_asked_is_dropped() {
        let mut c = Computer::default();
        c.ask(ask(1, false));
        assert!(c.thinking() && c.busy());
        // An undo meanwhile: the answer to question 1 comes too late.
        c.cancel();
        assert_eq!(c.answer(1), None);
        c.ask(ask(2, false));
        assert_eq!(c.answer(1), None, "an older question's answer");
        assert_eq!(c.answer(2), Some(ask(2, false)));
        assert!(!c.busy());
        assert_eq!(c.answer(2), None, "answered once");
    }

    #[test]
    fn the_steps_of_a_move_stop_once_it_is_cancelled() {
        let mut c = Computer::default();
        let m = Move {
            at: crate::engine::Pos::new(1, 0),
            rotation: 0,
            choice: FollowerChoice::Skip,
            tile: None,
        };
        c.play(5, m);
        assert!(c.still_playing(5) == Some(m) && c.moving());
        c.cancel();
        assert!(c.still_playing(5).is_none());
        c.play(6, m);
        assert!(c.still_playing(5).is_none(), "a step of the earlier move");
        c.played();
        assert!(!c.busy());
    }

    #[test]
    fn a_hint_is_dropped_when_the_turn_ends_but_a_computers_question_is_not() {
        let mut c = Computer::default();
        c.ask(ask(1, true));
        c.hint = Some(FollowerChoice::Skip);
        assert!(c.hinting());
        c.drop_hint();
        assert_eq!((c.asked(), c.hint), (None, None));
        c.ask(ask(2, false));
        c.drop_hint();
        assert_eq!(c.asked(), Some(ask(2, false)));
    }

    #[test]
    fn a_computers_turn_is_due_only_when_nothing_holds_it_back() {
        let names = vec!["a".into(), "b".into()];
        let g = Game::new(names, Rules::default(), 3).unwrap();
        let table = |first: Seat| Seating {
            seats: vec![first, Seat::Human],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let c = Computer::default();
        let hard = table(Seat::Computer(Level::Hard));
        assert_eq!(due(&g, &hard, &c, Screen::Table), Some(Level::Hard));
        assert_eq!(
            due(&g, &hard, &c, Screen::Setup),
            None,
            "behind the start screen"
        );
        assert_eq!(due(&g, &table(Seat::Human), &c, Screen::Table), None);
        let mut busy = Computer::default();
        busy.ask(ask(1, false));
        assert_eq!(due(&g, &hard, &busy, Screen::Table), None);
        // A hint for a person, only in their own tile step and one at a time.
        assert!(hint_open(&g, &table(Seat::Human), &c));
        assert!(!hint_open(&g, &hard, &c));
        assert!(!hint_open(&g, &table(Seat::Human), &busy));
    }

    #[test]
    fn the_same_turn_of_the_same_game_is_searched_with_the_same_seed() {
        let names = || vec!["a".into(), "b".into()];
        let g = Game::new(names(), Rules::default(), 3).unwrap();
        let again = Game::new(names(), Rules::default(), 3).unwrap();
        let other = Game::new(names(), Rules::default(), 4).unwrap();
        assert_eq!(seed(&g), seed(&again));
        assert_ne!(seed(&g), seed(&other));
        assert!(
            seed(&g) < 1 << 53,
            "a seed the worker's message carries exactly"
        );
    }

    /// Two easy computers at the table, the first one's question asked.
    fn computers() -> (Table, Ask) {
        let names = vec!["a".into(), "b".into()];
        let g = Game::new(names, Rules::default(), 3).unwrap();
        let seating = Seating {
            seats: vec![Seat::Computer(Level::Easy); 2],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let mut t = Table::new(g, seating, Screen::Table, super::turn::Turn::default());
        let fx = t.update(Msg::Resume);
        let Some(Effect::Ask(a)) = fx.iter().find(|e| matches!(e, Effect::Ask(_))).cloned() else {
            panic!("the first computer is asked: {fx:?}");
        };
        (t, a)
    }

    fn first_move(t: &Table) -> Move {
        let (at, rotation) = t.state().placements()[0];
        Move {
            at,
            rotation,
            choice: FollowerChoice::Skip,
            tile: None,
        }
    }

    fn after(fx: &[Effect]) -> Option<(i32, MoveStep)> {
        fx.iter().find_map(|e| match e {
            Effect::After {
                ms,
                msg: Msg::Step { step, .. },
            } => Some((*ms, *step)),
            _ => None,
        })
    }

    #[test]
    fn a_paused_table_of_computers_holds_its_move_until_it_plays_on() {
        let (mut t, a) = computers();
        assert!(
            t.pace_shown(),
            "only computers play: pause and speed are offered"
        );
        let m = first_move(&t);
        let fx = t.update(Msg::Answer {
            token: a.token,
            reply: Ok(m),
            ms: 1.0,
        });
        assert_eq!(after(&fx).map(|x| x.1), Some(MoveStep::Arrive));
        assert_eq!(t.update(Msg::Pause), vec![Effect::Refresh]);
        // The step that comes while paused waits: nothing moves.
        assert!(t
            .update(Msg::Step {
                token: a.token,
                step: MoveStep::Arrive
            })
            .is_empty());
        assert_eq!(t.turn.candidate, None);
        assert!(
            Bars::of(&t, 0).prompt.ends_with("paused"),
            "{}",
            Bars::of(&t, 0).prompt
        );
        // Playing on takes the step held back, then the move goes on.
        let fx = t.update(Msg::Pause);
        assert_eq!(t.turn.candidate, Some(m.at));
        assert_eq!(after(&fx), Some((550, MoveStep::Lay)));
        t.update(Msg::Step {
            token: a.token,
            step: MoveStep::Lay,
        });
        t.update(Msg::Pause);
        let fx = t.update(Msg::Step {
            token: a.token,
            step: MoveStep::Follow,
        });
        assert!(
            fx.is_empty() && t.game.moves().is_empty(),
            "held while paused"
        );
        let fx = t.update(Msg::Pause);
        assert_eq!(t.game.moves().len(), 1);
        assert!(
            fx.iter().any(|e| matches!(e, Effect::Ask(_))),
            "the next computer is asked once the table plays on"
        );
        // Paused while the computer thinks: its move comes, and waits.
        let (mut t, a) = computers();
        t.update(Msg::Pause);
        let fx = t.update(Msg::Answer {
            token: a.token,
            reply: Ok(first_move(&t)),
            ms: 1.0,
        });
        for step in [MoveStep::Arrive, MoveStep::Lay, MoveStep::Follow] {
            t.update(Msg::Step {
                token: a.token,
                step,
            });
        }
        assert!(after(&fx).is_some() && t.game.moves().is_empty());
    }

    #[test]
    fn a_table_of_computers_plays_faster_as_asked_and_a_person_is_never_paused() {
        let (mut t, a) = computers();
        assert_eq!(Bars::of(&t, 0).pace, Some((false, "Speed 1×".into())));
        t.update(Msg::Faster);
        assert_eq!(Bars::of(&t, 0).pace, Some((false, "Speed 2×".into())));
        let fx = t.update(Msg::Answer {
            token: a.token,
            reply: Ok(first_move(&t)),
            ms: 1.0,
        });
        assert_eq!(after(&fx), Some((225, MoveStep::Arrive)), "half the slide");
        t.update(Msg::Faster);
        t.update(Msg::Faster);
        assert_eq!(t.computer.speed, 1, "round to the first speed");
        // With a person at the table there is nothing to pause.
        let names = vec!["a".into(), "b".into()];
        let g = Game::new(names, Rules::default(), 3).unwrap();
        let seating = Seating {
            seats: vec![Seat::Human, Seat::Computer(Level::Easy)],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let mut p = Table::new(g, seating, Screen::Table, super::turn::Turn::default());
        assert!(!p.pace_shown() && Bars::of(&p, 0).pace.is_none());
        assert!(p.update(Msg::Pause).is_empty() && !p.computer.paused);
        assert!(p.update(Msg::Faster).is_empty());
    }

    #[test]
    fn the_hints_follower_is_marked_in_its_follower_step_only() {
        use crate::engine::{Location, Pos, Side};
        let names = vec!["a".into(), "b".into()];
        let g = Game::new(names, Rules::default(), 6).unwrap();
        let seating = Seating {
            seats: vec![Seat::Human, Seat::Computer(Level::Easy)],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let mut t = Table::new(
            g,
            seating,
            Screen::Table,
            super::super::turn::Turn::default(),
        );
        let fx = t.update(Msg::Hint);
        let Some(Effect::Ask(a)) = fx.iter().find(|e| matches!(e, Effect::Ask(_))).cloned() else {
            panic!("a hint asks the AI: {fx:?}");
        };
        // Deal 6: the first tile closes the city above the start tile, a
        // knight on its south side.
        let m = Move {
            at: Pos::new(0, -1),
            rotation: 2,
            choice: FollowerChoice::Follower(Location::Side(Side::S)),
            tile: None,
        };
        t.update(Msg::Answer {
            token: a.token,
            reply: Ok(m),
            ms: 1.0,
        });
        assert_eq!(t.turn.candidate, Some(m.at), "the hint's tile is laid");
        assert_eq!(t.turn.hinted_option(), None, "no follower step yet");
        t.update(Msg::Confirm);
        let i = t
            .turn
            .hinted_option()
            .expect("the hint's follower is marked");
        assert_eq!(
            (t.turn.options[i].choice, t.turn.focus),
            (m.choice, Some(i))
        );
        t.update(Msg::Follow(FollowerChoice::Skip));
        assert_eq!(t.turn.hinted, None, "the turn is over: nothing marked");
    }
}
