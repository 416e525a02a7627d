//! Pointer, wheel and keyboard input on the page. What a press means (a
//! tap, a pan, a tile drag, a pinch) is decided in `shell::gesture`; this
//! file feeds it the pointer events and moves the camera and the tile.

use super::app::{post, App, Drag};
use super::dom::{self, listen, listen_active};
use super::events::Event;
use crate::engine::compact::clamp;
use crate::engine::{FollowerChoice, Pos};
use crate::shell::gesture::{Act, Pointers, Target};
use crate::shell::keys::{Key, KeyAct};
use crate::shell::msg::Msg;
use crate::shell::press::Press;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, HtmlCanvasElement, HtmlInputElement, KeyboardEvent, PointerEvent, WheelEvent,
};

/// The dock's tile canvases, in the hand's order.
pub const HAND_SLOTS: [&str; 3] = ["hand", "hand-1", "hand-2"];

/// The pointers down and their gesture (decided in `shell::gesture`).
pub type Input = Pointers;

fn xy(e: &PointerEvent) -> (f64, f64) {
    (f64::from(e.client_x()), f64::from(e.client_y()))
}

impl App {
    /// A press on the board, or on tile `on_hand` of the dock.
    pub fn pointer_down(&mut self, e: &PointerEvent, on_hand: Option<u8>) {
        if e.pointer_type() == "mouse" && e.button() != 0 {
            return;
        }
        let (x, y) = xy(e);
        let (cx, cy) = self.board.camera.cell_at(x, y);
        let on = self.table.pressed_on(on_hand, Pos::new(cx, cy));
        let slop = if e.pointer_type() == "mouse" {
            4.0
        } else {
            10.0
        };
        let act = self.input.press(e.pointer_id(), x, y, on, slop);
        if on == Target::Board && self.input.down.len() == 1 {
            // Whether it is a long press, the table decides when its timer fires.
            let p = self.point_at(self.input.presses, x, y);
            self.send(Msg::Press(p));
        }
        self.act(act);
        self.unpress();
    }

    pub fn pointer_move(&mut self, e: &PointerEvent) {
        let (x, y) = xy(e);
        let act = self
            .input
            .moved(e.pointer_id(), x, y, self.table.tile_drags());
        self.act(act);
        self.unpress();
    }

    pub fn pointer_up(&mut self, e: &PointerEvent, cancelled: bool) {
        let act = self.input.lifted(e.pointer_id(), cancelled);
        self.unpress();
        self.act(act);
    }

    /// Tells the table when the press on the board stops resting (it
    /// moved, was lifted, a second finger came): its timer is no long press.
    fn unpress(&mut self) {
        if self.table.pressing() && self.input.resting(self.input.presses).is_none() {
            self.send(Msg::Unpress);
        }
    }

    /// Carries out what the pointers asked for.
    fn act(&mut self, act: Act) {
        match act {
            Act::Nothing => return,
            Act::PinchBegins => {
                self.cancel_drag();
                self.board.cache.frozen = true;
            }
            Act::PanBegins { dx, dy } => {
                self.board.cache.frozen = true;
                self.board.camera.pan(dx, dy);
            }
            Act::Pan { dx, dy } => self.board.camera.pan(dx, dy),
            Act::DragBegins { on, x, y } => {
                let from = if on == Target::Candidate {
                    self.table.turn.candidate
                } else {
                    None
                };
                self.send(Msg::Lift(on));
                self.ui.drag = Some(Drag { x, y, from });
                self.draw_hand();
            }
            Act::DragTo { x, y } => {
                if let Some(d) = self.ui.drag.as_mut() {
                    d.x = x;
                    d.y = y;
                }
            }
            Act::Pinch {
                dx,
                dy,
                x,
                y,
                factor,
            } => {
                self.board.camera.pan(dx, dy);
                self.board.camera.zoom_at(x, y, factor);
            }
            Act::Settle => self.board.cache.frozen = false,
            Act::Tap { on, x, y } => return self.tap(on, x, y),
            Act::Drop { x, y } => return self.drop_tile(x, y),
            Act::DragCancelled => return self.cancel_drag(),
            Act::Hold { .. } => return,
        }
        self.request_frame();
    }

    /// A dragged tile goes back where it came from (a cell, or the hand).
    fn cancel_drag(&mut self) {
        if let Some(d) = self.ui.drag.take() {
            self.send(Msg::PutBack(d.from));
        }
    }

    fn drop_tile(&mut self, x: f64, y: f64) {
        self.ui.drag = None;
        let f = self.board.camera.free;
        if y < f[1] || y > f[3] {
            // Dropped on the bars: back to the hand.
            self.to_hand();
            return;
        }
        let (cx, cy) = self.board.camera.cell_at(x, y);
        self.try_candidate(Pos::new(cx, cy));
    }

    /// A tap: what was under it (the table decides what it means).
    fn tap(&mut self, on: Target, x: f64, y: f64) {
        let (cx, cy) = self.board.camera.cell_at(x, y);
        // Markers are fanned out; each is a 44-pixel target at least.
        let marker = self.board.marker_at(&self.options, x, y);
        self.send(Msg::Tap {
            on,
            cell: Pos::new(cx, cy),
            marker,
        });
    }

    /// The right button at CSS point (x, y): what is there (the table says).
    pub fn inspect_at(&mut self, x: f64, y: f64) {
        let p = self.point_at(0, x, y);
        self.send(Msg::Point(p));
    }

    /// What lies under CSS point (x, y), for press `seq`: the cell, a
    /// follower marker, the piece within a finger of the point on that
    /// cell, and where on the tile (0 to 1 across).
    fn point_at(&mut self, seq: u32, x: f64, y: f64) -> Press {
        let (bx, by) = self.board.camera.to_board(x, y);
        let at = Pos::new(bx.floor() as i32, by.floor() as i32);
        let reach = self.board.target_radius();
        let mut piece = None;
        let mut best = reach * reach;
        let state = self.table.game.state();
        for p in state.pieces().filter(|p| p.at == at) {
            let (px, py) = self.board.spot_point(state, at, p.location);
            let (sx, sy) = self.board.camera.to_screen(px, py);
            let d = (sx - x) * (sx - x) + (sy - y) * (sy - y);
            if d <= best {
                best = d;
                piece = Some(p.location);
            }
        }
        Press {
            seq,
            at,
            marker: self.board.marker_at(&self.options, x, y).is_some(),
            piece,
            x: bx - f64::from(at.x),
            y: by - f64::from(at.y),
        }
    }

    pub fn wheel(&mut self, e: &WheelEvent) {
        let mut dy = e.delta_y();
        if e.delta_mode() == 1 {
            dy *= 33.0;
        } else if e.delta_mode() == 2 {
            dy *= 400.0;
        }
        let k = if e.ctrl_key() { 0.01 } else { 0.0018 };
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        self.board
            .camera
            .zoom_at(x, y, js_sys::Math::exp(clamp(-dy * k, -0.7, 0.7)));
        if e.delta_x() != 0.0 && !e.ctrl_key() {
            self.board.camera.pan(-e.delta_x(), 0.0);
        }
        self.request_frame();
    }

    /// Keyboard play: what a key does is the table's (`Table::key`); the
    /// page moves the view. Returns whether the key was used.
    pub fn key(&mut self, e: &KeyboardEvent, on_board: bool) -> bool {
        let name = e.key();
        let key = Key {
            name: &name,
            shift: e.shift_key(),
            command: e.ctrl_key() || e.meta_key(),
            alt: e.alt_key(),
            on_board,
        };
        let c = &mut self.board.camera;
        let middle = ((c.free[0] + c.free[2]) / 2.0, (c.free[1] + c.free[3]) / 2.0);
        let (x, y) = c.cell_at(middle.0, middle.1);
        match self.table.key(key, Pos::new(x, y)) {
            KeyAct::Unused => return false,
            KeyAct::Send(Msg::ToHand) => self.to_hand(),
            KeyAct::Send(msg) => self.send(msg),
            KeyAct::Tab(msg, stays) => {
                self.send(msg);
                return stays;
            }
            KeyAct::Pan(dx, dy) => c.pan(-f64::from(dx) * 80.0, -f64::from(dy) * 80.0),
            KeyAct::ZoomIn => c.zoom_at(middle.0, middle.1, 1.25),
            KeyAct::ZoomOut => c.zoom_at(middle.0, middle.1, 0.8),
            KeyAct::Fit => self.fit(),
        }
        self.request_frame();
        true
    }

    /// Pans just enough to bring cell `at` into the free area.
    pub fn show(&mut self, at: Pos) {
        let c = &mut self.board.camera;
        let (l, t) = c.to_screen(f64::from(at.x), f64::from(at.y));
        let (r, b) = c.to_screen(f64::from(at.x + 1), f64::from(at.y + 1));
        let f = c.free;
        let dx = if l < f[0] {
            f[0] - l
        } else if r > f[2] {
            f[2] - r
        } else {
            0.0
        };
        let dy = if t < f[1] {
            f[1] - t
        } else if b > f[3] {
            f[3] - b
        } else {
            0.0
        };
        if dx != 0.0 || dy != 0.0 {
            let auto = c.auto;
            c.pan(dx, dy);
            c.auto = auto;
        }
        self.request_frame();
    }
}

/// No click after this touch (see `wire`); asking it of a touch that
/// cannot be cancelled would only log a console error.
fn no_click(e: web_sys::Event) {
    if e.cancelable() {
        e.prevent_default();
    }
}

/// Attaches every listener.
pub fn wire(window: &web_sys::Window) -> Result<(), JsValue> {
    let board: HtmlCanvasElement = dom::el("board");
    let canvas = board.clone();
    listen(&board, "pointerdown", move |e| {
        let e: PointerEvent = e.unchecked_into();
        // Play goes on on the board: the settings menu folds away, and keys
        // (Enter to confirm) go to the board, not to the menu.
        super::dom::close_settings();
        let _ = canvas.focus();
        let _ = canvas.set_pointer_capture(e.pointer_id());
        post(Event::PointerDown(e, None));
    });
    for (i, id) in HAND_SLOTS.into_iter().enumerate() {
        let hand: HtmlCanvasElement = dom::el(id);
        let hand2 = hand.clone();
        let canvas = board.clone();
        listen(&hand, "pointerdown", move |e| {
            e.prevent_default();
            super::dom::close_settings();
            let _ = canvas.focus();
            let e: PointerEvent = e.unchecked_into();
            let _ = hand2.set_pointer_capture(e.pointer_id());
            post(Event::PointerDown(e, Some(i as u8)));
        });
        listen(&hand, "contextmenu", |e| e.prevent_default());
        listen_active(&hand, "touchend", no_click);
    }
    listen(window, "pointermove", |e| {
        let e: PointerEvent = e.unchecked_into();
        post(Event::PointerMove(e));
    });
    listen(window, "pointerup", |e| {
        let e: PointerEvent = e.unchecked_into();
        post(Event::PointerUp(e, false));
    });
    listen(window, "pointercancel", |e| {
        let e: PointerEvent = e.unchecked_into();
        post(Event::PointerUp(e, true));
    });
    listen(&board, "contextmenu", |e| e.prevent_default());
    // A finger's tap on the board is handled at `pointerup`; the browser's
    // click for the same tap would come after it and land on whatever the
    // tap opened under the finger (the hand-over card's Start my turn,
    // showing the next hidden hand). The board and the dock take no clicks.
    // A touch that panned or dragged ends uncancelable, and makes no click.
    listen_active(&board, "touchend", no_click);
    // The right button asks what can go on a spot, as a long press does.
    listen(&board, "contextmenu", |e| {
        let e: web_sys::MouseEvent = e.unchecked_into();
        let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
        post(Event::Inspect(x, y));
    });
    listen_active(&board, "wheel", |e| {
        e.prevent_default();
        let e: WheelEvent = e.unchecked_into();
        post(Event::Wheel(e));
    });
    // The settings menu folded away by its own button: keys go back to the
    // board, or Enter would open the menu again instead of confirming.
    let settings: Element = dom::el("settings");
    let canvas = board.clone();
    let menu = settings.clone();
    listen(&settings, "toggle", move |_| {
        let open = menu.has_attribute("open");
        let inside = super::dom::document()
            .active_element()
            .is_some_and(|a| menu.contains(Some(&a)));
        if !open && inside {
            let _ = canvas.focus();
        }
    });
    let canvas = board.clone();
    let menu = settings.clone();
    listen(window, "keydown", move |e| {
        let k: KeyboardEvent = e.clone().unchecked_into();
        let target: Option<Element> = e.target().and_then(|t| t.dyn_into().ok());
        let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
        // The open settings menu keeps the keys pressed in it: Escape folds
        // it away (the board takes the focus back), and no key reaches the
        // board behind it (Escape there would skip the follower).
        if menu.has_attribute("open") {
            let inside = target
                .as_ref()
                .is_some_and(|t| menu.contains(Some(t.unchecked_ref())));
            if k.key() == "Escape" {
                super::dom::close_settings();
                e.prevent_default();
                return;
            }
            if inside {
                return;
            }
        }
        // Buttons and settings keep their own keys.
        if tag == "INPUT"
            || ((tag == "BUTTON" || tag == "SUMMARY") && (k.key() == "Enter" || k.key() == " "))
        {
            return;
        }
        let on_board = target.is_none()
            || tag == "BODY"
            || target
                .as_ref()
                .is_some_and(|t| t == canvas.unchecked_ref::<Element>());
        if post(Event::Key(k, on_board)) == Some(true) {
            e.prevent_default();
        }
    });
    listen(window, "resize", |_| {
        post(Event::Resize);
    });
    type Button = fn() -> Event;
    let buttons: [(&str, Button); 11] = [
        ("link-again", || {
            Event::Table(Msg::Open(crate::shell::screen::Layer::Link))
        }),
        ("hint", || Event::Table(Msg::Hint)),
        ("redo", || Event::Table(Msg::Redo)),
        ("new-game", || Event::Table(Msg::NewGame)),
        ("undo", || Event::Table(Msg::Undo)),
        ("rotate", || Event::Table(Msg::Rotate)),
        ("confirm", || Event::Table(Msg::Confirm)),
        ("skip", || Event::Table(Msg::Follow(FollowerChoice::Skip))),
        ("fit", || Event::Fit),
        ("pause", || Event::Table(Msg::Pause)),
        ("speed", || Event::Table(Msg::Faster)),
    ];
    for (id, event) in buttons {
        let el: Element = dom::el(id);
        listen(&el, "click", move |_| {
            // Redo and New game are in the settings menu: it folds away.
            super::dom::close_settings();
            post(event());
        });
    }
    // The "Fields" overlay: the table knows whether it is on, not the page.
    super::dom::on("fields", "click", || {
        post(Event::Table(Msg::ToggleFields));
    });
    // The settings' boxes: the table keeps them (and has them kept); a
    // box only says what was ticked, and shows what the table has.
    type Setting = fn(bool) -> Event;
    let settings: [(&str, Setting); 3] = [
        ("opt-highlight", |on| Event::Table(Msg::SetHighlight(on))),
        ("opt-valid", |on| Event::Table(Msg::SetOnlyFitting(on))),
        ("opt-handover", |on| Event::Table(Msg::SetHandOver(on))),
    ];
    for (id, event) in settings {
        let box_: HtmlInputElement = dom::el(id);
        let b2 = box_.clone();
        listen(&box_, "change", move |_| {
            post(event(b2.checked()));
        });
    }
    super::transfer::wire()
}
