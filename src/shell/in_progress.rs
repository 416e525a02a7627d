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
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Pending {
    pub at: Pos,
    pub rotation: u8,
    pub kind: Option<TileKind>,
}

impl Pending {
    /// As kept beside the record: `turn,x,y,rotation`, then with a hand
    /// `,n`, the number of the tile's kind; `turn` is the moves played, so
    /// a tile kept in an earlier turn is never laid again.
    pub fn write(self, moves: usize) -> String {
        let mut t = super::words::num(moves as u32);
        let kind = self.kind.map(|k| i32::from(k.0));
        for v in [self.at.x, self.at.y, i32::from(self.rotation)]
            .into_iter()
            .chain(kind)
        {
            t.push(',');
            if v < 0 {
                t.push('-');
            }
            super::words::push_num(&mut t, v.unsigned_abs());
        }
        t
    }

    /// The tile kept as `text`, if it belongs to this very turn (`moves`
    /// played) and reads whole. A kind that is no tile's is dropped: the
    /// tile then comes back as a tile without a hand would.
    pub fn read(text: &str, moves: usize) -> Option<Pending> {
        let mut v: Vec<i64> = Vec::new();
        for part in crate::engine::compact::split(text, ",") {
            v.push(crate::engine::compact::signed(part)?);
        }
        match v[..] {
            [turn, x, y, r, ref kind @ ..]
                if turn == moves as i64 && (0..4).contains(&r) && kind.len() < 2 =>
            {
                let kind = kind
                    .first()
                    .and_then(|&k| u8::try_from(k).ok())
                    .filter(|&k| usize::from(k) < TileKind::COUNT)
                    .map(TileKind);
                Some(Pending {
                    at: Pos::new(i32::try_from(x).ok()?, i32::try_from(y).ok()?),
                    rotation: r as u8,
                    kind,
                })
            }
            _ => None,
        }
    }
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
    /// game another tab took over, or one behind the start screen, is not
    /// this tab's to write).
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
        if spot != self.shelf.kept {
            self.shelf.kept = spot;
            // Behind the start screen the game waits unclaimed: it is
            // written again only once continued here.
            if self.shelf.lost || self.screen == super::screen::Screen::Setup {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_tile_reads_back_only_in_its_own_turn_and_whole() {
        let p = Pending {
            at: Pos::new(-3, 12),
            rotation: 2,
            kind: Some(TileKind(7)),
        };
        assert_eq!(p.write(14), "14,-3,12,2,7");
        assert_eq!(Pending::read(&p.write(14), 14), Some(p));
        assert_eq!(Pending::read(&p.write(14), 15), None, "a turn later");
        let plain = Pending { kind: None, ..p };
        assert_eq!(Pending::read("14,-3,12,2", 14), Some(plain));
        // A kind that is no tile's is dropped, the spot kept.
        assert_eq!(Pending::read("14,-3,12,2,200", 14), Some(plain));
        for bad in [
            "14,-3,12,4",
            "14,-3,12",
            "14,x,12,2",
            "14,5,x,1,2",
            "14,-3,12,2,7,1",
            "",
            "14,9999999999,0,0",
        ] {
            assert_eq!(Pending::read(bad, 14), None, "{bad}");
        }
    }
}
