//! The long press on the board: a finger resting unmoved for [`HOLD_MS`]
//! asks what can go on an open spot, or who holds the feature under it.
//! The table owns its timer (an [`Effect::After`]) and decides when it
//! fires whether the press was a long press; the page only says what lay
//! under the finger, and when the press stopped resting.

use super::effect::{effects, Effect};
use super::gesture::HOLD_MS;
use super::msg::Msg;
use super::table::Table;
use crate::engine::{Location, Pos};

/// A finger down on the board, and what is under it.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Press {
    /// The page's number for the press (its gesture's), named back to it
    /// in [`Effect::LongPress`].
    pub seq: u32,
    /// The cell under the finger.
    pub at: Pos,
    /// A follower marker is under it: the press stays a tap.
    pub marker: bool,
    /// The piece within a finger of it, on that cell.
    pub piece: Option<Location>,
    /// Where on the tile (0 to 1 across).
    pub x: f64,
    pub y: f64,
}

impl Table {
    /// Whether a press rests on the board with its timer set.
    pub fn pressing(&self) -> bool {
        self.pressed.is_some()
    }

    /// A press begins: its timer is set.
    pub(crate) fn press(&mut self, p: Press) -> Vec<Effect> {
        self.pressed = Some(p);
        effects([Effect::After {
            ms: HOLD_MS,
            msg: Msg::Held(p.seq),
        }])
    }

    /// The timer of press `seq` fired. It is a long press only if that
    /// press still rests where it began, no follower marker is under it
    /// (a marker is tapped) and the table has a card for the spot: what
    /// can go on it, else who holds what on the tile there. Anywhere else
    /// the press stays a tap.
    pub(crate) fn held(&mut self, seq: u32) -> Vec<Effect> {
        let Some(p) = self.pressed.filter(|p| p.seq == seq) else {
            return Vec::new();
        };
        self.pressed = None;
        if p.marker {
            return Vec::new();
        }
        if !(self.inspectable(p.at) || self.examinable(p.at)) {
            return Vec::new();
        }
        let mut fx = self.point(p);
        fx.insert(0, Effect::LongPress(seq));
        fx
    }

    /// A long press, or the right button at once: the card of what can go
    /// on the open spot under it, else of who holds what on the tile there.
    pub(crate) fn point(&mut self, p: Press) -> Vec<Effect> {
        if self.inspectable(p.at) {
            self.inspect(p.at)
        } else {
            self.examine(p.at, p.piece, (p.x, p.y))
        }
    }
}
