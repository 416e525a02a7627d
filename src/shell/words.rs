//! Every word the player reads that the code writes: sentences for the
//! announcer, the bars, the cards and the questions, in one place so that
//! the game can be translated. Built by hand rather than with `format!` to
//! keep the bundle small.

use super::effect::Say;
use super::followers::Choice;
use crate::engine::{
    Category, Event, FarmScoring, FollowerChoice, Game, Players, Role, Rules, TileKind,
};

/// The players' default names, one a follower colour.
pub const COLOUR_NAMES: [&str; 6] = ["Yellow", "Red", "Green", "Blue", "Black", "Pink"];

/// How a computer level plays, for the start screen: "Hard: …".
pub fn level_words(level: crate::ai::Level) -> String {
    use crate::ai::Level;
    let mut t = String::from(match level {
        Level::Random => "Random: ",
        Level::Greedy => "Greedy: ",
        Level::Easy => "Easy: ",
        Level::Medium => "Medium: ",
        Level::Hard => "Hard: ",
    });
    t.push_str(match level {
        Level::Random => "plays any legal move at random.",
        Level::Greedy => "takes whatever scores best this turn and never looks further ahead.",
        Level::Easy => "tries each move in a few hundred random games, so it often misses the best one: a fair match for a new player.",
        Level::Medium => "tries its most promising moves in a few thousand random games and picks the one that wins most often.",
        Level::Hard => "starts from the moves that score best now, tests them in thousands of games played as people play (the more, the nearer the end), closing what they can and putting followers where they score soon, and plays to win by as much as it can.",
    });
    t
}

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
pub const ASK_DELETE: [&str; 4] = [
    "Delete this game from the list? It cannot be brought back (export it first to keep it).",
    "Delete",
    "Keep it",
    "The game stays in the list.",
];
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
/// The score chart's axis.
pub const CHART_TURNS: &str = "turns";
pub const WORKER_SECOND_TILE: &str = "the worker answered with a second tile";
pub const WORKER_NO_MOVE: &str = "the worker found no move";
/// The tab whose game another tab took over.
pub const TAKEN_OVER: &str = "This game was taken over in another tab, so this tab no longer saves it. Open Your games to take it back.";
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
pub const FINAL_SCORES: &str = "Final scores";
pub const SCORES: &str = "Scores";
pub const IF_IT_ENDED_NOW: &str = "If it ended now";
/// After the score card's first line, for a table playing without aids.
pub const WITHOUT_AIDS: &str = " Played without aids.";
/// The score table's column heads, Total first, then as the rulebook lists them.
pub const SCORE_HEADS: [&str; 7] = [
    "Player",
    "Total",
    "Road",
    "City",
    "Monastery",
    "Garden",
    "Field",
];

/// "3 left: north city, …", for a picture of the tiles still to come.
pub fn tiles_left_of(n: u8, kind: crate::engine::TileKind) -> String {
    let mut label = num(u32::from(n));
    label.push_str(" left: ");
    label.push_str(&tile_words(kind, 0));
    label
}

/// The board card's heading: for an open spot, for a feature.
pub const CARD_TITLES: [&str; 2] = ["What can go here", "Who holds it"];

/// `n` and a noun, singular or plural: "1 knight", "2 knights".
fn count(t: &mut String, n: u32, one: &str, many: &str) {
    push_num(t, n);
    t.push(' ');
    t.push_str(if n == 1 { one } else { many });
}

/// Who holds a feature and what it is worth, for its card and the
/// announcer: "City of 6 tiles, 2 pennants. Ann holds it with 2 knights;
/// Bob has 1 knight. Worth 16 now if finished; 8 at the end of the game as it
/// stands. Open on 1 side." `names` are the players'.
pub fn feature_words(r: &crate::engine::FeatureReport, names: &[String]) -> String {
    let (one, many) = match r.category {
        Category::Road => ("thief", "thieves"),
        Category::City => ("knight", "knights"),
        Category::Field => ("farmer", "farmers"),
        _ => ("follower", "followers"),
    };
    let mut t = String::from(match r.category {
        Category::Road => "Road",
        Category::City => "City",
        Category::Monastery => "Monastery",
        Category::Garden => "Garden",
        Category::Field => "Field",
    });
    let building = matches!(r.category, Category::Monastery | Category::Garden);
    if !building {
        t.push_str(" of ");
        count(&mut t, r.tiles.into(), "tile", "tiles");
    }
    if r.pennants > 0 {
        t.push_str(", ");
        count(&mut t, r.pennants.into(), "pennant", "pennants");
    }
    if r.category == Category::Field {
        t.push_str(" beside ");
        count(&mut t, r.cities.into(), "finished city", "finished cities");
    }
    t.push('.');
    if !r.paid.is_empty() {
        city_by_city(&mut t, r, names);
        return t;
    }
    let name = |p: usize| names.get(p).map_or("?", |n| n.as_str());
    // The holders first, then everyone else with pieces on it.
    let holders: Vec<usize> = r.owners.iter().map(usize::from).collect();
    match holders.as_slice() {
        [] => t.push_str(" Nobody holds it."),
        [p] => {
            t.push(' ');
            t.push_str(name(*p));
            t.push_str(" holds it with ");
            count(&mut t, r.pieces[*p].into(), one, many);
        }
        [first, ..] => {
            t.push(' ');
            push_players(&mut t, r.owners, names);
            t.push_str(" share it, ");
            count(&mut t, r.pieces[*first].into(), one, many);
            t.push_str(" each");
        }
    }
    for (p, &n) in r.pieces.iter().enumerate() {
        if n > 0 && !r.owners.contains(p as u8) {
            t.push_str("; ");
            t.push_str(name(p));
            t.push_str(" has ");
            count(&mut t, n.into(), one, many);
        }
    }
    if !holders.is_empty() {
        t.push('.');
    }
    t.push_str(" Worth ");
    if r.category == Category::Field {
        push_num(&mut t, r.now.into());
        t.push_str(" at the end of the game as it stands.");
    } else if r.complete {
        push_num(&mut t, r.now.into());
        t.push_str(": finished.");
    } else {
        push_num(&mut t, r.finished.into());
        t.push_str(" now if finished; ");
        push_num(&mut t, r.now.into());
        t.push_str(" at the end of the game as it stands. ");
        if building {
            count(&mut t, r.open.into(), "cell", "cells");
            t.push_str(" around it still empty.");
        } else {
            t.push_str("Open on ");
            count(&mut t, r.open.into(), "side.", "sides.");
        }
    }
    t
}

/// The rest of a field's card under first-edition farm scoring, where each
/// finished city pays on its own (digest §5): "Farmers here: Ann 1, Cy 1.
/// At the end as it stands, each city pays the most farmers in all the
/// fields beside it: the city to the north pays Ann 4; the city on this
/// tile pays Ann and Bob 4 each."
fn city_by_city(t: &mut String, r: &crate::engine::FeatureReport, names: &[String]) {
    let mut here = false;
    for (p, &n) in r.pieces.iter().enumerate() {
        if n > 0 {
            t.push_str(if here { ", " } else { " Farmers here: " });
            t.push_str(names.get(p).map_or("?", |n| n.as_str()));
            t.push(' ');
            push_num(t, n.into());
            here = true;
        }
    }
    t.push_str(if here { "." } else { " No farmer here." });
    t.push_str(
        " At the end as it stands, each city pays the most farmers in all the fields beside it",
    );
    for (i, c) in r.paid.iter().enumerate() {
        t.push_str(if i == 0 { ": the city " } else { "; the city " });
        // Cities in one direction are told apart by distance, cities on
        // one tile by the sides they touch.
        let same = |f: &dyn Fn(&crate::engine::CityPay) -> bool| {
            r.paid.iter().filter(|o| f(o)).count() > 1
        };
        let way = compass(c.way);
        let here = c.way == (0, 0);
        if same(&|o| o.way == c.way) {
            t.push_str("on the ");
            push_sides(t, c.sides);
            t.push_str(if here {
                " of this tile"
            } else {
                " of the tile "
            });
        } else if here {
            t.push_str("on this tile");
        }
        if !here {
            if same(&|o| compass(o.way) == way) {
                let n = c.way.0.unsigned_abs().max(c.way.1.unsigned_abs());
                count(t, n, "tile ", "tiles ");
            }
            t.push_str("to the ");
            t.push_str(way);
        }
        t.push_str(" pays ");
        if c.payees.is_empty() {
            t.push_str("nobody");
            continue;
        }
        push_players(t, c.payees, names);
        t.push(' ');
        push_num(t, c.points.into());
        if c.payees.0.count_ones() > 1 {
            t.push_str(" each");
        }
    }
    t.push('.');
}

/// "north", "south-east", or "" for the tile itself: the compass word
/// for a step of (dx, dy) tiles, y growing to the south.
fn compass((dx, dy): (i32, i32)) -> &'static str {
    let ns = dy != 0 && 2 * dy.abs() >= dx.abs();
    let ew = dx != 0 && 2 * dx.abs() >= dy.abs();
    match (ns.then_some(dy < 0), ew.then_some(dx < 0)) {
        (Some(true), None) => "north",
        (Some(false), None) => "south",
        (None, Some(true)) => "west",
        (None, Some(false)) => "east",
        (Some(true), Some(true)) => "north-west",
        (Some(true), Some(false)) => "north-east",
        (Some(false), Some(true)) => "south-west",
        (Some(false), Some(false)) => "south-east",
        (None, None) => "",
    }
}

/// "north side", "north and east sides": the sides in a mask (bit 0 north).
fn push_sides(t: &mut String, sides: u8) {
    let words: Vec<&str> = crate::engine::Side::ALL
        .iter()
        .filter(|s| sides & 1 << s.index() != 0)
        .map(|s| s.word())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            t.push_str(if i + 1 == words.len() { " and " } else { ", " });
        }
        t.push_str(w);
    }
    t.push_str(if words.len() > 1 { " sides" } else { " side" });
}

/// What can still go on an open spot, for its card: how many of the tiles
/// left fit there, in how many kinds, the chance that the next one drawn
/// does, and whether the tile in hand does.
pub fn spot_words(i: &super::spot::SpotInfo) -> String {
    let (fit, kinds, left, hand) = (i.fit, i.tiles.len(), i.left, i.hand);
    let mut t = String::new();
    if fit == 0 {
        t.push_str(if hand {
            "No tile left in the stack fits here; only the tile in hand does."
        } else {
            "No tile still to come fits here: this spot will stay empty."
        });
        return t;
    }
    push_num(&mut t, fit as u32);
    t.push_str(" of the ");
    push_num(&mut t, left as u32);
    t.push_str(if left == 1 { " tile" } else { " tiles" });
    t.push_str(if i.hands { " to come " } else { " left " });
    // "1 of the 12 tiles left fits", "3 of them fit".
    t.push_str(if fit == 1 {
        "fits here ("
    } else {
        "fit here ("
    });
    push_num(&mut t, kinds as u32);
    t.push_str(if kinds == 1 { " kind" } else { " kinds" });
    t.push_str(").");
    match ((i.next_fit * 100 + i.next / 2).checked_div(i.next), i.hands) {
        // The stack is empty: the turns left are played from the hands.
        (None, _) => t.push_str(" No more tiles will be drawn."),
        (Some(chance), hands) => {
            t.push_str(if hands {
                " The next tile drawn from the stack fits here with a chance of "
            } else {
                " The next tile drawn fits here with a chance of "
            });
            push_num(&mut t, chance as u32);
            t.push_str("%.");
        }
    }
    if hand {
        t.push_str(" The tile in hand fits here too.");
    }
    t
}

/// Where an open spot lies, for a card that covers the board and for
/// screen readers: "2 right and 1 up from the first tile" (the start tile,
/// or the spring, at (0, 0); y grows to the south).
pub fn where_words(at: crate::engine::Pos) -> String {
    let mut t = String::new();
    for (n, word) in [
        (at.x, if at.x < 0 { " left" } else { " right" }),
        (at.y, if at.y < 0 { " up" } else { " down" }),
    ] {
        if n != 0 {
            if !t.is_empty() {
                t.push_str(" and ");
            }
            push_num(&mut t, n.unsigned_abs());
            t.push_str(word);
        }
    }
    t.push_str(" from the first tile");
    t
}

/// "×3".
pub fn times(n: u8) -> String {
    let mut t = String::from("×");
    push_num(&mut t, u32::from(n));
    t
}

/// "Ann wins" or "Ann and Bob win" (`mark` ends it: "!" on the results).
pub fn winners(names: &[&str], mark: &str) -> String {
    let mut t = crate::engine::compact::join(names, " and ");
    t.push_str(if names.len() > 1 { " win" } else { " wins" });
    if names.len() > 1 && !mark.is_empty() {
        t.push_str(", sharing first place");
    }
    t.push_str(mark);
    t
}

/// The prompt's words for `name`, whose turn it is.
pub fn prompt(name: &str, p: super::bars::Prompt) -> String {
    use super::bars::Prompt;
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

/// "45 tiles left".
/// "65 tiles left" in the stack; with hands, "15 tiles to come", the stack
/// and every hand together (hand sizes are no secret), since turns go on
/// from the hands once the stack is empty.
pub fn tiles_left(s: &crate::engine::State) -> String {
    let hands = s.hands_dealt();
    let n = if hands {
        s.to_come().len()
    } else {
        s.remaining().len()
    };
    let mut t = String::new();
    if hands {
        count(&mut t, n as u32, "tile to come", "tiles to come");
    } else {
        count(&mut t, n as u32, "tile left", "tiles left");
    }
    t
}

/// "N tiles still to come.", and how many spots none of them can fill.
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

/// After the folded "House rules" heading: how many are on, if any.
pub fn house_rules_on(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        let mut s = String::from("· ");
        push_num(&mut s, n as u32);
        s.push_str(" on");
        s
    }
}

/// The house rules a game plays with, in one sentence for the score card
/// and the rules card; `None` when it plays none.
pub fn house_rules(r: &Rules) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    if r.hand > 0 {
        let mut p = String::from("a hand of ");
        push_num(&mut p, u32::from(r.hand));
        p.push_str(if r.hand == 1 { " tile" } else { " tiles" });
        p.push_str(if r.hand_open { ", open" } else { ", hidden" });
        parts.push(p);
    }
    if r.hole_bonus {
        parts.push("another turn for filling a hole".into());
    }
    if !r.score_incomplete {
        parts.push("only finished features score at the end".into());
    }
    if let Some((w, h)) = r.table {
        let mut p = String::from("a table of ");
        push_num(&mut p, u32::from(w));
        p.push_str(" × ");
        push_num(&mut p, u32::from(h));
        p.push_str(if r.table_closes {
            " whose edge closes features"
        } else {
            " tiles"
        });
        parts.push(p);
    }
    if r.start_in_bag {
        parts.push("the start tile drawn from the bag".into());
    }
    if r.unplayable_back {
        parts.push("unplayable tiles back into the bag".into());
    }
    if parts.is_empty() {
        return None;
    }
    let mut s = String::from("House rules: ");
    s.push_str(&parts.join("; "));
    s.push('.');
    Some(s)
}

/// The rules card's words that depend on the game's rule options
/// (digest §5 to §7), so the card teaches the game on the table. Empty
/// words: that part is not in this game (the page hides it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesCard {
    /// Which tile is laid: "Lay the tile you drew", or one of a hand.
    pub lay: &'static str,
    /// What happens to a tile that fits nowhere, and with the house rules
    /// a hand's refill and a hole's extra turn.
    pub unfit: String,
    /// After "a monastery with all eight neighbours 9": the table's border.
    pub edge: &'static str,
    /// When the game ends and what unfinished features score then.
    pub end: &'static str,
    /// The followers, after "Put one of your seven followers on the tile
    /// you just laid:".
    pub roles: &'static str,
    /// After "a finished city 2 per tile and 2 per pennant": the tiny city.
    pub tiny: &'static str,
    /// How the fields score at the end.
    pub fields: &'static str,
    /// After "The River".
    pub river: &'static str,
    /// After "The Abbot".
    pub abbot: &'static str,
}

/// The rules card for a game played by `r`.
pub fn rules_card(r: &Rules) -> RulesCard {
    use crate::engine::{Edition, FarmScoring};
    let away = if r.unplayable_back {
        "goes back under the stack (out of the game only when no tile in the stack fits)"
    } else {
        "is put aside, out of the game"
    };
    let mut unfit = String::new();
    if r.hand == 0 {
        unfit.push_str("A tile that fits nowhere ");
        unfit.push_str(away);
        unfit.push_str(", and you draw another.");
    } else {
        unfit.push_str("After your turn you draw until you hold ");
        count(&mut unfit, u32::from(r.hand), "tile", "tiles");
        unfit.push_str(if r.hand_open {
            "; every hand is open to all."
        } else {
            "; only you see yours."
        });
        unfit.push_str(" While no tile of your hand fits, the oldest ");
        unfit.push_str(away);
        unfit.push_str(" and you draw another; a tile that fits nowhere stays while another fits.");
    }
    if r.hole_bonus {
        unfit.push_str(
            " A tile that fills a hole, with tiles on all four sides, earns another turn.",
        );
    }
    RulesCard {
        lay: match r.hand {
            0 => "Lay the tile you drew",
            1 => "Lay the tile in your hand",
            _ => "Lay one of the tiles in your hand",
        },
        unfit,
        edge: if r.table_closes {
            " (squares off the table count as neighbours, and the table's edge closes the \
             roads and cities that meet it)"
        } else {
            ""
        },
        end: match (r.hand > 0, r.score_incomplete) {
            (false, true) => {
                "When the last tile is laid, unfinished roads, cities and monasteries score 1 \
                 per tile (cities also 1 per pennant)."
            }
            (true, true) => {
                "When the stack and every hand are empty, unfinished roads, cities and \
                 monasteries score 1 per tile (cities also 1 per pennant)."
            }
            (false, false) => {
                "When the last tile is laid, unfinished roads, cities and monasteries score \
                 nothing."
            }
            (true, false) => {
                "When the stack and every hand are empty, unfinished roads, cities and \
                 monasteries score nothing."
            }
        },
        roles: if r.farmers {
            "a thief on a road, a knight in a city, a monk on a monastery, or a farmer lying in \
             a field. Only if nobody already stands anywhere on that road, city or field."
        } else {
            "a thief on a road, a knight in a city or a monk on a monastery. Only if nobody \
             already stands anywhere on that road or city."
        },
        tiny: if r.tiny_city {
            ", but a city of only two tiles 1 per tile and 1 per pennant (2 points, or 3 with \
             a pennant)"
        } else {
            ""
        },
        fields: match (r.farmers, r.farm_scoring) {
            (false, _) => "",
            (true, FarmScoring::Third) => {
                "Each field pays the most farmers in it 3 for every finished city it touches."
            }
            (true, FarmScoring::First) => {
                "Each finished city pays 4 to the most farmers in all the fields beside it."
            }
        },
        river: if r.river {
            "starts the game with a river laid tile by tile. It may not bend the same way \
             twice: each bend turns the other way from the bend before it, however many \
             straight tiles lie between them."
        } else {
            ""
        },
        abbot: match (r.abbot, r.edition) {
            (true, Edition::C3) => {
                "may go on a monastery or a garden instead of a follower, and may be taken \
                 home on a later turn for the points it is worth then. Only an abbot may \
                 stand on a garden."
            }
            // First-edition tiles have no gardens.
            (true, Edition::C1) => {
                "may go on a monastery instead of a follower, and may be taken home on a \
                 later turn for the points it is worth then."
            }
            (false, Edition::C3) => {
                "is not in this game, so the gardens on some tiles score nothing."
            }
            (false, Edition::C1) => "",
        },
    }
}

pub fn tiles_to_come(n: usize, unfillable: usize) -> String {
    let mut t = String::new();
    count(
        &mut t,
        n as u32,
        "tile still to come.",
        "tiles still to come.",
    );
    match unfillable {
        0 => {}
        1 => t.push_str(" 1 spot no tile can fill (crossed out on the board)."),
        _ => {
            t.push(' ');
            push_num(&mut t, unfillable as u32);
            t.push_str(" spots no tile can fill (crossed out on the board).");
        }
    }
    t
}

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

/// The colour button of setup row `i`, for screen readers.
pub fn colour_label(i: usize, colour: &str) -> String {
    let mut label = String::from("Colour of player ");
    push_num(&mut label, i as u32 + 1);
    label.push_str(": ");
    label.push_str(colour);
    label.push_str(". Tap to change.");
    label
}

/// " (computer, hard)" after a name in the score table.
pub fn computer_after_name(level: &str) -> String {
    let mut t = String::from(" (computer, ");
    t.push_str(level);
    t.push(')');
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
/// `left`: how many tiles are left, in words ([`tiles_left`]); `rules`
/// the game's (under first-edition farm scoring, digest §5, a field item
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
/// listed is [`super::scoring::shown`]'s to say.
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
pub fn seat_choice(seat: super::seats::Seat) -> String {
    match seat {
        super::seats::Seat::Human => "Person".into(),
        super::seats::Seat::Computer(l) => {
            let mut s = String::from("Computer: ");
            s.push_str(l.name());
            s
        }
    }
}

/// What changed since a player's last turn, in one line: "Since your
/// last turn: 3 tiles laid; Red +4, Blue +2."
pub fn since_words(s: &super::review::Since, names: &[String]) -> String {
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
            count(&mut t, n, "tile", "tiles");
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
/// progress, that it will be replaced.
pub fn play_on_note(n: usize, busy: bool) -> String {
    let mut s = String::from("A new game from move ");
    push_num(&mut s, n as u32);
    s.push_str(", with the same tiles still to come. Choose who plays each seat.");
    if busy {
        s.push_str(" The game in progress will be replaced: only one game is kept, so export it first to keep it.");
    }
    s
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
pub fn scored_words(player: u8, scored: &[super::msg::Scored], names: &[String]) -> String {
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
    /// The final-scoring lines of a greedy game played under `rules`, with
    /// the points each field item carried.
    fn final_field_lines(rules: crate::engine::Rules) -> Vec<(u16, String)> {
        use crate::engine::{Category, Event, Game, Step};
        let names: Vec<String> = ["Ann", "Bob"].map(String::from).to_vec();
        let mut game = Game::new(names.clone(), rules, 7).unwrap();
        let mut events = Vec::new();
        while game.state().step() != Step::GameOver {
            let d = crate::ai::choose(game.state(), crate::ai::Level::Greedy, 1).unwrap();
            game.place_tile(d.at, d.rotation, &mut events).unwrap();
            events.clear();
            game.choose_follower(d.choice, &mut events).unwrap();
        }
        events
            .iter()
            .filter_map(|e| match *e {
                Event::FeatureScored {
                    category: Category::Field,
                    points,
                    ..
                } => super::describe(e, &names, "", &game.rules()).map(|w| (points, w)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn under_first_edition_farms_the_final_scoring_says_a_city_pays_the_farms_beside_it() {
        use crate::engine::{FarmScoring, Rules};
        let first = final_field_lines(Rules::default().with_farm_scoring(FarmScoring::First));
        assert!(!first.is_empty());
        for (points, line) in &first {
            assert_eq!(*points, 4);
            assert!(
                line.ends_with(" 4 points for the farms beside a city."),
                "{line}"
            );
        }
        let third = final_field_lines(Rules::default());
        assert!(!third.is_empty());
        for (points, line) in &third {
            assert_eq!(points % 3, 0);
            assert!(line.ends_with(" points for a field."), "{line}");
        }
    }

    #[test]
    fn the_rules_card_follows_the_house_rules_it_lists() {
        let d = super::rules_card(&Rules::default());
        assert_eq!(d.lay, "Lay the tile you drew");
        assert!(d.unfit.starts_with("A tile that fits nowhere is put aside"));
        assert!(d.end.starts_with("When the last tile is laid"));
        assert!(d.end.contains("score 1 per tile"));
        assert_eq!(d.edge, "");
        let house = Rules::default()
            .with_hand(3)
            .with_hand_open(false)
            .with_unplayable_back(true)
            .with_score_incomplete(false)
            .with_hole_bonus(true)
            .with_table(Some((11, 11)))
            .with_table_closes(true);
        let h = super::rules_card(&house);
        assert_eq!(h.lay, "Lay one of the tiles in your hand");
        assert!(
            h.unfit
                .contains("until you hold 3 tiles; only you see yours"),
            "{}",
            h.unfit
        );
        assert!(
            h.unfit.contains("the oldest goes back under the stack"),
            "{}",
            h.unfit
        );
        assert!(h.unfit.contains("fills a hole"), "{}", h.unfit);
        assert!(h.end.starts_with("When the stack and every hand are empty"));
        assert!(h.end.ends_with("score nothing."));
        assert!(h.edge.contains("squares off the table count as neighbours"));
        let one = super::rules_card(&Rules::default().with_hand(1));
        assert_eq!(one.lay, "Lay the tile in your hand");
        assert!(one
            .unfit
            .contains("until you hold 1 tile; every hand is open"));
    }

    #[test]
    fn the_rules_card_teaches_the_farm_city_river_and_abbot_rules_of_this_game() {
        use crate::engine::{Edition, FarmScoring, Rules};
        let d = super::rules_card(&Rules::default());
        assert!(d.roles.contains("a farmer lying in a field"));
        assert_eq!(d.tiny, "", "no tiny city by default");
        assert_eq!(
            d.fields,
            "Each field pays the most farmers in it 3 for every finished city it touches."
        );
        assert_eq!(d.river, "", "no river by default");
        assert!(d.abbot.contains("gardens on some tiles score nothing"));
        // First-edition farms: the city pays, 4, to the farmers beside it.
        let first = super::rules_card(&Rules::default().with_farm_scoring(FarmScoring::First));
        assert_eq!(
            first.fields,
            "Each finished city pays 4 to the most farmers in all the fields beside it."
        );
        // No farmers: none among the followers, no field scoring.
        for scoring in [FarmScoring::First, FarmScoring::Third] {
            let none = super::rules_card(
                &Rules::default()
                    .with_farmers(false)
                    .with_farm_scoring(scoring),
            );
            assert!(!none.roles.contains("farmer"), "{}", none.roles);
            assert!(!none.roles.contains("field"), "{}", none.roles);
            assert_eq!(none.fields, "");
        }
        // The tiny city, with its pennant: 2 tiles and a pennant score 3.
        let tiny = super::rules_card(&Rules::default().with_tiny_city(true));
        assert!(tiny.tiny.contains("two tiles 1 per tile and 1 per pennant"));
        assert!(tiny.tiny.contains("or 3 with a pennant"));
        // The river's bends alternate, straight tiles between or not.
        let river = super::rules_card(&Rules::default().with_river(true));
        assert!(river.river.contains("may not bend the same way twice"));
        assert!(river
            .river
            .contains("however many straight tiles lie between"));
        assert!(!river.river.contains("in a row"));
        // Gardens count only with the abbot; first-edition tiles have none.
        let abbot = super::rules_card(&Rules::default().with_abbot(true));
        assert!(abbot.abbot.contains("a monastery or a garden"));
        let c1 = super::rules_card(&Rules::default().with_edition(Edition::C1));
        assert_eq!(c1.abbot, "");
        let c1 = super::rules_card(&Rules::default().with_edition(Edition::C1).with_abbot(true));
        assert!(c1
            .abbot
            .starts_with("may go on a monastery instead of a follower"));
        assert!(!c1.abbot.contains("garden"));
        // One word for the coat of arms, as the cards say.
        for w in [d.roles, tiny.tiny, d.fields, river.river, abbot.abbot] {
            assert!(!w.contains("shield"), "{w}");
        }
    }

    #[test]
    fn where_a_spot_lies_is_said_from_the_first_tile() {
        use crate::engine::Pos;
        assert_eq!(
            where_words(Pos::new(2, -1)),
            "2 right and 1 up from the first tile"
        );
        assert_eq!(where_words(Pos::new(-3, 0)), "3 left from the first tile");
        assert_eq!(where_words(Pos::new(0, 4)), "4 down from the first tile");
    }

    #[test]
    fn a_features_card_says_who_holds_it_what_it_is_worth_and_needs() {
        use crate::engine::{Category, CityPay, FeatureReport, Players};
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let city = FeatureReport {
            category: Category::City,
            tiles: 6,
            pennants: 2,
            pieces: [2, 1, 0, 0, 0, 0],
            owners: Players(1),
            complete: false,
            now: 8,
            finished: 16,
            open: 1,
            cities: 0,
            paid: Vec::new(),
        };
        assert_eq!(
            super::feature_words(&city, &names),
            "City of 6 tiles, 2 pennants. Ann holds it with 2 knights; Bob has 1 knight. \
             Worth 16 now if finished; 8 at the end of the game as it stands. Open on 1 side."
        );
        let field = FeatureReport {
            category: Category::Field,
            tiles: 4,
            pennants: 0,
            pieces: [1, 0, 1, 0, 0, 0],
            owners: Players(0b101),
            now: 6,
            finished: 6,
            open: 0,
            cities: 2,
            ..city
        };
        assert_eq!(
            super::feature_words(&field, &names),
            "Field of 4 tiles beside 2 finished cities. Ann and Cy share it, 1 farmer each. \
             Worth 6 at the end of the game as it stands."
        );
        // First-edition farms: each city pays on its own, whoever holds
        // the field; one city north-east, one on the field's own tile.
        let first = FeatureReport {
            paid: vec![
                CityPay {
                    way: (2, -1),
                    sides: 0b0100,
                    payees: Players(0b010),
                    points: 4,
                },
                CityPay {
                    way: (0, 0),
                    sides: 0b0001,
                    payees: Players(0b101),
                    points: 4,
                },
            ],
            ..field.clone()
        };
        assert_eq!(
            super::feature_words(&first, &names),
            "Field of 4 tiles beside 2 finished cities. Farmers here: Ann 1, Cy 1. At the end \
             as it stands, each city pays the most farmers in all the fields beside it: the \
             city to the north-east pays Bob 4; the city on this tile pays Ann and Cy 4 each."
        );
        let lonely = FeatureReport {
            pieces: [0; 6],
            owners: Players(0),
            cities: 1,
            paid: vec![CityPay {
                way: (0, 3),
                sides: 0b0001,
                payees: Players(0),
                points: 4,
            }],
            ..field.clone()
        };
        assert!(super::feature_words(&lonely, &names).ends_with(
            "No farmer here. At the end as it stands, each city pays the most farmers \
             in all the fields beside it: the city to the south pays nobody."
        ));
        // Two cities one way are told apart by distance, two on one tile
        // by their sides: a player can find each on the board.
        let pay = |way, sides, payees| CityPay {
            way,
            sides,
            payees: Players(payees),
            points: 4,
        };
        let crowded = FeatureReport {
            paid: vec![
                pay((0, -1), 0b0100, 0b001),
                pay((0, -3), 0b0100, 0b010),
                pay((0, 0), 0b0001, 0b001),
                pay((0, 0), 0b1100, 0b100),
                pay((2, 0), 0b0001, 0b010),
                pay((2, 0), 0b0100, 0b001),
            ],
            cities: 6,
            ..field.clone()
        };
        assert!(super::feature_words(&crowded, &names).ends_with(
            "beside it: the city 1 tile to the north pays Ann 4; the city 3 tiles to the \
             north pays Bob 4; the city on the north side of this tile pays Ann 4; the city \
             on the south and west sides of this tile pays Cy 4; the city on the north side \
             of the tile 2 tiles to the east pays Bob 4; the city on the south side of the \
             tile 2 tiles to the east pays Ann 4."
        ));
        let monastery = FeatureReport {
            category: Category::Monastery,
            tiles: 1,
            pieces: [0; 6],
            owners: Players(0),
            now: 3,
            finished: 9,
            open: 6,
            cities: 0,
            ..field
        };
        assert_eq!(
            super::feature_words(&monastery, &names),
            "Monastery. Nobody holds it. Worth 9 now if finished; 3 at the end of the game \
             as it stands. 6 cells around it still empty."
        );
    }

    #[test]
    fn one_tile_is_said_in_the_singular() {
        assert_eq!(tiles_to_come(1, 0), "1 tile still to come.");
        assert_eq!(tiles_to_come(2, 0), "2 tiles still to come.");
        let game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 1).unwrap();
        assert_eq!(tiles_left(game.state()), "70 tiles left");
    }

    #[test]
    fn a_spots_card_says_how_many_fit_and_the_chance() {
        use crate::engine::{Pos, TileKind};
        use crate::shell::spot::SpotInfo;
        let info = |tiles: Vec<(TileKind, u8, u8)>, left, next_fit, next, hand| SpotInfo {
            at: Pos::new(0, 1),
            fit: tiles.iter().map(|t| usize::from(t.1)).sum(),
            tiles,
            left,
            next_fit,
            next,
            hand,
            hands: false,
        };
        let two = vec![(TileKind(1), 2, 0), (TileKind(2), 1, 0)];
        assert_eq!(
            spot_words(&info(two.clone(), 12, 3, 12, false)),
            "3 of the 12 tiles left fit here (2 kinds). The next tile drawn fits here with a chance of 25%."
        );
        // During the river only river tiles come next: the chance is theirs.
        assert!(spot_words(&info(two, 20, 0, 8, false)).ends_with("a chance of 0%."));
        assert_eq!(
            spot_words(&info(vec![(TileKind(1), 1, 0)], 1, 1, 1, true)),
            "1 of the 1 tile left fits here (1 kind). The next tile drawn fits here with a chance of 100%. The tile in hand fits here too."
        );
        assert!(spot_words(&info(vec![], 9, 0, 9, false)).contains("will stay empty"));
        assert!(spot_words(&info(vec![], 9, 0, 9, true)).contains("only the tile in hand"));
        // With hands: the count is of every tile to come, the chance is the
        // stack's, and once the stack is empty nothing more is drawn.
        let hands = |next| SpotInfo {
            hands: true,
            ..info(vec![(TileKind(1), 2, 0)], 7, 0, next, false)
        };
        assert_eq!(
            spot_words(&hands(4)),
            "2 of the 7 tiles to come fit here (1 kind). The next tile drawn from the stack \
             fits here with a chance of 0%."
        );
        assert_eq!(
            spot_words(&hands(0)),
            "2 of the 7 tiles to come fit here (1 kind). No more tiles will be drawn."
        );
    }

    use super::*;
    use crate::shell::msg::Scored;

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

    #[test]
    fn the_house_rules_read_as_one_sentence() {
        assert_eq!(house_rules(&Rules::default()), None);
        assert_eq!(house_rules_on(0), "");
        assert_eq!(house_rules_on(2), "· 2 on");
        let r = Rules::default()
            .with_hand(3)
            .with_hand_open(false)
            .with_hole_bonus(true)
            .with_table(Some((15, 11)))
            .with_table_closes(true);
        assert_eq!(
            house_rules(&r).unwrap(),
            "House rules: a hand of 3 tiles, hidden; another turn for filling a hole; \
             a table of 15 × 11 whose edge closes features."
        );
        let r = Rules::default()
            .with_hand(1)
            .with_score_incomplete(false)
            .with_start_in_bag(true)
            .with_unplayable_back(true)
            .with_table(Some((11, 11)));
        assert_eq!(
            house_rules(&r).unwrap(),
            "House rules: a hand of 1 tile, open; only finished features score at the end; \
             a table of 11 × 11 tiles; the start tile drawn from the bag; \
             unplayable tiles back into the bag."
        );
    }
}
