//! The `carcassonne` command line (issue #3, "Tests"): replay, random, bench.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_carcassonne"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Writes `text` to a fresh file in the temp directory.
fn temp_file(text: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let p = std::env::temp_dir().join(format!(
        "carcassonne-cli-test-{}-{}.json",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&p, text).unwrap();
    p
}

fn replay_text(text: &str) -> Output {
    let p = temp_file(text);
    let o = run(&["replay", p.to_str().unwrap()]);
    let _ = std::fs::remove_file(p);
    o
}

/// The rules §11 example record, from the shared fixture.
fn rules_example() -> Value {
    serde_json::from_str(include_str!("records/good/rules-example.json")).unwrap()
}

#[test]
fn replay_prints_the_rules_example_result() {
    let o = replay_text(&rules_example().to_string());
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let got: Value = serde_json::from_str(&stdout(&o)).expect("replay prints JSON");
    let want = json!({ "finished": true, "tiles_placed": 4, "tiles_discarded": 0,
      "players": [ { "name": "Ann", "total": 3, "road": 3, "city": 0, "monastery": 0, "garden": 0, "field": 0 },
                   { "name": "Bob", "total": 4, "road": 0, "city": 4, "monastery": 0, "garden": 0, "field": 0 } ],
      "winners": ["Bob"] });
    assert_eq!(got, want);
}

#[test]
fn replay_of_an_illegal_record_fails_naming_the_move_and_the_rule() {
    // Move 2 puts E's city against D's road.
    let mut v = rules_example();
    v["moves"][1] = json!({ "at": [0, -1], "rotation": 0 });
    let o = replay_text(&v.to_string());
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("move 2") && e.contains("edge"),
        "stderr does not name the move and the rule: {e}"
    );
    assert!(stdout(&o).is_empty(), "no result printed: {}", stdout(&o));

    // A follower on an occupied road.
    let mut v = rules_example();
    v["deck"] = json!(["V", "U", "E"]);
    v["moves"] = json!([
        { "at": [1, 0], "rotation": 1, "follower": "W" },
        { "at": [-1, 0], "rotation": 1, "follower": "E" }
    ]);
    let o = replay_text(&v.to_string());
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("move 2") && e.contains("already has a follower"),
        "{e}"
    );
}

#[test]
fn replay_refuses_malformed_records_and_missing_files() {
    for text in [
        "",
        "{",
        "[]",
        "not json",
        r#"{"format":"carcassonne-record/2","players":["A","B"],"seed":1}"#,
        r#"{"format":"carcassonne-record/1","players":["A"],"seed":1}"#,
        r#"{"format":"carcassonne-record/1","players":["A","B"],"seed":1,"extra":1}"#,
    ] {
        let o = replay_text(text);
        assert!(!o.status.success(), "accepted: {text}");
        assert!(!stderr(&o).trim().is_empty(), "no message for {text}");
    }
    let o = run(&["replay", "/nonexistent/dir/record.json"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
}

#[test]
fn random_prints_a_record_that_replays_to_a_finished_game() {
    let o = run(&["random", "--seed", "5"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    let record: Value = serde_json::from_str(&text).expect("random prints a JSON record");
    assert_eq!(record["format"], "carcassonne-record/1");
    assert_eq!(record["players"].as_array().unwrap().len(), 2);
    let r = replay_text(&text);
    assert!(r.status.success(), "stderr: {}", stderr(&r));
    let result: Value = serde_json::from_str(&stdout(&r)).unwrap();
    assert_eq!(result["finished"], true);
    assert_eq!(
        result["tiles_placed"].as_u64().unwrap() + result["tiles_discarded"].as_u64().unwrap(),
        72,
        "the whole set is used: {result}"
    );
    assert!(!result["winners"].as_array().unwrap().is_empty());
    // The same seed gives the same game.
    assert_eq!(stdout(&run(&["random", "--seed", "5"])), text);
}

#[test]
fn random_with_options_and_bad_arguments() {
    let o = run(&[
        "random",
        "--seed",
        "9",
        "--players",
        "4",
        "--rules",
        r#"{"river": true, "abbot": true, "farm_scoring": "first"}"#,
    ]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let rec: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(rec["players"].as_array().unwrap().len(), 4);
    let r = replay_text(&stdout(&o));
    assert!(r.status.success(), "stderr: {}", stderr(&r));
    let result: Value = serde_json::from_str(&stdout(&r)).unwrap();
    assert_eq!(result["finished"], true);

    for args in [
        &["random"][..],
        &["random", "--seed"],
        &["random", "--seed", "x"],
        &["random", "--seed", "-1"],
        &["random", "--seed", "1", "--players", "7"],
        &["random", "--seed", "1", "--players", "1"],
        &["random", "--seed", "1", "--rules", "{\"dragon\": true}"],
        &["random", "--seed", "1", "--rules", "nope"],
        &["random", "--seed", "1", "--colour", "red"],
    ] {
        let o = run(args);
        assert!(!o.status.success(), "accepted: {args:?}");
        assert!(!stderr(&o).trim().is_empty(), "no message for {args:?}");
    }
}

/// `analyse` prints a line a move and one a player: Ann's last tile,
/// laid away from her own open city (tests/analysis.rs counts it by hand),
/// left 3 points on the table, a mistake.
#[test]
fn analyse_prints_each_moves_cost_and_each_players_summary() {
    let p = temp_file(
        r#"{ "format": "carcassonne-record/1", "players": ["Ann", "Bob"],
      "rules": { "farmers": false }, "deck": ["E", "E", "E"],
      "moves": [ { "at": [0, 1], "rotation": 2, "follower": "S" },
                 { "at": [0, -1], "rotation": 2, "follower": "S" },
                 { "at": [1, 1], "rotation": 0 } ] }"#,
    );
    let o = run(&["analyse", p.to_str().unwrap()]);
    let _ = std::fs::remove_file(p);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("played") && lines[0].contains("cost"),
        "{out}"
    );
    let last: Vec<&str> = lines[3].split_whitespace().collect();
    assert_eq!(last[..3], ["3", "Ann", "(1,1)"], "{out}");
    assert_eq!(
        last[4..],
        ["-3.0", "(0,2)", "r0", "+0.0", "3.0", "mistake"],
        "{out}"
    );
    let ann = lines
        .iter()
        .find(|l| l.starts_with("Ann "))
        .expect("Ann's summary");
    // Two moves, a mistake among them, the labels summing to the moves.
    let cols: Vec<&str> = ann.split_whitespace().collect();
    assert_eq!(cols[1], "2", "{out}");
    assert_eq!(cols[5], "1", "one mistake: {out}");
    assert!(lines.iter().any(|l| l.starts_with("Bob ")), "{out}");
}

#[test]
fn usage_errors_exit_non_zero() {
    for args in [
        &[][..],
        &["help-me"],
        &["replay"],
        &["replay", "a.json", "b.json"],
        &["bench", "--games"],
        &["bench", "--games", "many"],
        &["bench", "--fast"],
        &["duel"],
        &["duel", "hard"],
        &["duel", "hard", "medium", "easy"],
        &["duel", "hard", "expert"],
        &["duel", "easy", "greedy", "--games"],
        &["duel", "easy", "greedy", "--rounds", "3"],
        &["duel", "greedy:margin=3", "easy"],
        &["duel", "easy:depth=3", "greedy"],
        &["duel", "easy:iterations=many", "greedy"],
        &["duel", "easy:iterations", "greedy"],
        &["duel", "easy:work=lots", "greedy"],
        &["analyse"],
        &["analyse", "a.json", "b.json"],
        &["analyse", "/nonexistent/record.json"],
        &["think"],
        &["think", "expert"],
        &["think", "easy", "--seed"],
        &["think", "easy", "--players", "3"],
    ] {
        let o = run(args);
        assert!(!o.status.success(), "accepted: {args:?}");
        assert!(!stderr(&o).trim().is_empty(), "no message for {args:?}");
    }
    assert!(stderr(&run(&[])).contains("usage"));
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    for args in [
        &["duel", "--help"][..],
        &["duel", "-h"],
        &["help"],
        &["--help"],
    ] {
        let o = run(args);
        assert!(o.status.success(), "failed: {args:?}");
        assert!(stdout(&o).contains("carcassonne duel A B"), "{args:?}");
    }
}

/// `think` times each of a level's moves in the game `scripts/ai-time.mjs`
/// times on the page (four players, the level in seat 0): a line a move,
/// then the median and the worst. With a budget in playout work, the
/// opening move may run fewer playouts than the last.
#[test]
fn think_times_each_move_and_a_work_budget_runs_fewer_playouts_first() {
    let o = run(&["think", "easy:work=20000", "--seed", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let most: Vec<u32> = out
        .lines()
        .filter_map(|l| l.split(" tiles to come, ").nth(1))
        .map(|l| l.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(most.len(), 18, "a quarter of the 72 tiles: {out}");
    // 20,000 tiles over 70 to come and a set-up of 6: 263; easy's 300 late.
    assert_eq!((most[0], most[17]), (263, 300), "{out}");
    assert!(out.trim_end().ends_with(" ms"), "{out}");
    assert!(out.contains("18 moves: median "), "{out}");
}

/// A duel of several pairings prints one row a pairing: the win rate of A
/// with its interval, the mean scores and the thinking per move.
#[test]
fn duel_prints_a_row_per_pairing() {
    let o = run(&[
        "duel", "greedy", "random", "random", "random", "--games", "4",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("greedy") || l.starts_with("random"))
        .collect();
    assert_eq!(rows.len(), 2, "{out}");
    let cells: Vec<&str> = rows[0].split_whitespace().collect();
    assert_eq!(&cells[..3], &["greedy", "random", "4"], "{out}");
    assert!(cells[3].ends_with('%') && cells[4].contains('–'), "{out}");
}

/// A level written with budget changes (`easy:iterations=50`) plays as
/// that variant, and its row is named as written.
#[test]
fn duel_tries_a_level_with_its_budget_changed() {
    let o = run(&[
        "duel",
        "easy:iterations=50,margin=10",
        "random",
        "--games",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let row = out
        .lines()
        .find(|l| l.starts_with("easy:iterations=50,margin=10 "))
        .unwrap_or_else(|| panic!("{out}"));
    assert_eq!(row.split_whitespace().nth(2), Some("2"), "{out}");
}

/// `bench` prints lines `name: value unit`. With 200 games it takes well
/// under a second, so it runs by default.
#[test]
fn bench_prints_name_value_unit_lines() {
    let o = run(&["bench", "--games", "200"]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 3, "{text}");
    for line in lines {
        let (name, rest) = line.split_once(": ").unwrap_or_else(|| panic!("{line}"));
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
            "name: {line}"
        );
        let mut words = rest.split_whitespace();
        let value = words.next().unwrap_or_else(|| panic!("{line}"));
        assert!(value.parse::<f64>().is_ok(), "value: {line}");
        assert!(words.next().is_some(), "unit: {line}");
    }
}

/// `carcassonne replay R | head -1`: a reader that goes away ends the
/// command quietly (no panic on the broken pipe), for every command that
/// prints. The pipe's read end is closed before the command starts, so its
/// first line already meets the closed pipe.
#[test]
fn a_closed_stdout_ends_the_printing_commands_quietly() {
    let record = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/records/good/rules-example.json"
    );
    for args in [
        &["replay", record][..],
        &["random", "--seed", "7"],
        &["bench", "--games", "20"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let o = bin()
            .args(args)
            .stdout(writer)
            .output()
            .expect("the binary runs");
        assert!(
            o.status.success() && o.stderr.is_empty(),
            "{args:?}: {:?}, stderr: {}",
            o.status,
            stderr(&o)
        );
    }
}

/// The house rules (rules §12) through the command line: `random --rules`
/// writes them into the record (moves from a hand name their tile), `replay`
/// reads it back, `duel --rules` plays them, and a bad key is refused.
#[test]
fn house_rules_on_the_command_line() {
    let rules = r#"{"hand":3,"hand_open":false,"hole_bonus":true,"table":[11,9],"table_closes":true,"unplayable_back":true,"score_incomplete":false,"start_in_bag":true}"#;
    let o = run(&["random", "--seed", "8", "--players", "3", "--rules", rules]);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let text = stdout(&o);
    let record: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(record["rules"]["hand"], 3);
    assert_eq!(record["rules"]["table"], serde_json::json!([11, 9]));
    assert!(record["moves"][0]["tile"].is_string(), "{text}");
    let r = replay_text(&text);
    assert!(r.status.success(), "stderr: {}", stderr(&r));
    let result: Value = serde_json::from_str(&stdout(&r)).unwrap();
    assert_eq!(result["finished"], true);
    let o = run(&[
        "duel",
        "greedy",
        "random",
        "--games",
        "2",
        "--rules",
        r#"{"hand":2}"#,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = run(&["random", "--seed", "1", "--rules", r#"{"table":[4,5]}"#]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("table"), "{}", stderr(&o));
}
