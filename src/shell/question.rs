//! A question to the table, asked in the page's own card: take back a
//! turn, leave the game in progress, take a game over from another tab,
//! delete a game. The table keeps the open question, so the page only
//! shows it; the answer comes back as [`Msg::Reply`]. Saying no is never
//! silent: a short note says what did not happen.

use super::effect::{refresh, Effect, Say};
use super::games::Gm;
use super::msg::Msg;
use super::remote::Lk;
use super::table::Table;
use super::words;

#[derive(Clone, Debug, PartialEq)]
pub enum Question {
    /// May `player`'s last turn be taken back (the game had `moves` moves)?
    Undo { player: u8, moves: usize },
    /// Leave the game in progress for the start screen?
    NewGame,
    /// Take game `0` over from the tab that has it open?
    TakeOver(String),
    /// Take game `id` back from the tab that took it, losing the `turns`
    /// played here since (the game keeps its first `keep` moves)?
    TakeBack {
        id: String,
        keep: usize,
        turns: usize,
    },
    /// Delete game `id` from the list (`what` names it)?
    Delete { id: String, what: String },
    /// Ask seat `to` by link to allow taking back this device's last turn?
    LinkAsk { to: u8 },
    /// Allow `player`'s request by link to go back to `keep` moves of `moves`?
    LinkAllow {
        player: u8,
        keep: usize,
        moves: usize,
    },
}

/// What the card says: the question, its two buttons, and the note after a no.
pub struct Words {
    pub text: String,
    pub yes: &'static str,
    pub no: &'static str,
    pub refused: &'static str,
}

impl Question {
    /// What a yes does.
    pub fn on_yes(&self) -> Msg {
        match self {
            Question::Undo { moves, .. } => Msg::UndoAgreed { moves: *moves },
            Question::NewGame => Msg::NewGameAgreed,
            Question::TakeOver(id) => Msg::Games(Gm::TakeOver(id.clone())),
            Question::TakeBack { id, keep, .. } => Msg::Games(Gm::Forget {
                id: id.clone(),
                keep: *keep,
            }),
            Question::Delete { id, .. } => Msg::Games(Gm::Deleted(id.clone())),
            Question::LinkAsk { .. } => Msg::Link(Lk::Ask),
            &Question::LinkAllow {
                player,
                keep,
                moves,
            } => Msg::Link(Lk::Allow {
                by: player,
                keep,
                moves,
            }),
        }
    }

    /// A yes throws something away (a game, turns played): the page shows
    /// it as a destructive button.
    pub fn destructive(&self) -> bool {
        matches!(self, Question::Delete { .. } | Question::TakeBack { .. })
    }

    /// The card's words; `names` are the players' of the game on the table.
    pub fn words(&self, names: &[String]) -> Words {
        let ([text, yes, no, refused], asked) = match self {
            Question::Undo { player, .. } => {
                let [yes, no, refused] = words::ask_undo_buttons();
                let name = names.get(usize::from(*player)).map_or("", String::as_str);
                (["", yes, no, refused], words::ask_undo(name))
            }
            Question::NewGame => (words::ask_new_game(), String::new()),
            Question::TakeOver(_) => (words::ask_take_over(), String::new()),
            Question::TakeBack { turns, .. } => {
                let [yes, no, refused] = words::ask_take_back_buttons();
                (["", yes, no, refused], words::ask_take_back(*turns))
            }
            Question::Delete { what, .. } => {
                let [yes, no, refused] = words::ask_delete_buttons();
                (["", yes, no, refused], words::ask_delete(what))
            }
            Question::LinkAsk { to: p } | Question::LinkAllow { player: p, .. } => {
                let allow = matches!(self, Question::LinkAllow { .. });
                let name = names.get(usize::from(*p)).map_or("", String::as_str);
                let (text, [yes, no, refused]) = words::undo_by_link(allow, name);
                (["", yes, no, refused], text)
            }
        };
        Words {
            text: if asked.is_empty() { text.into() } else { asked },
            yes,
            no,
            refused,
        }
    }
}

impl Table {
    /// Opens `q`. A question still open is a no now, and told as one.
    pub(crate) fn put_question(&mut self, q: Question) -> Vec<Effect> {
        let mut fx = match self.over.question.take() {
            Some(old) => self.refused(&old),
            None => Vec::new(),
        };
        self.over.question = Some(q);
        fx.push(Effect::Refresh);
        fx
    }

    /// The table's answer to the open question (none open: nothing).
    pub(crate) fn reply(&mut self, yes: bool) -> Vec<Effect> {
        let Some(q) = self.over.question.take() else {
            return Vec::new();
        };
        let mut fx = refresh();
        if yes {
            fx.extend(self.update_turn(q.on_yes()));
        } else {
            fx.extend(self.refused(&q));
        }
        fx
    }

    /// A no to `q`, said and shown for a moment.
    fn refused(&mut self, q: &Question) -> Vec<Effect> {
        let note = q.words(&[]).refused;
        let mut fx = self.toast(note.into());
        fx.push(Effect::Say(Say::Note(note)));
        fx
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Game, Rules};
    use crate::shell::screen::Screen;
    use crate::shell::seats::Seating;
    use crate::shell::turn::Turn;

    fn table() -> Table {
        let game = Game::new(vec!["Ann".into(), "Bob".into()], Rules::default(), 3).unwrap();
        Table::new(game, Seating::people(2), Screen::Table, Turn::default())
    }

    #[test]
    fn a_no_closes_the_question_and_says_what_did_not_happen() {
        let mut t = table();
        t.put_question(Question::NewGame);
        assert_eq!(t.over.question, Some(Question::NewGame));
        let fx = t.reply(false);
        assert_eq!(t.over.question, None);
        assert_eq!(t.over.toast.text.as_deref(), Some("The game goes on."));
        assert!(fx.contains(&Effect::Say(Say::Note("The game goes on."))));
        assert_eq!(t.screen, Screen::Table, "a no changes nothing");
        // A second answer (the card's late `close` event) finds none open.
        assert_eq!(t.reply(true), []);
        assert_eq!(t.screen, Screen::Table);
    }

    #[test]
    fn a_yes_does_what_was_asked() {
        let mut t = table();
        t.put_question(Question::NewGame);
        t.reply(true);
        assert_eq!(t.over.question, None);
        assert_eq!(t.screen, Screen::Setup);
    }

    #[test]
    fn a_question_asked_over_an_open_one_makes_the_first_a_no() {
        let mut t = table();
        t.put_question(Question::Undo {
            player: 0,
            moves: 1,
        });
        t.put_question(Question::NewGame);
        assert_eq!(t.over.question, Some(Question::NewGame));
        assert_eq!(
            t.over.toast.text.as_deref(),
            Some("Nothing was undone: the turn stands.")
        );
    }

    #[test]
    fn the_undo_question_names_the_player() {
        let q = Question::Undo {
            player: 1,
            moves: 2,
        };
        let w = q.words(&["Ann".into(), "Bob".into()]);
        assert!(w.text.contains("Bob's last turn"), "{}", w.text);
        assert_eq!(q.on_yes(), Msg::UndoAgreed { moves: 2 });
    }
}
