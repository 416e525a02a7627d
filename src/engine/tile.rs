//! The tile catalogue of rules §10 as data: edges, segments, centres and counts.
//!
//! Every tile is described in its reference orientation (rotation 0). A placed
//! tile's sides and half-edges are mapped back to the reference by rotation
//! arithmetic, so no rotated copies of the data are kept besides the packed edges.

use super::geometry::{HalfEdge, Side};
use super::rules::Edition;

/// What a tile side shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
#[repr(u8)]
pub enum Edge {
    Field = 0,
    Road = 1,
    City = 2,
    River = 3,
}

impl Edge {
    pub const fn from_code(c: u8) -> Edge {
        match c & 3 {
            0 => Edge::Field,
            1 => Edge::Road,
            2 => Edge::City,
            _ => Edge::River,
        }
    }
    pub const fn word(self) -> &'static str {
        match self {
            Edge::Field => "a field",
            Edge::Road => "a road",
            Edge::City => "a city",
            Edge::River => "the river",
        }
    }
}

/// The kind of a segment, the piece of a feature printed on one tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentKind {
    Road,
    City,
    Field,
    River,
}

/// One segment of a tile in reference orientation.
#[derive(Clone, Copy, Debug)]
pub struct Segment {
    pub kind: SegmentKind,
    /// Sides touched (bit 0 = N … bit 3 = W); roads, cities and the river.
    pub sides: u8,
    /// Half-edges touched (bit i = `HalfEdge::new(i)`); fields only.
    pub halves: u8,
    /// A pennant (coat of arms) printed in this city segment.
    pub pennant: bool,
    /// Fields only: bit i set when segment i of the same tile is a city this field borders.
    pub cities: u8,
}

const N: u8 = 1;
const E: u8 = 2;
const S: u8 = 4;
const W: u8 = 8;
const NW: u8 = 1;
const NE: u8 = 2;
const EN: u8 = 4;
const ES: u8 = 8;
const SE: u8 = 16;
const SW: u8 = 32;
const WS: u8 = 64;
const WN: u8 = 128;
const ALL8: u8 = 0xFF;

const fn road(sides: u8) -> Segment {
    Segment {
        kind: SegmentKind::Road,
        sides,
        halves: 0,
        pennant: false,
        cities: 0,
    }
}
const fn river(sides: u8) -> Segment {
    Segment {
        kind: SegmentKind::River,
        sides,
        halves: 0,
        pennant: false,
        cities: 0,
    }
}
const fn city(sides: u8) -> Segment {
    Segment {
        kind: SegmentKind::City,
        sides,
        halves: 0,
        pennant: false,
        cities: 0,
    }
}
const fn city_p(sides: u8) -> Segment {
    Segment {
        kind: SegmentKind::City,
        sides,
        halves: 0,
        pennant: true,
        cities: 0,
    }
}
/// A field; `cities` names bordering city segments by their index on this tile.
const fn field(halves: u8, cities: u8) -> Segment {
    Segment {
        kind: SegmentKind::Field,
        sides: 0,
        halves,
        pennant: false,
        cities,
    }
}

/// What sits in the centre of a tile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Centre {
    Nothing,
    Monastery,
    /// A garden; present only in the `c3` edition.
    Garden,
    /// The river's spring (RA).
    Spring,
    /// The river's lake (RL).
    Lake,
}

/// One kind of tile.
#[derive(Debug)]
pub struct TileDef {
    pub name: &'static str,
    /// Copies in a set of this edition (see [`TileDef::count`]).
    count_c1: u8,
    /// Copies moved out to the garden kind in `c3`.
    garden_copies: u8,
    /// Whether the kind exists in `c1` at all (garden copies do not).
    in_c1: bool,
    pub edges: [Edge; 4],
    pub segments: &'static [Segment],
    pub centre: Centre,
    pub river: bool,
    /// Segment touching each side (255: none), reference orientation.
    pub side_segment: [u8; 4],
    /// Field segment touching each half-edge (255: none), reference orientation.
    pub half_segment: [u8; 8],
    /// Edge codes packed two bits a side, for each rotation.
    pub packed_edges: [u8; 4],
}

impl TileDef {
    /// Copies of this kind in one set of `edition`.
    pub const fn count(&self, edition: Edition) -> u8 {
        match edition {
            Edition::C1 => {
                if self.in_c1 {
                    self.count_c1
                } else {
                    0
                }
            }
            Edition::C3 => self.count_c1 - self.garden_copies,
        }
    }

    /// Whether the tile's centre holds a garden in this edition.
    pub const fn has_garden(&self, edition: Edition) -> bool {
        matches!(self.centre, Centre::Garden) && matches!(edition, Edition::C3)
    }

    /// The segment touching board side `side` when the tile lies with rotation `r`.
    #[inline(always)]
    pub const fn segment_at_side(&self, side: Side, r: u8) -> Option<u8> {
        let s = self.side_segment[side.rotate(4 - (r & 3)).index() as usize];
        if s == NONE {
            None
        } else {
            Some(s)
        }
    }

    /// The field touching board half-edge `h` when the tile lies with rotation `r`.
    #[inline(always)]
    pub const fn segment_at_half(&self, h: HalfEdge, r: u8) -> Option<u8> {
        let s = self.half_segment[h.rotate(4 - (r & 3)).index() as usize];
        if s == NONE {
            None
        } else {
            Some(s)
        }
    }

    /// The edge shown on board side `side` at rotation `r`.
    #[inline]
    pub const fn edge(&self, side: Side, r: u8) -> Edge {
        Edge::from_code(self.packed_edges[(r & 3) as usize] >> (2 * side.index()))
    }
}

const NONE: u8 = 255;

const fn pack(edges: &[Edge; 4]) -> u8 {
    (edges[0] as u8) | (edges[1] as u8) << 2 | (edges[2] as u8) << 4 | (edges[3] as u8) << 6
}

const fn def(
    name: &'static str,
    count_c1: u8,
    garden_copies: u8,
    edges: [Edge; 4],
    segments: &'static [Segment],
    centre: Centre,
) -> TileDef {
    let mut side_segment = [NONE; 4];
    let mut half_segment = [NONE; 8];
    let mut i = 0;
    while i < segments.len() {
        let seg = segments[i];
        let mut b = 0;
        while b < 8 {
            if b < 4 && seg.sides & (1 << b) != 0 {
                side_segment[b] = i as u8;
            }
            if seg.halves & (1 << b) != 0 {
                half_segment[b] = i as u8;
            }
            b += 1;
        }
        i += 1;
    }
    let p = pack(&edges);
    let mut river = false;
    let mut e = 0;
    while e < 4 {
        if matches!(edges[e], Edge::River) {
            river = true;
        }
        e += 1;
    }
    TileDef {
        name,
        count_c1,
        garden_copies,
        in_c1: true,
        edges,
        segments,
        centre,
        river,
        side_segment,
        half_segment,
        packed_edges: [p, p.rotate_left(2), p.rotate_left(4), p.rotate_left(6)],
    }
}

/// The copy of a kind that carries a garden in edition `c3` (written with a trailing `g`).
const fn garden_copy(name: &'static str, plain: &TileDef) -> TileDef {
    TileDef {
        name,
        count_c1: 1,
        garden_copies: 0,
        in_c1: false,
        edges: plain.edges,
        segments: plain.segments,
        centre: Centre::Garden,
        river: false,
        side_segment: plain.side_segment,
        half_segment: plain.half_segment,
        packed_edges: plain.packed_edges,
    }
}

use Edge::{City as C, Field as F, River as V, Road as R};

const A_: TileDef = def(
    "A",
    2,
    0,
    [F, F, R, F],
    &[road(S), field(ALL8, 0)],
    Centre::Monastery,
);
const B_: TileDef = def(
    "B",
    4,
    0,
    [F, F, F, F],
    &[field(ALL8, 0)],
    Centre::Monastery,
);
const C_: TileDef = def(
    "C",
    1,
    0,
    [C, C, C, C],
    &[city_p(N | E | S | W)],
    Centre::Nothing,
);
const D_: TileDef = def(
    "D",
    4,
    0,
    [C, R, F, R],
    &[
        road(E | W),
        city(N),
        field(EN | WN, 1 << 1),
        field(ES | SE | SW | WS, 0),
    ],
    Centre::Nothing,
);
const E_: TileDef = def(
    "E",
    5,
    1,
    [C, F, F, F],
    &[city(N), field(EN | ES | SE | SW | WS | WN, 1)],
    Centre::Nothing,
);
const F_: TileDef = def(
    "F",
    2,
    0,
    [F, C, F, C],
    &[city_p(E | W), field(NW | NE, 1), field(SE | SW, 1)],
    Centre::Nothing,
);
const G_: TileDef = def(
    "G",
    1,
    0,
    [F, C, F, C],
    &[city(E | W), field(NW | NE, 1), field(SE | SW, 1)],
    Centre::Nothing,
);
const H_: TileDef = def(
    "H",
    3,
    1,
    [C, F, C, F],
    &[city(N), city(S), field(EN | ES | WS | WN, 0b11)],
    Centre::Nothing,
);
const I_: TileDef = def(
    "I",
    2,
    1,
    [C, F, F, C],
    &[city(N), city(W), field(EN | ES | SE | SW, 0b11)],
    Centre::Nothing,
);
const J_: TileDef = def(
    "J",
    3,
    0,
    [C, R, R, F],
    &[
        road(E | S),
        city(N),
        field(EN | SW | WS | WN, 1 << 1),
        field(ES | SE, 0),
    ],
    Centre::Nothing,
);
const K_: TileDef = def(
    "K",
    3,
    0,
    [C, F, R, R],
    &[
        road(S | W),
        city(N),
        field(EN | ES | SE | WN, 1 << 1),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const L_: TileDef = def(
    "L",
    3,
    0,
    [C, R, R, R],
    &[
        road(E),
        road(S),
        road(W),
        city(N),
        field(EN | WN, 1 << 3),
        field(ES | SE, 0),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const M_: TileDef = def(
    "M",
    2,
    1,
    [C, C, F, F],
    &[city_p(N | E), field(SE | SW | WS | WN, 1)],
    Centre::Nothing,
);
const N_: TileDef = def(
    "N",
    3,
    1,
    [C, C, F, F],
    &[city(N | E), field(SE | SW | WS | WN, 1)],
    Centre::Nothing,
);
const O_: TileDef = def(
    "O",
    2,
    0,
    [C, R, R, C],
    &[
        road(E | S),
        city_p(N | W),
        field(EN | SW, 1 << 1),
        field(ES | SE, 0),
    ],
    Centre::Nothing,
);
const P_: TileDef = def(
    "P",
    3,
    0,
    [C, R, R, C],
    &[
        road(E | S),
        city(N | W),
        field(EN | SW, 1 << 1),
        field(ES | SE, 0),
    ],
    Centre::Nothing,
);
const Q_: TileDef = def(
    "Q",
    1,
    0,
    [C, C, F, C],
    &[city_p(N | E | W), field(SE | SW, 1)],
    Centre::Nothing,
);
const R_: TileDef = def(
    "R",
    3,
    1,
    [C, C, F, C],
    &[city(N | E | W), field(SE | SW, 1)],
    Centre::Nothing,
);
const S_: TileDef = def(
    "S",
    2,
    0,
    [C, C, R, C],
    &[
        road(S),
        city_p(N | E | W),
        field(SE, 1 << 1),
        field(SW, 1 << 1),
    ],
    Centre::Nothing,
);
const T_: TileDef = def(
    "T",
    1,
    0,
    [C, C, R, C],
    &[
        road(S),
        city(N | E | W),
        field(SE, 1 << 1),
        field(SW, 1 << 1),
    ],
    Centre::Nothing,
);
const U_: TileDef = def(
    "U",
    8,
    1,
    [R, F, R, F],
    &[
        road(N | S),
        field(NE | EN | ES | SE, 0),
        field(SW | WS | WN | NW, 0),
    ],
    Centre::Nothing,
);
const V_: TileDef = def(
    "V",
    9,
    1,
    [F, F, R, R],
    &[
        road(S | W),
        field(NW | NE | EN | ES | SE | WN, 0),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const W_: TileDef = def(
    "W",
    4,
    0,
    [F, R, R, R],
    &[
        road(E),
        road(S),
        road(W),
        field(NW | NE | EN | WN, 0),
        field(ES | SE, 0),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const X_: TileDef = def(
    "X",
    1,
    0,
    [R, R, R, R],
    &[
        road(N),
        road(E),
        road(S),
        road(W),
        field(NE | EN, 0),
        field(ES | SE, 0),
        field(SW | WS, 0),
        field(WN | NW, 0),
    ],
    Centre::Nothing,
);

const RA_: TileDef = def(
    "RA",
    1,
    0,
    [F, F, V, F],
    &[river(S), field(ALL8, 0)],
    Centre::Spring,
);
const RB_: TileDef = def(
    "RB",
    1,
    0,
    [C, V, R, V],
    &[
        river(E | W),
        road(S),
        city(N),
        field(EN, 1 << 2),
        field(WN, 1 << 2),
        field(ES | SE, 0),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const RC_: TileDef = def(
    "RC",
    1,
    0,
    [C, V, C, V],
    &[
        river(E | W),
        city(N),
        city(S),
        field(EN | WN, 1 << 1),
        field(ES | WS, 1 << 2),
    ],
    Centre::Nothing,
);
const RD_: TileDef = def(
    "RD",
    1,
    0,
    [F, V, F, V],
    &[
        river(E | W),
        field(NW | NE | EN | WN, 0),
        field(ES | SE | SW | WS, 0),
    ],
    Centre::Nothing,
);
const RE_: TileDef = def(
    "RE",
    1,
    0,
    [C, C, V, V],
    &[
        river(S | W),
        city(N | E),
        field(SE | WN, 1 << 1),
        field(SW | WS, 0),
    ],
    Centre::Nothing,
);
const RF_: TileDef = def(
    "RF",
    1,
    0,
    [V, F, V, F],
    &[
        river(N | S),
        field(NE | EN | ES | SE, 0),
        field(SW | WS | WN | NW, 0),
    ],
    Centre::Nothing,
);
const RG_: TileDef = def(
    "RG",
    1,
    0,
    [V, F, F, V],
    &[
        river(N | W),
        field(NE | EN | ES | SE | SW | WS, 0),
        field(WN | NW, 0),
    ],
    Centre::Nothing,
);
const RH_: TileDef = def(
    "RH",
    1,
    0,
    [F, V, R, V],
    &[
        river(E | W),
        road(S),
        field(NW | NE | EN | WN, 0),
        field(ES | SE, 0),
        field(SW | WS, 0),
    ],
    Centre::Monastery,
);
const RI_: TileDef = def(
    "RI",
    1,
    0,
    [R, V, V, R],
    &[
        river(E | S),
        road(N | W),
        field(NW | WN, 0),
        field(NE | EN | SW | WS, 0),
        field(ES | SE, 0),
    ],
    Centre::Nothing,
);
const RJ_: TileDef = def(
    "RJ",
    1,
    0,
    [F, V, V, F],
    &[
        river(E | S),
        field(NW | NE | EN | SW | WS | WN, 0),
        field(ES | SE, 0),
    ],
    Centre::Garden,
);
const RK_: TileDef = def(
    "RK",
    1,
    0,
    [V, R, V, R],
    &[
        river(N | S),
        road(E | W),
        field(NE | EN, 0),
        field(ES | SE, 0),
        field(SW | WS, 0),
        field(WN | NW, 0),
    ],
    Centre::Nothing,
);
const RL_: TileDef = def(
    "RL",
    1,
    0,
    [F, F, V, F],
    &[river(S), field(ALL8, 0)],
    Centre::Lake,
);

/// Every kind, base kinds first, then the `c3` garden copies, then the River.
pub static TILES: [TileDef; 44] = [
    A_,
    B_,
    C_,
    D_,
    E_,
    F_,
    G_,
    H_,
    I_,
    J_,
    K_,
    L_,
    M_,
    N_,
    O_,
    P_,
    Q_,
    R_,
    S_,
    T_,
    U_,
    V_,
    W_,
    X_,
    garden_copy("Eg", &E_),
    garden_copy("Hg", &H_),
    garden_copy("Ig", &I_),
    garden_copy("Mg", &M_),
    garden_copy("Ng", &N_),
    garden_copy("Rg", &R_),
    garden_copy("Ug", &U_),
    garden_copy("Vg", &V_),
    RA_,
    RB_,
    RC_,
    RD_,
    RE_,
    RF_,
    RG_,
    RH_,
    RI_,
    RJ_,
    RK_,
    RL_,
];

/// A tile kind: an index into [`TILES`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TileKind(pub u8);

impl TileKind {
    /// The start tile of the base game.
    pub const START: TileKind = TileKind(3);
    /// The first river kind; river kinds run to the end of [`TILES`].
    pub const RIVER_FIRST: u8 = 32;
    pub const SPRING: TileKind = TileKind(32);
    pub const LAKE: TileKind = TileKind(43);
    pub const COUNT: usize = 44;

    // Forced inline: the wasm is built for size (opt-level z), which would
    // keep the call in the playouts' hot loops (as [`super::board::Board::tile`]).
    #[inline(always)]
    pub fn def(self) -> &'static TileDef {
        &TILES[self.0 as usize]
    }

    pub fn name(self) -> &'static str {
        self.def().name
    }

    pub fn from_name(name: &str) -> Option<TileKind> {
        TILES
            .iter()
            .position(|t| t.name == name)
            .map(|i| TileKind(i as u8))
    }

    #[inline(always)]
    pub fn is_river(self) -> bool {
        self.0 >= Self::RIVER_FIRST
    }

    pub fn all() -> impl Iterator<Item = TileKind> {
        (0..Self::COUNT as u8).map(TileKind)
    }
}

impl serde::Serialize for TileKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn total(edition: Edition, river: bool) -> u32 {
        TileKind::all()
            .filter(|k| k.is_river() == river)
            .map(|k| k.def().count(edition) as u32)
            .sum()
    }

    #[test]
    fn base_set_has_72_tiles_in_both_editions_and_12_river_tiles() {
        assert_eq!(total(Edition::C1, false), 72);
        assert_eq!(total(Edition::C3, false), 72);
        assert_eq!(total(Edition::C3, true), 12);
        assert_eq!(total(Edition::C1, true), 12);
        let kinds_c1 = TileKind::all()
            .filter(|k| !k.is_river() && k.def().count(Edition::C1) > 0)
            .count();
        assert_eq!(kinds_c1, 24);
    }

    #[test]
    fn ten_pennants_in_the_base_set() {
        let mut by_kind = vec![];
        let mut n = 0;
        for k in TileKind::all().filter(|k| !k.is_river()) {
            let p = k.def().segments.iter().filter(|s| s.pennant).count() as u32;
            let c = k.def().count(Edition::C3) as u32;
            let base = k.name().trim_end_matches('g');
            match by_kind.iter_mut().find(|(n, _)| *n == base) {
                Some((_, total)) => *total += p * c,
                None if p * c > 0 => by_kind.push((base, p * c)),
                None => {}
            }
            n += p * c;
        }
        assert_eq!(n, 10);
        assert_eq!(
            by_kind,
            [("C", 1), ("F", 2), ("M", 2), ("O", 2), ("Q", 1), ("S", 2)]
        );
    }

    #[test]
    fn c3_has_eight_base_gardens_and_one_on_the_river() {
        let gardens: Vec<_> = TileKind::all()
            .filter(|k| k.def().has_garden(Edition::C3))
            .map(|k| (k.name(), k.def().count(Edition::C3)))
            .collect();
        assert_eq!(
            gardens,
            [
                ("Eg", 1),
                ("Hg", 1),
                ("Ig", 1),
                ("Mg", 1),
                ("Ng", 1),
                ("Rg", 1),
                ("Ug", 1),
                ("Vg", 1),
                ("RJ", 1)
            ]
        );
        assert!(TileKind::all().all(|k| !k.def().has_garden(Edition::C1)));
        assert_eq!(
            TileKind::from_name("E").unwrap().def().count(Edition::C3),
            4
        );
        assert_eq!(
            TileKind::from_name("E").unwrap().def().count(Edition::C1),
            5
        );
        assert_eq!(
            TileKind::from_name("Vg").unwrap().def().count(Edition::C1),
            0
        );
    }

    /// Every side is claimed by exactly the segment its edge calls for, and every
    /// half-edge next to a field, road or river side belongs to exactly one field.
    #[test]
    fn every_edge_and_half_edge_is_consistent() {
        for k in TileKind::all() {
            let d = k.def();
            let name = d.name;
            for side in 0..4u8 {
                let touching: Vec<_> = d
                    .segments
                    .iter()
                    .filter(|s| s.sides & (1 << side) != 0)
                    .collect();
                let halves = [2 * side, 2 * side + 1];
                let half_fields: Vec<usize> = halves
                    .iter()
                    .map(|h| {
                        d.segments
                            .iter()
                            .filter(|s| s.halves & (1 << h) != 0)
                            .count()
                    })
                    .collect();
                match d.edges[side as usize] {
                    Edge::Field => {
                        assert!(touching.is_empty(), "{name} side {side}");
                        assert_eq!(half_fields, [1, 1], "{name} side {side}");
                    }
                    Edge::City => {
                        assert_eq!(touching.len(), 1, "{name} side {side}");
                        assert_eq!(touching[0].kind, SegmentKind::City, "{name}");
                        assert_eq!(half_fields, [0, 0], "{name} side {side}");
                    }
                    Edge::Road | Edge::River => {
                        let want = if d.edges[side as usize] == Edge::Road {
                            SegmentKind::Road
                        } else {
                            SegmentKind::River
                        };
                        assert_eq!(touching.len(), 1, "{name} side {side}");
                        assert_eq!(touching[0].kind, want, "{name} side {side}");
                        assert_eq!(half_fields, [1, 1], "{name} side {side}");
                    }
                }
            }
            for (i, s) in d.segments.iter().enumerate() {
                assert!(
                    s.sides != 0 || s.halves != 0,
                    "{name} segment {i} touches nothing"
                );
                if s.kind == SegmentKind::Field {
                    for c in 0..8 {
                        if s.cities & (1 << c) != 0 {
                            assert_eq!(d.segments[c].kind, SegmentKind::City, "{name}");
                        }
                    }
                } else {
                    assert_eq!(s.halves, 0);
                    assert_eq!(s.cities, 0);
                }
                assert!(!s.pennant || s.kind == SegmentKind::City);
            }
            assert!(d.segments.len() <= 8, "{name} has too many segments");
        }
    }

    /// Fields touching a city edge's corner must border it: the field-to-city
    /// borders of D, J, K, L, O, P and S are the ones players argue over.
    #[test]
    fn field_city_borders_of_the_tricky_tiles() {
        let border = |name: &str, half: &str| -> bool {
            let d = TileKind::from_name(name).unwrap().def();
            let Some(super::super::geometry::Location::Half(h)) =
                super::super::geometry::Location::parse(half)
            else {
                panic!()
            };
            let f = d.half_segment[h.index() as usize];
            d.segments[f as usize].cities != 0
        };
        assert!(border("D", "EN") && border("D", "WN") && !border("D", "SE"));
        assert!(border("J", "EN") && border("J", "WS") && !border("J", "ES"));
        assert!(border("K", "EN") && border("K", "SE") && !border("K", "WS"));
        assert!(border("L", "EN") && !border("L", "ES") && !border("L", "SW"));
        assert!(border("O", "EN") && border("O", "SW") && !border("O", "SE"));
        assert!(border("P", "EN") && !border("P", "ES"));
        assert!(border("S", "SE") && border("S", "SW"));
    }

    #[test]
    fn rotation_moves_edges_clockwise() {
        let d = TileKind::START.def();
        assert_eq!(d.edge(Side::N, 0), Edge::City);
        assert_eq!(d.edge(Side::E, 1), Edge::City);
        assert_eq!(d.edge(Side::S, 2), Edge::City);
        assert_eq!(d.edge(Side::W, 3), Edge::City);
        assert_eq!(d.edge(Side::N, 1), Edge::Road);
        assert_eq!(d.segment_at_side(Side::E, 1), Some(1));
    }
}
