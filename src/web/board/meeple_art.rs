//! Follower figures in player colours. Colour is never the only cue: every
//! piece carries its seat number, and each role has its own figure — the
//! thief a mask, the knight a helmet, the monk a hood and rope belt, the
//! farmer lies down and the abbot wears a hooded robe.

use crate::engine::Role;
use web_sys::CanvasRenderingContext2d as Ctx;

/// Seat colours: yellow, red, green, blue, black, pink.
pub const COLOURS: [&str; 6] = [
    "#f2c81e", "#d8322b", "#3c9a3c", "#2f6fd0", "#2b2b2b", "#f07ab4",
];
/// Ink for the seat number on each colour, for contrast.
const NUMBER_INK: [&str; 6] = ["#2b2b2b", "#fff", "#fff", "#fff", "#fff", "#2b2b2b"];
pub const NAMES: [&str; 6] = ["Yellow", "Red", "Green", "Blue", "Black", "Pink"];
/// The colours as records name them (`meta.colours`).
pub const COLOUR_WORDS: [&str; 6] = ["yellow", "red", "green", "blue", "black", "pink"];
const DIGITS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

pub fn colour(player: u8) -> &'static str {
    COLOURS[player as usize % 6]
}

/// How a piece is posed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Pose {
    Thief,
    Knight,
    Monk,
    Lying,
    Abbot,
}

impl Pose {
    /// How many poses there are (a picture each in the cache).
    pub const COUNT: usize = 5;

    pub fn of(role: Role) -> Pose {
        match role {
            Role::Thief => Pose::Thief,
            Role::Knight => Pose::Knight,
            Role::Monk => Pose::Monk,
            Role::Farmer => Pose::Lying,
            Role::Abbot => Pose::Abbot,
        }
    }
}

fn meeple_path(ctx: &Ctx) {
    ctx.begin_path();
    ctx.move_to(-0.15, -0.34);
    ctx.line_to(-0.47, -0.2);
    ctx.quadratic_curve_to(-0.6, -0.1, -0.48, 0.01);
    ctx.line_to(-0.22, -0.02);
    ctx.line_to(-0.42, 0.5);
    ctx.quadratic_curve_to(-0.44, 0.6, -0.32, 0.6);
    ctx.line_to(-0.1, 0.6);
    ctx.line_to(0.0, 0.32);
    ctx.line_to(0.1, 0.6);
    ctx.line_to(0.32, 0.6);
    ctx.quadratic_curve_to(0.44, 0.6, 0.42, 0.5);
    ctx.line_to(0.22, -0.02);
    ctx.line_to(0.48, 0.01);
    ctx.quadratic_curve_to(0.6, -0.1, 0.47, -0.2);
    ctx.line_to(0.15, -0.34);
    ctx.close_path();
    ctx.move_to(0.2, -0.52);
    let _ = ctx.arc(0.0, -0.52, 0.2, 0.0, 2.0 * core::f64::consts::PI);
}

fn abbot_path(ctx: &Ctx) {
    ctx.begin_path();
    ctx.move_to(0.0, -0.82);
    ctx.quadratic_curve_to(0.3, -0.72, 0.26, -0.36);
    ctx.line_to(0.48, 0.6);
    ctx.line_to(-0.48, 0.6);
    ctx.line_to(-0.26, -0.36);
    ctx.quadratic_curve_to(-0.3, -0.72, 0.0, -0.82);
    ctx.close_path();
}

/// Draws a piece centred on (0,0), about one unit tall; the caller has scaled
/// the context by `px` device pixels per unit.
pub fn draw_piece(ctx: &Ctx, player: u8, pose: Pose, px: f64) {
    let p = player as usize % 6;
    ctx.save();
    if pose == Pose::Lying {
        let _ = ctx.rotate(-core::f64::consts::FRAC_PI_2);
    }
    ctx.set_line_join("round");
    match pose {
        Pose::Abbot => abbot_path(ctx),
        _ => meeple_path(ctx),
    }
    ctx.set_fill_style_str(COLOURS[p]);
    ctx.fill();
    ctx.set_stroke_style_str(if p == 4 { "#e8e0d0" } else { "#231d17" });
    ctx.set_line_width(0.07);
    ctx.stroke();
    ctx.set_line_width(0.04);
    let dark = if p == 4 { "#e8e0d0" } else { "#231d17" };
    let circle = |x: f64, y: f64, r: f64| {
        ctx.begin_path();
        let _ = ctx.arc(x, y, r, 0.0, 2.0 * core::f64::consts::PI);
    };
    match pose {
        Pose::Abbot | Pose::Monk => {
            // The hood's opening and a white rope belt.
            let y = if pose == Pose::Abbot { -0.5 } else { -0.52 };
            circle(0.0, y, 0.11);
            ctx.set_fill_style_str("#f3e6cf");
            ctx.fill();
            ctx.stroke();
            ctx.set_fill_style_str("#fff");
            ctx.fill_rect(-0.3, -0.13, 0.6, 0.07);
        }
        Pose::Knight => {
            // A steel helmet with a dark visor slit.
            ctx.begin_path();
            let _ = ctx.arc(0.0, -0.5, 0.23, core::f64::consts::PI, 0.0);
            ctx.line_to(0.23, -0.42);
            ctx.line_to(-0.23, -0.42);
            ctx.close_path();
            ctx.set_fill_style_str("#c9ccd1");
            ctx.fill();
            ctx.set_stroke_style_str("#231d17");
            ctx.stroke();
            ctx.set_fill_style_str("#231d17");
            ctx.fill_rect(-0.16, -0.54, 0.32, 0.05);
        }
        Pose::Thief => {
            // A mask across the eyes.
            ctx.set_fill_style_str(dark);
            ctx.fill_rect(-0.22, -0.6, 0.44, 0.11);
            ctx.set_fill_style_str(COLOURS[p]);
            circle(-0.08, -0.545, 0.035);
            ctx.fill();
            circle(0.08, -0.545, 0.035);
            ctx.fill();
        }
        Pose::Lying => {}
    }
    // The seat number: a cue that does not depend on colour.
    ctx.set_fill_style_str(NUMBER_INK[p]);
    // Text is set in device pixels: fonts below 1px do not scale well.
    let y = if pose == Pose::Abbot { 0.24 } else { 0.12 };
    let _ = ctx.scale(1.0 / px, 1.0 / px);
    let mut font = String::from("bold ");
    crate::web::text::push_num(&mut font, (0.46 * px).round().max(6.0) as u32);
    font.push_str("px sans-serif");
    ctx.set_font(&font);
    ctx.set_text_align("center");
    ctx.set_text_baseline("middle");
    let _ = ctx.fill_text(DIGITS[p], 0.0, y * px);
    ctx.restore();
}
