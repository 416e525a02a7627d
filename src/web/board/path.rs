//! Shapes as data: a path is a byte string of commands, each followed by its
//! coordinates in hundredths of a unit. Drawing from data keeps the many
//! shapes of tiles and pieces small in the bundle (a coordinate is one byte
//! here, nine as code).

use web_sys::CanvasRenderingContext2d as Ctx;

/// Move to (x, y).
pub const M: i8 = -128;
/// Line to (x, y).
pub const L: i8 = -127;
/// Quadratic curve: control (x, y), to (x, y).
pub const Q: i8 = -126;
/// Cubic curve: two controls, to (x, y).
pub const C: i8 = -125;
/// Circle: centre (x, y), radius.
pub const O: i8 = -124;
/// Rectangle: left, top, width, height.
pub const R: i8 = -123;
/// Close the current subpath.
pub const Z: i8 = -122;

/// Begins a path and traces `d` on it, scaled by `s` and moved to (x, y).
pub fn trace(ctx: &Ctx, d: &[i8], (x, y): (f64, f64), s: f64) {
    ctx.begin_path();
    let mut i = 0;
    let v = |k: usize| f64::from(d[k]) / 100.0 * s;
    while i < d.len() {
        let c = d[i];
        i += 1;
        let n = match c {
            M => {
                ctx.move_to(x + v(i), y + v(i + 1));
                2
            }
            L => {
                ctx.line_to(x + v(i), y + v(i + 1));
                2
            }
            Q => {
                ctx.quadratic_curve_to(x + v(i), y + v(i + 1), x + v(i + 2), y + v(i + 3));
                4
            }
            C => {
                ctx.bezier_curve_to(
                    x + v(i),
                    y + v(i + 1),
                    x + v(i + 2),
                    y + v(i + 3),
                    x + v(i + 4),
                    y + v(i + 5),
                );
                6
            }
            O => {
                ctx.move_to(x + v(i) + v(i + 2), y + v(i + 1));
                let _ = ctx.arc(
                    x + v(i),
                    y + v(i + 1),
                    v(i + 2),
                    0.0,
                    2.0 * core::f64::consts::PI,
                );
                3
            }
            R => {
                ctx.rect(x + v(i), y + v(i + 1), v(i + 2), v(i + 3));
                4
            }
            _ => {
                ctx.close_path();
                0
            }
        };
        i += n;
    }
}

/// Traces `d` and fills it in `fill`, then strokes it in `ink` if given.
pub fn paint(ctx: &Ctx, d: &[i8], at: (f64, f64), s: f64, fill: &str, ink: Option<&str>) {
    trace(ctx, d, at, s);
    ctx.set_fill_style_str(fill);
    ctx.fill();
    if let Some(ink) = ink {
        ctx.set_stroke_style_str(ink);
        ctx.stroke();
    }
}

/// Begins a new path that is a whole circle: one call for each of the
/// board's dots, rings and badges.
pub fn disc(ctx: &web_sys::CanvasRenderingContext2d, x: f64, y: f64, r: f64) {
    ctx.begin_path();
    let _ = ctx.arc(x, y, r, 0.0, 2.0 * core::f64::consts::PI);
}
