//! What a key does at the table. Play works from the keyboard alone: the
//! arrows pan (with Shift, Alt, Ctrl or Meta they move the tile between
//! legal cells), R turns the tile, Enter confirms it or places the follower
//! picked with Tab, a number places a follower, S or Escape skips, U undoes,
//! T picks the next tile of a hand, I tells what can go on a spot, O who
//! holds each feature of the tile in the middle of the view.

use crate::engine::Step;

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
}
