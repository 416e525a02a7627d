//! The game state and its turn cycle: check an action, then apply it, emitting events.
//!
//! The state is plain fixed-size data with no heap allocation, so a simulated
//! game clones it with one memcpy.

use super::board::{Board, Placed, MAX_TILES};
use super::error::RuleError;
use super::event::{Event, FinalScores};
use super::feature::{slot, Features};
use super::follower::{Meeple, Players, Role, CENTRE, FOLLOWERS_PER_PLAYER};
use super::geometry::{HalfEdge, Location, Pos, Side};
use super::river::River;
use super::rules::{FarmScoring, Rules};
use super::score::{Category, Score};
use super::tile::{Centre, SegmentKind, TileKind};

pub const MAX_PLAYERS: usize = 6;
const MAX_MEEPLES: usize = MAX_PLAYERS * (FOLLOWERS_PER_PLAYER as usize + 1);
const MAX_DECK: usize = 96;

/// What the current player must do next.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    PlaceTile,
    PlaceFollower,
    GameOver,
}

/// The optional second half of a turn (digest §2 step 2, §7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FollowerChoice {
    Skip,
    Follower(Location),
    Abbot,
    RecallAbbot(Pos),
}

/// A feature's worth and owners, for players weighing a move.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct FeatureInfo {
    pub category: Category,
    pub complete: bool,
    /// Points if scored now: in full when complete, else at the end-game rate
    /// (for fields, the completed cities they would be paid for).
    pub value: u16,
    /// Who would take the points: the players with the most pieces on it.
    pub owners: Players,
    pub tiles: Vec<Pos>,
}

/// A piece on the board as players see it: whose, where and in what role.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Piece {
    pub player: u8,
    pub at: Pos,
    pub location: Location,
    pub role: Role,
}

/// A legal follower spot on the tile just placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Spot {
    pub location: Location,
    pub role: Role,
}

#[derive(Clone)]
pub struct State {
    rules: Rules,
    players: u8,
    board: Board,
    features: Features,
    deck: [TileKind; MAX_DECK],
    deck_len: u8,
    drawn: u8,
    current: u8,
    step: Step,
    tile: TileKind,
    supply: [u8; MAX_PLAYERS],
    abbot_home: [bool; MAX_PLAYERS],
    meeples: [Meeple; MAX_MEEPLES],
    meeple_len: u8,
    scores: [Score; MAX_PLAYERS],
    river: River,
    discarded: u8,
}

impl State {
    /// A new game: the start tile (or spring) on the board and the first
    /// placeable tile in the first player's hand. `deck` is the draw order,
    /// already validated by the caller.
    pub fn new(rules: Rules, players: u8, deck: &[TileKind], events: &mut Vec<Event>) -> State {
        let mut s = State {
            rules,
            players,
            board: Board::new(),
            features: Features::new(),
            deck: [TileKind(0); MAX_DECK],
            deck_len: 0,
            drawn: 0,
            current: 0,
            step: Step::PlaceTile,
            tile: TileKind(0),
            supply: [FOLLOWERS_PER_PLAYER; MAX_PLAYERS],
            abbot_home: [rules.abbot; MAX_PLAYERS],
            meeples: [Meeple {
                tile: 0,
                segment: 0,
                player: 0,
                role: Role::Thief,
            }; MAX_MEEPLES],
            meeple_len: 0,
            scores: [Score::default(); MAX_PLAYERS],
            river: River::default(),
            discarded: 0,
        };
        s.restart(rules, players, deck, events);
        s
    }

    /// Starts a new game in this state's memory, as [`State::new`] does, but
    /// without clearing the whole board: simulations reuse one state.
    pub fn restart(
        &mut self,
        rules: Rules,
        players: u8,
        deck: &[TileKind],
        events: &mut Vec<Event>,
    ) {
        assert!((2..=MAX_PLAYERS as u8).contains(&players) && deck.len() <= MAX_DECK);
        self.rules = rules;
        self.players = players;
        self.board.clear();
        self.deck[..deck.len()].copy_from_slice(deck);
        self.deck_len = deck.len() as u8;
        self.drawn = 0;
        self.current = 0;
        self.step = Step::PlaceTile;
        self.supply = [FOLLOWERS_PER_PLAYER; MAX_PLAYERS];
        self.abbot_home = [rules.abbot; MAX_PLAYERS];
        self.meeple_len = 0;
        self.scores = [Score::default(); MAX_PLAYERS];
        self.river = River::default();
        self.discarded = 0;
        let start = if rules.river {
            TileKind::SPRING
        } else {
            TileKind::START
        };
        self.put_tile(start, 0, Pos::new(0, 0));
        self.draw(events);
    }

    // ----- queries -------------------------------------------------------

    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn players(&self) -> u8 {
        self.players
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn step(&self) -> Step {
        self.step
    }
    pub fn current_player(&self) -> u8 {
        self.current
    }
    /// The tile in hand, while one is to be placed.
    pub fn tile(&self) -> Option<TileKind> {
        (self.step == Step::PlaceTile).then_some(self.tile)
    }
    /// The tile placed this turn, during the follower step.
    pub fn last_placed(&self) -> Option<Placed> {
        (self.step == Step::PlaceFollower).then(|| self.board.tile(self.board.len() - 1))
    }
    pub fn supply(&self, player: u8) -> u8 {
        self.supply[player as usize]
    }
    pub fn abbot_home(&self, player: u8) -> bool {
        self.abbot_home[player as usize]
    }
    pub fn meeples(&self) -> &[Meeple] {
        &self.meeples[..self.meeple_len as usize]
    }
    pub fn score(&self, player: u8) -> Score {
        self.scores[player as usize]
    }
    pub fn discarded(&self) -> u8 {
        self.discarded
    }
    /// Tiles still to be drawn (the tile in hand is not counted).
    pub fn remaining(&self) -> &[TileKind] {
        &self.deck[self.drawn as usize..self.deck_len as usize]
    }
    /// Shuffles the tiles still to be drawn: a determinization for search,
    /// which knows which tiles are left but not their order. River tiles stay
    /// ahead of land tiles and the lake stays last among them.
    pub fn shuffle_remaining(&mut self, rng: &mut super::rng::Rng) {
        let rest = &mut self.deck[self.drawn as usize..self.deck_len as usize];
        let river = rest.iter().take_while(|k| k.is_river()).count();
        let lake_last = river > 0 && rest[river - 1] == TileKind::LAKE;
        rng.shuffle(&mut rest[..river - lake_last as usize]);
        rng.shuffle(&mut rest[river..]);
    }

    pub fn is_over(&self) -> bool {
        self.step == Step::GameOver
    }

    /// The position and location name of a segment slot, in board orientation.
    pub fn slot_location(&self, s: u16) -> (Pos, Location) {
        let t = self.board.tile(s as usize / 8);
        let seg = (s % 8) as u8;
        let d = t.kind.def();
        let segment = &d.segments[seg as usize];
        let loc = if segment.kind == SegmentKind::Field {
            let h = (0..8).find(|h| segment.halves & (1 << h) != 0).unwrap_or(0);
            Location::Half(HalfEdge::new(h).rotate(t.rotation))
        } else {
            let sd = (0..4).find(|b| segment.sides & (1 << b) != 0).unwrap_or(0);
            // Report the first side in board order, so names are stable for players.
            let mut best = Side::from_index(sd).rotate(t.rotation);
            for b in 0..4 {
                if segment.sides & (1 << b) != 0 {
                    let side = Side::from_index(b).rotate(t.rotation);
                    if side.index() < best.index() {
                        best = side;
                    }
                }
            }
            Location::Side(best)
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
    pub fn feature_info(&self, at: Pos, loc: Location) -> Option<FeatureInfo> {
        let i = self.board.index_at(at)?;
        let seg = self.segment_at(i, loc)?;
        let tiles = self.feature_tiles(at, loc);
        if seg == CENTRE {
            let n = self.board.neighbours(at);
            let owners = self
                .meeples()
                .iter()
                .find(|m| m.tile as usize == i && m.segment == CENTRE)
                .map_or(Players(0), |m| Players(1 << m.player));
            return Some(FeatureInfo {
                category: self.centre_category(i),
                complete: n == 8,
                value: if n == 8 { 9 } else { 1 + n as u16 },
                owners,
                tiles,
            });
        }
        let root = self.features.find(slot(i, seg));
        let kind = self.board.tile(i).kind.def().segments[seg as usize].kind;
        let owners = if self.features.followers(root) > 0 || kind == SegmentKind::Field {
            Players::majority(&self.counts_on(root))
        } else {
            Players(0)
        };
        let (category, complete, value) = match kind {
            SegmentKind::River => return None,
            SegmentKind::Field => {
                let mut cities = Vec::new();
                self.cities_of_field(root, &mut cities);
                let per_city = if self.rules.farm_scoring == FarmScoring::First {
                    4
                } else {
                    3
                };
                (Category::Field, false, per_city * cities.len() as u16)
            }
            SegmentKind::Road | SegmentKind::City => {
                let complete = self.features.open_edges(root) == 0;
                let category = if kind == SegmentKind::Road {
                    Category::Road
                } else {
                    Category::City
                };
                (
                    category,
                    complete,
                    self.feature_value(root, kind, complete).0,
                )
            }
        };
        Some(FeatureInfo {
            category,
            complete,
            value,
            owners,
            tiles,
        })
    }

    /// Every piece on the board with the tile and location it stands on, in
    /// the order they were placed.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.meeples().iter().map(|m| {
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
        })
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
        roots
            .into_iter()
            .flat_map(|r| self.features.members(r))
            .map(|m| (m as usize / 8, (m % 8) as u8))
            .collect()
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

    // ----- tile placement ------------------------------------------------

    /// Whether `kind` may be placed at `at` with `rotation`, with the reason if not.
    pub fn check_tile(&self, kind: TileKind, at: Pos, rotation: u8) -> Result<(), RuleError> {
        if rotation > 3 {
            return Err(RuleError::BadRotation(rotation));
        }
        if !super::board::in_reach(at) {
            return Err(RuleError::NotTouching(at));
        }
        if self.board.index_at(at).is_some() {
            return Err(RuleError::Occupied(at));
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

    /// Calls `f` for every legal (position, rotation) of `kind` on this board.
    #[inline]
    pub fn for_each_placement(&self, kind: TileKind, mut f: impl FnMut(Pos, u8)) {
        let edges = &kind.def().packed_edges;
        if kind.is_river() {
            if let Some(o) = self.river.open_cell().and_then(|at| self.board.open_at(at)) {
                for r in 0..4 {
                    if (edges[r as usize] ^ o.need) & o.mask == 0
                        && self.river.check_turn(kind, r).is_ok()
                    {
                        f(o.pos, r);
                    }
                }
                return;
            }
        }
        for o in self.board.frontier() {
            for r in 0..4 {
                if (edges[r as usize] ^ o.need) & o.mask == 0 {
                    f(o.pos, r);
                }
            }
        }
    }

    /// Picks the `k`-th legal placement of the tile in hand (in the order of
    /// [`State::for_each_placement`]) after counting them, without branching
    /// per rotation: the hot path of random playouts. Returns the count too.
    pub fn nth_placement(&self, pick: impl FnOnce(u32) -> u32) -> Option<(Pos, u8)> {
        let kind = self.tile()?;
        if kind.is_river() {
            let mut all = [(Pos::new(0, 0), 0u8); 4];
            let mut n = 0;
            self.for_each_placement(kind, |p, r| {
                all[n] = (p, r);
                n += 1;
            });
            return (n > 0).then(|| all[pick(n as u32) as usize]);
        }
        let e = &kind.def().packed_edges;
        let fits = |o: &super::board::Open| -> u8 {
            let mut m = 0u8;
            for (r, &p) in e.iter().enumerate() {
                m |= (((p ^ o.need) & o.mask == 0) as u8) << r;
            }
            m
        };
        let n: u32 = self
            .board
            .frontier()
            .iter()
            .map(|o| fits(o).count_ones())
            .sum();
        if n == 0 {
            return None;
        }
        let mut k = pick(n);
        for o in self.board.frontier() {
            let mut m = fits(o);
            let c = m.count_ones();
            if k < c {
                for _ in 0..k {
                    m &= m - 1;
                }
                return Some((o.pos, m.trailing_zeros() as u8));
            }
            k -= c;
        }
        None
    }

    /// Every legal placement of the tile in hand.
    pub fn placements(&self) -> Vec<(Pos, u8)> {
        let mut v = Vec::new();
        if self.step == Step::PlaceTile {
            self.for_each_placement(self.tile, |p, r| v.push((p, r)));
        }
        v
    }

    /// Whether `kind` fits anywhere; stops at the first fit.
    fn can_place(&self, kind: TileKind) -> bool {
        if kind.is_river() && self.river.open_cell().is_some() {
            let mut any = false;
            self.for_each_placement(kind, |_, _| any = true);
            return any;
        }
        let e = &kind.def().packed_edges;
        self.board
            .frontier()
            .iter()
            .any(|o| e.iter().any(|&p| (p ^ o.need) & o.mask == 0))
    }

    /// Places the tile in hand.
    pub fn place_tile(
        &mut self,
        at: Pos,
        rotation: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match self.step {
            Step::GameOver => return Err(RuleError::GameOver),
            Step::PlaceFollower => return Err(RuleError::FollowerStepPending),
            Step::PlaceTile => {}
        }
        self.check_tile(self.tile, at, rotation)?;
        self.place_tile_unchecked(at, rotation, events);
        Ok(())
    }

    /// Places the tile in hand without checking; for search over enumerated moves.
    pub fn place_tile_unchecked(&mut self, at: Pos, rotation: u8, events: &mut Vec<Event>) {
        let kind = self.tile;
        self.put_tile(kind, rotation, at);
        self.step = Step::PlaceFollower;
        events.push(Event::TilePlaced {
            player: self.current,
            tile: kind,
            at,
            rotation,
        });
    }

    /// Board, features and river bookkeeping for a new tile.
    fn put_tile(&mut self, kind: TileKind, rotation: u8, at: Pos) {
        let t = self.board.place(kind, rotation, at);
        let d = kind.def();
        for (i, seg) in d.segments.iter().enumerate() {
            let open = if seg.kind == SegmentKind::Field {
                0
            } else {
                seg.sides.count_ones() as u8
            };
            self.features.add(slot(t, i as u8), open, seg.pennant);
        }
        for side in Side::ALL {
            let Some(n) = self.board.index_near(at.step(side)) else {
                continue;
            };
            let nt = self.board.tile(n);
            let nd = nt.kind.def();
            if let (Some(a), Some(b)) = (
                d.segment_at_side(side, rotation),
                nd.segment_at_side(side.opposite(), nt.rotation),
            ) {
                self.features.join(slot(t, a), slot(n, b), 2);
            }
            for h in [
                HalfEdge::new(2 * side.index()),
                HalfEdge::new(2 * side.index() + 1),
            ] {
                if let (Some(a), Some(b)) = (
                    d.segment_at_half(h, rotation),
                    nd.segment_at_half(h.mirror(), nt.rotation),
                ) {
                    self.features.join(slot(t, a), slot(n, b), 0);
                }
            }
        }
        if kind.is_river() {
            self.river.advance(kind, rotation, at);
        }
    }

    // ----- followers -----------------------------------------------------

    /// Legal follower and abbot spots on the tile just placed (empty outside the follower step).
    pub fn follower_spots(&self) -> Vec<Spot> {
        let mut v = Vec::new();
        self.for_each_spot(|s| v.push(s));
        v
    }

    /// Calls `f` for every legal follower or abbot spot on the tile just placed.
    pub fn for_each_spot(&self, mut f: impl FnMut(Spot)) {
        if self.step != Step::PlaceFollower {
            return;
        }
        let t = self.board.len() - 1;
        let placed = self.board.tile(t);
        let d = placed.kind.def();
        let p = self.current as usize;
        if self.supply[p] > 0 {
            for (i, seg) in d.segments.iter().enumerate() {
                let role = match seg.kind {
                    SegmentKind::Road => Role::Thief,
                    SegmentKind::City => Role::Knight,
                    SegmentKind::Field if self.rules.farmers => Role::Farmer,
                    _ => continue,
                };
                if self.features.followers(slot(t, i as u8)) == 0 {
                    let (_, location) = self.slot_location(slot(t, i as u8));
                    f(Spot { location, role });
                }
            }
            if d.centre == Centre::Monastery {
                f(Spot {
                    location: Location::Center,
                    role: Role::Monk,
                });
            }
        }
        if self.abbot_home[p] && (d.centre == Centre::Monastery || d.has_garden(self.rules.edition))
        {
            f(Spot {
                location: Location::Center,
                role: Role::Abbot,
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
                if seg != CENTRE && self.features.followers(slot(t, seg)) > 0 {
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

    /// The follower step, then scoring, then the next player's draw.
    pub fn choose_follower(
        &mut self,
        choice: FollowerChoice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_follower(choice)?;
        self.choose_follower_unchecked(choice, events);
        Ok(())
    }

    /// As [`State::choose_follower`], for choices known to be legal.
    pub fn choose_follower_unchecked(&mut self, choice: FollowerChoice, events: &mut Vec<Event>) {
        let t = self.board.len() - 1;
        let at = self.board.tile(t).pos;
        let p = self.current;
        match choice {
            FollowerChoice::Skip => {}
            FollowerChoice::Follower(loc) => {
                let seg = if loc == Location::Center {
                    CENTRE
                } else {
                    self.segment_at(t, loc).unwrap_or(0)
                };
                let role = if seg == CENTRE {
                    Role::Monk
                } else {
                    match self.board.tile(t).kind.def().segments[seg as usize].kind {
                        SegmentKind::Road => Role::Thief,
                        SegmentKind::City => Role::Knight,
                        _ => Role::Farmer,
                    }
                };
                self.supply[p as usize] -= 1;
                if seg != CENTRE {
                    self.features.add_follower(slot(t, seg));
                }
                self.add_meeple(Meeple {
                    tile: t as u8,
                    segment: seg,
                    player: p,
                    role,
                });
                let location = if seg == CENTRE {
                    loc
                } else {
                    self.slot_location(slot(t, seg)).1
                };
                events.push(Event::FollowerPlaced {
                    player: p,
                    at,
                    location,
                    role,
                });
            }
            FollowerChoice::Abbot => {
                self.abbot_home[p as usize] = false;
                self.add_meeple(Meeple {
                    tile: t as u8,
                    segment: CENTRE,
                    player: p,
                    role: Role::Abbot,
                });
                events.push(Event::FollowerPlaced {
                    player: p,
                    at,
                    location: Location::Center,
                    role: Role::Abbot,
                });
            }
            FollowerChoice::RecallAbbot(from) => {
                if let Some(i) = self.meeples().iter().position(|m| {
                    m.player == p
                        && m.role == Role::Abbot
                        && self.board.tile(m.tile as usize).pos == from
                }) {
                    let m = self.meeples[i];
                    let category = self.centre_category(m.tile as usize);
                    let points = 1 + self.board.neighbours(from) as u16;
                    self.scores[p as usize].add(category, points);
                    self.abbot_home[p as usize] = true;
                    self.remove_meeple(i);
                    events.push(Event::AbbotRecalled {
                        player: p,
                        at: from,
                        points,
                        category,
                    });
                }
            }
        }
        self.score_completed(t, events);
        self.current = (self.current + 1) % self.players;
        self.draw(events);
    }

    fn add_meeple(&mut self, m: Meeple) {
        self.meeples[self.meeple_len as usize] = m;
        self.meeple_len += 1;
    }

    fn remove_meeple(&mut self, i: usize) {
        self.meeple_len -= 1;
        self.meeples[i] = self.meeples[self.meeple_len as usize];
    }

    /// Sends a piece home and tells the renderer.
    fn return_meeple(&mut self, i: usize, events: &mut Vec<Event>) {
        let m = self.meeples[i];
        let (at, location) = if m.segment == CENTRE {
            (self.board.tile(m.tile as usize).pos, Location::Center)
        } else {
            self.slot_location(slot(m.tile as usize, m.segment))
        };
        if m.role == Role::Abbot {
            self.abbot_home[m.player as usize] = true;
        } else {
            self.supply[m.player as usize] += 1;
        }
        self.remove_meeple(i);
        events.push(Event::FollowerReturned {
            player: m.player,
            at,
            location,
            role: m.role,
        });
    }

    fn centre_category(&self, tile: usize) -> Category {
        if self.board.tile(tile).kind.def().centre == Centre::Monastery {
            Category::Monastery
        } else {
            Category::Garden
        }
    }

    // ----- scoring -------------------------------------------------------

    /// Points a road or city is worth now (digest §3, §4, §5 tiny city).
    fn feature_value(&self, s: u16, kind: SegmentKind, complete: bool) -> (u16, u8) {
        let tiles = self.features.tile_count(s) as u16;
        let pennants = self.features.pennants(s) as u16;
        let points = match (kind, complete) {
            (SegmentKind::Road, _) => tiles,
            (SegmentKind::City, true) if self.rules.tiny_city && tiles == 2 => tiles + pennants,
            (SegmentKind::City, true) => 2 * tiles + 2 * pennants,
            (SegmentKind::City, false) => tiles + pennants,
            _ => 0,
        };
        (points, tiles as u8)
    }

    /// Pieces per player on the road, city or field whose root is `root`.
    fn counts_on(&self, root: u16) -> [u8; 6] {
        let mut c = [0u8; 6];
        for m in self.meeples() {
            if m.segment != CENTRE && self.features.find(slot(m.tile as usize, m.segment)) == root {
                c[m.player as usize] += 1;
            }
        }
        c
    }

    /// Scores one road or city and returns its followers (when `complete`).
    fn score_feature(&mut self, s: u16, complete: bool, events: &mut Vec<Event>) {
        let root = self.features.find(s);
        let tile = root as usize / 8;
        let kind = self.board.tile(tile).kind.def().segments[(root % 8) as usize].kind;
        let (points, size) = self.feature_value(root, kind, complete);
        let scorers = if self.features.followers(root) > 0 {
            Players::majority(&self.counts_on(root))
        } else {
            Players(0)
        };
        let category = if kind == SegmentKind::Road {
            Category::Road
        } else {
            Category::City
        };
        for p in scorers.iter() {
            self.scores[p as usize].add(category, points);
        }
        let (at, location) = self.slot_location(root);
        events.push(Event::FeatureScored {
            category,
            at,
            location,
            points,
            scorers,
            size,
            completed: complete,
        });
        if complete && self.features.followers(root) > 0 {
            self.return_from(
                |st, m| {
                    m.segment != CENTRE
                        && st.features.find(slot(m.tile as usize, m.segment)) == root
                },
                events,
            );
            self.features.clear_followers(root);
        }
    }

    /// Returns every piece matching `pred`, in board order.
    fn return_from(&mut self, pred: impl Fn(&State, &Meeple) -> bool, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < self.meeple_len as usize {
            if pred(self, &self.meeples[i]) {
                self.return_meeple(i, events);
            } else {
                i += 1;
            }
        }
    }

    /// Step 3: every road, city, monastery and garden the tile completed.
    fn score_completed(&mut self, t: usize, events: &mut Vec<Event>) {
        let placed = self.board.tile(t);
        let d = placed.kind.def();
        let mut done: [u16; 8] = [u16::MAX; 8];
        for (i, seg) in d.segments.iter().enumerate() {
            if !matches!(seg.kind, SegmentKind::Road | SegmentKind::City) {
                continue;
            }
            let root = self.features.find(slot(t, i as u8));
            if self.features.open_edges(root) == 0 && !done.contains(&root) {
                done[i] = root;
                self.score_feature(root, true, events);
            }
        }
        // Monasteries and gardens with a piece on them, next to or under the new tile.
        let mut i = 0;
        while i < self.meeple_len as usize {
            let m = self.meeples[i];
            let at = self.board.tile(m.tile as usize).pos;
            if m.segment != CENTRE
                || (at.x - placed.pos.x).abs() > 1
                || (at.y - placed.pos.y).abs() > 1
                || self.board.neighbours(at) != 8
            {
                i += 1;
                continue;
            }
            let category = self.centre_category(m.tile as usize);
            self.scores[m.player as usize].add(category, 9);
            events.push(Event::FeatureScored {
                category,
                at,
                location: Location::Center,
                points: 9,
                scorers: Players(1 << m.player),
                size: 9,
                completed: true,
            });
            self.return_meeple(i, events);
        }
    }

    /// Draws until a placeable tile is in hand, discarding the others; ends the game when the deck runs out.
    fn draw(&mut self, events: &mut Vec<Event>) {
        while self.drawn < self.deck_len {
            let kind = self.deck[self.drawn as usize];
            self.drawn += 1;
            if self.can_place(kind) {
                self.tile = kind;
                self.step = Step::PlaceTile;
                events.push(Event::TurnBegan {
                    player: self.current,
                    tile: kind,
                });
                return;
            }
            self.discarded += 1;
            events.push(Event::TileDiscarded { tile: kind });
        }
        self.finish(events);
    }

    /// Final scoring (digest §4) and the end of the game.
    fn finish(&mut self, events: &mut Vec<Event>) {
        self.step = Step::GameOver;
        self.final_scoring(events);
        let best = (0..self.players)
            .map(|p| self.scores[p as usize].total())
            .max()
            .unwrap_or(0);
        let mut winners = 0u8;
        for p in 0..self.players {
            if self.scores[p as usize].total() == best {
                winners |= 1 << p;
            }
        }
        events.push(Event::GameOver {
            winners: Players(winners),
            scores: Box::new(FinalScores::new(&self.scores[..self.players as usize])),
        });
    }

    fn final_scoring(&mut self, events: &mut Vec<Event>) {
        // Roads and cities, each once, in board order of their first follower.
        let mut i = 0;
        while i < self.meeple_len as usize {
            let m = self.meeples[i];
            if matches!(m.role, Role::Thief | Role::Knight) {
                let s = slot(m.tile as usize, m.segment);
                self.score_feature(s, false, events);
                let root = self.features.find(s);
                // Lift the scored followers off so the feature is not scored twice.
                self.return_from(
                    |st, x| {
                        matches!(x.role, Role::Thief | Role::Knight)
                            && st.features.find(slot(x.tile as usize, x.segment)) == root
                    },
                    events,
                );
                i = 0;
                continue;
            }
            i += 1;
        }
        // Monasteries and gardens.
        let mut i = 0;
        while i < self.meeple_len as usize {
            let m = self.meeples[i];
            if m.segment == CENTRE {
                let at = self.board.tile(m.tile as usize).pos;
                let n = self.board.neighbours(at);
                let points = 1 + n as u16;
                let category = self.centre_category(m.tile as usize);
                self.scores[m.player as usize].add(category, points);
                events.push(Event::FeatureScored {
                    category,
                    at,
                    location: Location::Center,
                    points,
                    scorers: Players(1 << m.player),
                    size: 1 + n,
                    completed: false,
                });
                self.return_meeple(i, events);
                continue;
            }
            i += 1;
        }
        if self.rules.farmers {
            self.score_fields(events);
        }
    }

    /// Completed cities bordering the field whose root is `root`, as roots, without repeats.
    fn cities_of_field(&self, root: u16, out: &mut Vec<u16>) {
        out.clear();
        for m in self.features.members(root) {
            let t = m as usize / 8;
            let d = self.board.tile(t).kind.def();
            let cities = d.segments[(m % 8) as usize].cities;
            for c in 0..8u8 {
                if cities & (1 << c) != 0 {
                    let cr = self.features.find(slot(t, c));
                    if self.features.open_edges(cr) == 0 && !out.contains(&cr) {
                        out.push(cr);
                    }
                }
            }
        }
    }

    fn score_fields(&mut self, events: &mut Vec<Event>) {
        // Fields with farmers, each with its farmer counts.
        let mut fields: Vec<(u16, [u8; 6])> = Vec::new();
        for m in self.meeples() {
            if m.role == Role::Farmer {
                let root = self.features.find(slot(m.tile as usize, m.segment));
                match fields.iter_mut().find(|f| f.0 == root) {
                    Some(f) => f.1[m.player as usize] += 1,
                    None => {
                        let mut c = [0u8; 6];
                        c[m.player as usize] = 1;
                        fields.push((root, c));
                    }
                }
            }
        }
        let mut cities = Vec::new();
        match self.rules.farm_scoring {
            FarmScoring::Third => {
                for &(root, counts) in &fields {
                    self.cities_of_field(root, &mut cities);
                    let points = 3 * cities.len() as u16;
                    let scorers = Players::majority(&counts);
                    for p in scorers.iter() {
                        self.scores[p as usize].add(Category::Field, points);
                    }
                    let (at, location) = self.slot_location(root);
                    events.push(Event::FeatureScored {
                        category: Category::Field,
                        at,
                        location,
                        points,
                        scorers,
                        size: cities.len() as u8,
                        completed: false,
                    });
                }
            }
            FarmScoring::First => {
                // Per completed city: every farmer in any field bordering it counts once.
                let mut tally: Vec<(u16, [u8; 6])> = Vec::new();
                for &(root, counts) in &fields {
                    self.cities_of_field(root, &mut cities);
                    for &c in &cities {
                        match tally.iter_mut().find(|t| t.0 == c) {
                            Some(t) => (0..6).for_each(|p| t.1[p] += counts[p]),
                            None => tally.push((c, counts)),
                        }
                    }
                }
                super::compact::sort_by_key(&mut tally, |t| t.0);
                for (city, counts) in tally {
                    let scorers = Players::majority(&counts);
                    for p in scorers.iter() {
                        self.scores[p as usize].add(Category::Field, 4);
                    }
                    let (at, location) = self.slot_location(city);
                    events.push(Event::FeatureScored {
                        category: Category::Field,
                        at,
                        location,
                        points: 4,
                        scorers,
                        size: 1,
                        completed: false,
                    });
                }
            }
        }
        self.return_from(|_, m| m.role == Role::Farmer, events);
    }

    /// Ends the game now, between turns, as if the deck had just run out:
    /// final scoring (digest §4), the winners and [`Event::GameOver`]. Does
    /// nothing outside the tile step (a placed tile's turn must finish first).
    pub fn end_now(&mut self, events: &mut Vec<Event>) {
        if self.step == Step::PlaceTile {
            self.finish(events);
        }
    }

    /// What every player would have if the game ended now.
    pub fn potential_scores(&self) -> [Score; MAX_PLAYERS] {
        if self.step == Step::GameOver {
            return self.scores;
        }
        let mut s = self.clone();
        let mut sink = Vec::new();
        s.final_scoring(&mut sink);
        s.scores
    }

    /// The winners, once the game is over.
    pub fn winners(&self) -> Players {
        if self.step != Step::GameOver {
            return Players(0);
        }
        let best = (0..self.players)
            .map(|p| self.scores[p as usize].total())
            .max()
            .unwrap_or(0);
        Players(
            (0..self.players)
                .filter(|&p| self.scores[p as usize].total() == best)
                .fold(0, |a, p| a | 1 << p),
        )
    }
}
