//! The "Your games" card: each game of the list with its players in their
//! colours, its date, rules, scores and state, a small picture of its
//! board, and its buttons. Opened by the table (`Effect::GamesCard`); a
//! button press goes back to the table as a message. An entry whose game
//! cannot be read is set aside (as an unreadable save is) and shown so.

use super::app::{post, App};
use super::dom::{self, by_id, listen};
use super::events::Event;
use super::games;
use super::storage::LocalStore;
use super::text::{self, push_num};
use crate::engine::tile::Centre;
use crate::engine::{Edge, Game, Side};
use crate::shell::games::{Entry, Gm};
use crate::shell::library;
use crate::shell::msg::Msg;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, Element, HtmlCanvasElement, HtmlElement};

/// The picture's side, in CSS pixels.
const THUMB: f64 = 64.0;

/// A listed game as found in storage.
struct Found {
    entry: Entry,
    /// The game, or `None` if its record could not be read.
    game: Option<Game>,
}

/// The list: the index's entries, and any game stored under its key that
/// the index lacks; each record read afresh (its summary too). A game
/// whose key is gone was deleted in another tab.
fn gather() -> (Vec<Found>, Option<String>) {
    let mut index = library::index(&LocalStore);
    let stored = library::stored_ids(&LocalStore);
    for id in &stored {
        if index.get(id).is_none() {
            index.entries.push(Entry {
                id: id.clone(),
                date: 0.0,
                finished: false,
                moves: 0,
                rules: String::new(),
                players: Vec::new(),
            });
        }
    }
    let mut found = Vec::new();
    let mut notice = None;
    for e in index.entries {
        let k = library::record_key(&e.id);
        let text = super::storage::load(&k);
        let aside = super::storage::load(&library::aside(&k, 0)).is_some();
        let game = match text {
            Some(t) => match library::parse(&LocalStore, &t) {
                Ok((g, seating)) => Some((g, seating)),
                Err(why) => {
                    notice = Some(library::unreadable(&mut LocalStore, &k, &why));
                    None
                }
            },
            None if aside => None,
            None => continue,
        };
        found.push(match game {
            Some((g, seating)) => Found {
                entry: Entry::of(&e.id, e.date, &g, &seating),
                game: Some(g),
            },
            None => Found {
                entry: e,
                game: None,
            },
        });
    }
    (found, notice)
}

/// "today 19:55", "25 Nov 14:05" ([`text::saved_when`]), in the player's
/// time zone; empty if unknown.
fn date(ms: f64) -> String {
    let now = js_sys::Date::now();
    // getTimezoneOffset is UTC minus local, in minutes.
    let offset = -js_sys::Date::new(&ms.into()).get_timezone_offset() * 60_000.0;
    text::saved_when(ms, now, offset)
}

/// Game `id` of the list named for a question: its players and date.
fn named(id: &str) -> String {
    let index = library::index(&LocalStore);
    let Some(e) = index.get(id) else {
        return String::new();
    };
    let names: Vec<&str> = e.players.iter().map(|p| p.name.as_str()).collect();
    text::game_named(&names, &date(e.date))
}

/// The board in a few coloured cells a tile: its sides (city, road,
/// river or field) and its centre.
fn picture(canvas: &HtmlCanvasElement, game: &Game) {
    let tiles = game.state().board().tiles();
    let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
    for t in tiles {
        x0 = x0.min(t.pos.x);
        y0 = y0.min(t.pos.y);
        x1 = x1.max(t.pos.x);
        y1 = y1.max(t.pos.y);
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
    let Ok(ctx) = ctx.dyn_into::<Ctx>() else {
        return;
    };
    let span = f64::from(span);
    let cell = (f64::from(px) / span / 3.0).floor().max(1.0);
    // Centred: the board's short side gets the margin.
    let ox = ((f64::from(px) - f64::from(x1 - x0 + 1) * 3.0 * cell) / 2.0).floor();
    let oy = ((f64::from(px) - f64::from(y1 - y0 + 1) * 3.0 * cell) / 2.0).floor();
    let field = "#7fb455";
    for t in tiles {
        let def = t.kind.def();
        let x = ox + f64::from(t.pos.x - x0) * 3.0 * cell;
        let y = oy + f64::from(t.pos.y - y0) * 3.0 * cell;
        ctx.set_fill_style_str(field);
        ctx.fill_rect(x, y, 3.0 * cell, 3.0 * cell);
        for (side, (cx, cy)) in Side::ALL.into_iter().zip([(1, 0), (2, 1), (1, 2), (0, 1)]) {
            let c = match def.edge(side, t.rotation) {
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
fn item(h: &mut String, app: &App, f: &Found, i: usize) {
    let e = &f.entry;
    h.push_str("<li class=\"entry\"><canvas class=\"thumb\" aria-hidden=\"true\" id=\"thumb-");
    push_num(h, i as u32);
    h.push_str("\"></canvas><div class=\"info\"><p class=\"who\">");
    for p in &e.players {
        h.push_str("<span class=\"player\"><span class=\"swatch seat-");
        push_num(h, u32::from(p.colour));
        h.push_str("\" aria-hidden=\"true\"></span><span>");
        super::dom::push_html(h, &p.name);
        if f.game.is_some() {
            h.push(' ');
            push_num(h, p.score);
        }
        h.push_str("</span></span>");
    }
    let id = &e.id;
    let offer = app.table.offer(id, e.finished, games::elsewhere(id));
    let mut m = date(e.date);
    let mut add = |s: &str| {
        if !m.is_empty() {
            m.push_str(" · ");
        }
        m.push_str(s);
    };
    match &f.game {
        None => add(text::ENTRY_UNREADABLE),
        Some(_) => {
            add(&e.rules);
            add(&text::moves_words(e.moves));
            add(if e.finished {
                text::FINISHED
            } else {
                text::IN_PROGRESS
            });
            if let Some(place) = offer.place {
                add(place);
            }
        }
    }
    // A game played on from a review says which game, and from where.
    let from =
        library::origin(&LocalStore, id).map(|(moves, of)| text::played_on(moves, &named(&of)));
    // Played in another tab: noted as a warning is.
    let note = offer.place.is_some_and(|p| p != text::ON_THE_TABLE);
    h.push_str(if note || f.game.is_none() {
        "</p><p class=\"meta note\">"
    } else {
        "</p><p class=\"meta\">"
    });
    super::dom::push_html(h, &m);
    if let Some(from) = from {
        h.push_str("</p><p class=\"meta from\">");
        super::dom::push_html(h, &from);
    }
    h.push_str("</p></div><div class=\"acts\">");
    if f.game.is_some() {
        if let Some(label) = offer.resume {
            button(h, "resume", label, id);
        }
        button(h, "review", text::REVIEW, id);
        button(h, "export", text::EXPORT, id);
    }
    if offer.delete {
        button(h, "delete", text::DELETE, id);
    }
    h.push_str("</div></li>");
}

/// Writes out the list (the table has opened its card).
pub fn fill(app: &App) {
    let Ok(list) = by_id::<Element>("games-list") else {
        return;
    };
    let (found, notice) = gather();
    let mut h = String::new();
    for (i, f) in found.iter().enumerate() {
        item(&mut h, app, f, i);
    }
    list.set_inner_html(&h);
    for (i, f) in found.iter().enumerate() {
        let mut id = String::from("thumb-");
        push_num(&mut id, i as u32);
        if let (Some(g), Ok(c)) = (&f.game, by_id::<HtmlCanvasElement>(&id)) {
            picture(&c, g);
        }
    }
    if let Ok(empty) = by_id::<HtmlElement>("games-empty") {
        dom::set_hidden(&empty, !found.is_empty());
    }
    if let Some(n) = notice {
        app.notify(&n);
    }
    super::layers::focus_card(crate::shell::screen::Layer::Games);
}

/// Exports game `id` as it is stored.
pub fn export(app: &App, id: &str) {
    let text = super::storage::load(&library::record_key(id)).unwrap_or_default();
    match library::parse(&LocalStore, &text) {
        Ok((g, seating)) if super::transfer::export(&g, &seating).is_ok() => {}
        _ => app.notify(text::EXPORT_FAILED),
    }
}

pub fn wire() -> Result<(), JsValue> {
    let list: Element = by_id("games-list")?;
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
            "review" => Gm::Review(id),
            "delete" => Gm::Delete {
                what: named(&id),
                id,
            },
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
        let b: Element = by_id(button)?;
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
