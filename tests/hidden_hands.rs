#![cfg(not(target_arch = "wasm32"))]
//! A hidden hand shows only to its owner, after the hand-over (rules §12),
//! whatever way the turn comes: the end of a turn, a new game, a reload,
//! Continue, an undo, a redo, a game resumed from the list. Also the review
//! opened in the middle of a turn.

use carcassonne::engine::{FollowerChoice, Game, Rules, Step};
use carcassonne::shell::effect::Effect;
use carcassonne::shell::lifecycle::{Settings, StartUp};
use carcassonne::shell::msg::Msg;
use carcassonne::shell::screen::Screen;
use carcassonne::shell::seats::{Seat, Seating};
use carcassonne::shell::setup::Setup;
use carcassonne::shell::table::Table;
use carcassonne::shell::turn::Turn;

fn hidden3() -> Rules {
    Rules::default().with_hand(3).with_hand_open(false)
}

fn people(n: usize) -> Seating {
    Seating {
        seats: vec![Seat::Human; n],
        colours: (0..n as u8).collect(),
        aids: true,
        numbers: Vec::new(),
    }
}

fn game(rules: Rules, n: usize, seed: u64) -> Game {
    let names = (0..n).map(|i| format!("P{i}")).collect();
    Game::new(names, rules, seed).unwrap()
}

fn table(rules: Rules, n: usize, seed: u64, screen: Screen) -> Table {
    let turn = Turn {
        handover: true,
        ..Turn::default()
    };
    Table::new(game(rules, n, seed), people(n), screen, turn)
}

/// The person to move lays the first fitting tile and takes no follower,
/// then the next person takes the tablet if it is handed over.
fn play_turn(t: &mut Table) {
    if t.screen == Screen::HandOver {
        t.update(Msg::HandedOver);
    }
    assert_eq!(t.screen, Screen::Table);
    let at = t.turn.fits[0].at;
    t.update(Msg::Lay(at));
    t.update(Msg::Confirm);
    assert_eq!(t.state().step(), Step::PlaceFollower);
    t.update(Msg::Follow(FollowerChoice::Skip));
}

/// Whose hidden hand the dock shows now, if any.
fn shown(t: &Table) -> Option<u8> {
    (!t.dock_hand().tiles.is_empty()).then(|| t.state().current_player())
}

#[test]
fn redo_never_shows_the_next_persons_hidden_hand_before_the_hand_over() {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t); // P0 plays: the hand-over card for P1 comes
    assert_eq!(t.screen, Screen::HandOver);
    assert_eq!(shown(&t), None);
    // P0, still holding the tablet, takes the turn back (the table agrees)...
    let moves = t.game.moves().len();
    t.update(Msg::UndoAgreed { moves });
    assert_eq!(t.state().current_player(), 0);
    // ...and plays it again with redo: P1's hidden hand is next.
    t.update(Msg::Redo);
    assert_eq!(t.state().current_player(), 1);
    assert!(
        shown(&t).is_none(),
        "P1's hidden hand {:?} is in the dock on screen {:?} while P0 holds the tablet",
        t.dock_hand().tiles,
        t.screen
    );
    assert_eq!(t.screen, Screen::HandOver);
    t.update(Msg::HandedOver);
    assert_eq!(
        shown(&t),
        Some(1),
        "P1 sees their hand once handed the tablet"
    );
}

#[test]
fn an_undo_asked_by_the_next_person_does_not_show_them_the_previous_hidden_hand() {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t); // P0's turn
    t.update(Msg::HandedOver); // P1 holds the tablet and sees their own hand
    assert_eq!(shown(&t), Some(1));
    // P1 asks to take back P0's turn; the table agrees.
    let fx = t.update(Msg::Undo);
    assert!(fx.contains(&Effect::Refresh));
    assert!(matches!(
        t.over.question,
        Some(carcassonne::shell::question::Question::Undo { .. })
    ));
    let moves = t.game.moves().len();
    t.update(Msg::UndoAgreed { moves });
    assert_eq!(t.state().current_player(), 0);
    assert!(
        shown(&t).is_none(),
        "P0's hidden hand {:?} is shown to P1 (screen {:?}) without a hand-over",
        t.dock_hand().tiles,
        t.screen
    );
    t.update(Msg::HandedOver);
    assert_eq!(
        shown(&t),
        Some(0),
        "P0 sees their hand once handed the tablet"
    );
}

#[test]
fn an_undo_by_the_person_who_just_played_needs_no_hand_over() {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t); // P0 plays; the card for P1 waits, P0 still holds the tablet
    assert_eq!(t.screen, Screen::HandOver);
    let moves = t.game.moves().len();
    t.update(Msg::UndoAgreed { moves });
    assert_eq!(t.state().current_player(), 0);
    assert_eq!(
        t.screen,
        Screen::Table,
        "P0 holds the tablet: no card for P0"
    );
    assert_eq!(shown(&t), Some(0));
}

fn start_up(saved: Game, playing: bool) -> (Table, Vec<Effect>) {
    start_up_with(saved, playing, None)
}

/// As [`start_up`], with the tile left unconfirmed when the page closed.
fn start_up_with(
    saved: Game,
    playing: bool,
    candidate: Option<carcassonne::shell::in_progress::Pending>,
) -> (Table, Vec<Effect>) {
    Table::start_up(StartUp {
        link: None,
        saved: Some((saved, people(2))),
        current: Some("g1".into()),
        notice: None,
        candidate,
        pending: None,
        deal: None,
        playing,
        seed: 1,
        setup: Setup::default(),
        settings: Settings {
            only_fitting: false,
            handover: true,
            less_motion: false,
            guide_seen: false,
            highlight: true,
        },
    })
    .unwrap()
}

/// A game where P0 has just played and P1's hidden-hand turn waits behind
/// the hand-over card, as saved.
fn saved_at_hand_over() -> Game {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t);
    assert_eq!(t.screen, Screen::HandOver);
    t.game.clone()
}

#[test]
fn a_reload_shows_a_hidden_hand_only_after_the_hand_over() {
    let (t, _) = start_up(saved_at_hand_over(), true);
    assert!(
        shown(&t).is_none(),
        "after a reload P1's hidden hand {:?} shows at once (screen {:?})",
        t.dock_hand().tiles,
        t.screen
    );
    let mut t = t;
    t.update(Msg::HandedOver);
    assert_eq!(shown(&t), Some(1));
}

#[test]
fn continue_from_the_start_screen_shows_a_hidden_hand_only_after_the_hand_over() {
    let (mut t, _) = start_up(saved_at_hand_over(), false);
    assert_eq!(t.screen, Screen::Setup);
    t.update(Msg::Continue);
    assert!(
        shown(&t).is_none(),
        "Continue shows P1's hidden hand {:?} at once (screen {:?})",
        t.dock_hand().tiles,
        t.screen
    );
    t.update(Msg::HandedOver);
    assert_eq!(shown(&t), Some(1));
}

// ---- The review screen (issue 17) ----

use carcassonne::engine::Move;
use carcassonne::shell::msg::MoveStep;
use carcassonne::shell::review::Rv;

/// People without the hand-over screen: no scoring pause between turns.
fn plain_people(n: usize, seed: u64) -> Table {
    let turn = Turn {
        handover: false,
        ..Turn::default()
    };
    Table::new(
        game(Rules::default(), n, seed),
        people(n),
        Screen::Table,
        turn,
    )
}

#[test]
fn a_review_opened_in_the_follower_step_comes_back_to_that_very_step() {
    let mut t = plain_people(2, 5);
    play_turn(&mut t);
    play_turn(&mut t);
    // The third tile confirmed, its follower not chosen yet.
    let at = t.turn.fits[0].at;
    t.update(Msg::Lay(at));
    t.update(Msg::Confirm);
    assert_eq!(t.state().step(), Step::PlaceFollower);
    let options = t.turn.options.clone();
    let pending = t.game.pending();
    t.update(Msg::Review(Rv::Open));
    assert_eq!(t.screen, Screen::Review);
    let r = t.review.as_ref().unwrap();
    assert_eq!(r.moves(), 2, "the review holds the moves played");
    t.update(Msg::Review(Rv::First));
    t.update(Msg::Review(Rv::Close));
    assert_eq!(t.screen, Screen::Table);
    assert_eq!(t.game.pending(), pending);
    assert_eq!(t.turn.options, options);
    // The turn goes on, and undo still takes the tile back into the hand.
    t.update(Msg::Undo);
    assert_eq!(t.state().step(), Step::PlaceTile);
    assert_eq!(t.turn.candidate, Some(at));
}

#[test]
fn play_on_from_a_move_is_the_record_cut_there_with_the_seats_chosen() {
    let mut t = plain_people(3, 9);
    for _ in 0..7 {
        play_turn(&mut t);
    }
    let full = t.game.record();
    t.update(Msg::Review(Rv::Open));
    t.update(Msg::Review(Rv::Jump(4)));
    t.update(Msg::Review(Rv::AskPlayOn));
    let seats = vec![
        Seat::Human,
        Seat::Computer(carcassonne::ai::Level::Easy),
        Seat::Human,
    ];
    t.update(Msg::Review(Rv::PlayOn(seats.clone())));
    assert_ne!(t.screen, Screen::Review);
    assert_eq!(t.game.moves(), &full.moves[..4]);
    assert_eq!(t.seating.seats, seats);
    assert_eq!(t.game.record().seed, full.seed);
}

#[test]
fn back_from_a_review_opened_mid_way_through_a_computers_move_leaves_no_stray_tile() {
    let names = vec!["C".to_string(), "P".to_string()];
    let g = Game::new(names, Rules::default(), 4).unwrap();
    let seating = Seating {
        seats: vec![Seat::Computer(carcassonne::ai::Level::Easy), Seat::Human],
        colours: vec![0, 1],
        aids: true,
        numbers: Vec::new(),
    };
    let mut t = Table::new(g, seating, Screen::Table, Turn::default());
    let fx = t.update(Msg::Resume);
    let Some(Effect::Ask(a)) = fx.iter().find(|e| matches!(e, Effect::Ask(_))).cloned() else {
        panic!("the computer is asked: {fx:?}");
    };
    // An answer that is not the first fitting cell, so a stray is visible.
    let fits = t.state().placements();
    let (at, rotation) = *fits.last().unwrap();
    let d = Move {
        at,
        rotation,
        choice: FollowerChoice::Skip,
        tile: None,
    };
    t.update(Msg::Answer {
        token: a.token,
        reply: Ok(d),
        ms: 1.0,
    });
    t.update(Msg::Step {
        token: a.token,
        step: MoveStep::Arrive,
    });
    assert_eq!(
        t.turn.candidate,
        Some(at),
        "the computer's tile arrived over its cell"
    );
    // A person opens the review now, and comes back.
    t.update(Msg::Review(Rv::Open));
    let fx = t.update(Msg::Review(Rv::Close));
    assert!(
        fx.iter().any(|e| matches!(e, Effect::Ask(_))),
        "the computer thinks its move afresh"
    );
    assert_eq!(
        t.turn.candidate, None,
        "while the computer thinks again, its old tile is still drawn at {at:?}"
    );
}

#[test]
fn a_resumed_hidden_hand_game_lays_no_tile_on_the_board_behind_the_hand_over_card() {
    use carcassonne::shell::games::{Gm, Stored};
    let saved = saved_at_hand_over();
    // Where P1's tile lay unconfirmed when the game was left.
    let spot = {
        let mut t = table(hidden3(), 2, 7, Screen::Table);
        t.game = saved.clone();
        t.turn.sync(&t.game);
        (
            t.turn.fits[0].at,
            t.turn.fits[0].rotations.trailing_zeros() as u8,
        )
    };
    let mut t = plain_people(2, 1);
    t.update(Msg::Games(Gm::Loaded {
        link: None,
        id: "g1".into(),
        read: Box::new(Ok((Stored(saved), people(2)))),
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
    assert_eq!(
        t.screen,
        Screen::HandOver,
        "the hidden hand waits for the hand-over"
    );
    assert!(
        !t.ghost_shown(),
        "P1's tile {:?} at {:?} is not drawn behind the hand-over card",
        t.turn.tile(t.state()),
        t.turn.candidate
    );
    // Handed over: the tile lies where its owner left it.
    t.update(Msg::HandedOver);
    assert!(t.ghost_shown());
    assert_eq!(t.turn.candidate, Some(spot.0));
}

/// A turn's scoring has been on show for its time.
fn past_scoring(t: &mut Table) {
    if t.screen == Screen::Scoring {
        let moves = t.game.moves().len();
        t.scoring_shown(moves);
    }
}

#[test]
fn the_score_card_lists_open_hands_only_and_the_tiles_to_come_only_with_aids() {
    // Hidden hands: never listed on the score card, whoever holds the tablet.
    let mut t = table(hidden3(), 3, 11, Screen::HandOver);
    for _ in 0..6 {
        let card = t.score_card();
        assert!(
            card.hands.is_empty(),
            "a hidden hand listed: {:?}",
            card.hands
        );
        assert!(!card.remaining.is_empty() && !card.end);
        past_scoring(&mut t);
        play_turn(&mut t);
    }

    // Open hands: everyone's, as the game holds them, in seat order.
    let open = Rules::default().with_hand(3).with_hand_open(true);
    let mut t = table(open, 3, 11, Screen::HandOver);
    play_turn(&mut t);
    let card = t.score_card();
    let names: Vec<&str> = card.hands.iter().map(|h| h.0.as_str()).collect();
    assert_eq!(names, t.game.names());
    for (p, (_, tiles, words)) in card.hands.iter().enumerate() {
        assert_eq!(
            tiles,
            t.state().hand(p as u8),
            "seat {p}'s hand as the game holds it"
        );
        assert!(!tiles.is_empty() && !words.is_empty());
    }

    // Without aids, no tiles still to come.
    let mut t = table(open, 2, 11, Screen::Table);
    t.seating.aids = false;
    let card = t.score_card();
    assert!(card.remaining.is_empty());
    assert_eq!(card.hands.len(), 2, "open hands are no aid");

    // At the end: the final card, no hands and no tiles to come.
    let mut t = table(open, 2, 11, Screen::Table);
    t.turn.handover = false;
    while !t.state().is_over() {
        past_scoring(&mut t);
        play_turn(&mut t);
    }
    let card = t.score_card();
    assert!(card.end && card.hands.is_empty() && card.remaining.is_empty());
}

// ---- Behind the start screen (issue 34) ----

/// A game saved in the middle of P1's hidden-hand turn, with P1's tile laid
/// unconfirmed: what a relaunch finds.
fn saved_mid_turn() -> (Game, carcassonne::shell::in_progress::Pending) {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t);
    t.update(Msg::HandedOver);
    let f = t.turn.fits[0];
    let pending = carcassonne::shell::in_progress::Pending {
        at: f.at,
        rotation: f.rotations.trailing_zeros() as u8,
        kind: None,
    };
    (t.game.clone(), pending)
}

#[test]
fn a_new_tab_or_a_relaunch_shows_no_hidden_hand_behind_the_start_screen() {
    // At the hand-over card, and in the middle of a turn with a tile laid.
    let (mid, pending) = saved_mid_turn();
    for (saved, candidate) in [(saved_at_hand_over(), None), (mid, Some(pending))] {
        let (mut t, _) = start_up_with(saved, false, candidate);
        assert_eq!(t.screen, Screen::Setup);
        assert!(
            shown(&t).is_none(),
            "P1's hidden hand {:?} shows behind the start screen",
            t.dock_hand().tiles
        );
        assert!(
            !t.ghost_shown(),
            "P1's tile is drawn behind the start screen"
        );
        assert!(
            !t.shows_fits(),
            "the squares P1's tile fits are marked behind the start screen"
        );
        // Continue: the card first, the hand only once handed over.
        t.update(Msg::Continue);
        assert_eq!(t.screen, Screen::HandOver);
        assert!(shown(&t).is_none());
        t.update(Msg::HandedOver);
        assert_eq!(shown(&t), Some(1));
    }
}

#[test]
fn new_game_from_the_menu_mid_turn_hides_the_hidden_hand_behind_the_start_screen() {
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    t.update(Msg::HandedOver);
    assert_eq!(shown(&t), Some(0));
    t.go(Screen::Setup);
    assert!(
        shown(&t).is_none(),
        "P0's hidden hand {:?} shows behind the start screen",
        t.dock_hand().tiles
    );
    assert!(!t.ghost_shown());
}

#[test]
fn the_hand_over_card_reaches_the_rules_the_games_list_and_new_game_without_showing_the_hand() {
    use carcassonne::shell::games::Gm;
    use carcassonne::shell::screen::Layer;
    let mut t = table(hidden3(), 2, 7, Screen::HandOver);
    play_turn(&mut t);
    assert_eq!(t.screen, Screen::HandOver);
    t.update(Msg::Games(Gm::Open));
    assert!(
        t.over.is_open(Layer::Games),
        "the games list opens over the card"
    );
    t.update(Msg::Open(Layer::Rules));
    assert!(t.over.is_open(Layer::Rules));
    assert_eq!(t.screen, Screen::HandOver, "the card waits behind");
    assert!(shown(&t).is_none(), "and the hand stays hidden");
    t.update(Msg::Close(Layer::Rules));
    t.update(Msg::Close(Layer::Games));
    // New game asks first; a yes leaves for the start screen, hand unseen.
    t.update(Msg::NewGame);
    assert!(t.over.question.is_some());
    t.update(Msg::Reply(true));
    assert_eq!(t.screen, Screen::Setup);
    assert!(shown(&t).is_none());
}
