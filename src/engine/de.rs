//! The engine's values read back natively from the JSON they serialise to,
//! for the shell's tape of a session (`shell/tape.rs`): a session recorded
//! on the page replays in a native test. The page only writes them.

use super::action::{FollowerChoice, Move};
use super::follower::Players;
use super::geometry::{Location, Pos};
use super::record::Record;
use super::tile::TileKind;
use serde::de::{Deserialize, Deserializer, Error};

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Pos, D::Error> {
        let [x, y] = <[i32; 2]>::deserialize(d)?;
        Ok(Pos::new(x, y))
    }
}

impl<'de> Deserialize<'de> for Location {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Location, D::Error> {
        let name = String::deserialize(d)?;
        Location::parse(&name).ok_or_else(|| D::Error::custom(format!("no location {name}")))
    }
}

impl<'de> Deserialize<'de> for TileKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<TileKind, D::Error> {
        let name = String::deserialize(d)?;
        TileKind::from_name(&name).ok_or_else(|| D::Error::custom(format!("no tile {name}")))
    }
}

impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Players, D::Error> {
        let seats = Vec::<u8>::deserialize(d)?;
        Ok(Players(seats.iter().fold(0, |m, &p| {
            m | 1u8.checked_shl(p.into()).unwrap_or(0)
        })))
    }
}

/// A move as its record object has it (see `Move`'s `Serialize`).
#[derive(serde::Deserialize)]
struct MoveObject {
    at: Pos,
    rotation: u8,
    tile: Option<TileKind>,
    follower: Option<Location>,
    abbot: Option<Location>,
    recall_abbot: Option<Pos>,
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let m = MoveObject::deserialize(d)?;
        let choice = match (m.follower, m.abbot, m.recall_abbot) {
            (Some(l), None, None) => FollowerChoice::Follower(l),
            (None, Some(_), None) => FollowerChoice::Abbot,
            (None, None, Some(p)) => FollowerChoice::RecallAbbot(p),
            (None, None, None) => FollowerChoice::Skip,
            _ => return Err(D::Error::custom("a move has at most one follower choice")),
        };
        Ok(Move {
            at: m.at,
            rotation: m.rotation,
            choice,
            tile: m.tile,
        })
    }
}

impl<'de> Deserialize<'de> for Record {
    /// Through the record reader, which checks it as a file's would be.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        super::read::record(&Some(&v)).map_err(|e| D::Error::custom(e.detail()))
    }
}

impl<'de> Deserialize<'de> for super::rules::Rules {
    /// Through the record reader's, as a record's `rules` object.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<super::rules::Rules, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        super::read::rules(&Some(&v)).map_err(|e| D::Error::custom(format!("{e:?}")))
    }
}
