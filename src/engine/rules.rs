//! Rule options of digest §5. Every key is optional in a record; defaults are the current rules.

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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Rules {
    pub edition: Edition,
    pub farmers: bool,
    pub tiny_city: bool,
    pub farm_scoring: FarmScoring,
    pub river: bool,
    pub abbot: bool,
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
            }
        );
    }
}
