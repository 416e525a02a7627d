//! The follower step's choices, in the order they are numbered on the
//! board (1, 2, …): each legal spot on the tile just laid, then taking the
//! abbot back. The shell decides which choices exist and their numbers; the
//! renderer only finds where each marker sits.

use crate::engine::{FollowerChoice, Location, Pos, Role, State};

/// One numbered choice of the follower step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub choice: FollowerChoice,
    pub role: Role,
    /// The tile the marker stands on.
    pub at: Pos,
    pub location: Location,
}

/// The choices of the follower step now (none outside it).
pub fn options(state: &State) -> Vec<Choice> {
    let mut v = Vec::new();
    let Some(placed) = state.last_placed() else {
        return v;
    };
    for s in state.follower_spots() {
        let choice = if s.role == Role::Abbot {
            FollowerChoice::Abbot
        } else {
            FollowerChoice::Follower(s.location)
        };
        v.push(Choice {
            choice,
            role: s.role,
            at: placed.pos,
            location: s.location,
        });
    }
    if let Some(at) = state.recallable_abbot() {
        v.push(Choice {
            choice: FollowerChoice::RecallAbbot(at),
            role: Role::Abbot,
            at,
            location: Location::Center,
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rules, Step};

    #[test]
    fn the_choices_are_the_engines_spots_then_the_abbots_recall() {
        let rules = Rules {
            abbot: true,
            ..Rules::default()
        };
        let mut g = Game::new(vec!["a".into(), "b".into()], rules, 5).unwrap();
        assert!(options(g.state()).is_empty(), "not in the tile step");
        let (at, r) = g.state().placements()[0];
        g.place_tile(at, r, &mut Vec::new()).unwrap();
        assert_eq!(g.state().step(), Step::PlaceFollower);
        let o = options(g.state());
        let spots = g.state().follower_spots();
        assert_eq!(o.len(), spots.len());
        for (c, s) in o.iter().zip(&spots) {
            assert_eq!((c.role, c.location, c.at), (s.role, s.location, at));
            assert!(g.state().check_follower(c.choice).is_ok());
        }
    }
}
