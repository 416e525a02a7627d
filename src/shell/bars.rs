//! What the bars around the board say and offer: whose turn it is, the
//! scores, the tiles left, the one next thing to do (the prompt), and which
//! controls show and answer. Decided here from the table's state, so the
//! page only writes it out, and every rule of it is tested natively.

use super::screen::Screen;
use super::seats::Seat;
use super::table::Table;
use super::turn;
use super::words;
use crate::engine::Step;

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
pub struct Bars {
    /// The player whose turn it is (their seat, numbered from 0); during
    /// the final scoring, whoever leads so far; at the end, the (first) winner.
    pub player: u8,
    /// The top bar's first line: a name, or who won.
    pub name: String,
    /// The top bar's second line: followers left and points.
    pub detail: String,
    /// Each seat's total, and its label for screen readers.
    pub scores: Vec<(u32, String)>,
    pub tiles_left: String,
    /// The next step, in plain words, in the dock.
    pub prompt: String,
    /// The tile in hand shows (kept out of sight until the tablet is handed over).
    pub hand: bool,
    /// The cells where the tile fits are highlighted ([`Table::shows_fits`]).
    pub fits: bool,
    pub undo: bool,
    pub redo: bool,
    /// Rotate, Confirm and Hint show: a person is placing a tile.
    pub tile_controls: bool,
    pub confirm: bool,
    /// Hint shows (with the tile controls, when the aids are on), and answers.
    pub hint_shown: bool,
    pub hint: bool,
    /// "No follower" shows: a person's follower step.
    pub skip: bool,
    /// What changed since this person's last turn ("" when not shown).
    pub since: String,
    /// The "Fields" toggle shows (an aid), and whether it is on.
    pub fields_shown: bool,
    pub fields: bool,
    /// What the overlay's hatching and discs mean, while it is on.
    pub fields_legend: Option<&'static str>,
    /// Only computers play: whether they are paused, and their speed's
    /// words ("Speed 2×").
    pub pace: Option<(bool, String)>,
    /// A game by link has links to send: the button that shows them again.
    /// (Left out of a recording when off, as tapes from before it have none.)
    #[cfg_attr(
        any(feature = "tape", not(target_arch = "wasm32")),
        serde(skip_serializing_if = "std::ops::Not::not")
    )]
    pub link: bool,
}

impl Bars {
    /// The bars for `t`, with `options` follower spots offered on the board
    /// (the table's settings say whether fitting cells are highlighted).
    pub fn of(t: &Table, options: usize) -> Bars {
        let s = t.state();
        let names = t.game.names();
        let mut p = s.current_player();
        let (name, detail) = if t.counting_finals() {
            // Whoever leads as the items are counted (the first of a tie).
            p = (0..s.players()).fold(0, |best, i| {
                if t.shown_score(i) > t.shown_score(best) {
                    i
                } else {
                    best
                }
            });
            (words::t(words::TableW::FinalScoring).into(), String::new())
        } else if s.is_over() {
            p = s.winners().iter().next().unwrap_or(p);
            let w = words::player_names(s.winners(), names);
            (words::game_over(&w), String::new())
        } else {
            let level = match t.seating.seat(p) {
                Seat::Computer(level) => Some(words::level_word(level)),
                Seat::Human | Seat::Remote => None,
            };
            let abbot = s.rules().abbot && s.abbot_home(p);
            let d = words::detail(level, s.supply(p), abbot, s.score(p).total());
            (names[p as usize].clone(), d)
        };
        let mut scores = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let total = t.shown_score(i as u8);
            scores.push((total, words::score_label(name, total)));
        }
        // The next player's controls wait until the tablet is handed over.
        let person = t.human_turn() && t.screen.turn_open();
        let tile_step = person && s.step() == Step::PlaceTile;
        Bars {
            player: p,
            name,
            detail,
            scores,
            tiles_left: words::tiles_left(s),
            prompt: {
                let step = prompt(t, options);
                if plays_again(t) && step.in_turn() {
                    words::prompt(&words::plays_again(&names[p as usize]), step)
                } else {
                    words::prompt(&names[p as usize], step)
                }
            },
            hand: !t.dock_hand().tiles.is_empty(),
            fits: t.shows_fits(),
            undo: if t.by_link() {
                (t.game.pending().is_some() && t.human_turn())
                    || t.link_undo()
                    || t.link_ask().is_some()
            } else {
                turn::can_undo(&t.game, &t.seating)
            },
            redo: !t.by_link() && t.game.can_redo(),
            tile_controls: tile_step,
            confirm: t.turn.can_confirm(),
            hint_shown: tile_step && t.seating.aids,
            hint: !t.computer.busy(),
            skip: person && s.step() == Step::PlaceFollower,
            since: t
                .since_shown()
                .map(|x| words::since_words(x, names))
                .unwrap_or_default(),
            fields_shown: t.seating.aids,
            fields: t.shows_fields(),
            fields_legend: t.shows_fields().then(|| words::fields_legend(&s.rules())),
            link: !t.link.outbox.is_empty(),
            pace: t
                .pace_shown()
                .then(|| (t.computer.paused, words::speed(t.computer.speed))),
        }
    }
}

/// The one next thing to do, for the player whose turn it is (the words
/// are in [`words::prompt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The turn's scoring is on show; the tile comes with the hand-over.
    Next,
    /// The board walks through the final scoring; the results follow.
    FinalScoring,
    GameOver,
    Thinking,
    Playing,
    /// The seat to play is on another device: its move comes by link.
    Waiting,
    /// A table of computers is paused.
    Paused,
    /// Drag the tile onto a highlighted square (or, without the highlight,
    /// onto the board).
    Drag {
        highlighted: bool,
        /// The player holds several tiles (a house rule's hand).
        hand: bool,
    },
    /// The tile picked from a hand fits nowhere now: pick another.
    FitsNowhere,
    /// The tile was dropped where it does not fit and is back in the hand.
    Missed,
    Confirm,
    /// It does not fit this way.
    Turn,
    NoFollower,
    Follower,
}

/// Whether the turn now is the extra one of the player who just filled a
/// hole (rules §12): the last tile laid was theirs and has tiles on all
/// four sides.
fn plays_again(t: &Table) -> bool {
    let (g, s) = (&t.game, t.state());
    let Some(last) = g.moves().last() else {
        return false;
    };
    s.rules().hole_bonus
        && !s.is_over()
        && g.player_of_move(g.moves().len() - 1) == usize::from(s.current_player())
        && s.board().surrounded(last.at)
}

impl Prompt {
    /// A step of the turn itself, for the player to act on.
    fn in_turn(self) -> bool {
        !matches!(
            self,
            Prompt::Next
                | Prompt::FinalScoring
                | Prompt::GameOver
                | Prompt::Thinking
                | Prompt::Playing
                | Prompt::Waiting
                | Prompt::Paused
        )
    }
}

/// The next step for the player whose turn it is.
fn prompt(t: &Table, options: usize) -> Prompt {
    let s = t.state();
    if matches!(t.screen, Screen::Scoring | Screen::HandOver) {
        return Prompt::Next;
    }
    match s.step() {
        Step::GameOver if t.counting_finals() => Prompt::FinalScoring,
        Step::GameOver => Prompt::GameOver,
        _ if t.computer.paused && t.pace_shown() => Prompt::Paused,
        _ if t.computer.thinking() => Prompt::Thinking,
        _ if t.by_link() && t.awaiting_link() => Prompt::Waiting,
        _ if !t.human_turn() => Prompt::Playing,
        Step::PlaceTile => match t.turn.candidate {
            None if t.turn.fits.is_empty() && t.dock_hand().tiles.len() > 1 => Prompt::FitsNowhere,
            None if t.turn.missed => Prompt::Missed,
            None => Prompt::Drag {
                highlighted: t.aids.highlight && t.seating.aids,
                hand: t.dock_hand().tiles.len() > 1,
            },
            Some(_) if t.turn.can_confirm() => Prompt::Confirm,
            Some(_) => Prompt::Turn,
        },
        Step::PlaceFollower if options == 0 => Prompt::NoFollower,
        Step::PlaceFollower => Prompt::Follower,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::engine::{FollowerChoice, Game, Rules};
    use crate::shell::computer::Ask;
    use crate::shell::seats::Seating;
    use crate::shell::turn::{Msg, Turn};

    fn table(seats: &[Seat], rules: Rules) -> Table {
        let names = ["Ann", "Bob", "Cy"][..seats.len()]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let game = Game::new(names, rules, 9).unwrap();
        let seating = Seating {
            seats: seats.to_vec(),
            colours: (0..seats.len() as u8).collect(),
            aids: true,
            numbers: Vec::new(),
        };
        let turn = Turn {
            handover: true,
            ..Turn::default()
        };
        Table::new(game, seating, Screen::Table, turn)
    }

    fn people() -> Table {
        table(&[Seat::Human, Seat::Human], Rules::default())
    }

    /// Lays the first tile on a cell where it fits, unconfirmed.
    fn lay_fitting(t: &mut Table) {
        let at = t.turn.fits[0].at;
        t.update(Msg::Lay(at));
    }

    #[test]
    fn the_fields_overlay_comes_with_its_legend_and_only_with_the_aids() {
        let mut t = people();
        assert_eq!(Bars::of(&t, 0).fields_legend, None);
        t.update(Msg::ToggleFields);
        let legend = Bars::of(&t, 0).fields_legend.expect("a legend");
        assert!(
            legend.contains("hatched") && legend.contains("3 points"),
            "{legend}"
        );
        t.seating.aids = false;
        assert_eq!(Bars::of(&t, 0).fields_legend, None, "no overlay, no legend");
        let mut first = table(
            &[Seat::Human, Seat::Human],
            Rules::default().with_farm_scoring(crate::engine::FarmScoring::First),
        );
        first.update(Msg::ToggleFields);
        assert!(Bars::of(&first, 0)
            .fields_legend
            .unwrap()
            .contains("4 points"));
    }

    #[test]
    fn a_person_placing_a_tile_sees_the_tile_controls_and_is_told_what_to_do() {
        let mut t = people();
        let b = Bars::of(&t, 0);
        assert_eq!(b.name, "Ann");
        assert_eq!(b.detail, "7 followers · 0 pts");
        assert!(b.hand && b.tile_controls && !b.skip && !b.confirm && !b.undo);
        assert_eq!(b.prompt, "Ann: drag the tile onto a highlighted square");
        t.aids.highlight = false;
        let b = Bars::of(&t, 0);
        assert_eq!(
            b.prompt,
            "Ann: drag the tile onto the board, next to a tile"
        );

        lay_fitting(&mut t);
        let b = Bars::of(&t, 0);
        assert!(b.confirm);
        assert_eq!(b.prompt, "Ann: turn or move the tile, then press ✓ Confirm");
    }

    #[test]
    fn a_tile_turned_a_way_that_does_not_fit_cannot_be_confirmed() {
        let mut t = people();
        t.turn.only_fitting = false;
        // A cell where the tile fits some ways, not all.
        let Some(f) = t.turn.fits.iter().find(|f| f.rotations != 0b1111).copied() else {
            panic!("the deal has a picky cell");
        };
        t.update(Msg::Lay(f.at));
        while f.rotations & (1 << t.turn.rotation) != 0 {
            t.update(Msg::Rotate);
        }
        let b = Bars::of(&t, 0);
        assert!(!b.confirm);
        assert_eq!(
            b.prompt,
            "Ann: it does not fit this way; press ⟳ to turn it"
        );
    }

    #[test]
    fn a_tile_dropped_where_it_fits_in_no_way_is_said_to_be_back_until_the_next_move() {
        let mut t = people();
        t.seating.aids = false;
        // A cell beside the start tile where the tile fits in no rotation.
        let miss = crate::engine::Side::ALL
            .iter()
            .map(|&side| crate::engine::Pos::new(0, 0).step(side))
            .find(|&p| t.turn.rotations_at(p) == 0)
            .expect("the first tile fits in no way beside one side of the start tile");
        t.update(Msg::Lay(miss));
        assert_eq!(t.turn.candidate, None);
        assert_eq!(
            Bars::of(&t, 0).prompt,
            "Ann: it does not fit there and is back in your hand; try another square"
        );
        t.update(Msg::Rotate);
        assert_eq!(
            Bars::of(&t, 0).prompt,
            "Ann: drag the tile onto the board, next to a tile"
        );
        t.update(Msg::Lay(miss));
        lay_fitting(&mut t);
        assert_eq!(
            Bars::of(&t, 0).prompt,
            "Ann: turn or move the tile, then press ✓ Confirm"
        );
    }

    #[test]
    fn the_follower_step_offers_no_follower_and_says_when_none_can_go() {
        let mut t = people();
        lay_fitting(&mut t);
        t.update(Msg::Confirm);
        let b = Bars::of(&t, 3);
        assert!(b.skip && !b.tile_controls && b.undo);
        assert_eq!(
            b.prompt,
            "Ann: tap a number to place a follower, or No follower"
        );
        let b = Bars::of(&t, 0);
        assert_eq!(b.prompt, "Ann: no follower can go here; press No follower");
    }

    #[test]
    fn behind_the_scoring_and_the_hand_over_the_next_player_sees_no_tile_and_no_controls() {
        let mut t = people();
        lay_fitting(&mut t);
        t.update(Msg::Confirm);
        t.update(Msg::Follow(FollowerChoice::Skip));
        for screen in [Screen::Scoring, Screen::HandOver] {
            t.go(screen);
            let b = Bars::of(&t, 0);
            assert_eq!(b.name, "Bob");
            assert!(!b.hand && !b.tile_controls && !b.skip, "{screen:?}");
            assert!(
                !b.fits,
                "{screen:?}: where the tile fits would tell its shape"
            );
            assert!(b.undo, "the table may still take the turn back");
            assert_eq!(b.prompt, "Next: Bob");
        }
        t.go(Screen::Table);
        let b = Bars::of(&t, 0);
        assert!(b.hand && b.tile_controls && b.fits);
        t.aids.highlight = false;
        assert!(!Bars::of(&t, 0).fits, "the highlight is a setting");
        // Without aids: no highlight, no hint, whatever the setting.
        t.aids.highlight = true;
        t.seating.aids = false;
        let b = Bars::of(&t, 0);
        assert!(!b.fits && !b.hint_shown && b.tile_controls);
        assert_eq!(
            b.prompt,
            "Bob: drag the tile onto the board, next to a tile"
        );
    }

    #[test]
    fn a_computer_s_turn_names_its_level_and_offers_a_person_nothing() {
        let mut t = table(
            &[Seat::Computer(Level::Hard), Seat::Human],
            Rules::default(),
        );
        let b = Bars::of(&t, 0);
        assert_eq!(b.detail, "computer, hard · 7 followers · 0 pts");
        assert!(!b.tile_controls && !b.skip && b.hint && !b.fits);
        assert_eq!(b.prompt, "Ann is playing…");
        t.computer.ask(Ask {
            token: 1,
            hint: false,
            level: Level::Hard,
            seed: 0,
        });
        let b = Bars::of(&t, 0);
        assert_eq!(b.prompt, "Ann is thinking…");
        assert!(!b.hint, "no hint while the search is busy");
    }

    #[test]
    fn the_abbot_at_home_is_counted_with_the_followers() {
        let rules = Rules {
            abbot: true,
            ..Rules::default()
        };
        let t = table(&[Seat::Human, Seat::Human, Seat::Human], rules);
        let b = Bars::of(&t, 0);
        assert_eq!(b.detail, "7 followers + abbot · 0 pts");
        assert_eq!(b.scores.len(), 3);
        assert_eq!(b.scores[2], (0, String::from("Cy: 0 points")));
    }

    #[test]
    fn with_hands_the_tiles_left_count_the_hands_too() {
        let t = table(&[Seat::Human, Seat::Human], Rules::default().with_hand(3));
        let s = t.state();
        // 72 tiles, the start tile laid, three in each hand.
        assert_eq!(s.remaining().len(), 65);
        assert_eq!(Bars::of(&t, 0).tiles_left, "71 tiles to come");
        let t = table(&[Seat::Human, Seat::Human], Rules::default());
        assert_eq!(Bars::of(&t, 0).tiles_left, "70 tiles left");
    }

    #[test]
    fn at_the_end_the_bar_names_the_winners() {
        let mut t = people();
        while !t.state().is_over() {
            let (at, r) = t.state().placements()[0];
            t.turn.rotation = r;
            t.turn.candidate = Some(at);
            t.game
                .place_tile(at, r, &mut Vec::new())
                .and_then(|()| {
                    t.game
                        .choose_follower(FollowerChoice::Skip, &mut Vec::new())
                })
                .unwrap();
        }
        let b = Bars::of(&t, 0);
        let s = t.state();
        let want = match (s.score(0).total(), s.score(1).total()) {
            (a, b) if a > b => "Game over: Ann wins",
            (a, b) if a < b => "Game over: Bob wins",
            _ => "Game over: Ann and Bob win",
        };
        assert_eq!(b.name, want);
        assert_eq!(b.detail, "");
        assert_eq!(b.tiles_left, "0 tiles left");
        assert_eq!(
            b.prompt,
            "Game over: the final scores are in the score table"
        );
        assert!(!b.hand && !b.tile_controls && !b.skip);
    }
}
