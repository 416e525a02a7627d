//! The setup round (docs/link-play.md §6), a star around the host: the
//! host sends each seat on another device an invite (the setup with the
//! commitments known so far), each invited device answers with a reply
//! carrying its own commitment, and once every commitment is in the game
//! starts. What a link is for is told by its parts, so one address opens
//! all of them: an invite asks for the commitment of the seat it is for,
//! a reply names the invite it answers (the id of the setup without its
//! commitment), and any other link names its game by the complete setup.

use super::chain::Chain;
use super::codec::{self, Ask, Envelope, Header};
use super::error::LinkError;

/// What an opened link is for.
pub enum Opened {
    /// The host's invite for seat `to`.
    Invite(Envelope),
    /// Seat `seat`'s reply to invite `invite` (its game id), with the
    /// setup as that device has it.
    Reply {
        invite: [u8; 8],
        seat: u8,
        header: Header,
    },
    /// A link of a game under way: with its setup (to join) or without.
    Game(Envelope),
    /// A request to take back moves, or the answer allowing it.
    Undo(Ask),
}

fn envelope(game: [u8; 8], to: u8, header: Header) -> String {
    Envelope {
        game,
        to,
        header: Some(header),
        first: 0,
        count: 0,
        reveals: Vec::new(),
        moves: Vec::new(),
    }
    .encode()
}

/// The invite for seat `to` of the host's setup (its commitment not in).
pub fn invite(header: &Header, to: u8) -> String {
    envelope(header.id(), to, header.clone())
}

/// The reply to `invite` (an [`Opened::Invite`]) from the device that
/// holds `chain` for the seat invited.
pub fn reply(invite: &Envelope, chain: &Chain) -> Option<String> {
    let mut h = invite.header.clone()?;
    *h.commitments.get_mut(invite.to as usize)? = chain.commitment();
    Some(envelope(invite.game, invite.to, h))
}

/// Reads a link and tells what it is for.
pub fn open(text: &str) -> Result<Opened, LinkError> {
    let body = codec::body(text)?;
    if let Some(a) = Ask::read(&body) {
        return Ok(Opened::Undo(a));
    }
    let e = Envelope::read(&body)?;
    let Some(h) = &e.header else {
        return Ok(Opened::Game(e));
    };
    let seat = e.to as usize;
    let own = *h.commitments.get(seat).ok_or(LinkError::Garbled)?;
    if e.game == h.id() {
        if own == [0; 16] {
            return Ok(Opened::Invite(e));
        }
        if h.complete() {
            return Ok(Opened::Game(e));
        }
    } else if own != [0; 16] && e.count == 0 {
        let mut asked = h.clone();
        asked.commitments[seat] = [0; 16];
        if asked.id() == e.game {
            return Ok(Opened::Reply {
                invite: e.game,
                seat: e.to,
                header: h.clone(),
            });
        }
    }
    Err(LinkError::Garbled)
}

/// Takes a reply into the host's setup `header`, whose invites were sent
/// as `asked`: the reply must answer one of them, for a seat invited, and
/// change nothing but that seat's commitment.
pub fn take_reply(
    asked: &Header,
    header: &mut Header,
    invite: [u8; 8],
    seat: u8,
    replied: &Header,
) -> Result<(), LinkError> {
    if invite != asked.id() {
        return Err(LinkError::OtherGame);
    }
    let s = seat as usize;
    if asked.commitments.get(s) != Some(&[0; 16]) {
        return Err(LinkError::OtherSeat { seat });
    }
    let mut same = replied.clone();
    same.commitments[s] = [0; 16];
    if same != *asked {
        return Err(LinkError::OtherGame);
    }
    if header.commitments[s] == replied.commitments[s] {
        return Err(LinkError::Old);
    }
    header.commitments[s] = replied.commitments[s];
    Ok(())
}
