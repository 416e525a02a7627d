//! The River (rules §6): one chain from the spring, never turning the same way twice.

use super::error::RuleError;
use super::geometry::{Pos, Side};
use super::tile::{Edge, TileKind};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct River {
    /// The last river tile and the side its river leaves by; `None` before the
    /// spring and after the lake.
    end: Option<(Pos, Side)>,
    /// The direction of the last bend: +1 right, -1 left, 0 none yet.
    last_turn: i8,
}

impl River {
    /// Where the next river tile must go, while the river is open.
    pub fn open_cell(&self) -> Option<Pos> {
        self.end.map(|(p, s)| p.step(s))
    }

    /// The bend a river tile would make at `rotation`: +1 right, -1 left, 0 straight
    /// or ending, and the side the river would leave by.
    fn bend(&self, kind: TileKind, rotation: u8) -> (i8, Option<Side>) {
        let Some((_, flow)) = self.end else {
            return (0, None);
        };
        let entry = flow.opposite();
        let d = kind.def();
        let exit = Side::ALL
            .into_iter()
            .find(|&s| s != entry && d.edge(s, rotation) == Edge::River);
        let turn = match exit {
            Some(e) if e == flow.rotate(1) => 1,
            Some(e) if e == flow.rotate(3) => -1,
            _ => 0,
        };
        (turn, exit)
    }

    pub fn check_turn(&self, kind: TileKind, rotation: u8) -> Result<(), RuleError> {
        let (turn, _) = self.bend(kind, rotation);
        if turn != 0 && turn == self.last_turn {
            return Err(RuleError::RiverUTurn { right: turn > 0 });
        }
        Ok(())
    }

    /// Moves the open end on after a river tile is placed.
    pub fn advance(&mut self, kind: TileKind, rotation: u8, at: Pos) {
        if kind == TileKind::SPRING {
            let exit = Side::ALL
                .into_iter()
                .find(|&s| kind.def().edge(s, rotation) == Edge::River);
            self.end = exit.map(|s| (at, s));
            return;
        }
        let (turn, exit) = self.bend(kind, rotation);
        if turn != 0 {
            self.last_turn = turn;
        }
        self.end = exit.map(|s| (at, s));
    }
}
