//! Drawing on demand: a frame is asked for when something changed, and the
//! board, the tile being laid and the follower spots are drawn from the
//! game and the turn; the tile in hand has its own small canvas.

use super::app::{now, post, App};
use super::board::{Ghost, Overlay};
use super::events::Event;
use crate::engine::Pos;
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
    /// Draws the tile in hand (faded while it lies on the board).
    pub fn draw_hand(&mut self) {
        let c = &self.dom.hand_ctx;
        let px = f64::from(self.dom.hand.width());
        let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        c.clear_rect(0.0, 0.0, px, px);
        let tile = self
            .state()
            .tile()
            .filter(|_| self.table.screen.shows_hand());
        let Some(kind) = tile else {
            // An empty slot: nothing to place (or not yet shown).
            c.set_stroke_style_str("rgba(80,60,40,0.5)");
            c.set_line_width((px / 40.0).max(1.0));
            let dash = (px / 14.0).round();
            let _ = c.set_line_dash(&js_sys::Array::of2(&dash.into(), &dash.into()));
            c.stroke_rect(px * 0.06, px * 0.06, px * 0.88, px * 0.88);
            let _ = c.set_line_dash(&js_sys::Array::new());
            return;
        };
        let away = self.table.turn.candidate.is_some()
            || self.ui.drag.is_some()
            || self.table.computer.moving();
        c.set_global_alpha(if away { 0.3 } else { 1.0 });
        let m = (px * 0.04).round();
        let s = px - 2.0 * m;
        let garden = self.board.anchors.get(kind).garden;
        let c = &self.dom.hand_ctx;
        c.save();
        super::board::cache::paint_tile(c, kind, self.table.turn.rotation, (m, m, s), garden);
        c.restore();
        let _ = c.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        c.set_global_alpha(1.0);
        c.set_stroke_style_str("#4c3a28");
        c.set_line_width((px / 40.0).max(1.0).round());
        c.stroke_rect(m, m, s, s);
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
        let t = now();
        let more = self.board.effects.prune(t);
        let walked = self.board.walking();
        self.draw_at(t);
        if self.board.walking() != walked {
            self.send(crate::shell::msg::Msg::Walking(!walked));
        }
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
        self.frames += 1;
        if let Some(r) = self.table.reviewing() {
            let overlay = Overlay {
                fits: &[],
                holes: &[],
                show_fits: false,
                ghost: None,
                options: &[],
                focus: None,
                ink: 0,
            };
            self.board.draw(r.game().state(), &overlay, t);
            return;
        }
        let ghost = self.ghost();
        let state = self.table.game.state();
        let overlay = Overlay {
            fits: &self.table.turn.fits,
            holes: self.table.holes(),
            show_fits: self.table.shows_fits(),
            ghost,
            options: &self.options,
            focus: self.table.turn.focus,
            ink: self.ink(state.current_player()),
        };
        self.board.draw(state, &overlay, t);
    }

    /// The tile being placed: dragged under the pointer, or lying on its cell.
    fn ghost(&self) -> Option<Ghost> {
        let kind = self.state().tile()?;
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
