//! The "Your games" card: each game of the list with its players in their
//! colours, its date, rules, scores and state, a small picture of its
//! board, and its buttons. Opened by the table (`Effect::GamesCard`); a
//! button press goes back to the table as a message. An entry whose game
//! cannot be read is set aside (as an unreadable save is) and shown so.

use super::app::{post, App};
use super::board::meeple_art::colour;
use super::dom::{self, by_id, listen, set_text};
use super::events::Event;
use super::games;
use super::text::{self, push_num};
use crate::engine::tile::Centre;
use crate::engine::{Edge, Game, Side};
use crate::shell::games::{Entry, Gm};
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
    let mut index = games::index();
    let stored = games::stored_ids();
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
        let k = games::record_key(&e.id);
        let text = super::storage::load(&k);
        let aside = super::storage::load(&super::storage::aside(&k, 0)).is_some();
        let game = match text {
            Some(t) => match super::saves::parse(&t) {
                Ok((g, seating)) => Some((g, seating)),
                Err(why) => {
                    notice = Some(super::saves::unreadable(&k, &why));
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

/// "2026-11-25 14:05", in the player's time zone; empty if unknown.
fn date(ms: f64) -> String {
    if ms <= 0.0 {
        return String::new();
    }
    let d = js_sys::Date::new(&ms.into());
    let mut s = String::new();
    for (i, (n, sep)) in [
        (d.get_full_year(), ""),
        (d.get_month() + 1, "-"),
        (d.get_date(), "-"),
        (d.get_hours(), " "),
        (d.get_minutes(), ":"),
    ]
    .into_iter()
    .enumerate()
    {
        s.push_str(sep);
        if i > 0 && n < 10 {
            s.push('0');
        }
        push_num(&mut s, n);
    }
    s
}

/// The board in a few coloured cells a tile: its sides (city, road,
/// river or field) and its centre.
fn picture(canvas: &HtmlCanvasElement, game: &Game) {
    let dpr = web_sys::window().map_or(1.0, |w| w.device_pixel_ratio());
    let px = (THUMB * dpr) as u32;
    canvas.set_width(px);
    canvas.set_height(px);
    let Ok(Some(ctx)) = canvas.get_context("2d") else {
        return;
    };
    let Ok(ctx) = ctx.dyn_into::<Ctx>() else {
        return;
    };
    let tiles = game.state().board().tiles();
    let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
    for t in tiles {
        x0 = x0.min(t.pos.x);
        y0 = y0.min(t.pos.y);
        x1 = x1.max(t.pos.x);
        y1 = y1.max(t.pos.y);
    }
    let span = f64::from((x1 - x0).max(y1 - y0) + 1);
    // Whole pixels, so the colours stay clear even when a cell is one pixel.
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

fn el(tag: &str, class: &str) -> Result<HtmlElement, JsValue> {
    let e: HtmlElement = dom::document().create_element(tag)?.dyn_into()?;
    if !class.is_empty() {
        e.set_class_name(class);
    }
    Ok(e)
}

fn button(parent: &Element, act: &str, label: &str, id: &str) -> Result<(), JsValue> {
    let b = el("button", "")?;
    b.set_attribute("type", "button")?;
    b.set_attribute("data-act", act)?;
    b.set_attribute("data-id", id)?;
    b.set_text_content(Some(label));
    parent.append_child(&b)?;
    Ok(())
}

/// One game's entry.
fn item(app: &App, f: &Found) -> Result<HtmlElement, JsValue> {
    let e = &f.entry;
    let li = el("li", "entry")?;
    let pic: HtmlCanvasElement = el("canvas", "thumb")?.dyn_into()?;
    pic.set_attribute("aria-hidden", "true")?;
    li.append_child(&pic)?;
    let info = el("div", "info")?;
    let who = el("p", "who")?;
    for p in &e.players {
        let chip = el("span", "player")?;
        let sw = el("span", "swatch")?;
        sw.style().set_property("background", colour(p.colour))?;
        sw.set_attribute("aria-hidden", "true")?;
        chip.append_child(&sw)?;
        let mut t = p.name.clone();
        if f.game.is_some() {
            t.push(' ');
            push_num(&mut t, p.score);
        }
        let name = el("span", "")?;
        name.set_text_content(Some(&t));
        chip.append_child(&name)?;
        who.append_child(&chip)?;
    }
    info.append_child(&who)?;
    let meta = el("p", "meta")?;
    let mut m = date(e.date);
    let mut add = |s: &str| {
        if !m.is_empty() {
            m.push_str(" · ");
        }
        m.push_str(s);
    };
    let id = &e.id;
    let here = app.table.playing(id);
    let elsewhere = !here && games::elsewhere(id);
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
            if here {
                add(text::ON_THE_TABLE);
            } else if elsewhere {
                add(text::OPEN_ELSEWHERE);
            }
        }
    }
    set_text(&meta, &m);
    if elsewhere || f.game.is_none() {
        meta.set_class_name("meta note");
    }
    info.append_child(&meta)?;
    li.append_child(&info)?;
    let acts = el("div", "acts")?;
    if f.game.is_some() {
        if !e.finished && !here {
            button(&acts, "resume", text::RESUME, id)?;
        }
        button(&acts, "review", text::REVIEW, id)?;
        button(&acts, "export", text::EXPORT, id)?;
    }
    if !here {
        button(&acts, "delete", text::DELETE, id)?;
    }
    li.append_child(&acts)?;
    if let Some(g) = &f.game {
        picture(&pic, g);
    }
    Ok(li)
}

/// Writes out the list (the table has opened its card).
pub fn fill(app: &App) {
    let Ok(list) = by_id::<Element>("games-list") else {
        return;
    };
    list.set_text_content(None);
    let (found, notice) = gather();
    for f in &found {
        if let Ok(li) = item(app, f) {
            let _ = list.append_child(&li);
        }
    }
    if let Ok(empty) = by_id::<HtmlElement>("games-empty") {
        dom::set_hidden(&empty, !found.is_empty());
    }
    if let Some(n) = notice {
        app.notify(&n);
    }
    if let Ok(b) = by_id::<HtmlElement>("games-close") {
        let _ = b.focus();
    }
}

/// Exports game `id` as it is stored.
pub fn export(app: &App, id: &str) {
    match super::saves::parse(&super::storage::load(&games::record_key(id)).unwrap_or_default()) {
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
