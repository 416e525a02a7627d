//! What the pointers on the board mean. Pointer Events cover mouse, touch
//! and pen alike: a press becomes a tap, a pan, a tile drag or (with a
//! second finger) a pinch; once a pinch has begun nothing is placed until
//! every finger is up, so multi-touch never turns into a stray placement.
//! The page feeds pointer events in and carries out the [`Act`]s.

/// How long a finger rests on the board, unmoved, before the press is a
/// long press (it asks what can go there) rather than a tap.
pub const HOLD_MS: i32 = 550;

/// What a press started on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Target {
    Board,
    /// Tile `i` of the hand in the dock (without a hand, the one tile: 0).
    Hand(u8),
    /// The tile lying tentatively on the board.
    Candidate,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Gesture {
    #[default]
    Idle,
    /// Down, not moved far enough to be anything but a tap yet.
    Press {
        id: i32,
        x0: f64,
        y0: f64,
        on: Target,
        slop: f64,
        /// Which press this is (see [`Pointers::presses`]).
        seq: u32,
    },
    /// A press held long enough: lifting it taps nothing.
    Held {
        id: i32,
    },
    Pan {
        id: i32,
    },
    DragTile {
        id: i32,
    },
    Pinch {
        a: i32,
        b: i32,
        dist: f64,
        mx: f64,
        my: f64,
    },
    /// After a pinch: wait until every finger is up.
    Ignore,
}

/// What a pointer event asks of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Act {
    Nothing,
    /// A second finger came down: a tile being dragged goes back, the
    /// board holds still for the pinch.
    PinchBegins,
    /// The press became a pan of the board, by (dx, dy) so far.
    PanBegins {
        dx: f64,
        dy: f64,
    },
    Pan {
        dx: f64,
        dy: f64,
    },
    /// The press on the hand or on the laid tile became a drag of the tile.
    DragBegins {
        on: Target,
        x: f64,
        y: f64,
    },
    DragTo {
        x: f64,
        y: f64,
    },
    /// Two fingers moved: pan by (dx, dy), then zoom by `factor` around (x, y).
    Pinch {
        dx: f64,
        dy: f64,
        x: f64,
        y: f64,
        factor: f64,
    },
    /// A pan or a pinch ended: the board may redraw in full again.
    Settle,
    Tap {
        on: Target,
        x: f64,
        y: f64,
    },
    /// The dragged tile was let go at (x, y).
    Drop {
        x: f64,
        y: f64,
    },
    /// The drag was cancelled (the browser took the pointer): the tile goes back.
    DragCancelled,
    /// A finger rested on the board at (x, y) for [`HOLD_MS`].
    Hold {
        x: f64,
        y: f64,
    },
}

/// The pointers down and the gesture they make.
#[derive(Clone, Debug, Default)]
pub struct Pointers {
    /// Pointers down: id and last position (CSS pixels).
    pub down: Vec<(i32, f64, f64)>,
    pub gesture: Gesture,
    /// Presses so far: the table's long-press timer names the press it
    /// was set for, so it cannot count for a later one.
    pub presses: u32,
}

/// Length of (dx, dy); plain sqrt keeps libm's hypot out of the bundle.
pub fn length(dx: f64, dy: f64) -> f64 {
    (dx * dx + dy * dy).sqrt()
}

impl Pointers {
    fn pos(&self, id: i32) -> Option<(f64, f64)> {
        self.down.iter().find(|p| p.0 == id).map(|p| (p.1, p.2))
    }

    /// A pointer went down at (x, y) on `on`; it must move `slop` pixels
    /// before it is anything but a tap.
    pub fn press(&mut self, id: i32, x: f64, y: f64, on: Target, slop: f64) -> Act {
        self.down.retain(|p| p.0 != id);
        self.down.push((id, x, y));
        match self.down.len() {
            1 => {
                self.presses = self.presses.wrapping_add(1);
                self.gesture = Gesture::Press {
                    id,
                    x0: x,
                    y0: y,
                    on,
                    slop,
                    seq: self.presses,
                };
                Act::Nothing
            }
            2 => {
                // A second finger: whatever the first was doing becomes a pinch.
                let (a, ax, ay) = self.down[0];
                self.gesture = Gesture::Pinch {
                    a,
                    b: id,
                    dist: length(ax - x, ay - y).max(1.0),
                    mx: (ax + x) / 2.0,
                    my: (ay + y) / 2.0,
                };
                Act::PinchBegins
            }
            _ => Act::Nothing,
        }
    }

    /// Where press `seq` began, while it still rests on the board unmoved.
    pub fn resting(&self, seq: u32) -> Option<(f64, f64)> {
        match self.gesture {
            Gesture::Press {
                x0,
                y0,
                on: Target::Board,
                seq: s,
                ..
            } if s == seq => Some((x0, y0)),
            _ => None,
        }
    }

    /// The hold timer of press `seq` fired: if that press still rests on the
    /// board where it began, it is a long press.
    pub fn held(&mut self, seq: u32) -> Act {
        match self.gesture {
            Gesture::Press {
                id,
                x0,
                y0,
                on: Target::Board,
                seq: s,
                ..
            } if s == seq => {
                self.gesture = Gesture::Held { id };
                Act::Hold { x: x0, y: y0 }
            }
            _ => Act::Nothing,
        }
    }

    /// A pointer moved to (x, y). `tile_step`: a tile is in hand, so a press
    /// on it (or on the laid tile) drags it; otherwise every press pans.
    pub fn moved(&mut self, id: i32, x: f64, y: f64, tile_step: bool) -> Act {
        let Some(last) = self.pos(id) else {
            return Act::Nothing;
        };
        if let Some(p) = self.down.iter_mut().find(|p| p.0 == id) {
            p.1 = x;
            p.2 = y;
        }
        match self.gesture {
            Gesture::Press {
                id: pid,
                x0,
                y0,
                on,
                slop,
                ..
            } if pid == id => {
                if length(x - x0, y - y0) < slop {
                    return Act::Nothing;
                }
                if on == Target::Board || !tile_step {
                    self.gesture = Gesture::Pan { id };
                    Act::PanBegins {
                        dx: x - x0,
                        dy: y - y0,
                    }
                } else {
                    self.gesture = Gesture::DragTile { id };
                    Act::DragBegins { on, x, y }
                }
            }
            Gesture::Pan { id: pid } if pid == id => Act::Pan {
                dx: x - last.0,
                dy: y - last.1,
            },
            Gesture::DragTile { id: pid } if pid == id => Act::DragTo { x, y },
            Gesture::Pinch { a, b, dist, mx, my } if id == a || id == b => {
                let (Some(pa), Some(pb)) = (self.pos(a), self.pos(b)) else {
                    return Act::Nothing;
                };
                let nd = length(pa.0 - pb.0, pa.1 - pb.1).max(1.0);
                let (nx, ny) = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
                self.gesture = Gesture::Pinch {
                    a,
                    b,
                    dist: nd,
                    mx: nx,
                    my: ny,
                };
                Act::Pinch {
                    dx: nx - mx,
                    dy: ny - my,
                    x: nx,
                    y: ny,
                    factor: nd / dist,
                }
            }
            _ => Act::Nothing,
        }
    }

    /// A pointer came up (or the browser took it: `cancelled`).
    pub fn lifted(&mut self, id: i32, cancelled: bool) -> Act {
        let Some((x, y)) = self.pos(id) else {
            return Act::Nothing;
        };
        self.down.retain(|p| p.0 != id);
        let all_up = self.down.is_empty();
        match self.gesture {
            Gesture::Press { id: pid, on, .. } if pid == id => {
                self.gesture = Gesture::Idle;
                if cancelled {
                    Act::Nothing
                } else {
                    Act::Tap { on, x, y }
                }
            }
            Gesture::Held { id: pid } if pid == id => {
                self.gesture = Gesture::Idle;
                Act::Nothing
            }
            Gesture::DragTile { id: pid } if pid == id => {
                self.gesture = Gesture::Idle;
                if cancelled {
                    Act::DragCancelled
                } else {
                    Act::Drop { x, y }
                }
            }
            Gesture::Pan { id: pid } if pid == id => {
                self.gesture = Gesture::Idle;
                Act::Settle
            }
            Gesture::Pinch { a, b, .. } if id == a || id == b => {
                self.gesture = if all_up {
                    Gesture::Idle
                } else {
                    Gesture::Ignore
                };
                Act::Settle
            }
            _ => {
                if all_up {
                    self.gesture = Gesture::Idle;
                }
                Act::Nothing
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOUCH: f64 = 10.0;

    #[test]
    fn a_press_resting_on_the_board_is_a_long_press_and_taps_nothing() {
        let mut p = Pointers::default();
        p.press(1, 50.0, 60.0, Target::Board, TOUCH);
        let seq = p.presses;
        p.moved(1, 53.0, 61.0, true);
        assert_eq!(p.held(seq), Act::Hold { x: 50.0, y: 60.0 });
        assert_eq!(p.lifted(1, false), Act::Nothing, "no tap after it");
        // A timer set for an earlier press is nothing for this one.
        p.press(1, 50.0, 60.0, Target::Board, TOUCH);
        assert_eq!(p.held(seq), Act::Nothing);
        assert!(matches!(p.lifted(1, false), Act::Tap { .. }));
        // A press that became a pan, or rests on the hand, is no long press.
        p.press(1, 0.0, 0.0, Target::Board, TOUCH);
        p.moved(1, 40.0, 0.0, true);
        assert_eq!(p.held(p.presses), Act::Nothing);
        p.lifted(1, false);
        p.press(2, 0.0, 0.0, Target::Hand(0), TOUCH);
        assert_eq!(p.held(p.presses), Act::Nothing);
    }

    #[test]
    fn a_press_that_hardly_moves_is_a_tap() {
        let mut p = Pointers::default();
        assert_eq!(p.press(1, 100.0, 100.0, Target::Board, TOUCH), Act::Nothing);
        assert_eq!(p.moved(1, 104.0, 103.0, true), Act::Nothing);
        assert_eq!(
            p.lifted(1, false),
            Act::Tap {
                on: Target::Board,
                x: 104.0,
                y: 103.0
            }
        );
        assert_eq!(p.gesture, Gesture::Idle);
        // The browser taking the pointer is no tap.
        p.press(2, 5.0, 5.0, Target::Hand(0), TOUCH);
        assert_eq!(p.lifted(2, true), Act::Nothing);
    }

    #[test]
    fn a_press_on_the_board_that_moves_pans_it() {
        let mut p = Pointers::default();
        p.press(1, 100.0, 100.0, Target::Board, TOUCH);
        assert_eq!(
            p.moved(1, 120.0, 100.0, true),
            Act::PanBegins { dx: 20.0, dy: 0.0 }
        );
        assert_eq!(
            p.moved(1, 125.0, 90.0, true),
            Act::Pan { dx: 5.0, dy: -10.0 }
        );
        assert_eq!(p.lifted(1, false), Act::Settle);
    }

    #[test]
    fn a_press_on_the_tile_drags_it_in_the_tile_step_only() {
        let mut p = Pointers::default();
        p.press(1, 500.0, 700.0, Target::Hand(0), TOUCH);
        assert_eq!(
            p.moved(1, 500.0, 650.0, true),
            Act::DragBegins {
                on: Target::Hand(0),
                x: 500.0,
                y: 650.0
            }
        );
        assert_eq!(
            p.moved(1, 400.0, 300.0, true),
            Act::DragTo { x: 400.0, y: 300.0 }
        );
        assert_eq!(p.lifted(1, false), Act::Drop { x: 400.0, y: 300.0 });
        // Cancelled by the browser: the tile goes back.
        p.press(1, 300.0, 300.0, Target::Candidate, TOUCH);
        p.moved(1, 340.0, 300.0, true);
        assert_eq!(p.lifted(1, true), Act::DragCancelled);
        // In the follower step the laid tile is fixed: the press pans.
        p.press(1, 300.0, 300.0, Target::Candidate, TOUCH);
        assert!(matches!(
            p.moved(1, 340.0, 300.0, false),
            Act::PanBegins { .. }
        ));
    }

    #[test]
    fn a_pinch_zooms_and_nothing_is_placed_until_every_finger_is_up() {
        let mut p = Pointers::default();
        p.press(1, 100.0, 100.0, Target::Hand(0), TOUCH);
        p.moved(1, 100.0, 60.0, true);
        // A second finger during a drag: the drag gives way to the pinch.
        assert_eq!(
            p.press(2, 200.0, 60.0, Target::Board, TOUCH),
            Act::PinchBegins
        );
        match p.moved(2, 300.0, 60.0, true) {
            Act::Pinch { factor, x, .. } => {
                assert_eq!(factor, 2.0);
                assert_eq!(x, 200.0);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(p.lifted(2, false), Act::Settle);
        assert_eq!(p.gesture, Gesture::Ignore);
        // The finger left down moves and lifts: no drag, no drop, no tap.
        assert_eq!(p.moved(1, 10.0, 10.0, true), Act::Nothing);
        assert_eq!(p.lifted(1, false), Act::Nothing);
        assert_eq!(p.gesture, Gesture::Idle);
        // A fresh press afterwards is a tap again.
        p.press(3, 50.0, 50.0, Target::Board, TOUCH);
        assert!(matches!(p.lifted(3, false), Act::Tap { .. }));
    }

    #[test]
    fn a_pointer_never_pressed_changes_nothing() {
        let mut p = Pointers::default();
        assert_eq!(p.moved(9, 1.0, 1.0, true), Act::Nothing);
        assert_eq!(p.lifted(9, false), Act::Nothing);
        assert_eq!(p.gesture, Gesture::Idle);
    }
}
