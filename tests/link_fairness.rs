//! The fair draw: no device knows a tile before the seat it is for has
//! its share in, that share moves the draw, every seat's share counts, a
//! false reveal is refused, and every device draws the same order.

#[path = "common/link.rs"]
mod common;

use carcassonne::engine::rng::Rng;
use carcassonne::engine::{Rules, TileKind};
use carcassonne::link::chain::{self, Chain, LENGTH};
use carcassonne::link::draw::{group_seed, Stack};
use carcassonne::link::LinkGame;
use common::{devices, secret, turn};

#[test]
fn after_a_move_the_next_tile_waits_for_the_next_players_reveal() {
    let mut rng = Rng::new(11);
    for n in [2, 4] {
        let mut devs = devices(n, Rules::default(), &mut rng);
        for _ in 0..10 {
            let (from, to, text) = turn(&mut devs, &mut rng).unwrap();
            // The sender has every link up to its move and its own secret,
            // and still no tile for the next turn: the draw waits for `to`.
            assert_eq!(devs[from].waiting(), Some(to as u8));
            let s = devs[from].state().unwrap();
            assert_eq!(
                s.board().len(),
                devs[from].moves().len(),
                "its move is not played out"
            );
            devs[to].accept(&text).unwrap();
            assert_eq!(devs[to].waiting(), None, "the seat to play knows its tile");
        }
    }
}

/// The first land tile a group with these shares deals in a new game.
fn first_tile(id: &[u8; 8], shares: &[[u8; 16]]) -> TileKind {
    let (stack, mut deck) = Stack::new(&Rules::default());
    stack.shuffle(&mut deck, group_seed(id, 0, shares));
    deck[0]
}

#[test]
fn the_draw_is_a_function_of_every_share_and_each_share_moves_it() {
    let mut rng = Rng::new(12);
    let id = [7; 8];
    let shares: Vec<[u8; 16]> = (0..4).map(|_| secret(&mut rng)).collect();
    let tile = first_tile(&id, &shares);
    assert_eq!(
        first_tile(&id, &shares),
        tile,
        "the same shares, the same draw"
    );
    for seat in 0..4 {
        // Change only this seat's share: the tile spreads over the kinds.
        let mut kinds = Vec::new();
        let mut moved = 0;
        for _ in 0..200 {
            let mut s = shares.clone();
            s[seat] = secret(&mut rng);
            let t = first_tile(&id, &s);
            moved += (t != tile) as u32;
            if !kinds.contains(&t) {
                kinds.push(t);
            }
        }
        assert!(kinds.len() >= 15, "seat {seat}: {} kinds", kinds.len());
        assert!(
            moved >= 150,
            "seat {seat}: the draw moved {moved} times of 200"
        );
    }
    // The game and the group are in the seed too.
    assert_ne!(group_seed(&id, 0, &shares), group_seed(&id, 1, &shares));
    assert_ne!(group_seed(&id, 0, &shares), group_seed(&[8; 8], 0, &shares));
}

#[test]
fn a_reveal_checks_only_against_its_own_chain() {
    let mut rng = Rng::new(13);
    let c = Chain::new(secret(&mut rng));
    let other = Chain::new(secret(&mut rng));
    for k in 1..=LENGTH {
        assert!(chain::checks(&c.reveal(k), k, &c.commitment(), 0));
        assert!(chain::checks(&c.reveal(k), k, &c.reveal(k - 1), k - 1));
        assert!(!chain::checks(&other.reveal(k), k, &c.commitment(), 0));
        assert!(
            !chain::checks(&c.reveal(k), k + 1, &c.commitment(), 0),
            "a reveal under another number"
        );
    }
    assert!(!chain::checks(
        &c.reveal(LENGTH),
        LENGTH + 1,
        &c.commitment(),
        0
    ));
}

#[test]
fn two_devices_that_decode_the_same_links_draw_the_same_order() {
    let mut rng = Rng::new(14);
    let rules = Rules {
        river: true,
        hand: 2,
        hand_open: true,
        unplayable_back: true,
        ..Rules::default()
    };
    let (chains, mut devs) = common::game(3, rules, &mut rng);
    common::play_out(&mut devs, &mut rng);
    let text = devs[2].link(0, 0, true);
    let a = LinkGame::join(&text, common::only(&chains, 0)).unwrap();
    let b = LinkGame::join(&text, common::only(&chains, 0)).unwrap();
    assert_eq!(a.record(), b.record());
    assert_eq!(a.record(), devs[1].record());
    assert!(a.state().unwrap().is_over());
}
