//! The table's words: the bars (whose turn, the prompt, the scores) and
//! what the announcer says of each move.

use super::*;

/// "Ann wins", "Ann and Bob win" or "Tom, Green and Mum win" (`mark` ends
/// it: "!" on the results).
pub fn winners(names: &[&str], mark: &str) -> String {
    let mut t = String::new();
    push_list(&mut t, names);
    t.push_str(if names.len() > 1 { " win" } else { " wins" });
    if names.len() > 1 && !mark.is_empty() {
        t.push_str(", sharing first place");
    }
    t.push_str(mark);
    t
}

/// The prompt's words for `name`, whose turn it is.
pub fn prompt(name: &str, p: crate::shell::bars::Prompt) -> String {
    use crate::shell::bars::Prompt;
    if p == Prompt::GameOver {
        return "Game over: the final scores are in the score table".into();
    }
    if p == Prompt::FinalScoring {
        return "Final scoring: the points still due are shown in turn".into();
    }
    let mut t = String::new();
    if p == Prompt::Next {
        t.push_str("Next: ");
    }
    t.push_str(name);
    t.push_str(match p {
        Prompt::Thinking => " is thinking…",
        Prompt::Playing => " is playing…",
        Prompt::Paused => " plays next: paused",
        Prompt::Drag {
            highlighted: true,
            hand: false,
        } => ": drag the tile onto a highlighted square",
        Prompt::Drag {
            highlighted: false,
            hand: false,
        } => ": drag the tile onto the board, next to a tile",
        Prompt::Drag {
            highlighted: true,
            hand: true,
        } => ": pick a tile, drag it onto a highlighted square",
        Prompt::Drag {
            highlighted: false,
            hand: true,
        } => ": pick a tile, drag it onto the board",
        Prompt::FitsNowhere => ": this tile fits nowhere now and stays in your hand; pick another",
        Prompt::Missed => ": it does not fit there and is back in your hand; try another square",
        Prompt::Confirm => ": turn or move the tile, then press ✓ Confirm",
        Prompt::Turn => ": it does not fit this way; press ⟳ to turn it",
        Prompt::NoFollower => ": no follower can go here; press No follower",
        Prompt::Follower => ": tap a number to place a follower, or No follower",
        Prompt::Next | Prompt::FinalScoring | Prompt::GameOver => "",
    });
    t
}

/// The top bar while the board walks through the final scoring.
pub const FINAL_SCORING: &str = "Final scoring…";

/// The top bar's first line at the end: "Game over: Ann wins".
pub fn game_over(winners_names: &[&str]) -> String {
    let mut n = String::from("Game over: ");
    n.push_str(&winners(winners_names, ""));
    n
}

/// The top bar's second line: "computer, hard · 7 followers + abbot · 12 pts".
pub fn detail(level: Option<&str>, supply: u8, abbot: bool, points: u32) -> String {
    let mut d = String::new();
    if let Some(level) = level {
        d.push_str("computer, ");
        d.push_str(level);
        d.push_str(" · ");
    }
    push_num(&mut d, u32::from(supply));
    d.push_str(if supply == 1 {
        " follower"
    } else {
        " followers"
    });
    if abbot {
        d.push_str(" + abbot");
    }
    d.push_str(" · ");
    push_num(&mut d, points);
    d.push_str(" pts");
    d
}

/// A player's score for screen readers: "Ann: 12 points".
pub fn score_label(name: &str, total: u32) -> String {
    let mut label = String::from(name);
    label.push_str(": ");
    push_num(&mut label, total);
    label.push_str(" points");
    label
}

/// "65 tiles left" in the stack, "Last tile" while the stack's last one
/// is in hand; with hands, "15 tiles to come", the stack and every hand
/// together (hand sizes are no secret), since turns go on from the hands
/// once the stack is empty.
pub fn tiles_left(s: &crate::engine::State) -> String {
    let hands = s.hands_dealt();
    let n = if hands {
        s.to_come().len()
    } else {
        s.remaining().len()
    };
    let mut t = String::new();
    if !hands && n == 0 && !s.is_over() && s.tile().is_some() {
        t.push_str("Last tile");
    } else if hands {
        count_en(&mut t, n as u32, "tile to come", "tiles to come");
    } else {
        count_en(&mut t, n as u32, "tile left", "tiles left");
    }
    t
}

/// A player's open hand in words, for a screen reader: "Ann holds 2
/// tiles: a city cap, a straight road."
pub fn hand_words(name: &str, tiles: &[TileKind]) -> String {
    let mut s = String::from(name);
    match tiles.len() {
        0 => s.push_str(" holds no tile."),
        n => {
            s.push_str(" holds ");
            push_num(&mut s, n as u32);
            s.push_str(if n == 1 { " tile: " } else { " tiles: " });
            for (i, &k) in tiles.iter().enumerate() {
                if i > 0 {
                    s.push_str("; ");
                }
                s.push_str(&tile_words(k, 0));
            }
            s.push('.');
        }
    }
    s
}

/// Over a tile that filled a hole (a house rule): its player goes again.
pub const PLAYS_AGAIN: &str = "Plays again!";

/// "Ann plays again (she filled a hole)" is too long for a phone's prompt:
/// "Ann, again for the hole filled".
pub fn plays_again(name: &str) -> String {
    let mut t = String::from(name);
    t.push_str(", again for the hole filled");
    t
}

/// "+N" over a scored feature.
pub fn plus(points: u16) -> String {
    let mut t = String::from("+");
    push_num(&mut t, u32::from(points));
    t
}

/// The tile in hand in words: what each side shows at `rotation`.
pub fn tile_in_hand(kind: Option<TileKind>, rotation: u8) -> String {
    let Some(kind) = kind else {
        return String::new();
    };
    let mut s = String::from("Tile: ");
    s.push_str(&tile_words(kind, rotation));
    s
}

/// A dock tile's name for screen readers: the one drawn tile, or tile `i`
/// of a hand, picked or not, or fitting nowhere now.
pub fn hand_label(i: usize, several: bool, picked: bool, dead: bool) -> String {
    if !several {
        return "Tile in hand: tap to rotate, drag onto the board".into();
    }
    let mut s = String::from(["First", "Second", "Third"][i.min(2)]);
    s.push_str(" tile of your hand");
    s.push_str(match (dead, picked) {
        (true, _) => ": it fits nowhere now and stays in your hand",
        (false, true) => ", picked: tap to rotate, drag onto the board",
        (false, false) => ": tap to pick it, or drag it onto the board",
    });
    s
}

/// What the announcer says for the table's [`Say`].
/// `tile` is the tile a person lays now (see `Turn::tile`).
pub fn say(
    what: &Say,
    game: &Game,
    tile: Option<TileKind>,
    rotation: u8,
    options: &[Choice],
) -> String {
    let names = game.names();
    match what {
        Say::Turned { fits_here } => {
            let mut m = tile_in_hand(tile, rotation);
            if !fits_here {
                m.push_str(" It does not fit this way.");
            }
            m
        }
        Say::LaidAt { at, turned } => {
            let mut m = String::from("Tile at ");
            push_coords(&mut m, at.x, at.y);
            m.push_str(if *turned { ", turned to fit. " } else { ". " });
            m.push_str(&tile_in_hand(tile, rotation));
            m.push_str(" Press Confirm or Enter.");
            m
        }
        Say::Picked => {
            let mut m = tile_in_hand(tile, rotation);
            if tile.is_some_and(|k| !game.state().can_place(k)) {
                m.push_str(" It fits nowhere now and stays in your hand.");
            }
            m
        }
        Say::NoFitThere => "The tile does not fit there; it is back in your hand.".into(),
        Say::PlaceFirst => "Place the tile on the board first.".into(),
        Say::NotAllowed(why) => {
            let mut m = String::from("Not allowed: ");
            m.push_str(why);
            m
        }
        Say::TileBack => "Tile taken back; move or turn it, then confirm.".into(),
        Say::Undone { turns, player } => {
            let mut m = String::from(if *turns > 1 {
                "Turns undone back to "
            } else {
                "Last turn undone. "
            });
            m.push_str(&names[*player as usize]);
            m.push_str(if *turns > 1 { "'s turn." } else { " to play." });
            m
        }
        Say::NothingToRedo => "Nothing to redo.".into(),
        Say::PlayedAgain => "Turn played again.".into(),
        Say::Focused(i) => match options.get(*i) {
            Some(o) => option_focused(*i, o),
            None => String::new(),
        },
        Say::LookingForMove => "Looking for a good move…".into(),
        Say::Hinted(choice) => {
            let mut m = String::from("Hint: the tile here, turned as shown");
            m.push_str(match choice {
                FollowerChoice::Skip => ", and no follower.",
                FollowerChoice::RecallAbbot(_) => ", then take the abbot back.",
                _ => ", then the follower spot marked after you confirm.",
            });
            m.push_str(" Press Confirm to take it.");
            m
        }
        Say::ComputerFailed(e) => {
            let mut m = String::from("The computer could not choose a move: ");
            m.push_str(e);
            m
        }
        Say::Greeting(how) => {
            let s = game.state();
            let mut t = String::from(*how);
            let began = Event::TurnBegan {
                player: s.current_player(),
                tile: s.tile().unwrap_or(crate::engine::TileKind::START),
            };
            if let Some(msg) = describe(&began, names, &tiles_left(s), &s.rules()) {
                t.push_str(&msg);
            }
            t.push(' ');
            t.push_str(&tile_in_hand(tile, rotation));
            t
        }
        Say::Note(note) => String::from(*note),
        Say::YourTurn => {
            let p = game.state().current_player() as usize;
            let mut t = names[p].clone();
            t.push_str(", your turn. ");
            t.push_str(&tile_in_hand(tile, rotation));
            t
        }
    }
}

/// The tile is down: the follower spots offered, by their numbers.
pub fn spots_offered(options: &[Choice]) -> String {
    let mut msg = String::new();
    if options.is_empty() {
        msg.push_str("No follower can go on it: press No follower.");
        return msg;
    }
    msg.push_str("Follower spots: ");
    for (i, o) in options.iter().enumerate() {
        push_num(&mut msg, i as u32 + 1);
        msg.push(' ');
        msg.push_str(choice_word(o));
        msg.push_str(", ");
    }
    msg.push_str("or S for no follower.");
    msg
}

/// A follower choice in a word: its role, or taking the abbot back.
fn choice_word(o: &Choice) -> &'static str {
    if let FollowerChoice::RecallAbbot(_) = o.choice {
        "take the abbot back"
    } else {
        role_word(o.role)
    }
}

/// The follower option picked with the keyboard: "2: knight. Press Enter to place."
pub fn option_focused(i: usize, o: &Choice) -> String {
    let mut msg = num(i as u32 + 1);
    msg.push_str(": ");
    msg.push_str(choice_word(o));
    msg.push_str(". Press Enter to place.");
    msg
}

/// One event in words, or None for events not worth saying aloud.
/// `left`: how many tiles are left, in words ([`tiles_left`]); `rules`
/// the game's (under first-edition farm scoring, rules §5, a field item
/// at the end is a finished city paying the farmers beside it).
pub fn describe(e: &Event, names: &[String], left: &str, rules: &Rules) -> Option<String> {
    let name = |p: u8| names.get(p as usize).map(String::as_str).unwrap_or("?");
    let mut s = String::new();
    match *e {
        Event::TurnBegan { player, .. } => {
            s.push_str(name(player));
            s.push_str("'s turn. ");
            s.push_str(left);
            s.push('.');
        }
        Event::TileDiscarded { .. } => s.push_str("A tile fit nowhere and left the game."),
        Event::TileReturned { .. } => {
            s.push_str("A tile fit nowhere and went back under the stack.")
        }
        Event::TileDrawn { .. } => return None,
        Event::PlayerPassed { player } => {
            s.push_str(name(player));
            s.push_str(" has no tiles left and is passed over.");
        }
        Event::ExtraTurn { player, .. } => {
            s.push_str(name(player));
            s.push_str(" filled a hole and plays again.");
        }
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
                if category == Category::Field && rules.farm_scoring == FarmScoring::First {
                    s.push_str(" for the farms beside a city.");
                } else {
                    s.push_str(" for ");
                    s.push_str(article(w));
                    s.push_str(w);
                    s.push('.');
                }
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

/// What a turn scored, for the hand-over card: "Ann closed a city: +8 Ann."
/// or, with nobody on it, "Ann closed a road: nobody scores." One sentence
/// a scoring, in the order they happened.
pub fn scored_words(player: u8, scored: &[crate::shell::msg::Scored], names: &[String]) -> String {
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

/// The pause button of a table of computers, paused or not.
pub const PAUSE: &str = "Pause";
pub const PLAY_ON: &str = "Play on";

/// The speed button of a table of computers: "Speed 2×".
pub fn speed(s: u8) -> String {
    let mut t = String::from("Speed ");
    push_num(&mut t, u32::from(s.max(1)));
    t.push('×');
    t
}

#[cfg(test)]
mod list_tests {
    #[test]
    fn three_winners_are_joined_as_a_list_not_with_two_ands() {
        assert_eq!(
            super::winners(&["Tom", "Green", "Mum"], "!"),
            "Tom, Green and Mum win, sharing first place!"
        );
        assert_eq!(super::winners(&["Tom", "Mum"], ""), "Tom and Mum win");
        assert_eq!(super::winners(&["Mum"], "!"), "Mum wins!");
    }
}
