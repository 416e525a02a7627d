//! The first-game guide ([`crate::shell::guide`]) in its modal card: the
//! table decides which card shows (and has it kept that it was seen);
//! this draws it.

use super::app::post;
use super::dom::{by_id, on, set_hidden, set_text};
use super::events::Event;
use crate::shell::guide::{GuideMsg, STEPS};
use crate::shell::msg::Msg;
use crate::shell::table::Table;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlDialogElement, HtmlElement};

/// Shows the table's guide card (`guide-0` to `guide-2` in the page), or
/// closes the guide.
pub fn show(t: &Table) {
    let Ok(d) = by_id::<HtmlDialogElement>("guide") else {
        return;
    };
    let Some(i) = t.over.guide.step else {
        if d.open() {
            d.close();
            if let Ok(board) = by_id::<HtmlElement>("board") {
                let _ = board.focus();
            }
        }
        return;
    };
    let opened = !d.open();
    if opened {
        super::dom::close_settings();
        let _ = d.show_modal();
    }
    let mut moved = opened;
    for k in 0..STEPS {
        let mut id = String::from("guide-");
        super::text::push_num(&mut id, k);
        if let Ok(card) = by_id::<HtmlElement>(&id) {
            if k == i && card.hidden() {
                moved = true;
            }
            set_hidden(&card, k != i);
        }
    }
    if let Ok(next) = by_id::<HtmlElement>("guide-next") {
        let [next_card, play] = super::text::GUIDE_BUTTON;
        set_text(&next, if i + 1 == STEPS { play } else { next_card });
        if moved {
            let _ = next.focus();
        }
    }
}

fn send(msg: GuideMsg) {
    post(Event::Table(Msg::Guide(msg)));
}

pub fn wire() -> Result<(), JsValue> {
    let d: Element = by_id("guide")?;
    super::dialog::keep_keys(&d);
    // Escape closes the card by itself: the table hears it as done.
    on("guide", "close", || {
        if !by_id::<HtmlDialogElement>("guide").is_ok_and(|d| d.open()) {
            send(GuideMsg::Done);
        }
    })?;
    on("guide-skip", "click", || send(GuideMsg::Done))?;
    on("guide-next", "click", || send(GuideMsg::Next))?;
    on("guide-open", "click", || send(GuideMsg::Open))
}
