//! Where the tile in hand fits: legal cells with their fitting rotations,
//! as read from the engine, and the choices the hand makes from them
//! (first fitting rotation, next rotation, nearest spot in a direction).

use crate::engine::{Pos, State, TileKind};

/// A cell the tile fits in, with a bit per fitting rotation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fit {
    pub at: Pos,
    pub rotations: u8,
}

/// How the tile in hand, turned `rotation`, goes on a cell: the one
/// answer the prompt, Confirm and the tile's outline on the board all use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Fits,
    /// Fits, but in another rotation: dropping it turns it.
    FitsTurned,
    No,
}

/// How the tile turned `rotation` goes on `at`.
pub fn verdict(fits: &[Fit], at: Pos, rotation: u8) -> Verdict {
    let mask = rotations_at(fits, at);
    if mask & (1 << rotation) != 0 {
        Verdict::Fits
    } else if mask != 0 {
        Verdict::FitsTurned
    } else {
        Verdict::No
    }
}

/// Legal cells of tile `kind` (the tile in hand, or the one picked from a
/// hand), in reading order (rows top to bottom).
pub fn fits(state: &State, kind: TileKind) -> Vec<Fit> {
    let mut v: Vec<Fit> = Vec::new();
    for (at, r) in state.placements_any(kind) {
        match v.iter_mut().find(|f| f.at == at) {
            Some(f) => f.rotations |= 1 << r,
            None => v.push(Fit {
                at,
                rotations: 1 << r,
            }),
        }
    }
    // Insertion sort: a few dozen cells, and std's sort is large in wasm.
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && (v[j - 1].at.y, v[j - 1].at.x) > (v[j].at.y, v[j].at.x) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
    v
}

pub fn rotations_at(fits: &[Fit], at: Pos) -> u8 {
    fits.iter()
        .find(|f| f.at == at)
        .map(|f| f.rotations)
        .unwrap_or(0)
}

/// `r` if it is in `mask`, else the next fitting rotation clockwise from it.
pub fn first_fitting(mask: u8, r: u8) -> Option<u8> {
    for k in 0..4 {
        let q = (r + k) & 3;
        if mask & (1 << q) != 0 {
            return Some(q);
        }
    }
    None
}

/// The next rotation after `r`: any, or only those in `mask` when `only_fitting`.
pub fn next_rotation(mask: u8, r: u8, only_fitting: bool) -> u8 {
    if only_fitting && mask != 0 {
        first_fitting(mask, (r + 1) & 3).unwrap_or(r)
    } else {
        (r + 1) & 3
    }
}

/// The legal cell nearest to `from` in direction (dx, dy), favouring cells
/// straight along that direction.
pub fn step(fits: &[Fit], from: Pos, dx: i32, dy: i32) -> Option<Pos> {
    step_among(fits.len(), &|i| fits.get(i).map(|f| f.at), from, dx, dy)
}

/// Of `cells`, the one nearest to `from` in direction (dx, dy), favouring
/// cells straight along that direction: the arrow keys' one way of moving
/// between cells (the tile between legal cells, a spot's card between spots;
/// `dyn`, so the page carries one copy for both). Cell `i` of `n` is
/// `cell(i)`, if it is one (a `dyn Fn` rather than a `dyn Iterator`, whose
/// table of methods is a body each).
pub fn step_among(
    n: usize,
    cell: &dyn Fn(usize) -> Option<Pos>,
    from: Pos,
    dx: i32,
    dy: i32,
) -> Option<Pos> {
    let mut best = None;
    for at in (0..n).filter_map(cell) {
        let (ax, ay) = (at.x - from.x, at.y - from.y);
        let along = ax * dx + ay * dy;
        let cost = along + 2 * (ax * dy - ay * dx).abs();
        if along > 0 && best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, at));
        }
    }
    best.map(|(_, at)| at)
}
