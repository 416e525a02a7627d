//! Drawing on demand: a frame is asked for when something changed, and the
//! board, the tile being laid and the follower spots are drawn from the
//! game and the turn; the tile in hand has its own small canvas.

use super::app::{now, post, App};
use super::board::meeple_art::colour;
use super::board::{Ghost, Overlay};
use super::dom::set_hidden;
use super::events::Event;
use crate::engine::Pos;
use crate::shell::words;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The requestAnimationFrame callback, made once and reused.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Makes the frame callback, once, at start-up.
pub fn init() {
    FRAME.with(|f| {
        *f.borrow_mut() = Some(Closure::new(|t: f64| {
            post(Event::Frame(t));
        }))
    });
}

impl App {
    /// Draws the dock's tiles: the tile in hand (faded while it lies on
    /// the board), and with a house rule's hand the others beside it, the
    /// picked one framed in its player's colour.
    pub fn draw_hand(&mut self) {
        if !self.built {
            return;
        }
        let dock = self.table.dock_hand();
        let away = self.table.turn.candidate.is_some()
            || self.ui.drag.is_some()
            || self.table.computer.moving();
        let several = dock.tiles.len() > 1;
        let ink = colour(self.ink(self.state().current_player()));
        for i in 0..self.dom.hand.len() {
            let tile = dock.tiles.get(i).copied();
            let garden = tile.and_then(|k| self.board.anchors.get(k).garden);
            let (canvas, c) = &self.dom.hand[i];
            if i > 0 {
                set_hidden(canvas, tile.is_none());
            }
            // Sized here: a hand's second tile shows only once there is one.
            let want = (f64::from(canvas.client_width()) * self.board.dpr).round() as u32;
            if canvas.width() != want {
                canvas.set_width(want);
                canvas.set_height(want);
            }
            let picked = i == dock.pick && tile.is_some();
            let dead = dock.dead(i);
            let _ = canvas.set_attribute("data-picked", if picked { "true" } else { "false" });
            let _ = canvas.set_attribute("data-dead", if dead { "true" } else { "false" });
            let label = words::hand_label(i, several, picked, dead);
            let _ = canvas.set_attribute("aria-label", &label);
            let px = f64::from(canvas.width());
            let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            c.clear_rect(0.0, 0.0, px, px);
            let Some(kind) = tile else {
                // An empty slot: nothing to place (or not yet shown).
                c.set_stroke_style_str("rgba(80,60,40,0.5)");
                c.set_line_width((px / 40.0).max(1.0));
                let dash = (px / 14.0).round();
                let _ = c.set_line_dash(&js_sys::Array::of2(&dash.into(), &dash.into()));
                c.stroke_rect(px * 0.06, px * 0.06, px * 0.88, px * 0.88);
                let _ = c.set_line_dash(&js_sys::Array::new());
                continue;
            };
            // Faded while it lies on the board, and a tile that fits nowhere.
            c.set_global_alpha(if (picked && away) || dead { 0.3 } else { 1.0 });
            // Room for the picked tile's frame.
            let m = (px * if several { 0.09 } else { 0.04 }).round();
            let s = px - 2.0 * m;
            let rotation = if picked { self.table.turn.rotation } else { 0 };
            c.save();
            super::board::cache::paint_tile(c, kind, rotation, (m, m, s), garden);
            c.restore();
            let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
            c.set_global_alpha(1.0);
            c.set_stroke_style_str("#4c3a28");
            if dead {
                // Crossed out, so it reads as unplayable without the fading.
                c.set_line_width((px / 22.0).round());
                c.begin_path();
                for (a, b) in [((m, m), (m + s, m + s)), ((m + s, m), (m, m + s))] {
                    c.move_to(a.0, a.1);
                    c.line_to(b.0, b.1);
                }
                c.stroke();
            }
            c.set_line_width((px / 40.0).max(1.0).round());
            c.stroke_rect(m, m, s, s);
            if picked && several {
                // The picked tile: a thick frame in the player's colour
                // inside a dark one, so it reads without colour too.
                let w = (px * 0.05).round();
                c.set_line_width(w);
                c.set_stroke_style_str("#1b1b1b");
                c.stroke_rect(w / 2.0, w / 2.0, px - w, px - w);
                c.set_stroke_style_str(ink);
                c.set_line_width((w * 0.5).round());
                c.stroke_rect(w / 2.0, w / 2.0, px - w, px - w);
            }
        }
    }

    /// Asks for a frame; frames are drawn only when something changed.
    pub fn request_frame(&mut self) {
        if self.frame_pending {
            return;
        }
        self.frame_pending = true;
        FRAME.with(|f| {
            if let (Some(w), Some(c)) = (web_sys::window(), f.borrow().as_ref()) {
                let _ = w.request_animation_frame(c.as_ref().unchecked_ref());
            }
        });
    }

    pub fn frame(&mut self, _t: f64) {
        self.frame_pending = false;
        if let Some(id) = self.ui.focus_start.take() {
            super::dom::focus(id);
            // Focusing Start scrolls a phone's screen to its foot: it opens
            // at its top, the title and who plays first.
            if let Some(screen) = super::dom::get("setup") {
                screen.set_scroll_top(0);
            }
        }
        let t = now();
        let more = self.board.effects.prune(t);
        self.draw_at(t);
        if more || self.board.cache.behind {
            self.request_frame();
        }
    }

    pub fn draw_now(&mut self) {
        self.draw_at(now());
        if self.board.cache.behind {
            self.request_frame();
        }
    }

    fn draw_at(&mut self, t: f64) {
        // Nothing to draw behind the start screen (`App::table_ready`).
        if !self.built {
            return;
        }
        self.frames += 1;
        if let Some(r) = self.table.reviewing() {
            let overlay = Overlay {
                fits: &[],
                unfillable: &[],
                show_fits: false,
                ghost: None,
                options: &[],
                focus: None,
                ink: 0,
                examined: None,
                spot: None,
                hinted: None,
                fields: false,
            };
            self.board.draw(r.game().state(), &overlay, t);
            if let Some(b) = r.better() {
                self.board.draw_better(&b);
            }
            return;
        }
        let ghost = self.ghost();
        let state = self.table.game.state();
        let overlay = Overlay {
            fits: &self.table.turn.fits,
            unfillable: self.table.unfillable(),
            show_fits: self.table.shows_fits(),
            ghost,
            options: &self.options,
            focus: self.table.turn.focus,
            ink: self.ink(state.current_player()),
            examined: self.table.examining(),
            spot: self.table.spot_shown(),
            hinted: self.table.turn.hinted_option(),
            fields: self.table.shows_fields(),
        };
        self.board.draw(state, &overlay, t);
    }

    /// The tile being placed: dragged under the pointer, or lying on its cell.
    fn ghost(&self) -> Option<Ghost> {
        if !self.table.ghost_shown() {
            return None;
        }
        let kind = self.table.turn.tile(self.state())?;
        let r = self.table.turn.rotation;
        let (at, lifted) = match (self.ui.drag, self.table.turn.candidate) {
            (Some(d), _) => {
                let (x, y) = self.board.camera.cell_at(d.x, d.y);
                (Pos::new(x, y), true)
            }
            (None, Some(c)) => (c, false),
            _ => return None,
        };
        let verdict = self.table.turn.verdict(at);
        Some(Ghost {
            kind,
            at,
            rotation: r,
            verdict,
            lifted,
        })
    }
}
