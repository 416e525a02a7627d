//! Issue 12: the potential score (what each player would have if the game
//! ended now) checked against an independent computation from the rules
//! (rules §3, §4, §7; tests/common): its own flood fill over the tile
//! catalogue, its own majorities and farm scoring, none of the engine's
//! feature tracking or final scoring. At every turn of hundreds of random
//! games with mixed rule options. The house rules: tests/potential_house.rs.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use carcassonne::engine::random::{pick_follower, pick_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::tile::SegmentKind;
use carcassonne::engine::{
    deck, Category, Edition, FarmScoring, Game, HalfEdge, Location, Pos, Rules, Side,
};
use common::{around, city_payees, features, majority, potential_by_hand};
use std::collections::HashMap;

fn rules_for(i: u64) -> Rules {
    Rules::default()
        .with_edition(if i % 2 == 0 { Edition::C3 } else { Edition::C1 })
        .with_farmers(i % 3 != 0)
        .with_tiny_city(i % 5 == 0)
        .with_farm_scoring(if i % 3 == 1 {
            FarmScoring::First
        } else {
            FarmScoring::Third
        })
        .with_river(i % 4 == 1 || i % 4 == 2)
        .with_abbot(i % 4 >= 2)
}

#[test]
fn potential_scores_match_an_independent_count_at_every_turn() {
    let mut rng = Rng::new(5);
    let mut scratch = Scratch::default();
    let (mut turns, mut with_fields, mut above_banked, mut cut_short) = (0, 0, 0, 0);
    for g in 0..400u64 {
        let players = 2 + (g % 5) as usize;
        let names = (0..players).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules_for(g), g).unwrap();
        loop {
            let s = game.state();
            let want = potential_by_hand(s);
            let got = s.potential_scores();
            for p in 0..players {
                let got_p = [
                    Category::Road,
                    Category::City,
                    Category::Monastery,
                    Category::Garden,
                    Category::Field,
                ]
                .map(|c| got[p].get(c));
                assert_eq!(
                    got_p,
                    want[p],
                    "game {g}, {} moves, seat {p}",
                    game.moves().len()
                );
                above_banked += (got[p].total() > s.score(p as u8).total()) as u32;
                with_fields += (want[p][Category::Field as usize]
                    > s.score(p as u8).get(Category::Field)) as u32;
            }
            // The same game with a deck that stops after the tiles drawn so
            // far ends the ordinary way, and pays what the count says.
            if g % 8 == 0 && !s.is_over() {
                let full = deck::shuffled(&s.rules(), g);
                let drawn = full.len() - s.remaining().len() - 1;
                let mut short = game.record();
                short.seed = None;
                short.deck = Some(full[..drawn].iter().map(|k| k.name().to_string()).collect());
                let cut = Game::from_record(&short).unwrap();
                assert!(cut.state().is_over(), "game {g}: the short deck ends it");
                for (p, want_p) in want.iter().enumerate().take(players) {
                    let score = cut.state().score(p as u8);
                    let got = [
                        Category::Road,
                        Category::City,
                        Category::Monastery,
                        Category::Garden,
                        Category::Field,
                    ]
                    .map(|c| score.get(c));
                    assert_eq!(got, *want_p, "game {g} cut short, seat {p}");
                }
                cut_short += 1;
            }
            turns += 1;
            if s.is_over() {
                break;
            }
            let (at, r) = pick_placement(s, &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            let choice = pick_follower(game.state(), &mut rng, &mut scratch);
            game.choose_follower(choice, &mut scratch.events).unwrap();
            scratch.events.clear();
        }
    }
    // The comparison had something to compare: pieces out worth points, farms included.
    assert!(turns > 20_000 && cut_short > 2_000, "{turns} {cut_short}");
    assert!(
        above_banked > 10_000 && with_fields > 1_000,
        "{above_banked} {with_fields}"
    );
}

/// Issue 18 part 3: what the long-press card says of each feature (its
/// tiles, pennants, open sides, pieces, owners, worth now and finished)
/// equals the flood fill above, for every feature of every tile, every few
/// turns of random games; and so does the Fields overlay's list of the
/// fields with farmers (their segments, holders, ties and fed cities).
#[test]
fn feature_reports_match_the_flood_fill() {
    let mut rng = Rng::new(18);
    let mut scratch = Scratch::default();
    let (mut checked, mut owned, mut fields_paid, mut tied) = (0u32, 0u32, 0u32, 0u32);
    let (mut by_city, mut own_differs) = (0u32, 0u32);
    for g in 0..60u64 {
        // Every third game on a small table, mostly with a closing border
        // (rules §12): what the card says counts the border too.
        let table = (g % 3 == 1).then_some((5 + 2 * (g % 4) as u8, 7));
        let rules = rules_for(g)
            .with_score_incomplete(g % 7 != 3)
            .with_table(table)
            .with_table_closes(table.is_some() && g % 4 != 3);
        let names = (0..2 + (g % 4) as usize).map(|i| format!("P{i}")).collect();
        let mut game = Game::new(names, rules, g).unwrap();
        loop {
            let s = game.state();
            if game.moves().len() % 4 == 0 {
                let board = s.board();
                let (features, of) = features(s);
                let mut on: HashMap<usize, [u8; 6]> = HashMap::new();
                for piece in s.pieces().filter(|p| p.location != Location::Center) {
                    let t = board.index_at(piece.at).unwrap();
                    let placed = board.tile(t);
                    let seg = match piece.location.unrotate(placed.rotation) {
                        Location::Side(side) => placed.kind.def().segment_at_side(side, 0),
                        Location::Half(h) => placed.kind.def().segment_at_half(h, 0),
                        Location::Center => None,
                    }
                    .unwrap();
                    on.entry(of[&(t, seg)]).or_default()[piece.player as usize] += 1;
                }
                // The Fields overlay's list: each field with farmers once,
                // its segments, its majority and one segment a fed city.
                let held = s.held_fields();
                let first = s.rules().farm_scoring == FarmScoring::First && s.rules().farmers;
                let paying = city_payees(s, &features, &of, &on);
                let mut marks: Vec<usize> = Vec::new();
                let farmed: Vec<usize> = on
                    .keys()
                    .copied()
                    .filter(|&id| features[id].kind == Some(SegmentKind::Field))
                    .collect();
                assert_eq!(held.len(), farmed.len(), "game {g}");
                for h in &held {
                    let id = of[&h.segments[0]];
                    let f = &features[id];
                    let mut want = f.members.clone();
                    let mut got = h.segments.clone();
                    want.sort();
                    got.sort();
                    assert_eq!(got, want, "game {g}: a held field's segments");
                    let counts = on[&id].map(u16::from);
                    let owners: Vec<usize> = h.owners.iter().map(usize::from).collect();
                    assert_eq!(owners, majority(&counts), "game {g}");
                    tied += (owners.len() > 1) as u32;
                    let mut cities: Vec<usize> = h.cities.iter().map(|c| of[&(c.0, c.1)]).collect();
                    cities.sort();
                    cities.dedup();
                    assert_eq!(cities.len(), h.cities.len(), "one mark a city");
                    for &(t, seg, payees) in &h.cities {
                        let payees: Vec<usize> = payees.iter().map(usize::from).collect();
                        let want = if first {
                            // The city's own majority, over all its fields.
                            paying[&of[&(t, seg)]].clone()
                        } else {
                            owners.clone()
                        };
                        assert_eq!(payees, want, "game {g}: who a marked city pays");
                        marks.push(of[&(t, seg)]);
                    }
                    for c in &cities {
                        assert_eq!(features[*c].kind, Some(SegmentKind::City));
                        assert_eq!(features[*c].open, 0, "a finished city");
                        assert!(f.members.iter().any(|&(t, seg)| {
                            let bits = board.tile(t).kind.def().segments[seg as usize].cities;
                            (0..8u8).any(|b| bits & (1 << b) != 0 && of[&(t, b)] == *c)
                        }));
                    }
                    if first {
                        continue;
                    }
                    assert_eq!(
                        cities.len() as u8,
                        s.feature_report(board.tile(h.segments[0].0).pos, {
                            let (t, seg) = h.segments[0];
                            let p = board.tile(t);
                            let half = p.kind.def().segments[seg as usize].halves.trailing_zeros();
                            Location::Half(HalfEdge::new(half as u8).rotate(p.rotation))
                        })
                        .unwrap()
                        .cities
                    );
                }
                if first {
                    // A city pays once: one mark, over all the held fields.
                    let mut want: Vec<usize> = paying.keys().copied().collect();
                    want.sort();
                    marks.sort();
                    assert_eq!(marks, want, "game {g}: every paying city marked once");
                }
                for t in 0..board.tiles().len() {
                    let placed = board.tile(t);
                    for loc in s.features_on(placed.pos) {
                        let r = s.feature_report(placed.pos, loc).unwrap();
                        checked += 1;
                        owned += (!r.owners.is_empty()) as u32;
                        if loc == Location::Center {
                            // Its own tile, the tiles around it, and the
                            // positions beyond a closing border.
                            let n = 1 + around(s, placed.pos);
                            let mut pieces = [0u8; 6];
                            for p in s.pieces().filter(|p| p.at == placed.pos) {
                                if p.location == Location::Center {
                                    pieces[p.player as usize] += 1;
                                }
                            }
                            assert_eq!(r.pieces, pieces, "game {g}, tile {t}");
                            assert_eq!(r.open as u16, 9 - n);
                            assert_eq!(r.complete, n == 9);
                            let now = if n == 9 {
                                9
                            } else if s.rules().score_incomplete {
                                n
                            } else {
                                0
                            };
                            assert_eq!((r.now, r.finished), (now, 9), "game {g}, tile {t}");
                            continue;
                        }
                        let seg = match loc.unrotate(placed.rotation) {
                            Location::Side(side) => placed.kind.def().segment_at_side(side, 0),
                            Location::Half(h) => placed.kind.def().segment_at_half(h, 0),
                            Location::Center => None,
                        }
                        .unwrap();
                        let id = of[&(t, seg)];
                        let f = &features[id];
                        let pieces = on.get(&id).copied().unwrap_or_default();
                        let counts = pieces.map(u16::from);
                        let owners: Vec<usize> = r.owners.iter().map(usize::from).collect();
                        let at =
                            format!("game {g}, {} moves, tile {t} {loc:?}", game.moves().len());
                        assert_eq!(r.pieces, pieces, "{at}");
                        assert_eq!(owners, majority(&counts), "{at}");
                        assert_eq!(r.tiles as usize, f.tiles.len(), "{at}");
                        assert_eq!(r.pennants as u16, f.pennants, "{at}");
                        let tiles = f.tiles.len() as u16;
                        match f.kind.unwrap() {
                            SegmentKind::Field => {
                                let mut cities: Vec<usize> = Vec::new();
                                for &(ft, fs) in &f.members {
                                    let bits =
                                        board.tile(ft).kind.def().segments[fs as usize].cities;
                                    for c in (0..8u8).filter(|c| bits & (1 << c) != 0) {
                                        let city = of[&(ft, c)];
                                        if features[city].open == 0 && !cities.contains(&city) {
                                            cities.push(city);
                                        }
                                    }
                                }
                                let per = match (s.rules().farmers, s.rules().farm_scoring) {
                                    (false, _) => 0,
                                    (true, FarmScoring::First) => 4,
                                    (true, FarmScoring::Third) => 3,
                                };
                                assert_eq!(r.category, Category::Field, "{at}");
                                assert_eq!(r.cities as usize, cities.len(), "{at}");
                                assert_eq!((r.now, r.finished), (per * cities.len() as u16, r.now));
                                fields_paid += (r.now > 0 && !r.owners.is_empty()) as u32;
                                // First-edition farms: city by city, each
                                // paying the majority of all its fields.
                                if !first {
                                    assert!(r.paid.is_empty(), "{at}");
                                    continue;
                                }
                                assert_eq!(r.paid.len(), cities.len(), "{at}");
                                let mut seen = Vec::new();
                                for pay in &r.paid {
                                    let near = Pos::new(
                                        placed.pos.x + pay.way.0,
                                        placed.pos.y + pay.way.1,
                                    );
                                    let far = |p: Pos| {
                                        (p.x - placed.pos.x).abs() + (p.y - placed.pos.y).abs()
                                    };
                                    // The sides a city touches on the tile at
                                    // `near`, as laid.
                                    let nt = board.index_at(near).expect("a city tile");
                                    let laid = board.tile(nt);
                                    let sides_of = |c: usize| {
                                        (0..4u8)
                                            .filter(|&b| {
                                                laid.kind
                                                    .def()
                                                    .segment_at_side(
                                                        Side::from_index(b),
                                                        laid.rotation,
                                                    )
                                                    .is_some_and(|g| {
                                                        features[c].members.contains(&(nt, g))
                                                    })
                                            })
                                            .fold(0u8, |m, b| m | 1 << b)
                                    };
                                    // The city named: one of the field's, the
                                    // one its nearest tile belongs to, on the
                                    // sides named (two cities can share a tile).
                                    let city = *cities
                                        .iter()
                                        .filter(|&&c| !seen.contains(&c))
                                        .find(|&&c| {
                                            let tiles = &features[c].tiles;
                                            tiles.iter().any(|&ct| board.tile(ct).pos == near)
                                                && tiles
                                                    .iter()
                                                    .all(|&ct| far(board.tile(ct).pos) >= far(near))
                                                && sides_of(c) == pay.sides
                                        })
                                        .unwrap_or_else(|| {
                                            panic!("{at}: no city at {near:?} on {}", pay.sides)
                                        });
                                    seen.push(city);
                                    let payees: Vec<usize> =
                                        pay.payees.iter().map(usize::from).collect();
                                    let want = paying.get(&city).cloned().unwrap_or_default();
                                    assert_eq!((payees, pay.points), (want, 4), "{at}");
                                    by_city += 1;
                                    own_differs +=
                                        (!r.owners.is_empty() && pay.payees != r.owners) as u32;
                                }
                            }
                            kind => {
                                let road = kind == SegmentKind::Road;
                                let finished = if road {
                                    tiles
                                } else if s.rules().tiny_city && tiles == 2 {
                                    tiles + f.pennants
                                } else {
                                    2 * (tiles + f.pennants)
                                };
                                let incomplete = if road { tiles } else { tiles + f.pennants };
                                let now = if f.open == 0 {
                                    finished
                                } else if s.rules().score_incomplete {
                                    incomplete
                                } else {
                                    0
                                };
                                let cat = if road { Category::Road } else { Category::City };
                                assert_eq!(r.category, cat, "{at}");
                                assert_eq!(r.open as u32, f.open, "{at}");
                                assert_eq!(r.complete, f.open == 0, "{at}");
                                assert_eq!((r.now, r.finished), (now, finished), "{at}");
                            }
                        }
                    }
                }
            }
            if s.is_over() {
                break;
            }
            let (at, r) = pick_placement(s, &mut rng, &mut scratch).unwrap();
            game.place_tile(at, r, &mut scratch.events).unwrap();
            let choice = pick_follower(game.state(), &mut rng, &mut scratch);
            game.choose_follower(choice, &mut scratch.events).unwrap();
            scratch.events.clear();
        }
    }
    assert!(
        checked > 50_000 && owned > 5_000 && fields_paid > 500 && tied > 10,
        "{checked} {owned} {fields_paid} {tied}"
    );
    // First-edition cities checked one by one, many paying someone other
    // than the field's own majority (what the card used to say).
    assert!(
        by_city > 1_000 && own_differs > 100,
        "{by_city} {own_differs}"
    );
}
