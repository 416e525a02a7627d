//! What the cards over the table say, as plain data: the hand-over card,
//! the spot's (or a feature's) card, the score card, "Play on from here"
//! and the start screen's form. The page writes a card out when its part
//! here changes (`web/cards.rs`), so what a card says is decided by the
//! table alone and compared natively (`shell/tape.rs`).

use super::games::{Found, Listing};
use super::score_card::ScoreCard;
use super::screen::{Layer, Screen};
use super::seats::Seat;
use super::setup::Setup;
use super::table::Table;
use super::words;
use crate::engine::{Pos, TileKind};

#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct Cards {
    /// On the hand-over screen.
    pub hand_over: Option<HandOverCard>,
    /// While the spot's card is open.
    pub spot: Option<SpotCard>,
    /// While the score card is open.
    pub scores: Option<ScoreCard>,
    /// While "Play on from here" is open.
    pub play_on: Option<PlayOnCard>,
    /// On the start screen: the form, and whether Continue is offered.
    pub setup: Option<(Setup, bool)>,
    /// While the games list is open, once it has been read.
    pub games: Option<Vec<GameLine>>,
    /// The banner's message, if it shows.
    pub banner: Option<String>,
    /// On the review screen: the analysis of the game reviewed.
    pub analysis: Option<AnalysisCard>,
    /// While the link card is open. (Left out of a recording when shut,
    /// as tapes from before it have none.)
    #[cfg_attr(
        any(feature = "tape", not(target_arch = "wasm32")),
        serde(skip_serializing_if = "Option::is_none")
    )]
    pub link: Option<super::remote::LinkCard>,
}

/// The review's analysis as it shows: the button, the progress bar or
/// neither, the marks over the score chart, "Better here" and each
/// player's summary.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct AnalysisCard {
    /// 0: the button shows; 1: the progress bar; 2: every move is judged.
    pub state: u8,
    pub done: usize,
    pub moves: usize,
    /// Each mistake and blunder: its move (from 1), its label's name, how
    /// far along the chart (in thousandths), and its words.
    pub marks: Vec<(usize, &'static str, u32, String)>,
    pub better: String,
    /// A line a player, once a move is judged.
    pub summary: String,
}

/// "Pass the tablet to …": whose turn begins, what the turn before scored,
/// and what changed since that player's last turn.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct HandOverCard {
    pub player: u8,
    pub name: String,
    pub scored: String,
    pub since: String,
}

/// What can go on an open spot, or who holds a feature.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct SpotCard {
    /// The spot the card is about (the page keeps the card clear of it);
    /// `None` for a feature's card, which sits low.
    pub at: Option<Pos>,
    pub title: &'static str,
    /// Where the spot lies, in words ("2 squares west of the start tile").
    pub place: String,
    pub words: String,
    /// The tile kinds that fit, how many are left of each, and how each
    /// is turned to fit.
    pub tiles: Vec<(TileKind, u8, u8)>,
}

/// "Play on from here": what the new game keeps, and who plays each seat.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct PlayOnCard {
    pub note: String,
    pub seats: Vec<(String, Seat)>,
}

/// One game of the games list, as its card shows it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct GameLine {
    pub id: String,
    /// Each player's name and colour, with their score if the game reads.
    pub players: Vec<(String, u8, Option<u32>)>,
    /// When it was saved, its rules, moves and state, and where it is
    /// played, in one line.
    pub meta: String,
    /// That line is a warning: the game does not read, or another tab
    /// plays it.
    pub note: bool,
    /// "Played on from move 20 of …".
    pub from: Option<String>,
    /// The game reads: Review and Export.
    pub reads: bool,
    /// Resume's words, if it is offered.
    pub resume: Option<&'static str>,
    /// "Send the link again": a game by link waits for a link made here.
    pub resend: bool,
    pub delete: bool,
    /// The board's tiles for its picture: where, which, how turned.
    pub tiles: Vec<(i32, i32, TileKind, u8)>,
}

impl Cards {
    pub fn of(t: &Table) -> Cards {
        let open = |l| t.over.is_open(l);
        Cards {
            hand_over: t
                .over
                .handover_card
                .as_ref()
                .filter(|_| t.screen == Screen::HandOver)
                .map(|(player, scored)| HandOverCard {
                    player: t.state().current_player(),
                    name: t.game.names()[usize::from(t.state().current_player())].clone(),
                    scored: words::scored_words(*player, scored, t.game.names()),
                    since: t
                        .aids
                        .since
                        .as_ref()
                        .map(|s| words::since_words(s, t.game.names()))
                        .unwrap_or_default(),
                }),
            spot: open(Layer::Spot).then(|| spot(t)).flatten(),
            scores: open(Layer::Scores).then(|| t.score_card()),
            play_on: open(Layer::PlayOn).then(|| play_on(t)).flatten(),
            setup: (t.screen == Screen::Setup).then(|| (t.setup.clone(), t.shelf.continue_offered)),
            banner: t.over.banner.text.clone(),
            analysis: t.reviewing().map(analysis),
            link: t.link_card(),
            games: t
                .over
                .games
                .as_ref()
                .filter(|_| open(Layer::Games))
                .map(|l| {
                    // Plain loops here and below: each iterator chain
                    // collected is a generic body of its own in the bundle.
                    let mut lines = Vec::new();
                    for f in &l.found {
                        lines.push(game_line(t, l, f));
                    }
                    lines
                }),
        }
    }
}

fn spot(t: &Table) -> Option<SpotCard> {
    if let Some(info) = t.spot_info() {
        return Some(SpotCard {
            at: Some(info.at),
            title: words::card_titles()[0],
            place: words::where_words(info.at),
            words: words::spot_words(&info),
            tiles: info.tiles,
        });
    }
    let (_, _, r) = t.feature_card()?;
    Some(SpotCard {
        at: None,
        title: words::card_titles()[1],
        place: String::new(),
        words: words::feature_words(&r, t.game.names()),
        tiles: Vec::new(),
    })
}

fn play_on(t: &Table) -> Option<PlayOnCard> {
    let r = t.review.as_ref()?;
    let live = &t.game;
    let busy = !live.moves().is_empty() && !live.state().is_over();
    let mut seats = Vec::new();
    for (name, &seat) in r.game().names().iter().zip(&r.seating.seats) {
        // Played on here, a seat that was on another device is a person's
        // (the card offers no other device: the game is no longer by link).
        let seat = if seat == Seat::Remote {
            Seat::Human
        } else {
            seat
        };
        seats.push((name.clone(), seat));
    }
    Some(PlayOnCard {
        note: words::play_on_note(r.at, busy),
        seats,
    })
}

fn game_line(t: &Table, l: &Listing, f: &Found) -> GameLine {
    let e = &f.entry;
    let offer = t.offer(&e.id, e.finished, f.elsewhere);
    let reads = f.game.is_some();
    let mut meta = words::saved_when(e.date, l.now, f.offset);
    let mut add = |s: &str| {
        if !meta.is_empty() {
            meta.push_str(" · ");
        }
        meta.push_str(s);
    };
    if reads {
        add(&words::rules_said(&e.rules));
        add(&words::moves_words(e.moves));
        add(if e.finished {
            words::t(words::GamesW::Finished)
        } else {
            words::t(words::GamesW::InProgress)
        });
        if let Some(place) = offer.place {
            add(place);
        }
        // A game by link: whose turn it is.
        match f.waiting.as_deref() {
            Some("") => add(words::t(words::LinkW::YourTurn)),
            Some(name) => add(&words::link_line(words::LinkW::WaitingFor, name)),
            None => {}
        }
    } else {
        add(words::t(words::GamesW::EntryUnreadable));
    }
    let mut players = Vec::new();
    for p in &e.players {
        players.push((p.name.clone(), p.colour, reads.then_some(p.score)));
    }
    let mut tiles = Vec::new();
    if let Some(g) = &f.game {
        for p in g.0.state().board().tiles() {
            tiles.push((p.pos.x, p.pos.y, p.kind, p.rotation));
        }
    }
    GameLine {
        id: e.id.clone(),
        players,
        meta,
        // Played in another tab: noted as a warning is.
        note: !reads
            || offer
                .place
                .is_some_and(|p| p != words::t(words::GamesW::OnTheTable)),
        from: f
            .origin
            .as_ref()
            .map(|(moves, of)| words::played_on(*moves, &t.named(of))),
        reads,
        resume: offer.resume.filter(|_| reads),
        resend: f.resend && !f.elsewhere,
        delete: offer.delete,
        tiles,
    }
}

fn analysis(r: &super::review::Review) -> AnalysisCard {
    use crate::ai::analysis::Label;
    let a = &r.analysis;
    let (done, moves) = (a.judged.len(), r.moves());
    let mut marks = Vec::new();
    for &(i, j) in &a.judged {
        let l = j.label();
        if l >= Label::Mistake {
            let along = (1000 * (i + 1) / moves.max(1)) as u32;
            marks.push((i + 1, l.name(), along, words::mark_words(i + 1, l)));
        }
    }
    let better = r.better().map_or(String::new(), |b| {
        words::better_line(b.judged.label(), b.judged.cost(), &b.why)
    });
    let mut summary = String::new();
    if done > 0 {
        let sums = a.summary();
        for (k, name) in r.game().names().iter().enumerate() {
            if k > 0 {
                summary.push('\n');
            }
            summary.push_str(&words::analysis_summary(name, sums[k].0, sums[k].1));
        }
    }
    AnalysisCard {
        state: if a.running {
            1
        } else if done == moves {
            2
        } else {
            0
        },
        done,
        moves,
        marks,
        better,
        summary,
    }
}
