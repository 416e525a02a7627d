//! Saves in real browser storage: namespaced, and surviving a full quota.
#![cfg(target_arch = "wasm32")]

use carcassonne::shell::library;
use carcassonne::web::storage::{self, LocalStore, SaveError};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn keys_carry_the_page_directory_and_a_version() {
    let k = storage::key("game");
    assert!(k.starts_with("carcassonne:/"), "{k}");
    assert!(k.ends_with(":v1:game"), "{k}");
}

#[wasm_bindgen_test]
fn a_full_storage_is_reported_and_the_last_save_survives() {
    storage::save("test-game", "turn 1").unwrap();
    assert_eq!(storage::load("test-game").as_deref(), Some("turn 1"));
    // Fill the origin's quota with other data.
    let ls = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let chunk = "x".repeat(512 * 1024);
    let mut i = 0;
    while ls.set_item(&format!("filler-{i}"), &chunk).is_ok() {
        i += 1;
        assert!(i < 200, "storage never filled up");
    }
    let big = "y".repeat(1024 * 1024);
    assert_eq!(storage::save("test-game", &big), Err(SaveError::Full));
    assert_eq!(
        storage::load("test-game").as_deref(),
        Some("turn 1"),
        "the last good save is intact"
    );
    for j in 0..=i {
        let _ = ls.remove_item(&format!("filler-{j}"));
    }
    library::set_aside(&mut LocalStore, "test-game");
    assert_eq!(storage::load("test-game"), None);
    assert_eq!(
        storage::load("test-game.unreadable").as_deref(),
        Some("turn 1")
    );
    forget_aside("test-game");
}

fn forget_aside(name: &str) {
    for i in 0..library::KEPT + 1 {
        storage::remove(&library::aside(name, i));
        storage::remove(&(library::aside(name, i) + ".date"));
    }
}

#[wasm_bindgen_test]
fn a_second_unreadable_save_does_not_overwrite_the_first() {
    forget_aside("aside-game");
    let today = String::from(js_sys::Date::new_0().to_iso_string())[..10].to_string();
    for n in 1..=4 {
        storage::save("aside-game", &format!("broken {n}")).unwrap();
        let kept = library::set_aside(&mut LocalStore, "aside-game");
        assert_eq!(kept.len(), n.min(library::KEPT), "after {n}");
        assert!(
            kept.iter().all(|t| t.starts_with(&today)),
            "each has its date: {kept:?}"
        );
    }
    assert_eq!(
        storage::load("aside-game"),
        None,
        "the way is clear for a new game"
    );
    let kept: Vec<_> = (0..library::KEPT + 1)
        .map(|i| storage::load(&library::aside("aside-game", i)))
        .collect();
    assert_eq!(
        kept,
        [
            Some("broken 4".into()),
            Some("broken 3".into()),
            Some("broken 2".into()),
            None
        ],
        "the newest three are kept, newest first; only the oldest went"
    );
    forget_aside("aside-game");
}
