//! Followers (meeples) and the abbot, and the sets of players they score for.

use serde::Serialize;

/// The most seats a game has (rules §1).
pub const MAX_PLAYERS: usize = 6;

/// Followers each player owns (rules §1).
pub const FOLLOWERS_PER_PLAYER: u8 = 7;
/// A segment index meaning "the centre of the tile" (monastery or garden).
pub const CENTRE: u8 = 8;

/// The role a piece takes from the segment it stands on.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// On a road.
    Thief,
    /// In a city.
    Knight,
    /// On a monastery.
    Monk,
    /// Lying in a field.
    Farmer,
    /// The abbot, on a monastery or garden.
    Abbot,
}

/// A piece on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Meeple {
    pub tile: u8,
    /// Segment index on the tile, or [`CENTRE`].
    pub segment: u8,
    pub player: u8,
    pub role: Role,
}

/// A set of seats, serialised as the list of seat indices.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Players(pub u8);

impl Players {
    pub fn contains(self, p: u8) -> bool {
        self.0 & (1 << p) != 0
    }
    /// Seats in order, a set bit at a time (scoring walks every scorer).
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let p = bits.trailing_zeros() as u8;
            bits &= bits.wrapping_sub(1);
            (p < 8).then_some(p)
        })
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players with the most pieces, given a count per seat.
    pub fn majority(counts: &[u8; 6]) -> Players {
        let best = *counts.iter().max().unwrap_or(&0);
        if best == 0 {
            return Players(0);
        }
        let mut set = 0u8;
        for (p, &c) in counts.iter().enumerate() {
            if c == best {
                set |= 1 << p;
            }
        }
        Players(set)
    }
}

impl Serialize for Players {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.0.count_ones() as usize))?;
        for p in self.iter() {
            seq.serialize_element(&p)?;
        }
        seq.end()
    }
}
