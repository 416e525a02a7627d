//! The start screen on the page: the form is drawn from the table's
//! [`Setup`] and every change made on it goes to the table as a message
//! (`shell::setup` keeps the colours distinct, deals the game, remembers
//! the setup). The rule options' checkboxes are written here, one for each
//! switch of the rules table (`shell::setup::rule_boxes`), with its words.

use super::app::post;
use super::dom::{self, by_id, listen, set_hidden};
use super::events::Event;
use super::seats::Seat;
use super::text;
use crate::engine::rules::{Rule, RULES};
use crate::shell::msg::Msg;
use crate::shell::setup::{
    applies, parse_table, rule_boxes, table_word, Change, RuleBox, Setup, SEATS,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement, HtmlSelectElement};

/// The start screen's switch for a table that plays without aids.
const NO_AIDS: &str = "o-no-aids";
/// The house rules' two choices that are not on or off.
const HAND: &str = "o-hand";
const TABLE: &str = "o-table";

/// Marks a tab whose table is already playing, so a reload resumes at once.
pub const PLAYING: &str = "carcassonne-playing";

pub fn playing() -> bool {
    web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .and_then(|s| s.get_item(PLAYING).ok().flatten())
        .is_some()
}

pub fn mark_playing() {
    if let Some(s) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = s.set_item(PLAYING, "1");
    }
}

/// `prefix` followed by row `i`: the ids of a row's fields.
fn id(prefix: &str, i: usize) -> String {
    let mut s = String::from(prefix);
    text::push_num(&mut s, i as u32);
    s
}

/// Draws the start screen's form from the table's setup, with Continue if
/// `offered`; `open`: the screen has just opened, and its first button,
/// returned, is to take the focus.
pub fn draw(s: &Setup, offered: bool, open: bool) -> Option<&'static str> {
    dom::hide("continue", !offered);
    dom::set_value("player-count", &text::num(s.count as u32));
    for (i, row) in s.rows.iter().enumerate() {
        dom::hide(&id("row-", i), i >= s.count);
        if let Some(name) = dom::get(&id("name-", i)) {
            let name: HtmlInputElement = name.unchecked_into();
            // Only when it differs: a field being typed in keeps its caret.
            if name.value() != row.name {
                name.set_value(&row.name);
            }
        }
        dom::set_value(&id("seat-", i), row.seat.word());
        if let Some(b) = dom::get(&id("colour-", i)) {
            let c = row.colour;
            let _ = b.set_attribute("data-colour", &text::num(u32::from(c)));
            b.set_class_name(&id("swatch colour seat-", c as usize));
            b.set_text_content(Some(&text::num(u32::from(c) + 1)));
            let _ = b.set_attribute("aria-label", &text::colour_label(i, c));
        }
    }
    if let Some(first) = dom::get("first") {
        let first: HtmlSelectElement = first.unchecked_into();
        let opts = first.options();
        // Only the seats at the table, each by its name: a hidden option
        // still shows in some phones' pickers, so it is disabled too.
        for i in 0..SEATS {
            if let Some(o) = opts.get_with_index(i as u32 + 1) {
                let o = o.unchecked_into::<web_sys::HtmlOptionElement>();
                o.set_hidden(i >= s.count);
                o.set_disabled(i >= s.count);
                if let Some(row) = s.rows.get(i).filter(|r| !r.name.trim().is_empty()) {
                    o.set_text(row.name.trim());
                }
            }
        }
        match s.first {
            Some(f) => first.set_value(&text::num(f as u32)),
            None => first.set_value("random"),
        }
    }
    for o in rule_boxes() {
        if let Some(b) = dom::get(&o.id) {
            let b: HtmlInputElement = b.unchecked_into();
            b.set_checked((o.switch.get)(&s.rules));
            b.set_disabled(!applies(o.switch, &s.rules));
        }
    }
    dom::set_value(HAND, &text::num(u32::from(s.rules.hand)));
    dom::set_value(TABLE, &table_word(s.rules.table));
    if let Some(on) = dom::get("house-on") {
        on.set_text_content(Some(&text::house_rules_on(s.house_rules_on())));
    }
    dom::set_checked(NO_AIDS, !s.aids);
    // How each computer level chosen plays.
    if let Some(list) = dom::get("levels") {
        list.set_text_content(None);
        let levels = s.levels();
        for l in &levels {
            dom::add(&list, "li", Some(&text::level_words(*l)));
        }
        set_hidden(&list, levels.is_empty());
    }
    open.then_some(if offered { "continue" } else { "start" })
}

/// Writes a line of the form for each switch of the rules table: the base
/// game's options before "Play without aids", in the start screen's order;
/// the house rules in the table's order, each before the choice (a hand, a
/// table) the table lists after it. Before the form is first drawn.
pub fn write_boxes() -> Result<(), JsValue> {
    let boxes = rule_boxes();
    let mut h = String::new();
    for b in boxes.iter().filter(|b| !b.switch.house) {
        line(&mut h, b);
    }
    let aids = dom::el::<HtmlElement>(NO_AIDS).parent_element();
    let hand = dom::el::<HtmlElement>(HAND).parent_element();
    let table = dom::el::<HtmlElement>(TABLE).parent_element();
    let (Some(aids), Some(hand), Some(table)) = (aids, hand, table) else {
        return Err("no rules form".into());
    };
    aids.insert_adjacent_html("beforebegin", &h)?;
    h.clear();
    for rule in RULES {
        let choice = match rule {
            Rule::Hand => &hand,
            Rule::Table => &table,
            Rule::Switch(s) => {
                if let Some(b) = boxes
                    .iter()
                    .find(|b| b.switch.house && b.switch.key == s.key)
                {
                    line(&mut h, b);
                }
                continue;
            }
        };
        choice.insert_adjacent_html("beforebegin", &h)?;
        h.clear();
    }
    table.insert_adjacent_html("afterend", &h)
}

/// `<label><input id type=checkbox><span><b>name</b> what it does</span></label>`.
fn line(h: &mut String, b: &RuleBox) {
    let words = text::switch_words(b.switch);
    h.push_str("<label><input id=\"");
    dom::push_html(h, &b.id);
    h.push_str("\" type=\"checkbox\"><span><b>");
    dom::push_html(h, words.label);
    h.push_str("</b> ");
    dom::push_html(h, words.about);
    h.push_str("</span></label>");
}

/// Sends a change of the form to the table.
fn change(c: Change) {
    post(Event::Table(Msg::Setup(c)));
}

pub fn wire() -> Result<(), JsValue> {
    dom::on_value("player-count", "change", |v| {
        change(Change::Count(dom::number(&v).unwrap_or(2) as usize));
    });
    for i in 0..SEATS {
        if let Ok(b) = by_id::<HtmlElement>(&id("colour-", i)) {
            listen(&b, "click", move |_| change(Change::NextColour(i)));
        }
        if let Ok(name) = by_id::<HtmlInputElement>(&id("name-", i)) {
            let n2 = name.clone();
            listen(&name, "input", move |_| change(Change::Name(i, n2.value())));
        }
        if let Ok(seat) = by_id::<HtmlSelectElement>(&id("seat-", i)) {
            // A build without play by link does not offer its seats.
            if !crate::shell::remote::ON {
                let last = seat.length().saturating_sub(1);
                if seat
                    .item(last)
                    .is_some_and(|o| o.get_attribute("value").as_deref() == Some("remote"))
                {
                    seat.remove_with_index(last as i32);
                }
            }
            let s2 = seat.clone();
            listen(&seat, "change", move |_| {
                change(Change::Seat(
                    i,
                    Seat::parse(&s2.value()).unwrap_or(Seat::Human),
                ));
            });
        }
    }
    dom::on_value("first", "change", |v| {
        change(Change::First(dom::number(&v).map(|f| f as usize)));
    });
    for (i, o) in rule_boxes().iter().enumerate() {
        let b: HtmlInputElement = dom::el(&o.id);
        let b2 = b.clone();
        listen(&b, "change", move |_| change(Change::Rule(i, b2.checked())));
    }
    dom::on_value(HAND, "change", |v| {
        change(Change::Hand(dom::number(&v).unwrap_or(0) as u8));
    });
    dom::on_value(TABLE, "change", |v| change(Change::Table(parse_table(&v))));
    dom::on_checked(NO_AIDS, "change", |on| change(Change::Aids(!on)));
    dom::on_all(&[
        ("start", "click", || {
            // `?setup&seed=N` deals a chosen game from the start screen (for tests and replays).
            let seed = super::boot::query("seed")
                .and_then(|s| dom::number(&s))
                .unwrap_or_else(super::api::random_seed);
            let random = js_sys::Math::random();
            post(Event::Table(Msg::Start {
                seed,
                random,
                entropy: super::link::entropy(),
            }));
        }),
        ("continue", "click", || {
            post(Event::Continue);
        }),
        ("setup-import", "click", || {
            if let Some(i) = dom::get("import-file") {
                i.click();
            }
        }),
    ]);
    Ok(())
}
