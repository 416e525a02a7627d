//! The computer's analysis of a game (issue 36, `ai::analysis`): what a
//! move cost against the best move found, in points, and its label.
// Native only: it reads records with serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::ai::analysis::{self, Label, Review};
use carcassonne::ai::{self, Level};
use carcassonne::engine::random::{pick_follower, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Game, Pos, Record, Rules, State};

fn record(text: &str) -> Record {
    Record::from_json(text).unwrap()
}

/// Ann's knight holds a one-tile city at (0,1), open to the south; Bob
/// closed the start tile's city with his own knight (4 points). The last
/// tile, an E, closes Ann's city at (0,2) for 4 points; laid anywhere else
/// the city scores 1 at the end. Without farmers nothing else scores.
const LAST_TURN_TWO_TILE_CITY: &str = r#"{
  "format": "carcassonne-record/1",
  "players": ["Ann", "Bob"],
  "rules": { "farmers": false },
  "deck": ["E", "E", "E"],
  "moves": [
    { "at": [0, 1], "rotation": 2, "follower": "S" },
    { "at": [0, -1], "rotation": 2, "follower": "S" },
    { "at": [1, 1], "rotation": 0 }
  ]
}"#;

/// Judges the last move of `text` (by the analysis of the whole record,
/// so its seeds are the ones the table uses).
fn last_review(text: &str) -> Review {
    let r = record(text);
    let reviews = analysis::analyse(&r).unwrap();
    assert_eq!(reviews.len(), r.moves.len(), "every move is judged");
    *reviews.last().unwrap()
}

/// Hand count: closing brings Ann 4 (Ann 4, Bob 4: margin 0); the move
/// played leaves her city at 1 point (Ann 1, Bob 4: margin -3). 3 points
/// left on the table: a mistake.
#[test]
fn not_closing_your_own_two_tile_city_on_the_last_turn_costs_its_points() {
    let r = last_review(LAST_TURN_TWO_TILE_CITY);
    assert_eq!(r.player, 0, "Ann played the last tile");
    assert!((r.played_margin - -3.0).abs() < 1e-9, "{r:?}");
    assert!((r.best_margin - 0.0).abs() < 1e-9, "{r:?}");
    assert_eq!(r.best.at, Pos::new(0, 2), "the best move closes the city");
    assert!((r.cost - 3.0).abs() <= 1.0, "{r:?}");
    assert!(r.label >= Label::Mistake, "{r:?}");
    // The margins are what the game's end shows for the move played.
    let g = Game::from_record(&record(LAST_TURN_TWO_TILE_CITY)).unwrap();
    assert_eq!(
        (g.state().score(0).total(), g.state().score(1).total()),
        (1, 4)
    );
}

/// Ann's knight holds a three-tile city (R, the start tile D and an E, no
/// pennant), open only to the east (tests/ai.rs); the last tile, an E,
/// closes it at (1,-1): four tiles, 8 points. Laid elsewhere, the city
/// scores 3 at the end. Bob has no follower out.
const LAST_TURN_THREE_TILE_CITY: &str = r#"{
  "format": "carcassonne-record/1",
  "players": ["Ann", "Bob"],
  "rules": { "farmers": false },
  "deck": ["R", "U", "E", "U", "E"],
  "moves": [
    { "at": [0, -1], "rotation": 2, "follower": "S" },
    { "at": [1, 0], "rotation": 1 },
    { "at": [-1, -1], "rotation": 1 },
    { "at": [2, 0], "rotation": 1 },
    { "at": [0, 1], "rotation": 2 }
  ]
}"#;

/// Hand count: closing gives Ann 8 (margin +8); the move played leaves the
/// city to the end for 3 (margin +3): 5 points on the table, a mistake.
#[test]
fn not_closing_your_own_three_tile_city_on_the_last_turn_costs_five_points() {
    let r = last_review(LAST_TURN_THREE_TILE_CITY);
    assert_eq!(r.player, 0);
    let g = Game::from_record(&record(LAST_TURN_THREE_TILE_CITY)).unwrap();
    assert!(g.state().is_over());
    assert_eq!(
        (g.state().score(0).total(), g.state().score(1).total()),
        (3, 0),
        "the move played leaves Ann 3 points"
    );
    assert!((r.played_margin - 3.0).abs() < 1e-9, "{r:?}");
    assert!((r.best_margin - 8.0).abs() < 1e-9, "{r:?}");
    assert_eq!(r.best.at, Pos::new(1, -1), "the best move closes the city");
    assert!((r.cost - 5.0).abs() <= 1.0, "{r:?}");
    assert!(r.label >= Label::Mistake, "{r:?}");
    // Closing it, the move the computer finds, costs nothing.
    let mut closed = record(LAST_TURN_THREE_TILE_CITY);
    closed.moves[4] = r.best;
    let c = analysis::analyse(&closed).unwrap()[4];
    assert_eq!(c.cost, 0.0);
    assert_eq!(c.label, Label::Good);
}

/// A game of `moves` random moves (hands as `rules` say), as its game.
fn random_game(rules: Rules, players: usize, seed: u64, moves: usize) -> Game {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut game = Game::new(names, rules, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut scratch = Scratch::default();
    for _ in 0..moves {
        let (k, at, r) = pick_tile_placement(game.state(), &mut rng, &mut scratch).unwrap();
        let tile = game.state().hands_dealt().then_some(k);
        game.place_tile_with(at, r, tile, &mut scratch.events)
            .unwrap();
        let c = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(c, &mut scratch.events).unwrap();
    }
    game
}

/// The move hard makes with the analysis's own seed is the best move the
/// analysis finds, so it costs exactly 0: without hands, and with hidden
/// hands.
#[test]
fn a_move_equal_to_the_computers_own_choice_costs_nothing() {
    for (rules, players, moves) in [
        (Rules::default(), 2, 30),
        (Rules::default().with_hand(3).with_hand_open(false), 3, 20),
    ] {
        let game = random_game(rules, players, 7, moves);
        let r = game.record();
        let seed = analysis::seed(&r, moves);
        let m = ai::choose(game.state(), Level::Hard, seed).unwrap();
        let review = analysis::review(game.state(), m, seed).unwrap();
        assert_eq!(review.cost, 0.0, "{review:?}");
        assert_eq!(review.label, Label::Good);
        assert_eq!(review.best, review.played);
        // Judged from the same seed, hard's move keeps its margin beside another.
        let worse = ai::choose(game.state(), Level::Random, 3).unwrap();
        let w = analysis::review(game.state(), worse, seed).unwrap();
        assert_eq!(w.best_margin, review.played_margin.max(w.played_margin));
    }
}

/// A short game (a deck of 12 tiles), random moves to its end.
fn short_record(rules: Rules) -> Record {
    let deck: Vec<String> = ["U", "E", "V", "B", "K", "D", "E", "U", "J", "V", "R", "L"]
        .map(String::from)
        .to_vec();
    let mut r = Record {
        deck: Some(deck),
        seed: None,
        ..Game::new(vec!["Ann".into(), "Bob".into()], rules, 1)
            .unwrap()
            .record()
    };
    let mut game = Game::from_record(&r).unwrap();
    let mut rng = Rng::new(5);
    let mut scratch = Scratch::default();
    while !game.state().is_over() {
        let (k, at, rot) = pick_tile_placement(game.state(), &mut rng, &mut scratch).unwrap();
        let tile = game.state().hands_dealt().then_some(k);
        game.place_tile_with(at, rot, tile, &mut scratch.events)
            .unwrap();
        let c = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(c, &mut scratch.events).unwrap();
    }
    r.moves = game.moves().to_vec();
    r
}

/// The same record gives the same table, move for move, margin for margin.
#[test]
fn the_same_record_gives_the_same_table_twice() {
    for rules in [Rules::default(), Rules::default().with_hand(2)] {
        let r = short_record(rules);
        let a = analysis::analyse(&r).unwrap();
        let b = analysis::analyse(&r).unwrap();
        assert_eq!(a.len(), r.moves.len());
        assert_eq!(a, b);
        // Random moves do cost something somewhere.
        assert!(a.iter().any(|x| x.cost > 0.0), "{a:?}");
        for x in &a {
            assert!(x.cost >= 0.0 && x.best_margin >= x.played_margin);
            assert_eq!(x.label, Label::of(x.cost));
        }
    }
}

/// With hidden hands a move is judged on what its player saw: swapping
/// the other hands and the stack among themselves changes nothing.
#[test]
fn with_hidden_hands_a_move_is_judged_on_what_its_player_saw() {
    let rules = Rules::default().with_hand(3).with_hand_open(false);
    let game = random_game(rules, 3, 2, 20);
    let s: State = *game.state();
    let me = s.current_player();
    let m = ai::choose(&s, Level::Greedy, 0).unwrap();
    let want = analysis::review(&s, m, 99).unwrap();
    let unseen = s.unseen_by(me);
    let mut rng = Rng::new(4);
    let mut changed = 0;
    for _ in 0..2 {
        let mut perm = unseen.clone();
        rng.shuffle(&mut perm);
        let mut t = s;
        t.deal_unseen(me, &perm);
        let other = (me + 1) % 3;
        changed += (t.hand(other) != s.hand(other)) as u32;
        assert_eq!(analysis::review(&t, m, 99), Some(want));
    }
    assert!(changed > 0, "a real swap of another hand");
}

/// The summary counts each player's moves and labels and averages costs.
#[test]
fn the_summary_gives_each_player_mean_cost_and_labels() {
    let r = record(LAST_TURN_THREE_TILE_CITY);
    let table = analysis::analyse(&r).unwrap();
    let sum = analysis::summary(&table, 2);
    assert_eq!(sum[0].moves, 3);
    assert_eq!(sum[1].moves, 2);
    for (p, s) in sum.iter().enumerate() {
        let mine: Vec<&Review> = table.iter().filter(|x| x.player as usize == p).collect();
        let mean = mine.iter().map(|x| x.cost).sum::<f64>() / mine.len() as f64;
        assert!((s.mean_cost - mean).abs() < 1e-9);
        assert_eq!(s.counts.iter().sum::<u32>(), s.moves);
    }
    assert!(sum[0].counts[Label::Mistake as usize] >= 1, "the last move");
}

/// The thresholds as docs/ai.md states them.
#[test]
fn labels_follow_the_stated_thresholds() {
    assert_eq!(Label::of(0.0), Label::Good);
    assert_eq!(Label::of(1.49), Label::Good);
    assert_eq!(Label::of(1.5), Label::Inaccuracy);
    assert_eq!(Label::of(2.99), Label::Inaccuracy);
    assert_eq!(Label::of(3.0), Label::Mistake);
    assert_eq!(Label::of(7.99), Label::Mistake);
    assert_eq!(Label::of(8.0), Label::Blunder);
}
