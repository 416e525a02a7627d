//! Applying a checked action: the tile goes down, a follower goes out,
//! completed features score, and the next tile is drawn.

use super::*;

impl State {
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
    pub(super) fn put_tile(&mut self, kind: TileKind, rotation: u8, at: Pos) {
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
        // Not `% players`: a division on every turn of every playout.
        self.current = if self.current + 1 == self.players {
            0
        } else {
            self.current + 1
        };
        self.draw(events);
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

    /// Draws until a placeable tile is in hand, discarding the others; ends the game when the deck runs out.
    pub(super) fn draw(&mut self, events: &mut Vec<Event>) {
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
}
