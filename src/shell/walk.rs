//! The final scoring as the table walks through it, item by item, on its
//! own clock: each tick of [`FINAL_ITEM_MS`] hands the board one item to
//! show ([`Effect::ShowItem`]) and counts it in the top bar, so the totals
//! climb with the walk; after the last, the results open.

use super::effect::{effects, refresh, Effect};
use super::msg::Msg;
use super::screen::{Layer, Screen};
use super::table::Table;
use super::turn::{FINAL_ITEM_MS, SCORING_SHOWN_MS};
use crate::engine::{Event, Game, Location, Players, Pos, Role};

/// One item of the final scoring, as the board shows it: the feature to
/// outline, who takes its points, and the followers that go home after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub at: Pos,
    pub location: Location,
    pub points: u16,
    pub scorers: Players,
    /// Each follower lifted off with this item: its player, spot and role.
    pub home: Vec<(u8, Pos, Location, Role)>,
}

/// The final scoring's items the board has still to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalWalk {
    /// This walk's number: its ticks carry it, and a tick of another walk
    /// (one replaced by an undo and a replay, or by another game) is dropped.
    serial: u32,
    /// The game's moves when it ended: the walk is about that ending only.
    moves: usize,
    /// The items to come, the next last (the first is shown at once).
    to_come: Vec<Item>,
}

impl FinalWalk {
    /// The walk through the final scoring in `events`, the last move's, or
    /// `None` when nothing is scored at the end (nothing to walk through).
    /// Items worth nothing leave `events` (only the final scoring has any).
    /// The followers lifted off during the walk leave `events`: each goes
    /// home with the item shown when the engine lifts it (farmers after the
    /// last field).
    pub fn of(game: &Game, events: &mut Vec<Event>, serial: u32) -> Option<FinalWalk> {
        let mut items: Vec<Item> = Vec::new();
        // Those that stay move up over those that leave, in order.
        let mut kept = 0;
        for i in 0..events.len() {
            let e = &events[i];
            let leaves = match *e {
                Event::FeatureScored {
                    at,
                    location,
                    points,
                    scorers,
                    ..
                } if super::scoring::final_item(e) => {
                    items.push(Item {
                        at,
                        location,
                        points,
                        scorers,
                        home: Vec::new(),
                    });
                    false
                }
                Event::FollowerReturned {
                    player,
                    at,
                    location,
                    role,
                } => match items.last_mut() {
                    Some(item) => {
                        item.home.push((player, at, location, role));
                        true
                    }
                    // Lifted off in play, before the final scoring.
                    None => false,
                },
                // Worth nothing: neither shown nor said.
                _ => super::scoring::worthless(e),
            };
            if !leaves {
                events.swap(kept, i);
                kept += 1;
            }
        }
        events.truncate(kept);
        items.reverse();
        (game.state().is_over() && !items.is_empty()).then(|| FinalWalk {
            serial,
            moves: game.moves().len(),
            to_come: items,
        })
    }

    /// Still about the game on the table (not taken back, not replaced).
    fn about(&self, game: &Game) -> bool {
        game.state().is_over() && game.moves().len() == self.moves
    }

    /// The points of the items not yet shown that `player` takes.
    fn unshown(&self, player: u8) -> u32 {
        let mut sum = 0;
        for i in &self.to_come {
            if i.scorers.contains(player) {
                sum += u32::from(i.points);
            }
        }
        sum
    }
}

impl Table {
    /// The walk through the final scoring is still on: the top bar says
    /// "Final scoring…" and the board follows the items.
    pub fn counting_finals(&self) -> bool {
        self.final_walk
            .as_ref()
            .is_some_and(|w| w.about(&self.game))
    }

    /// `player`'s score as the top bar shows it: the final scoring's items
    /// count only once the walk has shown them.
    pub fn shown_score(&self, player: u8) -> u32 {
        let total = self.state().score(player).total();
        match &self.final_walk {
            // Saturating: a walk never counts more than the game scored.
            Some(w) if w.about(&self.game) => total.saturating_sub(w.unshown(player)),
            _ => total,
        }
    }

    /// The move's events are shown: if it ended the game, the walk through
    /// its final scoring begins with its first item, or, with nothing to
    /// walk through, the results follow once the move's scoring has shown.
    pub(crate) fn begin_walk(&mut self, events: &mut Vec<Event>) -> Vec<Effect> {
        if !self.state().is_over() {
            return Vec::new();
        }
        // A sequence, not a motion: walked through in turn even when less
        // motion is asked for.
        // A token of the table's: unique, as the AI's questions' are.
        let serial = self.computer.token();
        self.final_walk = FinalWalk::of(&self.game, events, serial);
        if let Some(serial) = self.final_walk.as_ref().map(|w| w.serial) {
            return self.final_item(serial);
        }
        effects([Effect::After {
            ms: SCORING_SHOWN_MS,
            msg: Msg::ResultsDue,
        }])
    }

    /// The next item (the first as the walk begins; each next when the one
    /// showing has had its time), or after the last the walk is over and
    /// the results follow.
    pub(crate) fn final_item(&mut self, walk: u32) -> Vec<Effect> {
        let Some(w) = self.final_walk.as_mut().filter(|w| w.serial == walk) else {
            return Vec::new();
        };
        if !w.about(&self.game) {
            self.final_walk = None;
            return refresh();
        }
        let mut fx = refresh();
        match w.to_come.pop() {
            Some(item) => {
                // Behind a review the item is only counted: its board is
                // not the table's.
                if self.screen != Screen::Review {
                    fx.push(Effect::ShowItem(item));
                }
                fx.push(Effect::After {
                    ms: FINAL_ITEM_MS,
                    msg: Msg::FinalItem(walk),
                });
            }
            None => {
                self.final_walk = None;
                fx.push(Effect::After {
                    ms: SCORING_SHOWN_MS,
                    msg: Msg::ResultsDue,
                });
            }
        }
        fx
    }

    /// The final scoring has been shown: the results open, over the review
    /// if one is open (they show when it closes).
    pub(crate) fn results_due(&mut self) -> Vec<Effect> {
        if !self.state().is_over() || self.counting_finals() {
            return Vec::new();
        }
        if self.screen == Screen::Setup {
            return Vec::new();
        }
        if let Some(r) = self.review.as_mut() {
            if r.back.screen != Screen::Setup && !r.back.layers.contains(&Layer::Scores) {
                r.back.layers.push(Layer::Scores);
            }
            return Vec::new();
        }
        self.over.open(Layer::Scores);
        refresh()
    }
}
