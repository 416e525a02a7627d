//! The rules engine: tiles as data, placement, followers, scoring, records.
//!
//! No web dependency: the same code runs natively (tests, CLI, benchmarks)
//! and in wasm.

pub mod action;
pub mod board;
pub mod compact;
#[cfg(not(target_arch = "wasm32"))]
mod de;
pub mod deck;
pub mod error;
pub mod event;
pub(crate) mod feature;
pub mod follower;
pub mod frontier;
pub mod game;
pub mod geometry;
pub mod json;
pub mod random;
pub mod read;
pub mod record;
pub mod river;
pub mod rng;
pub mod rules;
pub mod score;
pub mod state;
pub mod tile;
pub mod view;

pub use action::{Action, FollowerChoice, Move};
pub use error::RuleError;
pub use event::{Event, FinalScores};
pub use follower::{Players, Role};
pub use game::{Game, GameResult, RecordError, RecordErrorKind};
pub use geometry::{HalfEdge, Location, Pos, Side};
pub use record::Record;
pub use rules::{Edition, FarmScoring, Rules};
pub use score::{Category, Score};
pub use state::{CityPay, FeatureInfo, FeatureReport, HeldField, Piece, Spot, State, Step};
pub use tile::{Edge, TileKind};
