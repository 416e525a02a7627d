//! The first-game guide ([`crate::shell::guide`]) in its modal card: the
//! table decides which card shows (and has it kept that it was seen);
//! this draws it.

use super::app::post;
use super::board::{Board, Overlay};
use super::dom::{self, by_id, set_hidden, set_text};
use super::events::Event;
use crate::engine::{FollowerChoice, HalfEdge, Location, Pos, Rules, Side, State, TileKind};
use crate::shell::guide::{self, GuideMsg, CROSSED, FIELDS, HAND, HOLD, STEPS};
use crate::shell::msg::Msg;
use crate::shell::seats::Seating;
use crate::shell::table::Table;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlCanvasElement, HtmlDialogElement};

/// Shows the table's guide card (`guide-0` onwards in the page; the
/// table says which, among the cards its game shows), with its place
/// ("2 of 6") and its picture, or closes the guide.
pub fn show(t: &Table) {
    let Ok(d) = by_id::<HtmlDialogElement>("guide") else {
        return;
    };
    let Some(i) = t.over.guide.step else {
        if d.open() {
            d.close();
            dom::focus("board");
        }
        return;
    };
    let opened = !d.open();
    if opened {
        super::dom::close_settings();
        let _ = d.show_modal();
    }
    let pages = t.guide_pages();
    let mut moved = opened;
    for k in 0..STEPS {
        let mut id = String::from("guide-");
        super::text::push_num(&mut id, k);
        if let Some(card) = dom::get(&id) {
            if k == i && card.hidden() {
                moved = true;
            }
            set_hidden(&card, k != i);
        }
    }
    let (n, of) = guide::place(pages, i);
    dom::text("guide-step", &super::text::guide_place((n, of)));
    if let Ok(c) = by_id::<HtmlCanvasElement>("guide-pic") {
        let shown = moved && picture(&c, i, &t.seating);
        if moved {
            set_hidden(&c, !shown);
        }
    }
    if let Some(next) = dom::get("guide-next") {
        let [next_card, play] = super::text::guide_button();
        set_text(&next, if n == of { play } else { next_card });
        if moved {
            let _ = next.focus();
        }
    }
}

/// Draws card `step`'s picture on `c` with the board's own drawing, in the
/// table's colours; false for a card without one. The tiles are always the
/// same few, never a player's: a hidden hand stays hidden behind the guide.
fn picture(c: &HtmlCanvasElement, step: u32, seating: &Seating) -> bool {
    // Tiles laid east of the start tile (kind, x, turns: 0 is A, a
    // monastery with a road, 12 M, a city corner with a pennant, 20 U, a
    // straight road, 21 V, a bend), and the follower the last one gets.
    let (laid, follower): (&[(u8, i32, u8)], _) = match step {
        // A hand of three, the one picked framed (the last laid).
        HAND => (&[(12, 4, 0), (21, 2, 1)], None),
        // A thief on a road, its road outlined; an open square framed.
        HOLD => (&[(20, 1, 1)], Some(Location::Side(Side::E))),
        CROSSED => (&[], None),
        // A farmer in the field round a monastery, the field tinted.
        FIELDS => (&[(0, 1, 1)], Some(Location::Half(HalfEdge::new(1)))),
        _ => return false,
    };
    let mut ev = Vec::new();
    let mut s = State::new(Rules::default(), 2, &[TileKind::START; 2], &mut ev);
    for &(k, x, r) in laid {
        s.place_unchecked(TileKind(k), Pos::new(x, 0), r, &mut ev);
    }
    if let Some(loc) = follower {
        s.choose_follower_unchecked(FollowerChoice::Follower(loc), &mut ev);
    }
    set_hidden(c, false);
    let Ok(mut b) = Board::new(c.clone(), false) else {
        return false;
    };
    b.resize(web_sys::window().map_or(1.0, |w| w.device_pixel_ratio()));
    b.camera.set_free([0.0, 0.0, b.width, b.height]);
    let x0 = if step == HOLD { -1.0 } else { 0.0 };
    let x1 = laid.iter().map(|l| l.1).max().unwrap_or(1).max(1);
    b.camera.fit_whole(x0 - 0.2, -0.2, f64::from(x1) + 1.2, 1.2);
    b.set_colours(seating);
    let side = [Pos::new(1, 0)];
    let o = Overlay {
        fits: &[],
        unfillable: if step == CROSSED { &side } else { &[] },
        show_fits: false,
        ghost: None,
        options: &[],
        focus: None,
        ink: seating.colours.first().copied().unwrap_or(0),
        examined: (step == HOLD).then_some((Pos::new(1, 0), Location::Side(Side::E))),
        hinted: None,
        spot: (step == HOLD).then_some(Pos::new(-1, 0)),
        fields: step == FIELDS,
    };
    // The tiles' pictures are painted a few a frame: drawn again until all are.
    for _ in 0..8 {
        b.draw(&s, &o, 0.0);
        if !b.cache.behind {
            break;
        }
    }
    true
}

fn send(msg: GuideMsg) {
    post(Event::Table(Msg::Guide(msg)));
}

pub fn wire() -> Result<(), JsValue> {
    let d: Element = dom::el("guide");
    super::dialog::keep_keys(&d);
    // Escape closes the card by itself: the table hears it as done.
    dom::on_all(&[
        ("guide", "close", || {
            if !by_id::<HtmlDialogElement>("guide").is_ok_and(|d| d.open()) {
                send(GuideMsg::Done);
            }
        }),
        ("guide-skip", "click", || send(GuideMsg::Done)),
        ("guide-next", "click", || send(GuideMsg::Next)),
        ("guide-open", "click", || send(GuideMsg::Open)),
    ]);
    Ok(())
}
