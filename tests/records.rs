//! The shared record fixtures (`tests/records/good/*.json`, `bad/*.json`)
//! through the native reader: serde_json's parse, then the one reader. The
//! wasm test `wasm_records.rs` runs the same files through the browser's
//! `JSON.parse` and the page's API, so both sides give the same verdict.
//!
//! A bad fixture's name starts with the error code it must get (`json`,
//! `field`, `header`, `deck`, `rule`), or `any` where the two sides' JSON
//! parsers differ in kind but both refuse.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

#[path = "records/fixtures.rs"]
mod fixtures;

use carcassonne::engine::record::MAX_SEED;
use carcassonne::engine::{Game, Record, RecordError};
use std::path::Path;

fn load(text: &str) -> Result<Game, RecordError> {
    Game::from_record(&Record::from_json(text)?)
}

#[test]
fn records_fixtures_are_all_listed() {
    for (dir, listed) in [("good", fixtures::GOOD), ("bad", fixtures::BAD)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/records")
            .join(dir);
        let mut names: Vec<String> = std::fs::read_dir(&path)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".json").map(String::from))
            .collect();
        names.sort();
        let mut want: Vec<String> = listed.iter().map(|(n, _)| n.to_string()).collect();
        want.sort();
        assert_eq!(
            names, want,
            "tests/records/fixtures.rs must list every {dir} file"
        );
    }
}

#[test]
fn good_records_load_and_write_back_the_same() {
    for (name, text) in fixtures::GOOD {
        let g = load(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let again = load(&g.record().to_json()).unwrap_or_else(|e| panic!("{name} again: {e}"));
        assert_eq!(again.record(), g.record(), "{name}");
        assert_eq!(again.result(), g.result(), "{name}");
        assert!(g.seed().is_none_or(|s| s <= MAX_SEED), "{name}");
    }
}

#[test]
fn bad_records_are_refused_with_their_kind_and_a_named_move() {
    for (name, text) in fixtures::BAD {
        let e = match load(text) {
            Ok(_) => panic!("{name} was accepted"),
            Err(e) => e,
        };
        let want = name.split('-').next().unwrap();
        if want != "any" {
            assert_eq!(e.code(), want, "{name}: {e}");
        }
        if name.contains("-move-") || want == "rule" {
            assert!(e.move_number.is_some(), "{name}: {e} names no move");
            assert!(e.to_string().contains("move "), "{name}: {e}");
        }
    }
}

#[test]
fn seeds_we_write_stay_within_what_every_reader_holds() {
    // `carcassonne random` refuses a larger seed rather than writing one.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["random", "--seed", "18446744073709551615"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seed"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_carcassonne"))
        .args(["random", "--seed", &MAX_SEED.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let r = Record::from_json(&String::from_utf8_lossy(&out.stdout)).unwrap();
    assert_eq!(r.seed, Some(MAX_SEED));
    // A game dealt from a larger seed is refused, not written.
    let e = Game::new(
        vec!["A".into(), "B".into()],
        Default::default(),
        MAX_SEED + 1,
    )
    .err()
    .unwrap();
    assert_eq!(e.code(), "header");
}
