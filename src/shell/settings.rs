//! The settings a browser keeps between visits, by their names in storage:
//! read through the [`Store`] port as the page opens, changed by the
//! table's messages, and written back by [`Effect::Keep`]. A setting left
//! unset is on: turning goes to the ways a tile fits, the fitting squares
//! are highlighted, and the tablet is handed over between people.

use super::effect::Effect;
use super::store::Store;

/// Turning goes only to the ways the tile fits.
pub const ONLY_FITTING: &str = "opt-valid";
/// The fitting squares are highlighted.
pub const HIGHLIGHT: &str = "opt-highlight";
/// The hand-over screen between two people's turns.
pub const HANDOVER: &str = "handover";
/// This browser has seen the first-game guide.
pub const GUIDE: &str = "guide";
/// The start screen as last filled in.
pub const SETUP: &str = "setup";

#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Settings {
    pub only_fitting: bool,
    pub highlight: bool,
    pub handover: bool,
    /// The system asks for less motion (not stored: the system's own).
    pub less_motion: bool,
    pub guide_seen: bool,
}

impl Default for Settings {
    /// A first visit's.
    fn default() -> Settings {
        Settings {
            only_fitting: true,
            highlight: true,
            handover: true,
            less_motion: false,
            guide_seen: false,
        }
    }
}

impl Settings {
    /// The settings as stored; `less_motion` as the system says.
    pub fn read(s: &impl Store, less_motion: bool) -> Settings {
        let on = |name: &str| s.load(name).as_deref() != Some("off");
        Settings {
            only_fitting: on(ONLY_FITTING),
            highlight: on(HIGHLIGHT),
            handover: on(HANDOVER),
            less_motion,
            guide_seen: s.load(GUIDE).is_some(),
        }
    }
}

/// The effect that keeps setting `name` on or off.
pub fn keep(name: &'static str, on: bool) -> Effect {
    Effect::Keep {
        name,
        value: (if on { "on" } else { "off" }).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::store::MemStore;

    #[test]
    fn a_first_visit_has_every_setting_on_and_a_stored_off_stays_off() {
        let mut s = MemStore::new("a", 0.0);
        assert_eq!(Settings::read(&s, false), Settings::default());
        s.save(ONLY_FITTING, "off").unwrap();
        s.save(HANDOVER, "off").unwrap();
        s.save(GUIDE, "seen").unwrap();
        let r = Settings::read(&s, true);
        assert!(!r.only_fitting && !r.handover && r.highlight && r.less_motion && r.guide_seen);
        // An old "on", or anything but "off", reads as on.
        s.save(ONLY_FITTING, "on").unwrap();
        assert!(Settings::read(&s, false).only_fitting);
    }

    #[test]
    fn a_setting_changed_at_the_table_is_kept_for_the_next_visit() {
        use crate::engine::{Game, Rules};
        use crate::shell::msg::Msg;
        use crate::shell::screen::Screen;
        use crate::shell::seats::Seating;
        use crate::shell::table::Table;
        use crate::shell::turn::Turn;
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 1).unwrap();
        let mut t = Table::new(game, Seating::people(2), Screen::Table, Turn::default());
        let mut s = MemStore::new("a", 0.0);
        for (msg, name) in [
            (Msg::SetOnlyFitting(false), ONLY_FITTING),
            (Msg::SetHighlight(false), HIGHLIGHT),
            (Msg::SetHandOver(false), HANDOVER),
        ] {
            let fx = t.update(msg);
            let kept = fx.iter().find_map(|e| match e {
                Effect::Keep { name: n, value } if *n == name => Some(value.clone()),
                _ => None,
            });
            s.save(name, &kept.expect("kept")).unwrap();
        }
        assert!(!t.turn.only_fitting && !t.aids.highlight && !t.turn.handover);
        let next = Settings::read(&s, false);
        assert!(!next.only_fitting && !next.highlight && !next.handover);
    }
}
