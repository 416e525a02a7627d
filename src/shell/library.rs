//! The games list in storage, over the [`Store`] port: each game under
//! its own name (`games.<id>`, the record of rules §11), its claim beside
//! it (`claim.<id>`), the turn in progress (`pending.<id>`,
//! `candidate.<id>`), its analysis (`analysis.<id>`,
//! [`super::analysis`]), and the small index the list reads (`games`). A game
//! is written only while this tab's claim on it holds, a failed write
//! leaves every other game as it was, and a save that cannot be read is
//! set aside, never thrown away. The decisions of the list itself (order,
//! room for [`MAX_GAMES`], whose claim counts) are in [`super::games`].

use super::games::{self as list, Entry, Found, Games, Gm, Listing, Stored, MAX_GAMES};
use super::in_progress::Pending;
use super::seats::Seating;
use super::store::{iso, SaveError, Store};
use super::table::Table;
use super::words;
use crate::engine::{compact, Game, Record};

/// The index's name.
const INDEX: &str = "games";
/// A tile confirmed this turn before its follower step ([`Pending::write`]).
const PENDING: &str = "pending";
/// The tile lying unconfirmed on the board this turn, the same way.
const CANDIDATE: &str = "candidate";
/// Where a game played on from a review began ([`origin`]).
const FROM: &str = "from";
/// What rebuilds a game by link beside its record ([`super::remote::Remote::keep`]).
const LINK: &str = "link";

/// What is kept beside game `id` if it is a game by link.
pub fn link(s: &impl Store, id: &str) -> Option<String> {
    s.load(&key(LINK, id))
}
/// The id of the game by link kept here whose link game id is `game`.
pub fn find_link(s: &impl Store, game: &[u8; 8]) -> Option<String> {
    // Without play by link (`remote::ON`), none of `crate::link` is built in.
    if !super::remote::ON {
        return None;
    }
    s.names("link.").into_iter().find(|id| {
        s.load(&key(LINK, id))
            .and_then(|k| super::remote::kept_id(&k))
            == Some(*game)
    })
}
/// Whether a game by link keeps links still to send: the fourth part of
/// what [`Remote::keep`](super::remote::Remote::keep) wrote, read without
/// replaying the game. (In progress, that is the link for the player to
/// play: a link that comes here clears it.)
fn has_links(kept: &str) -> bool {
    compact::split(kept, "|")
        .nth(3)
        .is_some_and(|o| !o.is_empty())
}
/// How many unreadable saves are kept aside, the newest ones.
pub const KEPT: usize = 3;

/// `name.id`: a name of game `id`.
pub fn key(name: &str, id: &str) -> String {
    let mut k = String::from(name);
    k.push('.');
    k.push_str(id);
    k
}

/// The record's name.
pub fn record_key(id: &str) -> String {
    key("games", id)
}

/// A fresh id: the time and a random number, base 36 (no dot, no comma).
pub fn fresh(s: &mut impl Store) -> String {
    let mut n = s.now() as u64 * 1000 + u64::from(s.random() % 1000);
    let mut id = String::new();
    while n > 0 {
        let d = (n % 36) as u8;
        id.insert(0, char::from(if d < 10 { b'0' + d } else { b'a' + d - 10 }));
        n /= 36;
    }
    id
}

pub fn index(s: &impl Store) -> Games {
    Games::read(&s.load(INDEX).unwrap_or_default())
}

fn claim_of(s: &impl Store, id: &str) -> Option<String> {
    s.load(&key("claim", id))
}

/// Whether this tab may write game `id`: nobody else claimed it since.
pub fn ours(s: &impl Store, id: &str) -> bool {
    list::still_ours(claim_of(s, id).as_deref(), &s.tab())
}

/// Whether another tab has game `id` open now.
pub fn elsewhere(s: &impl Store, id: &str) -> bool {
    list::open_elsewhere(claim_of(s, id).as_deref(), &s.tab(), s.now())
}

/// Claims game `id` for this tab: `take`, whoever had it; else only if
/// the claim is still this tab's. False if it was not.
pub fn claim(s: &mut impl Store, id: &str, take: bool) -> bool {
    if !take && !ours(s, id) {
        return false;
    }
    let c = list::claim(&s.tab(), s.now());
    let _ = s.save(&key("claim", id), &c);
    true
}

/// Lets go of game `id`, if this tab holds it (see [`list::released`]).
pub fn release(s: &mut impl Store, id: &str) {
    if ours(s, id) {
        let c = list::released(&s.tab());
        let _ = s.save(&key("claim", id), &c);
    }
}

/// Why a save did not happen.
#[derive(Debug, PartialEq)]
pub enum NotSaved {
    Error(SaveError),
    /// Another tab took the game over, or deleted it: what to tell the table.
    Lost(Gm),
}

/// Saves the game on the table under its name (a new game gets one, and
/// this tab's claim), then its line in the index. Returns what to tell
/// when the list had to keep more games than it holds.
pub fn save(s: &mut impl Store, table: &mut Table) -> Result<Option<&'static str>, NotSaved> {
    let id = match &table.shelf.current {
        Some(id) => {
            if !claim(s, id, false) {
                return Err(NotSaved::Lost(lost(s, id)));
            }
            id.clone()
        }
        None => {
            // Named at once: if this first write fails, the next tries
            // the same name again.
            let id = fresh(s);
            claim(s, &id, true);
            table.shelf.current = Some(id.clone());
            if let Some(o) = &table.shelf.origin {
                let mut t = words::num(o.moves);
                t.push('\t');
                t.push_str(&o.of);
                let _ = s.save(&key(FROM, &id), &t);
            }
            id
        }
    };
    save_record(s, &id, &table.game, &table.seating).map_err(NotSaved::Error)?;
    // A game by link: its secrets and the rest of what rebuilds it.
    if let Some(kept) = table.link.keep() {
        s.save(&key(LINK, &id), &kept).map_err(NotSaved::Error)?;
    }
    Ok(note(s, &id, &table.game, &table.seating))
}

/// Writes the record of every completed turn, as game `id`.
fn save_record(
    s: &mut impl Store,
    id: &str,
    game: &Game,
    seating: &Seating,
) -> Result<(), SaveError> {
    s.remove(&key(PENDING, id));
    s.remove(&key(CANDIDATE, id));
    let text = s
        .write_record(game, seating)
        .ok_or(SaveError::Unavailable)?;
    s.save(&record_key(id), &text)
}

/// Puts game `id` in the index, newest first, making room if needed (never
/// by dropping a game another tab is playing now). Returns what to tell
/// when a new game makes the list longer than it keeps.
fn note(s: &mut impl Store, id: &str, game: &Game, seating: &Seating) -> Option<&'static str> {
    let mut g = index(s);
    let new = g.get(id).is_none();
    g.put(Entry::of(id, s.now(), game, seating));
    let mut keep: Vec<String> = Vec::new();
    if g.entries.len() > MAX_GAMES {
        for e in &g.entries {
            if elsewhere(s, &e.id) {
                keep.push(e.id.clone());
            }
        }
    }
    keep.push(id.into());
    let dropped = g.make_room(&keep);
    for e in &dropped {
        forget(s, &e.id);
    }
    let _ = s.save(INDEX, &g.write());
    (new && g.entries.len() > MAX_GAMES).then_some(words::t(words::GamesW::ListFull))
}

/// Where game `id` began, if it was played on from a review: the moves
/// it kept of the earlier game, and that game's key.
pub fn origin(s: &impl Store, id: &str) -> Option<(u32, String)> {
    let t = s.load(&key(FROM, id))?;
    let (moves, of) = compact::split_once(&t, "\t")?;
    (!of.is_empty())
        .then(|| (compact::small(moves), of.to_string()))
        .and_then(|(m, of)| Some((m?, of)))
}

/// Removes game `id`'s names (a copy set aside as unreadable stays). Its
/// claim becomes this tab's let-go marker, so a tab that slept through the
/// deletion finds the game no longer its own rather than writing it back.
fn forget(s: &mut impl Store, id: &str) {
    for name in ["games", PENDING, CANDIDATE, FROM, LINK, "analysis"] {
        s.remove(&key(name, id));
    }
    let c = list::released(&s.tab());
    let _ = s.save(&key("claim", id), &c);
}

/// What to tell the table when game `id` is no longer this tab's: taken
/// over, or deleted (nothing of it left to take back).
pub fn lost(s: &impl Store, id: &str) -> Gm {
    if s.load(&record_key(id)).is_some() {
        Gm::TakenOver
    } else {
        Gm::Gone
    }
}

/// Deletes game `id` from storage and the index; not a game another tab
/// has open now (the list offers no Delete for it, but the list may have
/// been opened before that tab took it up). Says whether it was deleted.
pub fn delete(s: &mut impl Store, id: &str) -> bool {
    if elsewhere(s, id) {
        return false;
    }
    forget(s, id);
    let mut g = index(s);
    if g.remove(id).is_some() {
        let _ = s.save(INDEX, &g.write());
    }
    true
}

/// The games list for its card: the index's entries, and any game stored
/// under its key that the index lacks; each record read afresh (its
/// summary too). A game whose key is gone was deleted in another tab; one
/// whose record does not read is set aside and listed so, with the words
/// to tell the player.
pub fn gather(s: &mut impl Store) -> Listing {
    let mut index = index(s);
    for id in stored_ids(s) {
        if index.get(&id).is_none() {
            index.entries.push(Entry {
                id,
                date: 0.0,
                finished: false,
                moves: 0,
                rules: String::new(),
                players: Vec::new(),
            });
        }
    }
    let mut found = Vec::new();
    let mut notice = None;
    for e in index.entries {
        let k = record_key(&e.id);
        let aside = s.load(&aside(&k, 0)).is_some();
        let game = match s.load(&k) {
            Some(t) => match parse(s, &t) {
                Ok(read) => Some(read),
                Err(why) => {
                    notice = Some(unreadable(s, &k, &why));
                    None
                }
            },
            None if aside => None,
            None => continue,
        };
        let (mut waiting, mut resend) = (None, false);
        let (entry, game) = match game {
            Some((g, seating)) => {
                let st = g.state();
                if super::remote::ON && seating.by_link() && !st.is_over() {
                    let p = st.current_player();
                    waiting = Some(match seating.seat(p) {
                        super::seats::Seat::Remote => {
                            resend = link(s, &e.id).is_some_and(|k| has_links(&k));
                            g.names()[p as usize].clone()
                        }
                        _ => String::new(),
                    });
                }
                (Entry::of(&e.id, e.date, &g, &seating), Some(Stored(g)))
            }
            None => (e, None),
        };
        found.push(Found {
            offset: s.offset(entry.date),
            elsewhere: elsewhere(s, &entry.id),
            origin: origin(s, &entry.id),
            entry,
            game,
            waiting,
            resend,
        });
    }
    Listing {
        found,
        notice,
        now: s.now(),
    }
}

/// The ids of the games stored under their names (`games.<id>`).
pub fn stored_ids(s: &impl Store) -> Vec<String> {
    let mut ids = s.names("games.");
    ids.retain(|id| compact::find(id, ".").is_none());
    ids
}

/// The single saved game of the days before the list becomes the list's
/// first entry, with its turn in progress. Storage holds both copies for a
/// moment only: if the new name cannot be written the old one is put back,
/// and the move is tried again on the next visit. Returns the new id.
///
/// # Errors
/// Why the old save could not be read (it was set aside).
pub fn migrate(s: &mut impl Store) -> Result<Option<String>, String> {
    const OLD: &str = "game";
    let Some(text) = s.load(OLD) else {
        return Ok(None);
    };
    let (game, seating) = parse(s, &text).map_err(|e| unreadable(s, OLD, &e))?;
    let id = fresh(s);
    s.remove(OLD);
    if s.save(&record_key(&id), &text).is_err() {
        let _ = s.save(OLD, &text);
        return Ok(None);
    }
    for name in [PENDING, CANDIDATE] {
        if let Some(v) = s.load(name) {
            if s.save(&key(name, &id), &v).is_ok() {
                s.remove(name);
            }
        }
    }
    note(s, &id, &game, &seating);
    Ok(Some(id))
}

/// The game a page opens on: this tab's own (`mine`) on a reload, else the
/// newest game in progress that no other tab has open, else the newest one
/// (its Continue then asks to take it over).
pub fn pick(s: &impl Store, mine: Option<&str>) -> Option<String> {
    index(s).pick(&stored_ids(s), mine, |id| elsewhere(s, id))
}

/// A game record from JSON text, and the game played from it.
pub fn parse(s: &impl Store, text: &str) -> Result<(Game, Seating), String> {
    let (record, seating): (Record, Seating) = s.read_record(text)?;
    let game = Game::from_record(&record).map_err(|e| crate::shell::words::record_refusal(&e))?;
    Ok((game, seating))
}

/// Game `id` of the list, as its record has it. An unreadable save is set
/// aside, never thrown away (the newest few are kept, with when they were
/// found), and the player is told why and what was kept; a game no longer
/// stored is said to be gone.
pub fn load(s: &mut impl Store, id: &str) -> Result<(Game, Seating), String> {
    let k = record_key(id);
    let text = s.load(&k).ok_or(words::t(words::GamesW::GameGone))?;
    parse(s, &text).map_err(|e| unreadable(s, &k, &e))
}

/// Writes a tile laid this turn under `name` ([`Pending::write`]).
fn write_spot(s: &mut impl Store, name: &str, game: &Game, p: Pending) {
    let _ = s.save(name, &p.write(game.moves().len()));
}

/// The tile kept under `name`, if it belongs to this very turn.
fn read_spot(s: &impl Store, name: &str, game: &Game) -> Option<Pending> {
    Pending::read(&s.load(name)?, game.moves().len())
}

/// Keeps the tile just confirmed, so a reload in the follower step finds it
/// where it was. Best effort: without it the tile goes back to hand.
pub fn save_pending(s: &mut impl Store, id: &str, game: &Game) {
    s.remove(&key(CANDIDATE, id));
    if let Some((at, rotation)) = game.pending() {
        // Which tile of a hand it was: the oldest is not always the one laid.
        let kind = game
            .state()
            .last_placed()
            .filter(|_| game.state().hands_dealt())
            .map(|p| p.kind);
        write_spot(s, &key(PENDING, id), game, Pending { at, rotation, kind });
    }
}

/// Keeps where the tile lies unconfirmed, and which tile of a hand it is
/// (or that it is in hand), so a reload shows it there again.
pub fn save_candidate(s: &mut impl Store, id: &str, game: &Game, candidate: Option<Pending>) {
    let k = key(CANDIDATE, id);
    match candidate {
        Some(p) => write_spot(s, &k, game, p),
        None => s.remove(&k),
    }
}

/// Where the tile lay unconfirmed this turn before the page was reloaded.
pub fn candidate(s: &impl Store, id: &str, game: &Game) -> Option<Pending> {
    read_spot(s, &key(CANDIDATE, id), game)
}

/// The tile confirmed this turn before the page was reloaded, if it
/// belongs to this very turn (the table decides whether it goes back).
pub fn pending(s: &impl Store, id: &str, game: &Game) -> Option<Pending> {
    read_spot(s, &key(PENDING, id), game)
}

/// Where the `i`-th newest unreadable save of `name` is kept:
/// `NAME.unreadable`, then `NAME.unreadable.2`, `NAME.unreadable.3`.
pub fn aside(name: &str, i: usize) -> String {
    let mut k = String::from(name);
    k.push_str(".unreadable");
    if i > 0 {
        k.push('.');
        words::push_num(&mut k, i as u32 + 1);
    }
    k
}

/// Moves an unreadable save aside, with the time it was found, so it can
/// still be recovered by hand but no longer blocks a new game. The older
/// ones move down one place; only the oldest beyond [`KEPT`] is dropped.
/// Returns when each kept save was set aside (ISO 8601, UTC), newest first.
pub fn set_aside(s: &mut impl Store, name: &str) -> Vec<String> {
    let Some(v) = s.load(name) else {
        return kept(s, name);
    };
    for i in (1..KEPT).rev() {
        for suffix in ["", ".date"] {
            if let Some(old) = s.load(&(aside(name, i - 1) + suffix)) {
                let _ = s.save(&(aside(name, i) + suffix), &old);
            }
        }
    }
    let first = aside(name, 0);
    let now = iso(s.now());
    if s.save(&first, &v).is_ok() {
        let _ = s.save(&(first + ".date"), &now);
        s.remove(name);
    }
    kept(s, name)
}

/// When each unreadable save kept aside was found (ISO 8601, UTC, or empty
/// if unknown), newest first.
pub fn kept(s: &impl Store, name: &str) -> Vec<String> {
    let mut dates = Vec::new();
    for i in 0..KEPT {
        if s.load(&aside(name, i)).is_some() {
            dates.push(s.load(&(aside(name, i) + ".date")).unwrap_or_default());
        }
    }
    dates
}

/// Sets the unreadable save under `name` aside and says so: why (`e`),
/// and when each kept one was found.
pub fn unreadable(s: &mut impl Store, name: &str, e: &str) -> String {
    let kept = set_aside(s, name);
    // "2026-11-23T14:05:09.123Z" is shown "2026-11-23 14:05".
    let mut dates = Vec::new();
    for t in &kept {
        dates.push(t.get(..16).map(|d| compact::replace(d, "T", " ")));
    }
    let kept = (!dates.is_empty()).then_some(&dates[..]);
    words::save_unreadable(e, kept, KEPT)
}
