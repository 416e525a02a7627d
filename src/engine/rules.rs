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
