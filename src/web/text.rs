//! The words the player reads are all in `shell::words`; this is its name on the page.
pub use crate::shell::words::*;
