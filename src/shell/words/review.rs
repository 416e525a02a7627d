//! The review's words: a move's lead and scorings, "since your last
//! turn", the play-on card.

use super::*;

/// The review's line for move `n` of `of`: who laid what ("Move 12 of 71:
/// Red laid a tile and a knight."), the game's end at its last.
pub fn review_lead(n: usize, of: usize, events: &[Event], names: &[String]) -> String {
    let name = |p: u8| names.get(p as usize).map(String::as_str).unwrap_or("?");
    let mut s = String::from("Move ");
    push_num(&mut s, n as u32);
    s.push_str(" of ");
    push_num(&mut s, of as u32);
    s.push_str(": ");
    if n == 0 {
        s.push_str("the start tile.");
        return s;
    }
    for e in events {
        match *e {
            Event::TilePlaced { player, .. } => {
                s.push_str(name(player));
                s.push_str(" laid a tile");
            }
            Event::FollowerPlaced { role, .. } => {
                s.push_str(if role == Role::Abbot {
                    " and the "
                } else {
                    " and a "
                });
                s.push_str(role_word(role));
            }
            Event::AbbotRecalled { .. } => s.push_str(" and took the abbot home"),
            _ => {}
        }
    }
    s.push('.');
    for e in events {
        if let Event::GameOver { winners, .. } = *e {
            s.push_str(" Game over: ");
            push_players(&mut s, winners, names);
            s.push_str(if winners.0.count_ones() > 1 {
                " win. Final scoring:"
            } else {
                " wins. Final scoring:"
            });
        }
    }
    s
}

/// A scoring in the review, one a line: "Yellow's road scored 4",
/// "Final scoring: Blue's field scored 9", "A road was completed; nobody
/// scored". None for events that are no scoring; which scorings are
/// listed is [`crate::shell::scoring::shown`]'s to say.
pub fn review_scoring(e: &Event, names: &[String]) -> Option<String> {
    let mut s = String::new();
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
            s.push_str(
                names
                    .get(player as usize)
                    .map(String::as_str)
                    .unwrap_or("?"),
            );
            s.push_str("'s abbot came home from ");
            s.push_str(article(feature_word(category)));
            s.push_str(feature_word(category));
            s.push_str(": ");
            points(&mut s, p);
            return Some(s);
        }
        _ => return None,
    };
    if scorers.is_empty() {
        let w = feature_word(category);
        s.push_str(if article(w) == "an " { "An " } else { "A " });
        s.push_str(w);
        s.push_str(" was completed; nobody scored");
        return Some(s);
    }
    push_players(&mut s, scorers, names);
    s.push_str("'s ");
    s.push_str(feature_word(category));
    s.push_str(" scored ");
    push_num(&mut s, u32::from(p));
    if scorers.0.count_ones() > 1 {
        s.push_str(" each");
    }
    Some(s)
}

/// A seat's choice on the "Play on" card, as on the start screen.
pub fn seat_choice(seat: crate::shell::seats::Seat) -> String {
    match seat {
        crate::shell::seats::Seat::Human => "Person".into(),
        crate::shell::seats::Seat::Computer(l) => {
            let mut s = String::from("Computer: ");
            s.push_str(l.name());
            s
        }
    }
}

/// What changed since a player's last turn, in one line: "Since your
/// last turn: 3 tiles laid; Red +4, Blue +2."
pub fn since_words(s: &crate::shell::review::Since, names: &[String]) -> String {
    let mut t = String::from("Since your last turn: ");
    push_num(&mut t, s.tiles as u32);
    t.push_str(if s.tiles == 1 {
        " tile laid; "
    } else {
        " tiles laid; "
    });
    let mut any = false;
    for (p, &g) in s.gained.iter().enumerate() {
        if g == 0 {
            continue;
        }
        if any {
            t.push_str(", ");
        }
        any = true;
        t.push_str(names.get(p).map(String::as_str).unwrap_or("?"));
        t.push_str(" +");
        push_num(&mut t, g);
    }
    if !any {
        t.push_str("no points scored");
    }
    for (n, what) in [
        (s.set_aside, " fit nowhere and left the game"),
        (s.returned, " fit nowhere and went back under the stack"),
    ] {
        if n > 0 {
            t.push_str("; ");
            count_en(&mut t, n, "tile", "tiles");
            t.push_str(what);
        }
    }
    t.push('.');
    t
}

/// The review's controls, for screen readers and the autoplay button.
pub const REVIEW_PLAY: [&str; 2] = ["Play", "Pause"];
/// Autoplay's three speeds, as the speed button shows them.
pub const REVIEW_SPEEDS: [&str; 3] = ["Slow", "Normal", "Fast"];
/// "of 71" beside the typed move number.
pub fn review_of(n: usize) -> String {
    let mut s = String::from("of ");
    push_num(&mut s, n as u32);
    s
}
/// The "Play on from here" card: from which move, and, with a game in
/// progress, that it is kept (the games list never drops one).
pub fn play_on_note(n: usize, busy: bool) -> String {
    let mut s = String::from("A new game from move ");
    push_num(&mut s, n as u32);
    s.push_str(", with the same tiles still to come. Choose who plays each seat.");
    if busy {
        s.push_str(" The game in progress stays in Your games, to resume later.");
    }
    s
}

/// Hundredths of a point as points with one decimal: 423 is "4.2".
pub fn push_tenths(s: &mut String, hundredths: i32) {
    let t = (hundredths.max(0) as u32 + 5) / 10;
    push_num(s, t / 10);
    s.push('.');
    push_num(s, t % 10);
}

/// A mark on the chart: "Move 23: blunder".
pub fn mark_words(n: usize, label: crate::ai::analysis::Label) -> String {
    let mut s = String::from("Move ");
    push_num(&mut s, n as u32);
    s.push_str(": ");
    s.push_str(label.name());
    s
}

/// A player's summary: "Ann: 0.8 points lost a move; 3 inaccuracies,
/// 1 mistake, 0 blunders".
pub fn analysis_summary(name: &str, mean: i32, counts: [i32; 4]) -> String {
    let mut s = String::from(name);
    s.push_str(": ");
    push_tenths(&mut s, mean);
    s.push_str(" points lost a move; ");
    for (k, (one, many)) in [
        ("inaccuracy", "inaccuracies"),
        ("mistake", "mistakes"),
        ("blunder", "blunders"),
    ]
    .into_iter()
    .enumerate()
    {
        if k > 0 {
            s.push_str(", ");
        }
        count_en(&mut s, counts[k + 1] as u32, one, many);
    }
    s
}

/// The "Better here" line of a move that lost `cost` hundredths of a
/// point: "A mistake, 4.2 points lost. Better here: the computer's move
/// closes the city for 12 points."
pub fn better_line(label: crate::ai::analysis::Label, cost: i32, why: &str) -> String {
    let name = label.name();
    let mut s = String::from(if name.starts_with('i') { "An " } else { "A " });
    s.push_str(name);
    s.push_str(", ");
    push_tenths(&mut s, cost);
    s.push_str(" points lost. Better here: the computer's move ");
    s.push_str(why);
    s.push('.');
    s
}

/// Why the better move (its events `best`) beats the one played
/// (`played`), for `player`, from what each did at once: a feature closed
/// for more points, a follower the move played did not place, a follower
/// kept back; else the playouts' long view.
pub fn better_why(player: u8, best: &[Event], played: &[Event]) -> String {
    let (b, top, role) = gain(player, best);
    let (p, _, was) = gain(player, played);
    let mut s = String::new();
    match (top, role) {
        (Some((points_, category)), _) if b > p => {
            s.push_str("closes the ");
            s.push_str(feature_word(category));
            s.push_str(" for ");
            points(&mut s, points_);
        }
        (_, Some(r)) if was != Some(r) => s.push_str(match r {
            Role::Farmer => "takes the field",
            Role::Knight => "puts a knight in the city",
            Role::Thief => "puts a thief on the road",
            Role::Monk => "puts a monk on the monastery",
            Role::Abbot => "puts the abbot down",
        }),
        (_, None) if was.is_some() => s.push_str("keeps the follower for later"),
        _ => s.push_str("builds for more points by the end"),
    }
    s
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
