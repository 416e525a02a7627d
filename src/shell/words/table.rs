//! The table's words: the bars (whose turn, the prompt, the scores) and
//! what the announcer says of each move.

use super::catalogue::keys;
use super::*;

keys! { TableW "table" {
    Wins = "{2} wins|{2} win",
    WinsShared = "{2} wins!|{2} win, sharing first place!",
    GameOverWins = "Game over: {2} wins|Game over: {2} win",
    GameOverPrompt = "Game over: the final scores are in the score table",
    FinalScoringPrompt = "Final scoring: the points still due are shown in turn",
    Next = "Next: {1}",
    Thinking = "{1} is thinking…",
    Playing = "{1} is playing…",
    Paused = "{1} plays next: paused",
    DragHighlighted = "{1}: drag the tile onto a highlighted square",
    DragBoard = "{1}: drag the tile onto the board, next to a tile",
    PickHighlighted = "{1}: pick a tile, drag it onto a highlighted square",
    PickBoard = "{1}: pick a tile, drag it onto the board",
    FitsNowhere = "{1}: this tile fits nowhere now and stays in your hand; pick another",
    Missed = "{1}: it does not fit there and is back in your hand; try another square",
    Confirm = "{1}: turn or move the tile, then press ✓ Confirm",
    Turn = "{1}: it does not fit this way; press ⟳ to turn it",
    NoFollower = "{1}: no follower can go here; press No follower",
    Follower = "{1}: tap a number to place a follower, or No follower",
    FinalScoring = "Final scoring…",
    Computer = "computer, {1}",
    Followers = "{1} follower|{1} followers",
    FollowersAbbot = "{1} follower + abbot|{1} followers + abbot",
    Pts = "{1} pts",
    ScoreLabel = "{2}: {1} point|{2}: {1} points",
    LastTile = "Last tile",
    TilesToCome = "{1} tile to come|{1} tiles to come",
    TilesLeft = "{1} tile left|{1} tiles left",
    HoldsNone = "{1} holds no tile.",
    Holds = "{2} holds {1} tile: {3}.|{2} holds {1} tiles: {3}.",
    PlaysAgain = "Plays again!",
    AgainForHole = "{1}, again for the hole filled",
    TileInHand = "Tile: {1}",
    DockTile = "Tile in hand: tap to rotate, drag onto the board",
    HandFirst = "First tile of your hand",
    HandSecond = "Second tile of your hand",
    HandThird = "Third tile of your hand",
    HandDead = "{1}: it fits nowhere now and stays in your hand",
    HandPicked = "{1}, picked: tap to rotate, drag onto the board",
    HandPick = "{1}: tap to pick it, or drag it onto the board",
    TurnedNoFit = "{1} It does not fit this way.",
    LaidAt = "Tile at {1}. {2} Press Confirm or Enter.",
    LaidAtTurned = "Tile at {1}, turned to fit. {2} Press Confirm or Enter.",
    PickedNoFit = "{1} It fits nowhere now and stays in your hand.",
    NoFitThere = "The tile does not fit there; it is back in your hand.",
    PlaceFirst = "Place the tile on the board first.",
    NotAllowed = "Not allowed: {1}",
    TileBack = "Tile taken back; move or turn it, then confirm.",
    UndoneTo = "Turns undone back to {1}'s turn.",
    UndoneLast = "Last turn undone. {1} to play.",
    NothingToRedo = "Nothing to redo.",
    PlayedAgain = "Turn played again.",
    LookingForMove = "Looking for a good move…",
    HintSkip = "Hint: the tile here, turned as shown, and no follower. Press Confirm to take it.",
    HintRecall = "Hint: the tile here, turned as shown, then take the abbot back. Press Confirm to take it.",
    HintFollower = "Hint: the tile here, turned as shown, then the follower spot marked after you confirm. Press Confirm to take it.",
    ComputerFailed = "The computer could not choose a move: {1}",
    YourTurn = "{1}, your turn. {2}",
    NoSpot = "No follower can go on it: press No follower.",
    Spots = "Follower spots: {1}, or S for no follower.",
    Spot = "{1} {2}",
    RecallAbbot = "take the abbot back",
    Focused = "{1}: {2}. Press Enter to place.",
    TurnBegan = "{1}'s turn. {2}.",
    Discarded = "A tile fit nowhere and left the game.",
    Returned = "A tile fit nowhere and went back under the stack.",
    Passed = "{1} has no tiles left and is passed over.",
    ExtraTurn = "{1} filled a hole and plays again.",
    TilePlaced = "{1} placed a tile at {2}.",
    PlacedThief = "{1} placed a thief.",
    PlacedKnight = "{1} placed a knight.",
    PlacedMonk = "{1} placed a monk.",
    PlacedFarmer = "{1} placed a farmer.",
    PlacedAbbot = "{1} placed the abbot.",
    AbbotBack = "{1} takes the abbot back: {2}.",
    NobodyRoad = "A road is completed; nobody scores.",
    NobodyCity = "A city is completed; nobody scores.",
    NobodyMonastery = "A monastery is completed; nobody scores.",
    NobodyGarden = "A garden is completed; nobody scores.",
    NobodyField = "A field is completed; nobody scores.",
    CompletesRoad = "{2} completes a road: {3}.|{2} complete a road: {3}.",
    CompletesCity = "{2} completes a city: {3}.|{2} complete a city: {3}.",
    CompletesMonastery = "{2} completes a monastery: {3}.|{2} complete a monastery: {3}.",
    CompletesGarden = "{2} completes a garden: {3}.|{2} complete a garden: {3}.",
    CompletesField = "{2} completes a field: {3}.|{2} complete a field: {3}.",
    FinalRoad = "Final scoring: {2} scores {3} for a road.|Final scoring: {2} score {3} for a road.",
    FinalCity = "Final scoring: {2} scores {3} for a city.|Final scoring: {2} score {3} for a city.",
    FinalMonastery = "Final scoring: {2} scores {3} for a monastery.|Final scoring: {2} score {3} for a monastery.",
    FinalGarden = "Final scoring: {2} scores {3} for a garden.|Final scoring: {2} score {3} for a garden.",
    FinalField = "Final scoring: {2} scores {3} for a field.|Final scoring: {2} score {3} for a field.",
    FinalFarms = "Final scoring: {2} scores {3} for the farms beside a city.|Final scoring: {2} score {3} for the farms beside a city.",
    GameOver = "Game over. {2} wins!|Game over. {2} win!",
    ClosedRoad = "{1} closed a road: {2}.",
    ClosedCity = "{1} closed a city: {2}.",
    ClosedMonastery = "{1} closed a monastery: {2}.",
    ClosedGarden = "{1} closed a garden: {2}.",
    ClosedField = "{1} closed a field: {2}.",
    HomeFromMonastery = "{1} took the abbot home from a monastery: {2}.",
    HomeFromGarden = "{1} took the abbot home from a garden: {2}.",
    NobodyScores = "nobody scores",
    Gain = "+{1} {2}",
    Pause = "Pause",
    PlayOn = "Play on",
    Speed = "Speed {1}×",
}}

/// The key of `c` among five, one a category, in [`Category`]'s order
/// (road, city, monastery, garden, field).
pub(super) fn of_category<K: Copy>(c: Category, keys: [K; 5]) -> K {
    keys[c as usize % 5]
}

/// "Ann wins", "Ann and Bob win" or "Tom, Green and Mum win" (`mark`, "!"
/// on the results, ends it, with a shared first place said).
pub fn winners(names: &[&str], mark: &str) -> String {
    let mut list = String::new();
    push_list(&mut list, names);
    let key = if mark.is_empty() {
        TableW::Wins
    } else {
        TableW::WinsShared
    };
    count(key, names.len() as u64, &[&list])
}

/// The prompt's words for `name`, whose turn it is.
pub fn prompt(name: &str, p: crate::shell::bars::Prompt) -> String {
    use crate::shell::bars::Prompt;
    use TableW::*;
    let key = match p {
        Prompt::GameOver => GameOverPrompt,
        Prompt::FinalScoring => FinalScoringPrompt,
        Prompt::Next => Next,
        Prompt::Thinking => Thinking,
        Prompt::Playing => Playing,
        Prompt::Waiting => return super::link_line(super::LinkW::Waiting, name),
        Prompt::Paused => Paused,
        Prompt::Drag { highlighted, hand } => match (highlighted, hand) {
            (true, false) => DragHighlighted,
            (false, false) => DragBoard,
            (true, true) => PickHighlighted,
            (false, true) => PickBoard,
        },
        Prompt::FitsNowhere => FitsNowhere,
        Prompt::Missed => Missed,
        Prompt::Confirm => Confirm,
        Prompt::Turn => Turn,
        Prompt::NoFollower => NoFollower,
        Prompt::Follower => Follower,
    };
    fill(key, &[name])
}

/// The top bar's first line at the end: "Game over: Ann wins".
pub fn game_over(winners_names: &[&str]) -> String {
    let mut list = String::new();
    push_list(&mut list, winners_names);
    count(TableW::GameOverWins, winners_names.len() as u64, &[&list])
}

/// The top bar's second line: "computer, hard · 7 followers + abbot · 12
/// pts" (the page sets each part between the dots on its own).
pub fn detail(level: Option<&str>, supply: u8, abbot: bool, points: u32) -> String {
    let mut d = String::new();
    if let Some(level) = level {
        d.push_str(&fill(TableW::Computer, &[level]));
        d.push_str(" · ");
    }
    let key = if abbot {
        TableW::FollowersAbbot
    } else {
        TableW::Followers
    };
    d.push_str(&count(key, supply.into(), &[]));
    d.push_str(" · ");
    d.push_str(&fill(TableW::Pts, &[&said(points)]));
    d
}

/// A player's score for screen readers: "Ann: 12 points".
pub fn score_label(name: &str, total: u32) -> String {
    count(TableW::ScoreLabel, total.into(), &[name])
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
    if !hands && n == 0 && !s.is_over() && s.tile().is_some() {
        t(TableW::LastTile).into()
    } else if hands {
        count(TableW::TilesToCome, n as u64, &[])
    } else {
        count(TableW::TilesLeft, n as u64, &[])
    }
}

/// A player's open hand in words, for a screen reader: "Ann holds 2
/// tiles: a city cap, a straight road."
pub fn hand_words(name: &str, tiles: &[TileKind]) -> String {
    if tiles.is_empty() {
        return fill(TableW::HoldsNone, &[name]);
    }
    let mut list = String::new();
    for (i, &k) in tiles.iter().enumerate() {
        if i > 0 {
            list.push_str("; ");
        }
        list.push_str(&tile_words(k, 0));
    }
    count(TableW::Holds, tiles.len() as u64, &[name, &list])
}

/// "Ann plays again (she filled a hole)" is too long for a phone's prompt:
/// "Ann, again for the hole filled".
pub fn plays_again(name: &str) -> String {
    fill(TableW::AgainForHole, &[name])
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
    fill(TableW::TileInHand, &[&tile_words(kind, rotation)])
}

/// A dock tile's name for screen readers: the one drawn tile, or tile `i`
/// of a hand, picked or not, or fitting nowhere now.
pub fn hand_label(i: usize, several: bool, picked: bool, dead: bool) -> String {
    use TableW::*;
    if !several {
        return t(DockTile).into();
    }
    let which = t([HandFirst, HandSecond, HandThird][i.min(2)]);
    let key = match (dead, picked) {
        (true, _) => HandDead,
        (false, true) => HandPicked,
        (false, false) => HandPick,
    };
    fill(key, &[which])
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
    use TableW::*;
    let names = game.names();
    match what {
        Say::Turned { fits_here } => {
            let m = tile_in_hand(tile, rotation);
            if *fits_here {
                m
            } else {
                fill(TurnedNoFit, &[&m])
            }
        }
        Say::LaidAt { at, turned } => {
            let mut c = String::new();
            push_coords(&mut c, at.x, at.y);
            let key = if *turned { LaidAtTurned } else { LaidAt };
            fill(key, &[&c, &tile_in_hand(tile, rotation)])
        }
        Say::Picked => {
            let m = tile_in_hand(tile, rotation);
            if tile.is_some_and(|k| !game.state().can_place(k)) {
                fill(PickedNoFit, &[&m])
            } else {
                m
            }
        }
        Say::NoFitThere => t(NoFitThere).into(),
        Say::PlaceFirst => t(PlaceFirst).into(),
        Say::NotAllowed(why) => fill(NotAllowed, &[&rule_words(*why)]),
        Say::TileBack => t(TileBack).into(),
        Say::Undone { turns, player } => {
            let key = if *turns > 1 { UndoneTo } else { UndoneLast };
            fill(key, &[&names[*player as usize]])
        }
        Say::NothingToRedo => t(NothingToRedo).into(),
        Say::PlayedAgain => t(PlayedAgain).into(),
        Say::Focused(i) => match options.get(*i) {
            Some(o) => option_focused(*i, o),
            None => String::new(),
        },
        Say::LookingForMove => t(LookingForMove).into(),
        Say::Hinted(choice) => t(match choice {
            FollowerChoice::Skip => HintSkip,
            FollowerChoice::RecallAbbot(_) => HintRecall,
            _ => HintFollower,
        })
        .into(),
        Say::ComputerFailed(e) => fill(ComputerFailed, &[e]),
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
            fill(YourTurn, &[&names[p], &tile_in_hand(tile, rotation)])
        }
    }
}

/// The tile is down: the follower spots offered, by their numbers.
pub fn spots_offered(options: &[Choice]) -> String {
    if options.is_empty() {
        return t(TableW::NoSpot).into();
    }
    let mut list = String::new();
    for (i, o) in options.iter().enumerate() {
        if i > 0 {
            list.push_str(", ");
        }
        list.push_str(&fill(TableW::Spot, &[&said(i as u32 + 1), choice_word(o)]));
    }
    fill(TableW::Spots, &[&list])
}

/// A follower choice in a word: its role, or taking the abbot back.
fn choice_word(o: &Choice) -> &'static str {
    if let FollowerChoice::RecallAbbot(_) = o.choice {
        t(TableW::RecallAbbot)
    } else {
        role_word(o.role)
    }
}

/// The follower option picked with the keyboard: "2: knight. Press Enter to place."
pub fn option_focused(i: usize, o: &Choice) -> String {
    fill(TableW::Focused, &[&said(i as u32 + 1), choice_word(o)])
}

/// One event in words, or None for events not worth saying aloud.
/// `left`: how many tiles are left, in words ([`tiles_left`]); `rules`
/// the game's (under first-edition farm scoring, rules §5, a field item
/// at the end is a finished city paying the farmers beside it).
pub fn describe(e: &Event, names: &[String], left: &str, rules: &Rules) -> Option<String> {
    use TableW::*;
    let name = |p: u8| names.get(p as usize).map(String::as_str).unwrap_or("?");
    Some(match *e {
        Event::TurnBegan { player, .. } => fill(TurnBegan, &[name(player), left]),
        Event::TileDiscarded { .. } => t(Discarded).into(),
        Event::TileReturned { .. } => t(Returned).into(),
        Event::TileDrawn { .. } => return None,
        Event::PlayerPassed { player } => fill(Passed, &[name(player)]),
        Event::ExtraTurn { player, .. } => fill(ExtraTurn, &[name(player)]),
        Event::TilePlaced { player, at, .. } => {
            let mut c = String::new();
            push_coords(&mut c, at.x, at.y);
            fill(TilePlaced, &[name(player), &c])
        }
        Event::FollowerPlaced { player, role, .. } => {
            let key = match role {
                Role::Thief => PlacedThief,
                Role::Knight => PlacedKnight,
                Role::Monk => PlacedMonk,
                Role::Farmer => PlacedFarmer,
                Role::Abbot => PlacedAbbot,
            };
            fill(key, &[name(player)])
        }
        Event::AbbotRecalled {
            player, points: p, ..
        } => {
            let mut pts = String::new();
            points(&mut pts, p);
            fill(AbbotBack, &[name(player), &pts])
        }
        Event::FeatureScored {
            category,
            points: p,
            scorers,
            completed,
            ..
        } => {
            if scorers.is_empty() {
                if !completed {
                    return None;
                }
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
            let mut pts = String::new();
            points(&mut pts, p);
            let key = if completed {
                of_category(
                    category,
                    [
                        CompletesRoad,
                        CompletesCity,
                        CompletesMonastery,
                        CompletesGarden,
                        CompletesField,
                    ],
                )
            } else if category == Category::Field && rules.farm_scoring == FarmScoring::First {
                FinalFarms
            } else {
                of_category(
                    category,
                    [
                        FinalRoad,
                        FinalCity,
                        FinalMonastery,
                        FinalGarden,
                        FinalField,
                    ],
                )
            };
            count(key, scorers.0.count_ones().into(), &[&list, &pts])
        }
        Event::FollowerReturned { .. } => return None,
        Event::GameOver { winners, .. } => {
            let mut list = String::new();
            push_players(&mut list, winners, names);
            count(GameOver, winners.0.count_ones().into(), &[&list])
        }
    })
}

/// What a turn scored, for the hand-over card: "Ann closed a city: +8 Ann."
/// or, with nobody on it, "Ann closed a road: nobody scores." One sentence
/// a scoring, in the order they happened.
pub fn scored_words(player: u8, scored: &[crate::shell::msg::Scored], names: &[String]) -> String {
    use TableW::*;
    let name = |p: u8| names.get(p as usize).map(String::as_str).unwrap_or("?");
    let mut s = String::new();
    for sc in scored {
        if !s.is_empty() {
            s.push(' ');
        }
        let mut gains = String::new();
        if sc.scorers.is_empty() {
            gains.push_str(t(NobodyScores));
        }
        for (i, p) in sc.scorers.iter().enumerate() {
            if i > 0 {
                gains.push_str(", ");
            }
            gains.push_str(&fill(Gain, &[&said(sc.points.into()), name(p)]));
        }
        // An abbot taken home closes nothing.
        let key = if sc.closed {
            of_category(
                sc.category,
                [
                    ClosedRoad,
                    ClosedCity,
                    ClosedMonastery,
                    ClosedGarden,
                    ClosedField,
                ],
            )
        } else if sc.category == Category::Garden {
            HomeFromGarden
        } else {
            HomeFromMonastery
        };
        s.push_str(&fill(key, &[name(player), &gains]));
    }
    s
}

/// The speed button of a table of computers: "Speed 2×".
pub fn speed(s: u8) -> String {
    fill(TableW::Speed, &[&said(s.max(1).into())])
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
