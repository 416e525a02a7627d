//! A small read-only hook for end-to-end tests: `window.__carcassonne` with
//! `state()`, `screenOf(x, y)`, `handRect()` and `frames()`; `state()` also
//! says which screen shows (`screen`, `Screen::word`) and the cards over
//! it, top last (`layers`, `Layer::word`),
//! who sits where and whether a computer is thinking, with its think times. It reports what
//! the page shows; it offers no way to change the game. `qr({ canvas, text })`
//! draws a QR code on a canvas of the test's own.
//!
//! It is built only with the `hook` feature: scripts/test.sh builds the
//! site every e2e file loads with it, and the release without it, where it
//! would cost about 4 KB of the gzipped bundle's 200 KB. The two builds are
//! the same program but for this file and `?bench` (`web/bench.rs`);
//! tests/e2e/release.test.mjs checks the release itself. At start it only
//! puts its readers on `window`, and they run when a test calls them.

use super::app::{prober, reader, App};
use super::to_js::to_js;
use crate::engine::view::GameView;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

fn set(o: &Object, k: &str, v: &JsValue) {
    let _ = Reflect::set(o, &JsValue::from_str(k), v);
}

// One setter a kind of value: each call site is then one call, where
// building and dropping the JS value at every site cost about 2 KB of wasm.
#[inline(never)]
fn num(o: &Object, k: &str, v: f64) {
    set(o, k, &v.into());
}

#[inline(never)]
fn flag(o: &Object, k: &str, v: bool) {
    set(o, k, &v.into());
}

#[inline(never)]
fn text(o: &Object, k: &str, v: &str) {
    set(o, k, &v.into());
}

#[inline(never)]
fn push_text(a: &Array, v: &str) {
    a.push(&v.into());
}

/// A number, or `null` for none.
#[inline(never)]
fn num_or_null(o: &Object, k: &str, v: Option<f64>) {
    set(o, k, &v.map_or(JsValue::NULL, JsValue::from));
}

fn point(x: f64, y: f64) -> Object {
    let o = Object::new();
    num(&o, "x", x);
    num(&o, "y", y);
    o
}

fn cell(x: i32, y: i32) -> JsValue {
    Array::of2(&x.into(), &y.into()).into()
}

fn state(app: &App) -> JsValue {
    let o = Object::new();
    set(&o, "game", &to_js(&GameView::of(&app.table.game)));
    set(
        &o,
        "candidate",
        &app.table
            .turn
            .candidate
            .map(|c| cell(c.x, c.y))
            .unwrap_or(JsValue::NULL),
    );
    num(&o, "rotation", app.table.turn.rotation.into());
    // The game's key in the games list, once saved.
    set(
        &o,
        "current",
        &app.table
            .shelf
            .current
            .as_deref()
            .map_or(JsValue::NULL, JsValue::from),
    );
    flag(&o, "dragging", app.ui.drag.is_some());
    num(&o, "scale", app.board.camera.scale);
    let cam = app.board.camera;
    set(&o, "centre", &point(cam.cx, cam.cy));
    let fits = Array::new();
    for f in &app.table.turn.fits {
        let (sx, sy) = cam.to_screen(f64::from(f.at.x) + 0.5, f64::from(f.at.y) + 0.5);
        let v = Object::new();
        set(&v, "at", &cell(f.at.x, f.at.y));
        num(&v, "rotations", f.rotations.into());
        num(&v, "x", sx);
        num(&v, "y", sy);
        fits.push(&v);
    }
    set(&o, "fits", &fits);
    // Spots no tile still to come can fill, as crossed out on the board.
    let unfillable = Array::new();
    for p in app.table.unfillable() {
        unfillable.push(&cell(p.x, p.y));
    }
    set(&o, "unfillable", &unfillable);
    // Whether the board highlights them now (not before the hand-over).
    flag(&o, "fitsShown", app.table.shows_fits());
    flag(&o, "fieldsShown", app.table.shows_fields());
    // The feature whose "who holds it" card is open, as the engine tells it.
    let examined = match app.table.feature_card() {
        Some((at, loc, r)) => {
            let v = Object::new();
            set(&v, "at", &cell(at.x, at.y));
            text(&v, "location", loc.name());
            set(&v, "owners", &to_js(&r.owners));
            num(&v, "now", r.now.into());
            num(&v, "finished", r.finished.into());
            num(&v, "open", r.open.into());
            num(&v, "tiles", r.tiles.into());
            v.into()
        }
        None => JsValue::NULL,
    };
    set(&o, "examined", &examined);
    let opts = Array::new();
    let markers = app.board.markers(&app.options);
    for (opt, &(mx, my)) in app.options.iter().zip(&markers) {
        let (sx, sy) = cam.to_screen(opt.x, opt.y);
        let v = Object::new();
        text(&v, "role", super::text::role_word(opt.role));
        let kind = match opt.choice {
            crate::engine::FollowerChoice::RecallAbbot(_) => "recall",
            _ => "place",
        };
        text(&v, "kind", kind);
        // The marker, and the spot on the tile it points at.
        num(&v, "x", mx);
        num(&v, "y", my);
        set(&v, "spot", &point(sx, sy));
        opts.push(&v);
    }
    set(&o, "options", &opts);
    num(&o, "markerRadius", app.board.marker_radius());
    num(&o, "targetRadius", app.board.target_radius());
    let seats = Array::new();
    for seat in &app.table.seating.seats {
        push_text(&seats, seat.word());
    }
    set(&o, "seats", &seats);
    flag(&o, "aids", app.table.seating.aids);
    let colours = Array::new();
    for c in &app.table.seating.colours {
        push_text(
            &colours,
            super::board::meeple_art::COLOUR_WORDS[*c as usize % 6],
        );
    }
    set(&o, "colours", &colours);
    let numbers = Array::new();
    for p in 0..app.table.seating.seats.len() {
        numbers.push(&(app.table.seating.number(p) + 1).into());
    }
    set(&o, "numbers", &numbers);
    flag(&o, "thinking", app.table.computer.thinking());
    // The dock's hand as shown: tile kinds (none while hidden) and the pick.
    let dock = app.table.dock_hand();
    let hand = Array::new();
    for k in &dock.tiles {
        push_text(&hand, k.name());
    }
    set(&o, "hand", &hand);
    num(&o, "pick", dock.pick as f64);
    text(&o, "screen", app.table.screen.word());
    // The review: the move shown, and the game as it stood after it.
    let review = app.table.review.as_ref().map_or(JsValue::NULL, |r| {
        let v = Object::new();
        num(&v, "at", r.at as f64);
        num(&v, "moves", r.moves() as f64);
        flag(&v, "playing", r.playing);
        num(&v, "speed", r.speed.into());
        set(&v, "game", &to_js(&GameView::of(r.game())));
        v.into()
    });
    set(&o, "review", &review);
    let layers = Array::new();
    for l in &app.table.over.layers {
        push_text(&layers, l.word());
    }
    set(&o, "layers", &layers);
    num(&o, "effects", app.board.effects.list.len() as f64);
    let kinds = Array::new();
    for k in app.board.effects.names() {
        push_text(&kinds, k);
    }
    set(&o, "effectKinds", &kinds);
    // The pieces going home, where they are drawn now.
    let homes = Array::new();
    for (x, y, u) in app.board.homes_now(super::app::now()) {
        let p = point(x, y);
        num(&p, "way", u);
        homes.push(&p);
    }
    set(&o, "homes", &homes);
    // The final scoring's walk-through: "running" while the table walks
    // through it or the view is still away on it, "done" once over (the
    // results may open), or "none" before the end.
    let walk = if app.table.counting_finals() || app.board.walking() {
        "running"
    } else if app.table.state().is_over() {
        "done"
    } else {
        "none"
    };
    text(&o, "walk", walk);
    let last = super::board::Board::last_laid(app.table.game.state());
    set(
        &o,
        "lastMove",
        &last.map(|p| cell(p.x, p.y)).unwrap_or(JsValue::NULL),
    );
    num_or_null(&o, "focus", app.table.turn.focus.map(|i| i as f64));
    num_or_null(
        &o,
        "hinted",
        app.table.turn.hinted_option().map(|i| i as f64),
    );
    flag(&o, "busy", app.table.computer.busy());
    let ms = Array::new();
    for t in &app.table.computer.think_ms {
        ms.push(&(*t).into());
    }
    set(&o, "thinkMs", &ms);
    num(&o, "frames", app.frames.into());
    set(
        &o,
        "bench",
        &app.bench
            .as_deref()
            .map(JsValue::from_str)
            .unwrap_or(JsValue::NULL),
    );
    o.into()
}

/// The hook's functions are reads of the app that the runtime's owner
/// (`app.rs`) runs when a test calls them: this file never reaches the app
/// by itself.
pub fn install(window: &web_sys::Window) -> Result<(), JsValue> {
    let hook = Object::new();
    set(&hook, "state", &reader(|app, _, _| state(app)));
    set(
        &hook,
        "screenOf",
        &reader(|app, x, y| {
            let (sx, sy) = app.board.camera.to_screen(x + 0.5, y + 0.5);
            point(sx, sy).into()
        }),
    );
    set(
        &hook,
        "handRect",
        &reader(|app, _, _| {
            let r = app.dom.hand[0].0.get_bounding_client_rect();
            let o = Object::new();
            num(&o, "x", r.x());
            num(&o, "y", r.y());
            num(&o, "width", r.width());
            num(&o, "height", r.height());
            JsValue::from(o)
        }),
    );
    // The session on tape (`?tape`), or null.
    set(
        &hook,
        "tape",
        &reader(|app, _, _| app.tape.as_ref().map_or(JsValue::NULL, |t| t.value())),
    );
    set(
        &hook,
        "frames",
        &reader(|app, _, _| JsValue::from(app.frames)),
    );
    // The follower markers a tile kind would show with every spot open:
    // `markerPreview(kind, rotation)` for kinds 0..kinds, as { name, targetRadius, markers }.
    set(
        &hook,
        "kinds",
        &(crate::engine::TileKind::COUNT as u32).into(),
    );
    set(
        &hook,
        "markerPreview",
        &prober(|app, kind, rotation| {
            let kind =
                crate::engine::TileKind((kind as usize % crate::engine::TileKind::COUNT) as u8);
            let o = Object::new();
            text(&o, "name", kind.name());
            let (r, markers) = app.board.preview_markers(kind, (rotation as u32 & 3) as u8);
            num(&o, "targetRadius", r);
            let list = Array::new();
            for (x, y) in markers {
                list.push(&point(x, y));
            }
            set(&o, "markers", &list);
            JsValue::from(o)
        }),
    );
    // Where each piece on the board is drawn, in CSS pixels.
    set(
        &hook,
        "pieceSpots",
        &prober(|app, _, _| {
            let list = Array::new();
            let state = app.table.game.state();
            for p in state.pieces() {
                let (x, y) = app.board.spot_point(state, p.at, p.location);
                let (sx, sy) = app.board.camera.to_screen(x, y);
                let v = Object::new();
                num(&v, "player", p.player.into());
                set(&v, "at", &cell(p.at.x, p.at.y));
                text(&v, "location", p.location.name());
                num(&v, "x", sx);
                num(&v, "y", sy);
                list.push(&v);
            }
            list.into()
        }),
    );
    // `qr({ canvas, text })` draws `text` as a QR code on `canvas`
    // (`web/qr.rs`), for the decoding test until the send card shows one.
    // One argument, no result: the glue of a closure of that shape is
    // there already (`language.rs`).
    set(
        &hook,
        "qr",
        &Closure::<dyn FnMut(JsValue)>::new(|o: JsValue| {
            let get = |k: &str| Reflect::get(&o, &k.into()).unwrap_or_default();
            if let (Ok(canvas), Some(text)) = (get("canvas").dyn_into(), get("text").as_string()) {
                super::qr::draw(&canvas, &text);
            }
        })
        .into_js_value(),
    );
    Reflect::set(window, &JsValue::from_str("__carcassonne"), &hook)?;
    Ok(())
}
