//! The page hands out its JS values as JSON text through `JSON.parse`
//! (`src/web/to_js.rs`), the native side writes the same `Serialize` impls
//! with serde_json. These tests pin the page's shapes to serde_json's text:
//! the same fields, in the same order, with the same types and nesting, over
//! whole games under several rule sets. A serialiser option that gave a
//! `Map` for an object, `undefined` for a `null`, or a `BigInt` for a number
//! fails here, and so does a change to the documented fields of the state.
#![cfg(target_arch = "wasm32")]

use carcassonne::ai::{self, Level};
use carcassonne::engine::view::GameView;
use carcassonne::engine::{
    Action, Edition, FarmScoring, Game, HalfEdge, Location, Move, Pos, Rules, Side,
};
use carcassonne::web::api::GameHandle;
use carcassonne::web::to_js::to_js;
use serde::Serialize;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn stringify(v: &JsValue) -> String {
    js_sys::JSON::stringify(v).unwrap().as_string().unwrap()
}

/// The page's JS value, stringified, is the text serde_json writes.
fn same<T: Serialize + ?Sized>(what: &str, value: &T) {
    assert_eq!(
        stringify(&to_js(value)),
        serde_json::to_string(value).unwrap(),
        "{what}"
    );
}

fn rule_sets() -> Vec<Rules> {
    vec![
        Rules::default(),
        Rules::default().with_abbot(true).with_river(true),
        Rules::default()
            .with_edition(Edition::C1)
            .with_farm_scoring(FarmScoring::First)
            .with_tiny_city(true)
            .with_farmers(false),
        // The house rules (rules §12): open hands, then hidden ones with
        // every other option that changes what the page is handed.
        Rules::default().with_hand(3).with_start_in_bag(true),
        Rules::default()
            .with_hand(2)
            .with_hand_open(false)
            .with_hole_bonus(true)
            .with_score_incomplete(false)
            .with_table(Some((11, 11)))
            .with_table_closes(true)
            .with_unplayable_back(true),
    ]
}

fn locations() -> Vec<Location> {
    let mut l = vec![Location::Center];
    l.extend((0..4).map(|i| Location::Side(Side::from_index(i))));
    l.extend((0..8).map(|i| Location::Half(HalfEdge::new(i))));
    l
}

/// Every value the API hands out, checked at every step of a game played to
/// its end by the random computer (greedy for every third game, so
/// followers, farmers and abbots stand on the board too).
#[wasm_bindgen_test]
fn every_value_has_the_shape_serde_gives_it() {
    for (n, rules) in rule_sets().into_iter().enumerate() {
        let names = vec!["Ann".to_string(), "Bob \"B\"".into(), "Zoë".into()];
        let mut g = Game::new(names, rules, 11 + n as u64).unwrap();
        let level = if n % 2 == 0 {
            Level::Greedy
        } else {
            Level::Random
        };
        let mut seed = 1;
        while g.state().tile().is_some() {
            same("state before the tile", &GameView::of(&g));
            let m: Move = ai::choose(g.state(), level, seed).unwrap();
            seed += 1;
            let place = Action::PlaceTile {
                at: m.at,
                rotation: m.rotation,
                tile: m.tile,
            };
            same("place_tile action", &place);
            let events = g.apply(place).unwrap();
            same("events of a tile", &events);
            same("state in the follower step", &GameView::of(&g));
            same("follower spots", &g.state().follower_spots());
            let action = Action::from(m.choice);
            same("follower action", &action);
            let events = g.apply(action).unwrap();
            same("events of a follower step", &events);
            same("the move", &m);
            for loc in locations() {
                same("feature info", &g.state().feature_info(m.at, loc));
                same("feature tiles", &g.state().feature_tiles(m.at, loc));
            }
        }
        same("state at the end", &GameView::of(&g));
        same("record", &g.record());
        same("result", &g.result());
        // An undo, so the view offers a redo.
        assert!(g.undo());
        same("state after an undo", &GameView::of(&g));
    }
    // No tile there, nothing there: null and [].
    let g = Game::new(vec!["A".into(), "B".into()], Rules::default(), 1).unwrap();
    same(
        "no feature",
        &g.state().feature_info(Pos::new(5, 5), Location::Center),
    );
    same(
        "no tiles",
        &g.state().feature_tiles(Pos::new(5, 5), Location::Center),
    );
    // A record without a seed carries its deck instead.
    let r = carcassonne::engine::Record {
        seed: None,
        deck: Some(vec!["V".into(), "E".into()]),
        ..g.record()
    };
    same("record with a deck", &r);
    // Names are the players' own words: quotes, backslashes, control
    // characters and any script come through as typed.
    let names = vec![
        "Ann \"the Bold\"".into(),
        "C:\\tab\there\n\u{1}\u{1f}".into(),
        "Zoë 🦉 名".into(),
    ];
    let g = Game::new(names.clone(), Rules::default(), 3).unwrap();
    same("record with odd names", &g.record());
    let back = to_js(&g.record());
    let read = js_sys::Reflect::get(&back, &"players".into()).unwrap();
    let read: Vec<String> = js_sys::Array::from(&read)
        .iter()
        .map(|v| v.as_string().unwrap())
        .collect();
    assert_eq!(read, names);
    // Fractions as JS writes them; a number JS would round is no value at all.
    let fractions = [0.1, -2.5, 1e21, 3.0, f64::NAN, -0.0];
    assert_eq!(stringify(&to_js(&fractions)), "[0.1,-2.5,1e+21,3,null,0]");
    assert_eq!(stringify(&to_js(&(1u64 << 53))), "null");
    assert_eq!(stringify(&to_js(&((1u64 << 53) - 1))), "9007199254740991");
}

/// The API's methods hand out those very values, and its own shapes
/// (placements, a suggestion) are those documented.
#[wasm_bindgen_test]
fn the_api_hands_out_the_converted_values() {
    let options = r#"{"players":["Ann","Bob"],"rules":{"abbot":true},"seed":5}"#;
    let mut h = GameHandle::new(js_sys::JSON::parse(options).unwrap()).unwrap();
    let mut g = Game::new(
        vec!["Ann".into(), "Bob".into()],
        Rules::default().with_abbot(true),
        5,
    )
    .unwrap();
    for seed in 1..6 {
        assert_eq!(
            stringify(&h.state()),
            serde_json::to_string(&GameView::of(&g)).unwrap()
        );
        let s = h.suggest("greedy".into(), (seed as f64).into()).unwrap();
        let m = ai::choose(g.state(), Level::Greedy, seed).unwrap();
        #[derive(Serialize)]
        struct Suggestion {
            at: Pos,
            rotation: u8,
            #[serde(skip_serializing_if = "Option::is_none")]
            tile: Option<carcassonne::engine::TileKind>,
            action: Action,
        }
        let expected = Suggestion {
            at: m.at,
            rotation: m.rotation,
            tile: m.tile,
            action: Action::from(m.choice),
        };
        assert_eq!(stringify(&s), serde_json::to_string(&expected).unwrap());
        #[derive(Serialize)]
        struct P {
            at: Pos,
            rotation: u8,
        }
        let placements: Vec<P> = g
            .state()
            .placements()
            .into_iter()
            .map(|(at, rotation)| P { at, rotation })
            .collect();
        assert_eq!(
            stringify(&h.legal_placements(JsValue::UNDEFINED).unwrap()),
            serde_json::to_string(&placements).unwrap()
        );
        let place = Action::PlaceTile {
            at: m.at,
            rotation: m.rotation,
            tile: m.tile,
        };
        let e = h.apply(to_js(&place)).unwrap();
        assert_eq!(
            stringify(&e),
            serde_json::to_string(&g.apply(place).unwrap()).unwrap()
        );
        assert_eq!(
            stringify(&h.follower_spots()),
            serde_json::to_string(&g.state().follower_spots()).unwrap()
        );
        let x = JsValue::from(m.at.x);
        let y = JsValue::from(m.at.y);
        for loc in locations() {
            let l = JsValue::from_str(loc.name());
            assert_eq!(
                stringify(&h.feature_info(x.clone(), y.clone(), l.clone()).unwrap()),
                serde_json::to_string(&g.state().feature_info(m.at, loc)).unwrap()
            );
            assert_eq!(
                stringify(&h.feature_tiles(x.clone(), y.clone(), l).unwrap()),
                serde_json::to_string(&g.state().feature_tiles(m.at, loc)).unwrap()
            );
        }
        let action = Action::from(m.choice);
        let e = h.apply(to_js(&action)).unwrap();
        assert_eq!(
            stringify(&e),
            serde_json::to_string(&g.apply(action).unwrap()).unwrap()
        );
    }
    assert_eq!(
        stringify(&h.record()),
        serde_json::to_string(&g.record()).unwrap()
    );
    assert_eq!(
        stringify(&h.result()),
        serde_json::to_string(&g.result()).unwrap()
    );
    assert!(h.undo() && g.undo());
    let mut events = Vec::new();
    assert!(g.redo(&mut events));
    assert_eq!(
        stringify(&h.redo()),
        serde_json::to_string(&events).unwrap()
    );
    // The export is the record, pretty-printed as serde_json prints it.
    assert_eq!(
        h.record_json(),
        serde_json::to_string_pretty(&g.record()).unwrap()
    );
}

/// Spelled out once, so that a change to both sides at once is seen too.
#[wasm_bindgen_test]
fn the_state_has_its_documented_fields() {
    let g = Game::new(vec!["Ann".into(), "Bob".into()], Rules::default(), 3).unwrap();
    let s = to_js(&GameView::of(&g));
    let keys: Vec<String> = js_sys::Object::keys(s.unchecked_ref::<js_sys::Object>())
        .iter()
        .map(|k| k.as_string().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "rules",
            "players",
            "current_player",
            "step",
            "tile",
            "hands",
            "hand_sizes",
            "placed",
            "tiles",
            "pieces",
            "tiles_left",
            "remaining",
            "tiles_discarded",
            "spots",
            "recallable_abbot",
            "can_undo",
            "can_redo",
            "finished",
            "winners",
            "turn",
        ]
    );
    let text = stringify(&s);
    assert!(text.contains(r#""rules":{"edition":"c3","farmers":true,"tiny_city":false,"farm_scoring":"third","river":false,"abbot":false}"#), "{text}");
    assert!(text.contains(r#""players":[{"name":"Ann","score":{"total":0,"road":0,"city":0,"monastery":0,"garden":0,"field":0},"potential":{"total":0,"road":0,"city":0,"monastery":0,"garden":0,"field":0},"followers":7,"abbot_home":null}"#), "{text}");
    assert!(
        text.contains(r#""tiles":[{"tile":"D","at":[0,0],"rotation":0}]"#),
        "{text}"
    );
    assert!(text.contains(r#""placed":null"#), "{text}");
    assert!(text.contains(r#""winners":[],"turn":1}"#), "{text}");
}
