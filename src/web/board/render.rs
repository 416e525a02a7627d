//! One frame: table, tiles, legal cells, the tile being placed, pieces,
//! follower spots and scoring feedback. Tiles and pieces are blitted from
//! the picture cache at whole device pixels so edges stay crisp.

use super::effects::Kind;
use super::meeple_art::{colour, Pose, COLOURS};
use super::tile_art::highlight;
use super::{Board, Overlay, Verdict};
use crate::engine::tile::SegmentKind;
use crate::engine::{FollowerChoice, Location, Role, State};
use core::f64::consts::PI;

pub const TABLE: &str = "#e4dcc6";
/// Beyond the table's edge, when the house rule sets one.
const OFF_TABLE: &str = "#9c8f74";
/// The table's wooden rim.
const EDGE: &str = "#5a3b22";
/// The frame around the last tile laid.
pub const LAST_MOVE: &str = "#fff6c2";
/// The outline of the feature whose "who holds it" card is open.
const EXAMINED: &str = "#ffffff";
/// The ring round the follower a hint suggests.
const HINT_GOLD: &str = "#ffcf24";
/// A tile whose picture is not painted yet.
const PENDING: &str = "#8dac5c";
/// A square where the tile in hand fits: lightened, and framed with dashes.
const FIT_FILL: &str = "rgba(255,255,240,0.38)";
const FIT_EDGE: &str = "rgba(70,60,30,0.6)";
/// A square no tile still to come can fill: shaded, crossed and framed.
const CROSS_FILL: &str = "rgba(70,50,30,0.22)";
const CROSS_EDGE: &str = "rgba(90,40,30,0.75)";
/// The frame of the tile being placed: it fits, it fits turned, it does not.
/// Light enough to stand out from a city's dark wall, as the dark line
/// under them does from the lighter fields (3:1: tests/contrast.rs).
const FITS_FRAME: &str = "#3cc25a";
const TURNED_FRAME: &str = "#e39b12";
const NO_FRAME: &str = "#ff7a6e";
/// Under a frame's colour: a dark line, so it shows on any tile.
const FRAME_DARK: &str = "#1b1b1b";

impl Board {
    /// Device-pixel rectangle of cell (x, y): left, top, width, height.
    fn cell_px(&self, x: i32, y: i32) -> (f64, f64, f64, f64) {
        let (sx0, sy0) = self.camera.to_screen(f64::from(x), f64::from(y));
        let (sx1, sy1) = self.camera.to_screen(f64::from(x + 1), f64::from(y + 1));
        let d = self.dpr;
        let (l, t) = ((sx0 * d).round(), (sy0 * d).round());
        let (r, b) = ((sx1 * d).round(), (sy1 * d).round());
        (l, t, r - l, b - t)
    }

    fn visible(&self, l: f64, t: f64, w: f64, h: f64) -> bool {
        l + w >= 0.0 && t + h >= 0.0 && l <= self.width * self.dpr && t <= self.height * self.dpr
    }

    /// The table under the tiles. With a table edge (a house rule), the
    /// floor beyond it is darker and the edge a wooden rim, so where tiles
    /// may go reads at a glance without colour.
    fn draw_table(&self, state: &State) {
        let ctx = &self.ctx;
        let (cw, ch) = (self.width * self.dpr, self.height * self.dpr);
        let Some((w, h)) = state.rules().table else {
            ctx.set_fill_style_str(TABLE);
            ctx.fill_rect(0.0, 0.0, cw, ch);
            return;
        };
        let (hw, hh) = (i32::from(w / 2), i32::from(h / 2));
        let (l, t, _, _) = self.cell_px(-hw, -hh);
        let (r, b, rw, bh) = self.cell_px(hw, hh);
        let (r, b) = (r + rw, b + bh);
        ctx.set_fill_style_str(OFF_TABLE);
        ctx.fill_rect(0.0, 0.0, cw, ch);
        ctx.set_fill_style_str(TABLE);
        ctx.fill_rect(l, t, r - l, b - t);
        let lw = (5.0 * self.dpr).round();
        ctx.set_line_width(lw);
        ctx.set_stroke_style_str(EDGE);
        ctx.stroke_rect(l - lw / 2.0, t - lw / 2.0, r - l + lw, b - t + lw);
    }

    /// Draws the whole frame.
    pub fn draw(&mut self, state: &State, o: &Overlay, now: f64) {
        self.walk(now);
        let ctx = self.ctx.clone();
        let d = self.dpr;
        self.cache.begin_frame();
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_global_alpha(1.0);
        self.draw_table(state);
        let tile_px = self.camera.scale * d;

        // Tiles.
        // Whole device pixels edge to edge, with no line between: no seams.
        for t in state.board().tiles() {
            let (l, tp, w, h) = self.cell_px(t.pos.x, t.pos.y);
            if !self.visible(l, tp, w, h) {
                continue;
            }
            match self
                .cache
                .tile(t.kind, t.rotation, tile_px, &mut self.anchors)
            {
                Some(pic) => {
                    let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(pic, l, tp, w, h);
                }
                None => {
                    // Painted in a frame or two; a plain field until then.
                    ctx.set_fill_style_str(PENDING);
                    ctx.fill_rect(l, tp, w, h);
                }
            }
        }

        // Spots no tile still to come can fill: shaded, crossed and framed,
        // a pattern that reads without colour.
        if !o.unfillable.is_empty() {
            ctx.begin_path();
            for p in o.unfillable {
                let (l, t, w, h) = self.cell_px(p.x, p.y);
                let m = 0.2 * w;
                ctx.rect(l + 3.0, t + 3.0, w - 6.0, h - 6.0);
                ctx.move_to(l + m, t + m);
                ctx.line_to(l + w - m, t + h - m);
                ctx.move_to(l + w - m, t + m);
                ctx.line_to(l + m, t + h - m);
            }
            ctx.set_fill_style_str(CROSS_FILL);
            ctx.fill();
            ctx.set_stroke_style_str(CROSS_EDGE);
            ctx.set_line_width((2.0 * d).round());
            ctx.stroke();
        }

        // Cells where the tile in hand fits.
        if o.show_fits && !o.fits.is_empty() {
            ctx.set_fill_style_str(FIT_FILL);
            ctx.begin_path();
            for f in o.fits {
                let (l, t, w, h) = self.cell_px(f.at.x, f.at.y);
                ctx.rect(l + 2.0, t + 2.0, w - 4.0, h - 4.0);
            }
            ctx.fill();
            ctx.set_stroke_style_str(FIT_EDGE);
            ctx.set_line_width((1.5 * d).round());
            let dash = (5.0 * d).round();
            let _ = ctx.set_line_dash(&js_sys::Array::of2(&dash.into(), &dash.into()));
            ctx.stroke();
            let _ = ctx.set_line_dash(&js_sys::Array::new());
        }

        // The last move: the tile laid most recently, framed until the next.
        if let Some(p) = Board::last_laid(state) {
            let (l, t, w, h) = self.cell_px(p.x, p.y);
            // In the follower step, in the colour of the player laying it.
            let light = if state.last_placed().is_some() {
                colour(o.ink)
            } else {
                LAST_MOVE
            };
            for (lw, c) in [(6.0, "#1b1b1b"), (3.0, light)] {
                ring(&ctx, (l, t, w, h), lw * d, c);
            }
        }

        // The aids on who holds what: fields tinted by their farmers, and
        // the feature whose card is open outlined.
        if o.fields {
            self.draw_fields(state);
        }
        // The open spot whose card is open: framed, so the card (away
        // from it) is seen to be about it.
        if let Some(p) = o.spot {
            let (l, t, w, h) = self.cell_px(p.x, p.y);
            for (lw, c) in [(7.0, "#1b1b1b"), (4.0, EXAMINED)] {
                ring(&ctx, (l, t, w, h), lw * d, c);
            }
        }
        if let Some((at, loc)) = o.examined {
            let k = super::fields::key(state);
            if self.outlined.0 != k || self.outlined.1 != o.examined {
                self.outlined = (k, o.examined, super::scored::parts(state, at, loc, false));
            }
            let parts = core::mem::take(&mut self.outlined.2);
            self.outline(&parts, EXAMINED);
            self.outlined.2 = parts;
        }

        // Pieces.
        let piece_px = (0.34 * self.camera.scale * d).max(10.0);
        let pieces: Vec<(u8, Role, f64, f64)> = state
            .pieces()
            .map(|p| {
                let (x, y) = self.spot_point(state, p.at, p.location);
                let ink = self.colours.get(p.player as usize).copied();
                (ink.unwrap_or(p.player), p.role, x, y)
            })
            .collect();
        for (player, role, x, y) in pieces {
            self.blit_piece(player, Pose::of(role), x, y, piece_px);
        }

        // The tile being placed.
        if let Some(g) = o.ghost {
            let (l, t, w, h) = self.cell_px(g.at.x, g.at.y);
            if let Some(pic) = self
                .cache
                .tile(g.kind, g.rotation, tile_px, &mut self.anchors)
            {
                ctx.set_global_alpha(if g.lifted { 0.8 } else { 1.0 });
                let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(pic, l, t, w, h);
                ctx.set_global_alpha(1.0);
            }
            let c = match g.verdict {
                Verdict::Fits => FITS_FRAME,
                Verdict::FitsTurned => TURNED_FRAME,
                Verdict::No => NO_FRAME,
            };
            // On a dark line, so the frame shows on any tile (3:1 at least:
            // tests/contrast.rs).
            for (lw, c) in [(7.0, FRAME_DARK), (4.0, c)] {
                ring(&ctx, (l, t, w, h), lw * d, c);
                if g.verdict == Verdict::No {
                    // A cross as well as the red, for colour-blind players.
                    ctx.begin_path();
                    ctx.move_to(l + w * 0.3, t + h * 0.3);
                    ctx.line_to(l + w * 0.7, t + h * 0.7);
                    ctx.move_to(l + w * 0.7, t + h * 0.3);
                    ctx.line_to(l + w * 0.3, t + h * 0.7);
                    ctx.stroke();
                }
            }
        }

        // Follower choices: markers fanned out, each with a line to its spot.
        let r = self.marker_radius() * d;
        let spots = self.markers(o.options);
        let mut leads = Vec::new();
        for (opt, &(mx, my)) in o.options.iter().zip(&spots) {
            let (ax, ay) = self.camera.to_screen(opt.x, opt.y);
            let (ax, ay, mx, my) = (ax * d, ay * d, mx * d, my * d);
            if (ax - mx).abs() + (ay - my).abs() > r * 0.5 {
                leads.push((ax, ay, mx, my));
            }
        }
        for (w, c) in [(5.0, "#fff"), (2.0, "#1b1b1b")] {
            ctx.set_line_width((w * d).round());
            ctx.set_stroke_style_str(c);
            ctx.begin_path();
            for &(ax, ay, mx, my) in &leads {
                ctx.move_to(ax, ay);
                ctx.line_to(mx, my);
            }
            ctx.stroke();
        }
        ctx.set_fill_style_str(colour(o.ink));
        ctx.set_line_width((1.5 * d).round());
        for &(ax, ay, _, _) in &leads {
            super::path::disc(&ctx, ax, ay, 4.5 * d);
            ctx.fill();
            ctx.stroke();
        }
        for (i, (opt, &(sx, sy))) in o.options.iter().zip(&spots).enumerate() {
            let (sx, sy) = (sx * d, sy * d);
            let fill = match state.board().at(opt.at).and_then(|t| {
                let seg = match opt.choice {
                    FollowerChoice::Follower(Location::Side(s)) => {
                        t.kind.def().segment_at_side(s, t.rotation)
                    }
                    FollowerChoice::Follower(Location::Half(hh)) => {
                        t.kind.def().segment_at_half(hh, t.rotation)
                    }
                    _ => None,
                };
                seg.map(|s| t.kind.def().segments[s as usize].kind)
            }) {
                Some(SegmentKind::City) => "#f3dfb4",
                Some(SegmentKind::Road) => "#fbf7ec",
                Some(SegmentKind::Field) => "#cfe9a8",
                _ => "#ffffff",
            };
            let focused = o.focus == Some(i);
            if o.hinted == Some(i) {
                // The hint's choice: a gold ring round its marker, and the
                // follower itself, see-through, standing on its spot.
                for (w, c) in [(10.0, "#1b1b1b"), (6.0, HINT_GOLD)] {
                    ctx.set_line_width((w * d).round());
                    ctx.set_stroke_style_str(c);
                    super::path::disc(&ctx, sx, sy, r * 1.35);
                    ctx.stroke();
                }
                let (ax, ay) = self.camera.to_screen(opt.x, opt.y);
                ctx.set_global_alpha(0.8);
                let size = (0.34 * self.camera.scale * d).max(10.0);
                self.blit_piece_px(o.ink, Pose::of(opt.role), ax * d, ay * d, size);
                ctx.set_global_alpha(1.0);
            }
            super::path::disc(&ctx, sx, sy, r);
            ctx.set_fill_style_str(fill);
            ctx.fill();
            ctx.set_line_width((if focused { 5.0 } else { 3.0 } * d).round());
            ctx.set_stroke_style_str(if focused { "#1b1b1b" } else { colour(o.ink) });
            ctx.stroke();
            let pose = Pose::of(opt.role);
            self.blit_piece_px(o.ink, pose, sx, sy, 1.4 * r);
            if let FollowerChoice::RecallAbbot(_) = opt.choice {
                // A return arrow marks taking the abbot back.
                ctx.set_stroke_style_str("#1b1b1b");
                ctx.set_line_width((2.5 * d).round());
                ctx.begin_path();
                let _ = ctx.arc(sx, sy, r * 0.75, PI * 1.1, PI * 1.9);
                ctx.stroke();
            }
            // Number badge: what to press on a keyboard.
            let (bx, by) = (sx + r * 0.66, sy - r * 0.66);
            super::path::disc(&ctx, bx, by, r * 0.4);
            ctx.set_fill_style_str("#1b1b1b");
            ctx.fill();
            ctx.set_fill_style_str("#fff");
            ctx.set_font(&font(r * 0.6));
            ctx.set_text_align("center");
            ctx.set_text_baseline("middle");
            let _ = ctx.fill_text(DIGITS[i.min(8)], bx, by + r * 0.03);
        }

        self.draw_effects(now);
    }

    /// Outlines each of `parts` (a feature's share of each tile) in `colour`.
    pub(super) fn outline(&mut self, parts: &[super::scored::Part], colour: &str) {
        let ctx = self.ctx.clone();
        for p in parts {
            if self.on_tile(p.at, p.rotation) {
                let runs = self.anchors.field_runs(p.kind, p.seg);
                highlight(&ctx, p.kind.def(), p.seg, runs, colour);
            }
        }
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    }

    /// Sets the transform to the unit square of the tile at `at` lying with
    /// `rotation`, or says it is out of view.
    pub(super) fn on_tile(&self, at: crate::engine::Pos, rotation: u8) -> bool {
        let (l, tp, w, h) = self.cell_px(at.x, at.y);
        if !self.visible(l, tp, w, h) {
            return false;
        }
        let ctx = &self.ctx;
        let _ = ctx.set_transform(w, 0.0, 0.0, h, l, tp);
        if rotation & 3 != 0 {
            let _ = ctx.translate(0.5, 0.5);
            let _ = ctx.rotate(f64::from(rotation & 3) * PI / 2.0);
            let _ = ctx.translate(-0.5, -0.5);
        }
        true
    }

    fn blit_piece(&mut self, ink: u8, pose: Pose, x: f64, y: f64, px: f64) {
        let (sx, sy) = self.camera.to_screen(x, y);
        self.blit_piece_px(ink, pose, sx * self.dpr, sy * self.dpr, px);
    }

    /// A piece in colour `ink` centred on device pixel (sx, sy), `px` device pixels tall.
    fn blit_piece_px(&mut self, ink: u8, pose: Pose, sx: f64, sy: f64, px: f64) {
        let ctx = self.ctx.clone();
        if let Some(pic) = self.cache.piece(ink, pose, px) {
            let s = px.round();
            let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                pic,
                (sx - s / 2.0).round(),
                (sy - s / 2.0).round(),
                s,
                s,
            );
        }
    }

    fn draw_effects(&mut self, now: f64) {
        if self.effects.list.is_empty() {
            return;
        }
        let ctx = self.ctx.clone();
        let d = self.dpr;
        let list = core::mem::take(&mut self.effects.list);
        // The points over the followers flying home and the outlines (a
        // "+1" under a follower flying off its road was half hidden); a
        // follower still standing where it scored over the points, so it
        // is seen there.
        let layer = |e: &&super::effects::Effect| match e.kind {
            Kind::Points { .. } => 1,
            Kind::Home { hold, .. } if e.progress(now).is_some_and(|t| t < hold) => 2,
            _ => 0,
        };
        for e in (0..3).flat_map(|l| list.iter().filter(move |e| layer(e) == l)) {
            let Some(t) = e.progress(now) else { continue };
            match &e.kind {
                Kind::Slide { .. } if self.still => {}
                Kind::Outline { parts, colour, .. } => {
                    // In quickly, held, out over the last quarter.
                    ctx.set_global_alpha(if self.still {
                        1.0
                    } else {
                        (t * 8.0).min(1.0).min((1.0 - t) * 4.0)
                    });
                    self.outline(parts, colour);
                    ctx.set_global_alpha(1.0);
                }
                Kind::Points { x, y, text, colour } => {
                    let rise = if self.still { 0.3 } else { 0.7 * t };
                    let (sx, sy) = self.camera.to_screen(*x, *y - rise);
                    ctx.set_global_alpha(if self.still { 1.0 } else { 1.0 - t * t });
                    // Large, with a dark edge so yellow and white read on
                    // the board (a light edge for black).
                    let px =
                        crate::engine::compact::clamp(0.55 * self.camera.scale, 34.0, 72.0) * d;
                    // Words, not a number: never wider than most of the screen.
                    let px = px.min(0.85 * self.width * d / (0.6 * text.len() as f64));
                    ctx.set_font(&font(px));
                    ctx.set_text_align("center");
                    ctx.set_text_baseline("middle");
                    ctx.set_line_join("round");
                    ctx.set_line_width(px * 0.14);
                    ctx.set_stroke_style_str(if *colour == COLOURS[4] {
                        "#fff"
                    } else {
                        "#1b1b1b"
                    });
                    let _ = ctx.stroke_text(text, sx * d, sy * d);
                    ctx.set_fill_style_str(colour);
                    let _ = ctx.fill_text(text, sx * d, sy * d);
                    ctx.set_global_alpha(1.0);
                }
                Kind::Home {
                    x,
                    y,
                    to,
                    ink,
                    pose,
                    hold,
                } => {
                    let (u, px, py) = self.home_at(*x, *y, *to, *hold, t);
                    ctx.set_global_alpha(if u > 0.8 { (1.0 - u) * 5.0 } else { 1.0 });
                    let size = (0.34 * self.camera.scale * d).max(10.0);
                    self.blit_piece_px(*ink, *pose, px * d, py * d, size);
                    ctx.set_global_alpha(1.0);
                }
                Kind::Slide {
                    kind,
                    rotation,
                    from,
                    size,
                    to,
                } => {
                    let cell = self.camera.scale;
                    let (cx, cy) = self
                        .camera
                        .to_screen(f64::from(to.x) + 0.5, f64::from(to.y) + 0.5);
                    let k = t * t * (3.0 - 2.0 * t);
                    let x = from.0 + (cx - from.0) * k;
                    let y = from.1 + (cy - from.1) * k;
                    let w = (size + (cell - size) * k) * d;
                    if let Some(pic) =
                        self.cache
                            .tile(*kind, *rotation, cell * d, &mut self.anchors)
                    {
                        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
                            pic,
                            (x * d - w / 2.0).round(),
                            (y * d - w / 2.0).round(),
                            w.round(),
                            w.round(),
                        );
                    }
                }
            }
        }
        self.effects.list = list;
    }
}

const DIGITS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

pub(super) fn font(px: f64) -> String {
    let mut s = String::from("bold ");
    super::super::text::push_num(&mut s, px.round() as u32);
    s.push_str("px sans-serif");
    s
}

impl super::Board {
    /// Where a piece going home is drawn at progress `t` of its effect, in
    /// CSS pixels, with how far along its way it is (`u`): standing where
    /// it scored for the `hold` share of the time, then flying `to` its
    /// score (with less motion it stands, then fades where it is).
    pub fn home_at(&self, x: f64, y: f64, to: (f64, f64), hold: f64, t: f64) -> (f64, f64, f64) {
        let (sx, sy) = self.camera.to_screen(x, y);
        let u = ((t - hold) / (1.0 - hold).max(1e-6)).clamp(0.0, 1.0);
        let k = if self.still {
            0.0
        } else {
            u * u * (3.0 - 2.0 * u)
        };
        (u, sx + (to.0 - sx) * k, sy + (to.1 - sy) * k)
    }

    /// The pieces going home drawn now: where, and how far along their
    /// way (0 while they stand where they scored), for the test hook.
    pub fn homes_now(&self, now: f64) -> Vec<(f64, f64, f64)> {
        self.effects
            .list
            .iter()
            .filter_map(|e| match e.kind {
                super::effects::Kind::Home { x, y, to, hold, .. } => e
                    .progress(now)
                    .map(|t| self.home_at(x, y, to, hold, t))
                    .map(|(u, px, py)| (px, py, u)),
                _ => None,
            })
            .collect()
    }
}

impl Board {
    /// The analysis's better move over the board of the move played: its
    /// tile see-through with a blue frame, and its follower in its
    /// player's colour. On the played tile's own cell it is drawn at 60%
    /// over that tile's top right corner, whole, so the move played still
    /// shows beside it.
    pub fn draw_better(&mut self, b: &crate::shell::analysis::Better) {
        let ctx = self.ctx.clone();
        let d = self.dpr;
        let (l, t, w, h) = self.cell_px(b.at.x, b.at.y);
        let (l, t, w, h) = if b.shared {
            (l + 0.55 * w, t - 0.15 * h, 0.6 * w, 0.6 * h)
        } else {
            (l, t, w, h)
        };
        if let Some(pic) =
            self.cache
                .tile(b.kind, b.rotation, self.camera.scale * d, &mut self.anchors)
        {
            ctx.set_global_alpha(if b.shared { 1.0 } else { 0.7 });
            let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(pic, l, t, w, h);
            ctx.set_global_alpha(1.0);
        }
        let lw = (4.0 * d).round();
        ctx.set_stroke_style_str("#2f6fd0");
        ctx.set_line_width(lw);
        ctx.stroke_rect(l + lw / 2.0, t + lw / 2.0, w - lw, h - lw);
        if let Some((loc, role)) = b.piece {
            let (x, y) = self.anchors.get(b.kind).spot(b.kind, b.rotation, loc);
            let p = b.judged.player;
            let ink = self.colours.get(usize::from(p)).copied().unwrap_or(p);
            let px = (0.34 * w).max(10.0);
            self.blit_piece_px(ink, Pose::of(role), l + x * w, t + y * h, px);
        }
    }
}

/// A frame `lw` device pixels wide (rounded to whole ones) in colour `c`,
/// just inside the cell at `(l, t)`, `w` by `h`.
fn ring(
    ctx: &web_sys::CanvasRenderingContext2d,
    (l, t, w, h): (f64, f64, f64, f64),
    lw: f64,
    c: &str,
) {
    let lw = lw.round();
    ctx.set_line_width(lw);
    ctx.set_stroke_style_str(c);
    ctx.stroke_rect(l + lw / 2.0, t + lw / 2.0, w - lw, h - lw);
}
