//! What a key does at the table. Play works from the keyboard alone: the
//! arrows pan (with Shift, Alt, Ctrl or Meta they move the tile between
//! legal cells), R turns the tile, Enter confirms it or places the follower
//! picked with Tab, a number places a follower, S or Escape skips, U undoes,
//! T picks the next tile of a hand, I tells what can go on a spot, O who
//! holds each feature of the tile in the middle of the view.

use super::input::Arrows;
use super::msg::Msg;
use super::table::Table;
use crate::engine::{FollowerChoice, Pos, Step};

/// A key as the page reports it, with what the shell needs to know.
#[derive(Clone, Copy, Debug)]
pub struct Key<'a> {
    /// `KeyboardEvent.key`: "Enter", "r", "ArrowLeft", ...
    pub name: &'a str,
    pub shift: bool,
    /// Ctrl or Meta (Cmd) held: undo and redo shortcuts.
    pub command: bool,
    /// Alt held.
    pub alt: bool,
    /// Focus is on the board (or nowhere), not on a control: Tab steps
    /// through the board's cells and spots only then.
    pub on_board: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command {
    /// Pan the view by one step in direction (dx, dy).
    Pan(i32, i32),
    /// Move the tile to the nearest legal cell in direction (dx, dy).
    MoveTile(i32, i32),
    ZoomIn,
    ZoomOut,
    Fit,
    Rotate,
    Hint,
    Undo,
    Redo,
    /// Lay the tile for good where it lies.
    Confirm,
    /// Place the follower picked with Tab.
    ChooseFocused,
    /// Place follower number `n` (0-based).
    Choose(usize),
    Skip,
    ToHand,
    /// Tab (`true`: Shift+Tab) through cells or follower spots.
    Tab(bool),
    /// What can go on the cell the tile lies on (or in the middle of the view).
    Inspect,
    /// Pick the next tile of the hand.
    NextInHand,
    /// Who holds what: the next feature of the tile in the middle of the view.
    Examine,
}

/// The direction of an arrow key, as (dx, dy) on the board.
pub fn arrow(name: &str) -> Option<(i32, i32)> {
    Some(match name {
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        "ArrowUp" => (0, -1),
        "ArrowDown" => (0, 1),
        _ => return None,
    })
}

/// The command for `key` in `step`, given how many follower spots are offered
/// and whether one is picked; `None` leaves the key to the browser.
pub fn command(key: Key, step: Step, options: usize, focused: bool) -> Option<Command> {
    let modified = key.shift || key.alt || key.command;
    if let Some((dx, dy)) = arrow(key.name) {
        return Some(if modified && step == Step::PlaceTile {
            Command::MoveTile(dx, dy)
        } else {
            Command::Pan(dx, dy)
        });
    }
    let follower = step == Step::PlaceFollower;
    Some(match key.name {
        "+" | "=" => Command::ZoomIn,
        "-" | "_" => Command::ZoomOut,
        "f" | "F" | "0" => Command::Fit,
        "r" | "R" => Command::Rotate,
        "h" | "H" => Command::Hint,
        "i" | "I" | "?" if !follower => Command::Inspect,
        "o" | "O" => Command::Examine,
        "t" | "T" if step == Step::PlaceTile => Command::NextInHand,
        "y" | "Y" if key.command => Command::Redo,
        "u" | "U" => Command::Undo,
        "z" | "Z" if key.command => Command::Undo,
        "Enter" => match step {
            Step::PlaceTile => Command::Confirm,
            Step::PlaceFollower if focused => Command::ChooseFocused,
            _ => return None,
        },
        "s" | "S" if follower => Command::Skip,
        "Escape" => match step {
            Step::PlaceFollower => Command::Skip,
            Step::PlaceTile => Command::ToHand,
            Step::GameOver => return None,
        },
        "Tab" if key.on_board => Command::Tab(key.shift),
        k if follower && k.len() == 1 => {
            let n = k.chars().next()?.to_digit(10)? as usize;
            if n == 0 || n > options {
                return None;
            }
            Command::Choose(n - 1)
        }
        _ => return None,
    })
}

/// What a key does on the review screen: ←/→ step, Home/End go to the
/// first and last move, Space plays or pauses, Escape goes back to the game.
pub fn review(name: &str) -> Option<super::review::Rv> {
    use super::review::Rv;
    Some(match name {
        "ArrowLeft" => Rv::Back,
        "ArrowRight" => Rv::Forward,
        "Home" => Rv::First,
        "End" => Rv::Last,
        " " | "Spacebar" => Rv::Play,
        "Escape" => Rv::Close,
        _ => return None,
    })
}

/// What a key asks of the page: a message for the table, or a move of the
/// view (the camera is the page's).
#[derive(Clone, Debug, PartialEq)]
pub enum KeyAct {
    /// Not the table's: the browser keeps the key.
    Unused,
    /// A message for the table; the key is used.
    Send(Msg),
    /// Tab's message for the table; the key stays the browser's too when
    /// the focus leaves the board past the last choice.
    Tab(Msg, bool),
    /// Pan the view one step in direction (dx, dy), zoom it, or fit it.
    Pan(i32, i32),
    ZoomIn,
    ZoomOut,
    Fit,
}

impl Table {
    /// What `key` does now, wherever it is pressed: over a review its own
    /// keys, over a card Escape and the card's arrows, on the board the
    /// turn's commands. `middle` is the cell in the middle of the view:
    /// the tile moves from it, and I and O ask about it.
    pub fn key(&self, key: Key, middle: Pos) -> KeyAct {
        if self.reviewing().is_some() && self.over.layers.is_empty() {
            return review(key.name).map_or(KeyAct::Unused, |rv| KeyAct::Send(Msg::Review(rv)));
        }
        let step = self.state().step();
        let command = if self.board_keys() {
            let focused = self.turn.focus.is_some();
            match command(key, step, self.turn.options.len(), focused) {
                Some(c) => c,
                None => return KeyAct::Unused,
            }
        } else {
            // A card or another screen is over the board: Escape closes the
            // card on top, an arrow moves a spot's card to the next spot or
            // pans the board a feature's card lets show, other keys are theirs.
            if key.name == "Escape" && self.over.top().is_some() {
                return KeyAct::Send(Msg::Escape);
            }
            match (arrow(key.name), self.arrows()) {
                (Some((dx, dy)), Some(Arrows::StepSpot)) => {
                    return KeyAct::Send(Msg::SpotStep(dx, dy))
                }
                (Some((dx, dy)), Some(Arrows::Pan)) => Command::Pan(dx, dy),
                _ => return KeyAct::Unused,
            }
        };
        let msg = match command {
            Command::Pan(dx, dy) => return KeyAct::Pan(dx, dy),
            Command::ZoomIn => return KeyAct::ZoomIn,
            Command::ZoomOut => return KeyAct::ZoomOut,
            Command::Fit => return KeyAct::Fit,
            Command::Tab(back) => return KeyAct::Tab(Msg::Tab { back }, self.tab_stays(back)),
            Command::MoveTile(dx, dy) => Msg::MoveTile { dx, dy, middle },
            Command::Rotate => Msg::Rotate,
            Command::Hint => Msg::Hint,
            Command::Redo => Msg::Redo,
            Command::Undo => Msg::Undo,
            Command::Confirm => Msg::Confirm,
            Command::ChooseFocused => Msg::ChooseFocused,
            Command::Choose(i) => Msg::Choose(i),
            Command::Skip => Msg::Follow(FollowerChoice::Skip),
            Command::ToHand => Msg::ToHand,
            Command::NextInHand => Msg::NextInHand,
            Command::Inspect => Msg::Inspect(
                self.turn
                    .candidate
                    .unwrap_or_else(|| self.nearest_spot(middle)),
            ),
            // Who holds what on the tile just laid, else the one in the
            // middle of the view, else the last one laid.
            Command::Examine => {
                let board = self.state().board();
                let last = board.tiles().last().filter(|_| board.tiles().len() > 1);
                let at = [self.turn.candidate, Some(middle)]
                    .into_iter()
                    .flatten()
                    .find(|&p| board.index_at(p).is_some())
                    .or(last.map(|t| t.pos))
                    .unwrap_or_default();
                Msg::ExamineNext(at)
            }
        };
        KeyAct::Send(msg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> Key<'_> {
        Key {
            name,
            shift: false,
            command: false,
            alt: false,
            on_board: true,
        }
    }

    #[test]
    fn enter_confirms_the_tile_or_places_the_picked_follower() {
        assert_eq!(
            command(key("Enter"), Step::PlaceTile, 0, false),
            Some(Command::Confirm)
        );
        assert_eq!(
            command(key("Enter"), Step::PlaceFollower, 3, true),
            Some(Command::ChooseFocused)
        );
        // Nothing picked: Enter is left to the focused button.
        assert_eq!(command(key("Enter"), Step::PlaceFollower, 3, false), None);
        assert_eq!(command(key("Enter"), Step::GameOver, 0, false), None);
    }

    #[test]
    fn arrows_pan_and_with_a_modifier_move_the_tile() {
        assert_eq!(
            command(key("ArrowLeft"), Step::PlaceTile, 0, false),
            Some(Command::Pan(-1, 0))
        );
        let shifted = Key {
            shift: true,
            ..key("ArrowDown")
        };
        assert_eq!(
            command(shifted, Step::PlaceTile, 0, false),
            Some(Command::MoveTile(0, 1))
        );
        // No tile to move in the follower step: the view pans.
        assert_eq!(
            command(shifted, Step::PlaceFollower, 2, false),
            Some(Command::Pan(0, 1))
        );
    }

    #[test]
    fn numbers_place_only_the_followers_offered() {
        let f = Step::PlaceFollower;
        assert_eq!(command(key("1"), f, 2, false), Some(Command::Choose(0)));
        assert_eq!(command(key("2"), f, 2, false), Some(Command::Choose(1)));
        assert_eq!(command(key("3"), f, 2, false), None);
        assert_eq!(command(key("0"), f, 2, false), Some(Command::Fit));
        assert_eq!(command(key("x"), f, 2, false), None);
        assert_eq!(command(key("1"), Step::PlaceTile, 0, false), None);
    }

    #[test]
    fn skipping_undoing_and_redoing() {
        let f = Step::PlaceFollower;
        assert_eq!(command(key("s"), f, 1, false), Some(Command::Skip));
        assert_eq!(command(key("Escape"), f, 1, false), Some(Command::Skip));
        assert_eq!(command(key("s"), Step::PlaceTile, 0, false), None);
        assert_eq!(
            command(key("t"), Step::PlaceTile, 0, false),
            Some(Command::NextInHand)
        );
        assert_eq!(command(key("t"), Step::PlaceFollower, 2, false), None);
        assert_eq!(
            command(key("Escape"), Step::PlaceTile, 0, false),
            Some(Command::ToHand)
        );
        assert_eq!(command(key("u"), f, 1, false), Some(Command::Undo));
        let ctrl = |name| Key {
            command: true,
            ..key(name)
        };
        assert_eq!(command(ctrl("z"), f, 1, false), Some(Command::Undo));
        assert_eq!(command(ctrl("y"), f, 1, false), Some(Command::Redo));
        assert_eq!(command(key("y"), f, 1, false), None);
    }

    #[test]
    fn tab_steps_through_the_board_only_when_it_has_focus() {
        let back = Key {
            shift: true,
            ..key("Tab")
        };
        assert_eq!(
            command(back, Step::PlaceTile, 0, false),
            Some(Command::Tab(true))
        );
        let elsewhere = Key {
            on_board: false,
            ..key("Tab")
        };
        assert_eq!(command(elsewhere, Step::PlaceTile, 0, false), None);
    }

    use super::super::input::tests::table;
    use super::super::review::Rv;
    use super::super::screen::Layer;

    #[test]
    fn on_the_board_a_key_is_the_turns_command_about_the_tile_or_the_middle_of_the_view() {
        let mut t = table();
        let middle = Pos::new(4, 4);
        let shift = |name| Key {
            shift: true,
            ..key(name)
        };
        assert_eq!(t.key(key("ArrowLeft"), middle), KeyAct::Pan(-1, 0));
        assert_eq!(
            t.key(shift("ArrowUp"), middle),
            KeyAct::Send(Msg::MoveTile {
                dx: 0,
                dy: -1,
                middle
            })
        );
        assert_eq!(t.key(key("+"), middle), KeyAct::ZoomIn);
        assert_eq!(t.key(key("f"), middle), KeyAct::Fit);
        assert_eq!(t.key(key("q"), middle), KeyAct::Unused);
        assert_eq!(t.key(key("Escape"), middle), KeyAct::Send(Msg::ToHand));
        // I asks about the open spot nearest the middle of the view (the
        // start tile's four sides are open; (4, 4) is nearest (1, 0) and
        // (0, 1)), then about the tile once it lies.
        let KeyAct::Send(Msg::Inspect(spot)) = t.key(key("i"), middle) else {
            panic!("I asks about a spot");
        };
        assert!([Pos::new(1, 0), Pos::new(0, 1)].contains(&spot), "{spot}");
        assert_eq!(
            t.key(key("i"), Pos::new(0, 0)),
            KeyAct::Send(Msg::Inspect(Pos::new(0, -1))),
            "from the start tile itself, the first of its open sides"
        );
        let at = t.turn.fits[0].at;
        t.update(Msg::Lay(at));
        assert_eq!(t.key(key("i"), middle), KeyAct::Send(Msg::Inspect(at)));
        // Shift+Tab from the first fitting cell: the focus leaves the board.
        assert_eq!(
            t.key(shift("Tab"), middle),
            KeyAct::Tab(Msg::Tab { back: true }, false)
        );
        // O: the tile in the middle of the view when one lies there; else,
        // with only the start tile down, the start tile.
        let start = Pos::new(0, 0);
        assert_eq!(
            t.key(key("o"), start),
            KeyAct::Send(Msg::ExamineNext(start))
        );
        assert_eq!(
            t.key(key("o"), middle),
            KeyAct::Send(Msg::ExamineNext(start))
        );
        // Tab stays on the board while there is a next fitting cell.
        assert_eq!(
            t.key(key("Tab"), middle),
            KeyAct::Tab(Msg::Tab { back: false }, true),
            "more fitting cells to Tab to: the key stays on the board"
        );
        assert_eq!(t.key(key("Enter"), middle), KeyAct::Send(Msg::Confirm));
        t.update(Msg::Confirm);
        // O now finds the tile just laid, wherever the view is.
        assert_eq!(t.key(key("o"), middle), KeyAct::Send(Msg::ExamineNext(at)));
        assert_eq!(
            t.key(key("s"), middle),
            KeyAct::Send(Msg::Follow(FollowerChoice::Skip))
        );
        assert_eq!(t.key(key("1"), middle), KeyAct::Send(Msg::Choose(0)));
    }

    #[test]
    fn over_a_card_only_escape_and_its_arrows_are_the_tables() {
        let mut t = table();
        let middle = Pos::new(0, 0);
        t.update(Msg::Inspect(Pos::new(1, 0)));
        assert_eq!(t.over.top(), Some(Layer::Spot));
        assert_eq!(
            t.key(key("ArrowLeft"), middle),
            KeyAct::Send(Msg::SpotStep(-1, 0))
        );
        assert_eq!(
            t.key(key("r"), middle),
            KeyAct::Unused,
            "not under the card"
        );
        assert_eq!(t.key(key("Enter"), middle), KeyAct::Unused);
        assert_eq!(t.key(key("Escape"), middle), KeyAct::Send(Msg::Escape));
    }

    #[test]
    fn over_a_review_the_keys_step_through_it_and_nothing_else() {
        let mut t = table();
        for _ in 0..4 {
            let at = t.turn.fits[0].at;
            t.update(Msg::Lay(at));
            t.update(Msg::Confirm);
            t.update(Msg::Follow(FollowerChoice::Skip));
        }
        t.update(Msg::Review(Rv::Open));
        assert!(t.reviewing().is_some());
        let middle = Pos::new(0, 0);
        assert_eq!(
            t.key(key("ArrowLeft"), middle),
            KeyAct::Send(Msg::Review(Rv::Back))
        );
        assert_eq!(t.key(key(" "), middle), KeyAct::Send(Msg::Review(Rv::Play)));
        assert_eq!(
            t.key(key("r"), middle),
            KeyAct::Unused,
            "no turn under the review"
        );
        assert_eq!(t.key(key("u"), middle), KeyAct::Unused);
    }
}
