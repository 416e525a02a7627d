//! The final scoring as the board walks through it, item by item: the top
//! bar counts each item as it is shown, so the totals climb with the walk
//! instead of showing the end before the walk has told it.

use super::effect::Effect;
use super::msg::Msg;
use super::table::Table;
use super::turn::FINAL_ITEM_MS;
use crate::engine::{Event, Game, Players};

/// The final scoring's items and how many the board has shown so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinalWalk {
    /// The game's moves when it ended: the walk is about that ending only.
    moves: usize,
    /// Each item's points and who takes them, in the order shown.
    items: Vec<(u16, Players)>,
    /// Items shown (the first at once); one more than all: the walk is over.
    shown: usize,
}

impl FinalWalk {
    /// The walk through the final scoring in `events`, the last move's, or
    /// `None` when nothing is scored at the end (nothing to walk through).
    pub fn of(game: &Game, events: &[Event]) -> Option<FinalWalk> {
        let items: Vec<(u16, Players)> = events
            .iter()
            // The items the board shows: none worth nothing.
            .filter(|e| super::scoring::final_item(e))
            .filter_map(|e| match *e {
                Event::FeatureScored {
                    points,
                    scorers,
                    completed: false,
                    ..
                } => Some((points, scorers)),
                _ => None,
            })
            .collect();
        (game.state().is_over() && !items.is_empty()).then(|| FinalWalk {
            moves: game.moves().len(),
            items,
            shown: 1,
        })
    }

    /// Still about the game on the table (not taken back, not replaced).
    fn about(&self, game: &Game) -> bool {
        game.state().is_over() && game.moves().len() == self.moves
    }

    /// The points of the items not yet shown that `player` takes.
    fn unshown(&self, player: u8) -> u32 {
        self.items
            .iter()
            .skip(self.shown)
            .filter(|(_, who)| who.iter().any(|p| p == player))
            .map(|&(points, _)| u32::from(points))
            .sum()
    }
}

impl Table {
    /// The walk through the final scoring is still being counted (the
    /// board may still be showing its last item).
    pub fn counting_finals(&self) -> bool {
        self.final_walk
            .as_ref()
            .is_some_and(|w| w.about(&self.game))
            || (self.walking && self.state().is_over())
    }

    /// `player`'s score as the top bar shows it: the final scoring's items
    /// count only once the walk has shown them.
    pub fn shown_score(&self, player: u8) -> u32 {
        let total = self.state().score(player).total();
        match &self.final_walk {
            Some(w) if w.about(&self.game) => total - w.unshown(player),
            _ => total,
        }
    }

    /// The last move ended the game: the walk through its final scoring
    /// begins, and the next item is counted when the board shows it.
    pub(crate) fn begin_walk(&mut self, events: &[Event]) -> Option<Effect> {
        self.final_walk = FinalWalk::of(&self.game, events);
        self.final_walk.as_ref().map(|_| Effect::After {
            ms: FINAL_ITEM_MS,
            msg: Msg::FinalItem,
        })
    }

    /// The board shows the next item (or has shown the last to its end).
    pub(crate) fn final_item(&mut self) -> Vec<Effect> {
        let Some(w) = self.final_walk.as_mut() else {
            return Vec::new();
        };
        w.shown += 1;
        let over = w.shown > w.items.len();
        if over || !w.about(&self.game) {
            self.final_walk = None;
        }
        let mut fx = vec![Effect::Refresh];
        if self.final_walk.is_some() {
            fx.push(Effect::After {
                ms: FINAL_ITEM_MS,
                msg: Msg::FinalItem,
            });
        }
        fx
    }
}
