//! A person's turn at the table: the tile in hand (its rotation, the cell
//! it lies on waiting for Confirm), the follower step, and what undo and
//! redo take back. `update` decides what a message does to the game and
//! lists the effects the page then carries out (words to announce, the
//! board to redraw, a save, the hand-over screen); it touches no browser,
//! so every rule of the turn's interface is tested natively.

use super::effect::{effects, refresh};
pub use super::effect::{Effect, Say, Scored};
use super::followers::{self, Choice};
use super::in_progress::Pending;
pub use super::msg::Msg;
use super::placement::{self, Fit, Verdict};
use super::question::Question;
use super::seats::Seating;
use crate::engine::{Event, FollowerChoice, Game, Players, Pos, State, Step, TileKind};

/// How long a turn's scoring stays on the board before the hand-over
/// screen covers it: the outline and the "+N" play for about 1.7 s.
pub const SCORING_SHOWN_MS: i32 = 1800;
/// Each end-of-game scoring item is shown this long, one after another.
pub const FINAL_ITEM_MS: i32 = 1100;

/// The turn's interface state, apart from the game itself.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Turn {
    /// Rotation of the tile in hand (and of the candidate).
    pub rotation: u8,
    /// Where the tile lies tentatively, waiting for Confirm.
    pub candidate: Option<Pos>,
    /// The follower option picked with the keyboard (or by a hint).
    pub focus: Option<usize>,
    /// The follower choice a hint suggested, marked on the board as
    /// clearly as the hint's tile, for the follower step of that tile.
    pub hinted: Option<FollowerChoice>,
    /// Setting: rotating turns only to rotations that fit.
    pub only_fitting: bool,
    /// Setting: the hand-over screen between people's turns.
    pub handover: bool,
    /// Cells where the tile in hand fits, with their rotations.
    pub fits: Vec<Fit>,
    /// The tile of the hand picked to lay (an index into the hand).
    pub pick: usize,
    /// The follower step's choices, numbered on the board in this order.
    pub options: Vec<Choice>,
    /// Open positions no tile still to come can fill (none once the game
    /// is over, when every open position is one).
    pub unfillable: Vec<Pos>,
    /// The tile was just dropped where it fits in no way: the prompt says
    /// so until the player's next move (without the highlight it is the
    /// only sign of why the tile came back).
    pub missed: bool,
}

impl Turn {
    /// After any change to the game: where the tile fits now; a candidate
    /// on a cell that no longer fits goes back to the hand.
    pub fn sync(&mut self, game: &Game) {
        if game.state().step() != Step::PlaceTile {
            self.missed = false;
        }
        if game.state().step() != Step::PlaceFollower {
            self.hinted = None;
        }
        if self.pick >= hand(game.state()).len() {
            self.pick = 0;
        }
        self.options = followers::options(game.state());
        self.unfillable = if game.state().is_over() {
            Vec::new()
        } else {
            game.state().unfillable()
        };
        if self.focus.is_some_and(|i| i >= self.options.len()) {
            self.focus = None;
        }
        if let Some(kind) = self.tile(game.state()) {
            self.fits = placement::fits(game.state(), kind);
            if let Some(c) = self.candidate {
                if placement::rotations_at(&self.fits, c) == 0 {
                    self.candidate = None;
                }
            }
        } else {
            self.fits.clear();
            self.candidate = None;
        }
    }

    /// The tile a person lays now: the one picked from the hand, during
    /// the tile step.
    pub fn tile(&self, state: &State) -> Option<TileKind> {
        if state.step() != Step::PlaceTile {
            return None;
        }
        state.hand(state.current_player()).get(self.pick).copied()
    }

    /// Picks the first tile of kind `kind` in the hand (a computer's or a
    /// hint's move names its tile); without one, the first tile.
    pub fn pick_kind(&mut self, game: &Game, kind: Option<TileKind>) {
        let s = game.state();
        self.pick = kind
            .and_then(|k| s.hand(s.current_player()).iter().position(|&h| h == k))
            .unwrap_or(0);
        self.sync(game);
    }

    /// Whether the tablet is handed over between people's turns: as set,
    /// and always with hidden hands, which show only after a hand-over.
    pub fn hands_over(&self, game: &Game) -> bool {
        self.handover || !game.rules().hand_open
    }

    /// The follower option a hint suggested, by its number on the board.
    pub fn hinted_option(&self) -> Option<usize> {
        let c = self.hinted?;
        self.options.iter().position(|o| o.choice == c)
    }

    /// Rotations that fit on `at` (a bit each).
    pub fn rotations_at(&self, at: Pos) -> u8 {
        placement::rotations_at(&self.fits, at)
    }

    /// How the tile in hand, turned as it is, goes on `at`.
    pub fn verdict(&self, at: Pos) -> Verdict {
        placement::verdict(&self.fits, at, self.rotation)
    }

    /// Confirm is open: the tile lies on a cell, turned a way that fits there.
    pub fn can_confirm(&self) -> bool {
        self.candidate
            .is_some_and(|c| self.verdict(c) == Verdict::Fits)
    }

    /// The tile's spot while it lies unconfirmed (kept across a reload).
    pub fn spot(&self) -> Option<(Pos, u8)> {
        self.candidate.map(|c| (c, self.rotation))
    }

    /// Lays the tile kept before a reload back where it lay unconfirmed:
    /// with a hand, that same tile, picked again. False, and nothing
    /// changes, if that tile is no longer in hand or fits on that cell in
    /// no rotation.
    pub fn restore_kept(&mut self, game: &Game, kept: Pending) -> bool {
        if kept.rotation > 3 {
            return false;
        }
        if let Some(k) = kept.kind {
            if !hand(game.state()).contains(&k) {
                return false;
            }
            let was = self.pick;
            self.pick_kind(game, Some(k));
            if self.rotations_at(kept.at) == 0 {
                self.pick = was;
                self.sync(game);
                return false;
            }
        }
        self.restore((kept.at, kept.rotation))
    }

    /// Lays the tile back where it lay unconfirmed before a reload, turned
    /// exactly as it was, even a way that does not fit there (a player may
    /// turn it so when rotating is not limited to fitting rotations). False,
    /// and the tile stays in hand, if it fits on that cell in no rotation.
    pub fn restore(&mut self, (at, rotation): (Pos, u8)) -> bool {
        if rotation > 3 || self.rotations_at(at) == 0 {
            return false;
        }
        self.candidate = Some(at);
        self.rotation = rotation;
        true
    }
}

/// The tiles the player about to lay holds, oldest first: with the house
/// rule's hand, up to three; else the one tile drawn.
pub fn hand(state: &State) -> Vec<TileKind> {
    if state.step() == Step::PlaceTile {
        state.hand(state.current_player()).to_vec()
    } else {
        Vec::new()
    }
}

/// The tile of the hand a turn starts with: the oldest that fits somewhere
/// (a hand may hold tiles that fit nowhere yet, beside one that does).
pub fn first_fitting(state: &State) -> usize {
    hand(state)
        .iter()
        .position(|&k| state.can_place(k))
        .unwrap_or(0)
}

/// Undo is open for a tile down this turn, or for a turn a person played.
pub fn can_undo(game: &Game, seating: &Seating) -> bool {
    (game.pending().is_some() && seating.human_turn(game.state()))
        || seating.turns_to_undo(game).is_some()
}

/// What `msg` does to the game and the turn, and the effects for the page.
/// Messages a person cannot send now (a computer's turn, the wrong step)
/// change nothing and have no effect.
pub fn update(game: &mut Game, seating: &Seating, turn: &mut Turn, msg: Msg) -> Vec<Effect> {
    let human = seating.human_turn(game.state());
    let step = game.state().step();
    turn.missed = false;
    match msg {
        Msg::Rotate if human && step == Step::PlaceTile => {
            let mask = match turn.candidate {
                Some(c) => turn.rotations_at(c),
                None => turn.fits.iter().fold(0, |m, f| m | f.rotations),
            };
            turn.rotation = placement::next_rotation(mask, turn.rotation, turn.only_fitting);
            let fits_here = turn.candidate.is_none() || turn.can_confirm();
            effects([Effect::Say(Say::Turned { fits_here }), Effect::Refresh])
        }
        Msg::Lay(at) if human && step == Step::PlaceTile => {
            let mask = turn.rotations_at(at);
            match placement::first_fitting(mask, turn.rotation) {
                Some(r) => {
                    let turned = r != turn.rotation;
                    turn.rotation = r;
                    turn.candidate = Some(at);
                    effects([Effect::Say(Say::LaidAt { at, turned }), Effect::Refresh])
                }
                None => {
                    turn.candidate = None;
                    turn.missed = true;
                    effects([Effect::Say(Say::NoFitThere), Effect::Refresh])
                }
            }
        }
        Msg::ToHand if human => {
            turn.candidate = None;
            refresh()
        }
        Msg::Pick(i) if human && step == Step::PlaceTile && i < hand(game.state()).len() => {
            pick(game, turn, i)
        }
        Msg::NextInHand if human && step == Step::PlaceTile => {
            let n = hand(game.state()).len();
            if n < 2 {
                return Vec::new();
            }
            pick(game, turn, (turn.pick + 1) % n)
        }
        Msg::Confirm if human => {
            if turn.candidate.is_none() {
                return effects([Effect::Say(Say::PlaceFirst)]);
            }
            let mut fx = lay(game, turn);
            if matches!(fx.first(), Some(Effect::Laid { .. })) {
                fx.push(Effect::SavePending);
            }
            fx
        }
        Msg::Follow(choice) if human && step == Step::PlaceFollower => {
            follow(game, seating, turn, choice)
        }
        Msg::Undo => undo(game, seating, turn, None),
        Msg::UndoAgreed { moves } => undo(game, seating, turn, Some(moves)),
        Msg::Redo => redo(game, seating, turn),
        _ => Vec::new(),
    }
}

/// Picks tile `i` of the hand: it goes in the hand unturned, and where it
/// fits is worked out anew (a tile lying on the board comes back).
fn pick(game: &Game, turn: &mut Turn, i: usize) -> Vec<Effect> {
    turn.pick = i;
    turn.rotation = 0;
    turn.candidate = None;
    turn.sync(game);
    effects([Effect::Say(Say::Picked), Effect::Refresh])
}

/// Lays the tile in hand on its candidate cell, for a person or a computer.
pub fn lay(game: &mut Game, turn: &mut Turn) -> Vec<Effect> {
    let Some(at) = turn.candidate else {
        return Vec::new();
    };
    let mut events = Vec::new();
    // With a hand, the move names the tile picked.
    let named = turn
        .tile(game.state())
        .filter(|_| game.state().hands_dealt());
    match game.place_tile_with(at, turn.rotation, named, &mut events) {
        Ok(()) => {
            turn.candidate = None;
            turn.focus = None;
            turn.sync(game);
            effects([Effect::Laid {
                at,
                events,
                say: String::new(),
            }])
        }
        Err(e) => effects([Effect::Say(Say::NotAllowed(e))]),
    }
}

/// Ends the follower step with `choice`, for a person or a computer. The
/// hand-over screen waits until the turn's scoring has been seen.
pub fn follow(
    game: &mut Game,
    seating: &Seating,
    turn: &mut Turn,
    choice: FollowerChoice,
) -> Vec<Effect> {
    let player = game.state().current_player();
    let mut events = Vec::new();
    if let Err(e) = game.choose_follower(choice, &mut events) {
        return effects([Effect::Say(Say::NotAllowed(e))]);
    }
    turn.focus = None;
    turn.rotation = 0;
    turn.pick = first_fitting(game.state());
    turn.sync(game);
    let scored = scored(&events);
    let mut fx = effects([
        Effect::Followed {
            events,
            say: String::new(),
        },
        Effect::Save,
    ]);
    let over = game.state().is_over();
    // Hidden hands are shown only after a hand-over, so they always have
    // one; a player who plays again (filling a hole) keeps the tablet.
    let handover = turn.hands_over(game);
    let same = game.state().current_player() == player;
    if !over && handover && !same && seating.needs_handover(game.state()) {
        fx.push(Effect::HandOver {
            after_ms: if scored.is_empty() {
                0
            } else {
                SCORING_SHOWN_MS
            },
            player,
            scored,
        });
    }
    fx.push(Effect::Refresh);
    fx
}

/// The scorings of a turn, in the order they happened: completed features
/// and an abbot taken home.
fn scored(events: &[Event]) -> Vec<Scored> {
    let mut out = Vec::new();
    for e in events {
        out.push(match *e {
            Event::FeatureScored {
                category,
                points,
                scorers,
                completed: true,
                ..
            } => Scored {
                category,
                points,
                scorers,
                closed: true,
            },
            Event::AbbotRecalled {
                player,
                points,
                category,
                ..
            } => Scored {
                category,
                points,
                scorers: Players(1 << player),
                closed: false,
            },
            _ => continue,
        });
    }
    out
}

/// Takes back a tile down this turn, else the last turns back to a
/// person's. Taking back a whole turn of a game with several people is the
/// table's decision: it is asked first, unless `agreed` (for the game as it
/// stood at that many moves).
fn undo(game: &mut Game, seating: &Seating, turn: &mut Turn, agreed: Option<usize>) -> Vec<Effect> {
    let moves = game.moves().len();
    if agreed.is_some_and(|m| m != moves) {
        // The game moved on while the table was asked: nothing is taken back.
        return Vec::new();
    }
    let human = seating.human_turn(game.state());
    let pending = game.pending().filter(|_| human);
    let turns = match pending {
        Some(_) => 1,
        None => match seating.turns_to_undo(game) {
            Some(k) => k,
            None => return Vec::new(),
        },
    };
    if pending.is_none() && seating.humans() > 1 && agreed.is_none() {
        return effects([Effect::Question(Question::Undo {
            player: game.player_of_move(moves - turns) as u8,
            moves,
        })]);
    }
    if game.pending().is_some() && pending.is_none() {
        // A computer's tile down, waiting for its follower: taken up too.
        game.undo();
    }
    // The tile taken back into the hand is picked again.
    let back = pending
        .and_then(|_| game.state().last_placed())
        .map(|p| p.kind);
    for _ in 0..turns {
        game.undo();
    }
    turn.focus = None;
    let say = match pending {
        Some((at, r)) => {
            // Back to the tile step with the tile where it was, not yet confirmed.
            turn.pick_kind(game, back);
            turn.candidate = Some(at);
            turn.rotation = r;
            Say::TileBack
        }
        None => {
            turn.candidate = None;
            turn.rotation = 0;
            turn.pick = first_fitting(game.state());
            Say::Undone {
                turns,
                player: game.state().current_player(),
            }
        }
    };
    turn.sync(game);
    effects([
        Effect::CancelComputer,
        Effect::ClearEffects,
        Effect::Save,
        Effect::Say(say),
        Effect::Refresh,
    ])
}

/// Plays the undone turns again, up to the next person's turn.
fn redo(game: &mut Game, seating: &Seating, turn: &mut Turn) -> Vec<Effect> {
    let mut fx = Vec::new();
    if game.pending().is_some() && !seating.human_turn(game.state()) {
        // A computer is laying a tile: its move is dropped, the redo replays it.
        fx.push(Effect::CancelComputer);
        game.undo();
    }
    let mut events = Vec::new();
    if !game.redo(&mut events) {
        fx.push(Effect::Say(Say::NothingToRedo));
        return fx;
    }
    while !seating.human_turn(game.state()) && game.redo(&mut events) {}
    turn.candidate = None;
    turn.rotation = 0;
    turn.pick = first_fitting(game.state());
    turn.sync(game);
    fx.extend(effects([
        Effect::CancelComputer,
        Effect::ClearEffects,
        Effect::Save,
        Effect::Refresh,
        Effect::Say(Say::PlayedAgain),
    ]));
    if game.state().is_over() {
        // Played again to the end: the results follow, as after the last
        // move (its final scoring was walked through then).
        fx.push(Effect::After {
            ms: SCORING_SHOWN_MS,
            msg: Msg::ResultsDue,
        });
    }
    fx
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::engine::Rules;
    use crate::shell::seats::Seat;

    const EASY: Seat = Seat::Computer(Level::Easy);

    fn table(seats: &[Seat]) -> (Game, Seating, Turn) {
        let names = (0..seats.len()).map(|i| i.to_string()).collect();
        let game = Game::new(names, Rules::default(), 11).unwrap();
        let seating = Seating {
            seats: seats.to_vec(),
            colours: (0..seats.len() as u8).collect(),
            aids: true,
            numbers: Vec::new(),
        };
        let mut turn = Turn {
            handover: true,
            ..Turn::default()
        };
        turn.sync(&game);
        (game, seating, turn)
    }

    fn people() -> (Game, Seating, Turn) {
        table(&[Seat::Human, Seat::Human])
    }

    /// A cell where the tile fits in some rotations but not in all.
    fn picky_cell(turn: &Turn) -> Option<Fit> {
        turn.fits
            .iter()
            .copied()
            .find(|f| f.rotations != 0b1111 && f.rotations != 0)
    }

    /// A deal whose first tile has a cell where only some rotations fit.
    fn picky_deal() -> (Game, Turn, Fit) {
        (11..)
            .find_map(|seed| {
                let names = vec!["a".into(), "b".into()];
                let g = Game::new(names, Rules::default(), seed).unwrap();
                let mut t = Turn::default();
                t.sync(&g);
                picky_cell(&t).map(|f| (g, t, f))
            })
            .unwrap()
    }

    /// Plays a turn the simple way: first legal placement, no follower.
    fn play(game: &mut Game, seating: &Seating, turn: &mut Turn) -> Vec<Effect> {
        play_with(game, seating, turn, false)
    }

    /// As [`play`], with a follower on the first spot if `follower`.
    fn play_with(
        game: &mut Game,
        seating: &Seating,
        turn: &mut Turn,
        follower: bool,
    ) -> Vec<Effect> {
        let (at, r) = game.state().placements()[0];
        turn.rotation = r;
        turn.candidate = Some(at);
        let fx = update(game, seating, turn, Msg::Confirm);
        assert!(matches!(fx[0], Effect::Laid { .. }), "{fx:?}");
        let choice = match game.state().follower_spots().first() {
            Some(spot) if follower => FollowerChoice::Follower(spot.location),
            _ => FollowerChoice::Skip,
        };
        update(game, seating, turn, Msg::Follow(choice))
    }

    fn hand_over(fx: &[Effect]) -> Option<(i32, u8)> {
        fx.iter().find_map(|e| match e {
            Effect::HandOver {
                after_ms, player, ..
            } => Some((*after_ms, *player)),
            _ => None,
        })
    }

    #[test]
    fn rotating_in_hand_turns_every_way_unless_only_fitting_is_asked() {
        let (mut g, s, mut t) = people();
        for want in [1, 2, 3, 0] {
            let fx = update(&mut g, &s, &mut t, Msg::Rotate);
            assert_eq!(t.rotation, want);
            assert_eq!(fx[0], Effect::Say(Say::Turned { fits_here: true }));
        }
        // On a cell, only the rotations that fit there.
        let (mut g, mut t, fit) = picky_deal();
        t.only_fitting = true;
        t.candidate = Some(fit.at);
        t.rotation = placement::first_fitting(fit.rotations, 0).unwrap();
        for _ in 0..4 {
            update(&mut g, &s, &mut t, Msg::Rotate);
            assert!(fit.rotations & (1 << t.rotation) != 0);
            assert!(t.can_confirm());
        }
        // Any rotation otherwise, and Confirm closes on one that does not fit.
        t.only_fitting = false;
        let mut refused = false;
        for _ in 0..4 {
            let fx = update(&mut g, &s, &mut t, Msg::Rotate);
            if !t.can_confirm() {
                refused = true;
                assert_eq!(fx[0], Effect::Say(Say::Turned { fits_here: false }));
            }
        }
        assert!(refused);
    }

    #[test]
    fn a_tile_laid_where_it_fits_turns_to_fit_and_elsewhere_goes_back_to_hand() {
        let (mut g, s, mut t) = people();
        let fx = update(&mut g, &s, &mut t, Msg::Lay(Pos::new(5, 5)));
        assert_eq!(fx[0], Effect::Say(Say::NoFitThere));
        assert_eq!(t.candidate, None);
        let fit = t.fits[0];
        let fx = update(&mut g, &s, &mut t, Msg::Lay(fit.at));
        assert_eq!(t.candidate, Some(fit.at));
        assert!(fit.rotations & (1 << t.rotation) != 0);
        let turned = t.rotation != 0;
        assert_eq!(fx[0], Effect::Say(Say::LaidAt { at: fit.at, turned }));
        update(&mut g, &s, &mut t, Msg::ToHand);
        assert_eq!(t.candidate, None);
    }

    #[test]
    fn a_tile_comes_back_after_a_reload_exactly_as_it_lay() {
        let (_, t, fit) = picky_deal();
        let wrong = (0..4).find(|r| fit.rotations & (1 << r) == 0).unwrap();
        let mut again = Turn {
            fits: t.fits.clone(),
            ..Turn::default()
        };
        assert!(again.restore((fit.at, wrong)));
        assert_eq!(again.spot(), Some((fit.at, wrong)));
        assert!(
            !again.can_confirm(),
            "turned a way that does not fit, as it was"
        );
        // A cell where it fits in no rotation: the tile stays in hand.
        let mut other = Turn {
            fits: t.fits.clone(),
            ..Turn::default()
        };
        assert!(!other.restore((Pos::new(40, 40), 0)));
        assert!(!other.restore((fit.at, 4)));
        assert_eq!(other.spot(), None);
    }

    #[test]
    fn confirm_lays_the_tile_for_good_only_once_it_lies_on_the_board() {
        let (mut g, s, mut t) = people();
        assert_eq!(
            update(&mut g, &s, &mut t, Msg::Confirm),
            [Effect::Say(Say::PlaceFirst)]
        );
        assert!(g.moves().is_empty() && g.pending().is_none());
        let (at, r) = g.state().placements()[0];
        update(&mut g, &s, &mut t, Msg::Lay(at));
        t.rotation = r;
        let fx = update(&mut g, &s, &mut t, Msg::Confirm);
        assert!(matches!(&fx[0], Effect::Laid { at: a, .. } if *a == at));
        assert_eq!(fx.last(), Some(&Effect::SavePending));
        assert_eq!(g.pending(), Some((at, r)));
        assert_eq!(g.state().step(), Step::PlaceFollower);
        assert_eq!(t.candidate, None);
    }

    #[test]
    fn a_person_cannot_act_in_a_computers_turn() {
        let (mut g, s, mut t) = table(&[EASY, Seat::Human]);
        let before = (g.moves().len(), g.pending(), t.clone());
        let fit = t.fits[0];
        for msg in [
            Msg::Rotate,
            Msg::Lay(fit.at),
            Msg::Confirm,
            Msg::Follow(FollowerChoice::Skip),
        ] {
            assert_eq!(update(&mut g, &s, &mut t, msg), []);
        }
        assert_eq!((g.moves().len(), g.pending(), t), before);
    }

    #[test]
    fn the_hand_over_comes_between_people_if_it_is_switched_on() {
        let (mut g, s, mut t) = people();
        // A turn that scores nothing: the hand-over comes at once.
        let fx = loop {
            let player = g.state().current_player();
            let fx = play(&mut g, &s, &mut t);
            assert!(fx.contains(&Effect::Save));
            match hand_over(&fx) {
                Some((0, p)) => {
                    assert_eq!(p, player);
                    break fx;
                }
                Some((SCORING_SHOWN_MS, _)) => continue,
                other => panic!("{other:?}"),
            }
        };
        assert!(fx.contains(&Effect::Refresh));
        t.handover = false;
        let fx = play(&mut g, &s, &mut t);
        assert_eq!(hand_over(&fx), None);
        // Against a computer the tablet stays with its one person.
        let (mut g, s, mut t) = table(&[Seat::Human, EASY]);
        let fx = play(&mut g, &s, &mut t);
        assert_eq!(hand_over(&fx), None);
    }

    #[test]
    fn a_turn_that_scores_is_shown_before_the_hand_over_which_names_it() {
        let (mut g, s, mut t) = people();
        for _ in 0..70 {
            let player = g.state().current_player();
            let fx = play(&mut g, &s, &mut t);
            let Some(Effect::Followed { events, .. }) = fx.first() else {
                panic!("{fx:?}");
            };
            let completed: Vec<(u16, Players)> = events
                .iter()
                .filter_map(|e| match *e {
                    Event::FeatureScored {
                        points,
                        scorers,
                        completed: true,
                        ..
                    } => Some((points, scorers)),
                    _ => None,
                })
                .collect();
            if completed.is_empty() || g.state().is_over() {
                continue;
            }
            let Some(Effect::HandOver {
                after_ms,
                player: who,
                scored,
            }) = fx.iter().find(|e| matches!(e, Effect::HandOver { .. }))
            else {
                panic!("no hand-over: {fx:?}");
            };
            assert_eq!(*after_ms, SCORING_SHOWN_MS);
            assert_eq!(*who, player);
            let named: Vec<(u16, Players)> = scored.iter().map(|s| (s.points, s.scorers)).collect();
            assert_eq!(named, completed);
            return;
        }
        panic!("no feature was completed in 70 turns");
    }

    #[test]
    fn the_last_move_is_not_handed_over_and_its_final_scoring_is_said() {
        let (mut g, s, mut t) = people();
        let fx = loop {
            let fx = play_with(&mut g, &s, &mut t, true);
            if g.state().is_over() {
                break fx;
            }
        };
        let Some(Effect::Followed { events, .. }) = fx.first() else {
            panic!("{fx:?}");
        };
        let finals = events
            .iter()
            .filter(|e| crate::shell::scoring::final_item(e))
            .count() as i32;
        assert!(finals > 0);
        assert!(!fx.iter().any(|e| matches!(e, Effect::HandOver { .. })));
    }

    #[test]
    fn undo_takes_the_tile_back_to_where_it_lay() {
        let (mut g, s, mut t) = people();
        let (at, r) = g.state().placements()[0];
        t.candidate = Some(at);
        t.rotation = r;
        update(&mut g, &s, &mut t, Msg::Confirm);
        let fx = update(&mut g, &s, &mut t, Msg::Undo);
        assert!(fx.contains(&Effect::Say(Say::TileBack)));
        assert_eq!(g.pending(), None);
        assert_eq!(g.state().step(), Step::PlaceTile);
        assert_eq!((t.candidate, t.rotation), (Some(at), r));
        assert!(t.can_confirm());
    }

    #[test]
    fn taking_back_a_turn_among_people_waits_for_the_table() {
        let (mut g, s, mut t) = people();
        assert!(!can_undo(&g, &s));
        play(&mut g, &s, &mut t);
        assert!(can_undo(&g, &s));
        let fx = update(&mut g, &s, &mut t, Msg::Undo);
        assert_eq!(
            fx,
            [Effect::Question(Question::Undo {
                player: 0,
                moves: 1
            })]
        );
        assert_eq!(g.moves().len(), 1);
        // A yes for another position of the game takes nothing back.
        assert_eq!(update(&mut g, &s, &mut t, Msg::UndoAgreed { moves: 2 }), []);
        let fx = update(&mut g, &s, &mut t, Msg::UndoAgreed { moves: 1 });
        assert!(fx.contains(&Effect::Say(Say::Undone {
            turns: 1,
            player: 0
        })));
        assert!(g.moves().is_empty());
        assert_eq!(g.state().current_player(), 0);
        // Redo plays it again; then there is nothing more to redo.
        let fx = update(&mut g, &s, &mut t, Msg::Redo);
        assert!(fx.contains(&Effect::Say(Say::PlayedAgain)));
        assert_eq!(g.moves().len(), 1);
        assert_eq!(
            update(&mut g, &s, &mut t, Msg::Redo),
            [Effect::Say(Say::NothingToRedo)]
        );
    }

    #[test]
    fn alone_against_computers_undo_goes_back_to_the_persons_turn_at_once() {
        let (mut g, s, mut t) = table(&[Seat::Human, EASY, EASY]);
        play(&mut g, &s, &mut t);
        // The computers' turns, played here as a person would.
        for _ in 0..2 {
            let (at, r) = g.state().placements()[0];
            g.place_tile(at, r, &mut Vec::new()).unwrap();
            g.choose_follower(FollowerChoice::Skip, &mut Vec::new())
                .unwrap();
        }
        let fx = update(&mut g, &s, &mut t, Msg::Undo);
        assert!(fx.contains(&Effect::CancelComputer));
        assert!(fx.contains(&Effect::Say(Say::Undone {
            turns: 3,
            player: 0
        })));
        assert!(g.moves().is_empty());
    }
}
