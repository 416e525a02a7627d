//! Every record fixture, for the tests that cannot read files (wasm).
//! `records_fixtures_are_all_listed` (tests/records.rs) keeps it complete.

pub const GOOD: &[(&str, &str)] = &[
    (
        "coordinates-negative-zero",
        include_str!("good/coordinates-negative-zero.json"),
    ),
    (
        "deck-null-with-seed",
        include_str!("good/deck-null-with-seed.json"),
    ),
    ("rules-example", include_str!("good/rules-example.json")),
    ("follower-null", include_str!("good/follower-null.json")),
    (
        "house-rules-hand",
        include_str!("good/house-rules-hand.json"),
    ),
    (
        "house-rules-start-in-bag-empty-deck",
        include_str!("good/house-rules-start-in-bag-empty-deck.json"),
    ),
    (
        "house-rules-start-in-bag-four-d",
        include_str!("good/house-rules-start-in-bag-four-d.json"),
    ),
    ("meta-null", include_str!("good/meta-null.json")),
    ("meta-object", include_str!("good/meta-object.json")),
    ("meta-string", include_str!("good/meta-string.json")),
    ("moves-empty", include_str!("good/moves-empty.json")),
    ("moves-missing", include_str!("good/moves-missing.json")),
    ("moves-null", include_str!("good/moves-null.json")),
    ("river-abbot-c1", include_str!("good/river-abbot-c1.json")),
    ("rotation-1.0", include_str!("good/rotation-1.0.json")),
    (
        "rules-abbot-null",
        include_str!("good/rules-abbot-null.json"),
    ),
    ("rules-empty", include_str!("good/rules-empty.json")),
    ("rules-null", include_str!("good/rules-null.json")),
    ("seed-2^53-1", include_str!("good/seed-2^53-1.json")),
    ("seed-and-deck", include_str!("good/seed-and-deck.json")),
    ("seed-exponent", include_str!("good/seed-exponent.json")),
    (
        "seed-null-with-deck",
        include_str!("good/seed-null-with-deck.json"),
    ),
    ("seed-zero", include_str!("good/seed-zero.json")),
    (
        "six-players-unicode",
        include_str!("good/six-players-unicode.json"),
    ),
];

pub const BAD: &[(&str, &str)] = &[
    (
        "any-lone-surrogate-name",
        include_str!("bad/any-lone-surrogate-name.json"),
    ),
    (
        "deck-river-after-land",
        include_str!("bad/deck-river-after-land.json"),
    ),
    ("deck-too-many", include_str!("bad/deck-too-many.json")),
    (
        "deck-unknown-tile",
        include_str!("bad/deck-unknown-tile.json"),
    ),
    (
        "field-deck-string",
        include_str!("bad/field-deck-string.json"),
    ),
    (
        "field-format-missing",
        include_str!("bad/field-format-missing.json"),
    ),
    (
        "field-format-number",
        include_str!("bad/field-format-number.json"),
    ),
    (
        "field-move-abbot-not-centre",
        include_str!("bad/field-move-abbot-not-centre.json"),
    ),
    (
        "field-move-at-beyond-i32",
        include_str!("bad/field-move-at-beyond-i32.json"),
    ),
    (
        "field-move-at-fraction",
        include_str!("bad/field-move-at-fraction.json"),
    ),
    (
        "field-move-at-one",
        include_str!("bad/field-move-at-one.json"),
    ),
    (
        "field-move-at-three",
        include_str!("bad/field-move-at-three.json"),
    ),
    ("field-move-list", include_str!("bad/field-move-list.json")),
    (
        "field-move-location-lowercase",
        include_str!("bad/field-move-location-lowercase.json"),
    ),
    (
        "field-move-location-unknown",
        include_str!("bad/field-move-location-unknown.json"),
    ),
    ("field-move-null", include_str!("bad/field-move-null.json")),
    (
        "field-move-rotation-1.5",
        include_str!("bad/field-move-rotation-1.5.json"),
    ),
    (
        "field-move-rotation-256",
        include_str!("bad/field-move-rotation-256.json"),
    ),
    (
        "field-move-rotation-missing",
        include_str!("bad/field-move-rotation-missing.json"),
    ),
    (
        "field-move-rotation-true",
        include_str!("bad/field-move-rotation-true.json"),
    ),
    (
        "field-move-tile-null",
        include_str!("bad/field-move-tile-null.json"),
    ),
    (
        "field-move-tile-unknown",
        include_str!("bad/field-move-tile-unknown.json"),
    ),
    (
        "field-move-two-choices",
        include_str!("bad/field-move-two-choices.json"),
    ),
    (
        "field-move-unknown-key",
        include_str!("bad/field-move-unknown-key.json"),
    ),
    (
        "field-moves-object",
        include_str!("bad/field-moves-object.json"),
    ),
    (
        "field-moves-string",
        include_str!("bad/field-moves-string.json"),
    ),
    (
        "field-players-null",
        include_str!("bad/field-players-null.json"),
    ),
    (
        "field-players-number",
        include_str!("bad/field-players-number.json"),
    ),
    (
        "field-players-string",
        include_str!("bad/field-players-string.json"),
    ),
    (
        "field-rules-abbot-string",
        include_str!("bad/field-rules-abbot-string.json"),
    ),
    (
        "field-rules-edition",
        include_str!("bad/field-rules-edition.json"),
    ),
    (
        "field-rules-hand-null",
        include_str!("bad/field-rules-hand-null.json"),
    ),
    (
        "field-rules-hand-zero",
        include_str!("bad/field-rules-hand-zero.json"),
    ),
    (
        "field-rules-hole-bonus-null",
        include_str!("bad/field-rules-hole-bonus-null.json"),
    ),
    (
        "field-rules-list",
        include_str!("bad/field-rules-list.json"),
    ),
    (
        "field-rules-river-number",
        include_str!("bad/field-rules-river-number.json"),
    ),
    (
        "field-rules-start-in-bag-with-river",
        include_str!("bad/field-rules-start-in-bag-with-river.json"),
    ),
    (
        "field-rules-string",
        include_str!("bad/field-rules-string.json"),
    ),
    (
        "field-rules-table-closes-without-table",
        include_str!("bad/field-rules-table-closes-without-table.json"),
    ),
    (
        "field-rules-table-even",
        include_str!("bad/field-rules-table-even.json"),
    ),
    (
        "field-rules-unknown-key",
        include_str!("bad/field-rules-unknown-key.json"),
    ),
    ("field-seed-2^53", include_str!("bad/field-seed-2^53.json")),
    (
        "field-seed-2^64-1",
        include_str!("bad/field-seed-2^64-1.json"),
    ),
    (
        "field-seed-fraction",
        include_str!("bad/field-seed-fraction.json"),
    ),
    ("field-seed-huge", include_str!("bad/field-seed-huge.json")),
    (
        "field-seed-negative",
        include_str!("bad/field-seed-negative.json"),
    ),
    (
        "field-seed-string",
        include_str!("bad/field-seed-string.json"),
    ),
    ("field-top-list", include_str!("bad/field-top-list.json")),
    ("field-top-null", include_str!("bad/field-top-null.json")),
    (
        "field-top-number",
        include_str!("bad/field-top-number.json"),
    ),
    (
        "field-top-string",
        include_str!("bad/field-top-string.json"),
    ),
    ("field-top-true", include_str!("bad/field-top-true.json")),
    (
        "field-unknown-key",
        include_str!("bad/field-unknown-key.json"),
    ),
    (
        "header-format-other",
        include_str!("bad/header-format-other.json"),
    ),
    (
        "header-no-seed-no-deck",
        include_str!("bad/header-no-seed-no-deck.json"),
    ),
    (
        "header-one-player",
        include_str!("bad/header-one-player.json"),
    ),
    (
        "header-seed-null-deck-null",
        include_str!("bad/header-seed-null-deck-null.json"),
    ),
    (
        "header-seven-players",
        include_str!("bad/header-seven-players.json"),
    ),
    ("json-empty", include_str!("bad/json-empty.json")),
    ("json-nan", include_str!("bad/json-nan.json")),
    ("json-trailing", include_str!("bad/json-trailing.json")),
    ("json-truncated", include_str!("bad/json-truncated.json")),
    (
        "rule-edge-mismatch",
        include_str!("bad/rule-edge-mismatch.json"),
    ),
    ("rule-game-over", include_str!("bad/rule-game-over.json")),
    (
        "rule-move-off-table",
        include_str!("bad/rule-move-off-table.json"),
    ),
    (
        "rule-move-tile-missing-mixed-hand",
        include_str!("bad/rule-move-tile-missing-mixed-hand.json"),
    ),
    (
        "rule-move-tile-not-in-hand",
        include_str!("bad/rule-move-tile-not-in-hand.json"),
    ),
    (
        "rule-move-tile-on-river-turn",
        include_str!("bad/rule-move-tile-on-river-turn.json"),
    ),
    (
        "rule-move-tile-without-hand",
        include_str!("bad/rule-move-tile-without-hand.json"),
    ),
    (
        "rule-not-touching",
        include_str!("bad/rule-not-touching.json"),
    ),
    ("rule-occupied", include_str!("bad/rule-occupied.json")),
    ("rule-rotation-4", include_str!("bad/rule-rotation-4.json")),
];
