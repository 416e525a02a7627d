//! The cards' words: the score card, what can go on a spot, who holds a
//! feature, the rules card and the house rules, the tiles still to come.

use super::catalogue::keys;
use super::*;

keys! { CardsW "cards" {
    FinalScores = "Final scores",
    Scores = "Scores",
    IfItEndedNow = "If it ended now",
    WithoutAids = "Played without aids.",
    ScoreHeads = "Player|Total|Road|City|Monastery|Garden|Field",
    ChartTurns = "turns",
    LeftOf = "{1} left: {2}|{1} left: {2}",
    WhatCanGoHere = "What can go here",
    WhoHoldsIt = "Who holds it",
    Tiles = "{1} tile|{1} tiles",
    RoadOf = "Road of {1} tile.|Road of {1} tiles.",
    CityOf = "City of {1} tile.|City of {1} tiles.",
    CityOfPennants = "City of {2}, {1} pennant.|City of {2}, {1} pennants.",
    FieldOf = "Field of {2} beside {1} finished city.|Field of {2} beside {1} finished cities.",
    MonasteryCard = "Monastery.",
    GardenCard = "Garden.",
    NobodyHolds = "Nobody holds it.",
    HoldsThieves = "{2} holds it with {1} thief{3}.|{2} holds it with {1} thieves{3}.",
    HoldsKnights = "{2} holds it with {1} knight{3}.|{2} holds it with {1} knights{3}.",
    HoldsFarmers = "{2} holds it with {1} farmer{3}.|{2} holds it with {1} farmers{3}.",
    HoldsFollowers = "{2} holds it with {1} follower{3}.|{2} holds it with {1} followers{3}.",
    ShareThieves = "{2} share it, {1} thief each{3}.|{2} share it, {1} thieves each{3}.",
    ShareKnights = "{2} share it, {1} knight each{3}.|{2} share it, {1} knights each{3}.",
    ShareFarmers = "{2} share it, {1} farmer each{3}.|{2} share it, {1} farmers each{3}.",
    ShareFollowers = "{2} share it, {1} follower each{3}.|{2} share it, {1} followers each{3}.",
    HasThieves = "; {2} has {1} thief|; {2} has {1} thieves",
    HasKnights = "; {2} has {1} knight|; {2} has {1} knights",
    HasFarmers = "; {2} has {1} farmer|; {2} has {1} farmers",
    HasFollowers = "; {2} has {1} follower|; {2} has {1} followers",
    FieldWorth = "Worth {1} at the end of the game as it stands.",
    WorthFinished = "Worth {1}: finished.",
    WorthUnfinished = "Worth {1} now if finished; {2} at the end of the game as it stands.",
    EmptyCells = "{1} cell around it still empty.|{1} cells around it still empty.",
    OpenSides = "Open on {1} side.|Open on {1} sides.",
    FarmersHere = "Farmers here: {1}.",
    FarmerCount = "{1} {2}",
    NoFarmer = "No farmer here.",
    EachCityPays = "At the end as it stands, each city pays the most farmers in all the fields beside it: {1}.",
    CityHere = "the city on this tile",
    CitySidesHere = "the city on the {1} of this tile",
    CityWay = "the city to the {1}",
    CityFarWay = "the city {1} tile to the {2}|the city {1} tiles to the {2}",
    CitySidesFarWay = "the city on the {2} of the tile {1} tile to the {3}|the city on the {2} of the tile {1} tiles to the {3}",
    Pays = "{1} pays {2} {3}",
    PaysEach = "{1} pays {2} {3} each",
    PaysNobody = "{1} pays nobody",
    OneSide = "{1} side",
    Sides = "{1} sides",
    Compass = "north|north-east|east|south-east|south|south-west|west|north-west",
    OnlyInHand = "No tile left in the stack fits here; only the tile in hand does.",
    OnlyNth = "No tile left in the stack fits here; only the {1} tile of your hand does.",
    OnlyNths = "No tile left in the stack fits here; only the {1} tiles of your hand do.",
    NoneFits = "No tile still to come fits here: this spot will stay empty.",
    FitLeft = "{1} of the {2} fits here ({3}).|{1} of the {2} fit here ({3}).",
    TilesLeft = "{1} tile left|{1} tiles left",
    TilesToCome = "{1} tile to come|{1} tiles to come",
    Kinds = "{1} kind|{1} kinds",
    NoMoreDrawn = "No more tiles will be drawn.",
    NextFits = "The next tile drawn fits here with a chance of {1}%.",
    NextFromStackFits = "The next tile drawn from the stack fits here with a chance of {1}%.",
    InHandToo = "The tile in hand fits here too.",
    NthToo = "The {1} tile of your hand fits here too.",
    NthsToo = "The {1} tiles of your hand fit here too.",
    Ordinals = "first|second|third",
    Squares = "{1} square|{1} squares",
    Right = "{1} right from the first tile",
    Left = "{1} left from the first tile",
    Up = "{1} up from the first tile",
    Down = "{1} down from the first tile",
    RightUp = "{1} right and {2} up from the first tile",
    RightDown = "{1} right and {2} down from the first tile",
    LeftUp = "{1} left and {2} up from the first tile",
    LeftDown = "{1} left and {2} down from the first tile",
    HouseRulesOn = "· {1} on",
    HouseRules = "House rules: {1}.",
    HandOpen = "a hand of {1} tile, open|a hand of {1} tiles, open",
    HandHidden = "a hand of {1} tile, hidden|a hand of {1} tiles, hidden",
    Table = "a table of {1} × {2} tiles",
    TableCloses = "a table of {1} × {2} whose edge closes features",
    LayDrawn = "Lay the tile you drew",
    LayInHand = "Lay the tile in your hand",
    LayOneOfHand = "Lay one of the tiles in your hand",
    UnfitAside = "A tile that fits nowhere is put aside, out of the game, and you draw another.",
    UnfitBack = "A tile that fits nowhere goes back under the stack (out of the game only when no tile in the stack fits), and you draw another.",
    DrawOpen = "After your turn you draw until you hold {1} tile; every hand is open to all.|After your turn you draw until you hold {1} tiles; every hand is open to all.",
    DrawHidden = "After your turn you draw until you hold {1} tile; only you see yours.|After your turn you draw until you hold {1} tiles; only you see yours.",
    HandUnfitAside = "While no tile of your hand fits, the oldest is put aside, out of the game and you draw another; a tile that fits nowhere stays while another fits.",
    HandUnfitBack = "While no tile of your hand fits, the oldest goes back under the stack (out of the game only when no tile in the stack fits) and you draw another; a tile that fits nowhere stays while another fits.",
    EdgeCloses = " (squares off the table count as neighbours, and the table's edge closes the roads and cities that meet it)",
    EndLastTile = "When the last tile is laid, unfinished roads, cities and monasteries score 1 per tile (cities also 1 per pennant).",
    EndEmpty = "When the stack and every hand are empty, unfinished roads, cities and monasteries score 1 per tile (cities also 1 per pennant).",
    EndLastTileNothing = "When the last tile is laid, unfinished roads, cities and monasteries score nothing.",
    EndEmptyNothing = "When the stack and every hand are empty, unfinished roads, cities and monasteries score nothing.",
    RolesFarmers = "a thief on a road, a knight in a city, a monk on a monastery, or a farmer lying in a field. Only if nobody already stands anywhere on that road, city or field.",
    RolesNoFarmers = "a thief on a road, a knight in a city or a monk on a monastery. Only if nobody already stands anywhere on that road or city.",
    TinyCity = ", but a city of only two tiles 1 per tile and 1 per pennant (2 points, and 1 more for each pennant)",
    FieldsThird = "Each field pays the most farmers in it 3 for every finished city it touches.",
    FieldsFirst = "Each finished city pays 4 to the most farmers in all the fields beside it.",
    River = "starts the game with a river laid tile by tile. It may not bend the same way twice: each bend turns the other way from the bend before it, however many straight tiles lie between them.",
    AbbotGardens = "may go on a monastery or a garden instead of a follower, and may be taken home on a later turn for the points it is worth then. Only an abbot may stand on a garden.",
    AbbotNoGardens = "may go on a monastery instead of a follower, and may be taken home on a later turn for the points it is worth then.",
    NoAbbot = "is not in this game, so the gardens on some tiles score nothing.",
    StillToCome = "{1} tile still to come.|{1} tiles still to come.",
    Unfillable = "{1} spot no tile can fill (crossed out on the board).|{1} spots no tile can fill (crossed out on the board).",
    LegendFirst = "Fields: hatched in the colour of whoever has most farmers there (two colours: a tie). A numbered disc on a finished city: that player gets its 4 points at the end.",
    LegendThird = "Fields: hatched in the colour of whoever has most farmers there (two colours: a tie). A numbered disc on a finished city: it pays that player 3 points at the end.",
}}

/// The score table's column heads, Total first, then as the rulebook lists them.
pub fn score_heads() -> [&'static str; 7] {
    let heads = t(CardsW::ScoreHeads);
    let mut h = [""; 7];
    for (i, w) in crate::engine::compact::split(heads, "|")
        .take(7)
        .enumerate()
    {
        h[i] = w;
    }
    h
}

/// "3 left: north a city, …", for a picture of the tiles still to come.
pub fn tiles_left_of(n: u8, kind: crate::engine::TileKind) -> String {
    count(CardsW::LeftOf, n.into(), &[&tile_words(kind, 0)])
}

/// The board card's heading: for an open spot, for a feature.
pub fn card_titles() -> [&'static str; 2] {
    [t(CardsW::WhatCanGoHere), t(CardsW::WhoHoldsIt)]
}

/// Who holds a feature and what it is worth, for its card and the
/// announcer: "City of 6 tiles, 2 pennants. Ann holds it with 2 knights;
/// Bob has 1 knight. Worth 16 now if finished; 8 at the end of the game as it
/// stands. Open on 1 side." `names` are the players'.
pub fn feature_words(r: &crate::engine::FeatureReport, names: &[String]) -> String {
    use CardsW::*;
    let [holds, share, has] = match r.category {
        Category::Road => [HoldsThieves, ShareThieves, HasThieves],
        Category::City => [HoldsKnights, ShareKnights, HasKnights],
        Category::Field => [HoldsFarmers, ShareFarmers, HasFarmers],
        _ => [HoldsFollowers, ShareFollowers, HasFollowers],
    };
    let tiles = count(Tiles, r.tiles.into(), &[]);
    let mut t = match r.category {
        Category::Road => count(RoadOf, r.tiles.into(), &[]),
        Category::City if r.pennants > 0 => count(CityOfPennants, r.pennants.into(), &[&tiles]),
        Category::City => count(CityOf, r.tiles.into(), &[]),
        Category::Monastery => super::t(MonasteryCard).to_owned(),
        Category::Garden => super::t(GardenCard).to_owned(),
        Category::Field => count(FieldOf, r.cities.into(), &[&tiles]),
    };
    if !r.paid.is_empty() {
        city_by_city(&mut t, r, names);
        return t;
    }
    let name = |p: usize| names.get(p).map_or("?", |n| n.as_str());
    // Everyone with pieces on it who does not hold it.
    let mut others = String::new();
    for (p, &n) in r.pieces.iter().enumerate() {
        if n > 0 && !r.owners.contains(p as u8) {
            others.push_str(&count(has, n.into(), &[name(p)]));
        }
    }
    t.push(' ');
    let first = r.owners.iter().next().map(usize::from);
    match (first, r.owners.0.count_ones()) {
        (None, _) => t.push_str(super::t(NobodyHolds)),
        (Some(p), 1) => t.push_str(&count(holds, r.pieces[p].into(), &[name(p), &others])),
        (Some(first), _) => {
            let mut list = String::new();
            push_players(&mut list, r.owners, names);
            t.push_str(&count(share, r.pieces[first].into(), &[&list, &others]));
        }
    }
    t.push(' ');
    let worth = if r.category == Category::Field {
        fill(FieldWorth, &[&said(r.now.into())])
    } else if r.complete {
        fill(WorthFinished, &[&said(r.now.into())])
    } else {
        let open = if matches!(r.category, Category::Monastery | Category::Garden) {
            EmptyCells
        } else {
            OpenSides
        };
        let (finished, now) = (said(r.finished.into()), said(r.now.into()));
        let mut w = fill(WorthUnfinished, &[&finished, &now]);
        w.push(' ');
        w.push_str(&count(open, r.open.into(), &[]));
        w
    };
    t.push_str(&worth);
    t
}

/// The rest of a field's card under first-edition farm scoring, where each
/// finished city pays on its own (rules §5): "Farmers here: Ann 1, Cy 1.
/// At the end as it stands, each city pays the most farmers in all the
/// fields beside it: the city to the north pays Ann 4; the city on this
/// tile pays Ann and Bob 4 each."
fn city_by_city(t: &mut String, r: &crate::engine::FeatureReport, names: &[String]) {
    use CardsW::*;
    let name = |p: usize| names.get(p).map_or("?", |n| n.as_str());
    let mut farmers = String::new();
    for (p, &n) in r.pieces.iter().enumerate() {
        if n > 0 {
            let one = fill(FarmerCount, &[name(p), &said(n.into())]);
            join_to(&mut farmers, &one, WordsW::ListMore);
        }
    }
    t.push(' ');
    if farmers.is_empty() {
        t.push_str(super::t(NoFarmer));
    } else {
        t.push_str(&fill(FarmersHere, &[&farmers]));
    }
    let mut pays = String::new();
    for c in &r.paid {
        // Cities in one direction are told apart by distance, cities on
        // one tile by the sides they touch.
        let same = |f: &dyn Fn(&crate::engine::CityPay) -> bool| {
            r.paid.iter().filter(|o| f(o)).count() > 1
        };
        let way = compass(c.way);
        let here = c.way == (0, 0);
        let far = c.way.0.unsigned_abs().max(c.way.1.unsigned_abs());
        let city = if same(&|o| o.way == c.way) {
            let sides = sides_words(c.sides);
            if here {
                fill(CitySidesHere, &[&sides])
            } else {
                count(CitySidesFarWay, far.into(), &[&sides, way])
            }
        } else if here {
            super::t(CityHere).to_owned()
        } else if same(&|o| compass(o.way) == way) {
            count(CityFarWay, far.into(), &[way])
        } else {
            fill(CityWay, &[way])
        };
        let one = if c.payees.is_empty() {
            fill(PaysNobody, &[&city])
        } else {
            let mut list = String::new();
            push_players(&mut list, c.payees, names);
            let each = if c.payees.0.count_ones() > 1 {
                PaysEach
            } else {
                Pays
            };
            fill(each, &[&city, &list, &said(c.points.into())])
        };
        join_to(&mut pays, &one, WordsW::ListClauses);
    }
    t.push(' ');
    t.push_str(&fill(EachCityPays, &[&pays]));
}

/// "north", "south-east", or "" for the tile itself: the compass word
/// for a step of (dx, dy) tiles, y growing to the south.
fn compass((dx, dy): (i32, i32)) -> &'static str {
    let ns = dy != 0 && 2 * dy.abs() >= dx.abs();
    let ew = dx != 0 && 2 * dx.abs() >= dy.abs();
    // Clockwise from north, as `CardsW::Compass` lists them.
    let i = match (ns.then_some(dy < 0), ew.then_some(dx < 0)) {
        (Some(true), None) => 0,
        (Some(true), Some(false)) => 1,
        (None, Some(false)) => 2,
        (Some(false), Some(false)) => 3,
        (Some(false), None) => 4,
        (Some(false), Some(true)) => 5,
        (None, Some(true)) => 6,
        (Some(true), Some(true)) => 7,
        (None, None) => return "",
    };
    nth(t(CardsW::Compass), i)
}

/// "north side", "north and east sides": the sides in a mask (bit 0 north).
fn sides_words(sides: u8) -> String {
    let mut words = Vec::new();
    for s in crate::engine::Side::ALL {
        if sides & 1 << s.index() != 0 {
            words.push(side_word(s));
        }
    }
    let mut list = String::new();
    push_list(&mut list, &words);
    let key = if words.len() > 1 {
        CardsW::Sides
    } else {
        CardsW::OneSide
    };
    fill(key, &[&list])
}

/// What can still go on an open spot, for its card: how many of the tiles
/// left fit there, in how many kinds, the chance that the next one drawn
/// does, and whether the tile in hand does.
pub fn spot_words(i: &crate::shell::spot::SpotInfo) -> String {
    use CardsW::*;
    let (fit, kinds, left) = (i.fit as u64, i.tiles.len() as u64, i.left as u64);
    // Which tiles of the dock fit: "the tile in hand" (a single tile), else
    // "the second tile of your hand", "the first and third tiles of your hand".
    let mut nth = Vec::new();
    for (n, &f) in i.hand.iter().enumerate() {
        if f {
            nth.push(super::nth(t(Ordinals), n.min(2)));
        }
    }
    let mut which = String::new();
    push_list(&mut which, &nth);
    let hand = |single, one, many| {
        if i.hand.len() == 1 {
            super::t(single).to_owned()
        } else {
            fill(if nth.len() > 1 { many } else { one }, &[&which])
        }
    };
    if fit == 0 {
        return if nth.is_empty() {
            super::t(NoneFits).to_owned()
        } else {
            hand(OnlyInHand, OnlyNth, OnlyNths)
        };
    }
    let of = count(if i.hands { TilesToCome } else { TilesLeft }, left, &[]);
    let mut t = count(FitLeft, fit, &[&of, &count(Kinds, kinds, &[])]);
    t.push(' ');
    match ((i.next_fit * 100 + i.next / 2).checked_div(i.next), i.hands) {
        // The stack is empty: the turns left are played from the hands.
        (None, _) => t.push_str(super::t(NoMoreDrawn)),
        (Some(chance), hands) => {
            let key = if hands { NextFromStackFits } else { NextFits };
            t.push_str(&fill(key, &[&said(chance as u32)]));
        }
    }
    if !nth.is_empty() {
        t.push(' ');
        t.push_str(&hand(InHandToo, NthToo, NthsToo));
    }
    t
}

/// Where an open spot lies, for a card that covers the board and for
/// screen readers: "2 squares right and 1 up from the first tile" (the
/// start tile, or the spring, at (0, 0); y grows to the south). "Squares"
/// comes with the first number, so "2 left" is never read as "2 remaining".
pub fn where_words(at: crate::engine::Pos) -> String {
    use CardsW::*;
    let (x, y) = (u64::from(at.x.unsigned_abs()), at.y.unsigned_abs());
    let key = match (at.x.signum(), at.y.signum()) {
        (0, 0) | (1, 0) => Right,
        (-1, 0) => Left,
        (0, -1) => Up,
        (0, _) => Down,
        (1, -1) => RightUp,
        (1, _) => RightDown,
        (_, -1) => LeftUp,
        _ => LeftDown,
    };
    // "Squares" with the first number only.
    let (first, second) = if at.x == 0 { (y.into(), 0) } else { (x, y) };
    fill(key, &[&count(Squares, first, &[]), &said(second)])
}

/// After the folded "House rules" heading: how many are on, if any.
pub fn house_rules_on(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        fill(CardsW::HouseRulesOn, &[&said(n as u32)])
    }
}

/// The house rules a game plays with, in one sentence for the score card
/// and the rules card, in the order of the rules table; `None` when it
/// plays none. Hidden hands and the closing edge are told with the hand
/// and the table.
pub fn house_rules(r: &Rules) -> Option<String> {
    use crate::engine::rules::{Rule, RULES};
    use CardsW::*;
    let mut parts = String::new();
    for rule in RULES {
        match rule {
            Rule::Hand if r.hand > 0 => {
                let key = if r.hand_open { HandOpen } else { HandHidden };
                join_to(
                    &mut parts,
                    &count(key, r.hand.into(), &[]),
                    WordsW::ListClauses,
                );
            }
            Rule::Table => {
                if let Some((w, h)) = r.table {
                    let key = if r.table_closes { TableCloses } else { Table };
                    let table = fill(key, &[&said(w.into()), &said(h.into())]);
                    join_to(&mut parts, &table, WordsW::ListClauses);
                }
            }
            Rule::Switch(s) if s.house && (s.get)(r) => {
                let clause = super::switch_words(s).clause;
                if !clause.is_empty() {
                    join_to(&mut parts, clause, WordsW::ListClauses);
                }
            }
            _ => {}
        }
    }
    if parts.is_empty() {
        return None;
    }
    Some(fill(HouseRules, &[&parts]))
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
    use CardsW::*;
    let mut unfit = match (r.hand, r.unplayable_back) {
        (0, false) => t(UnfitAside).to_owned(),
        (0, true) => t(UnfitBack).to_owned(),
        (hand, back) => {
            let draw = if r.hand_open { DrawOpen } else { DrawHidden };
            let mut s = count(draw, hand.into(), &[]);
            s.push(' ');
            s.push_str(t(if back { HandUnfitBack } else { HandUnfitAside }));
            s
        }
    };
    // Each switch on that the card tells nowhere else.
    for s in crate::engine::rules::switches() {
        if !(s.get)(r) {
            continue;
        }
        let card = super::switch_words(s).card;
        if !card.is_empty() {
            unfit.push(' ');
            unfit.push_str(card);
        }
    }
    let empty = |on: bool, key| if on { t(key) } else { "" };
    RulesCard {
        lay: t(match r.hand {
            0 => LayDrawn,
            1 => LayInHand,
            _ => LayOneOfHand,
        }),
        unfit,
        edge: empty(r.table_closes, EdgeCloses),
        end: t(match (r.hand > 0, r.score_incomplete) {
            (false, true) => EndLastTile,
            (true, true) => EndEmpty,
            (false, false) => EndLastTileNothing,
            (true, false) => EndEmptyNothing,
        }),
        roles: t(if r.farmers {
            RolesFarmers
        } else {
            RolesNoFarmers
        }),
        tiny: empty(r.tiny_city, TinyCity),
        fields: match (r.farmers, r.farm_scoring) {
            (false, _) => "",
            (true, FarmScoring::Third) => t(FieldsThird),
            (true, FarmScoring::First) => t(FieldsFirst),
        },
        river: empty(r.river, River),
        abbot: match (r.abbot, r.edition) {
            (true, Edition::C3) => t(AbbotGardens),
            // First-edition tiles have no gardens.
            (true, Edition::C1) => t(AbbotNoGardens),
            (false, Edition::C3) => t(NoAbbot),
            (false, Edition::C1) => "",
        },
    }
}

pub fn tiles_to_come(n: usize, unfillable: usize) -> String {
    let mut t = count(CardsW::StillToCome, n as u64, &[]);
    if unfillable > 0 {
        t.push(' ');
        t.push_str(&count(CardsW::Unfillable, unfillable as u64, &[]));
    }
    t
}

/// The legend of the "Fields" overlay: what its hatching and its numbered
/// discs mean under the game's farm scoring (rules §4.7, §5.4).
pub fn fields_legend(rules: &crate::engine::Rules) -> &'static str {
    t(if rules.farm_scoring == crate::engine::FarmScoring::First {
        CardsW::LegendFirst
    } else {
        CardsW::LegendThird
    })
}
