//! Sentences for the announcer and the bars: the shell's, tested natively.
pub use crate::shell::text::*;
