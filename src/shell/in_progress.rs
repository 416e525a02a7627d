//! The turn in progress, kept beside the game's record so a reload finds
//! it: the tile a person confirmed before their follower step, and where
//! their tile lies unconfirmed. The table decides what is kept and what is
//! put back; the page only reads and writes storage.

use super::effect::Effect;
use super::seats::{Seat, Seating};
use super::table::Table;
use crate::engine::{Game, Pos, Step, TileKind};

/// A person's tile laid this turn, as kept across a reload: where, turned
/// how, and with a hand (a house rule) which tile it was. Kept twice: the
/// tile confirmed and waiting for its follower step, and the tile lying
/// unconfirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pending {
    pub at: Pos,
    pub rotation: u8,
    pub kind: Option<TileKind>,
}

/// Puts the tile confirmed before a reload back down, on a person's turn
/// only: a computer's turn is thought afresh. A tile that no longer goes
/// there is left in hand.
pub fn put_back(game: &mut Game, seating: &Seating, kept: Option<Pending>) {
    let Some(p) = kept else {
        return;
    };
    let s = game.state();
    if seating.seat(s.current_player()) == Seat::Human && s.step() == Step::PlaceTile {
        let _ = game.place_tile_with(p.at, p.rotation, p.kind, &mut Vec::new());
    }
}

impl Table {
    /// After a redraw: where a person's tile lies unconfirmed, when that
    /// changed since it was last kept (a computer's tile is never kept; a
    /// game another tab took over is that tab's to write).
    pub(crate) fn keep_candidate(&mut self, fx: &mut Vec<Effect>) {
        if !self.human_turn() || self.state().step() != Step::PlaceTile {
            return;
        }
        let state = self.state();
        let spot = self.turn.spot().map(|(at, rotation)| Pending {
            at,
            rotation,
            // Which tile of a hand: it comes back picked, not the oldest.
            kind: self.turn.tile(state).filter(|_| state.hands_dealt()),
        });
        if spot != self.kept {
            self.kept = spot;
            if self.lost {
                return;
            }
            // Kept as the board is first redrawn, as the page did it.
            let at = fx
                .iter()
                .position(|e| matches!(e, Effect::Refresh | Effect::Laid { .. }))
                .map_or(fx.len(), |i| i + 1);
            fx.insert(at, Effect::SaveCandidate(spot));
        }
    }
}
