//! Follower figures in player colours. Colour is never the only cue: every
//! piece carries its seat number, and each role has its own figure — the
//! thief a mask, the knight a helmet, the monk a hood and rope belt, the
//! farmer lies down and the abbot wears a hooded robe.

use super::path::{trace, L, M, O, Q, Z};
use crate::engine::Role;
use web_sys::CanvasRenderingContext2d as Ctx;

/// Seat colours: yellow, red, green, blue, black, pink.
pub const COLOURS: [&str; 6] = [
    "#f2c81e", "#d8322b", "#3c9a3c", "#2f6fd0", "#2b2b2b", "#f07ab4",
];
/// Ink for the seat number on each colour, for contrast.
pub(crate) const NUMBER_INK: [&str; 6] = ["#2b2b2b", "#fff", "#fff", "#fff", "#fff", "#2b2b2b"];
/// The colours as records name them (`meta.colours`).
pub use crate::shell::seats::COLOUR_WORDS;
pub(crate) const DIGITS: [&str; 6] = ["1", "2", "3", "4", "5", "6"];

pub fn colour(player: u8) -> &'static str {
    COLOURS[player as usize % 6]
}

/// The ink for a seat number written on colour `ink`: white on the dark
/// ones (red, green, blue, black), dark on yellow and pink.
pub fn on_colour(ink: u8) -> &'static str {
    if matches!(ink % 6, 1..=4) {
        "#fff"
    } else {
        "#2b2b2b"
    }
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

/// A follower standing (hundredths of a unit, from its middle).
const MEEPLE: [i8; 58] = [
    M, -15, -34, L, -47, -20, Q, -60, -10, -48, 1, L, -22, -2, L, -42, 50, Q, -44, 60, -32, 60, L,
    -10, 60, L, 0, 32, L, 10, 60, L, 32, 60, Q, 44, 60, 42, 50, L, 22, -2, L, 48, 1, Q, 60, -10,
    47, -20, L, 15, -34, Z, O, 0, -52, 20,
];
/// The abbot's hooded robe.
const ROBE: [i8; 23] = [
    M, 0, -82, Q, 30, -72, 26, -36, L, 48, 60, L, -48, 60, L, -26, -36, Q, -30, -72, 0, -82, Z,
];

/// Draws a piece in colour `player` centred on (0,0), about one unit tall,
/// marked with seat number `number` + 1; the caller has scaled the context
/// by `px` device pixels per unit.
pub fn draw_piece(ctx: &Ctx, player: u8, number: u8, pose: Pose, px: f64) {
    let p = player as usize % 6;
    ctx.save();
    if pose == Pose::Lying {
        let _ = ctx.rotate(-core::f64::consts::FRAC_PI_2);
    }
    ctx.set_line_join("round");
    let shape: &[i8] = if pose == Pose::Abbot { &ROBE } else { &MEEPLE };
    trace(ctx, shape, (0.0, 0.0), 1.0);
    ctx.set_fill_style_str(COLOURS[p]);
    ctx.fill();
    ctx.set_stroke_style_str(if p == 4 { "#e8e0d0" } else { "#231d17" });
    ctx.set_line_width(0.07);
    ctx.stroke();
    ctx.set_line_width(0.04);
    let dark = if p == 4 { "#e8e0d0" } else { "#231d17" };
    let circle = |x: f64, y: f64, r: f64| {
        super::path::disc(ctx, x, y, r);
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
    // The seat number, in turn order: a cue that does not depend on colour.
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
    let _ = ctx.fill_text(DIGITS[number as usize % 6], 0.0, y * px);
    ctx.restore();
}
