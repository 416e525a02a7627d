//! The review's analysis on the page: carries out what the shell's
//! analysis asks ([`Do`]: a worker judges a move, storage keeps or reads
//! the judgements), and writes out the table's [`AnalysisCard`] when it
//! changes: the button, the progress bar with its Cancel, the marks over
//! the score chart, the "Better here" line and each player's summary.
//! Every decision is `shell::analysis`'s.

use super::app::{post, App};
use super::dom::{self, listen};
use super::events::Event;
use crate::shell::analysis::Do;
use crate::shell::cards::AnalysisCard;
use crate::shell::msg::Msg;
use crate::shell::review::Rv;
use crate::shell::words;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

fn send(rv: Rv) {
    post(Event::Table(Msg::Review(rv)));
}

impl App {
    /// Carries out what the analysis asks.
    pub fn analysis(&mut self, d: Do) {
        match d {
            Do::Ask { token, index } => {
                let Some(r) = self.table.review.as_ref() else {
                    return;
                };
                let record = super::saves::record_value(r.whole(), &r.seating);
                if !super::worker::analyse(token, &record, index) {
                    self.send(Msg::Review(Rv::Judged {
                        token,
                        index,
                        reply: Err(words::t(words::GamesW::AnalysisNoWorker).into()),
                    }));
                }
            }
            Do::Keep { name, text } => {
                let _ = super::storage::save(&name, &text);
            }
            Do::Load(name) => {
                if let Some(text) = super::storage::load(&name) {
                    self.send(Msg::Review(Rv::Stored(text)));
                }
            }
        }
    }
}

/// Writes out the review's analysis (the table's [`AnalysisCard`]); the
/// marks only when they differ from `was`, what was written last (each
/// answer moves the bar on, and seldom more).
pub fn write(c: &AnalysisCard, was: Option<&AnalysisCard>) {
    // The marks first: the chart's width is read before the page is
    // written to, so no layout is forced.
    if was.is_none_or(|w| w.marks != c.marks) {
        marks(c);
    }
    let attr = dom::attr;
    // The stylesheet shows the button (0), the progress bar (1), or
    // neither once every move is judged (2).
    attr("rv-an", "data-run", &words::num(u32::from(c.state)));
    attr("rv-progress", "max", &words::num(c.moves as u32));
    attr("rv-progress", "value", &words::num(c.done as u32));
    for (id, text) in [("rv-better", &c.better), ("rv-sum", &c.summary)] {
        dom::text(id, text);
    }
}

/// The marks: a button over the chart for each mistake and blunder, over
/// its move. Blunders are placed first, then mistakes, each left to right,
/// in the first of two rows where it clears the marks placed; one that
/// clears neither is left out (a neighbour's mark is a step from its move,
/// and the summary counts it), so on a phone no mark covers another.
/// Placed through the CSSOM: the page's Content-Security-Policy refuses
/// style attributes.
pub fn marks(c: &AnalysisCard) {
    let Some(m) = dom::get("rv-marks") else {
        return;
    };
    let w = f64::from(m.client_width());
    let mut at: Vec<Option<(f64, f64)>> = vec![None; c.marks.len()];
    for pass in ["blunder", "mistake"] {
        for (k, (_, label, along, _)) in c.marks.iter().enumerate() {
            if *label == pass {
                // The chart's plot, as `panel::chart` spans it; a mark whole
                // inside the chart.
                let x = (34.0 + (w - 42.0) * f64::from(*along) / 1000.0)
                    .min(w - 18.0)
                    .max(18.0);
                at[k] = [0.0, 38.0]
                    .into_iter()
                    .find(|&y| {
                        at.iter()
                            .flatten()
                            .all(|&(u, v)| v != y || (u - x).abs() >= 38.0)
                    })
                    .map(|y| (x, y));
            }
        }
    }
    let mut h = String::new();
    for ((n, label, _, said), a) in c.marks.iter().zip(&at) {
        if a.is_none() {
            continue;
        }
        h.push_str("<button type=button class=");
        h.push_str(label);
        h.push_str(" data-n=");
        words::push_num(&mut h, *n as u32);
        h.push_str(" aria-label=\"");
        h.push_str(said);
        h.push_str(if *label == "blunder" {
            "\">??</button>"
        } else {
            "\">?</button>"
        });
    }
    m.set_inner_html(&h);
    let buttons = m.children();
    let px = |v: f64| {
        let mut t = words::num(v as u32);
        t.push_str("px");
        t
    };
    for (k, (x, y)) in at.iter().flatten().enumerate() {
        if let Some(b) = buttons
            .item(k as u32)
            .map(JsCast::unchecked_into::<HtmlElement>)
        {
            let s = b.style();
            let _ = s.set_property("left", &px(*x));
            let _ = s.set_property("top", &px(*y));
        }
    }
}

pub fn wire() -> Result<(), JsValue> {
    dom::on_all(&[
        ("rv-analyse", "click", || {
            let cores = web_sys::window().map_or(0.0, |w| w.navigator().hardware_concurrency());
            send(Rv::Analyse(cores as u8))
        }),
        ("rv-stop", "click", || send(Rv::StopAnalysis)),
    ]);
    let marks: Element = dom::el("rv-marks");
    listen(&marks, "click", |e| {
        let n = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.get_attribute("data-n"))
            .and_then(|n| super::dom::number(&n));
        if let Some(n) = n {
            send(Rv::Jump(n as usize));
        }
    });
    Ok(())
}
