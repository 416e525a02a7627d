//! Sessions recorded on the page replay natively, view for view
//! (`shell/tape.rs`): the committed tapes in `tests/tapes/`, and the one a
//! run of `tests/e2e/tape.test.mjs` has just recorded (named by `TAPE`).
//! A change to the view (`shell/view.rs`) changes every view on tape: that
//! run also writes `target/tapes/opening.json`, the new tape to commit.

use carcassonne::shell::tape::replay;
use std::path::PathBuf;

fn tapes() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/tapes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/tapes")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.extend(std::env::var_os("TAPE").map(PathBuf::from));
    files
}

#[test]
fn every_recorded_session_replays_with_the_same_views() {
    let files = tapes();
    assert!(!files.is_empty(), "no tape to replay");
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        let n = replay(&text).unwrap_or_else(|e| panic!("{f:?}: {e}"));
        assert!(n > 0, "{f:?} holds no message");
        println!("{}: {n} messages, the same views", f.display());
    }
}

/// The committed tape of a game's opening (the first messages of a game
/// recorded on the page by `tests/e2e/tape.test.mjs`).
fn opening() -> serde_json::Value {
    let f = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/tapes/opening.json");
    serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap()
}

#[test]
fn a_view_the_table_would_not_show_is_caught_at_its_step() {
    let mut tape = opening();
    let steps = tape["steps"].as_array_mut().unwrap();
    let last = steps.len() - 1;
    steps[last][1]["bars"]["prompt"] = "Somebody else's turn".into();
    let e = replay(&tape.to_string()).unwrap_err();
    assert!(
        e.contains(&format!("after message {last} ")) && e.contains("Somebody else's turn"),
        "{e}"
    );
    // A message left out: the views after it are not the page's.
    let mut tape = opening();
    let steps = tape["steps"].as_array_mut().unwrap();
    let changes = (1..steps.len())
        .find(|&i| steps[i][1] != steps[i - 1][1])
        .expect("a message that changes the view");
    steps.remove(changes);
    assert!(
        replay(&tape.to_string()).is_err(),
        "a message left out is seen"
    );
}
