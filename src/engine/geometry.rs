//! Board coordinates, tile sides, half-edges and the location names of rules §9.

use core::fmt;

/// A board position: x grows to the east, y to the south; the start tile is at (0,0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Pos {
    pub x: i32,
    pub y: i32,
}

impl Pos {
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The neighbouring position across `side`. Offsets looked up, not
    /// matched: loops over the four sides then run without a jump table.
    /// Forced inline, as [`super::tile::TileKind::def`].
    #[inline(always)]
    pub const fn step(self, side: Side) -> Pos {
        const DX: [i32; 4] = [0, 1, 0, -1];
        const DY: [i32; 4] = [-1, 0, 1, 0];
        let i = side as usize;
        Pos::new(self.x + DX[i], self.y + DY[i])
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every number in a message is printed as an i64: one integer formatter in the wasm.
        write!(f, "[{}, {}]", i64::from(self.x), i64::from(self.y))
    }
}

/// A tile side, in clockwise order so that rotating is adding.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    N = 0,
    E = 1,
    S = 2,
    W = 3,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    pub const fn from_index(i: u8) -> Side {
        match i & 3 {
            0 => Side::N,
            1 => Side::E,
            2 => Side::S,
            _ => Side::W,
        }
    }

    pub const fn index(self) -> u8 {
        self as u8
    }

    pub const fn opposite(self) -> Side {
        Side::from_index(self as u8 + 2)
    }

    /// The side this one becomes after `r` quarter turns clockwise.
    #[inline(always)]
    pub const fn rotate(self, r: u8) -> Side {
        Side::from_index(self as u8 + r)
    }

    pub const fn name(self) -> &'static str {
        ["N", "E", "S", "W"][self as usize]
    }

    /// Lower-case compass word, for sentences shown to players.
    pub const fn word(self) -> &'static str {
        ["north", "east", "south", "west"][self as usize]
    }
}

/// Half of a tile side; fields are made of these. Numbered clockwise from
/// the west half of the north side, so a quarter turn adds 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct HalfEdge(u8);

impl HalfEdge {
    pub const NAMES: [&'static str; 8] = ["NW", "NE", "EN", "ES", "SE", "SW", "WS", "WN"];
    /// The half-edge it meets on the neighbouring tile (rules §9).
    const MIRROR: [u8; 8] = [5, 4, 7, 6, 1, 0, 3, 2];

    pub const fn new(i: u8) -> HalfEdge {
        HalfEdge(i & 7)
    }
    pub const fn index(self) -> u8 {
        self.0
    }
    pub const fn side(self) -> Side {
        Side::from_index(self.0 / 2)
    }
    #[inline(always)]
    pub const fn rotate(self, r: u8) -> HalfEdge {
        HalfEdge((self.0 + 2 * r) & 7)
    }
    pub const fn mirror(self) -> HalfEdge {
        HalfEdge(Self::MIRROR[self.0 as usize])
    }
    pub const fn name(self) -> &'static str {
        Self::NAMES[self.0 as usize]
    }
}

/// A place on a tile where a follower can stand (rules §9), in board orientation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// The road, city or river segment touching a side.
    Side(Side),
    /// The field touching a half-edge.
    Half(HalfEdge),
    /// The monastery or garden in the centre.
    Center,
}

impl Location {
    pub fn parse(s: &str) -> Option<Location> {
        match s {
            "N" => Some(Location::Side(Side::N)),
            "E" => Some(Location::Side(Side::E)),
            "S" => Some(Location::Side(Side::S)),
            "W" => Some(Location::Side(Side::W)),
            "C" => Some(Location::Center),
            _ => HalfEdge::NAMES
                .iter()
                .position(|n| *n == s)
                .map(|i| Location::Half(HalfEdge::new(i as u8))),
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Location::Side(s) => s.name(),
            Location::Half(h) => h.name(),
            Location::Center => "C",
        }
    }

    /// The same location seen from the tile's reference orientation, when the
    /// tile lies with rotation `r`.
    pub const fn unrotate(self, r: u8) -> Location {
        match self {
            Location::Side(s) => Location::Side(s.rotate(4 - (r & 3))),
            Location::Half(h) => Location::Half(h.rotate(4 - (r & 3))),
            Location::Center => Location::Center,
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Location {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl serde::Serialize for Pos {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.x, self.y].serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_edges_rotate_as_the_rules_say() {
        let expect = [
            ("NW", "EN"),
            ("NE", "ES"),
            ("EN", "SE"),
            ("ES", "SW"),
            ("SE", "WS"),
            ("SW", "WN"),
            ("WS", "NW"),
            ("WN", "NE"),
        ];
        for (from, to) in expect {
            let Some(Location::Half(h)) = Location::parse(from) else {
                panic!()
            };
            assert_eq!(h.rotate(1).name(), to);
        }
    }

    #[test]
    fn half_edges_meet_their_mirror_across_the_side() {
        for (a, b) in [("EN", "WN"), ("ES", "WS"), ("SE", "NE"), ("SW", "NW")] {
            let Some(Location::Half(h)) = Location::parse(a) else {
                panic!()
            };
            assert_eq!(h.mirror().name(), b);
            assert_eq!(h.mirror().mirror(), h);
            assert_eq!(h.mirror().side(), h.side().opposite());
        }
    }
}
