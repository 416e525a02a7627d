//! Which screen the table sees. The page shows the one screen named here and
//! hides the others, so the DOM's `hidden` attributes follow this state and
//! are never a second truth to read back.

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Screen {
    /// The start screen: players, rules and who begins.
    Setup,
    /// The board, in play.
    #[default]
    Table,
    /// A turn's scoring shows on the board; the hand-over screen follows.
    Scoring,
    /// "Pass the tablet to …" between two people's turns.
    HandOver,
    /// Looking back at a game, move by move; the live game waits behind.
    Review,
    /// The game was taken over in another tab: this one shows it but
    /// takes no move, until it is taken back or left.
    Elsewhere,
}

/// A card the page lays over the screen; the shell keeps which are open,
/// so the board knows when it does not have the keys. (A question and the
/// first-game guide are modal dialogs instead: the browser stacks them
/// above everything and they keep their own keys.)
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Layer {
    /// The score table, or the results at the end.
    Scores,
    Rules,
    /// What can go on one open spot of the board.
    Spot,
    /// "Play on from here": who plays each seat of the new game.
    PlayOn,
    /// The games list.
    Games,
    /// The links of a game by link to send, and whose turn it is.
    Link,
}

impl Layer {
    /// The word the test hook reports.
    pub fn word(self) -> &'static str {
        match self {
            Layer::Scores => "scores",
            Layer::Rules => "rules",
            Layer::Spot => "spot",
            Layer::PlayOn => "playon",
            Layer::Games => "games",
            Layer::Link => "link",
        }
    }
}

impl Screen {
    /// The word the test hook reports.
    pub fn word(self) -> &'static str {
        match self {
            Screen::Setup => "setup",
            Screen::Table => "table",
            Screen::Scoring => "scoring",
            Screen::HandOver => "handover",
            Screen::Review => "review",
            Screen::Elsewhere => "elsewhere",
        }
    }

    /// Whether the person whose turn it is may lay a tile or a follower now:
    /// not while the next player's turn waits to be handed over.
    pub fn turn_open(self) -> bool {
        !matches!(
            self,
            Screen::Scoring | Screen::HandOver | Screen::Review | Screen::Elsewhere
        )
    }

    /// Whether the tile in hand may be shown: not before the tablet has
    /// been handed over, so nobody sees the next tile early.
    pub fn shows_hand(self) -> bool {
        self.turn_open()
    }

    /// Whether a computer may take its turn: not behind the start screen.
    pub fn computers_play(self) -> bool {
        !matches!(self, Screen::Setup | Screen::Review | Screen::Elsewhere)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_turn_waits_until_the_tablet_is_handed_over() {
        for s in [Screen::Scoring, Screen::HandOver] {
            assert!(!s.turn_open() && !s.shows_hand(), "{s:?}");
        }
        for s in [Screen::Table, Screen::Setup] {
            assert!(s.turn_open(), "{s:?}");
        }
        assert!(!Screen::Setup.computers_play());
        assert!(Screen::Scoring.computers_play());
    }
}
