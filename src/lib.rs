//! Carcassonne for the browser.
//!
//! `engine` is the pure rules engine: no web dependency, compiled natively for
//! tests, benchmarks and the `carcassonne` command, and to wasm for the page.
//! `ai` is the computer opponents, pure Rust like the engine.
//! `web` is the thin browser layer (canvas renderer, input, JS-facing API),
//! compiled only for wasm32.

pub mod ai;
pub mod engine;
pub mod shell;

#[cfg(target_arch = "wasm32")]
pub mod web;
