//! Browser layer. For now it only draws the empty board with the start tile;
//! the renderer will replace the drawing, keeping the start-up wiring.

pub mod api;
pub mod storage;

use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, Window};

const TABLE: &str = "#e4dcc6";
const GRID: &str = "#d3c8aa";
const FIELD: &str = "#7fae4e";
const CITY: &str = "#c8925a";
const WALL: &str = "#6e4a2c";
const ROAD: &str = "#f1ead8";
const ROAD_EDGE: &str = "#8c7b5a";
const TILE_EDGE: &str = "#4c5a33";

/// Entry point run by the generated JS once the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() -> Result<(), JsValue> {
    console_error_panic_hook::set_once();
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let canvas: HtmlCanvasElement = document
        .get_element_by_id("board")
        .ok_or("no #board canvas")?
        .dyn_into()?;
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;

    draw(&window, &canvas, &ctx)?;
    if let Some(announcer) = document.get_element_by_id("announcer") {
        announcer.set_text_content(Some("The start tile is on the board."));
    }

    let on_resize = Closure::<dyn FnMut()>::new(move || {
        if let Some(window) = web_sys::window() {
            let _ = draw(&window, &canvas, &ctx);
        }
    });
    window.add_event_listener_with_callback("resize", on_resize.as_ref().unchecked_ref())?;
    // The listener lives as long as the page.
    on_resize.forget();
    Ok(())
}

/// Sizes the backing store to CSS size × devicePixelRatio, so lines stay
/// crisp at any DPR, then draws in CSS pixels.
fn draw(
    window: &Window,
    canvas: &HtmlCanvasElement,
    ctx: &CanvasRenderingContext2d,
) -> Result<(), JsValue> {
    let dpr = window.device_pixel_ratio();
    let (w, h) = (
        f64::from(canvas.client_width()),
        f64::from(canvas.client_height()),
    );
    canvas.set_width((w * dpr).round() as u32);
    canvas.set_height((h * dpr).round() as u32);
    ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0)?;

    let size = (w.min(h) * 0.16).clamp(64.0, 160.0);
    let (x0, y0) = (((w - size) / 2.0).round(), ((h - size) / 2.0).round());
    draw_table(ctx, w, h, x0, y0, size);
    draw_start_tile(ctx, x0, y0, size);
    Ok(())
}

/// The table, with faint lines where tiles can go.
fn draw_table(ctx: &CanvasRenderingContext2d, w: f64, h: f64, x0: f64, y0: f64, size: f64) {
    ctx.set_fill_style_str(TABLE);
    ctx.fill_rect(0.0, 0.0, w, h);
    ctx.set_stroke_style_str(GRID);
    ctx.set_line_width(1.0);
    ctx.begin_path();
    let mut x = x0.rem_euclid(size) + 0.5;
    while x < w {
        ctx.move_to(x, 0.0);
        ctx.line_to(x, h);
        x += size;
    }
    let mut y = y0.rem_euclid(size) + 0.5;
    while y < h {
        ctx.move_to(0.0, y);
        ctx.line_to(w, y);
        y += size;
    }
    ctx.stroke();
}

/// Tile D: a city on the north edge, a road from west to east, field below.
fn draw_start_tile(ctx: &CanvasRenderingContext2d, x: f64, y: f64, s: f64) {
    ctx.save();
    let _ = ctx.translate(x, y);
    ctx.begin_path();
    ctx.rect(0.0, 0.0, s, s);
    ctx.clip();

    ctx.set_fill_style_str(FIELD);
    ctx.fill_rect(0.0, 0.0, s, s);

    // City cap along the north edge; the wall is its curved side.
    ctx.begin_path();
    ctx.move_to(0.0, 0.0);
    ctx.line_to(s, 0.0);
    ctx.bezier_curve_to(0.78 * s, 0.42 * s, 0.22 * s, 0.42 * s, 0.0, 0.0);
    ctx.set_fill_style_str(CITY);
    ctx.fill();
    ctx.begin_path();
    ctx.move_to(s, 0.0);
    ctx.bezier_curve_to(0.78 * s, 0.42 * s, 0.22 * s, 0.42 * s, 0.0, 0.0);
    ctx.set_stroke_style_str(WALL);
    ctx.set_line_width(0.04 * s);
    ctx.stroke();

    // Road: a dark edge under a lighter surface, gently curved.
    ctx.begin_path();
    ctx.move_to(0.0, 0.62 * s);
    ctx.bezier_curve_to(0.35 * s, 0.56 * s, 0.65 * s, 0.68 * s, s, 0.62 * s);
    ctx.set_stroke_style_str(ROAD_EDGE);
    ctx.set_line_width(0.13 * s);
    ctx.stroke();
    ctx.set_stroke_style_str(ROAD);
    ctx.set_line_width(0.09 * s);
    ctx.stroke();

    ctx.set_stroke_style_str(TILE_EDGE);
    ctx.set_line_width(1.5);
    ctx.stroke_rect(0.75, 0.75, s - 1.5, s - 1.5);
    ctx.restore();
}
