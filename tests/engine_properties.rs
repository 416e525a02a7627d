//! Invariants over many random games with mixed rule options (issue: properties).
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::follower::Meeple;
use carcassonne::engine::random::{pick_follower, pick_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::view::GameView;
use carcassonne::engine::{
    deck, Edition, Event, FarmScoring, FollowerChoice, Game, HalfEdge, Location, Pos, Record, Role,
    Rules, Score, Side, Spot, State, Step, TileKind,
};

fn rules_for(i: u64) -> Rules {
    Rules::default()
        .with_edition(if i % 2 == 0 { Edition::C3 } else { Edition::C1 })
        .with_farmers(i % 3 != 0)
        .with_tiny_city(i % 5 == 0)
        .with_farm_scoring(if i % 7 == 0 {
            FarmScoring::First
        } else {
            FarmScoring::Third
        })
        .with_river(i % 4 == 1 || i % 4 == 2)
        .with_abbot(i % 4 >= 2)
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
    // Placements are enumerated in frontier order, so one pass pairs them up.
    let mut next = 0;
    for p in s.board().frontier().iter().map(|o| o.pos) {
        for r in 0..4 {
            let listed = legal.get(next) == Some(&(p, r));
            next += listed as usize;
            let ok = s.check_tile(kind, p, r).is_ok();
            assert_eq!(ok, listed, "{} at {p} r{r}", kind.name());
        }
    }
    assert_eq!(
        next,
        legal.len(),
        "placements off the frontier or out of order"
    );
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

/// Everything the table can see of a game (GameView: tiles, pieces with
/// owners and roles, each player's supply, abbot, score and potential by
/// category, the tile in hand, discards, current player, step, spots, winners),
/// plus what it cannot: the pieces as stored and the draw order still to come.
#[derive(Debug, PartialEq)]
struct Snapshot {
    view: serde_json::Value,
    meeples: Vec<Meeple>,
    remaining: Vec<TileKind>,
}

fn snapshot(game: &Game) -> Snapshot {
    Snapshot {
        view: serde_json::to_value(GameView::of(game)).expect("views serialise"),
        meeples: game.state().meeples().to_vec(),
        remaining: game.state().remaining().to_vec(),
    }
}

/// Replays `record` through its JSON text, checking the text round trip.
fn replay_via_json(record: &Record) -> Game {
    let json = record.to_json();
    let back = Record::from_json(&json).unwrap();
    assert_eq!(&back, record, "record JSON round trip");
    Game::from_record(&back).unwrap()
}

#[test]
fn random_games_keep_every_invariant() {
    let games: u64 = std::env::var("PROPERTY_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let mut rng = Rng::new(2026);
    let mut scratch = Scratch::default();
    let mut cuts = 0;
    for g in 0..games {
        let rules = rules_for(g);
        let players = 2 + (g % 5) as usize;
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules, g * 7919 + 1).unwrap();
        let mut totals = [0u32; 6];
        // A turn at which to snapshot the game and check that replaying the
        // record up to there reproduces it exactly (mid-game, pieces are out).
        let cut_at = rng.below(70) as usize;
        let mut cut: Option<(Record, Snapshot)> = None;
        while game.state().step() != Step::GameOver {
            check_invariants(game.state(), &rules, &mut totals);
            if game.moves().len() == cut_at {
                cut = Some((game.record(), snapshot(&game)));
            }
            check_placements(game.state(), &mut rng);
            let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            check_spots(game.state());
            let choice = pick_follower(game.state(), &mut rng, &mut scratch);
            game.choose_follower(choice, &mut scratch.events).unwrap();
            scratch.events.clear();
        }
        check_invariants(game.state(), &rules, &mut totals);
        // Game over: every piece is home.
        assert!(game.state().meeples().is_empty());
        // Replaying the record (written to JSON and read back) reproduces the
        // identical game, mid-game and at the end.
        if let Some((record, before)) = cut {
            cuts += 1;
            let again = replay_via_json(&record);
            assert_eq!(
                snapshot(&again),
                before,
                "game {g} replayed to turn {cut_at}"
            );
        }
        let again = replay_via_json(&game.record());
        assert_eq!(again.result(), game.result());
        assert_eq!(snapshot(&again), snapshot(&game), "game {g} replayed");
    }
    assert!(
        cuts * 10 >= games * 9,
        "only {cuts} of {games} games were cut"
    );
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

/// When a game ends, the `GameOver` event, the state's scores and the
/// result's totals report the same final scores, and the winners are the
/// seats with the highest total. (What those scores should be is checked
/// against an independent count in `tests/potential.rs`.)
#[test]
fn the_end_of_a_game_reports_one_set_of_final_scores() {
    let mut rng = Rng::new(11);
    let mut scratch = Scratch::default();
    let mut placed = [0usize; 5]; // thief, knight, monk, farmer, abbot
    for g in 0..300u64 {
        let rules = rules_for(g);
        let players = 2 + (g % 5) as usize;
        let names: Vec<String> = (0..players).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules, g).unwrap();
        loop {
            let s = game.state();
            let (at, r) = pick_placement(s, &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            let choice = pick_follower(game.state(), &mut rng, &mut scratch);
            scratch.events.clear();
            game.choose_follower(choice, &mut scratch.events).unwrap();
            for e in &scratch.events {
                if let Event::FollowerPlaced { role, .. } = e {
                    placed[*role as usize] += 1;
                }
            }
            if game.state().is_over() {
                let s = game.state();
                let (winners, last) = scratch
                    .events
                    .iter()
                    .find_map(|e| match e {
                        Event::GameOver { winners, scores } => Some((*winners, **scores)),
                        _ => None,
                    })
                    .expect("the last move ends the game with GameOver");
                let finals: Vec<Score> = (0..players).map(|p| s.score(p as u8)).collect();
                assert_eq!(last.as_slice(), &finals[..], "game {g}");
                let best = finals.iter().map(Score::total).max().unwrap();
                for (p, f) in finals.iter().enumerate() {
                    assert_eq!(winners.contains(p as u8), f.total() == best, "game {g}");
                }
                assert_eq!(winners, s.winners());
                let result = game.result();
                for (p, line) in result.players.iter().enumerate() {
                    assert_eq!(line.total, finals[p].total());
                }
                break;
            }
        }
    }
    // The games did put every kind of piece out.
    assert!(placed.iter().all(|&n| n > 20), "pieces placed: {placed:?}");
}
