//! The board camera: which board point is at the middle of the free area
//! (between the top bar and the dock) and how many CSS pixels a tile spans.

use crate::engine::compact::clamp;

pub const MIN_SCALE: f64 = 14.0;
pub const MAX_SCALE: f64 = 260.0;
/// Fitting never zooms in further than this, so a young board is not huge.
const FIT_MAX: f64 = 112.0;

#[derive(Clone, Copy, Debug)]
pub struct Camera {
    /// Board point (in tiles) shown at the middle of the free area.
    pub cx: f64,
    pub cy: f64,
    /// CSS pixels per tile.
    pub scale: f64,
    /// The free area of the canvas: left, top, right, bottom in CSS pixels.
    pub free: [f64; 4],
    /// True until the player pans or zooms: the view then follows the board.
    pub auto: bool,
}

impl Camera {
    pub fn new() -> Camera {
        Camera {
            cx: 0.5,
            cy: 0.5,
            scale: 96.0,
            free: [0.0, 0.0, 800.0, 600.0],
            auto: true,
        }
    }

    fn middle(&self) -> (f64, f64) {
        (
            (self.free[0] + self.free[2]) / 2.0,
            (self.free[1] + self.free[3]) / 2.0,
        )
    }

    /// CSS pixel position of board point (x, y).
    pub fn to_screen(&self, x: f64, y: f64) -> (f64, f64) {
        let (mx, my) = self.middle();
        (
            (x - self.cx) * self.scale + mx,
            (y - self.cy) * self.scale + my,
        )
    }

    /// Board point under CSS pixel (sx, sy).
    pub fn to_board(&self, sx: f64, sy: f64) -> (f64, f64) {
        let (mx, my) = self.middle();
        (
            (sx - mx) / self.scale + self.cx,
            (sy - my) / self.scale + self.cy,
        )
    }

    /// The board cell under CSS pixel (sx, sy).
    pub fn cell_at(&self, sx: f64, sy: f64) -> (i32, i32) {
        let (x, y) = self.to_board(sx, sy);
        (x.floor() as i32, y.floor() as i32)
    }

    pub fn pan(&mut self, dx: f64, dy: f64) {
        self.cx -= dx / self.scale;
        self.cy -= dy / self.scale;
        self.auto = false;
    }

    /// Zooms by `factor`, keeping the board point under (sx, sy) in place.
    pub fn zoom_at(&mut self, sx: f64, sy: f64, factor: f64) {
        let (bx, by) = self.to_board(sx, sy);
        self.scale = clamp(self.scale * factor, MIN_SCALE, MAX_SCALE);
        let (mx, my) = self.middle();
        self.cx = bx - (sx - mx) / self.scale;
        self.cy = by - (sy - my) / self.scale;
        self.auto = false;
    }

    /// The smallest tile (CSS px) fitting may show, so a tile stays legible:
    /// 64 on a tablet or larger screen, 48 on a phone.
    pub fn legible(&self) -> f64 {
        let w = self.free[2] - self.free[0];
        let h = self.free[3] - self.free[1];
        if w.max(h) >= 900.0 {
            64.0
        } else {
            48.0
        }
    }

    /// Shows the board rectangle [x0, x1] × [y0, y1] (in tiles) whole, as
    /// far as that keeps tiles legible; beyond, the view is centred on
    /// `focus` (a board point), kept inside the rectangle where it can be.
    pub fn fit(&mut self, (x0, y0, x1, y1): (f64, f64, f64, f64), focus: (f64, f64)) {
        self.fit_whole(x0, y0, x1, y1);
        let least = self.legible();
        if self.scale >= least {
            return;
        }
        self.scale = least;
        let hw = (self.free[2] - self.free[0]) / least / 2.0;
        let hh = (self.free[3] - self.free[1]) / least / 2.0;
        let inside = |v: f64, lo: f64, hi: f64| clamp(v, lo.min(hi), hi.max(lo));
        self.cx = inside(focus.0, x0 + hw, x1 - hw);
        self.cy = inside(focus.1, y0 + hh, y1 - hh);
    }

    /// Shows the rectangle whole however small the tiles get (the benchmark's
    /// full board).
    pub fn fit_whole(&mut self, x0: f64, y0: f64, x1: f64, y1: f64) {
        let w = (self.free[2] - self.free[0]).max(1.0);
        let h = (self.free[3] - self.free[1]).max(1.0);
        let s = (w / (x1 - x0).max(1.0)).min(h / (y1 - y0).max(1.0));
        self.scale = clamp(s, MIN_SCALE, FIT_MAX);
        self.cx = (x0 + x1) / 2.0;
        self.cy = (y0 + y1) / 2.0;
        self.auto = true;
    }

    /// A new free area (resize, rotation): the middle stays on the same board point.
    pub fn set_free(&mut self, free: [f64; 4]) {
        self.free = free;
    }
}

impl Default for Camera {
    fn default() -> Self {
        Camera::new()
    }
}
