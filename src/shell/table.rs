//! Everything about the game at the table that is not the browser: the
//! game, who sits where, which screen shows and what covers it, the turn in
//! progress and the computers' moves, and when each of them happens. The
//! page holds one `Table`, sends it messages (time included: a timer it was
//! asked for comes back as a message) and carries out what it returns.

use super::computer::Computer;
use super::effect::{effects, refresh, Effect, Say};
use super::msg::Msg;
use super::screen::{Layer, Screen};
use super::seats::Seating;
use super::turn::{self, Turn};
use crate::engine::{Game, State};

pub struct Table {
    pub game: Game,
    /// Who sits in each seat, a person or the computer, and in which colour.
    pub seating: Seating,
    /// Which screen the table sees.
    pub screen: Screen,
    /// The aids: the highlight, the fields overlay, the spot's card, what
    /// changed since a player's last turn.
    pub aids: super::aids::Aids,
    /// The game's place in the games list.
    pub shelf: super::shelf::Shelf,
    /// What lies over the screen: the cards, the question, the note and
    /// the guide.
    pub over: super::over::Over,
    pub turn: Turn,
    pub computer: Computer,
    /// The final scoring's items counted so far in the top bar.
    pub(crate) final_walk: Option<super::walk::FinalWalk>,
    /// The start screen's form.
    pub setup: super::setup::Setup,
    /// The game being looked back at (the review screen).
    pub review: Option<super::review::Review>,
    /// The press resting on the board, whose long-press timer is set.
    pub(crate) pressed: Option<super::press::Press>,
    /// Play by link: the setup round, the game by link, the links to send.
    pub link: super::remote::Remote,
}

impl Table {
    pub fn new(game: Game, seating: Seating, screen: Screen, turn: Turn) -> Table {
        let mut t = Table {
            game,
            seating,
            screen,
            aids: super::aids::Aids::default(),
            shelf: super::shelf::Shelf::default(),
            over: super::over::Over::default(),
            turn,
            computer: Computer::default(),
            final_walk: None,
            setup: super::setup::Setup::default(),
            review: None,
            pressed: None,
            link: super::remote::Remote::default(),
        };
        t.note_since();
        t.turn.pick = turn::first_fitting(t.game.state());
        t.turn.sync(&t.game);
        t
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    /// The turn follows the game (where the tile fits, the follower
    /// choices): done here before the page draws, never by the page.
    pub fn sync(&mut self) {
        self.turn.sync(&self.game);
    }

    /// Whether a person is to act now (the controls answer only then).
    pub fn human_turn(&self) -> bool {
        self.seating.human_turn(self.game.state())
    }

    /// Who has the tablet: the person whose turn is open on the table,
    /// else the last person who played (a hand-over card, a scoring on show
    /// or a computer's turn is waiting).
    fn holder(&self) -> Option<u8> {
        if self.screen == Screen::Table && self.human_turn() {
            return Some(self.state().current_player());
        }
        for m in (0..self.game.moves().len()).rev() {
            let p = self.game.player_of_move(m) as u8;
            if self.seating.seat(p) == super::seats::Seat::Human {
                return Some(p);
            }
        }
        None
    }

    /// The person whose hidden hand must wait behind the hand-over card
    /// (rules §12: a hidden hand shows only to its owner), if the turn
    /// now is one and `holder` (who has the tablet, if known) is not them.
    /// Every way to a person's turn asks it: a new game, a reload,
    /// Continue, an undo or a redo, as well as the end of a turn.
    pub(crate) fn hidden_from(&self, holder: Option<u8>) -> Option<u8> {
        let s = self.state();
        let p = s.current_player();
        let hidden = !s.rules().hand_open && !s.is_over() && self.seating.needs_handover(s);
        (hidden && holder != Some(p)).then_some(p)
    }

    /// Whether the tiles of the turn may be seen now: not behind the
    /// hand-over card or a scoring, where the next player's tile is not to
    /// be seen yet; and a hidden hand (rules §12) only on the table itself,
    /// in its owner's turn, never behind the start screen, where whoever
    /// opens the site would see it.
    pub fn hand_shown(&self) -> bool {
        !(self.by_link() && self.awaiting_link())
            && self.screen.shows_hand()
            && (self.state().rules().hand_open
                || (self.screen == Screen::Table && self.human_turn()))
    }

    /// Whether the tile being laid may be drawn on the board: as the
    /// hand's (see [`Table::hand_shown`]), except that a computer's tile
    /// being played out is public, on the table itself.
    pub fn ghost_shown(&self) -> bool {
        !(self.by_link() && self.awaiting_link())
            && self.screen.shows_hand()
            && (self.state().rules().hand_open || self.screen == Screen::Table)
    }

    /// What `msg` does to the table, and the effects for the page. The
    /// turn's own messages wait while the next player's turn has not been
    /// handed over; undo and redo are for the whole table and always heard
    /// (the table may agree to an undo after the hand-over card has come).
    /// Whatever the message, a computer whose turn has come is then asked.
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        let fx = self.decide(msg);
        let mut fx = self.carry(fx);
        self.wake(&mut fx);
        if fx
            .iter()
            .any(|e| matches!(e, Effect::Refresh | Effect::Laid { .. }))
        {
            self.sync();
            self.keep_candidate(&mut fx);
        }
        self.note_since();
        fx
    }

    fn decide(&mut self, msg: Msg) -> Vec<Effect> {
        if self.screen == Screen::Review {
            // The live game waits behind the review: only the review's own
            // messages, the settings and time are heard.
            match msg {
                Msg::Review(_)
                | Msg::FinalItem(_)
                | Msg::ResultsDue
                | Msg::Answer { .. }
                | Msg::Step { .. }
                | Msg::SetHandOver(_)
                | Msg::SetHighlight(_)
                | Msg::SetOnlyFitting(_)
                | Msg::ToggleFields
                | Msg::Unpress
                | Msg::Games(
                    super::games::Gm::Beat | super::games::Gm::TakenOver | super::games::Gm::Gone,
                )
                | Msg::Close(Layer::PlayOn)
                | Msg::Reply(_)
                | Msg::ToastGone(_)
                | Msg::Banner(_)
                | Msg::Guide(_)
                | Msg::Link(_)
                | Msg::Escape => {}
                _ => return Vec::new(),
            }
        }
        if self.screen == Screen::Elsewhere && !heard_elsewhere(&msg) {
            return Vec::new();
        }
        match msg {
            Msg::Review(rv) => self.review_msg(rv),
            Msg::Games(gm) => self.games_msg(gm),
            Msg::Link(lk) => self.link_msg(lk),
            // A game by link takes back only the moves made here, until
            // their link has gone; nothing is played again.
            Msg::Undo | Msg::UndoAgreed { .. }
                if self.by_link() && self.game.pending().is_none() =>
            {
                self.undo_linked()
            }
            Msg::Redo if self.by_link() => Vec::new(),
            Msg::Undo | Msg::UndoAgreed { .. } | Msg::Redo => {
                let holder = self.holder();
                let before = (self.game.moves().len(), self.game.pending());
                let mut fx = turn::update(&mut self.game, &self.seating, &mut self.turn, msg);
                // Taken back or played again to another person's turn: a
                // hidden hand waits for the tablet to be handed over.
                if before != (self.game.moves().len(), self.game.pending()) {
                    if let Some(player) = self.hidden_from(holder) {
                        fx.push(Effect::HandOver {
                            after_ms: 0,
                            player,
                            scored: Vec::new(),
                        });
                    }
                }
                fx
            }
            Msg::Rotate
            | Msg::Lay(_)
            | Msg::ToHand
            | Msg::Pick(_)
            | Msg::NextInHand
            | Msg::Follow(_) => self.turn_msg(msg),
            Msg::Confirm => self.confirm(),
            Msg::Choose(i) => match self.turn.options.get(i) {
                Some(o) => self.turn_msg(Msg::Follow(o.choice)),
                None => Vec::new(),
            },
            Msg::Hint => self.hint(),
            Msg::Tap { on, cell, marker } => self.tap(on, cell, marker),
            Msg::Tab { back } => self.tab(back),
            Msg::MoveTile { dx, dy, middle } => self.move_tile(dx, dy, middle),
            Msg::ChooseFocused => match self.turn.focus {
                Some(i) => self.update_turn(Msg::Choose(i)),
                None => Vec::new(),
            },
            Msg::Escape => self.escape(),
            Msg::Inspect(at) => self.inspect(at),
            Msg::Press(p) => self.press(p),
            Msg::Unpress => {
                self.pressed = None;
                Vec::new()
            }
            Msg::Held(seq) => self.held(seq),
            Msg::Point(p) => self.point(p),
            Msg::SpotStep(dx, dy) => self.step_spot(dx, dy),
            Msg::Examine { at, piece, x, y } => self.examine(at, piece, (x, y)),
            Msg::ExamineNext(at) => self.examine_next(at),
            Msg::Lift(on) => self.lift(on),
            Msg::PutBack(from) => self.put_back(from),
            Msg::Answer { token, reply, ms } => self.answer(token, reply, ms),
            Msg::Step { token, step } => self.step(token, step),
            Msg::ScoringShown {
                moves,
                player,
                scored,
            } => {
                if self.screen != Screen::Scoring {
                    return Vec::new();
                }
                if self.scoring_shown(moves) {
                    self.over.handover_card = Some((player, scored));
                }
                refresh()
            }
            Msg::HandedOver => {
                if self.screen != Screen::HandOver {
                    return Vec::new();
                }
                self.go(Screen::Table);
                effects([Effect::Say(Say::YourTurn), Effect::Refresh])
            }
            Msg::ResultsDue => self.results_due(),
            Msg::FinalItem(walk) => self.final_item(walk),
            Msg::Resume => refresh(),
            Msg::Go(screen) => {
                self.go(screen);
                refresh()
            }
            Msg::Open(layer) => {
                self.over.open(layer);
                refresh()
            }
            Msg::Close(layer) => {
                self.over.close(layer);
                refresh()
            }
            Msg::Setup(_)
            | Msg::Start { .. }
            | Msg::Continue
            | Msg::NewGame
            | Msg::NewGameAgreed
            | Msg::Rematch { .. }
            | Msg::Import(_) => self.life(msg),
            Msg::SetHandOver(on) => {
                self.turn.handover = on;
                effects([super::settings::keep(super::settings::HANDOVER, on)])
            }
            Msg::SetHighlight(on) => {
                self.aids.highlight = on;
                // The prompt names the highlight.
                effects([
                    super::settings::keep(super::settings::HIGHLIGHT, on),
                    Effect::Refresh,
                ])
            }
            Msg::SetOnlyFitting(on) => {
                self.turn.only_fitting = on;
                effects([super::settings::keep(super::settings::ONLY_FITTING, on)])
            }
            Msg::Pause => self.pause(),
            Msg::Faster => self.faster(),
            Msg::ToggleFields => {
                self.aids.fields = !self.aids.fields;
                super::effect::refresh()
            }
            Msg::Reply(yes) => self.reply(yes),
            Msg::Guide(g) => self.guide_msg(g),
            Msg::ToastGone(seq) => self.toast_gone(seq),
            Msg::Banner(b) => {
                use super::banner::Bn;
                match b {
                    Bn::Tell(m) => self.over.banner.show(&m),
                    Bn::Saved => self.over.banner.saved(),
                    Bn::Close => self.over.banner.close(),
                }
                Vec::new()
            }
        }
    }

    /// A message of the turn, as [`Self::update`] would decide it.
    pub(crate) fn update_turn(&mut self, msg: Msg) -> Vec<Effect> {
        self.decide(msg)
    }

    /// A message of the turn in progress: not before the hand-over.
    pub(super) fn turn_msg(&mut self, msg: Msg) -> Vec<Effect> {
        if !self.screen.turn_open() {
            return Vec::new();
        }
        if let Msg::Follow(c) = msg {
            if self.human_turn() {
                self.before_follow(c);
            }
        }
        turn::update(&mut self.game, &self.seating, &mut self.turn, msg)
    }

    /// Confirm: a hint taken as given gets its follower spot picked, ready
    /// for Enter.
    fn confirm(&mut self) -> Vec<Effect> {
        let hinted = if self.human_turn() && self.turn.candidate.is_some() {
            self.computer.hint.take()
        } else {
            None
        };
        let fx = self.turn_msg(Msg::Confirm);
        if let Some(c) = hinted.filter(|_| self.game.pending().is_some()) {
            self.turn.focus = self.turn.options.iter().position(|o| o.choice == c);
            self.turn.hinted = Some(c);
        }
        fx
    }

    /// The table carries out what is its own among the turn's effects: the
    /// screens and timers of the hand-over and the results, dropping the
    /// computers' moves. The rest goes to the page.
    fn carry(&mut self, fx: Vec<Effect>) -> Vec<Effect> {
        let mut out = Vec::with_capacity(fx.len());
        for e in fx {
            match e {
                Effect::HandOver {
                    after_ms,
                    player,
                    scored,
                } => {
                    if after_ms <= 0 {
                        if self.go(Screen::HandOver) {
                            self.over.handover_card = Some((player, scored));
                            out.push(Effect::Refresh);
                        }
                    } else if self.go(Screen::Scoring) {
                        let moves = self.game.moves().len();
                        out.push(Effect::After {
                            ms: after_ms,
                            msg: Msg::ScoringShown {
                                moves,
                                player,
                                scored,
                            },
                        });
                    }
                }
                Effect::CancelComputer => self.computer.cancel(),
                Effect::Question(q) => out.extend(self.put_question(q)),
                // A game taken over by another tab is that tab's to write.
                Effect::Save | Effect::SavePending if self.shelf.lost => {}
                Effect::Followed { mut events, .. } => {
                    self.computer.drop_hint();
                    self.over.close(Layer::Spot);
                    let walk = self.begin_walk(&mut events);
                    let say = self.said(&events, false);
                    out.push(Effect::Followed { events, say });
                    out.extend(walk);
                }
                Effect::Laid { at, events, .. } => {
                    // The spot's card would be about a board that changed.
                    self.over.close(Layer::Spot);
                    let say = self.said(&events, true);
                    out.push(Effect::Laid { at, events, say });
                }
                Effect::ClearEffects => {
                    if matches!(self.screen, Screen::Scoring | Screen::HandOver) {
                        // The turn was taken back (the table may agree after
                        // the hand-over card came): no hand-over for it.
                        self.go(Screen::Table);
                    }
                    self.over.close(Layer::Spot);
                    out.push(Effect::ClearEffects);
                }
                e => out.push(e),
            }
        }
        out
    }

    /// What the announcer says of a move's `events`, each in words; after
    /// a tile laid, and to a person only, the follower spots offered too:
    /// one announcement, so neither hides the other.
    fn said(&self, events: &[crate::engine::Event], laid: bool) -> String {
        let s = self.state();
        let left = super::words::tiles_left(s);
        let rules = s.rules();
        let mut t = String::new();
        let mut add = |w: String| {
            if !t.is_empty() {
                t.push(' ');
            }
            t.push_str(&w);
        };
        for e in events {
            if let Some(w) = super::words::describe(e, self.game.names(), &left, &rules) {
                add(w);
            }
        }
        if laid && self.human_turn() {
            add(super::words::spots_offered(&self.turn.options));
        }
        t
    }

    /// Whether the cells where the tile fits are highlighted on the board:
    /// the setting on, a person's tile, and not before the hand-over, as
    /// their shapes would tell the next tile early.
    pub fn shows_fits(&self) -> bool {
        self.aids.highlight && self.seating.aids && self.human_turn() && self.hand_shown()
    }

    /// The spots no tile can fill, as the board marks them: none without aids.
    pub fn unfillable(&self) -> &[crate::engine::Pos] {
        if self.seating.aids {
            &self.turn.unfillable
        } else {
            &[]
        }
    }

    /// Whether the board takes keys now: the table in play (a turn's
    /// scoring on show included: undo and the camera keys work), nothing
    /// over it.
    pub fn board_keys(&self) -> bool {
        matches!(self.screen, Screen::Table | Screen::Scoring) && self.over.layers.is_empty()
    }

    /// Goes to `screen`, and says whether it did. The start screen is left
    /// only for the table (a computer's turn ending behind it brings no
    /// hand-over), and going there stops the computers' moves in progress.
    /// The start screen and the hand-over close the cards that were open over
    /// the table: the next person starts with the board.
    pub fn go(&mut self, screen: Screen) -> bool {
        if self.screen == Screen::Setup && !matches!(screen, Screen::Setup | Screen::Table) {
            return false;
        }
        // A game another tab took is left only for the start screen or a
        // review (taking it back puts it on the table afresh).
        if self.screen == Screen::Elsewhere
            && !matches!(screen, Screen::Setup | Screen::Review | Screen::Elsewhere)
        {
            return false;
        }
        if screen == Screen::Setup {
            self.computer.cancel();
        }
        self.screen = screen;
        if matches!(screen, Screen::Setup | Screen::HandOver | Screen::Elsewhere) {
            self.over.layers.clear();
        }
        true
    }

    /// A turn's scoring has been on show for its time: whether the hand-over
    /// screen comes now (still the same turn, `moves` moves into the game,
    /// the setting on and the tablet changing hands), else the table is
    /// back in play. Nothing changes if the scoring was taken back meanwhile.
    pub fn scoring_shown(&mut self, moves: usize) -> bool {
        if self.screen != Screen::Scoring {
            return false;
        }
        let due = self.game.moves().len() == moves
            && self.turn.hands_over(&self.game)
            && self.seating.needs_handover(self.game.state());
        self.go(if due { Screen::HandOver } else { Screen::Table });
        due
    }
}

/// What a tab whose game another tab took still hears: nothing that
/// changes the game (no move, no undo, no computer's move), only the games
/// list, the cards, the settings and leaving for another game.
fn heard_elsewhere(msg: &Msg) -> bool {
    matches!(
        msg,
        Msg::Games(_)
            | Msg::Open(_)
            | Msg::Close(_)
            | Msg::Escape
            | Msg::Reply(_)
            | Msg::ToastGone(_)
            | Msg::Banner(_)
            | Msg::Guide(_)
            | Msg::Review(_)
            | Msg::Resume
            | Msg::Go(_)
            | Msg::NewGame
            | Msg::NewGameAgreed
            | Msg::Setup(_)
            | Msg::Import(_)
            | Msg::SetHandOver(_)
            | Msg::SetHighlight(_)
            | Msg::SetOnlyFitting(_)
            | Msg::ToggleFields
            | Msg::Unpress
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{FollowerChoice, Rules};
    use crate::shell::seats::Seat;

    fn people() -> Table {
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 3).unwrap();
        let seating = Seating {
            seats: vec![Seat::Human, Seat::Human],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let turn = Turn {
            handover: true,
            ..Turn::default()
        };
        Table::new(game, seating, Screen::Table, turn)
    }

    fn play_a_turn(t: &mut Table) {
        let (at, r) = t.state().placements()[0];
        t.turn.rotation = r;
        t.turn.candidate = Some(at);
        t.update(Msg::Confirm);
        t.update(Msg::Follow(FollowerChoice::Skip));
    }

    #[test]
    fn the_turn_waits_behind_the_hand_over_but_undo_does_not() {
        let mut t = people();
        play_a_turn(&mut t);
        t.go(Screen::HandOver);
        let at = t.turn.fits[0].at;
        assert!(t.update(Msg::Lay(at)).is_empty());
        assert_eq!(t.turn.candidate, None);
        assert!(
            !t.update(Msg::Undo).is_empty(),
            "undo is asked of the table"
        );
    }

    #[test]
    fn cards_stack_and_the_board_takes_keys_only_when_none_is_open() {
        let mut t = people();
        assert!(t.board_keys());
        t.over.open(Layer::Scores);
        t.over.open(Layer::Rules);
        assert_eq!(t.over.top(), Some(Layer::Rules));
        assert!(!t.board_keys());
        t.over.open(Layer::Scores);
        assert_eq!(t.over.layers, vec![Layer::Rules, Layer::Scores]);
        t.over.close(Layer::Scores);
        assert!(t.over.is_open(Layer::Rules) && !t.board_keys());
        t.over.close(Layer::Rules);
        assert!(t.board_keys());
        t.go(Screen::Setup);
        assert!(!t.board_keys(), "not behind the start screen");
        t.go(Screen::Table);
        t.go(Screen::HandOver);
        assert!(!t.board_keys(), "not behind the hand-over screen");
        t.go(Screen::Scoring);
        assert!(t.board_keys());
    }

    #[test]
    fn the_start_screen_is_left_only_for_the_table_and_stops_the_computers() {
        let mut t = people();
        t.computer.play(
            7,
            crate::engine::Move {
                at: crate::engine::Pos::new(0, 1),
                rotation: 0,
                choice: FollowerChoice::Skip,
                tile: None,
            },
        );
        assert!(t.go(Screen::Setup));
        assert!(
            !t.computer.moving(),
            "a computer's move in progress is dropped"
        );
        for other in [Screen::Scoring, Screen::HandOver] {
            assert!(!t.go(other), "{other:?}");
            assert_eq!(t.screen, Screen::Setup);
        }
        assert!(t.go(Screen::Table));
        assert_eq!(t.screen, Screen::Table);
    }

    #[test]
    fn the_start_screen_and_the_hand_over_close_the_cards() {
        for screen in [Screen::Setup, Screen::HandOver] {
            let mut t = people();
            t.over.open(Layer::Rules);
            t.over.open(Layer::Scores);
            t.go(screen);
            assert!(t.over.layers.is_empty(), "{screen:?}");
        }
        let mut t = people();
        t.over.open(Layer::Scores);
        t.go(Screen::Scoring);
        assert!(
            t.over.is_open(Layer::Scores),
            "a turn's scoring leaves the score table open"
        );
    }

    #[test]
    fn after_the_scoring_the_hand_over_comes_only_for_the_same_turn() {
        let mut t = people();
        play_a_turn(&mut t);
        let moves = t.game.moves().len();
        t.go(Screen::Scoring);
        assert!(t.scoring_shown(moves));
        assert_eq!(t.screen, Screen::HandOver);

        // Taken back meanwhile: the scoring screen was left, nothing follows.
        let mut t = people();
        play_a_turn(&mut t);
        t.go(Screen::Scoring);
        t.go(Screen::Table);
        assert!(!t.scoring_shown(moves));
        assert_eq!(t.screen, Screen::Table);

        // The setting switched off meanwhile: back to the table, no hand-over.
        let mut t = people();
        play_a_turn(&mut t);
        t.go(Screen::Scoring);
        t.turn.handover = false;
        assert!(!t.scoring_shown(moves));
        assert_eq!(t.screen, Screen::Table);

        // Another move was made meanwhile.
        let mut t = people();
        play_a_turn(&mut t);
        t.go(Screen::Scoring);
        assert!(!t.scoring_shown(moves + 1));
        assert_eq!(t.screen, Screen::Table);
    }
}
