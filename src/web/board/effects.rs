//! Short-lived scoring feedback: scored features outlined in the scorer's
//! colour, large "+N" marks, and followers flying home. Each effect has a start
//! time (final scoring shows its items one after another) and a duration;
//! frames are requested only while one is running.

use super::meeple_art::Pose;
use super::scored::Part;
use crate::engine::{Pos, TileKind};

/// Where the camera looks while an item of the final scoring shows.
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub cx: f64,
    pub cy: f64,
    pub scale: f64,
}

pub enum Kind {
    /// A scored feature outlined, shape by shape, in a colour; an item of
    /// the final scoring brings the view to it.
    Outline {
        parts: Vec<Part>,
        colour: &'static str,
        view: Option<View>,
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
        /// The share of its time it first stands where it scored: a
        /// follower that scores the moment it is placed is seen there.
        hold: f64,
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

    /// The names of the effects under way or to come, for the test hook.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.list.iter().map(|e| match e.kind {
            Kind::Outline { .. } => "outline",
            Kind::Points { .. } => "points",
            Kind::Home { .. } => "home",
            Kind::Slide { .. } => "slide",
        })
    }

    /// The view of the final scoring's item showing at `now` (the latest
    /// begun, if two overlap).
    pub fn walk(&self, now: f64) -> Option<View> {
        let mut current: Option<(f64, View)> = None;
        for e in &self.list {
            if let Kind::Outline { view: Some(v), .. } = e.kind {
                if e.start <= now
                    && now < e.start + e.duration
                    && current.is_none_or(|(s, _)| e.start >= s)
                {
                    current = Some((e.start, v));
                }
            }
        }
        current.map(|(_, v)| v)
    }
}
