//! The page writes each card out from the table's [`Cards`] when what it
//! says has changed, after every message: what a card says is the
//! table's, and no message has to ask for it to be written.

use super::app::App;
use crate::shell::cards::Cards;

impl App {
    /// Writes out the cards whose words changed since they were last written.
    pub fn write_cards(&mut self) {
        let now = Cards::of(&self.table);
        let was = std::mem::take(&mut self.ui.cards);
        if now.hand_over != was.hand_over {
            if let Some(c) = &now.hand_over {
                super::handover::card(self, c);
            }
        }
        if now.spot != was.spot {
            if let Some(c) = &now.spot {
                super::spot::fill(self, c);
            }
        }
        if now.scores != was.scores {
            if let Some(c) = &now.scores {
                super::panel::fill(self, c, was.scores.is_none());
            }
        }
        if now.play_on != was.play_on {
            if let Some(c) = &now.play_on {
                super::review::play_on_card(c);
            }
        }
        if now.setup != was.setup {
            if let Some((s, offered)) = &now.setup {
                if let Some(first) = super::setup::draw(s, *offered, was.setup.is_none()) {
                    self.ui.focus_start = Some(first);
                    self.request_frame();
                }
            }
        }
        if now.games != was.games {
            if let Some(lines) = &now.games {
                super::games_card::fill(lines, was.games.is_none());
            }
        }
        if crate::shell::remote::ON && now.link != was.link {
            if let Some(c) = &now.link {
                super::link::fill(c);
            }
        }
        if now.banner != was.banner {
            super::banner::show(now.banner.as_deref());
        }
        if now.analysis != was.analysis {
            if let Some(c) = &now.analysis {
                // Moves judged: their columns on the chart, every fourth
                // answer and the last (a redraw is a third of an answer's
                // work on the page), drawn first: its width is read before
                // the page is written to.
                if was.analysis.as_ref().map(|w| w.done) != Some(c.done)
                    && (c.done % 4 == 0 || c.state != 1)
                {
                    self.review_chart();
                }
                super::analysis::write(c, was.analysis.as_ref());
            }
        }
        self.ui.cards = now;
    }
}
