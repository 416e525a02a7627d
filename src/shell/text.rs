//! Sentences for the aria-live announcer and the top bar, built by hand
//! rather than with `format!` to keep the bundle small.

use crate::engine::{Category, Event, Players, Role};

pub fn push_num(s: &mut String, mut n: u32) {
    let mut buf = [0u8; 10];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    s.push_str(core::str::from_utf8(&buf[i..]).unwrap_or("?"));
}

pub fn num(n: u32) -> String {
    let mut s = String::new();
    push_num(&mut s, n);
    s
}

/// What each side of a tile shows at a rotation: "north city, east road, …".
pub fn tile_words(kind: crate::engine::TileKind, rotation: u8) -> String {
    let d = kind.def();
    let mut s = String::new();
    for (i, side) in crate::engine::Side::ALL.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(side.word());
        s.push(' ');
        s.push_str(d.edge(*side, rotation).word());
    }
    if d.centre == crate::engine::tile::Centre::Monastery {
        s.push_str(", a monastery");
    }
    s.push('.');
    s
}

pub fn role_word(role: Role) -> &'static str {
    match role {
        Role::Thief => "thief",
        Role::Knight => "knight",
        Role::Monk => "monk",
        Role::Farmer => "farmer",
        Role::Abbot => "abbot",
    }
}

fn feature_word(c: Category) -> &'static str {
    c.name()
}

fn article(word: &str) -> &'static str {
    if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an "
    } else {
        "a "
    }
}

/// "Red", "Red and Blue", "Red, Blue and Green".
fn push_players(s: &mut String, players: Players, names: &[String]) {
    let list: Vec<u8> = players.iter().collect();
    for (i, p) in list.iter().enumerate() {
        if i > 0 {
            s.push_str(if i + 1 == list.len() { " and " } else { ", " });
        }
        s.push_str(names.get(*p as usize).map(String::as_str).unwrap_or("?"));
    }
}

fn points(s: &mut String, n: u16) {
    push_num(s, u32::from(n));
    s.push_str(if n == 1 { " point" } else { " points" });
}

/// One event in words, or None for events not worth saying aloud.
pub fn describe(e: &Event, names: &[String], tiles_left: usize) -> Option<String> {
    let name = |p: u8| names.get(p as usize).map(String::as_str).unwrap_or("?");
    let mut s = String::new();
    match *e {
        Event::TurnBegan { player, .. } => {
            s.push_str(name(player));
            s.push_str("'s turn. ");
            push_num(&mut s, tiles_left as u32);
            s.push_str(" tiles left.");
        }
        Event::TileDiscarded { .. } => s.push_str("A drawn tile fit nowhere and was set aside."),
        Event::TilePlaced { player, at, .. } => {
            s.push_str(name(player));
            s.push_str(" placed a tile at ");
            push_coords(&mut s, at.x, at.y);
            s.push('.');
        }
        Event::FollowerPlaced { player, role, .. } => {
            s.push_str(name(player));
            s.push_str(" placed ");
            s.push_str(if role == Role::Abbot { "the " } else { "a " });
            s.push_str(role_word(role));
            s.push('.');
        }
        Event::AbbotRecalled {
            player, points: p, ..
        } => {
            s.push_str(name(player));
            s.push_str(" takes the abbot back: ");
            points(&mut s, p);
            s.push('.');
        }
        Event::FeatureScored {
            category,
            points: p,
            scorers,
            completed,
            ..
        } => {
            let w = feature_word(category);
            if scorers.is_empty() {
                if !completed {
                    return None;
                }
                s.push_str(if article(w) == "an " { "An " } else { "A " });
                s.push_str(w);
                s.push_str(" is completed; nobody scores.");
            } else if completed {
                push_players(&mut s, scorers, names);
                s.push_str(if scorers.0.count_ones() > 1 {
                    " complete "
                } else {
                    " completes "
                });
                s.push_str(article(w));
                s.push_str(w);
                s.push_str(": ");
                points(&mut s, p);
                s.push('.');
            } else {
                s.push_str("Final scoring: ");
                push_players(&mut s, scorers, names);
                s.push_str(if scorers.0.count_ones() > 1 {
                    " score "
                } else {
                    " scores "
                });
                points(&mut s, p);
                s.push_str(" for ");
                s.push_str(article(w));
                s.push_str(w);
                s.push('.');
            }
        }
        Event::FollowerReturned { .. } => return None,
        Event::GameOver { winners, .. } => {
            s.push_str("Game over. ");
            push_players(&mut s, winners, names);
            s.push_str(if winners.0.count_ones() > 1 {
                " win!"
            } else {
                " wins!"
            });
        }
    }
    Some(s)
}

pub fn push_coords(s: &mut String, x: i32, y: i32) {
    push_int(s, x);
    s.push_str(", ");
    push_int(s, y);
}

fn push_int(s: &mut String, v: i32) {
    if v < 0 {
        s.push('-');
    }
    push_num(s, v.unsigned_abs());
}

/// What a turn scored, for the hand-over card: "Ann closed a city: +8 Ann."
/// or, with nobody on it, "Ann closed a road: nobody scores." One sentence
/// a scoring, in the order they happened.
pub fn scored_words(player: u8, scored: &[super::turn::Scored], names: &[String]) -> String {
    let name = names
        .get(player as usize)
        .map(String::as_str)
        .unwrap_or("?");
    let mut s = String::new();
    for sc in scored {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(name);
        // An abbot taken home closes nothing.
        s.push_str(if sc.closed {
            " closed "
        } else {
            " took the abbot home from "
        });
        s.push_str(article(feature_word(sc.category)));
        s.push_str(feature_word(sc.category));
        s.push_str(": ");
        if sc.scorers.is_empty() {
            s.push_str("nobody scores.");
            continue;
        }
        let list: Vec<u8> = sc.scorers.iter().collect();
        for (i, p) in list.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push('+');
            push_num(&mut s, u32::from(sc.points));
            s.push(' ');
            s.push_str(names.get(*p as usize).map(String::as_str).unwrap_or("?"));
        }
        s.push('.');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::turn::Scored;

    fn names() -> Vec<String> {
        vec!["Ann".into(), "Bob".into(), "Cy".into()]
    }

    #[test]
    fn the_hand_over_names_who_closed_what_and_who_scored() {
        let city = Scored {
            category: Category::City,
            points: 8,
            scorers: Players(0b001),
            closed: true,
        };
        assert_eq!(
            scored_words(0, &[city], &names()),
            "Ann closed a city: +8 Ann."
        );
        let shared = Scored {
            category: Category::Road,
            points: 3,
            scorers: Players(0b110),
            closed: true,
        };
        assert_eq!(
            scored_words(0, &[city, shared], &names()),
            "Ann closed a city: +8 Ann. Ann closed a road: +3 Bob, +3 Cy."
        );
        let empty = Scored {
            scorers: Players(0),
            ..shared
        };
        assert_eq!(
            scored_words(2, &[empty], &names()),
            "Cy closed a road: nobody scores."
        );
        let abbot = Scored {
            category: Category::Garden,
            points: 5,
            scorers: Players(0b010),
            closed: false,
        };
        assert_eq!(
            scored_words(1, &[abbot], &names()),
            "Bob took the abbot home from a garden: +5 Bob."
        );
    }

    #[test]
    fn numbers_are_written_in_full() {
        assert_eq!(num(0), "0");
        assert_eq!(num(4_000_000_000), "4000000000");
        let mut s = String::new();
        push_coords(&mut s, -3, 12);
        assert_eq!(s, "-3, 12");
    }
}
