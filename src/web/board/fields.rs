//! The "Fields" overlay: each field with farmers on it hatched in its
//! holders' colours, one stripe direction per colour so that it reads
//! without colour (tied holders: both hatchings), and a numbered mark in
//! each holder's colour on every finished city the field would be paid for.
//! The engine says who holds what ([`State::held_fields`]); it is asked
//! again only when the board or the pieces change, not every frame.

use super::meeple_art::{colour, DIGITS, NUMBER_INK};
use super::render::font;
use super::tile_art::turn;
use super::Board;
use crate::engine::{HeldField, State};
use core::f64::consts::PI;
use wasm_bindgen::JsCast;
use web_sys::{CanvasPattern, CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// The held fields of one board, and the hatchings drawn so far.
#[derive(Default)]
pub struct Held {
    key: u64,
    fields: Vec<HeldField>,
    /// Per colour, at `pattern_px` device pixels a repeat.
    patterns: [Option<CanvasPattern>; 6],
    pattern_px: u32,
}

/// What the held fields depend on: every piece, and the tiles laid (their
/// count and the last one, which an undo and another move would change).
fn key(state: &State) -> u64 {
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

/// A repeat of colour `ink`'s hatching, `s` device pixels square: ink 0
/// rising stripes, 1 falling, 2 level, 3 upright, 4 dots, 5 a grid; a dark
/// edge under each stroke so light colours read on the green.
fn hatching(ctx: &Ctx, ink: u8, s: u32) -> Option<CanvasPattern> {
    let doc = web_sys::window()?.document()?;
    let c: HtmlCanvasElement = doc.create_element("canvas").ok()?.dyn_into().ok()?;
    c.set_width(s);
    c.set_height(s);
    let p: Ctx = c.get_context("2d").ok()??.dyn_into().ok()?;
    let s = f64::from(s);
    p.set_fill_style_str(colour(ink));
    p.set_global_alpha(0.22);
    p.fill_rect(0.0, 0.0, s, s);
    p.set_global_alpha(1.0);
    p.begin_path();
    let h = s / 2.0;
    match ink % 6 {
        0 => {
            for c in [-s, 0.0, s] {
                p.move_to(c, s);
                p.line_to(c + s, 0.0);
            }
        }
        1 => {
            for c in [-s, 0.0, s] {
                p.move_to(c, 0.0);
                p.line_to(c + s, s);
            }
        }
        2 => {
            p.move_to(0.0, h);
            p.line_to(s, h);
        }
        3 => {
            p.move_to(h, 0.0);
            p.line_to(h, s);
        }
        4 => {
            let _ = p.arc(h, h, s * 0.17, 0.0, 2.0 * PI);
        }
        _ => {
            p.move_to(0.0, h);
            p.line_to(s, h);
            p.move_to(h, 0.0);
            p.line_to(h, s);
        }
    }
    p.set_line_width(s * 0.34);
    p.set_stroke_style_str("rgba(27,27,27,0.55)");
    p.stroke();
    p.set_line_width(s * 0.2);
    p.set_stroke_style_str(colour(ink));
    p.stroke();
    if ink % 6 == 4 {
        p.set_fill_style_str(colour(ink));
        p.fill();
    }
    ctx.create_pattern_with_html_canvas_element(&c, "repeat")
        .ok()?
}

impl Board {
    /// Draws the overlay for `state` (after the tiles, under the pieces).
    pub(super) fn draw_fields(&mut self, state: &State) {
        let k = key(state);
        if self.held.key != k {
            self.held.fields = state.held_fields();
            self.held.key = k;
        }
        let s = (14.0 * self.dpr).round() as u32;
        if self.held.pattern_px != s {
            self.held.patterns = Default::default();
            self.held.pattern_px = s;
        }
        let ctx = self.ctx.clone();
        let fields = core::mem::take(&mut self.held.fields);
        for f in &fields {
            ctx.begin_path();
            for &(t, seg) in &f.segments {
                let p = state.board().tile(t);
                if self.on_tile(p.pos, p.rotation) {
                    let n = super::anchors::MASK_SIZE as f64;
                    for &(y, x0, x1) in self.anchors.field_runs(p.kind, seg) {
                        let (y, x0, x1) = (f64::from(y), f64::from(x0), f64::from(x1));
                        ctx.rect(x0 / n, y / n, (x1 - x0 + 1.0) / n, 1.02 / n);
                    }
                }
            }
            let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            for p in f.owners.iter() {
                let ink = self.colours.get(p as usize).copied().unwrap_or(p) % 6;
                let i = ink as usize;
                if self.held.patterns[i].is_none() {
                    self.held.patterns[i] = hatching(&ctx, ink, s);
                }
                if let Some(pat) = &self.held.patterns[i] {
                    ctx.set_fill_style_canvas_pattern(pat);
                    ctx.fill();
                }
            }
        }
        // The finished cities each field would be paid for: a numbered disc
        // per holder, side by side on the city's follower spot.
        let r = crate::engine::compact::clamp(0.1 * self.camera.scale, 8.0, 13.0) * self.dpr;
        ctx.set_font(&font(r * 1.2));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        ctx.set_line_width((1.5 * self.dpr).round());
        for f in &fields {
            for &(t, seg) in &f.cities {
                let p = state.board().tile(t);
                let a = self.anchors.get(p.kind).seg[seg as usize];
                let (x, y) = turn(a, p.rotation);
                let (sx, sy) = self
                    .camera
                    .to_screen(f64::from(p.pos.x) + x, f64::from(p.pos.y) + y);
                let n = f.owners.0.count_ones() as f64;
                for (k, seat) in f.owners.iter().enumerate() {
                    let ink = self.colours.get(seat as usize).copied().unwrap_or(seat) % 6;
                    let cx = sx * self.dpr + (k as f64 - (n - 1.0) / 2.0) * 2.1 * r;
                    let cy = sy * self.dpr;
                    ctx.begin_path();
                    let _ = ctx.arc(cx, cy, r, 0.0, 2.0 * PI);
                    ctx.set_fill_style_str(colour(ink));
                    ctx.fill();
                    ctx.set_stroke_style_str("#1b1b1b");
                    ctx.stroke();
                    ctx.set_fill_style_str(NUMBER_INK[ink as usize]);
                    let _ = ctx.fill_text(DIGITS[seat as usize % 6], cx, cy + r * 0.06);
                }
            }
        }
        self.held.fields = fields;
    }
}
