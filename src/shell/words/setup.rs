//! The start screen's words: the players' default names, the levels, the seats.

use super::catalogue::keys;
use super::*;

keys! { SetupW "setup" {
    Yellow = "Yellow",
    Red = "Red",
    Green = "Green",
    Blue = "Blue",
    Black = "Black",
    Pink = "Pink",
    Random = "random",
    Greedy = "greedy",
    Easy = "easy",
    Medium = "medium",
    Hard = "hard",
    AboutRandom = "Random: plays any move it may, at random.",
    AboutGreedy = "Greedy: grabs the most points it can this turn.",
    AboutEasy = "Easy: a gentle opponent for a first game.",
    AboutMedium = "Medium: plays well, and still leaves openings.",
    AboutHard = "Hard: a strong player that plans to win.",
    ColourYellow = "yellow",
    ColourRed = "red",
    ColourGreen = "green",
    ColourBlue = "blue",
    ColourBlack = "black",
    ColourPink = "pink",
    ColourLabel = "Colour of player {1}: {2}. Tap to change.",
    ComputerAfterName = " (computer, {1})",
    Remote = "On another device",
    LinkHiddenHands = "Players on other devices play with open hands: every device works out every draw to check the others, so no hand can be hidden from them.",
    LinkNoneHere = "At least one player must play on this device.",
}}

/// The players' default names, one a follower colour.
pub fn colour_names() -> [&'static str; 6] {
    use SetupW::*;
    [t(Yellow), t(Red), t(Green), t(Blue), t(Black), t(Pink)]
}

/// How a computer level plays, for the start screen: "Hard: …". One
/// plain line each, for a family choosing an opponent; how each plays in
/// detail is in docs/ai.md.
pub fn level_words(level: crate::ai::Level) -> String {
    use crate::ai::Level;
    use SetupW::*;
    t(match level {
        Level::Random => AboutRandom,
        Level::Greedy => AboutGreedy,
        Level::Easy => AboutEasy,
        Level::Medium => AboutMedium,
        Level::Hard => AboutHard,
    })
    .into()
}

/// The colour button of setup row `i`, for screen readers; `colour` is
/// the colour's number (0 yellow … 5 pink).
pub fn colour_label(i: usize, colour: u8) -> String {
    use SetupW::*;
    let word = [
        ColourYellow,
        ColourRed,
        ColourGreen,
        ColourBlue,
        ColourBlack,
        ColourPink,
    ][usize::from(colour % 6)];
    fill(ColourLabel, &[&said(i as u32 + 1), t(word)])
}

/// " (computer, hard)" after a name in the score table.
pub fn computer_after_name(level: crate::ai::Level) -> String {
    fill(SetupW::ComputerAfterName, &[level_word(level)])
}
