//! The start screen's words: the players' default names, the levels, the seats.

use super::*;

/// The players' default names, one a follower colour.
pub const COLOUR_NAMES: [&str; 6] = ["Yellow", "Red", "Green", "Blue", "Black", "Pink"];

/// How a computer level plays, for the start screen: "Hard: …".
pub fn level_words(level: crate::ai::Level) -> String {
    use crate::ai::Level;
    let mut t = String::from(match level {
        Level::Random => "Random: ",
        Level::Greedy => "Greedy: ",
        Level::Easy => "Easy: ",
        Level::Medium => "Medium: ",
        Level::Hard => "Hard: ",
    });
    // One plain line each, for a family choosing an opponent; how each
    // plays in detail is in docs/ai.md.
    t.push_str(match level {
        Level::Random => "plays any move it may, at random.",
        Level::Greedy => "grabs the most points it can this turn.",
        Level::Easy => "a gentle opponent for a first game.",
        Level::Medium => "plays well, and still leaves openings.",
        Level::Hard => "a strong player that plans to win.",
    });
    t
}

/// The colour button of setup row `i`, for screen readers.
pub fn colour_label(i: usize, colour: &str) -> String {
    let mut label = String::from("Colour of player ");
    push_num(&mut label, i as u32 + 1);
    label.push_str(": ");
    label.push_str(colour);
    label.push_str(". Tap to change.");
    label
}

/// " (computer, hard)" after a name in the score table.
pub fn computer_after_name(level: &str) -> String {
    let mut t = String::from(" (computer, ");
    t.push_str(level);
    t.push(')');
    t
}
