//! Undo in a game by link once the moves' link has gone
//! (docs/link-play.md §6): the device that made them asks, by a link of
//! its own, the seat the link went to; that device allows (both go back
//! to the moves kept, and an answer goes back by link) or refuses
//! (nothing changes, nothing is sent). The tiles stay the same: every
//! reveal already known is kept, so the draws come again as they were.

use super::effect::{effects, Effect};
use super::question::Question;
use super::remote::{table_game, ON};
use super::screen::{Layer, Screen};
use super::table::Table;
use super::words::{self, LinkW};
use crate::link::{Ask, LinkError, LinkGame};

impl Table {
    /// The moves a request to undo would keep: the game before the last
    /// moves made here, once their link has gone and no link has come
    /// since (the last moves are still this device's), the game not over.
    /// Worked out from the moves, not kept: a reload keeps it too.
    pub fn link_ask(&self) -> Option<usize> {
        let lg = self.link.game.as_ref().filter(|_| ON && self.link.sent)?;
        lg.to_play()?;
        let mut keep = lg.movers().len();
        while keep > 0 && lg.holds(lg.movers()[keep - 1]) {
            keep -= 1;
        }
        (keep < lg.movers().len()).then_some(keep)
    }

    /// Undo once the link has gone: whether to ask the seat that plays
    /// next (the one the link went to).
    pub(super) fn ask_undo(&mut self) -> Vec<Effect> {
        let to = self.link.game.as_ref().and_then(LinkGame::to_play);
        match (self.link_ask(), to) {
            (Some(_), Some(to)) => effects([Effect::Question(Question::LinkAsk { to })]),
            _ => Vec::new(),
        }
    }

    /// The request, on the link card for the seat that plays next.
    pub(super) fn undo_ask(&mut self) -> Vec<Effect> {
        let (Some(keep), Some(lg)) = (self.link_ask(), self.link.game.as_ref()) else {
            return Vec::new();
        };
        let Some(to) = lg.to_play() else {
            return Vec::new();
        };
        let ask = Ask {
            game: lg.id(),
            to,
            by: lg.movers()[keep],
            allowed: false,
            keep,
            moves: lg.moves().len(),
        };
        self.show_ask(ask)
    }

    /// `a` on the link card, to send as any link. `sent` stays as it was:
    /// undo goes by request until the answer comes.
    fn show_ask(&mut self, a: Ask) -> Vec<Effect> {
        self.link.outbox = vec![(a.to, a.encode())];
        self.link.key = None;
        self.over.open(Layer::Link);
        effects([Effect::Save, Effect::Refresh])
    }

    /// A request or an answer opened on this device.
    pub(super) fn undo_opened(&mut self, a: Ask) -> Result<Vec<Effect>, LinkError> {
        let lg = self.link.game.as_ref().ok_or(LinkError::UnknownGame)?;
        if lg.id() != a.game {
            return Err(LinkError::OtherGame);
        }
        if !lg.holds(a.to) {
            return Err(LinkError::OtherSeat { seat: a.to });
        }
        let n = lg.moves().len();
        // Only the asker's moves are taken back: made on the device that
        // asks, none on the one that allows.
        let (mut mine, mut theirs) = (true, true);
        for &p in &lg.movers()[a.keep.min(n)..a.moves.min(n)] {
            mine &= lg.holds(p);
            theirs &= !lg.holds(p);
        }
        if a.allowed {
            // The answer: this device goes back to its turn, once.
            if n != a.moves || !mine {
                return Err(LinkError::Old);
            }
            let back = lg.back_to(a.keep);
            return Ok(self.rewind(back));
        }
        if !theirs {
            return Err(LinkError::Garbled);
        }
        if n < a.keep {
            return Err(LinkError::Gap { have: n });
        }
        let name = lg.header().names.get(usize::from(a.by)).cloned();
        if n > a.moves {
            let late = words::link_line(LinkW::TooLate, name.as_deref().unwrap_or(""));
            self.over.close(Layer::Link);
            return Ok(effects([Effect::Notify(late), Effect::Refresh]));
        }
        Ok(effects([Effect::Question(Question::LinkAllow {
            player: a.by,
            keep: a.keep,
            moves: a.moves,
        })]))
    }

    /// The request allowed: this device goes back to the moves kept, and
    /// the answer goes on the link card for the seat that asked.
    pub(super) fn undo_allow(&mut self, by: u8, keep: usize, moves: usize) -> Vec<Effect> {
        let Some(lg) = self.link.game.as_ref() else {
            return Vec::new();
        };
        let n = lg.moves().len();
        if n < keep || n > moves {
            return Vec::new();
        }
        let ask = Ask {
            game: lg.id(),
            to: by,
            by,
            allowed: true,
            keep,
            moves,
        };
        let back = lg.back_to(keep);
        let mut fx = self.rewind(back);
        fx.extend(self.show_ask(ask));
        fx
    }

    /// Puts `lg` on the table in place of the game by link: the table's
    /// game follows it, and whatever was being played out stops.
    pub(super) fn rewind(&mut self, lg: LinkGame) -> Vec<Effect> {
        let Some(g) = table_game(&lg, lg.moves().len()) else {
            return Vec::new();
        };
        self.game = g;
        self.link.game = Some(lg);
        self.link.before = None;
        self.link.sent = false;
        self.link.outbox.clear();
        self.over.close(Layer::Link);
        self.computer.cancel();
        if self.screen != Screen::Table {
            self.go(Screen::Table);
        }
        self.turn.pick = super::turn::first_fitting(self.game.state());
        effects([Effect::ClearEffects, Effect::Save, Effect::Refresh])
    }
}
