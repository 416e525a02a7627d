//! A move as its place in the sorted list of legal moves: a link writes
//! the index of the tile's placement among every legal placement, then of
//! the follower step among every legal one after it. Sorted by value, not
//! in the engine's order of search, so that a link means the same move to
//! every version that has the same rules.

use crate::engine::compact::sort_by_key;
use crate::engine::{FollowerChoice, Location, Move, Pos, Role, State, TileKind};

/// A placement: the hand tile named (with hands dealt, as a record names
/// it), where, and how turned.
pub type Placement = (Option<TileKind>, Pos, u8);

/// Every legal placement now, sorted: by tile kind, then row, column and turn.
pub fn placements(s: &State) -> Vec<Placement> {
    let Some(first) = s.tile() else {
        return Vec::new();
    };
    let mut kinds = if s.hands_dealt() {
        s.playable_kinds()
    } else {
        vec![first]
    };
    sort_by_key(&mut kinds, |k| k.0);
    let mut v = Vec::new();
    for k in kinds {
        let named = s.hands_dealt().then_some(k);
        // The engine's own lists, which the page already has: a new
        // closure over `for_each_placement` would be a new copy of it.
        let fits = if named.is_some() {
            s.placements_of(k)
        } else {
            s.placements()
        };
        let mut here = fits;
        sort_by_key(&mut here, |&(at, r)| (at.y, at.x, r));
        here.dedup();
        for (at, r) in here {
            v.push((named, at, r));
        }
    }
    v
}

/// Every legal follower step on the tile just placed, sorted: no
/// follower, then each spot by its place on the tile (the abbot after a
/// monk on the same monastery), then taking the abbot back.
pub fn follower_steps(s: &State) -> Vec<FollowerChoice> {
    let mut spots: Vec<(u8, FollowerChoice)> = Vec::new();
    for spot in s.follower_spots() {
        let c = if spot.role == Role::Abbot {
            FollowerChoice::Abbot
        } else {
            FollowerChoice::Follower(spot.location)
        };
        spots.push((
            location_order(spot.location) * 2 + (spot.role == Role::Abbot) as u8,
            c,
        ));
    }
    sort_by_key(&mut spots, |&(k, _)| k);
    spots.dedup();
    let mut v = vec![FollowerChoice::Skip];
    for (_, c) in spots {
        v.push(c);
    }
    if let Some(at) = s.recallable_abbot() {
        v.push(FollowerChoice::RecallAbbot(at));
    }
    v
}

/// Sides N E S W, then the eight half-edges, then the centre.
fn location_order(l: Location) -> u8 {
    match l {
        Location::Side(s) => s as u8,
        Location::Half(h) => 4 + h.index(),
        Location::Center => 12,
    }
}

/// The indexes of `m` in the lists of `s` (before its tile is placed),
/// with the lists' lengths: `None` if `m` is not legal now.
pub fn index_of(s: &State, m: &Move) -> Option<[(u32, u32); 2]> {
    let p = placements(s);
    let tile = if s.hands_dealt() {
        Some(m.tile.or(s.tile())?)
    } else {
        m.tile
    };
    let i = p.iter().position(|&x| x == (tile, m.at, m.rotation))?;
    let mut after = *s;
    after
        .place_tile_with(m.at, m.rotation, tile, &mut Vec::new())
        .ok()?;
    let f = follower_steps(&after);
    let j = f.iter().position(|&c| c == m.choice)?;
    Some([(i as u32, p.len() as u32), (j as u32, f.len() as u32)])
}
