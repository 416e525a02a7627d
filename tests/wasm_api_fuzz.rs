//! Issue 11: every method of the JS API, called with values of every JS
//! type, throws an `Error` with a message and a `code`, never traps or
//! panics, and leaves a game that still takes a legal move.
#![cfg(target_arch = "wasm32")]

use carcassonne::engine::rng::Rng;
use carcassonne::web::api::GameHandle;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen(inline_js = r#"
export function pool() {
  const cyclic = { format: 'carcassonne-record/1', players: ['A', 'B'], seed: 1 };
  cyclic.meta = cyclic;
  cyclic.self = cyclic;
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const throwing = new Proxy({}, {
    get() { throw new Error('trap get'); },
    ownKeys() { throw new Error('trap keys'); },
    has() { throw new Error('trap has'); },
  });
  const getter = { get type() { throw new Error('getter'); }, get players() { throw new Error('getter'); } };
  const sparse = new Array(4294967295);
  const record = { format: 'carcassonne-record/1', players: ['Ann', 'Bob'], deck: ['V', 'E', 'U'],
    moves: [{ at: [1, 0], rotation: 1, follower: 'W' }] };
  return [
    undefined, null, true, false,
    0, -0, 1, -1, 2, 3, 4, 0.5, -2.5, NaN, Infinity, -Infinity, 255, 256,
    2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 2 ** 53 - 1, 2 ** 53, 2 ** 64, 1e308, Number.MIN_VALUE,
    '', 'N', 'NW', 'C', 'W', 'zz', 'random', 'greedy', 'place_tile', 'skip', '0', '1',
    '{}', '[1]', 'null', JSON.stringify(record), '{"format":"carcassonne-record/1"', '\ud800', 'x'.repeat(5000),
    [], [1], [1, 0], [0, -1], [1, 0, 0], [null, null], ['1', '0'], [NaN, 0], sparse,
    {}, { type: 'skip' }, { type: 'abbot' }, { type: 'place_tile', at: [1, 0], rotation: 1 },
    { type: 'place_tile', at: [1, 0], rotation: 1.5 }, { type: 'follower', location: 'W' },
    { type: 'recall_abbot', at: [0, 0] }, { type: 'fly' }, { type: 1 },
    { players: ['A', 'B'] }, { players: ['A', 'B'], seed: 3, rules: { river: true, abbot: true } },
    { players: ['A'] }, { players: 'AB' }, { players: ['A', 'B'], seed: -1 }, { players: ['A', 'B'], rules: 7 },
    record, { ...record, moves: [{ at: [1, 0, 0], rotation: 1 }] }, { ...record, moves: null },
    cyclic, revoked.proxy, throwing, getter, Object.create(null), Object.create(throwing),
    () => 1, function named() {}, class K {}, Symbol('s'), 10n, -(2n ** 70n),
    new Date(0), /re/g, new Map([[1, 2]]), new Set([1]), new Uint8Array(4), new ArrayBuffer(2),
    Promise.resolve(1), new Error('e'), globalThis, Math, JSON,
    new Number(1), new String('N'), new Boolean(true),
  ];
}

"#)]
extern "C" {
    fn pool() -> js_sys::Array;
}

/// `r` is fine, or an `Error` object with a message and a string `code`.
fn check<T>(r: Result<T, JsValue>, what: &str, failures: &mut u32) {
    if let Err(e) = r {
        let err = e
            .dyn_ref::<js_sys::Error>()
            .unwrap_or_else(|| panic!("{what} threw a non-Error"));
        assert!(err.message().length() > 0, "{what}: empty message");
        let code = js_sys::Reflect::get(err, &"code".into()).unwrap();
        assert!(code.is_string(), "{what}: no code on {:?}", err.message());
        *failures += 1;
    }
}

fn obj(pairs: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in pairs {
        js_sys::Reflect::set(&o, &(*k).into(), v).unwrap();
    }
    o.into()
}

/// Plays the first legal placement and skips the follower step.
fn legal_turn(g: &mut GameHandle) {
    let first = js_sys::Array::from(&g.legal_placements(JsValue::UNDEFINED).unwrap()).get(0);
    let at = js_sys::Reflect::get(&first, &"at".into()).unwrap();
    let rotation = js_sys::Reflect::get(&first, &"rotation".into()).unwrap();
    g.apply(obj(&[
        ("type", "place_tile".into()),
        ("at", at),
        ("rotation", rotation),
    ]))
    .expect("a legal placement is accepted");
    g.apply(obj(&[("type", "skip".into())]))
        .expect("skipping the follower step is accepted");
}

#[wasm_bindgen_test]
fn every_method_with_every_kind_of_value_throws_errors_not_traps() {
    let values: Vec<JsValue> = pool().iter().collect();
    let n = values.len() as u32;
    let mut rng = Rng::new(2026);
    let pick = |rng: &mut Rng| values[rng.below(n) as usize].clone();
    let mut g = GameHandle::new(obj(&[
        (
            "players",
            js_sys::Array::of2(&"Ann".into(), &"Bob".into()).into(),
        ),
        ("seed", 5.into()),
    ]))
    .unwrap();
    let (mut calls, mut failures) = (0u32, 0u32);
    while calls < 100_000 {
        let f = &mut failures;
        match rng.below(16) {
            0 => check(GameHandle::new(pick(&mut rng)), "new Game", f),
            1 => check(GameHandle::from_record(pick(&mut rng)), "fromRecord", f),
            2 => check(GameHandle::from_json(pick(&mut rng)), "fromJson", f),
            3..=5 => check(g.apply(pick(&mut rng)), "apply", f),
            6 if rng.below(2) == 0 => {
                check(g.suggest(pick(&mut rng), pick(&mut rng)), "suggest", f)
            }
            6 => check(
                g.suggest_part(pick(&mut rng), pick(&mut rng), pick(&mut rng)),
                "suggestPart",
                f,
            ),
            7 | 8 => check(
                g.feature_info(pick(&mut rng), pick(&mut rng), pick(&mut rng)),
                "featureInfo",
                f,
            ),
            9 | 10 => check(
                g.feature_tiles(pick(&mut rng), pick(&mut rng), pick(&mut rng)),
                "featureTiles",
                f,
            ),
            11 => {
                g.state();
                check(g.legal_placements(pick(&mut rng)), "legalPlacements", f);
                check(g.hand(pick(&mut rng)), "hand", f);
                g.follower_spots();
            }
            12 => {
                // Take back what the fuzzing managed to play, now and then.
                if rng.below(4) == 0 {
                    g.undo();
                } else {
                    g.redo();
                }
            }
            13 => {
                g.record();
                g.result();
            }
            14 => check(
                GameHandle::from_json(g.record_json().into()),
                "own record",
                f,
            ),
            _ => check(GameHandle::from_record(g.record()), "own record object", f),
        }
        calls += 1;
    }
    // Many calls were refused, and each with an Error carrying a code.
    assert!(failures > 30_000, "only {failures} of {calls} refused");
    // The game still plays: finish the turn in progress, then a whole turn.
    if js_sys::Reflect::get(&g.state(), &"step".into()).unwrap() == "place_follower" {
        g.apply(obj(&[("type", "skip".into())])).unwrap();
    }
    if js_sys::Reflect::get(&g.state(), &"finished".into()).unwrap() == false {
        let turn = js_sys::Reflect::get(&g.state(), &"turn".into()).unwrap();
        legal_turn(&mut g);
        let after = js_sys::Reflect::get(&g.state(), &"turn".into()).unwrap();
        assert_eq!(after.as_f64().unwrap(), turn.as_f64().unwrap() + 1.0);
    }
    // And a fresh game plays too.
    let mut fresh = GameHandle::new(obj(&[(
        "players",
        js_sys::Array::of2(&"Ann".into(), &"Bob".into()).into(),
    )]))
    .unwrap();
    legal_turn(&mut fresh);
}
