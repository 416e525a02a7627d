//! The placed tiles on a fixed-size torus grid, and the frontier of open positions.
//!
//! A connected board of at most 84 tiles spans fewer than 128 columns and rows,
//! so a 128×128 grid indexed modulo 128 never confuses two positions. It keeps
//! the whole board in one flat array that clones with a memcpy.
//!
//! Each open position keeps the edges its neighbours demand, updated as tiles
//! arrive (see [`super::frontier`]), so listing legal placements is a few
//! mask comparisons per eight positions.

use super::frontier::Frontier;
pub use super::frontier::{Open, MAX_FRONTIER};
use super::geometry::{Pos, Side};
use super::tile::{Edge, TileKind};

const DIM: usize = 128;
const MASK: i32 = DIM as i32 - 1;
/// Base tiles plus river tiles: 72 without the River, 83 with it.
pub const MAX_TILES: usize = 84;
const EMPTY: u8 = 0;
/// Cell values above this are open positions: `FIRST_OPEN + index into frontier`.
const FIRST_OPEN: u8 = MAX_TILES as u8 + 1;
const _: () = assert!(FIRST_OPEN as usize + MAX_FRONTIER <= 256);

/// A tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Placed {
    pub kind: TileKind,
    pub rotation: u8,
    pub pos: Pos,
}

/// The eight positions around a cell, as steps. Loops over slices, not
/// ranges or arrays by value: at the site's size-first optimisation their
/// iterators stay calls, on the playouts' hot path.
const AROUND: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

#[derive(Clone, Copy)]
pub struct Board {
    /// 0: empty; 1..=84: 1 + index into `tiles`; above: an open position.
    cells: [u8; DIM * DIM],
    tiles: [Placed; MAX_TILES],
    len: u8,
    frontier: Frontier,
    /// The table's half-width and half-height (rules §12), when it limits play.
    table: Option<(i32, i32)>,
    /// Whether positions off the table count as tiles around a monastery.
    closes: bool,
}

#[inline(always)]
fn cell(p: Pos) -> usize {
    (((p.y & MASK) as usize) << 7) | (p.x & MASK) as usize
}

/// Coordinates further than this from the origin can never hold a tile.
pub const REACH: i32 = MAX_TILES as i32 + 1;

/// Whether a tile could ever be at or next to `p`; anything else is refused
/// before any arithmetic on it, so hostile coordinates cannot overflow.
#[inline]
pub fn in_reach(p: Pos) -> bool {
    (-REACH..=REACH).contains(&p.x) && (-REACH..=REACH).contains(&p.y)
}

impl Board {
    pub fn new() -> Board {
        Board {
            cells: [EMPTY; DIM * DIM],
            tiles: [Placed {
                kind: TileKind(0),
                rotation: 0,
                pos: Pos::new(0, 0),
            }; MAX_TILES],
            len: 0,
            frontier: Frontier::new(),
            table: None,
            closes: false,
        }
    }

    /// Sets the table (rules §12) for the next game: `[w, h]` limits play
    /// to |x| <= (w - 1) / 2 and |y| <= (h - 1) / 2; with `closes`, positions
    /// off it count as tiles around monasteries and gardens.
    pub fn set_table(&mut self, table: Option<(u8, u8)>, closes: bool) {
        self.table = table.map(|(w, h)| ((i32::from(w) - 1) / 2, (i32::from(h) - 1) / 2));
        self.closes = closes && table.is_some();
    }

    /// Whether `p` is on the table (always, without one).
    #[inline(always)]
    pub fn on_table(&self, p: Pos) -> bool {
        match self.table {
            None => true,
            Some((hw, hh)) => p.x.abs() <= hw && p.y.abs() <= hh,
        }
    }

    /// Whether the table's border closes features.
    pub fn closes(&self) -> bool {
        self.closes
    }

    /// Empties the board, touching only the cells in use.
    pub fn clear(&mut self) {
        for i in 0..self.len as usize {
            self.cells[cell(self.tiles[i].pos)] = EMPTY;
        }
        for o in self.frontier.positions() {
            self.cells[cell(o.pos)] = EMPTY;
        }
        self.len = 0;
        self.frontier.clear();
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

    // Forced inline: the wasm is built for size (opt-level z), which would
    // keep the call in the playouts' hot loops (with the engine's tiny
    // accessors inlined the hard move takes about 9% less CPU in a V8 that
    // inlines wasm calls itself, as Chromium's does, and 23% less in one
    // that does not).
    #[inline(always)]
    pub fn tile(&self, index: usize) -> Placed {
        self.tiles[index]
    }

    /// The index of the tile at `p`, if any. Any position may be asked about.
    #[inline]
    pub fn index_at(&self, p: Pos) -> Option<usize> {
        if !in_reach(p) {
            return None;
        }
        // Guard against the torus: the stored tile must really be at p.
        self.index_near(p).filter(|&i| self.tiles[i].pos == p)
    }

    /// As [`Board::index_at`], for positions within one step of the board,
    /// which the torus cannot confuse.
    #[inline(always)]
    pub fn index_near(&self, p: Pos) -> Option<usize> {
        let v = self.cells[cell(p)];
        (v != EMPTY && v < FIRST_OPEN).then(|| v as usize - 1)
    }

    pub fn at(&self, p: Pos) -> Option<Placed> {
        self.index_at(p).map(|i| self.tiles[i])
    }

    /// Empty positions that touch a placed tile along an edge.
    pub fn frontier(&self) -> &[Open] {
        self.frontier.positions()
    }

    /// The frontier with the edges demanded, for matching tiles against it.
    pub fn open(&self) -> &Frontier {
        &self.frontier
    }

    /// The index in the frontier of the open position at `p`, if `p` is one.
    pub fn open_index(&self, p: Pos) -> Option<usize> {
        if !in_reach(p) {
            return None;
        }
        let v = self.cells[cell(p)];
        let i = (v >= FIRST_OPEN).then(|| (v - FIRST_OPEN) as usize)?;
        (self.frontier.pos(i) == p).then_some(i)
    }

    /// The first side whose neighbour does not match `kind` at `rotation`, with both edges.
    pub fn mismatch(&self, p: Pos, kind: TileKind, rotation: u8) -> Option<(Side, Edge, Edge)> {
        for &side in &Side::ALL {
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
        self.tiles[index] = Placed {
            kind,
            rotation,
            pos: p,
        };
        self.len += 1;
        let c = cell(p);
        if self.cells[c] >= FIRST_OPEN {
            let at = (self.cells[c] - FIRST_OPEN) as usize;
            if let Some(moved) = self.frontier.swap_remove(at) {
                self.cells[cell(moved)] = FIRST_OPEN + at as u8;
            }
        }
        self.cells[c] = index as u8 + 1;
        let packed = kind.def().packed_edges[rotation as usize & 3];
        for &side in &Side::ALL {
            let q = p.step(side);
            let n = cell(q);
            // What this tile shows towards q, placed on q's side facing back.
            let back = side.opposite().index() * 2;
            let edge = (packed >> (side.index() * 2)) & 3;
            let v = self.cells[n];
            if v == EMPTY {
                if self.table.is_some() && !self.on_table(q) {
                    continue;
                }
                let i = self.frontier.push(q, edge << back, 3 << back);
                self.cells[n] = FIRST_OPEN + i as u8;
            } else if v >= FIRST_OPEN {
                self.frontier
                    .add_demand((v - FIRST_OPEN) as usize, edge << back, 3 << back);
            }
        }
        index
    }

    /// How many of the 8 positions around `p` hold tiles (p within one step
    /// of the board); when the table's border closes features, positions off
    /// the table count as tiles.
    pub fn neighbours(&self, p: Pos) -> u8 {
        let mut n = 0;
        for &(dx, dy) in &AROUND {
            let q = Pos::new(p.x + dx, p.y + dy);
            if self.index_near(q).is_some() || self.closes && !self.on_table(q) {
                n += 1;
            }
        }
        n
    }

    /// Whether the tile at `p` has tiles on all four sides (a filled hole;
    /// the table's border never counts).
    pub fn surrounded(&self, p: Pos) -> bool {
        Side::ALL
            .iter()
            .all(|&s| self.index_near(p.step(s)).is_some())
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}
