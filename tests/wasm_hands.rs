//! The JS API with the house rules of rules §12: hands in the state, one
//! seat's hand, placements per hand tile, `tile` in actions, suggestions
//! and records, and the new events.
#![cfg(target_arch = "wasm32")]

use carcassonne::web::api::GameHandle;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn js(text: &str) -> JsValue {
    js_sys::JSON::parse(text).unwrap()
}

fn json(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

fn get(v: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(v, &key.into()).unwrap()
}

fn code(e: &JsValue) -> (String, String) {
    let rule = get(e, "rule").as_string().unwrap_or_default();
    (get(e, "code").as_string().unwrap(), rule)
}

const HAND_RECORD: &str = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],
  "rules":{"hand":2,"hole_bonus":true},"deck":["V","E","U","B","A","K"],"moves":[]}"#;

#[wasm_bindgen_test]
fn the_state_shows_the_hands_and_a_move_names_its_tile() {
    let mut g = GameHandle::from_json(HAND_RECORD.into()).unwrap();
    let s = g.state();
    assert_eq!(json(&get(&s, "hands")), r#"[["V","U"],["E","B"]]"#);
    assert_eq!(json(&get(&s, "hand_sizes")), "[2,2]");
    assert_eq!(get(&get(&s, "rules"), "hand").as_f64(), Some(2.0));
    assert_eq!(json(&g.hand(1.into()).unwrap()), r#"["E","B"]"#);
    assert_eq!(code(&g.hand(2.into()).unwrap_err()).0, "argument");
    // The message says which seats there are.
    let e = g.hand(f64::NAN.into()).unwrap_err();
    assert_eq!(
        get(&e, "message").as_string().unwrap(),
        "seat: must be a seat number from 0 to 1"
    );
    // Placements per hand tile; none for a tile not in the hand.
    let u = js_sys::Array::from(&g.legal_placements("U".into()).unwrap());
    assert!(u.length() > 0);
    assert!(json(&u).contains(r#"{"at":[0,1],"rotation":1}"#));
    assert_eq!(
        js_sys::Array::from(&g.legal_placements("B".into()).unwrap()).length(),
        0
    );
    assert_eq!(
        code(&g.legal_placements("ZZ".into()).unwrap_err()).0,
        "argument"
    );
    // A tile not in the hand is refused with its rule; then U is placed.
    let e = g
        .apply(js(
            r#"{"type":"place_tile","at":[0,1],"rotation":1,"tile":"B"}"#,
        ))
        .unwrap_err();
    assert_eq!(code(&e), ("rule".into(), "not_in_hand".into()));
    g.apply(js(
        r#"{"type":"place_tile","at":[0,1],"rotation":1,"tile":"U"}"#,
    ))
    .unwrap();
    let events = g.apply(js(r#"{"type":"skip"}"#)).unwrap();
    let text = json(&events);
    assert!(
        text.contains(r#"{"type":"tile_drawn","player":0,"tile":"A"}"#),
        "{text}"
    );
    assert_eq!(json(&get(&g.state(), "hands")), r#"[["V","A"],["E","B"]]"#);
    let record = json(&g.record());
    assert!(record.contains(r#""tile":"U""#), "{record}");
    // The record reads back; undo and redo keep the hands.
    let again = GameHandle::from_json(g.record_json().into()).unwrap();
    assert_eq!(json(&again.state()), json(&g.state()));
    assert!(g.undo());
    assert_eq!(json(&get(&g.state(), "hands")), r#"[["V","U"],["E","B"]]"#);
    assert!(!g.redo().is_null());
    assert_eq!(json(&get(&g.state(), "hands")), r#"[["V","A"],["E","B"]]"#);
}

#[wasm_bindgen_test]
fn hidden_hands_are_asked_for_one_seat_at_a_time() {
    let g = GameHandle::new(js(
        r#"{"players":["Ann","Bob"],"rules":{"hand":3,"hand_open":false},"seed":4}"#,
    ))
    .unwrap();
    let s = g.state();
    assert_eq!(json(&get(&s, "hands")), "[null,null]");
    assert!(get(&s, "tile").is_null());
    assert_eq!(js_sys::Array::from(&g.hand(0.into()).unwrap()).length(), 3);
}

#[wasm_bindgen_test]
fn a_suggested_hand_move_names_its_tile_and_applies() {
    let mut g = GameHandle::new(js(
        r#"{"players":["Ann","Bob"],"rules":{"hand":3},"seed":9}"#,
    ))
    .unwrap();
    for level in ["random", "greedy", "easy"] {
        let s = g.suggest(level.into(), 5.into()).unwrap();
        let tile = get(&s, "tile");
        assert!(tile.is_string(), "{}", json(&s));
        let place = js_sys::Object::new();
        js_sys::Reflect::set(&place, &"type".into(), &"place_tile".into()).unwrap();
        js_sys::Reflect::set(&place, &"at".into(), &get(&s, "at")).unwrap();
        js_sys::Reflect::set(&place, &"rotation".into(), &get(&s, "rotation")).unwrap();
        js_sys::Reflect::set(&place, &"tile".into(), &tile).unwrap();
        g.apply(place.into()).unwrap();
        g.apply(get(&s, "action")).unwrap();
    }
    assert_eq!(get(&g.state(), "turn").as_f64().unwrap(), 4.0);
    // A tile without the hand rule is refused.
    let mut plain = GameHandle::new(js(r#"{"players":["Ann","Bob"],"seed":9}"#)).unwrap();
    let t = get(&plain.state(), "tile");
    let place = js_sys::Object::new();
    js_sys::Reflect::set(&place, &"type".into(), &"place_tile".into()).unwrap();
    js_sys::Reflect::set(&place, &"at".into(), &js("[0,1]")).unwrap();
    js_sys::Reflect::set(&place, &"rotation".into(), &0.into()).unwrap();
    js_sys::Reflect::set(&place, &"tile".into(), &t).unwrap();
    let e = plain.apply(place.into()).unwrap_err();
    assert_eq!(code(&e), ("rule".into(), "no_hand".into()));
    let _ = e.dyn_into::<js_sys::Error>().unwrap();
}

#[wasm_bindgen_test]
fn house_rule_errors_in_records_carry_their_codes() {
    let e = GameHandle::from_json(
        r#"{"format":"carcassonne-record/1","players":["A","B"],"rules":{"hand":null},"seed":1}"#
            .into(),
    )
    .err()
    .unwrap();
    assert_eq!(code(&e).0, "field");
    let e = GameHandle::from_json(
        r#"{"format":"carcassonne-record/1","players":["A","B"],"rules":{"hand":2},"deck":["V","E","U"],"moves":[{"at":[0,1],"rotation":0}]}"#
            .into(),
    )
    .err()
    .unwrap();
    assert_eq!(code(&e), ("rule".into(), "tile_not_named".into()));
    assert_eq!(get(&e, "move").as_f64(), Some(1.0));
}
