//! The game shell without the browser: which screen shows, the turn's
//! interface state and the decisions a tap or a key leads to. Pure Rust,
//! compiled natively and tested with `cargo test`; `web` only carries its
//! effects out on the page (DOM, canvas, storage, timers).

pub mod aids;
pub mod analysis;
pub mod banner;
pub mod bars;
pub mod cards;
pub mod computer;
pub mod effect;
pub mod followers;
pub mod games;
pub mod gesture;
pub mod guide;
pub mod hand;
pub mod holding;
pub mod in_progress;
pub mod input;
pub mod keys;
pub mod library;
pub mod lifecycle;
pub mod msg;
pub mod over;
pub mod placement;
pub mod press;
pub mod question;
pub mod remote;
mod remote_undo;
pub mod review;
pub mod runtime;
pub mod score_card;
pub mod scoring;
pub mod screen;
pub mod seats;
pub mod settings;
pub mod setup;
pub mod shelf;
pub mod spot;
pub mod store;
pub mod table;
#[cfg(not(target_arch = "wasm32"))]
pub mod tape;
pub mod toast;
pub mod turn;
pub mod view;
pub mod walk;
pub mod words;
