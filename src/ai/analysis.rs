//! The computer's judgement of a game already played: for every move, from
//! the position before it, the final margin the move played is expected to
//! bring, that of the best move the search finds, and what the difference
//! cost, in points (issue 36).
//!
//! The best move is hard's own choice. Both moves are then played out to
//! the end many times with hard's playouts, on the same deals of the unseen
//! tiles (common random numbers: the luck of the draw is the same for both,
//! so the difference measures the moves, not the tiles). A player is judged
//! only on what their seat could see: with hidden hands the search and the
//! playouts start from [`State::seen_by`] and redeal what is unseen. The
//! seeds come from the record and the move's index, so the same record
//! always gives the same table.

use super::mcts::{self, Budget};
use super::Level;
use crate::engine::random::Scratch;
use crate::engine::rng::Rng;
use crate::engine::{Game, Move, Record, RecordError, State};

/// How closely each move is looked at: the playout work spent on each of
/// the two moves compared, counted as [`Budget::work`] counts it, and the
/// playouts at most. 60,000 tiles' work is 800 playouts of the opening move
/// and 10,000 of the last ones; with hard's own search of the move, a
/// 2-player base game takes about 10 s natively (docs/ai.md).
pub const WORK: u32 = 60_000;
pub const PLAYOUTS: u32 = 10_000;

/// What a move's cost makes it, by fixed thresholds in points (docs/ai.md).
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Label {
    /// Costs under [`INACCURACY`]: as good as the computer's move, within
    /// what its estimate can tell apart.
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

/// The least cost, in points, of an inaccuracy, a mistake and a blunder.
/// A 2-player game gives a strong player about 2.5 points a move, so a
/// mistake gives away more than a move's worth and a blunder three.
pub const INACCURACY: f64 = 1.5;
pub const MISTAKE: f64 = 3.0;
pub const BLUNDER: f64 = 8.0;

impl Label {
    pub const ALL: [Label; 4] = [
        Label::Good,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];

    pub fn of(cost: f64) -> Label {
        if cost >= BLUNDER {
            Label::Blunder
        } else if cost >= MISTAKE {
            Label::Mistake
        } else if cost >= INACCURACY {
            Label::Inaccuracy
        } else {
            Label::Good
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Label::Good => "good",
            Label::Inaccuracy => "inaccuracy",
            Label::Mistake => "mistake",
            Label::Blunder => "blunder",
        }
    }
}

/// The judgement of one move.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Review {
    /// The seat that played it.
    pub player: u8,
    pub played: Move,
    /// The best move found: the search's own, or the move played when the
    /// playouts rate it higher.
    pub best: Move,
    /// The final margin over the best other player each is expected to
    /// bring, in points.
    pub played_margin: f64,
    pub best_margin: f64,
    /// `best_margin - played_margin`, never below 0.
    pub cost: f64,
    pub label: Label,
}

/// The seed of the analysis of move `index` (0-based) of `record`: from the
/// record's seed (or its deck) and the index alone, and apart from the seed
/// a computer used to play that move, so that hard is not judged by the
/// very search that chose its move. Within 2^53, as a worker's message
/// carries it.
pub fn seed(record: &Record, index: usize) -> u64 {
    // FNV-1a over what fixes the deal.
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
        }
    };
    eat(&record.seed.unwrap_or(0).to_le_bytes());
    for name in record.deck.iter().flatten() {
        eat(name.as_bytes());
        eat(b",");
    }
    eat(&(index as u64).to_le_bytes());
    Rng::new(h).next_u64() & ((1 << 53) - 1)
}

/// Judges `played`, the move made in `state` by the player to move, with
/// the analysis seed `seed`. `None` when no tile is in hand or the move is
/// not legal there.
pub fn review(state: &State, played: Move, seed: u64) -> Option<Review> {
    state.tile()?;
    let me = state.current_player();
    // What the seat could see: hidden hands and the stack's order are not.
    let seen = state.seen_by(me);
    let played = Move {
        tile: played
            .tile
            .or(seen.hands_dealt().then(|| seen.tile()).flatten()),
        ..played
    };
    let after_played = after(&seen, played)?;
    let best = super::choose(&seen, Level::Hard, seed)?;
    let b = Level::Hard.budget()?;
    let n = playouts(&seen);
    let played_margin = expected_margin(&after_played, me, &b, seed, n);
    if best == played {
        return Some(judged(me, played, played_margin, played, played_margin));
    }
    let best_margin = expected_margin(&after(&seen, best)?, me, &b, seed, n);
    Some(judged(me, played, played_margin, best, best_margin))
}

fn judged(player: u8, played: Move, pm: f64, best: Move, bm: f64) -> Review {
    // The playouts may rate the move played above the search's choice:
    // then it is the best move, and costs nothing.
    let (best, best_margin) = if pm >= bm { (played, pm) } else { (best, bm) };
    let cost = best_margin - pm;
    Review {
        player,
        played,
        best,
        played_margin: pm,
        best_margin,
        cost,
        label: Label::of(cost),
    }
}

/// `state` after `m`, or `None` if `m` is not legal there.
fn after(state: &State, m: Move) -> Option<State> {
    let mut s = *state;
    s.quiet();
    let mut events = Vec::new();
    s.place_tile_with(m.at, m.rotation, m.tile, &mut events)
        .ok()?;
    s.choose_follower(m.choice, &mut events).ok()?;
    Some(s)
}

/// How many playouts judge each move in `state`: [`WORK`] spread over
/// playouts that lay every tile still to come, and a single one when none
/// is (the end is then certain).
pub fn playouts(state: &State) -> u32 {
    let hands: usize = (0..state.players()).map(|p| state.hand(p).len()).sum();
    let to_come = (state.remaining().len() + hands.saturating_sub(1)) as u32;
    if to_come == 0 {
        return 1;
    }
    PLAYOUTS.min(WORK / (to_come + mcts::SETUP)).max(1)
}

/// The mean final margin of `me` over the best other player in `n`
/// playouts from `after` (a move just made), with hard's playouts. Playout
/// `i` deals the unseen tiles from a seed of its own, the same for every
/// move judged from one position.
fn expected_margin(after: &State, me: u8, b: &Budget, seed: u64, n: u32) -> f64 {
    let mut scratch = Scratch::default();
    let mut spots = Vec::new();
    let mut sim = *after;
    let mut total = 0.0;
    for i in 0..n {
        let mut rng = Rng::new(seed ^ (u64::from(i) + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        sim.clone_from(after);
        sim.redeal_unseen(me, &mut rng);
        mcts::playout(&mut sim, b, &mut rng, &mut scratch, &mut spots);
        total += mcts::margin(&sim, me);
    }
    total / f64::from(n)
}

/// Every move of `record` judged, in order.
pub fn analyse(record: &Record) -> Result<Vec<Review>, RecordError> {
    let mut game = Game::from_record(&Record {
        moves: Vec::new(),
        ..record.clone()
    })?;
    // Replays the record as `Game::from_record` does, checking every move.
    Game::from_record(record)?;
    let mut out = Vec::with_capacity(record.moves.len());
    let mut events = Vec::new();
    for (i, &m) in record.moves.iter().enumerate() {
        if let Some(r) = review(game.state(), m, seed(record, i)) {
            out.push(r);
        }
        game.place_tile_with(m.at, m.rotation, m.tile, &mut events)
            .expect("the record replayed");
        game.choose_follower(m.choice, &mut events)
            .expect("the record replayed");
        events.clear();
    }
    Ok(out)
}

/// One player's summary: moves judged, mean cost a move, and how many of
/// each label.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Summary {
    pub moves: u32,
    pub mean_cost: f64,
    pub counts: [u32; 4],
}

/// Each seat's summary of `reviews`, for `players` seats.
pub fn summary(reviews: &[Review], players: usize) -> Vec<Summary> {
    let mut out = vec![Summary::default(); players];
    for r in reviews {
        let s = &mut out[r.player as usize];
        s.moves += 1;
        s.mean_cost += r.cost;
        s.counts[r.label as usize] += 1;
    }
    for s in &mut out {
        s.mean_cost /= f64::from(s.moves.max(1));
    }
    out
}
