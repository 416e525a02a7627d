//! The pseudo-language of the tests: each English sentence accented, its
//! vowels doubled (about 40% longer, as German and Polish run), and
//! bracketed ⟦…⟧, so a screenshot shows any word that bypassed the
//! catalogue and any box too small for longer words. Made natively as a
//! catalogue file (`carcassonne words en-XA`) that the e2e tests put
//! beside the site: the page reads it like any other language.

/// Each `|`-separated form bracketed, accented and lengthened; `{1}`
/// marks kept as they are.
pub fn make(en: &str) -> String {
    let mut s = String::with_capacity(en.len() * 2 + 8);
    for (i, form) in crate::engine::compact::split(en, "|").enumerate() {
        if i > 0 {
            s.push('|');
        }
        s.push('⟦');
        let mut rest = form;
        while let Some(c) = rest.chars().next() {
            let mut step = c.len_utf8();
            if c == '{' && rest.as_bytes().get(2) == Some(&b'}') {
                step = 3;
                s.push_str(rest.get(..3).unwrap_or(""));
            } else {
                let (a, twice) = accent(c);
                s.push(a);
                if twice {
                    s.push(a);
                }
            }
            rest = rest.get(step..).unwrap_or("");
        }
        s.push('⟧');
    }
    s
}

/// An accented letter, and whether it is a vowel said twice.
fn accent(c: char) -> (char, bool) {
    match c {
        'a' => ('á', true),
        'e' => ('é', true),
        'i' => ('í', true),
        'o' => ('ö', true),
        'u' => ('û', true),
        'y' => ('ý', false),
        'c' => ('ç', false),
        'n' => ('ñ', false),
        's' => ('š', false),
        'z' => ('ž', false),
        'A' => ('Å', true),
        'E' => ('É', true),
        'I' => ('Í', true),
        'O' => ('Ö', true),
        'U' => ('Û', true),
        'C' => ('Ç', false),
        'N' => ('Ñ', false),
        'S' => ('Š', false),
        _ => (c, false),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_pseudo_sentence_is_bracketed_accented_and_longer() {
        let p = super::make("{1} knight|{1} knights");
        assert_eq!(p, "⟦{1} kñííght⟧|⟦{1} kñííghtš⟧");
        let en = "Drag the tile onto a highlighted square";
        let p = super::make(en);
        assert!(p.starts_with("⟦Dráág") && p.ends_with('⟧'));
        let grown = p.chars().count() as f64 / en.chars().count() as f64;
        assert!((1.3..1.6).contains(&grown), "{grown}");
        assert!(!p.chars().any(|c| "aeiou".contains(c)));
    }
}
