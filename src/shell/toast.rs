//! A short note over the board for a few seconds (taps go through it): the
//! table keeps it and its clock, so the page draws it and sets the timer
//! like any other.

use super::effect::{effects, refresh, Effect};
use super::msg::Msg;
use super::table::Table;

/// How long a note shows.
pub const TOAST_MS: i32 = 3500;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Toast {
    /// The note on show, if any.
    pub text: Option<String>,
    /// The latest note's number: a newer note keeps its own time.
    seq: u32,
}

impl Table {
    /// Shows `text` for [`TOAST_MS`].
    pub(crate) fn toast(&mut self, text: String) -> Vec<Effect> {
        self.over.toast.seq = self.over.toast.seq.wrapping_add(1);
        self.over.toast.text = Some(text);
        effects([
            Effect::Refresh,
            Effect::After {
                ms: TOAST_MS,
                msg: Msg::ToastGone(self.over.toast.seq),
            },
        ])
    }

    /// Note `seq` has had its time.
    pub(crate) fn toast_gone(&mut self, seq: u32) -> Vec<Effect> {
        if seq != self.over.toast.seq || self.over.toast.text.is_none() {
            return Vec::new();
        }
        self.over.toast.text = None;
        refresh()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{Game, Rules};
    use crate::shell::effect::Effect;
    use crate::shell::msg::Msg;
    use crate::shell::screen::Screen;
    use crate::shell::seats::Seating;
    use crate::shell::table::Table;
    use crate::shell::turn::Turn;

    #[test]
    fn a_note_goes_after_its_time_and_a_newer_one_keeps_its_own() {
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 1).unwrap();
        let mut t = Table::new(game, Seating::people(2), Screen::Table, Turn::default());
        let first = t.toast("one".into());
        let Some(Effect::After { msg: gone1, ms }) = first.last().cloned() else {
            panic!("no timer: {first:?}");
        };
        assert_eq!(ms, super::TOAST_MS);
        let second = t.toast("two".into());
        let Some(Effect::After { msg: gone2, .. }) = second.last().cloned() else {
            panic!("no timer: {second:?}");
        };
        // The first note's timer fires: the second stays.
        t.update(gone1);
        assert_eq!(t.over.toast.text.as_deref(), Some("two"));
        t.update(gone2.clone());
        assert_eq!(t.over.toast.text, None);
        assert_eq!(gone2, Msg::ToastGone(2));
    }
}
