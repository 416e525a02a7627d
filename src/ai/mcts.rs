//! Monte Carlo tree search in two levels, tile placement (with hands, which
//! tile and where) then the follower decision, over determinizations: every
//! iteration shuffles the unseen tiles anew (the stack, and hidden hands:
//! rules §12), so the search never relies on the real draw order.
//!
//! A one-move lookahead ranks the moves first; the search keeps the best and
//! can start each with that ranking as a prior worth some visits
//! (progressive bias). Playouts are random games to the end, whose tiles can
//! lean towards spots that meet more sides and whose follower steps can lean
//! towards skipping and away from farmers, as players do; the reward can be
//! the final margin alone.

use super::decision::options_after;
use super::greedy::lead;
use crate::engine::compact::{clamp, sort_by_key};
use crate::engine::follower::Role;
use crate::engine::random::{pick_tile_placement, Scratch};
use crate::engine::rng::Rng;
use crate::engine::state::{FollowerChoice, Spot, State, Step};
use crate::engine::Move;
use crate::engine::{Pos, TileKind};

/// How a search level plays and spends its effort.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Playouts at most.
    pub iterations: u32,
    /// Playout work: the tiles all of a move's playouts may lay together,
    /// counting each playout's set-up as [`SETUP`] tiles (0: no limit but
    /// `iterations`). A playout lays every tile still to
    /// come, so an opening move, with the longest playouts and the most
    /// placements, runs fewer of them and a late move more: the time a move
    /// takes is bounded without a clock, so moves stay reproducible.
    pub work: u32,
    /// UCB1's exploration constant, for rewards in [0, 1]: lower spends
    /// more of the playouts on the moves that look best so far.
    pub explore: f64,
    /// How many placements, and follower choices under each, the search
    /// keeps after ranking them with the one-move lookahead: the budget
    /// goes to moves worth a closer look.
    pub keep: u32,
    pub keep_options: u32,
    /// Visits the lookahead's ranking counts for at the start (0: none).
    pub prior: f64,
    /// Weights in the playouts' follower steps of skipping and of a farmer,
    /// against 1 for any other spot: (1, 1) is uniformly random.
    pub skip: u32,
    pub farmer: u32,
    /// Extra weight in the playouts' follower steps of a spot whose feature
    /// is about to score: a road or city one edge from complete, a
    /// monastery or garden two cells from surrounded.
    pub soon: u32,
    /// The final margin, in points, worth a reward of 0.75 (of 1); 0 rewards
    /// mostly the win, then the margin and one's own points.
    pub margin: f64,
    /// Extra weight in the playouts of a placement for each side beyond the
    /// first that meets a tile (0: uniformly random placements).
    pub tight: u32,
    /// Stop once the playouts left could not change the answer (it is the
    /// most visited placement and choice): the same move, sooner.
    pub settle: bool,
    /// Searches of the same position, each spending the budget above, whose
    /// visits add up to the answer (1: one search). The page runs them at
    /// once, one worker each, so a move takes the time of one.
    pub parts: u32,
}

struct Arm<T> {
    item: T,
    visits: u32,
    reward: f64,
}

impl<T> Arm<T> {
    fn new(item: T, prior: f64, weight: f64) -> Arm<T> {
        Arm {
            item,
            visits: 0,
            reward: prior * weight,
        }
    }
}

/// UCB1 over arms, each counting `weight` visits of its prior; unvisited
/// arms without a prior first, in order.
fn select<T>(arms: &[Arm<T>], parent_visits: u32, weight: f64, explore: f64) -> usize {
    let ln = (parent_visits as f64 + 1.0).ln();
    let mut best = 0;
    let mut best_v = f64::NEG_INFINITY;
    for (i, a) in arms.iter().enumerate() {
        let n = a.visits as f64 + weight;
        if n == 0.0 {
            return i;
        }
        let v = a.reward / n + explore * (ln / n).sqrt();
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}

/// Whether the most visited arm leads the next by more than `left`
/// visits, so that no `left` more could change which is most visited.
fn settled<T>(arms: &[Arm<T>], left: u32) -> bool {
    let (mut first, mut second) = (0, 0);
    for a in arms {
        if a.visits > first {
            second = first;
            first = a.visits;
        } else if a.visits > second {
            second = a.visits;
        }
    }
    first > second + left
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
    tile: TileKind,
    at: Pos,
    rotation: u8,
    after: Box<State>,
    options: Vec<Arm<FollowerChoice>>,
}

/// My margin over the best other player.
pub fn margin(s: &State, me: u8) -> f64 {
    let best_other = (0..s.players())
        .filter(|&o| o != me)
        .map(|o| s.score(o).total())
        .max()
        .unwrap_or(0);
    s.score(me).total() as f64 - best_other as f64
}

/// Reward of a finished game for `me`: with `scale`, the margin squashed
/// into [0, 1]; else mostly winning, then the margin, and a little for
/// points of its own, which keeps play building rather than only blocking.
pub fn reward(s: &State, me: u8, scale: f64) -> f64 {
    let m = margin(s, me);
    if scale > 0.0 {
        return squash(m, scale);
    }
    let win = if m > 0.0 {
        1.0
    } else if m == 0.0 {
        0.5
    } else {
        0.0
    };
    let mine = s.score(me).total() as f64;
    0.5 * win + 0.3 * clamp(0.5 + m / 100.0, 0.0, 1.0) + 0.2 * (mine / 120.0).min(1.0)
}

/// A lead in points as a worth in [0, 1], smoothly: 0.5 when level, 0.75
/// at `scale` points ahead.
fn squash(lead: f64, scale: f64) -> f64 {
    let x = lead / scale;
    0.5 + 0.5 * x / (1.0 + x.abs())
}

/// Plays the game to the end with random moves, placements and follower
/// steps weighted by `b`.
pub fn playout(
    s: &mut State,
    b: &Budget,
    rng: &mut Rng,
    scratch: &mut Scratch,
    spots: &mut Vec<Spot>,
) {
    while s.step() != Step::GameOver {
        scratch.events.clear();
        let (kind, at, r) = match s.tile() {
            // River tiles have rules of their own: those turns stay uniform.
            Some(k) if b.tight > 0 && !k.is_river() && !river_in_hand(s) => {
                tight_turn(s, b.tight, rng)
            }
            _ => pick_tile_placement(s, rng, scratch),
        }
        .expect("the tile in hand always fits somewhere");
        s.place_unchecked(kind, at, r, &mut scratch.events);
        let choice = weighted_follower(s, b, rng, spots);
        s.choose_follower_unchecked(choice, &mut scratch.events);
    }
}

fn river_in_hand(s: &State) -> bool {
    s.hands_dealt() && s.hand(s.current_player()).iter().any(|k| k.is_river())
}

/// A tight placement of the tile in hand or, with hands, of a hand tile
/// picked at random among those that fit, as `pick_tile_placement` picks.
fn tight_turn(s: &State, tight: u32, rng: &mut Rng) -> Option<(TileKind, Pos, u8)> {
    if !s.hands_dealt() {
        return tight_placement(s, s.tile()?, tight, rng);
    }
    let hand = s.hand(s.current_player());
    let first = rng.below(hand.len() as u32) as usize;
    (0..hand.len()).find_map(|j| tight_placement(s, hand[(first + j) % hand.len()], tight, rng))
}

/// A random placement of `kind`, each weighing 1 and `tight` more for every
/// side beyond the first that meets a tile. Players fill holes and close
/// features far more often than uniformly random play does, and playouts
/// that do the same judge a move better (`carcassonne duel` measures it).
pub fn tight_placement(
    s: &State,
    kind: TileKind,
    tight: u32,
    rng: &mut Rng,
) -> Option<(TileKind, Pos, u8)> {
    let open = s.board().open();
    let (i, r) = open.tight_fit(&kind.def().packed_edges, tight, |n| rng.below(n))?;
    Some((kind, open.pos(i), r))
}

/// A random follower step, skipping weighing `b.skip` and a farmer
/// `b.farmer` against 1 for any other spot and for recalling the abbot. With
/// weights (1, 1) it picks as `random::pick_follower` does, draw for draw.
pub fn weighted_follower(
    s: &State,
    b: &Budget,
    rng: &mut Rng,
    spots: &mut Vec<Spot>,
) -> FollowerChoice {
    let weight = |p: &Spot| match p.role {
        Role::Farmer => b.farmer,
        Role::Knight | Role::Thief => 1 + b.soon * (p.missing <= 1) as u32,
        Role::Monk | Role::Abbot => 1 + b.soon * (p.missing <= 2) as u32,
    };
    spots.clear();
    s.for_each_spot(&mut |spot| spots.push(spot));
    let recall = s.recallable_abbot();
    let total = b.skip + recall.is_some() as u32 + spots.iter().map(weight).sum::<u32>();
    let mut pick = rng.below(total);
    if pick < b.skip {
        return FollowerChoice::Skip;
    }
    pick -= b.skip;
    for spot in spots.iter() {
        let w = weight(spot);
        if pick < w {
            return if spot.role == Role::Abbot {
                FollowerChoice::Abbot
            } else {
                FollowerChoice::Follower(spot.location)
            };
        }
        pick -= w;
    }
    recall.map_or(FollowerChoice::Skip, FollowerChoice::RecallAbbot)
}

pub fn choose(state: &State, b: Budget, rng: &mut Rng) -> Option<Move> {
    search(state, b, rng).0
}

/// The move, and how many playouts the search ran to find it.
pub fn search(state: &State, b: Budget, rng: &mut Rng) -> (Option<Move>, u32) {
    let mut arms = rank(state, &b);
    if arms.is_empty() {
        return (None, 0);
    }
    let run = run(state, &b, &mut arms, rng);
    (Some(decide(state, &arms)), run)
}

/// One of several searches of the same position, each with its own
/// shuffles of the unseen tiles: the visits of every follower choice of
/// every placement kept, in the order [`merge`] reads them, and the
/// playouts run. The parts can run at once, one to a core (the page runs
/// them in workers), and their visits add up to one search.
pub fn part(state: &State, b: Budget, rng: &mut Rng) -> (Vec<u32>, u32) {
    let mut arms = rank(state, &b);
    let run = run(state, &b, &mut arms, rng);
    let mut visits = Vec::new();
    for a in &arms {
        for o in &a.item.options {
            visits.push(o.visits);
        }
    }
    (visits, run)
}

/// The move the parts' visits add up to: the most visited placement, and
/// its most visited follower choice. `None` when no tile is in hand or the
/// visits do not fit this position (they came from another).
pub fn merge(state: &State, b: Budget, parts: &[Vec<u32>]) -> Option<Move> {
    let mut arms = rank(state, &b);
    let n: usize = arms.iter().map(|a| a.item.options.len()).sum();
    if arms.is_empty() || parts.iter().any(|p| p.len() != n) {
        return None;
    }
    let mut k = 0;
    for arm in &mut arms {
        arm.visits = 0;
        for o in &mut arm.item.options {
            o.visits = 0;
            for p in parts {
                o.visits = o.visits.saturating_add(p[k]);
            }
            arm.visits = arm.visits.saturating_add(o.visits);
            k += 1;
        }
    }
    Some(decide(state, &arms))
}

/// The placements worth searching, best first by the one-move lookahead,
/// each with the follower choices worth searching under it and the
/// lookahead's priors. Depends on the position and `b` alone, so every
/// part of a search ranks alike.
// Not inlined: one copy serves `search`, `part` and `merge` (bundle size).
#[inline(never)]
fn rank(state: &State, b: &Budget) -> Vec<Arm<Placement>> {
    let me = state.current_player();
    let mut scratch = Scratch::default();
    let mut choices = Vec::new();
    let mut ranked: Vec<(i32, Placement)> = Vec::new();
    for (tile, at, rotation) in super::moves(state) {
        let mut after = Box::new(*state);
        // Its look-ahead and playouts read no events.
        after.quiet();
        after.place_unchecked(tile, at, rotation, &mut scratch.events);
        options_after(&after, &mut choices);
        // Plain loops here and below: a `collect` is a function a chain.
        let mut scored: Vec<(i32, FollowerChoice)> = Vec::with_capacity(choices.len());
        for &c in &choices {
            let mut s = *after;
            s.choose_follower_unchecked(c, &mut scratch.events);
            scratch.events.clear();
            scored.push((lead(&s, me), c));
        }
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
        // The prior: 0.5 for the best choice, less the further behind it.
        let mut options = Vec::new();
        for &(v, c) in scored.iter().take(b.keep_options as usize) {
            options.push(Arm::new(c, squash((v - best) as f64, 10.0), b.prior));
        }
        ranked.push((
            best,
            Placement {
                tile,
                at,
                rotation,
                after,
                options,
            },
        ));
    }
    if ranked.is_empty() {
        return Vec::new();
    }
    sort_by_key(&mut ranked, |x| std::cmp::Reverse(x.0));
    let top = ranked[0].0;
    ranked.truncate(b.keep as usize);
    let mut arms = Vec::with_capacity(ranked.len());
    for (v, p) in ranked {
        arms.push(Arm::new(p, squash((v - top) as f64, 10.0), b.prior));
    }
    arms
}

/// Runs the playouts, updating the arms' statistics; returns how many ran.
// Not inlined: one copy serves `search` and `part`.
#[inline(never)]
fn run(state: &State, b: &Budget, arms: &mut [Arm<Placement>], rng: &mut Rng) -> u32 {
    let me = state.current_player();
    let mut scratch = Scratch::default();
    let mut sim = *state;
    let mut spots = Vec::new();
    let iterations = playouts(state, b);
    let mut run = 0;
    while run < iterations {
        let it = run;
        // Checked now and then: a check costs a pass over the arms.
        if b.settle && it % 64 == 0 {
            let left = iterations - it;
            if settled(arms, left) && settled(&arms[most_visited(arms)].item.options, left) {
                break;
            }
        }
        run += 1;
        let a = select(arms, it, b.prior, b.explore);
        let arm = &mut arms[a];
        let o = select(&arm.item.options, arm.visits, b.prior, b.explore);
        sim.clone_from(&arm.item.after);
        sim.redeal_unseen(me, rng);
        scratch.events.clear();
        sim.choose_follower_unchecked(arm.item.options[o].item, &mut scratch.events);
        playout(&mut sim, b, rng, &mut scratch, &mut spots);
        let r = reward(&sim, me, b.margin);
        arm.visits += 1;
        arm.reward += r;
        let opt = &mut arm.item.options[o];
        opt.visits += 1;
        opt.reward += r;
    }
    run
}

/// The most visited placement, and its most visited follower choice.
fn decide(state: &State, arms: &[Arm<Placement>]) -> Move {
    let best = &arms[most_visited(arms)].item;
    let choice = best.options[most_visited(&best.options)].item;
    Move {
        at: best.at,
        rotation: best.rotation,
        choice,
        tile: state.hands_dealt().then_some(best.tile),
    }
}

/// What a playout's set-up (copying the position, dealing the unseen
/// tiles, the reward) costs, in tiles laid: about six, natively and on the
/// page alike (`carcassonne think` times moves with few tiles to come).
pub const SETUP: u32 = 6;

/// How many playouts a move in `state` may run: `b.iterations`, fewer when
/// their work, each laying every tile still to come after its set-up,
/// would exceed `b.work`.
pub fn playouts(state: &State, b: &Budget) -> u32 {
    if b.work == 0 {
        return b.iterations;
    }
    // The tiles a playout lays after this move: the stack, and with hands
    // every hand but the tile about to be laid.
    let hands: usize = (0..state.players()).map(|p| state.hand(p).len()).sum();
    let to_come = (state.remaining().len() + hands.saturating_sub(1)) as u32;
    b.iterations.min(b.work / (to_come + SETUP)).max(1)
}

/// Whether two placements of the same tile left identical boards.
fn same_board(a: &State, b: &State) -> bool {
    a.board().tiles() == b.board().tiles()
        || a.last_placed()
            .map(|t| (t.pos, t.kind, feature_signature(a)))
            == b.last_placed()
                .map(|t| (t.pos, t.kind, feature_signature(b)))
}

/// Edges shown on every side of the tile just placed: equal for rotations of a symmetric tile.
fn feature_signature(s: &State) -> [crate::engine::Edge; 4] {
    let t = s.last_placed().expect("a tile was just placed");
    crate::engine::Side::ALL.map(|side| t.kind.def().edge(side, t.rotation))
}
