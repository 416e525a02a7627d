//! The words of each switch of the rules table (`engine::rules::RULES`),
//! by its key: the start screen's line, its part of "House rules: …" and
//! its sentence on the rules card. The table keeps the rules; each
//! sentence is a key of the catalogue.

use super::catalogue::keys;
use super::t;
use crate::engine::rules::Switch;

keys! { RulesW "rules" {
    EditionLabel = "First-edition tiles",
    EditionAbout = "The original tile set, without gardens.",
    FarmersLabel = "Farmers",
    FarmersAbout = "Lie in fields; at the end each field pays 3 per finished city it touches.",
    TinyCityLabel = "Tiny city",
    TinyCityAbout = "Old rule: a finished city of two tiles scores only 2, and 1 more per pennant.",
    FarmScoringLabel = "First-edition farms",
    FarmScoringAbout = "Old rule: each finished city pays 4 to the farmers around it.",
    RiverLabel = "The River",
    RiverAbout = "The game opens with 12 river tiles laid as one winding river.",
    AbbotLabel = "The Abbot",
    AbbotAbout = "Each player gets an abbot for monasteries and gardens, and may call it back early.",
    HandOpenLabel = "Hidden hands",
    HandOpenAbout = "Each player sees only their own tiles.",
    HoleBonusLabel = "Fill a hole, play again",
    HoleBonusAbout = "A tile laid with tiles on all four sides earns another turn.",
    HoleBonusClause = "another turn for filling a hole",
    HoleBonusCard = "A tile that fills a hole, with tiles on all four sides, earns another turn.",
    ScoreIncompleteLabel = "Only finished features score",
    ScoreIncompleteAbout = "At the end, unfinished roads, cities and monasteries score nothing; fields still pay.",
    ScoreIncompleteClause = "only finished features score at the end",
    TableClosesLabel = "The edge closes features",
    TableClosesAbout = "A road or city running into the table's edge counts as finished there, and a monastery counts the squares off the table as neighbours.",
    StartInBagLabel = "Start tile in the bag",
    StartInBagAbout = "The first tile drawn, whatever it is, begins the board.",
    StartInBagClause = "the start tile drawn from the bag",
    UnplayableBackLabel = "Unplayable tiles go back",
    UnplayableBackAbout = "A tile that fits nowhere goes back into the bag instead of out of the game.",
    UnplayableBackClause = "unplayable tiles back into the bag",
}}

/// What a player reads of one switch. "On" is the rule in play, as its
/// box ticks it (hidden hands for `hand_open`).
#[derive(Clone, Copy, Debug)]
pub struct SwitchWords {
    pub key: &'static str,
    /// The start screen's line: the rule's name, in bold...
    pub label: &'static str,
    /// ...then what it does.
    pub about: &'static str,
    /// While on, its part of the house rules' sentence (score card, rules
    /// card). Empty: not a house rule, or told with the hand or the table.
    pub clause: &'static str,
    /// While on, its sentence on the rules card, after what happens to a
    /// tile that fits nowhere. Empty: the card tells it in its own place.
    pub card: &'static str,
}

/// The keys of one switch's words ([`SwitchWords`]); None: it has none
/// of that part.
#[derive(Clone, Copy, Debug)]
pub struct SwitchKeys {
    pub key: &'static str,
    label: RulesW,
    about: RulesW,
    clause: Option<RulesW>,
    card: Option<RulesW>,
}

use RulesW::*;

pub const SWITCH_WORDS: &[SwitchKeys] = &[
    SwitchKeys {
        key: "edition",
        label: EditionLabel,
        about: EditionAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "farmers",
        label: FarmersLabel,
        about: FarmersAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "tiny_city",
        label: TinyCityLabel,
        about: TinyCityAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "farm_scoring",
        label: FarmScoringLabel,
        about: FarmScoringAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "river",
        label: RiverLabel,
        about: RiverAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "abbot",
        label: AbbotLabel,
        about: AbbotAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "hand_open",
        label: HandOpenLabel,
        about: HandOpenAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "hole_bonus",
        label: HoleBonusLabel,
        about: HoleBonusAbout,
        clause: Some(HoleBonusClause),
        card: Some(HoleBonusCard),
    },
    SwitchKeys {
        key: "score_incomplete",
        label: ScoreIncompleteLabel,
        about: ScoreIncompleteAbout,
        clause: Some(ScoreIncompleteClause),
        card: None,
    },
    SwitchKeys {
        key: "table_closes",
        label: TableClosesLabel,
        about: TableClosesAbout,
        clause: None,
        card: None,
    },
    SwitchKeys {
        key: "start_in_bag",
        label: StartInBagLabel,
        about: StartInBagAbout,
        clause: Some(StartInBagClause),
        card: None,
    },
    SwitchKeys {
        key: "unplayable_back",
        label: UnplayableBackLabel,
        about: UnplayableBackAbout,
        clause: Some(UnplayableBackClause),
        card: None,
    },
];

/// The words of `s`; a switch with none (a test keeps every one worded)
/// reads as its key rather than failing.
pub fn switch_words(s: &Switch) -> SwitchWords {
    let say = |k: Option<RulesW>| k.map_or("", t);
    match SWITCH_WORDS.iter().find(|w| w.key == s.key) {
        Some(w) => SwitchWords {
            key: w.key,
            label: t(w.label),
            about: t(w.about),
            clause: say(w.clause),
            card: say(w.card),
        },
        None => SwitchWords {
            key: s.key,
            label: s.key,
            about: "",
            clause: "",
            card: "",
        },
    }
}
