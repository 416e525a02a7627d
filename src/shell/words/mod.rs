//! Every word the player reads that the code writes: sentences for the
//! announcer, the bars, the cards and the questions, in one place so that
//! the game can be translated. Built by hand rather than with `format!` to
//! keep the bundle small. Here the pieces every sentence uses (numbers,
//! counts, tiles, players); by screen: `table` (the bars and the
//! announcer), `cards`, `review`, `games` (questions, the games list,
//! saving), `setup` and `rules` (each switch of the rules table), all read
//! as `words::*`.

use super::effect::Say;
use super::followers::Choice;
use crate::engine::{
    Category, Event, FarmScoring, FollowerChoice, Game, Players, Role, Rules, TileKind,
};

mod cards;
pub mod catalogue;
mod errors;
#[cfg(not(target_arch = "wasm32"))]
pub mod files;
mod games;
pub mod lang;
mod link;
#[cfg(not(target_arch = "wasm32"))]
pub mod pseudo;
mod review;
mod rules;
mod setup;
mod table;

pub use self::cards::*;
use self::catalogue::keys;
use self::catalogue::put;
pub use self::catalogue::{count, fill, t};
pub use self::errors::*;
pub use self::games::*;
pub use self::link::*;
pub use self::review::*;
pub use self::rules::*;
pub use self::setup::*;
pub use self::table::*;

keys! { WordsW "words" {
    Times = "×{1}",
    SideShows = "north {1}|east {1}|south {1}|west {1}",
    TileSides = "{1}, {2}, {3}, {4}.",
    TileSidesMonastery = "{1}, {2}, {3}, {4}, a monastery.",
    AFeatures = "a road|a city|a monastery|a garden|a field",
    TheRiver = "the river",
    Features = "road|city|monastery|garden|field",
    Roles = "thief|knight|monk|farmer|abbot",
    ARoles = "a thief|a knight|a monk|a farmer|an abbot",
    Sides = "north|east|south|west",
    ListTwo = "{1} and {2}",
    ListMore = "{1}, {2}",
    ListClauses = "{1}; {2}",
    Points = "{1} point|{1} points",
    Coords = "{1}, {2}",
}}

/// The `i`th of a key's words listed as "a|b|c" (the four sides, the
/// five roles...): one sentence for the translator, one lookup here.
fn nth(list: &'static str, i: usize) -> &'static str {
    crate::engine::compact::split(list, "|")
        .nth(i)
        .unwrap_or("")
}

/// "×3".
pub fn times(n: u8) -> String {
    fill(WordsW::Times, &[&said(n.into())])
}

pub fn push_num(s: &mut String, n: u32) {
    crate::engine::compact::push_number(s, n.into());
}

/// A number said in the language spoken now ("1,234", "1.234"); [`num`]
/// is for the page's own attributes and keys.
pub fn said(n: u32) -> String {
    let mut s = String::new();
    catalogue::lang().push_num(&mut s, n.into());
    s
}

pub fn num(n: u32) -> String {
    let mut s = String::new();
    push_num(&mut s, n);
    s
}

/// What a tile's edge shows: "a city", "the river".
pub fn edge_words(edge: crate::engine::tile::Edge) -> &'static str {
    use crate::engine::tile::Edge;
    match edge {
        Edge::Field => a_feature(Category::Field),
        Edge::Road => a_feature(Category::Road),
        Edge::City => a_feature(Category::City),
        Edge::River => t(WordsW::TheRiver),
    }
}

/// What each side of a tile shows at a rotation: "north a city, east a
/// road, …". The engine's enums carry no words: they are mapped here.
pub fn tile_words(kind: crate::engine::TileKind, rotation: u8) -> String {
    use crate::engine::Side;
    let d = kind.def();
    let shows = |side: Side| {
        let edge = edge_words(d.edge(side, rotation));
        put(nth(t(WordsW::SideShows), side.index().into()), &[edge])
    };
    let [n, e, s, w] = [
        shows(Side::N),
        shows(Side::E),
        shows(Side::S),
        shows(Side::W),
    ];
    let sides = if d.centre == crate::engine::tile::Centre::Monastery {
        WordsW::TileSidesMonastery
    } else {
        WordsW::TileSides
    };
    fill(sides, &[&n, &e, &s, &w])
}

/// A follower's role, as a noun on its own: "knight".
pub fn role_word(role: Role) -> &'static str {
    nth(t(WordsW::Roles), role as usize)
}

/// A follower's role with its article, whole, so that each language
/// declines it: "a knight", "an abbot".
pub fn a_role(role: Role) -> &'static str {
    nth(t(WordsW::ARoles), role as usize)
}

/// A feature with its article, whole: "a city", "a monastery".
pub fn a_feature(c: Category) -> &'static str {
    nth(t(WordsW::AFeatures), c as usize)
}

/// A side of a tile: "north".
pub fn side_word(s: crate::engine::Side) -> &'static str {
    nth(t(WordsW::Sides), s.index().into())
}

/// A list as the language joins it: "Red", "Red and Blue", "Red, Blue
/// and Green" (each join a sentence of its own, the last one's too).
pub fn push_list(s: &mut String, items: &[&str]) {
    join(s, items, WordsW::ListMore, WordsW::ListTwo);
}

/// `item` added to a list being built in `acc` by `key` (the same join
/// for every item: "a, b, c", "a; b; c").
fn join_to(acc: &mut String, item: &str, key: WordsW) {
    if acc.is_empty() {
        acc.push_str(item);
    } else {
        *acc = fill(key, &[acc, item]);
    }
}

fn join(s: &mut String, items: &[&str], more: WordsW, last: WordsW) {
    let mut acc = String::new();
    for (i, w) in items.iter().enumerate() {
        join_to(&mut acc, w, if i + 1 == items.len() { last } else { more });
    }
    s.push_str(&acc);
}

/// The players' names, joined as a list.
fn push_players(s: &mut String, players: Players, names: &[String]) {
    push_list(s, &player_names(players, names));
}

/// The names of `players`, in seat order. One loop for every list of
/// names (each iterator chain collected is a generic body of its own).
pub fn player_names(players: Players, names: &[String]) -> Vec<&str> {
    let mut list = Vec::new();
    for p in players.iter() {
        list.push(names.get(p as usize).map_or("?", String::as_str));
    }
    list
}

/// "1 point", "8 points".
fn points(s: &mut String, n: u16) {
    s.push_str(&count(WordsW::Points, n.into(), &[]));
}

/// A square of the board: "-3, 12".
pub fn push_coords(s: &mut String, x: i32, y: i32) {
    s.push_str(&fill(WordsW::Coords, &[&int(x), &int(y)]));
}

fn int(v: i32) -> String {
    let mut s = String::new();
    if v < 0 {
        s.push('-');
    }
    push_num(&mut s, v.unsigned_abs());
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
        // The tiny city: 2 tiles score 2, and each pennant 1 more (against a
        // closing table edge a two-tile city can carry two), never "3 with a
        // pennant", as if one were the most.
        let tiny = super::rules_card(&Rules::default().with_tiny_city(true));
        assert!(tiny.tiny.contains("two tiles 1 per tile and 1 per pennant"));
        assert!(tiny
            .tiny
            .contains("(2 points, and 1 more for each pennant)"));
        assert!(!tiny.tiny.contains("3 with a pennant"));
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
            "2 squares right and 1 up from the first tile"
        );
        assert_eq!(
            where_words(Pos::new(-3, 0)),
            "3 squares left from the first tile"
        );
        assert_eq!(
            where_words(Pos::new(0, 4)),
            "4 squares down from the first tile"
        );
        assert_eq!(
            where_words(Pos::new(0, -1)),
            "1 square up from the first tile"
        );
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
        let mut game = Game::new(vec!["a".into(), "b".into()], Rules::default(), 1).unwrap();
        assert_eq!(tiles_left(game.state()), "70 tiles left");
        // The stack's last tile in hand: not "0 tiles left" for a turn still to play.
        let mut n = 0;
        while !game.state().remaining().is_empty() {
            let m = crate::ai::choose(game.state(), crate::ai::Level::Random, n).unwrap();
            game.place_tile_with(m.at, m.rotation, m.tile, &mut Vec::new())
                .unwrap();
            game.choose_follower(m.choice, &mut Vec::new()).unwrap();
            n += 1;
        }
        assert!(game.state().tile().is_some());
        assert_eq!(tiles_left(game.state()), "Last tile");
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
            spot_words(&info(two.clone(), 12, 3, 12, vec![false])),
            "3 of the 12 tiles left fit here (2 kinds). The next tile drawn fits here with a chance of 25%."
        );
        // During the river only river tiles come next: the chance is theirs.
        assert!(spot_words(&info(two.clone(), 20, 0, 8, vec![])).ends_with("a chance of 0%."));
        assert_eq!(
            spot_words(&info(vec![(TileKind(1), 1, 0)], 1, 1, 1, vec![true])),
            "1 of the 1 tile left fits here (1 kind). The next tile drawn fits here with a chance of 100%. The tile in hand fits here too."
        );
        assert!(spot_words(&info(vec![], 9, 0, 9, vec![false])).contains("will stay empty"));
        assert!(
            spot_words(&info(vec![], 9, 0, 9, vec![true])).contains("only the tile in hand does.")
        );
        // A hand of three says which of its tiles fit.
        assert!(
            spot_words(&info(two.clone(), 12, 3, 12, vec![false, true, false]))
                .ends_with("The second tile of your hand fits here too.")
        );
        assert!(
            spot_words(&info(two.clone(), 12, 3, 12, vec![true, false, true]))
                .ends_with("The first and third tiles of your hand fit here too.")
        );
        assert!(spot_words(&info(vec![], 9, 0, 9, vec![false, false, true]))
            .ends_with("only the third tile of your hand does."));
        // With hands: the count is of every tile to come, the chance is the
        // stack's, and once the stack is empty nothing more is drawn.
        let hands = |next| SpotInfo {
            hands: true,
            ..info(vec![(TileKind(1), 2, 0)], 7, 0, next, vec![])
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
