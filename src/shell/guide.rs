//! A short guide for a table's first game: cards on how a turn goes, and
//! on the aids a person finds on the table (choosing from a hand, the long
//! press, the crossed-out squares, Fields), shown once when people first
//! set up a game (remembered between visits), skippable at any card, and
//! opened again from the settings menu. The table keeps which card shows,
//! and leaves out the cards its game has no use for; the page draws it.

use super::effect::{effects, refresh, Effect};
use super::table::Table;
use crate::engine::Rules;

/// How many cards the page has (`guide-0` onwards, their words in the
/// page), in the order they show. A game shows those of [`pages`].
pub const STEPS: u32 = 7;
/// The card on choosing a tile from a hand.
pub const HAND: u32 = 1;
/// The card on the long press: on a square, a tile, a follower.
pub const HOLD: u32 = 4;
/// The card on the crossed-out squares.
pub const CROSSED: u32 = 5;
/// The card on the "Fields" overlay.
pub const FIELDS: u32 = 6;

/// The cards a game shows, as bits by number: laying a tile, followers and
/// scoring always; a hand to choose from only with hands of two tiles or
/// more; the long press and the crossed-out squares only with the aids on
/// (without them neither is on the table), and Fields only with farmers too.
pub fn pages(rules: &Rules, aids: bool) -> u8 {
    let mut m = 1 | 1 << 2 | 1 << 3;
    if rules.hand > 1 {
        m |= 1 << HAND;
    }
    if aids {
        m |= 1 << HOLD | 1 << CROSSED;
        if rules.farmers {
            m |= 1 << FIELDS;
        }
    }
    m
}

/// Where card `step` stands among the cards `pages` shows: its place,
/// counted from 1, and how many there are ("2 of 6").
pub fn place(pages: u8, step: u32) -> (u32, u32) {
    let below = u32::from(pages) & ((1 << step) - 1);
    (below.count_ones() + 1, pages.count_ones())
}

/// The card after `step` among `pages`, if any.
fn after(pages: u8, step: u32) -> Option<u32> {
    (step + 1..STEPS).find(|k| pages & (1 << k) != 0)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Guide {
    /// The card on show, if the guide is open.
    pub step: Option<u32>,
    /// This browser has seen the guide: it does not open by itself again.
    pub seen: bool,
}

/// What a person does with the guide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum GuideMsg {
    /// Open it at its first card (from the settings menu).
    Open,
    /// The next card, or done after the last.
    Next,
    /// Skip, Escape or Play: closed, and not shown by itself again.
    Done,
}

/// The effect that keeps, between visits, that the guide was seen.
fn seen() -> Effect {
    Effect::Keep {
        name: super::settings::GUIDE,
        value: "seen".into(),
    }
}

impl Table {
    /// Opens the guide for a first game, unless this browser has seen it.
    pub(crate) fn first_game_guide(&mut self) -> Vec<Effect> {
        if self.over.guide.seen {
            return Vec::new();
        }
        self.guide_msg(GuideMsg::Open)
    }

    /// The cards this table's game shows ([`pages`]).
    pub fn guide_pages(&self) -> u8 {
        pages(&self.game.rules(), self.seating.aids)
    }

    pub(crate) fn guide_msg(&mut self, msg: GuideMsg) -> Vec<Effect> {
        let pages = self.guide_pages();
        let g = &mut self.over.guide;
        match msg {
            GuideMsg::Open => g.step = Some(0),
            GuideMsg::Next => match g.step.map(|i| after(pages, i)) {
                Some(Some(i)) => g.step = Some(i),
                Some(None) => return self.guide_msg(GuideMsg::Done),
                None => return Vec::new(),
            },
            GuideMsg::Done => {
                if g.step.take().is_none() {
                    return Vec::new();
                }
                if !g.seen {
                    g.seen = true;
                    return effects([Effect::Refresh, seen()]);
                }
            }
        }
        refresh()
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

    fn table() -> Table {
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 1).unwrap();
        Table::new(game, Seating::people(2), Screen::Table, Turn::default())
    }

    #[test]
    fn the_guide_walks_its_cards_and_is_remembered_once_done() {
        let mut t = table();
        t.first_game_guide();
        assert_eq!(t.over.guide.step, Some(0));
        // No hands here: from laying a tile to followers, scoring and the aids.
        for i in [2, 3, HOLD, CROSSED, FIELDS] {
            t.update(Msg::Guide(GuideMsg::Next));
            assert_eq!(t.over.guide.step, Some(i));
        }
        let fx = t.update(Msg::Guide(GuideMsg::Next));
        assert_eq!(t.over.guide.step, None, "Play on the last card closes it");
        assert!(fx.contains(&seen()));
        // Seen: a first game does not open it again; the menu does.
        assert!(t.first_game_guide().is_empty());
        assert_eq!(t.over.guide.step, None);
        t.update(Msg::Guide(GuideMsg::Open));
        assert_eq!(t.over.guide.step, Some(0));
        let fx = t.update(Msg::Guide(GuideMsg::Done));
        assert!(!fx.contains(&seen()), "kept once is enough");
        // A late close (the dialog's own event) after it is done changes nothing.
        assert!(t.update(Msg::Guide(GuideMsg::Done)).is_empty());
    }

    #[test]
    fn skipping_at_the_first_card_is_remembered_too() {
        let mut t = table();
        t.first_game_guide();
        let fx = t.update(Msg::Guide(GuideMsg::Done));
        assert_eq!(t.over.guide.step, None);
        assert!(fx.contains(&seen()));
        assert!(t.over.guide.seen);
    }

    /// The cards of a game, walked with Next as a person would: each
    /// card's number, and its place ("2 of 4").
    fn walk(rules: Rules, aids: bool) -> Vec<(u32, (u32, u32))> {
        let game = Game::new(vec!["a".into(), "b".into()], rules, 1).unwrap();
        let mut seating = Seating::people(2);
        seating.aids = aids;
        let mut t = Table::new(game, seating, Screen::Table, Turn::default());
        t.update(Msg::Guide(GuideMsg::Open));
        let mut seen = Vec::new();
        while let Some(i) = t.over.guide.step {
            seen.push((i, place(t.guide_pages(), i)));
            t.update(Msg::Guide(GuideMsg::Next));
        }
        seen
    }

    #[test]
    fn a_game_shows_only_the_cards_about_what_it_has() {
        let steps = |w: Vec<(u32, (u32, u32))>| w.iter().map(|s| s.0).collect::<Vec<_>>();
        // Hands, aids and farmers: every card, the hand's second.
        let all = walk(Rules::default().with_hand(3), true);
        assert_eq!(steps(all.clone()), [0, HAND, 2, 3, HOLD, CROSSED, FIELDS]);
        assert_eq!(all[1].1, (2, 7), "the hand card is the second of seven");
        assert_eq!(crate::shell::words::guide_place(all[1].1), "2 of 7");
        assert_eq!(all[6].1, (7, 7));
        // No hand, or a hand of one tile: nothing to choose from.
        for hand in [0, 1] {
            let w = walk(Rules::default().with_hand(hand), true);
            assert!(!steps(w.clone()).contains(&HAND), "hand {hand}");
            assert_eq!(w[1], (2, (2, 6)), "followers come second, of six");
        }
        // No farmers: no Fields card.
        let w = walk(Rules::default().with_farmers(false), true);
        assert_eq!(steps(w), [0, 2, 3, HOLD, CROSSED]);
        // Without aids: no long press, crossed-out squares or Fields.
        let w = walk(Rules::default().with_hand(2), false);
        assert_eq!(steps(w.clone()), [0, HAND, 2, 3]);
        assert_eq!(w[3].1, (4, 4));
    }
}
