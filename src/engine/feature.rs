//! Features (roads, cities, fields, the river) tracked incrementally as the
//! union of the segments they are made of.
//!
//! Each segment of each placed tile has a slot (tile index × 8 + segment
//! index). A union-find joins slots as tiles meet; each root keeps the count
//! of open edges (a road or city is complete when it reaches 0), the pennants
//! and each player's followers on it. A circular member list lets scoring walk a feature
//! without scanning the board.

use super::board::MAX_TILES;

pub const SLOTS: usize = MAX_TILES * 8;

/// A segment slot: `tile * 8 + segment`.
#[inline]
pub const fn slot(tile: usize, segment: u8) -> u16 {
    (tile * 8 + segment as usize) as u16
}

#[derive(Clone, Copy)]
pub struct Features {
    parent: [u16; SLOTS],
    next: [u16; SLOTS],
    open: [u16; SLOTS],
    pennants: [u8; SLOTS],
    /// Followers per player, four bits a seat (a seat has 7): scoring reads
    /// who holds a feature without a pass over every piece on the board.
    owners: [u32; SLOTS],
}

impl Features {
    pub fn new() -> Features {
        Features {
            parent: [0; SLOTS],
            next: [0; SLOTS],
            open: [0; SLOTS],
            pennants: [0; SLOTS],
            owners: [0; SLOTS],
        }
    }

    /// Starts a one-segment feature.
    #[inline(always)]
    pub fn add(&mut self, s: u16, open: u8, pennant: bool) {
        let i = s as usize;
        self.parent[i] = s;
        self.next[i] = s;
        self.open[i] = open as u16;
        self.pennants[i] = pennant as u8;
        self.owners[i] = 0;
    }

    #[inline(always)]
    pub fn find(&self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            s = self.parent[s as usize];
        }
        s
    }

    /// Forced inline, as [`super::tile::TileKind::def`]: each join finds
    /// two roots, seven joins a tile on average in random play.
    #[inline(always)]
    fn find_compress(&mut self, mut s: u16) -> u16 {
        while self.parent[s as usize] != s {
            let p = self.parent[s as usize];
            self.parent[s as usize] = self.parent[p as usize];
            s = p;
        }
        s
    }

    /// Joins two segments across a shared tile side, closing `closed` open edges.
    #[inline(always)]
    pub fn join(&mut self, a: u16, b: u16, closed: u16) -> u16 {
        let ra = self.find_compress(a);
        let rb = self.find_compress(b);
        if ra == rb {
            self.open[ra as usize] -= closed;
            return ra;
        }
        let (keep, gone) = (ra.min(rb), ra.max(rb));
        let (k, g) = (keep as usize, gone as usize);
        self.parent[g] = keep;
        self.open[k] = self.open[k] + self.open[g] - closed;
        self.pennants[k] += self.pennants[g];
        self.owners[k] += self.owners[g];
        self.next.swap(k, g);
        keep
    }

    pub fn open_edges(&self, s: u16) -> u16 {
        self.open[self.find(s) as usize]
    }

    pub fn pennants(&self, s: u16) -> u8 {
        self.pennants[self.find(s) as usize]
    }

    /// Whether any follower stands on the feature.
    pub fn occupied(&self, s: u16) -> bool {
        self.owners[self.find(s) as usize] != 0
    }

    /// The followers on the feature, per seat.
    pub fn pieces(&self, s: u16) -> [u8; 6] {
        let o = self.owners[self.find(s) as usize];
        let mut c = [0u8; 6];
        for (p, n) in c.iter_mut().enumerate() {
            *n = (o >> (4 * p) & 15) as u8;
        }
        c
    }

    pub fn add_follower(&mut self, s: u16, player: u8) {
        let r = self.find(s) as usize;
        self.owners[r] += 1 << (4 * player);
    }

    pub fn clear_followers(&mut self, s: u16) {
        let r = self.find(s) as usize;
        self.owners[r] = 0;
    }

    /// Every slot of the feature containing `s`.
    pub fn members(&self, s: u16) -> Members<'_> {
        Members {
            features: self,
            start: s,
            at: s,
            done: false,
        }
    }

    /// The distinct tiles a feature runs through, as a bit set of tile indices.
    pub fn tiles(&self, s: u16) -> u128 {
        self.members(s).fold(0u128, |set, m| set | 1u128 << (m / 8))
    }

    /// As `tiles(s).count_ones()`, in two words: wasm has no 128-bit
    /// shifts, and every scored road and city counts its tiles.
    pub fn tile_count(&self, s: u16) -> u32 {
        let (mut low, mut high) = (0u64, 0u64);
        let mut at = s;
        loop {
            let t = at / 8;
            if t < 64 {
                low |= 1 << t;
            } else {
                high |= 1 << (t - 64);
            }
            at = self.next[at as usize];
            if at == s {
                return low.count_ones() + high.count_ones();
            }
        }
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::new()
    }
}

pub struct Members<'a> {
    features: &'a Features,
    start: u16,
    at: u16,
    done: bool,
}

impl Iterator for Members<'_> {
    type Item = u16;
    // Forced: at the site's size-first optimisation it stays a call, and
    // final scoring walks every field.
    #[inline(always)]
    fn next(&mut self) -> Option<u16> {
        if self.done {
            return None;
        }
        let here = self.at;
        self.at = self.features.next[here as usize];
        self.done = self.at == self.start;
        Some(here)
    }
}
