//! What the score card shows, and to whom: during play the tiles still to
//! come (an aid) and each player's hand (only when hands are open: a
//! hidden hand shows to its owner alone, digest §12); at the end the
//! winners, the chart, Rematch and New game.

use super::table::Table;
use crate::engine::{Category, Rules};

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

/// The score table's category columns with their heads, as the rulebook
/// lists them: gardens only with the abbot, the only piece that scores
/// them (digest §5, §7).
pub fn columns(r: &Rules) -> Vec<(Category, &'static str)> {
    Category::ALL
        .into_iter()
        .zip(&super::words::SCORE_HEADS[2..])
        .filter(|&(c, _)| c != Category::Garden || r.abbot)
        .map(|(c, &h)| (c, h))
        .collect()
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_score_table_has_a_garden_column_only_with_the_abbot() {
        use super::columns;
        use crate::engine::{Category, Rules};
        let heads = |r: Rules| -> Vec<&str> { columns(&r).iter().map(|c| c.1).collect() };
        assert_eq!(
            heads(Rules::default()),
            ["Road", "City", "Monastery", "Field"]
        );
        let with = columns(&Rules::default().with_abbot(true));
        assert_eq!(with.len(), 5);
        assert_eq!(with[3], (Category::Garden, "Garden"));
    }
}
