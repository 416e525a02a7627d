//! Procedural tile pictures drawn from the catalogue itself (segments, side
//! masks, pennants, centres): no copied art. Everything is drawn in the
//! tile's reference orientation in a unit square and turned by the caller.

use super::path::{paint, trace, C, L, M, Q, R, Z};
use crate::engine::tile::{Centre, SegmentKind, TileDef};
use crate::engine::TileKind;
use core::f64::consts::PI;
use web_sys::CanvasRenderingContext2d as Ctx;

pub const FIELD: &str = "#7fae4e";
const FIELD_DARK: &str = "#6a9840";
const FIELD_LIGHT: &str = "#97c463";
const CITY: &str = "#d8b47a";
const ROOF: &str = "#b4533a";
const ROOF_DARK: &str = "#6e2e20";
/// Roof colours, taken in turn so a city is not one flat red.
const ROOFS: [&str; 3] = ["#b4533a", "#c4683e", "#9c4431"];
const WALL: &str = "#5e5042";
const WALL_TOP: &str = "#c8bca4";
const ROAD: &str = "#f1ead8";
const ROAD_EDGE: &str = "#8c7b5a";
const RIVER: &str = "#5ea6dc";
const RIVER_EDGE: &str = "#2f6ea8";
const STONE: &str = "#efe6d2";
const INK: &str = "#3b3027";
const SHIELD: &str = "#2a52a8";
const HEDGE: &str = "#3f7a2e";
/// Drawn colour for things fields cannot cross, when drawing the field mask.
const MASK: &str = "#000";

/// The shape a city segment takes, from which sides it touches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum CityShape {
    /// One side: a cap along it.
    Cap,
    /// Two neighbouring sides: the corner between them.
    Corner,
    /// Two opposite sides: a band across the tile.
    Band,
    /// Three sides: everything but a bite out of the fourth.
    Three,
    Full,
}

/// The shape and the quarter turns that take its canonical form (cap on N,
/// corner N+E, band E+W, three without S) to the segment's sides.
fn city_shape(sides: u8) -> (CityShape, u8) {
    let has = |i: u8| sides & (1 << (i & 3)) != 0;
    match sides.count_ones() {
        1 => (CityShape::Cap, sides.trailing_zeros() as u8),
        2 => {
            if has(0) && has(2) {
                (CityShape::Band, 1)
            } else if has(1) && has(3) {
                (CityShape::Band, 0)
            } else {
                let i = (0..4).find(|&i| has(i) && has(i + 1)).unwrap_or(0);
                (CityShape::Corner, i)
            }
        }
        3 => {
            let missing = (0..4).find(|&i| !has(i)).unwrap_or(2);
            (CityShape::Three, (missing + 2) & 3)
        }
        _ => (CityShape::Full, 0),
    }
}

/// Point `p` turned `r` quarter turns clockwise about the tile centre.
pub fn turn(p: (f64, f64), r: u8) -> (f64, f64) {
    let mut q = p;
    for _ in 0..(r & 3) {
        q = (1.0 - q.1, q.0);
    }
    q
}

fn with_turn(ctx: &Ctx, r: u8, f: impl FnOnce()) {
    ctx.save();
    if r & 3 != 0 {
        let _ = ctx.translate(0.5, 0.5);
        let _ = ctx.rotate(f64::from(r & 3) * PI / 2.0);
        let _ = ctx.translate(-0.5, -0.5);
    }
    f();
    ctx.restore();
}

/// Outline of a city shape (canonical orientation): the area when `area`,
/// otherwise only its walls (the curves inside the tile).
fn city_path(ctx: &Ctx, shape: CityShape, area: bool) {
    // Area, then wall, per shape (hundredths of a tile).
    const CAP: [&[i8]; 2] = [
        &[M, 0, 0, L, 100, 0, C, 75, 38, 25, 38, 0, 0, Z],
        &[M, 100, 0, C, 75, 38, 25, 38, 0, 0],
    ];
    const CORNER: [&[i8]; 2] = [
        &[M, 0, 0, L, 100, 0, L, 100, 100, C, 62, 80, 20, 38, 0, 0, Z],
        &[M, 100, 100, C, 62, 80, 20, 38, 0, 0],
    ];
    const BAND: [&[i8]; 2] = [
        &[
            M, 0, 0, C, 30, 34, 70, 34, 100, 0, L, 100, 100, C, 70, 66, 30, 66, 0, 100, Z,
        ],
        &[
            M, 0, 0, C, 30, 34, 70, 34, 100, 0, M, 100, 100, C, 70, 66, 30, 66, 0, 100,
        ],
    ];
    const THREE: [&[i8]; 2] = [
        &[
            M, 0, 100, L, 0, 0, L, 100, 0, L, 100, 100, C, 72, 58, 28, 58, 0, 100, Z,
        ],
        &[M, 100, 100, C, 72, 58, 28, 58, 0, 100],
    ];
    const FULL: [&[i8]; 2] = [&[R, 0, 0, 100, 100], &[]];
    let d = match shape {
        CityShape::Cap => CAP,
        CityShape::Corner => CORNER,
        CityShape::Band => BAND,
        CityShape::Three => THREE,
        CityShape::Full => FULL,
    };
    trace(ctx, d[usize::from(!area)], (0.0, 0.0), 1.0);
}

/// Where a knight stands, where the pennant hangs, and where houses are drawn
/// (canonical orientation).
type Point = (f64, f64);

/// Where a knight stands, where the pennant hangs, then where houses are
/// drawn, as x, y pairs in hundredths of a tile (canonical orientation).
fn city_spots(shape: CityShape) -> &'static [u8] {
    match shape {
        CityShape::Cap => &[50, 13, 50, 13, 24, 7, 76, 7, 50, 10, 37, 16, 63, 16],
        CityShape::Corner => &[
            70, 30, 88, 12, 30, 8, 50, 9, 92, 52, 90, 72, 55, 22, 78, 45, 70, 10,
        ],
        CityShape::Band => &[
            55, 50, 20, 50, 8, 26, 8, 74, 92, 26, 92, 74, 36, 38, 74, 62, 30, 64, 76, 36,
        ],
        CityShape::Three => &[
            50, 36, 18, 22, 10, 55, 10, 78, 90, 55, 90, 78, 40, 10, 75, 14, 28, 42, 72, 42, 60, 26,
        ],
        CityShape::Full => &[
            50, 50, 24, 26, 75, 18, 20, 72, 78, 78, 50, 16, 12, 45, 88, 48, 48, 84, 36, 58, 66, 40,
        ],
    }
}

/// Point `k` of a spot list.
fn spot(d: &[u8], k: usize) -> Point {
    (f64::from(d[2 * k]) / 100.0, f64::from(d[2 * k + 1]) / 100.0)
}

const SIDE_MID: [(f64, f64); 4] = [(0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)];
const SIDE_DIR: [(f64, f64); 4] = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];

/// A road or river course: from side a's midpoint to `end`, bending through `ctrl`.
#[derive(Clone, Copy)]
struct Course {
    from: (f64, f64),
    ctrl: (f64, f64),
    to: (f64, f64),
}

impl Course {
    fn mid(&self) -> (f64, f64) {
        (
            0.25 * self.from.0 + 0.5 * self.ctrl.0 + 0.25 * self.to.0,
            0.25 * self.from.1 + 0.5 * self.ctrl.1 + 0.25 * self.to.1,
        )
    }
    fn path(&self, ctx: &Ctx) {
        ctx.begin_path();
        ctx.move_to(self.from.0, self.from.1);
        ctx.quadratic_curve_to(self.ctrl.0, self.ctrl.1, self.to.0, self.to.1);
    }
}

/// Whether the roads of this tile meet at a village or crossing (L, W, X).
fn has_village(d: &TileDef) -> bool {
    d.segments
        .iter()
        .filter(|s| s.kind == SegmentKind::Road && s.sides.count_ones() == 1)
        .count()
        >= 3
}

/// The centre of the tile's monastery (the river's monastery sits off its bank).
fn monastery_at(d: &TileDef) -> (f64, f64) {
    if d.river {
        (0.5, 0.6)
    } else {
        (0.5, 0.48)
    }
}

/// The course of a road or river segment on a tile.
fn course(d: &TileDef, kind: SegmentKind, sides: u8) -> Course {
    let a = (sides & 15).trailing_zeros() as usize & 3;
    let rest = sides & 15 & !(1 << a);
    if rest != 0 {
        let b = rest.trailing_zeros() as usize;
        let (from, to) = (SIDE_MID[a], SIDE_MID[b]);
        let ctrl = if (a + 2) % 4 == b {
            // Straight across; the river bows away from a monastery beside it.
            if kind == SegmentKind::River && d.centre == Centre::Monastery {
                (0.5, 0.08)
            } else {
                (0.5, 0.5)
            }
        } else {
            // A bend: pulled towards the corner between the two sides.
            (
                0.5 + 0.2 * (SIDE_DIR[a].0 + SIDE_DIR[b].0),
                0.5 + 0.2 * (SIDE_DIR[a].1 + SIDE_DIR[b].1),
            )
        };
        return Course { from, ctrl, to };
    }
    let from = SIDE_MID[a];
    let to = if kind == SegmentKind::River || has_village(d) {
        (0.5, 0.5)
    } else if d.centre == Centre::Monastery {
        monastery_at(d)
    } else {
        // A road that ends at a city runs on under its wall.
        (0.5 - 0.25 * SIDE_DIR[a].0, 0.5 - 0.25 * SIDE_DIR[a].1)
    };
    Course {
        from,
        ctrl: ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0),
        to,
    }
}

/// The road or river width, edge included.
fn course_width(kind: SegmentKind) -> f64 {
    if kind == SegmentKind::River {
        0.19
    } else {
        0.13
    }
}

/// Where a follower stands on each segment, and on the centre, in reference
/// orientation. Fields are found by [`super::anchors`].
pub fn segment_anchor(d: &TileDef, i: usize) -> (f64, f64) {
    let s = &d.segments[i];
    match s.kind {
        SegmentKind::City => {
            let (shape, r) = city_shape(s.sides);
            turn(spot(city_spots(shape), 0), r)
        }
        SegmentKind::Road | SegmentKind::River => {
            let c = course(d, s.kind, s.sides);
            if s.sides.count_ones() >= 2 {
                c.mid()
            } else {
                let a = s.sides.trailing_zeros() as usize;
                (
                    SIDE_MID[a].0 - 0.27 * SIDE_DIR[a].0,
                    SIDE_MID[a].1 - 0.27 * SIDE_DIR[a].1,
                )
            }
        }
        SegmentKind::Field => (0.5, 0.5),
    }
}

/// How the tile is to be drawn.
#[derive(Clone, Copy)]
pub struct Look {
    /// Whether this tile shows a garden (edition c3 only).
    pub garden: Option<(f64, f64)>,
    /// Draw only the obstacles fields cannot cross, in black on nothing.
    pub mask: bool,
    /// Quarter turns the tile lies with: houses and buildings are turned
    /// back by this, so they stand upright on the board.
    pub turned: u8,
}

/// Runs `f` with the context turned back `turns` quarter turns about the
/// tile centre: what `f` draws at `turn(p, turns)` stands upright on the board.
fn upright(ctx: &Ctx, turns: u8, f: impl FnOnce()) {
    with_turn(ctx, (4 - (turns & 3)) & 3, f);
}

/// Draws `kind` in reference orientation into the unit square of `ctx`
/// (the caller scales, translates and turns).
pub fn draw_tile(ctx: &Ctx, kind: TileKind, look: Look) {
    let d = kind.def();
    let mask = look.mask;
    if !mask {
        ctx.set_fill_style_str(FIELD);
        ctx.fill_rect(0.0, 0.0, 1.0, 1.0);
        meadow(ctx, kind.0);
    }
    ctx.set_line_cap("butt");
    ctx.set_line_join("round");

    // Rivers first, roads over them (bridges), then cities over road ends.
    for kind_pass in [SegmentKind::River, SegmentKind::Road] {
        for s in d.segments.iter().filter(|s| s.kind == kind_pass) {
            let c = course(d, s.kind, s.sides);
            let w = course_width(s.kind);
            c.path(ctx);
            if mask {
                ctx.set_stroke_style_str(MASK);
                ctx.set_line_width(w);
                ctx.stroke();
                continue;
            }
            let (edge, body) = if s.kind == SegmentKind::River {
                (RIVER_EDGE, RIVER)
            } else {
                (ROAD_EDGE, ROAD)
            };
            ctx.set_stroke_style_str(edge);
            ctx.set_line_width(w);
            ctx.stroke();
            ctx.set_stroke_style_str(body);
            ctx.set_line_width(w * 0.62);
            ctx.stroke();
        }
    }
    if !mask {
        bridges(ctx, d);
    }

    for s in d.segments.iter().filter(|s| s.kind == SegmentKind::City) {
        let (shape, r) = city_shape(s.sides);
        with_turn(ctx, r, || city(ctx, shape, r, look.turned, s.pennant, mask));
    }

    let up = look.turned;
    match d.centre {
        Centre::Monastery => upright(ctx, up, || monastery(ctx, turn(monastery_at(d), up), mask)),
        Centre::Spring => water(ctx, (0.5, 0.48), 0.14, mask, true),
        Centre::Lake => water(ctx, (0.5, 0.52), 0.25, mask, false),
        _ => {}
    }
    if has_village(d) {
        upright(ctx, up, || village(ctx, mask));
    }
    if let Some(at) = look.garden {
        garden(ctx, at, mask);
    }
}

/// Tufts of grass in two shades so fields are not a flat colour; placed by
/// a small generator seeded by the kind, so neighbouring tiles differ and no
/// pattern repeats across the board. Nothing at the very edge: no seams.
fn meadow(ctx: &Ctx, seed: u8) {
    let mut r = u32::from(seed).wrapping_mul(2_654_435_761) | 1;
    let mut next = || {
        r ^= r << 13;
        r ^= r >> 17;
        r ^= r << 5;
        0.06 + 0.88 * f64::from(r % 1000) / 1000.0
    };
    ctx.set_line_cap("round");
    for (shade, w) in [(FIELD_DARK, 0.011), (FIELD_LIGHT, 0.009)] {
        ctx.set_stroke_style_str(shade);
        ctx.set_line_width(w);
        ctx.begin_path();
        for _ in 0..14 {
            let (x, y) = (next(), next());
            ctx.move_to(x - 0.018, y);
            ctx.line_to(x - 0.026, y - 0.03);
            ctx.move_to(x, y);
            ctx.line_to(x, y - 0.036);
            ctx.move_to(x + 0.018, y);
            ctx.line_to(x + 0.026, y - 0.03);
        }
        ctx.stroke();
    }
}

/// Dark rails where a road crosses the river.
fn bridges(ctx: &Ctx, d: &TileDef) {
    let river = d.segments.iter().find(|s| s.kind == SegmentKind::River);
    let Some(river) = river else { return };
    let straight = |sides: u8| sides == 0b0101 || sides == 0b1010;
    if !straight(river.sides) {
        return;
    }
    // A road crosses when it runs on past the tile's middle.
    let crosses = d.segments.iter().any(|s| {
        s.kind == SegmentKind::Road
            && (straight(s.sides) || {
                let c = course(d, s.kind, s.sides);
                let a = s.sides.trailing_zeros() as usize;
                (c.to.0 - 0.5) * SIDE_DIR[a].0 + (c.to.1 - 0.5) * SIDE_DIR[a].1 < -0.01
            })
    });
    if !crosses {
        return;
    }
    // A road crossing a straight river crosses it at the river's middle.
    let c = course(d, SegmentKind::River, river.sides);
    let (mx, my) = c.mid();
    let along_x = river.sides & 0b1010 == 0b1010;
    ctx.set_stroke_style_str(INK);
    ctx.set_line_width(0.02);
    ctx.begin_path();
    if along_x {
        // River E-W, road N-S: rails beside the road.
        for dx in [-0.075, 0.075] {
            ctx.move_to(mx + dx, my - 0.12);
            ctx.line_to(mx + dx, my + 0.12);
        }
    } else {
        for dy in [-0.075, 0.075] {
            ctx.move_to(mx - 0.12, my + dy);
            ctx.line_to(mx + 0.12, my + dy);
        }
    }
    ctx.stroke();
}

/// A city shape, drawn turned `r` quarter turns (the context is already
/// turned); its houses are turned back so that all roofs on a tile face one way.
fn city(ctx: &Ctx, shape: CityShape, r: u8, turned: u8, pennant: bool, mask: bool) {
    city_path(ctx, shape, true);
    if mask {
        ctx.set_fill_style_str(MASK);
        ctx.fill();
        if shape != CityShape::Full {
            city_path(ctx, shape, false);
            ctx.set_stroke_style_str(MASK);
            ctx.set_line_width(0.07);
            ctx.stroke();
        }
        return;
    }
    if shape != CityShape::Full {
        // The wall's shadow on the field, for depth (the city covers its inner half).
        city_path(ctx, shape, false);
        ctx.set_stroke_style_str("rgba(40,30,10,0.3)");
        ctx.set_line_width(0.14);
        ctx.stroke();
        city_path(ctx, shape, true);
    }
    ctx.set_fill_style_str(CITY);
    ctx.fill();
    let spots = city_spots(shape);
    let shield = spot(spots, 1);
    ctx.save();
    city_path(ctx, shape, true);
    ctx.clip();
    let up = (r + turned) & 3;
    upright(ctx, up, || {
        // Back rows first, so the houses in front overlap them.
        let mut at: Vec<Point> = Vec::new();
        for k in 2..spots.len() / 2 {
            at.push(turn(spot(spots, k), up));
        }
        for i in 1..at.len() {
            let mut j = i;
            while j > 0 && at[j - 1].1 > at[j].1 {
                at.swap(j - 1, j);
                j -= 1;
            }
        }
        for (i, &(x, y)) in at.iter().enumerate() {
            house(ctx, x, y, 0.13, ROOFS[i % ROOFS.len()]);
        }
    });
    ctx.restore();
    if shape != CityShape::Full {
        // A stone wall with battlements.
        city_path(ctx, shape, false);
        ctx.set_stroke_style_str(WALL);
        ctx.set_line_width(0.075);
        ctx.stroke();
        ctx.set_stroke_style_str(WALL_TOP);
        ctx.set_line_width(0.04);
        ctx.stroke();
        ctx.set_stroke_style_str(WALL);
        ctx.set_line_width(0.022);
        ctx.set_line_dash(&js_sys::Array::of2(&0.022.into(), &0.028.into()))
            .ok();
        ctx.stroke();
        ctx.set_line_dash(&js_sys::Array::new()).ok();
    }
    if pennant {
        let up = (r + turned) & 3;
        upright(ctx, up, || {
            let (x, y) = turn(shield, up);
            shield_at(ctx, x, y, 0.075);
        });
    }
}

/// A small house standing upright: a lit front wall with a door, and a
/// roof with a sunny and a shaded slope.
fn house(ctx: &Ctx, x: f64, y: f64, w: f64, roof: &str) {
    // Hundredths of the house's width.
    const WALL: [i8; 5] = [R, -42, -4, 84, 38];
    const DOOR: [i8; 5] = [R, -8, 13, 16, 21];
    const ROOF_PATH: [i8; 10] = [M, -55, 0, L, 0, -47, L, 55, 0, Z];
    const SHADE: [i8; 10] = [M, 0, -47, L, 55, 0, L, 10, 0, Z];
    ctx.set_line_width(0.008);
    paint(ctx, &WALL, (x, y), w, STONE, Some(ROOF_DARK));
    paint(ctx, &DOOR, (x, y), w, INK, None);
    paint(ctx, &ROOF_PATH, (x, y), w, roof, None);
    paint(ctx, &SHADE, (x, y), w, "rgba(60,20,10,0.3)", None);
    trace(ctx, &ROOF_PATH, (x, y), w);
    ctx.stroke();
}

/// The coat of arms: a blue shield with a white chevron.
pub fn shield_at(ctx: &Ctx, x: f64, y: f64, s: f64) {
    const SHIELD_PATH: [i8; 20] = [
        M, -50, -50, L, 50, -50, L, 50, 5, Q, 50, 45, 0, 65, Q, -50, 45, -50, 5, Z,
    ];
    const CHEVRON: [i8; 9] = [M, -30, 15, L, 0, -18, L, 30, 15];
    ctx.set_line_width(0.15 * s);
    paint(ctx, &SHIELD_PATH, (x, y), 2.0 * s, SHIELD, Some("#fff"));
    trace(ctx, &CHEVRON, (x, y), 2.0 * s);
    ctx.stroke();
}

/// The monastery's parts as path data (hundredths of a tile, from its
/// centre), each filled in turn: cloister, church, roof, tower, tower roof.
const CLOISTER: [i8; 5] = [R, -19, -2, 38, 18];
const CHURCH: [i8; 5] = [R, -13, -6, 26, 14];
const CHURCH_ROOF: [i8; 13] = [M, -16, -5, L, -10, -15, L, 10, -15, L, 16, -5, Z];
const TOWER: [i8; 5] = [R, -4, -22, 8, 16];
const TOWER_ROOF: [i8; 10] = [M, -5, -21, L, 0, -26, L, 5, -21, Z];
const CROSS: [i8; 12] = [M, 0, -26, L, 0, -30, M, -2, -28, L, 2, -28];
const DOOR: [i8; 5] = [R, -2, 2, 4, 6];

fn monastery(ctx: &Ctx, at: (f64, f64), mask: bool) {
    if mask {
        ctx.set_fill_style_str(MASK);
        ctx.fill_rect(at.0 - 0.2, at.1 - 0.26, 0.4, 0.44);
        return;
    }
    ctx.set_line_width(0.012);
    for (d, fill) in [
        (&CLOISTER[..], "#c9d99a"),
        (&CHURCH, STONE),
        (&CHURCH_ROOF, ROOF),
        (&TOWER, STONE),
        (&TOWER_ROOF, ROOF),
    ] {
        paint(ctx, d, at, 1.0, fill, Some(INK));
    }
    trace(ctx, &CROSS, at, 1.0);
    ctx.stroke();
    paint(ctx, &DOOR, at, 1.0, INK, None);
}

fn village(ctx: &Ctx, mask: bool) {
    super::path::disc(ctx, 0.5, 0.5, 0.14);
    if mask {
        ctx.set_fill_style_str(MASK);
        ctx.fill();
        return;
    }
    ctx.set_fill_style_str("#e6d9b8");
    ctx.fill();
    ctx.set_stroke_style_str(ROAD_EDGE);
    ctx.set_line_width(0.015);
    ctx.stroke();
    house(ctx, 0.44, 0.48, 0.1, ROOFS[0]);
    house(ctx, 0.57, 0.56, 0.09, ROOFS[1]);
}

fn water(ctx: &Ctx, (x, y): (f64, f64), r: f64, mask: bool, spring: bool) {
    ctx.begin_path();
    let _ = ctx.ellipse(x, y, r, r * 0.8, 0.0, 0.0, 2.0 * PI);
    if mask {
        ctx.set_fill_style_str(MASK);
        ctx.fill();
        return;
    }
    ctx.set_fill_style_str(RIVER);
    ctx.fill();
    ctx.set_stroke_style_str(RIVER_EDGE);
    ctx.set_line_width(0.02);
    ctx.stroke();
    if spring {
        // Rocks the spring rises among.
        ctx.set_fill_style_str("#9a958a");
        ctx.set_stroke_style_str("#6e6a60");
        ctx.set_line_width(0.01);
        for &(dx, dy) in &[
            (-0.15, -0.04),
            (0.15, -0.05),
            (-0.07, -0.13),
            (0.07, -0.13),
            (0.0, -0.15),
        ] {
            super::path::disc(ctx, x + dx, y + dy, 0.04);
            ctx.fill();
            ctx.stroke();
        }
    } else {
        // Reeds at the lake shore.
        ctx.set_stroke_style_str(HEDGE);
        ctx.set_line_width(0.014);
        ctx.begin_path();
        for &dx in &[-0.2, -0.17, 0.18, 0.21] {
            ctx.move_to(x + dx, y + 0.12);
            ctx.line_to(x + dx * 1.1, y + 0.02);
        }
        ctx.stroke();
    }
}

fn garden(ctx: &Ctx, (x, y): (f64, f64), mask: bool) {
    super::path::disc(ctx, x, y, 0.13);
    if mask {
        ctx.set_fill_style_str(MASK);
        ctx.fill();
        return;
    }
    ctx.set_fill_style_str("#9bcf6a");
    ctx.fill();
    ctx.set_stroke_style_str(HEDGE);
    ctx.set_line_width(0.03);
    ctx.stroke();
    // Beds of flowers in rows.
    for (i, c) in ["#e8493a", "#f4d03f", "#ffffff", "#c05ad0"]
        .iter()
        .enumerate()
    {
        ctx.set_fill_style_str(c);
        let a = f64::from(i as u8) * PI / 2.0 + 0.5;
        for k in 0..2 {
            let rr = 0.035 + 0.035 * f64::from(k as u8);
            super::path::disc(
                ctx,
                x + rr * js_sys::Math::cos(a),
                y + rr * js_sys::Math::sin(a),
                0.014,
            );
            ctx.fill();
        }
    }
}

/// Outlines one scored segment — its own shape, not the whole tile — in a
/// player's colour with a dark edge (reference orientation; the caller turns
/// it). `seg` past the segments is the centre; `runs` is a field's shape.
pub fn highlight(ctx: &Ctx, d: &TileDef, seg: u8, runs: &[super::anchors::Run], colour: &str) {
    const EDGE: &str = "#1b1b1b";
    // The effect's own fading, kept under the fills' see-through.
    let a = ctx.global_alpha();
    ctx.set_line_join("round");
    ctx.set_line_cap("round");
    let Some(s) = d.segments.get(seg as usize) else {
        // The monastery (or garden): a ring around it.
        let (x, y) = monastery_at(d);
        super::path::disc(ctx, x, y - 0.04, 0.3);
        ctx.set_global_alpha(a * 0.3);
        ctx.set_fill_style_str(colour);
        ctx.fill();
        ctx.set_global_alpha(a);
        outline_stroke(ctx, colour, EDGE, 0.07);
        return;
    };
    match s.kind {
        SegmentKind::City => {
            let (shape, r) = city_shape(s.sides);
            with_turn(ctx, r, || {
                city_path(ctx, shape, true);
                ctx.set_global_alpha(a * 0.4);
                ctx.set_fill_style_str(colour);
                ctx.fill();
                ctx.set_global_alpha(a);
                if shape != CityShape::Full {
                    city_path(ctx, shape, false);
                    outline_stroke(ctx, colour, EDGE, 0.07);
                }
            });
        }
        SegmentKind::Road | SegmentKind::River => {
            // Traced on both edges; the road itself still shows between.
            course(d, s.kind, s.sides).path(ctx);
            ctx.set_line_cap("butt");
            outline_stroke(ctx, colour, EDGE, 0.17);
            ctx.set_stroke_style_str(ROAD);
            ctx.set_line_width(0.07);
            ctx.stroke();
        }
        SegmentKind::Field => {
            let n = super::anchors::MASK_SIZE as f64;
            ctx.begin_path();
            for &(y, x0, x1) in runs {
                let (y, x0, x1) = (f64::from(y), f64::from(x0), f64::from(x1));
                ctx.rect(x0 / n, y / n, (x1 - x0 + 1.0) / n, 1.02 / n);
            }
            ctx.set_global_alpha(a * 0.5);
            ctx.set_fill_style_str(colour);
            ctx.fill();
            ctx.set_global_alpha(a);
        }
    }
}

/// Strokes the current path wide in `edge`, then narrower in `colour`.
fn outline_stroke(ctx: &Ctx, colour: &str, edge: &str, w: f64) {
    ctx.set_stroke_style_str(edge);
    ctx.set_line_width(w * 1.6);
    ctx.stroke();
    ctx.set_stroke_style_str(colour);
    ctx.set_line_width(w);
    ctx.stroke();
}
