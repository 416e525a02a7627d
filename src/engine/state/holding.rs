//! Who holds what: one feature as a player asks about it (its size, the
//! pieces on it, what it is worth now, what it would be worth finished,
//! what it still needs), and the fields with farmers on them for the
//! "Fields" overlay. Read-only; the numbers are the scoring's own.

use super::*;

/// A road, city, field, monastery or garden as the long-press card tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureReport {
    pub category: Category,
    /// Tiles it runs through (a monastery or garden: its own tile).
    pub tiles: u8,
    /// Pennants in a city.
    pub pennants: u8,
    /// Pieces on it, per seat.
    pub pieces: [u8; 6],
    /// The players with the most pieces: who take its points.
    pub owners: Players,
    pub complete: bool,
    /// Points it gives its owners if the game ended now (the score card's
    /// "if it ended now"): in full once complete, else the end-game rate.
    pub now: u16,
    /// Points once completed (a field: at the end of the game, as it stands).
    pub finished: u16,
    /// Tile sides still open (roads, cities), or cells still empty around
    /// a monastery or garden; 0 for a field.
    pub open: u8,
    /// A field: the completed cities it feeds.
    pub cities: u8,
}

/// A field with farmers on it: its segments (tile index, segment), its
/// majority owners, and one segment of each completed city it feeds (where
/// the overlay marks the city).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldField {
    pub owners: Players,
    pub segments: Vec<(usize, u8)>,
    pub cities: Vec<(usize, u8)>,
}

impl State {
    /// The feature at `at`/`loc`, or `None` for the river, an empty cell or
    /// a location the tile does not have.
    pub fn feature_report(&self, at: Pos, loc: Location) -> Option<FeatureReport> {
        let i = self.board.index_at(at)?;
        let seg = self.segment_at(i, loc)?;
        let incomplete = self.rules.score_incomplete;
        if seg == CENTRE {
            let n = self.board.neighbours(at);
            let mut pieces = [0u8; 6];
            for m in self.meeples() {
                if m.tile as usize == i && m.segment == CENTRE {
                    pieces[m.player as usize] += 1;
                }
            }
            let complete = n == 8;
            return Some(FeatureReport {
                category: self.centre_category(i),
                tiles: 1,
                pennants: 0,
                pieces,
                owners: Players::majority(&pieces),
                complete,
                now: match (complete, incomplete) {
                    (true, _) => 9,
                    (false, true) => 1 + u16::from(n),
                    (false, false) => 0,
                },
                finished: 9,
                open: 8 - n,
                cities: 0,
            });
        }
        let root = self.features.find(slot(i, seg));
        let kind = self.board.tile(i).kind.def().segments[seg as usize].kind;
        let pieces = self.counts_on(root);
        let tiles = self.features.tile_count(root) as u8;
        let mut r = FeatureReport {
            category: Category::Field,
            tiles,
            pennants: self.features.pennants(root),
            pieces,
            owners: Players::majority(&pieces),
            complete: false,
            now: 0,
            finished: 0,
            open: 0,
            cities: 0,
        };
        match kind {
            SegmentKind::River => return None,
            SegmentKind::Field => {
                let mut cities = Vec::new();
                self.cities_of_field(root, &mut cities);
                let per_city = if self.rules.farm_scoring == FarmScoring::First {
                    4
                } else {
                    3
                };
                r.cities = cities.len() as u8;
                r.now = if self.rules.farmers {
                    per_city * cities.len() as u16
                } else {
                    0
                };
                r.finished = r.now;
            }
            SegmentKind::Road | SegmentKind::City => {
                let open = self.features.open_edges(root);
                r.category = if kind == SegmentKind::Road {
                    Category::Road
                } else {
                    Category::City
                };
                r.complete = open == 0;
                r.open = open.min(255) as u8;
                r.finished = self.feature_value(root, kind, true).0;
                r.now = if r.complete {
                    r.finished
                } else if incomplete {
                    self.feature_value(root, kind, false).0
                } else {
                    0
                };
            }
        }
        Some(r)
    }

    /// One location for each feature of the tile at `at` (river excepted),
    /// in the tile's segment order, the monastery or garden last: what the
    /// keyboard steps through.
    pub fn features_on(&self, at: Pos) -> Vec<Location> {
        let mut out = Vec::new();
        let Some(i) = self.board.index_at(at) else {
            return out;
        };
        let t = self.board.tile(i);
        for (seg, s) in t.kind.def().segments.iter().enumerate() {
            if s.kind != SegmentKind::River {
                out.push(self.slot_location(slot(i, seg as u8)).1);
            }
        }
        if self.segment_at(i, Location::Center).is_some() {
            out.push(Location::Center);
        }
        out
    }

    /// Every field with a farmer on it, each once, in the order of its
    /// first farmer: what the "Fields" overlay tints.
    pub fn held_fields(&self) -> Vec<HeldField> {
        let mut roots: Vec<u16> = Vec::new();
        let mut out = Vec::new();
        let mut cities = Vec::new();
        for m in self.meeples() {
            if m.role != Role::Farmer {
                continue;
            }
            let root = self.features.find(slot(m.tile as usize, m.segment));
            if roots.contains(&root) {
                continue;
            }
            roots.push(root);
            self.cities_of_field(root, &mut cities);
            let part = |s: u16| (s as usize / 8, (s % 8) as u8);
            out.push(HeldField {
                owners: Players::majority(&self.counts_on(root)),
                segments: self.features.members(root).map(part).collect(),
                cities: cities.iter().map(|&c| part(c)).collect(),
            });
        }
        out
    }
}
