//! The languages' catalogue files (`www/words/*.txt`, docs/languages.md):
//! each has every key of the code and of the page, in order, no key left
//! over, the same `{n}` marks as English, and one form per plural
//! category of its language. `en.txt`, the translators' start, is the
//! code's and the page's English as they are now.

use carcassonne::shell::words::files::{self, areas};
use carcassonne::shell::words::lang::Lang;
use std::collections::BTreeSet;

fn html() -> String {
    std::fs::read_to_string("index.html").unwrap()
}

/// The `{n}` marks of a sentence.
fn marks(s: &str) -> BTreeSet<String> {
    let b = s.as_bytes();
    (0..b.len().saturating_sub(2))
        .filter(|&i| b[i] == b'{' && b[i + 1].is_ascii_digit() && b[i + 2] == b'}')
        .map(|i| s[i..i + 3].to_owned())
        .collect()
}

/// The catalogue files other than English, by language.
fn catalogues() -> Vec<(Lang, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("www/words").unwrap() {
        let path = e.unwrap().path();
        let tag = path.file_stem().unwrap().to_str().unwrap().to_owned();
        // `CATALOGUE=de` checks only that file (a translator at work).
        let only = std::env::var("CATALOGUE").ok();
        if tag == "en" || only.is_some_and(|o| o != tag) {
            continue;
        }
        let lang = Lang::of_tag(&tag).unwrap_or_else(|| panic!("{tag}: not a language"));
        assert_eq!(lang.tag(), tag, "{}: named by its tag", path.display());
        out.push((lang, std::fs::read_to_string(&path).unwrap()));
    }
    out
}

#[test]
fn the_english_file_is_the_code_and_the_page_as_they_are() {
    let now = files::write(
        "English, as the code and the page say it.",
        &html(),
        str::to_owned,
    );
    let file = std::fs::read_to_string("www/words/en.txt").unwrap();
    assert!(
        file == now,
        "www/words/en.txt is out of date: cargo run --bin carcassonne -- words en > www/words/en.txt"
    );
}

#[test]
fn every_page_word_is_one_sentence_and_says_something() {
    let words = files::page_words(&html());
    for (key, part, en) in &words {
        assert!(key.starts_with("page."), "{key}");
        assert!(!en.is_empty(), "{key} ({part:?}) is empty on the page");
        // An entity the file's reader does not know would be read out as is.
        let entity = en
            .split('&')
            .skip(1)
            .any(|r| r.find(';').is_some_and(|e| e < 10 && !r[..e].contains(' ')));
        assert!(!entity, "{key}: {en:?} holds an entity");
        for (k, _, other) in &words {
            assert!(
                k != key || other == en,
                "{key} says two things: {en:?} and {other:?}"
            );
        }
    }
}

#[test]
fn every_catalogue_has_every_key_in_order_with_its_marks_and_forms() {
    let page: Vec<(String, String)> = {
        let mut seen = Vec::new();
        for (k, _, en) in files::page_words(&html()) {
            if !seen.iter().any(|(s, _): &(String, String)| *s == k) {
                seen.push((k, en));
            }
        }
        seen
    };
    for (lang, text) in catalogues() {
        let tag = lang.tag();
        let lines: Vec<&str> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        let mut at = 0;
        let mut next = |what: &str| -> &str {
            let l = lines
                .get(at)
                .copied()
                .unwrap_or_else(|| panic!("{tag}: ends before {what}"));
            at += 1;
            l
        };
        let check = |key: &str, en: &str, line: &str, plural_ok: bool| {
            let (name, said) = line
                .split_once(" = ")
                .unwrap_or_else(|| panic!("{tag}: {line:?} is not `key = sentence`"));
            assert_eq!(name, key, "{tag}: keys out of order");
            assert!(!said.trim().is_empty(), "{tag}: {key} is empty");
            let (en_forms, forms): (Vec<&str>, Vec<&str>) =
                (en.split('|').collect(), said.split('|').collect());
            let want = if en_forms.len() == 2 && plural_ok {
                lang.forms().len()
            } else {
                en_forms.len()
            };
            assert_eq!(
                forms.len(),
                want,
                "{tag}: {key} has {} forms: {said:?}",
                forms.len()
            );
            let en_marks: BTreeSet<String> = en_forms.iter().flat_map(|f| marks(f)).collect();
            let all: BTreeSet<String> = forms.iter().flat_map(|f| marks(f)).collect();
            assert_eq!(
                all, en_marks,
                "{tag}: {key} marks differ from English: {said:?}"
            );
        };
        for a in areas() {
            let head = next(a.name);
            assert_eq!(
                head,
                format!("[{} {:x}]", a.name, a.sum),
                "{tag}: area {} (its keys changed: see www/words/en.txt)",
                a.name
            );
            for (key, en) in a.keys {
                check(key, en, next(key), true);
            }
        }
        assert_eq!(next("[page]"), "[page]", "{tag}");
        for (key, en) in &page {
            check(key, en, next(key), false);
        }
        assert_eq!(at, lines.len(), "{tag}: keys left over: {:?}", &lines[at..]);
    }
}

#[test]
fn a_missing_sentence_is_said_in_english() {
    use carcassonne::shell::words::catalogue::{speak, t};
    use carcassonne::shell::words::GamesW;
    let a = areas().into_iter().find(|a| a.name == "games").unwrap();
    // German with one sentence left empty and the next one given.
    let text = format!(
        "[{} {:x}]\ngames.NewGame = \ngames.GameResumed = Spiel fortgesetzt.\n",
        a.name, a.sum
    );
    speak(Lang::De, &text);
    assert_eq!(t(GamesW::NewGame), "New game.");
    assert_eq!(t(GamesW::GameResumed), "Spiel fortgesetzt.");
    assert_eq!(t(GamesW::Rematch), "Rematch.", "a key the file lacks");
    speak(Lang::En, "");
}

#[test]
fn a_record_refused_is_told_in_the_table_s_language() {
    use carcassonne::engine::{RecordError, RecordErrorKind, RuleError};
    use carcassonne::shell::words::catalogue::speak;
    use carcassonne::shell::words::record_refusal;
    let e = RecordError {
        kind: RecordErrorKind::Rule(RuleError::NoFollowersLeft),
        move_number: Some(12),
        message: String::new(),
    };
    assert_eq!(
        record_refusal(&e),
        "move 12: you have no followers left in your supply"
    );
    let de = std::fs::read_to_string("www/words/de.txt").unwrap();
    speak(Lang::De, &de);
    let said = record_refusal(&e);
    assert!(said.starts_with("Zug 12: "), "{said}");
    assert!(!said.contains("followers"), "{said}");
    speak(Lang::En, "");
}
