//! What a tap, Tab, an arrow key or Escape means at each step of the turn
//! (the gesture itself, a tap or a drag, is told apart in `gesture`, the
//! key's command in `keys`). The page sends what was touched; the table
//! decides what it does.

use super::effect::{refresh, Effect, Say};
use super::gesture::Target;
use super::msg::Msg;
use super::placement;
use super::screen::Layer;
use super::table::Table;
use crate::engine::{Pos, Step};

/// Where Tab goes from `cur` among `len` choices; `None` past either end.
fn next(cur: Option<usize>, len: usize, back: bool) -> Option<usize> {
    match (cur, back) {
        (None, false) => (len > 0).then_some(0),
        (None, true) => len.checked_sub(1),
        (Some(i), false) => (i + 1 < len).then_some(i + 1),
        (Some(i), true) => i.checked_sub(1),
    }
}

/// What the arrow keys do while a card is over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrows {
    /// A spot's card moves to the next open spot that way.
    StepSpot,
    /// A feature's card sits low and lets the board show: the view pans,
    /// as with no card.
    Pan,
}

impl Table {
    /// A tap on `on`, over board cell `cell`, on follower marker `marker`
    /// if one is there: in the tile step, on the tile it turns it and on a
    /// cell where it fits it lays it there; in the follower step, a marker
    /// places its follower.
    pub(crate) fn tap(&mut self, on: Target, cell: Pos, marker: Option<usize>) -> Vec<Effect> {
        match self.state().step() {
            Step::PlaceTile => match on {
                // A tile of the hand not picked yet is picked; the picked one turns.
                Target::Hand(i) if usize::from(i) != self.turn.pick => {
                    self.update_turn(Msg::Pick(usize::from(i)))
                }
                Target::Hand(_) | Target::Candidate => self.update_turn(Msg::Rotate),
                Target::Board if self.turn.rotations_at(cell) != 0 => {
                    self.update_turn(Msg::Lay(cell))
                }
                Target::Board => Vec::new(),
            },
            Step::PlaceFollower => match (on, marker) {
                (Target::Board, Some(i)) => self.update_turn(Msg::Choose(i)),
                _ => Vec::new(),
            },
            Step::GameOver => Vec::new(),
        }
    }

    /// Whether Tab (`back`: Shift+Tab) has somewhere to go on the board: the
    /// next legal cell or follower spot. Past the last, focus leaves the
    /// board, so the keyboard is never trapped.
    pub fn tab_stays(&self, back: bool) -> bool {
        match self.state().step() {
            Step::PlaceTile => next(self.fit_index(), self.turn.fits.len(), back).is_some(),
            Step::PlaceFollower => {
                self.human_turn() && next(self.turn.focus, self.turn.options.len(), back).is_some()
            }
            Step::GameOver => false,
        }
    }

    fn fit_index(&self) -> Option<usize> {
        let c = self.turn.candidate?;
        self.turn.fits.iter().position(|f| f.at == c)
    }

    /// Tab steps through the legal cells, laying the tile on each, or
    /// through the follower spots, saying each.
    pub(crate) fn tab(&mut self, back: bool) -> Vec<Effect> {
        match self.state().step() {
            Step::PlaceTile => match next(self.fit_index(), self.turn.fits.len(), back) {
                Some(i) => {
                    let at = self.turn.fits[i].at;
                    let mut fx = self.update_turn(Msg::Lay(at));
                    fx.push(Effect::Show(at));
                    fx
                }
                None => Vec::new(),
            },
            Step::PlaceFollower if self.human_turn() => {
                self.turn.focus = next(self.turn.focus, self.turn.options.len(), back);
                let mut fx = refresh();
                if let Some(i) = self.turn.focus {
                    fx.push(Effect::Say(Say::Focused(i)));
                }
                fx
            }
            Step::PlaceFollower | Step::GameOver => Vec::new(),
        }
    }

    /// An arrow key moves the tile to the nearest legal cell that way,
    /// from where it lies, else from `middle`, the cell in the middle of
    /// the view.
    pub(crate) fn move_tile(&mut self, dx: i32, dy: i32, middle: Pos) -> Vec<Effect> {
        if self.state().step() != Step::PlaceTile {
            return Vec::new();
        }
        let from = self
            .turn
            .candidate
            .unwrap_or(Pos::new(middle.x - dx, middle.y - dy));
        match placement::step(&self.turn.fits, from, dx, dy) {
            Some(at) => {
                let mut fx = self.update_turn(Msg::Lay(at));
                fx.push(Effect::Show(at));
                fx
            }
            None => Vec::new(),
        }
    }

    /// The open spot nearest `middle` (the middle of the view), for I
    /// before the tile lies anywhere: the middle itself is most often a
    /// placed tile, where I would open nothing. `middle` when none is open.
    pub(crate) fn nearest_spot(&self, middle: Pos) -> Pos {
        let far = |p: &Pos| {
            let (dx, dy) = (i64::from(p.x - middle.x), i64::from(p.y - middle.y));
            dx * dx + dy * dy
        };
        let board = self.state().board();
        let mut best: Option<Pos> = None;
        for i in 0..board.frontier().len() {
            if let Some(p) = open_spot(board, i) {
                if best.is_none_or(|b| far(&p) < far(&b)) {
                    best = Some(p);
                }
            }
        }
        best.unwrap_or(middle)
    }

    /// A long press, the right button or a key on cell `at`: for an open
    /// spot next to the board, the card of what can still go there.
    pub(crate) fn inspect(&mut self, at: Pos) -> Vec<Effect> {
        if !self.inspectable(at) {
            return Vec::new();
        }
        self.aids.spot = Some(at);
        self.aids.examined = None;
        self.over.open(Layer::Spot);
        refresh()
    }

    /// What an arrow key does while a card is over the board; `None`: the
    /// card (or screen) keeps the key.
    pub fn arrows(&self) -> Option<Arrows> {
        if self.over.top() != Some(Layer::Spot) {
            return None;
        }
        Some(if self.aids.spot.is_some() {
            Arrows::StepSpot
        } else {
            Arrows::Pan
        })
    }

    /// An arrow key over a spot's card: the card moves to the nearest open
    /// spot that way, so the keyboard reaches every spot, those no tile can
    /// fill too (the tile itself only ever moves between legal cells).
    pub(crate) fn step_spot(&mut self, dx: i32, dy: i32) -> Vec<Effect> {
        let (Some(from), Some(Layer::Spot)) = (self.aids.spot, self.over.top()) else {
            return Vec::new();
        };
        let board = self.state().board();
        let n = board.frontier().len();
        let next = placement::step_among(n, &|i| open_spot(board, i), from, dx, dy);
        match next {
            Some(at) if board.open_index(at).is_some() => {
                self.aids.spot = Some(at);
                refresh()
            }
            _ => Vec::new(),
        }
    }

    /// Whether a press on a tile (in the dock, or lying unconfirmed on the
    /// board) drags it: a person's tile to lay, on the live game's board,
    /// the turn open. A computer's tile shows in the dock but is its own;
    /// over a review the board only pans and zooms (the dock is hidden).
    pub fn tile_drags(&self) -> bool {
        self.state().step() == Step::PlaceTile
            && self.human_turn()
            && self.screen.turn_open()
            && self.reviewing().is_none()
    }

    /// What a press started on: tile `on_hand` of the dock, else the tile
    /// lying unconfirmed on `cell` while it can be dragged, else the board.
    pub fn pressed_on(&self, on_hand: Option<u8>, cell: Pos) -> Target {
        match on_hand {
            Some(i) => Target::Hand(i),
            None if self.tile_drags() && self.turn.candidate == Some(cell) => Target::Candidate,
            None => Target::Board,
        }
    }

    /// Whether `at` has a card of what can go there now: an open spot, the
    /// aids on, the board in front of the table with nothing over it, and
    /// not while the next player's tile waits for the hand-over (the card
    /// says whether the tile in hand fits). A long press anywhere else stays
    /// a tap.
    pub fn inspectable(&self, at: Pos) -> bool {
        let s = self.state();
        !s.is_over()
            && self.seating.aids
            && self.board_keys()
            && self.screen.shows_hand()
            && s.board().open_index(at).is_some()
            && s.board().on_table(at)
    }

    /// Escape closes the card on top (the score table, the rules, a spot's).
    pub(crate) fn escape(&mut self) -> Vec<Effect> {
        match self.over.top() {
            Some(layer) => {
                self.over.close(layer);
                refresh()
            }
            None => Vec::new(),
        }
    }

    /// A drag begins on `on`. The tile lying on the board is lifted from
    /// its cell: it lies nowhere until it is dropped (or put back where it
    /// was). Any tile of a hand can be dragged: it is picked first.
    pub(crate) fn lift(&mut self, on: Target) -> Vec<Effect> {
        match on {
            Target::Candidate if self.human_turn() && self.screen.turn_open() => {
                self.turn.candidate = None;
                Vec::new()
            }
            Target::Hand(i) if usize::from(i) != self.turn.pick => {
                self.update_turn(Msg::Pick(usize::from(i)))
            }
            _ => Vec::new(),
        }
    }

    /// A drag was cancelled: the tile goes back to the cell it was lifted
    /// from, turned as it was, or to the hand.
    pub(crate) fn put_back(&mut self, from: Option<Pos>) -> Vec<Effect> {
        if !self.human_turn() || !self.screen.turn_open() {
            return Vec::new();
        }
        self.turn.candidate = None;
        if let Some(at) = from {
            self.turn.restore((at, self.turn.rotation));
        }
        refresh()
    }
}

/// The `i`th open position of the frontier if a spot's card can be about
/// it: next to the board and on the table.
fn open_spot(board: &crate::engine::board::Board, i: usize) -> Option<Pos> {
    let p = board.frontier().get(i)?.pos;
    board.on_table(p).then_some(p)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::{Game, Rules};
    use crate::shell::screen::Screen;
    use crate::shell::seats::Seating;
    use crate::shell::turn::Turn;

    /// Two people at a new game, the first to lay a tile.
    pub(crate) fn table() -> Table {
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 3).unwrap();
        Table::new(game, Seating::people(2), Screen::Table, Turn::default())
    }

    #[test]
    fn a_tap_lays_on_a_fitting_cell_turns_the_tile_on_it_and_places_on_a_marker() {
        let mut t = table();
        let far = Pos::new(40, 40);
        assert!(t
            .update(Msg::Tap {
                on: Target::Board,
                cell: far,
                marker: None
            })
            .is_empty());
        let at = t.turn.fits[0].at;
        t.update(Msg::Tap {
            on: Target::Board,
            cell: at,
            marker: None,
        });
        assert_eq!(t.turn.candidate, Some(at));
        let r = t.turn.rotation;
        t.update(Msg::Tap {
            on: Target::Candidate,
            cell: at,
            marker: None,
        });
        assert_ne!(t.turn.rotation, r, "a tap on the tile turns it");
        while !t.turn.can_confirm() {
            t.update(Msg::Rotate);
        }
        t.update(Msg::Confirm);
        assert_eq!(t.state().step(), Step::PlaceFollower);
        assert!(t
            .update(Msg::Tap {
                on: Target::Board,
                cell: at,
                marker: None
            })
            .is_empty());
        t.update(Msg::Tap {
            on: Target::Board,
            cell: at,
            marker: Some(0),
        });
        assert_eq!(t.state().step(), Step::PlaceTile, "the follower went down");
    }

    #[test]
    fn tab_walks_the_cells_then_lets_the_focus_go() {
        let mut t = table();
        let n = t.turn.fits.len();
        for i in 0..n {
            assert!(t.tab_stays(false));
            t.update(Msg::Tab { back: false });
            assert_eq!(t.turn.candidate, Some(t.turn.fits[i].at));
        }
        assert!(!t.tab_stays(false), "past the last cell");
        assert!(t.tab_stays(true));
    }

    #[test]
    fn tab_walks_the_follower_spots_and_says_each() {
        let mut t = table();
        let (at, r) = t.state().placements()[0];
        t.turn.candidate = Some(at);
        t.turn.rotation = r;
        t.update(Msg::Confirm);
        let n = t.turn.options.len();
        assert!(n > 0);
        let fx = t.update(Msg::Tab { back: false });
        assert_eq!(t.turn.focus, Some(0));
        assert!(fx.contains(&Effect::Say(Say::Focused(0))));
        for _ in 1..n {
            t.update(Msg::Tab { back: false });
        }
        assert!(!t.tab_stays(false));
        t.update(Msg::Tab { back: false });
        assert_eq!(t.turn.focus, None);
    }

    #[test]
    fn a_lifted_tile_is_put_back_turned_as_it_was() {
        let mut t = table();
        let at = t.turn.fits[0].at;
        t.update(Msg::Lay(at));
        let r = t.turn.rotation;
        t.update(Msg::Lift(Target::Candidate));
        assert_eq!(t.turn.candidate, None);
        t.update(Msg::PutBack(Some(at)));
        assert_eq!((t.turn.candidate, t.turn.rotation), (Some(at), r));
    }

    #[test]
    fn only_a_persons_tile_is_dragged_and_only_while_their_turn_is_open() {
        use crate::ai::Level;
        use crate::shell::seats::Seat;
        let mut t = table();
        assert!(t.tile_drags(), "a person's tile step");
        t.screen = Screen::HandOver;
        assert!(!t.tile_drags(), "behind the hand-over card");
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 3).unwrap();
        let seating = Seating {
            seats: vec![Seat::Computer(Level::Easy), Seat::Human],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        };
        let c = Table::new(game, seating, Screen::Table, Turn::default());
        assert!(!c.tile_drags(), "the computer's tile, shown in the dock");
        assert_eq!(c.pressed_on(None, Pos::new(0, 0)), Target::Board);
    }

    #[test]
    fn a_long_press_on_an_open_spot_opens_its_card_and_nowhere_else() {
        let mut t = table();
        assert!(
            t.update(Msg::Inspect(Pos::new(0, 0))).is_empty(),
            "the start tile's cell"
        );
        assert!(
            t.update(Msg::Inspect(Pos::new(5, 5))).is_empty(),
            "far from the board"
        );
        let at = t.turn.fits[0].at;
        t.update(Msg::Inspect(at));
        assert_eq!((t.aids.spot, t.over.top()), (Some(at), Some(Layer::Spot)));
        let card = crate::shell::cards::Cards::of(&t).spot.unwrap();
        assert_eq!((card.at, card.title), (Some(at), "What can go here"));
        assert!(!card.tiles.is_empty(), "the tile in hand fits there");
        assert!(!t.board_keys(), "the card has the keys");
        t.update(Msg::Escape);
        assert!(t.over.layers.is_empty());
    }

    #[test]
    fn the_arrows_move_a_spots_card_to_the_next_open_spot_that_way() {
        let mut t = table();
        // Only the start tile lies: its four sides are the open spots.
        assert!(
            t.update(Msg::SpotStep(-1, 0)).is_empty(),
            "no card open: nothing moves"
        );
        t.update(Msg::Inspect(Pos::new(1, 0)));
        t.update(Msg::SpotStep(-1, 0));
        assert_eq!(t.aids.spot, Some(Pos::new(-1, 0)), "across the start tile");
        let card = crate::shell::cards::Cards::of(&t).spot.unwrap();
        assert_eq!(card.at, Some(Pos::new(-1, 0)), "the card is about it");
        assert!(
            t.update(Msg::SpotStep(-1, 0)).is_empty(),
            "no open spot further left"
        );
        assert_eq!(t.aids.spot, Some(Pos::new(-1, 0)));
        t.update(Msg::SpotStep(0, 1));
        assert_eq!(t.aids.spot, Some(Pos::new(0, 1)));
        assert_eq!(t.over.top(), Some(Layer::Spot), "the card stays open");
        assert_eq!(t.arrows(), Some(Arrows::StepSpot));
    }

    #[test]
    fn over_a_features_card_the_arrows_pan_the_board_not_step_spots() {
        let mut t = table();
        assert_eq!(t.arrows(), None, "no card: the board's own keys");
        t.update(Msg::ExamineNext(Pos::new(0, 0)));
        assert!(t.feature_card().is_some() && t.aids.spot.is_none());
        assert_eq!(
            t.arrows(),
            Some(Arrows::Pan),
            "the card lets the board show"
        );
        assert!(
            t.update(Msg::SpotStep(1, 0)).is_empty(),
            "no spot to step from"
        );
        assert!(t.feature_card().is_some(), "the card stays");
        // A spot's card asked for after it: the arrows step again.
        t.update(Msg::Escape);
        t.update(Msg::Inspect(Pos::new(1, 0)));
        assert_eq!(t.arrows(), Some(Arrows::StepSpot));
    }

    #[test]
    fn no_card_while_the_next_tile_waits_for_the_hand_over_and_none_stays_stale() {
        let mut t = table();
        let at = t.turn.fits[0].at;
        t.go(Screen::Scoring);
        assert!(
            !t.inspectable(at),
            "it would tell about the next player's tile"
        );
        assert!(t.update(Msg::Inspect(at)).is_empty());
        t.go(Screen::Table);
        t.update(Msg::Inspect(at));
        assert_eq!(t.over.top(), Some(Layer::Spot));
        // The tile goes down meanwhile (Enter, say): the card goes.
        t.update(Msg::Lay(at));
        while !t.turn.can_confirm() {
            t.update(Msg::Rotate);
        }
        t.update(Msg::Confirm);
        assert!(!t.over.is_open(Layer::Spot));
    }

    #[test]
    fn tab_does_not_move_a_computers_follower_marker() {
        use crate::ai::Level;
        use crate::shell::seats::Seat;
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 3).unwrap();
        let mut seating = Seating::people(2);
        seating.seats[0] = Seat::Computer(Level::Easy);
        let mut t = Table::new(game, seating, Screen::Table, Turn::default());
        let (at, r) = t.state().placements()[0];
        t.game.place_tile(at, r, &mut Vec::new()).unwrap();
        t.turn.sync(&t.game);
        assert!(!t.tab_stays(false));
        t.update(Msg::Tab { back: false });
        assert_eq!(t.turn.focus, None);
    }

    #[test]
    fn escape_closes_the_card_on_top() {
        let mut t = table();
        t.update(Msg::Open(Layer::Scores));
        t.update(Msg::Open(Layer::Rules));
        t.update(Msg::Escape);
        assert_eq!(t.over.layers, [Layer::Scores]);
        t.update(Msg::Escape);
        assert!(t.over.layers.is_empty());
        assert!(t.update(Msg::Escape).is_empty());
    }
}
