//! The "Fields" overlay: each field with farmers on it hatched in its
//! holders' colours, its own stripe directions per colour so that it reads
//! without colour (tied holders: both hatchings), and a numbered mark in
//! the colour of each player a finished city beside it would pay.
//! The engine says who holds what ([`State::held_fields`]); it is asked
//! again only when the board or the pieces change, not every frame.

use super::cache::new_canvas;
use super::meeple_art::{colour, DIGITS, NUMBER_INK};
use super::render::font;
use super::tile_art::turn;
use super::Board;
use crate::engine::{HeldField, State};
use core::f64::consts::PI;
use web_sys::{CanvasPattern, CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// The held fields of one board, and the hatchings drawn so far.
#[derive(Default)]
pub struct Held {
    key: u64,
    fields: Vec<HeldField>,
    /// Per colour, at `pattern_px` device pixels a repeat.
    patterns: [Option<CanvasPattern>; 6],
    pattern_px: u32,
    /// The overlay's picture, and the tile size (device px) it was painted
    /// at: 0 when it is to be painted again.
    picture: Option<(HtmlCanvasElement, Ctx)>,
    drawn: f64,
}

/// What the held fields depend on: every piece, and the tiles laid (their
/// count and the last one, which an undo and another move would change).
pub(super) fn key(state: &State) -> u64 {
    let mut k = state.board().len() as u64;
    if let Some(t) = state.board().tiles().last() {
        k = k * 31 + (t.pos.x as u64 & 0xFFFF) * 65_536 + (t.pos.y as u64 & 0xFFFF);
        k = k * 31 + u64::from(t.rotation) + 4 * u64::from(t.kind.0);
    }
    for p in state.pieces() {
        let at = match p.location {
            crate::engine::Location::Side(s) => s.index(),
            crate::engine::Location::Half(h) => 4 + h.index(),
            crate::engine::Location::Center => 12,
        };
        let piece = (p.at.x as u64 & 0xFF) << 16
            | (p.at.y as u64 & 0xFF) << 8
            | u64::from(p.player) << 4
            | u64::from(at);
        k = k.wrapping_mul(1_000_003) ^ piece;
    }
    k
}

/// How strongly a held field is tinted in its holder's colour.
const TINT: f64 = 0.22;
/// The dark edge under each stripe, so every colour shows on the fields.
const HATCH_EDGE: &str = "rgba(27,27,27,0.8)";

/// Each colour's stripes, as bits: 1 rising, 2 falling, 4 level, 8
/// upright (the last two colours cross two of them).
const STRIPES: [u8; 6] = [1, 2, 4, 8, 3, 12];

/// A repeat of colour `ink`'s hatching, `s` device pixels square, with a
/// dark edge under each stroke so light colours read on the green.
fn hatching(ctx: &Ctx, ink: u8, s: u32) -> Option<CanvasPattern> {
    let (canvas, p) = new_canvas(s)?;
    let (s, b) = (f64::from(s), STRIPES[usize::from(ink % 6)]);
    p.set_fill_style_str(colour(ink));
    p.set_global_alpha(TINT);
    p.fill_rect(0.0, 0.0, s, s);
    p.set_global_alpha(1.0);
    p.begin_path();
    // Diagonals three times over, so the repeat joins up.
    for c in [-s, 0.0, s] {
        if b & 1 != 0 {
            p.move_to(c, s);
            p.line_to(c + s, 0.0);
        }
        if b & 2 != 0 {
            p.move_to(c, 0.0);
            p.line_to(c + s, s);
        }
    }
    if b & 4 != 0 {
        p.move_to(0.0, s / 2.0);
        p.line_to(s, s / 2.0);
    }
    if b & 8 != 0 {
        p.move_to(s / 2.0, 0.0);
        p.line_to(s / 2.0, s);
    }
    for (w, ink) in [(0.34, HATCH_EDGE), (0.2, colour(ink))] {
        p.set_line_width(s * w);
        p.set_stroke_style_str(ink);
        p.stroke();
    }
    ctx.create_pattern_with_html_canvas_element(&canvas, "repeat")
        .ok()?
}

/// Adds a field's shape to the path: its runs, a run and the same run in
/// the rows below it as one rectangle (a few calls a tile, not forty).
fn runs_path(ctx: &Ctx, runs: &[super::anchors::Run]) {
    let n = super::anchors::MASK_SIZE as f64;
    let mut i = 0;
    while i < runs.len() {
        let (y, x0, x1) = runs[i];
        let mut rows = 1;
        while runs.get(i + rows).is_some_and(|&(y2, a, b)| {
            (a, b) == (x0, x1) && usize::from(y2) == usize::from(y) + rows
        }) {
            rows += 1;
        }
        let (y, x0, x1) = (f64::from(y), f64::from(x0), f64::from(x1));
        ctx.rect(x0 / n, y / n, (x1 - x0 + 1.0) / n, (rows as f64 + 0.02) / n);
        i += rows;
    }
}

/// The overlay is kept as a picture of the whole board up to this many
/// device pixels a side; past it (a big board zoomed far in) it is drawn
/// straight onto the board each frame.
const MOST_PX: f64 = 4096.0;

impl Board {
    /// Draws the overlay for `state` (after the tiles, under the pieces):
    /// the picture of it, painted again only when the held fields or the
    /// zoom change, so a pan costs one image.
    pub(super) fn draw_fields(&mut self, state: &State) {
        let k = key(state);
        if self.held.key != k {
            self.held.fields = state.held_fields();
            self.held.key = k;
            self.held.drawn = 0.0;
        }
        let s = (14.0 * self.dpr).round() as u32;
        if self.held.pattern_px != s {
            self.held.patterns = Default::default();
            self.held.pattern_px = s;
        }
        let tp = self.camera.scale * self.dpr;
        let (mut x0, mut y0, mut x1, mut y1) = (i32::MAX, i32::MAX, i32::MIN, i32::MIN);
        for t in state.board().tiles() {
            (x0, y0) = (x0.min(t.pos.x), y0.min(t.pos.y));
            (x1, y1) = (x1.max(t.pos.x), y1.max(t.pos.y));
        }
        let (w, h) = (f64::from(x1 - x0 + 1) * tp, f64::from(y1 - y0 + 1) * tp);
        let (sx, sy) = self.camera.to_screen(f64::from(x0), f64::from(y0));
        let (sx, sy) = ((sx * self.dpr).round(), (sy * self.dpr).round());
        let fields = core::mem::take(&mut self.held.fields);
        if w.max(h) > MOST_PX {
            let ctx = self.ctx.clone();
            self.paint(
                &ctx,
                state,
                &fields,
                (sx - f64::from(x0) * tp, sy - f64::from(y0) * tp),
                tp,
            );
        } else {
            if self.held.drawn != tp {
                if let Some((canvas, ctx)) = self.held.picture.clone().or_else(|| new_canvas(0)) {
                    canvas.set_width(w.ceil() as u32);
                    canvas.set_height(h.ceil() as u32);
                    self.paint(
                        &ctx,
                        state,
                        &fields,
                        (-f64::from(x0) * tp, -f64::from(y0) * tp),
                        tp,
                    );
                    self.held.picture = Some((canvas, ctx));
                    self.held.drawn = tp;
                }
            }
            if let Some((canvas, _)) = &self.held.picture {
                let _ = self.ctx.draw_image_with_html_canvas_element(canvas, sx, sy);
            }
        }
        self.held.fields = fields;
    }

    /// Paints `fields` into `ctx`, where board point (0, 0) is at device
    /// pixel `(ox, oy)` and a tile is `tp` pixels across.
    fn paint(
        &mut self,
        ctx: &Ctx,
        state: &State,
        fields: &[HeldField],
        (ox, oy): (f64, f64),
        tp: f64,
    ) {
        for f in fields {
            ctx.begin_path();
            for &(t, seg) in &f.segments {
                let p = state.board().tile(t);
                let (l, t) = (ox + f64::from(p.pos.x) * tp, oy + f64::from(p.pos.y) * tp);
                let _ = ctx.set_transform(tp, 0.0, 0.0, tp, l, t);
                if p.rotation & 3 != 0 {
                    let _ = ctx.translate(0.5, 0.5);
                    let _ = ctx.rotate(f64::from(p.rotation & 3) * PI / 2.0);
                    let _ = ctx.translate(-0.5, -0.5);
                }
                runs_path(ctx, self.anchors.field_runs(p.kind, seg));
            }
            let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            for p in f.owners.iter() {
                let ink = self.colours.get(p as usize).copied().unwrap_or(p) % 6;
                let i = ink as usize;
                if self.held.patterns[i].is_none() {
                    self.held.patterns[i] = hatching(ctx, ink, self.held.pattern_px);
                }
                if let Some(pat) = &self.held.patterns[i] {
                    ctx.set_fill_style_canvas_pattern(pat);
                    ctx.fill();
                }
            }
        }
        // The finished cities each field would be paid for: a numbered disc
        // per player the city pays, side by side on its follower spot (the
        // field's holders; under first-edition farms, the city's own).
        let r = crate::engine::compact::clamp(0.1 * self.camera.scale, 8.0, 13.0) * self.dpr;
        ctx.set_font(&font(r * 1.2));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        ctx.set_line_width((1.5 * self.dpr).round());
        // Fields that border one city mark it on one spot: their discs
        // go side by side there (under the current rules a player holding
        // two of them is paid twice, so shows twice).
        let mut marks: Vec<((usize, u8), Vec<u8>)> = Vec::new();
        for f in fields {
            for &(t, seg, payees) in &f.cities {
                let i = match marks.iter().position(|m| m.0 == (t, seg)) {
                    Some(i) => i,
                    None => {
                        marks.push(((t, seg), Vec::new()));
                        marks.len() - 1
                    }
                };
                marks[i].1.extend(payees.iter());
            }
        }
        for ((t, seg), seats) in marks {
            let p = state.board().tile(t);
            let a = self.anchors.get(p.kind).seg[seg as usize];
            let (x, y) = turn(a, p.rotation);
            let cx = ox + (f64::from(p.pos.x) + x) * tp;
            let cy = oy + (f64::from(p.pos.y) + y) * tp;
            let n = seats.len() as f64;
            for (k, &seat) in seats.iter().enumerate() {
                let ink = self.colours.get(seat as usize).copied().unwrap_or(seat) % 6;
                let cx = cx + (k as f64 - (n - 1.0) / 2.0) * 2.1 * r;
                super::path::disc(ctx, cx, cy, r);
                ctx.set_fill_style_str(colour(ink));
                ctx.fill();
                ctx.set_stroke_style_str("#1b1b1b");
                ctx.stroke();
                ctx.set_fill_style_str(NUMBER_INK[ink as usize]);
                let n = self.cache.numbers[ink as usize];
                let _ = ctx.fill_text(DIGITS[n as usize % 6], cx, cy + r * 0.06);
            }
        }
    }
}
