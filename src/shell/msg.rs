//! What comes into the table: a person's choices, the computers' answers,
//! and time. A timer is asked for by [`Effect::After`](super::effect::Effect)
//! and comes back as one of these, so the shell decides what happens when
//! it fires and a whole session can be replayed from its messages.

use super::gesture::Target;
use super::screen::{Layer, Screen};
use super::seats::Seating;
use super::setup::Change;
use crate::engine::{Category, FollowerChoice, Location, Move, Players, Pos, Record};

/// A record read from a file, with who sits where, or why it is not one.
pub type Read = Result<(Record, Seating), String>;

/// A scoring of the turn, for the hand-over card: a `category` worth
/// `points` to each of `scorers`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Scored {
    pub category: Category,
    pub points: u16,
    pub scorers: Players,
    /// A feature completed (not an abbot taken home early).
    pub closed: bool,
}

#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Msg {
    /// Turn the tile a quarter clockwise.
    Rotate,
    /// Lay the tile tentatively on a cell (tap, drop, keyboard, hint).
    Lay(Pos),
    /// Take the tile back into the hand.
    ToHand,
    /// Pick tile `i` of the hand to lay (a house rule's hand of tiles).
    Pick(usize),
    /// Pick the next tile of the hand (a key), round to the first.
    NextInHand,
    /// Lay the tile for good where it lies.
    Confirm,
    /// A follower choice (a spot, the abbot's recall, or none).
    Follow(FollowerChoice),
    /// The follower option numbered `i + 1` on the board.
    Choose(usize),
    /// Take back a tile laid this turn, or the last turns.
    Undo,
    /// The table agreed to take back the turns named in
    /// [`Question::Undo`](super::question::Question), while the game still had
    /// `moves` moves.
    UndoAgreed {
        moves: usize,
    },
    /// Play the undone turns again.
    Redo,
    /// A person asks what the computer would do in their place.
    Hint,
    /// A tap on `on`, over board cell `cell`, on follower marker `marker`.
    Tap {
        on: Target,
        cell: Pos,
        marker: Option<usize>,
    },
    /// Tab (or Shift+Tab) on the board.
    Tab {
        back: bool,
    },
    /// An arrow key: the tile to the next legal cell that way; `middle` is
    /// the cell in the middle of the view.
    MoveTile {
        dx: i32,
        dy: i32,
        middle: Pos,
    },
    /// Enter on the follower spot picked with Tab.
    ChooseFocused,
    /// Escape over a card.
    Escape,
    /// What can go on cell `0` (a long press, the right button, or a key).
    Inspect(Pos),
    /// A finger went down on the board (one finger): its long press's
    /// timer is set.
    Press(super::press::Press),
    /// The press on the board stopped resting (it moved, was lifted, or a
    /// second finger came): no long press.
    Unpress,
    /// The long-press timer of press `0` fired.
    Held(u32),
    /// The right button on the board: as a long press there, at once.
    Point(super::press::Press),
    /// An arrow key over a spot's card: the card moves to the nearest open
    /// spot in direction (dx, dy).
    SpotStep(i32, i32),
    /// Who holds what on the tile at `at` (a long press or the right
    /// button on a placed tile): the feature the piece `piece` stands on,
    /// else the one under point (`x`, `y`) of the tile (0 to 1 across).
    Examine {
        at: Pos,
        piece: Option<Location>,
        x: f64,
        y: f64,
    },
    /// The O key: the next feature of the tile at `0`.
    ExamineNext(Pos),
    /// A drag of a tile begins on `0`: the tile lying on the board, or a
    /// tile of the hand.
    Lift(Target),
    /// A drag was cancelled: the tile goes back where it was lifted from.
    PutBack(Option<Pos>),
    /// The AI's answer to question `token`, and how long it thought.
    Answer {
        token: u32,
        reply: Result<Move, String>,
        ms: f64,
    },
    /// Time for the next step of the computer's move `token`.
    Step {
        token: u32,
        step: MoveStep,
    },
    /// A turn's scoring has been on show for its time (the turn that
    /// `player` ended with `moves` moves in the game).
    ScoringShown {
        moves: usize,
        player: u8,
        scored: Vec<Scored>,
    },
    /// The person named on the hand-over card has the tablet.
    HandedOver,
    /// The final scoring has been walked through, time to show the results.
    ResultsDue,
    /// The final scoring's item showing has had its time ([`super::walk`]);
    /// the number is the walk's, so a tick of a walk since replaced (an
    /// undo, another game) is dropped.
    FinalItem(u32),
    /// The page shows the table again (a game installed, continued, or the
    /// start screen left): a computer whose turn it is begins.
    Resume,
    /// Go to a screen (the start screen, or back to the table).
    Go(Screen),
    /// Open or close a card over the screen.
    Open(Layer),
    Close(Layer),
    /// A change on the start screen's form.
    Setup(Change),
    /// "Start game": the form's game, dealt with `seed`; `random` (0 to 1)
    /// picks who begins when the form leaves it to chance.
    Start {
        seed: u64,
        random: f64,
        /// 16 random bytes for the chains of a game by link's seats here.
        #[cfg_attr(not(target_arch = "wasm32"), serde(default))]
        entropy: [u8; 16],
    },
    /// "Continue the saved game".
    Continue,
    /// "New game": the start screen, once the table agrees to leave a game
    /// in progress.
    NewGame,
    NewGameAgreed,
    /// "Rematch": the same players, seats and rules, dealt with `seed`.
    Rematch {
        seed: u64,
    },
    /// A game file was read: its record and seats, or why it is not a game.
    Import(Box<Read>),
    /// The review screen's messages.
    Review(super::review::Rv),
    /// The games list's messages.
    Games(super::games::Gm),
    /// Play by link's messages.
    Link(super::remote::Lk),
    /// Settings.
    SetHandOver(bool),
    SetOnlyFitting(bool),
    SetHighlight(bool),
    /// The first-game guide's buttons.
    Guide(super::guide::GuideMsg),
    /// The answer to the open question ([`super::question`]): yes or no.
    Reply(bool),
    /// Note number `0` has had its time ([`super::toast`]).
    ToastGone(u32),
    /// The dock's "Fields" button: the overlay (an aid) on if it was off,
    /// off if it was on, as the table has it.
    ToggleFields,
    /// Pause a table of computers, or let it play on if paused.
    Pause,
    /// The banner's messages.
    Banner(super::banner::Bn),
    /// A table of computers plays at its next speed.
    Faster,
}

/// The visible steps of a computer's move, one timer apart: the tile
/// slides from the hand to its cell and rests there, is laid, then the
/// chosen follower spot lights up before the follower goes down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum MoveStep {
    /// The tile has arrived on its cell: it lies there, unconfirmed.
    Arrive,
    /// The tile is laid; the follower spot is picked.
    Lay,
    /// The follower goes down (or none), ending the turn.
    Follow,
}
