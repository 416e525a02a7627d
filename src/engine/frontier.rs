//! The frontier: the empty positions next to the board, with the edges their
//! neighbours demand.
//!
//! The demands are kept packed eight positions to a 64-bit word, so one
//! word-wide XOR and AND tests a rotation of a tile against eight positions
//! at once. Listing, counting and picking legal placements is the hot path of
//! random playouts, and word arithmetic is as fast in wasm as natively.

use super::geometry::Pos;

/// A polyomino of n cells has at most 2n + 2 empty cells along its edges.
pub const MAX_FRONTIER: usize = 2 * super::board::MAX_TILES + 2;
const WORDS: usize = MAX_FRONTIER.div_ceil(8);
const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// An empty position next to the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Open {
    pub pos: Pos,
}

#[derive(Clone, Copy)]
pub struct Frontier {
    open: [Open; MAX_FRONTIER],
    /// The edge codes demanded at each position, two bits a side (see
    /// [`super::tile::TileDef::packed_edges`]), in groups of eight read as
    /// one little-endian word.
    need: [[u8; 8]; WORDS],
    /// Likewise: two set bits for each side that has a neighbour.
    mask: [[u8; 8]; WORDS],
    len: u8,
}

impl Frontier {
    pub fn new() -> Frontier {
        Frontier {
            open: [Open {
                pos: Pos::new(0, 0),
            }; MAX_FRONTIER],
            need: [[0; 8]; WORDS],
            mask: [[0; 8]; WORDS],
            len: 0,
        }
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn positions(&self) -> &[Open] {
        &self.open[..self.len as usize]
    }

    pub fn pos(&self, i: usize) -> Pos {
        self.open[i].pos
    }

    /// The edges demanded at position `i` and the sides that demand them.
    #[inline(always)]
    pub fn demand(&self, i: usize) -> (u8, u8) {
        (self.need[i / 8][i % 8], self.mask[i / 8][i % 8])
    }

    fn set(&mut self, i: usize, need: u8, mask: u8) {
        self.need[i / 8][i % 8] = need;
        self.mask[i / 8][i % 8] = mask;
    }

    /// Appends a position; returns its index.
    pub fn push(&mut self, pos: Pos, need: u8, mask: u8) -> usize {
        let i = self.len as usize;
        self.open[i] = Open { pos };
        self.set(i, need, mask);
        self.len += 1;
        i
    }

    /// Adds a neighbour's demand to position `i`.
    pub fn add_demand(&mut self, i: usize, need: u8, mask: u8) {
        self.need[i / 8][i % 8] |= need;
        self.mask[i / 8][i % 8] |= mask;
    }

    /// Removes position `i` by moving the last one into its place; returns
    /// the moved position, whose index is now `i`, if another one moved.
    pub fn swap_remove(&mut self, i: usize) -> Option<Pos> {
        self.len -= 1;
        let last = self.len as usize;
        let (need, mask) = self.demand(last);
        self.open[i] = self.open[last];
        self.set(i, need, mask);
        (i != last).then_some(self.open[i].pos)
    }

    /// For the eight positions of word `w`, the rotations of a tile with
    /// `edges` that fit: byte i holds bit r set when rotation r fits at
    /// position 8w + i. Positions past the end have none. Forced inline:
    /// every playout turn tests every word.
    #[inline(always)]
    fn fits_word(&self, w: usize, edges: &[u8; 4]) -> u64 {
        let need = u64::from_le_bytes(self.need[w]);
        let mask = u64::from_le_bytes(self.mask[w]);
        // The high bit of each byte where rotation `e` fits: a byte of x is
        // zero exactly there, and the sum sets a byte's high bit when its low
        // seven bits are not all zero.
        #[inline(always)]
        fn fits(e: u8, need: u64, mask: u64) -> u64 {
            let x = ((e as u64 * LOW) ^ need) & mask;
            !(((x & !HIGH) + !HIGH) | x) & HIGH
        }
        let mut fit = fits(edges[0], need, mask) >> 7
            | fits(edges[1], need, mask) >> 6
            | fits(edges[2], need, mask) >> 5
            | fits(edges[3], need, mask) >> 4;
        let filled = self.len as usize - 8 * w;
        if filled < 8 {
            fit &= (1 << (8 * filled)) - 1;
        }
        fit
    }

    fn words(&self) -> usize {
        (self.len as usize).div_ceil(8)
    }

    /// Calls `f` with the index and rotation of every fit of a tile with
    /// `edges`, by position, then rotation.
    #[inline]
    pub fn for_each_fit(&self, edges: &[u8; 4], mut f: impl FnMut(usize, u8)) {
        for w in 0..self.words() {
            let mut fit = self.fits_word(w, edges);
            while fit != 0 {
                let b = fit.trailing_zeros() as usize;
                f(8 * w + b / 8, (b % 8) as u8);
                fit &= fit - 1;
            }
        }
    }

    /// Whether a tile with `edges` fits anywhere.
    pub fn any_fit(&self, edges: &[u8; 4]) -> bool {
        (0..self.words()).any(|w| self.fits_word(w, edges) != 0)
    }

    /// Counts the fits of a tile with `edges`, then returns the `pick(count)`-th
    /// in the order of [`Frontier::for_each_fit`], as (index, rotation).
    pub fn nth_fit(&self, edges: &[u8; 4], pick: impl FnOnce(u32) -> u32) -> Option<(usize, u8)> {
        // Only the counts are kept (zeroing room for the words costs more
        // than working out again the one word the pick falls in).
        let mut counts = [0u8; WORDS];
        let mut n = 0;
        for (w, c) in counts.iter_mut().enumerate().take(self.words()) {
            *c = self.fits_word(w, edges).count_ones() as u8;
            n += *c as u32;
        }
        if n == 0 {
            return None;
        }
        let mut k = pick(n);
        for (w, &c) in counts.iter().enumerate() {
            let c = c as u32;
            if k < c {
                let b = nth_set_bit(self.fits_word(w, edges), k) as usize;
                return Some((8 * w + b / 8, (b % 8) as u8));
            }
            k -= c;
        }
        None
    }

    /// As [`Frontier::nth_fit`], each fit weighing 1 and `tight` more for
    /// every side beyond the first that meets a tile: returns the fit where
    /// `pick(total weight)` falls, fits in the order of
    /// [`Frontier::for_each_fit`]. Tight playouts pick this way at every
    /// turn, so a word's weight is worked out at once, with no list of fits:
    /// the fits at positions with at least two, three and four neighbours
    /// are counted apart.
    pub fn tight_fit(
        &self,
        edges: &[u8; 4],
        tight: u32,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<(usize, u8)> {
        let mut sums = [0u32; WORDS];
        let mut total = 0;
        for (w, sum) in sums.iter_mut().enumerate().take(self.words()) {
            let fit = self.fits_word(w, edges);
            let at_least = sides_at_least(u64::from_le_bytes(self.mask[w]));
            let extra = (fit & at_least[0]).count_ones()
                + (fit & at_least[1]).count_ones()
                + (fit & at_least[2]).count_ones();
            *sum = fit.count_ones() + tight * extra;
            total += *sum;
        }
        if total == 0 {
            return None;
        }
        let mut k = pick(total);
        let w = sums.iter().position(|&sum| {
            let past = k >= sum;
            k -= if past { sum } else { 0 };
            !past
        })?;
        // A word's fits hold a byte of rotations for each position.
        let mut rest = self.fits_word(w, edges);
        while rest != 0 {
            let byte = (rest.trailing_zeros() / 8) as usize;
            let rotations = (rest >> (8 * byte)) as u8;
            rest &= !(0xFF << (8 * byte));
            let sides = self.mask[w][byte].count_ones() / 2;
            let weight = 1 + tight * sides.saturating_sub(1);
            let n = rotations.count_ones() * weight;
            if k < n {
                let r = nth_set_bit(rotations as u64, k / weight);
                return Some((8 * w + byte, r as u8));
            }
            k -= n;
        }
        None
    }
}

/// For a word of masks (two bits for each side with a neighbour), the
/// rotation bits of the positions with at least two, three and four
/// neighbours: a count of set bits in each byte, compared with 4, 6 and 8 by
/// adding to it what carries into the byte's high bit.
#[inline(always)]
fn sides_at_least(mask: u64) -> [u64; 3] {
    let x = mask - ((mask >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let count = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Plain lines, not `map`: at the site's size-first optimisation an
    // array's `map` stays a call.
    let at_least = |k: u64| (((count + (128 - k) * LOW) & HIGH) >> 7) * 0x0F;
    [at_least(4), at_least(6), at_least(8)]
}

/// The index of the `k`-th set bit of `bits`, counting from the lowest and from 0.
pub fn nth_set_bit(mut bits: u64, k: u32) -> u32 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

impl Default for Frontier {
    fn default() -> Self {
        Frontier::new()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::random::{pick_follower, pick_placement, Scratch};
    use crate::engine::rng::Rng;
    use crate::engine::{deck, Rules, State, TileKind};

    /// The fits of `kind` worked out from the placed tiles alone, position by
    /// position: what the packed words must agree with.
    fn naive_fits(s: &State, kind: TileKind) -> Vec<(usize, u8)> {
        let mut v = Vec::new();
        for (i, o) in s.board().frontier().iter().enumerate() {
            for r in 0..4 {
                if s.board().mismatch(o.pos, kind, r).is_none() {
                    v.push((i, r));
                }
            }
        }
        v
    }

    #[test]
    fn packed_matching_agrees_with_the_placed_tiles_at_every_step() {
        let mut scratch = Scratch::default();
        let mut rng = Rng::new(77);
        for g in 0..150u64 {
            let rules = Rules {
                river: g % 2 == 1,
                ..Rules::default()
            };
            let d = deck::shuffled(&rules, g);
            let mut s = State::new(rules, 2, &d, &mut scratch.events);
            while !s.is_over() {
                let f = s.board().open();
                assert_eq!(f.len(), s.board().frontier().len());
                for kind in TileKind::all() {
                    let edges = &kind.def().packed_edges;
                    let want = naive_fits(&s, kind);
                    let mut got = Vec::new();
                    f.for_each_fit(edges, |i, r| got.push((i, r)));
                    assert_eq!(got, want, "fits of {} in game {g}", kind.name());
                    assert_eq!(f.any_fit(edges), !want.is_empty());
                    for (k, &fit) in want.iter().enumerate() {
                        let picked = f.nth_fit(edges, |n| {
                            assert_eq!(n as usize, want.len());
                            k as u32
                        });
                        assert_eq!(picked, Some(fit));
                    }
                    if want.is_empty() {
                        assert_eq!(f.nth_fit(edges, |_| unreachable!()), None);
                    }
                }
                // The pick of random play is the k-th listed placement, River or not.
                let listed = s.placements();
                for (k, &placement) in listed.iter().enumerate() {
                    let picked = s.nth_placement(|n| {
                        assert_eq!(n as usize, listed.len());
                        k as u32
                    });
                    assert_eq!(picked, Some(placement));
                }
                let (at, r) = pick_placement(&s, &mut rng, &mut scratch).unwrap();
                s.place_tile_unchecked(at, r, &mut scratch.events);
                let c = pick_follower(&s, &mut rng, &mut scratch);
                s.choose_follower_unchecked(c, &mut scratch.events);
            }
        }
    }
}
