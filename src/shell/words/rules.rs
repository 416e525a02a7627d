//! The words of each switch of the rules table (`engine::rules::RULES`),
//! by its key: the start screen's line, its part of "House rules: …" and
//! its sentence on the rules card. A translation replaces this list; the
//! table keeps the rules.

use crate::engine::rules::Switch;

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

pub const SWITCH_WORDS: &[SwitchWords] = &[
    SwitchWords {
        key: "edition",
        label: "First-edition tiles",
        about: "The original tile set, without gardens.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "farmers",
        label: "Farmers",
        about: "Lie in fields; at the end each field pays 3 per finished city it touches.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "tiny_city",
        label: "Tiny city",
        about: "Old rule: a finished city of two tiles scores only 2, and 1 more per pennant.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "farm_scoring",
        label: "First-edition farms",
        about: "Old rule: each finished city pays 4 to the farmers around it.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "river",
        label: "The River",
        about: "The game opens with 12 river tiles laid as one winding river.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "abbot",
        label: "The Abbot",
        about: "Each player gets an abbot for monasteries and gardens, and may call it back early.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "hand_open",
        label: "Hidden hands",
        about: "Each player sees only their own tiles.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "hole_bonus",
        label: "Fill a hole, play again",
        about: "A tile laid with tiles on all four sides earns another turn.",
        clause: "another turn for filling a hole",
        card: "A tile that fills a hole, with tiles on all four sides, earns another turn.",
    },
    SwitchWords {
        key: "score_incomplete",
        label: "Only finished features score",
        about:
            "At the end, unfinished roads, cities and monasteries score nothing; fields still pay.",
        clause: "only finished features score at the end",
        card: "",
    },
    SwitchWords {
        key: "table_closes",
        label: "The edge closes features",
        about: "A road or city running into the table's edge counts as finished there, and a \
                monastery counts the squares off the table as neighbours.",
        clause: "",
        card: "",
    },
    SwitchWords {
        key: "start_in_bag",
        label: "Start tile in the bag",
        about: "The first tile drawn, whatever it is, begins the board.",
        clause: "the start tile drawn from the bag",
        card: "",
    },
    SwitchWords {
        key: "unplayable_back",
        label: "Unplayable tiles go back",
        about: "A tile that fits nowhere goes back into the bag instead of out of the game.",
        clause: "unplayable tiles back into the bag",
        card: "",
    },
];

/// The words of `s`; a switch with none (a test keeps every one worded)
/// reads as its key rather than failing.
pub fn switch_words(s: &Switch) -> SwitchWords {
    match SWITCH_WORDS.iter().find(|w| w.key == s.key) {
        Some(w) => *w,
        None => SwitchWords {
            key: s.key,
            label: s.key,
            about: "",
            clause: "",
            card: "",
        },
    }
}
