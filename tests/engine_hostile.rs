//! Robustness (issue #3, "Tests"): garbage and hostile input never panics.
//! Records are rejected with a message naming the problem (rules §11
//! "Readers must reject anything malformed ... with a message naming the
//! problem"); random actions thrown at a live game are each accepted or
//! refused, and the invariants hold after every accepted one.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::random::{pick_follower, pick_placement, random_game, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Edge, FollowerChoice, Game, HalfEdge, Location, Pos, Record, RecordErrorKind, Role, RuleError,
    Rules, Side, State, Step,
};
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Loads a record from text all the way through replay.
fn load(text: &str) -> Result<Game, String> {
    let r = Record::from_json(text).map_err(|e| e.to_string())?;
    Game::from_record(&r).map_err(|e| e.to_string())
}

/// Loads `text` and fails the test with the input if anything panics.
fn load_no_panic(text: &str) -> Result<Game, String> {
    match catch_unwind(AssertUnwindSafe(|| load(text))) {
        Ok(r) => r,
        Err(_) => panic!("loading this input panicked:\n{text}"),
    }
}

fn err_of(r: Result<Game, String>) -> String {
    match r {
        Ok(g) => panic!(
            "expected an error, got a game: {}",
            serde_json::to_string(&g.result()).unwrap()
        ),
        Err(e) => e,
    }
}

/// Asserts the record is refused with a message holding every one of `words`.
fn refused(v: &Value, words: &[&str]) {
    let text = v.to_string();
    let e = err_of(load_no_panic(&text));
    let lower = e.to_lowercase();
    for w in words {
        assert!(
            lower.contains(&w.to_lowercase()),
            "error \"{e}\" does not mention \"{w}\"\nrecord: {text}"
        );
    }
}

/// Asserts the record is refused at move `n` for breaking exactly `rule`.
fn breaks(v: &Value, n: usize, rule: RuleError) {
    let text = v.to_string();
    match Record::from_json(&text).and_then(|r| Game::from_record(&r)) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => assert_eq!(
            (e.kind, e.move_number),
            (RecordErrorKind::Rule(rule), Some(n)),
            "{e}\nrecord: {text}"
        ),
    }
}

/// The rules §11 example record, from the shared fixture.
fn example() -> Value {
    serde_json::from_str(include_str!("records/good/rules-example.json")).unwrap()
}

/// A complete random game's record, as the CLI's `random` would print it.
fn real_record(seed: u64, rules: Rules, players: usize) -> Record {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut g = Game::new(names, rules, seed).unwrap();
    random_game(&mut g, &mut Rng::new(seed ^ 0xABCD));
    let mut r = g.record();
    // Write the draw order out, as hand-made records do.
    let deck = carcassonne::engine::deck::shuffled(&rules, seed);
    r.deck = Some(deck.iter().map(|k| k.name().to_string()).collect());
    r.seed = None;
    r
}

// ----- malformed text -----------------------------------------------------

#[test]
fn random_bytes_are_refused_without_panicking() {
    let mut rng = Rng::new(1);
    for i in 0..3000 {
        let len = rng.below(200) as usize;
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        assert!(load_no_panic(&text).is_err(), "input {i} was accepted");
    }
    // JSON-looking noise.
    let alphabet = b"{}[]\":,0123456789-.eE truefalsn\\format players moves deck at rotation";
    for _ in 0..3000 {
        let len = rng.below(120) as usize;
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u32) as usize] as char)
            .collect();
        let _ = load_no_panic(&text);
    }
}

fn random_value(rng: &mut Rng, depth: u32) -> Value {
    let keys = [
        "format",
        "players",
        "rules",
        "seed",
        "deck",
        "moves",
        "meta",
        "at",
        "rotation",
        "follower",
        "abbot",
        "recall_abbot",
        "edition",
        "farmers",
        "tiny_city",
        "farm_scoring",
        "river",
        "abbot",
        "x",
    ];
    let strings = [
        "carcassonne-record/1",
        "Ann",
        "c1",
        "c3",
        "first",
        "third",
        "N",
        "C",
        "NW",
        "SE",
        "D",
        "Vg",
        "RA",
        "RL",
        "ZZ",
        "",
    ];
    match rng.below(if depth > 3 { 5 } else { 7 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.below(2) == 0),
        2 => json!(rng.below(9) as i64 - 4),
        3 => [
            json!(i64::MIN),
            json!(i64::MAX),
            json!(u64::MAX),
            json!(-1.5),
            json!(2147483648i64),
            json!(-2147483649i64),
            json!(255),
            json!(256),
        ][rng.below(8) as usize]
            .clone(),
        4 => Value::String(strings[rng.below(strings.len() as u32) as usize].into()),
        5 => Value::Array(
            (0..rng.below(5))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut m = serde_json::Map::new();
            for _ in 0..rng.below(6) {
                m.insert(
                    keys[rng.below(keys.len() as u32) as usize].into(),
                    random_value(rng, depth + 1),
                );
            }
            Value::Object(m)
        }
    }
}

#[test]
fn random_json_is_handled_without_panicking() {
    let mut rng = Rng::new(2);
    for _ in 0..5000 {
        let v = random_value(&mut rng, 0);
        let _ = load_no_panic(&v.to_string());
    }
    // Random values spliced into each field of a valid record.
    for _ in 0..5000 {
        let mut v = example();
        match rng.below(4) {
            0 => {
                let k = [
                    "format", "players", "rules", "seed", "deck", "moves", "meta",
                ][rng.below(7) as usize];
                v[k] = random_value(&mut rng, 1);
            }
            1 => {
                let k = [
                    "edition",
                    "farmers",
                    "tiny_city",
                    "farm_scoring",
                    "river",
                    "abbot",
                ][rng.below(6) as usize];
                v["rules"][k] = random_value(&mut rng, 1);
            }
            2 => {
                let k =
                    ["at", "rotation", "follower", "abbot", "recall_abbot"][rng.below(5) as usize];
                v["moves"][rng.below(3) as usize][k] = random_value(&mut rng, 1);
            }
            _ => {
                v["deck"][rng.below(3) as usize] = random_value(&mut rng, 1);
            }
        }
        let _ = load_no_panic(&v.to_string());
    }
}

#[test]
fn a_real_record_cut_at_every_point_never_panics() {
    let r = real_record(7, Rules::default(), 3);
    let text = r.to_json();
    assert!(load(&text).unwrap().result().finished);
    let mut accepted = 0;
    for cut in 0..text.len() {
        if !text.is_char_boundary(cut) {
            continue;
        }
        if load_no_panic(&text[..cut]).is_ok() {
            accepted += 1;
        }
    }
    assert_eq!(accepted, 0, "a truncated record was accepted");
    // Every prefix of the moves is a valid unfinished game.
    for n in 0..r.moves.len() {
        let mut p = r.clone();
        p.moves.truncate(n);
        let g = Game::from_record(&p).unwrap();
        assert!(!g.result().finished, "finished after {n} moves");
        assert!(g.result().winners.is_empty());
    }
    // And so is the compact JSON cut between moves by hand.
    let compact = serde_json::to_string(&serde_json::to_value(&r).unwrap()).unwrap();
    assert!(load(&compact).is_ok());
}

// ----- tampered fields ------------------------------------------------------

#[test]
fn tampered_headers_are_refused_with_a_reason() {
    let mut v = example();
    v["format"] = json!("carcassonne-record/2");
    refused(&v, &["format"]);
    let mut v = example();
    v["format"] = json!(1);
    refused(&v, &["not a valid game record"]);
    let mut v = example();
    v.as_object_mut().unwrap().remove("format");
    refused(&v, &["format"]);
    for names in [
        json!(["Solo"]),
        json!([]),
        json!(["a", "b", "c", "d", "e", "f", "g"]),
    ] {
        let mut v = example();
        let n = names.as_array().unwrap().len();
        v["players"] = names;
        refused(&v, &["2 to 6 players", &n.to_string()]);
    }
    let mut v = example();
    v.as_object_mut().unwrap().remove("deck");
    refused(&v, &["neither a seed nor a deck"]);
    // 6 players are fine.
    let mut v = example();
    v["players"] = json!(["a", "b", "c", "d", "e", "f"]);
    assert!(load(&v.to_string()).is_ok());
}

#[test]
fn unknown_keys_are_refused_but_meta_is_ignored() {
    let mut v = example();
    v["colour"] = json!("red");
    refused(&v, &["colour"]);
    let mut v = example();
    v["rules"]["dragon"] = json!(true);
    refused(&v, &["dragon"]);
    let mut v = example();
    v["moves"][1]["meeple"] = json!("S");
    refused(&v, &["meeple"]);
    let mut v = example();
    v["meta"] =
        json!({ "app": "carcassonne 0.1", "saved": "2025-01-01", "notes": [1, {"x": null}] });
    let g = load(&v.to_string()).expect("meta is accepted");
    let plain = load(&example().to_string()).unwrap();
    assert_eq!(g.result(), plain.result());
    // meta may be any JSON value.
    let mut v = example();
    v["meta"] = json!("free text");
    assert!(load(&v.to_string()).is_ok());
    // A record without rules is c3 with the defaults.
    let mut v = example();
    v.as_object_mut().unwrap().remove("rules");
    assert_eq!(load(&v.to_string()).unwrap().result(), plain.result());
}

#[test]
fn bad_rule_values_are_refused() {
    for (k, bad) in [
        ("edition", json!("c2")),
        ("farm_scoring", json!("second")),
        ("farmers", json!("yes")),
        ("river", json!(1)),
        ("abbot", json!("true")),
    ] {
        let mut v = example();
        v["rules"][k] = bad;
        refused(&v, &["not a valid game record", k]);
    }
    // Null is the same as a missing key, as everywhere in a record.
    let mut v = example();
    v["rules"]["abbot"] = json!(null);
    assert!(load(&v.to_string()).is_ok());
}

#[test]
fn bad_decks_are_refused_with_a_reason() {
    let deck = |d: Value, rules: Value| {
        let mut v = example();
        v["deck"] = d;
        v["rules"] = rules;
        v["moves"] = json!([]);
        v
    };
    refused(
        &deck(json!(["Q", "Q"]), json!({})),
        &["deck entry 2", "only 1"],
    );
    refused(
        &deck(json!(["D", "D", "D", "D"]), json!({})),
        &["deck entry 4", "D"],
    );
    refused(
        &deck(json!(vec!["U"; 8]), json!({})),
        &["deck entry 8", "U"],
    );
    refused(
        &deck(json!(["Dragon"]), json!({})),
        &["deck entry 1", "Dragon", "not a tile kind"],
    );
    refused(&deck(json!(["d"]), json!({})), &["not a tile kind"]);
    refused(&deck(json!(["RB"]), json!({})), &["RB", "not in a game"]);
    refused(&deck(json!(["RA"]), json!({ "river": true })), &["RA"]);
    refused(&deck(json!(["Eg"]), json!({ "edition": "c1" })), &["Eg"]);
    refused(
        &deck(json!(["RL", "RB"]), json!({ "river": true })),
        &["deck entry 2", "lake"],
    );
    refused(
        &deck(json!(["A", "RB"]), json!({ "river": true })),
        &["deck entry 2", "come first"],
    );
    refused(
        &deck(json!(["D", "D", "D", "D"]), json!({ "river": true })),
        &["deck entry 4"],
    );
    refused(
        &deck(json!([1, 2]), json!({})),
        &["not a valid game record"],
    );
    // The whole set is fine, and so is an empty deck (the game ends at once).
    let g = load(&deck(json!([]), json!({})).to_string()).unwrap();
    assert!(g.result().finished);
    assert_eq!(g.result().tiles_placed, 1);
    assert_eq!(g.result().winners.len(), 2, "0-0: both win");
    let full = carcassonne::engine::deck::shuffled(&Rules::default(), 3);
    let names: Vec<&str> = full.iter().map(|k| k.name()).collect();
    assert!(load(&deck(json!(names), json!({})).to_string()).is_ok());
    // c1 has five plain E and no garden copies.
    assert!(load(&deck(json!(vec!["E"; 5]), json!({ "edition": "c1" })).to_string()).is_ok());
    refused(&deck(json!(vec!["E"; 5]), json!({})), &["deck entry 5"]);
}

#[test]
fn malformed_moves_are_refused_with_the_move_number() {
    let field = RecordErrorKind::Field;
    // Each malformed move 2, the kind of error and the field it must name.
    let bad_moves: &[(Value, RecordErrorKind, &str)] = &[
        (
            json!({ "at": [1, 0], "rotation": 4 }),
            RecordErrorKind::Rule(RuleError::BadRotation(4)),
            "rotation must be 0, 1, 2 or 3",
        ),
        (
            json!({ "at": [1, 0], "rotation": 255 }),
            RecordErrorKind::Rule(RuleError::BadRotation(255)),
            "rotation",
        ),
        (json!({ "at": [1, 0], "rotation": 256 }), field, "rotation"),
        (json!({ "at": [1, 0], "rotation": -1 }), field, "rotation"),
        (json!({ "at": [1, 0], "rotation": true }), field, "rotation"),
        (json!({ "at": [1, 0], "rotation": "1" }), field, "rotation"),
        (json!({ "at": [1, 0] }), field, "rotation"),
        (json!({ "rotation": 0 }), field, "at"),
        (json!({ "at": [1], "rotation": 0 }), field, "at"),
        (json!({ "at": [1, 0, 0], "rotation": 0 }), field, "at"),
        (json!({ "at": [1.5, 0], "rotation": 0 }), field, "at"),
        (json!({ "at": "1,0", "rotation": 0 }), field, "at"),
        (
            json!({ "at": [1, 0], "rotation": 0, "follower": "Q" }),
            field,
            "follower: unknown location \"Q\"",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "follower": "nw" }),
            field,
            "follower: unknown location",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "follower": 3 }),
            field,
            "follower",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "abbot": "N" }),
            field,
            "abbot",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "recall_abbot": [0] }),
            field,
            "recall_abbot",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "follower": "N", "abbot": "C" }),
            field,
            "at most one",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "follower": "N", "recall_abbot": [0, 0] }),
            field,
            "at most one",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "abbot": "C", "recall_abbot": [0, 0] }),
            field,
            "at most one",
        ),
        (
            json!({ "at": [1, 0], "rotation": 0, "meeple": "N" }),
            field,
            "meeple",
        ),
        (json!("V"), field, "move"),
        (json!(null), field, "move"),
    ];
    for (m, kind, word) in bad_moves {
        let mut v = example();
        v["moves"][1] = m.clone();
        let text = v.to_string();
        let e = match Record::from_json(&text).and_then(|r| Game::from_record(&r)) {
            Ok(_) => panic!("accepted: {text}"),
            Err(e) => e,
        };
        assert_eq!((e.kind, e.move_number), (*kind, Some(2)), "{m}: {e}");
        assert!(e.to_string().starts_with(if *kind == field {
            "not a valid game record: move 2: "
        } else {
            "move 2: "
        }));
        assert!(
            e.message.contains(word),
            "{m}: \"{e}\" does not name {word}"
        );
    }
}

// ----- illegal moves of every kind ------------------------------------------

/// The rules §11 example with move 2 replaced by `m` (Bob holds E).
fn with_move_2(m: Value) -> Value {
    let mut v = example();
    v["moves"][1] = m;
    v
}

#[test]
fn illegal_placements_are_refused_naming_move_and_rule() {
    use RuleError::*;
    let at = Pos::new;
    // Occupied position.
    breaks(
        &with_move_2(json!({ "at": [1, 0], "rotation": 0 })),
        2,
        Occupied(at(1, 0)),
    );
    breaks(
        &with_move_2(json!({ "at": [0, 0], "rotation": 0 })),
        2,
        Occupied(at(0, 0)),
    );
    // Not touching, or only at a corner.
    breaks(
        &with_move_2(json!({ "at": [5, 5], "rotation": 0 })),
        2,
        NotTouching(at(5, 5)),
    );
    breaks(
        &with_move_2(json!({ "at": [-1, -1], "rotation": 0 })),
        2,
        NotTouching(at(-1, -1)),
    );
    breaks(
        &with_move_2(json!({ "at": [-1_000_000, 3], "rotation": 0 })),
        2,
        NotTouching(at(-1_000_000, 3)),
    );
    // Edges that do not match: E's city (north at rotation 0) against D's
    // city (north) and field (south), and V's field (east at rotation 1).
    let mismatch = |side, mine, theirs| EdgeMismatch { side, mine, theirs };
    breaks(
        &with_move_2(json!({ "at": [0, -1], "rotation": 0 })),
        2,
        mismatch(Side::S, Edge::Field, Edge::City),
    );
    breaks(
        &with_move_2(json!({ "at": [0, 1], "rotation": 0 })),
        2,
        mismatch(Side::N, Edge::City, Edge::Field),
    );
    breaks(
        &with_move_2(json!({ "at": [2, 0], "rotation": 3 })),
        2,
        mismatch(Side::W, Edge::City, Edge::Field),
    );
    // Far positions that alias the start tile on a 128-wide torus.
    breaks(
        &with_move_2(json!({ "at": [128, -1], "rotation": 2 })),
        2,
        NotTouching(at(128, -1)),
    );
    breaks(
        &with_move_2(json!({ "at": [-128, 127], "rotation": 2 })),
        2,
        NotTouching(at(-128, 127)),
    );
    // A move after the game ended.
    let mut v = example();
    v["moves"]
        .as_array_mut()
        .unwrap()
        .push(json!({ "at": [0, 1], "rotation": 0 }));
    breaks(&v, 4, GameOver);
}

#[test]
fn illegal_follower_steps_are_refused_naming_move_and_rule() {
    use RuleError::*;
    // E at (0,-1) r2: city S (closing D's), field elsewhere; no road, no centre.
    for (loc, rule) in [
        ("E", NoSegment(Location::Side(Side::E))),
        ("N", NoSegment(Location::Side(Side::N))),
        ("C", NoSegment(Location::Center)),
        ("SE", NoSegment(Location::parse("SE").unwrap())),
    ] {
        breaks(
            &with_move_2(json!({ "at": [0, -1], "rotation": 2, "follower": loc })),
            2,
            rule,
        );
    }
    // Ann's thief holds the road; Bob may not join it from U at (-1,0).
    let mut v = example();
    v["deck"] = json!(["V", "U", "E"]);
    v["moves"] = json!([
        { "at": [1, 0], "rotation": 1, "follower": "W" },
        { "at": [-1, 0], "rotation": 1, "follower": "E" }
    ]);
    breaks(&v, 2, FeatureOccupied(Location::Side(Side::E)));
    // The same through the road's other name on that tile.
    v["moves"][1]["follower"] = json!("W");
    breaks(&v, 2, FeatureOccupied(Location::Side(Side::W)));
    // Farmers off.
    let mut v = example();
    v["rules"]["farmers"] = json!(false);
    v["moves"][1]["follower"] = json!("NW");
    breaks(&v, 2, FarmersOff);
    // Abbot steps without the abbot, or on a tile without a monastery.
    breaks(
        &with_move_2(json!({ "at": [0, -1], "rotation": 2, "abbot": "C" })),
        2,
        AbbotOff,
    );
    let mut v = with_move_2(json!({ "at": [0, -1], "rotation": 2, "abbot": "C" }));
    v["rules"]["abbot"] = json!(true);
    breaks(&v, 2, NotAMonastery);
    let mut v = with_move_2(json!({ "at": [0, -1], "rotation": 2, "recall_abbot": [0, 0] }));
    v["rules"]["abbot"] = json!(true);
    breaks(&v, 2, NoAbbotAt(Pos::new(0, 0)));
    let mut v = with_move_2(
        json!({ "at": [0, -1], "rotation": 2, "recall_abbot": [1_000_000, -1_000_000] }),
    );
    v["rules"]["abbot"] = json!(true);
    breaks(&v, 2, NoAbbotAt(Pos::new(1_000_000, -1_000_000)));
    // A second abbot while the first is out.
    let v = json!({
        "format": "carcassonne-record/1", "players": ["Ann", "Bob"], "rules": { "abbot": true },
        "deck": ["B", "U", "B"],
        "moves": [
            { "at": [0, 1], "rotation": 0, "abbot": "C" },
            { "at": [1, 0], "rotation": 1 },
            { "at": [0, 2], "rotation": 0, "abbot": "C" }
        ]
    });
    breaks(&v, 3, AbbotAway);
    // Bob recalling Ann's abbot.
    let v = json!({
        "format": "carcassonne-record/1", "players": ["Ann", "Bob"], "rules": { "abbot": true },
        "deck": ["B", "U"],
        "moves": [
            { "at": [0, 1], "rotation": 0, "abbot": "C" },
            { "at": [1, 0], "rotation": 1, "recall_abbot": [0, 1] }
        ]
    });
    breaks(&v, 2, NoAbbotAt(Pos::new(0, 1)));
}

#[test]
fn river_tiles_and_river_moves_are_checked() {
    let base = |deck: Value, moves: Value| {
        json!({
            "format": "carcassonne-record/1", "players": ["Ann", "Bob"], "rules": { "river": true },
            "deck": deck, "moves": moves
        })
    };
    // River tile without river rules.
    let mut v = base(json!(["RD"]), json!([]));
    v["rules"] = json!({});
    refused(&v, &["RD", "not in a game"]);
    // The river may not meet a field.
    refused(
        &base(json!(["RD"]), json!([{ "at": [0, 1], "rotation": 0 }])),
        &["move 1", "river"],
    );
    // Nothing may stand on the river, whatever its name on the tile.
    for loc in ["N", "S"] {
        refused(
            &base(
                json!(["RF"]),
                json!([{ "at": [0, 1], "rotation": 0, "follower": loc }]),
            ),
            &["move 1", "river"],
        );
    }
    // The spring's centre is not a monastery.
    refused(
        &base(
            json!(["RF"]),
            json!([{ "at": [0, 1], "rotation": 0, "follower": "C" }]),
        ),
        &["move 1", "centre"],
    );
    // A land tile may not block the river's open end: the whole river comes first.
    refused(
        &base(json!(["A", "RB"]), json!([])),
        &["river tiles come first"],
    );
}

// ----- extreme coordinates ----------------------------------------------------

/// Positions at the ends of the i32 range once overflowed in `Pos::step`
/// and `i32::abs`; they must be refused like any other far-away position.
#[test]
fn extreme_coordinates_are_refused_without_panicking() {
    for at in [
        [i32::MAX, 0],
        [0, i32::MAX],
        [i32::MIN, 0],
        [0, i32::MIN],
        [i32::MIN, i32::MIN],
    ] {
        refused(
            &with_move_2(json!({ "at": at, "rotation": 0 })),
            &["move 2", "touch"],
        );
        let mut v = with_move_2(json!({ "at": [0, -1], "rotation": 2, "recall_abbot": at }));
        v["rules"]["abbot"] = json!(true);
        refused(&v, &["move 2", "no abbot"]);
    }
}

#[test]
fn large_but_ordinary_coordinates_are_refused() {
    for at in [
        [i32::MAX - 1, 0],
        [0, i32::MIN + 2],
        [1 << 20, -(1 << 20)],
        [127, 0],
        [-129, 0],
    ] {
        refused(
            &with_move_2(json!({ "at": at, "rotation": 0 })),
            &["move 2", "touch"],
        );
    }
}

// ----- random actions on a live state ---------------------------------------

fn rules_for(i: u64) -> Rules {
    Rules::default()
        .with_edition(if i % 2 == 0 {
            carcassonne::engine::Edition::C3
        } else {
            carcassonne::engine::Edition::C1
        })
        .with_farmers(i % 3 != 0)
        .with_tiny_city(i % 5 == 0)
        .with_farm_scoring(if i % 4 == 3 {
            carcassonne::engine::FarmScoring::First
        } else {
            carcassonne::engine::FarmScoring::Third
        })
        .with_river(i % 4 == 1 || i % 4 == 2)
        .with_abbot(i % 4 >= 2)
}

fn random_location(rng: &mut Rng) -> Location {
    match rng.below(13) {
        0..=3 => Location::Side(Side::ALL[rng.below(4) as usize]),
        4..=11 => Location::Half(HalfEdge::new(rng.below(8) as u8)),
        _ => Location::Center,
    }
}

/// A position near the board most of the time, and anywhere some of the time.
fn random_pos(rng: &mut Rng, s: &State) -> Pos {
    match rng.below(10) {
        0 => Pos::new(
            rng.below(2_000_000) as i32 - 1_000_000,
            rng.below(2_000_000) as i32 - 1_000_000,
        ),
        1 => Pos::new(rng.below(600) as i32 - 300, rng.below(600) as i32 - 300),
        _ => {
            let tiles = s.board().tiles();
            let t = tiles[rng.below(tiles.len() as u32) as usize].pos;
            Pos::new(t.x + rng.below(5) as i32 - 2, t.y + rng.below(5) as i32 - 2)
        }
    }
}

fn random_choice(rng: &mut Rng, s: &State) -> FollowerChoice {
    match rng.below(6) {
        0 => FollowerChoice::Skip,
        1 => FollowerChoice::Abbot,
        2 => FollowerChoice::RecallAbbot(random_pos(rng, s)),
        _ => FollowerChoice::Follower(random_location(rng)),
    }
}

/// The invariants that must hold between any two actions.
fn check_invariants(s: &State, rules: &Rules, set_size: usize, totals: &mut [u32; 6]) {
    for p in 0..s.players() {
        let followers = s
            .meeples()
            .iter()
            .filter(|m| m.player == p && m.role != Role::Abbot)
            .count();
        assert_eq!(followers + s.supply(p) as usize, 7, "followers of {p}");
        let abbots = s
            .meeples()
            .iter()
            .filter(|m| m.player == p && m.role == Role::Abbot)
            .count();
        assert_eq!(abbots + s.abbot_home(p) as usize, rules.abbot as usize);
        let t = s.score(p).total();
        assert!(t >= totals[p as usize], "score of {p} went down");
        totals[p as usize] = t;
    }
    let placed = s.board().len() - 1;
    let in_hand = s.tile().is_some() as usize;
    assert_eq!(
        placed + s.discarded() as usize + s.remaining().len() + in_hand,
        set_size,
        "every tile is placed, discarded, in hand or still to draw"
    );
    // No two tiles share a position; every tile touches another (the start aside).
    let tiles = s.board().tiles();
    for (i, a) in tiles.iter().enumerate() {
        assert!(
            tiles[i + 1..].iter().all(|b| b.pos != a.pos),
            "two tiles at {}",
            a.pos
        );
    }
    if s.step() == Step::PlaceTile {
        assert!(!s.placements().is_empty(), "the tile in hand fits nowhere");
    }
    if s.step() == Step::GameOver {
        assert!(
            s.meeples().is_empty(),
            "pieces left after the final scoring"
        );
    }
}

#[test]
fn random_actions_at_a_live_game_never_panic_and_keep_invariants() {
    let mut rng = Rng::new(77);
    let mut scratch = Scratch::default();
    let games = 60;
    for g in 0..games {
        let rules = rules_for(g);
        let players = 2 + (g % 5) as usize;
        let names = (0..players).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules, g + 100).unwrap();
        let set_size = carcassonne::engine::deck::shuffled(&rules, 0).len();
        let mut totals = [0u32; 6];
        let mut ev = Vec::new();
        let mut accepted_random = 0usize;
        while game.state().step() != Step::GameOver {
            check_invariants(game.state(), &rules, set_size, &mut totals);
            // Random placements: accepted exactly when enumerated as legal.
            let legal = game.state().placements();
            let mut placed = false;
            for _ in 0..8 {
                let at = random_pos(&mut rng, game.state());
                let r = rng.below(6) as u8;
                let res = catch_unwind(AssertUnwindSafe(|| {
                    let mut g2 = game.clone();
                    let res = g2.place_tile(at, r, &mut Vec::new());
                    (res, g2)
                }))
                .unwrap_or_else(|_| panic!("place_tile({at}, {r}) panicked"));
                assert_eq!(
                    res.0.is_ok(),
                    legal.contains(&(at, r)),
                    "place_tile({at}, {r}): {:?}",
                    res.0
                );
                if let Err(e) = res.0 {
                    assert!(!e.to_string().is_empty());
                } else if rng.below(2) == 0 {
                    game = res.1;
                    placed = true;
                    accepted_random += 1;
                    break;
                }
            }
            // A follower step before the tile is refused.
            if !placed {
                let c = random_choice(&mut rng, game.state());
                assert!(game.clone().choose_follower(c, &mut ev).is_err());
                let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
                game.place_tile(at, r, &mut ev).unwrap();
            }
            // A second tile in the same turn is refused.
            let at = random_pos(&mut rng, game.state());
            assert!(game.clone().place_tile(at, 0, &mut ev).is_err());
            // Random follower steps: accepted exactly when the checker says so.
            let mut done = false;
            for _ in 0..6 {
                let c = random_choice(&mut rng, game.state());
                let checked = game.state().check_follower(c);
                let res = catch_unwind(AssertUnwindSafe(|| {
                    let mut g2 = game.clone();
                    let res = g2.choose_follower(c, &mut Vec::new());
                    (res, g2)
                }))
                .unwrap_or_else(|_| panic!("choose_follower({c:?}) panicked"));
                assert_eq!(res.0, checked, "{c:?}");
                if res.0.is_ok() && rng.below(2) == 0 {
                    game = res.1;
                    done = true;
                    break;
                }
            }
            if !done {
                let c = pick_follower(game.state(), &mut rng, &mut scratch);
                game.choose_follower(c, &mut ev).unwrap();
            }
            ev.clear();
        }
        check_invariants(game.state(), &rules, set_size, &mut totals);
        assert!(
            accepted_random > 0,
            "game {g}: no random placement was legal"
        );
        // Nothing more is accepted once the game is over.
        let at = random_pos(&mut rng, game.state());
        assert!(game.clone().place_tile(at, 0, &mut ev).is_err());
        assert!(game
            .clone()
            .choose_follower(FollowerChoice::Skip, &mut ev)
            .is_err());
        // The record of the game replays to the same result.
        let again = Game::from_record(&Record::from_json(&game.record().to_json()).unwrap());
        match again {
            Ok(a) => assert_eq!(a.result(), game.result()),
            Err(e) => panic!("game {g}: own record refused: {e}"),
        }
    }
}

#[test]
fn every_move_of_a_real_record_tampered_is_refused_or_replays() {
    // Each move of a real game, nudged: whatever happens, no panic, and an
    // error names that move.
    let r = real_record(
        21,
        Rules {
            abbot: true,
            ..Rules::default()
        },
        2,
    );
    let mut rng = Rng::new(9);
    for i in 0..r.moves.len() {
        for k in 0..4 {
            let mut t = r.clone();
            let m = &mut t.moves[i];
            match k {
                0 => m.rotation = (m.rotation + 1 + rng.below(3) as u8) % 4,
                1 => {
                    m.at = Pos::new(
                        m.at.x + rng.below(3) as i32 - 1,
                        m.at.y + rng.below(3) as i32 - 1,
                    )
                }
                2 => m.choice = FollowerChoice::Follower(random_location(&mut rng)),
                _ => m.choice = FollowerChoice::Abbot,
            }
            let res = catch_unwind(AssertUnwindSafe(|| {
                Game::from_record(&t).map(|g| g.result())
            }))
            .unwrap_or_else(|_| panic!("move {} tampered ({k}) panicked", i + 1));
            if let Err(e) = res {
                let n = e.move_number.expect("a move is at fault");
                assert!(
                    n > i,
                    "error at move {n} before the tampered move {}",
                    i + 1
                );
                assert!(e.to_string().starts_with(&format!("move {n}: ")), "{e}");
            }
        }
    }
}
