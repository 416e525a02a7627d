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
    t.push_str(match level {
        Level::Random => "plays any legal move at random.",
        Level::Greedy => "takes whatever scores best this turn and never looks further ahead.",
        Level::Easy => "tries each move in a few hundred random games, so it often misses the best one: a fair match for a new player.",
        Level::Medium => "tries its most promising moves in a couple of thousand games where tiles go where they fit snugly, and picks the one that wins most often.",
        Level::Hard => "starts from the moves that score best now, tests them in thousands of games played as people play (the more, the nearer the end), closing what they can and putting followers where they score soon, and plays to win first, then to win by more.",
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
