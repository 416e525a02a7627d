//! "Analyse this game" on the review screen (issue 36): the computer
//! judges the moves one by one in the background, up to [`AT_ONCE`] at a
//! time (one for each AI worker, a core left to the page), and keeps each
//! answer with the game, so a game
//! is analysed once and an analysis cut short goes on where it stopped.
//! The table decides every step: which move to ask next, when to stop,
//! what to keep; the page only asks ([`Do::Ask`]) and stores ([`Do::Keep`],
//! [`Do::Load`]), and each answer comes back as [`Rv::Judged`].

use super::effect::{effects, refresh, Effect};
use super::review::{Review, Rv};
use super::table::Table;
use crate::ai::analysis::Label;
use crate::engine::follower::MAX_PLAYERS;
use crate::engine::{
    Event, FollowerChoice, Game, HalfEdge, Location, Move, Pos, Role, Side, TileKind,
};

/// Moves asked at once at most: the page runs two AI workers.
pub const AT_ONCE: usize = 2;

/// Moves asked at once on a device of `cores` cores: one fewer, so that
/// the page keeps a core to draw its frames (at least one, at most
/// [`AT_ONCE`]).
pub fn at_once(cores: u8) -> usize {
    usize::from(cores).clamp(2, AT_ONCE + 1) - 1
}

/// What the page is asked to do for the analysis.
#[derive(Clone, Debug, PartialEq)]
pub enum Do {
    /// Judge move `index` (0-based) of the game reviewed (`Game.analyseMove`)
    /// and answer [`Rv::Judged`] with `token`.
    Ask { token: u32, index: usize },
    /// Keep `text` under `name` (a failure only costs the work again).
    Keep { name: String, text: String },
    /// Read what is kept under `name` and answer [`Rv::Stored`].
    Load(String),
}

/// The computer's judgement of one move, as it is kept: margins in
/// hundredths of a point (whole numbers write and read back exactly).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Judged {
    pub player: u8,
    pub best: Move,
    /// The expected final margins of the move played and of the best
    /// move (`ai::analysis::Review`).
    pub played: i32,
    pub better: i32,
}

/// Points in hundredths.
pub fn hundredths(points: f64) -> i32 {
    (points * 100.0).round() as i32
}

impl Judged {
    /// What the move played cost, in hundredths of a point.
    pub fn cost(&self) -> i32 {
        (self.better - self.played).max(0)
    }

    pub fn label(&self) -> Label {
        Label::of(f64::from(self.cost()) / 100.0)
    }
}

/// The analysis of the game reviewed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analysis {
    /// The moves judged so far, by index (0-based), in the order they came.
    pub judged: Vec<(usize, Judged)>,
    /// Moves are being asked.
    pub running: bool,
    /// The moves asked and not yet answered.
    asked: Vec<usize>,
    /// The question's token: answers to an older one are dropped.
    token: u32,
    /// Moves asked at once ([`at_once`]).
    at_once: usize,
    /// Where it is kept (`analysis.<game id>`); `None` for a file watched.
    pub name: Option<String>,
}

impl Analysis {
    /// The judgement of move `i`, if it is in.
    pub fn of(&self, i: usize) -> Option<Judged> {
        self.judged.iter().find(|(k, _)| *k == i).map(|(_, j)| *j)
    }

    /// Each player's mean cost a move in hundredths of a point, and their
    /// count of each label.
    pub fn summary(&self) -> [(i32, [i32; 4]); MAX_PLAYERS] {
        let mut out = [(0, [0; 4]); MAX_PLAYERS];
        for (_, j) in &self.judged {
            let s = &mut out[usize::from(j.player) % MAX_PLAYERS];
            s.0 += j.cost();
            s.1[j.label() as usize] += 1;
        }
        for s in &mut out {
            s.0 /= s.1.iter().sum::<i32>().max(1);
        }
        out
    }

    /// The judgements as text, a move a line of whole numbers: its index,
    /// the player, both margins, the move played (so that the judgement
    /// of a move since undone is not read back) and the best move.
    pub fn write(&self, moves: &[Move]) -> String {
        let mut t = String::new();
        for &(i, j) in &self.judged {
            let mut v = vec![i as i32, i32::from(j.player), j.played, j.better];
            v.extend(numbers(&moves[i]));
            v.extend(numbers(&j.best));
            for n in v {
                if n < 0 {
                    t.push('-');
                }
                super::words::push_num(&mut t, n.unsigned_abs());
                t.push(',');
            }
            t.push('\n');
        }
        t
    }

    /// Reads back what [`Analysis::write`] kept, for a game whose moves
    /// are `moves`: a line that does not read, or whose move is not the
    /// one played now, is left out (that move is asked again).
    pub fn read(&mut self, text: &str, moves: &[Move]) {
        let (mut v, mut n, mut neg) = (Vec::new(), 0i32, false);
        for b in text.bytes() {
            match b {
                b'-' => neg = true,
                b'0'..=b'9' => n = n.wrapping_mul(10).wrapping_add(i32::from(b - b'0')),
                b',' => {
                    v.push(if neg { -n } else { n });
                    (n, neg) = (0, false);
                }
                _ => {
                    if let [i, player, played, better, ref m @ ..] = v[..] {
                        let i = i as usize;
                        if m.len() == 2 * FIELDS
                            && self.of(i).is_none()
                            && moves.get(i).copied() == of_numbers(&m[..FIELDS])
                        {
                            if let Some(best) = of_numbers(&m[FIELDS..]) {
                                let j = Judged {
                                    player: player as u8,
                                    best,
                                    played,
                                    better,
                                };
                                self.judged.push((i, j));
                            }
                        }
                    }
                    v.clear();
                }
            }
        }
    }
}

/// The numbers a move is kept as.
const FIELDS: usize = 7;

/// A move as numbers: x, y, rotation, the hand tile's kind (-1: none), the
/// choice (-1 none, 0 to 3 a side, 4 to 11 a half-edge, 12 the centre, 13
/// the abbot, 14 its recall) and the recall's cell.
fn numbers(m: &Move) -> [i32; FIELDS] {
    let (c, r) = match m.choice {
        FollowerChoice::Skip => (-1, Pos::new(0, 0)),
        FollowerChoice::Follower(Location::Side(s)) => (i32::from(s.index()), Pos::new(0, 0)),
        FollowerChoice::Follower(Location::Half(h)) => (4 + i32::from(h.index()), Pos::new(0, 0)),
        FollowerChoice::Follower(Location::Center) => (12, Pos::new(0, 0)),
        FollowerChoice::Abbot => (13, Pos::new(0, 0)),
        FollowerChoice::RecallAbbot(p) => (14, p),
    };
    [
        m.at.x,
        m.at.y,
        i32::from(m.rotation),
        m.tile.map_or(-1, |k| i32::from(k.0)),
        c,
        r.x,
        r.y,
    ]
}

fn of_numbers(v: &[i32]) -> Option<Move> {
    let choice = match v[4] {
        -1 => FollowerChoice::Skip,
        c @ 0..=3 => FollowerChoice::Follower(Location::Side(Side::from_index(c as u8))),
        c @ 4..=11 => FollowerChoice::Follower(Location::Half(HalfEdge::new(c as u8 - 4))),
        12 => FollowerChoice::Follower(Location::Center),
        13 => FollowerChoice::Abbot,
        14 => FollowerChoice::RecallAbbot(Pos::new(v[5], v[6])),
        _ => return None,
    };
    Some(Move {
        at: Pos::new(v[0], v[1]),
        rotation: v[2] as u8 & 3,
        tile: u8::try_from(v[3])
            .ok()
            .filter(|k| usize::from(*k) < TileKind::COUNT)
            .map(TileKind),
        choice,
    })
}

/// Where the analysis of game `id` is kept.
pub fn name_of(id: &str) -> String {
    super::library::key("analysis", id)
}

/// The better move at a move shown, for the board and its sentence.
pub struct Better {
    pub at: Pos,
    pub rotation: u8,
    pub kind: TileKind,
    /// Its follower, if it places one: where, and what it is.
    pub piece: Option<(Location, Role)>,
    /// Why it is better, in words ("closes the city for 12 points").
    pub why: String,
    /// It goes on the cell of the move played: drawn small at that
    /// tile's corner, so both show.
    pub shared: bool,
    pub judged: Judged,
}

impl Review {
    /// The better move at the move shown, if the analysis found one (a
    /// move that cost at least an inaccuracy).
    pub fn better(&self) -> Option<Better> {
        let i = self.at.checked_sub(1)?;
        let judged = self.analysis.of(i)?;
        if judged.label() == Label::Good {
            return None;
        }
        let mut g = self.games[i].clone();
        let mut best = Vec::new();
        let m = judged.best;
        g.place_tile_with(m.at, m.rotation, m.tile, &mut best)
            .ok()?;
        g.choose_follower(m.choice, &mut best).ok()?;
        let mut kind = None;
        let mut piece = None;
        for e in &best {
            match *e {
                Event::TilePlaced { tile, .. } => kind = Some(tile),
                Event::FollowerPlaced { location, role, .. } => piece = Some((location, role)),
                _ => {}
            }
        }
        Some(Better {
            at: m.at,
            rotation: m.rotation,
            kind: kind?,
            piece,
            why: super::words::better_why(judged.player, &best, &self.events[i]),
            shared: self.games[i + 1].moves()[i].at == m.at,
            judged,
        })
    }

    /// The evaluation drawn on the score chart, a column a move judged:
    /// the move (from 1), its player, and the final margin its player is
    /// expected to have against the best opponent after it, as a share of
    /// the tallest column's reach (half the chart's height; at least 10
    /// points). A column rather than a line per player: each move is
    /// judged from its own player's seat, so it is that player's margin,
    /// with any number of players; above the middle whoever moved is
    /// expected to win, below to lose, and a mistake shows as a drop in
    /// its player's colour. Lichess draws one advantage curve, which only
    /// two players have.
    pub fn curve(&self) -> Vec<(usize, u8, f64)> {
        let j = &self.analysis.judged;
        let reach = j
            .iter()
            .fold(1000.0, |r, (_, j)| f64::from(j.played.abs()).max(r));
        let mut columns = Vec::with_capacity(j.len());
        for &(i, j) in j {
            columns.push((i + 1, j.player, f64::from(j.played) / reach));
        }
        columns
    }

    /// The whole game reviewed, at its last move.
    pub fn whole(&self) -> &Game {
        &self.games[self.moves()]
    }

    /// The judgement of move `index`, worked out here as an AI worker
    /// works it out (`Game.analyseMove`): for native tests and tools (the
    /// page asks its workers, and without them has no analysis).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn judge(&self, index: usize) -> Result<Judged, String> {
        let whole = self.whole();
        let r = whole.moves().get(index).and_then(|&played| {
            let seed = crate::ai::analysis::seed(&whole.record(), index);
            crate::ai::analysis::review(self.games[index].state(), played, seed)
        });
        r.map(|r| Judged {
            player: r.player,
            best: r.best,
            played: hundredths(r.played_margin),
            better: hundredths(r.best_margin),
        })
        .ok_or_else(|| super::words::t(super::words::GamesW::NoTile).into())
    }
}

impl Table {
    /// The analysis's messages ([`Rv::Analyse`], [`Rv::StopAnalysis`],
    /// [`Rv::Judged`], [`Rv::Stored`]): after each, the moves not yet
    /// judged are asked, [`at_once`] at a time, first to last.
    pub(crate) fn analysis_msg(&mut self, rv: Rv) -> Vec<Effect> {
        let fresh = self.computer.token();
        let Some(r) = self.review.as_mut() else {
            return Vec::new();
        };
        let moves = r.games[r.moves()].moves();
        let a = &mut r.analysis;
        let mut fx = refresh();
        match rv {
            Rv::Analyse(cores) if !a.running => {
                a.running = true;
                a.token = fresh;
                a.at_once = at_once(cores);
            }
            Rv::StopAnalysis => {
                a.running = false;
                a.asked.clear();
                return fx;
            }
            Rv::Judged {
                token,
                index,
                reply,
            } if a.running && token == a.token && a.asked.contains(&index) => {
                // Asked once: removed, not `retain`ed (a generic body less).
                if let Some(k) = a.asked.iter().position(|i| *i == index) {
                    a.asked.remove(k);
                }
                match reply {
                    Ok(j) => {
                        a.judged.push((index, j));
                        if index + 1 != r.at {
                            // The board and the rest stay as they were:
                            // the page writes out the analysis alone.
                            fx.remove(0);
                        }
                        if let Some(name) = a.name.clone() {
                            let text = a.write(moves);
                            fx.push(Effect::Analysis(Do::Keep { name, text }));
                        }
                    }
                    Err(e) => {
                        a.running = false;
                        a.asked.clear();
                        fx.push(Effect::Notify(e));
                        return fx;
                    }
                }
            }
            Rv::Stored(text) => {
                a.read(&text, moves);
                return fx;
            }
            _ => return Vec::new(),
        }
        while a.asked.len() < a.at_once {
            let Some(index) = (0..moves.len()).find(|i| a.of(*i).is_none() && !a.asked.contains(i))
            else {
                break;
            };
            a.asked.push(index);
            fx.push(Effect::Analysis(Do::Ask {
                token: a.token,
                index,
            }));
        }
        a.running = !a.asked.is_empty();
        fx
    }

    /// The review now shows game `id`: its analysis is kept under its name,
    /// and what was kept of it is read.
    pub(crate) fn analysis_of(&mut self, id: Option<&str>) -> Vec<Effect> {
        let Some((r, id)) = self.review.as_mut().zip(id) else {
            return Vec::new();
        };
        let name = name_of(id);
        r.analysis.name = Some(name.clone());
        effects([Effect::Analysis(Do::Load(name))])
    }
}
