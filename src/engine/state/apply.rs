//! Applying a checked action: the tile goes down, a follower goes out,
//! completed features score, and the next tile is drawn.

use super::*;

impl State {
    /// Places the tile in hand ([`State::tile`]).
    pub fn place_tile(
        &mut self,
        at: Pos,
        rotation: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.place_tile_with(at, rotation, None, events)
    }

    /// Places `tile` from the current player's hand (rules §12), or with
    /// `None` the tile in hand ([`State::tile`], the oldest of a hand).
    /// Naming a tile is refused without the hand rule and on river turns.
    pub fn place_tile_with(
        &mut self,
        at: Pos,
        rotation: u8,
        tile: Option<TileKind>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match self.step {
            Step::GameOver => return Err(RuleError::GameOver),
            Step::PlaceFollower => return Err(RuleError::FollowerStepPending),
            Step::PlaceTile => {}
        }
        let kind = self.check_named(tile)?;
        self.check_tile(kind, at, rotation)?;
        self.place_unchecked(kind, at, rotation, events);
        Ok(())
    }

    /// The tile a move naming `tile` places, or why it may not name it.
    pub fn check_named(&self, tile: Option<TileKind>) -> Result<TileKind, RuleError> {
        let Some(k) = tile else {
            return Ok(self.tile);
        };
        if self.rules.hand == 0 {
            return Err(RuleError::NoHand);
        }
        if !self.dealt {
            return Err(RuleError::RiverTurnTile);
        }
        if !self.hand(self.current).contains(&k) {
            return Err(RuleError::NotInHand(k));
        }
        Ok(k)
    }

    /// Places the tile in hand without checking; for search over enumerated moves.
    pub fn place_tile_unchecked(&mut self, at: Pos, rotation: u8, events: &mut Vec<Event>) {
        self.place_unchecked(self.tile, at, rotation, events);
    }

    /// Places `kind`, which is the tile in hand or in the current player's
    /// hand, without checking.
    pub fn place_unchecked(
        &mut self,
        kind: TileKind,
        at: Pos,
        rotation: u8,
        events: &mut Vec<Event>,
    ) {
        if self.dealt {
            let p = self.current as usize;
            let n = self.hand_len[p] as usize;
            let i = self.hands[p][..n]
                .iter()
                .position(|&k| k == kind)
                .unwrap_or(0);
            self.hands[p].copy_within(i + 1..n, i);
            self.hand_len[p] -= 1;
        }
        self.put_tile(kind, rotation, at);
        self.step = Step::PlaceFollower;
        self.tell(events, || Event::TilePlaced {
            player: self.current,
            tile: kind,
            at,
            rotation,
        });
    }

    /// Board, features and river bookkeeping for a new tile.
    pub(super) fn put_tile(&mut self, kind: TileKind, rotation: u8, at: Pos) {
        let t = self.board.place(kind, rotation, at);
        let d = kind.def();
        // Edges facing off a closing table (rules §12) are closed from the start.
        let mut closed = [0u8; 8];
        if self.board.closes() {
            for &side in &Side::ALL {
                if !self.board.on_table(at.step(side)) {
                    if let Some(a) = d.segment_at_side(side, rotation) {
                        closed[a as usize] += 1;
                    }
                }
            }
        }
        for (i, seg) in d.segments.iter().enumerate() {
            let open = if seg.kind == SegmentKind::Field {
                0
            } else {
                seg.sides.count_ones() as u8 - closed[i]
            };
            self.features.add(slot(t, i as u8), open, seg.pennant);
        }
        for &side in &Side::ALL {
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
            for &h in &[
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
                    self.features.add_follower(slot(t, seg), p);
                }
                self.add_meeple(Meeple {
                    tile: t as u8,
                    segment: seg,
                    player: p,
                    role,
                });
                self.tell(events, || Event::FollowerPlaced {
                    player: p,
                    at,
                    location: if seg == CENTRE {
                        loc
                    } else {
                        self.slot_location(slot(t, seg)).1
                    },
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
                self.tell(events, || Event::FollowerPlaced {
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
                    self.tell(events, || Event::AbbotRecalled {
                        player: p,
                        at: from,
                        points,
                        category,
                    });
                }
            }
        }
        self.score_completed(t, events);
        if self.dealt {
            self.refill(p, events);
        }
        // A filled hole earns another turn (rules §12), unless the hand is
        // empty. Told only if the player does play again: tiles that fit
        // nowhere may end the game (or empty the hand) first.
        let at_events = events.len();
        if self.rules.hole_bonus
            && self.board.surrounded(at)
            && if self.dealt {
                self.hand_len[p as usize] > 0
            } else {
                self.drawn < self.deck_len
            }
        {
            self.next_turn(events);
            if self.step == Step::PlaceTile && self.current == p && !self.quiet {
                events.insert(at_events, Event::ExtraTurn { player: p, at });
            }
        } else {
            self.current = self.next_seat(p);
            self.next_turn(events);
        }
    }

    /// The seat after `p`. Not `% players`: a division on every turn of every playout.
    #[inline]
    fn next_seat(&self, p: u8) -> u8 {
        if p + 1 == self.players {
            0
        } else {
            p + 1
        }
    }

    pub(super) fn add_meeple(&mut self, m: Meeple) {
        self.meeples[self.meeple_len as usize] = m;
        self.meeple_len += 1;
    }

    pub(super) fn remove_meeple(&mut self, i: usize) {
        self.meeple_len -= 1;
        self.meeples[i] = self.meeples[self.meeple_len as usize];
    }

    /// Sends a piece home and tells the renderer.
    pub(super) fn return_meeple(&mut self, i: usize, events: &mut Vec<Event>) {
        let m = self.meeples[i];
        if m.role == Role::Abbot {
            self.abbot_home[m.player as usize] = true;
        } else {
            self.supply[m.player as usize] += 1;
        }
        self.remove_meeple(i);
        self.tell(events, || {
            let (at, location) = if m.segment == CENTRE {
                (self.board.tile(m.tile as usize).pos, Location::Center)
            } else {
                self.slot_location(slot(m.tile as usize, m.segment))
            };
            Event::FollowerReturned {
                player: m.player,
                at,
                location,
                role: m.role,
            }
        });
    }

    /// Starts the turn of the player to move (`self.current`): draws until a
    /// placeable tile is in hand, discarding the others or putting them back
    /// (rules §2, §12); with hands, deals them when the land stack is first
    /// drawn from, then checks the hand of the player to move, passing over
    /// empty hands. Ends the game when no tile is left to play.
    pub(super) fn next_turn(&mut self, events: &mut Vec<Event>) {
        if !self.dealt {
            while self.drawn < self.deck_len {
                let kind = self.deck[self.drawn as usize];
                if self.rules.hand > 0 && !kind.is_river() {
                    break;
                }
                self.drawn += 1;
                if self.can_place(kind) {
                    self.tile = kind;
                    self.step = Step::PlaceTile;
                    self.tell(events, || Event::TurnBegan {
                        player: self.current,
                        tile: kind,
                    });
                    return;
                }
                self.unplaceable(kind, events);
            }
            if self.rules.hand == 0 {
                self.finish(events);
                return;
            }
            self.deal(events);
        }
        self.hand_turn(events);
    }

    /// A tile that fits nowhere: back to the bottom of the stack (river
    /// tiles under the remaining river tiles) with `unplayable_back`, unless
    /// no tile in the stack fits either; else out of the game.
    fn unplaceable(&mut self, kind: TileKind, events: &mut Vec<Event>) {
        if self.rules.unplayable_back && self.stack_fits(kind.is_river()) {
            self.put_back(kind);
            self.returned = self.returned.saturating_add(1);
            self.tell(events, || Event::TileReturned { tile: kind });
        } else {
            self.discarded += 1;
            self.tell(events, || Event::TileDiscarded { tile: kind });
        }
    }

    /// Whether some tile in the stack fits now; for a river tile, some river
    /// tile (land tiles wait until the river is done).
    fn stack_fits(&self, river: bool) -> bool {
        self.remaining()
            .iter()
            .any(|&k| k.is_river() == river && self.can_place(k))
    }

    /// Puts `kind` at the bottom of the stack; a river tile goes under the
    /// remaining river tiles but above the lake, which stays last.
    fn put_back(&mut self, kind: TileKind) {
        if self.deck_len as usize == MAX_DECK {
            let (from, to) = (self.drawn as usize, self.deck_len as usize);
            self.deck.copy_within(from..to, 0);
            self.deck_len -= self.drawn;
            self.drawn = 0;
        }
        let end = self.deck_len as usize;
        let mut at = end;
        if kind.is_river() {
            let rest = &self.deck[self.drawn as usize..end];
            at = self.drawn as usize + rest.iter().take_while(|k| k.is_river()).count();
            if at > self.drawn as usize && self.deck[at - 1] == TileKind::LAKE {
                at -= 1;
            }
        }
        self.deck.copy_within(at..end, at + 1);
        self.deck[at] = kind;
        self.deck_len += 1;
    }

    /// Deals the hands (rules §12): one tile at a time from the player to
    /// move round the table, until each holds `hand` tiles or the stack is empty.
    fn deal(&mut self, events: &mut Vec<Event>) {
        self.dealt = true;
        let mut p = self.current;
        for _ in 0..self.rules.hand as usize * self.players as usize {
            if self.drawn == self.deck_len {
                break;
            }
            self.draw_into(p, events);
            p = self.next_seat(p);
        }
    }

    /// The top tile of the stack into `p`'s hand.
    fn draw_into(&mut self, p: u8, events: &mut Vec<Event>) {
        let kind = self.deck[self.drawn as usize];
        self.drawn += 1;
        let pi = p as usize;
        self.hands[pi][self.hand_len[pi] as usize] = kind;
        self.hand_len[pi] += 1;
        self.tell(events, || Event::TileDrawn {
            player: p,
            tile: kind,
        });
    }

    /// Refills `p`'s hand from the stack after their turn.
    fn refill(&mut self, p: u8, events: &mut Vec<Event>) {
        while self.hand_len[p as usize] < self.rules.hand && self.drawn < self.deck_len {
            self.draw_into(p, events);
        }
    }

    /// With hands dealt: while the hand of the player to move has no tile
    /// that fits, its oldest is discarded (or put back) and replaced; an
    /// empty hand is passed over; the game ends when the stack and every
    /// hand are empty.
    fn hand_turn(&mut self, events: &mut Vec<Event>) {
        loop {
            let p = self.current;
            let pi = p as usize;
            let n = self.hand_len[pi] as usize;
            if n == 0 {
                if self.drawn < self.deck_len {
                    // Not reached by the rules (a hand empties only with
                    // the stack), but never loop on it.
                    self.refill(p, events);
                    continue;
                }
                if self.hand_len.iter().all(|&h| h == 0) {
                    self.finish(events);
                    return;
                }
                self.tell(events, || Event::PlayerPassed { player: p });
                self.current = self.next_seat(p);
                continue;
            }
            if self.hands[pi][..n].iter().any(|&k| self.can_place(k)) {
                self.tile = self.hands[pi][0];
                self.step = Step::PlaceTile;
                self.tell(events, || Event::TurnBegan {
                    player: p,
                    tile: self.tile,
                });
                return;
            }
            let oldest = self.hands[pi][0];
            self.hands[pi].copy_within(1..n, 0);
            self.hand_len[pi] -= 1;
            self.unplaceable(oldest, events);
            if self.drawn < self.deck_len {
                self.draw_into(p, events);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(names: &[&str]) -> Vec<TileKind> {
        names
            .iter()
            .map(|n| TileKind::from_name(n).unwrap())
            .collect()
    }

    /// Digest §12: river tiles go back under the remaining river tiles, and
    /// here above the lake, which stays last (§6); land tiles to the bottom.
    #[test]
    fn put_back_keeps_river_tiles_ahead_of_land_and_the_lake_last() {
        let rules = Rules::default().with_river(true);
        let mut ev = Vec::new();
        let mut s = State::new(rules, 2, &kinds(&["RF", "RE", "RL", "V", "E"]), &mut ev);
        assert_eq!(s.tile(), TileKind::from_name("RF"));
        s.put_back(TileKind::from_name("RD").unwrap());
        assert_eq!(s.remaining(), &kinds(&["RE", "RD", "RL", "V", "E"])[..]);
        s.put_back(TileKind::from_name("U").unwrap());
        assert_eq!(
            s.remaining(),
            &kinds(&["RE", "RD", "RL", "V", "E", "U"])[..]
        );
        let mut s = State::new(rules, 2, &kinds(&["RF", "RE", "V"]), &mut ev);
        s.put_back(TileKind::from_name("RD").unwrap());
        assert_eq!(s.remaining(), &kinds(&["RE", "RD", "V"])[..]);
        // Many put-backs never overflow the stack's room.
        for _ in 0..500 {
            let k = s.remaining()[0];
            s.drawn += 1;
            s.put_back(k);
        }
        assert_eq!(s.remaining().len(), 3);
    }
}
