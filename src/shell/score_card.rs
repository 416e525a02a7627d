//! What the score card shows, and to whom: during play the tiles still to
//! come (an aid) and each player's hand (only when hands are open: a
//! hidden hand shows to its owner alone, rules §12); at the end the
//! winners, the chart, Rematch and New game.

use super::table::Table;
use super::words;
use crate::engine::{Category, Game, Record, Rules, State, TileKind};

/// The score card's parts that show, and their words.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ScoreCard {
    /// The game is over: the final table, the chart, Rematch and New game.
    pub end: bool,
    /// "Scores", or "Final scores" at the end.
    pub title: &'static str,
    /// Under the title: the winners at the end, else the tiles still to
    /// come; then whether the table plays without aids, and its house rules.
    pub headline: String,
    /// The "if it ended now" column shows (an aid, during play).
    pub now_column: bool,
    /// The players whose hands are listed, in seat order: during play
    /// with open hands only, else none.
    pub hands: Vec<u8>,
    /// The tiles still to come by kind, with how many of each (during
    /// play, with aids; else none).
    pub remaining: Vec<(TileKind, u8)>,
    /// At the end, each player's total after each move, move 0 first.
    pub chart: Option<Vec<Vec<u32>>>,
}

/// Each player's total in `s`, in seat order.
pub fn totals_now(s: &State) -> Vec<u32> {
    (0..s.players()).map(|p| s.score(p).total()).collect()
}

/// Each player's total after each move of `game`, move 0 first (the last
/// with the final scoring): the record replayed forward once.
pub fn totals(game: &Game) -> Vec<Vec<u32>> {
    let record = game.record();
    let Ok(mut g) = Game::from_record(&Record {
        moves: Vec::new(),
        ..record.clone()
    }) else {
        return Vec::new();
    };
    let mut out = vec![totals_now(g.state())];
    for m in &record.moves {
        let mut events = Vec::new();
        if g.place_tile_with(m.at, m.rotation, m.tile, &mut events)
            .is_err()
            || g.choose_follower(m.choice, &mut events).is_err()
        {
            break;
        }
        out.push(totals_now(g.state()));
    }
    out
}

/// The score table's category columns with their heads, as the rulebook
/// lists them: gardens only with the abbot, the only piece that scores
/// them (rules §5, §7).
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
        let aids = self.seating.aids;
        let mut headline = if end {
            let names: Vec<&str> = s
                .winners()
                .iter()
                .map(|p| self.game.names()[p as usize].as_str())
                .collect();
            words::winners(&names, "!")
        } else {
            words::tiles_to_come(s.to_come().len(), self.unfillable().len())
        };
        if !aids {
            headline.push_str(words::WITHOUT_AIDS);
        }
        if let Some(h) = words::house_rules(&rules) {
            headline.push(' ');
            headline.push_str(&h);
        }
        let mut remaining = Vec::new();
        if !end && aids {
            let mut counts = [0u8; TileKind::COUNT];
            for k in s.to_come() {
                counts[k.0 as usize] += 1;
            }
            remaining = TileKind::all()
                .filter(|k| counts[k.0 as usize] > 0)
                .map(|k| (k, counts[k.0 as usize]))
                .collect();
        }
        ScoreCard {
            end,
            title: if end {
                words::FINAL_SCORES
            } else {
                words::SCORES
            },
            headline,
            now_column: !end && aids,
            hands,
            remaining,
            chart: end.then(|| totals(&self.game)),
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

    use super::*;
    use crate::ai::{self, Level};
    use crate::shell::effect::Effect;
    use crate::shell::input::tests::table;
    use crate::shell::msg::Msg;
    use crate::shell::screen::Layer;

    #[test]
    fn during_play_the_card_counts_the_tiles_to_come_and_shows_the_aids_only_with_aids() {
        let mut t = table();
        let fx = t.update(Msg::Open(Layer::Scores));
        assert!(fx.contains(&Effect::Results), "written out as it opens");
        let c = t.score_card();
        assert_eq!(
            (c.end, c.title, c.chart.is_some()),
            (false, words::SCORES, false)
        );
        let n = t.state().to_come().len();
        assert!(c
            .headline
            .starts_with(&words::tiles_to_come(n, t.unfillable().len())));
        assert!(c.now_column);
        let listed: usize = c.remaining.iter().map(|&(_, k)| usize::from(k)).sum();
        assert_eq!(listed, n, "every tile to come, by kind");
        t.seating.aids = false;
        let c = t.score_card();
        assert!(!c.now_column && c.remaining.is_empty());
        assert!(c.headline.contains(words::WITHOUT_AIDS.trim()));
    }

    #[test]
    fn at_the_end_the_chart_climbs_move_by_move_to_the_final_scores() {
        let mut game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 4).unwrap();
        let mut n = 0;
        while !game.state().is_over() {
            let m = ai::choose(game.state(), Level::Random, n).unwrap();
            game.place_tile_with(m.at, m.rotation, m.tile, &mut Vec::new())
                .unwrap();
            game.choose_follower(m.choice, &mut Vec::new()).unwrap();
            n += 1;
        }
        let mut t = table();
        t.game = game;
        let c = t.score_card();
        assert_eq!(
            (c.end, c.title, c.now_column),
            (true, words::FINAL_SCORES, false)
        );
        let chart = c.chart.unwrap();
        assert_eq!(chart.len(), t.game.moves().len() + 1);
        assert_eq!(chart[0], [0, 0]);
        assert_eq!(chart.last(), Some(&totals_now(t.state())));
        // Totals only grow, and each matches the game cut at that move.
        for (i, row) in chart.iter().enumerate().step_by(9) {
            let cut = Game::from_record(&Record {
                moves: t.game.moves()[..i].to_vec(),
                ..t.game.record()
            })
            .unwrap();
            assert_eq!(row, &totals_now(cut.state()), "move {i}");
        }
        assert!(chart
            .windows(2)
            .all(|w| w[0].iter().zip(&w[1]).all(|(a, b)| a <= b)));
    }
}
