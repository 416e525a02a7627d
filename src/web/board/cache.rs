//! Offscreen pictures of tiles (per kind and rotation) and pieces (per seat
//! and pose), rendered once at a pixel size and reused for every frame.
//! Sizes come in steps so zooming re-renders only when the size changes a lot.
//! A new size is painted a few pictures per frame, within a time budget, with
//! the previous size's pictures scaled in the meantime: zooming a full board
//! never stalls a frame to repaint every tile at once.

use super::anchors::AnchorBook;
use super::meeple_art::{draw_piece, Pose};
use super::tile_art::{draw_tile, Look};
use crate::engine::TileKind;
use core::f64::consts::PI;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// Cached picture sizes in device pixels; each is at most 1.25× the next smaller.
const STEPS: [u32; 17] = [
    16, 20, 24, 30, 38, 48, 60, 75, 94, 118, 148, 185, 232, 290, 362, 452, 512,
];

/// The smallest cached size at least `px` device pixels.
pub fn step_for(px: f64) -> u32 {
    STEPS
        .iter()
        .copied()
        .find(|&s| f64::from(s) >= px)
        .unwrap_or(STEPS[STEPS.len() - 1])
}

pub struct Picture {
    pub canvas: HtmlCanvasElement,
}

/// A canvas off the page, `px` square, and its context.
pub(super) fn new_canvas(px: u32) -> Option<(HtmlCanvasElement, Ctx)> {
    let doc = web_sys::window()?.document()?;
    let c: HtmlCanvasElement = doc.create_element("canvas").ok()?.unchecked_into();
    c.set_width(px);
    c.set_height(px);
    let ctx: Ctx = c.get_context("2d").ok()??.unchecked_into();
    Some((c, ctx))
}

/// A set of pictures at one pixel size, keyed by a small integer.
pub struct Sheet {
    px: u32,
    pics: Vec<Option<Picture>>,
}

impl Sheet {
    fn new(slots: usize) -> Sheet {
        Sheet {
            px: 0,
            pics: (0..slots).map(|_| None).collect(),
        }
    }

    /// Drops every picture when the wanted size has moved to another step.
    fn resize(&mut self, px: u32) {
        if px != self.px {
            self.px = px;
            self.pics.iter_mut().for_each(|p| *p = None);
        }
    }

    fn filled(&self) -> usize {
        self.pics.iter().filter(|p| p.is_some()).count()
    }
}

/// Milliseconds of picture painting allowed in one frame.
const PAINT_BUDGET: f64 = 6.0;

fn clock() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

pub struct Cache {
    tiles: Sheet,
    /// The best sheet from before the last size change, shown scaled while
    /// `tiles` fills.
    older: Sheet,
    /// When this frame began painting pictures.
    frame_start: f64,
    /// A picture was left for a later frame: another frame is needed.
    pub behind: bool,
    /// Pieces are wanted at a few sizes at once (on the board, in markers):
    /// a sheet per size, the least recently added dropped first.
    pieces: Vec<Sheet>,
    /// Size changes wait while a gesture is under way, so pinching never stalls.
    pub frozen: bool,
    /// The seat number (0-based) marked on the pieces of each colour: a
    /// seat keeps its start-screen number, whatever colour it picked.
    pub numbers: [u8; 6],
}

impl Default for Cache {
    fn default() -> Self {
        Cache::new()
    }
}

impl Cache {
    pub fn new() -> Cache {
        Cache {
            tiles: Sheet::new(TileKind::COUNT * 4),
            older: Sheet::new(TileKind::COUNT * 4),
            frame_start: 0.0,
            behind: false,
            pieces: Vec::new(),
            frozen: false,
            numbers: [0, 1, 2, 3, 4, 5],
        }
    }

    pub fn clear(&mut self) {
        self.tiles.resize(0);
        self.older.resize(0);
        self.pieces.clear();
    }

    /// Pieces are painted again (their seat numbers changed).
    pub fn clear_pieces(&mut self) {
        self.pieces.clear();
    }

    /// Starts a frame's painting budget.
    pub fn begin_frame(&mut self) {
        self.frame_start = clock();
        self.behind = false;
    }

    /// The picture of `kind` lying with `rotation`, about `px` device pixels wide.
    pub fn tile(
        &mut self,
        kind: TileKind,
        rotation: u8,
        px: f64,
        anchors: &mut AnchorBook,
    ) -> Option<&HtmlCanvasElement> {
        let want = step_for(px);
        if (!self.frozen || self.tiles.px == 0) && want != self.tiles.px {
            let mut next = Sheet::new(TileKind::COUNT * 4);
            next.px = want;
            let old = core::mem::replace(&mut self.tiles, next);
            if old.filled() >= self.older.filled() {
                self.older = old;
            }
        }
        let size = self.tiles.px;
        let i = kind.0 as usize * 4 + (rotation & 3) as usize;
        if self.tiles.pics[i].is_none() {
            if clock() - self.frame_start > PAINT_BUDGET {
                // Out of time this frame: the old size scaled, or nothing yet.
                self.behind = true;
                return self.older.pics[i].as_ref().map(|p| &p.canvas);
            }
            let garden = anchors.get(kind).garden;
            let (canvas, ctx) = new_canvas(size)?;
            paint_tile(&ctx, kind, rotation, (0.0, 0.0, f64::from(size)), garden);
            self.tiles.pics[i] = Some(Picture { canvas });
        }
        self.tiles.pics[i].as_ref().map(|p| &p.canvas)
    }

    /// The picture of a piece, `px` device pixels tall.
    pub fn piece(&mut self, player: u8, pose: Pose, px: f64) -> Option<&HtmlCanvasElement> {
        let size = step_for(px);
        let k = match self.pieces.iter().position(|s| s.px == size) {
            Some(k) => k,
            None => {
                if self.pieces.len() >= 3 {
                    self.pieces.remove(0);
                }
                let mut sheet = Sheet::new(6 * Pose::COUNT);
                sheet.px = size;
                self.pieces.push(sheet);
                self.pieces.len() - 1
            }
        };
        let sheet = &mut self.pieces[k];
        let i = (player as usize % 6) * Pose::COUNT + pose as usize;
        if sheet.pics[i].is_none() {
            let (canvas, ctx) = new_canvas(size)?;
            let s = f64::from(size);
            // One unit is 80% of the picture, leaving room for the outline.
            let _ = ctx.set_transform(s * 0.8, 0.0, 0.0, s * 0.8, s / 2.0, s / 2.0 + 0.04 * s);
            let number = self.numbers[player as usize % 6];
            draw_piece(&ctx, player, number, pose, s * 0.8);
            sheet.pics[i] = Some(Picture { canvas });
        }
        sheet.pics[i].as_ref().map(|p| &p.canvas)
    }
}

/// Paints a tile as a `size`-pixel square at (x, y), turned `rotation` quarter turns.
pub fn paint_tile(
    ctx: &Ctx,
    kind: TileKind,
    rotation: u8,
    (x, y, size): (f64, f64, f64),
    garden: Option<(f64, f64)>,
) {
    let _ = ctx.set_transform(size, 0.0, 0.0, size, x, y);
    if rotation & 3 != 0 {
        let _ = ctx.translate(0.5, 0.5);
        let _ = ctx.rotate(f64::from(rotation & 3) * PI / 2.0);
        let _ = ctx.translate(-0.5, -0.5);
    }
    ctx.save();
    ctx.begin_path();
    ctx.rect(0.0, 0.0, 1.0, 1.0);
    ctx.clip();
    draw_tile(
        ctx,
        kind,
        Look {
            garden,
            mask: false,
            turned: rotation,
        },
    );
    ctx.restore();
}
