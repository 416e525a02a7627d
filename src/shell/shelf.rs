//! The game on the table's place in the games list: its key, whether this
//! tab still writes it, whether the start screen offers to continue it, and
//! where its unconfirmed tile was last kept. A part of the
//! [`Table`](super::table::Table) of its own: the games list's messages
//! (`Gm`) change it, the turn does not.

use super::in_progress::Pending;

#[derive(Clone, Debug, Default)]
pub struct Shelf {
    /// The key of the game on the table in the games list (`None`: a new
    /// game, listed when first saved).
    pub current: Option<String>,
    /// Another tab took the game over: this one no longer writes it.
    pub lost: bool,
    /// The start screen offers to continue the saved game behind it.
    pub continue_offered: bool,
    /// Where the unconfirmed tile lay when last kept
    /// ([`Effect::SaveCandidate`](super::effect::Effect::SaveCandidate)).
    pub(crate) kept: Option<Pending>,
    /// A game played on from a review: the game it came from (its key in
    /// the list) and the moves it kept, written beside it when first saved.
    pub origin: Option<Origin>,
    /// The game being loaded was asked for by the list's "Send the link
    /// again": its link card opens once it is on the table.
    pub(crate) resend: bool,
}

/// Where a game played on from a review began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The moves of the earlier game it kept.
    pub moves: u32,
    /// The earlier game's key in the games list.
    pub of: String,
}
