//! Computer opponents: legal, reproducible, and sensible when a win is on offer.
// Native only: these read files, run the command line or serde_json.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::ai::{self, Level};
use carcassonne::engine::random::{pick_follower, pick_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{
    Category, Edition, FarmScoring, FollowerChoice, Game, Pos, Record, Role, Rules, Step,
};

/// Every computer level, weakest first.
const LEVELS: [Level; 5] = [
    Level::Random,
    Level::Greedy,
    Level::Easy,
    Level::Medium,
    Level::Hard,
];

/// Plays whole games where every seat is a computer, checking each decision
/// with the engine's own checker before applying it.
#[test]
fn computers_only_ever_play_legal_moves_under_every_rule_option() {
    for g in 0..36u64 {
        let rules = Rules::default()
            .with_edition(if g % 2 == 0 { Edition::C3 } else { Edition::C1 })
            .with_farmers(g % 3 != 2)
            .with_tiny_city(g % 4 == 3)
            .with_farm_scoring(if g % 5 == 4 {
                FarmScoring::First
            } else {
                FarmScoring::Third
            })
            .with_river(g % 2 == 1)
            .with_abbot(g % 3 == 0);
        let players = 2 + (g % 3) as usize;
        let names = (0..players).map(|i| format!("CPU {i}")).collect();
        let mut game = Game::new(names, rules, g).unwrap();
        let levels = [Level::Random, Level::Greedy, Level::Easy];
        let mut turn = 0u64;
        let mut events = Vec::new();
        while game.state().step() != Step::GameOver {
            let level = levels[(turn as usize + g as usize) % 3];
            let d = ai::choose(game.state(), level, turn).expect("a tile is in hand");
            game.place_tile(d.at, d.rotation, &mut events)
                .unwrap_or_else(|e| panic!("{level:?} placed illegally: {e}"));
            game.choose_follower(d.choice, &mut events)
                .unwrap_or_else(|e| panic!("{level:?} chose an illegal follower step: {e}"));
            turn += 1;
        }
        assert!(game.result().finished);
    }
}

#[test]
fn the_same_state_and_seed_give_the_same_decision() {
    let mut game = Game::new(vec!["A".into(), "B".into()], Rules::default(), 4).unwrap();
    let mut rng = Rng::new(1);
    let mut scratch = Scratch::default();
    for _ in 0..20 {
        let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
        game.place_tile(at, r, &mut scratch.events).unwrap();
        let c = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(c, &mut scratch.events).unwrap();
    }
    for level in LEVELS {
        let a = ai::choose(game.state(), level, 77);
        let b = ai::choose(game.state(), level, 77);
        assert_eq!(a, b, "{level:?} is not reproducible");
    }
}

/// Ann's knight holds a three-tile city open only to the east; the tile in
/// hand (E) closes it for 8 points. Every level that looks ahead takes it.
#[test]
fn a_computer_completes_its_own_big_city_when_it_can() {
    let text = r#"{
      "format": "carcassonne-record/1",
      "players": ["Ann", "Bob"],
      "deck": ["R", "U", "E", "U", "E", "V", "V", "B", "B"],
      "moves": [
        { "at": [0, -1], "rotation": 2, "follower": "S" },
        { "at": [1, 0], "rotation": 1 },
        { "at": [-1, -1], "rotation": 1 },
        { "at": [2, 0], "rotation": 1 }
      ]
    }"#;
    let record = Record::from_json(text).unwrap();
    let game = Game::from_record(&record).unwrap();
    assert_eq!(game.state().current_player(), 0);
    assert_eq!(game.state().tile().map(|t| t.name()), Some("E"));
    for level in [Level::Greedy, Level::Easy, Level::Medium, Level::Hard] {
        let d = ai::choose(game.state(), level, 3).unwrap();
        let mut g = game.clone();
        let mut events = Vec::new();
        g.place_tile(d.at, d.rotation, &mut events).unwrap();
        g.choose_follower(d.choice, &mut events).unwrap();
        assert_eq!(
            g.state().score(0).get(Category::City),
            8,
            "{level:?} did not close the city: {d:?}"
        );
    }
}

/// Random positions under varied rules, river and abbot among them: a game
/// after `moves` random turns.
fn random_position(k: u64, moves: usize) -> Game {
    let rules = Rules {
        edition: if k % 2 == 0 { Edition::C3 } else { Edition::C1 },
        farmers: k % 3 != 2,
        tiny_city: k % 4 == 3,
        farm_scoring: if k % 5 == 4 {
            FarmScoring::First
        } else {
            FarmScoring::Third
        },
        river: k % 2 == 0,
        abbot: k % 3 != 1,
        ..Rules::default()
    };
    let players = 2 + (k % 3) as usize;
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut game = Game::new(names, rules, 100 + k).unwrap();
    let mut rng = Rng::new(k);
    let mut scratch = Scratch::default();
    for _ in 0..moves {
        if game.state().step() == Step::GameOver {
            break;
        }
        let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
        game.place_tile(at, r, &mut scratch.events).unwrap();
        let c = pick_follower(game.state(), &mut rng, &mut scratch);
        game.choose_follower(c, &mut scratch.events).unwrap();
    }
    game
}

/// Every level, in positions from the first turn to the last with the river
/// and the abbot in play, makes only moves the engine's checker accepts, and
/// the same position and seed always give it the same move.
#[test]
fn every_level_plays_legal_reproducible_moves_in_random_positions() {
    let levels = [
        Level::Random,
        Level::Greedy,
        Level::Easy,
        Level::Medium,
        Level::Hard,
    ];
    for k in 0..60u64 {
        let game = random_position(k, (k as usize * 7) % 75);
        if game.state().step() == Step::GameOver {
            continue;
        }
        // The slow levels on every third position.
        let n = if k % 3 == 0 { 5 } else { 4 };
        for &level in &levels[..n] {
            let seed = k * 31 + level as u64;
            let d = ai::choose(game.state(), level, seed).expect("a tile is in hand");
            assert_eq!(
                ai::choose(game.state(), level, seed),
                Some(d),
                "{level:?} is not reproducible in position {k}"
            );
            let mut g = game.clone();
            let mut events = Vec::new();
            g.place_tile(d.at, d.rotation, &mut events)
                .unwrap_or_else(|e| panic!("{level:?} placed illegally in position {k}: {e}"));
            g.choose_follower(d.choice, &mut events)
                .unwrap_or_else(|e| {
                    panic!("{level:?} chose an illegal follower step in position {k}: {e}")
                });
        }
    }
}

/// Hard's playouts lay tiles where more sides meet the board, more often:
/// every such pick is a placement the engine's checker accepts, and a tile
/// that can fill a hole is laid there more often than uniformly random play
/// would.
#[test]
fn hard_playouts_lay_only_legal_tiles_and_favour_tight_spots() {
    let mut tight_picks = 0u32;
    let mut tight_share = 0.0;
    for k in 0..40u64 {
        let game = random_position(k, 10 + (k as usize * 5) % 60);
        let s = game.state();
        let Some(kind) = s.tile() else { continue };
        if kind.is_river() {
            continue;
        }
        let open = s.board().open();
        let (mut all, mut tight) = (0u32, 0u32);
        s.for_each_placement(kind, |at, _| {
            all += 1;
            let i = s.board().open_index(at).unwrap();
            tight += (open.demand(i).1.count_ones() >= 4) as u32;
        });
        let mut rng = Rng::new(k);
        for _ in 0..50 {
            let (t, at, r) = ai::mcts::tight_placement(s, kind, 2, &mut rng)
                .expect("the tile in hand fits somewhere");
            assert_eq!(t, kind);
            let mut g = game.clone();
            g.place_tile(at, r, &mut Vec::new())
                .unwrap_or_else(|e| panic!("illegal playout placement in position {k}: {e}"));
            let i = s.board().open_index(at).unwrap();
            tight_picks += (open.demand(i).1.count_ones() >= 4) as u32;
        }
        tight_share += 50.0 * tight as f64 / all as f64;
    }
    assert!(
        tight_picks as f64 > 1.5 * tight_share,
        "{tight_picks} picks met two sides or more, uniformly about {tight_share:.0}"
    );
}

/// A tight pick worked out the long way: every fit listed with its
/// weight, 1 and `tight` more for every side beyond the first that meets a
/// tile, and the pick falling on the first whose running total passes it.
fn tight_by_the_list(
    s: &carcassonne::engine::State,
    kind: carcassonne::engine::TileKind,
    tight: u32,
    rng: &mut Rng,
) -> Option<(Pos, u8)> {
    let open = s.board().open();
    let mut fits = Vec::new();
    let mut total = 0;
    open.for_each_fit(&kind.def().packed_edges, |i, r| {
        total += 1 + tight * (open.demand(i).1.count_ones() / 2).saturating_sub(1);
        fits.push((total, open.pos(i), r));
    });
    if total == 0 {
        return None;
    }
    let pick = rng.below(total);
    fits.iter().find(|f| pick < f.0).map(|f| (f.1, f.2))
}

/// The playouts' tight pick, worked out a position at a time with no list,
/// picks the very placement the list does, draw for draw: searches play
/// the same games, so every level's moves stay what they were.
#[test]
fn a_tight_pick_is_the_one_the_weighted_list_gives() {
    let mut compared = 0;
    for k in 0..60u64 {
        let game = random_position(k, (k as usize * 7) % 70);
        let s = game.state();
        // River tiles have rules of their own: playouts lay them uniformly.
        let Some(kind) = s.tile().filter(|k| !k.is_river()) else {
            continue;
        };
        for tight in [0, 2, 4, 9] {
            let (mut a, mut b) = (Rng::new(k ^ tight as u64), Rng::new(k ^ tight as u64));
            for _ in 0..20 {
                let quick = ai::mcts::tight_placement(s, kind, tight, &mut a).map(|p| (p.1, p.2));
                assert_eq!(
                    quick,
                    tight_by_the_list(s, kind, tight, &mut b),
                    "position {k}, tight {tight}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 3000, "only {compared} picks compared");
}

#[test]
fn every_level_describes_how_it_plays() {
    for level in LEVELS {
        // The start screen's sentence (all the player's words are the shell's).
        let d = carcassonne::shell::words::level_words(level);
        assert!(d.ends_with('.') && d.len() > 20, "{level:?}: {d}");
        assert_eq!(Level::parse(level.name()), Some(level));
    }
}

/// A search that stops once its playouts left could not change the answer
/// gives the very move of the search that plays them all, sooner: over
/// random positions, for each search level, with the same seeds.
#[test]
fn stopping_a_settled_search_early_changes_no_move() {
    let mut stopped_early = 0;
    for k in 0..30u64 {
        let game = random_position(k, (k as usize * 5) % 70);
        if game.state().step() == Step::GameOver {
            continue;
        }
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let settle = level.budget().unwrap();
            assert!(settle.settle, "every level settles");
            let full = ai::mcts::Budget {
                settle: false,
                ..settle
            };
            let seed = k * 7 + level as u64;
            let (a, run) = ai::mcts::search(game.state(), settle, &mut Rng::new(seed));
            let (b, all) = ai::mcts::search(game.state(), full, &mut Rng::new(seed));
            assert_eq!(a, b, "{level:?} in position {k}");
            assert_eq!(all, ai::mcts::playouts(game.state(), &full));
            stopped_early += usize::from(run < all);
        }
    }
    assert!(
        stopped_early > 10,
        "searches stopped early only {stopped_early} times"
    );
}

/// Hard's budget is playout work, tiles laid: an opening move, whose
/// playouts each lay some seventy tiles, runs fewer of them than a late
/// move, whose playouts are short, so the slowest moves (the first) take
/// no longer than the rest; the search runs no more than that many, and
/// the same position and seed still give the same move.
#[test]
fn hard_runs_fewer_playouts_on_an_opening_than_on_a_late_move() {
    let hard = Level::Hard.budget().unwrap();
    assert!(hard.work > 0, "hard's budget is playout work");
    for k in 0..6u64 {
        let opening = random_position(k, 0);
        let late = random_position(k, 60);
        if late.state().step() == Step::GameOver {
            continue;
        }
        let (first, last) = (
            ai::mcts::playouts(opening.state(), &hard),
            ai::mcts::playouts(late.state(), &hard),
        );
        assert!(
            first < last,
            "position {k}: {first} playouts on the opening, {last} late"
        );
        for game in [&opening, &late] {
            let s = game.state();
            let n = ai::mcts::playouts(s, &hard);
            let tiles = s.remaining().len() as u32 + ai::mcts::SETUP;
            assert!(n <= hard.iterations, "position {k}: {n} playouts");
            assert!(
                n * tiles <= hard.work,
                "position {k}: {n} playouts of {tiles} tiles"
            );
            let seed = k * 13 + 5;
            let (m, run) = ai::mcts::search(s, hard, &mut Rng::new(seed));
            assert!(run <= n, "position {k}: ran {run} of {n} playouts");
            assert_eq!(ai::mcts::search(s, hard, &mut Rng::new(seed)), (m, run));
        }
    }
}

/// A follower spot tells how far its feature is from scoring: a road or
/// city with no open edge is complete (the tile just laid closed it), and a
/// monastery or garden misses the empty cells round it.
#[test]
fn each_follower_spot_tells_how_far_its_feature_is_from_complete() {
    let mut checked = [0u32; 3];
    for k in 0..60u64 {
        let game = random_position(k, 5 + (k as usize * 7) % 65);
        if game.state().step() == Step::GameOver {
            continue;
        }
        let mut rng = Rng::new(k);
        let mut scratch = Scratch::default();
        let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
        let mut g = game.clone();
        g.place_tile(at, r, &mut scratch.events).unwrap();
        let s = g.state();
        s.for_each_spot(&mut |spot| match spot.role {
            Role::Thief | Role::Knight => {
                let info = s.feature_info(at, spot.location).unwrap();
                assert_eq!(spot.missing == 0, info.complete, "{spot:?} at {at:?}");
                checked[0] += 1;
            }
            Role::Monk | Role::Abbot => {
                let around = (-1..=1)
                    .flat_map(|dy| (-1..=1).map(move |dx| Pos::new(at.x + dx, at.y + dy)))
                    .filter(|&p| p != at && s.board().at(p).is_some())
                    .count();
                assert_eq!(spot.missing as usize, 8 - around, "{spot:?} at {at:?}");
                checked[1] += 1;
            }
            Role::Farmer => {
                assert_eq!(spot.missing, 0);
                checked[2] += 1;
            }
        });
    }
    assert!(checked.iter().all(|&n| n > 0), "spots checked: {checked:?}");
}

/// Hard's playouts lean towards followers that score soon (`soon`): every
/// pick is a step the engine's checker accepts, and spots on features one
/// edge from complete are taken more often than with no lean.
#[test]
fn hard_playouts_favour_followers_that_score_soon() {
    let hard = Level::Hard.budget().unwrap();
    assert!(
        hard.soon > 0,
        "hard leans towards followers that score soon"
    );
    let plain = ai::mcts::Budget { soon: 0, ..hard };
    let (mut near, mut near_plain) = (0u32, 0u32);
    let mut spots = Vec::new();
    for k in 0..80u64 {
        let game = random_position(k, 5 + (k as usize * 3) % 60);
        if game.state().step() == Step::GameOver {
            continue;
        }
        let mut rng = Rng::new(k);
        let mut scratch = Scratch::default();
        let (at, r) = pick_placement(game.state(), &mut rng, &mut scratch).unwrap();
        let mut g = game.clone();
        g.place_tile(at, r, &mut scratch.events).unwrap();
        let s = g.state();
        let near_spot = |c: FollowerChoice| {
            let mut hit = false;
            s.for_each_spot(&mut |spot| {
                let same = match c {
                    FollowerChoice::Follower(loc) => {
                        spot.location == loc && spot.role != Role::Abbot
                    }
                    FollowerChoice::Abbot => spot.role == Role::Abbot,
                    _ => false,
                };
                hit |= same && matches!(spot.role, Role::Thief | Role::Knight) && spot.missing <= 1;
            });
            hit
        };
        for (budget, count) in [(hard, &mut near), (plain, &mut near_plain)] {
            let mut rng = Rng::new(k);
            for _ in 0..40 {
                let c = ai::mcts::weighted_follower(s, &budget, &mut rng, &mut spots);
                s.check_follower(c)
                    .unwrap_or_else(|e| panic!("illegal playout step in position {k}: {e}"));
                *count += near_spot(c) as u32;
            }
        }
    }
    assert!(
        near_plain > 0 && near as f64 > 1.5 * near_plain as f64,
        "followers on features about to score: {near} leaning, {near_plain} without"
    );
}

/// Hard searches in parts, which the page runs at once in workers: the
/// parts' visits, searched apart and added up, give the very move `choose`
/// makes, each part shuffling the unseen tiles its own way; visits that do
/// not fit the position are refused, not misread.
#[test]
fn a_search_in_parts_adds_up_to_the_move_choose_makes() {
    let n = ai::parts(Level::Hard);
    assert!(n > 1, "hard searches in parts");
    assert_eq!(ai::parts(Level::Medium), 1);
    let mut differ = 0;
    for k in 0..10u64 {
        let game = random_position(k, (k as usize * 11) % 70);
        if game.state().step() == Step::GameOver {
            continue;
        }
        let seed = 5 + k;
        let parts: Vec<Vec<u32>> = (0..n)
            .map(|p| ai::part(game.state(), Level::Hard, seed, p).expect("a tile is in hand"))
            .collect();
        differ += usize::from(parts[0] != parts[1]);
        assert_eq!(
            ai::merge(game.state(), Level::Hard, &parts),
            ai::choose(game.state(), Level::Hard, seed),
            "position {k}"
        );
        let mut short = parts.clone();
        short[1].pop();
        assert_eq!(ai::merge(game.state(), Level::Hard, &short), None);
    }
    assert!(
        differ >= 5,
        "the parts searched alike in {differ} positions of 10"
    );
}
