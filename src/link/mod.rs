//! Play by link (docs/link-play.md): a game between devices with no
//! server, each turn sent as a link, with draws no device can know or
//! choose before every seat's share is in. Web-free, like the engine it
//! drives.

pub mod bits;
pub mod chain;
pub mod codec;
pub mod draw;
pub mod error;
pub mod game;
pub mod moves;
pub mod qr;
pub mod round;
pub mod sha256;

pub use chain::Chain;
pub use codec::{Ask, Envelope, Header};
pub use error::LinkError;
pub use game::LinkGame;
