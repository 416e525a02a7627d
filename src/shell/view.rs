//! What the table shows, as plain data: the screen, the cards over it and
//! what they say, the question and its words, the note, the guide's card, the top bar and the
//! dock, the turn on the board, the aids and the review's place. Computed
//! from the [`Table`] alone, so the same messages give the same views on
//! the page and natively (see `shell/tape.rs`). The games list's key of the
//! game is not in it: it is written by the page's storage, not shown.

use super::bars::Bars;
use super::cards::Cards;
use super::screen::{Layer, Screen};
use super::table::Table;
use crate::engine::{Location, Pos};

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct View {
    pub screen: Screen,
    pub layers: Vec<Layer>,
    /// The question asked, in words: the text and its two buttons.
    pub question: Option<(String, &'static str, &'static str)>,
    pub toast: Option<String>,
    /// The first-game guide's card on show.
    pub guide: Option<u32>,
    pub bars: Bars,
    pub turn: TurnView,
    pub spot: Option<Pos>,
    pub examined: Option<(Pos, Location)>,
    pub fields: bool,
    /// The review's move on show and how many it has, if it shows.
    pub review: Option<(usize, usize)>,
    /// The start screen offers Continue.
    pub continue_offered: bool,
    /// Another tab has the game.
    pub lost: bool,
    /// What the open cards and the banner say.
    pub cards: Cards,
    /// The settings menu's boxes: the fits highlight, turning only to
    /// where the tile fits, the hand-over card.
    pub settings: [bool; 3],
}

/// The turn as the board draws it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct TurnView {
    pub moves: usize,
    /// The tile laid this turn, waiting for its follower.
    pub pending: Option<(Pos, u8)>,
    pub candidate: Option<Pos>,
    pub rotation: u8,
    pub pick: usize,
    pub focus: Option<usize>,
    /// The cells where the tile fits, as many as there are.
    pub fits: usize,
    /// The follower spots offered.
    pub options: usize,
    pub scores: Vec<u32>,
}

impl View {
    pub fn of(t: &Table) -> View {
        let s = t.state();
        let over = &t.over;
        View {
            screen: t.screen,
            layers: over.layers.clone(),
            question: over.question.as_ref().map(|q| {
                let w = q.words(t.game.names());
                (w.text, w.yes, w.no)
            }),
            toast: over.toast.text.clone(),
            guide: over.guide.step,
            bars: Bars::of(t, t.turn.options.len()),
            turn: TurnView {
                moves: t.game.moves().len(),
                pending: t.game.pending(),
                candidate: t.turn.candidate,
                rotation: t.turn.rotation,
                pick: t.turn.pick,
                focus: t.turn.focus,
                fits: t.turn.fits.len(),
                options: t.turn.options.len(),
                scores: super::score_card::totals_now(s),
            },
            spot: t.aids.spot,
            examined: t.aids.examined,
            fields: t.aids.fields,
            review: t.review.as_ref().map(|r| (r.at, r.moves())),
            continue_offered: t.shelf.continue_offered,
            lost: t.shelf.lost,
            cards: Cards::of(t),
            settings: [t.aids.highlight, t.turn.only_fitting, t.turn.handover],
        }
    }
}
