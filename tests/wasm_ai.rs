//! The hard computer's thinking time inside wasm in headless Chromium. Prints
//! the figures; asserts only that a legal decision came back.
#![cfg(target_arch = "wasm32")]

use carcassonne::ai::{self, Level};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{deck, Rules, State};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn hard_move_time_in_wasm() {
    let now = || web_sys::window().unwrap().performance().unwrap().now();
    let rules = Rules::default();
    let d = deck::shuffled(&rules, 7);
    let mut events = Vec::new();
    let s = State::new(rules, 2, &d, &mut events);
    ai::choose(&s, Level::Easy, 1); // warm-up
    let t = now();
    // What `ai::choose` runs for hard without hands, with its playouts told.
    let hard = Level::Hard.budget().unwrap();
    let (m, run) = ai::mcts::search(&s, hard, &mut Rng::new(1));
    let m = m.unwrap();
    let secs = (now() - t) / 1000.0;
    assert!(s.check_tile(s.tile().unwrap(), m.at, m.rotation).is_ok());
    console_log!("wasm_hard_move_opening: {:.3} s ({run} playouts)", secs);
    console_log!(
        "wasm_mcts_iterations_per_second: {:.0} it/s",
        run as f64 / secs
    );
}
