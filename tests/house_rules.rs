//! The house rules of rules §12, point by point, on small hand-worked
//! records (`deck` fixes the draw order), and every error it lists.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::{
    Action, Event, FollowerChoice, Game, Location, Pos, Record, RecordErrorKind, RuleError, Rules,
    Side, Step, TileKind,
};

fn kind(name: &str) -> TileKind {
    TileKind::from_name(name).unwrap()
}

fn kinds(names: &[&str]) -> Vec<TileKind> {
    names.iter().map(|n| kind(n)).collect()
}

/// A two-player record with these rules, deck and moves (JSON fragments).
fn record(rules: &str, deck: &[&str], moves: &str) -> String {
    let deck: Vec<String> = deck.iter().map(|k| format!("\"{k}\"")).collect();
    format!(
        r#"{{"format":"carcassonne-record/1","players":["Ann","Bob"],"rules":{rules},"deck":[{}],"moves":[{moves}]}}"#,
        deck.join(",")
    )
}

fn load(text: &str) -> Result<Game, carcassonne::engine::RecordError> {
    Game::from_record(&Record::from_json(text)?)
}

fn game(rules: &str, deck: &[&str], moves: &str) -> Game {
    load(&record(rules, deck, moves)).unwrap_or_else(|e| panic!("{e}"))
}

fn error(rules: &str, deck: &[&str], moves: &str) -> String {
    match load(&record(rules, deck, moves)) {
        Ok(_) => panic!("the record loaded: {rules} {moves}"),
        Err(e) => e.to_string(),
    }
}

fn place(g: &mut Game, x: i32, y: i32, r: u8, tile: Option<&str>) -> Vec<Event> {
    let mut ev = Vec::new();
    g.place_tile_with(Pos::new(x, y), r, tile.map(kind), &mut ev)
        .unwrap_or_else(|e| panic!("({x}, {y}) r{r} {tile:?}: {e}"));
    g.choose_follower(FollowerChoice::Skip, &mut ev).unwrap();
    ev
}

/// The record of `g` read back must replay to the same result.
fn round_trip(g: &Game) {
    let text = g.record().to_json();
    let again = load(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(again.result(), g.result(), "{text}");
}

// ---- Reading the rules ----

#[test]
fn house_rule_keys_are_read_and_written_only_when_not_default() {
    let g = game(
        r#"{"hand":3,"hand_open":false,"hole_bonus":true,"score_incomplete":false,"table":[5,7],"table_closes":true,"unplayable_back":true}"#,
        &["V"],
        "",
    );
    let r = g.rules();
    assert_eq!(
        r,
        Rules::default()
            .with_hand(3)
            .with_hand_open(false)
            .with_hole_bonus(true)
            .with_score_incomplete(false)
            .with_table(Some((5, 7)))
            .with_table_closes(true)
            .with_unplayable_back(true)
    );
    let text = g.record().to_json();
    for key in [
        "\"hand\": 3",
        "\"hand_open\": false",
        "\"hole_bonus\": true",
        "\"score_incomplete\": false",
        "\"table_closes\": true",
        "\"unplayable_back\": true",
    ] {
        assert!(text.contains(key), "{key} in {text}");
    }
    assert!(!text.contains("start_in_bag"), "{text}");
    // Flags set to false (or true for the true defaults) equal absent ones.
    let g = game(
        r#"{"hole_bonus":false,"hand_open":true,"score_incomplete":true,"table_closes":false,"start_in_bag":false,"unplayable_back":false}"#,
        &["V"],
        "",
    );
    assert_eq!(g.rules(), Rules::default());
    let text = g.record().to_json();
    for key in [
        "hand",
        "hole_bonus",
        "score_incomplete",
        "table",
        "start_in_bag",
        "unplayable_back",
    ] {
        assert!(!text.contains(key), "{key} in {text}");
    }
}

#[test]
fn every_listed_rules_error_names_its_key() {
    for (rules, words) in [
        (r#"{"hand":null}"#, "hand"),
        (r#"{"hand":0}"#, "hand"),
        (r#"{"hand":4}"#, "hand"),
        (r#"{"hand":1.5}"#, "hand"),
        (r#"{"hand":"3"}"#, "hand"),
        (r#"{"hand_open":null}"#, "hand_open"),
        (r#"{"hole_bonus":null}"#, "hole_bonus"),
        (r#"{"hole_bonus":1}"#, "hole_bonus"),
        (r#"{"score_incomplete":null}"#, "score_incomplete"),
        (r#"{"table":null}"#, "table"),
        (r#"{"table":[4,5]}"#, "table"),
        (r#"{"table":[1,1]}"#, "table"),
        (r#"{"table":[101,3]}"#, "table"),
        (r#"{"table":[5]}"#, "table"),
        (r#"{"table":[5,5,5]}"#, "table"),
        (r#"{"table":5}"#, "table"),
        (r#"{"table":[5.5,5]}"#, "table"),
        (r#"{"table_closes":true}"#, "table_closes"),
        (r#"{"table_closes":null,"table":[5,5]}"#, "table_closes"),
        (r#"{"start_in_bag":true,"river":true}"#, "start_in_bag"),
        (r#"{"start_in_bag":null}"#, "start_in_bag"),
        (r#"{"unplayable_back":null}"#, "unplayable_back"),
        (r#"{"unplayable_back":"yes"}"#, "unplayable_back"),
    ] {
        let e = error(rules, &["V"], "");
        assert!(e.contains(words), "{rules}: {e}");
    }
    // The odd sizes from 3 to 99 are all fine; start_in_bag without the river too.
    game(r#"{"table":[3,99]}"#, &["V"], "");
    game(r#"{"start_in_bag":true}"#, &["D"], "");
}

#[test]
fn every_listed_move_error_names_the_move() {
    // A tile without the hand rule (even the drawn one).
    let e = error("{}", &["V", "E"], r#"{"at":[0,1],"rotation":0,"tile":"V"}"#);
    assert!(e.contains("move 1") && e.contains("no hand"), "{e}");
    // Not in the player's hand.
    let e = error(
        r#"{"hand":2}"#,
        &["V", "E", "U", "B"],
        r#"{"at":[0,1],"rotation":0,"tile":"B"}"#,
    );
    assert!(
        e.contains("move 1") && e.contains("not in the player's hand"),
        "{e}"
    );
    // Missing when the hand holds several kinds (Ann holds V and U).
    let e = error(
        r#"{"hand":2}"#,
        &["V", "E", "U", "B"],
        r#"{"at":[0,1],"rotation":0}"#,
    );
    assert!(
        e.contains("move 1") && e.contains("must name its tile"),
        "{e}"
    );
    // Null, and a name that is no tile.
    let e = error(
        r#"{"hand":2}"#,
        &["V", "E", "U", "B"],
        r#"{"at":[0,1],"rotation":0,"tile":null}"#,
    );
    assert!(e.contains("move 1") && e.contains("tile"), "{e}");
    let e = error(
        r#"{"hand":2}"#,
        &["V", "E", "U", "B"],
        r#"{"at":[0,1],"rotation":0,"tile":"Z"}"#,
    );
    assert!(e.contains("move 1") && e.contains("not a tile kind"), "{e}");
    // On a river turn.
    let e = error(
        r#"{"hand":1,"river":true}"#,
        &["RF", "RL", "V"],
        r#"{"at":[0,1],"rotation":0,"tile":"RF"}"#,
    );
    assert!(e.contains("move 1") && e.contains("river turn"), "{e}");
    // Left out when the hand holds one kind: fine (two U).
    let g = game(
        r#"{"hand":2}"#,
        &["U", "E", "U", "B"],
        r#"{"at":[0,1],"rotation":1}"#,
    );
    assert_eq!(g.moves().len(), 1);
    // The API refuses the same things with rule errors.
    let mut g = game(r#"{"hand":2}"#, &["V", "E", "U", "B"], "");
    let at = Pos::new(0, 1);
    let mut ev = Vec::new();
    assert_eq!(
        g.place_tile_with(at, 0, Some(kind("B")), &mut ev),
        Err(RuleError::NotInHand(kind("B")))
    );
    let mut plain = game("{}", &["V", "E"], "");
    assert_eq!(
        plain.place_tile_with(at, 0, Some(kind("V")), &mut ev),
        Err(RuleError::NoHand)
    );
}

// ---- Hands ----

#[test]
fn hands_are_dealt_one_at_a_time_from_the_player_to_move() {
    let g = game(
        r#"{"hand":3}"#,
        &["V", "E", "U", "B", "A", "K", "J", "W"],
        "",
    );
    let s = g.state();
    assert_eq!(s.hand(0), &kinds(&["V", "U", "A"])[..]);
    assert_eq!(s.hand(1), &kinds(&["E", "B", "K"])[..]);
    assert_eq!(s.remaining(), &kinds(&["J", "W"])[..]);
    assert_eq!(s.tile(), Some(kind("V")), "the oldest tile is the default");
    // A short stack: dealt until it runs out.
    let g = game(r#"{"hand":3}"#, &["V", "E", "U"], "");
    assert_eq!(g.state().hand(0), &kinds(&["V", "U"])[..]);
    assert_eq!(g.state().hand(1), &kinds(&["E"])[..]);
}

#[test]
fn a_turn_places_a_named_hand_tile_then_refills_the_hand() {
    let mut g = game(r#"{"hand":2}"#, &["V", "E", "U", "B", "A", "K"], "");
    // Ann holds V, U: she places U (not the oldest) below the start tile.
    let ev = place(&mut g, 0, 1, 1, Some("U"));
    assert!(ev.contains(&Event::TileDrawn {
        player: 0,
        tile: kind("A")
    }));
    assert_eq!(g.state().hand(0), &kinds(&["V", "A"])[..]);
    assert_eq!(g.state().current_player(), 1);
    assert_eq!(g.moves()[0].tile, Some(kind("U")));
    assert!(g.record().to_json().contains("\"tile\": \"U\""));
    // Bob's move without a tile places his oldest, E; the record names it.
    let mut ev = Vec::new();
    g.place_tile(Pos::new(0, -1), 2, &mut ev).unwrap();
    assert_eq!(
        g.state().hand(1),
        &kinds(&["B"])[..],
        "during the follower step"
    );
    g.choose_follower(FollowerChoice::Skip, &mut ev).unwrap();
    assert_eq!(g.moves()[1].tile, Some(kind("E")));
    assert_eq!(g.state().hand(1), &kinds(&["B", "K"])[..]);
    round_trip(&g);
    // Undo and redo go through the same hands.
    let before = g.record();
    assert!(g.undo());
    assert_eq!(g.state().hand(1), &kinds(&["E", "B"])[..]);
    assert!(g.redo(&mut Vec::new()));
    assert_eq!(g.record(), before);
    assert_eq!(g.player_of_move(1), 1);
}

#[test]
fn the_hand_of_a_player_without_the_rule_is_the_drawn_tile() {
    let mut g = game("{}", &["V", "E"], "");
    assert_eq!(g.state().hand(0), &kinds(&["V"])[..]);
    assert!(g.state().hand(1).is_empty());
    let mut ev = Vec::new();
    g.place_tile(Pos::new(0, 1), 0, &mut ev).unwrap();
    assert!(g.state().hand(0).is_empty(), "placed");
    assert_eq!(g.moves().len(), 0);
    g.choose_follower(FollowerChoice::Skip, &mut ev).unwrap();
    assert_eq!(g.moves()[0].tile, None, "no tile field without hands");
    assert!(!g.record().to_json().contains("\"tile\""));
}

/// A 3×3 table where, after five moves, only the top row is open and each
/// of its positions needs a city on its south edge: D, D beside the start
/// tile, three monasteries B below. Tiles without a city fit nowhere then.
const WALL: &str = r#"{"at":[1,0],"rotation":0},{"at":[-1,0],"rotation":0},{"at":[0,1],"rotation":0},{"at":[-1,1],"rotation":0},{"at":[1,1],"rotation":0}"#;

#[test]
fn the_table_edge_limits_play_and_lets_a_wall_of_cities_form() {
    let g = game(
        r#"{"table":[3,3]}"#,
        &["D", "D", "B", "B", "B", "E", "E"],
        WALL,
    );
    let open: Vec<Pos> = g.state().board().frontier().iter().map(|o| o.pos).collect();
    assert_eq!(open.len(), 3, "{open:?}");
    assert!(open.iter().all(|p| p.y == -1));
    // Off the table is refused with its own rule.
    let e = error(
        r#"{"table":[3,3]}"#,
        &["D", "D", "B", "B", "B", "E"],
        r#"{"at":[1,0],"rotation":0},{"at":[2,0],"rotation":0}"#,
    );
    assert!(e.contains("move 2") && e.contains("off the table"), "{e}");
}

#[test]
fn an_unplaceable_hand_is_replaced_oldest_first_only_for_the_player_to_move() {
    // Hand 1: after the wall Bob's refill U fits nowhere; Ann's refill X
    // (drawn after Ann's last wall tile) is not looked at until her turn.
    let mut g = game(
        r#"{"hand":1,"table":[3,3]}"#,
        &["D", "D", "B", "B", "B", "U", "X", "E", "V", "E"],
        "",
    );
    let mut ev = Vec::new();
    for (x, y) in [(1, 0), (-1, 0), (0, 1), (-1, 1)] {
        ev.extend(place(&mut g, x, y, 0, None));
    }
    assert_eq!(
        g.state().hand(1),
        &kinds(&["U"])[..],
        "Bob drew U, not yet checked"
    );
    let ev = place(&mut g, 1, 1, 0, None);
    // Ann refills with X; then Bob's U is discarded and replaced by E.
    let want = [
        Event::TileDrawn {
            player: 0,
            tile: kind("X"),
        },
        Event::TileDiscarded { tile: kind("U") },
        Event::TileDrawn {
            player: 1,
            tile: kind("E"),
        },
        Event::TurnBegan {
            player: 1,
            tile: kind("E"),
        },
    ];
    let tail: Vec<Event> = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::TileDrawn { .. } | Event::TileDiscarded { .. } | Event::TurnBegan { .. }
            )
        })
        .cloned()
        .collect();
    assert_eq!(tail, want);
    assert_eq!(
        g.state().hand(0),
        &kinds(&["X"])[..],
        "checked at Ann's turn only"
    );
    assert_eq!(g.state().discarded(), 1);
    // Bob places E and refills with V (no city: it would fit nowhere, but it
    // is not his turn); Ann's X fits nowhere: out, replaced by E, which fits.
    let ev = place(&mut g, 0, -1, 2, None);
    let discarded: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::TileDiscarded { .. }))
        .collect();
    assert_eq!(
        discarded,
        [&Event::TileDiscarded { tile: kind("X") }],
        "{ev:?}"
    );
    assert_eq!(g.state().hand(0), &kinds(&["E"])[..]);
    assert_eq!(g.state().hand(1), &kinds(&["V"])[..]);
    assert_eq!(g.state().current_player(), 0);
    round_trip(&g);
}

#[test]
fn a_hand_with_one_tile_that_fits_keeps_the_others() {
    // Hand 2 on the wall: Ann ends up holding U (fits nowhere) and E.
    let deck = ["D", "D", "B", "B", "B", "A", "U", "V", "E", "K"];
    // Ann: D, B, B; Bob: D, B, A. Moves: Ann D(1,0), Bob D(-1,0), Ann B(0,1),
    // Bob B(-1,1), Ann B(1,1); the refills draw U (Ann), V (Bob), E (Ann).
    let mut g = game(r#"{"hand":2,"table":[3,3]}"#, &deck, "");
    assert_eq!(g.state().hand(0), &kinds(&["D", "B"])[..]);
    assert_eq!(g.state().hand(1), &kinds(&["D", "B"])[..]);
    place(&mut g, 1, 0, 0, Some("D"));
    place(&mut g, -1, 0, 0, Some("D"));
    place(&mut g, 0, 1, 0, Some("B"));
    place(&mut g, -1, 1, 0, Some("B"));
    assert_eq!(g.state().hand(0), &kinds(&["B", "U"])[..]);
    place(&mut g, 1, 1, 0, Some("B"));
    assert_eq!(g.state().hand(0), &kinds(&["U", "E"])[..]);
    // Bob holds A and V: neither has a city, so the oldest, A, goes and K
    // replaces it; K fits, so Bob keeps V.
    let s = g.state();
    assert_eq!(s.current_player(), 1);
    assert_eq!(s.hand(1), &kinds(&["V", "K"])[..]);
    assert_eq!(s.discarded(), 1);
    let mut g2 = g.clone();
    place(&mut g2, 0, -1, 2, Some("K"));
    // Ann keeps U beside E, which fits.
    assert_eq!(g2.state().hand(0), &kinds(&["U", "E"])[..]);
    assert_eq!(g2.state().current_player(), 0);
}

#[test]
fn empty_hands_are_passed_over_and_the_game_ends_when_all_are_empty() {
    // Hand 1, stack of 3: Ann V, Bob E; Ann's refill takes U; then the
    // stack is empty, so Bob's hand empties and he is passed over.
    let mut g = game(r#"{"hand":1}"#, &["V", "E", "U"], "");
    place(&mut g, 0, 1, 0, None);
    let ev = place(&mut g, 0, -1, 2, None);
    assert_eq!(g.state().current_player(), 0, "{ev:?}");
    let ev = place(&mut g, 0, 2, 0, None);
    assert!(ev.contains(&Event::PlayerPassed { player: 1 }) || g.state().is_over());
    assert!(g.state().is_over(), "{ev:?}");
    assert!(g.result().finished);
    assert_eq!(g.result().tiles_placed, 4);
    round_trip(&g);
    // With three players: the one whose hand is empty is skipped.
    let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob","Cy"],"rules":{"hand":1},"deck":["V","E","U","B"],"moves":[{"at":[0,1],"rotation":0}]}"#;
    let g = load(text).unwrap();
    // Ann refilled with B; Bob holds E, Cy holds U.
    assert_eq!(g.state().current_player(), 1);
    assert_eq!(g.state().hand(0), &kinds(&["B"])[..]);
    let mut g = g;
    place(&mut g, 0, -1, 2, None);
    let ev = place(&mut g, 1, 1, 0, Some("U"));
    // Bob's hand is empty (the stack is): Ann plays, then Bob is passed over.
    assert_eq!(g.state().current_player(), 0, "{ev:?}");
    let ev = place(&mut g, -1, -1, 0, None);
    assert!(g.state().is_over(), "{ev:?}");
    round_trip(&g);
}

#[test]
fn with_the_river_hands_are_dealt_right_after_the_lake() {
    let deck = ["RF", "RL", "V", "E", "U", "B"];
    let mut g = game(r#"{"hand":2,"river":true}"#, &deck, "");
    assert_eq!(
        g.state().hand(0),
        &kinds(&["RF"])[..],
        "a river turn's drawn tile"
    );
    assert!(g.state().hand(1).is_empty());
    assert!(!g.state().hands_dealt());
    place(&mut g, 0, 1, 0, None);
    assert_eq!(g.state().hand(1), &kinds(&["RL"])[..]);
    let ev = place(&mut g, 0, 2, 2, None);
    assert!(g.state().hands_dealt(), "{ev:?}");
    // Ann is to move, so she is dealt first.
    assert_eq!(g.state().hand(0), &kinds(&["V", "U"])[..]);
    assert_eq!(g.state().hand(1), &kinds(&["E", "B"])[..]);
    assert_eq!(g.moves()[1].tile, None, "river turns name no tile");
    round_trip(&g);
}

#[test]
fn a_river_off_the_table_is_discarded_and_land_play_begins() {
    // The spring flows south; RF at (0,1) points off a 3×3 table, so RD, RK
    // fit nowhere; the lake cannot either; hands are dealt after them.
    let deck = ["RF", "RD", "RK", "RL", "V", "E"];
    let mut g = game(r#"{"hand":1,"river":true,"table":[3,3]}"#, &deck, "");
    let ev = place(&mut g, 0, 1, 0, None);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::TileDiscarded { .. }))
            .count(),
        3,
        "{ev:?}"
    );
    assert!(g.state().hands_dealt());
    assert_eq!(g.state().current_player(), 1);
    assert_eq!(g.state().hand(1), &kinds(&["V"])[..]);
    assert_eq!(g.state().hand(0), &kinds(&["E"])[..]);
    // With unplayable_back, none of them fits either: all discarded.
    let mut g = game(
        r#"{"hand":1,"river":true,"table":[3,3],"unplayable_back":true}"#,
        &deck,
        "",
    );
    place(&mut g, 0, 1, 0, None);
    assert_eq!(g.state().discarded(), 3);
}

// ---- The hole bonus ----

/// Six tiles around (0, 1), then A fills it: U(1,0) B(1,1) B(1,2) U(0,2) B(-1,2) E(-1,1).
const RING: &str = r#"{"at":[1,0],"rotation":1},{"at":[1,1],"rotation":0},{"at":[1,2],"rotation":0},{"at":[0,2],"rotation":0},{"at":[-1,2],"rotation":0},{"at":[-1,1],"rotation":0}"#;
const RING_DECK: [&str; 9] = ["U", "B", "B", "U", "B", "E", "A", "V", "W"];

#[test]
fn filling_a_hole_earns_another_turn() {
    let mut g = game(r#"{"hole_bonus":true}"#, &RING_DECK, RING);
    assert_eq!(g.state().current_player(), 0);
    let ev = place(&mut g, 0, 1, 0, None);
    assert!(ev.contains(&Event::ExtraTurn {
        player: 0,
        at: Pos::new(0, 1)
    }));
    assert_eq!(g.state().current_player(), 0, "Ann again");
    place(&mut g, 2, 0, 0, None);
    assert_eq!(g.state().current_player(), 1);
    assert_eq!(g.player_of_move(6), 0);
    assert_eq!(g.player_of_move(7), 0);
    round_trip(&g);
    // Without the rule, Bob would play.
    let mut g = game("{}", &RING_DECK, RING);
    let ev = place(&mut g, 0, 1, 0, None);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert_eq!(g.state().current_player(), 1);
}

#[test]
fn a_hole_filled_with_an_empty_hand_after_the_refill_earns_nothing() {
    // Hand 1 and a stack that runs out as A fills the hole.
    let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],"rules":{"hand":1,"hole_bonus":true},"deck":["U","B","B","U","B","E","A"],"moves":[{"at":[1,0],"rotation":1,"tile":"U"},{"at":[1,1],"rotation":0,"tile":"B"},{"at":[1,2],"rotation":0,"tile":"B"},{"at":[0,2],"rotation":0,"tile":"U"},{"at":[-1,2],"rotation":0,"tile":"B"},{"at":[-1,1],"rotation":0,"tile":"E"}]}"#;
    let mut g = load(text).unwrap();
    assert_eq!(g.state().hand(0), &kinds(&["A"])[..]);
    let ev = place(&mut g, 0, 1, 0, None);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert!(g.state().is_over());
    // With a hand left after the refill the extra turn holds, hand first.
    let text = text.replace(r#""A"]"#, r#""A","V","W"]"#);
    let mut g = load(&text).unwrap();
    let ev = place(&mut g, 0, 1, 0, None);
    let i = ev
        .iter()
        .position(|e| matches!(e, Event::TileDrawn { player: 0, .. }))
        .unwrap();
    let j = ev
        .iter()
        .position(|e| matches!(e, Event::ExtraTurn { player: 0, .. }))
        .unwrap();
    assert!(i < j, "refill first: {ev:?}");
    assert_eq!(g.state().current_player(), 0);
}

// ---- Scoring incomplete features ----

#[test]
fn without_incomplete_scoring_only_fields_and_completed_features_count() {
    // The rules §11 example: Ann's thief on an open road (3 at the end),
    // Bob's completed city (4). Add a farmer to see fields still score.
    let moves = r#"{"at":[1,0],"rotation":1,"follower":"W"},{"at":[0,-1],"rotation":2,"follower":"S"},{"at":[-1,0],"rotation":1}"#;
    let g = game("{}", &["V", "E", "U"], moves);
    assert_eq!(g.result().players[0].total, 3);
    let g = game(r#"{"score_incomplete":false}"#, &["V", "E", "U"], moves);
    let r = g.result();
    assert!(r.finished);
    assert_eq!((r.players[0].total, r.players[1].total), (0, 4));
    // A farmer in the field by the completed city still scores 3.
    let moves = r#"{"at":[1,0],"rotation":1,"follower":"W"},{"at":[0,-1],"rotation":2,"follower":"S"},{"at":[-1,0],"rotation":1,"follower":"NW"}"#;
    let g = game(r#"{"score_incomplete":false}"#, &["V", "E", "U"], moves);
    let r = g.result();
    assert_eq!((r.players[0].field, r.players[0].road), (3, 0), "{r:?}");
}

#[test]
fn without_incomplete_scoring_a_recalled_abbot_still_scores() {
    let moves = r#"{"at":[0,1],"rotation":0,"abbot":"C"},{"at":[1,1],"rotation":0},{"at":[-1,1],"rotation":0,"recall_abbot":[0,1]}"#;
    let g = game(
        r#"{"abbot":true,"score_incomplete":false}"#,
        &["B", "B", "B", "U"],
        moves,
    );
    // 1 + neighbours (0,0), (1,1), (-1,1) = 4.
    assert_eq!(g.result().players[0].monastery, 4);
}

// ---- Unplayable tiles back into the bag ----

#[test]
fn an_unplaceable_tile_goes_to_the_bottom_and_another_is_drawn() {
    // After the wall, U fits nowhere: it goes under E, and E is played.
    let g = game(
        r#"{"table":[3,3],"unplayable_back":true}"#,
        &["D", "D", "B", "B", "B", "U", "E", "V"],
        WALL,
    );
    let s = g.state();
    assert_eq!(s.tile(), Some(kind("E")));
    assert_eq!(s.remaining(), &kinds(&["V", "U"])[..]);
    assert_eq!(s.discarded(), 0, "put back, not discarded");
    // Place E: V and U both fit nowhere, and nothing in the stack fits:
    // both discarded, the game ends.
    let mut g = g;
    let ev = place(&mut g, 0, -1, 2, None);
    assert!(g.state().is_over(), "{ev:?}");
    assert_eq!(g.state().discarded(), 2);
    round_trip(&g);
}

#[test]
fn a_returned_tile_is_not_discarded_and_may_come_back_to_fit() {
    let g = game(
        r#"{"table":[3,3],"unplayable_back":true}"#,
        &["D", "D", "B", "B", "B", "U", "V", "E"],
        WALL,
    );
    // U, then V go under; E is played; the returned order is E's rest: U, V.
    assert_eq!(g.state().tile(), Some(kind("E")));
    assert_eq!(g.state().remaining(), &kinds(&["U", "V"])[..]);
    // Without the rule they are discarded.
    let g = game(
        r#"{"table":[3,3]}"#,
        &["D", "D", "B", "B", "B", "U", "V", "E"],
        WALL,
    );
    assert_eq!(g.state().discarded(), 2);
    assert!(g.state().remaining().is_empty());
}

#[test]
fn with_a_hand_an_unplaceable_tile_goes_back_and_is_replaced() {
    let deck = ["D", "D", "B", "B", "B", "A", "U", "V", "E", "K"];
    let mut g = game(
        r#"{"hand":2,"table":[3,3],"unplayable_back":true}"#,
        &deck,
        "",
    );
    place(&mut g, 1, 0, 0, Some("D"));
    place(&mut g, -1, 0, 0, Some("D"));
    place(&mut g, 0, 1, 0, Some("B"));
    place(&mut g, -1, 1, 0, Some("B"));
    let ev = place(&mut g, 1, 1, 0, Some("B"));
    // Bob holds A, V; the stack holds K, which fits: A goes back, K comes
    // (then fits).
    assert!(
        ev.contains(&Event::TileReturned { tile: kind("A") }),
        "{ev:?}"
    );
    let s = g.state();
    assert_eq!(s.hand(1), &kinds(&["V", "K"])[..]);
    assert_eq!(s.remaining(), &kinds(&["A"])[..]);
    assert_eq!(s.discarded(), 0);
}

// ---- The start tile in the bag ----

#[test]
fn the_start_tile_comes_from_the_bag() {
    let g = game(r#"{"start_in_bag":true}"#, &["B", "V", "E"], "");
    let s = g.state();
    assert_eq!(s.board().tiles()[0].kind, kind("B"));
    assert_eq!(s.board().tiles()[0].pos, Pos::new(0, 0));
    assert_eq!(s.tile(), Some(kind("V")));
    assert_eq!(s.remaining(), &kinds(&["E"])[..]);
    // D may appear four times then.
    game(r#"{"start_in_bag":true}"#, &["D", "D", "D", "D"], "");
    let e = error("{}", &["D", "D", "D", "D"], "");
    assert!(e.contains("deck"), "{e}");
    // An empty deck is a finished game with no tile.
    let g = game(r#"{"start_in_bag":true}"#, &[], "");
    assert!(g.state().is_over());
    let r = g.result();
    assert!(r.finished && r.tiles_placed == 0 && r.winners.len() == 2);
    // A seeded game shuffles all 72 tiles.
    let g = Game::new(
        vec!["A".into(), "B".into()],
        Rules::default().with_start_in_bag(true),
        3,
    )
    .unwrap();
    assert_eq!(g.state().remaining().len() + 2, 72);
}

// ---- The table's closing border ----

#[test]
fn a_closing_border_ends_roads_and_walls_cities() {
    // 3×3 table: U at (1,0) turned E-W runs its road to the east edge: the
    // road start(W..E)–U ends at the border on the east; the west is open.
    let moves = r#"{"at":[1,0],"rotation":1,"follower":"E"}"#;
    let g = game(
        r#"{"table":[3,3],"table_closes":true}"#,
        &["U", "U", "V"],
        moves,
    );
    let info = g
        .state()
        .feature_info(
            Pos::new(1, 0),
            carcassonne::engine::Location::Side(carcassonne::engine::Side::E),
        )
        .unwrap();
    assert!(!info.complete);
    // Close the west too: U at (-1,0): the road start–U–U is complete (3).
    let moves = r#"{"at":[1,0],"rotation":1,"follower":"E"},{"at":[-1,0],"rotation":1}"#;
    let g = game(
        r#"{"table":[3,3],"table_closes":true}"#,
        &["U", "U", "V"],
        moves,
    );
    assert_eq!(g.result().players[0].road, 3);
    assert_eq!(g.state().supply(0), 7, "the thief came home");
    // Without closing, the same road is open: 3 at the end only.
    let g = game(r#"{"table":[3,3]}"#, &["U", "U"], moves);
    assert_eq!(g.result().players[0].road, 3);
    // A city at the border: G at (0,-1) runs the start tile's city north,
    // off the table, which walls it: 2 tiles, 4 points at once.
    let moves = r#"{"at":[0,-1],"rotation":1,"follower":"S"}"#;
    let g = game(r#"{"table":[3,3],"table_closes":true}"#, &["G", "V"], moves);
    assert_eq!(g.state().score(0).total(), 4);
    assert_eq!(g.state().supply(0), 7);
    let g = game(r#"{"table":[3,3]}"#, &["G", "V"], moves);
    assert_eq!(
        g.state().score(0).total(),
        0,
        "open without the closing border"
    );
}

#[test]
fn a_closing_border_counts_as_tiles_around_monasteries() {
    // B at (1,1), the corner of a 3×3 table: 5 of its 8 neighbours are off
    // the table; (0,0), (1,0), (0,1) complete it.
    let moves = r#"{"at":[0,1],"rotation":0},{"at":[1,1],"rotation":0,"follower":"C"}"#;
    let g = game(
        r#"{"table":[3,3],"table_closes":true}"#,
        &["B", "B", "U", "V"],
        moves,
    );
    let info = g
        .state()
        .feature_info(Pos::new(1, 1), carcassonne::engine::Location::Center)
        .unwrap();
    assert_eq!(info.value, 1 + 5 + 2);
    assert!(!info.complete);
    // U at (1,0) completes it: 9.
    let moves = r#"{"at":[0,1],"rotation":0},{"at":[1,1],"rotation":0,"follower":"C"},{"at":[1,0],"rotation":1}"#;
    let g = game(
        r#"{"table":[3,3],"table_closes":true}"#,
        &["B", "B", "U", "V"],
        moves,
    );
    assert_eq!(g.result().players[1].monastery, 9);
    // The abbot's value counts the border too, when recalled.
    let moves = r#"{"at":[0,1],"rotation":0},{"at":[1,1],"rotation":0,"abbot":"C"},{"at":[-1,1],"rotation":0},{"at":[-1,0],"rotation":1,"recall_abbot":[1,1]}"#;
    let g = game(
        r#"{"table":[3,3],"table_closes":true,"abbot":true}"#,
        &["B", "B", "B", "U", "V"],
        moves,
    );
    assert_eq!(g.result().players[1].monastery, 8);
}

#[test]
fn a_road_ended_by_the_border_is_completed_at_its_other_end() {
    // 5×3 table (|x| <= 2). Ann's thief on U at (1,0), turned E-W, on the
    // start tile's road; Bob's U at (2,0) runs it to the east border, which
    // ends it there; Ann's W at (-1,0) ends its west end at the village:
    // start, U, U and W, 4 tiles, 4 points at once.
    let moves = r#"{"at":[1,0],"rotation":1,"follower":"E"},{"at":[2,0],"rotation":1},{"at":[-1,0],"rotation":0}"#;
    let closing = r#"{"table":[5,3],"table_closes":true}"#;
    let deck = ["U", "U", "W", "V"];
    let g = game(
        closing,
        &deck,
        r#"{"at":[1,0],"rotation":1,"follower":"E"},{"at":[2,0],"rotation":1}"#,
    );
    let road = g
        .state()
        .feature_info(Pos::new(1, 0), Location::Side(Side::E))
        .unwrap();
    assert!(!road.complete, "the west end is still open");
    assert_eq!((road.value, g.state().supply(0)), (3, 6));
    let g = game(closing, &deck, moves);
    assert_eq!(
        g.state().score(0).get(carcassonne::engine::Category::Road),
        4
    );
    assert_eq!(g.state().supply(0), 7, "the thief came home");
    assert!(!g.state().is_over());
    // Without the closing border the east end stays open: nothing yet.
    let g = game(r#"{"table":[5,3]}"#, &deck, moves);
    assert_eq!(g.state().score(0).total(), 0);
    assert_eq!(g.state().supply(0), 6);
    // Ending there without scoring incomplete features: the completed road
    // kept its 4; the open one pays nothing.
    let deck = ["U", "U", "W"];
    let g = game(
        r#"{"table":[5,3],"table_closes":true,"score_incomplete":false}"#,
        &deck,
        moves,
    );
    assert_eq!(g.result().players[0].road, 4);
    let g = game(r#"{"table":[5,3],"score_incomplete":false}"#, &deck, moves);
    assert!(g.result().finished);
    assert_eq!(g.result().players[0].road, 0);
}

#[test]
fn a_city_walled_by_the_border_on_two_sides_is_complete() {
    // 3×3 table. Ann's knight on R at (0,-1), turned so its city runs N, E
    // and S: S joins the start tile's city, N faces off the table. Bob's R
    // at (1,-1), unturned (city N, E, W): W joins it, N and E face off the
    // table, the north and east borders. Walled all round: start, R, R,
    // 3 tiles, no pennant, 6 points.
    let closing = r#"{"table":[3,3],"table_closes":true}"#;
    let first = r#"{"at":[0,-1],"rotation":1,"follower":"S"}"#;
    let g = game(closing, &["R", "R", "V"], first);
    let city = g
        .state()
        .feature_info(Pos::new(0, -1), Location::Side(Side::S))
        .unwrap();
    assert!(!city.complete, "open towards (1,-1)");
    assert_eq!(city.value, 2, "2 tiles, 1 each while open");
    let moves = format!(r#"{first},{{"at":[1,-1],"rotation":0}}"#);
    let g = game(closing, &["R", "R", "V"], &moves);
    assert_eq!(
        g.state().score(0).get(carcassonne::engine::Category::City),
        6
    );
    assert_eq!(g.state().supply(0), 7, "the knight came home");
    // Without the closing border: three open sides, 3 at the end.
    let g = game(r#"{"table":[3,3]}"#, &["R", "R"], &moves);
    assert_eq!(g.result().players[0].city, 3);
    let g = game(
        r#"{"table":[3,3],"score_incomplete":false}"#,
        &["R", "R"],
        &moves,
    );
    assert_eq!(g.result().players[0].city, 0);
}

#[test]
fn a_corner_monastery_at_the_end_counts_the_border_unless_incomplete_features_score_nothing() {
    // 3×3 table: Ann's B at (0,1), Bob's monk on B at (1,1), the corner;
    // the deck runs out. Around it: (0,0) and (0,1) hold tiles, (1,0) is
    // empty, 5 positions are off the table.
    let moves = r#"{"at":[0,1],"rotation":0},{"at":[1,1],"rotation":0,"follower":"C"}"#;
    let monastery = |rules: &str| {
        let r = game(rules, &["B", "B"], moves).result();
        assert!(r.finished);
        r.players[1].monastery
    };
    assert_eq!(
        monastery(r#"{"table":[3,3],"table_closes":true}"#),
        1 + 2 + 5
    );
    assert_eq!(
        monastery(r#"{"table":[3,3],"table_closes":true,"score_incomplete":false}"#),
        0
    );
    assert_eq!(monastery(r#"{"table":[3,3]}"#), 1 + 2);
    assert_eq!(monastery(r#"{"table":[3,3],"score_incomplete":false}"#), 0);
}

#[test]
fn an_abbot_recalled_from_a_garden_on_the_border_counts_it() {
    // 5×3 table (|y| <= 1). Ann's abbot on Eg at (0,1), turned so its city
    // faces the south border; Bob's U at (1,0); Ann's B at (-1,1) and she
    // recalls the abbot: (0,0), (1,0), (-1,1) hold tiles and (-1,2), (0,2),
    // (1,2) are off the table: 1 + 3 + 3 = 7, as a garden, even without
    // scoring incomplete features at the end.
    let moves = r#"{"at":[0,1],"rotation":2,"abbot":"C"},{"at":[1,0],"rotation":1},{"at":[-1,1],"rotation":0,"recall_abbot":[0,1]}"#;
    let garden = |rules: &str| {
        let g = game(rules, &["Eg", "U", "B"], moves);
        assert!(g.state().abbot_home(0));
        g.result().players[0].garden
    };
    let closing = r#"{"abbot":true,"table":[5,3],"table_closes":true}"#;
    assert_eq!(garden(closing), 7);
    assert_eq!(
        garden(r#"{"abbot":true,"table":[5,3],"table_closes":true,"score_incomplete":false}"#),
        7
    );
    assert_eq!(garden(r#"{"abbot":true,"table":[5,3]}"#), 1 + 3);
}

#[test]
fn the_border_is_no_side_for_the_hole_bonus() {
    // (1,1) on a closing 3×3 table, with tiles west and north of it: two
    // tiles and two border sides, no hole.
    let moves = r#"{"at":[1,0],"rotation":1},{"at":[0,1],"rotation":0}"#;
    let mut g = game(
        r#"{"table":[3,3],"table_closes":true,"hole_bonus":true}"#,
        &["U", "B", "B", "V"],
        moves,
    );
    let ev = place(&mut g, 1, 1, 0, None);
    assert!(!ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })));
    assert_eq!(g.state().current_player(), 1);
}

#[test]
fn the_js_style_action_names_its_tile() {
    let mut g = game(r#"{"hand":2}"#, &["V", "E", "U", "B"], "");
    let a = Action::PlaceTile {
        at: Pos::new(0, 1),
        rotation: 1,
        tile: Some(kind("U")),
    };
    g.apply(a).unwrap();
    assert_eq!(g.state().step(), Step::PlaceFollower);
    g.apply(Action::Skip).unwrap();
    assert_eq!(g.moves()[0].tile, Some(kind("U")));
    let bad = load(&record(
        r#"{"hand":2}"#,
        &["V"],
        r#"{"at":[0,1],"rotation":1,"tile":"U"}"#,
    ));
    assert!(matches!(
        bad.map(|_| ()).unwrap_err().kind,
        RecordErrorKind::Rule(RuleError::NotInHand(_))
    ));
}
