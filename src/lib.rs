//! Carcassonne for the browser.
//!
//! `engine` is the pure rules engine: no web dependency, compiled natively for
//! tests, benchmarks and the `carcassonne` command, and to wasm for the page.
//! `link` is play by link between devices with no server: fair draws and
//! compact links, over the engine.
//! `ai` is the computer opponents, pure Rust like the engine.
//! `shell` decides everything about the table (screens, turns, timers, the
//! words said) as messages in and effects out, pure Rust, tested natively.
//! `web` is the thin browser layer (canvas renderer, input, storage, the
//! JS-facing API) that carries the shell's effects out, compiled only for wasm32.

pub mod ai;
pub mod engine;
// Play by link (docs/link-play.md).
pub mod link;
pub mod shell;

#[cfg(target_arch = "wasm32")]
pub mod web;
