//! The catalogue: every sentence under a key, in the chosen language.
//! Each language is a text file, `www/words/<tag>.txt`, that the page
//! fetches when it is chosen (English as the page opens); natively the
//! English is built in, for the tests and the CLI. The file gives
//! each area's sentences in the order the code declares its keys, under a
//! head `[area sum]` whose sum is a hash of the area's key names: an area
//! whose keys changed since the file was written (an older file kept
//! offline, say) is said in English, and so is a sentence left empty. So
//! the wasm carries neither the names nor a table of them.
//!
//! A sentence marks what it is given with `{1}`, `{2}`…; a count's
//! sentence gives one form per plural category of its language, in the
//! order of [`Lang::forms`], split by `|`.

use super::lang::Lang;
use crate::engine::compact::{split, split_once};
use std::cell::Cell;

/// A sentence's key: its area, its place there and its English words.
pub trait Key: Copy {
    /// The area's name, as the catalogue file's heads give it.
    const AREA: &'static str;
    /// The hash of the area's key names, in order.
    const SUM: u32;
    /// The area's English sentences, each ended by a NUL (natively; empty
    /// in the wasm, whose English is `en.txt`).
    const EN: &'static str;
    /// The three above, in one place for the lookup.
    const META: &'static Area;
    fn index(self) -> usize;
    fn en(self) -> &'static str {
        split(Self::EN, "\0").nth(self.index()).unwrap_or("")
    }
}

/// FNV-1a, for the sum of an area's key names.
pub const fn hash(text: &str) -> u32 {
    let b = text.as_bytes();
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < b.len() {
        h = (h ^ b[i] as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}

/// Declares an area's keys with their English sentences: an enum `$ty`
/// whose variants are the keys, named `$area.Variant` in catalogue files.
/// The English is built in natively; the page reads it from `en.txt` like
/// any other language, so the wasm carries no words of its own.
macro_rules! keys {
    ($ty:ident $area:literal { $($key:ident = $en:literal,)* }) => {
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $ty { $($key,)* }
        impl $crate::shell::words::catalogue::Key for $ty {
            const AREA: &'static str = $area;
            const SUM: u32 = $crate::shell::words::catalogue::hash(
                concat!($(stringify!($key), " ",)*));
            #[cfg(not(target_arch = "wasm32"))]
            const EN: &'static str = concat!($($en, "\0",)*);
            #[cfg(target_arch = "wasm32")]
            const EN: &'static str = "";
            const META: &'static $crate::shell::words::catalogue::Area =
                &$crate::shell::words::catalogue::Area {
                    name: $area,
                    sum: <Self as $crate::shell::words::catalogue::Key>::SUM,
                    en: <Self as $crate::shell::words::catalogue::Key>::EN,
                };
            fn index(self) -> usize { self as usize }
        }
        impl $ty {
            /// Every key's name and English sentence, in order: for the
            /// catalogue files' checks and for translators.
            #[cfg(not(target_arch = "wasm32"))]
            pub const ALL: &'static [(&'static str, &'static str)] =
                &[$((concat!($area, ".", stringify!($key)), $en),)*];
        }
    };
}
pub(crate) use keys;

/// A language's sentences, area by area, in each area's key order; and
/// the page's own, by name.
pub struct Catalogue {
    lang: Lang,
    areas: Vec<(&'static str, u32, Vec<&'static str>)>,
    page: Vec<(&'static str, &'static str)>,
}

impl Catalogue {
    /// Reads a catalogue file (see the module's note): `[area sum]` heads,
    /// `name = sentence` lines, `#` notes. The page's area, `[page]`, is
    /// read by name.
    pub fn read(lang: Lang, text: &'static str) -> Catalogue {
        let mut c = Catalogue {
            lang,
            areas: Vec::new(),
            page: Vec::new(),
        };
        let mut page = false;
        for line in split(text, "\n") {
            let line = line.strip_suffix('\r').unwrap_or(line);
            if let Some(head) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let (area, sum) = split_once(head, " ").unwrap_or((head, ""));
                page = area == "page";
                c.areas.push((area, hex(sum), Vec::new()));
            } else if let Some((name, value)) = split_once(line, " = ") {
                if page {
                    c.page.push((name, value));
                } else if let Some(a) = c.areas.last_mut() {
                    a.2.push(value);
                }
            }
        }
        c
    }

    fn get(&self, k: Id) -> Option<&'static str> {
        let (_, _, area) = self
            .areas
            .iter()
            .find(|a| a.0 == k.area.name && a.1 == k.area.sum)?;
        area.get(k.index).copied().filter(|v| !v.is_empty())
    }
}

/// A head's sum in hex, 0 for text that is not one (as
/// `u32::from_str_radix` would say, without that parser's copy in the wasm).
fn hex(s: &str) -> u32 {
    let mut h: u32 = 0;
    for b in s.bytes() {
        let d = match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            b'A'..=b'F' => b - b'A' + 10,
            _ => return 0,
        };
        if h >> 28 != 0 {
            return 0;
        }
        h = h << 4 | u32::from(d);
    }
    h
}

/// An area as the lookup needs it: its name, its sum and its English.
pub struct Area {
    pub name: &'static str,
    pub sum: u32,
    pub en: &'static str,
}

/// A key with its area: what the sentences are looked up by, so that one
/// body of each function serves every area (a generic body would be
/// copied into the wasm once an area).
#[derive(Clone, Copy)]
struct Id {
    area: &'static Area,
    index: usize,
}

fn id<K: Key>(k: K) -> Id {
    Id {
        area: K::META,
        index: k.index(),
    }
}

thread_local! {
    /// The language the table speaks now: a setting of the whole page,
    /// like a platform's locale, so that every sentence can be said
    /// without passing it through every call. Read by the words alone.
    static NOW: Cell<&'static Catalogue> = const { Cell::new(&ENGLISH) };
}

/// English: every sentence is the key's own.
static ENGLISH: Catalogue = Catalogue {
    lang: Lang::En,
    areas: Vec::new(),
    page: Vec::new(),
};

/// Speak `lang` from now on, from its catalogue file's `text` (for English
/// an empty text leaves the built-in words). A catalogue lives as long as
/// the page: a family switches language a handful of times.
pub fn speak(lang: Lang, text: &str) {
    let text: &'static str = Box::leak(text.to_owned().into_boxed_str());
    let c: &'static Catalogue = Box::leak(Box::new(Catalogue::read(lang, text)));
    NOW.with(|n| n.set(c));
}

/// The language spoken now.
pub fn lang() -> Lang {
    NOW.with(|n| n.get().lang)
}

/// The sentence of `k` in the language spoken now.
pub fn t<K: Key>(k: K) -> &'static str {
    sentence(id(k))
}

fn sentence(k: Id) -> &'static str {
    NOW.with(Cell::get)
        .get(k)
        .unwrap_or_else(|| split(k.area.en, "\0").nth(k.index).unwrap_or(""))
}

/// A sentence of the page's own (`index.html`'s `data-w="page.Key"`):
/// None in English and for a key the catalogue lacks, where the page
/// keeps the English it was written with.
pub fn page_words(name: &str) -> Option<&'static str> {
    let c = NOW.with(Cell::get);
    c.page.iter().find(|p| p.0 == name).map(|p| p.1)
}

/// `k`'s sentence with `{1}`, `{2}`… replaced by `args`.
pub fn fill(k: impl Key, args: &[&str]) -> String {
    put(sentence(id(k)), args)
}

/// `k`'s sentence for a count of `n`: the form of `n`'s plural category,
/// with `{1}` the number and `{2}`… the `rest`.
pub fn count(k: impl Key, n: u64, rest: &[&str]) -> String {
    count_of(id(k), n, rest)
}

fn count_of(k: Id, n: u64, rest: &[&str]) -> String {
    let mut num = String::new();
    lang().push_num(&mut num, n);
    counted_of(k, n, false, &num, rest)
}

/// `k`'s form for `whole` (with a fraction shown or not), `shown` being
/// the number as written.
pub fn counted(k: impl Key, whole: u64, fraction: bool, shown: &str, rest: &[&str]) -> String {
    counted_of(id(k), whole, fraction, shown, rest)
}

fn counted_of(k: Id, whole: u64, fraction: bool, shown: &str, rest: &[&str]) -> String {
    let l = lang();
    let category = l.plural(whole, fraction);
    let at = l.forms().iter().position(|c| *c == category).unwrap_or(0);
    let forms = sentence(k);
    // The form at `at`, or the last one a short catalogue gives.
    let mut form = forms;
    let mut all = split(forms, "|");
    for _ in 0..=at {
        match all.next() {
            Some(f) => form = f,
            None => break,
        }
    }
    let mut args = Vec::with_capacity(rest.len() + 1);
    args.push(shown);
    args.extend_from_slice(rest);
    put(form, &args)
}

/// A template with `{1}`…`{9}` filled in; any other brace is kept.
pub fn put(tpl: &str, args: &[&str]) -> String {
    let mut s = String::with_capacity(tpl.len() + 16);
    let b = tpl.as_bytes();
    let mut from = 0;
    let mut i = 0;
    while i + 2 < b.len() {
        if b[i] == b'{' && b[i + 2] == b'}' && b[i + 1].is_ascii_digit() && b[i + 1] > b'0' {
            s.push_str(tpl.get(from..i).unwrap_or(""));
            s.push_str(
                args.get(usize::from(b[i + 1] - b'1'))
                    .copied()
                    .unwrap_or(""),
            );
            i += 3;
            from = i;
        } else {
            i += 1;
        }
    }
    s.push_str(tpl.get(from..).unwrap_or(""));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    keys! { Test "test" {
        Hello = "Hello, {1}",
        Knights = "{1} knight|{1} knights",
        Two = "{2} before {1}",
    }}

    #[test]
    fn a_catalogue_speaks_its_keys_and_english_fills_the_gaps() {
        let text = format!(
            "# a note\n[test {:x}]\ntest.Hello = Cześć, {{1}}\ntest.Knights = {{1}} rycerz|{{1}} rycerzy|{{1}} rycerzy|{{1}} rycerza\nnot a line\n[page]\npage.Title = Carcassonne po polsku\n",
            Test::SUM
        );
        speak(Lang::Pl, &text);
        assert_eq!(page_words("page.Title"), Some("Carcassonne po polsku"));
        assert_eq!(page_words("page.Other"), None);
        assert_eq!(fill(Test::Hello, &["Ania"]), "Cześć, Ania");
        assert_eq!(count(Test::Knights, 1, &[]), "1 rycerz");
        assert_eq!(count(Test::Knights, 3, &[]), "3 rycerzy");
        assert_eq!(count(Test::Knights, 5, &[]), "5 rycerzy");
        assert_eq!(counted(Test::Knights, 1, true, "1,5", &[]), "1,5 rycerza");
        assert_eq!(
            fill(Test::Two, &["a", "b"]),
            "b before a",
            "missing: English"
        );
        speak(Lang::En, "");
        assert_eq!(count(Test::Knights, 1, &[]), "1 knight");
        assert_eq!(count(Test::Knights, 1234, &[]), "1,234 knights");
        assert_eq!(fill(Test::Hello, &[]), "Hello, ");
    }

    #[test]
    fn a_catalogue_with_too_few_forms_uses_its_last() {
        speak(
            Lang::Pl,
            &format!("[test {:x}]\nx = \nx = {{1}} rycerzy\n", Test::SUM),
        );
        assert_eq!(count(Test::Knights, 1, &[]), "1 rycerzy");
        assert_eq!(t(Test::Hello), "Hello, {1}", "an empty sentence is English");
        speak(Lang::En, "");
    }

    #[test]
    fn a_heads_sum_is_read_as_hex_or_refused() {
        for t in ["811c9dc5", "FFFFFFFF", "0", "00000000a", "1a2B"] {
            assert_eq!(hex(t), u32::from_str_radix(t, 16).unwrap(), "{t}");
        }
        for t in ["", "123456789", "12g4", "-1", " 1"] {
            assert_eq!(hex(t), 0, "{t}");
        }
    }

    #[test]
    fn a_template_keeps_braces_it_does_not_fill() {
        assert_eq!(put("{0} {a} {1}{2", &["x"]), "{0} {a} x{2");
        assert_eq!(put("{1}", &["x"]), "x");
        assert_eq!(put("", &["x"]), "");
    }

    #[test]
    fn an_area_whose_keys_changed_is_said_in_english() {
        assert_eq!(Test::SUM, hash("Hello Knights Two "));
        assert_eq!(Test::ALL[1], ("test.Knights", "{1} knight|{1} knights"));
        speak(
            Lang::De,
            &format!("[test {:x}]\nx = Hallo, {{1}}\n", Test::SUM ^ 1),
        );
        assert_eq!(t(Test::Hello), "Hello, {1}");
        speak(
            Lang::De,
            &format!("[test {:x}]\nx = Hallo, {{1}}\n", Test::SUM),
        );
        assert_eq!(t(Test::Hello), "Hallo, {1}");
        assert_eq!(t(Test::Two), "{2} before {1}");
        speak(Lang::En, "");
    }
}
