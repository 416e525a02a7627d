//! Where the tile in hand fits: the shell's placement choices (pure Rust,
//! tested natively), used by the board to draw the fitting cells.
pub use crate::shell::placement::*;
