//! Scoring: completed features during play, and final scoring at the end
//! (also on a copy, for the potential scores players see).

use super::*;

impl State {
    pub(super) fn centre_category(&self, tile: usize) -> Category {
        if self.board.tile(tile).kind.def().centre == Centre::Monastery {
            Category::Monastery
        } else {
            Category::Garden
        }
    }

    /// Points a road or city is worth now (rules §3, §4, §5 tiny city).
    pub(super) fn feature_value(&self, s: u16, kind: SegmentKind, complete: bool) -> (u16, u8) {
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

    /// Scores one road or city and returns its followers (when `complete`).
    pub(super) fn score_feature(&mut self, s: u16, complete: bool, events: &mut Vec<Event>) {
        let root = self.features.find(s);
        let occupied = self.features.occupied(root);
        // Nobody scores a feature without followers, and nobody hears of it
        // in a quiet playout: most features a playout completes are such.
        if self.quiet && !occupied {
            return;
        }
        let tile = root as usize / 8;
        let kind = self.board.tile(tile).kind.def().segments[(root % 8) as usize].kind;
        let (points, size) = self.feature_value(root, kind, complete);
        let scorers = Players::majority(&self.features.pieces(root));
        let category = if kind == SegmentKind::Road {
            Category::Road
        } else {
            Category::City
        };
        for p in scorers.iter() {
            self.scores[p as usize].add(category, points);
        }
        self.tell(events, || {
            let (at, location) = self.slot_location(root);
            Event::FeatureScored {
                category,
                at,
                location,
                points,
                scorers,
                size,
                completed: complete,
            }
        });
        if complete && occupied {
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
    pub(super) fn return_from(
        &mut self,
        pred: impl Fn(&State, &Meeple) -> bool,
        events: &mut Vec<Event>,
    ) {
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
    pub(super) fn score_completed(&mut self, t: usize, events: &mut Vec<Event>) {
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
            // Most pieces are not monks: skip them before looking their tile up.
            if m.segment != CENTRE {
                i += 1;
                continue;
            }
            let at = self.board.tile(m.tile as usize).pos;
            if (at.x - placed.pos.x).abs() > 1
                || (at.y - placed.pos.y).abs() > 1
                || self.board.neighbours(at) != 8
            {
                i += 1;
                continue;
            }
            let category = self.centre_category(m.tile as usize);
            self.scores[m.player as usize].add(category, 9);
            self.tell(events, || Event::FeatureScored {
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

    /// Final scoring (rules §4) and the end of the game.
    pub(super) fn finish(&mut self, events: &mut Vec<Event>) {
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
        self.tell(events, || Event::GameOver {
            winners: Players(winners),
            scores: Box::new(FinalScores::new(&self.scores[..self.players as usize])),
        });
    }

    pub(super) fn final_scoring(&mut self, events: &mut Vec<Event>) {
        if self.rules.score_incomplete {
            self.score_incomplete(events);
        }
        if self.rules.farmers {
            self.score_fields(events);
        }
    }

    /// Roads, cities, monasteries and gardens still open at the end, with
    /// their pieces (unless `score_incomplete: false`, rules §12, when they
    /// score nothing and the pieces stay where they stand).
    fn score_incomplete(&mut self, events: &mut Vec<Event>) {
        // Roads and cities, each once, in board order of their first follower.
        // Each road or city follower's feature, found once: features no
        // longer grow, and a pass per feature finding every piece's would
        // cost a playout's end as much as several turns.
        const NONE: u16 = u16::MAX;
        let mut roots = [NONE; MAX_MEEPLES];
        for (r, m) in roots.iter_mut().zip(self.meeples()) {
            if matches!(m.role, Role::Thief | Role::Knight) {
                *r = self.features.find(slot(m.tile as usize, m.segment));
            }
        }
        // Pieces before `i` are never road or city followers, so a
        // feature's followers all stand at `i` or after.
        let mut i = 0;
        while i < self.meeple_len as usize {
            let root = roots[i];
            if root == NONE {
                i += 1;
                continue;
            }
            self.score_feature(root, false, events);
            // Lift the scored followers off so the feature is not scored
            // twice, as `return_from` does: the last piece takes the place
            // of one returned.
            let mut j = i;
            while j < self.meeple_len as usize {
                if roots[j] == root {
                    self.return_meeple(j, events);
                    roots[j] = roots[self.meeple_len as usize];
                } else {
                    j += 1;
                }
            }
            self.features.clear_followers(root);
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
                self.tell(events, || Event::FeatureScored {
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
    }

    /// Completed cities bordering the field whose root is `root`, as roots, without repeats.
    pub(super) fn cities_of_field(&self, root: u16, out: &mut Vec<u16>) {
        out.clear();
        for m in self.features.members(root) {
            let t = m as usize / 8;
            let d = self.board.tile(t).kind.def();
            let mut cities = d.segments[(m % 8) as usize].cities;
            while cities != 0 {
                let c = cities.trailing_zeros() as u8;
                cities &= cities - 1;
                let cr = self.features.find(slot(t, c));
                if self.features.open_edges(cr) == 0 && !out.contains(&cr) {
                    out.push(cr);
                }
            }
        }
    }

    /// Every field with a farmer on it, once, in board order of its first
    /// farmer: its root and the farmers on it per seat.
    pub(super) fn farmed_fields(&self) -> Vec<(u16, [u8; 6])> {
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
        fields
    }

    /// First-edition farms (rules §5): each completed city bordering a
    /// field with farmers, with every farmer in all the fields bordering it
    /// counted once, per seat, in the order of the cities' roots. The
    /// majority of each is who that city pays.
    pub(super) fn city_tally(&self, fields: &[(u16, [u8; 6])]) -> Vec<(u16, [u8; 6])> {
        let mut cities = Vec::new();
        let mut tally: Vec<(u16, [u8; 6])> = Vec::new();
        for &(root, counts) in fields {
            self.cities_of_field(root, &mut cities);
            for &c in &cities {
                match tally.iter_mut().find(|t| t.0 == c) {
                    Some(t) => (0..6).for_each(|p| t.1[p] += counts[p]),
                    None => tally.push((c, counts)),
                }
            }
        }
        crate::engine::compact::sort_by_key(&mut tally, |t| t.0);
        tally
    }

    pub(super) fn score_fields(&mut self, events: &mut Vec<Event>) {
        let fields = self.farmed_fields();
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
                    self.tell(events, || {
                        let (at, location) = self.slot_location(root);
                        Event::FeatureScored {
                            category: Category::Field,
                            at,
                            location,
                            points,
                            scorers,
                            size: cities.len() as u8,
                            completed: false,
                        }
                    });
                }
            }
            FarmScoring::First => {
                for (city, counts) in self.city_tally(&fields) {
                    let scorers = Players::majority(&counts);
                    for p in scorers.iter() {
                        self.scores[p as usize].add(Category::Field, 4);
                    }
                    self.tell(events, || {
                        let (at, location) = self.slot_location(city);
                        Event::FeatureScored {
                            category: Category::Field,
                            at,
                            location,
                            points: 4,
                            scorers,
                            size: 1,
                            completed: false,
                        }
                    });
                }
            }
        }
        self.return_from(|_, m| m.role == Role::Farmer, events);
        for &(root, _) in &fields {
            self.features.clear_followers(root);
        }
    }

    /// What every player would have if the game ended now.
    pub fn potential_scores(&self) -> [Score; MAX_PLAYERS] {
        if self.step == Step::GameOver {
            return self.scores;
        }
        let mut s = *self;
        s.quiet = true;
        s.final_scoring(&mut Vec::new());
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
