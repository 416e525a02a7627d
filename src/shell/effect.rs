//! What the table asks of the page after a message: words to say, the
//! board to redraw or animate, storage, the AI worker, and timers. The page
//! carries these out and decides nothing; a timer it sets comes back as the
//! [`Msg`] named in [`Effect::After`].

use super::computer::Ask;
use super::msg::Msg;
pub use super::msg::Scored;
use crate::engine::{Event, FollowerChoice, Pos};

/// What the page says after a message (the sentences are in `text`).
#[derive(Clone, Debug, PartialEq)]
pub enum Say {
    /// The tile in hand turned: its sides, and whether it fits where it lies.
    Turned {
        fits_here: bool,
    },
    /// The tile lies on `at`, `turned` to fit.
    LaidAt {
        at: Pos,
        turned: bool,
    },
    NoFitThere,
    PlaceFirst,
    /// Another tile of the hand was picked: its sides.
    Picked,
    /// The engine refused, with its reason.
    NotAllowed(crate::engine::RuleError),
    TileBack,
    /// `turns` turns undone; `player` is to play.
    Undone {
        turns: usize,
        player: u8,
    },
    NothingToRedo,
    PlayedAgain,
    /// Follower spot `0` is picked with the keyboard.
    Focused(usize),
    /// A hint is being worked out.
    LookingForMove,
    /// A hint laid the tile; `choice` is its follower choice.
    Hinted(FollowerChoice),
    /// The computer found no move (shown in the banner too).
    ComputerFailed(String),
    /// The tablet was handed over: the player's turn, with the tile's sides.
    YourTurn,
    /// A game was set on the table (`0` says how) and its turn begins.
    Greeting(&'static str),
    /// A note the table shows, said as it is.
    Note(&'static str),
}

/// Just a redraw.
/// Only the board to redraw. Never inlined: a `vec!` of effects inlines its
/// allocation at every site, and the table has well over a hundred.
#[inline(never)]
pub fn refresh() -> Vec<Effect> {
    effects([Effect::Refresh])
}

/// The effects listed, as a `Vec` built in one shared body per length (see
/// [`refresh`]).
#[inline(never)]
pub fn effects<const N: usize>(list: [Effect; N]) -> Vec<Effect> {
    Vec::from(list)
}

#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Say(Say),
    /// The screens, the bars, the hand and the board follow the table.
    Refresh,
    /// The tile went down on `at`; `events` to show; the follower step
    /// begins (the page refreshes, then offers the follower spots).
    Laid {
        at: Pos,
        events: Vec<Event>,
        /// What the announcer says (filled in by the table).
        say: String,
    },
    /// The follower step ended with `events`; the view goes back from the
    /// follower close-up. The final scoring's items are among them, to be
    /// said; the board shows them one by one ([`Effect::ShowItem`]).
    Followed {
        events: Vec<Event>,
        /// What the announcer says (filled in by the table).
        say: String,
    },
    /// Keep the game (a finished turn) in storage.
    Save,
    /// Keep the tile laid this turn, waiting for its follower step.
    SavePending,
    /// Keep where a person's tile lies unconfirmed this turn (`None`: in
    /// hand), so a reload shows it there again.
    SaveCandidate(Option<super::in_progress::Pending>),
    /// The turn's decision that the hand-over comes, after `after_ms` of
    /// scoring on show. The table turns it into screens and timers; the
    /// page never sees it.
    HandOver {
        after_ms: i32,
        player: u8,
        scored: Vec<Scored>,
    },
    /// The final scoring's next item: the board outlines it, takes the view
    /// to it and sends its followers home, for [`super::turn::FINAL_ITEM_MS`]
    /// (the table's clock brings the next).
    ShowItem(super::walk::Item),
    /// Ask the table a question ([`super::question`]). The table keeps it
    /// open until the page's card is answered; the page never sees this.
    Question(super::question::Question),
    /// A computer's move in play, or a question to it, is dropped. The
    /// table carries it out; the page never sees it.
    CancelComputer,
    /// Scoring highlights and flying pieces stop.
    ClearEffects,
    /// Send `msg` back to the table after `ms` milliseconds.
    After {
        ms: i32,
        msg: Msg,
    },
    /// Press `0` on the board became a long press (its card follows):
    /// lifting it taps nothing.
    LongPress(u32),
    /// Ask the AI (the worker, or the page itself without one); the answer
    /// comes back as [`Msg::Answer`].
    Ask(Ask),
    /// The computer's tile slides from the hand to `to` over `ms`.
    Slide {
        to: Pos,
        rotation: u8,
        ms: i32,
    },
    /// Bring `at` into view.
    Show(Pos),
    /// A new game is on the table: the page builds its board and bars for it.
    NewTable,
    /// Keep in this tab that the table is playing, so a reload resumes.
    MarkPlaying,
    /// Save the deal named in the page's address and, once it is saved,
    /// mark this tab as playing and drop the deal from the address (so a
    /// reload resumes it); if it cannot be saved, say so and keep both.
    KeepDeal,
    /// Keep `value` under `name` between visits: a setting, or the start
    /// screen's setup ([`super::settings`]).
    Keep {
        name: &'static str,
        value: String,
    },
    /// A message for the banner: the page says it, and hands it to the
    /// banner in its turn ([`Bn::Tell`](super::banner::Bn)), after the
    /// effects before it (a save that worked clears the banner).
    Notify(String),
    /// The review screen opened: the page keeps the live view aside and
    /// fits the board to the review's.
    ReviewOpened,
    /// The review screen closed: the live view comes back as it was.
    ReviewClosed,
    /// Light up the feature at `at`/`location` in the review (in the
    /// colour of `player`, gold if nobody scored; `fed`: a field with its
    /// cities).
    Highlight {
        at: Pos,
        location: crate::engine::Location,
        player: Option<u8>,
        fed: bool,
    },
    /// Read the games list from storage ([`library::gather`]) and tell
    /// the table ([`Gm::Listed`](super::games::Gm)), with the clock.
    ///
    /// [`library::gather`]: super::library::gather
    ListGames,
    /// Find the game by link kept in storage whose id is this, if any
    /// ([`library::find_link`](super::library::find_link)), read the setup
    /// rounds kept ([`ROUND`](super::remote::ROUND)), and tell the table
    /// (`Lk::Found`).
    FindLink(Option<[u8; 8]>),
    /// Read game `id` of the list and tell the table
    /// ([`Gm::Loaded`](super::games::Gm)), to play it (`take`: even if
    /// another tab has it) or to `review` it.
    LoadGame {
        id: String,
        take: bool,
        review: bool,
    },
    /// Remove game `id` from storage and the list.
    DeleteGame(String),
    /// Claim the game on the table for this tab, now: `take`, whoever had
    /// it; else only while the claim is still this tab's (if not, the page
    /// tells the table [`Gm::TakenOver`](super::games::Gm)).
    Claim {
        take: bool,
    },
    /// This tab has left game `id`: its claim goes, so another tab may open
    /// it without asking.
    Release(String),
    /// The review's analysis asks, keeps or reads ([`super::analysis`]).
    Analysis(super::analysis::Do),
}
