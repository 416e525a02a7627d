//! Each kind of bad link is refused with its reason, and the game on the
//! device that opened it is as it was: the honest link still plays after.

#[path = "common/link.rs"]
mod common;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::Rules;
use carcassonne::link::bits::{from_text, to_text, Writer};
use carcassonne::link::sha256::sha256;
use carcassonne::link::{Chain, Envelope, Header, LinkError, LinkGame};
use common::{devices, random_move, turn};

/// A device's game as a player sees it: moves, draws, the state's scores.
fn seen(g: &LinkGame) -> String {
    format!(
        "{:?} {:?} {:?}",
        g.record(),
        g.waiting(),
        g.state().map(|s| s.score(0))
    )
}

/// Opens `text` on `g`, expecting `want`, and checks nothing changed.
fn refused(g: &mut LinkGame, text: &str, want: LinkError) {
    let before = seen(g);
    assert_eq!(g.accept(text), Err(want), "{}", want.sentence());
    assert_eq!(seen(g), before, "a refused link changes nothing");
}

/// A 3-seat game a few turns in; returns the devices and the next link,
/// not yet opened, with its sender and receiver.
fn under_way(seed: u64, turns: usize) -> (Vec<LinkGame>, usize, usize, String, Rng) {
    let mut rng = Rng::new(seed);
    let mut devs = devices(3, Rules::default(), &mut rng);
    for _ in 0..turns {
        let (_, to, text) = turn(&mut devs, &mut rng).unwrap();
        devs[to].accept(&text).unwrap();
    }
    let (from, to, text) = turn(&mut devs, &mut rng).unwrap();
    (devs, from, to, text, rng)
}

/// Link bytes `good` without their check, one to three bytes changed and
/// one time in four cut short; with `reframe`, a check made anew, so that
/// the reader goes past it and deep into the fields.
fn damaged(good: &[u8], rng: &mut Rng, reframe: bool) -> Vec<u8> {
    let mut b = good[..good.len() - 4].to_vec();
    for _ in 0..1 + rng.below(3) {
        let i = rng.below(b.len() as u32) as usize;
        b[i] = rng.next_u64() as u8;
    }
    if rng.below(4) == 0 {
        b.truncate(rng.below(b.len() as u32) as usize);
    }
    if reframe && !b.is_empty() {
        let check = sha256(&b);
        b.extend_from_slice(&check[..4]);
    }
    b
}

/// The envelope's text with its moves written from `codes`.
fn with_codes(mut e: Envelope, codes: &[[(u32, u32); 2]]) -> String {
    let mut w = Writer::default();
    for c in codes {
        for (i, n) in c {
            w.bits_below(*i, *n);
        }
    }
    e.moves = w.bytes;
    e.encode()
}

#[test]
fn a_move_that_is_not_legal_is_refused() {
    // Find a link whose first new move had a count of choices that its bits
    // can overshoot, and send the index just past the last choice.
    for seed in 0..40 {
        let (mut devs, from, to, text, _) = under_way(seed, 4);
        let e = Envelope::decode(&text).unwrap();
        let mut codes = devs[from].codes()[e.first..].to_vec();
        let first_new = devs[to].moves().len() - e.first;
        for f in 0..2 {
            let (_, n) = codes[first_new][f];
            if n.is_power_of_two() {
                continue;
            }
            codes[first_new][f].0 = n;
            let bad = with_codes(e.clone(), &codes);
            let number = e.first + first_new + 1;
            refused(&mut devs[to], &bad, LinkError::IllegalMove { number });
            devs[to].accept(&text).expect("the honest link still plays");
            return;
        }
    }
    panic!("no move with a count of choices that is not a power of two");
}

#[test]
fn a_reveal_that_does_not_match_its_commitment_is_refused() {
    let (mut devs, from, to, text, _) = under_way(1, 3);
    let e = Envelope::decode(&text).unwrap();
    let i = e.reveals.iter().position(|r| r.0 as usize == from).unwrap();
    let mut bad = e.clone();
    bad.reveals[i].2[5] ^= 1;
    refused(
        &mut devs[to],
        &bad.encode(),
        LinkError::BadReveal { seat: from as u8 },
    );
    // A true value under a later number is as false.
    let mut bad = e.clone();
    bad.reveals[i].1 += 1;
    refused(
        &mut devs[to],
        &bad.encode(),
        LinkError::BadReveal { seat: from as u8 },
    );
    // A link without the mover's reveal cannot have its moves checked.
    let mut bad = e.clone();
    bad.reveals.remove(i);
    let r = devs[to].accept(&bad.encode());
    assert!(matches!(r, Err(LinkError::MissingReveal { .. })), "{r:?}");
    devs[to].accept(&text).expect("the honest link still plays");
}

#[test]
fn a_link_from_another_game_or_for_another_seat_is_refused() {
    let (mut devs, _, to, text, _) = under_way(2, 2);
    let (_, _, _, other, _) = under_way(3, 2);
    refused(&mut devs[to], &other, LinkError::OtherGame);
    let elsewhere = (to + 1) % 3;
    let mut e = Envelope::decode(&text).unwrap();
    e.to = elsewhere as u8;
    refused(
        &mut devs[to],
        &e.encode(),
        LinkError::OtherSeat {
            seat: elsewhere as u8,
        },
    );
    devs[to].accept(&text).expect("the honest link still plays");
}

#[test]
fn a_link_that_forks_the_game_is_refused() {
    let (mut devs, from, to, text, mut rng) = under_way(4, 3);
    devs[to].accept(&text).unwrap();
    // The same game again, up to the sender's move, which it makes otherwise.
    let mut rng2 = Rng::new(4);
    let mut fresh = devices(3, Rules::default(), &mut rng2);
    for _ in 0..3 {
        let (_, t, x) = turn(&mut fresh, &mut rng2).unwrap();
        fresh[t].accept(&x).unwrap();
    }
    let mover = (0..3)
        .find(|&d| fresh[d].waiting().is_none() && fresh[d].to_play() == Some(d as u8))
        .unwrap();
    assert_eq!(mover, from);
    let played = devs[from].moves()[fresh[from].moves().len()];
    let other = loop {
        let m = random_move(&fresh[from], &mut rng);
        if m != played {
            break m;
        }
    };
    fresh[from].play(other).unwrap();
    let forked = fresh[from].turn_link(to as u8);
    let number = fresh[from].moves().len();
    refused(&mut devs[to], &forked, LinkError::Fork { number });
}

#[test]
fn an_old_link_is_refused_as_old_and_a_missing_one_is_named() {
    let mut rng = Rng::new(5);
    let mut devs = devices(3, Rules::default(), &mut rng);
    let (_, to, first) = turn(&mut devs, &mut rng).unwrap();
    devs[to].accept(&first).unwrap();
    refused(&mut devs[to], &first, LinkError::Old);
    let (_, to2, second) = turn(&mut devs, &mut rng).unwrap();
    devs[to2].accept(&second).unwrap();
    let (from3, to3, _) = turn(&mut devs, &mut rng).unwrap();
    // The third seat gets a link that starts past what it has seen.
    let have = devs[to3].moves().len();
    let late = devs[from3].link(to3 as u8, have + 1, false);
    refused(&mut devs[to3], &late, LinkError::Gap { have });
    // After the game moves on, the first link is old everywhere.
    refused(&mut devs[to], &first, LinkError::Old);
}

#[test]
fn a_link_of_another_version_is_refused_as_such() {
    let (mut devs, _, to, text, _) = under_way(6, 1);
    let mut bytes = from_text(text.as_bytes()).unwrap();
    bytes[0] = 2;
    let n = bytes.len() - 4;
    let check = sha256(&bytes[..n]);
    bytes[n..].copy_from_slice(&check[..4]);
    refused(
        &mut devs[to],
        &to_text(&bytes),
        LinkError::Version { found: 2 },
    );
}

#[test]
fn a_cut_or_damaged_link_is_refused_and_nothing_panics() {
    let (mut devs, _, to, text, mut rng) = under_way(7, 5);
    for n in 0..text.len() {
        refused(&mut devs[to], &text[..n], LinkError::Truncated);
    }
    let alphabet: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
        .chars()
        .collect();
    for i in 0..text.len() {
        let mut t: Vec<char> = text.chars().collect();
        let c = alphabet[rng.below(64) as usize];
        if t[i] == c {
            continue;
        }
        t[i] = c;
        let before = seen(&devs[to]);
        let r = devs[to].accept(&t.into_iter().collect::<String>());
        assert!(
            matches!(r, Err(LinkError::Garbled | LinkError::Truncated)),
            "character {i}: {r:?}"
        );
        assert_eq!(seen(&devs[to]), before);
    }
    refused(&mut devs[to], "not a link at all!", LinkError::Garbled);
    refused(&mut devs[to], "ÿÿÿÿé", LinkError::Garbled);
    devs[to].accept(&text).expect("the honest link still plays");
}

#[test]
fn random_bytes_well_framed_or_not_never_panic() {
    let (devs, _, to, text, mut rng) = under_way(8, 2);
    let good = from_text(text.as_bytes()).unwrap();
    for round in 0..20_000 {
        // Random bytes; or the real link with bytes changed, framed anew so
        // that the check passes and the reader goes deep.
        let body: Vec<u8> = if round % 2 == 0 {
            (0..rng.below(200)).map(|_| rng.next_u64() as u8).collect()
        } else {
            damaged(&good, &mut rng, round % 4 == 1)
        };
        let t = to_text(&body);
        let mut g = devs[to].clone();
        let _ = g.accept(&t);
        let _ = Envelope::decode(&t);
        let _ = LinkGame::join(&t, vec![None, None, None]);
    }
}

#[test]
fn hidden_hands_cannot_be_played_by_link() {
    let mut rng = Rng::new(9);
    let chains: Vec<Chain> = (0..2)
        .map(|_| Chain::new(common::secret(&mut rng)))
        .collect();
    let header = Header {
        rules: Rules {
            hand: 2,
            hand_open: false,
            ..Rules::default()
        },
        names: vec!["Ann".into(), "Bob".into()],
        commitments: chains.iter().map(Chain::commitment).collect(),
    };
    let r = LinkGame::new(header, vec![Some(chains[0].clone()), None]);
    assert_eq!(r.err(), Some(LinkError::Setup));
}

#[test]
fn an_undo_link_cut_damaged_or_reframed_is_refused_and_nothing_panics() {
    use carcassonne::link::round::{open, Opened};
    use carcassonne::link::Ask;
    let mut rng = Rng::new(38);
    let text = Ask {
        game: [9; 8],
        to: 1,
        by: 0,
        allowed: true,
        keep: 130,
        moves: 131,
    }
    .encode();
    assert!(matches!(open(&text), Ok(Opened::Undo(_))));
    for n in 0..text.len() {
        assert!(
            matches!(open(&text[..n]), Err(LinkError::Truncated)),
            "cut at {n}"
        );
    }
    let good = from_text(text.as_bytes()).unwrap();
    for round in 0..20_000 {
        // Its fields changed, half of them framed anew so the check passes.
        let t = to_text(&damaged(&good, &mut rng, round % 2 == 1));
        if let Ok(Opened::Undo(a)) = open(&t) {
            assert!(a.keep < a.moves, "{a:?}");
        }
    }
}
