//! Each device's hash chain (docs/link-play.md §2): a secret, hashed over
//! and over; the last value is the device's commitment, sent when it
//! joins, and the values before it are its reveals, given out one a move,
//! last first. A reveal is checked by hashing it back up to what is known,
//! and knowing a later reveal gives every earlier one, so a link carries
//! only each device's newest.

use super::sha256::Sha256;

/// A chain value: the first 16 bytes of a SHA-256 hash (128 bits: no
/// one can find a value that hashes to a given one).
pub type Link16 = [u8; 16];

/// How many reveals a chain holds: more than the moves any one seat can
/// make (a game has at most 96 tiles to lay), with one to spare for the
/// draw after a seat's last move.
pub const LENGTH: u16 = 100;

/// The chain step: the first 16 bytes of SHA-256 of the value, behind a
/// label so these hashes mean nothing elsewhere.
pub fn step(v: &Link16) -> Link16 {
    let d = Sha256::new()
        .update(b"carcassonne chain")
        .update(v)
        .finish();
    let mut out = [0; 16];
    out.copy_from_slice(&d[..16]);
    out
}

/// `v` hashed `n` times.
pub fn steps(mut v: Link16, n: u16) -> Link16 {
    for _ in 0..n {
        v = step(&v);
    }
    v
}

/// A device's secret chain. Reveal `k` (0 is the commitment itself) is
/// the secret hashed `LENGTH - k` times, so reveal `k` hashed once is
/// reveal `k - 1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    secret: Link16,
}

impl Chain {
    /// A chain from 16 random bytes, which the caller takes from a secure
    /// source (the page: `crypto.getRandomValues`) and keeps.
    pub fn new(secret: Link16) -> Chain {
        Chain { secret }
    }

    pub fn secret(&self) -> Link16 {
        self.secret
    }

    /// What the device sends when it joins.
    pub fn commitment(&self) -> Link16 {
        self.reveal(0)
    }

    /// Reveal `k`, 0 to [`LENGTH`].
    pub fn reveal(&self, k: u16) -> Link16 {
        steps(self.secret, LENGTH - k.min(LENGTH))
    }
}

/// Whether `value`, claimed as reveal `k`, hashes to `known`, the reveal
/// `known_k` already trusted (`k >= known_k`). Never hashes more than
/// [`LENGTH`] times.
pub fn checks(value: &Link16, k: u16, known: &Link16, known_k: u16) -> bool {
    k >= known_k && k <= LENGTH && steps(*value, k - known_k) == *known
}
