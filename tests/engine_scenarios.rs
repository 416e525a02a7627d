//! Scenario tests (issue #3, "Tests"): hand-built game records whose expected
//! scores were worked out from the published rulebooks (docs/rules.md names them), not
//! copied from the engine.
//!
//! Every `tests/scenarios/*.json` fixture holds
//! `{"name", "rule", "why", "record", "expect" | "expect_error"}`:
//! - `expect` is a subset of the result JSON of rules §11: objects must hold
//!   the listed keys with equal values, arrays must have the same length and
//!   match element by element;
//! - `expect_error` is `{ "move": N, "rule": CODE }` (the rule the move
//!   breaks, as `RuleError::code` names it) or `{ "move": N, "code": KIND }`
//!   (the record error's kind): what went wrong, matched by kind, never by
//!   the wording of the message.
//!
//! The scenarios that are easier to state in code follow the fixture runner.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::{
    FollowerChoice, Game, HalfEdge, Location, Pos, Record, RecordErrorKind, RuleError, Side, Step,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn scenario_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios")
}

fn fixtures_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

/// Where `actual` departs from the subset `expect`, as a list of paths.
fn mismatches(expect: &Value, actual: &Value, path: &str, out: &mut Vec<String>) {
    match (expect, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                match a.get(k) {
                    Some(av) => mismatches(ev, av, &format!("{path}.{k}"), out),
                    None => out.push(format!("{path}.{k}: missing in the result")),
                }
            }
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                out.push(format!("{path}: expected {expect}, got {actual}"));
                return;
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                mismatches(ev, av, &format!("{path}[{i}]"), out);
            }
        }
        _ => {
            if expect != actual {
                out.push(format!("{path}: expected {expect}, got {actual}"));
            }
        }
    }
}

fn load_game(record: &Value) -> Result<Game, String> {
    let r = Record::from_json(&record.to_string()).map_err(|e| e.to_string())?;
    Game::from_record(&r).map_err(|e| e.to_string())
}

/// Runs one fixture; returns what went wrong, if anything.
fn run_fixture(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let fx: Value = serde_json::from_str(&text).map_err(|e| format!("bad fixture JSON: {e}"))?;
    for key in ["name", "rule", "why", "record"] {
        if fx.get(key).is_none() {
            return Err(format!("fixture has no \"{key}\""));
        }
    }
    let record = &fx["record"];
    let loaded = load_game(record);
    if let Some(want) = fx.get("expect_error") {
        let want_move = want["move"].as_u64().ok_or("expect_error needs a move")? as usize;
        let r = Record::from_json(&record.to_string()).and_then(|r| Game::from_record(&r));
        return match r {
            Ok(g) => Err(format!(
                "expected an error at move {want_move}, but the record replayed to {}",
                serde_json::to_string(&g.result()).unwrap()
            )),
            Err(e) => {
                let rule = match e.kind {
                    RecordErrorKind::Rule(r) => Some(r.code()),
                    _ => None,
                };
                let ok = e.move_number == Some(want_move)
                    && want["code"].as_str().is_none_or(|c| c == e.code())
                    && want["rule"].as_str().is_none_or(|c| Some(c) == rule)
                    && (want["rule"].is_string() || want["code"].is_string());
                if ok {
                    Ok(())
                } else {
                    Err(format!(
                        "expected {want}, got {:?} at move {:?}: {e}",
                        e.kind, e.move_number
                    ))
                }
            }
        };
    }
    let expect = fx
        .get("expect")
        .ok_or("fixture has neither \"expect\" nor \"expect_error\"")?;
    let game = loaded.map_err(|e| format!("replay failed: {e}"))?;
    let actual = serde_json::to_value(game.result()).unwrap();
    let mut out = Vec::new();
    mismatches(expect, &actual, "result", &mut out);
    if !out.is_empty() {
        return Err(format!(
            "{}\n      full result: {actual}",
            out.join("\n      ")
        ));
    }
    // The record the game writes back replays to the same result.
    let again =
        Game::from_record(&Record::from_json(&game.record().to_json()).map_err(|e| e.to_string())?)
            .map_err(|e| format!("the game's own record does not replay: {e}"))?;
    if again.result() != game.result() {
        return Err("the game's own record replays to a different result".into());
    }
    // Discards are eager: a tile in hand always fits somewhere.
    let s = game.state();
    if s.step() == Step::PlaceTile && s.placements().is_empty() {
        return Err("the tile in hand fits nowhere, it should have been discarded".into());
    }
    if s.step() == Step::GameOver
        && s.potential_scores() != {
            let mut a = [Default::default(); 6];
            for p in 0..s.players() {
                a[p as usize] = s.score(p);
            }
            a
        }
    {
        return Err("potential_scores differ from the final scores".into());
    }
    Ok(())
}

fn run_all(dir: &Path) -> (usize, Vec<String>) {
    let files = fixtures_in(dir);
    let mut failures = Vec::new();
    for f in &files {
        let outcome = std::panic::catch_unwind(|| run_fixture(f))
            .unwrap_or_else(|_| Err("the engine panicked".into()));
        if let Err(e) = outcome {
            failures.push(format!(
                "{}:\n      {e}",
                f.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    (files.len(), failures)
}

#[test]
fn every_scenario_fixture_replays_as_the_rules_say() {
    let (n, failures) = run_all(&scenario_dir());
    assert!(n >= 40, "expected the scenario fixtures, found {n}");
    assert!(
        failures.is_empty(),
        "{} of {n} scenarios failed:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

#[test]
fn fixtures_are_well_formed() {
    for f in fixtures_in(&scenario_dir()) {
        let fx: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let has_expect = fx.get("expect").is_some();
        let has_error = fx.get("expect_error").is_some();
        assert!(
            has_expect != has_error,
            "{}: exactly one of expect and expect_error",
            f.display()
        );
        for key in ["name", "rule", "why"] {
            assert!(
                fx[key].as_str().is_some_and(|s| !s.is_empty()),
                "{}: {key} must be a non-empty string",
                f.display()
            );
        }
    }
}

// ----- scenarios built in code --------------------------------------------

fn record(players: &[&str], rules: Value, deck: &[&str], moves: Value) -> Value {
    serde_json::json!({
        "format": "carcassonne-record/1",
        "players": players,
        "rules": rules,
        "deck": deck,
        "moves": moves,
    })
}

/// The error of a result that must have failed (`Game` is not `Debug`).
fn err_of<T, E>(r: Result<T, E>) -> E {
    match r {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}

fn result_of(r: &Value) -> Value {
    let g = load_game(r).unwrap_or_else(|e| panic!("{e}\nrecord: {r}"));
    serde_json::to_value(g.result()).unwrap()
}

/// The field-to-city borders of rules §10 for the tiles whose fields do not
/// all border their city. Each tile lies at (0,-1) with rotation 2, so its
/// city faces D's city below; half-edges are given in that board orientation
/// (a half turn maps NW<->SE, NE<->SW, EN<->WS, ES<->WN).
///
/// Catalogue (reference orientation) -> rotation 2:
/// - D: [EN WN |C:N] [ES SE SW WS]          -> [WS ES] borders, [WN NW NE EN] not
/// - J: [EN SW WS WN |C:N] [ES SE]          -> [WS NE EN ES] borders, [WN NW] not
/// - K: [EN ES SE WN |C:N] [SW WS]          -> [WS WN NW ES] borders, [NE EN] not
/// - L: [EN WN |C:N] [ES SE] [SW WS]        -> [WS ES] borders, [WN NW], [NE EN] not
/// - O, P: [EN SW |C:NW] [ES SE]            -> [WS NE] borders, [WN NW] not
/// - S: [SE |C:NEW] [SW |C:NEW]             -> [NW] and [NE] both border
const BORDERS: &[(&str, &[(&str, bool)])] = &[
    (
        "D",
        &[
            ("WS", true),
            ("ES", true),
            ("WN", false),
            ("NW", false),
            ("NE", false),
            ("EN", false),
        ],
    ),
    (
        "J",
        &[
            ("WS", true),
            ("NE", true),
            ("EN", true),
            ("ES", true),
            ("WN", false),
            ("NW", false),
        ],
    ),
    (
        "K",
        &[
            ("WS", true),
            ("WN", true),
            ("NW", true),
            ("ES", true),
            ("NE", false),
            ("EN", false),
        ],
    ),
    (
        "L",
        &[
            ("WS", true),
            ("ES", true),
            ("WN", false),
            ("NW", false),
            ("NE", false),
            ("EN", false),
        ],
    ),
    (
        "O",
        &[("WS", true), ("NE", true), ("WN", false), ("NW", false)],
    ),
    (
        "P",
        &[("WS", true), ("NE", true), ("WN", false), ("NW", false)],
    ),
    ("S", &[("NW", true), ("NE", true)]),
];

#[test]
fn field_to_city_borders_of_d_j_k_l_o_p_s_at_final_scoring() {
    for &(kind, fields) in BORDERS {
        for &(half, borders) in fields {
            // The tile closes D's one-edge city; O and P need a cap on the
            // east, S one on each side.
            let (deck, mut moves): (Vec<&str>, Vec<Value>) = match kind {
                "O" | "P" => (
                    vec![kind, "E"],
                    vec![serde_json::json!({ "at": [1, -1], "rotation": 3 })],
                ),
                "S" => (
                    vec![kind, "E", "E"],
                    vec![
                        serde_json::json!({ "at": [1, -1], "rotation": 3 }),
                        serde_json::json!({ "at": [-1, -1], "rotation": 1 }),
                    ],
                ),
                _ => (vec![kind], vec![]),
            };
            moves.insert(
                0,
                serde_json::json!({ "at": [0, -1], "rotation": 2, "follower": half }),
            );
            let r = record(
                &["Ann", "Bob"],
                serde_json::json!({}),
                &deck,
                Value::Array(moves),
            );
            let res = result_of(&r);
            let want = if borders { 3 } else { 0 };
            assert_eq!(res["finished"], true, "{kind} {half}");
            assert_eq!(
                res["players"][0]["field"], want,
                "{kind}: a farmer at {half} should score {want} (borders the completed city: {borders}); result {res}"
            );
            assert_eq!(res["players"][0]["total"], want, "{kind} {half}: {res}");
        }
    }
}

#[test]
fn every_half_edge_of_one_field_names_the_same_field() {
    // E at (0,-1) r2: its field touches WS WN NW NE EN ES (rules §10, E
    // [EN ES SE SW WS WN] turned half round); any of them names it.
    for half in ["WS", "WN", "NW", "NE", "EN", "ES"] {
        let r = record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["E"],
            serde_json::json!([{ "at": [0, -1], "rotation": 2, "follower": half }]),
        );
        let res = result_of(&r);
        assert_eq!(res["players"][0]["field"], 3, "{half}: {res}");
    }
    // SE and SW are the city edge's halves: no field there.
    for half in ["SE", "SW"] {
        let r = record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["E"],
            serde_json::json!([{ "at": [0, -1], "rotation": 2, "follower": half }]),
        );
        let err = err_of(load_game(&r));
        assert!(err.contains("move 1") && err.contains(half), "{err}");
    }
}

#[test]
fn a_follower_on_a_feature_its_own_tile_completes_comes_straight_back() {
    // Big-box rulebook: place a meeple on a feature you just completed, score
    // it, return it, all in one turn.
    let r = Record::from_json(
        &record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["E", "U"],
            serde_json::json!([{ "at": [0, -1], "rotation": 2, "follower": "S" }]),
        )
        .to_string(),
    )
    .unwrap();
    let g = Game::from_record(&r).unwrap();
    let s = g.state();
    assert_eq!(s.score(0).total(), 4);
    assert_eq!(s.supply(0), 7, "the knight is back in Ann's supply");
    assert!(s.meeples().is_empty());
    assert_eq!(s.current_player(), 1);
}

#[test]
fn farmers_stay_on_the_board_until_the_end() {
    let r = Record::from_json(
        &record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["E", "U"],
            serde_json::json!([{ "at": [0, -1], "rotation": 2, "follower": "NW" }]),
        )
        .to_string(),
    )
    .unwrap();
    let g = Game::from_record(&r).unwrap();
    assert_eq!(g.state().supply(0), 6, "the farmer stays on the field");
    assert_eq!(g.state().meeples().len(), 1);
    assert_eq!(
        g.state().score(0).total(),
        0,
        "fields score only at the end"
    );
    assert_eq!(g.state().potential_scores()[0].total(), 3);
}

#[test]
fn an_occupied_feature_is_not_offered_and_is_refused() {
    // Ann's thief on U(1,0); Bob's U(2,0) continues the same road.
    let r = Record::from_json(
        &record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["U", "U"],
            serde_json::json!([{ "at": [1, 0], "rotation": 1, "follower": "E" }]),
        )
        .to_string(),
    )
    .unwrap();
    let mut g = Game::from_record(&r).unwrap();
    let mut ev = Vec::new();
    g.place_tile(Pos::new(2, 0), 1, &mut ev).unwrap();
    let spots = g.state().follower_spots();
    let names: Vec<&str> = spots.iter().map(|s| s.location.name()).collect();
    assert!(
        !names.contains(&"E") && !names.contains(&"W"),
        "road offered: {names:?}"
    );
    assert_eq!(spots.len(), 2, "the two fields: {names:?}");
    let e = g
        .choose_follower(FollowerChoice::Follower(Location::Side(Side::E)), &mut ev)
        .unwrap_err();
    assert!(matches!(e, RuleError::FeatureOccupied(_)), "{e:?}");
    assert!(e.to_string().contains("already has a follower"));
}

/// Plays a seeded game, putting Ann's followers where they never come back
/// (fields, monasteries) until her supply is empty.
#[test]
fn a_player_with_no_followers_left_cannot_place_one() {
    let rules = carcassonne::engine::Rules {
        abbot: true,
        ..Default::default()
    };
    let mut g = Game::new(vec!["Ann".into(), "Bob".into()], rules, 11).unwrap();
    let mut ev = Vec::new();
    let mut checked_empty = false;
    let mut checked_abbot = false;
    while g.state().step() != Step::GameOver && !(checked_empty && checked_abbot) {
        let (at, r) = g.state().placements()[0];
        g.place_tile(at, r, &mut ev).unwrap();
        let s = g.state();
        let me = s.current_player();
        let spots = s.follower_spots();
        let mut choice = FollowerChoice::Skip;
        if me == 0 {
            if s.supply(0) == 0 {
                // No follower spot is offered, only the abbot's (rules §11).
                assert!(
                    spots
                        .iter()
                        .all(|sp| sp.role == carcassonne::engine::Role::Abbot),
                    "spots offered with an empty supply: {spots:?}"
                );
                let loc = (0..8)
                    .map(|h| Location::Half(HalfEdge::new(h)))
                    .chain(Side::ALL.iter().map(|&sd| Location::Side(sd)))
                    .find(|&l| s.segment_at(s.board().len() - 1, l).is_some());
                if let Some(loc) = loc {
                    if !matches!(
                        s.check_follower(FollowerChoice::Follower(loc)),
                        Err(RuleError::OnRiver(_))
                    ) {
                        let e = s.check_follower(FollowerChoice::Follower(loc)).unwrap_err();
                        assert_eq!(e, RuleError::NoFollowersLeft, "{loc}");
                        let mut bad = g.record();
                        bad.moves.push(carcassonne::engine::Move {
                            at,
                            rotation: r,
                            choice: FollowerChoice::Follower(loc),
                            tile: None,
                        });
                        let err = err_of(Game::from_record(&bad)).to_string();
                        let n = bad.moves.len();
                        assert!(
                            err.contains(&format!("move {n}")) && err.contains("no followers"),
                            "{err}"
                        );
                        checked_empty = true;
                    }
                }
                if spots
                    .iter()
                    .any(|sp| sp.role == carcassonne::engine::Role::Abbot)
                {
                    // The abbot is a separate piece.
                    choice = FollowerChoice::Abbot;
                    checked_abbot = true;
                }
            } else if let Some(sp) = spots.iter().find(|sp| {
                matches!(
                    sp.role,
                    carcassonne::engine::Role::Farmer | carcassonne::engine::Role::Monk
                )
            }) {
                choice = FollowerChoice::Follower(sp.location);
            }
        }
        g.choose_follower(choice, &mut ev).unwrap();
    }
    assert!(checked_empty, "Ann never ran out of followers");
    assert!(checked_abbot, "Ann never drew a monastery or garden later");
}

/// The rules §11 example before its last move: Ann's thief holds the 2-tile
/// road (worth 2 so far); Bob's knight's 2-tile city is complete (worth 4).
#[test]
fn feature_info_tells_value_and_owner() {
    use carcassonne::engine::{Category, Location, Pos, Side};
    let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],"deck":["V","E","U"],
      "moves":[{"at":[1,0],"rotation":1,"follower":"W"},{"at":[0,-1],"rotation":2,"follower":"S"}]}"#;
    let game = carcassonne::engine::Game::from_record(
        &carcassonne::engine::Record::from_json(text).unwrap(),
    )
    .unwrap();
    let road = game
        .state()
        .feature_info(Pos::new(0, 0), Location::Side(Side::E))
        .unwrap();
    assert_eq!(
        (road.category, road.complete, road.value),
        (Category::Road, false, 2)
    );
    assert_eq!(road.owners.iter().collect::<Vec<_>>(), [0]);
    assert_eq!(road.tiles.len(), 2);
    let city = game
        .state()
        .feature_info(Pos::new(0, 0), Location::Side(Side::N))
        .unwrap();
    assert_eq!(
        (city.category, city.complete, city.value),
        (Category::City, true, 4)
    );
    assert!(
        city.owners.is_empty(),
        "Bob's knight went home when the city was scored"
    );
    assert!(game
        .state()
        .feature_info(Pos::new(5, 5), Location::Center)
        .is_none());
}

/// The queries the page draws from: pieces with where they stand, the cities
/// a field is paid for, and whose move each record entry was. The layout is
/// `20_farm_two_cities_one_field` stopped before city B is finished.
#[test]
fn pieces_fed_cities_and_movers_as_the_page_asks_for_them() {
    let r = Record::from_json(
        &record(
            &["Ann", "Bob"],
            serde_json::json!({}),
            &["E", "U", "E", "E"],
            serde_json::json!([
                { "at": [0, -1], "rotation": 2, "follower": "NW" },
                { "at": [1, 0], "rotation": 1, "follower": "NE" },
                { "at": [0, -2], "rotation": 0 }
            ]),
        )
        .to_string(),
    )
    .unwrap();
    let g = Game::from_record(&r).unwrap();
    let s = g.state();
    let pieces: Vec<_> = s.pieces().collect();
    assert_eq!(pieces.len(), 2);
    assert_eq!((pieces[0].player, pieces[0].at), (0, Pos::new(0, -1)));
    assert_eq!((pieces[1].player, pieces[1].at), (1, Pos::new(1, 0)));
    for p in &pieces {
        assert_eq!(p.role, carcassonne::engine::Role::Farmer);
        assert!(matches!(p.location, Location::Half(_)), "{p:?}");
        // The location names the piece's own field: the feature there holds it.
        let info = s.feature_info(p.at, p.location).unwrap();
        assert!(info.owners.iter().any(|o| o == p.player));
    }
    // Ann's field borders city A (the start tile and (0,-1)), complete, and
    // city B at (0,-2), still open: only A's tiles count.
    let mut fed = s.fed_city_tiles(Pos::new(0, -1), Location::parse("NW").unwrap());
    fed.sort_by_key(|p| (p.x, p.y));
    assert_eq!(fed, vec![Pos::new(0, -1), Pos::new(0, 0)]);
    assert!(
        s.fed_city_tiles(Pos::new(0, -1), Location::Side(Side::S))
            .is_empty(),
        "a city feeds nothing"
    );
    assert!(s
        .fed_city_tiles(Pos::new(5, 5), Location::parse("NW").unwrap())
        .is_empty());
    assert_eq!(
        (0..3).map(|i| g.player_of_move(i)).collect::<Vec<_>>(),
        vec![0, 1, 0]
    );
}
