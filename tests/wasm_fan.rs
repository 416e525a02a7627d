//! Follower markers spread so none overlaps (board/fan.rs), in headless Chromium.
#![cfg(target_arch = "wasm32")]

use carcassonne::web::board::fan::{apart, fan};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const WIDE: [f64; 4] = [0.0, 0.0, 2000.0, 2000.0];

#[wasm_bindgen_test]
fn spots_far_apart_stay_on_their_features() {
    let at = [(100.0, 100.0), (300.0, 100.0)];
    assert_eq!(fan(&at, (200.0, 100.0), 150.0, 50.0, WIDE), at.to_vec());
}

#[wasm_bindgen_test]
fn seven_crowded_spots_are_parted() {
    // A city, three roads and three fields on a 150-pixel tile.
    let at = [
        (500.0, 440.0),
        (560.0, 500.0),
        (500.0, 560.0),
        (440.0, 500.0),
        (540.0, 470.0),
        (460.0, 540.0),
        (545.0, 545.0),
    ];
    let p = fan(&at, (500.0, 500.0), 150.0, 48.0, WIDE);
    assert!(apart(&p, 48.0), "{p:?}");
    // Fanned around the tile, off its middle, each on the side of its spot.
    for (a, b) in at.iter().zip(&p) {
        let out = ((b.0 - 500.0).powi(2) + (b.1 - 500.0).powi(2)).sqrt();
        assert!(out > 75.0, "{b:?} is off the tile's middle");
        let along = (a.0 - 500.0) * (b.0 - 500.0) + (a.1 - 500.0) * (b.1 - 500.0);
        assert!(along > 0.0, "{a:?} -> {b:?} points the spot's way");
    }
}

#[wasm_bindgen_test]
fn coincident_spots_and_a_wall_still_part() {
    let at = [(10.0, 10.0); 5];
    let p = fan(&at, (10.0, 10.0), 150.0, 46.0, [0.0, 0.0, 400.0, 400.0]);
    assert!(apart(&p, 46.0), "{p:?}");
    assert!(p.iter().all(|q| q.0 >= 0.0 && q.1 >= 0.0));
}
