//! What the score card shows, and to whom: during play the tiles still to
//! come (an aid) and each player's hand (only when hands are open: a
//! hidden hand shows to its owner alone, digest §12); at the end the
//! winners, the chart, Rematch and New game.

use super::table::Table;

/// The score card's parts that show.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreCard {
    /// The game is over: the final table, the chart, Rematch and New game.
    pub end: bool,
    /// The players whose hands are listed, in seat order: during play
    /// with open hands only, else none.
    pub hands: Vec<u8>,
    /// The tiles still to come are listed (during play, with aids).
    pub remaining: bool,
}

impl Table {
    /// What the score card shows now.
    pub fn score_card(&self) -> ScoreCard {
        let s = self.state();
        let end = s.is_over();
        let rules = s.rules();
        let hands = if !end && rules.hand > 0 && rules.hand_open {
            (0..s.players()).collect()
        } else {
            Vec::new()
        };
        ScoreCard {
            end,
            hands,
            remaining: !end && self.seating.aids,
        }
    }
}
