//! Draws a link as a QR code (`link/qr.rs`) on a canvas, for a phone in the
//! same room to scan off the screen.

use crate::link::qr::encode;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

/// Draws `text`'s code dark on white with the 4-module quiet zone, as large
/// as the canvas's width allows in whole device pixels per module (a module
/// split across pixels blurs, and blur is what stops a scan). The canvas
/// is made square, its side its laid-out width times the device pixel
/// ratio, or its width as it is while it has no layout; the card gives it
/// a square box. False, and the canvas left alone, when the text is too long
/// for a code or the canvas too small for a pixel a module.
pub fn draw(canvas: &HtmlCanvasElement, text: &str) -> bool {
    let Some(qr) = encode(text.as_bytes()) else {
        return false;
    };
    let ratio = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let css = canvas.client_width();
    let side = if css > 0 {
        (css as f64 * ratio) as u32
    } else {
        canvas.width()
    };
    let modules = qr.size as u32 + 8;
    let unit = side / modules;
    let Some(ctx) = canvas
        .get_context("2d")
        .ok()
        .flatten()
        .map(JsCast::unchecked_into::<CanvasRenderingContext2d>)
    else {
        return false;
    };
    if unit == 0 {
        return false;
    }
    canvas.set_width(side);
    canvas.set_height(side);
    ctx.set_fill_style_str("#fff");
    ctx.fill_rect(0.0, 0.0, side as f64, side as f64);
    ctx.set_fill_style_str("#000");
    // Centred: the pixels left over widen the quiet zone.
    let origin = ((side - unit * modules) / 2 + 4 * unit) as f64;
    let unit = unit as f64;
    for y in 0..qr.size {
        // One rectangle a run of dark modules.
        let mut x = 0;
        while x < qr.size {
            let start = x;
            while x < qr.size && qr.dark(x, y) {
                x += 1;
            }
            if x > start {
                ctx.fill_rect(
                    origin + start as f64 * unit,
                    origin + y as f64 * unit,
                    (x - start) as f64 * unit,
                    unit,
                );
            }
            x += 1;
        }
    }
    true
}
