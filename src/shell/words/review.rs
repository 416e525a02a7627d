//! The review's words: a move's lead and scorings, "since your last
//! turn", the play-on card, the analysis.

use super::catalogue::{counted, keys, lang};
use super::*;
use crate::ai::analysis::Label;

keys! { ReviewW "review" {
    LeadStart = "Move {1} of {2}: the start tile.",
    Lead = "Move {1} of {2}.",
    LeadTile = "Move {1} of {2}: {3} laid a tile.",
    LeadThief = "Move {1} of {2}: {3} laid a tile and a thief.",
    LeadKnight = "Move {1} of {2}: {3} laid a tile and a knight.",
    LeadMonk = "Move {1} of {2}: {3} laid a tile and a monk.",
    LeadFarmer = "Move {1} of {2}: {3} laid a tile and a farmer.",
    LeadAbbot = "Move {1} of {2}: {3} laid a tile and the abbot.",
    LeadAbbotHome = "Move {1} of {2}: {3} laid a tile and took the abbot home.",
    LeadGameOver = "Game over: {2} wins. Final scoring:|Game over: {2} win. Final scoring:",
    AbbotFromMonastery = "{1}'s abbot came home from a monastery: {2}",
    AbbotFromGarden = "{1}'s abbot came home from a garden: {2}",
    NobodyRoad = "A road was completed; nobody scored",
    NobodyCity = "A city was completed; nobody scored",
    NobodyMonastery = "A monastery was completed; nobody scored",
    NobodyGarden = "A garden was completed; nobody scored",
    NobodyField = "A field was completed; nobody scored",
    ScoredRoad = "{2}'s road scored {3}|{2}'s road scored {3} each",
    ScoredCity = "{2}'s city scored {3}|{2}'s city scored {3} each",
    ScoredMonastery = "{2}'s monastery scored {3}|{2}'s monastery scored {3} each",
    ScoredGarden = "{2}'s garden scored {3}|{2}'s garden scored {3} each",
    ScoredField = "{2}'s field scored {3}|{2}'s field scored {3} each",
    Person = "Person",
    Computer = "Computer: {1}",
    Since = "Since your last turn: {1}.",
    TilesLaid = "{1} tile laid|{1} tiles laid",
    Gained = "{1} +{2}",
    NoPoints = "no points scored",
    SetAside = "{1} tile fit nowhere and left the game|{1} tiles fit nowhere and left the game",
    Returned = "{1} tile fit nowhere and went back under the stack|{1} tiles fit nowhere and went back under the stack",
    Play = "Play",
    Pause = "Pause",
    Slow = "Slow",
    Normal = "Normal",
    Fast = "Fast",
    Of = "of {1}",
    PlayOnNote = "A new game from move {1}, with the same tiles still to come. Choose who plays each seat.",
    PlayOnBusy = "The game in progress stays in Your games, to resume later.",
    Good = "good",
    Inaccuracy = "inaccuracy",
    Mistake = "mistake",
    Blunder = "blunder",
    Mark = "Move {1}: {2}",
    Summary = "{2}: {1} point lost a move; {3}, {4}, {5}|{2}: {1} points lost a move; {3}, {4}, {5}",
    Inaccuracies = "{1} inaccuracy|{1} inaccuracies",
    Mistakes = "{1} mistake|{1} mistakes",
    Blunders = "{1} blunder|{1} blunders",
    LostInaccuracy = "An inaccuracy, {1} point lost.|An inaccuracy, {1} points lost.",
    LostMistake = "A mistake, {1} point lost.|A mistake, {1} points lost.",
    LostBlunder = "A blunder, {1} point lost.|A blunder, {1} points lost.",
    ClosesRoad = "Better here: the computer's move closes the road for {1}.",
    ClosesCity = "Better here: the computer's move closes the city for {1}.",
    ClosesMonastery = "Better here: the computer's move closes the monastery for {1}.",
    ClosesGarden = "Better here: the computer's move closes the garden for {1}.",
    ClosesField = "Better here: the computer's move closes the field for {1}.",
    TakesField = "Better here: the computer's move takes the field.",
    KnightInCity = "Better here: the computer's move puts a knight in the city.",
    ThiefOnRoad = "Better here: the computer's move puts a thief on the road.",
    MonkOnMonastery = "Better here: the computer's move puts a monk on the monastery.",
    AbbotDown = "Better here: the computer's move puts the abbot down.",
    KeepsFollower = "Better here: the computer's move keeps the follower for later.",
    BuildsForMore = "Better here: the computer's move builds for more points by the end.",
}}

/// The review's line for move `n` of `of`: who laid what ("Move 12 of 71:
/// Red laid a tile and a knight."), the game's end at its last.
pub fn review_lead(n: usize, of: usize, events: &[Event], names: &[String]) -> String {
    use ReviewW::*;
    let (n_, of_) = (said(n as u32), said(of as u32));
    let mut who = None;
    let mut key = if n == 0 { LeadStart } else { Lead };
    for e in events {
        match *e {
            Event::TilePlaced { player, .. } if n > 0 => {
                who = names.get(player as usize);
                key = LeadTile;
            }
            Event::FollowerPlaced { role, .. } if key == LeadTile => {
                key = match role {
                    Role::Thief => LeadThief,
                    Role::Knight => LeadKnight,
                    Role::Monk => LeadMonk,
                    Role::Farmer => LeadFarmer,
                    Role::Abbot => LeadAbbot,
                }
            }
            Event::AbbotRecalled { .. } if key == LeadTile => key = LeadAbbotHome,
            _ => {}
        }
    }
    let who = who.map_or("?", String::as_str);
    let mut s = fill(key, &[&n_, &of_, who]);
    if n == 0 {
        return s;
    }
    for e in events {
        if let Event::GameOver { winners, .. } = *e {
            let mut list = String::new();
            push_players(&mut list, winners, names);
            s.push(' ');
            s.push_str(&count(
                LeadGameOver,
                winners.0.count_ones().into(),
                &[&list],
            ));
        }
    }
    s
}

/// A scoring in the review, one a line: "Yellow's road scored 4",
/// "Final scoring: Blue's field scored 9", "A road was completed; nobody
/// scored". None for events that are no scoring; which scorings are
/// listed is [`crate::shell::scoring::shown`]'s to say.
pub fn review_scoring(e: &Event, names: &[String]) -> Option<String> {
    use ReviewW::*;
    let (scorers, category, p) = match *e {
        Event::FeatureScored {
            scorers,
            category,
            points,
            ..
        } => (scorers, category, points),
        Event::AbbotRecalled {
            player,
            category,
            points: p,
            ..
        } => {
            let name = names.get(player as usize).map_or("?", String::as_str);
            let mut pts = String::new();
            points(&mut pts, p);
            let key = if category == Category::Garden {
                AbbotFromGarden
            } else {
                AbbotFromMonastery
            };
            return Some(fill(key, &[name, &pts]));
        }
        _ => return None,
    };
    if scorers.is_empty() {
        let key = of_category(
            category,
            [
                NobodyRoad,
                NobodyCity,
                NobodyMonastery,
                NobodyGarden,
                NobodyField,
            ],
        );
        return Some(t(key).into());
    }
    let mut list = String::new();
    push_players(&mut list, scorers, names);
    let key = of_category(
        category,
        [
            ScoredRoad,
            ScoredCity,
            ScoredMonastery,
            ScoredGarden,
            ScoredField,
        ],
    );
    Some(count(
        key,
        scorers.0.count_ones().into(),
        &[&list, &said(p.into())],
    ))
}

/// A computer level's name, as the seats and the bars say it: "hard".
pub fn level_word(level: crate::ai::Level) -> &'static str {
    use crate::ai::Level;
    t(match level {
        Level::Random => SetupW::Random,
        Level::Greedy => SetupW::Greedy,
        Level::Easy => SetupW::Easy,
        Level::Medium => SetupW::Medium,
        Level::Hard => SetupW::Hard,
    })
}

/// A seat's choice on the "Play on" card, as on the start screen.
pub fn seat_choice(seat: crate::shell::seats::Seat) -> String {
    match seat {
        crate::shell::seats::Seat::Human => t(ReviewW::Person).into(),
        crate::shell::seats::Seat::Computer(l) => fill(ReviewW::Computer, &[level_word(l)]),
        crate::shell::seats::Seat::Remote => t(SetupW::Remote).into(),
    }
}

/// What changed since a player's last turn, in one line: "Since your
/// last turn: 3 tiles laid; Red +4, Blue +2."
pub fn since_words(s: &crate::shell::review::Since, names: &[String]) -> String {
    use ReviewW::*;
    let mut t_ = count(TilesLaid, s.tiles as u64, &[]);
    t_.push_str("; ");
    let mut any = false;
    for (p, &g) in s.gained.iter().enumerate() {
        if g == 0 {
            continue;
        }
        if any {
            t_.push_str(", ");
        }
        any = true;
        let name = names.get(p).map_or("?", String::as_str);
        t_.push_str(&fill(Gained, &[name, &said(g)]));
    }
    if !any {
        t_.push_str(t(NoPoints));
    }
    for (n, key) in [(s.set_aside, SetAside), (s.returned, Returned)] {
        if n > 0 {
            t_.push_str("; ");
            t_.push_str(&count(key, n.into(), &[]));
        }
    }
    fill(Since, &[&t_])
}

/// The review's play button, for screen readers and to read: playing
/// (1) or not (0).
pub fn review_play() -> [&'static str; 2] {
    [t(ReviewW::Play), t(ReviewW::Pause)]
}

/// Autoplay's three speeds, as the speed button shows them.
pub fn review_speeds() -> [&'static str; 3] {
    [t(ReviewW::Slow), t(ReviewW::Normal), t(ReviewW::Fast)]
}

/// "of 71" beside the typed move number.
pub fn review_of(n: usize) -> String {
    fill(ReviewW::Of, &[&said(n as u32)])
}

/// The "Play on from here" card: from which move, and, with a game in
/// progress, that it is kept (the games list never drops one).
pub fn play_on_note(n: usize, busy: bool) -> String {
    let mut s = fill(ReviewW::PlayOnNote, &[&said(n as u32)]);
    if busy {
        s.push(' ');
        s.push_str(t(ReviewW::PlayOnBusy));
    }
    s
}

/// Hundredths of a point as points with one decimal, in the language
/// spoken now: 423 is "4.2".
pub fn push_tenths(s: &mut String, hundredths: i32) {
    lang().push_tenths(s, hundredths.max(0));
}

/// A judgement's word: "good", "inaccuracy", "mistake", "blunder".
pub fn label_word(label: Label) -> &'static str {
    use ReviewW::*;
    t(match label {
        Label::Good => Good,
        Label::Inaccuracy => Inaccuracy,
        Label::Mistake => Mistake,
        Label::Blunder => Blunder,
    })
}

/// A mark on the chart: "Move 23: blunder".
pub fn mark_words(n: usize, label: Label) -> String {
    fill(ReviewW::Mark, &[&said(n as u32), label_word(label)])
}

/// `key`'s form for `hundredths` of a point, written with one decimal
/// (a number with a fraction, in every language's plural rules).
fn tenths(key: ReviewW, hundredths: i32, rest: &[&str]) -> String {
    let mut shown = String::new();
    push_tenths(&mut shown, hundredths);
    counted(
        key,
        (hundredths.max(0) as u64 + 5) / 100,
        true,
        &shown,
        rest,
    )
}

/// A player's summary: "Ann: 0.8 points lost a move; 3 inaccuracies,
/// 1 mistake, 0 blunders".
pub fn analysis_summary(name: &str, mean: i32, counts: [i32; 4]) -> String {
    use ReviewW::*;
    let n = |k: usize, key| count(key, counts[k].max(0) as u64, &[]);
    tenths(
        Summary,
        mean,
        &[name, &n(1, Inaccuracies), &n(2, Mistakes), &n(3, Blunders)],
    )
}

/// The "Better here" line of a move that lost `cost` hundredths of a
/// point: "A mistake, 4.2 points lost. Better here: the computer's move
/// closes the city for 12 points." (`why` is [`better_why`]'s).
pub fn better_line(label: Label, cost: i32, why: &str) -> String {
    use ReviewW::*;
    let key = match label {
        Label::Good | Label::Inaccuracy => LostInaccuracy,
        Label::Mistake => LostMistake,
        Label::Blunder => LostBlunder,
    };
    let mut s = tenths(key, cost, &[]);
    s.push(' ');
    s.push_str(why);
    s
}

/// Why the better move (its events `best`) beats the one played
/// (`played`), for `player`, from what each did at once: a feature closed
/// for more points, a follower the move played did not place, a follower
/// kept back; else the playouts' long view. A whole sentence: "Better
/// here: the computer's move closes the city for 12 points."
pub fn better_why(player: u8, best: &[Event], played: &[Event]) -> String {
    use ReviewW::*;
    let (b, top, role) = gain(player, best);
    let (p, _, was) = gain(player, played);
    let key = match (top, role) {
        (Some((points_, category)), _) if b > p => {
            let mut pts = String::new();
            points(&mut pts, points_);
            let key = of_category(
                category,
                [
                    ClosesRoad,
                    ClosesCity,
                    ClosesMonastery,
                    ClosesGarden,
                    ClosesField,
                ],
            );
            return fill(key, &[&pts]);
        }
        (_, Some(r)) if was != Some(r) => match r {
            Role::Farmer => TakesField,
            Role::Knight => KnightInCity,
            Role::Thief => ThiefOnRoad,
            Role::Monk => MonkOnMonastery,
            Role::Abbot => AbbotDown,
        },
        (_, None) if was.is_some() => KeepsFollower,
        _ => BuildsForMore,
    };
    t(key).into()
}

/// What a move's events gave `player` at once: all their points, their
/// biggest scoring, and the follower it placed.
fn gain(player: u8, ev: &[Event]) -> (u32, Option<(u16, Category)>, Option<Role>) {
    let (mut all, mut top, mut role) = (0, None::<(u16, Category)>, None);
    for e in ev {
        let (points, category) = match *e {
            Event::FeatureScored {
                points,
                category,
                scorers,
                ..
            } if scorers.iter().any(|p| p == player) => (points, category),
            Event::AbbotRecalled {
                player: p,
                points,
                category,
                ..
            } if p == player => (points, category),
            Event::FollowerPlaced { role: r, .. } => {
                role = Some(r);
                continue;
            }
            _ => continue,
        };
        all += u32::from(points);
        if top.is_none_or(|t| points > t.0) {
            top = Some((points, category));
        }
    }
    (all, top, role)
}
