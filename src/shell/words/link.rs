//! Play by link's words: the send card, whose turn it is, and why a link
//! is refused (each of `LinkError`'s reasons, said in the language spoken
//! now; `link/error.rs` keeps the English for the native tools).

use super::catalogue::keys;
use super::*;
use crate::link::LinkError;

keys! { LinkW "link" {
    SendTo = "Send this to {1}",
    SendBack = "Send this back to {1}, who invited you",
    Invite = "Invite {1}: send them this link",
    WaitingFor = "Waiting for {1}",
    WaitingJoin = "Waiting for {1} to join",
    YourTurn = "Your turn",
    Share = "Share",
    Copy = "Copy",
    Qr = "QR code",
    SendAgain = "Send the link again",
    Waiting = "Waiting for {1}'s move by link…",
    LostKey = "This device has lost the key to your seat's draws; the game cannot go on with this seat until it joins again. The others can finish the game on one device from its record.",
    AskFor = "Your link has gone to {1}. Ask them by link to let you take back your last turn?",
    AskIt = "Ask",
    AskedBy = "{1} asks to take back their last turn.",
    Allow = "Allow",
    Refuse = "Refuse",
    TooLate = "Too late to take back {1}'s turn: the game has gone on since.",
    Garbled = "This link is damaged: some of its characters were changed. Ask for it to be sent again.",
    Truncated = "This link is cut short: part of it was lost when it was copied. Ask for it to be sent again.",
    Version = "This link was written by another version of the game (link format {1}), which this page cannot read. Open it with the same version as the sender's.",
    OtherGame = "This link belongs to another game.",
    OtherSeat = "This link is for player {1}, who does not play on this device.",
    UnknownGame = "This link carries a turn of a game this device has not joined. Open the link to join the game first.",
    IllegalMove = "Move {1} in this link is not a legal move, so the link cannot be played.",
    BadReveal = "Player {1}'s share of the draw does not match what they committed to at the start, so the tiles cannot be trusted.",
    MissingReveal = "This link lacks player {1}'s share of the draw, so its moves cannot be checked.",
    Fork = "Move {1} in this link differs from the move already played here: someone sent two different turns.",
    Old = "This link is old: the game is already past it.",
    Gap = "Move {1} has not reached this device: an earlier link is missing. Open that one first.",
    Setup = "This game cannot be played by link: play by link needs 2 to 6 players and open hands.",
}}

/// Why a link is refused, in words.
pub fn link_refusal(e: LinkError) -> String {
    use LinkW::*;
    let (key, n) = match e {
        LinkError::Garbled => (Garbled, None),
        LinkError::Truncated => (Truncated, None),
        LinkError::Version { found } => (Version, Some(u32::from(found))),
        LinkError::OtherGame => (OtherGame, None),
        LinkError::OtherSeat { seat } => (OtherSeat, Some(u32::from(seat) + 1)),
        LinkError::UnknownGame => (UnknownGame, None),
        LinkError::IllegalMove { number } => (IllegalMove, Some(number as u32)),
        LinkError::BadReveal { seat } => (BadReveal, Some(u32::from(seat) + 1)),
        LinkError::MissingReveal { seat } => (MissingReveal, Some(u32::from(seat) + 1)),
        LinkError::Fork { number } => (Fork, Some(number as u32)),
        LinkError::Old => (Old, None),
        LinkError::Gap { have } => (Gap, Some(have as u32 + 1)),
        LinkError::Setup => (Setup, None),
    };
    match n {
        Some(n) => fill(key, &[&said(n)]),
        None => t(key).into(),
    }
}

/// A line of the link card: `key` with a player's name.
pub fn link_line(key: LinkW, name: &str) -> String {
    fill(key, &[name])
}

/// The question of an undo by link: asking seat `name` (not `allow`), or
/// allowing `name`'s request; its text and its buttons (yes, no, and the
/// note after a no).
pub fn undo_by_link(allow: bool, name: &str) -> (String, [&'static str; 3]) {
    use LinkW::*;
    let [key, yes] = if allow {
        [AskedBy, Allow]
    } else {
        [AskFor, AskIt]
    };
    let no = if allow { t(Refuse) } else { t(GamesW::KeepIt) };
    (fill(key, &[name]), [t(yes), no, t(GamesW::NothingUndone)])
}
