//! "Analyse this game" on the review screen (issue 36, `shell::analysis`):
//! the table asks the moves two at a time, keeps every answer under the
//! game's id, stops on Cancel and drops what comes late, goes on from what
//! was kept, and says what was better and why. The answers here are worked
//! out as the page's workers work them out (`Review::judge`).
// Native only: it reads records with serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::ai::analysis::Label;
use carcassonne::ai::{self, Level};
use carcassonne::engine::{Event, Game, Location, Players, Pos, Record, Role, Side};
use carcassonne::shell::analysis::{self, Do, Judged};
use carcassonne::shell::cards::Cards;
use carcassonne::shell::effect::Effect;
use carcassonne::shell::library;
use carcassonne::shell::msg::Msg;
use carcassonne::shell::review::Rv;
use carcassonne::shell::screen::Screen;
use carcassonne::shell::seats::{Seat, Seating};
use carcassonne::shell::store::MemStore;
use carcassonne::shell::table::Table;
use carcassonne::shell::turn::Turn;
use carcassonne::shell::words;

/// Ann's knight holds a three-tile city open only to the east; her last
/// tile could close it at (1,-1) for 8 points, and was laid elsewhere (the
/// city then scores 3 at the end): 5 points left on the table
/// (tests/analysis.rs works it out by hand).
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

fn game(text: &str) -> Game {
    Game::from_record(&Record::from_json(text).unwrap()).unwrap()
}

/// Two people at `game`, kept in `store` (so it has an id), the review
/// open on it: the effects of opening it.
fn reviewing(game: Game, store: &mut MemStore) -> (Table, Vec<Effect>) {
    let mut t = Table::new(
        game,
        Seating {
            seats: vec![Seat::Human, Seat::Human],
            colours: vec![0, 1],
            aids: true,
            numbers: Vec::new(),
        },
        Screen::Table,
        Turn::default(),
    );
    library::save(store, &mut t).unwrap();
    let fx = t.update(Msg::Review(Rv::Open));
    assert_eq!(t.screen, Screen::Review);
    (t, fx)
}

/// The moves asked in `fx`, with their token.
fn asked(fx: &[Effect]) -> Vec<(u32, usize)> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Analysis(Do::Ask { token, index }) => Some((*token, *index)),
            _ => None,
        })
        .collect()
}

/// What `fx` keeps, and under which name.
fn kept(fx: &[Effect]) -> Option<(String, String)> {
    fx.iter().find_map(|e| match e {
        Effect::Analysis(Do::Keep { name, text }) => Some((name.clone(), text.clone())),
        _ => None,
    })
}

/// The worker's answer to move `index`, asked with `token`.
fn answer(t: &mut Table, token: u32, index: usize) -> Vec<Effect> {
    let reply = t.review.as_ref().unwrap().judge(index);
    t.update(Msg::Review(Rv::Judged {
        token,
        index,
        reply,
    }))
}

fn done(t: &Table) -> usize {
    t.review.as_ref().unwrap().analysis.judged.len()
}

fn running(t: &Table) -> bool {
    t.review.as_ref().unwrap().analysis.running
}

#[test]
fn the_analysis_asks_two_moves_at_a_time_keeps_each_answer_and_names_the_better_move() {
    let mut store = MemStore::new("a", 1.0e12);
    let (mut t, fx) = reviewing(game(LAST_TURN_THREE_TILE_CITY), &mut store);
    let id = t.shelf.current.clone().unwrap();
    let name = analysis::name_of(&id);
    assert!(
        fx.contains(&Effect::Analysis(Do::Load(name.clone()))),
        "opening reads what was kept of the game's analysis: {fx:?}"
    );
    let mut waiting = asked(&t.update(Msg::Review(Rv::Analyse(4))));
    assert_eq!(
        waiting.iter().map(|a| a.1).collect::<Vec<_>>(),
        [0, 1],
        "one move for each worker, first to last"
    );
    assert!(running(&t));
    // Answers come in any order; each is kept, and the next move asked.
    let mut progress = Vec::new();
    while let Some((token, index)) = waiting.pop() {
        let fx = answer(&mut t, token, index);
        let (under, text) = kept(&fx).expect("each answer is kept at once");
        assert_eq!(under, name);
        assert_eq!(text.lines().count(), done(&t));
        progress.push(done(&t));
        // The page shows the bar filling as the table holds it.
        let card = Cards::of(&t).analysis.expect("on the review screen");
        assert_eq!((card.done, card.moves), (done(&t), 5));
        assert_eq!(card.state, if running(&t) { 1 } else { 2 });
        waiting.extend(asked(&fx));
        assert!(waiting.len() <= 2, "never more than two at once");
    }
    assert_eq!(
        progress,
        [1, 2, 3, 4, 5],
        "the progress bar fills move by move"
    );
    assert!(!running(&t), "done once every move is judged");
    assert!(asked(&t.update(Msg::Review(Rv::Analyse(4)))).is_empty());

    let r = t.review.as_ref().unwrap();
    let last = r.analysis.of(4).unwrap();
    assert_eq!(last.player, 0);
    assert!(
        (last.cost() - 500).abs() <= 100,
        "5 points left on the table, within a point: {last:?}"
    );
    assert_eq!(last.label(), Label::Mistake);
    // Each player's summary, as `carcassonne analyse` prints it for this
    // record: Ann 1.67 a move, 2 good and a mistake; Bob an inaccuracy
    // (2.4) and a mistake (3.0).
    let sums = r.analysis.summary();
    assert_eq!(sums[0].1, [2, 0, 1, 0]);
    assert_eq!(sums[1].1, [0, 1, 1, 0]);
    assert!((sums[0].0 - 167).abs() <= 1, "{:?}", sums[0]);
    assert_eq!(
        words::analysis_summary("Ann", sums[0].0, sums[0].1)
            .split(';')
            .nth(1),
        Some(" 0 inaccuracies, 1 mistake, 0 blunders")
    );
    // At the last move (where the review opens), the better move and why.
    assert_eq!(r.at, 5);
    let b = r.better().expect("a mistake has a better move");
    assert_eq!(b.at, Pos::new(1, -1), "the tile that closes the city");
    assert!(!b.shared, "on a cell of its own: drawn there, whole");
    assert_eq!(
        b.why,
        "Better here: the computer's move closes the city for 8 points."
    );
    assert_eq!(
        words::better_line(b.judged.label(), b.judged.cost(), &b.why),
        format!(
            "A mistake, {} points lost. Better here: the computer's move closes the city for 8 points.",
            {
                let mut s = String::new();
                words::push_tenths(&mut s, last.cost());
                s
            }
        )
    );
    // The card: the marks (two mistakes), the line, each player's summary.
    let card = Cards::of(&t).analysis.unwrap();
    let marked: Vec<(usize, &str)> = card.marks.iter().map(|m| (m.0, m.1)).collect();
    assert_eq!(marked.len(), 2, "{marked:?}");
    assert!(marked.iter().all(|m| m.1 == "mistake") && marked.contains(&(5, "mistake")));
    assert_eq!(
        card.marks.last().unwrap().2,
        1000,
        "the last move, at the chart's end"
    );
    assert!(card.better.starts_with("A mistake"), "{}", card.better);
    assert_eq!(card.summary.lines().count(), 2);
    assert!(card.summary.starts_with("Ann:"), "{}", card.summary);
    // A good move shows no better move.
    t.update(Msg::Review(Rv::Jump(1)));
    let r = t.review.as_ref().unwrap();
    assert_eq!(r.analysis.of(0).unwrap().label(), Label::Good);
    assert!(r.better().is_none());
    assert_eq!(Cards::of(&t).analysis.unwrap().better, "");
}

#[test]
fn cancel_drops_late_answers_and_a_reopened_review_goes_on_from_what_was_kept() {
    let mut store = MemStore::new("a", 1.0e12);
    let (mut t, _) = reviewing(game(LAST_TURN_THREE_TILE_CITY), &mut store);
    let first = asked(&t.update(Msg::Review(Rv::Analyse(4))));
    t.update(Msg::Review(Rv::StopAnalysis));
    assert!(!running(&t), "Cancel stops the analysis");
    // The worker was already at it: its answer comes after Cancel.
    let fx = answer(&mut t, first[0].0, first[0].1);
    assert!(fx.is_empty() && done(&t) == 0, "a late answer is dropped");
    // Asked again: a new token, and the old one's answers stay dropped.
    let again = asked(&t.update(Msg::Review(Rv::Analyse(4))));
    assert_eq!(again.iter().map(|a| a.1).collect::<Vec<_>>(), [0, 1]);
    assert_ne!(again[0].0, first[0].0);
    assert!(answer(&mut t, first[1].0, first[1].1).is_empty());
    let (_, text) = kept(&answer(&mut t, again[0].0, 0)).unwrap();
    let fx = answer(&mut t, again[1].0, 1);
    let (_, text2) = kept(&fx).unwrap();
    assert!(text2.starts_with(&text), "the kept text grows: {text2}");
    t.update(Msg::Review(Rv::StopAnalysis));
    assert_eq!(done(&t), 2, "what was judged before Cancel stays");

    // A reload: the review opens afresh, reads what was kept and asks
    // only the moves not yet judged.
    t.update(Msg::Review(Rv::Close));
    let fx = t.update(Msg::Review(Rv::Open));
    let name = fx
        .iter()
        .find_map(|e| match e {
            Effect::Analysis(Do::Load(n)) => Some(n.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(done(&t), 0);
    t.update(Msg::Review(Rv::Stored(text2.clone())));
    assert_eq!(done(&t), 2, "read back from {name}");
    let r = t.review.as_ref().unwrap();
    let judged: Vec<Judged> = (0..2).map(|i| r.analysis.of(i).unwrap()).collect();
    assert_eq!(judged, [r.judge(0).unwrap(), r.judge(1).unwrap()]);
    let next = asked(&t.update(Msg::Review(Rv::Analyse(4))));
    assert_eq!(next.iter().map(|a| a.1).collect::<Vec<_>>(), [2, 3]);
}

#[test]
fn what_was_kept_of_a_move_since_changed_or_unreadable_is_asked_again() {
    let mut store = MemStore::new("a", 1.0e12);
    let (mut t, _) = reviewing(game(LAST_TURN_THREE_TILE_CITY), &mut store);
    let a = asked(&t.update(Msg::Review(Rv::Analyse(4))));
    answer(&mut t, a[0].0, 0);
    let (_, text) = kept(&answer(&mut t, a[1].0, 1)).unwrap();
    // The same deal, move 1 played elsewhere (an undo, another tile).
    let mut other = Record::from_json(LAST_TURN_THREE_TILE_CITY).unwrap();
    other.moves.truncate(1);
    let mut g = Game::from_record(&other).unwrap();
    let m = ai::choose(g.state(), Level::Greedy, 3).unwrap();
    assert_ne!(
        m,
        Record::from_json(LAST_TURN_THREE_TILE_CITY).unwrap().moves[1]
    );
    g.place_tile_with(m.at, m.rotation, m.tile, &mut Vec::new())
        .unwrap();
    g.choose_follower(m.choice, &mut Vec::new()).unwrap();
    let (mut u, _) = reviewing(g, &mut store);
    let garbage = "x,1,\n1,2,3\n-,-,\n";
    u.update(Msg::Review(Rv::Stored(format!("{garbage}{text}"))));
    let r = u.review.as_ref().unwrap();
    assert!(r.analysis.of(0).is_some(), "move 0 is the same: kept");
    assert!(r.analysis.of(1).is_none(), "move 1 changed: asked again");
    assert_eq!(done(&u), 1, "unreadable lines are left out");
}

#[test]
fn a_move_judged_on_the_page_is_judged_as_the_command_line_judges_it_hidden_hands_too() {
    // A hidden-hand game of few tiles: the page's judgement of each move
    // (the workers' `analyseMove`) is `carcassonne analyse`'s, made from
    // what the player to move could see.
    let text = r#"{
      "format": "carcassonne-record/1",
      "players": ["Ann", "Bob"],
      "rules": { "hand": 2, "hand_open": false, "farmers": false },
      "deck": ["E", "U", "E", "V", "E", "U", "E", "V"],
      "moves": []
    }"#;
    let mut g = game(text);
    let mut ev = Vec::new();
    for seed in 0..5 {
        let m = ai::choose(g.state(), Level::Greedy, seed).unwrap();
        g.place_tile_with(m.at, m.rotation, m.tile, &mut ev)
            .unwrap();
        g.choose_follower(m.choice, &mut ev).unwrap();
    }
    let record = g.record();
    let cli = ai::analysis::analyse(&record).unwrap();
    let mut store = MemStore::new("a", 1.0e12);
    let (t, _) = reviewing(g, &mut store);
    let r = t.review.as_ref().unwrap();
    for (i, c) in cli.iter().enumerate() {
        let j = r.judge(i).unwrap();
        assert_eq!((j.player, j.best), (c.player, c.best), "move {i}");
        assert_eq!(j.played, analysis::hundredths(c.played_margin));
        assert_eq!(j.better, analysis::hundredths(c.best_margin));
    }
}

#[test]
fn the_better_moves_reason_comes_from_what_each_move_did_at_once() {
    let placed = |role| Event::FollowerPlaced {
        player: 0,
        at: Pos::new(1, 0),
        location: Location::Side(Side::N),
        role,
    };
    let scored = |points, scorers| Event::FeatureScored {
        category: carcassonne::engine::Category::Road,
        at: Pos::new(1, 0),
        location: Location::Side(Side::E),
        points,
        scorers,
        size: 3,
        completed: true,
    };
    let ann = Players(1);
    let bob = Players(2);
    assert_eq!(
        words::better_why(0, &[scored(3, ann)], &[]),
        "Better here: the computer's move closes the road for 3 points."
    );
    assert_eq!(
        words::better_why(0, &[scored(3, bob)], &[]),
        "Better here: the computer's move builds for more points by the end.",
        "Bob's points are not Ann's"
    );
    assert_eq!(
        words::better_why(0, &[placed(Role::Farmer)], &[]),
        "Better here: the computer's move takes the field."
    );
    assert_eq!(
        words::better_why(0, &[], &[placed(Role::Knight)]),
        "Better here: the computer's move keeps the follower for later."
    );
    assert_eq!(
        words::better_why(0, &[placed(Role::Thief)], &[placed(Role::Thief)]),
        "Better here: the computer's move builds for more points by the end."
    );
}

#[test]
fn labels_follow_the_thresholds_in_hundredths() {
    let j = |cost: i32| Judged {
        player: 0,
        best: game(LAST_TURN_THREE_TILE_CITY).moves()[0],
        played: 1000 - cost,
        better: 1000,
    };
    let labels: Vec<Label> = [0, 149, 150, 299, 300, 799, 800, -50]
        .iter()
        .map(|&c| j(c).label())
        .collect();
    assert_eq!(
        labels,
        [
            Label::Good,
            Label::Good,
            Label::Inaccuracy,
            Label::Inaccuracy,
            Label::Mistake,
            Label::Mistake,
            Label::Blunder,
            Label::Good
        ]
    );
    let mut s = String::new();
    words::push_tenths(&mut s, 423);
    assert_eq!(s, "4.2");
}

#[test]
fn a_core_is_left_to_the_page_and_the_chart_draws_only_the_moves_judged_so_far() {
    // Moves asked at once: one fewer than the device's cores, one at
    // least (a count not given reads 0), two at most (the page's workers).
    let cores: Vec<usize> = [0, 1, 2, 3, 4, 16].map(analysis::at_once).to_vec();
    assert_eq!(cores, [1, 1, 1, 2, 2, 2]);
    let mut store = MemStore::new("a", 1.0e12);
    let (mut t, _) = reviewing(game(LAST_TURN_THREE_TILE_CITY), &mut store);
    let first = asked(&t.update(Msg::Review(Rv::Analyse(2))));
    assert_eq!(first.len(), 1, "a 2-core device asks one move at a time");
    assert!(
        t.review.as_ref().unwrap().curve().is_empty(),
        "nothing judged, nothing drawn"
    );
    let (token, index) = first[0];
    let next = asked(&answer(&mut t, token, index));
    assert_eq!(next.len(), 1);
    answer(&mut t, next[0].0, next[0].1);
    // Half done: a column for each move judged, and none for the others.
    let r = t.review.as_ref().unwrap();
    let curve = r.curve();
    assert_eq!(curve.iter().map(|c| c.0).collect::<Vec<_>>(), [1, 2]);
    t.update(Msg::Review(Rv::StopAnalysis));
    let mut waiting = asked(&t.update(Msg::Review(Rv::Analyse(8))));
    assert_eq!(waiting.len(), 2, "then two at once");
    while let Some((token, index)) = waiting.pop() {
        waiting.extend(asked(&answer(&mut t, token, index)));
    }
    // Each column is its move's expected final margin for whoever played
    // it, in that player's colour, scaled so the tallest reaches the
    // chart's edge (or 10 points do).
    let r = t.review.as_ref().unwrap();
    let curve = r.curve();
    assert_eq!(curve.len(), 5);
    let reach = (0..5)
        .map(|i| r.analysis.of(i).unwrap().played.abs())
        .max()
        .unwrap()
        .max(1000);
    for &(n, player, h) in &curve {
        let j = r.analysis.of(n - 1).unwrap();
        assert_eq!(player, j.player, "move {n}");
        assert_eq!(player, (n as u8 - 1) % 2, "Ann and Bob take turns");
        assert_eq!(
            h > 0.0,
            j.played > 0,
            "move {n}: above the middle when ahead"
        );
        let share = f64::from(j.played) / f64::from(reach);
        assert!((h - share).abs() < 1e-9 && h.abs() <= 1.0, "{n}: {h} {j:?}");
    }
    assert!(curve.iter().any(|c| c.2.abs() == 1.0) || reach == 1000);
}

#[test]
fn a_better_move_on_the_cell_of_the_move_played_is_drawn_beside_it() {
    // A base game's first three moves (tests/e2e/fixtures): the second
    // player's tile at (0,-1) is a mistake for the follower it did not
    // place there (north, `carcassonne analyse`: 5.4 points lost).
    let text = include_str!("e2e/fixtures/analysis-shared.json");
    let mut store = MemStore::new("a", 1.0e12);
    let (mut t, _) = reviewing(game(text), &mut store);
    let a = asked(&t.update(Msg::Review(Rv::Analyse(2))));
    let b = asked(&answer(&mut t, a[0].0, a[0].1));
    answer(&mut t, b[0].0, 1);
    t.update(Msg::Review(Rv::StopAnalysis));
    t.update(Msg::Review(Rv::Jump(2)));
    let r = t.review.as_ref().unwrap();
    let better = r.better().expect("a mistake");
    assert_eq!(better.judged.label(), Label::Mistake);
    assert_eq!((better.at, better.rotation), (Pos::new(0, -1), 3));
    assert_eq!(
        r.game().moves()[1].at,
        better.at,
        "the cell of the move played"
    );
    assert!(
        better.shared,
        "so the board draws it beside the tile played"
    );
    assert!(
        better.piece.is_some(),
        "with the follower the move played left out"
    );
}
