//! Computer players under the house rules of rules §12: legal moves with
//! every option, the tile chosen from the hand, and with hidden hands
//! decisions that depend only on what their seat can see.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::ai::{self, Level};
use carcassonne::engine::random::{pick_follower, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Game, Rules, State, Step};

const LEVELS: [Level; 5] = [
    Level::Random,
    Level::Greedy,
    Level::Easy,
    Level::Medium,
    Level::Hard,
];

fn house_rules(i: u64) -> Rules {
    let river = i % 3 == 1;
    let table = match i % 4 {
        0 => None,
        1 => Some((5, 7)),
        2 => Some((9, 9)),
        _ => Some((3, 11)),
    };
    Rules::default()
        .with_river(river)
        .with_abbot(i % 2 == 0)
        .with_hand((i % 4) as u8)
        .with_hand_open(i % 5 < 2)
        .with_hole_bonus(i % 3 != 2)
        .with_score_incomplete(i % 4 != 3)
        .with_table(table)
        .with_table_closes(table.is_some() && i % 2 == 1)
        .with_start_in_bag(!river && i % 5 == 3)
        .with_unplayable_back(i % 3 == 0)
}

#[test]
fn computers_play_legal_moves_under_every_house_rule() {
    for g in 0..24u64 {
        let rules = house_rules(g);
        let players = 2 + (g % 3) as usize;
        let names = (0..players).map(|i| format!("CPU {i}")).collect();
        let mut game = Game::new(names, rules, g).unwrap();
        let levels = [Level::Random, Level::Greedy, Level::Easy];
        let mut turn = 0u64;
        let mut events = Vec::new();
        while game.state().step() != Step::GameOver {
            let level = levels[(turn as usize + g as usize) % 3];
            let d = ai::choose(game.state(), level, turn).expect("a tile is in hand");
            assert_eq!(d.tile.is_some(), game.state().hands_dealt());
            game.place_tile_with(d.at, d.rotation, d.tile, &mut events)
                .unwrap_or_else(|e| panic!("{level:?} placed illegally under {rules:?}: {e}"));
            game.choose_follower(d.choice, &mut events)
                .unwrap_or_else(|e| panic!("{level:?} chose an illegal follower step: {e}"));
            turn += 1;
            assert!(turn < 200);
        }
        assert!(game.result().finished);
    }
}

/// A 3-player game with 3-tile hands after `moves` random moves.
fn mid_game(rules: Rules, seed: u64, moves: usize) -> State {
    let names = vec!["A".into(), "B".into(), "C".into()];
    let mut game = Game::new(names, rules, seed).unwrap();
    let mut rng = Rng::new(seed);
    let mut scratch = Scratch::default();
    for _ in 0..moves {
        let (k, at, r) = pick_tile_placement(game.state(), &mut rng, &mut scratch).unwrap();
        game.place_tile_with(at, r, Some(k), &mut scratch.events)
            .unwrap();
        let c = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(c, &mut scratch.events).unwrap();
    }
    *game.state()
}

/// Swapping the contents of the other hands and the stack among themselves
/// leaves every level's decision unchanged, for a fixed seed.
#[test]
fn with_hidden_hands_a_decision_depends_only_on_what_the_seat_sees() {
    let rules = Rules::default().with_hand(3).with_hand_open(false);
    for (seed, moves) in [(1u64, 4usize), (2, 20), (3, 40)] {
        let s = mid_game(rules, seed, moves);
        let me = s.current_player();
        let unseen = s.unseen_by(me);
        assert!(unseen.len() > 6, "the others' hands are unseen");
        let mut rng = Rng::new(seed);
        let mut variants = Vec::new();
        for _ in 0..3 {
            let mut perm = unseen.clone();
            rng.shuffle(&mut perm);
            let mut t = s;
            t.deal_unseen(me, &perm);
            assert_eq!(t.hand(me), s.hand(me), "my hand stays");
            variants.push(t);
        }
        // The variants do differ in what is hidden.
        let other = (me + 1) % 3;
        assert!(
            variants
                .iter()
                .any(|t| t.hand(other) != s.hand(other) || t.remaining() != s.remaining()),
            "a real swap"
        );
        for level in LEVELS {
            if level == Level::Hard && moves != 20 {
                continue;
            }
            let want = ai::choose(&s, level, 11).unwrap();
            for t in &variants {
                assert_eq!(ai::choose(t, level, 11), Some(want), "{level:?}");
            }
        }
    }
}

/// With open hands the others' hands are seen, but the stack's order is
/// still unknown: reordering it changes nothing.
#[test]
fn with_open_hands_the_stack_order_is_still_unknown() {
    let rules = Rules::default().with_hand(2);
    let s = mid_game(rules, 5, 12);
    let me = s.current_player();
    let mut unseen = s.unseen_by(me);
    assert_eq!(unseen, s.remaining(), "only the stack is unseen");
    unseen.reverse();
    let mut t = s;
    t.deal_unseen(me, &unseen);
    assert_ne!(t.remaining(), s.remaining());
    for level in [Level::Greedy, Level::Easy, Level::Medium] {
        assert_eq!(ai::choose(&s, level, 3), ai::choose(&t, level, 3));
    }
}

#[test]
fn a_hand_decision_is_reproducible_and_may_pick_any_hand_tile() {
    let rules = Rules::default().with_hand(3);
    let mut picked_other = false;
    for seed in 0..6u64 {
        let s = mid_game(rules, seed, 10);
        let a = ai::choose(&s, Level::Easy, seed).unwrap();
        assert_eq!(ai::choose(&s, Level::Easy, seed), Some(a));
        let hand = s.hand(s.current_player());
        let k = a.tile.unwrap();
        assert!(hand.contains(&k));
        picked_other |= k != hand[0];
        let g = ai::choose(&s, Level::Greedy, 0).unwrap();
        picked_other |= g.tile != Some(hand[0]);
    }
    assert!(picked_other, "the computers choose among the hand's tiles");
}

/// With hidden hands, each part of hard's search sees what the seat sees:
/// the parts, added up, give the move `choose` makes.
#[test]
fn with_hidden_hands_a_search_in_parts_adds_up_to_the_same_move() {
    let rules = Rules::default().with_hand(3).with_hand_open(false);
    let s = mid_game(rules, 4, 12);
    let parts: Vec<Vec<u32>> = (0..ai::parts(Level::Hard))
        .map(|p| ai::part(&s, Level::Hard, 9, p).expect("a tile is in hand"))
        .collect();
    let m = ai::merge(&s, Level::Hard, &parts).expect("the parts fit");
    assert!(m.tile.is_some(), "the hand tile is named");
    assert_eq!(Some(m), ai::choose(&s, Level::Hard, 9));
}
