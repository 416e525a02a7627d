//! The rules table (`engine::rules::RULES`) walked row by row: every switch
//! goes through the record format and back, the reader refuses what it
//! needs and excludes in words, every switch has words that change what a
//! player reads, and the start screen offers every switch once. A new row
//! is checked here with no new test.
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::engine::rules::{switch, switches, Need, Needs, Switch, Value, RULES};
use carcassonne::engine::{Game, Record, RecordError, Rules};
use carcassonne::shell::setup::{rule_boxes, Change, Setup};
use carcassonne::shell::words::{house_rules, rules_card, switch_words, SWITCH_WORDS};

/// The default rules, with what `s` needs there and nothing it excludes
/// on: a game where `s` can be on.
fn room_for(s: &Switch) -> Rules {
    let mut r = Rules::default();
    match s.needs.need() {
        Some(Need::Hand) => r.hand = 2,
        Some(Need::Table) => r.table = Some((11, 11)),
        Some(Need::On(k)) => (switch(k).unwrap().set)(&mut r, true),
        None => {}
    }
    for &x in s.excludes {
        (switch(x).unwrap().set)(&mut r, false);
    }
    r
}

fn json(v: Value) -> String {
    match v {
        Value::Word(w) => format!("\"{w}\""),
        Value::Flag(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::Pair(w, h) => format!("[{w},{h}]"),
    }
}

/// A record with these `rules` (a JSON object), read and replayed.
fn load(rules: &str) -> Result<Game, RecordError> {
    let text = format!(
        r#"{{"format":"carcassonne-record/1","players":["Ann","Bob"],"rules":{rules},"seed":3}}"#
    );
    Game::from_record(&Record::from_json(&text)?)
}

#[test]
fn the_table_names_each_key_once_and_its_defaults_are_the_games() {
    let keys: Vec<&str> = RULES.iter().map(|r| r.key()).collect();
    for (i, k) in keys.iter().enumerate() {
        assert!(!keys[..i].contains(k), "{k} twice");
    }
    let d = Rules::default();
    for s in switches() {
        assert_eq!((s.get)(&d), s.default, "{}", s.key);
        for on in [false, true] {
            let mut r = d;
            (s.set)(&mut r, on);
            assert_eq!((s.get)(&r), on, "{}: set then get", s.key);
        }
        if let Some(Need::On(k)) = s.needs.need() {
            assert!(switch(k).is_some(), "{} needs {k}, not in the table", s.key);
        }
        for &x in s.excludes {
            assert!(
                switch(x).is_some(),
                "{} excludes {x}, not in the table",
                s.key
            );
            assert_ne!(x, s.key);
        }
    }
}

#[test]
fn every_switch_goes_through_a_record_and_back() {
    for s in switches() {
        for on in [false, true] {
            let mut rules = room_for(s);
            (s.set)(&mut rules, on);
            let game = Game::new(vec!["Ann".into(), "Bob".into()], rules, 3).unwrap();
            let text = game.record().to_json();
            let back = Game::from_record(&Record::from_json(&text).unwrap())
                .unwrap_or_else(|e| panic!("{} {on}: {e}\n{text}", s.key));
            assert_eq!(back.rules(), rules, "{} {on}", s.key);
            assert_eq!(back.record().to_json(), text, "{} {on}", s.key);
            // Written as its row says: an option always, a house rule only
            // away from its default.
            let written: serde_json::Value = serde_json::from_str(&text).unwrap();
            let got = written["rules"].get(s.key).map(|v| v.to_string());
            let want = (!s.house || on != s.default).then(|| json(s.value(on)));
            assert_eq!(got, want, "{} {on}", s.key);
            // Read alone, over the defaults, it means the same.
            let alone = load(&format!(r#"{{"{}":{}}}"#, s.key, json(s.value(on))));
            if !matches!(s.needs, Needs::Strictly(n) if on && !n.met(&Rules::default())) {
                let alone = alone.unwrap_or_else(|e| panic!("{} {on}: {e}", s.key));
                assert_eq!((s.get)(&alone.rules()), on, "{} {on}", s.key);
            }
        }
    }
}

#[test]
fn the_reader_refuses_what_a_switch_needs_or_excludes_in_words() {
    for s in switches() {
        let on = json(s.value(true));
        // Null: the default for an option, refused for a house rule.
        let null = load(&format!(r#"{{"{}":null}}"#, s.key));
        if s.house {
            let e = null
                .err()
                .unwrap_or_else(|| panic!("{}: null taken", s.key));
            assert_eq!(e.code(), "field");
            assert!(e.to_string().contains(s.key), "{e}");
        } else {
            assert_eq!(null.unwrap().rules(), Rules::default(), "{}", s.key);
        }
        // A value of the wrong kind names the key.
        let e = load(&format!(r#"{{"{}":[1]}}"#, s.key)).err().unwrap();
        assert_eq!(e.code(), "field");
        assert!(e.to_string().contains(s.key), "{e}");
        if let Some(need) = s.needs.need() {
            let without = load(&format!(r#"{{"{}":{on}}}"#, s.key));
            match s.needs {
                Needs::Strictly(_) => {
                    let e = without.err().unwrap_or_else(|| panic!("{} alone", s.key));
                    assert_eq!(e.code(), "field");
                    assert!(e.to_string().contains(s.key), "{e}");
                }
                // Only the start screen keeps it apart: read as written.
                _ => assert!(without.is_ok(), "{}", s.key),
            }
            let with = match need {
                Need::Hand => r#""hand":2"#.to_string(),
                Need::Table => r#""table":[11,11]"#.to_string(),
                Need::On(k) => format!(r#""{k}":{}"#, json(switch(k).unwrap().value(true))),
            };
            assert!(load(&format!(r#"{{"{}":{on},{with}}}"#, s.key)).is_ok());
        }
        for &x in s.excludes {
            let other = json(switch(x).unwrap().value(true));
            let e = load(&format!(r#"{{"{}":{on},"{x}":{other}}}"#, s.key))
                .err()
                .unwrap_or_else(|| panic!("{} with {x}", s.key));
            assert_eq!(e.code(), "field");
            let words = e.to_string();
            assert!(words.contains(s.key) && words.contains(x), "{words}");
        }
    }
}

#[test]
fn every_switch_has_words_and_changes_what_the_cards_say() {
    for w in SWITCH_WORDS {
        assert!(
            switch(w.key).is_some(),
            "words for {}, not in the table",
            w.key
        );
    }
    for s in switches() {
        let w = switch_words(s);
        assert!(
            SWITCH_WORDS.iter().any(|w| w.key == s.key),
            "{} has no words",
            s.key
        );
        assert!(w.label.len() > 3 && w.about.ends_with('.'), "{}", s.key);
        assert!(!s.house || w.card.is_empty() || w.card.ends_with('.'));
        // On or off, the rules card (with its house rules line) differs.
        let mut off = room_for(s);
        (s.set)(&mut off, false);
        let mut on = off;
        (s.set)(&mut on, true);
        assert_ne!(
            (rules_card(&off), house_rules(&off)),
            (rules_card(&on), house_rules(&on)),
            "the rules card does not tell {}",
            s.key
        );
        if !w.clause.is_empty() {
            assert!(house_rules(&on).unwrap().contains(w.clause), "{}", s.key);
        }
        if !w.card.is_empty() {
            assert!(rules_card(&on).unfit.contains(w.card), "{}", s.key);
            assert!(!rules_card(&off).unfit.contains(w.card), "{}", s.key);
        }
    }
}

#[test]
fn the_start_screen_offers_every_switch_once_and_sets_it() {
    let boxes = rule_boxes();
    assert_eq!(boxes.len(), switches().count());
    for (i, b) in boxes.iter().enumerate() {
        assert!(
            boxes[..i]
                .iter()
                .all(|o| o.id != b.id && o.switch.key != b.switch.key),
            "{} twice",
            b.id
        );
        assert!(b.id.starts_with("o-"), "{}", b.id);
        // Where it applies, its box switches it on and off, and a house
        // rule counts in the heading.
        let mut form = Setup::default();
        form.change(Change::Hand(2));
        form.change(Change::Table(Some((11, 11))));
        if let Some(Need::On(k)) = b.switch.needs.need() {
            let j = boxes.iter().position(|o| o.switch.key == k).unwrap();
            form.change(Change::Rule(j, true));
        }
        for on in [true, false] {
            let before = form.house_rules_on();
            let was = (b.switch.get)(&form.rules);
            form.change(Change::Rule(i, on));
            assert_eq!((b.switch.get)(&form.rules), on, "{}", b.id);
            let counted = usize::from(b.switch.house) * usize::from(was != on);
            let after = form.house_rules_on();
            if on {
                assert_eq!(after, before + counted, "{}", b.id);
            } else {
                assert_eq!(after + counted, before, "{}", b.id);
            }
        }
    }
    // A kept setup lists the flags in this order: the boxes of before the
    // table keep their places.
    let ids: Vec<&str> = boxes.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(
        ids[..12],
        [
            "o-farmers",
            "o-river",
            "o-abbot",
            "o-classic",
            "o-tiny",
            "o-first-farms",
            "o-hand-hidden",
            "o-hole",
            "o-finished-only",
            "o-table-closes",
            "o-start-in-bag",
            "o-unplayable-back"
        ]
    );
}
