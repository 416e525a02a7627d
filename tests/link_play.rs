//! Whole games played by link between devices that each hold one seat's
//! secret: every device ends with the same game, equal to the engine's
//! replay of its record, under every rule option; links stay short.

#[path = "common/link.rs"]
mod common;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::rules::switches;
use carcassonne::engine::Rules;
use carcassonne::link::LinkGame;
use common::{devices, play_out};

/// Every rule set a link game may have: each switch alone on (with what it
/// strictly needs), hands of 1 to 3 (open), a table, and many at once.
fn rule_sets() -> Vec<Rules> {
    let mut v = vec![Rules::default()];
    for s in switches() {
        let mut r = Rules::default();
        (s.set)(&mut r, !s.default);
        if r.table_closes {
            r.table = Some((9, 7));
        }
        if s.key == "hand_open" {
            continue; // hidden hands: refused (docs/link-play.md §5)
        }
        v.push(r);
    }
    for hand in 1..=3 {
        v.push(Rules {
            hand,
            hand_open: true,
            ..Rules::default()
        });
    }
    v.push(Rules {
        river: true,
        abbot: true,
        hand: 3,
        hand_open: true,
        hole_bonus: true,
        unplayable_back: true,
        score_incomplete: false,
        ..Rules::default()
    });
    v.push(Rules {
        start_in_bag: true,
        table: Some((7, 7)),
        table_closes: true,
        unplayable_back: true,
        hole_bonus: true,
        hand: 2,
        hand_open: true,
        ..Rules::default()
    });
    v
}

/// Each device's scores and whether the game is over.
fn outcome(g: &LinkGame) -> (Vec<u32>, bool) {
    let s = g.state().expect("the game has begun");
    (
        (0..s.players()).map(|p| s.score(p).total()).collect(),
        s.is_over(),
    )
}

#[test]
fn every_device_ends_with_the_game_its_record_replays_to() {
    let mut rng = Rng::new(38);
    let mut games = 0;
    for rules in rule_sets() {
        for n in [2, 3, 6] {
            let mut devs = devices(n, rules, &mut rng);
            play_out(&mut devs, &mut rng);
            let (scores, over) = outcome(&devs[0]);
            assert!(over, "{rules:?}: the game ran to its end");
            let replay = devs[0]
                .replay()
                .unwrap_or_else(|e| panic!("{rules:?} {n}: the record replays: {e}"));
            let rs = replay.state();
            assert!(rs.is_over());
            assert_eq!(
                (0..rs.players())
                    .map(|p| rs.score(p).total())
                    .collect::<Vec<_>>(),
                scores,
                "{rules:?}: the replay scores as the devices do"
            );
            for d in &devs[1..] {
                assert_eq!(d.moves(), devs[0].moves());
                assert_eq!(
                    d.record(),
                    devs[0].record(),
                    "every device drew the same tiles"
                );
                assert_eq!(outcome(d), (scores.clone(), true));
            }
            games += 1;
        }
    }
    assert!(games >= 30);
}

#[test]
fn a_join_link_gives_a_new_device_the_whole_game_so_far() {
    let mut rng = Rng::new(7);
    for rules in rule_sets() {
        let (chains, mut devs) = common::game(4, rules, &mut rng);
        let sent = play_out(&mut devs, &mut rng);
        // Join at the link of every fifth turn, as seat `to` on a new device.
        for (k, (from, to, _)) in sent.iter().enumerate().step_by(5) {
            let _ = k;
            let (from, to) = (*from as usize, *to);
            let text = devs[from].link(to, 0, true);
            let joined = LinkGame::join(&text, common::only(&chains, to as usize))
                .expect("a join link is taken");
            // It knows every move the sender knows, at the end of the game.
            assert_eq!(joined.moves(), devs[from].moves());
            assert_eq!(outcome(&joined), outcome(&devs[from]));
        }
    }
}

#[test]
fn links_stay_under_two_thousand_characters() {
    let mut rng = Rng::new(2000);
    let (mut turn, mut join) = ((0, String::new()), (0, String::new()));
    for rules in rule_sets() {
        for n in [2, 6] {
            for _ in 0..3 {
                let mut devs = devices(n, rules, &mut rng);
                let sent = play_out(&mut devs, &mut rng);
                for (_, _, t) in &sent {
                    if t.len() > turn.0 {
                        turn = (t.len(), format!("{n} players, {rules:?}"));
                    }
                }
                let whole = devs[0].link(1, 0, true);
                if whole.len() > join.0 {
                    join = (whole.len(), format!("{n} players, {rules:?}"));
                }
            }
        }
    }
    eprintln!(
        "largest single-turn link: {} characters ({})",
        turn.0, turn.1
    );
    eprintln!(
        "largest join link, whole game: {} characters ({})",
        join.0, join.1
    );
    assert!(turn.0 < 2000 && join.0 < 2000);
}

#[test]
fn an_undo_request_and_its_answer_round_trip_and_older_readers_refuse_them() {
    use carcassonne::link::round::{self, Opened};
    use carcassonne::link::{Ask, Envelope, LinkError};
    for allowed in [false, true] {
        let a = Ask {
            game: [1, 2, 3, 4, 5, 6, 7, 8],
            to: 1,
            by: 0,
            allowed,
            keep: 41,
            moves: 43,
        };
        let text = a.encode();
        assert!(text.len() < 40, "{text}");
        match round::open(&text) {
            Ok(Opened::Undo(b)) => assert_eq!(b, a),
            _ => panic!("{allowed}: read back as an undo"),
        }
        // A turn link's reader (every page before this kind) finds it garbled.
        assert_eq!(Envelope::decode(&text).err(), Some(LinkError::Garbled));
    }
}

#[test]
fn going_back_then_taking_the_same_moves_again_gives_the_same_game_and_draws() {
    let mut rng = Rng::new(55);
    for rules in rule_sets() {
        let mut devs = devices(2, rules, &mut rng);
        play_out(&mut devs, &mut rng);
        let full = &devs[0];
        let n = full.moves().len();
        for keep in [0, 1, n / 3, n / 2, n - 1] {
            let mut g = full.back_to(keep);
            assert_eq!(g.moves(), &full.moves()[..keep]);
            assert!(g.to_play().is_some(), "the game goes on from there");
            let deck = g.record().deck.unwrap();
            assert!(deck.len() > keep, "the draws up to there are known");
            assert_eq!(deck[..], full.record().deck.unwrap()[..deck.len()]);
            g.accept(&full.link(0, keep, false))
                .unwrap_or_else(|e| panic!("{rules:?} {keep}: {e}"));
            assert_eq!(g.record(), full.record(), "{rules:?} {keep}");
            assert_eq!(outcome(&g), outcome(full), "{rules:?} {keep}");
        }
    }
}
