//! Short-lived scoring feedback: features lighting up, floating "+N" marks in
//! the scorer's colour, and followers flying home. Each effect has a start
//! time (final scoring shows its items one after another) and a duration;
//! frames are requested only while one is running.

use super::meeple_art::Pose;
use crate::engine::{Pos, TileKind};

pub enum Kind {
    /// A feature's tiles light up in a colour.
    Glow {
        tiles: Vec<Pos>,
        colour: &'static str,
    },
    /// "+N" rising from a board point.
    Points {
        x: f64,
        y: f64,
        text: String,
        colour: &'static str,
    },
    /// A piece leaving the board point (x, y) for the screen point `to`.
    Home {
        x: f64,
        y: f64,
        to: (f64, f64),
        /// The piece's colour (index).
        ink: u8,
        pose: Pose,
    },
    /// A computer's tile travelling from the hand (a screen point, `size`
    /// CSS pixels wide) to its cell.
    Slide {
        kind: TileKind,
        rotation: u8,
        from: (f64, f64),
        size: f64,
        to: Pos,
    },
}

pub struct Effect {
    pub start: f64,
    pub duration: f64,
    pub kind: Kind,
}

impl Effect {
    /// Progress 0..1, or None before the start.
    pub fn progress(&self, now: f64) -> Option<f64> {
        (now >= self.start).then(|| ((now - self.start) / self.duration).min(1.0))
    }
}

#[derive(Default)]
pub struct Effects {
    pub list: Vec<Effect>,
}

impl Effects {
    pub fn add(&mut self, start: f64, duration: f64, kind: Kind) {
        self.list.push(Effect {
            start,
            duration,
            kind,
        });
    }

    /// Drops finished effects; true while any remain (another frame is needed).
    pub fn prune(&mut self, now: f64) -> bool {
        self.list.retain(|e| now < e.start + e.duration);
        !self.list.is_empty()
    }

    pub fn clear(&mut self) {
        self.list.clear();
    }
}
