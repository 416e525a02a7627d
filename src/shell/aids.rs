//! The aids a person may look at on the table: the highlight of where the
//! tile fits, the "Fields" overlay, the card about an open spot or a
//! feature, and what changed since their last turn. A part of the
//! [`Table`](super::table::Table) of its own: none of it changes the game,
//! and a table without aids (a setup choice) shows none of it.

use super::review::Since;
use crate::engine::{Location, Move, Pos};

#[derive(Clone, Debug)]
pub struct Aids {
    /// Setting: the cells where the tile fits are highlighted.
    pub highlight: bool,
    /// The "Fields" overlay tints fields by who holds them.
    pub fields: bool,
    /// The open spot the "what can go here" card is about.
    pub spot: Option<Pos>,
    /// The feature the "who holds it" card was last about (same card as
    /// the spot's, when `spot` is `None`).
    pub examined: Option<(Pos, Location)>,
    /// What changed since the last turn of the player to play.
    pub since: Option<Since>,
    /// The game (its moves, last move and deal) `since` was worked out for.
    pub(crate) since_at: Option<(usize, Option<Move>, Option<u64>)>,
}

impl Default for Aids {
    /// As on a first visit: the highlight on, nothing else open.
    fn default() -> Aids {
        Aids {
            highlight: true,
            fields: false,
            spot: None,
            examined: None,
            since: None,
            since_at: None,
        }
    }
}
