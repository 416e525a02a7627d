//! The AI workers (`www/ai-worker.js`) load this same module in a dedicated
//! Web Worker, where there is no `window`: the JS API works there too, and a
//! game without a seed draws one (getrandom finds `crypto` on the worker's
//! global as on the page's).
#![cfg(target_arch = "wasm32")]

use carcassonne::web::api::GameHandle;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_dedicated_worker);

#[wasm_bindgen_test]
fn a_game_without_a_seed_draws_one_in_a_worker() {
    assert!(web_sys::window().is_none(), "not in a worker");
    let seeds: Vec<f64> = (0..3)
        .map(|_| {
            let options = js_sys::JSON::parse(r#"{"players":["Ann","Bob"]}"#).unwrap();
            let g = GameHandle::new(options).unwrap();
            js_sys::Reflect::get(&g.record(), &"seed".into())
                .unwrap()
                .as_f64()
                .unwrap()
        })
        .collect();
    for s in &seeds {
        assert!(s.fract() == 0.0 && *s >= 0.0 && *s <= 9_007_199_254_740_991.0);
    }
    assert!(seeds[0] != seeds[1] || seeds[1] != seeds[2], "{seeds:?}");
}
