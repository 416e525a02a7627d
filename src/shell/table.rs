//! Everything about the game at the table that is not the browser: the
//! game, who sits where, which screen shows and what covers it, the turn in
//! progress and the computers' moves. The page holds one `Table` and sends
//! it messages; what it returns is carried out on the page.

use super::computer::Computer;
use super::screen::{Layer, Screen};
use super::seats::Seating;
use super::turn::{self, Effect, Msg, Turn};
use crate::engine::{Game, State};

pub struct Table {
    pub game: Game,
    /// Who sits in each seat, a person or the computer, and in which colour.
    pub seating: Seating,
    /// Which screen the table sees.
    pub screen: Screen,
    /// Cards over the screen (the score table, the rules), the top one
    /// last: the board takes no keys while any is open.
    pub layers: Vec<Layer>,
    pub turn: Turn,
    pub computer: Computer,
}

impl Table {
    pub fn new(game: Game, seating: Seating, screen: Screen, turn: Turn) -> Table {
        let mut t = Table {
            game,
            seating,
            screen,
            layers: Vec::new(),
            turn,
            computer: Computer::default(),
        };
        t.turn.sync(&t.game);
        t
    }

    pub fn state(&self) -> &State {
        self.game.state()
    }

    /// Whether a person is to act now (the controls answer only then).
    pub fn human_turn(&self) -> bool {
        self.seating.human_turn(self.game.state())
    }

    /// What `msg` does to the game and the turn. The turn's own messages
    /// wait while the next player's turn has not been handed over; undo and
    /// redo are for the whole table and always heard (the table may agree to
    /// an undo after the hand-over card has come).
    pub fn update(&mut self, msg: Msg) -> Vec<Effect> {
        let turn_msg = !matches!(msg, Msg::Undo | Msg::UndoAgreed { .. } | Msg::Redo);
        if turn_msg && !self.screen.turn_open() {
            return Vec::new();
        }
        turn::update(&mut self.game, &self.seating, &mut self.turn, msg)
    }

    /// Whether the cells where the tile fits are highlighted on the board
    /// (`highlight` is the setting): a person's tile, and not before the
    /// hand-over, as their shapes would tell the next tile early.
    pub fn shows_fits(&self, highlight: bool) -> bool {
        highlight && self.human_turn() && self.screen.shows_hand()
    }

    /// Opens a card over the screen (once: opening it again brings it to the top).
    pub fn open(&mut self, layer: Layer) {
        self.close(layer);
        self.layers.push(layer);
    }

    /// Closes a card, wherever it is in the stack.
    pub fn close(&mut self, layer: Layer) {
        if let Some(i) = self.layers.iter().position(|&l| l == layer) {
            self.layers.remove(i);
        }
    }

    pub fn is_open(&self, layer: Layer) -> bool {
        self.layers.contains(&layer)
    }

    /// The card on top, which Escape closes.
    pub fn top(&self) -> Option<Layer> {
        self.layers.last().copied()
    }

    /// Whether the board takes keys now: the table in play (a turn's
    /// scoring on show included: undo and the camera keys work), nothing
    /// over it.
    pub fn board_keys(&self) -> bool {
        matches!(self.screen, Screen::Table | Screen::Scoring) && self.layers.is_empty()
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
        if screen == Screen::Setup {
            self.computer.cancel();
        }
        self.screen = screen;
        if matches!(screen, Screen::Setup | Screen::HandOver) {
            self.layers.clear();
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
            && self.turn.handover
            && self.seating.needs_handover(self.game.state());
        self.go(if due { Screen::HandOver } else { Screen::Table });
        due
    }
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
        t.open(Layer::Scores);
        t.open(Layer::Rules);
        assert_eq!(t.top(), Some(Layer::Rules));
        assert!(!t.board_keys());
        t.open(Layer::Scores);
        assert_eq!(t.layers, vec![Layer::Rules, Layer::Scores]);
        t.close(Layer::Scores);
        assert!(t.is_open(Layer::Rules) && !t.board_keys());
        t.close(Layer::Rules);
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
        t.computer.play(7);
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
            t.open(Layer::Rules);
            t.open(Layer::Scores);
            t.go(screen);
            assert!(t.layers.is_empty(), "{screen:?}");
        }
        let mut t = people();
        t.open(Layer::Scores);
        t.go(Screen::Scoring);
        assert!(
            t.is_open(Layer::Scores),
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
