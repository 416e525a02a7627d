//! The placed tiles on a fixed-size torus grid, and the frontier of open positions.
//!
//! A connected board of at most 85 tiles spans fewer than 128 columns and rows,
//! so a 128×128 grid indexed modulo 128 never confuses two positions. It keeps
//! the whole board in one flat array that clones with a memcpy.

use super::geometry::{Pos, Side};
use super::tile::{Edge, TileKind};

const DIM: usize = 128;
const MASK: i32 = DIM as i32 - 1;
/// Base tiles plus river tiles, spring included, start tile excluded with the river.
pub const MAX_TILES: usize = 84;
const EMPTY: u8 = 0;
const FRONTIER: u8 = 255;
const MAX_FRONTIER: usize = 2 * MAX_TILES + 4;

/// A tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placed {
    pub kind: TileKind,
    pub rotation: u8,
    pub pos: Pos,
}

#[derive(Clone)]
pub struct Board {
    /// 0: empty, 255: empty and next to a tile, otherwise 1 + index into `tiles`.
    cells: [u8; DIM * DIM],
    tiles: [Placed; MAX_TILES],
    len: u8,
    frontier: [Pos; MAX_FRONTIER],
    frontier_len: u8,
}

#[inline]
fn cell(p: Pos) -> usize {
    (((p.y & MASK) as usize) << 7) | (p.x & MASK) as usize
}

/// Coordinates further than this from the origin can never hold a tile.
pub const REACH: i32 = MAX_TILES as i32 + 1;

impl Board {
    pub fn new() -> Board {
        Board {
            cells: [EMPTY; DIM * DIM],
            tiles: [Placed { kind: TileKind(0), rotation: 0, pos: Pos::new(0, 0) }; MAX_TILES],
            len: 0,
            frontier: [Pos::new(0, 0); MAX_FRONTIER],
            frontier_len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn tiles(&self) -> &[Placed] {
        &self.tiles[..self.len as usize]
    }

    pub fn tile(&self, index: usize) -> Placed {
        self.tiles[index]
    }

    /// The index of the tile at `p`, if any. Positions far outside the board are empty.
    #[inline]
    pub fn index_at(&self, p: Pos) -> Option<usize> {
        if p.x.abs() > REACH || p.y.abs() > REACH {
            return None;
        }
        match self.cells[cell(p)] {
            EMPTY | FRONTIER => None,
            v => {
                let i = v as usize - 1;
                // Guard against the torus: the stored tile must really be at p.
                (self.tiles[i].pos == p).then_some(i)
            }
        }
    }

    pub fn at(&self, p: Pos) -> Option<Placed> {
        self.index_at(p).map(|i| self.tiles[i])
    }

    pub fn is_frontier(&self, p: Pos) -> bool {
        p.x.abs() <= REACH && p.y.abs() <= REACH && self.cells[cell(p)] == FRONTIER
    }

    /// Empty positions that touch a placed tile along an edge.
    pub fn frontier(&self) -> &[Pos] {
        &self.frontier[..self.frontier_len as usize]
    }

    /// Packed edge codes the neighbours of `p` demand, and a mask of the sides that have one.
    #[inline]
    pub fn requirements(&self, p: Pos) -> (u8, u8) {
        let mut need = 0u8;
        let mut mask = 0u8;
        for side in Side::ALL {
            if let Some(i) = self.index_at(p.step(side)) {
                let t = self.tiles[i];
                let e = t.kind.def().edge(side.opposite(), t.rotation) as u8;
                need |= e << (2 * side.index());
                mask |= 3 << (2 * side.index());
            }
        }
        (need, mask)
    }

    /// The first side whose neighbour does not match `kind` at `rotation`, with both edges.
    pub fn mismatch(&self, p: Pos, kind: TileKind, rotation: u8) -> Option<(Side, Edge, Edge)> {
        for side in Side::ALL {
            if let Some(t) = self.at(p.step(side)) {
                let mine = kind.def().edge(side, rotation);
                let theirs = t.kind.def().edge(side.opposite(), t.rotation);
                if mine != theirs {
                    return Some((side, mine, theirs));
                }
            }
        }
        None
    }

    /// Puts a tile down; the caller has checked legality. Returns its index.
    pub fn place(&mut self, kind: TileKind, rotation: u8, p: Pos) -> usize {
        let index = self.len as usize;
        self.tiles[index] = Placed { kind, rotation, pos: p };
        self.len += 1;
        let c = cell(p);
        if self.cells[c] == FRONTIER {
            let at = self.frontier[..self.frontier_len as usize]
                .iter()
                .position(|&f| f == p)
                .expect("frontier cell is listed");
            self.frontier_len -= 1;
            self.frontier[at] = self.frontier[self.frontier_len as usize];
        }
        self.cells[c] = index as u8 + 1;
        for side in Side::ALL {
            let q = p.step(side);
            let n = cell(q);
            if self.cells[n] == EMPTY {
                self.cells[n] = FRONTIER;
                self.frontier[self.frontier_len as usize] = q;
                self.frontier_len += 1;
            }
        }
        index
    }

    /// How many of the 8 positions around `p` hold tiles.
    pub fn neighbours(&self, p: Pos) -> u8 {
        let mut n = 0;
        for dy in -1..=1 {
            for dx in -1..=1 {
                if (dx != 0 || dy != 0) && self.index_at(Pos::new(p.x + dx, p.y + dy)).is_some() {
                    n += 1;
                }
            }
        }
        n
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}
