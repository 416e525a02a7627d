//! The "Your games" card: each game of the list with its players in their
//! colours, its date, rules, scores and state, a small picture of its
//! board, and its buttons, written out from the table's `Cards::games`; a
//! button press goes back to the table as a message. An entry whose game
//! cannot be read is set aside (as an unreadable save is) and shown so.

use super::app::{post, App};
use super::dom::{self, listen};
use super::events::Event;
use super::storage::LocalStore;
use super::text::{self, push_num};
use crate::engine::tile::Centre;
use crate::engine::{Edge, Side, TileKind};
use crate::shell::cards::GameLine;
use crate::shell::games::Gm;
use crate::shell::library;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, Element, HtmlCanvasElement};

/// The picture's side, in CSS pixels.
const THUMB: f64 = 64.0;

/// The board in a few coloured cells a tile: its sides (city, road,
/// river or field) and its centre.
fn picture(canvas: &HtmlCanvasElement, tiles: &[(i32, i32, TileKind, u8)]) {
    let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
    for &(x, y, ..) in tiles {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let span = (x1 - x0).max(y1 - y0) + 1;
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    // Whole pixels, so the colours stay clear; a board too wide for one
    // pixel a cell gets a larger canvas, which the stylesheet shrinks to
    // the picture's size: the whole board always shows.
    let px = ((THUMB * dpr) as u32).max(span as u32 * 3);
    canvas.set_width(px);
    canvas.set_height(px);
    let Ok(Some(ctx)) = canvas.get_context("2d") else {
        return;
    };
    let ctx: Ctx = ctx.unchecked_into();
    let span = f64::from(span);
    let cell = (f64::from(px) / span / 3.0).floor().max(1.0);
    // Centred: the board's short side gets the margin.
    let ox = ((f64::from(px) - f64::from(x1 - x0 + 1) * 3.0 * cell) / 2.0).floor();
    let oy = ((f64::from(px) - f64::from(y1 - y0 + 1) * 3.0 * cell) / 2.0).floor();
    let field = "#7fb455";
    for &(tx, ty, kind, rotation) in tiles {
        let def = kind.def();
        let x = ox + f64::from(tx - x0) * 3.0 * cell;
        let y = oy + f64::from(ty - y0) * 3.0 * cell;
        ctx.set_fill_style_str(field);
        ctx.fill_rect(x, y, 3.0 * cell, 3.0 * cell);
        for (side, (cx, cy)) in Side::ALL.into_iter().zip([(1, 0), (2, 1), (1, 2), (0, 1)]) {
            let c = match def.edge(side, rotation) {
                Edge::City => "#b9824a",
                Edge::Road => "#f4efe1",
                Edge::River => "#3f8fd8",
                Edge::Field => continue,
            };
            ctx.set_fill_style_str(c);
            ctx.fill_rect(
                x + f64::from(cx) * cell,
                y + f64::from(cy) * cell,
                cell,
                cell,
            );
        }
        let centre = match def.centre {
            Centre::Monastery => Some("#c0392b"),
            Centre::Garden => Some("#2e6b2e"),
            Centre::Spring | Centre::Lake => Some("#3f8fd8"),
            Centre::Nothing => None,
        };
        if let Some(c) = centre {
            ctx.set_fill_style_str(c);
            ctx.fill_rect(x + cell, y + cell, cell, cell);
        }
    }
}

fn button(h: &mut String, act: &str, label: &str, id: &str) {
    // Delete looks like what it does, not like the other actions.
    h.push_str(if act == "delete" {
        "<button type=\"button\" class=\"danger\" data-act=\""
    } else {
        "<button type=\"button\" data-act=\""
    });
    h.push_str(act);
    h.push_str("\" data-id=\"");
    super::dom::push_html(h, id);
    h.push_str("\">");
    h.push_str(label);
    h.push_str("</button>");
}

/// One game's entry, as HTML (the page's CSP allows no inline styles: the
/// colours are the stylesheet's `seat-N` classes). Its picture is drawn
/// on canvas `thumb-i` once the list is on the page.
fn item(h: &mut String, g: &GameLine, i: usize) {
    h.push_str("<li class=\"entry\"><canvas class=\"thumb\" aria-hidden=\"true\" id=\"thumb-");
    push_num(h, i as u32);
    h.push_str("\"></canvas><div class=\"info\"><p class=\"who\">");
    for (name, colour, score) in &g.players {
        h.push_str("<span class=\"player\"><span class=\"swatch seat-");
        push_num(h, u32::from(*colour));
        h.push_str("\" aria-hidden=\"true\"></span><span>");
        super::dom::push_html(h, name);
        if let Some(n) = score {
            h.push(' ');
            push_num(h, *n);
        }
        h.push_str("</span></span>");
    }
    h.push_str(if g.note {
        "</p><p class=\"meta note\">"
    } else {
        "</p><p class=\"meta\">"
    });
    super::dom::push_html(h, &g.meta);
    if let Some(from) = &g.from {
        h.push_str("</p><p class=\"meta from\">");
        super::dom::push_html(h, from);
    }
    h.push_str("</p></div><div class=\"acts\">");
    if let Some(label) = g.resume {
        button(h, "resume", label, &g.id);
    }
    if g.resend {
        button(h, "resend", text::t(text::LinkW::SendAgain), &g.id);
    }
    if g.reads {
        button(h, "review", text::t(text::GamesW::Review), &g.id);
        button(h, "export", text::t(text::GamesW::Export), &g.id);
    }
    if g.delete {
        button(h, "delete", text::t(text::GamesW::Delete), &g.id);
    }
    h.push_str("</div></li>");
}

/// Writes out the list the table has read.
pub fn fill(lines: &[GameLine], opened: bool) {
    let Some(list) = dom::get("games-list") else {
        return;
    };
    let mut h = String::new();
    for (i, g) in lines.iter().enumerate() {
        item(&mut h, g, i);
    }
    list.set_inner_html(&h);
    for (i, g) in lines.iter().enumerate() {
        let mut id = String::from("thumb-");
        push_num(&mut id, i as u32);
        if let (false, Some(c)) = (g.tiles.is_empty(), dom::get(&id)) {
            picture(c.unchecked_ref(), &g.tiles);
        }
    }
    dom::hide("games-empty", !lines.is_empty());
    if opened {
        super::layers::focus_card(crate::shell::screen::Layer::Games);
    }
}

/// Exports game `id` as it is stored.
pub fn export(app: &mut App, id: &str) {
    let text = super::storage::load(&library::record_key(id)).unwrap_or_default();
    match library::parse(&LocalStore, &text) {
        Ok((g, seating)) if super::transfer::export(&g, &seating).is_ok() => {}
        _ => app.notify(text::t(text::GamesW::ExportFailed)),
    }
}

pub fn wire() -> Result<(), JsValue> {
    let list: Element = dom::el("games-list");
    listen(&list, "click", |ev| {
        let Some(b) = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|t| t.closest("button[data-act]").ok().flatten())
        else {
            return;
        };
        let (Some(act), Some(id)) = (b.get_attribute("data-act"), b.get_attribute("data-id"))
        else {
            return;
        };
        let gm = match act.as_str() {
            "resume" => Gm::Resume(id),
            "resend" => Gm::Resend(id),
            "review" => Gm::Review(id),
            "delete" => Gm::Delete(id),
            _ => {
                post(Event::ExportGame(id));
                return;
            }
        };
        post(Event::Table(Msg::Games(gm)));
    });
    for (button, close) in [
        ("games-open", false),
        ("setup-games", false),
        ("handover-games", false),
        ("games-close", true),
    ] {
        let b: Element = dom::el(button);
        listen(&b, "click", move |_| {
            dom::close_settings();
            post(Event::Table(if close {
                Msg::Close(crate::shell::screen::Layer::Games)
            } else {
                Msg::Games(Gm::Open)
            }));
        });
    }
    Ok(())
}
