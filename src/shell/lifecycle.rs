//! A game's life at the table: which screen the page opens on (the saved
//! game, a deal named in the address, or the start screen of a first
//! visit), then starting a game from the form, continuing, a new game,
//! a rematch and an imported file. The `Table` lives as long as the page;
//! each new game takes its place on it.

use super::effect::{effects, refresh, Effect, Say};
use super::msg::Msg;
use super::question::Question;
use super::screen::Screen;
use super::seats::{Seat, Seating};
use super::setup::Setup;
use super::table::Table;
use super::turn::Turn;
use super::words;
use crate::engine::{Game, Rules};

/// A deal named in the page's address (`?seed=N&players=K&seats=…`),
/// started at once.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Deal {
    pub players: Option<usize>,
    /// Who sits in each seat, when listed (`seats=human,hard`).
    pub seats: Vec<Seat>,
}

pub use super::settings::Settings;

/// What the page finds when it opens.
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct StartUp {
    /// The saved game, as its record has it.
    #[cfg_attr(
        any(feature = "tape", not(target_arch = "wasm32")),
        serde(with = "super::games::saved")
    )]
    pub saved: Option<(Game, Seating)>,
    /// The tile confirmed this turn before a reload, kept beside it.
    pub pending: Option<super::in_progress::Pending>,
    /// Its key in the games list.
    pub current: Option<String>,
    /// What rebuilds it if it is a game by link ([`super::library::link`]).
    pub link: Option<String>,
    /// Why a save could not be read (it was kept aside).
    pub notice: Option<String>,
    /// Where the tile lay unconfirmed this turn before a reload.
    pub candidate: Option<super::in_progress::Pending>,
    pub deal: Option<Deal>,
    /// This tab was already playing (a reload): no start screen.
    pub playing: bool,
    /// The deal for a game set up now.
    pub seed: u64,
    /// The start screen as last filled in.
    pub setup: Setup,
    pub settings: Settings,
}

impl Table {
    /// The table the page opens on, and what the page does first. A deal in
    /// the address starts at once (and is saved, so a reload resumes it);
    /// a reload within a session that is already playing resumes the saved
    /// game; otherwise the start screen comes first, the saved game behind it.
    ///
    /// # Errors
    /// Only if the fresh deal is refused by the engine (it never is: two to
    /// six names and a seed in range), with its reason.
    pub fn start_up(s: StartUp) -> Result<(Table, Vec<Effect>), String> {
        let mut fx = Vec::new();
        let has_saved = s.saved.is_some();
        let direct = s.deal.is_some();
        let (game, seating) = match (s.saved, &s.deal) {
            (Some((mut g, seating)), _) => {
                super::in_progress::put_back(&mut g, &seating, s.pending);
                (g, seating)
            }
            (None, deal) => {
                let deal = deal.clone().unwrap_or_default();
                let listed = (2..=6).contains(&deal.seats.len());
                let players = if listed {
                    deal.seats.len()
                } else {
                    deal.players.unwrap_or(2).clamp(2, 6)
                };
                let mut seating = Seating::people(players);
                if listed {
                    seating.seats = deal.seats;
                }
                let mut names = Vec::new();
                for n in words::colour_names().iter().take(players) {
                    names.push(n.to_string());
                }
                let seed = s.seed & crate::engine::record::MAX_SEED;
                let game = Game::new(names, Rules::default(), seed)
                    .map_err(|e| crate::shell::words::record_refusal(&e))?;
                (game, seating)
            }
        };
        let screen = if direct || s.playing {
            Screen::Table
        } else {
            Screen::Setup
        };
        let turn = Turn {
            only_fitting: s.settings.only_fitting,
            handover: s.settings.handover,
            ..Turn::default()
        };
        let mut t = Table::new(game, seating, screen, turn);
        let linked = t.restore_link(s.link.as_deref());
        // A reload in play: whoever holds the tablet now, a hidden hand
        // waits for the hand-over.
        let hidden = t.hidden_from(None).filter(|_| screen == Screen::Table);
        if hidden.is_some() {
            t.screen = Screen::HandOver;
        }
        t.computer.less_motion = s.settings.less_motion;
        t.aids.highlight = s.settings.highlight;
        t.over.guide.seen = s.settings.guide_seen;
        t.setup = s.setup;
        t.shelf.continue_offered = has_saved && screen == Screen::Setup;
        t.shelf.current = s.current.filter(|_| has_saved);
        fx.push(Effect::NewTable);
        fx.extend(linked);
        if t.shelf.current.is_some() && screen == Screen::Table {
            // A reload: the game is this tab's, unless another took it over.
            fx.push(Effect::Claim { take: false });
        }
        fx.push(super::games::beat());
        if direct {
            fx.push(Effect::KeepDeal);
        }
        fx.push(Effect::Say(Say::Greeting(if has_saved {
            words::t(words::GamesW::GameResumed)
        } else {
            words::t(words::GamesW::NewGame)
        })));
        if let Some(m) = s.notice {
            fx.push(Effect::Notify(m));
        }
        if let Some(spot) = s.candidate {
            if t.human_turn() && t.turn.restore_kept(&t.game, spot) {
                fx.push(Effect::Refresh);
            }
        }
        fx.push(Effect::Refresh);
        if let Some(player) = hidden {
            t.over.handover_card = Some((player, Vec::new()));
        }
        let more = t.update(Msg::Resume);
        fx.extend(more);
        // A finished game (a reload during the final scoring, say) opens
        // on its results, with Rematch at hand.
        if t.screen == Screen::Table {
            fx.extend(t.update(Msg::ResultsDue));
        }
        Ok((t, fx))
    }

    /// Puts a new game on the table: the start screen and the cards go, the
    /// turn and the computers start afresh, the settings stay.
    pub(crate) fn begin(
        &mut self,
        game: Game,
        seating: Seating,
        greeting: &'static str,
    ) -> Vec<Effect> {
        let turn = Turn {
            only_fitting: self.turn.only_fitting,
            handover: self.turn.handover,
            ..Turn::default()
        };
        self.computer.cancel();
        self.game = game;
        self.seating = seating;
        self.link.clear();
        self.turn = turn;
        self.turn.pick = super::turn::first_fitting(self.game.state());
        self.turn.sync(&self.game);
        self.shelf.kept = None;
        // The walk through the last game's final scoring ends with it.
        self.final_walk = None;
        self.over.layers.clear();
        self.shelf.continue_offered = false;
        // A hidden hand shows only to its owner: the first one too waits
        // for the tablet to be handed over.
        let hidden = self.hidden_from(None);
        self.screen = if hidden.is_some() {
            Screen::HandOver
        } else {
            Screen::Table
        };
        // The game left is another tab's to open; the new one is listed
        // when it is first saved (the caller names it if it is listed).
        let mut fx = Vec::new();
        if let Some(id) = self.shelf.current.take() {
            fx.push(Effect::Release(id));
        }
        self.shelf.lost = false;
        self.shelf.origin = None;
        fx.extend(effects([
            Effect::NewTable,
            Effect::Save,
            Effect::MarkPlaying,
            Effect::Say(Say::Greeting(greeting)),
            Effect::Refresh,
        ]));
        if let Some(player) = hidden {
            self.over.handover_card = Some((player, Vec::new()));
        }
        fx
    }

    /// The lifecycle's messages (see [`Msg`]).
    pub(crate) fn life(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Setup(change) => {
                if self.screen != Screen::Setup {
                    return Vec::new();
                }
                self.setup.change(change);
                Vec::new()
            }
            Msg::Start {
                seed,
                random,
                entropy,
            } => {
                if self.screen != Screen::Setup {
                    return Vec::new();
                }
                match self.setup.game(seed, random) {
                    Ok((game, seating)) if seating.by_link() => {
                        let remembered = self.setup.remember();
                        let line = super::remote::host_line(&entropy, seed, random, &remembered);
                        let mut fx = effects([Effect::Keep {
                            name: super::settings::SETUP,
                            value: remembered,
                        }]);
                        fx.extend(self.host(&game, seating, &entropy, line));
                        fx
                    }
                    Ok((game, seating)) => {
                        let people = seating.seats.contains(&Seat::Human);
                        let mut fx = effects([Effect::Keep {
                            name: super::settings::SETUP,
                            value: self.setup.remember(),
                        }]);
                        fx.extend(self.begin(game, seating, words::t(words::GamesW::NewGame)));
                        // A table setting up a game of its own may be new to it.
                        if people {
                            fx.extend(self.first_game_guide());
                        }
                        fx
                    }
                    Err(e) => effects([Effect::Notify(e)]),
                }
            }
            Msg::Continue => {
                if self.screen != Screen::Setup || !self.shelf.continue_offered {
                    return Vec::new();
                }
                self.go(Screen::Table);
                self.shelf.continue_offered = false;
                let hidden = self.hidden_from(None);
                if hidden.is_some() {
                    self.go(Screen::HandOver);
                }
                let fx = effects([
                    Effect::Claim { take: true },
                    Effect::MarkPlaying,
                    Effect::Say(Say::Greeting(words::t(words::GamesW::GameResumed))),
                    Effect::Refresh,
                ]);
                if let Some(player) = hidden {
                    self.over.handover_card = Some((player, Vec::new()));
                }
                if self.state().is_over() {
                    // Over: its results, with Rematch at hand.
                    self.over.open(super::screen::Layer::Scores);
                }
                fx
            }
            Msg::NewGame => {
                if self.game.moves().is_empty() || self.state().is_over() {
                    self.life(Msg::NewGameAgreed)
                } else {
                    effects([Effect::Question(Question::NewGame)])
                }
            }
            Msg::NewGameAgreed => {
                self.go(Screen::Setup);
                self.shelf.continue_offered = false;
                refresh()
            }
            Msg::Rematch { seed } => {
                if !self.state().is_over() || self.by_link() {
                    return Vec::new();
                }
                let names = self.game.names().to_vec();
                match Game::new(
                    names,
                    self.game.rules(),
                    seed & crate::engine::record::MAX_SEED,
                ) {
                    Ok(game) => {
                        let seating = self.seating.clone();
                        self.begin(game, seating, words::t(words::GamesW::Rematch))
                    }
                    Err(e) => effects([Effect::Notify(crate::shell::words::record_refusal(&e))]),
                }
            }
            Msg::Import(read) => {
                let game = (*read).and_then(|(record, seating)| {
                    Game::from_record(&record)
                        .map(|g| (g, seating))
                        .map_err(|e| crate::shell::words::record_refusal(&e))
                });
                match game {
                    Ok((game, mut seating)) if seating.seats.len() == game.names().len() => {
                        // A record carries no secrets: a seat that played on
                        // another device is played here, so a game by link
                        // can be finished on one device (docs/link-play.md §4).
                        for s in &mut seating.seats {
                            if *s == Seat::Remote {
                                *s = Seat::Human;
                            }
                        }
                        self.begin(game, seating, words::t(words::GamesW::GameLoaded))
                    }
                    Ok(_) => effects([Effect::Notify(words::import_failed(words::t(
                        words::GamesW::SeatsMismatch,
                    )))]),
                    Err(e) => effects([Effect::Notify(words::import_failed(&e))]),
                }
            }
            _ => Vec::new(),
        }
    }
}

pub use super::msg::Read;
