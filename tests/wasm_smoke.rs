//! Browser smoke tests: run in headless Chromium by `scripts/test.sh`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn runs_in_a_browser_window() {
    assert!(web_sys::window().is_some());
}

#[wasm_bindgen_test]
fn a_canvas_gets_a_2d_context() {
    use wasm_bindgen::JsCast;
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    assert!(canvas.get_context("2d").unwrap().is_some());
}
