//! The games list: the last [`MAX_GAMES`] games of this browser, in
//! progress and finished, each kept under its own key so a write that
//! fails or an entry that is damaged touches that one game only. A small
//! index says what the list shows of each (players, date, rules, scores)
//! without reading every record; it is written here as plain text lines
//! and read back forgivingly (a damaged line loses its summary, never its
//! game: the page lists the games it finds under their keys too).
//!
//! Two tabs may be open on the site at once. The tab playing a game claims
//! it (its tab id and the time, renewed every [`HEARTBEAT_MS`]); another
//! tab sees the claim and marks the game "open in another tab", and taking
//! it over is a choice. A tab writes a game only while the claim is its
//! own, so a game taken over is never written over by the tab it left.

use super::effect::{effects, refresh, Effect};
use super::in_progress::Pending;
use super::msg::Msg;
use super::question::Question;
use super::screen::{Layer, Screen};
use super::seats::Seating;
use super::table::Table;
use super::words::{self, push_num};
use crate::engine::{compact, Edition, Game};

/// How many games the list keeps.
pub const MAX_GAMES: usize = 20;
/// How often the tab playing a game renews its claim.
pub const HEARTBEAT_MS: i32 = 5_000;
/// A claim not renewed for this long is a tab closed (or asleep).
pub const STALE_MS: f64 = 15_000.0;

/// One player of a listed game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Player {
    pub name: String,
    /// An index into the six follower colours.
    pub colour: u8,
    pub score: u32,
}

/// What the list shows of one game.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Entry {
    /// The game's key is `games.<id>`.
    pub id: String,
    /// Last saved, in ms since 1970 (UTC); 0 if unknown.
    pub date: f64,
    pub finished: bool,
    /// Moves played (tile and follower steps, as the record counts them).
    pub moves: u32,
    /// The rules in a few words.
    pub rules: String,
    pub players: Vec<Player>,
}

/// Names and words go in one line of tab-separated fields.
fn clean(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        out.push(if c.is_control() { ' ' } else { c });
    }
    out
}

/// The rules of a game as the index keeps them: a letter for each option
/// on, after `=` ("=fh": farmers and house rules), so the list says them
/// in the language of the day ([`words::rules_said`]); no words are kept.
pub fn rules_code(game: &Game) -> String {
    let r = game.rules();
    let mut code = String::from("=");
    for (on, c) in [
        (r.edition == Edition::C1, 'e'),
        (r.farmers, 'f'),
        (r.river, 'r'),
        (r.abbot, 'a'),
        (r.tiny_city, 't'),
        (super::words::house_rules(&r).is_some(), 'h'),
    ] {
        if on {
            code.push(c);
        }
    }
    code
}

impl Entry {
    /// The list's entry for `game` as it stands, saved at `date`.
    pub fn of(id: &str, date: f64, game: &Game, seating: &Seating) -> Entry {
        let s = game.state();
        let mut players = Vec::new();
        for (p, name) in game.names().iter().enumerate() {
            players.push(Player {
                name: name.clone(),
                colour: seating.colours.get(p).copied().unwrap_or(p as u8),
                score: s.score(p as u8).total(),
            });
        }
        Entry {
            id: id.into(),
            date,
            finished: s.is_over(),
            moves: game.moves().len() as u32,
            rules: rules_code(game),
            players,
        }
    }

    /// One line of the index.
    fn line(&self) -> String {
        let mut t = clean(&self.id);
        t.push('\t');
        // Kept in seconds: ms do not fit 32 bits.
        push_num(&mut t, (self.date / 1e3) as u32);
        t.push('\t');
        t.push(if self.finished { 'F' } else { 'P' });
        t.push('\t');
        push_num(&mut t, self.moves);
        t.push('\t');
        t.push_str(&clean(&self.rules));
        for p in &self.players {
            t.push('\t');
            t.push_str(&clean(&p.name));
            t.push('\t');
            push_num(&mut t, u32::from(p.colour));
            t.push('\t');
            push_num(&mut t, p.score);
        }
        t
    }

    /// Reads one line of the index; `None` if it is damaged.
    fn parse(line: &str) -> Option<Entry> {
        let f: Vec<&str> = compact::split(line, "\t").collect();
        if f.len() < 5 || (f.len() - 5) % 3 != 0 || f[0].is_empty() {
            return None;
        }
        let mut players = Vec::new();
        for p in f[5..].chunks(3) {
            players.push(Player {
                name: p[0].into(),
                colour: compact::small::<u8>(p[1]).filter(|&c| c < 6)?,
                score: compact::small(p[2])?,
            });
        }
        Some(Entry {
            id: f[0].into(),
            date: f64::from(compact::small::<u32>(f[1])?) * 1e3,
            finished: match f[2] {
                "F" => true,
                "P" => false,
                _ => return None,
            },
            moves: compact::small(f[3])?,
            rules: f[4].into(),
            players,
        })
    }
}

/// The list as the index keeps it: newest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Games {
    pub entries: Vec<Entry>,
}

impl Games {
    /// Reads the index, newest first as written; damaged lines are skipped
    /// (their games are still found under their keys), and an id listed
    /// twice keeps its first line.
    pub fn read(text: &str) -> Games {
        let mut g = Games::default();
        for l in compact::split(text, "\n") {
            let Some(e) = Entry::parse(l.strip_suffix('\r').unwrap_or(l)) else {
                continue;
            };
            if g.get(&e.id).is_none() {
                g.entries.push(e);
            }
        }
        g
    }

    pub fn write(&self) -> String {
        let mut t = String::new();
        for e in &self.entries {
            t.push_str(&e.line());
            t.push('\n');
        }
        t
    }

    pub fn get(&self, id: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// Puts `e` in the list in place of the entry with its id, newest first.
    pub fn put(&mut self, e: Entry) {
        if let Some(old) = self.get(&e.id) {
            if old.date > e.date {
                return;
            }
        }
        self.remove(&e.id);
        let at = self.entries.iter().position(|o| o.date <= e.date);
        let at = at.unwrap_or(self.entries.len());
        self.entries.insert(at, e);
    }

    pub fn remove(&mut self, id: &str) -> Option<Entry> {
        let i = self.entries.iter().position(|e| e.id == id)?;
        Some(self.entries.remove(i))
    }

    /// Makes the list fit [`MAX_GAMES`] without losing play: first the
    /// oldest games not yet begun go (no move played: a new game or
    /// rematch started and left), then the oldest finished ones. A game in
    /// progress is never dropped: with more of them than that, the list
    /// grows (the caller tells the player, who can export and delete).
    /// Games in `keep` (the one on the table, and those another tab is
    /// playing now, whose next save would only bring them back) never go.
    /// Returns the entries dropped.
    pub fn make_room(&mut self, keep: &[String]) -> Vec<Entry> {
        let mut dropped = Vec::new();
        while self.entries.len() > MAX_GAMES {
            // 0: not begun, 1: finished (2: in progress, kept).
            let rank = |e: &Entry| u8::from(e.moves > 0) + u8::from(e.moves > 0 && !e.finished);
            let Some(i) = (0..2).find_map(|r| {
                self.entries
                    .iter()
                    .rposition(|e| rank(e) == r && !keep.contains(&e.id))
            }) else {
                break;
            };
            dropped.push(self.entries.remove(i));
        }
        dropped
    }

    /// The game a page opens on, of those `stored`: this tab's own
    /// (`mine`) on a reload, else the newest game in progress that no
    /// other tab has open, else the newest one in progress (its Continue
    /// then asks to take it over).
    pub fn pick(
        &self,
        stored: &[String],
        mine: Option<&str>,
        elsewhere: impl Fn(&str) -> bool,
    ) -> Option<String> {
        if let Some(id) = mine.filter(|id| stored.iter().any(|s| s == id)) {
            return Some(id.to_string());
        }
        let mut open = Vec::new();
        for e in &self.entries {
            if !e.finished && stored.contains(&e.id) {
                open.push(e.id.as_str());
            }
        }
        let free = open.iter().find(|id| !elsewhere(id));
        free.or(open.first()).map(|id| id.to_string())
    }
}

/// A tab's claim on a game at `now` (ms): `tab,seconds`.
pub fn claim(tab: &str, now: f64) -> String {
    let mut t = compact::replace(&clean(tab), ",", " ");
    t.push(',');
    push_num(&mut t, (now / 1e3) as u32);
    t
}

/// Who claims a game, and when the claim was last renewed (ms).
fn read_claim(text: &str) -> Option<(&str, f64)> {
    let (tab, at) = compact::rsplit_once(text, ",")?;
    Some((tab, f64::from(compact::small::<u32>(at)?) * 1e3))
}

/// What a tab letting go of a game leaves in its claim: its own id, with
/// a time long past. Another tab sees the game free (the claim is stale),
/// and a reload of this tab takes it up again; but a tab that missed a
/// take-over (asleep while another tab claimed and then let go of the
/// game) finds a claim not its own, and writes nothing over the newer
/// game. Deleting the claim instead would look like "never claimed".
pub fn released(tab: &str) -> String {
    claim(tab, 0.0)
}

/// Whether another tab has the game open now: its claim is not `tab`'s
/// and was renewed less than [`STALE_MS`] ago.
pub fn open_elsewhere(claim: Option<&str>, tab: &str, now: f64) -> bool {
    match claim.and_then(read_claim) {
        Some((t, at)) => t != tab && now - at < STALE_MS,
        None => false,
    }
}

/// Whether `tab` may write the game: nobody else has claimed it since
/// (another tab's claim, live or stale, means the game was taken over).
pub fn still_ours(claim: Option<&str>, tab: &str) -> bool {
    match claim.and_then(read_claim) {
        Some((t, _)) => t == tab,
        None => claim.is_none(),
    }
}

/// A game read from the list with its turn in progress put back: the tile
/// confirmed this turn, which the record does not hold until the turn ends.
#[derive(Clone)]
pub struct Stored(pub Game);

impl PartialEq for Stored {
    fn eq(&self, o: &Stored) -> bool {
        self.0.record() == o.0.record() && self.0.pending() == o.0.pending()
    }
}

impl std::fmt::Debug for Stored {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("Stored")
    }
}

/// As its record and the tile laid this turn (for the tape of a session).
#[cfg(any(feature = "tape", not(target_arch = "wasm32")))]
impl serde::Serialize for Stored {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.0.record(), self.0.pending_move()).serialize(s)
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl<'de> serde::Deserialize<'de> for Stored {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Stored, D::Error> {
        use serde::de::Error;
        type Laid = Option<(crate::engine::Pos, u8, Option<crate::engine::TileKind>)>;
        let (record, laid) = <(crate::engine::Record, Laid)>::deserialize(d)?;
        let mut g = Game::from_record(&record).map_err(|e| D::Error::custom(e.detail()))?;
        if let Some((at, r, kind)) = laid {
            g.place_tile_with(at, r, kind, &mut Vec::new())
                .map_err(|e| D::Error::custom(crate::engine::error::text(&e)))?;
        }
        Ok(Stored(g))
    }
}

/// A saved game and its seating as [`Stored`] writes them (for the tape).
#[cfg(any(feature = "tape", not(target_arch = "wasm32")))]
pub mod saved {
    use super::{Game, Seating, Stored};

    pub fn serialize<S: serde::Serializer>(
        v: &Option<(Game, Seating)>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(
            &v.as_ref().map(|(g, seating)| (Stored(g.clone()), seating)),
            s,
        )
    }

    #[cfg(not(target_arch = "wasm32"))]
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Option<(Game, Seating)>, D::Error> {
        let v: Option<(Stored, Seating)> = serde::Deserialize::deserialize(d)?;
        Ok(v.map(|(g, seating)| (g.0, seating)))
    }
}

/// A game read from the list, with who sits where, or why it could not be.
pub type Read = Result<(Stored, Seating), String>;

/// One game of the list as storage holds it ([`library::gather`]).
///
/// [`library::gather`]: super::library::gather
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Found {
    /// What the list shows of it, read afresh from its record.
    pub entry: Entry,
    /// The game; `None`: its record could not be read (it was set aside).
    pub game: Option<Stored>,
    /// Another tab has it open now.
    pub elsewhere: bool,
    /// Played on from a review: the moves it kept, and the earlier game's id.
    pub origin: Option<(u32, String)>,
    /// The time zone's offset from UTC at its date, in ms.
    pub offset: f64,
    /// A game by link in progress: the name of the player elsewhere it
    /// waits for, or empty when its turn is on this device.
    #[cfg_attr(not(target_arch = "wasm32"), serde(default))]
    pub waiting: Option<String>,
    /// A game by link waits for a link made here: the list offers to
    /// send it again ("I never got your link").
    #[cfg_attr(not(target_arch = "wasm32"), serde(default))]
    pub resend: bool,
}

/// The games list as read for its card: each game found, what to tell
/// the player of a record that could not be read, and the time it was
/// read (its dates are told from it: "today 19:55").
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Listing {
    pub found: Vec<Found>,
    pub notice: Option<String>,
    pub now: f64,
}

/// What the games list is asked to do.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Gm {
    /// Open the list ("Your games").
    Open,
    /// Play game `id` on from where it was left.
    Resume(String),
    /// Put game by link `id` on the table with its link card open, to
    /// send its latest link again.
    Resend(String),
    /// Look back at game `id`.
    Review(String),
    /// The table agreed to take game `id` over from another tab.
    TakeOver(String),
    /// Game `id` as read from storage: the game and seats, or why it
    /// could not be read (it was set aside, or is gone); where its tile
    /// lay unconfirmed this turn; `elsewhere`: another tab has it open.
    /// `take` and `review` as asked in [`Effect::LoadGame`].
    Loaded {
        id: String,
        read: Box<Read>,
        candidate: Option<super::in_progress::Pending>,
        /// The tile confirmed this turn, kept beside the record.
        pending: Option<super::in_progress::Pending>,
        elsewhere: bool,
        take: bool,
        review: bool,
        /// What rebuilds it if it is a game by link.
        link: Option<String>,
    },
    /// "Continue the saved game" on the start screen; `elsewhere`: another
    /// tab has it open.
    Continue { elsewhere: bool },
    /// Delete game `id` of the list (asked first).
    Delete(String),
    /// The games list as read from storage, asked by [`Effect::ListGames`].
    Listed(Box<Listing>),
    /// The table agreed to delete game `id`.
    Deleted(String),
    /// Another tab took over the game on the table.
    TakenOver,
    /// "Take it back" on the card of a game another tab took over.
    TakeBack,
    /// The table agreed to take game `id` back without the turns played
    /// here since another tab took it: only its first `keep` moves stay.
    Forget { id: String, keep: usize },
    /// Another tab deleted the game on the table while this one slept.
    Gone,
    /// Time to renew this tab's claim on its game.
    Beat,
    /// The tab is shown again (after a time in the background, its timers
    /// slowed or frozen): is its game still its own?
    Shown,
}

/// The heartbeat's timer.
pub fn beat() -> Effect {
    Effect::After {
        ms: HEARTBEAT_MS,
        msg: Msg::Games(Gm::Beat),
    }
}

impl Table {
    /// The games list's messages (see [`Gm`]).
    pub(crate) fn games_msg(&mut self, gm: Gm) -> Vec<Effect> {
        match gm {
            Gm::Open => {
                if !matches!(
                    self.screen,
                    Screen::Setup | Screen::Table | Screen::HandOver | Screen::Elsewhere
                ) {
                    return Vec::new();
                }
                self.over.open(Layer::Games);
                self.over.games = None;
                effects([Effect::Refresh, Effect::ListGames])
            }
            Gm::Listed(l) => {
                let notice = l.notice.clone();
                self.over.games = Some(*l);
                notice.map(Effect::Notify).into_iter().collect()
            }
            Gm::Resume(id) => load(id, false, false),
            Gm::Resend(id) => {
                if self.playing(&id) {
                    self.over.close(Layer::Games);
                    return self.resend();
                }
                self.shelf.resend = true;
                load(id, false, false)
            }
            Gm::Review(id) => load(id, false, true),
            Gm::TakeOver(id) => load(id, true, false),
            Gm::Loaded {
                id,
                read,
                candidate,
                pending,
                elsewhere,
                take,
                review,
                link,
            } => {
                let resend = core::mem::take(&mut self.shelf.resend);
                let mut fx =
                    self.loaded(id, *read, (pending, candidate), elsewhere && !take, review);
                if self.screen == Screen::Table && fx.iter().any(|e| matches!(e, Effect::NewTable))
                {
                    fx.extend(self.restore_link(link.as_deref()));
                    fx.extend(self.reopen_link());
                    if resend {
                        fx.extend(self.resend());
                    }
                }
                fx
            }
            Gm::Continue { elsewhere } => match &self.shelf.current {
                Some(id) if elsewhere && self.shelf.continue_offered => {
                    effects([Effect::Question(Question::TakeOver(id.clone()))])
                }
                _ => self.life(Msg::Continue),
            },
            Gm::Delete(id) => {
                if self.playing(&id) {
                    // The game on the table is not deleted under it.
                    return Vec::new();
                }
                let what = self.named(&id);
                effects([Effect::Question(Question::Delete { id, what })])
            }
            Gm::Deleted(id) => {
                if self.playing(&id) {
                    return Vec::new();
                }
                if self.shelf.current.as_deref() == Some(&id) {
                    // The start screen's saved game behind it: nothing to continue.
                    self.shelf.current = None;
                    self.shelf.continue_offered = false;
                }
                effects([Effect::DeleteGame(id), Effect::ListGames])
            }
            Gm::TakenOver => {
                if self.shelf.lost {
                    return Vec::new();
                }
                self.shelf.lost = true;
                // The game is the other tab's to play: this one takes no
                // move and its computers stop. Its card says so (a review
                // open now shows it when it closes).
                match &mut self.review {
                    Some(r) if self.screen == Screen::Review => r.back.screen = Screen::Elsewhere,
                    _ => {
                        self.go(Screen::Elsewhere);
                    }
                }
                effects([Effect::CancelComputer, Effect::Refresh])
            }
            Gm::TakeBack => match &self.shelf.current {
                Some(id) if self.shelf.lost => load(id.clone(), false, false),
                _ => Vec::new(),
            },
            Gm::Forget { id, keep } => {
                if !self.shelf.lost || self.shelf.current.as_deref() != Some(&id) {
                    return Vec::new();
                }
                while self.game.moves().len() > keep || self.game.pending().is_some() {
                    if !self.game.undo() {
                        break;
                    }
                }
                load(id, true, false)
            }
            Gm::Gone => {
                if self.shelf.lost {
                    return Vec::new();
                }
                // Nothing of it is left in storage, so nothing can be
                // overwritten: what is on the table is kept as a new game
                // (saved first: a save clears the banner).
                self.shelf.current = None;
                effects([
                    Effect::Save,
                    Effect::Notify(words::t(words::GamesW::GoneElsewhere).into()),
                ])
            }
            Gm::Beat => {
                let mut fx = self.check_claim();
                fx.push(beat());
                fx
            }
            Gm::Shown => self.check_claim(),
        }
    }

    /// The game by link on the table shows its links to send again, if
    /// it has any (as the dock's "Send the link" does).
    fn resend(&mut self) -> Vec<Effect> {
        if !self.by_link() || self.link.outbox.is_empty() {
            return Vec::new();
        }
        self.over.open(Layer::Link);
        refresh()
    }

    /// Renews the claim on the game being played, which finds out if
    /// another tab took it over.
    fn check_claim(&self) -> Vec<Effect> {
        if self.shelf.current.is_some() && !self.shelf.lost && self.screen != Screen::Setup {
            effects([Effect::Claim { take: false }])
        } else {
            Vec::new()
        }
    }

    /// What the list says of game `id` and offers for it (`finished`;
    /// `elsewhere`: another tab has it open now). The game on the table is
    /// neither resumed again nor deleted under it; one another tab took
    /// from this one can be taken back; one open in another tab is not
    /// deleted (that tab's next save would bring it back).
    pub fn offer(&self, id: &str, finished: bool, elsewhere: bool) -> Offer {
        let on_table = self.playing(id);
        let (place, resume) = if on_table && !self.shelf.lost {
            (Some(words::t(words::GamesW::OnTheTable)), None)
        } else if on_table {
            (
                Some(words::t(words::GamesW::TakenFromHere)),
                Some(words::t(words::GamesW::TakeItBack)),
            )
        } else if elsewhere {
            (
                Some(words::t(words::GamesW::OpenElsewhere)),
                Some(words::t(words::GamesW::Resume)),
            )
        } else {
            (None, Some(words::t(words::GamesW::Resume)))
        };
        Offer {
            place,
            resume: resume.filter(|_| !finished),
            delete: !on_table && !elsewhere,
        }
    }

    /// Game `id` of the list as a question names it: "the game of Ann and
    /// Bo (today 19:55)"; empty if the list does not hold it.
    pub fn named(&self, id: &str) -> String {
        let Some(l) = &self.over.games else {
            return String::new();
        };
        let Some(f) = l.found.iter().find(|f| f.entry.id == id) else {
            return String::new();
        };
        let mut names = Vec::new();
        for p in &f.entry.players {
            names.push(p.name.as_str());
        }
        words::game_named(&names, &words::saved_when(f.entry.date, l.now, f.offset))
    }

    /// Whether game `id` is the one being played at the table (the start
    /// screen's saved game waits behind it, not played).
    pub fn playing(&self, id: &str) -> bool {
        self.shelf.current.as_deref() == Some(id) && self.screen != Screen::Setup
    }

    fn loaded(
        &mut self,
        id: String,
        read: Read,
        (pending, candidate): (Option<Pending>, Option<Pending>),
        ask: bool,
        review: bool,
    ) -> Vec<Effect> {
        let (game, seating) = match read {
            Ok((g, s)) if s.seats.len() == g.0.names().len() => (g.0, s),
            Ok(_) => {
                let e = words::import_failed(words::t(words::GamesW::SeatsMismatch));
                return effects([Effect::Notify(e), Effect::ListGames]);
            }
            Err(e) => return effects([Effect::Notify(e), Effect::ListGames]),
        };
        if self.playing(&id) && !review && !self.shelf.lost {
            // Already on the table: the list just closes.
            self.over.close(Layer::Games);
            return refresh();
        }
        if review || game.state().is_over() {
            self.over.close(Layer::Games);
            let mut fx = self.open_review(&game.record(), seating, None, None);
            fx.extend(self.review_source(Some(id)));
            return fx;
        }
        // Taken back by the tab that lost it: the turns played here since
        // are not in the other tab's game, and are gone once it comes back.
        if self.shelf.lost && self.shelf.current.as_deref() == Some(&id) {
            let ours = self.game.moves();
            let keep = ours
                .iter()
                .zip(game.moves())
                .take_while(|(a, b)| a == b)
                .count();
            let turns = ours.len() - keep + usize::from(self.game.pending().is_some());
            if turns > 0 {
                return effects([Effect::Question(Question::TakeBack { id, keep, turns })]);
            }
        }
        if ask {
            return effects([Effect::Question(Question::TakeOver(id))]);
        }
        // A game this tab lost is taken back as the other tab left it.
        let old = self.shelf.current.take();
        let mut game = game;
        super::in_progress::put_back(&mut game, &seating, pending);
        let mut fx = self.begin(game, seating, words::t(words::GamesW::GameResumed));
        // Stored as it stands: saving now would drop the turn in progress
        // kept beside it. The claim comes first, so every later save holds.
        // (`begin` lists one save: removed, not `retain`ed, a body less.)
        if let Some(i) = fx.iter().position(|e| matches!(e, Effect::Save)) {
            fx.remove(i);
        }
        fx.insert(0, Effect::Claim { take: true });
        if let Some(spot) = candidate {
            if self.human_turn() {
                self.turn.restore_kept(&self.game, spot);
            }
        }
        if let Some(old) = old.filter(|o| *o != id) {
            fx.insert(0, Effect::Release(old));
        }
        self.shelf.current = Some(id);
        fx
    }
}

/// What the list says of a game and offers for it ([`Table::offer`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Offer {
    /// Where it is played, if anywhere: "Playing here", "Open in another tab".
    pub place: Option<&'static str>,
    /// The button that plays it here, if any: "Resume", or "Take it back".
    pub resume: Option<&'static str>,
    pub delete: bool,
}

fn load(id: String, take: bool, review: bool) -> Vec<Effect> {
    effects([Effect::LoadGame { id, take, review }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    fn entry(id: &str, date: f64, finished: bool) -> Entry {
        Entry {
            id: id.into(),
            date,
            finished,
            moves: 3,
            rules: "=".into(),
            players: vec![
                Player {
                    name: "Ann".into(),
                    colour: 1,
                    score: 12,
                },
                Player {
                    name: "Bo".into(),
                    colour: 4,
                    score: 9,
                },
            ],
        }
    }

    #[test]
    fn a_page_opens_on_its_own_game_else_the_newest_free_one_in_progress() {
        let mut g = Games::default();
        g.put(entry("done", 5.0, true));
        g.put(entry("new", 4.0, false));
        g.put(entry("old", 2.0, false));
        g.put(entry("gone", 6.0, false));
        let stored: Vec<String> = ["done", "new", "old", "x"].map(String::from).to_vec();
        let nowhere = |_: &str| false;
        // A reload: this tab's own game, if it is still stored.
        assert_eq!(g.pick(&stored, Some("old"), nowhere), Some("old".into()));
        assert_eq!(g.pick(&stored, Some("lost"), nowhere), Some("new".into()));
        // Not the finished one, not one whose record is gone.
        assert_eq!(g.pick(&stored, None, nowhere), Some("new".into()));
        // The newest open elsewhere: the next free one.
        assert_eq!(g.pick(&stored, None, |id| id == "new"), Some("old".into()));
        // All open elsewhere: the newest, to be asked about.
        assert_eq!(g.pick(&stored, None, |_| true), Some("new".into()));
        assert_eq!(Games::default().pick(&stored, None, nowhere), None);
    }

    #[test]
    fn the_index_reads_back_what_it_wrote_newest_first() {
        let mut g = Games::default();
        g.put(entry("a", 1_000_000.0, true));
        g.put(entry("b", 3_000_000.0, false));
        g.put(entry("c", 2_000_000.0, false));
        let back = Games::read(&g.write());
        let ids: Vec<&str> = back.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["b", "c", "a"]);
        assert_eq!(back, g);
    }

    #[test]
    fn a_damaged_line_is_skipped_and_the_others_read() {
        let mut g = Games::default();
        g.put(entry("a", 1_000_000.0, true));
        g.put(entry("b", 2_000_000.0, false));
        let text = g.write().replace("\tF\t", "\t?\t") + "\ngarbage\n\t\t";
        let back = Games::read(&text);
        assert_eq!(back.entries.len(), 1);
        assert_eq!(back.entries[0].id, "b");
        assert_eq!(Games::read("").entries, []);
    }

    #[test]
    fn a_name_with_a_tab_does_not_break_its_line() {
        let mut e = entry("a", 5_000.0, false);
        e.players[0].name = "A\tn\nn".into();
        let back = Games::read(&Games { entries: vec![e] }.write());
        assert_eq!(back.entries[0].players[0].name, "A n n");
        assert_eq!(back.entries[0].players[1].score, 9);
    }

    #[test]
    fn saving_a_game_again_moves_it_to_the_top_once() {
        let mut g = Games::default();
        g.put(entry("a", 1_000.0, false));
        g.put(entry("b", 2_000.0, false));
        g.put(entry("a", 3_000.0, false));
        let ids: Vec<&str> = g.entries.iter().map(|e| e.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
    }

    #[test]
    fn the_oldest_finished_game_makes_room_before_any_in_progress() {
        let mut g = Games::default();
        for i in 0..MAX_GAMES {
            // The oldest is in progress; finished ones in between.
            g.put(entry(&i.to_string(), 1e6 * (i + 1) as f64, i % 2 == 1));
        }
        g.put(entry("new", 1e9, false));
        let dropped = g.make_room(&["new".into()]);
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped[0].id, "1", "the oldest finished game");
        assert!(g.get("0").is_some(), "the oldest game in progress stays");
        assert_eq!(g.entries.len(), MAX_GAMES);
    }

    #[test]
    fn a_game_in_progress_is_never_dropped_the_list_grows_instead() {
        let mut g = Games::default();
        for i in 0..=MAX_GAMES {
            g.put(entry(&i.to_string(), 1e6 * (i + 1) as f64, false));
        }
        assert_eq!(g.make_room(&["20".into()]), []);
        assert_eq!(g.entries.len(), MAX_GAMES + 1);
    }

    #[test]
    fn games_never_begun_make_room_before_a_long_game_in_progress() {
        let mut g = Games::default();
        let mut long = entry("long", 1e6, false);
        long.moves = 60;
        g.put(long);
        g.put(entry("done", 2e6, true));
        // Twenty quick restarts, each listed as it starts, with no move.
        for i in 0..MAX_GAMES {
            let id = i.to_string();
            let mut e = entry(&id, 1e7 * (i + 1) as f64, false);
            e.moves = 0;
            g.put(e);
            let dropped = g.make_room(&[id]);
            assert!(
                dropped.iter().all(|e| e.moves == 0),
                "nothing played was lost"
            );
        }
        assert_eq!(g.entries.len(), MAX_GAMES);
        assert!(g.get("long").is_some(), "the long game stays");
        assert!(g.get("done").is_some(), "and the finished one");
        assert!(
            g.get("0").is_none() && g.get("1").is_none(),
            "the oldest restarts went"
        );
    }

    #[test]
    fn a_game_another_tab_is_playing_is_never_dropped_to_make_room() {
        let mut g = Games::default();
        for i in 0..=MAX_GAMES {
            let mut e = entry(&i.to_string(), 1e6 * (i + 1) as f64, false);
            e.moves = 0;
            g.put(e);
        }
        // Not begun, all of them: "0" is the oldest, but another tab has
        // it open; "20" is on the table.
        let dropped = g.make_room(&["20".into(), "0".into()]);
        assert_eq!(dropped.len(), 1);
        assert_eq!(dropped[0].id, "1");
        assert!(g.get("0").is_some());
    }

    #[test]
    fn another_tabs_claim_is_live_for_fifteen_seconds() {
        let now = 1_700_000_000_000.0;
        let c = claim("tab-b", now);
        assert!(open_elsewhere(Some(&c), "tab-a", now + 5_000.0));
        assert!(!open_elsewhere(Some(&c), "tab-a", now + STALE_MS + 1_000.0));
        assert!(!open_elsewhere(Some(&c), "tab-b", now), "its own claim");
        assert!(!open_elsewhere(None, "tab-a", now));
        assert!(!open_elsewhere(Some("junk"), "tab-a", now));
    }

    #[test]
    fn a_tab_writes_only_while_the_claim_is_its_own() {
        let c = claim("tab-a", 1e12);
        assert!(still_ours(Some(&c), "tab-a"));
        assert!(!still_ours(Some(&c), "tab-b"), "taken over");
        assert!(still_ours(None, "tab-a"), "nobody else claimed it");
        assert!(!still_ours(Some("junk"), "tab-a"));
    }

    #[test]
    fn a_game_let_go_is_free_to_others_but_not_to_a_tab_that_missed_the_take_over() {
        let now = 1_700_000_000_000.0;
        // Tab a played it, tab b took it over and then let go of it.
        let left = released("tab-b");
        assert!(
            !still_ours(Some(&left), "tab-a"),
            "a writes nothing over b's game"
        );
        assert!(
            !open_elsewhere(Some(&left), "tab-c", now),
            "free to a new tab"
        );
        assert!(!open_elsewhere(Some(&left), "tab-a", now));
        assert!(
            still_ours(Some(&left), "tab-b"),
            "b's reload takes it up again"
        );
    }

    #[test]
    fn an_entry_says_who_plays_in_which_colour_and_the_rules() {
        let rules = Rules {
            farmers: true,
            hand: 2,
            ..Rules::default()
        };
        let game = Game::new(vec!["Ann".into(), "Bo".into()], rules, 3).unwrap();
        let mut seating = Seating::people(2);
        seating.colours = vec![5, 2];
        let e = Entry::of("x", 1e12, &game, &seating);
        assert_eq!(e.rules, "=fh");
        assert_eq!(
            super::super::words::rules_said(&e.rules),
            "Farmers, House rules"
        );
        // An index written before the codes kept English words: read as they were.
        assert_eq!(
            super::super::words::rules_said("Farmers, River"),
            "Farmers, River"
        );
        assert_eq!((e.players[1].name.as_str(), e.players[1].colour), ("Bo", 2));
        assert!(!e.finished);
        assert_eq!(e.moves, 0);
        assert_eq!(
            super::super::words::rules_said(&rules_code(
                &Game::new(
                    vec!["a".into(), "b".into()],
                    Rules {
                        farmers: false,
                        ..Rules::default()
                    },
                    1
                )
                .unwrap()
            )),
            "Basic rules"
        );
    }
}
