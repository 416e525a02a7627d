//! What the dock shows of the hand: the tiles the player about to lay
//! holds (one drawn tile, or a house rule's hand of up to three), which one
//! is picked, and whether anyone looking may see them. Hidden hands show
//! only to their owner, and only once the tablet has been handed over.

use super::table::Table;
use super::turn;
use crate::engine::TileKind;

/// The dock's tiles, as the page draws them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DockHand {
    /// Oldest first; empty when there is nothing to show.
    pub tiles: Vec<TileKind>,
    /// The tile picked to lay, an index into `tiles`.
    pub pick: usize,
    /// Each tile of a hand that fits nowhere now: a hand keeps it while
    /// another tile fits (rules §12), so the dock marks it as dead.
    pub fits_nowhere: Vec<bool>,
}

impl DockHand {
    /// Whether tile `i` of a hand fits nowhere now.
    pub fn dead(&self, i: usize) -> bool {
        self.fits_nowhere.get(i).copied().unwrap_or(false)
    }

    /// The picked tile, if one shows.
    pub fn picked(&self) -> Option<TileKind> {
        self.tiles.get(self.pick).copied()
    }
}

impl Table {
    /// The hand in the dock now. A computer's hidden hand is never shown;
    /// a person's waits for the hand-over, as a drawn tile does.
    pub fn dock_hand(&self) -> DockHand {
        let s = self.state();
        let tiles = if self.hand_shown() {
            turn::hand(s)
        } else {
            Vec::new()
        };
        let mut fits_nowhere = Vec::new();
        if tiles.len() > 1 {
            for &k in &tiles {
                fits_nowhere.push(!s.can_place(k));
            }
        }
        DockHand {
            pick: self.turn.pick.min(tiles.len().saturating_sub(1)),
            tiles,
            fits_nowhere,
        }
    }
}
