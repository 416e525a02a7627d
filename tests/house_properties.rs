//! Random games under random house rules (rules §12): every game ends, its
//! record replays to the same result, undo and redo round-trip, and no tile
//! is lost or made up.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::random::{pick_follower, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::view::GameView;
use carcassonne::engine::{deck, Event, Game, Record, Rules, State, Step};

/// House rules drawn at random, on top of random older options.
pub fn random_rules(rng: &mut Rng) -> Rules {
    let river = rng.below(3) == 0;
    let table = match rng.below(3) {
        0 => None,
        _ => Some((3 + 2 * rng.below(8) as u8, 3 + 2 * rng.below(8) as u8)),
    };
    Rules::default()
        .with_river(river)
        .with_abbot(rng.below(2) == 0)
        .with_farmers(rng.below(4) != 0)
        .with_hand(rng.below(4) as u8)
        .with_hand_open(rng.below(2) == 0)
        .with_hole_bonus(rng.below(2) == 0)
        .with_score_incomplete(rng.below(3) != 0)
        .with_table(table)
        .with_table_closes(table.is_some() && rng.below(2) == 0)
        .with_start_in_bag(!river && rng.below(3) == 0)
        .with_unplayable_back(rng.below(2) == 0)
}

fn total_tiles(rules: &Rules) -> usize {
    // The deck and the start tile (or spring) unless the start is in the bag.
    deck::shuffled(rules, 0).len() + usize::from(!rules.start_in_bag || rules.river)
}

/// Tiles on the board, discarded, in the stack and in hand add up.
fn check_tiles(s: &State, total: usize) {
    let rules = s.rules();
    let hands: usize = if s.hands_dealt() {
        (0..s.players()).map(|p| s.hand(p).len()).sum()
    } else {
        s.tile().is_some() as usize
    };
    assert_eq!(
        s.board().len() + s.discarded() as usize + s.remaining().len() + hands,
        total,
        "{rules:?}"
    );
    for p in 0..s.players() {
        assert!(s.hand(p).len() <= rules.hand.max(1) as usize);
    }
    if let Some((w, h)) = rules.table {
        for t in s.board().tiles() {
            assert!(
                t.pos.x.unsigned_abs() <= (w as u32 - 1) / 2
                    && t.pos.y.unsigned_abs() <= (h as u32 - 1) / 2
            );
        }
    }
    if s.step() == Step::PlaceTile {
        assert!(
            !s.playable_kinds().is_empty(),
            "a turn begins with a tile that fits"
        );
    }
}

/// Plays a random game on the checked path, checking as it goes.
fn play(rules: Rules, players: usize, seed: u64, rng: &mut Rng) -> Game {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut g = Game::new(names, rules, seed).unwrap();
    let total = total_tiles(&rules);
    let mut scratch = Scratch::default();
    let mut turns = 0;
    check_tiles(g.state(), total);
    while !g.state().is_over() {
        turns += 1;
        assert!(turns <= 200, "the game ends");
        let s = g.state();
        let me = s.current_player();
        let (kind, at, r) = pick_tile_placement(s, rng, &mut scratch).expect("a tile fits");
        let named = s.hands_dealt().then_some(kind);
        let mut ev = Vec::new();
        g.place_tile_with(at, r, named, &mut ev).unwrap();
        let choice = pick_follower(g.state(), rng, &mut scratch);
        g.choose_follower(choice, &mut ev).unwrap();
        let s = g.state();
        check_tiles(s, total);
        // The hole bonus: another turn for the same player, if they can play.
        let extra = ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. }));
        if extra {
            assert!(rules.hole_bonus && s.board().surrounded(at));
            // Unless their hand emptied of tiles that fit nowhere.
            if !s.is_over() && s.current_player() != me {
                assert!(ev.contains(&Event::PlayerPassed { player: me }), "{ev:?}");
            }
        } else if rules.hole_bonus && s.board().surrounded(at) {
            assert!(
                s.is_over() || (s.hands_dealt() && s.hand(me).is_empty()),
                "a filled hole earns another turn: {ev:?}"
            );
        }
        if !rules.unplayable_back {
            assert!(!ev.iter().any(|e| matches!(e, Event::TileReturned { .. })));
        }
        if rules.hand == 0 {
            assert!(!ev
                .iter()
                .any(|e| matches!(e, Event::TileDrawn { .. } | Event::PlayerPassed { .. })));
        }
        // Undo and redo now and then: the same state comes back.
        if rng.below(8) == 0 {
            let before = serde_json::to_value(GameView::of(&g)).unwrap();
            let record = g.record();
            assert!(g.undo());
            assert!(g.redo(&mut Vec::new()));
            assert_eq!(g.record(), record);
            assert_eq!(serde_json::to_value(GameView::of(&g)).unwrap(), before);
        }
    }
    let s = g.state();
    assert!((0..s.players()).all(|p| s.hand(p).is_empty()));
    assert!(s.remaining().is_empty());
    g
}

#[test]
fn random_games_under_random_house_rules_end_and_replay() {
    let mut rng = Rng::new(12);
    for i in 0..300u64 {
        let rules = random_rules(&mut rng);
        let players = 2 + rng.below(5) as usize;
        let g = play(rules, players, i, &mut rng);
        let r = g.result();
        assert!(r.finished);
        let text = g.record().to_json();
        let again = Game::from_record(&Record::from_json(&text).unwrap())
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.result(), r, "{text}");
        if !rules.score_incomplete {
            // Only completed features and fields: nothing scored at the
            // end but fields, so end scores equal in-game ones plus fields.
            let s = g.state();
            assert!(s
                .meeples()
                .iter()
                .all(|m| m.role != carcassonne::engine::Role::Farmer));
        }
    }
}

/// Undoing every move back to the start and redoing them all gives the
/// same game, hands and extra turns included.
#[test]
fn undo_to_the_start_and_redo_to_the_end() {
    let mut rng = Rng::new(77);
    for i in 0..40u64 {
        let rules = random_rules(&mut rng).with_hand(1 + rng.below(3) as u8);
        let g = play(rules, 2 + (i % 3) as usize, 1000 + i, &mut rng);
        let mut h = g.clone();
        while h.undo() {}
        while h.redo(&mut Vec::new()) {}
        assert_eq!(h.record(), g.record());
        assert_eq!(h.result(), g.result());
    }
}

/// With hidden hands the view shows no hand and no tile in hand, and the
/// tiles left by kind include every hand.
#[test]
fn hidden_hands_stay_out_of_the_view() {
    let rules = Rules::default().with_hand(3).with_hand_open(false);
    let g = Game::new(vec!["A".into(), "B".into()], rules, 5).unwrap();
    let v = serde_json::to_value(GameView::of(&g)).unwrap();
    assert_eq!(v["hands"], serde_json::json!([null, null]));
    assert_eq!(v["hand_sizes"], serde_json::json!([3, 3]));
    assert_eq!(v["tile"], serde_json::Value::Null);
    let left: u64 = v["remaining"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["count"].as_u64().unwrap())
        .sum();
    assert_eq!(left, 71);
    assert_eq!(v["tiles_left"], 65);
    let open = Game::new(vec!["A".into(), "B".into()], rules.with_hand_open(true), 5).unwrap();
    let v = serde_json::to_value(GameView::of(&open)).unwrap();
    assert_eq!(v["hands"][0].as_array().unwrap().len(), 3);
    assert_eq!(v["rules"]["hand"], 3);
    assert!(v["tile"].is_string());
}

/// Extra turns chain (rules §12 "This can repeat"): in random games with
/// the hole bonus, a player who fills two holes in a row plays three turns
/// running, and the record says so only through who plays next.
#[test]
fn extra_turns_chain() {
    let mut rng = Rng::new(3);
    let mut chains = 0;
    for seed in 0..400u64 {
        let rules = Rules::default()
            .with_hole_bonus(true)
            .with_table(Some((7, 7)));
        let mut g = Game::new(vec!["A".into(), "B".into()], rules, seed).unwrap();
        let mut scratch = Scratch::default();
        let mut run = 0;
        while !g.state().is_over() {
            let me = g.state().current_player();
            let (_, at, r) = pick_tile_placement(g.state(), &mut rng, &mut scratch).unwrap();
            let mut ev = Vec::new();
            g.place_tile_with(at, r, None, &mut ev).unwrap();
            g.choose_follower(carcassonne::engine::FollowerChoice::Skip, &mut ev)
                .unwrap();
            if ev.iter().any(|e| matches!(e, Event::ExtraTurn { .. })) {
                run += 1;
                if run == 2 && !g.state().is_over() {
                    chains += 1;
                    assert_eq!(g.state().current_player(), me);
                    let n = g.moves().len();
                    assert_eq!(g.player_of_move(n - 1), me as usize);
                    assert_eq!(g.player_of_move(n - 2), me as usize);
                }
            } else {
                run = 0;
            }
        }
        let again = Game::from_record(&g.record()).unwrap();
        assert_eq!(again.result(), g.result());
    }
    assert!(chains > 0, "no chain of extra turns in 400 games");
}

/// A quiet state, as a search plays out, plays every game exactly as the
/// state the table keeps (the same board, pieces, scores, tiles and turns
/// after every move) and tells no event, while the table's tells them all.
#[test]
fn a_quiet_state_plays_the_same_game_and_tells_nothing() {
    let mut rng = Rng::new(31);
    let mut scratch = Scratch::default();
    for g in 0..60 {
        let rules = random_rules(&mut rng);
        let players = 2 + rng.below(5) as usize;
        let names = (0..players).map(|i| format!("P{i}")).collect();
        let game = Game::new(names, rules, g).unwrap();
        let mut loud = *game.state();
        let mut quiet = loud;
        quiet.quiet();
        let (mut told, mut hushed) = (Vec::new(), Vec::new());
        while !loud.is_over() {
            let (kind, at, r) = pick_tile_placement(&loud, &mut rng, &mut scratch).unwrap();
            loud.place_unchecked(kind, at, r, &mut told);
            quiet.place_unchecked(kind, at, r, &mut hushed);
            let choice = pick_follower(&loud, &mut rng, &mut scratch);
            loud.choose_follower_unchecked(choice, &mut told);
            quiet.choose_follower_unchecked(choice, &mut hushed);
            assert_eq!(quiet.board().tiles(), loud.board().tiles());
            assert_eq!(quiet.meeples(), loud.meeples());
            assert_eq!(quiet.step(), loud.step());
            assert_eq!(quiet.current_player(), loud.current_player());
            assert_eq!(quiet.tile(), loud.tile());
            assert_eq!(quiet.remaining(), loud.remaining());
            assert_eq!(quiet.potential_scores(), loud.potential_scores());
            for p in 0..loud.players() {
                assert_eq!(quiet.score(p), loud.score(p));
                assert_eq!(quiet.hand(p), loud.hand(p));
                assert_eq!(quiet.supply(p), loud.supply(p));
            }
            assert!(hushed.is_empty(), "{rules:?}: {hushed:?}");
        }
        assert!(quiet.is_over());
        assert!(
            matches!(told.last(), Some(Event::GameOver { .. })),
            "the table's state tells the game's end"
        );
        assert!(told
            .iter()
            .any(|e| matches!(e, Event::FeatureScored { .. })));
    }
}
