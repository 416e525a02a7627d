//! The words of the questions, the games list, saving and loading.

use super::*;

/// Greetings for a game set on the table.
pub const NEW_GAME: &str = "New game. ";
pub const GAME_RESUMED: &str = "Game resumed. ";
pub const GAME_LOADED: &str = "Game loaded. ";
pub const REMATCH: &str = "Rematch. ";
pub const PLAYING_ON: &str = "Playing on from the review. ";

/// The question before a new game ends the one in progress.
pub const ASK_NEW_GAME: [&str; 4] = [
    "Start a new game? The game in progress stays in Your games.",
    "New game",
    "Keep playing",
    "The game goes on.",
];

/// The buttons of the undo question, and what a no says.
pub const ASK_UNDO: [&str; 3] = [
    "Take it back",
    "Keep it",
    "Nothing was undone: the turn stands.",
];

/// The games list's words.
pub const ASK_TAKE_OVER: [&str; 4] = [
    "This game is open in another tab. Take it over? That tab stops saving it.",
    "Take it over",
    "Leave it",
    "The game stays with the other tab.",
];
/// Taking back a game another tab took, with turns played here since.
pub const ASK_TAKE_BACK: [&str; 3] = [
    "Take it back",
    "Leave it",
    "The game stays with the other tab.",
];
pub fn ask_take_back(turns: usize) -> String {
    let mut q = String::from("Take the game back as the other tab left it? ");
    if turns == 1 {
        q.push_str("The turn played here since it was taken over was not saved, and will be gone.");
    } else {
        push_num(&mut q, turns as u32);
        q.push_str(" turns played here since it was taken over were not saved, and will be gone.");
    }
    q
}

/// "Delete the game of Ann and Bo (today 19:55) from the list? …"
pub fn ask_delete(what: &str) -> String {
    let mut q = String::from("Delete ");
    q.push_str(if what.is_empty() { "this game" } else { what });
    q.push_str(" from the list? It cannot be brought back (export it first to keep it).");
    q
}

/// "the game of Ann and Bo (today 19:55)": a game of the list, named for a question.
pub fn game_named(names: &[&str], when: &str) -> String {
    let mut t = String::from("the game of ");
    push_list(&mut t, names);
    if !when.is_empty() {
        t.push_str(" (");
        t.push_str(when);
        t.push(')');
    }
    t
}

/// A game of the list played on from a review: "Played on from move 20
/// of the game of Ann and Bo (today 19:55)"; `of` names the earlier game
/// ([`game_named`]), or is empty when it is no longer in the list.
pub fn played_on(moves: u32, of: &str) -> String {
    let mut t = String::from("Played on from ");
    if moves == 0 {
        t.push_str("the start");
    } else {
        t.push_str("move ");
        push_num(&mut t, moves);
    }
    t.push_str(" of ");
    t.push_str(if of.is_empty() { "an earlier game" } else { of });
    t
}

/// The delete question's buttons and what a no says (its question is
/// [`ask_delete`], naming the game).
pub const ASK_DELETE: [&str; 3] = ["Delete", "Keep it", "The game stays in the list."];
pub const ENTRY_UNREADABLE: &str = "Could not be read: kept aside in this browser, not deleted";
pub const FINISHED: &str = "Finished";
pub const IN_PROGRESS: &str = "In progress";
pub const ON_THE_TABLE: &str = "Playing here";
pub const OPEN_ELSEWHERE: &str = "Open in another tab";
/// The game on the table that another tab took over.
pub const TAKEN_FROM_HERE: &str = "Taken over in another tab";
pub const RESUME: &str = "Resume";
/// Resume, for the game another tab took from this one.
pub const TAKE_BACK: &str = "Take it back";
pub const REVIEW: &str = "Review";
pub const EXPORT: &str = "Export";
pub const DELETE: &str = "Delete";

/// When a game was last saved, as a person says it: "today 19:55",
/// "yesterday 08:02", "25 Nov 14:05", or with the year when it is not this
/// one ("3 Jan 2025 09:10"). `date` and `now` are ms since 1970 (UTC);
/// `offset` is the page's time zone, in ms to add to UTC. Empty if unknown.
pub fn saved_when(date: f64, now: f64, offset: f64) -> String {
    if date <= 0.0 {
        return String::new();
    }
    const DAY: f64 = 86_400_000.0;
    let (local, today) = (date + offset, now + offset);
    // "2026-11-25T14:05:09.123Z" of the local time.
    let iso = crate::shell::store::iso(local);
    let hm = iso.get(11..16).unwrap_or("");
    let mut t = String::new();
    match ((today / DAY).floor() - (local / DAY).floor()) as i64 {
        0 => t.push_str("today "),
        1 => t.push_str("yesterday "),
        _ => {
            let day: u32 = iso
                .get(8..10)
                .and_then(crate::engine::compact::small)
                .unwrap_or(0);
            let month: usize = iso
                .get(5..7)
                .and_then(crate::engine::compact::small)
                .unwrap_or(1);
            push_num(&mut t, day);
            t.push(' ');
            t.push_str(MONTHS[(month.max(1) - 1) % 12]);
            t.push(' ');
            let year = iso.get(..4).unwrap_or("");
            if crate::shell::store::iso(today).get(..4) != Some(year) {
                t.push_str(year);
                t.push(' ');
            }
        }
    }
    t.push_str(hm);
    t
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// "1 move", "14 moves".
pub fn moves_words(n: u32) -> String {
    let mut s = String::new();
    push_num(&mut s, n);
    s.push_str(if n == 1 { " move" } else { " moves" });
    s
}

pub const EXPORT_FAILED: &str = "The game could not be exported from this browser.";
pub const NO_TILE: &str = "no tile in hand";
pub const STORAGE_REFUSED: &str = "This browser does not allow saving here, so the game will not survive a reload. Play goes on; export the game to keep it.";
pub const STORAGE_FULL: &str = "Browser storage is full, so the latest turn was not saved. Play goes on; export the game to keep it.";
/// The first-game guide's button: to the next card, and on the last one.
pub const GUIDE_BUTTON: [&str; 2] = ["Next", "Play"];

/// Where a guide card stands among the cards of this game: "2 of 6".
pub fn guide_place((n, of): (u32, u32)) -> String {
    let mut s = String::new();
    push_num(&mut s, n);
    s.push_str(" of ");
    push_num(&mut s, of);
    s
}
pub const WORKER_SECOND_TILE: &str = "the worker answered with a second tile";
pub const WORKER_NO_MOVE: &str = "the worker found no move";
/// The analysis runs in the AI workers only (it would hold the page up).
pub const ANALYSIS_NO_WORKER: &str =
    "The analysis needs the computer's background worker, which could not start here.";
/// The game on the table, deleted in another tab while this one slept.
pub const GONE_ELSEWHERE: &str =
    "This game was deleted in another tab. This tab keeps it as a new game in Your games.";
/// A new game listed when every other game of the list is in progress.
pub const LIST_FULL: &str = "The games list keeps 20 games, and all of them are in progress: none was removed. Export and delete the ones you are done with.";
/// Delete pressed on a game another tab has just opened.
pub const NOT_DELETED_ELSEWHERE: &str = "Not deleted: this game is open in another tab.";
/// A game of the list whose key is gone when it is opened.
pub const GAME_GONE: &str =
    "This game is no longer in the list: it was deleted, perhaps in another tab.";
pub const SEATS_MISMATCH: &str = "its seats do not match its players";
pub const NOT_JSON: &str = "not a valid game record: the file is not JSON (it may be truncated)";
/// The question before `name`'s last turn is taken back.
pub fn ask_undo(name: &str) -> String {
    let mut q = String::from("Take back ");
    q.push_str(name);
    q.push_str("'s last turn? Everyone at the table should agree.");
    q
}

/// Why an imported file was refused; the game is untouched.
pub fn import_failed(why: &str) -> String {
    let mut m = String::from("That file could not be imported: ");
    m.push_str(why);
    m.push_str(". Your game is unchanged.");
    m
}

/// A record the reader refused, as the import and the saves say it.
pub fn not_a_record(why: &str) -> String {
    let mut m = String::from("not a valid game record: ");
    m.push_str(why);
    m
}

/// The saved game could not be read (`why`), and where it went: `kept`
/// lists when each unreadable save still kept was made (`None`: it could
/// not be kept aside), at most `most` of them.
pub fn save_unreadable(why: &str, kept: Option<&[Option<String>]>, most: usize) -> String {
    let mut m = String::from("The saved game could not be read (");
    m.push_str(why);
    m.push_str("). ");
    match kept {
        None => m.push_str("It could not be kept aside either."),
        Some(list) => {
            m.push_str("It was kept aside in this browser, not deleted. Unreadable saves kept now (the newest ");
            push_num(&mut m, most as u32);
            m.push_str(" are kept): ");
            for (i, when) in list.iter().enumerate() {
                if i > 0 {
                    m.push_str(", ");
                }
                match when {
                    Some(date) => {
                        m.push_str(date);
                        m.push_str(" UTC");
                    }
                    None => m.push_str("date unknown"),
                }
            }
            m.push('.');
        }
    }
    m.push_str(" A new game begins.");
    m
}

#[cfg(test)]
mod when_tests {
    use super::saved_when;
    const H: f64 = 3_600_000.0;
    /// 2026-11-28 21:30 UTC.
    const NOW: f64 = 1_795_901_400_000.0;

    #[test]
    fn a_save_is_dated_today_yesterday_or_by_its_day() {
        assert_eq!(saved_when(NOW - 1.5 * H, NOW, 0.0), "today 20:00");
        assert_eq!(saved_when(NOW - 22.0 * H, NOW, 0.0), "yesterday 23:30");
        assert_eq!(saved_when(NOW - 72.0 * H, NOW, 0.0), "25 Nov 21:30");
        assert_eq!(
            saved_when(NOW - 400.0 * 24.0 * H, NOW, 0.0),
            "24 Oct 2025 21:30"
        );
        assert_eq!(saved_when(0.0, NOW, 0.0), "");
    }

    #[test]
    fn the_day_is_the_page_time_zones() {
        // 23:30 UTC yesterday is already today at UTC+1 (00:30).
        assert_eq!(saved_when(NOW - 22.0 * H, NOW, H), "today 00:30");
        // At UTC-10, NOW is 11:30 on the 28th and 20:00 UTC is 10:00 that day.
        assert_eq!(saved_when(NOW - 1.5 * H, NOW, -10.0 * H), "today 10:00");
    }
}
