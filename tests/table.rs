#![cfg(not(target_arch = "wasm32"))]
//! The whole table through `Table::update` alone, as the page drives it but
//! without a browser: a fake clock fires the timers the table asks for, and
//! a fake worker answers its questions with the real AI after a delay.

use carcassonne::ai::{self, Level};
use carcassonne::engine::{Event, FollowerChoice, Game, Players, Record, Rules, Step};
use carcassonne::shell::banner::Bn;
use carcassonne::shell::bars::Bars;
use carcassonne::shell::cards::Cards;
use carcassonne::shell::effect::Effect;
use carcassonne::shell::lifecycle::{Deal, Settings, StartUp};
use carcassonne::shell::msg::{MoveStep, Msg};
use carcassonne::shell::question::Question;
use carcassonne::shell::score_card;
use carcassonne::shell::screen::{Layer, Screen};
use carcassonne::shell::seats::{Seat, Seating};
use carcassonne::shell::setup::{Change, Setup};
use carcassonne::shell::table::Table;
use carcassonne::shell::turn::Turn;
use carcassonne::shell::turn::{FINAL_ITEM_MS, SCORING_SHOWN_MS};

/// How long the fake worker takes to answer.
const WORKER_MS: u64 = 120;

/// The page around a table: a clock, the timers set, every effect seen.
struct Page {
    t: Table,
    now: u64,
    /// Timers and answers due: (when, order set, message).
    due: Vec<(u64, u64, Msg)>,
    set: u64,
    log: Vec<(u64, Effect)>,
    /// The cards as the page writes them: each time what they say changes.
    written: Vec<(u64, Cards)>,
}

impl Page {
    fn new(seats: &[Seat], seed: u64, screen: Screen) -> Page {
        let names = (0..seats.len()).map(|i| format!("P{i}")).collect();
        let game = Game::new(names, Rules::default(), seed).unwrap();
        let seating = Seating {
            seats: seats.to_vec(),
            colours: (0..seats.len() as u8).collect(),
            aids: true,
            numbers: Vec::new(),
        };
        Page::with(game, seating, screen)
    }

    fn with(game: Game, seating: Seating, screen: Screen) -> Page {
        let turn = Turn {
            handover: true,
            ..Turn::default()
        };
        Page {
            t: Table::new(game, seating, screen, turn),
            now: 0,
            due: Vec::new(),
            set: 0,
            log: Vec::new(),
            written: Vec::new(),
        }
    }

    fn send(&mut self, msg: Msg) -> Vec<Effect> {
        let fx = self.t.update(msg);
        // What the page draws after a message is the table's turn as it
        // stands: it follows the game without the page's help.
        if fx
            .iter()
            .any(|e| matches!(e, Effect::Refresh | Effect::Laid { .. }))
        {
            let mut synced = self.t.turn.clone();
            synced.sync(&self.t.game);
            assert_eq!(synced, self.t.turn, "the turn lags the game");
        }
        for e in &fx {
            match e {
                Effect::After { ms, msg } => {
                    assert!(*ms >= 0, "a timer in the past");
                    self.at(self.now + *ms as u64, msg.clone());
                }
                Effect::Ask(a) => {
                    // The worker gets the game as it stands when asked.
                    let reply = ai::choose(self.t.state(), a.level, a.seed)
                        .ok_or_else(|| "no tile in hand".to_string());
                    let answer = Msg::Answer {
                        token: a.token,
                        reply,
                        ms: 1.0,
                    };
                    self.at(self.now + WORKER_MS, answer);
                }
                _ => {}
            }
            self.log.push((self.now, e.clone()));
        }
        // A note for the banner is handed to it as the page carries it out.
        for e in &fx {
            if let Effect::Notify(m) = e {
                self.t.update(Msg::Banner(Bn::Tell(m.clone())));
            }
        }
        self.write();
        fx
    }

    /// The page writes the cards out when what they say has changed.
    fn write(&mut self) {
        let cards = Cards::of(&self.t);
        if self.written.last().map(|w| &w.1) != Some(&cards) {
            self.written.push((self.now, cards));
        }
    }

    fn cards(&self) -> &Cards {
        &self.written.last().expect("the page wrote the cards").1
    }

    fn at(&mut self, when: u64, msg: Msg) {
        self.set += 1;
        self.due.push((when, self.set, msg));
    }

    /// Moves the clock to the next timer or answer and sends it; false if
    /// nothing is due.
    fn tick(&mut self) -> bool {
        let Some(i) = (0..self.due.len()).min_by_key(|&i| (self.due[i].0, self.due[i].1)) else {
            return false;
        };
        let (when, _, msg) = self.due.remove(i);
        self.now = self.now.max(when);
        self.send(msg);
        true
    }

    /// The turn's scoring shows for its time, then the tablet is handed over.
    fn hand_over(&mut self) {
        while self.t.screen == Screen::Scoring {
            assert!(self.tick());
        }
        assert_eq!(self.t.screen, Screen::HandOver);
        self.send(Msg::HandedOver);
    }

    fn count(&self, f: impl Fn(&Effect) -> bool) -> usize {
        self.log.iter().filter(|(_, e)| f(e)).count()
    }

    /// A person's turn as a player at the table takes it: the tile on the
    /// first cell where it fits, then the first follower spot or none.
    fn person_plays(&mut self, follow: bool) {
        let at = self.t.turn.fits[0].at;
        self.send(Msg::Lay(at));
        assert_eq!(self.t.turn.candidate, Some(at));
        self.send(Msg::Confirm);
        assert_eq!(self.t.state().step(), Step::PlaceFollower);
        if follow && !self.t.turn.options.is_empty() {
            self.send(Msg::Choose(0));
        } else {
            self.send(Msg::Follow(FollowerChoice::Skip));
        }
    }
}

/// Two random computers' game, played to its end (its results open).
fn played_out() -> Page {
    let mut end = Page::new(
        &[Seat::Computer(Level::Random), Seat::Computer(Level::Random)],
        2,
        Screen::Table,
    );
    end.send(Msg::Resume);
    while end.tick() {}
    end
}

/// What a first visit finds: no save, no deal in the address.
fn first_visit(seed: u64) -> StartUp {
    StartUp {
        link: None,
        saved: None,
        current: None,
        notice: None,
        candidate: None,
        pending: None,
        deal: None,
        playing: false,
        seed,
        setup: Setup::default(),
        settings: Settings {
            only_fitting: false,
            handover: true,
            less_motion: false,
            guide_seen: false,
            highlight: true,
        },
    }
}

impl Page {
    fn start(s: StartUp) -> Page {
        let (t, fx) = Table::start_up(s).unwrap();
        let mut p = Page {
            t,
            now: 0,
            due: Vec::new(),
            set: 0,
            log: Vec::new(),
            written: Vec::new(),
        };
        p.log.extend(fx.into_iter().map(|e| (0, e)));
        p.write();
        p
    }
}

#[test]
fn two_people_and_a_computer_play_a_whole_game_from_the_start_screen_to_the_results() {
    let mut p = Page::start(first_visit(99));
    // A first visit opens on the start screen: nobody plays behind it, and
    // nothing is timed.
    assert_eq!(p.t.screen, Screen::Setup);
    assert_eq!(
        p.cards().setup,
        Some((Setup::default(), false)),
        "the form, as a first visit finds it, and no Continue"
    );
    assert!(p
        .send(Msg::Resume)
        .iter()
        .all(|e| !matches!(e, Effect::Ask(_))));
    assert!(p.due.is_empty());
    // The form: three players, the third a computer, the first begins.
    p.send(Msg::Setup(Change::Count(3)));
    p.send(Msg::Setup(Change::Name(0, "Ann".into())));
    p.send(Msg::Setup(Change::Seat(2, Seat::Computer(Level::Easy))));
    p.send(Msg::Setup(Change::First(Some(0))));
    let fx = p.send(Msg::Start {
        entropy: [0; 16],
        seed: 21,
        random: 0.9,
    });
    assert!(fx.contains(&Effect::NewTable) && fx.contains(&Effect::Save));
    assert_eq!(
        p.t.over.guide.step,
        Some(0),
        "people at the table: the guide opens"
    );
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Keep { name: "setup", .. })));
    assert_eq!(p.t.screen, Screen::Table);
    assert_eq!(p.t.game.names(), ["Ann", "Red", "Green"]);

    let mut person_turns = 0;
    let mut computer_turns = 0;
    let mut handovers = 0;
    for _ in 0..20_000 {
        if p.t.over.is_open(Layer::Scores) {
            break;
        }
        let s = p.t.state();
        let human = p.t.human_turn();
        match p.t.screen {
            Screen::HandOver => {
                // The card is written for the person whose turn begins, and
                // their tile waits until they have the tablet.
                let card = p.cards().hand_over.clone().expect("the card is written");
                let next = p.t.state().current_player();
                assert_eq!(card.name, p.t.game.names()[usize::from(next)]);
                assert!(human, "a hand-over only ever comes to a person");
                let at = p.t.turn.fits[0].at;
                assert!(p.send(Msg::Lay(at)).is_empty(), "not before the hand-over");
                assert!(!p.t.shows_fits());
                p.send(Msg::HandedOver);
                assert_eq!(p.t.screen, Screen::Table);
                handovers += 1;
            }
            Screen::Table if human && !s.is_over() && s.step() == Step::PlaceTile => {
                p.person_plays(person_turns % 3 == 0);
                person_turns += 1;
            }
            _ => {
                let before = p.t.game.moves().len();
                let computer = !human && !s.is_over();
                assert!(p.tick(), "nothing is due: the table would wait for ever");
                if computer && p.t.game.moves().len() == before + 1 {
                    computer_turns += 1;
                }
            }
        }
    }
    let s = p.t.state();
    assert!(s.is_over(), "the game ends");
    assert!(
        p.t.over.is_open(Layer::Scores),
        "the results open by themselves"
    );
    let finals = p.written.iter().filter_map(|(_, c)| c.scores.as_ref());
    let finals: Vec<_> = finals.filter(|c| c.end).collect();
    assert_eq!(finals.len(), 1, "the results are written out once");
    let totals: Vec<u32> = finals[0].rows.iter().map(|r| r.cells[0]).collect();
    assert_eq!(totals, score_card::totals_now(p.t.state()));
    assert_eq!(
        person_turns + computer_turns,
        p.t.game.moves().len(),
        "every turn was a person's or a computer's"
    );
    assert!(
        person_turns > 20 && computer_turns > 10,
        "{person_turns} {computer_turns}"
    );
    // Each computer turn: asked once, answered, slid, laid and followed.
    let asks = p.count(|e| matches!(e, Effect::Ask(a) if !a.hint));
    assert_eq!(asks, computer_turns);
    assert_eq!(
        p.count(|e| matches!(e, Effect::Slide { .. })),
        computer_turns
    );
    // Every person's turn but the first is handed over (from the other
    // person, or past the computer's turn from them).
    assert_eq!(handovers, person_turns - 1);
    // No time passes while a person is to act, and the last computer's or
    // the final scoring's timers have all fired.
    assert!(p.due.iter().all(|(_, _, m)| !matches!(m, Msg::Step { .. })));
    assert!(p.now > 0);
}

#[test]
fn a_scoring_shows_for_its_time_before_the_hand_over_card() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 3, Screen::Table);
    // Play until a turn scores (a road or a city closed) between the two people.
    for _ in 0..80 {
        let before = p.log.len();
        p.person_plays(true);
        let timer = p.log[before..].iter().find_map(|(_, e)| match e {
            Effect::After {
                ms,
                msg: Msg::ScoringShown { .. },
            } => Some(*ms),
            _ => None,
        });
        if let Some(ms) = timer {
            assert_eq!(ms, SCORING_SHOWN_MS);
            assert_eq!(p.t.screen, Screen::Scoring);
            assert!(!p.t.shows_fits(), "the next tile is not told early");
            assert_eq!(p.cards().hand_over, None, "no card while it scores");
            let scorer = (p.t.game.moves().len() + 1) % 2;
            assert!(p.tick());
            assert_eq!(p.now, ms as u64);
            assert_eq!(p.t.screen, Screen::HandOver);
            // The card tells the next player what the turn before scored.
            let card = p.cards().hand_over.clone().expect("the card is written");
            assert_eq!(card.name, format!("P{}", 1 - scorer));
            assert!(
                card.scored.starts_with(&format!("P{scorer}")),
                "{}",
                card.scored
            );
            return;
        }
        p.hand_over();
    }
    panic!("no turn scored in 80 turns");
}

#[test]
fn an_answer_for_a_game_that_moved_on_is_dropped() {
    let mut p = Page::new(
        &[Seat::Human, Seat::Computer(Level::Easy)],
        8,
        Screen::Table,
    );
    p.person_plays(false);
    let asked = p.t.computer.asked().expect("the computer is asked at once");
    // The person takes their turn back while the computer thinks.
    p.send(Msg::Undo);
    assert!(p.t.computer.asked().is_none());
    assert!(p.t.human_turn());
    let moves = p.t.game.moves().len();
    // The old answer arrives: nothing happens.
    assert!(p.tick());
    assert_eq!(p.t.game.moves().len(), moves);
    assert!(p.due.is_empty());
    // Played again, the new question is answered and played out.
    p.person_plays(false);
    let again = p.t.computer.asked().unwrap();
    assert_ne!(again.token, asked.token);
    while p.tick() {}
    assert_eq!(p.t.game.moves().len(), moves + 2);
    assert!(p.t.human_turn());
}

#[test]
fn a_computers_move_is_played_out_in_timed_steps_and_a_new_game_stops_it() {
    let mut p = Page::new(
        &[Seat::Computer(Level::Easy), Seat::Human],
        5,
        Screen::Table,
    );
    assert!(p
        .send(Msg::Resume)
        .iter()
        .any(|e| matches!(e, Effect::Ask(_))));
    assert!(p.tick(), "the answer");
    let steps: Vec<MoveStep> = p
        .due
        .iter()
        .filter_map(|(_, _, m)| match m {
            Msg::Step { step, .. } => Some(*step),
            _ => None,
        })
        .collect();
    assert_eq!(steps, [MoveStep::Arrive]);
    assert!(p.tick());
    assert!(p.t.turn.candidate.is_some(), "the tile lies on its cell");
    assert_eq!(p.t.game.moves().len(), 0);
    // The start screen opens meanwhile: the move stops where it is.
    p.send(Msg::Go(Screen::Setup));
    assert!(p.tick(), "the step was still due");
    assert_eq!(p.t.state().step(), Step::PlaceTile, "but does nothing");
    assert!(!p.t.computer.busy());
}

#[test]
fn a_reload_mid_turn_goes_on_from_the_saved_record_and_pending_tile() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 13, Screen::Table);
    for _ in 0..6 {
        p.person_plays(true);
        p.hand_over();
    }
    // The next person confirms a tile, then the page is reloaded before
    // the follower step.
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    p.send(Msg::Confirm);
    let pending =
        p.t.game
            .pending()
            .expect("a tile down, waiting for its follower");
    let saved = serde_json::to_string(&p.t.game.record()).unwrap();

    let record = Record::from_json(&saved).unwrap();
    let mut game = Game::from_record(&record).unwrap();
    game.place_tile(pending.0, pending.1, &mut Vec::new())
        .unwrap();
    let mut again = Page::with(game, p.t.seating.clone(), Screen::Table);
    assert_eq!(again.t.state().step(), Step::PlaceFollower);
    assert_eq!(
        again.t.turn.options, p.t.turn.options,
        "the same spots, numbered alike"
    );
    // Both go on alike.
    for page in [&mut p, &mut again] {
        page.send(Msg::Choose(0));
        page.hand_over();
        page.person_plays(false);
    }
    assert_eq!(
        serde_json::to_string(&p.t.game.record()).unwrap(),
        serde_json::to_string(&again.t.game.record()).unwrap()
    );
}

#[test]
fn a_computers_tile_left_down_by_a_reload_is_thought_afresh() {
    let mut p = Page::new(
        &[Seat::Computer(Level::Easy), Seat::Human],
        5,
        Screen::Table,
    );
    let (at, r) = p.t.state().placements()[0];
    p.t.game.place_tile(at, r, &mut Vec::new()).unwrap();
    let fx = p.send(Msg::Resume);
    assert!(fx.iter().any(|e| matches!(e, Effect::Ask(_))));
    assert_eq!(p.t.state().step(), Step::PlaceTile, "taken up again");
    while p.tick() {}
    assert_eq!(p.t.game.moves().len(), 1);
    assert!(p.t.human_turn());
}

#[test]
fn a_hint_is_laid_for_the_person_and_its_follower_spot_picked_on_confirm() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 9, Screen::Table);
    let fx = p.send(Msg::Hint);
    assert!(fx.iter().any(|e| matches!(e, Effect::Ask(a) if a.hint)));
    assert!(p.send(Msg::Hint).is_empty(), "one hint at a time");
    assert!(p.tick());
    let at = p.t.turn.candidate.expect("the hint lays the tile");
    assert!(p.log.iter().any(|(_, e)| *e == Effect::Show(at)));
    let choice = p.t.computer.hint.expect("its follower choice is kept");
    p.send(Msg::Confirm);
    let picked = p.t.turn.focus.map(|i| p.t.turn.options[i].choice);
    match choice {
        FollowerChoice::Skip => assert_eq!(picked, None),
        c => assert_eq!(picked, Some(c)),
    }
}

#[test]
fn a_saved_game_waits_behind_the_start_screen_and_continues() {
    let mut first = Page::new(
        &[Seat::Human, Seat::Computer(Level::Easy)],
        4,
        Screen::Table,
    );
    first.person_plays(false);
    while first.tick() {}
    let saved = (first.t.game.clone(), first.t.seating.clone());
    let moves = first.t.game.moves().len();

    // A new visit: the start screen, the saved game behind it, offered.
    let mut s = first_visit(1);
    s.saved = Some(saved.clone());
    let mut p = Page::start(s);
    assert_eq!(p.t.screen, Screen::Setup);
    assert!(p.t.shelf.continue_offered);
    assert_eq!(p.t.game.moves().len(), moves);
    p.send(Msg::Continue);
    assert_eq!(p.t.screen, Screen::Table);
    assert!(!p.t.shelf.continue_offered);
    p.person_plays(false);
    assert!(p.t.computer.asked().is_some(), "the computer goes on");

    // A reload in a tab that was playing: straight back to the table.
    let mut s = first_visit(1);
    s.saved = Some(saved);
    s.playing = true;
    let p = Page::start(s);
    assert_eq!(p.t.screen, Screen::Table);
}

#[test]
fn a_deal_in_the_address_starts_at_once_and_is_saved() {
    let mut s = first_visit(77);
    s.deal = Some(Deal {
        players: None,
        seats: vec![Seat::Computer(Level::Easy), Seat::Human, Seat::Human],
    });
    let p = Page::start(s);
    assert_eq!(p.t.screen, Screen::Table);
    assert_eq!(p.t.game.names(), ["Yellow", "Red", "Green"]);
    assert_eq!(p.t.game.seed(), Some(77));
    let seen: Vec<&Effect> = p.log.iter().map(|(_, e)| e).collect();
    assert!(
        seen.contains(&&Effect::KeepDeal),
        "the deal is kept, once saved"
    );
    assert!(
        seen.iter().any(|e| matches!(e, Effect::Ask(_))),
        "the computer begins"
    );
}

#[test]
fn new_game_asks_the_table_rematch_keeps_the_seats_and_a_bad_import_changes_nothing() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 6, Screen::Table);
    p.person_plays(false);
    p.hand_over();
    // A game under way: the table is asked first.
    assert_eq!(p.send(Msg::NewGame), [Effect::Refresh]);
    assert_eq!(p.t.over.question, Some(Question::NewGame));
    assert_eq!(p.t.screen, Screen::Table);
    p.send(Msg::NewGameAgreed);
    assert_eq!(p.t.screen, Screen::Setup);
    assert!(!p.t.shelf.continue_offered);

    // An import that is not a game: a notice, the game stays.
    let moves = p.t.game.moves().len();
    let fx = p.send(Msg::Import(Box::new(Err("the file is not JSON".into()))));
    assert!(matches!(&fx[..], [Effect::Notify(m)] if m.contains("Your game is unchanged")));
    assert_eq!(p.t.game.moves().len(), moves);

    // A good one takes the table.
    let mut other = Page::new(
        &[Seat::Human, Seat::Computer(Level::Hard), Seat::Human],
        8,
        Screen::Table,
    );
    other.person_plays(false);
    let record = other.t.game.record();
    let fx = p.send(Msg::Import(Box::new(Ok((
        record.clone(),
        other.t.seating.clone(),
    )))));
    assert!(fx.contains(&Effect::NewTable));
    assert_eq!(p.t.screen, Screen::Table);
    assert_eq!(p.t.game.record(), record);
    assert_eq!(p.t.seating.seats[1], Seat::Computer(Level::Hard));

    // Rematch only at the end, with the same players, seats and rules.
    assert!(p.send(Msg::Rematch { seed: 5 }).is_empty());
    let mut end = played_out();
    assert!(end.t.state().is_over());
    assert!(end.t.over.is_open(Layer::Scores));
    end.send(Msg::Rematch { seed: 5 });
    assert!(!end.t.state().is_over() && end.t.over.layers.is_empty());
    assert_eq!(end.t.game.seed(), Some(5));
    assert_eq!(end.t.seating.seats, [Seat::Computer(Level::Random); 2]);
}

#[test]
fn a_table_without_aids_gets_no_highlight_hint_or_spot_cards_and_keeps_it_for_a_rematch() {
    let mut p = Page::start(first_visit(4));
    p.send(Msg::Setup(Change::Aids(false)));
    p.send(Msg::Start {
        entropy: [0; 16],
        seed: 4,
        random: 0.0,
    });
    assert!(!p.t.seating.aids, "the game is set up without aids");
    assert!(!p.t.shows_fits(), "no highlighted squares");
    assert!(p.send(Msg::Hint).is_empty(), "no hint");
    let at = p.t.turn.fits[0].at;
    assert!(
        p.send(Msg::Inspect(at)).is_empty(),
        "no card of what can go there"
    );
    assert!(p.t.unfillable().is_empty());
    // The game goes on as ever.
    p.person_plays(true);
    p.hand_over();
    assert_eq!(p.t.game.moves().len(), 1);
    // A rematch is set up the same way; so is a game loaded with it.
    let mut end = Page::new(
        &[Seat::Computer(Level::Random), Seat::Computer(Level::Random)],
        2,
        Screen::Table,
    );
    end.t.seating.aids = false;
    end.send(Msg::Resume);
    while end.tick() {}
    end.send(Msg::Rematch { seed: 9 });
    assert!(!end.t.seating.aids);
    // With aids, the same spot has its card.
    let mut with = Page::new(&[Seat::Human, Seat::Human], 4, Screen::Table);
    assert!(with.t.shows_fits());
    let at = with.t.turn.fits[0].at;
    with.send(Msg::Inspect(at));
    let card = with
        .cards()
        .spot
        .clone()
        .expect("the spot's card is written");
    assert_eq!(card.at, Some(at));
}

/// A table of people, or people and computers, playing with `rules`.
fn house_table(seats: &[Seat], rules: Rules, seed: u64) -> Page {
    let names = (0..seats.len()).map(|i| format!("P{i}")).collect();
    let game = Game::new(names, rules, seed).unwrap();
    let seating = Seating {
        seats: seats.to_vec(),
        colours: (0..seats.len() as u8).collect(),
        aids: true,
        numbers: Vec::new(),
    };
    Page::with(game, seating, Screen::Table)
}

#[test]
fn a_hand_of_three_shows_in_the_dock_and_the_tile_picked_is_the_one_laid_and_recorded() {
    use carcassonne::shell::gesture::Target;
    use carcassonne::shell::placement;
    let mut p = house_table(
        &[Seat::Human, Seat::Human],
        Rules::default().with_hand(3),
        5,
    );
    let dock = p.t.dock_hand();
    let hand = p.t.state().hand(0).to_vec();
    assert_eq!((dock.tiles.clone(), dock.pick), (hand.clone(), 0));
    assert_eq!(hand.len(), 3);
    // Picking a tile works out where that tile fits.
    p.send(Msg::Pick(2));
    assert_eq!(p.t.turn.pick, 2);
    assert_eq!(p.t.turn.fits, placement::fits(p.t.state(), hand[2]));
    // A tap on another hand tile picks it; on the picked one, turns it.
    let cell = carcassonne::engine::Pos::new(0, 0);
    p.send(Msg::Tap {
        on: Target::Hand(1),
        cell,
        marker: None,
    });
    assert_eq!((p.t.turn.pick, p.t.turn.rotation), (1, 0));
    let fx = p.send(Msg::Tap {
        on: Target::Hand(1),
        cell,
        marker: None,
    });
    assert!(fx.iter().any(|e| matches!(e, Effect::Say(_))), "turned");
    assert_eq!(p.t.turn.pick, 1);
    // T goes round the hand.
    p.send(Msg::NextInHand);
    assert_eq!(p.t.turn.pick, 2);
    p.send(Msg::NextInHand);
    assert_eq!(p.t.turn.pick, 0);
    // A drag of another tile picks it first.
    p.send(Msg::Lift(Target::Hand(2)));
    assert_eq!(p.t.turn.pick, 2);
    p.send(Msg::Pick(1));
    // Out of range: nothing.
    p.send(Msg::Pick(7));
    assert_eq!(p.t.turn.pick, 1);
    // A tile laid down and taken back is picked again, where it lay.
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    p.send(Msg::Confirm);
    p.send(Msg::Undo);
    assert_eq!(p.t.turn.pick, 1);
    assert_eq!(p.t.turn.candidate, Some(at));
    p.send(Msg::Confirm);
    p.send(Msg::Follow(FollowerChoice::Skip));
    assert_eq!(
        p.t.game.moves()[0].tile,
        Some(hand[1]),
        "the record names it"
    );
    assert_eq!(p.t.turn.pick, 0, "the next turn starts with the first tile");
}

#[test]
fn a_hand_tile_laid_unconfirmed_comes_back_after_a_reload_as_that_tile_not_the_first() {
    let mut p = house_table(
        &[Seat::Human, Seat::Human],
        Rules::default().with_hand(3),
        5,
    );
    let hand = p.t.state().hand(0).to_vec();
    // A tile of the hand other than the first, of another kind, that fits.
    let i = (1..hand.len())
        .find(|&i| {
            hand[i] != hand[0] && {
                p.send(Msg::Pick(i));
                !p.t.turn.fits.is_empty()
            }
        })
        .expect("the deal holds two kinds");
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    let rotation = p.t.turn.rotation;
    let kept = p
        .log
        .iter()
        .rev()
        .find_map(|(_, e)| match e {
            Effect::SaveCandidate(k) => Some(*k),
            _ => None,
        })
        .flatten()
        .expect("the tile's spot is kept");
    assert_eq!(
        (kept.at, kept.rotation, kept.kind),
        (at, rotation, Some(hand[i]))
    );

    // The reload: the same tile lies there again, picked, and may be confirmed.
    let mut s = first_visit(1);
    s.saved = Some((p.t.game.clone(), p.t.seating.clone()));
    s.playing = true;
    s.candidate = Some(kept);
    let again = Page::start(s);
    assert_eq!(again.t.turn.pick, i);
    assert_eq!(again.t.turn.candidate, Some(at));
    assert_eq!(again.t.turn.rotation, rotation);
    assert_eq!(again.t.turn.tile(again.t.state()), Some(hand[i]));
    assert!(again.t.turn.can_confirm());

    // A kept tile no longer in the hand is not laid as another.
    let mut s = first_visit(1);
    s.saved = Some((p.t.game.clone(), p.t.seating.clone()));
    s.playing = true;
    let gone = (0..24)
        .map(carcassonne::engine::TileKind)
        .find(|k| !hand.contains(k))
        .unwrap();
    s.candidate = Some(carcassonne::shell::in_progress::Pending {
        kind: Some(gone),
        ..kept
    });
    let again = Page::start(s);
    assert_eq!((again.t.turn.candidate, again.t.turn.pick), (None, 0));
}

/// A person's turn with a hand that holds a tile fitting nowhere beside
/// one that fits (a small table fills up fast), found by random play.
fn hand_with_a_dead_tile() -> Page {
    for seed in 1..200 {
        let rules = Rules::default().with_hand(3).with_table(Some((5, 5)));
        let mut game = Game::new(vec!["Ann".into(), "Bob".into()], rules, seed).unwrap();
        for n in 0..40 {
            let s = game.state();
            if s.is_over() {
                break;
            }
            let hand = s.hand(s.current_player()).to_vec();
            let dead = hand.iter().filter(|&&k| !s.can_place(k)).count();
            if dead > 0 && dead < hand.len() {
                return Page::with(game, Seating::people(2), Screen::Table);
            }
            let m = ai::choose(s, Level::Random, n).unwrap();
            game.place_tile_with(m.at, m.rotation, m.tile, &mut Vec::new())
                .unwrap();
            game.choose_follower(m.choice, &mut Vec::new()).unwrap();
        }
    }
    panic!("no hand with a tile that fits nowhere in 200 deals");
}

#[test]
fn a_hand_tile_that_fits_nowhere_is_marked_in_the_dock_and_picking_it_says_so() {
    use carcassonne::shell::words;
    let mut p = hand_with_a_dead_tile();
    let dock = p.t.dock_hand();
    let dead = (0..dock.tiles.len()).find(|&i| dock.dead(i)).unwrap();
    assert!(!dock.dead(dock.pick), "the turn starts on a tile that fits");
    assert!(p.t.state().can_place(dock.tiles[dock.pick]));
    assert!(!p.t.state().can_place(dock.tiles[dead]));
    let prompt = |p: &Page| Bars::of(&p.t, 0).prompt;
    assert!(prompt(&p).contains("pick a tile"), "{}", prompt(&p));
    let fx = p.send(Msg::Pick(dead));
    assert!(p.t.turn.fits.is_empty());
    assert!(
        prompt(&p).contains("fits nowhere now"),
        "the prompt says why nothing is highlighted: {}",
        prompt(&p)
    );
    let said: Vec<String> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Say(s) => Some(words::say(s, &p.t.game, p.t.turn.tile(p.t.state()), 0, &[])),
            _ => None,
        })
        .collect();
    assert!(
        said.iter().any(|m| m.contains("fits nowhere now")),
        "the announcer too: {said:?}"
    );
    assert!(words::hand_label(dead, true, true, true).contains("fits nowhere"));
    // Back to a tile that fits: the usual prompt.
    p.send(Msg::Pick(dock.pick));
    assert!(prompt(&p).contains("pick a tile"), "{}", prompt(&p));
}

#[test]
fn hand_tiles_that_fit_nowhere_since_your_last_turn_are_counted_in_words() {
    use carcassonne::shell::review::since;
    use carcassonne::shell::words;
    for unplayable_back in [false, true] {
        let found = (1..300).find_map(|seed| {
            let rules = Rules::default()
                .with_hand(3)
                .with_table(Some((5, 5)))
                .with_unplayable_back(unplayable_back);
            let mut game = Game::new(vec!["Ann".into(), "Bob".into()], rules, seed).unwrap();
            for n in 0..40 {
                let s = game.state();
                if s.is_over() {
                    return None;
                }
                let before = (s.discarded(), s.returned());
                let m = ai::choose(s, Level::Random, n).unwrap();
                game.place_tile_with(m.at, m.rotation, m.tile, &mut Vec::new())
                    .unwrap();
                game.choose_follower(m.choice, &mut Vec::new()).unwrap();
                let s = game.state();
                let gone = (s.discarded() - before.0, s.returned() - before.1);
                if gone != (0, 0) && !s.is_over() {
                    return Some((game, gone));
                }
            }
            None
        });
        let (game, (left, back)) = found.expect("tiles set aside on a small table");
        // At the start of this turn, after the one move since the player's last.
        let s = since(&game).expect("the other player moved");
        assert_eq!(
            (s.tiles, s.set_aside, s.returned),
            (1, u32::from(left), u32::from(back))
        );
        let text = words::since_words(&s, game.names());
        let (n, what) = if unplayable_back {
            (back, "went back under the stack")
        } else {
            (left, "left the game")
        };
        let noun = if n == 1 { "tile" } else { "tiles" };
        assert!(
            text.contains(&format!("{n} {noun} fit nowhere and {what}")),
            "{text}"
        );
    }
}

#[test]
fn hidden_hands_show_only_to_their_owner_after_the_hand_over_and_never_a_computers() {
    let rules = Rules::default().with_hand(2).with_hand_open(false);
    let mut p = house_table(&[Seat::Human, Seat::Human], rules, 8);
    // Hidden hands always have a hand-over, even with the setting off.
    p.t.turn.handover = false;
    assert_eq!(p.t.dock_hand().tiles.len(), 2);
    p.person_plays(false);
    assert_ne!(p.t.screen, Screen::Table);
    assert!(p.t.dock_hand().tiles.is_empty(), "not before the hand-over");
    p.hand_over();
    assert_eq!(p.t.dock_hand().tiles, p.t.state().hand(1));

    let mut p = house_table(&[Seat::Human, Seat::Computer(Level::Easy)], rules, 8);
    p.person_plays(false);
    assert_eq!(p.t.state().current_player(), 1);
    assert!(p.t.dock_hand().tiles.is_empty(), "a computer's hidden hand");
    // The computer plays its turn out, naming a tile of its hand.
    while p.t.state().current_player() == 1 {
        assert!(p.tick());
    }
    assert!(p.t.game.moves()[1].tile.is_some());
    assert_eq!(p.t.dock_hand().tiles.len(), 2);
}

#[test]
fn a_player_who_fills_a_hole_plays_again_with_no_hand_over_between() {
    use carcassonne::engine::{Pos, Side};
    let rules = Rules::default().with_hole_bonus(true);
    // Random games until a tile in hand can fill a hole.
    let mut found = None;
    'games: for seed in 0..400 {
        let mut g = Game::new(vec!["A".into(), "B".into()], rules, seed).unwrap();
        let mut events = Vec::new();
        while let Some(kind) = g.state().tile() {
            let s = g.state();
            let hole = s.placements_of(kind).into_iter().find(|(at, _)| {
                Side::ALL
                    .iter()
                    .all(|&d| s.board().index_at(at.step(d)).is_some())
            });
            if let Some(h) = hole {
                found = Some((g.clone(), h));
                break 'games;
            }
            let (at, r) = s.placements_of(kind)[0];
            g.place_tile(at, r, &mut events).unwrap();
            g.choose_follower(FollowerChoice::Skip, &mut events)
                .unwrap();
        }
    }
    let (game, (at, r)): (Game, (Pos, u8)) = found.expect("a hole to fill in 400 games");
    let player = game.state().current_player();
    let seating = Seating {
        seats: vec![Seat::Human, Seat::Human],
        colours: vec![0, 1],
        aids: true,
        numbers: Vec::new(),
    };
    let mut p = Page::with(game, seating, Screen::Table);
    p.send(Msg::Lay(at));
    while p.t.turn.rotation != r {
        p.send(Msg::Rotate);
    }
    p.send(Msg::Confirm);
    let fx = p.send(Msg::Follow(FollowerChoice::Skip));
    assert_eq!(
        p.t.state().current_player(),
        player,
        "the same player again"
    );
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::HandOver { .. })),
        "no hand-over: {fx:?}"
    );
    let said = fx.iter().find_map(|e| match e {
        Effect::Followed { events, .. } => Some(events.clone()),
        _ => None,
    });
    assert!(said.unwrap().iter().any(|e| matches!(
        e,
        carcassonne::engine::Event::ExtraTurn { player: q, .. } if *q == player
    )));
    // The prompt says why the same player goes on.
    while p.t.screen == Screen::Scoring {
        assert!(p.tick());
    }
    let name = p.t.game.names()[usize::from(player)].clone();
    let prompt = Bars::of(&p.t, 0).prompt;
    assert!(
        prompt.starts_with(&format!("{name}, again for the hole filled: ")),
        "{prompt}"
    );
    // Once that turn is played, the prompt is the plain one again.
    p.person_plays(false);
    while p.t.screen == Screen::Scoring {
        assert!(p.tick());
    }
    let prompt = Bars::of(&p.t, 0).prompt;
    assert!(!prompt.contains("again for the hole"), "{prompt}");
}

/// A game of `players` people played `moves` moves by the test, each
/// taking the first fitting cell and its first follower spot.
fn played(players: usize, moves: usize) -> Page {
    let mut p = Page::new(&vec![Seat::Human; players], 11, Screen::Table);
    p.t.turn.handover = false;
    for _ in 0..moves {
        if p.t.state().is_over() {
            break;
        }
        p.person_plays(true);
        while p.t.screen == Screen::Scoring {
            assert!(p.tick());
        }
    }
    p
}

use carcassonne::shell::review::{Rv, HOLD_EVERY_MS, HOLD_FIRST_MS, SPEEDS};

#[test]
fn a_review_steps_jumps_and_goes_back_to_the_game_exactly_where_it_was() {
    let mut p = played(3, 12);
    // The live turn half done: a tile lying unconfirmed, the score table open.
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    p.send(Msg::Open(Layer::Scores));
    let record = p.t.game.record();
    let moves = p.t.game.moves().len();
    let fx = p.send(Msg::Review(Rv::Open));
    assert!(fx.contains(&Effect::ReviewOpened));
    assert_eq!(p.t.screen, Screen::Review);
    assert!(p.t.over.layers.is_empty(), "the review covers the cards");
    let r = p.t.reviewing().unwrap();
    assert_eq!((r.at, r.moves()), (moves, moves));

    // Each step shows the game as the engine replays it to that move.
    let board_at = |p: &Page| p.t.reviewing().unwrap().game().state().board().len();
    p.send(Msg::Review(Rv::First));
    assert_eq!(board_at(&p), 1);
    for n in 1..=moves {
        p.send(Msg::Review(Rv::Forward));
        let r = p.t.reviewing().unwrap();
        assert_eq!(r.at, n);
        let cut = Record {
            moves: record.moves[..n].to_vec(),
            ..record.clone()
        };
        let replayed = Game::from_record(&cut).unwrap();
        assert_eq!(r.game().moves(), replayed.moves());
        assert_eq!(
            (0..3)
                .map(|q| r.game().state().score(q))
                .collect::<Vec<_>>(),
            (0..3)
                .map(|q| replayed.state().score(q))
                .collect::<Vec<_>>()
        );
    }
    p.send(Msg::Review(Rv::Forward));
    assert_eq!(p.t.reviewing().unwrap().at, moves, "no step past the end");
    p.send(Msg::Review(Rv::Jump(3)));
    assert_eq!(p.t.reviewing().unwrap().at, 3);
    p.send(Msg::Review(Rv::Jump(999)));
    assert_eq!(p.t.reviewing().unwrap().at, moves);
    p.send(Msg::Review(Rv::Back));
    assert_eq!(p.t.reviewing().unwrap().at, moves - 1);

    // The live game's own messages wait behind the review.
    assert!(p.send(Msg::Confirm).is_empty());
    assert!(p.send(Msg::Undo).is_empty());
    assert_eq!(p.t.game.moves().len(), moves);

    let fx = p.send(Msg::Review(Rv::Close));
    assert!(fx.contains(&Effect::ReviewClosed));
    assert!(p.cards().scores.is_some(), "the score table written again");
    assert_eq!(p.t.screen, Screen::Table);
    assert_eq!(p.t.over.layers, vec![Layer::Scores]);
    assert_eq!(
        p.t.turn.candidate,
        Some(at),
        "the tile still lies where it was"
    );
    assert_eq!(p.t.game.record(), record);
    assert!(p.t.review.is_none());
}

#[test]
fn autoplay_steps_on_the_clock_at_its_speed_and_stops_at_the_end() {
    let mut p = played(2, 8);
    p.send(Msg::Review(Rv::Open));
    // At the end, play starts again from the first move.
    p.send(Msg::Review(Rv::Speed(2)));
    p.send(Msg::Review(Rv::Play));
    let r = p.t.reviewing().unwrap();
    assert!(r.playing);
    assert_eq!(r.at, 0);
    let start = p.now;
    for n in 1..=8 {
        assert!(p.tick());
        assert_eq!(p.t.reviewing().unwrap().at, n);
        assert_eq!(p.now - start, n as u64 * SPEEDS[2] as u64);
    }
    assert!(p.tick(), "one more tick finds the end");
    assert!(!p.t.reviewing().unwrap().playing);
    assert!(!p.tick(), "and sets no timer");

    // A step by hand stops autoplay; its pending tick is dropped.
    p.send(Msg::Review(Rv::First));
    p.send(Msg::Review(Rv::Speed(0)));
    p.send(Msg::Review(Rv::Play));
    assert!(p.tick());
    assert_eq!(p.t.reviewing().unwrap().at, 1);
    p.send(Msg::Review(Rv::Play)); // pause
    assert!(!p.t.reviewing().unwrap().playing);
    while p.tick() {}
    assert_eq!(p.t.reviewing().unwrap().at, 1, "a paused review stays put");
}

#[test]
fn a_held_button_repeats_until_it_is_let_go() {
    let mut p = played(2, 10);
    p.send(Msg::Review(Rv::Open));
    p.send(Msg::Review(Rv::First));
    let t0 = p.now;
    p.send(Msg::Review(Rv::Press(1)));
    assert_eq!(p.t.reviewing().unwrap().at, 1, "a press steps at once");
    assert!(p.tick());
    assert_eq!(p.now - t0, HOLD_FIRST_MS as u64);
    assert_eq!(p.t.reviewing().unwrap().at, 2);
    assert!(p.tick());
    assert_eq!(p.now - t0, (HOLD_FIRST_MS + HOLD_EVERY_MS) as u64);
    assert_eq!(p.t.reviewing().unwrap().at, 3);
    p.send(Msg::Review(Rv::Release));
    while p.tick() {}
    assert_eq!(p.t.reviewing().unwrap().at, 3);
    // Held back to the start, it stops there by itself.
    p.send(Msg::Review(Rv::Press(-1)));
    while p.tick() {}
    assert_eq!(p.t.reviewing().unwrap().at, 0);
}

#[test]
fn a_scoring_line_lights_its_feature_and_keys_drive_the_review() {
    let mut p = played(2, 30);
    p.send(Msg::Review(Rv::Open));
    // The first move that scored.
    let n = (1..=30)
        .find(|&n| {
            p.send(Msg::Review(Rv::Jump(n)));
            !p.t.reviewing().unwrap().scorings().is_empty()
        })
        .expect("something scored in 30 moves");
    let fx = p.send(Msg::Review(Rv::Highlight(0)));
    assert!(fx.iter().any(|e| matches!(e, Effect::Highlight { .. })));
    assert_eq!(p.t.reviewing().unwrap().lit, Some(0));
    assert!(p.send(Msg::Review(Rv::Highlight(99))).is_empty());
    use carcassonne::shell::keys::review;
    for (key, at) in [
        ("ArrowLeft", n - 1),
        ("Home", 0),
        ("ArrowRight", 1),
        ("End", 30),
    ] {
        p.send(Msg::Review(review(key).unwrap()));
        assert_eq!(p.t.reviewing().unwrap().at, at, "{key}");
    }
    assert_eq!(review(" "), Some(Rv::Play));
    // The chart: a tap a third of the way along goes to the nearest move.
    p.send(Msg::Review(Rv::ChartAt(1.0 / 3.0)));
    assert_eq!(p.t.reviewing().unwrap().at, 10);
    p.send(Msg::Review(Rv::ChartAt(-0.2)));
    assert_eq!(p.t.reviewing().unwrap().at, 0);
    // The speed button goes round the three speeds.
    let speeds: Vec<u8> = (0..4)
        .map(|_| {
            p.send(Msg::Review(Rv::NextSpeed));
            p.t.reviewing().unwrap().speed
        })
        .collect();
    assert_eq!(speeds, [2, 0, 1, 2]);
    assert_eq!(review("Escape"), Some(Rv::Close));
}

#[test]
fn a_computers_move_waits_behind_the_review_and_is_thought_again_after() {
    let mut p = Page::new(
        &[Seat::Human, Seat::Computer(Level::Easy)],
        5,
        Screen::Table,
    );
    p.t.turn.handover = false;
    p.person_plays(false);
    while p.t.screen == Screen::Scoring {
        assert!(p.tick());
    }
    assert!(p.t.computer.busy(), "the computer is asked");
    p.send(Msg::Review(Rv::Open));
    while p.tick() {}
    assert_eq!(
        p.t.game.moves().len(),
        1,
        "nothing played behind the review"
    );
    let fx = p.send(Msg::Review(Rv::Close));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Ask(_))),
        "asked again"
    );
    while p.t.game.moves().len() < 2 {
        assert!(p.tick());
    }
}

#[test]
fn play_on_from_a_move_starts_a_new_game_with_the_same_deal_cut_there() {
    let mut p = played(3, 20);
    let record = p.t.game.record();
    p.send(Msg::Review(Rv::Open));
    p.send(Msg::Review(Rv::Jump(9)));
    p.send(Msg::Review(Rv::AskPlayOn));
    let card = p.cards().play_on.clone().expect("the card is written");
    assert_eq!(card.seats.len(), 3, "a choice for each seat");
    assert!(p.t.over.is_open(Layer::PlayOn));
    // The wrong number of seats changes nothing.
    assert!(p
        .send(Msg::Review(Rv::PlayOn(vec![Seat::Human])))
        .is_empty());
    let seats = vec![Seat::Human, Seat::Computer(Level::Easy), Seat::Human];
    let fx = p.send(Msg::Review(Rv::PlayOn(seats.clone())));
    assert!(fx.contains(&Effect::ReviewClosed) && fx.contains(&Effect::Save));
    assert_eq!(p.t.screen, Screen::Table);
    assert!(p.t.review.is_none() && p.t.over.layers.is_empty());
    assert_eq!(p.t.seating.seats, seats);
    let cut = p.t.game.record();
    assert_eq!(cut.moves, record.moves[..9]);
    assert_eq!(
        (cut.seed, &cut.deck, &cut.players),
        (record.seed, &record.deck, &record.players)
    );
    // The same tile comes next as came at move 10.
    let original = Game::from_record(&Record {
        moves: record.moves[..9].to_vec(),
        ..record.clone()
    })
    .unwrap();
    assert_eq!(p.t.state().tile(), original.state().tile());
}

#[test]
fn a_watched_file_opens_at_its_first_move_and_back_leaves_the_start_screen_as_it_was() {
    let mut p = Page::start(first_visit(3));
    let theirs = played(2, 6);
    let record = theirs.t.game.record();
    let fx = p.send(Msg::Review(Rv::Watch(Box::new(Ok((
        record.clone(),
        theirs.t.seating.clone(),
    ))))));
    assert!(fx.contains(&Effect::ReviewOpened));
    let r = p.t.reviewing().unwrap();
    assert_eq!((r.at, r.moves()), (0, 6));
    assert!(
        p.t.game.moves().is_empty(),
        "the table's own game is untouched"
    );
    p.send(Msg::Review(Rv::Close));
    assert_eq!(p.t.screen, Screen::Setup);
    assert_eq!(
        p.cards().setup,
        Some((p.t.setup.clone(), false)),
        "the form again"
    );
    // A file that is not a game says so and opens nothing.
    let fx = p.send(Msg::Review(Rv::Watch(Box::new(Err("bad".into())))));
    assert!(matches!(&fx[..], [Effect::Notify(_)]));
    assert_eq!(p.t.screen, Screen::Setup);
}

#[test]
fn since_your_last_turn_counts_the_others_moves_and_show_me_plays_them_back() {
    use carcassonne::shell::bars::Bars;
    let seats = [
        Seat::Human,
        Seat::Computer(Level::Easy),
        Seat::Computer(Level::Easy),
    ];
    let mut p = Page::new(&seats, 8, Screen::Table);
    assert!(p.t.aids.since.is_none(), "nobody has played");
    for _ in 0..2 {
        p.person_plays(true);
        while !(p.t.human_turn() && p.t.screen == Screen::Table) {
            assert!(p.tick());
        }
    }
    let moves = p.t.game.moves().len();
    assert_eq!(moves, 6);
    let since = p.t.aids.since.clone().expect("the computers moved");
    assert_eq!((since.from, since.tiles), (4, 2));
    let then = Game::from_record(&Record {
        moves: p.t.game.moves()[..4].to_vec(),
        ..p.t.game.record()
    })
    .unwrap();
    for q in 0..3u8 {
        let now = p.t.state().score(q).total();
        assert_eq!(
            since.gained[q as usize],
            now - then.state().score(q).total()
        );
    }
    // One person at the table: no hand-over card, so the top bar says it.
    let bars = Bars::of(&p.t, 0);
    assert!(
        bars.since
            .starts_with("Since your last turn: 2 tiles laid; "),
        "{}",
        bars.since
    );
    // Show me: from the board after the person's last turn, move by move, then back.
    p.send(Msg::Review(Rv::ShowMe));
    assert_eq!(p.t.screen, Screen::Review);
    assert_eq!(p.t.reviewing().unwrap().at, 4);
    assert!(p.t.reviewing().unwrap().playing);
    let start = p.now;
    assert!(p.tick());
    assert_eq!(p.t.reviewing().unwrap().at, 5);
    assert!(p.tick());
    assert_eq!(p.t.reviewing().unwrap().at, 6);
    assert!(p.tick());
    assert_eq!(
        p.t.screen,
        Screen::Table,
        "back by itself once all is shown"
    );
    assert_eq!(p.now - start, 3 * SPEEDS[1] as u64);
    assert!(p.log.iter().any(|(_, e)| *e == Effect::ReviewClosed));
    assert_eq!(p.t.game.moves().len(), moves);
    // Once the tile is laid, the line goes.
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    assert!(Bars::of(&p.t, 0).since.is_empty());
}

#[test]
fn show_me_from_the_hand_over_card_comes_back_to_the_card() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 4, Screen::Table);
    p.person_plays(false);
    while p.t.screen == Screen::Scoring {
        assert!(p.tick());
    }
    assert_eq!(p.t.screen, Screen::HandOver);
    p.send(Msg::HandedOver);
    p.person_plays(false);
    while p.t.screen == Screen::Scoring {
        assert!(p.tick());
    }
    assert_eq!(p.t.screen, Screen::HandOver);
    assert_eq!(p.t.aids.since.as_ref().map(|s| s.tiles), Some(1));
    p.send(Msg::Review(Rv::ShowMe));
    assert_eq!(p.t.reviewing().unwrap().at, 1);
    while p.t.screen == Screen::Review {
        assert!(p.tick());
    }
    assert_eq!(p.t.screen, Screen::HandOver);
    let card = p
        .cards()
        .hand_over
        .clone()
        .expect("the card is written again");
    assert!(!card.since.is_empty(), "with what changed since");
}

#[test]
fn a_review_and_play_on_of_a_game_with_hands_follow_the_tiles_picked() {
    let mut p = house_table(
        &[Seat::Human, Seat::Human],
        Rules::default().with_hand(3),
        5,
    );
    p.t.turn.handover = false;
    for _ in 0..12 {
        p.send(Msg::Pick(2));
        p.person_plays(false);
        while p.t.screen == Screen::Scoring {
            assert!(p.tick());
        }
    }
    let record = p.t.game.record();
    p.send(Msg::Review(Rv::Open));
    assert_eq!(p.t.reviewing().unwrap().moves(), 12);
    p.send(Msg::Review(Rv::Jump(5)));
    p.send(Msg::Review(Rv::PlayOn(vec![Seat::Human, Seat::Human])));
    assert_eq!(p.t.game.record().moves, record.moves[..5]);
}

#[test]
fn hidden_hands_wait_for_a_hand_over_after_a_scoring_and_before_the_first_turn() {
    let rules = Rules::default().with_hand(2).with_hand_open(false);
    // After a turn's scoring, even with the hand-over switched off.
    let mut p = house_table(&[Seat::Human, Seat::Human], rules, 8);
    p.t.turn.handover = false;
    p.person_plays(false);
    p.t.screen = Screen::Scoring;
    assert!(p.t.scoring_shown(p.t.game.moves().len()));
    assert_eq!(p.t.screen, Screen::HandOver);
    assert!(p.t.dock_hand().tiles.is_empty());
    // A new game with hidden hands opens on the hand-over card.
    let mut p = Page::start(first_visit(3));
    p.send(Msg::Setup(Change::Hand(2)));
    let hidden = carcassonne::shell::setup::rule_boxes()
        .iter()
        .position(|o| o.id == "o-hand-hidden")
        .unwrap();
    p.send(Msg::Setup(Change::Rule(hidden, true)));
    p.send(Msg::Start {
        entropy: [0; 16],
        seed: 4,
        random: 0.0,
    });
    assert_eq!(p.t.screen, Screen::HandOver);
    assert!(p.cards().hand_over.is_some());
    assert!(p.t.dock_hand().tiles.is_empty());
    p.send(Msg::HandedOver);
    assert_eq!(p.t.dock_hand().tiles.len(), 2);
}

#[test]
fn a_turn_starts_on_the_oldest_hand_tile_that_fits() {
    let rules = Rules::default().with_hand(3);
    // Random games until the oldest tile of a hand fits nowhere.
    let mut found = None;
    'games: for seed in 0..300 {
        let mut g = Game::new(vec!["A".into(), "B".into()], rules, seed).unwrap();
        let mut events = Vec::new();
        while g.state().tile().is_some() {
            let s = g.state();
            let hand = s.hand(s.current_player()).to_vec();
            if !s.can_place(hand[0]) {
                found = Some(g.clone());
                break 'games;
            }
            let (at, r) = s.placements_of(hand[0])[0];
            g.place_tile_with(at, r, Some(hand[0]), &mut events)
                .unwrap();
            g.choose_follower(FollowerChoice::Skip, &mut events)
                .unwrap();
        }
    }
    let game = found.expect("a hand whose oldest tile fits nowhere");
    let p = Page::with(game, Seating::people(2), Screen::Table);
    let dock = p.t.dock_hand();
    assert_ne!(dock.pick, 0);
    assert!(p.t.state().can_place(dock.picked().unwrap()));
    assert!(!p.t.turn.fits.is_empty(), "somewhere to lay it");
}

use carcassonne::shell::games::{Entry, Found, Gm, Listing, Offer, Player, Stored, HEARTBEAT_MS};
use carcassonne::shell::words;

/// Game `id` as the page reads it from the games list.
fn loaded(p: &Page, id: &str, elsewhere: bool, take: bool, review: bool) -> Msg {
    Msg::Games(Gm::Loaded {
        link: None,
        id: id.into(),
        read: Box::new(Ok((Stored(p.t.game.clone()), p.t.seating.clone()))),
        candidate: None,
        pending: None,
        elsewhere,
        take,
        review,
    })
}

#[test]
fn a_game_resumed_from_the_list_is_claimed_first_and_the_one_left_is_let_go() {
    let mut p = played(2, 3);
    p.t.shelf.current = Some("old".into());
    let other = played(3, 5);
    let read = Msg::Games(Gm::Loaded {
        link: None,
        id: "b".into(),
        read: Box::new(Ok((Stored(other.t.game.clone()), other.t.seating.clone()))),
        candidate: None,
        pending: None,
        elsewhere: false,
        take: false,
        review: false,
    });
    assert_eq!(
        p.send(Msg::Games(Gm::Resume("b".into()))),
        [Effect::LoadGame {
            id: "b".into(),
            take: false,
            review: false
        }]
    );
    let fx = p.send(read);
    let at = |e: &Effect| fx.iter().position(|f| f == e).unwrap();
    assert!(at(&Effect::Release("old".into())) < at(&Effect::Claim { take: true }));
    assert_eq!(
        at(&Effect::Claim { take: true }),
        1,
        "claimed before anything"
    );
    assert_eq!(p.t.shelf.current.as_deref(), Some("b"));
    assert_eq!(p.t.game.moves(), other.t.game.moves());
    assert_eq!(p.t.screen, Screen::Table);
}

#[test]
fn a_game_open_in_another_tab_is_taken_over_only_when_the_table_agrees() {
    let source = played(2, 4);
    let mut p = Page::start(first_visit(5));
    p.send(Msg::Games(Gm::Open));
    assert!(p.t.over.is_open(Layer::Games));
    let fx = p.send(loaded(&source, "g", true, false, false));
    assert_eq!(fx, [Effect::Refresh]);
    assert_eq!(p.t.over.question, Some(Question::TakeOver("g".into())));
    assert_eq!(p.t.screen, Screen::Setup, "nothing changes until asked");
    assert_eq!(p.t.shelf.current, None);
    assert_eq!(
        p.send(Msg::Games(Gm::TakeOver("g".into()))),
        [Effect::LoadGame {
            id: "g".into(),
            take: true,
            review: false
        }]
    );
    let fx = p.send(loaded(&source, "g", true, true, false));
    assert!(fx.contains(&Effect::Claim { take: true }));
    assert_eq!(p.t.shelf.current.as_deref(), Some("g"));
    assert_eq!(p.t.screen, Screen::Table);
    assert!(!p.t.over.is_open(Layer::Games));
}

#[test]
fn a_tab_whose_game_was_taken_over_says_so_and_stops_saving() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("g".into());
    // The heartbeat renews the claim, and comes again.
    let fx = p.send(Msg::Games(Gm::Beat));
    assert!(fx.contains(&Effect::Claim { take: false }));
    assert!(fx.contains(&Effect::After {
        ms: HEARTBEAT_MS,
        msg: Msg::Games(Gm::Beat)
    }));
    p.send(Msg::Games(Gm::TakenOver));
    assert!(p.t.shelf.lost);
    // The tab shows its card and takes no move: no tile, no undo.
    assert_eq!(p.t.screen, Screen::Elsewhere);
    let moves = p.t.game.moves().to_vec();
    let before = p.count(|e| *e == Effect::Save);
    let at = p.t.turn.fits[0].at;
    for msg in [Msg::Lay(at), Msg::Confirm, Msg::Undo, Msg::Redo, Msg::Hint] {
        p.send(msg);
    }
    assert_eq!(p.t.turn.candidate, None, "no tile laid");
    assert_eq!(p.t.game.moves(), moves, "the game is unchanged");
    assert_eq!(
        p.count(|e| *e == Effect::Save),
        before,
        "no save after the take-over"
    );
    assert!(p.t.dock_hand().tiles.is_empty(), "no tile in the dock");
    assert!(!p
        .send(Msg::Games(Gm::Beat))
        .contains(&Effect::Claim { take: false }));
    // A new game is this tab's own again.
    p.send(Msg::NewGame);
    p.send(Msg::NewGameAgreed);
    let fx = p.send(Msg::Start {
        entropy: [0; 16],
        seed: 3,
        random: 0.0,
    });
    assert!(fx.contains(&Effect::Save));
    assert!(!p.t.shelf.lost);
    assert_eq!(p.t.shelf.current, None, "listed as a new entry when saved");
}

#[test]
fn a_tab_whose_game_was_deleted_elsewhere_keeps_it_as_a_new_game() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("g".into());
    let moves = p.t.game.moves().len();
    let fx = p.send(Msg::Games(Gm::Gone));
    assert!(matches!(&fx[1], Effect::Notify(m) if m.contains("deleted in another tab")));
    // Saved at once under a new key: nothing on the table is lost, and the
    // deleted key is never written again.
    assert!(fx.contains(&Effect::Save));
    assert_eq!(p.t.shelf.current, None, "listed as a new entry when saved");
    assert!(!p.t.shelf.lost, "this tab goes on saving it");
    assert_eq!(p.t.game.moves().len(), moves);
    let before = p.count(|e| *e == Effect::Save);
    p.person_plays(false);
    assert!(
        p.count(|e| *e == Effect::Save) > before,
        "its turns are saved"
    );
}

#[test]
fn play_on_from_a_listed_game_is_a_new_entry_and_the_original_is_let_go_unchanged() {
    let mut p = played(2, 10);
    p.t.shelf.current = Some("orig".into());
    p.send(Msg::Review(Rv::Open));
    p.send(Msg::Review(Rv::Jump(4)));
    let fx = p.send(Msg::Review(Rv::PlayOn(vec![Seat::Human; 2])));
    assert!(fx.contains(&Effect::Release("orig".into())));
    assert!(fx.contains(&Effect::Save));
    assert_eq!(p.t.shelf.current, None);
    assert_eq!(p.t.game.moves().len(), 4);
}

#[test]
fn a_finished_or_unreadable_game_of_the_list_is_reviewed_or_reported_not_played() {
    let mut done = played(2, 200);
    assert!(done.t.state().is_over());
    done.t.shelf.current = Some("done".into());
    let mut p = played(2, 2);
    p.t.shelf.current = Some("live".into());
    p.send(Msg::Games(Gm::Open));
    let fx = p.send(loaded(&done, "done", false, false, false));
    assert!(fx.contains(&Effect::ReviewOpened));
    assert_eq!(p.t.screen, Screen::Review);
    assert_eq!(
        p.t.shelf.current.as_deref(),
        Some("live"),
        "the live game waits"
    );
    p.send(Msg::Review(Rv::Close));
    assert_eq!(p.t.game.moves().len(), 2);
    let fx = p.send(unreadable("bad"));
    assert!(matches!(&fx[0], Effect::Notify(m) if m.contains("could not be read")));
    assert!(fx.contains(&Effect::ListGames), "the list is read again");
    assert_eq!(p.t.shelf.current.as_deref(), Some("live"));
}

/// Game `id` read from storage, and found unreadable.
fn unreadable(id: &str) -> Msg {
    Msg::Games(Gm::Loaded {
        link: None,
        id: id.into(),
        read: Box::new(Err("The saved game could not be read".into())),
        candidate: None,
        pending: None,
        elsewhere: false,
        take: false,
        review: false,
    })
}

/// When the listed games were saved: today (as the list is read a minute
/// later) at 19:55 UTC.
const SAVED: f64 = 1_795_895_700_000.0;

/// Game `id` as the games list finds it: Ann (7) and Bo (7), 4 moves in;
/// "branch" was played on from move 4 of "live".
fn listed(id: &str, game: Option<Stored>, elsewhere: bool) -> Found {
    Found {
        waiting: None,
        resend: false,
        entry: Entry {
            id: id.into(),
            date: SAVED,
            finished: false,
            moves: 4,
            rules: "Base game".into(),
            players: ["Ann", "Bo"]
                .map(|n| Player {
                    name: n.into(),
                    colour: 2,
                    score: 7,
                })
                .to_vec(),
        },
        game,
        elsewhere,
        origin: (id == "branch").then(|| (4, "live".to_string())),
        offset: 0.0,
    }
}

#[test]
fn the_game_being_played_is_not_deleted_under_it_another_is_after_asking() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("live".into());
    // The list as read: "old", saved today at 19:55.
    p.send(Msg::Games(Gm::Listed(Box::new(Listing {
        found: vec![listed("old", None, false)],
        notice: None,
        now: SAVED + 60_000.0,
    }))));
    let delete = |id: &str| Msg::Games(Gm::Delete(id.into()));
    assert!(p.send(delete("live")).is_empty());
    assert!(p.send(Msg::Games(Gm::Deleted("live".into()))).is_empty());
    assert_eq!(p.send(delete("old")), [Effect::Refresh]);
    let q = p.t.over.question.clone().expect("asked");
    assert!(matches!(&q, Question::Delete { id, .. } if id == "old"));
    let w = q.words(p.t.game.names());
    assert_eq!(
        w.text,
        "Delete the game of Ann and Bo (today 19:55) from the list? It cannot be brought back (export it first to keep it)."
    );
    let fx = p.send(Msg::Games(Gm::Deleted("old".into())));
    assert!(fx.contains(&Effect::DeleteGame("old".into())));
    assert!(fx.contains(&Effect::ListGames), "the list is read again");
}

#[test]
fn a_save_problem_stays_in_the_banner_until_a_save_works_even_over_a_review() {
    let mut p = played(2, 2);
    let full = "Storage is full: the latest turn was not saved";
    p.send(Msg::Banner(Bn::Tell(full.into())));
    assert_eq!(p.cards().banner.as_deref(), Some(full));
    p.send(Msg::Review(Rv::Open));
    assert_eq!(
        p.cards().banner.as_deref(),
        Some(full),
        "over the review too"
    );
    p.send(Msg::Banner(Bn::Close));
    assert_eq!(p.cards().banner, None);
    p.send(Msg::Banner(Bn::Tell(full.into())));
    assert_eq!(p.cards().banner, None, "closed, it stays closed");
    p.send(Msg::Review(Rv::Close));
    p.send(Msg::Banner(Bn::Saved));
    p.send(Msg::Banner(Bn::Tell(full.into())));
    assert_eq!(
        p.cards().banner.as_deref(),
        Some(full),
        "after a good save, told again"
    );
    // A problem the table meets itself goes to the banner the same way.
    let fx = p.send(unreadable("bad"));
    assert!(matches!(&fx[0], Effect::Notify(_)));
    assert!(p
        .cards()
        .banner
        .as_deref()
        .is_some_and(|b| b.contains("could not be read")));
}

#[test]
fn the_games_card_tells_each_game_apart_and_offers_only_what_is_safe() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("live".into());
    let live = Some(Stored(p.t.game.clone()));
    let listing = Listing {
        found: vec![
            listed("live", live.clone(), false),
            listed("other", live.clone(), true),
            listed("branch", live, false),
            listed("broken", None, false),
        ],
        notice: None,
        now: SAVED + 60_000.0,
    };
    let fx = p.send(Msg::Games(Gm::Open));
    assert!(fx.contains(&Effect::ListGames));
    assert_eq!(p.cards().games, None, "nothing written before it is read");
    p.send(Msg::Games(Gm::Listed(Box::new(listing))));
    let lines = p.cards().games.clone().expect("the list is written");
    let [live, other, branch, broken] = &lines[..] else {
        panic!("{lines:?}");
    };
    assert!(
        live.meta.starts_with("today 19:55 · Base game"),
        "{}",
        live.meta
    );
    assert!(
        live.meta.ends_with(words::t(words::GamesW::OnTheTable)),
        "{}",
        live.meta
    );
    assert_eq!((live.resume, live.delete, live.note), (None, false, false));
    assert!(other.meta.ends_with(words::t(words::GamesW::OpenElsewhere)) && other.note);
    assert_eq!(
        (other.resume, other.delete),
        (Some(words::t(words::GamesW::Resume)), false)
    );
    assert_eq!(
        branch.from.as_deref(),
        Some("Played on from move 4 of the game of Ann and Bo (today 19:55)")
    );
    assert_eq!(
        (branch.resume, branch.delete),
        (Some(words::t(words::GamesW::Resume)), true)
    );
    assert!(!branch.tiles.is_empty(), "its board's picture");
    assert!(!broken.reads && broken.note && broken.tiles.is_empty());
    assert!(broken
        .meta
        .ends_with(words::t(words::GamesW::EntryUnreadable)));
    assert_eq!(broken.players[0], ("Ann".to_string(), 2, None), "no score");
    assert_eq!(live.players[1], ("Bo".to_string(), 2, Some(7)));
    p.send(Msg::Close(Layer::Games));
    assert_eq!(p.cards().games, None);
}

#[test]
fn a_reload_claims_its_game_unless_taken_and_the_heartbeat_starts() {
    let g = played(2, 2);
    let mut s = first_visit(1);
    s.saved = Some((g.t.game.clone(), g.t.seating.clone()));
    s.current = Some("g".into());
    s.playing = true;
    let p = Page::start(s);
    assert_eq!(p.count(|e| *e == Effect::Claim { take: false }), 1);
    assert_eq!(
        p.count(|e| *e
            == Effect::After {
                ms: HEARTBEAT_MS,
                msg: Msg::Games(Gm::Beat)
            }),
        1
    );
    // Behind the start screen the game is not claimed until it is continued.
    let mut s = first_visit(1);
    s.saved = Some((g.t.game.clone(), g.t.seating.clone()));
    s.current = Some("g".into());
    let mut p = Page::start(s);
    assert_eq!(p.count(|e| matches!(e, Effect::Claim { .. })), 0);
    assert!(p
        .send(Msg::Continue)
        .contains(&Effect::Claim { take: true }));
}

#[test]
fn continuing_a_game_open_in_another_tab_asks_to_take_it_over() {
    let g = played(2, 2);
    let mut s = first_visit(1);
    s.saved = Some((g.t.game.clone(), g.t.seating.clone()));
    s.current = Some("g".into());
    let mut p = Page::start(s);
    assert_eq!(
        p.send(Msg::Games(Gm::Continue { elsewhere: true })),
        [Effect::Refresh]
    );
    assert_eq!(p.t.over.question, Some(Question::TakeOver("g".into())));
    assert_eq!(p.t.screen, Screen::Setup);
    let fx = p.send(Msg::Games(Gm::Continue { elsewhere: false }));
    assert!(fx.contains(&Effect::Claim { take: true }));
    assert_eq!(p.t.screen, Screen::Table);
}

#[test]
fn a_tab_whose_game_was_taken_over_can_take_it_back_as_the_other_tab_left_it() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("g".into());
    // The other tab played on from where this one was.
    let mut other = played(2, 2);
    other.person_plays(false);
    p.send(Msg::Games(Gm::TakenOver));
    assert!(p.t.shelf.lost);
    p.send(Msg::Games(Gm::Open));
    // The list offers it back, not as "Playing here".
    assert_eq!(
        p.t.offer("g", false, true),
        Offer {
            place: Some(words::t(words::GamesW::TakenFromHere)),
            resume: Some(words::t(words::GamesW::TakeItBack)),
            delete: false
        }
    );
    // Taking it back asks while the other tab still has it open.
    assert_eq!(p.send(Msg::Games(Gm::TakeBack)), [load_game("g", false)]);
    assert_eq!(
        p.send(loaded(&other, "g", true, false, false)),
        [Effect::Refresh]
    );
    assert_eq!(p.t.over.question, Some(Question::TakeOver("g".into())));
    assert!(p.t.shelf.lost, "nothing changes until asked");
    let fx = p.send(loaded(&other, "g", true, true, false));
    assert_eq!(fx[0], Effect::Claim { take: true });
    assert!(!fx.iter().any(|e| matches!(e, Effect::Release(_))));
    assert!(!p.t.shelf.lost);
    assert_eq!(p.t.shelf.current.as_deref(), Some("g"));
    assert_eq!(p.t.game.moves(), other.t.game.moves(), "the newer game");
    assert!(!p.t.over.is_open(Layer::Games));
    // And this tab saves it again.
    let before = p.count(|e| *e == Effect::Save);
    p.person_plays(false);
    assert_eq!(p.count(|e| *e == Effect::Save), before + 1);
    assert!(p
        .send(Msg::Games(Gm::Beat))
        .contains(&Effect::Claim { take: false }));
}

#[test]
fn the_list_offers_no_delete_for_a_game_open_here_or_in_another_tab() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("here".into());
    let offer = |p: &Page, id, finished, elsewhere| p.t.offer(id, finished, elsewhere);
    assert_eq!(
        offer(&p, "here", false, false),
        Offer {
            place: Some(words::t(words::GamesW::OnTheTable)),
            resume: None,
            delete: false
        }
    );
    assert_eq!(
        offer(&p, "there", false, true),
        Offer {
            place: Some(words::t(words::GamesW::OpenElsewhere)),
            resume: Some(words::t(words::GamesW::Resume)),
            delete: false
        }
    );
    let free = offer(&p, "old", false, false);
    assert_eq!(
        (free.place, free.resume, free.delete),
        (None, Some(words::t(words::GamesW::Resume)), true)
    );
    let done = offer(&p, "done", true, false);
    assert_eq!((done.resume, done.delete), (None, true));
    // Behind the start screen the saved game is not played: it may go.
    p.send(Msg::NewGame);
    p.send(Msg::NewGameAgreed);
    assert!(offer(&p, "here", false, false).delete);
}

#[test]
fn resuming_a_game_keeps_the_tile_confirmed_or_laid_this_turn() {
    // A tile confirmed, its follower not yet chosen: the game as the page
    // reads it, the tile put back down from its key.
    let mut confirmed = played(2, 3);
    let at = confirmed.t.turn.fits[0].at;
    confirmed.send(Msg::Lay(at));
    confirmed.send(Msg::Confirm);
    assert_eq!(confirmed.t.state().step(), Step::PlaceFollower);
    let mut p = played(3, 1);
    p.t.shelf.current = Some("other".into());
    p.send(Msg::Games(Gm::Open));
    let fx = p.send(loaded(&confirmed, "g", false, false, false));
    assert_eq!(p.t.state().step(), Step::PlaceFollower, "the tile is down");
    assert_eq!(p.t.game.pending(), confirmed.t.game.pending());
    // A save now would write the record without the tile and drop its key.
    assert!(!fx.contains(&Effect::Save));
    assert!(!fx.contains(&Effect::SavePending));
    p.send(Msg::Follow(FollowerChoice::Skip));
    assert_eq!(p.t.game.moves().len(), confirmed.t.game.moves().len() + 1);
    assert!(
        p.count(|e| *e == Effect::Save) > 0,
        "saved once the turn ends"
    );

    // A tile lying unconfirmed: back where it lay, in the rotation it had.
    let source = played(2, 3);
    let fit = source.t.turn.fits[0];
    let spot = (fit.at, fit.rotations.trailing_zeros() as u8);
    let mut p = played(2, 1);
    p.send(Msg::Games(Gm::Loaded {
        link: None,
        id: "h".into(),
        read: Box::new(Ok((
            Stored(source.t.game.clone()),
            source.t.seating.clone(),
        ))),
        candidate: Some(carcassonne::shell::in_progress::Pending {
            at: spot.0,
            rotation: spot.1,
            kind: None,
        }),
        pending: None,
        elsewhere: false,
        take: false,
        review: false,
    }));
    assert_eq!(p.t.shelf.current.as_deref(), Some("h"));
    assert_eq!(
        (p.t.turn.candidate, p.t.turn.rotation),
        (Some(spot.0), spot.1)
    );
}

#[test]
fn a_tab_shown_again_checks_its_game_is_still_its_own() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("g".into());
    let fx = p.send(Msg::Games(Gm::Shown));
    assert_eq!(fx, [Effect::Claim { take: false }], "no second heartbeat");
    p.send(Msg::Games(Gm::TakenOver));
    assert!(p.send(Msg::Games(Gm::Shown)).is_empty());
}

use carcassonne::engine::Pos;
use carcassonne::shell::gesture::HOLD_MS;
use carcassonne::shell::press::Press;

/// A finger down on cell `at`, on nothing but the board.
fn press(seq: u32, at: Pos) -> Msg {
    Msg::Press(on(seq, at))
}

fn on(seq: u32, at: Pos) -> Press {
    Press {
        seq,
        at,
        marker: false,
        piece: None,
        x: 0.5,
        y: 0.5,
    }
}

#[test]
fn a_finger_resting_on_the_board_is_a_long_press_when_the_table_says_so() {
    let mut p = Page::new(&[Seat::Human, Seat::Human], 5, Screen::Table);
    let open = p.t.turn.fits[0].at;
    let long = |p: &Page, seq| p.count(|e| *e == Effect::LongPress(seq));

    // On an open spot: after HOLD_MS the card of what can go there opens.
    let t0 = p.now;
    p.send(press(1, open));
    assert!(!p.t.over.is_open(Layer::Spot), "not before its time");
    assert!(p.tick());
    assert_eq!(p.now - t0, HOLD_MS as u64);
    assert_eq!(long(&p, 1), 1, "lifting the finger then taps nothing");
    assert!(p.t.over.is_open(Layer::Spot));
    assert_eq!(p.t.aids.spot, Some(open));
    p.send(Msg::Escape);

    // On the start tile: who holds what there.
    p.send(press(2, Pos::new(0, 0)));
    assert!(p.tick());
    assert_eq!(long(&p, 2), 1);
    assert!(p.t.examining().is_some_and(|(at, _)| at == Pos::new(0, 0)));
    p.send(Msg::Escape);

    // Moved or lifted before its time: a tap or a pan, no card.
    p.send(press(3, open));
    p.send(Msg::Unpress);
    while p.tick() {}
    // On a follower marker: the marker is tapped.
    p.send(Msg::Press(Press {
        marker: true,
        ..on(4, open)
    }));
    while p.tick() {}
    // On an empty cell away from the tiles: nothing to tell.
    p.send(press(5, Pos::new(9, 9)));
    while p.tick() {}
    // A timer set for an earlier press counts for nothing in a later one.
    p.send(press(6, open));
    p.send(Msg::Unpress);
    p.send(press(7, Pos::new(9, 9)));
    while p.tick() {}
    assert!(!p.t.over.is_open(Layer::Spot));
    for seq in 3..=7 {
        assert_eq!(long(&p, seq), 0, "press {seq}");
    }

    // The right button: the same cards, at once.
    p.send(Msg::Point(on(0, open)));
    assert!(p.cards().spot.as_ref().is_some_and(|c| c.at == Some(open)));
    p.send(Msg::Escape);
    p.send(Msg::Point(on(0, Pos::new(0, 0))));
    assert!(p.t.examining().is_some_and(|(at, _)| at == Pos::new(0, 0)));
    p.send(Msg::Escape);

    // Without aids there are no such cards: every press stays a tap.
    let mut p = Page::new(&[Seat::Human, Seat::Human], 5, Screen::Table);
    p.t.seating.aids = false;
    p.send(press(1, open));
    while p.tick() {}
    p.send(press(2, Pos::new(0, 0)));
    while p.tick() {}
    assert_eq!(long(&p, 1) + long(&p, 2), 0);
    assert!(!p.t.over.is_open(Layer::Spot));
}

#[test]
fn the_turn_follows_the_game_after_any_message_whatever_the_house_rules() {
    use carcassonne::engine::rng::Rng;
    use carcassonne::shell::gesture::Target;
    use carcassonne::shell::review::Rv;
    // Random play, undo and redo by two people and a computer, with and
    // without hands: `Page::send` checks after every message that the
    // page is given the turn as the game stands.
    for (k, rules) in [
        Rules::default(),
        Rules::default().with_hand(3).with_hand_open(false),
        Rules::default().with_hand(2),
    ]
    .into_iter()
    .enumerate()
    {
        let seats = [Seat::Human, Seat::Computer(Level::Easy), Seat::Human];
        let mut p = house_table(&seats, rules, 40 + k as u64);
        let mut rng = Rng::new(k as u64 + 1);
        for _ in 0..600 {
            if p.t.state().is_over() {
                break;
            }
            let fit = p.t.turn.fits.first().map(|f| f.at);
            let msg = match rng.below(34) {
                _ if p.t.reviewing().is_some() => Msg::Review(Rv::Close),
                // Half the time, play on as a person would.
                17.. => match (p.t.state().step(), p.t.turn.candidate) {
                    (Step::PlaceFollower, _) if p.t.turn.options.is_empty() => {
                        Msg::Follow(FollowerChoice::Skip)
                    }
                    (Step::PlaceFollower, _) => Msg::Choose(0),
                    (_, Some(_)) => Msg::Confirm,
                    _ if p.t.screen == Screen::HandOver => Msg::HandedOver,
                    _ => fit.map_or(Msg::Rotate, Msg::Lay),
                },
                0 => Msg::Rotate,
                1 | 2 => fit.map_or(Msg::Rotate, Msg::Lay),
                3 => Msg::ToHand,
                4 => Msg::Pick(rng.below(3) as usize),
                5 | 6 => Msg::Confirm,
                7 => Msg::Follow(FollowerChoice::Skip),
                8 => Msg::Choose(0),
                9 => Msg::Undo,
                10 => Msg::UndoAgreed {
                    moves: p.t.game.moves().len(),
                },
                11 => Msg::Redo,
                12 => Msg::Lift(Target::Candidate),
                13 => Msg::Hint,
                14 => Msg::Review(Rv::Open),
                15 => Msg::Review(Rv::Last),
                _ => Msg::HandedOver,
            };
            p.send(msg);
            // The clock runs a little: scorings, hand-overs, the computer.
            for _ in 0..rng.below(4) {
                p.tick();
            }
        }
        assert!(p.t.game.moves().len() > 30, "{}", p.t.game.moves().len());
    }
}

/// The spots the table asked the page to keep, in order (without a hand,
/// no tile kind).
fn kept(fx: &[Effect]) -> Vec<Option<(Pos, u8)>> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::SaveCandidate(spot) => {
                assert!(spot.is_none_or(|p| p.kind.is_none()));
                Some(spot.map(|p| (p.at, p.rotation)))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn where_a_persons_tile_lies_unconfirmed_is_kept_when_it_changes_and_never_a_computers() {
    let mut p = Page::new(
        &[Seat::Human, Seat::Computer(Level::Easy)],
        8,
        Screen::Table,
    );
    let at = p.t.turn.fits[0].at;
    let fx = p.send(Msg::Lay(at));
    assert_eq!(kept(&fx), vec![Some((at, p.t.turn.rotation))]);
    // A redraw with the tile where it was keeps nothing new.
    assert!(kept(&p.send(Msg::Resume)).is_empty());
    let fx = p.send(Msg::Rotate);
    assert_eq!(kept(&fx), vec![p.t.turn.spot()]);
    assert!(p.t.turn.spot().is_some());
    // Back in hand: nothing lies on the board to be put back.
    assert_eq!(kept(&p.send(Msg::ToHand)), vec![None]);
    // Confirmed: the pending tile is kept instead.
    p.send(Msg::Lay(at));
    let fx = p.send(Msg::Confirm);
    assert!(kept(&fx).is_empty() && fx.contains(&Effect::SavePending));
    let from = p.log.len();
    p.send(Msg::Follow(FollowerChoice::Skip));
    // The computer's turn: its tile arrives, lies and is laid, unkept.
    while p.t.state().current_player() == 1 {
        assert!(p.tick(), "the computer plays on the clock");
    }
    let kept_since: Vec<_> = p.log[from..]
        .iter()
        .filter_map(|(_, e)| match e {
            Effect::SaveCandidate(Some(spot)) => Some(*spot),
            _ => None,
        })
        .collect();
    assert!(
        kept_since.is_empty(),
        "a computer's tile kept: {kept_since:?}"
    );
    assert!(p.count(|e| matches!(e, Effect::Slide { .. })) > 0);
}

#[test]
fn a_tile_confirmed_before_a_reload_goes_back_down_on_a_persons_turn_only() {
    use carcassonne::shell::in_progress::Pending;
    let game = Game::new(vec!["A".into(), "B".into()], Rules::default(), 21).unwrap();
    let probe = Page::with(game.clone(), Seating::people(2), Screen::Table);
    let fit = probe.t.turn.fits[0];
    let pending = Pending {
        at: fit.at,
        rotation: fit.rotations.trailing_zeros() as u8,
        kind: None,
    };
    let reload = |seats: Vec<Seat>, pending| {
        let mut seating = Seating::people(2);
        seating.seats = seats;
        Page::start(StartUp {
            link: None,
            saved: Some((game.clone(), seating)),
            current: Some("g1".into()),
            pending: Some(pending),
            playing: true,
            ..first_visit(1)
        })
    };
    // A person's: back down, the follower step open as it was.
    let p = reload(vec![Seat::Human, Seat::Human], pending);
    assert_eq!(p.t.game.pending(), Some((pending.at, pending.rotation)));
    assert_eq!(p.t.state().step(), Step::PlaceFollower);
    assert!(!p.t.turn.options.is_empty(), "its follower spots offered");
    // A computer's turn is thought afresh: its tile stays in hand.
    let p = reload(vec![Seat::Computer(Level::Easy), Seat::Human], pending);
    assert_eq!(p.t.game.pending(), None);
    assert_eq!(p.t.state().step(), Step::PlaceTile);
    assert!(p.t.computer.busy(), "the computer is asked for its move");
    // A spot where the tile does not go: it stays in hand, nothing lost.
    let nowhere = Pending {
        at: Pos::new(30, 30),
        ..pending
    };
    let p = reload(vec![Seat::Human, Seat::Human], nowhere);
    assert_eq!(p.t.game.pending(), None);
    assert_eq!(p.t.state().step(), Step::PlaceTile);
    assert_eq!(p.t.game.moves().len(), 0);
}

#[test]
fn a_tile_drags_only_in_its_step_on_the_live_board_and_over_a_review_the_board_only_pans() {
    use carcassonne::shell::gesture::Target;
    let mut p = played(2, 6);
    let at = p.t.turn.fits[0].at;
    let away = Pos::new(at.x + 5, at.y);
    p.send(Msg::Lay(at));
    assert!(p.t.tile_drags());
    assert_eq!(p.t.pressed_on(None, at), Target::Candidate);
    assert_eq!(p.t.pressed_on(None, away), Target::Board);
    assert_eq!(p.t.pressed_on(Some(0), away), Target::Hand(0));

    // Over a review: the tile lying there is the live game's, not to drag.
    p.send(Msg::Review(Rv::Open));
    assert!(p.t.reviewing().is_some());
    assert!(!p.t.tile_drags());
    assert_eq!(p.t.pressed_on(None, at), Target::Board);
    p.send(Msg::Review(Rv::Close));
    assert_eq!(p.t.turn.candidate, Some(at), "back where it lay");
    assert_eq!(p.t.pressed_on(None, at), Target::Candidate);

    // The follower step: the tile is down for good.
    p.send(Msg::Confirm);
    assert_eq!(p.t.state().step(), Step::PlaceFollower);
    assert!(!p.t.tile_drags());
    assert_eq!(p.t.pressed_on(None, at), Target::Board);
}

#[test]
fn a_finished_game_put_back_on_the_table_opens_on_its_results() {
    let end = played_out();
    assert!(end.t.state().is_over());
    let saved = (end.t.game.clone(), end.t.seating.clone());
    // A reload during the final scoring's walk-through: the results open
    // by themselves, Rematch at hand.
    let p = Page::start(StartUp {
        link: None,
        saved: Some(saved.clone()),
        current: Some("g1".into()),
        playing: true,
        ..first_visit(1)
    });
    assert!(p.t.over.is_open(Layer::Scores));
    assert!(p.cards().scores.as_ref().is_some_and(|c| c.end));
    // From the start screen, Continue does the same.
    let mut p = Page::start(StartUp {
        link: None,
        saved: Some(saved),
        current: Some("g1".into()),
        ..first_visit(1)
    });
    assert_eq!(p.t.screen, Screen::Setup);
    assert!(!p.t.over.is_open(Layer::Scores));
    assert!(p.t.shelf.continue_offered);
    p.send(Msg::Continue);
    assert!(p.cards().scores.as_ref().is_some_and(|c| c.end));
    assert!(p.t.over.is_open(Layer::Scores));
}

/// The top bar's scores, as a player reads them.
fn bar_scores(p: &Page) -> Vec<u32> {
    Bars::of(&p.t, 0).scores.iter().map(|s| s.0).collect()
}

#[test]
fn the_top_bar_counts_the_final_scoring_as_it_is_walked_through_then_names_the_winner() {
    let mut p = Page::new(
        &[Seat::Computer(Level::Easy), Seat::Computer(Level::Easy)],
        11,
        Screen::Table,
    );
    p.send(Msg::Resume);
    while !p.t.state().is_over() {
        assert!(p.tick(), "the computers play on");
    }
    let Some((_, Effect::Followed { events, .. })) = p
        .log
        .iter()
        .rev()
        .find(|(_, e)| matches!(e, Effect::Followed { .. }))
    else {
        panic!("no last move");
    };
    // The items the board shows: a field worth nothing is not one.
    let items: Vec<(u16, Players)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::FeatureScored {
                points,
                scorers,
                completed: false,
                ..
            } if points > 0 => Some((points, scorers)),
            _ => None,
        })
        .collect();
    assert!(items.len() > 1, "{items:?}");
    let finals: Vec<u32> = (0..2).map(|i| p.t.state().score(i).total()).collect();
    let unshown = |shown: usize, who: u8| -> u32 {
        items[shown..]
            .iter()
            .filter(|(_, s)| s.iter().any(|q| q == who))
            .map(|&(n, _)| u32::from(n))
            .sum()
    };
    // Each item adds to the bar as the board shows it, the first at once.
    for shown in 1..=items.len() {
        let b = Bars::of(&p.t, 0);
        assert_eq!(b.name, "Final scoring…", "item {shown}");
        assert_eq!(
            b.prompt, "Final scoring: the points still due are shown in turn",
            "not yet the score table's"
        );
        let want: Vec<u32> = (0..2)
            .map(|i| finals[i] - unshown(shown, i as u8))
            .collect();
        assert_eq!(
            bar_scores(&p),
            want,
            "after {shown} of {} items",
            items.len()
        );
        // The next item, or the walk's end, is timed one item later.
        let at = p.now + FINAL_ITEM_MS as u64;
        while p.now < at {
            assert!(p.tick());
        }
    }
    // The last item has had its time: the walk is over.
    assert_eq!(bar_scores(&p), finals);
    assert!(
        !p.t.over.is_open(Layer::Scores),
        "the results wait a moment"
    );
    let b = Bars::of(&p.t, 0);
    let winners: Vec<u8> = p.t.state().winners().iter().collect();
    assert!(b.name.starts_with("Game over: "), "{}", b.name);
    assert!(b.name.contains(&p.t.game.names()[winners[0] as usize]));
    assert_eq!(
        b.prompt,
        "Game over: the final scores are in the score table"
    );
    assert_eq!(b.player, winners[0], "the swatch is the winner's");
    while p.tick() {}
    assert!(p.t.over.is_open(Layer::Scores), "then the results open");
    assert_eq!(bar_scores(&p), finals);
}

#[test]
fn a_finished_game_put_on_the_table_shows_its_winner_and_final_totals_at_once() {
    // Over a few games, some won by a player who does not move next (the
    // swatch would tell the two apart).
    let mut told_apart = 0;
    for seed in 11..15 {
        let mut p = Page::new(
            &[Seat::Computer(Level::Easy), Seat::Computer(Level::Easy)],
            seed,
            Screen::Table,
        );
        p.send(Msg::Resume);
        while !p.t.state().is_over() {
            assert!(p.tick());
        }
        let q = Page::with(p.t.game.clone(), p.t.seating.clone(), Screen::Table);
        let b = Bars::of(&q.t, 0);
        let winners: Vec<u8> = q.t.state().winners().iter().collect();
        if winners[0] != q.t.state().current_player() {
            told_apart += 1;
        }
        assert_eq!(
            b.player, winners[0],
            "seed {seed}: the swatch is the winner's"
        );
        assert!(b.name.starts_with("Game over: "), "{}", b.name);
        let finals: Vec<u32> = (0..2).map(|i| q.t.state().score(i).total()).collect();
        assert_eq!(bar_scores(&q), finals);
    }
    assert!(told_apart > 0);
}

/// A two-player random game (seed 1) played to its last move by the
/// engine; the last move is left for the table, as a person makes it.
fn last_move_left() -> (Page, carcassonne::engine::Move) {
    let mut g = Game::new(vec!["A".into(), "B".into()], Rules::default(), 1).unwrap();
    loop {
        let m = ai::choose(g.state(), Level::Random, 1).unwrap();
        let mut after = g.clone();
        let mut ev = Vec::new();
        after
            .place_tile_with(m.at, m.rotation, m.tile, &mut ev)
            .unwrap();
        after.choose_follower(m.choice, &mut ev).unwrap();
        if after.state().is_over() {
            let seating = Seating {
                seats: vec![Seat::Human, Seat::Human],
                colours: vec![0, 1],
                aids: true,
                numbers: Vec::new(),
            };
            return (Page::with(g, seating, Screen::Table), m);
        }
        g = after;
    }
}

/// The last move made through the table; its effects.
fn play_last(p: &mut Page, m: &carcassonne::engine::Move) -> Vec<Effect> {
    p.send(Msg::Lay(m.at));
    while p.t.turn.rotation != m.rotation {
        p.send(Msg::Rotate);
    }
    p.send(Msg::Confirm);
    p.send(Msg::Follow(m.choice))
}

#[test]
fn the_review_lists_exactly_the_items_the_final_scoring_walked_through() {
    let (mut p, m) = last_move_left();
    // The engine's own account of the last move has fields worth nothing.
    let mut g = p.t.game.clone();
    let mut all = Vec::new();
    g.place_tile_with(m.at, m.rotation, m.tile, &mut all)
        .unwrap();
    g.choose_follower(m.choice, &mut all).unwrap();
    let worthless = all
        .iter()
        .filter(|e| {
            matches!(e, Event::FeatureScored { completed: false, points: 0, scorers, .. } if !scorers.is_empty())
        })
        .count();
    assert!(worthless > 0, "seed 1 ends with a field worth nothing");
    let fx = play_last(&mut p, &m);
    assert!(p.t.state().is_over());
    let Some(Effect::Followed { events, .. }) =
        fx.iter().find(|e| matches!(e, Effect::Followed { .. }))
    else {
        panic!("{fx:?}");
    };
    // What the board shows of the last move, in order: its in-play
    // scorings, then the walk's items; none worth nothing.
    let shown: Vec<(carcassonne::engine::Pos, carcassonne::engine::Location)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::FeatureScored {
                at,
                location,
                points,
                completed,
                ..
            } => {
                assert!(completed || points > 0, "shown though worth nothing: {e:?}");
                Some((at, location))
            }
            Event::AbbotRecalled { at, .. } => Some((at, carcassonne::engine::Location::Center)),
            _ => None,
        })
        .collect();
    assert_eq!(
        shown.len(),
        all.iter()
            .filter(|e| matches!(e, Event::FeatureScored { .. } | Event::AbbotRecalled { .. }))
            .count()
            - worthless
    );
    let n = p.t.game.moves().len();
    p.send(Msg::Review(Rv::Open));
    p.send(Msg::Review(Rv::Jump(n)));
    let listed = p.t.reviewing().unwrap().scorings();
    let words: Vec<&str> = listed.iter().map(|(_, w)| w.as_str()).collect();
    assert!(!words.iter().any(|w| w.contains("scored 0")), "{words:?}");
    let places: Vec<_> = listed.iter().map(|(s, _)| (s.at, s.location)).collect();
    assert_eq!(places, shown, "the review lists what the board showed");
    // A list button k lights the k-th listed item.
    for (k, (s, _)) in listed.iter().enumerate() {
        let fx = p.send(Msg::Review(Rv::Highlight(k)));
        assert!(
            fx.contains(&Effect::Highlight {
                at: s.at,
                location: s.location,
                player: s.player,
                fed: s.fed
            }),
            "item {k}: {fx:?}"
        );
        assert_eq!(p.t.reviewing().unwrap().lit, Some(k));
    }
}

/// The final scoring's items in the engine's account of move `m`: where,
/// how many points, who takes them; none worth nothing.
fn final_items(
    p: &Page,
    m: &carcassonne::engine::Move,
) -> (Vec<Event>, Vec<carcassonne::shell::walk::Item>) {
    let mut g = p.t.game.clone();
    let mut all = Vec::new();
    g.place_tile_with(m.at, m.rotation, m.tile, &mut all)
        .unwrap();
    g.choose_follower(m.choice, &mut all).unwrap();
    let items = all
        .iter()
        .filter_map(|e| match *e {
            Event::FeatureScored {
                at,
                location,
                points,
                scorers,
                completed: false,
                ..
            } if points > 0 => Some(carcassonne::shell::walk::Item {
                at,
                location,
                points,
                scorers,
                home: Vec::new(),
            }),
            _ => None,
        })
        .collect();
    (all, items)
}

#[test]
fn the_table_hands_the_board_one_final_item_per_tick_then_opens_the_results() {
    let (mut p, m) = last_move_left();
    let (all, want) = final_items(&p, &m);
    assert!(want.len() > 1, "{want:?}");
    p.now = 5_000;
    let fx = play_last(&mut p, &m);
    // The move's events first (the in-play feedback and the words), then
    // the first item at once.
    let followed = fx
        .iter()
        .position(|e| matches!(e, Effect::Followed { .. }))
        .unwrap();
    let first = fx
        .iter()
        .position(|e| matches!(e, Effect::ShowItem(_)))
        .expect("the first item at once");
    assert!(followed < first, "{fx:?}");
    while p.tick() {}
    let shown: Vec<(u64, carcassonne::shell::walk::Item)> = p
        .log
        .iter()
        .filter_map(|(t, e)| match e {
            Effect::ShowItem(i) => Some((*t, i.clone())),
            _ => None,
        })
        .collect();
    // Each item in the engine's order, one FINAL_ITEM_MS apart.
    assert_eq!(shown.len(), want.len());
    for (k, ((t, got), w)) in shown.iter().zip(&want).enumerate() {
        assert_eq!(*t, 5_000 + k as u64 * FINAL_ITEM_MS as u64, "item {k}");
        assert_eq!(
            (got.at, got.location, got.points, got.scorers),
            (w.at, w.location, w.points, w.scorers),
            "item {k}"
        );
    }
    // Every follower lifted off at the end goes home with an item, once;
    // the move's own events keep only those lifted off in play.
    let Some(Effect::Followed { events, .. }) =
        fx.iter().find(|e| matches!(e, Effect::Followed { .. }))
    else {
        unreachable!()
    };
    let returned = |es: &[Event]| {
        es.iter()
            .filter(|e| matches!(e, Event::FollowerReturned { .. }))
            .count()
    };
    let homed: usize = shown.iter().map(|(_, i)| i.home.len()).sum();
    assert!(homed > 0, "the farmers go home");
    assert_eq!(homed + returned(events), returned(&all));
    // After the last item's time the walk is over; the results follow
    // once it has been seen, and no timer is left.
    let end = 5_000 + want.len() as u64 * FINAL_ITEM_MS as u64;
    let over = p
        .log
        .iter()
        .filter(|(_, e)| *e == Effect::Refresh)
        .map(|(t, _)| *t)
        .max()
        .unwrap();
    assert_eq!(over, end + SCORING_SHOWN_MS as u64);
    let results = p
        .written
        .iter()
        .find(|(_, c)| c.scores.is_some())
        .map(|(t, _)| *t);
    assert_eq!(results, Some(end + SCORING_SHOWN_MS as u64));
    assert!(p.t.over.is_open(Layer::Scores));
    assert!(p.due.is_empty(), "no timer left: {:?}", p.due);
}

#[test]
fn behind_a_review_the_walk_is_counted_not_drawn_and_the_results_wait_for_its_close() {
    let (mut p, m) = last_move_left();
    let (_, want) = final_items(&p, &m);
    play_last(&mut p, &m);
    p.send(Msg::Review(Rv::Open));
    assert_eq!(p.t.screen, Screen::Review);
    let before = p.count(|e| matches!(e, Effect::ShowItem(_)));
    while p.tick() {}
    assert_eq!(
        p.count(|e| matches!(e, Effect::ShowItem(_))),
        before,
        "the review's board is not the table's"
    );
    assert!(!p.t.counting_finals(), "the walk still ends on time");
    assert!(want.len() > 1);
    assert!(p.t.over.layers.is_empty(), "the review covers the cards");
    assert!(p.due.is_empty(), "nothing polls: {:?}", p.due);
    p.send(Msg::Review(Rv::Close));
    assert!(p.cards().scores.as_ref().is_some_and(|c| c.end));
    assert!(p.t.over.is_open(Layer::Scores));
}

#[test]
fn the_table_says_each_move_and_only_a_person_hears_the_follower_spots() {
    use carcassonne::shell::words;
    let mut p = Page::new(
        &[Seat::Human, Seat::Computer(Level::Easy)],
        8,
        Screen::Table,
    );
    let at = p.t.turn.fits[0].at;
    p.send(Msg::Lay(at));
    let fx = p.send(Msg::Confirm);
    let Some(Effect::Laid { say, .. }) = fx.iter().find(|e| matches!(e, Effect::Laid { .. }))
    else {
        panic!("the tile is laid: {fx:?}");
    };
    let spots = words::spots_offered(&p.t.turn.options);
    assert!(!spots.is_empty());
    assert!(
        say.ends_with(&spots),
        "where it went, then the spots: {say}"
    );
    assert!(
        say.len() > spots.len(),
        "the tile's place is said first: {say}"
    );
    p.send(Msg::Follow(FollowerChoice::Skip));
    // The computer's move: said too, without a person's follower spots.
    let from = p.log.len();
    while p.t.state().current_player() == 1 {
        assert!(p.tick());
    }
    let said: Vec<&String> = p.log[from..]
        .iter()
        .filter_map(|(_, e)| match e {
            Effect::Laid { say, .. } => Some(say),
            _ => None,
        })
        .collect();
    assert_eq!(said.len(), 1);
    assert!(!said[0].is_empty());
    assert!(!said[0].contains("follower"), "{}", said[0]);
}

#[test]
fn a_game_imported_during_the_final_walk_ends_that_walk() {
    let (mut p, m) = last_move_left();
    play_last(&mut p, &m);
    assert!(p.t.counting_finals());
    let n = p.t.game.moves().len();
    // Another finished game of as many moves: a walk that only looked at
    // "over, with n moves" took it for its own.
    let other = (2..60u64)
        .find_map(|seed| {
            let mut g = Game::new(vec!["C".into(), "D".into()], Rules::default(), seed).unwrap();
            while !g.state().is_over() {
                let mv = ai::choose(g.state(), Level::Random, seed).unwrap();
                g.place_tile_with(mv.at, mv.rotation, mv.tile, &mut Vec::new())
                    .unwrap();
                g.choose_follower(mv.choice, &mut Vec::new()).unwrap();
            }
            (g.moves().len() == n).then_some(g)
        })
        .expect("a finished game of as many moves");
    let totals: Vec<u32> = (0..2).map(|i| other.state().score(i).total()).collect();
    let seating = p.t.seating.clone();
    p.send(Msg::Import(Box::new(Ok((other.record(), seating)))));
    assert!(!p.t.counting_finals(), "the walk was the other game's");
    let shown: Vec<u32> = Bars::of(&p.t, 0).scores.iter().map(|s| s.0).collect();
    assert_eq!(shown, totals, "the imported game's own totals");
    let from = p.log.len();
    while p.tick() {}
    assert!(
        !p.log[from..]
            .iter()
            .any(|(_, e)| matches!(e, Effect::ShowItem(_))),
        "no item of the old game is drawn on the new board"
    );
}

#[test]
fn a_last_move_undone_and_played_again_is_walked_through_once_on_one_clock() {
    let (mut p, m) = last_move_left();
    p.now = 5_000;
    play_last(&mut p, &m);
    // Taken back at once (both people agree), and played again while the
    // first walk's tick is still due.
    let n = p.t.game.moves().len();
    p.send(Msg::Undo);
    p.send(Msg::UndoAgreed { moves: n });
    if p.t.screen != Screen::Table {
        p.send(Msg::HandedOver);
    }
    assert!(!p.t.state().is_over());
    play_last(&mut p, &m);
    let from = p.log.len();
    while p.tick() {}
    let times: Vec<u64> = p.log[from..]
        .iter()
        .filter_map(|(t, e)| matches!(e, Effect::ShowItem(_)).then_some(*t))
        .collect();
    assert!(!times.is_empty());
    assert!(
        times
            .windows(2)
            .all(|w| w[1] - w[0] == FINAL_ITEM_MS as u64),
        "one item a tick, never two at once: {times:?}"
    );
}

#[test]
fn a_game_played_again_to_its_end_by_redo_opens_its_results() {
    let (mut p, m) = last_move_left();
    play_last(&mut p, &m);
    while p.tick() {}
    assert!(p.t.over.is_open(Layer::Scores));
    p.send(Msg::Close(Layer::Scores));
    let n = p.t.game.moves().len();
    p.send(Msg::Undo);
    p.send(Msg::UndoAgreed { moves: n });
    if p.t.screen != Screen::Table {
        p.send(Msg::HandedOver);
    }
    assert!(!p.t.state().is_over());
    p.send(Msg::Redo);
    assert!(p.t.state().is_over());
    while p.tick() {}
    assert!(
        p.t.over.is_open(Layer::Scores),
        "the results open by themselves"
    );
}

/// An Effect::LoadGame to play game `id` (`take`: even if open elsewhere).
fn load_game(id: &str, take: bool) -> Effect {
    Effect::LoadGame {
        id: id.into(),
        take,
        review: false,
    }
}

#[test]
fn taking_back_a_game_says_first_which_turns_played_here_will_be_gone() {
    let mut p = played(2, 2);
    p.t.shelf.current = Some("g".into());
    let stored = p.t.game.clone();
    // A turn played here, then refused on saving: the other tab has the game.
    p.person_plays(false);
    assert_eq!(p.t.game.moves().len(), stored.moves().len() + 1);
    p.send(Msg::Games(Gm::TakenOver));
    assert_eq!(p.t.screen, Screen::Elsewhere);
    // The other tab, as stored: without that turn.
    let mut other = played(2, 2);
    other.t.game = stored.clone();
    p.send(Msg::Games(Gm::TakeBack));
    p.send(loaded(&other, "g", false, false, false));
    let keep = stored.moves().len();
    assert_eq!(
        p.t.over.question,
        Some(Question::TakeBack {
            id: "g".into(),
            keep,
            turns: 1
        })
    );
    let words = p.t.over.question.as_ref().unwrap().words(p.t.game.names());
    assert!(
        words.text.contains("was not saved, and will be gone"),
        "{}",
        words.text
    );
    // Leaving it changes nothing.
    p.send(Msg::Reply(false));
    assert_eq!(p.t.screen, Screen::Elsewhere);
    assert_eq!(p.t.game.moves().len(), keep + 1);
    // Agreed: the game comes back as stored, and is this tab's again.
    p.send(Msg::Games(Gm::TakeBack));
    p.send(loaded(&other, "g", false, false, false));
    let fx = p.send(Msg::Reply(true));
    assert!(fx.contains(&load_game("g", true)), "{fx:?}");
    let fx = p.send(loaded(&other, "g", false, true, false));
    assert_eq!(fx[0], Effect::Claim { take: true });
    assert_eq!(p.t.screen, Screen::Table);
    assert!(!p.t.shelf.lost);
    assert_eq!(p.t.game.moves(), stored.moves());
}

#[test]
fn with_hidden_hands_a_computers_tile_is_seen_as_it_is_played_out_but_never_its_hand() {
    let rules = Rules::default().with_hand(3).with_hand_open(false);
    let game = Game::new(vec!["Bot".into(), "Ann".into()], rules, 5).unwrap();
    let seating = Seating {
        seats: vec![Seat::Computer(Level::Random), Seat::Human],
        colours: vec![0, 1],
        aids: true,
        numbers: Vec::new(),
    };
    let mut p = Page::with(game, seating, Screen::Table);
    p.send(Msg::Resume);
    let mut arrived = false;
    for _ in 0..50 {
        if p.t.state().current_player() != 0 {
            break;
        }
        assert!(
            p.t.dock_hand().tiles.is_empty(),
            "the computer's hand is never shown"
        );
        if p.t.turn.candidate.is_some() {
            arrived = true;
            assert!(p.t.ghost_shown(), "its tile, resting on its cell, is drawn");
        }
        if !p.tick() {
            break;
        }
    }
    assert!(
        arrived,
        "the computer's tile rested on its cell before it was laid"
    );
}
