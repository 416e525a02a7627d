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
    // Warm up first, so the browser's optimising compiler has tiered up; then
    // three rounds, the best reported (this machine's speed wanders).
    let (warm, games) = (2000, 5000);
    let mut play = |n: u32| {
        let t = now();
        for _ in 0..n {
            rng.shuffle(&mut d);
            scratch.events.clear();
            s.restart(rules, 2, &d, &mut scratch.events);
            playout(&mut s, &mut rng, &mut scratch);
            assert_eq!(s.step(), Step::GameOver);
        }
        f64::from(n) / ((now() - t) / 1000.0)
    };
    play(warm);
    let mut rates: Vec<f64> = (0..3).map(|_| play(games)).collect();
    rates.sort_by(f64::total_cmp);
    console_log!(
        "wasm_random_games_per_second: {:.0} games/s (best of 3 rounds; median {:.0})",
        rates[2],
        rates[1]
    );
}
