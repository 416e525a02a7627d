//! Engine speed inside wasm in headless Chromium. It prints the figure and
//! asserts only that the games finished: speed is measured, not tested.
#![cfg(target_arch = "wasm32")]

use carcassonne::engine::random::{playout, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{deck, Rules, State, Step};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn random_games_per_second_in_wasm() {
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    let rules = Rules::default();
    let mut rng = Rng::new(1);
    let mut scratch = Scratch::default();
    let mut d = deck::shuffled(&rules, 0);
    let mut s = State::new(rules, 2, &d, &mut scratch.events);
    // Warm up first, so the browser's optimising compiler has tiered up.
    let (warm, games) = (2000, 10_000);
    let mut t = now();
    for g in 0..warm + games {
        if g == warm {
            t = now();
        }
        rng.shuffle(&mut d);
        scratch.events.clear();
        s.restart(rules, 2, &d, &mut scratch.events);
        playout(&mut s, &mut rng, &mut scratch);
        assert_eq!(s.step(), Step::GameOver);
    }
    let secs = (now() - t) / 1000.0;
    console_log!(
        "wasm_random_games_per_second: {:.0} games/s",
        games as f64 / secs
    );
}
