//! The languages the table speaks, and what each does with numbers: its
//! plural categories and how it writes a number. Each catalogue's plural
//! forms are listed in the order of [`Lang::forms`].

/// A language of the table. `Pseudo` is the test switch's made-up
/// language: English, accented, longer and bracketed, so a test can see
/// every word that did not come from a catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    De,
    Fr,
    Es,
    It,
    Nl,
    Pl,
    Pseudo,
}

/// A plural category, as the Unicode plural rules name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    One,
    Few,
    Many,
    Other,
}

impl Lang {
    /// The languages a player can choose, in the settings' order.
    pub const CHOSEN: [Lang; 7] = [
        Lang::En,
        Lang::De,
        Lang::Fr,
        Lang::Es,
        Lang::It,
        Lang::Nl,
        Lang::Pl,
    ];

    /// The language's tag: the page's `lang`, the catalogue's file name.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Fr => "fr",
            Lang::Es => "es",
            Lang::It => "it",
            Lang::Nl => "nl",
            Lang::Pl => "pl",
            Lang::Pseudo => "en-XA",
        }
    }

    /// The language named in itself, as the settings offer it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Fr => "Français",
            Lang::Es => "Español",
            Lang::It => "Italiano",
            Lang::Nl => "Nederlands",
            Lang::Pl => "Polski",
            Lang::Pseudo => "[Ƥśéûđö]",
        }
    }

    /// The language of a tag: "de", or the pseudo-language's "en-XA".
    pub fn of_tag(tag: &str) -> Option<Lang> {
        Some(match tag {
            "en" => Lang::En,
            "de" => Lang::De,
            "fr" => Lang::Fr,
            "es" => Lang::Es,
            "it" => Lang::It,
            "nl" => Lang::Nl,
            "pl" => Lang::Pl,
            "en-XA" => Lang::Pseudo,
            _ => return None,
        })
    }

    /// The plural categories a catalogue gives forms for, in order.
    pub fn forms(self) -> &'static [Plural] {
        use Plural::*;
        match self {
            Lang::En | Lang::De | Lang::Nl | Lang::Pseudo => &[One, Other],
            Lang::Fr | Lang::Es | Lang::It => &[One, Many, Other],
            Lang::Pl => &[One, Few, Many, Other],
        }
    }

    /// The category of a count: `whole` and, for a number with a
    /// fraction shown, `fraction` true ("1.5 points" is not one).
    pub fn plural(self, whole: u64, fraction: bool) -> Plural {
        use Plural::*;
        let million = !fraction && whole != 0 && whole % 1_000_000 == 0;
        match self {
            Lang::En | Lang::De | Lang::Nl | Lang::Pseudo => {
                if whole == 1 && !fraction {
                    One
                } else {
                    Other
                }
            }
            Lang::Fr => match whole {
                0 | 1 => One,
                _ if million => Many,
                _ => Other,
            },
            Lang::Es | Lang::It => match whole {
                1 if !fraction => One,
                _ if million => Many,
                _ => Other,
            },
            Lang::Pl => {
                let (d, dd) = (whole % 10, whole % 100);
                if fraction {
                    Other
                } else if whole == 1 {
                    One
                } else if (2..=4).contains(&d) && !(12..=14).contains(&dd) {
                    Few
                } else {
                    Many
                }
            }
        }
    }

    /// The separator between whole and fraction: "7.4", "7,4".
    pub fn decimal(self) -> char {
        match self {
            Lang::En | Lang::Pseudo => '.',
            _ => ',',
        }
    }

    /// The thousands separator, and the fewest digits a number needs
    /// before it is grouped ("1234" in Spanish and Polish, "12 345").
    fn group(self) -> (&'static str, usize) {
        match self {
            Lang::En | Lang::Pseudo => (",", 4),
            Lang::De | Lang::It | Lang::Nl => (".", 4),
            Lang::Es => (".", 5),
            Lang::Fr => ("\u{202f}", 4),
            Lang::Pl => ("\u{a0}", 5),
        }
    }

    /// A whole number as this language writes it: "1,234", "1.234".
    pub fn push_num(self, s: &mut String, n: u64) {
        let mut digits = String::new();
        crate::engine::compact::push_number(&mut digits, n);
        let (sep, least) = self.group();
        if digits.len() < least {
            s.push_str(&digits);
            return;
        }
        let mut left = digits.len();
        for c in digits.bytes() {
            if left < digits.len() && left % 3 == 0 {
                s.push_str(sep);
            }
            s.push(char::from(c));
            left -= 1;
        }
    }

    /// `hundredths` to one decimal place, rounded half away from zero:
    /// "7.4", "−0.5" is written "-0,5" in German.
    pub fn push_tenths(self, s: &mut String, hundredths: i32) {
        let tenths = (hundredths.unsigned_abs() + 5) / 10;
        if hundredths < 0 && tenths > 0 {
            s.push('-');
        }
        self.push_num(s, u64::from(tenths / 10));
        s.push(self.decimal());
        s.push(char::from(b'0' + (tenths % 10) as u8));
    }
}

#[cfg(test)]
mod tests {
    use super::Plural::*;
    use super::*;

    fn cats(l: Lang, ns: &[u64]) -> Vec<Plural> {
        ns.iter().map(|&n| l.plural(n, false)).collect()
    }

    #[test]
    fn polish_counts_one_few_and_many_and_a_fraction_is_other() {
        assert_eq!(
            cats(
                Lang::Pl,
                &[1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 24, 25, 102, 112, 0]
            ),
            [One, Few, Few, Few, Many, Many, Many, Many, Many, Few, Few, Many, Few, Many, Many]
        );
        assert_eq!(Lang::Pl.plural(7, true), Other);
        assert_eq!(Lang::Pl.plural(1, true), Other);
    }

    #[test]
    fn french_counts_zero_as_one_and_english_does_not() {
        assert_eq!(
            cats(Lang::Fr, &[0, 1, 2, 1_000_000]),
            [One, One, Other, Many]
        );
        assert_eq!(Lang::Fr.plural(1, true), One, "1,5 point: i is 1");
        assert_eq!(cats(Lang::En, &[0, 1, 2]), [Other, One, Other]);
        assert_eq!(Lang::En.plural(1, true), Other, "1.0 points");
        assert_eq!(cats(Lang::De, &[1, 2]), [One, Other]);
        assert_eq!(cats(Lang::Nl, &[1, 2]), [One, Other]);
        assert_eq!(cats(Lang::Es, &[1, 2, 2_000_000]), [One, Other, Many]);
        assert_eq!(cats(Lang::It, &[1, 0, 3_000_000]), [One, Other, Many]);
    }

    #[test]
    fn every_category_a_language_counts_in_has_a_form() {
        for l in Lang::CHOSEN {
            for n in 0..2_000_100 {
                if n > 1000 && n % 1_000_000 > 100 {
                    continue;
                }
                for f in [false, true] {
                    assert!(l.forms().contains(&l.plural(n, f)), "{l:?} {n} {f}");
                }
            }
        }
    }

    #[test]
    fn numbers_follow_the_locale() {
        let w = |l: Lang, n| {
            let mut s = String::new();
            l.push_num(&mut s, n);
            s
        };
        assert_eq!(w(Lang::En, 999), "999");
        assert_eq!(w(Lang::En, 1234), "1,234");
        assert_eq!(w(Lang::De, 1_234_567), "1.234.567");
        assert_eq!(w(Lang::Pl, 1234), "1234");
        assert_eq!(w(Lang::Pl, 12345), "12\u{a0}345");
        assert_eq!(w(Lang::Es, 1234), "1234");
        assert_eq!(w(Lang::Fr, 1234), "1\u{202f}234");
        let t = |l: Lang, h| {
            let mut s = String::new();
            l.push_tenths(&mut s, h);
            s
        };
        assert_eq!(t(Lang::En, 740), "7.4");
        assert_eq!(t(Lang::De, 745), "7,5");
        assert_eq!(t(Lang::Pl, -50), "-0,5");
        assert_eq!(t(Lang::En, -4), "0.0");
    }

    #[test]
    fn each_language_is_found_by_its_own_tag() {
        for l in Lang::CHOSEN.into_iter().chain([Lang::Pseudo]) {
            assert_eq!(Lang::of_tag(l.tag()), Some(l));
        }
        assert_eq!(Lang::of_tag("de-AT"), None, "the page gives the base tag");
        assert_eq!(Lang::of_tag("ja"), None);
    }
}
