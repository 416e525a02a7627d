//! The review's analysis on the page: carries out what the shell's
//! analysis asks ([`Do`]: a worker judges a move, storage keeps or reads
//! the judgements) and writes out what it holds: the button, the progress
//! bar with its Cancel, the marks over the score chart, the "Better here"
//! line and each player's summary. Every decision is `shell::analysis`'s.

use super::app::{post, App};
use super::dom::{by_id, listen, on, set_text};
use super::events::Event;
use crate::ai::analysis::Label;
use crate::shell::analysis::Do;
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
                        reply: Err(words::ANALYSIS_NO_WORKER.into()),
                    }));
                }
            }
            Do::Keep { name, text } => {
                let _ = super::storage::save(&name, &text);
            }
            Do::Show => self.show_analysis(),
            Do::Load(name) => {
                if let Some(text) = super::storage::load(&name) {
                    self.send(Msg::Review(Rv::Stored(text)));
                }
            }
        }
    }

    /// Writes out the analysis of the review shown.
    pub fn show_analysis(&self) {
        let Some(r) = self.table.reviewing() else {
            return;
        };
        let a = &r.analysis;
        let (done, n) = (a.judged.len(), r.moves());
        let attr = |id: &str, k: &str, v: &str| {
            if let Ok(e) = by_id::<Element>(id) {
                let _ = e.set_attribute(k, v);
            }
        };
        // The stylesheet shows the button (0), the progress bar (1), or
        // neither once every move is judged (2).
        let state = if a.running {
            "1"
        } else if done == n {
            "2"
        } else {
            "0"
        };
        attr("rv-an", "data-run", state);
        attr("rv-progress", "max", &words::num(n as u32));
        attr("rv-progress", "value", &words::num(done as u32));
        // The marks: a button over the chart for each mistake and blunder,
        // `--x` thousandths along it (set through the CSSOM: the page's
        // Content-Security-Policy refuses style attributes).
        let mut h = String::new();
        let mut xs = Vec::new();
        for &(i, j) in &a.judged {
            let l = j.label();
            if l < Label::Mistake {
                continue;
            }
            let k = (i + 1) as u32;
            h.push_str("<button type=button class=");
            h.push_str(l.name());
            h.push_str(" data-n=");
            words::push_num(&mut h, k);
            xs.push(words::num(1000 * k / n as u32));
            h.push_str(" aria-label=\"");
            h.push_str(&words::mark_words(i + 1, l));
            h.push_str(if l == Label::Blunder {
                "\">??</button>"
            } else {
                "\">?</button>"
            });
        }
        if let Ok(m) = by_id::<Element>("rv-marks") {
            if m.inner_html() != h {
                m.set_inner_html(&h);
                let c = m.children();
                for (k, x) in xs.iter().enumerate() {
                    if let Some(b) = c
                        .item(k as u32)
                        .and_then(|b| b.dyn_into::<HtmlElement>().ok())
                    {
                        let _ = b.style().set_property("--x", x);
                    }
                }
            }
        }
        let mut t = String::new();
        if let Some(b) = r.better() {
            t = words::better_line(b.judged.label(), b.judged.cost(), &b.why);
        }
        if let Ok(p) = by_id::<Element>("rv-better") {
            set_text(&p, &t);
        }
        let mut t = String::new();
        let sums = a.summary();
        for (k, name) in r.game().names().iter().enumerate() {
            if done > 0 {
                if k > 0 {
                    t.push('\n');
                }
                t.push_str(&words::analysis_summary(name, sums[k].0, sums[k].1));
            }
        }
        if let Ok(p) = by_id::<Element>("rv-sum") {
            set_text(&p, &t);
        }
    }
}

pub fn wire() -> Result<(), JsValue> {
    on("rv-analyse", "click", || send(Rv::Analyse))?;
    on("rv-stop", "click", || send(Rv::StopAnalysis))?;
    let marks: Element = by_id("rv-marks")?;
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
