//! The score panel: during play, the score table by category with what each
//! player would have if the game ended now, and the tiles still to come; at
//! the end, the winners, the final table, a score-over-turns chart, and
//! Rematch or New game.

use super::app::{post, App};
use super::board::meeple_art::colour;
use super::dom::{self, add};
use super::events::Event;
use super::text;
use crate::engine::compact::clamp;
use crate::engine::TileKind;
use crate::shell::msg::Msg;
use crate::shell::score_card::ScoreCard;
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;
use web_sys::{CanvasRenderingContext2d, Element, HtmlCanvasElement};

/// Fills the score table from the card's heads and rows.
fn fill_table(card: &ScoreCard) {
    let Some(table) = dom::get("score-table") else {
        return;
    };
    table.set_text_content(None);
    let head = add(&table, "tr", None);
    // Total first: it is what the table looks for, so it never hides at the
    // far end of a narrow screen. The categories follow, as the rulebook
    // lists them.
    add(&head, "th", Some(text::score_heads()[0]));
    for h in &card.heads {
        // In a span, which a narrow screen turns on its side.
        add(&add(&head, "th", None), "span", Some(h));
    }
    for r in &card.rows {
        let row = add(&table, "tr", None);
        let name = add(&row, "th", None);
        let sw = add(&name, "span", None);
        sw.set_class_name("swatch");
        let _ = sw.style().set_property("background", colour(r.ink));
        add(&name, "span", Some(&r.name));
        if let Some(who) = &r.computer {
            add(&name, "small", Some(who));
        }
        for (i, &n) in r.cells.iter().enumerate() {
            let c = add(&row, "td", Some(&text::num(n)));
            if i == 0 {
                c.set_class_name("total");
            }
        }
    }
}

/// Open hands (a house rule), every player's, with their tiles.
fn fill_hands(app: &mut App, hands: &[(String, Vec<TileKind>, String)]) {
    let Some(list) = dom::get("hands") else {
        return;
    };
    list.set_text_content(None);
    for (name, tiles, words) in hands {
        let item = add(&list, "li", None);
        add(&item, "span", Some(name));
        let _ = item.set_attribute("aria-label", words);
        for &k in tiles {
            picture(&item, app, k, 0, 36.0);
        }
    }
}

/// A tile's picture, `css` pixels wide, turned `rotation`, at the end of
/// a list's `item` (the words are the item's).
fn picture(item: &Element, app: &mut App, k: TileKind, rotation: u8, css: f64) {
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0);
    let px = (css * dpr).round();
    let pic: HtmlCanvasElement = add(item, "canvas", None).unchecked_into();
    pic.set_width(px as u32);
    pic.set_height(px as u32);
    let _ = pic.set_attribute("aria-hidden", "true");
    if let Ok(Some(ctx)) = pic.get_context("2d") {
        let ctx: CanvasRenderingContext2d = ctx.unchecked_into();
        let garden = app.board.anchors.get(k).garden;
        super::board::cache::paint_tile(&ctx, k, rotation, (0.0, 0.0, px), garden);
    }
}

/// Fills list `id` with a picture of each tile kind, turned as given, and
/// how many of it there are.
pub fn tile_list(app: &mut App, id: &str, tiles: &[(TileKind, u8, u8)]) {
    let Some(list) = dom::get(id) else {
        return;
    };
    list.set_text_content(None);
    for &(k, n, rotation) in tiles {
        let item = add(&list, "li", None);
        let label = text::tiles_left_of(n, k);
        let _ = item.set_attribute("aria-label", &label);
        let _ = item.set_attribute("title", &label);
        picture(&item, app, k, rotation, 44.0);
        add(&item, "span", Some(&text::times(n)));
    }
}

/// The chart's plot area across a canvas `cw` CSS px wide: left and right.
fn chart_span(cw: f64) -> (f64, f64) {
    (34.0, cw - 8.0)
}

/// How far along the plot of a chart `cw` CSS px wide (0 to 1) CSS x is.
pub fn chart_fraction(cw: f64, x: f64) -> f64 {
    let (left, right) = chart_span(cw);
    clamp((x - left) / (right - left).max(1.0), 0.0, 1.0)
}

/// Draws each player's total after each turn (`series`, turn 0 first) on
/// `canvas`, `ch` CSS px high, with a cursor on turn `cursor` if given,
/// and behind them the analysis's evaluation (`Review::curve`).
pub fn chart(
    canvas: &HtmlCanvasElement,
    series: &[Vec<u32>],
    colours: &[u8],
    cursor: Option<usize>,
    ch: f64,
    curve: &[(usize, u8, f64)],
) {
    let Ok(Some(ctx)) = canvas.get_context("2d") else {
        return;
    };
    let ctx: CanvasRenderingContext2d = ctx.unchecked_into();
    let dpr = web_sys::window()
        .map(|w| w.device_pixel_ratio())
        .unwrap_or(1.0);
    let cw = f64::from(canvas.client_width().max(200));
    // Sized anew only when its size changed (a new bitmap each time costs).
    let (w, h) = ((cw * dpr) as u32, (ch * dpr) as u32);
    if canvas.width() != w || canvas.height() != h {
        canvas.set_width(w);
        canvas.set_height(h);
    }
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, cw, ch);
    // The axis tops at four round steps, so its labels are whole and distinct.
    let step =
        crate::shell::review::chart_step(series.iter().flatten().copied().max().unwrap_or(0));
    let max = f64::from(4 * step);
    let n = (series.len().max(2) - 1) as f64;
    let (left, right) = chart_span(cw);
    let (top, bottom) = (8.0, ch - 22.0);
    if let Some(c) = cursor {
        let x = left + (right - left) * c as f64 / n;
        ctx.set_fill_style_str("rgba(47,111,208,0.25)");
        ctx.fill_rect(x - 3.0, top, 6.0, bottom - top);
    }
    // A column a move from the middle line, across the move (from the
    // turn before it), see-through so that the score lines over it stay
    // plain.
    let w = (right - left) / n;
    ctx.set_global_alpha(0.4);
    for &(i, p, h) in curve {
        ctx.set_fill_style_str(colour(colours[usize::from(p)]));
        let x = left + w * i as f64;
        ctx.fill_rect(x - w, (top + bottom) / 2.0, w, (top - bottom) * h / 2.0);
    }
    ctx.set_global_alpha(1.0);
    ctx.set_stroke_style_str("#b9ab8c");
    ctx.set_line_width(1.0);
    ctx.set_fill_style_str("#4a3f2c");
    ctx.set_font("12px system-ui, sans-serif");
    for k in 0..=4 {
        let y = bottom - (bottom - top) * f64::from(k) / 4.0;
        ctx.begin_path();
        ctx.move_to(left, y);
        ctx.line_to(right, y);
        ctx.stroke();
        let _ = ctx.fill_text(&text::num(k * step), 2.0, y + 4.0);
    }
    let _ = ctx.fill_text(text::t(text::CardsW::ChartTurns), right - 34.0, ch - 6.0);
    let players = series.first().map_or(0, Vec::len);
    for p in 0..players {
        ctx.set_stroke_style_str(colour(colours[p]));
        ctx.set_line_width(3.0);
        ctx.begin_path();
        for (i, t) in series.iter().enumerate() {
            let x = left + (right - left) * i as f64 / n;
            let y = bottom - (bottom - top) * f64::from(t[p]) / max;
            if i == 0 {
                ctx.move_to(x, y);
            } else {
                ctx.line_to(x, y);
            }
        }
        ctx.stroke();
    }
}

/// Writes out the score card (what it shows and its words are the
/// table's, `Table::score_card`); `opened`: it has just opened, and takes
/// the focus.
pub fn fill(app: &mut App, card: &ScoreCard, opened: bool) {
    dom::text("panel-title", card.title);
    dom::text("panel-winners", &card.headline);
    fill_table(card);
    for (id, hidden) in [
        ("hands-box", card.hands.is_empty()),
        ("chart", card.chart.is_none()),
        ("remaining-box", card.remaining.is_empty()),
        ("rematch", !card.end),
        ("panel-review", !card.end),
        ("panel-new", !card.end),
    ] {
        dom::hide(id, hidden);
    }
    if !card.hands.is_empty() {
        fill_hands(app, &card.hands);
    }
    if let (Some(series), Some(canvas)) = (&card.chart, dom::get("chart")) {
        chart(
            canvas.unchecked_ref(),
            series,
            &app.table.seating.colours,
            None,
            180.0,
            &[],
        );
    }
    if !card.remaining.is_empty() {
        let tiles: Vec<(TileKind, u8, u8)> =
            card.remaining.iter().map(|&(k, n)| (k, n, 0)).collect();
        tile_list(app, "remaining", &tiles);
    }
    if opened {
        super::layers::focus_card(Layer::Scores);
    }
}

fn close() {
    post(Event::Table(Msg::Close(Layer::Scores)));
}

fn rules() {
    super::dom::close_settings();
    post(Event::Table(Msg::Open(Layer::Rules)));
}

fn new_game() {
    post(Event::Table(Msg::NewGame));
}

pub fn wire() -> Result<(), JsValue> {
    dom::on_all(&[
        ("scores", "click", || {
            post(Event::Table(Msg::Open(Layer::Scores)));
        }),
        ("panel-close", "click", close),
        ("rematch", "click", || {
            let seed = super::api::random_seed();
            post(Event::Table(Msg::Rematch { seed }));
        }),
        ("rules-open", "click", rules),
        ("handover-rules", "click", rules),
        ("handover-new", "click", new_game),
        ("rules-close", "click", || {
            post(Event::Table(Msg::Close(Layer::Rules)));
        }),
        // The start screen closes the score table.
        ("panel-new", "click", new_game),
    ]);
    Ok(())
}
