//! The link card and the page's address for play by link: the card is
//! written from the table's `LinkCard`, its Share and Copy hand the link
//! to the browser, and a link opened in the address (`#…`, the fragment,
//! which the browser never sends to the host) goes to the table, then
//! leaves the address so a reload does not open it again.

use super::app::post;
use super::dom::{self, by_id, listen};
use super::events::Event;
use crate::shell::msg::Msg;
use crate::shell::remote::{LinkCard, Lk};
use crate::shell::screen::Layer;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// 16 bytes from the browser's cryptographic generator.
pub fn entropy() -> [u8; 16] {
    let mut b = [0; 16];
    if getrandom::fill(&mut b).is_err() {
        for x in b.iter_mut() {
            *x = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    b
}

/// The page's own address without its fragment.
fn address() -> String {
    let mut s = dom::location("origin");
    s.push_str(&dom::location("pathname"));
    s.push_str(&dom::location("search"));
    s
}

/// Writes the card: the status line, and for each link its line, the
/// address to send (selectable), Share where the browser has it, Copy.
pub fn fill(c: &LinkCard) {
    dom::text("link-status", &c.status);
    let Some(list) = dom::get("link-list") else {
        return;
    };
    let base = address();
    let share = js_sys::Reflect::has(&web_sys::window().unwrap().navigator(), &"share".into())
        .unwrap_or(false);
    let mut h = String::new();
    for (i, (line, text)) in c.links.iter().enumerate() {
        let n = crate::shell::words::num(i as u32);
        h.push_str("<li><p>");
        dom::push_html(&mut h, line);
        h.push_str("</p><textarea readonly rows=\"3\" class=\"link-url\" id=\"link-url-");
        h.push_str(&n);
        h.push_str("\">");
        dom::push_html(&mut h, &base);
        h.push('#');
        dom::push_html(&mut h, text);
        h.push_str("</textarea>");
        if share {
            h.push_str("<button type=\"button\" data-share=\"");
            h.push_str(&n);
            h.push_str("\">");
            dom::push_html(
                &mut h,
                crate::shell::words::t(crate::shell::words::LinkW::Share),
            );
            h.push_str("</button>");
        }
        h.push_str("<button type=\"button\" data-copy=\"");
        h.push_str(&n);
        h.push_str("\">");
        dom::push_html(
            &mut h,
            crate::shell::words::t(crate::shell::words::LinkW::Copy),
        );
        h.push_str("</button><button type=\"button\" data-qr=\"");
        h.push_str(&n);
        h.push_str("\">");
        dom::push_html(
            &mut h,
            crate::shell::words::t(crate::shell::words::LinkW::Qr),
        );
        h.push_str("</button></li>");
    }
    list.set_inner_html(&h);
    // New links: the code of an old one goes.
    if let Some(q) = dom::get("link-qr") {
        q.set_hidden(true);
    }
}

/// Shows the address of row `i` as a QR code under the list, for a phone
/// in the same room to scan off the screen.
fn show_qr(u: &str) -> bool {
    let Ok(q) = by_id::<web_sys::HtmlCanvasElement>("link-qr") else {
        return false;
    };
    // Laid out first: the code is drawn to the canvas's width on screen.
    q.set_hidden(false);
    let drawn = super::qr::draw(&q, u);
    q.scroll_into_view();
    drawn
}

/// The address in the card's row `i`.
fn url(i: &str) -> Option<String> {
    let mut id = String::from("link-url-");
    id.push_str(i);
    by_id::<web_sys::HtmlTextAreaElement>(&id)
        .ok()
        .map(|t| t.value())
}

/// When `p` (a promise) settles well, the links count as sent.
fn sent_when(p: js_sys::Promise) {
    let ok = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {
        post(Event::Table(Msg::Link(Lk::Sent)));
    });
    let _ = p.then(&ok);
    // One a press of Share or Copy: small, and the promise holds it.
    ok.forget();
}

/// Reads a link in the address, if there is one, and clears it.
fn open_hash() {
    let Some(w) = web_sys::window() else {
        return;
    };
    let hash = dom::location("hash");
    let Some(text) = hash.strip_prefix('#').filter(|t| !t.is_empty()) else {
        return;
    };
    let text = text.to_string();
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&address()));
    }
    post(Event::Table(Msg::Link(Lk::Open {
        text,
        entropy: entropy(),
    })));
}

pub fn wire(window: &web_sys::Window) -> Result<(), JsValue> {
    // A build without play by link opens no link (`shell::remote::ON`).
    if !crate::shell::remote::ON {
        return Ok(());
    }
    let list: HtmlElement = dom::el("link-list");
    listen(&list, "click", |e| {
        let Some(b) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let nav = web_sys::window().unwrap().navigator();
        if let Some(u) = b.get_attribute("data-copy").and_then(|i| url(&i)) {
            sent_when(nav.clipboard().write_text(&u));
        } else if let Some(u) = b.get_attribute("data-qr").and_then(|i| url(&i)) {
            // A code on screen may be scanned at once: the link has gone.
            if show_qr(&u) {
                post(Event::Table(Msg::Link(Lk::Sent)));
            }
        } else if let Some(u) = b.get_attribute("data-share").and_then(|i| url(&i)) {
            let d = web_sys::ShareData::new();
            d.set_url(&u);
            sent_when(nav.share_with_data(&d));
        }
    });
    // A click in the address selects all of it, to copy by hand.
    listen(&list, "focusin", |e| {
        if let Some(t) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        {
            t.select();
        }
    });
    dom::on("link-close", "click", || {
        post(Event::Table(Msg::Close(Layer::Link)));
    });
    listen(window, "hashchange", |_| open_hash());
    open_hash();
    Ok(())
}
