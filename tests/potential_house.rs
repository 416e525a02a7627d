//! "Correct to the last point" under the house rules (rules §12): at every
//! turn of hundreds of random games with random house rules (small tables
//! with and without a closing border, hands, the hole bonus, tiles back into
//! the bag, the start tile from the bag, no scoring of incomplete features),
//! the engine's banked scores, recalled abbots, pieces, potential scores and
//! final scores equal an independent count (tests/common) that follows the
//! game move by move: it scores each move's completions itself, so not even
//! the banked score is taken from the engine.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use carcassonne::engine::random::{pick_follower, pick_tile_placement, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::tile::SegmentKind;
use carcassonne::engine::{
    Category, Edition, Event, FarmScoring, FollowerChoice, Game, Pos, Rules, State,
};
use common::{
    around, end_points, features, pieces_of, recall_value, score_completions, segment_at,
    walled_off, Held, Points, CENTRE,
};

/// House rules at random, on top of random older options; tables mostly
/// small (5x5 to 11x11, sometimes 3x3) so that the border matters often.
fn random_rules(rng: &mut Rng) -> Rules {
    let river = rng.below(4) == 0;
    let table = match rng.below(8) {
        0 => None,
        1 => Some((3, 3 + 2 * rng.below(3) as u8)),
        _ => Some((5 + 2 * rng.below(4) as u8, 5 + 2 * rng.below(4) as u8)),
    };
    Rules::default()
        .with_edition(if rng.below(2) == 0 {
            Edition::C3
        } else {
            Edition::C1
        })
        .with_farmers(rng.below(4) != 0)
        .with_tiny_city(rng.below(4) == 0)
        .with_farm_scoring(if rng.below(3) == 0 {
            FarmScoring::First
        } else {
            FarmScoring::Third
        })
        .with_river(river)
        .with_abbot(rng.below(2) == 0)
        .with_hand(rng.below(4) as u8)
        .with_hand_open(rng.below(2) == 0)
        .with_hole_bonus(rng.below(2) == 0)
        .with_score_incomplete(rng.below(2) == 0)
        .with_table(table)
        .with_table_closes(table.is_some() && rng.below(3) != 0)
        .with_start_in_bag(!river && rng.below(3) == 0)
        .with_unplayable_back(rng.below(2) == 0)
}

fn add(a: &Points, b: &Points) -> Points {
    a.iter()
        .zip(b)
        .map(|(x, y)| std::array::from_fn(|c| x[c] + y[c]))
        .collect()
}

fn engine_scores(s: &State, potential: bool) -> Points {
    let scores = if potential {
        s.potential_scores()
    } else {
        std::array::from_fn(|p| s.score(p as u8))
    };
    (0..s.players() as usize)
        .map(|p| Category::ALL.map(|c| scores[p].get(c)))
        .collect()
}

/// Points the events of a move announce, per seat and category.
fn told(events: &[Event], players: usize) -> Points {
    let mut out: Points = vec![[0; 5]; players];
    for e in events {
        match *e {
            Event::FeatureScored {
                category,
                points,
                scorers,
                ..
            } => {
                for p in scorers.iter() {
                    out[p as usize][category as usize] += points;
                }
            }
            Event::AbbotRecalled {
                player,
                points,
                category,
                ..
            } => out[player as usize][category as usize] += points,
            _ => {}
        }
    }
    out
}

/// What the count saw worth checking, so that the test can tell it did.
#[derive(Default, Debug)]
struct Seen {
    turns: u32,
    /// Pieces on roads and cities completed with an edge walled by the border.
    walled_completions: u32,
    /// Pieces on monasteries and gardens scored (completed, recalled or at
    /// the end) with the closing border beside them.
    border_centres: u32,
    recalls: u32,
    /// Games where not scoring incomplete features took points away.
    incomplete_dropped: u32,
    /// Games with a hand, with the start tile from the bag, on a closing table.
    hands: u32,
    start_in_bag: u32,
    closing: u32,
    /// Moves that earned an extra turn or put a tile back under the stack.
    extra_turns: u32,
    returned: u32,
}

/// Plays one random game, checking every turn against the count.
fn check_game(g: u64, rules: Rules, players: usize, rng: &mut Rng, seen: &mut Seen) {
    let names = (0..players).map(|i| format!("P{i}")).collect();
    let mut game = Game::new(names, rules, g).unwrap();
    let mut scratch = Scratch::default();
    // The count's own banked score and pieces, move by move.
    let mut banked: Points = vec![[0; 5]; players];
    let mut pieces: Vec<Held> = Vec::new();
    let mut events = Vec::new();
    loop {
        let s = game.state();
        let at = format!("game {g} ({rules:?}), {} moves", game.moves().len());
        let end = end_points(s, &pieces);
        if s.is_over() {
            assert_eq!(engine_scores(s, false), add(&banked, &end), "{at}: final");
            // Pieces left on roads, cities, monasteries or gardens: each
            // would have been worth at least 1 with incomplete features scored.
            let unpaid = pieces.iter().any(|h| {
                h.segment == CENTRE
                    || s.board().tile(h.tile).kind.def().segments[h.segment as usize].kind
                        != SegmentKind::Field
            });
            seen.incomplete_dropped += (unpaid && !rules.score_incomplete) as u32;
            seen.border_centres += pieces
                .iter()
                .filter(|h| h.segment == CENTRE && rules.score_incomplete)
                .filter(|h| by_border(s, h.tile))
                .count() as u32;
            break;
        }
        assert_eq!(pieces_of(s), pieces, "{at}: pieces");
        assert_eq!(engine_scores(s, false), banked, "{at}: banked");
        assert_eq!(
            engine_scores(s, true),
            add(&banked, &end),
            "{at}: potential"
        );
        seen.turns += 1;

        let me = s.current_player();
        let laid = s.board().len();
        let (kind, to, r) = pick_tile_placement(s, rng, &mut scratch).expect("a tile fits");
        let named = s.hands_dealt().then_some(kind);
        events.clear();
        game.place_tile_with(to, r, named, &mut events).unwrap();
        let choice = pick_follower(game.state(), rng, &mut scratch);
        game.choose_follower(choice, &mut events).unwrap();
        let s = game.state();
        assert_eq!(s.board().len(), laid + 1, "{at}: one tile a move");
        let placed = s.board().tile(laid);
        assert_eq!((placed.kind, placed.pos, placed.rotation), (kind, to, r));
        let before = banked.clone();
        match choice {
            FollowerChoice::Skip => {}
            FollowerChoice::Follower(loc) => pieces.push(Held {
                player: me,
                tile: laid,
                segment: segment_at(placed, loc),
                abbot: false,
            }),
            FollowerChoice::Abbot => pieces.push(Held {
                player: me,
                tile: laid,
                segment: CENTRE,
                abbot: true,
            }),
            FollowerChoice::RecallAbbot(from) => {
                let t = s.board().index_at(from).unwrap();
                let i = pieces
                    .iter()
                    .position(|h| h.player == me && h.abbot && h.tile == t)
                    .unwrap_or_else(|| panic!("{at}: no abbot of {me} at {from:?}"));
                pieces.remove(i);
                let (category, points) = recall_value(s, t);
                banked[me as usize][category as usize] += points;
                seen.recalls += 1;
                seen.border_centres += by_border(s, t) as u32;
            }
        }
        // Completions beside the border, before they score.
        let (fs, of) = features(s);
        seen.walled_completions += pieces
            .iter()
            .filter(|h| h.segment != CENTRE)
            .map(|h| of[&(h.tile, h.segment)])
            .filter(|&id| fs[id].open == 0 && fs[id].walled > 0)
            .count() as u32;
        seen.border_centres += pieces
            .iter()
            .filter(|h| h.segment == CENTRE && around(s, s.board().tile(h.tile).pos) == 8)
            .filter(|h| by_border(s, h.tile))
            .count() as u32;
        score_completions(s, &mut pieces, &mut banked);
        pieces.sort();
        // What the move announced: its completions and recall, and at the
        // end of the game the final scoring.
        let mut want: Points = banked
            .iter()
            .zip(&before)
            .map(|(a, b)| std::array::from_fn(|c| a[c] - b[c]))
            .collect();
        if s.is_over() {
            want = add(&want, &end_points(s, &pieces));
        }
        assert_eq!(told(&events, players), want, "{at}: the move's events");
        seen.extra_turns += events.iter().any(|e| matches!(e, Event::ExtraTurn { .. })) as u32;
        seen.returned += events
            .iter()
            .any(|e| matches!(e, Event::TileReturned { .. })) as u32;
    }
}

/// Whether the table's closing border lies around the tile `t`.
fn by_border(s: &State, t: usize) -> bool {
    let at = s.board().tile(t).pos;
    (-1..=1).any(|dx| (-1..=1).any(|dy| walled_off(&s.rules(), Pos::new(at.x + dx, at.y + dy))))
}

#[test]
fn scores_match_an_independent_count_under_random_house_rules() {
    let mut rng = Rng::new(122);
    let mut seen = Seen::default();
    for g in 0..500u64 {
        let rules = random_rules(&mut rng);
        let players = 2 + rng.below(5) as usize;
        check_game(g, rules, players, &mut rng, &mut seen);
        seen.hands += (rules.hand > 0) as u32;
        seen.start_in_bag += rules.start_in_bag as u32;
        seen.closing += rules.table_closes as u32;
    }
    // The count had something to compare: the border closing features and
    // standing round monasteries, recalls, points dropped at the end, and
    // every house rule in play.
    let s = &seen;
    assert!(s.turns > 20_000, "{s:?}");
    assert!(
        s.walled_completions > 500 && s.border_centres > 100,
        "{s:?}"
    );
    assert!(s.recalls > 200 && s.incomplete_dropped > 150, "{s:?}");
    assert!(
        s.hands > 300 && s.start_in_bag > 80 && s.closing > 250,
        "{s:?}"
    );
    assert!(s.extra_turns > 150 && s.returned > 200, "{s:?}");
}
