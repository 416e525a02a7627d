//! What players can see of the state: features with their worth and owners,
//! pieces where they stand, the tiles a highlight covers.

use super::*;

impl State {
    /// The position and location name of a segment slot, in board orientation.
    pub(crate) fn slot_location(&self, s: u16) -> (Pos, Location) {
        let t = self.board.tile(s as usize / 8);
        let seg = (s % 8) as u8;
        let d = t.kind.def();
        let segment = &d.segments[seg as usize];
        // Bit tricks, not loops: random playouts name every spot they weigh.
        let loc = if segment.kind == SegmentKind::Field {
            let h = (segment.halves.trailing_zeros() & 7) as u8;
            Location::Half(HalfEdge::new(h).rotate(t.rotation))
        } else {
            // The first side in board order, so names are stable for players:
            // the sides turned with the tile, lowest bit first.
            let r = t.rotation & 3;
            let turned = ((segment.sides << r) | (segment.sides >> (4 - r))) & 0xF;
            Location::Side(Side::from_index(turned.trailing_zeros() as u8 & 3))
        };
        (t.pos, loc)
    }

    /// The segment a location names on the tile at index `tile`.
    pub fn segment_at(&self, tile: usize, loc: Location) -> Option<u8> {
        let t = self.board.tile(tile);
        let d = t.kind.def();
        match loc {
            Location::Side(s) => d.segment_at_side(s, t.rotation),
            Location::Half(h) => d.segment_at_half(h, t.rotation),
            Location::Center => match d.centre {
                Centre::Monastery => Some(CENTRE),
                Centre::Garden if d.has_garden(self.rules.edition) => Some(CENTRE),
                _ => None,
            },
        }
    }

    /// The feature at `at`/`loc` as players see it: what it is worth now, and
    /// who would take the points. `None` for the river or an empty location.
    /// (The long-press card's [`FeatureReport`](super::FeatureReport), cut down.)
    pub fn feature_info(&self, at: Pos, loc: Location) -> Option<FeatureInfo> {
        let r = self.feature_report(at, loc)?;
        let value = if r.category == Category::Field {
            // What its cities pay, whether or not farmers are played.
            let per_city = if self.rules.farm_scoring == FarmScoring::First {
                4
            } else {
                3
            };
            per_city * u16::from(r.cities)
        } else {
            r.now
        };
        Some(FeatureInfo {
            category: r.category,
            complete: r.complete,
            value,
            owners: r.owners,
            tiles: self.feature_tiles(at, loc),
        })
    }

    /// Every piece on the board with the tile and location it stands on, in
    /// the order they were placed.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.meeples().iter().map(|m| self.piece(m))
    }

    /// Kept out of line: each of the many users of [`State::pieces`] would
    /// inline a copy.
    #[inline(never)]
    fn piece(&self, m: &Meeple) -> Piece {
        let (at, location) = if m.segment == CENTRE {
            (self.board.tile(m.tile as usize).pos, Location::Center)
        } else {
            self.slot_location(slot(m.tile as usize, m.segment))
        };
        Piece {
            player: m.player,
            at,
            location,
            role: m.role,
        }
    }

    /// Tiles of the completed cities the field at `at`/`loc` feeds, which are
    /// what its farmers are paid for at the end. Empty when that is no field.
    pub fn fed_city_tiles(&self, at: Pos, loc: Location) -> Vec<Pos> {
        let mut out = Vec::new();
        let Some(i) = self.board.index_at(at) else {
            return out;
        };
        let Some(seg) = self.segment_at(i, loc).filter(|&s| s != CENTRE) else {
            return out;
        };
        if self.board.tile(i).kind.def().segments[seg as usize].kind != SegmentKind::Field {
            return out;
        }
        let mut cities = Vec::new();
        self.cities_of_field(self.features.find(slot(i, seg)), &mut cities);
        for city in cities {
            let set = self.features.tiles(city);
            for t in (0..MAX_TILES).filter(|t| set & (1 << t) != 0) {
                let p = self.board.tile(t).pos;
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The segments of the feature at `at`/`loc` as (tile index, segment),
    /// or the tile's centre (`CENTRE`), so the page can outline the feature's
    /// own shape; with `fed`, a field's completed cities too (its final-scoring worth).
    pub fn feature_segments(&self, at: Pos, loc: Location, fed: bool) -> Vec<(usize, u8)> {
        let Some(i) = self.board.index_at(at) else {
            return vec![];
        };
        let Some(seg) = self.segment_at(i, loc) else {
            return vec![];
        };
        if seg == CENTRE {
            return vec![(i, CENTRE)];
        }
        let root = self.features.find(slot(i, seg));
        let mut roots = vec![root];
        if fed && self.board.tile(i).kind.def().segments[seg as usize].kind == SegmentKind::Field {
            let mut cities = Vec::new();
            self.cities_of_field(root, &mut cities);
            roots.extend(cities);
        }
        let mut out = Vec::new();
        for r in roots {
            for m in self.features.members(r) {
                out.push((m as usize / 8, (m % 8) as u8));
            }
        }
        out
    }

    /// Positions of the tiles of the feature at `at`/`loc` (for highlighting).
    pub fn feature_tiles(&self, at: Pos, loc: Location) -> Vec<Pos> {
        let Some(i) = self.board.index_at(at) else {
            return vec![];
        };
        match self.segment_at(i, loc) {
            Some(CENTRE) => vec![at],
            Some(seg) => {
                let set = self.features.tiles(slot(i, seg));
                (0..MAX_TILES)
                    .filter(|t| set & (1 << t) != 0)
                    .map(|t| self.board.tile(t).pos)
                    .collect()
            }
            None => vec![],
        }
    }
}
