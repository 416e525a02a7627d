//! Catalogue files, made and checked natively: the English one that
//! translators start from, the tests' pseudo-language, and the page's own
//! words read out of `index.html`. Never in the wasm.

use super::catalogue::Key;

/// One area of keys: its name, its sum and its keys with their English.
pub struct Area {
    pub name: &'static str,
    pub sum: u32,
    pub keys: &'static [(&'static str, &'static str)],
}

fn area<K: Key>(keys: &'static [(&'static str, &'static str)]) -> Area {
    Area {
        name: K::AREA,
        sum: K::SUM,
        keys,
    }
}

/// Every area the code declares, in the catalogue files' order.
pub fn areas() -> Vec<Area> {
    use super::*;
    vec![
        area::<WordsW>(WordsW::ALL),
        area::<GamesW>(GamesW::ALL),
        area::<LinkW>(LinkW::ALL),
        area::<TableW>(TableW::ALL),
        area::<CardsW>(CardsW::ALL),
        area::<RulesW>(RulesW::ALL),
        area::<ReviewW>(ReviewW::ALL),
        area::<SetupW>(SetupW::ALL),
        area::<ErrorsW>(ErrorsW::ALL),
    ]
}

/// Which of a page element's words a `data-w…` attribute names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// `data-w`: the element's text.
    Text,
    /// `data-wl`: its `aria-label`.
    Label,
    /// `data-wt`: its `title`.
    Title,
}

/// The page's own words in `index.html`: each `page.Key` with its part
/// and its English, in the page's order. A key used twice must say the
/// same both times (it is one sentence).
pub fn page_words(html: &str) -> Vec<(String, Part, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let Some(end) = rest.find('>') else { break };
        let tag = &rest[..end];
        let body = &rest[end + 1..];
        for (attr, part, from) in [
            ("data-w=\"", Part::Text, None),
            ("data-wl=\"", Part::Label, Some("aria-label=\"")),
            ("data-wt=\"", Part::Title, Some("title=\"")),
        ] {
            let Some(key) = attribute(tag, attr) else {
                continue;
            };
            let english = match from {
                None => body[..body.find('<').unwrap_or(body.len())]
                    .trim()
                    .to_owned(),
                Some(a) => attribute(tag, a).unwrap_or_default().to_owned(),
            };
            out.push((key.to_owned(), part, unescape(&english)));
        }
    }
    out
}

/// The value of `name="` in a tag (`name` ends with the quote).
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(i) = tag[from..].find(name) {
        let at = from + i;
        // A whole attribute name: not the tail of a longer one.
        if at == 0 || tag.as_bytes()[at - 1].is_ascii_whitespace() {
            let v = &tag[at + name.len()..];
            return v.find('"').map(|e| &v[..e]);
        }
        from = at + name.len();
    }
    None
}

/// Text as a reader sees it: each run of spaces one space, each entity
/// its character.
fn unescape(s: &str) -> String {
    let mut t = String::new();
    for (i, w) in s.split_whitespace().enumerate() {
        if i > 0 {
            t.push(' ');
        }
        t.push_str(w);
    }
    // Each `&…;` the page writes, as the character it stands for.
    let mut out = String::new();
    let mut rest = t.as_str();
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|&e| e <= 10);
        let said = end.and_then(|e| entity(&rest[1..e]));
        match (end, said) {
            (Some(e), Some(c)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character an entity's name (`amp`, `#x2713`, `#39`) stands for.
fn entity(name: &str) -> Option<char> {
    let code = if let Some(hex) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
        u32::from_str_radix(hex, 16).ok()?
    } else if let Some(dec) = name.strip_prefix('#') {
        dec.parse().ok()?
    } else {
        match name {
            "amp" => 0x26,
            "lt" => 0x3c,
            "gt" => 0x3e,
            "quot" => 0x22,
            "apos" => 0x27,
            "nbsp" => 0xa0,
            "ldquo" => 0x201c,
            "rdquo" => 0x201d,
            "lsquo" => 0x2018,
            "rsquo" => 0x2019,
            "times" => 0xd7,
            "hellip" => 0x2026,
            "ndash" => 0x2013,
            "mdash" => 0x2014,
            _ => return None,
        }
    };
    char::from_u32(code)
}

/// A catalogue file of every key, each sentence made from its English by
/// `say` (English itself, or the pseudo-language), the page's words last.
pub fn write(title: &str, html: &str, say: impl Fn(&str) -> String) -> String {
    let mut s = String::new();
    s.push_str("# ");
    s.push_str(title);
    s.push_str("\n# Keys and the rules of this file: docs/languages.md.\n");
    for a in areas() {
        s.push_str(&format!("\n[{} {:x}]\n", a.name, a.sum));
        for (key, en) in a.keys {
            s.push_str(&format!("{key} = {}\n", say(en)));
        }
    }
    s.push_str("\n[page]\n");
    let mut seen = Vec::new();
    for (key, _, en) in page_words(html) {
        if !seen.contains(&key) {
            s.push_str(&format!("{key} = {}\n", say(&en)));
            seen.push(key);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_words_are_read_from_their_elements() {
        let html = r#"<h1 data-w="page.Title">Carcassonne
          &amp; friends</h1><p data-w="page.Press">Press &#x2713; &ldquo;OK&rdquo; &#39;now&#39; &unknown; & go</p><button aria-label="Turn the tile" data-wl="page.Turn" data-w="page.TurnShort">⟳ Turn</button><span title="Who" data-wt="page.Who"></span>"#;
        assert_eq!(
            page_words(html),
            [
                (
                    "page.Title".into(),
                    Part::Text,
                    "Carcassonne & friends".into()
                ),
                (
                    "page.Press".into(),
                    Part::Text,
                    "Press ✓ “OK” 'now' &unknown; & go".into()
                ),
                ("page.TurnShort".into(), Part::Text, "⟳ Turn".into()),
                ("page.Turn".into(), Part::Label, "Turn the tile".into()),
                ("page.Who".into(), Part::Title, "Who".into()),
            ]
        );
    }

    #[test]
    fn the_english_file_lists_every_area_under_its_sum() {
        let f = write("English", r#"<p data-w="page.Hi">Hi</p>"#, str::to_owned);
        let a = &areas()[0];
        assert!(f.contains(&format!("[{} {:x}]\n", a.name, a.sum)));
        assert!(f.contains("games.Moves = {1} move|{1} moves\n"));
        assert!(f.ends_with("[page]\npage.Hi = Hi\n"));
    }
}
