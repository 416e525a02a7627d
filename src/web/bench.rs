//! `?bench=N`: fills the board from a random game (every tile placed,
//! followers standing) and times N redraws while panning a pixel a frame,
//! then N more with the "Fields" overlay on, printing the median and 95th
//! percentile to the console.
//!
//! It ships in the release build, as the test hook does (hook.rs):
//! `tests/e2e/board.test.mjs` times the renderer players get, on a full
//! board, through `?bench=300`. It runs only when the address asks for it
//! and costs about 1.2 KB of the gzipped bundle.

use super::app::{now, App};
use super::text::push_num;
use crate::engine::random::{pick_follower, pick_placement, Scratch};
use crate::engine::rng::Rng;
use crate::engine::{Game, Rules, Step};

pub fn run(app: &mut App, n: u32, seed: u64) {
    let names = ["Yellow", "Red", "Green", "Blue"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let Ok(mut game) = Game::new(names, Rules::default(), seed) else {
        return;
    };
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut scratch = Scratch::default();
    let mut events = Vec::new();
    // Play until the last tile lies on the board, stopping before its follower
    // step ends the game (final scoring would take the followers home). Late
    // in the game (ten tiles left), the position is kept to time the aids on.
    let mut late = None;
    while game.state().step() == Step::PlaceTile {
        if game.state().remaining().len() == 10 {
            late = Some(*game.state());
        }
        let Some((at, r)) = pick_placement(game.state(), &mut rng, &mut scratch) else {
            break;
        };
        if game.place_tile(at, r, &mut events).is_err() {
            break;
        }
        if game.state().remaining().is_empty() {
            break;
        }
        let choice = pick_follower(game.state(), &mut rng, &mut scratch);
        if game.choose_follower(choice, &mut events).is_err() {
            break;
        }
    }
    app.table.game = game;
    app.table.turn.candidate = None;
    app.table.sync();
    // Even behind the start screen (`?bench=N` without a deal).
    if !app.built {
        app.set_up();
    }
    app.refresh();
    // The whole board in view, every tile drawn each frame.
    app.board.fit_whole(app.table.game.state());

    // The pictures are painted a few per frame: count the frames that takes.
    let (mut fill, mut fill_max, mut fill_frames) = (0.0, 0.0f64, 0u32);
    loop {
        let t = now();
        app.draw_now();
        let dt = now() - t;
        fill += dt;
        fill_max = fill_max.max(dt);
        fill_frames += 1;
        if !app.board.cache.behind || fill_frames >= 200 {
            break;
        }
    }
    let times = pan(app, n);
    // Again with the "Fields" overlay on (an aid), then as before.
    app.table.aids.fields = true;
    let fields = pan(app, n);
    app.table.aids.fields = false;
    let pick = |q: f64| times[((times.len() as f64 - 1.0) * q).round() as usize];
    let pick_fields = |q: f64| fields[((fields.len() as f64 - 1.0) * q).round() as usize];
    let mut s = String::from("bench: ");
    push_num(&mut s, app.table.game.state().board().len() as u32);
    s.push_str(" tiles, ");
    push_num(&mut s, app.table.game.state().pieces().count() as u32);
    s.push_str(" followers, ");
    push_num(&mut s, n);
    s.push_str(" frames; p50 ");
    push_ms(&mut s, pick(0.5));
    s.push_str(" ms, p95 ");
    push_ms(&mut s, pick(0.95));
    s.push_str(" ms, max ");
    push_ms(&mut s, pick(1.0));
    s.push_str(" ms; with the Fields overlay p50 ");
    push_ms(&mut s, pick_fields(0.5));
    s.push_str(" ms, p95 ");
    push_ms(&mut s, pick_fields(0.95));
    s.push_str(" ms; picture cache filled over ");
    push_num(&mut s, fill_frames);
    s.push_str(" frames, ");
    push_ms(&mut s, fill);
    s.push_str(" ms in all, slowest ");
    push_ms(&mut s, fill_max);
    s.push_str(" ms");
    if let Some(late) = late {
        // Spots no tile can fill, worked out after every move: the mean of
        // 1000 calls (the page's clock is too coarse for one).
        let t = now();
        let mut unfillable = 0;
        for _ in 0..1000 {
            unfillable += late.unfillable().len();
        }
        s.push_str("; spots no tile can fill (10 tiles left, ");
        push_num(&mut s, (unfillable / 1000) as u32);
        s.push_str(" found) ");
        // In microseconds: the mean is far below the page's millisecond.
        push_num(&mut s, (now() - t).round() as u32);
        s.push_str(" µs");
    }
    web_sys::console::log_1(&s.as_str().into());
    app.bench = Some(s);
}

/// `n` redraws panning a pixel a frame, back and forth: their times, sorted.
fn pan(app: &mut App, n: u32) -> Vec<f64> {
    let mut times: Vec<f64> = Vec::with_capacity(n as usize);
    for i in 0..n {
        let dx = if (i / 20) % 2 == 0 { 1.0 } else { -1.0 };
        app.board.camera.pan(dx, 0.0);
        let t = now();
        app.draw_now();
        times.push(now() - t);
    }
    for i in 1..times.len() {
        let mut j = i;
        while j > 0 && times[j - 1] > times[j] {
            times.swap(j - 1, j);
            j -= 1;
        }
    }
    times
}

/// Milliseconds with two decimals.
fn push_ms(s: &mut String, ms: f64) {
    let h = (ms * 100.0).round().max(0.0) as u32;
    push_num(s, h / 100);
    s.push('.');
    if h % 100 < 10 {
        s.push('0');
    }
    push_num(s, h % 100);
}
