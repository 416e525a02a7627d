//! What counts as an item of a scoring: the one rule the board's feedback,
//! the final scoring's walk, the announcer and the review's list all follow,
//! so they show and say the same items (review 3: an item worth nothing is
//! neither shown nor said).

use crate::engine::Event;

/// An item of a scoring that players see and hear: a feature completed in
/// play (even with nobody on it, so the completion still shows), a feature
/// scored at the end for some points (by someone), and an abbot taken home. A field
/// beside no finished city pays nothing at the end: not an item.
pub fn shown(e: &Event) -> bool {
    match *e {
        Event::FeatureScored {
            completed,
            points,
            scorers,
            ..
        } => completed || (points > 0 && !scorers.is_empty()),
        Event::AbbotRecalled { .. } => true,
        _ => false,
    }
}

/// An item of the final scoring, which the board walks through one by one.
pub fn final_item(e: &Event) -> bool {
    shown(e)
        && matches!(
            e,
            Event::FeatureScored {
                completed: false,
                ..
            }
        )
}

/// A scoring that is no item (worth nothing): the board and the announcer
/// skip it.
pub fn worthless(e: &Event) -> bool {
    matches!(e, Event::FeatureScored { .. } | Event::AbbotRecalled { .. }) && !shown(e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Category, Location, Players, Pos};

    fn scored(points: u16, scorers: u8, completed: bool) -> Event {
        Event::FeatureScored {
            category: Category::Field,
            at: Pos::new(0, 0),
            location: Location::Center,
            points,
            scorers: Players(scorers),
            size: 0,
            completed,
        }
    }

    #[test]
    fn a_field_worth_nothing_at_the_end_is_no_item() {
        assert!(final_item(&scored(6, 1, false)));
        assert!(!shown(&scored(0, 1, false)), "no +0, no 'scores 0 points'");
        assert!(worthless(&scored(0, 1, false)));
        assert!(
            !final_item(&scored(6, 1, true)),
            "scored in play, not at the end"
        );
        assert!(
            shown(&scored(0, 0, true)),
            "a completion with nobody on it still shows"
        );
        let turn = Event::ExtraTurn {
            player: 0,
            at: Pos::new(0, 0),
        };
        assert!(!shown(&turn) && !worthless(&turn), "not a scoring at all");
    }
}
