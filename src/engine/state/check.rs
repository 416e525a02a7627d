//! Whether an action is legal, with the rule it breaks if not, and the
//! enumeration of legal placements and follower spots.

use super::*;
use crate::engine::frontier::nth_set_bit;

impl State {
    /// Whether `kind` may be placed at `at` with `rotation`, with the reason if not.
    pub fn check_tile(&self, kind: TileKind, at: Pos, rotation: u8) -> Result<(), RuleError> {
        if rotation > 3 {
            return Err(RuleError::BadRotation(rotation));
        }
        if !crate::engine::board::in_reach(at) {
            return Err(RuleError::NotTouching(at));
        }
        if self.board.index_at(at).is_some() {
            return Err(RuleError::Occupied(at));
        }
        if !self.board.on_table(at) {
            return Err(RuleError::OffTable(at));
        }
        if !Side::ALL
            .iter()
            .any(|&s| self.board.index_at(at.step(s)).is_some())
        {
            return Err(RuleError::NotTouching(at));
        }
        if kind.is_river() {
            if let Some(open) = self.river.open_cell() {
                if open != at {
                    return Err(RuleError::RiverNotContinued(open));
                }
            }
        }
        if let Some((side, mine, theirs)) = self.board.mismatch(at, kind, rotation) {
            return Err(RuleError::EdgeMismatch { side, mine, theirs });
        }
        if kind.is_river() {
            self.river.check_turn(kind, rotation)?;
        }
        Ok(())
    }

    /// Calls `f` for every legal (position, rotation) of `kind` on this board,
    /// in frontier order, then by rotation.
    #[inline]
    pub fn for_each_placement(&self, kind: TileKind, mut f: impl FnMut(Pos, u8)) {
        let open = self.board.open();
        if let Some((i, fits)) = self.river_fits(kind) {
            for r in 0..4 {
                if fits >> r & 1 != 0 {
                    f(open.pos(i), r);
                }
            }
            return;
        }
        open.for_each_fit(&kind.def().packed_edges, |i, r| f(open.pos(i), r));
    }

    /// For a river tile while the river is open, where it must go (an index
    /// into the frontier) and the rotations that continue the river legally
    /// (bit r for rotation r); `None` for any other tile.
    #[inline(always)]
    fn river_fits(&self, kind: TileKind) -> Option<(usize, u8)> {
        if kind.is_river() {
            self.river_end_fits(kind)
        } else {
            None
        }
    }

    fn river_end_fits(&self, kind: TileKind) -> Option<(usize, u8)> {
        let Some(i) = self.board.open_index(self.river.open_cell()?) else {
            // The open end points off the table (rules §12): nothing fits.
            return Some((0, 0));
        };
        let (need, mask) = self.board.open().demand(i);
        let mut fits = 0;
        for (r, &e) in kind.def().packed_edges.iter().enumerate() {
            if (e ^ need) & mask == 0 && self.river.check_turn(kind, r as u8).is_ok() {
                fits |= 1 << r;
            }
        }
        Some((i, fits))
    }

    /// Picks the `k`-th legal placement of the tile in hand (in the order of
    /// [`State::for_each_placement`]) after counting them: the hot path of
    /// random playouts. `pick` gets the count and returns `k`.
    pub fn nth_placement(&self, pick: impl FnOnce(u32) -> u32) -> Option<(Pos, u8)> {
        self.nth_placement_of(self.tile()?, pick)
    }

    /// As [`State::nth_placement`], for `kind`.
    pub fn nth_placement_of(
        &self,
        kind: TileKind,
        pick: impl FnOnce(u32) -> u32,
    ) -> Option<(Pos, u8)> {
        let open = self.board.open();
        let (i, r) = match self.river_fits(kind) {
            Some((_, 0)) => return None,
            Some((i, fits)) => {
                let k = pick(fits.count_ones());
                (i, nth_set_bit(fits as u64, k) as u8)
            }
            None => open.nth_fit(&kind.def().packed_edges, pick)?,
        };
        Some((open.pos(i), r))
    }

    /// The open positions no tile still to come can ever fill: neither the
    /// tile in hand (every hand, with hands) nor any tile left in the stack fits there, in any
    /// rotation, given the tiles around it. They stay holes for the rest of
    /// the game (tiles only fill positions, they never open one up again).
    /// A river tile counts where the river may continue now, as it must be
    /// laid there.
    pub fn unfillable(&self) -> Vec<Pos> {
        let open = self.board.open();
        let mut can = vec![false; open.len()];
        let mut seen = [false; TileKind::COUNT];
        let hands = (0..self.players).flat_map(|p| self.hand(p));
        for &k in hands.chain(self.remaining()) {
            if core::mem::replace(&mut seen[k.0 as usize], true) {
                continue;
            }
            for (at, _) in self.placements_any(k) {
                if let Some(i) = self.board.open_index(at) {
                    can[i] = true;
                }
            }
        }
        (0..open.len())
            .filter(|&i| !can[i])
            .map(|i| open.pos(i))
            .collect()
    }

    /// The tiles still to come ([`State::to_come`]) that could be laid at
    /// `at` as the board stands, each kind once with how many of it are
    /// left and the rotations that fit (a bit each), in catalogue order.
    /// Empty when `at` is not an open position.
    pub fn fitting_at(&self, at: Pos) -> Vec<(TileKind, u8, u8)> {
        let mut counts = [0u8; TileKind::COUNT];
        for k in self.to_come() {
            counts[k.0 as usize] += 1;
        }
        let mut v = Vec::new();
        for (i, &n) in counts.iter().enumerate() {
            let k = TileKind(i as u8);
            let rotations = (0..4u8)
                .filter(|&r| n > 0 && self.check_tile(k, at, r).is_ok())
                .fold(0, |m, r| m | 1 << r);
            if rotations != 0 {
                v.push((k, n, rotations));
            }
        }
        v
    }

    /// Every legal placement of `kind` on this board, whoever holds it, in
    /// [`State::for_each_placement`]'s order. Not inlined: the one copy of
    /// the placement loop that the page's callers share (bundle size); the
    /// searches call `for_each_placement` or the frontier themselves.
    #[inline(never)]
    pub fn placements_any(&self, kind: TileKind) -> Vec<(Pos, u8)> {
        let mut v = Vec::new();
        self.for_each_placement(kind, |p, r| v.push((p, r)));
        v
    }

    /// Every legal placement of the tile in hand.
    pub fn placements(&self) -> Vec<(Pos, u8)> {
        if self.step != Step::PlaceTile {
            return Vec::new();
        }
        self.placements_any(self.tile)
    }

    /// Every legal placement of `kind` if the current player may place it
    /// now (it is the tile in hand or in their hand), else none.
    pub fn placements_of(&self, kind: TileKind) -> Vec<(Pos, u8)> {
        if self.step != Step::PlaceTile || !self.hand(self.current).contains(&kind) {
            return Vec::new();
        }
        self.placements_any(kind)
    }

    /// The kinds in the current player's hand that fit somewhere, each once,
    /// oldest first (during the tile step).
    pub fn playable_kinds(&self) -> Vec<TileKind> {
        let mut v: Vec<TileKind> = Vec::new();
        if self.step == Step::PlaceTile {
            for &k in self.hand(self.current) {
                if !v.contains(&k) && self.can_place(k) {
                    v.push(k);
                }
            }
        }
        v
    }

    /// Whether `kind` fits anywhere; stops at the first fit.
    pub fn can_place(&self, kind: TileKind) -> bool {
        match self.river_fits(kind) {
            Some((_, fits)) => fits != 0,
            None => self.board.open().any_fit(&kind.def().packed_edges),
        }
    }

    /// Legal follower and abbot spots on the tile just placed (empty outside the follower step).
    pub fn follower_spots(&self) -> Vec<Spot> {
        let mut v = Vec::new();
        self.for_each_spot(&mut |s| v.push(s));
        v
    }

    /// Calls `f` for every legal follower or abbot spot on the tile just placed.
    /// A `dyn` callback: one copy of the walk serves all its callers (as a
    /// generic it was three, 0.3 KB gzip of the page), and a tile has a
    /// handful of spots, so the indirect calls cost nothing the AI notices.
    pub fn for_each_spot(&self, f: &mut dyn FnMut(Spot)) {
        if self.step != Step::PlaceFollower {
            return;
        }
        let t = self.board.len() - 1;
        let placed = self.board.tile(t);
        let d = placed.kind.def();
        let p = self.current as usize;
        let around = || 8 - self.board.neighbours(placed.pos);
        if self.supply[p] > 0 {
            for (i, seg) in d.segments.iter().enumerate() {
                let role = match seg.kind {
                    SegmentKind::Road => Role::Thief,
                    SegmentKind::City => Role::Knight,
                    SegmentKind::Field if self.rules.farmers => Role::Farmer,
                    _ => continue,
                };
                let s = slot(t, i as u8);
                let root = self.features.find(s);
                if !self.features.occupied(root) {
                    let (_, location) = self.slot_location(s);
                    let missing = if role == Role::Farmer {
                        0
                    } else {
                        self.features.open_edges(root) as u8
                    };
                    f(Spot {
                        location,
                        role,
                        missing,
                    });
                }
            }
            if d.centre == Centre::Monastery {
                f(Spot {
                    location: Location::Center,
                    role: Role::Monk,
                    missing: around(),
                });
            }
        }
        if self.abbot_home[p] && (d.centre == Centre::Monastery || d.has_garden(self.rules.edition))
        {
            f(Spot {
                location: Location::Center,
                role: Role::Abbot,
                missing: around(),
            });
        }
    }

    /// The abbot the current player could take back now, if any.
    pub fn recallable_abbot(&self) -> Option<Pos> {
        if self.step != Step::PlaceFollower || !self.rules.abbot {
            return None;
        }
        let m = self
            .meeples()
            .iter()
            .find(|m| m.player == self.current && m.role == Role::Abbot)?;
        let at = self.board.tile(m.tile as usize).pos;
        (self.board.neighbours(at) < 8).then_some(at)
    }

    /// Checks the follower step without changing anything.
    pub fn check_follower(&self, choice: FollowerChoice) -> Result<(), RuleError> {
        match self.step {
            Step::GameOver => return Err(RuleError::GameOver),
            Step::PlaceTile => return Err(RuleError::TileFirst),
            Step::PlaceFollower => {}
        }
        let t = self.board.len() - 1;
        let placed = self.board.tile(t);
        let d = placed.kind.def();
        let p = self.current as usize;
        match choice {
            FollowerChoice::Skip => Ok(()),
            FollowerChoice::Follower(loc) => {
                let seg = match loc {
                    Location::Center => {
                        if d.centre == Centre::Monastery {
                            CENTRE
                        } else if d.has_garden(self.rules.edition) {
                            return Err(RuleError::GardenNeedsAbbot);
                        } else {
                            return Err(RuleError::NoSegment(loc));
                        }
                    }
                    _ => self.segment_at(t, loc).ok_or(RuleError::NoSegment(loc))?,
                };
                if seg != CENTRE {
                    match d.segments[seg as usize].kind {
                        SegmentKind::River => return Err(RuleError::OnRiver(loc)),
                        SegmentKind::Field if !self.rules.farmers => {
                            return Err(RuleError::FarmersOff)
                        }
                        _ => {}
                    }
                }
                if self.supply[p] == 0 {
                    return Err(RuleError::NoFollowersLeft);
                }
                if seg != CENTRE && self.features.occupied(slot(t, seg)) {
                    return Err(RuleError::FeatureOccupied(loc));
                }
                Ok(())
            }
            FollowerChoice::Abbot => {
                if !self.rules.abbot {
                    return Err(RuleError::AbbotOff);
                }
                if !self.abbot_home[p] {
                    return Err(RuleError::AbbotAway);
                }
                if d.centre != Centre::Monastery && !d.has_garden(self.rules.edition) {
                    return Err(RuleError::NotAMonastery);
                }
                Ok(())
            }
            FollowerChoice::RecallAbbot(at) => {
                if !self.rules.abbot {
                    return Err(RuleError::AbbotOff);
                }
                let mine = self.meeples().iter().any(|m| {
                    m.player == self.current
                        && m.role == Role::Abbot
                        && self.board.tile(m.tile as usize).pos == at
                });
                if !mine {
                    return Err(RuleError::NoAbbotAt(at));
                }
                if self.board.neighbours(at) == 8 {
                    return Err(RuleError::AbbotFeatureComplete(at));
                }
                Ok(())
            }
        }
    }
}
