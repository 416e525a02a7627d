//! Which part of which tile a scored feature covers, so the scoring shows the
//! feature's own shape; and, in the final scoring's walk-through, the view
//! that makes it legible. Read from the engine's features; nothing decided.

use super::camera::Camera;
use super::effects::{Kind, View};
use super::Board;
use crate::engine::{Location, Pos, State, TileKind};

/// One tile's share of a scored feature: segment `seg` (or the centre).
#[derive(Clone, Copy, Debug)]
pub struct Part {
    pub at: Pos,
    pub kind: TileKind,
    pub rotation: u8,
    pub seg: u8,
}

/// The parts of the feature at `at`/`loc`; for a field in the final scoring
/// (`fed`), also the completed cities it feeds, which make its points.
pub fn parts(state: &State, at: Pos, loc: Location, fed: bool) -> Vec<Part> {
    let mut out = Vec::new();
    for (t, seg) in state.feature_segments(at, loc, fed) {
        let p = state.board().tile(t);
        out.push(Part {
            at: p.pos,
            kind: p.kind,
            rotation: p.rotation,
            seg,
        });
    }
    out
}

impl Board {
    /// Outlines the feature at `at`/`loc` in `colour` from `start` for
    /// `duration` ms. An item of the final scoring (`walk`) also takes the
    /// view to the feature while it shows.
    #[allow(clippy::too_many_arguments)]
    pub fn show_scored(
        &mut self,
        state: &State,
        at: Pos,
        loc: Location,
        walk: bool,
        start: f64,
        duration: f64,
        colour: &'static str,
    ) {
        let parts = parts(state, at, loc, walk);
        let view = walk.then(|| self.view_of(&parts));
        self.effects.add(
            start,
            duration,
            Kind::Outline {
                parts,
                colour,
                view,
            },
        );
    }

    /// A view showing `parts` whole if that keeps tiles legible, else centred on them.
    fn view_of(&self, parts: &[Part]) -> View {
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for p in parts {
            x0 = x0.min(p.at.x);
            y0 = y0.min(p.at.y);
            x1 = x1.max(p.at.x);
            y1 = y1.max(p.at.y);
        }
        let mut c: Camera = self.camera;
        let (x0, y0) = (f64::from(x0) - 0.6, f64::from(y0) - 0.6);
        let (x1, y1) = (f64::from(x1) + 1.6, f64::from(y1) + 1.6);
        c.fit((x0, y0, x1, y1), ((x0 + x1) / 2.0, (y0 + y1) / 2.0));
        View {
            cx: c.cx,
            cy: c.cy,
            scale: c.scale,
        }
    }
}
