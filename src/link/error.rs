//! Why a link is refused. The game in progress is left as it was. The
//! words are plain English for now; they are kept apart from the reasons
//! so that they can move into the words' catalogues and be translated.

/// What is wrong with a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Characters a link never holds, or its check does not match.
    Garbled,
    /// The link stops before its end: part of it was lost in copying.
    Truncated,
    /// Written by a version of the game that reads links differently.
    Version { found: u8 },
    /// The link belongs to another game.
    OtherGame,
    /// The link is meant for another seat than the ones on this device.
    OtherSeat { seat: u8 },
    /// A turn's link was opened where the game is not known yet.
    UnknownGame,
    /// Move `number` (1-based) is not a legal move at its point.
    IllegalMove { number: usize },
    /// A seat's reveal does not hash to what that seat committed to.
    BadReveal { seat: u8 },
    /// The link holds moves whose draws need a reveal it does not carry.
    MissingReveal { seat: u8 },
    /// Move `number` differs from the move this device already has for
    /// that turn: two different games were sent from one.
    Fork { number: usize },
    /// Everything in the link is already known here: the game is past it.
    Old,
    /// The link starts after move `have` + 1 (1-based), which this
    /// device has not seen: an earlier link is missing.
    Gap { have: usize },
    /// A new game whose setup play by link cannot keep (hidden hands, a
    /// seat count or rule the game does not have).
    Setup,
}

impl LinkError {
    /// The sentence a player reads.
    pub fn sentence(self) -> String {
        match self {
            LinkError::Garbled => "This link is damaged: some of its characters were changed. Ask for it to be sent again.".into(),
            LinkError::Truncated => "This link is cut short: part of it was lost when it was copied. Ask for it to be sent again.".into(),
            LinkError::Version { found } => format!("This link was written by another version of the game (link format {}), which this page cannot read. Open it with the same version as the sender's.", found as i64),
            LinkError::OtherGame => "This link belongs to another game.".into(),
            LinkError::OtherSeat { seat } => format!("This link is for player {}, who does not play on this device.", seat as i64 + 1),
            LinkError::UnknownGame => "This link carries a turn of a game this device has not joined. Open the link to join the game first.".into(),
            LinkError::IllegalMove { number } => format!("Move {} in this link is not a legal move, so the link cannot be played.", number as i64),
            LinkError::BadReveal { seat } => format!("Player {}'s share of the draw does not match what they committed to at the start, so the tiles cannot be trusted.", seat as i64 + 1),
            LinkError::MissingReveal { seat } => format!("This link lacks player {}'s share of the draw, so its moves cannot be checked.", seat as i64 + 1),
            LinkError::Fork { number } => format!("Move {} in this link differs from the move already played here: someone sent two different turns.", number as i64),
            LinkError::Old => "This link is old: the game is already past it.".into(),
            LinkError::Gap { have } => format!("Move {} has not reached this device: an earlier link is missing. Open that one first.", have as i64 + 1),
            LinkError::Setup => "This game cannot be played by link: play by link needs 2 to 6 players and open hands.".into(),
        }
    }
}

impl core::fmt::Display for LinkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.sentence())
    }
}

impl std::error::Error for LinkError {}
