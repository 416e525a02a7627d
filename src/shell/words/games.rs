//! The words of the questions, the games list, saving and loading.

use super::catalogue::keys;
use super::*;

keys! { GamesW "games" {
    NewGame = "New game.",
    GameResumed = "Game resumed.",
    GameLoaded = "Game loaded.",
    Rematch = "Rematch.",
    PlayingOn = "Playing on from the review.",
    AskNewGame = "Start a new game? The game in progress stays in Your games.",
    NewGameYes = "New game",
    KeepPlaying = "Keep playing",
    GameGoesOn = "The game goes on.",
    TakeItBack = "Take it back",
    KeepIt = "Keep it",
    NothingUndone = "Nothing was undone: the turn stands.",
    AskTakeOver = "This game is open in another tab. Take it over? That tab stops saving it.",
    TakeItOver = "Take it over",
    LeaveIt = "Leave it",
    StaysWithOtherTab = "The game stays with the other tab.",
    AskTakeBack = "Take the game back as the other tab left it? {1}",
    TurnsLost = "The turn played here since it was taken over was not saved, and will be gone.|{1} turns played here since it was taken over were not saved, and will be gone.",
    AskDelete = "Delete {1} from the list? It cannot be brought back (export it first to keep it).",
    ThisGame = "this game",
    GameOf = "the game of {1}",
    GameOfWhen = "the game of {1} ({2})",
    PlayedOnFromStart = "Played on from the start of {1}",
    PlayedOnFromMove = "Played on from move {2} of {1}",
    AnEarlierGame = "an earlier game",
    Delete = "Delete",
    StaysInList = "The game stays in the list.",
    EntryUnreadable = "Could not be read: kept aside in this browser, not deleted",
    Finished = "Finished",
    InProgress = "In progress",
    OnTheTable = "Playing here",
    OpenElsewhere = "Open in another tab",
    TakenFromHere = "Taken over in another tab",
    Resume = "Resume",
    Review = "Review",
    Export = "Export",
    Today = "today {1}",
    Yesterday = "yesterday {1}",
    DayMonth = "{1} {2} {3}",
    DayMonthYear = "{1} {2} {4} {3}",
    Months = "Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec",
    Moves = "{1} move|{1} moves",
    ExportFailed = "The game could not be exported from this browser.",
    NoTile = "no tile in hand",
    StorageRefused = "This browser does not allow saving here, so the game will not survive a reload. Play goes on; export the game to keep it.",
    StorageFull = "Browser storage is full, so the latest turn was not saved. Play goes on; export the game to keep it.",
    GuideNext = "Next",
    GuidePlay = "Play",
    GuidePlace = "{1} of {2}",
    WorkerSecondTile = "the worker answered with a second tile",
    WorkerNoMove = "the worker found no move",
    AnalysisNoWorker = "The analysis needs the computer's background worker, which could not start here.",
    GoneElsewhere = "This game was deleted in another tab. This tab keeps it as a new game in Your games.",
    ListFull = "The games list keeps 20 games, and all of them are in progress: none was removed. Export and delete the ones you are done with.",
    NotDeletedElsewhere = "Not deleted: this game is open in another tab.",
    GameGone = "This game is no longer in the list: it was deleted, perhaps in another tab.",
    SeatsMismatch = "its seats do not match its players",
    NotJson = "not a valid game record: the file is not JSON (it may be truncated)",
    AskUndo = "Take back {1}'s last turn? Everyone at the table should agree.",
    ImportFailed = "That file could not be imported: {1}. Your game is unchanged.",
    NotARecord = "not a valid game record: {1}",
    SaveUnreadable = "The saved game could not be read ({1}). {2} A new game begins.",
    NotKeptAside = "It could not be kept aside either.",
    KeptAside = "It was kept aside in this browser, not deleted. Unreadable saves kept now (the newest {1} are kept): {2}.",
    KeptWhen = "{1} UTC",
    DateUnknown = "date unknown",
    RulesList = "First edition|Farmers|River|Abbot|Tiny city|House rules",
    BasicRules = "Basic rules",
    LanguageUnavailable = "That language could not be loaded: it needs the network the first time it is chosen.",
    MoveRefused = "move {1}: {2}",
}}

/// The question before a new game ends the one in progress.
pub fn ask_new_game() -> [&'static str; 4] {
    use GamesW::*;
    [t(AskNewGame), t(NewGameYes), t(KeepPlaying), t(GameGoesOn)]
}

/// The buttons of the undo question, and what a no says.
pub fn ask_undo_buttons() -> [&'static str; 3] {
    use GamesW::*;
    [t(TakeItBack), t(KeepIt), t(NothingUndone)]
}

/// Taking over a game open in another tab.
pub fn ask_take_over() -> [&'static str; 4] {
    use GamesW::*;
    [
        t(AskTakeOver),
        t(TakeItOver),
        t(LeaveIt),
        t(StaysWithOtherTab),
    ]
}

/// Taking back a game another tab took, with turns played here since.
pub fn ask_take_back_buttons() -> [&'static str; 3] {
    use GamesW::*;
    [t(TakeItBack), t(LeaveIt), t(StaysWithOtherTab)]
}

pub fn ask_take_back(turns: usize) -> String {
    let lost = count(GamesW::TurnsLost, turns as u64, &[]);
    fill(GamesW::AskTakeBack, &[&lost])
}

/// "Delete the game of Ann and Bo (today 19:55) from the list? …"
pub fn ask_delete(what: &str) -> String {
    let what = if what.is_empty() {
        t(GamesW::ThisGame)
    } else {
        what
    };
    fill(GamesW::AskDelete, &[what])
}

/// "the game of Ann and Bo (today 19:55)": a game of the list, named for a question.
pub fn game_named(names: &[&str], when: &str) -> String {
    let mut list = String::new();
    push_list(&mut list, names);
    if when.is_empty() {
        fill(GamesW::GameOf, &[&list])
    } else {
        fill(GamesW::GameOfWhen, &[&list, when])
    }
}

/// A game of the list played on from a review: "Played on from move 20
/// of the game of Ann and Bo (today 19:55)"; `of` names the earlier game
/// ([`game_named`]), or is empty when it is no longer in the list.
pub fn played_on(moves: u32, of: &str) -> String {
    let of = if of.is_empty() {
        t(GamesW::AnEarlierGame)
    } else {
        of
    };
    if moves == 0 {
        fill(GamesW::PlayedOnFromStart, &[of])
    } else {
        fill(GamesW::PlayedOnFromMove, &[of, &said(moves)])
    }
}

/// The delete question's buttons and what a no says (its question is
/// [`ask_delete`], naming the game).
pub fn ask_delete_buttons() -> [&'static str; 3] {
    use GamesW::*;
    [t(Delete), t(KeepIt), t(StaysInList)]
}

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
    match ((today / DAY).floor() - (local / DAY).floor()) as i64 {
        0 => fill(GamesW::Today, &[hm]),
        1 => fill(GamesW::Yesterday, &[hm]),
        _ => {
            let day: u32 = iso
                .get(8..10)
                .and_then(crate::engine::compact::small)
                .unwrap_or(0);
            let month: usize = iso
                .get(5..7)
                .and_then(crate::engine::compact::small)
                .unwrap_or(1);
            let name = crate::engine::compact::split(t(GamesW::Months), "|")
                .nth((month.max(1) - 1) % 12)
                .unwrap_or("");
            let year = iso.get(..4).unwrap_or("");
            if crate::shell::store::iso(today).get(..4) != Some(year) {
                fill(GamesW::DayMonthYear, &[&said(day), name, hm, year])
            } else {
                fill(GamesW::DayMonth, &[&said(day), name, hm])
            }
        }
    }
}

/// "1 move", "14 moves".
pub fn moves_words(n: u32) -> String {
    count(GamesW::Moves, n.into(), &[])
}

/// A game's rules as the games list says them, from the index's code
/// ([`crate::shell::games::rules_code`]): "Farmers, House rules", or
/// "Basic rules". An index from before the codes kept English: said as is.
pub fn rules_said(code: &str) -> String {
    let letters = match code.as_bytes() {
        [b'=', rest @ ..] => rest,
        _ => return code.to_owned(),
    };
    let mut s = String::new();
    for (name, c) in crate::engine::compact::split(t(GamesW::RulesList), "|").zip(b"efrath") {
        if letters.iter().any(|l| l == c) {
            if !s.is_empty() {
                s.push_str(", ");
            }
            s.push_str(name);
        }
    }
    if s.is_empty() {
        s.push_str(t(GamesW::BasicRules));
    }
    s
}

/// The first-game guide's button: to the next card, and on the last one.
pub fn guide_button() -> [&'static str; 2] {
    [t(GamesW::GuideNext), t(GamesW::GuidePlay)]
}

/// Where a guide card stands among the cards of this game: "2 of 6".
pub fn guide_place((n, of): (u32, u32)) -> String {
    fill(GamesW::GuidePlace, &[&said(n), &said(of)])
}

/// The question before `name`'s last turn is taken back.
pub fn ask_undo(name: &str) -> String {
    fill(GamesW::AskUndo, &[name])
}

/// Why an imported file was refused; the game is untouched.
pub fn import_failed(why: &str) -> String {
    fill(GamesW::ImportFailed, &[why])
}

/// Why a record could not be read or replayed, in the table's language:
/// a move that breaks a rule says which and why; a file that is not JSON
/// says so; the reader's other findings (a field's name and range) keep
/// its own words, inside a sentence of the table's.
pub fn record_refusal(e: &crate::engine::RecordError) -> String {
    use crate::engine::RecordErrorKind;
    match e.kind {
        RecordErrorKind::Json => t(GamesW::NotJson).to_owned(),
        RecordErrorKind::Rule(r) => {
            let why = super::rule_words(r);
            match e.move_number {
                Some(n) => fill(GamesW::MoveRefused, &[&said(n as u32), &why]),
                None => why,
            }
        }
        RecordErrorKind::Field => fill(GamesW::NotARecord, &[&e.detail()]),
        _ => e.detail(),
    }
}

/// A record the reader refused, as the import and the saves say it.
pub fn not_a_record(why: &str) -> String {
    fill(GamesW::NotARecord, &[why])
}

/// The saved game could not be read (`why`), and where it went: `kept`
/// lists when each unreadable save still kept was made (`None`: it could
/// not be kept aside), at most `most` of them.
pub fn save_unreadable(why: &str, kept: Option<&[Option<String>]>, most: usize) -> String {
    let where_ = match kept {
        None => t(GamesW::NotKeptAside).to_owned(),
        Some(list) => {
            let mut dates = String::new();
            for (i, when) in list.iter().enumerate() {
                if i > 0 {
                    dates.push_str(", ");
                }
                match when {
                    Some(date) => dates.push_str(&fill(GamesW::KeptWhen, &[date])),
                    None => dates.push_str(t(GamesW::DateUnknown)),
                }
            }
            fill(GamesW::KeptAside, &[&said(most as u32), &dates])
        }
    };
    fill(GamesW::SaveUnreadable, &[why, &where_])
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
