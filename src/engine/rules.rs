//! Rule options of rules §5 and the house rules of §12: [`Rules`], and
//! [`RULES`], the one table of a record's rule keys. Every key is optional
//! in a record; defaults are the current rules.

use serde::Serialize;

/// Which printing of the tiles: `c1` has no gardens, `c3` has 8+1.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Edition {
    C1,
    #[default]
    C3,
}

/// How fields pay at the end of the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FarmScoring {
    /// 1st edition: 4 points per completed city to the farmer majority around it.
    First,
    /// Current rules: 3 points per completed city bordering each field.
    #[default]
    Third,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rules {
    pub edition: Edition,
    pub farmers: bool,
    pub tiny_city: bool,
    pub farm_scoring: FarmScoring,
    pub river: bool,
    pub abbot: bool,
    // House rules (rules §12).
    /// Tiles each player holds: 0 is no hand, else 1 to 3.
    pub hand: u8,
    /// Whether every player may see every hand.
    pub hand_open: bool,
    /// Filling a hole (tiles on all four sides) earns another turn.
    pub hole_bonus: bool,
    /// `false`: incomplete features score nothing at the end.
    pub score_incomplete: bool,
    /// The table's size `[w, h]`, odd numbers from 3 to 99, when it limits play.
    pub table: Option<(u8, u8)>,
    /// The table's border completes features as an abbey would.
    pub table_closes: bool,
    /// The start tile is drawn from the bag.
    pub start_in_bag: bool,
    /// A tile that fits nowhere goes back into the bag.
    pub unplayable_back: bool,
}

/// A rule option's value as a record writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Value {
    Word(&'static str),
    Flag(bool),
    Number(u8),
    Pair(u8, u8),
}

/// One key of a record's `rules`: a row of [`RULES`].
#[derive(Clone, Copy, Debug)]
pub enum Rule {
    /// A rule that is on or off.
    Switch(Switch),
    /// `hand`: the tiles each player holds, 1 to 3 (rules §12.2); absent:
    /// no hands.
    Hand,
    /// `table`: the table's size `[w, h]` (rules §12.10); absent: no edge.
    Table,
}

/// A rule that is on or off. "On" is the rule in play, as the start
/// screen's box ticks it: hidden hands, though the record's key is
/// `hand_open` (see [`Written`]).
#[derive(Clone, Copy, Debug)]
pub struct Switch {
    /// Its key in a record's `rules`.
    pub key: &'static str,
    /// A house rule of rules §12: it may be left out but not null, and a
    /// record names it only when it is not at its default, so older
    /// readers and records stay as they were. Otherwise an option of
    /// rules §5: null means the default, and a record always names it.
    pub house: bool,
    /// How a record writes it.
    pub written: Written,
    /// Whether it is on in a game that does not name it.
    pub default: bool,
    pub get: fn(&Rules) -> bool,
    pub set: fn(&mut Rules, bool),
    /// What it needs to mean anything.
    pub needs: Needs,
    /// Switches it cannot be played with: while one of them is on, the
    /// start screen greys this one out (so the later choice there is the
    /// other), and a record with both on is refused.
    pub excludes: &'static [&'static str],
}

/// How a record writes a switch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Written {
    /// `true` when on.
    True,
    /// `false` when on: the key names the rule's opposite.
    False,
    /// One of two words: `(on, off)`.
    Words(&'static str, &'static str),
}

/// What a switch needs to mean anything.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Needs {
    Nothing,
    /// A record with the switch on and this missing is refused, and the
    /// start screen greys it out.
    Strictly(Need),
    /// Only the start screen greys it out: records have always been read
    /// with the switch on without it, and keep what it does then.
    OnScreen(Need),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Need {
    /// Tiles in hand (`hand`).
    Hand,
    /// A table's edge (`table`).
    Table,
    /// Another switch on, by its key.
    On(&'static str),
}

/// Every key of a record's `rules`, in the order a record writes them:
/// the reader, the writer, the start screen, the rules card and the words
/// (`shell::words::SWITCH_WORDS`, by key) all walk it. A new switch is one
/// row here, at the end (a kept setup lists the boxes' flags in the
/// start screen's order, which for the house rules is this one), its
/// field in [`Rules`], its words and what it does.
pub const RULES: &[Rule] = &[
    Rule::Switch(Switch {
        key: "edition",
        house: false,
        written: Written::Words("c1", "c3"),
        default: false,
        get: |r| r.edition == Edition::C1,
        set: |r, on| r.edition = if on { Edition::C1 } else { Edition::C3 },
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "farmers",
        house: false,
        written: Written::True,
        default: true,
        get: |r| r.farmers,
        set: |r, on| r.farmers = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "tiny_city",
        house: false,
        written: Written::True,
        default: false,
        get: |r| r.tiny_city,
        set: |r, on| r.tiny_city = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "farm_scoring",
        house: false,
        written: Written::Words("first", "third"),
        default: false,
        get: |r| r.farm_scoring == FarmScoring::First,
        set: |r, on| {
            r.farm_scoring = if on {
                FarmScoring::First
            } else {
                FarmScoring::Third
            }
        },
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "river",
        house: false,
        written: Written::True,
        default: false,
        get: |r| r.river,
        set: |r, on| r.river = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "abbot",
        house: false,
        written: Written::True,
        default: false,
        get: |r| r.abbot,
        set: |r, on| r.abbot = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Hand,
    // Hidden hands. Without hands they still make a hand-over between two
    // people, so a record may hold them: only the form keeps them apart.
    Rule::Switch(Switch {
        key: "hand_open",
        house: true,
        written: Written::False,
        default: false,
        get: |r| !r.hand_open,
        set: |r, on| r.hand_open = !on,
        needs: Needs::OnScreen(Need::Hand),
        excludes: &[],
    }),
    Rule::Switch(Switch {
        key: "hole_bonus",
        house: true,
        written: Written::True,
        default: false,
        get: |r| r.hole_bonus,
        set: |r, on| r.hole_bonus = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    // Only finished features score at the end.
    Rule::Switch(Switch {
        key: "score_incomplete",
        house: true,
        written: Written::False,
        default: false,
        get: |r| !r.score_incomplete,
        set: |r, on| r.score_incomplete = !on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
    Rule::Table,
    Rule::Switch(Switch {
        key: "table_closes",
        house: true,
        written: Written::True,
        default: false,
        get: |r| r.table_closes,
        set: |r, on| r.table_closes = on,
        needs: Needs::Strictly(Need::Table),
        excludes: &[],
    }),
    // The river's spring is the start tile.
    Rule::Switch(Switch {
        key: "start_in_bag",
        house: true,
        written: Written::True,
        default: false,
        get: |r| r.start_in_bag,
        set: |r, on| r.start_in_bag = on,
        needs: Needs::Nothing,
        excludes: &["river"],
    }),
    Rule::Switch(Switch {
        key: "unplayable_back",
        house: true,
        written: Written::True,
        default: false,
        get: |r| r.unplayable_back,
        set: |r, on| r.unplayable_back = on,
        needs: Needs::Nothing,
        excludes: &[],
    }),
];

impl Rule {
    pub const fn key(&self) -> &'static str {
        match self {
            Rule::Switch(s) => s.key,
            Rule::Hand => "hand",
            Rule::Table => "table",
        }
    }

    /// A house rule of rules §12 (see [`Switch::house`]).
    pub const fn house(&self) -> bool {
        match self {
            Rule::Switch(s) => s.house,
            Rule::Hand | Rule::Table => true,
        }
    }
}

/// The switches of [`RULES`], in its order.
pub fn switches() -> impl Iterator<Item = &'static Switch> {
    RULES.iter().filter_map(|r| match r {
        Rule::Switch(s) => Some(s),
        _ => None,
    })
}

/// The switch with this key.
pub fn switch(key: &str) -> Option<&'static Switch> {
    switches().find(|s| s.key == key)
}

impl Switch {
    /// Its value in a record.
    pub const fn value(&self, on: bool) -> Value {
        match self.written {
            Written::True => Value::Flag(on),
            Written::False => Value::Flag(!on),
            Written::Words(yes, no) => Value::Word(if on { yes } else { no }),
        }
    }

    /// The first switch on in `r` that this one cannot be played with.
    pub fn excluded_by(&self, r: &Rules) -> Option<&'static str> {
        self.excludes
            .iter()
            .copied()
            .find(|&k| switch(k).is_some_and(|s| (s.get)(r)))
    }
}

impl Need {
    pub fn met(self, r: &Rules) -> bool {
        match self {
            Need::Hand => r.hand > 0,
            Need::Table => r.table.is_some(),
            Need::On(key) => switch(key).is_some_and(|s| (s.get)(r)),
        }
    }
}

impl Needs {
    pub const fn need(self) -> Option<Need> {
        match self {
            Needs::Nothing => None,
            Needs::Strictly(n) | Needs::OnScreen(n) => Some(n),
        }
    }
}

impl Rules {
    /// Every key a record's `rules` holds, in order, with its value: the
    /// options of §5 always, the house rules only where they differ from
    /// the default. The writer (the `Serialize` impl, through serde_json
    /// natively and `web::to_js` on the page) follows it.
    pub fn each(&self, mut f: impl FnMut(&'static str, Value)) {
        for rule in RULES {
            match rule {
                Rule::Switch(s) => {
                    let on = (s.get)(self);
                    if !s.house || on != s.default {
                        f(s.key, s.value(on));
                    }
                }
                Rule::Hand => {
                    if self.hand != 0 {
                        f("hand", Value::Number(self.hand));
                    }
                }
                Rule::Table => {
                    if let Some((w, h)) = self.table {
                        f("table", Value::Pair(w, h));
                    }
                }
            }
        }
    }
}

impl Serialize for Rules {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut n = 0;
        self.each(|_, _| n += 1);
        let mut m = s.serialize_map(Some(n))?;
        let mut result = Ok(());
        self.each(|k, v| {
            if result.is_ok() {
                result = match v {
                    Value::Word(w) => m.serialize_entry(k, w),
                    Value::Flag(b) => m.serialize_entry(k, &b),
                    Value::Number(n) => m.serialize_entry(k, &n),
                    Value::Pair(w, h) => m.serialize_entry(k, &[w, h]),
                };
            }
        });
        result?;
        m.end()
    }
}

impl Default for Rules {
    /// The current rules of the base game: every switch at its row's
    /// default, no hands, no table.
    fn default() -> Rules {
        let mut r = Rules {
            edition: Edition::C3,
            farmers: false,
            tiny_city: false,
            farm_scoring: FarmScoring::Third,
            river: false,
            abbot: false,
            hand: 0,
            hand_open: false,
            hole_bonus: false,
            score_incomplete: false,
            table: None,
            table_closes: false,
            start_in_bag: false,
            unplayable_back: false,
        };
        for s in switches() {
            (s.set)(&mut r, s.default);
        }
        r
    }
}

/// Builder-style setters, so code that sets a few options keeps compiling
/// when new ones are added: `Rules::default().with_river(true).with_abbot(true)`.
impl Rules {
    #[must_use]
    pub const fn with_edition(self, edition: Edition) -> Rules {
        Rules { edition, ..self }
    }

    #[must_use]
    pub const fn with_farmers(self, farmers: bool) -> Rules {
        Rules { farmers, ..self }
    }

    #[must_use]
    pub const fn with_tiny_city(self, tiny_city: bool) -> Rules {
        Rules { tiny_city, ..self }
    }

    #[must_use]
    pub const fn with_farm_scoring(self, farm_scoring: FarmScoring) -> Rules {
        Rules {
            farm_scoring,
            ..self
        }
    }

    #[must_use]
    pub const fn with_river(self, river: bool) -> Rules {
        Rules { river, ..self }
    }

    #[must_use]
    pub const fn with_abbot(self, abbot: bool) -> Rules {
        Rules { abbot, ..self }
    }

    #[must_use]
    pub const fn with_hand(self, hand: u8) -> Rules {
        Rules { hand, ..self }
    }

    #[must_use]
    pub const fn with_hand_open(self, hand_open: bool) -> Rules {
        Rules { hand_open, ..self }
    }

    #[must_use]
    pub const fn with_hole_bonus(self, hole_bonus: bool) -> Rules {
        Rules { hole_bonus, ..self }
    }

    #[must_use]
    pub const fn with_score_incomplete(self, score_incomplete: bool) -> Rules {
        Rules {
            score_incomplete,
            ..self
        }
    }

    #[must_use]
    pub const fn with_table(self, table: Option<(u8, u8)>) -> Rules {
        Rules { table, ..self }
    }

    #[must_use]
    pub const fn with_table_closes(self, table_closes: bool) -> Rules {
        Rules {
            table_closes,
            ..self
        }
    }

    #[must_use]
    pub const fn with_start_in_bag(self, start_in_bag: bool) -> Rules {
        Rules {
            start_in_bag,
            ..self
        }
    }

    #[must_use]
    pub const fn with_unplayable_back(self, unplayable_back: bool) -> Rules {
        Rules {
            unplayable_back,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setter_changes_only_its_option() {
        let d = Rules::default();
        assert_eq!(d.with_edition(Edition::C1).edition, Edition::C1);
        assert!(!d.with_farmers(false).farmers);
        assert!(d.with_tiny_city(true).tiny_city);
        assert_eq!(
            d.with_farm_scoring(FarmScoring::First).farm_scoring,
            FarmScoring::First
        );
        assert!(d.with_river(true).river);
        assert!(d.with_abbot(true).abbot);
        // Setting an option to its default value changes nothing.
        let same = d
            .with_edition(d.edition)
            .with_farmers(d.farmers)
            .with_tiny_city(d.tiny_city)
            .with_farm_scoring(d.farm_scoring)
            .with_river(d.river)
            .with_abbot(d.abbot);
        assert_eq!(same, d);
        let all = d
            .with_edition(Edition::C1)
            .with_farmers(false)
            .with_tiny_city(true)
            .with_farm_scoring(FarmScoring::First)
            .with_river(true)
            .with_abbot(true);
        assert_eq!(
            all,
            Rules {
                edition: Edition::C1,
                farmers: false,
                tiny_city: true,
                farm_scoring: FarmScoring::First,
                river: true,
                abbot: true,
                ..Rules::default()
            }
        );
    }
}
