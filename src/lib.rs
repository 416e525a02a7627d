//! Carcassonne for the browser.
//!
//! `engine` is the pure rules engine: no web dependency, compiled natively for
//! tests, benchmarks and the `carcassonne` command, and to wasm for the page.
//! `web` is the thin browser layer (canvas renderer, input, JS-facing API),
//! compiled only for wasm32.

pub mod engine;

#[cfg(target_arch = "wasm32")]
pub mod web;
