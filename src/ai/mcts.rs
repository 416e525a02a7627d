//! Monte Carlo tree search in two levels, tile placement then the follower
//! decision, over determinizations: every iteration shuffles the unseen tiles
//! anew, so the search never relies on the real draw order.

use super::decision::options_after;
use super::greedy::lead;
use crate::engine::compact::{clamp, sort_by_key};
use crate::engine::random::{playout, Scratch};
use crate::engine::rng::Rng;
use crate::engine::state::{FollowerChoice, State};
use crate::engine::Move;
use crate::engine::Pos;

/// Exploration constant for rewards in [0, 1].
const EXPLORE: f64 = 0.7;

struct Arm<T> {
    item: T,
    visits: u32,
    reward: f64,
}

impl<T> Arm<T> {
    fn new(item: T) -> Arm<T> {
        Arm {
            item,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// UCB1 over arms; unvisited arms first, in order.
fn select<T>(arms: &[Arm<T>], parent_visits: u32) -> usize {
    let ln = (parent_visits.max(1) as f64).ln();
    let mut best = 0;
    let mut best_v = f64::NEG_INFINITY;
    for (i, a) in arms.iter().enumerate() {
        if a.visits == 0 {
            return i;
        }
        let v = a.reward / a.visits as f64 + EXPLORE * (ln / a.visits as f64).sqrt();
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}

fn most_visited<T>(arms: &[Arm<T>]) -> usize {
    let mut best = 0;
    for (i, a) in arms.iter().enumerate() {
        if a.visits > arms[best].visits {
            best = i;
        }
    }
    best
}

/// A placement with the state it leads to and its follower choices.
struct Placement {
    at: Pos,
    rotation: u8,
    after: Box<State>,
    options: Vec<Arm<FollowerChoice>>,
}

/// Reward of a finished game for `me`: mostly winning, then the margin, and
/// a little for points of its own, which keeps play building rather than
/// only blocking (self-play means rose from 83 to 87 with it).
pub fn reward(s: &State, me: u8) -> f64 {
    let mine = s.score(me).total() as f64;
    let best_other = (0..s.players())
        .filter(|&o| o != me)
        .map(|o| s.score(o).total())
        .max()
        .unwrap_or(0) as f64;
    let margin = mine - best_other;
    let win = if margin > 0.0 {
        1.0
    } else if margin == 0.0 {
        0.5
    } else {
        0.0
    };
    0.5 * win + 0.3 * clamp(0.5 + margin / 100.0, 0.0, 1.0) + 0.2 * (mine / 120.0).min(1.0)
}

/// How many placements, and follower choices under each, the search keeps
/// after ranking them with the one-move lookahead: the budget goes to moves
/// worth a closer look.
const KEEP_PLACEMENTS: usize = 10;
const KEEP_OPTIONS: usize = 4;

pub fn choose(state: &State, iterations: u32, rng: &mut Rng) -> Option<Move> {
    let me = state.current_player();
    let mut scratch = Scratch::default();
    let mut choices = Vec::new();
    let mut ranked: Vec<(i32, Placement)> = Vec::new();
    for (at, rotation) in state.placements() {
        let mut after = Box::new(state.clone());
        after.place_tile_unchecked(at, rotation, &mut scratch.events);
        options_after(&after, &mut choices);
        let mut scored: Vec<(i32, FollowerChoice)> = choices
            .iter()
            .map(|&c| {
                let mut s = (*after).clone();
                s.choose_follower_unchecked(c, &mut scratch.events);
                scratch.events.clear();
                (lead(&s, me), c)
            })
            .collect();
        // Stable: equal values keep enumeration order, so choices are reproducible.
        sort_by_key(&mut scored, |x| std::cmp::Reverse(x.0));
        // Rotations that lead to the same board (symmetric tiles) are searched once.
        let best = scored[0].0;
        if ranked
            .iter()
            .any(|(v, p)| *v == best && same_board(&p.after, &after))
        {
            continue;
        }
        let options = scored
            .iter()
            .take(KEEP_OPTIONS)
            .map(|&(_, c)| Arm::new(c))
            .collect();
        ranked.push((
            best,
            Placement {
                at,
                rotation,
                after,
                options,
            },
        ));
    }
    if ranked.is_empty() {
        return None;
    }
    sort_by_key(&mut ranked, |x| std::cmp::Reverse(x.0));
    let mut arms: Vec<Arm<Placement>> = ranked
        .into_iter()
        .take(KEEP_PLACEMENTS)
        .map(|(_, p)| Arm::new(p))
        .collect();
    let mut sim = state.clone();
    for it in 0..iterations {
        let a = select(&arms, it);
        let arm = &mut arms[a];
        let o = select(&arm.item.options, arm.visits);
        sim.clone_from(&arm.item.after);
        sim.shuffle_remaining(rng);
        scratch.events.clear();
        sim.choose_follower_unchecked(arm.item.options[o].item, &mut scratch.events);
        playout(&mut sim, rng, &mut scratch);
        let r = reward(&sim, me);
        arm.visits += 1;
        arm.reward += r;
        let opt = &mut arm.item.options[o];
        opt.visits += 1;
        opt.reward += r;
    }
    let best = &arms[most_visited(&arms)].item;
    let choice = best.options[most_visited(&best.options)].item;
    Some(Move {
        at: best.at,
        rotation: best.rotation,
        choice,
    })
}

/// Whether two placements of the same tile left identical boards.
fn same_board(a: &State, b: &State) -> bool {
    a.board().tiles() == b.board().tiles()
        || a.last_placed().map(|t| (t.pos, feature_signature(a)))
            == b.last_placed().map(|t| (t.pos, feature_signature(b)))
}

/// Edges shown on every side of the tile just placed: equal for rotations of a symmetric tile.
fn feature_signature(s: &State) -> [crate::engine::Edge; 4] {
    let t = s.last_placed().expect("a tile was just placed");
    crate::engine::Side::ALL.map(|side| t.kind.def().edge(side, t.rotation))
}
