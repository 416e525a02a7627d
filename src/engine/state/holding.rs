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
    /// A field under first-edition farm scoring (rules §5), farmers
    /// played: each completed city it borders pays on its own, to the most
    /// farmers in all the fields bordering that city, so `owners` and `now`
    /// do not say who is paid; `paid` does, city by city. Else empty.
    pub paid: Vec<CityPay>,
}

/// A completed city bordering a field, under first-edition farm scoring:
/// where it lies, and who it would pay at the end as it stands, `points`
/// each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CityPay {
    /// From the tile asked about to the city's nearest tile (x east, y south).
    pub way: (i32, i32),
    /// The sides of that tile the city touches, as laid (bit 0 north, then
    /// clockwise): tells apart two cities on one tile.
    pub sides: u8,
    pub payees: Players,
    pub points: u16,
}

/// A field with farmers on it: its segments (tile index, segment), its
/// majority owners, and one segment of each completed city it is paid for
/// (where the overlay marks the city) with who that city pays: the field's
/// owners under current rules; under first-edition rules the city's own
/// majority over all its fields, and each city once over all held fields,
/// as it pays once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldField {
    pub owners: Players,
    pub segments: Vec<(usize, u8)>,
    pub cities: Vec<(usize, u8, Players)>,
}

impl State {
    /// The feature at `at`/`loc`, or `None` for the river, an empty cell or
    /// a location the tile does not have.
    pub fn feature_report(&self, at: Pos, loc: Location) -> Option<FeatureReport> {
        let i = self.board.index_at(at)?;
        let seg = self.segment_at(i, loc)?;
        let incomplete = self.rules.score_incomplete;
        // One report, filled in below: a second literal of it for the
        // centre's case would cost its own copy of every field.
        let mut r = FeatureReport {
            category: Category::Field,
            tiles: 1,
            pennants: 0,
            pieces: [0u8; 6],
            owners: Players::default(),
            complete: false,
            now: 0,
            finished: 0,
            open: 0,
            cities: 0,
            paid: Vec::new(),
        };
        if seg == CENTRE {
            if !self.centre_counts(i) {
                return None;
            }
            let n = self.board.neighbours(at);
            for m in self.meeples() {
                if m.tile as usize == i && m.segment == CENTRE {
                    r.pieces[m.player as usize] += 1;
                }
            }
            r.complete = n == 8;
            r.category = self.centre_category(i);
            r.owners = Players::majority(&r.pieces);
            r.now = match (r.complete, incomplete) {
                (true, _) => 9,
                (false, true) => 1 + u16::from(n),
                (false, false) => 0,
            };
            r.finished = 9;
            r.open = 8 - n;
            return Some(r);
        }
        let root = self.features.find(slot(i, seg));
        let kind = self.board.tile(i).kind.def().segments[seg as usize].kind;
        r.pieces = self.features.pieces(root);
        r.tiles = self.features.tile_count(root) as u8;
        r.pennants = self.features.pennants(root);
        r.owners = Players::majority(&r.pieces);
        match kind {
            SegmentKind::River => return None,
            SegmentKind::Field => {
                let mut cities = Vec::new();
                self.cities_of_field(root, &mut cities);
                let first = self.rules.farm_scoring == FarmScoring::First;
                let per_city = if first { 4 } else { 3 };
                r.cities = cities.len() as u8;
                r.now = if self.rules.farmers {
                    per_city * cities.len() as u16
                } else {
                    0
                };
                r.finished = r.now;
                if first && self.rules.farmers {
                    // The final scoring's own tally, city by city.
                    let tally = self.city_tally(&self.farmed_fields());
                    for c in cities {
                        let (near, sides) = self.nearest_tile(c, at);
                        r.paid.push(CityPay {
                            way: (near.x - at.x, near.y - at.y),
                            sides,
                            payees: pays(&tally, c),
                            points: 4,
                        });
                    }
                }
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
        if self.segment_at(i, Location::Center).is_some() && self.centre_counts(i) {
            out.push(Location::Center);
        }
        out
    }

    /// Whether the centre of tile `i` is a feature of this game: a
    /// monastery, or a garden with the abbot played (rules §5: gardens
    /// matter only with the abbot).
    fn centre_counts(&self, i: usize) -> bool {
        self.rules.abbot || self.centre_category(i) == Category::Monastery
    }

    /// The tile of the feature whose root is `root` nearest to `at`, and
    /// the sides the feature touches there.
    fn nearest_tile(&self, root: u16, at: Pos) -> (Pos, u8) {
        let mut best = (i32::MAX, at, 0);
        for m in self.features.members(root) {
            let t = self.board.tile(m as usize / 8);
            let d = (t.pos.x - at.x).abs() + (t.pos.y - at.y).abs();
            // Sides in the tile's reference orientation, turned as laid.
            let own = t.kind.def().segments[m as usize % 8].sides;
            let sides = ((own << t.rotation) | (own >> (4 - t.rotation))) & 0xF;
            if d < best.0 {
                best = (d, t.pos, sides);
            } else if d == best.0 && t.pos == best.1 {
                best.2 |= sides;
            }
        }
        (best.1, best.2)
    }

    /// Every field with a farmer on it, each once, in the order of its
    /// first farmer: what the "Fields" overlay tints.
    pub fn held_fields(&self) -> Vec<HeldField> {
        let fields = self.farmed_fields();
        let first = self.rules.farm_scoring == FarmScoring::First;
        let tally = if first {
            self.city_tally(&fields)
        } else {
            Vec::new()
        };
        let part = |s: u16| (s as usize / 8, (s % 8) as u8);
        let mut marked: Vec<u16> = Vec::new();
        let mut cities = Vec::new();
        let mut out = Vec::new();
        for (root, counts) in fields {
            let owners = Players::majority(&counts);
            self.cities_of_field(root, &mut cities);
            let mut marks = Vec::new();
            for &c in &cities {
                let payees = if !first {
                    owners
                } else if marked.contains(&c) {
                    continue;
                } else {
                    marked.push(c);
                    pays(&tally, c)
                };
                let (t, seg) = part(c);
                marks.push((t, seg, payees));
            }
            out.push(HeldField {
                owners,
                segments: self.features.members(root).map(part).collect(),
                cities: marks,
            });
        }
        out
    }
}

/// Who the city whose root is `city` pays, from the first-edition tally.
fn pays(tally: &[(u16, [u8; 6])], city: u16) -> Players {
    tally
        .iter()
        .find(|t| t.0 == city)
        .map_or(Players(0), |t| Players::majority(&t.1))
}
