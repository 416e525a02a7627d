//! Looking back at a game: the board as it stood after any move, stepped,
//! scrubbed, jumped to from the score chart or played back on a timer. A
//! review holds its own copy of the game at every move, so it never
//! touches the live game, its turn or its saves; "Back to the game" puts
//! the table back exactly as it was, and "Play on from here" starts a new
//! game from any of its moves.

use super::effect::{effects, refresh, Effect};
use super::msg::Msg;
use super::screen::{Layer, Screen};
use super::seats::{Seat, Seating};
use super::table::Table;
use crate::engine::{Event, Game, Location, Pos, Record};

/// Autoplay's pause between two moves, in ms, slow to fast.
pub const SPEEDS: [i32; 3] = [1600, 800, 350];
/// A held back or forward button steps again after this long...
pub const HOLD_FIRST_MS: i32 = 400;
/// ...and then this often, until it is let go.
pub const HOLD_EVERY_MS: i32 = 110;

/// What the review is asked to do.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Rv {
    /// Open on the game at the table, at its last move.
    Open,
    /// Open on a game read from a file (its record and seats), at move 0.
    Watch(Box<super::msg::Read>),
    /// "Show me": the moves since the player's last turn are played back,
    /// then the table comes back by itself.
    ShowMe,
    First,
    Back,
    Forward,
    Last,
    /// Step `0` (-1 or 1) now, and again while the button is held.
    Press(i8),
    /// The held button was let go.
    Release,
    /// Time for the held button's next step (timer `0`).
    Repeat(u32),
    /// To move `0` (the scrubber, the typed number, the chart).
    Jump(usize),
    /// Autoplay on or off.
    Play,
    /// Autoplay's speed, 0 (slow) to 2 (fast).
    Speed(u8),
    /// The next speed, after the fastest the slowest.
    NextSpeed,
    /// A tap on the score chart, `0` of the way (0 to 1) from its first
    /// move to its last: to the nearest move.
    ChartAt(f64),
    /// Time for autoplay's next move (timer `0`).
    Tick(u32),
    /// Light up the feature of this move's scoring number `0`.
    Highlight(usize),
    /// "Back to the game".
    Close,
    /// "Play on from here": the card to choose who plays each seat.
    AskPlayOn,
    /// Start a new game from this move with these seats.
    PlayOn(Vec<Seat>),
    /// "Analyse this game" on a device of `0` cores
    /// (`navigator.hardwareConcurrency`): the moves not yet judged are
    /// asked ([`super::analysis`]).
    Analyse(u8),
    /// The analysis's Cancel: what is judged is kept.
    StopAnalysis,
    /// The judgement of move `index`, asked with `token`.
    Judged {
        token: u32,
        index: usize,
        reply: Result<super::analysis::Judged, String>,
    },
    /// What was kept of the game's analysis.
    Stored(String),
}

/// Where the table was when the review opened, to go back to.
#[derive(Clone, Debug, PartialEq)]
pub struct Back {
    pub screen: Screen,
    pub layers: Vec<Layer>,
}

/// One scoring of a move, as the review lists it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scoring {
    pub at: Pos,
    pub location: Location,
    /// Whose colour lights it (the first scorer), if anyone scored.
    pub player: Option<u8>,
    /// A field in the final scoring: its cities light up too.
    pub fed: bool,
}

pub struct Review {
    /// The game after each move: `games[0]` before the first.
    pub(super) games: Vec<Game>,
    /// What each move did: `events[i]` for move `i + 1`.
    pub(super) events: Vec<Vec<Event>>,
    /// Who sat where, and in which colours.
    pub seating: Seating,
    /// The move shown: the board after it.
    pub at: usize,
    /// Autoplay's speed (an index into [`SPEEDS`]), and whether it runs.
    pub speed: u8,
    pub playing: bool,
    /// The back or forward button held down (-1 or 1).
    pub held: Option<i8>,
    /// The current timer: a tick or repeat of an older one is dropped.
    timer: u32,
    /// "Show me": the table comes back once this move is shown.
    pub until: Option<usize>,
    /// The scoring lit up on the board.
    pub lit: Option<usize>,
    pub back: Back,
    /// The games list's key of the game reviewed (`None`: a file watched).
    pub source: Option<String>,
    /// The computer's judgement of the moves, as far as it has gone.
    pub analysis: super::analysis::Analysis,
}

impl Review {
    /// The review of `record`, every move replayed once.
    ///
    /// # Errors
    /// The engine's reason if the record does not replay.
    pub fn of(record: &Record, seating: Seating, back: Back) -> Result<Review, String> {
        // Checked once as a whole, so a bad file names its move and rule.
        let text = |e: &crate::engine::RecordError| crate::shell::words::record_refusal(e);
        Game::from_record(record).map_err(|e| text(&e))?;
        let mut g = Game::from_record(&Record {
            moves: Vec::new(),
            ..record.clone()
        })
        .map_err(|e| text(&e))?;
        let mut games = Vec::with_capacity(record.moves.len() + 1);
        let mut events = Vec::with_capacity(record.moves.len());
        games.push(g.clone());
        for m in &record.moves {
            let mut ev = Vec::new();
            if g.place_tile_with(m.at, m.rotation, m.tile, &mut ev)
                .is_err()
                || g.choose_follower(m.choice, &mut ev).is_err()
            {
                break;
            }
            games.push(g.clone());
            events.push(ev);
        }
        let at = games.len() - 1;
        Ok(Review {
            analysis: Default::default(),
            games,
            events,
            seating,
            at,
            speed: 1,
            playing: false,
            held: None,
            timer: 0,
            until: None,
            lit: None,
            back,
            source: None,
        })
    }

    /// The number of moves in the game reviewed.
    pub fn moves(&self) -> usize {
        self.games.len() - 1
    }

    /// The game as it stood after the move shown.
    pub fn game(&self) -> &Game {
        &self.games[self.at]
    }

    /// What the move shown did (none at move 0).
    pub fn events(&self) -> &[Event] {
        match self.at {
            0 => &[],
            n => &self.events[n - 1],
        }
    }

    /// The scorings of the move shown, in order, with their words: the
    /// page lists exactly these, and [`Rv::Highlight`]`(k)` lights the k-th.
    pub fn scorings(&self) -> Vec<(Scoring, String)> {
        let names = self.game().names();
        let mut out = Vec::new();
        for e in self.events() {
            let s = match *e {
                Event::FeatureScored {
                    at,
                    location,
                    scorers,
                    completed,
                    category,
                    ..
                } => Scoring {
                    at,
                    location,
                    player: scorers.iter().next(),
                    fed: !completed && category == crate::engine::Category::Field,
                },
                Event::AbbotRecalled { player, at, .. } => Scoring {
                    at,
                    location: Location::Center,
                    player: Some(player),
                    fed: false,
                },
                _ => continue,
            };
            if let (true, Some(words)) = (
                super::scoring::shown(e),
                super::words::review_scoring(e, names),
            ) {
                out.push((s, words));
            }
        }
        out
    }

    /// Each player's total after each move, move 0 first.
    pub fn totals(&self) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for g in &self.games {
            out.push(super::score_card::totals_now(g.state()));
        }
        out
    }

    /// The record cut at the move shown.
    pub fn record(&self) -> Record {
        self.game().record()
    }

    fn go_to(&mut self, n: usize) -> bool {
        let n = n.min(self.moves());
        let moved = n != self.at;
        self.at = n;
        self.lit = None;
        moved
    }

    /// A new timer: the old one's message will be dropped.
    fn new_timer(&mut self) -> u32 {
        self.timer = self.timer.wrapping_add(1);
        self.timer
    }

    fn stop(&mut self) {
        self.playing = false;
        self.held = None;
        self.new_timer();
    }

    fn step(&mut self, dir: i8) -> bool {
        let n = if dir < 0 {
            self.at.saturating_sub(1)
        } else {
            self.at + 1
        };
        self.go_to(n)
    }
}

/// What changed since the last turn of the player whose turn it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Since {
    /// The moves in the game when their last turn ended.
    pub from: usize,
    /// Tiles laid since.
    pub tiles: usize,
    /// Each player's points since, in seat order.
    pub gained: Vec<u32>,
    /// Tiles that fit nowhere since: out of the game, and back under the
    /// stack (a house rule). With a hand they leave it unseen otherwise.
    pub set_aside: u32,
    pub returned: u32,
}

/// What changed since the last turn of the player to play now, if others
/// have moved since (none when the game is over).
pub fn since(game: &Game) -> Option<Since> {
    let s = game.state();
    if s.is_over() {
        return None;
    }
    let p = usize::from(s.current_player());
    let moves = game.moves().len();
    // Nothing to say before the player's first turn.
    let from = (0..moves).rev().find(|&i| game.player_of_move(i) == p)? + 1;
    if from == moves {
        return None;
    }
    let then = Game::from_record(&Record {
        moves: game.moves()[..from].to_vec(),
        ..game.record()
    })
    .ok()?;
    let mut gained = Vec::new();
    for q in 0..s.players() {
        gained.push(s.score(q).total() - then.state().score(q).total());
    }
    let t = then.state();
    Some(Since {
        from,
        tiles: moves - from,
        gained,
        set_aside: u32::from(s.discarded().saturating_sub(t.discarded())),
        returned: u32::from(s.returned().saturating_sub(t.returned())),
    })
}

fn after(ms: i32, rv: Rv) -> Effect {
    Effect::After {
        ms,
        msg: Msg::Review(rv),
    }
}

impl Table {
    /// Works out [`since`] again when the game has moved (once a move).
    pub(crate) fn note_since(&mut self) {
        let m = self.game.moves();
        let n = Some((m.len(), m.last().copied(), self.game.seed()));
        if self.aids.since_at != n {
            self.aids.since_at = n;
            self.aids.since = since(&self.game);
        }
    }

    /// The "since your last turn" line in the top bar: on the table, a
    /// person's tile step with nothing laid yet, no hand-over card having
    /// said it already.
    pub fn since_shown(&self) -> Option<&Since> {
        let s = self.state();
        let open = self.screen == Screen::Table
            && self.human_turn()
            && s.step() == crate::engine::Step::PlaceTile
            && self.turn.candidate.is_none()
            && !(self.turn.hands_over(&self.game) && self.seating.needs_handover(s));
        self.aids.since.as_ref().filter(|_| open)
    }

    /// The review on the table, if the review screen shows.
    pub fn reviewing(&self) -> Option<&Review> {
        self.review
            .as_ref()
            .filter(|_| self.screen == Screen::Review)
    }

    /// The review's messages (see [`Rv`]).
    pub(crate) fn review_msg(&mut self, rv: Rv) -> Vec<Effect> {
        match rv {
            Rv::Open => {
                let record = self.game.record();
                let mut fx = self.open_review(&record, self.seating.clone(), None, None);
                fx.extend(self.review_source(self.shelf.current.clone()));
                fx
            }
            Rv::Watch(read) => match *read {
                Ok((record, seating)) if seating.seats.len() == record.players.len() => {
                    self.open_review(&record, seating, Some(0), None)
                }
                Ok(_) => effects([Effect::Notify(super::words::import_failed(
                    super::words::t(super::words::GamesW::SeatsMismatch),
                ))]),
                Err(e) => effects([Effect::Notify(super::words::import_failed(&e))]),
            },
            Rv::ShowMe => {
                let Some(from) = self.aids.since.as_ref().map(|s| s.from) else {
                    return Vec::new();
                };
                let record = self.game.record();
                let last = record.moves.len();
                let mut fx =
                    self.open_review(&record, self.seating.clone(), Some(from), Some(last));
                if let Some(r) = self.review.as_mut().filter(|_| !fx.is_empty()) {
                    r.playing = true;
                    let t = r.new_timer();
                    fx.push(after(SPEEDS[1], Rv::Tick(t)));
                }
                fx
            }
            Rv::Analyse(_) | Rv::StopAnalysis | Rv::Judged { .. } | Rv::Stored(_) => {
                if self.screen != Screen::Review {
                    return Vec::new();
                }
                self.analysis_msg(rv)
            }
            rv => {
                if self.screen != Screen::Review {
                    return Vec::new();
                }
                let Some(r) = self.review.as_mut() else {
                    return Vec::new();
                };
                match rv {
                    Rv::First
                    | Rv::Back
                    | Rv::Forward
                    | Rv::Last
                    | Rv::Jump(_)
                    | Rv::ChartAt(_) => {
                        r.stop();
                        let n = match rv {
                            Rv::First => 0,
                            Rv::Back => r.at.saturating_sub(1),
                            Rv::Forward => r.at + 1,
                            Rv::Last => r.moves(),
                            Rv::Jump(n) => n,
                            Rv::ChartAt(f) => {
                                let k = (f * r.moves() as f64).round();
                                if k > 0.0 {
                                    k as usize
                                } else {
                                    0
                                }
                            }
                            _ => r.at,
                        };
                        r.go_to(n);
                        refresh()
                    }
                    Rv::Press(dir) => {
                        r.stop();
                        r.step(dir);
                        r.held = Some(dir);
                        let t = r.timer;
                        effects([Effect::Refresh, after(HOLD_FIRST_MS, Rv::Repeat(t))])
                    }
                    Rv::Release => {
                        if r.held.is_some() {
                            r.stop();
                        }
                        Vec::new()
                    }
                    Rv::Repeat(t) => match r.held.filter(|_| t == r.timer) {
                        Some(dir) if r.step(dir) => {
                            effects([Effect::Refresh, after(HOLD_EVERY_MS, Rv::Repeat(t))])
                        }
                        _ => Vec::new(),
                    },
                    Rv::Play => {
                        if r.playing {
                            r.stop();
                            return refresh();
                        }
                        r.stop();
                        if r.at >= r.moves() {
                            r.go_to(0);
                        }
                        r.playing = true;
                        let t = r.timer;
                        effects([
                            Effect::Refresh,
                            after(SPEEDS[usize::from(r.speed)], Rv::Tick(t)),
                        ])
                    }
                    Rv::Speed(s) => {
                        r.speed = s.min(2);
                        refresh()
                    }
                    Rv::NextSpeed => {
                        r.speed = (r.speed + 1) % 3;
                        refresh()
                    }
                    Rv::Tick(t) => {
                        if !r.playing || t != r.timer {
                            return Vec::new();
                        }
                        let end = r.until.unwrap_or(r.moves());
                        if r.at >= end {
                            r.stop();
                            if r.until.is_some() {
                                // "Show me" has shown all: back to the game.
                                return self.close_review();
                            }
                            return refresh();
                        }
                        r.step(1);
                        let ms = SPEEDS[usize::from(r.speed)];
                        effects([Effect::Refresh, after(ms, Rv::Tick(t))])
                    }
                    Rv::Highlight(i) => {
                        let Some(s) = r.scorings().get(i).map(|(s, _)| *s) else {
                            return Vec::new();
                        };
                        r.lit = Some(i);
                        effects([
                            Effect::Highlight {
                                at: s.at,
                                location: s.location,
                                player: s.player,
                                fed: s.fed,
                            },
                            Effect::Refresh,
                        ])
                    }
                    Rv::Close => self.close_review(),
                    Rv::AskPlayOn => {
                        r.stop();
                        self.over.open(Layer::PlayOn);
                        refresh()
                    }
                    Rv::PlayOn(seats) => self.play_on(seats),
                    _ => Vec::new(),
                }
            }
        }
    }

    /// Opens the review of `record` at move `at` (else its last), from the
    /// table, the start screen or the hand-over card.
    /// Names the game under review in the games list (see [`Review::source`]),
    /// and reads what is kept of its analysis.
    pub(crate) fn review_source(&mut self, id: Option<String>) -> Vec<Effect> {
        let fx = self.analysis_of(id.as_deref());
        if let Some(r) = self.review.as_mut() {
            r.source = id;
        }
        fx
    }

    pub(crate) fn open_review(
        &mut self,
        record: &Record,
        seating: Seating,
        at: Option<usize>,
        until: Option<usize>,
    ) -> Vec<Effect> {
        if !matches!(
            self.screen,
            Screen::Table | Screen::Setup | Screen::HandOver
        ) {
            return Vec::new();
        }
        let back = Back {
            screen: self.screen,
            layers: self.over.layers.clone(),
        };
        let mut r = match Review::of(record, seating, back) {
            Ok(r) => r,
            Err(e) => return effects([Effect::Notify(super::words::import_failed(&e))]),
        };
        if let Some(n) = at {
            r.go_to(n);
        }
        r.until = until;
        // The live game waits: a computer's move in progress is taken up
        // again, from its start, when the table comes back.
        self.computer.cancel();
        if !self.human_turn() {
            // Its tile, on its way or lying on its cell, goes with it.
            self.turn.candidate = None;
            self.turn.rotation = 0;
        }
        self.review = Some(r);
        self.screen = Screen::Review;
        self.over.layers.clear();
        effects([Effect::ReviewOpened, Effect::Refresh])
    }

    /// "Back to the game": the screen, the cards and the hand-over card as
    /// they were; the live game never changed.
    fn close_review(&mut self) -> Vec<Effect> {
        let Some(r) = self.review.take() else {
            return Vec::new();
        };
        self.screen = r.back.screen;
        self.over.layers = r.back.layers;
        effects([Effect::ReviewClosed, Effect::Refresh])
    }

    /// A new game from the move shown: the same deal and players, these
    /// seats; its record is the reviewed one cut at that move.
    fn play_on(&mut self, seats: Vec<Seat>) -> Vec<Effect> {
        let Some(r) = self.review.take() else {
            return Vec::new();
        };
        if seats.len() != r.seating.seats.len() {
            self.review = Some(r);
            return Vec::new();
        }
        let game = r.game().clone();
        // A finished game at its last move has nothing to play on.
        if game.state().is_over() {
            self.review = Some(r);
            self.over.close(Layer::PlayOn);
            return refresh();
        }
        let seating = Seating { seats, ..r.seating };
        let origin = r.source.map(|of| super::shelf::Origin {
            moves: r.at as u32,
            of,
        });
        let mut fx = effects([Effect::ReviewClosed]);
        fx.extend(self.begin(
            game,
            seating,
            super::words::t(super::words::GamesW::PlayingOn),
        ));
        self.shelf.origin = origin;
        fx
    }
}

/// The score chart's gridline step for scores up to `max`: a round number
/// (1, 2 or 5 times a power of ten, or 25) that puts at most four lines
/// above zero, so every label on its axis is a whole, distinct score.
pub fn chart_step(max: u32) -> u32 {
    let mut ten = 1;
    loop {
        for step in [ten, 2 * ten, 5 * ten] {
            if 4 * step >= max {
                return step;
            }
            if step == 2 * ten && ten >= 10 && 4 * (25 * ten / 10) >= max {
                return 25 * ten / 10;
            }
        }
        ten *= 10;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn finished() -> Record {
        let mut g = Game::new(vec!["a".into(), "b".into()], Rules::default(), 5).unwrap();
        let mut ev = Vec::new();
        while let Some((at, r)) = g.state().placements().first().copied() {
            g.place_tile(at, r, &mut ev).unwrap();
            g.choose_follower(crate::engine::FollowerChoice::Skip, &mut ev)
                .unwrap();
        }
        g.record()
    }

    #[test]
    fn the_charts_axis_has_whole_distinct_round_steps() {
        let steps: Vec<u32> = [
            0, 1, 2, 4, 5, 8, 9, 20, 21, 40, 41, 90, 100, 101, 160, 230, 390,
        ]
        .iter()
        .map(|&m| super::chart_step(m))
        .collect();
        assert_eq!(
            steps,
            [1, 1, 1, 1, 2, 2, 5, 5, 10, 10, 20, 25, 25, 50, 50, 100, 100]
        );
        for max in 0..2_000 {
            let s = super::chart_step(max);
            // Four lines reach the top score, and a smaller round step would not.
            assert!(
                4 * s >= max && (s == 1 || 4 * (s / 2) < max || s == 25 * (s / 25)),
                "{max}"
            );
        }
    }

    #[test]
    fn a_review_holds_the_game_after_every_move() {
        let rec = finished();
        let back = Back {
            screen: Screen::Table,
            layers: vec![],
        };
        let r = Review::of(&rec, Seating::people(2), back).unwrap();
        assert_eq!(r.moves(), rec.moves.len());
        assert_eq!(r.at, r.moves());
        assert!(r.game().state().is_over());
        assert_eq!(r.totals().len(), r.moves() + 1);
        assert_eq!(r.games[3].moves(), &rec.moves[..3]);
    }
}
