//! What the score card shows, and to whom: during play the tiles still to
//! come (an aid) and each player's hand (only when hands are open: a
//! hidden hand shows to its owner alone, rules §12); at the end the
//! winners, the chart, Rematch and New game.

use super::table::Table;
use super::words;
use crate::engine::{Category, Game, Record, Rules, State, TileKind};

/// The score card's parts that show, and their words.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
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
    /// The table's heads after the player's: the total, "if it ended
    /// now" when it shows, then each category.
    pub heads: Vec<&'static str>,
    /// A row a player, in seat order.
    pub rows: Vec<ScoreRow>,
    /// The hands listed, in seat order: the player's name, their tiles and
    /// the list's words for them; during play with open hands only.
    pub hands: Vec<(String, Vec<TileKind>, String)>,
    /// The tiles still to come by kind, with how many of each (during
    /// play, with aids; else none).
    pub remaining: Vec<(TileKind, u8)>,
    /// At the end, each player's total after each move, move 0 first.
    pub chart: Option<Vec<Vec<u32>>>,
}

/// One player's line of the score table.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct ScoreRow {
    pub name: String,
    /// Their follower colour.
    pub ink: u8,
    /// "(hard computer)" after a computer's name.
    pub computer: Option<String>,
    /// The total, then the "if it ended now" total when the card has it,
    /// then each category's points.
    pub cells: Vec<u32>,
}

/// Each player's total in `s`, in seat order.
pub fn totals_now(s: &State) -> Vec<u32> {
    let mut out = Vec::new();
    for p in 0..s.players() {
        out.push(s.score(p).total());
    }
    out
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
    // Plain loops here and below: each iterator chain collected is a
    // generic body of its own in the bundle.
    let heads = super::words::score_heads();
    let mut out = Vec::new();
    for (i, c) in Category::ALL.into_iter().enumerate() {
        if c != Category::Garden || r.abbot {
            out.push((c, heads[i + 2]));
        }
    }
    out
}

impl Table {
    /// What the score card shows now.
    pub fn score_card(&self) -> ScoreCard {
        let s = self.state();
        let end = s.is_over();
        let rules = s.rules();
        let names = self.game.names();
        let mut hands = Vec::new();
        if !end && rules.hand > 0 && rules.hand_open {
            for p in 0..s.players() {
                let (name, tiles) = (&names[usize::from(p)], s.hand(p).to_vec());
                let said = words::hand_words(name, &tiles);
                hands.push((name.clone(), tiles, said));
            }
        }
        let aids = self.seating.aids;
        let now_column = !end && aids;
        let columns = columns(&rules);
        let [_, total, ..] = words::score_heads();
        let mut heads = vec![total];
        if now_column {
            heads.push(words::t(words::CardsW::IfItEndedNow));
        }
        for &(_, h) in &columns {
            heads.push(h);
        }
        let potential = now_column.then(|| s.potential_scores());
        let mut rows = Vec::new();
        for p in 0..s.players() {
            let sc = s.score(p);
            let i = usize::from(p);
            let mut cells = vec![sc.total()];
            if let Some(n) = &potential {
                cells.push(n[i].total());
            }
            for &(c, _) in &columns {
                cells.push(u32::from(sc.get(c)));
            }
            rows.push(ScoreRow {
                name: names[i].clone(),
                ink: self.seating.colours[i],
                computer: match self.seating.seats[i] {
                    super::seats::Seat::Computer(level) => Some(words::computer_after_name(level)),
                    super::seats::Seat::Human | super::seats::Seat::Remote => None,
                },
                cells,
            });
        }
        let mut headline = if end {
            words::winners(&words::player_names(s.winners(), names), "!")
        } else {
            words::tiles_to_come(s.to_come().len(), self.unfillable().len())
        };
        if !aids {
            headline.push(' ');
            headline.push_str(words::t(words::CardsW::WithoutAids));
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
            for k in TileKind::all() {
                let n = counts[k.0 as usize];
                if n > 0 {
                    remaining.push((k, n));
                }
            }
        }
        ScoreCard {
            end,
            title: if end {
                words::t(words::CardsW::FinalScores)
            } else {
                words::t(words::CardsW::Scores)
            },
            headline,
            now_column,
            heads,
            rows,
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
    use crate::shell::input::tests::table;
    use crate::shell::msg::Msg;
    use crate::shell::screen::Layer;

    #[test]
    fn during_play_the_card_counts_the_tiles_to_come_and_shows_the_aids_only_with_aids() {
        let mut t = table();
        t.update(Msg::Open(Layer::Scores));
        let c = crate::shell::cards::Cards::of(&t).scores.unwrap();
        assert_eq!(c, t.score_card(), "written out as it opens");
        assert_eq!(c.rows.len(), 2, "a row a player");
        assert_eq!(
            c.heads[..2],
            ["Total", words::t(words::CardsW::IfItEndedNow)]
        );
        assert!(c.rows.iter().all(|r| r.cells.len() == c.heads.len()));
        assert_eq!(
            (c.end, c.title, c.chart.is_some()),
            (false, words::t(words::CardsW::Scores), false)
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
        assert!(c.headline.contains(words::t(words::CardsW::WithoutAids)));
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
            (true, words::t(words::CardsW::FinalScores), false)
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
