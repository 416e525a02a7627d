//! The start screen as a model: how many play, each seat's name, who plays
//! it (a person or the computer) and its colour, the rules and who begins.
//! The page draws the form from this and sends each change here, so the
//! rules of the form (colours kept distinct, a name that follows its
//! colour, the rule options) are decided and tested natively.

use super::seats::{Seat, Seating};
use super::words;
use crate::engine::compact::number;
use crate::engine::rules::{switch, switches, Switch};
use crate::engine::{Game, Rules};

/// Seats on the form: the game takes 2 to 6 players.
pub const SEATS: usize = 6;

/// One box of the start screen: a switch of the rules table
/// ([`RULES`](crate::engine::rules::RULES)) and the id of its checkbox. The
/// page writes a box for every switch, with its words, and sends its
/// changes here.
#[derive(Clone, Debug)]
pub struct RuleBox {
    pub id: String,
    pub switch: &'static Switch,
}

/// The base game's options (rules §5) in the start screen's order; every
/// other switch follows in the rules table's order.
const SCREEN_ORDER: [&str; 6] = [
    "farmers",
    "river",
    "abbot",
    "edition",
    "tiny_city",
    "farm_scoring",
];

/// Boxes whose id is not `o-` and their key with dashes: so named before
/// the rules table, and the page's tests and styles know them by it.
const OLD_IDS: [(&str, &str); 6] = [
    ("edition", "o-classic"),
    ("tiny_city", "o-tiny"),
    ("farm_scoring", "o-first-farms"),
    ("hand_open", "o-hand-hidden"),
    ("hole_bonus", "o-hole"),
    ("score_incomplete", "o-finished-only"),
];

/// The start screen's boxes, in its order. A kept setup lists their flags
/// in this order too, so a new switch goes at the end of the table.
pub fn rule_boxes() -> Vec<RuleBox> {
    // Plain loops here and below: each iterator chain collected is a
    // generic body of its own in the bundle.
    let mut order = Vec::new();
    for k in SCREEN_ORDER {
        if let Some(s) = switch(k) {
            order.push(s);
        }
    }
    for s in switches() {
        if !SCREEN_ORDER.contains(&s.key) {
            order.push(s);
        }
    }
    let mut boxes = Vec::new();
    for s in order {
        let id = match OLD_IDS.iter().find(|(k, _)| *k == s.key) {
            Some((_, id)) => (*id).into(),
            None => {
                let mut id = String::from("o-");
                id.push_str(&crate::engine::compact::replace(s.key, "_", "-"));
                id
            }
        };
        boxes.push(RuleBox { id, switch: s });
    }
    boxes
}

/// Whether switch `s` means anything with the other rules chosen: what it
/// needs is there, and nothing it cannot be played with is on. The page
/// greys its box out when not.
pub fn applies(s: &Switch, r: &Rules) -> bool {
    s.needs.need().is_none_or(|n| n.met(r)) && s.excluded_by(r).is_none()
}

/// The table sizes offered, `[w, h]` in tiles: from a tight table, where
/// tiles run out of room, to one a whole game rarely reaches the edge of.
/// The wide one suits a tablet on its side.
pub const TABLE_SIZES: [(u8, u8); 4] = [(11, 11), (15, 11), (15, 15), (21, 21)];

/// The most tiles a hand may hold (rules §12).
pub const MAX_HAND: u8 = 3;

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Row {
    pub name: String,
    pub seat: Seat,
    /// One of the six follower colours.
    pub colour: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Setup {
    /// How many play: the first `count` rows.
    pub count: usize,
    pub rows: Vec<Row>,
    pub rules: Rules,
    /// The row that begins; `None`: chosen at random.
    pub first: Option<usize>,
    /// The board-reading aids (see [`Seating::aids`]).
    pub aids: bool,
}

/// A change made on the form.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Change {
    Count(usize),
    Name(usize, String),
    Seat(usize, Seat),
    /// Row `i` takes the next colour no other player has.
    NextColour(usize),
    /// Box `i` of [`rule_boxes`] on or off.
    Rule(usize, bool),
    First(Option<usize>),
    /// "Play without aids" off (`true`: the aids on) or on.
    Aids(bool),
    /// Tiles a hand holds: 0 (no hand) to [`MAX_HAND`].
    Hand(u8),
    /// The table's size, one of [`TABLE_SIZES`], or no edge.
    Table(Option<(u8, u8)>),
}

impl Default for Setup {
    fn default() -> Setup {
        let mut rows = Vec::new();
        for (i, name) in words::colour_names().iter().enumerate().take(SEATS) {
            rows.push(Row {
                name: name.to_string(),
                seat: Seat::Human,
                colour: i as u8,
            });
        }
        Setup {
            count: 2,
            rows,
            rules: Rules::default(),
            first: None,
            aids: true,
        }
    }
}

impl Setup {
    /// Makes a change; the colours of the players stay distinct.
    pub fn change(&mut self, c: Change) {
        match c {
            Change::Count(n) => {
                self.count = n.clamp(2, SEATS);
                self.distinct_colours();
                if self.first.is_some_and(|f| f >= self.count) {
                    self.first = None;
                }
            }
            Change::Name(i, name) => {
                if let Some(r) = self.rows.get_mut(i) {
                    r.name = crate::engine::compact::replace(&name, "|", " ");
                }
            }
            Change::Seat(i, seat) => {
                if let Some(r) = self.rows.get_mut(i) {
                    r.seat = seat;
                }
            }
            Change::NextColour(i) => self.next_colour(i),
            Change::Rule(i, on) => {
                if let Some(b) = rule_boxes().get(i) {
                    (b.switch.set)(&mut self.rules, on);
                }
            }
            Change::First(f) => self.first = f.filter(|&f| f < self.count),
            Change::Aids(on) => self.aids = on,
            Change::Hand(n) => self.rules.hand = n.min(MAX_HAND),
            Change::Table(t) => {
                self.rules.table = t.filter(|t| TABLE_SIZES.contains(t));
            }
        }
        self.agree();
    }

    /// Options that mean nothing with the rules chosen are switched off, so
    /// the form never deals a game the engine refuses (the start tile in
    /// the bag with the river, a closing border with no table). One at a
    /// time: a switch another one needs may just have gone.
    fn agree(&mut self) {
        while let Some(s) = switches().find(|s| (s.get)(&self.rules) && !applies(s, &self.rules)) {
            (s.set)(&mut self.rules, false);
        }
    }

    /// How many house rules are on, for the folded group's heading: every
    /// line of the group chosen counts, hidden hands and the closing edge
    /// too (a player who ticked three lines reads "3 on").
    pub fn house_rules_on(&self) -> usize {
        let r = &self.rules;
        usize::from(r.hand > 0)
            + usize::from(r.table.is_some())
            + switches().filter(|s| s.house && (s.get)(r)).count()
    }

    /// Row `i` takes the next colour that no other playing row has; a name
    /// that was the old colour's own word follows the new colour.
    fn next_colour(&mut self, i: usize) {
        if i >= self.count {
            return;
        }
        let mut taken = Vec::new();
        for (j, r) in self.rows[..self.count].iter().enumerate() {
            if j != i {
                taken.push(r.colour);
            }
        }
        let mut c = self.rows[i].colour;
        for _ in 0..6 {
            c = (c + 1) % 6;
            if !crate::engine::compact::has(&taken, c) {
                break;
            }
        }
        self.set_colour(i, c);
    }

    fn set_colour(&mut self, i: usize, c: u8) {
        let row = &mut self.rows[i];
        let names = words::colour_names();
        if row.name == names[row.colour as usize % 6] {
            row.name = names[c as usize % 6].to_string();
        }
        row.colour = c;
    }

    /// After the player count changes, a row whose colour another playing
    /// row has gets a free one.
    fn distinct_colours(&mut self) {
        for i in 0..self.count {
            if (0..i).any(|j| self.rows[j].colour == self.rows[i].colour) {
                self.next_colour(i);
            }
        }
    }

    /// The game the form describes, dealt with `seed`; `random` picks who
    /// begins when the form leaves it to chance (a number in 0..1). The
    /// first player sits in seat one and play goes on down the list; each
    /// seat keeps its row's number ([`Seating::numbers`]).
    pub fn game(&self, seed: u64, random: f64) -> Result<(Game, Seating), String> {
        let n = self.count;
        let rows = &self.rows[..n];
        // A game by link: every device computes every draw, so hands are
        // open (docs/link-play.md §4), and this device plays some seat.
        if rows.iter().any(|r| r.seat == Seat::Remote) {
            if rows.iter().all(|r| r.seat == Seat::Remote) {
                return Err(words::t(words::SetupW::LinkNoneHere).into());
            }
            if self.rules.hand > 0 && !self.rules.hand_open {
                return Err(words::t(words::SetupW::LinkHiddenHands).into());
            }
        }
        let mut seating = Seating {
            seats: Vec::new(),
            colours: Vec::new(),
            aids: self.aids,
            numbers: Vec::new(),
        };
        let mut names = Vec::new();
        for r in rows {
            seating.seats.push(r.seat);
            seating.colours.push(r.colour);
            let v = r.name.trim();
            names.push(if v.is_empty() {
                words::colour_names()[r.colour as usize % 6].to_string()
            } else {
                // The first 20 characters.
                let mut name = String::new();
                for c in v.chars().take(20) {
                    name.push(c);
                }
                name
            });
        }
        let f = self.first.unwrap_or((random * n as f64) as usize % n);
        crate::engine::compact::rotate_left(&mut names, f);
        seating.rotate_left(f);
        let game =
            Game::new(names, self.rules, seed).map_err(|e| crate::engine::error::text(&e))?;
        Ok((game, seating))
    }

    /// The computer levels the form seats, each once, weakest first: the
    /// start screen says how each plays.
    pub fn levels(&self) -> Vec<crate::ai::Level> {
        use crate::ai::Level;
        let mut out = Vec::new();
        for l in [Level::Easy, Level::Medium, Level::Hard] {
            if self.rows[..self.count]
                .iter()
                .any(|r| r.seat == Seat::Computer(l))
            {
                out.push(l);
            }
        }
        out
    }

    /// The setup as kept between visits:
    /// `count|name|…|options|seat|…|colour|…|first|aids|hand|table`, with
    /// the options as 0/1 flags in the order of [`rule_boxes`], the aids
    /// as 0/1 and the table as `15x11` or `none`.
    pub fn remember(&self) -> String {
        let mut s = words::num(self.count as u32);
        for r in &self.rows {
            s.push('|');
            s.push_str(&r.name);
        }
        s.push('|');
        for b in rule_boxes() {
            s.push(if (b.switch.get)(&self.rules) {
                '1'
            } else {
                '0'
            });
        }
        for r in &self.rows {
            s.push('|');
            s.push_str(r.seat.word());
        }
        for r in &self.rows {
            s.push('|');
            words::push_num(&mut s, u32::from(r.colour));
        }
        s.push('|');
        match self.first {
            Some(f) => words::push_num(&mut s, f as u32),
            None => s.push_str("random"),
        }
        s.push_str(if self.aids { "|1" } else { "|0" });
        s.push('|');
        words::push_num(&mut s, u32::from(self.rules.hand));
        s.push('|');
        s.push_str(&table_word(self.rules.table));
        s
    }

    /// A setup kept by [`Self::remember`] (or by a version before seats,
    /// colours and who begins were kept); anything unreadable in it keeps
    /// its default.
    pub fn recall(kept: &str) -> Setup {
        let mut s = Setup::default();
        let parts: Vec<&str> = crate::engine::compact::split(kept, "|").collect();
        if ![SEATS + 2, 3 * SEATS + 3, 3 * SEATS + 4, 3 * SEATS + 6].contains(&parts.len()) {
            return s;
        }
        if parts.len() == 3 * SEATS + 6 {
            s.rules.hand = number(parts[3 * SEATS + 4]).map_or(0, |n| n.min(3) as u8);
            s.rules.table = parse_table(parts[3 * SEATS + 5]);
        }
        // Kept last, since the aids could be switched off.
        s.aids = parts.get(3 * SEATS + 3) != Some(&"0");
        if parts.len() > SEATS + 2 {
            for i in 0..SEATS {
                if let Some(seat) = Seat::parse(parts[SEATS + 2 + i]) {
                    s.rows[i].seat = seat;
                }
                if let Some(c) = number(parts[2 * SEATS + 2 + i]).filter(|&c| c < 6) {
                    s.rows[i].colour = c as u8;
                }
            }
            s.first = number(parts[3 * SEATS + 2]).map(|f| f.min(SEATS as u64) as usize);
        }
        for i in 0..SEATS {
            s.rows[i].name = parts[i + 1].to_string();
        }
        for (b, flag) in rule_boxes().iter().zip(parts[SEATS + 1].chars()) {
            (b.switch.set)(&mut s.rules, flag == '1');
        }
        // Set last: clamps who begins and keeps the colours distinct.
        s.change(Change::Count(
            number(parts[0]).map_or(2, |n| n.min(6) as usize),
        ));
        s
    }
}

/// A table size as the form and the kept setup write it: `15x11`, or `none`.
pub fn table_word(t: Option<(u8, u8)>) -> String {
    match t {
        Some((w, h)) => {
            let mut s = words::num(u32::from(w));
            s.push('x');
            words::push_num(&mut s, u32::from(h));
            s
        }
        None => "none".into(),
    }
}

/// A size written by [`table_word`], if it is one of [`TABLE_SIZES`].
pub fn parse_table(word: &str) -> Option<(u8, u8)> {
    let (w, h) = crate::engine::compact::split_once(word, "x")?;
    let t = (number(w)?.min(255) as u8, number(h)?.min(255) as u8);
    TABLE_SIZES.contains(&t).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::engine::rules::Need;

    fn colours(s: &Setup) -> Vec<u8> {
        s.rows[..s.count].iter().map(|r| r.colour).collect()
    }

    #[test]
    fn colours_stay_distinct_and_a_colour_name_follows_its_colour() {
        let mut s = Setup::default();
        s.change(Change::NextColour(0));
        assert_eq!(colours(&s), [2, 1], "red is taken: yellow goes to green");
        assert_eq!(s.rows[0].name, "Green");
        s.change(Change::Name(1, "Ann".into()));
        s.change(Change::NextColour(1));
        assert_eq!(s.rows[1].name, "Ann", "a chosen name stays");
        // Row 2 still has green from the start: shown, it gets a free one.
        s.change(Change::Count(3));
        let c = colours(&s);
        assert!(c[0] != c[1] && c[1] != c[2] && c[0] != c[2], "{c:?}");
        s.change(Change::Count(6));
        let mut c = colours(&s);
        c.sort();
        assert_eq!(c, [0, 1, 2, 3, 4, 5]);
        for _ in 0..7 {
            s.change(Change::NextColour(4));
            let mut c = colours(&s);
            c.sort();
            assert_eq!(c, [0, 1, 2, 3, 4, 5], "a full table: nothing to take");
        }
    }

    #[test]
    fn the_form_deals_the_game_it_shows() {
        let mut s = Setup::default();
        s.change(Change::Count(3));
        s.change(Change::Name(0, "  Ann  ".into()));
        s.change(Change::Name(1, "".into()));
        s.change(Change::Seat(2, Seat::Computer(Level::Hard)));
        s.change(Change::First(Some(2)));
        s.change(Change::Rule(option("o-river"), true));
        let (g, seating) = s.game(7, 0.0).unwrap();
        // The computer begins; the order goes on down the list.
        assert_eq!(g.names(), ["Green", "Ann", "Red"]);
        assert_eq!(seating.seats[0], Seat::Computer(Level::Hard));
        assert_eq!(seating.colours, [2, 0, 1]);
        // Each seat keeps the number its row had on the form: Green is still 3.
        assert_eq!(seating.numbers, [2, 0, 1]);
        assert!(g.rules().river);
        // Left to chance: `random` picks the first player, numbers kept.
        s.change(Change::First(None));
        let (g, seating) = s.game(7, 0.5).unwrap();
        assert_eq!(g.names()[0], "Red");
        assert_eq!(
            (0..3).map(|p| seating.number(p)).collect::<Vec<_>>(),
            [1, 2, 0]
        );
        // The first row begins: the seats in play order, as a seating without numbers.
        assert!(s.game(7, 0.0).unwrap().1.numbers.is_empty());
        // Fewer players than the one who was to begin: chance again.
        s.change(Change::First(Some(2)));
        s.change(Change::Count(2));
        assert_eq!(s.first, None);
    }

    #[test]
    fn a_game_with_players_on_other_devices_has_open_hands_and_someone_here() {
        let mut s = Setup::default();
        s.change(Change::Seat(1, Seat::Remote));
        s.change(Change::Hand(2));
        s.change(Change::Rule(option("o-hand-hidden"), true));
        let refused = s.game(7, 0.0).err().unwrap();
        assert!(refused.contains("open hands"), "{refused}");
        s.change(Change::Rule(option("o-hand-hidden"), false));
        let (_, seating) = s.game(7, 0.0).unwrap();
        assert!(seating.by_link() && seating.seats[1] == Seat::Remote);
        s.change(Change::Seat(0, Seat::Remote));
        assert!(s.game(7, 0.0).err().unwrap().contains("this device"));
        // Kept between visits like the other seats.
        assert_eq!(Setup::recall(&s.remember()), s);
    }

    #[test]
    fn the_start_screen_names_each_computer_level_chosen_once() {
        let mut s = Setup::default();
        assert!(s.levels().is_empty(), "people only");
        s.change(Change::Count(4));
        s.change(Change::Seat(1, Seat::Computer(Level::Hard)));
        s.change(Change::Seat(2, Seat::Computer(Level::Easy)));
        s.change(Change::Seat(3, Seat::Computer(Level::Hard)));
        assert_eq!(s.levels(), [Level::Easy, Level::Hard]);
        s.change(Change::Count(2));
        assert_eq!(s.levels(), [Level::Hard], "only the seats that play");
        assert!(words::level_words(Level::Hard).starts_with("Hard: "));
    }

    #[test]
    fn every_rule_option_sets_its_own_rule_and_no_other() {
        let boxes = rule_boxes();
        for (i, o) in boxes.iter().enumerate() {
            // With a hand, a table and any switch it needs, so it applies.
            let mut s = Setup::default();
            s.change(Change::Hand(3));
            s.change(Change::Table(Some(TABLE_SIZES[0])));
            if let Some(Need::On(k)) = o.switch.needs.need() {
                let j = boxes.iter().position(|b| b.switch.key == k).unwrap();
                s.change(Change::Rule(j, true));
            }
            let before = s.rules;
            let on = !(o.switch.get)(&before);
            s.change(Change::Rule(i, on));
            assert_eq!((o.switch.get)(&s.rules), on, "{}", o.id);
            for (j, other) in boxes.iter().enumerate() {
                if j != i {
                    assert_eq!(
                        (other.switch.get)(&s.rules),
                        (other.switch.get)(&before),
                        "{}",
                        o.id
                    );
                }
            }
            assert!(o.id.starts_with("o-"), "{}", o.id);
        }
    }

    #[test]
    fn a_setup_is_remembered_and_recalled_whole() {
        let mut s = Setup::default();
        s.change(Change::Count(4));
        s.change(Change::Name(3, "Bo|b".into()));
        s.change(Change::Seat(1, Seat::Computer(Level::Easy)));
        s.change(Change::NextColour(2));
        s.change(Change::Rule(3, true));
        s.change(Change::First(Some(1)));
        s.change(Change::Aids(false));
        s.change(Change::Hand(3));
        s.change(Change::Table(Some((15, 11))));
        s.change(Change::Rule(option("o-hand-hidden"), true));
        let kept = s.remember();
        assert_eq!(Setup::recall(&kept), s);
        assert!(
            !s.game(1, 0.0).unwrap().1.aids,
            "the game is set up without aids"
        );
        // Kept before the house rules were: none of them.
        let before = kept.rsplitn(3, '|').nth(2).unwrap();
        let r = Setup::recall(before);
        assert_eq!((r.rules.hand, r.rules.table, r.count), (0, None, 4));
        assert!(!r.aids);
        // Kept before the aids could be switched off: on.
        let before = before.rsplit_once('|').unwrap().0;
        assert!(Setup::recall(before).aids);
        // A setup kept before seats and colours were: names and rules only.
        let old = "3|A|B|C|D|E|F|110000";
        let r = Setup::recall(old);
        assert_eq!((r.count, r.rows[2].name.as_str()), (3, "C"));
        assert!(r.rules.farmers && r.rules.river && !r.rules.abbot);
        // Anything else: the defaults.
        assert_eq!(Setup::recall("garbage|x"), Setup::default());
        assert_eq!(Setup::recall(""), Setup::default());
    }

    fn option(id: &str) -> usize {
        rule_boxes().iter().position(|o| o.id == id).unwrap()
    }

    #[test]
    fn the_form_never_deals_house_rules_the_engine_refuses() {
        let mut s = Setup::default();
        // A hidden hand needs a hand; a closing border needs a table.
        s.change(Change::Rule(option("o-hand-hidden"), true));
        s.change(Change::Rule(option("o-table-closes"), true));
        assert!(s.rules.hand_open && !s.rules.table_closes);
        s.change(Change::Hand(2));
        s.change(Change::Table(Some((11, 11))));
        s.change(Change::Rule(option("o-hand-hidden"), true));
        s.change(Change::Rule(option("o-table-closes"), true));
        assert!(!s.rules.hand_open && s.rules.table_closes);
        assert_eq!(s.house_rules_on(), 4, "hand, hidden, table and its edge");
        // Taking the hand or the table away takes their option with it.
        s.change(Change::Hand(0));
        s.change(Change::Table(None));
        assert!(s.rules.hand_open && !s.rules.table_closes);
        // The start tile in the bag and the river exclude each other: the
        // later choice wins.
        s.change(Change::Rule(option("o-start-in-bag"), true));
        assert!(s.rules.start_in_bag);
        s.change(Change::Rule(option("o-river"), true));
        assert!(s.rules.river && !s.rules.start_in_bag);
        // Only the sizes offered, and at most three tiles.
        s.change(Change::Table(Some((13, 13))));
        s.change(Change::Hand(9));
        assert_eq!((s.rules.table, s.rules.hand), (None, 3));
        assert_eq!(s.house_rules_on(), 1);
        s.change(Change::Rule(option("o-hole"), true));
        s.change(Change::Rule(option("o-finished-only"), true));
        assert_eq!(s.house_rules_on(), 3);
        assert!(s.rules.hole_bonus && !s.rules.score_incomplete);
    }

    #[test]
    fn table_sizes_read_back_as_written() {
        for t in TABLE_SIZES {
            assert_eq!(parse_table(&table_word(Some(t))), Some(t));
        }
        assert_eq!(table_word(None), "none");
        for bad in ["none", "13x13", "15x", "x11", "999x999", ""] {
            assert_eq!(parse_table(bad), None, "{bad}");
        }
    }
}
