//! Board-reading aids checked against brute force: the engine's answer to
//! "which open positions can no tile still to come fill" equals trying
//! every such tile in every rotation at every open position with the
//! engine's own legality check, at every turn of random games.

use carcassonne::engine::random::{pick_follower, pick_placement, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Category, CityPay, Game, HalfEdge, Location, Players, Pos, Record, Rules, Side, State, Step,
    TileKind,
};
use carcassonne::shell::words::feature_words;
use std::collections::BTreeSet;

/// Every tile still to come (the stack, and the tile in hand or every
/// hand, whoever holds it) tried at every open position in every rotation,
/// with the engine's own legality check.
fn brute_force(s: &State) -> BTreeSet<(i32, i32)> {
    let mut kinds: Vec<TileKind> = s.to_come();
    if !s.hands_dealt() && s.step() == Step::PlaceTile {
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

/// The rulebook's city of scenario 08 (final scoring of an incomplete city:
/// 8 points to the majority), one tile before the end, so still in play:
/// J(-1,0), D(1,0), R(0,-1) turned, M(-1,-1), Q(1,-1) around the start tile.
fn rulebook_city() -> Game {
    let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],
      "deck":["J","D","R","M","Q","E"],
      "moves":[{"at":[-1,0],"rotation":0,"follower":"N"},
               {"at":[1,0],"rotation":0,"follower":"N"},
               {"at":[0,-1],"rotation":2,"follower":"S"},
               {"at":[-1,-1],"rotation":1},
               {"at":[1,-1],"rotation":3}]}"#;
    Game::from_record(&Record::from_json(text).unwrap()).unwrap()
}

#[test]
fn the_card_of_a_city_says_who_holds_it_its_worth_and_what_it_needs() {
    let g = rulebook_city();
    let s = g.state();
    // Asked from any of its tiles, the city is the same: 6 tiles, 2 pennants,
    // Ann's 2 knights against Bob's 1, open only towards (1,-2).
    for (at, loc) in [
        (Pos::new(0, -1), Location::Side(Side::S)),
        (Pos::new(0, 0), Location::Side(Side::N)),
        (Pos::new(-1, -1), Location::Side(Side::E)),
    ] {
        let city = s.feature_report(at, loc).unwrap();
        assert_eq!(city.category, Category::City);
        assert_eq!((city.tiles, city.pennants), (6, 2));
        assert_eq!(city.pieces, [2, 1, 0, 0, 0, 0]);
        assert_eq!(city.owners, Players(1), "Ann alone");
        // The rulebook's 8 at the end (1 a tile, 1 a pennant); 2 each finished.
        assert_eq!((city.now, city.finished), (8, 16));
        assert_eq!((city.open, city.complete), (1, false));
    }
    // The start tile's road: J, D and R, nobody on it, open at both ends.
    let road = s
        .feature_report(Pos::new(0, 0), Location::Side(Side::E))
        .unwrap();
    assert_eq!(road.category, Category::Road);
    assert_eq!(
        (road.tiles, road.open, road.now, road.finished),
        (3, 2, 3, 3)
    );
    assert!(road.owners.is_empty());
    // Below the road, a field of three tiles that feeds no finished city.
    let field = s
        .feature_report(Pos::new(0, 0), Location::Half(HalfEdge::new(4)))
        .unwrap();
    assert_eq!(
        (field.category, field.tiles, field.cities, field.now),
        (Category::Field, 3, 0, 0)
    );
    // Every feature of the start tile once: road, city and two fields.
    assert_eq!(s.features_on(Pos::new(0, 0)).len(), 4);
    // Nothing to tell of an empty cell.
    assert_eq!(s.feature_report(Pos::new(5, 5), Location::Center), None);
    assert!(s.features_on(Pos::new(5, 5)).is_empty());
}

#[test]
fn the_card_of_a_monastery_counts_the_cells_around_it() {
    // B (a monastery in a field) south of the start tile, with Ann's monk.
    let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],
      "deck":["B","E"],
      "moves":[{"at":[0,1],"rotation":0,"follower":"C"}]}"#;
    let g = Game::from_record(&Record::from_json(text).unwrap()).unwrap();
    let s = g.state();
    let m = s.feature_report(Pos::new(0, 1), Location::Center).unwrap();
    assert_eq!(m.category, Category::Monastery);
    assert_eq!(m.pieces, [1, 0, 0, 0, 0, 0]);
    assert_eq!(m.owners, Players(1));
    // Itself and the start tile: 2 now, 9 once the 7 empty cells are filled.
    assert_eq!((m.now, m.finished, m.open), (2, 9, 7));
    assert_eq!(
        s.features_on(Pos::new(0, 1)).last(),
        Some(&Location::Center)
    );
}

/// A board laid by hand for first-edition farms (rules §5): one finished
/// city of three tiles (the start tile's, N turned at (0,-1), E at (-1,-1))
/// between three fields. Bob's farmer is on the start tile's field north of
/// the road, reached through U at (1,0); Ann's on N's field, and with
/// `both`, a second one on E's field.
fn first_edition_farms(both: bool, scoring: &str) -> Game {
    let farmer = if both { r#","follower":"NW""# } else { "" };
    let text = format!(
        r#"{{"format":"carcassonne-record/1","players":["Ann","Bob"],
          "rules":{{"farm_scoring":"{scoring}"}}, "deck":["N","U","E","V"],
          "moves":[{{"at":[0,-1],"rotation":2,"follower":"NE"}},
                   {{"at":[1,0],"rotation":1,"follower":"NE"}},
                   {{"at":[-1,-1],"rotation":1{farmer}}}]}}"#
    );
    Game::from_record(&Record::from_json(&text).unwrap()).unwrap()
}

/// Each seat's field points if the game ended now (the final scoring's).
fn field_points(s: &State) -> [u16; 2] {
    let p = s.potential_scores();
    [p[0].get(Category::Field), p[1].get(Category::Field)]
}

#[test]
fn first_edition_farms_the_card_says_who_each_city_pays_not_the_fields_majority() {
    let bobs_field = (Pos::new(1, 0), Location::Half(HalfEdge::new(1)));
    let names = ["Ann".to_string(), "Bob".to_string()];
    // One farmer each beside the city: a tie, though Bob alone holds his field.
    let g = first_edition_farms(false, "first");
    let s = g.state();
    let r = s.feature_report(bobs_field.0, bobs_field.1).unwrap();
    assert_eq!((r.category, r.tiles, r.cities), (Category::Field, 2, 1));
    assert_eq!((r.pieces, r.owners), ([0, 1, 0, 0, 0, 0], Players(0b10)));
    assert_eq!(
        r.paid,
        [CityPay {
            way: (-1, 0),
            sides: 0b0001,
            payees: Players(0b11),
            points: 4
        }]
    );
    assert_eq!(
        feature_words(&r, &names),
        "Field of 2 tiles beside 1 finished city. Farmers here: Bob 1. At the end as it \
         stands, each city pays the most farmers in all the fields beside it: the city to \
         the west pays Ann and Bob 4 each."
    );
    assert_eq!(field_points(s), [4, 4], "the tie pays both, once");
    // The overlay marks the city once, in both colours.
    let marks: Vec<Players> = s
        .held_fields()
        .iter()
        .flat_map(|h| h.cities.iter().map(|c| c.2))
        .collect();
    assert_eq!(marks, [Players(0b11)]);

    // Ann's second farmer, in a third field beside the city: the city now
    // pays Ann alone, though Bob still holds the field the card is about.
    let g = first_edition_farms(true, "first");
    let s = g.state();
    let r = s.feature_report(bobs_field.0, bobs_field.1).unwrap();
    assert_eq!(r.owners, Players(0b10), "Bob's field");
    assert_eq!(r.paid[0].payees, Players(0b01), "Ann's city");
    assert!(feature_words(&r, &names).ends_with("the city to the west pays Ann 4."));
    assert_eq!(field_points(s), [4, 0]);
    let anns = s
        .feature_report(Pos::new(-1, -1), Location::Half(HalfEdge::new(0)))
        .unwrap();
    assert_eq!((anns.tiles, anns.pieces[0]), (1, 1));
    assert_eq!(
        feature_words(&anns, &names),
        "Field of 1 tile beside 1 finished city. Farmers here: Ann 1. At the end as it \
         stands, each city pays the most farmers in all the fields beside it: the city on \
         this tile pays Ann 4."
    );
    let marks: Vec<Players> = s
        .held_fields()
        .iter()
        .flat_map(|h| h.cities.iter().map(|c| c.2))
        .collect();
    assert_eq!(marks, [Players(0b01)]);

    // The current rules on the same board: each field pays its own holder.
    let g = first_edition_farms(true, "third");
    let s = g.state();
    let r = s.feature_report(bobs_field.0, bobs_field.1).unwrap();
    assert!(r.paid.is_empty());
    assert_eq!(
        feature_words(&r, &names),
        "Field of 2 tiles beside 1 finished city. Bob holds it with 1 farmer. \
         Worth 3 at the end of the game as it stands."
    );
    assert_eq!(field_points(s), [6, 3]);
    let marks: Vec<Players> = s
        .held_fields()
        .iter()
        .flat_map(|h| h.cities.iter().map(|c| c.2))
        .collect();
    assert_eq!(marks, [Players(0b01), Players(0b10), Players(0b01)]);
}

#[test]
fn a_garden_is_a_feature_only_with_the_abbot() {
    // Vg (a garden in its big field) south of the start tile, in the
    // default game (abbot off) and with the abbot.
    let game = |rules: &str| {
        let text = format!(
            r#"{{"format":"carcassonne-record/1","players":["Ann","Bob"],{rules}
              "deck":["Vg","E"], "moves":[{{"at":[0,1],"rotation":0}}]}}"#
        );
        Game::from_record(&Record::from_json(&text).unwrap()).unwrap()
    };
    let at = Pos::new(0, 1);
    let g = game("");
    let s = g.state();
    assert_eq!(s.feature_report(at, Location::Center), None);
    assert!(!s.features_on(at).contains(&Location::Center));
    // Its field and road still have their cards.
    assert_eq!(s.features_on(at).len(), 3);
    let g = game(r#""rules":{"abbot":true},"#);
    let s = g.state();
    let garden = s.feature_report(at, Location::Center).unwrap();
    assert_eq!((garden.category, garden.now), (Category::Garden, 2));
    assert_eq!(s.features_on(at).last(), Some(&Location::Center));
}

// Spots no tile can fill with the house rules (rules §12).

#[test]
fn spots_no_tile_can_fill_match_brute_force_with_hands_and_the_table_edge() {
    let mut checked = 0;
    for seed in 0..40u64 {
        let river = seed % 4 == 1;
        let rules = Rules::default()
            .with_hand(1 + (seed % 3) as u8)
            .with_hand_open(seed % 2 == 0)
            .with_hole_bonus(seed % 3 == 0)
            .with_unplayable_back(seed % 5 < 2)
            .with_river(river)
            .with_start_in_bag(!river && seed % 4 == 3)
            .with_table(Some([(5, 5), (7, 5), (9, 9), (11, 7)][(seed % 4) as usize]))
            .with_table_closes(seed % 2 == 1);
        let names = (0..2 + seed as usize % 3).map(|i| i.to_string()).collect();
        let mut g = Game::new(names, rules, seed).unwrap();
        let mut rng = Rng::new(seed);
        let mut scratch = Scratch::default();
        let mut events = Vec::new();
        loop {
            let s = g.state();
            if s.step() != Step::GameOver {
                let found: BTreeSet<(i32, i32)> =
                    s.unfillable().into_iter().map(|p| (p.x, p.y)).collect();
                assert_eq!(
                    found,
                    brute_force(s),
                    "seed {seed}, move {}, rules {rules:?}",
                    g.moves().len()
                );
                checked += 1;
            }
            match s.step() {
                Step::PlaceTile => {
                    let (k, at, r) = pick_tile_placement(s, &mut rng, &mut scratch).unwrap();
                    let named = s.hands_dealt().then_some(k);
                    g.place_tile_with(at, r, named, &mut events).unwrap();
                }
                Step::PlaceFollower => {
                    let c = pick_follower(s, &mut rng, &mut scratch);
                    g.choose_follower(c, &mut events).unwrap();
                }
                Step::GameOver => break,
            }
        }
    }
    assert!(checked > 500);
}
