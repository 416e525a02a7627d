//! The setup round between devices (docs/link-play.md §6): invites out,
//! replies back, the game starts on the host and each invited device
//! joins from the first link it gets, even one that carries no move.

#[path = "common/link.rs"]
mod common;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::Rules;
use carcassonne::link::round::{self, Opened};
use carcassonne::link::{Chain, Header, LinkError, LinkGame};
use common::{play_out, secret};

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("P{}", i + 1)).collect()
}

#[test]
fn invites_and_replies_make_the_setup_and_every_device_plays_the_same_game() {
    let mut rng = Rng::new(5);
    // Seat 0 on the host; seats 1 and 2 on two other devices. Seat 1 begins.
    let chains: Vec<Chain> = (0..3).map(|_| Chain::new(secret(&mut rng))).collect();
    let asked = Header {
        rules: Rules::default(),
        names: names(3),
        commitments: vec![chains[0].commitment(), [0; 16], [0; 16]],
    };
    let mut header = asked.clone();
    for seat in [2u8, 1] {
        let Ok(Opened::Invite(inv)) = round::open(&round::invite(&asked, seat)) else {
            panic!("an invite");
        };
        assert_eq!(inv.to, seat);
        let reply = round::reply(&inv, &chains[seat as usize]).unwrap();
        let Ok(Opened::Reply {
            invite,
            seat: s,
            header: h,
        }) = round::open(&reply)
        else {
            panic!("a reply");
        };
        round::take_reply(&asked, &mut header, invite, s, &h).unwrap();
        // The same reply again: nothing new.
        assert_eq!(
            round::take_reply(&asked, &mut header, invite, s, &h),
            Err(LinkError::Old)
        );
    }
    assert!(header.complete());
    // A reply for another setup is refused.
    let other = Header {
        names: names(2),
        commitments: vec![chains[0].commitment(), [0; 16]],
        ..asked.clone()
    };
    let Ok(Opened::Invite(inv)) = round::open(&round::invite(&other, 1)) else {
        panic!()
    };
    let Ok(Opened::Reply {
        invite,
        seat,
        header: h,
    }) = round::open(&round::reply(&inv, &chains[1]).unwrap())
    else {
        panic!()
    };
    let mut copy = header.clone();
    assert_eq!(
        round::take_reply(&asked, &mut copy, invite, seat, &h),
        Err(LinkError::OtherGame)
    );
    // The host starts; its first link for the seat that begins carries the
    // setup and no move, and that device joins from it.
    let only = |d: usize| -> Vec<Option<Chain>> {
        (0..3)
            .map(|p| (p == d).then(|| chains[p].clone()))
            .collect()
    };
    let host = LinkGame::new(header.clone(), only(0)).unwrap();
    let first = host.to_play().unwrap() as usize;
    let mut devs = vec![host];
    for d in 1..3 {
        devs.push(LinkGame::new(header.clone(), only(d)).unwrap());
    }
    if first != 0 {
        let join = devs[0].link(first as u8, 0, true);
        assert!(matches!(round::open(&join), Ok(Opened::Game(_))));
        devs[first] = LinkGame::join(&join, only(first)).expect("joins with no move");
        assert!(devs[first].state().is_some(), "its first tile is known");
    }
    play_out(&mut devs, &mut rng);
    let end = devs[0].replay().unwrap().result();
    for d in &devs {
        assert!(d.state().unwrap().is_over());
        assert_eq!(d.replay().unwrap().result(), end);
    }
}

#[test]
fn a_join_link_with_nothing_but_the_setup_joins_and_a_turn_link_does_not() {
    let mut rng = Rng::new(9);
    let (chains, devs) = common::game(2, Rules::default(), &mut rng);
    let to = devs[0].to_play().unwrap();
    let from = 1 - to as usize;
    let mine = common::only(&chains, to as usize);
    let join = devs[from].link(to, 0, true);
    assert!(LinkGame::join(&join, mine.clone()).is_ok());
    let turn = devs[from].link(to, 0, false);
    assert_eq!(
        LinkGame::join(&turn, mine).err(),
        Some(LinkError::UnknownGame)
    );
}
