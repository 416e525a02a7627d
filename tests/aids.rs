//! Board-reading aids checked against brute force: the engine's answer to
//! "which open positions can no tile still to come fill" equals trying
//! every such tile in every rotation at every open position with the
//! engine's own legality check, at every turn of random games.

use carcassonne::engine::random::{pick_follower, pick_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Game, Pos, Rules, State, Step, TileKind};
use std::collections::BTreeSet;

/// Every tile still to come (the tile in hand, then the stack) tried at
/// every open position in every rotation.
fn brute_force(s: &State) -> BTreeSet<(i32, i32)> {
    let mut kinds: Vec<TileKind> = s.remaining().to_vec();
    if s.step() == Step::PlaceTile {
        kinds.extend(s.tile());
    }
    let open = s.board().open();
    (0..open.len())
        .map(|i| open.pos(i))
        .filter(|&p| {
            !kinds
                .iter()
                .any(|&k| (0..4).any(|r| s.check_tile(k, p, r).is_ok()))
        })
        .map(|p| (p.x, p.y))
        .collect()
}

fn set(v: Vec<Pos>) -> BTreeSet<(i32, i32)> {
    v.into_iter().map(|p| (p.x, p.y)).collect()
}

#[test]
fn spots_no_tile_can_fill_are_exactly_those_brute_force_finds() {
    let mut holes_seen = 0;
    for seed in 0..60u64 {
        let rules = Rules::default()
            .with_river(seed % 2 == 1)
            .with_abbot(seed % 3 == 0);
        let names = (0..2 + seed as usize % 4).map(|i| i.to_string()).collect();
        let mut g = Game::new(names, rules, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut scratch = Scratch::default();
        let mut events = Vec::new();
        loop {
            let s = g.state();
            let found = set(s.unfillable());
            assert_eq!(
                found,
                brute_force(s),
                "seed {seed}, move {}",
                g.moves().len()
            );
            holes_seen += found.len();
            match s.step() {
                Step::PlaceTile => {
                    let (at, r) = pick_placement(s, &mut rng, &mut scratch).unwrap();
                    g.place_tile(at, r, &mut events).unwrap();
                }
                Step::PlaceFollower => {
                    let c = pick_follower(s, &mut rng, &mut scratch);
                    g.choose_follower(c, &mut events).unwrap();
                }
                Step::GameOver => break,
            }
        }
        // At the end nothing is left to come: every open position is a hole.
        let s = g.state();
        assert_eq!(s.unfillable().len(), s.board().open().len());
    }
    assert!(
        holes_seen > 100,
        "random games do leave holes ({holes_seen})"
    );
}

#[test]
fn what_can_go_here_counts_every_tile_left_that_fits_and_nothing_else() {
    for seed in 0..30u64 {
        let rules = Rules::default().with_river(seed % 2 == 0);
        let mut g = Game::new(vec!["a".into(), "b".into()], rules, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut scratch = Scratch::default();
        let mut events = Vec::new();
        while g.state().step() != Step::GameOver {
            let s = g.state();
            if s.step() == Step::PlaceTile && g.moves().len() % 5 == 0 {
                let open = s.board().open();
                for i in 0..open.len() {
                    let p = open.pos(i);
                    let found = s.fitting_at(p);
                    // By hand: each tile left, one by one, in every rotation.
                    let mut expected: Vec<(TileKind, u8, u8)> = Vec::new();
                    for &k in s.remaining() {
                        let rot = (0..4u8)
                            .filter(|&r| s.check_tile(k, p, r).is_ok())
                            .fold(0u8, |m, r| m | 1 << r);
                        if rot == 0 {
                            continue;
                        }
                        match expected.iter_mut().find(|e| e.0 == k) {
                            Some(e) => e.1 += 1,
                            None => expected.push((k, 1, rot)),
                        }
                    }
                    expected.sort_by_key(|e| e.0 .0);
                    assert_eq!(found, expected, "seed {seed}, {p:?}");
                }
                // The two queries agree: nothing left fits a spot no tile can
                // fill (one works from the packed frontier, one from check_tile).
                for p in s.unfillable() {
                    assert!(s.fitting_at(p).is_empty(), "seed {seed}, {p:?}");
                }
                // A placed tile's cell takes nothing.
                assert!(s.fitting_at(Pos::new(0, 0)).is_empty());
            }
            match s.step() {
                Step::PlaceTile => {
                    let (at, r) = pick_placement(s, &mut rng, &mut scratch).unwrap();
                    g.place_tile(at, r, &mut events).unwrap();
                }
                _ => {
                    let c = pick_follower(s, &mut rng, &mut scratch);
                    g.choose_follower(c, &mut events).unwrap();
                }
            }
        }
    }
}
