//! The cards' words: the score card, what can go on a spot, who holds a
//! feature, the rules card and the house rules, the tiles still to come.

use super::*;

/// The score card's titles: at the end, during play.
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
/// The score chart's axis.
pub const CHART_TURNS: &str = "turns";

/// "3 left: north city, …", for a picture of the tiles still to come.
pub fn tiles_left_of(n: u8, kind: crate::engine::TileKind) -> String {
    let mut label = num(u32::from(n));
    label.push_str(" left: ");
    label.push_str(&tile_words(kind, 0));
    label
}

/// The board card's heading: for an open spot, for a feature.
pub const CARD_TITLES: [&str; 2] = ["What can go here", "Who holds it"];

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
        count_en(&mut t, r.tiles.into(), "tile", "tiles");
    }
    if r.pennants > 0 {
        t.push_str(", ");
        count_en(&mut t, r.pennants.into(), "pennant", "pennants");
    }
    if r.category == Category::Field {
        t.push_str(" beside ");
        count_en(&mut t, r.cities.into(), "finished city", "finished cities");
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
            count_en(&mut t, r.pieces[*p].into(), one, many);
        }
        [first, ..] => {
            t.push(' ');
            push_players(&mut t, r.owners, names);
            t.push_str(" share it, ");
            count_en(&mut t, r.pieces[*first].into(), one, many);
            t.push_str(" each");
        }
    }
    for (p, &n) in r.pieces.iter().enumerate() {
        if n > 0 && !r.owners.contains(p as u8) {
            t.push_str("; ");
            t.push_str(name(p));
            t.push_str(" has ");
            count_en(&mut t, n.into(), one, many);
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
            count_en(&mut t, r.open.into(), "cell", "cells");
            t.push_str(" around it still empty.");
        } else {
            t.push_str("Open on ");
            count_en(&mut t, r.open.into(), "side.", "sides.");
        }
    }
    t
}

/// The rest of a field's card under first-edition farm scoring, where each
/// finished city pays on its own (rules §5): "Farmers here: Ann 1, Cy 1.
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
                count_en(t, n, "tile ", "tiles ");
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
    push_list(t, &words);
    t.push_str(if words.len() > 1 { " sides" } else { " side" });
}

/// What can still go on an open spot, for its card: how many of the tiles
/// left fit there, in how many kinds, the chance that the next one drawn
/// does, and whether the tile in hand does.
pub fn spot_words(i: &crate::shell::spot::SpotInfo) -> String {
    let (fit, kinds, left) = (i.fit, i.tiles.len(), i.left);
    let hand = i.hand.contains(&true);
    let mut t = String::new();
    if fit == 0 {
        if hand {
            t.push_str("No tile left in the stack fits here; only ");
            hand_tiles(&mut t, &i.hand);
            t.push_str(if i.hand.iter().filter(|&&f| f).count() > 1 {
                " do."
            } else {
                " does."
            });
        } else {
            t.push_str("No tile still to come fits here: this spot will stay empty.");
        }
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
        t.push(' ');
        let mut which = String::new();
        hand_tiles(&mut which, &i.hand);
        // "The tile in hand", "The second tile of your hand".
        let mut c = which.chars();
        if let Some(first) = c.next() {
            t.push(first.to_ascii_uppercase());
            t.push_str(c.as_str());
        }
        t.push_str(if i.hand.iter().filter(|&&f| f).count() > 1 {
            " fit here too."
        } else {
            " fits here too."
        });
    }
    t
}

/// Which tiles of the dock fit: "the tile in hand" (a single tile), else
/// "the second tile of your hand", "the first and third tiles of your hand".
fn hand_tiles(t: &mut String, fits: &[bool]) {
    if fits.len() == 1 {
        t.push_str("the tile in hand");
        return;
    }
    const NTH: [&str; 3] = ["first", "second", "third"];
    let which: Vec<&str> = fits
        .iter()
        .enumerate()
        .filter(|(_, &f)| f)
        .map(|(i, _)| NTH.get(i).copied().unwrap_or("other"))
        .collect();
    t.push_str("the ");
    push_list(t, &which);
    t.push_str(if which.len() > 1 { " tiles" } else { " tile" });
    t.push_str(" of your hand");
}

/// Where an open spot lies, for a card that covers the board and for
/// screen readers: "2 squares right and 1 up from the first tile" (the
/// start tile, or the spring, at (0, 0); y grows to the south). "Squares"
/// comes with the first number, so "2 left" is never read as "2 remaining".
pub fn where_words(at: crate::engine::Pos) -> String {
    let mut t = String::new();
    for (n, word) in [
        (at.x, if at.x < 0 { " left" } else { " right" }),
        (at.y, if at.y < 0 { " up" } else { " down" }),
    ] {
        if n != 0 {
            let first = t.is_empty();
            if !first {
                t.push_str(" and ");
            }
            push_num(&mut t, n.unsigned_abs());
            if first {
                t.push_str(if n.unsigned_abs() == 1 {
                    " square"
                } else {
                    " squares"
                });
            }
            t.push_str(word);
        }
    }
    t.push_str(" from the first tile");
    t
}

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
/// and the rules card, in the order of the rules table; `None` when it
/// plays none. Hidden hands and the closing edge are told with the hand
/// and the table.
pub fn house_rules(r: &Rules) -> Option<String> {
    use crate::engine::rules::{Rule, RULES};
    let mut parts: Vec<String> = Vec::new();
    for rule in RULES {
        match rule {
            Rule::Hand if r.hand > 0 => {
                let mut p = String::from("a hand of ");
                push_num(&mut p, u32::from(r.hand));
                p.push_str(if r.hand == 1 { " tile" } else { " tiles" });
                p.push_str(if r.hand_open { ", open" } else { ", hidden" });
                parts.push(p);
            }
            Rule::Table => {
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
            }
            Rule::Switch(s) if s.house && (s.get)(r) => {
                let clause = super::switch_words(s).clause;
                if !clause.is_empty() {
                    parts.push(clause.into());
                }
            }
            _ => {}
        }
    }
    if parts.is_empty() {
        return None;
    }
    let mut s = String::from("House rules: ");
    // By hand: `[String]::join`'s generic copy costs 390 B of wasm, for this one use.
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            s.push_str("; ");
        }
        s.push_str(p);
    }
    s.push('.');
    Some(s)
}

/// The rules card's words that depend on the game's rule options
/// (rules §5 to §7), so the card teaches the game on the table. Empty
/// words: that part is not in this game (the page hides it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesCard {
    /// Which tile is laid: "Lay the tile you drew", or one of a hand.
    pub lay: &'static str,
    /// What happens to a tile that fits nowhere, and with the house rules
    /// a hand's refill, then the sentence of each switch on that has one
    /// (`SwitchWords::card`: a hole's extra turn).
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
        count_en(&mut unfit, u32::from(r.hand), "tile", "tiles");
        unfit.push_str(if r.hand_open {
            "; every hand is open to all."
        } else {
            "; only you see yours."
        });
        unfit.push_str(" While no tile of your hand fits, the oldest ");
        unfit.push_str(away);
        unfit.push_str(" and you draw another; a tile that fits nowhere stays while another fits.");
    }
    // Each switch on that the card tells nowhere else.
    for s in crate::engine::rules::switches().filter(|s| (s.get)(r)) {
        let card = super::switch_words(s).card;
        if !card.is_empty() {
            unfit.push(' ');
            unfit.push_str(card);
        }
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
            ", but a city of only two tiles 1 per tile and 1 per pennant (2 points, and 1 more \
             for each pennant)"
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
    count_en(
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

/// The legend of the "Fields" overlay: what its hatching and its numbered
/// discs mean under the game's farm scoring (rules §4.7, §5.4).
pub fn fields_legend(rules: &crate::engine::Rules) -> &'static str {
    if rules.farm_scoring == crate::engine::FarmScoring::First {
        "Fields: hatched in the colour of whoever has most farmers there (two colours: a tie). A numbered disc on a finished city: that player gets its 4 points at the end."
    } else {
        "Fields: hatched in the colour of whoever has most farmers there (two colours: a tie). A numbered disc on a finished city: it pays that player 3 points at the end."
    }
}
