//! An independent count of the score, written from the rules (rules §3,
//! §4, §5, §7 and the house rules of §12) over the tile catalogue: its own
//! flood fill, its own majorities, completions, farms and end of game. It
//! reads from the engine only the board (which tile lies where), the pieces
//! and the rules; none of the engine's feature tracking or scoring. Shared
//! by the tests that check the engine against it.
// Each test file that includes this module uses part of it.
#![allow(dead_code)]

use carcassonne::engine::tile::{Centre, SegmentKind};
use carcassonne::engine::{
    board::Placed, Category, FarmScoring, HalfEdge, Location, Pos, Role, Rules, Side, State,
};
use std::collections::HashMap;

/// The segment index that stands for a tile's centre (monastery or garden).
pub const CENTRE: u8 = u8::MAX;

/// One feature found by the flood fill: its segments, tiles, pennants, open
/// edges, and the edges the table's closing border walls (rules §12).
#[derive(Default)]
pub struct Feature {
    pub kind: Option<SegmentKind>,
    pub members: Vec<(usize, u8)>,
    pub tiles: Vec<usize>,
    pub pennants: u16,
    pub open: u32,
    pub walled: u32,
}

/// A piece as the count sees it: its seat, its tile (index in laying order),
/// its segment (or [`CENTRE`]) and whether it is the abbot.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct Held {
    pub player: u8,
    pub tile: usize,
    pub segment: u8,
    pub abbot: bool,
}

/// Whether `p` lies off a table whose border closes features (rules §12:
/// |x| <= (w - 1) / 2 and |y| <= (h - 1) / 2 are on it).
pub fn walled_off(rules: &Rules, p: Pos) -> bool {
    match rules.table {
        Some((w, h)) if rules.table_closes => {
            p.x.abs() > (i32::from(w) - 1) / 2 || p.y.abs() > (i32::from(h) - 1) / 2
        }
        _ => false,
    }
}

/// The positions around a monastery or garden at `at` that hold a tile or,
/// with a closing border, lie off the table (rules §3, §7, §12).
pub fn around(s: &State, at: Pos) -> u16 {
    let rules = s.rules();
    (-1..=1)
        .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0))
        .map(|(dx, dy)| Pos::new(at.x + dx, at.y + dy))
        .filter(|&q| s.board().index_at(q).is_some() || walled_off(&rules, q))
        .count() as u16
}

/// The segment of `placed` at `loc` (given as laid), or [`CENTRE`].
pub fn segment_at(placed: Placed, loc: Location) -> u8 {
    let def = placed.kind.def();
    match loc.unrotate(placed.rotation) {
        Location::Side(side) => def.segment_at_side(side, 0),
        Location::Half(h) => def.segment_at_half(h, 0),
        Location::Center => Some(CENTRE),
    }
    .expect("a piece stands on a segment")
}

/// The engine's pieces, as the count sees them, sorted.
pub fn pieces_of(s: &State) -> Vec<Held> {
    let board = s.board();
    let mut v: Vec<Held> = s
        .pieces()
        .map(|p| {
            let tile = board.index_at(p.at).expect("a piece stands on a tile");
            Held {
                player: p.player,
                tile,
                segment: segment_at(board.tile(tile), p.location),
                abbot: p.role == Role::Abbot,
            }
        })
        .collect();
    v.sort();
    v
}

/// Every road, city and field on the board, and which feature each segment is in.
pub fn features(s: &State) -> (Vec<Feature>, HashMap<(usize, u8), usize>) {
    let rules = s.rules();
    let board = s.board();
    let tiles = board.tiles();
    let mut of = HashMap::new();
    let mut all = Vec::new();
    for t in 0..tiles.len() {
        for (seg, d) in tiles[t].kind.def().segments.iter().enumerate() {
            let seg = seg as u8;
            if d.kind == SegmentKind::River || of.contains_key(&(t, seg)) {
                continue;
            }
            let id = all.len();
            let mut f = Feature {
                kind: Some(d.kind),
                ..Feature::default()
            };
            let mut stack = vec![(t, seg)];
            of.insert((t, seg), id);
            while let Some((t, seg)) = stack.pop() {
                f.members.push((t, seg));
                if !f.tiles.contains(&t) {
                    f.tiles.push(t);
                }
                let placed = tiles[t];
                let def = &placed.kind.def().segments[seg as usize];
                f.pennants += def.pennant as u16;
                let mut neighbours = Vec::new();
                if def.kind == SegmentKind::Field {
                    // The border never closes a field: only what is across matters.
                    for h in (0..8).filter(|h| def.halves & (1 << h) != 0) {
                        let h = HalfEdge::new(h).rotate(placed.rotation);
                        let across = placed.pos.step(h.side());
                        match board.index_at(across) {
                            Some(n) => {
                                let nt = tiles[n];
                                neighbours.push((
                                    n,
                                    nt.kind.def().segment_at_half(h.mirror(), nt.rotation),
                                ));
                            }
                            None => f.open += 1,
                        }
                    }
                } else {
                    for b in (0..4).filter(|b| def.sides & (1 << b) != 0) {
                        let side = Side::from_index(b).rotate(placed.rotation);
                        let across = placed.pos.step(side);
                        match board.index_at(across) {
                            Some(n) => {
                                let nt = tiles[n];
                                neighbours.push((
                                    n,
                                    nt.kind.def().segment_at_side(side.opposite(), nt.rotation),
                                ));
                            }
                            // A road ends at a closing border; a city is walled there.
                            None if walled_off(&rules, across) => f.walled += 1,
                            None => f.open += 1,
                        }
                    }
                }
                for (n, nseg) in neighbours {
                    let nseg = nseg.expect("placed edges match, so a segment continues across");
                    if let std::collections::hash_map::Entry::Vacant(e) = of.entry((n, nseg)) {
                        e.insert(id);
                        stack.push((n, nseg));
                    }
                }
            }
            all.push(f);
        }
    }
    (all, of)
}

/// Completed cities the field `f` borders, each once.
pub fn cities_of(
    s: &State,
    features: &[Feature],
    of: &HashMap<(usize, u8), usize>,
    f: &Feature,
) -> Vec<usize> {
    let mut v: Vec<usize> = Vec::new();
    for &(t, seg) in &f.members {
        let bits = s.board().tile(t).kind.def().segments[seg as usize].cities;
        for c in (0..8u8).filter(|c| bits & (1 << c) != 0) {
            let city = of[&(t, c)];
            if features[city].open == 0 && !v.contains(&city) {
                v.push(city);
            }
        }
    }
    v
}

/// First-edition farms (rules §5), by hand: for each completed city beside
/// a field with farmers, who it pays: the seats with the most farmers in
/// all the fields bordering it, each farmer counted once.
pub fn city_payees(
    s: &State,
    features: &[Feature],
    of: &HashMap<(usize, u8), usize>,
    on: &HashMap<usize, [u8; 6]>,
) -> HashMap<usize, Vec<usize>> {
    let mut per_city: HashMap<usize, [u16; 6]> = HashMap::new();
    for (&id, counts) in on {
        if features[id].kind != Some(SegmentKind::Field) {
            continue;
        }
        for c in cities_of(s, features, of, &features[id]) {
            let e = per_city.entry(c).or_default();
            for p in 0..6 {
                e[p] += u16::from(counts[p]);
            }
        }
    }
    per_city
        .into_iter()
        .map(|(c, counts)| (c, majority(&counts)))
        .collect()
}

/// The seats with the most pieces, when anyone has one.
pub fn majority(counts: &[u16; 6]) -> Vec<usize> {
    let most = *counts.iter().max().unwrap();
    (0..6).filter(|&p| most > 0 && counts[p] == most).collect()
}

/// The category of a monastery or garden on tile `t`.
fn centre_category(s: &State, t: usize) -> Category {
    match s.board().tile(t).kind.def().centre {
        Centre::Monastery => Category::Monastery,
        Centre::Garden => Category::Garden,
        other => panic!("a piece in the centre of a tile with {other:?}"),
    }
}

/// Points per seat and category, [`Category`] order.
pub type Points = Vec<[u16; 5]>;

/// What a recalled abbot on tile `t` scores now (rules §7, §12): 1 plus
/// the positions around it that hold a tile or lie beyond a closing border.
pub fn recall_value(s: &State, t: usize) -> (Category, u16) {
    (centre_category(s, t), 1 + around(s, s.board().tile(t).pos))
}

/// Step 3 of a turn (rules §3, §7, §12), by hand: every road, city,
/// monastery and garden that is complete and holds pieces scores, and its
/// pieces leave `pieces`. Run on the board just after a move, with the
/// pieces of before the move plus the one it placed, it scores exactly
/// what the move completed.
pub fn score_completions(s: &State, pieces: &mut Vec<Held>, into: &mut Points) -> u32 {
    let rules = s.rules();
    let (features, of) = features(s);
    let mut on: HashMap<usize, [u16; 6]> = HashMap::new();
    for h in pieces.iter().filter(|h| h.segment != CENTRE) {
        on.entry(of[&(h.tile, h.segment)]).or_default()[h.player as usize] += 1;
    }
    let mut scored = 0;
    let mut done: Vec<usize> = Vec::new();
    for (&id, counts) in &on {
        let f = &features[id];
        let tiles = f.tiles.len() as u16;
        let (category, points) = match f.kind.unwrap() {
            SegmentKind::Road if f.open == 0 => (Category::Road, tiles),
            SegmentKind::City if f.open == 0 && rules.tiny_city && tiles == 2 => {
                (Category::City, tiles + f.pennants)
            }
            SegmentKind::City if f.open == 0 => (Category::City, 2 * (tiles + f.pennants)),
            _ => continue,
        };
        for p in majority(counts) {
            into[p][category as usize] += points;
        }
        done.push(id);
        scored += 1;
    }
    pieces.retain(|h| {
        if h.segment != CENTRE {
            return !done.contains(&of[&(h.tile, h.segment)]);
        }
        if around(s, s.board().tile(h.tile).pos) < 8 {
            return true;
        }
        into[h.player as usize][centre_category(s, h.tile) as usize] += 9;
        scored += 1;
        false
    });
    scored
}

/// What final scoring adds to each seat (rules §4, §5, §7, §12), by hand,
/// for these pieces on this board.
pub fn end_points(s: &State, pieces: &[Held]) -> Points {
    let rules = s.rules();
    let (features, of) = features(s);
    let mut out: Points = vec![[0; 5]; s.players() as usize];
    let mut on: HashMap<usize, [u16; 6]> = HashMap::new();
    for h in pieces {
        if h.segment == CENTRE {
            // A monk or the abbot: 1 for its tile and 1 for each position
            // around it that holds a tile (or lies beyond a closing border).
            let n = around(s, s.board().tile(h.tile).pos);
            assert!(n < 8, "a finished monastery or garden keeps no piece");
            if rules.score_incomplete {
                out[h.player as usize][centre_category(s, h.tile) as usize] += 1 + n;
            }
            continue;
        }
        on.entry(of[&(h.tile, h.segment)]).or_default()[h.player as usize] += 1;
    }
    let mut per_city: HashMap<usize, [u16; 6]> = HashMap::new();
    for (&id, counts) in &on {
        let f = &features[id];
        let (category, points) = match f.kind.unwrap() {
            SegmentKind::Road => (Category::Road, f.tiles.len() as u16),
            SegmentKind::City => (Category::City, f.tiles.len() as u16 + f.pennants),
            SegmentKind::Field => {
                if !rules.farmers {
                    panic!("a farmer without the farmers option");
                }
                let cities = cities_of(s, &features, &of, f);
                if rules.farm_scoring == FarmScoring::First {
                    for c in cities {
                        let e = per_city.entry(c).or_default();
                        for p in 0..6 {
                            e[p] += counts[p];
                        }
                    }
                    continue;
                }
                (Category::Field, 3 * cities.len() as u16)
            }
            SegmentKind::River => unreachable!(),
        };
        if f.kind != Some(SegmentKind::Field) {
            assert!(f.open > 0, "a finished road or city keeps no follower");
            if !rules.score_incomplete {
                continue;
            }
        }
        for p in majority(counts) {
            out[p][category as usize] += points;
        }
    }
    for counts in per_city.values() {
        for p in majority(counts) {
            out[p][Category::Field as usize] += 4;
        }
    }
    out
}

/// Each seat's banked score by category, [`Category`] order.
pub fn banked(s: &State) -> Points {
    (0..s.players())
        .map(|p| Category::ALL.map(|c| s.score(p).get(c)))
        .collect()
}

/// Each seat's score by category if the game ended now, by hand, on top of
/// the engine's banked score.
pub fn potential_by_hand(s: &State) -> Points {
    let mut out = banked(s);
    for (o, e) in out.iter_mut().zip(end_points(s, &pieces_of(s))) {
        for c in 0..5 {
            o[c] += e[c];
        }
    }
    out
}
