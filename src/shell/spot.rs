//! What can still go on one open spot of the board, for its card: the
//! tiles left that fit there (each kind once, with its count and a rotation
//! that fits), and the chance that the next tile drawn does. The table
//! decides which spot; the page draws the card from this.

use super::table::Table;
use crate::engine::{Pos, State, TileKind};

#[derive(Clone, Debug, PartialEq)]
pub struct SpotInfo {
    pub at: Pos,
    /// Each kind left that fits: how many are left, and a rotation that fits.
    pub tiles: Vec<(TileKind, u8, u8)>,
    /// How many tiles left fit, of how many.
    pub fit: usize,
    pub left: usize,
    /// Of the tiles that can be drawn next, how many fit, of how many.
    pub next_fit: usize,
    pub next: usize,
    /// For each tile in the dock (a person's, shown), whether it fits there.
    pub hand: Vec<bool>,
    /// Hands are dealt (rules §12): tiles are drawn from the stack only to
    /// refill them, and `left` counts the hands too.
    pub hands: bool,
}

/// The tiles that can be drawn next as the player to move sees it: while
/// river tiles are left only they can (the lake last of them), else any
/// tile left; with hidden hands, any tile that player cannot see (the
/// stack's make-up would tell the other hands).
pub fn next_draws(s: &State) -> Vec<TileKind> {
    let unseen;
    let left = if s.hands_dealt() && !s.rules().hand_open {
        unseen = s.unseen_by(s.current_player());
        &unseen[..]
    } else {
        s.remaining()
    };
    // Plain loops: each iterator chain collected is a generic body of its
    // own in the bundle.
    let (mut river, mut before_lake) = (Vec::new(), Vec::new());
    for &k in left {
        if k.is_river() {
            river.push(k);
            if k != TileKind::LAKE {
                before_lake.push(k);
            }
        }
    }
    if river.is_empty() {
        return left.to_vec();
    }
    if before_lake.is_empty() {
        river
    } else {
        before_lake
    }
}

impl Table {
    /// What can go on the spot the table's card is about.
    pub fn spot_info(&self) -> Option<SpotInfo> {
        let at = self.aids.spot?;
        let s = self.state();
        let fitting = s.fitting_at(at);
        let next = next_draws(s);
        let (mut fit, mut next_fit, mut tiles) = (0, 0, Vec::new());
        for &(k, n, rotations) in &fitting {
            fit += usize::from(n);
            tiles.push((k, n, rotations.trailing_zeros() as u8));
        }
        for &k in &next {
            if fitting.iter().any(|f| f.0 == k) {
                next_fit += 1;
            }
        }
        // Only tiles the table may see (a person's, after the hand-over).
        let mut hand = Vec::new();
        if self.human_turn() {
            for &k in &self.dock_hand().tiles {
                hand.push(s.placements_of(k).iter().any(|p| p.0 == at));
            }
        }
        Some(SpotInfo {
            at,
            fit,
            left: s.to_come().len(),
            next_fit,
            next: next.len(),
            hand,
            hands: s.hands_dealt(),
            tiles,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rules};
    use crate::shell::msg::Msg;
    use crate::shell::screen::Screen;
    use crate::shell::seats::Seating;
    use crate::shell::turn::Turn;

    #[test]
    fn during_the_river_only_river_tiles_can_come_next() {
        let rules = Rules::default().with_river(true);
        let game = Game::new(vec!["a".into(), "b".into()], rules, 3).unwrap();
        let mut t = Table::new(game, Seating::people(2), Screen::Table, Turn::default());
        let next = next_draws(t.state());
        assert!(!next.is_empty() && next.iter().all(|k| k.is_river() && *k != TileKind::LAKE));
        // The river's open end: a river tile comes next for sure, or not at all.
        let at = t.turn.fits[0].at;
        t.update(Msg::Inspect(at));
        let i = t.spot_info().unwrap();
        assert_eq!(i.next, next.len());
        assert!(i.next_fit <= i.next && i.fit <= i.left);
        assert_eq!(i.hand, [true], "the river tile in hand goes there");
        assert_eq!(
            i.fit,
            i.tiles.iter().map(|t| usize::from(t.1)).sum::<usize>()
        );
    }

    #[test]
    fn without_the_river_any_tile_left_can_come_next() {
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 3).unwrap();
        assert_eq!(next_draws(game.state()), game.state().remaining());
    }
}
