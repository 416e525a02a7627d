//! Uniformly random legal play: the baseline opponent, the benchmark workload,
//! and the generator behind the property tests.

use super::event::Event;
use super::game::Game;
use super::geometry::Pos;
use super::rng::Rng;
use super::state::{FollowerChoice, Spot, State, Step};
use super::tile::TileKind;

/// Reusable buffers so that a playout allocates nothing per move.
#[derive(Default)]
pub struct Scratch {
    spots: Vec<Spot>,
    pub events: Vec<Event>,
}

/// Picks a random legal tile placement for the tile in hand, uniformly over
/// (position, rotation) pairs: one pass to count, one to find the pick.
pub fn pick_placement(s: &State, rng: &mut Rng, _scratch: &mut Scratch) -> Option<(Pos, u8)> {
    s.nth_placement(|n| rng.below(n))
}

/// Picks a random legal move's tile and placement: without hands, the tile
/// in hand placed as [`pick_placement`] does (draw for draw); with hands, a
/// hand tile at random (the next one if it fits nowhere), then one of its
/// placements at random. One count of placements a move, as without hands.
pub fn pick_tile_placement(
    s: &State,
    rng: &mut Rng,
    scratch: &mut Scratch,
) -> Option<(TileKind, Pos, u8)> {
    let kind = s.tile()?;
    if !s.hands_dealt() {
        return pick_placement(s, rng, scratch).map(|(at, r)| (kind, at, r));
    }
    let hand = s.hand(s.current_player());
    let n = hand.len();
    let first = rng.below(n as u32) as usize;
    for j in 0..n {
        let k = hand[(first + j) % n];
        if let Some((at, r)) = s.nth_placement_of(k, |c| rng.below(c)) {
            return Some((k, at, r));
        }
    }
    None
}

/// Picks a random follower step: skip, any legal spot, or recalling the abbot.
pub fn pick_follower(s: &State, rng: &mut Rng, scratch: &mut Scratch) -> FollowerChoice {
    scratch.spots.clear();
    s.for_each_spot(&mut |spot| scratch.spots.push(spot));
    let recall = s.recallable_abbot();
    let n = 1 + scratch.spots.len() + recall.is_some() as usize;
    let i = rng.below(n as u32) as usize;
    if i == 0 {
        FollowerChoice::Skip
    } else if i <= scratch.spots.len() {
        let spot = scratch.spots[i - 1];
        if spot.role == super::follower::Role::Abbot {
            FollowerChoice::Abbot
        } else {
            FollowerChoice::Follower(spot.location)
        }
    } else {
        FollowerChoice::RecallAbbot(recall.expect("counted above"))
    }
}

/// Plays the state to the end with random moves on the fast, unchecked path.
pub fn playout(s: &mut State, rng: &mut Rng, scratch: &mut Scratch) {
    while s.step() != Step::GameOver {
        scratch.events.clear();
        let (kind, at, r) =
            pick_tile_placement(s, rng, scratch).expect("the tile in hand always fits somewhere");
        s.place_unchecked(kind, at, r, &mut scratch.events);
        let choice = pick_follower(s, rng, scratch);
        s.choose_follower_unchecked(choice, &mut scratch.events);
    }
}

/// Plays a whole game on the checked path, so its record can be written out.
pub fn random_game(game: &mut Game, rng: &mut Rng) {
    let mut scratch = Scratch::default();
    while game.state().step() != Step::GameOver {
        let (kind, at, r) = pick_tile_placement(game.state(), rng, &mut scratch)
            .expect("the tile in hand always fits somewhere");
        let named = game.state().hands_dealt().then_some(kind);
        game.place_tile_with(at, r, named, &mut scratch.events)
            .expect("enumerated placements are legal");
        let choice = pick_follower(game.state(), rng, &mut scratch);
        game.choose_follower(choice, &mut scratch.events)
            .expect("enumerated spots are legal");
        scratch.events.clear();
    }
}
