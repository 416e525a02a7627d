//! Invariants over many random games with mixed rule options (issue: properties).

use carcassonne::engine::random::{pick_follower, pick_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    deck, Edition, FarmScoring, FollowerChoice, Game, HalfEdge, Location, Pos, Record, Role, Rules,
    Side, Spot, State, Step,
};

fn rules_for(i: u64) -> Rules {
    Rules {
        edition: if i % 2 == 0 { Edition::C3 } else { Edition::C1 },
        farmers: i % 3 != 0,
        tiny_city: i % 5 == 0,
        farm_scoring: if i % 7 == 0 {
            FarmScoring::First
        } else {
            FarmScoring::Third
        },
        river: i % 4 == 1 || i % 4 == 2,
        abbot: i % 4 >= 2,
    }
}

fn all_locations() -> Vec<Location> {
    let mut v: Vec<Location> = Side::ALL.iter().map(|&s| Location::Side(s)).collect();
    v.extend((0..8).map(|h| Location::Half(HalfEdge::new(h))));
    v.push(Location::Center);
    v
}

fn set_size(rules: &Rules) -> usize {
    deck::shuffled(rules, 0).len()
}

/// Checks the invariants that must hold between any two actions.
fn check_invariants(s: &State, rules: &Rules, prev_totals: &mut [u32; 6]) {
    for p in 0..s.players() {
        let on_board = s
            .meeples()
            .iter()
            .filter(|m| m.player == p && m.role != Role::Abbot)
            .count();
        assert_eq!(
            on_board + s.supply(p) as usize,
            7,
            "followers of player {p}"
        );
        let abbots = s
            .meeples()
            .iter()
            .filter(|m| m.player == p && m.role == Role::Abbot)
            .count();
        if rules.abbot {
            assert_eq!(abbots + s.abbot_home(p) as usize, 1);
        } else {
            assert_eq!(abbots, 0);
        }
        let t = s.score(p).total();
        assert!(
            t >= prev_totals[p as usize],
            "score of player {p} went down"
        );
        prev_totals[p as usize] = t;
    }
    let in_hand = s.tile().is_some() as usize;
    let placed = s.board().len() - 1; // the start tile or spring is not drawn
    assert_eq!(
        placed + s.discarded() as usize + s.remaining().len() + in_hand,
        set_size(rules)
    );
}

/// Every enumerated placement passes the checker, and every other frontier
/// position and rotation (and some far-away ones) is refused.
fn check_placements(s: &State, rng: &mut Rng) {
    let kind = s.tile().unwrap();
    let legal = s.placements();
    for &(p, r) in &legal {
        assert_eq!(
            s.check_tile(kind, p, r),
            Ok(()),
            "enumerated {p} r{r} refused"
        );
    }
    for p in s.board().frontier().iter().map(|o| o.pos) {
        for r in 0..4 {
            let ok = s.check_tile(kind, p, r).is_ok();
            assert_eq!(ok, legal.contains(&(p, r)), "{} at {p} r{r}", kind.name());
        }
    }
    for _ in 0..4 {
        let p = Pos::new(rng.below(300) as i32 - 150, rng.below(300) as i32 - 150);
        let r = rng.below(6) as u8;
        assert_eq!(s.check_tile(kind, p, r).is_ok(), legal.contains(&(p, r)));
    }
}

/// Every offered spot passes the checker and every other location is refused.
fn check_spots(s: &State) {
    let spots: Vec<Spot> = s.follower_spots();
    for loc in all_locations() {
        let offered = spots.iter().any(|sp| {
            sp.role != Role::Abbot && (sp.location == loc || same_segment(s, sp.location, loc))
        });
        let ok = s.check_follower(FollowerChoice::Follower(loc)).is_ok();
        assert_eq!(
            ok, offered,
            "follower at {loc}: checker {ok}, offered {offered}"
        );
    }
    let abbot_offered = spots.iter().any(|sp| sp.role == Role::Abbot);
    assert_eq!(
        s.check_follower(FollowerChoice::Abbot).is_ok(),
        abbot_offered
    );
    let recall = s.recallable_abbot();
    for m in s.meeples() {
        let at = s.board().tile(m.tile as usize).pos;
        let ok = s.check_follower(FollowerChoice::RecallAbbot(at)).is_ok();
        assert_eq!(ok, recall == Some(at), "recall at {at}");
    }
}

/// Whether two locations on the tile just placed name the same segment.
fn same_segment(s: &State, a: Location, b: Location) -> bool {
    let t = s.board().len() - 1;
    match (s.segment_at(t, a), s.segment_at(t, b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

#[test]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng::new(2026);
    let mut scratch = Scratch::default();
    for g in 0..games {
        let rules = rules_for(g);
        let players = 2 + (g % 5) as usize;
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules, g * 7919 + 1).unwrap();
        let mut totals = [0u32; 6];
        // The full cross-checks are costly; run them on every 20th game.
        let deep = g % 20 == 0;
        while game.state().step() != Step::GameOver {
            check_invariants(game.state(), &rules, &mut totals);
            if deep {
                check_placements(game.state(), &mut rng);
            }
            let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            if deep {
                check_spots(game.state());
            }
            let choice = pick_follower(game.state(), &mut rng, &mut scratch);
            game.choose_follower(choice, &mut scratch.events).unwrap();
            scratch.events.clear();
        }
        check_invariants(game.state(), &rules, &mut totals);
        // Game over: every piece is home.
        assert!(game.state().meeples().is_empty());
        // Replaying the record reproduces the identical game, and JSON round-trips.
        let record = game.record();
        let again = Game::from_record(&record).unwrap();
        assert_eq!(again.result(), game.result());
        assert_eq!(again.state().board().tiles(), game.state().board().tiles());
        if g % 10 == 0 {
            let json = record.to_json();
            let back = Record::from_json(&json).unwrap();
            assert_eq!(back, record);
        }
    }
}

#[test]
fn undo_and_redo_walk_the_record_without_revealing_tiles() {
    let mut rng = Rng::new(5);
    let mut scratch = Scratch::default();
    let rules = Rules {
        abbot: true,
        river: true,
        ..Rules::default()
    };
    let mut game = Game::new(vec!["A".into(), "B".into(), "C".into()], rules, 99).unwrap();
    let mut history = vec![(game.state().tile(), game.result())];
    for _ in 0..30 {
        let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
        game.place_tile(at, r, &mut scratch.events).unwrap();
        let choice = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(choice, &mut scratch.events).unwrap();
        history.push((game.state().tile(), game.result()));
    }
    // Undo within a turn puts the same tile back in hand.
    let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
    let before = game.state().tile();
    game.place_tile(at, r, &mut scratch.events).unwrap();
    assert!(game.undo());
    assert_eq!(game.state().tile(), before);
    assert_eq!(game.state().step(), Step::PlaceTile);
    // Undo across turns returns to each earlier point exactly.
    for i in (0..30).rev() {
        assert!(game.undo());
        assert_eq!((game.state().tile(), game.result()), history[i]);
    }
    assert!(!game.undo());
    for expected in &history[1..=30] {
        assert!(game.redo(&mut scratch.events));
        assert_eq!(&(game.state().tile(), game.result()), expected);
    }
    assert!(!game.redo(&mut scratch.events));
}

#[test]
fn potential_scores_match_the_final_scores_when_the_last_tile_is_down() {
    let mut rng = Rng::new(11);
    let mut scratch = Scratch::default();
    for g in 0..50 {
        let rules = rules_for(g);
        let mut game = Game::new(vec!["A".into(), "B".into()], rules, g).unwrap();
        loop {
            let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            game.choose_follower(FollowerChoice::Skip, &mut scratch.events)
                .unwrap();
            if game.state().step() == Step::GameOver {
                break;
            }
            let potential = game.state().potential_scores();
            // Potential never falls below what is already banked.
            for (p, pot) in potential.iter().enumerate().take(2) {
                assert!(pot.total() >= game.state().score(p as u8).total());
            }
        }
    }
}
