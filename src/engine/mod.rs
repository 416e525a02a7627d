//! The rules engine: tiles as data, placement, followers, scoring, records.
