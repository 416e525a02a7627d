//! A short guide for a table's first game: cards on how a turn goes, shown
//! once when people first set up a game (remembered between visits),
//! skippable at any card, and opened again from the settings menu. The
//! table keeps which card shows; the page draws it.

use super::effect::Effect;
use super::table::Table;

/// How many cards the guide has (their words are in the page).
pub const STEPS: u32 = 3;

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

    pub(crate) fn guide_msg(&mut self, msg: GuideMsg) -> Vec<Effect> {
        let g = &mut self.over.guide;
        match msg {
            GuideMsg::Open => g.step = Some(0),
            GuideMsg::Next => match g.step {
                Some(i) if i + 1 < STEPS => g.step = Some(i + 1),
                Some(_) => return self.guide_msg(GuideMsg::Done),
                None => return Vec::new(),
            },
            GuideMsg::Done => {
                if g.step.take().is_none() {
                    return Vec::new();
                }
                if !g.seen {
                    g.seen = true;
                    return vec![Effect::Refresh, seen()];
                }
            }
        }
        vec![Effect::Refresh]
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
        for i in 1..STEPS {
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
}
