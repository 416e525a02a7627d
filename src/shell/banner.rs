//! The banner over the top bar: a problem with keeping the game (storage
//! full, a record that does not read), told until a save works again.
//! Closing it hides that very message until then; another message shows.
//! A part of the table's [`Over`](super::over::Over), so the page only
//! writes out what it holds.

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Banner {
    /// The message on show.
    pub text: Option<String>,
    /// The message the player closed, not shown again until a save works.
    closed: Option<String>,
}

/// What the banner is told.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Bn {
    /// A problem to show: one the table met ([`Effect::Notify`], handed
    /// back by the page as it is carried out), or the page's own (a save
    /// or an export that failed).
    ///
    /// [`Effect::Notify`]: super::effect::Effect::Notify
    Tell(String),
    /// A save worked: the problem is over.
    Saved,
    /// The player closed the banner.
    Close,
}

impl Banner {
    pub fn show(&mut self, m: &str) {
        if self.closed.as_deref() != Some(m) {
            self.text = Some(m.into());
        }
    }

    pub fn close(&mut self) {
        self.closed = self.text.take();
    }

    pub fn saved(&mut self) {
        *self = Banner::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closed_message_stays_closed_until_a_save_works_and_another_shows() {
        let mut b = Banner::default();
        b.show("Storage is full");
        assert_eq!(b.text.as_deref(), Some("Storage is full"));
        b.close();
        assert_eq!(b.text, None);
        b.show("Storage is full");
        assert_eq!(b.text, None, "the same problem, already closed");
        b.show("The game could not be read");
        assert_eq!(b.text.as_deref(), Some("The game could not be read"));
        b.saved();
        assert_eq!(b.text, None, "a save worked");
        b.show("Storage is full");
        assert_eq!(b.text.as_deref(), Some("Storage is full"), "a new problem");
    }
}
