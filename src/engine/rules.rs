//! Rule options of rules §5. Every key is optional in a record; defaults are the current rules.

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
    // House rules (rules §12). A record names them only when they differ
    // from the default, so older readers and records stay as they were.
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

impl Rules {
    /// Every key a record's `rules` holds, in order, with its value: the
    /// options of §5 always, the house rules only where they differ from
    /// the default. The one list of keys the writer (the `Serialize` impl,
    /// through serde_json natively and serde_wasm_bindgen on the page) follows.
    pub fn each(&self, mut f: impl FnMut(&'static str, Value)) {
        f(
            "edition",
            Value::Word(match self.edition {
                Edition::C1 => "c1",
                Edition::C3 => "c3",
            }),
        );
        f("farmers", Value::Flag(self.farmers));
        f("tiny_city", Value::Flag(self.tiny_city));
        f(
            "farm_scoring",
            Value::Word(match self.farm_scoring {
                FarmScoring::First => "first",
                FarmScoring::Third => "third",
            }),
        );
        f("river", Value::Flag(self.river));
        f("abbot", Value::Flag(self.abbot));
        let d = Rules::default();
        if self.hand != d.hand {
            f("hand", Value::Number(self.hand));
        }
        for (key, on, default) in [
            ("hand_open", self.hand_open, d.hand_open),
            ("hole_bonus", self.hole_bonus, d.hole_bonus),
            (
                "score_incomplete",
                self.score_incomplete,
                d.score_incomplete,
            ),
        ] {
            if on != default {
                f(key, Value::Flag(on));
            }
        }
        if let Some((w, h)) = self.table {
            f("table", Value::Pair(w, h));
        }
        for (key, on, default) in [
            ("table_closes", self.table_closes, d.table_closes),
            ("start_in_bag", self.start_in_bag, d.start_in_bag),
            ("unplayable_back", self.unplayable_back, d.unplayable_back),
        ] {
            if on != default {
                f(key, Value::Flag(on));
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
    fn default() -> Rules {
        Rules {
            edition: Edition::C3,
            farmers: true,
            tiny_city: false,
            farm_scoring: FarmScoring::Third,
            river: false,
            abbot: false,
            hand: 0,
            hand_open: true,
            hole_bonus: false,
            score_incomplete: true,
            table: None,
            table_closes: false,
            start_in_bag: false,
            unplayable_back: false,
        }
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
