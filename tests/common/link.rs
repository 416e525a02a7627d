//! Games played by link between simulated devices, one a seat, for the
//! link tests: each device holds only its own secret and learns the game
//! from the links the others send it.

#![allow(dead_code)]

use carcassonne::engine::random::{pick_follower, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Move, Rules};
use carcassonne::link::{Chain, Header, LinkGame};

/// A secret from the test's generator (the page takes one from the browser's).
pub fn secret(rng: &mut Rng) -> [u8; 16] {
    let mut s = [0; 16];
    for b in s.iter_mut() {
        *b = rng.next_u64() as u8;
    }
    s
}

/// A new game of `n` seats under `rules`, one device a seat.
pub fn devices(n: usize, rules: Rules, rng: &mut Rng) -> Vec<LinkGame> {
    game(n, rules, rng).1
}

/// The seats' chains and their devices.
pub fn game(n: usize, rules: Rules, rng: &mut Rng) -> (Vec<Chain>, Vec<LinkGame>) {
    let chains: Vec<Chain> = (0..n).map(|_| Chain::new(secret(rng))).collect();
    let header = Header {
        rules,
        names: (0..n).map(|i| format!("Player {}", i + 1)).collect(),
        commitments: chains.iter().map(Chain::commitment).collect(),
    };
    let devs = (0..n)
        .map(|d| LinkGame::new(header.clone(), only(&chains, d)).expect("a sound setup"))
        .collect();
    (chains, devs)
}

/// The chains a device of seat `d` holds: its own.
pub fn only(chains: &[Chain], d: usize) -> Vec<Option<Chain>> {
    (0..chains.len())
        .map(|p| (p == d).then(|| chains[p].clone()))
        .collect()
}

/// A random legal move for the seat to play on `g`, whose tile is known there.
pub fn random_move(g: &LinkGame, rng: &mut Rng) -> Move {
    let s = g.state().expect("the tile is known");
    let mut scratch = Scratch::default();
    let (kind, at, rotation) = pick_tile_placement(s, rng, &mut scratch).expect("a tile fits");
    let tile = s.hands_dealt().then_some(kind);
    let mut laid = *s;
    laid.place_tile_with(at, rotation, tile, &mut Vec::new())
        .expect("a legal placement");
    let choice = pick_follower(&laid, rng, &mut scratch);
    Move {
        at,
        rotation,
        choice,
        tile,
    }
}

/// Every link sent in a game, in order: (from seat, to seat, text).
pub type Sent = Vec<(u8, u8, String)>;

/// Plays a whole game by link: the seat to play moves on its own device
/// (again while it plays again), then sends the next seat the turn link,
/// which that device opens. Returns the links sent.
pub fn play_out(devs: &mut [LinkGame], rng: &mut Rng) -> Sent {
    let mut sent = Sent::new();
    let mut at = devs[0].to_play().expect("a seat plays first") as usize;
    while let Some(seat) = devs[at].to_play() {
        let seat = seat as usize;
        if seat != at {
            let text = devs[at].turn_link(seat as u8);
            devs[seat].accept(&text).expect("an honest link is taken");
            // The seat foretold (before its draw was known) is the one that plays.
            let s = devs[seat].state().expect("its tile is known");
            assert_eq!(s.current_player() as usize, seat);
            sent.push((at as u8, seat as u8, text));
            at = seat;
            continue;
        }
        let m = random_move(&devs[at], rng);
        devs[at].play(m).expect("a legal move is played");
    }
    // The last mover tells everyone the end.
    for d in 0..devs.len() {
        if d != at {
            let text = devs[at].turn_link(d as u8);
            devs[d].accept(&text).expect("the last link is taken");
            sent.push((at as u8, d as u8, text));
        }
    }
    sent
}

/// Plays the turn of the seat to play on its device (with any turns it
/// plays again) and returns the link it sends and to whom, unopened.
pub fn turn(devs: &mut [LinkGame], rng: &mut Rng) -> Option<(usize, usize, String)> {
    let at = (0..devs.len()).find(|&d| {
        devs[d].state().is_some() && devs[d].to_play() == Some(d as u8) && {
            let s = devs[d].state().unwrap();
            s.current_player() as usize == d && devs[d].waiting().is_none()
        }
    })?;
    loop {
        let m = random_move(&devs[at], rng);
        devs[at].play(m).expect("a legal move");
        let next = devs[at].to_play()? as usize;
        if next != at {
            return Some((at, next, devs[at].turn_link(next as u8)));
        }
    }
}
