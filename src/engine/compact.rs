//! Small stand-ins for std helpers that cost kilobytes in the wasm bundle:
//! `slice::sort_by_key` brings a merge sort (about 2 KB gzip a use), and
//! `f64::clamp` a panic message that formats floats. The lists sorted here
//! hold a few dozen items at most, where insertion sort is as quick.

/// Sorts `v` by `key`, stably (equal keys keep their order), like `sort_by_key`.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A whole number from text; one parser for all callers keeps a single
/// copy in the wasm.
pub fn number(s: &str) -> Option<u64> {
    s.parse().ok()
}

/// A whole number from text that fits a `T` (`u8`, `u32`, `usize`), like
/// `str::parse`; one parser instead of one copy a type.
pub fn small<T: TryFrom<u64>>(s: &str) -> Option<T> {
    T::try_from(number(s)?).ok()
}

/// A whole number, maybe negative, like `str::parse::<i64>` (one parser
/// for all callers, as [`number`]).
pub fn signed(s: &str) -> Option<i64> {
    match s.strip_prefix('-') {
        Some(m) if !m.starts_with('+') => 0i64.checked_sub_unsigned(number(m)?),
        Some(_) => None,
        None => i64::try_from(number(s)?).ok(),
    }
}

/// Appends `n` in decimal, like `write!(s, "{n}")` without the formatting
/// machinery, and without `str::from_utf8` (its one other caller was this).
pub fn push_number(s: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let (mut i, mut n) = (digits.len(), n);
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in &digits[i..] {
        s.push(char::from(d));
    }
}

/// `n` in decimal, with its sign: the messages' numbers, without the
/// formatting machinery.
pub fn signed_text(n: i64) -> String {
    let mut s = String::new();
    if n < 0 {
        s.push('-');
    }
    push_number(&mut s, n.unsigned_abs());
    s
}

/// `parts` one after the other: the messages' one builder, where each
/// `format!` would set up its own arguments and keep the formatter's
/// `format_inner` in the wasm.
pub fn cat(parts: &[&str]) -> String {
    join(parts, "")
}

/// Moves the first `k` items to the end (`k` at most `v.len()`), like
/// `slice::rotate_left`, whose generic copy costs about 700 B of wasm a
/// type; one place at a time, as quick for the few seats of a table.
pub fn rotate_left<T>(v: &mut [T], k: usize) {
    for _ in 0..k {
        for i in 1..v.len() {
            v.swap(i - 1, i);
        }
    }
}

/// `x` limited to `[lo, hi]` (`lo <= hi`); like `f64::clamp` without its panic.
pub fn clamp(x: f64, lo: f64, hi: f64) -> f64 {
    x.max(lo).min(hi)
}

/// `parts` with `sep` between them, like `[&str]::join` (whose generic copy
/// costs about 1 KB in the wasm).
pub fn join(parts: &[&str], sep: &str) -> String {
    let mut s = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            s.push_str(sep);
        }
        s.push_str(p);
    }
    s
}

/// Where `sep` (not empty) first starts in `s`, like `str::find`. The
/// std searches with a `char` pattern bring a searcher and `memchr` (about
/// 1.5 KB of wasm); the texts searched here are a few dozen bytes long.
pub fn find(s: &str, sep: &str) -> Option<usize> {
    let (h, n) = (s.as_bytes(), sep.as_bytes());
    (0..(h.len() + 1).saturating_sub(n.len())).find(|&i| h[i..].starts_with(n))
}

/// Where `sep` (not empty) last starts in `s`, like `str::rfind`.
pub fn rfind(s: &str, sep: &str) -> Option<usize> {
    let (h, n) = (s.as_bytes(), sep.as_bytes());
    (0..(h.len() + 1).saturating_sub(n.len()))
        .rev()
        .find(|&i| h[i..].starts_with(n))
}

/// `s` before and after the first `sep`, like `str::split_once`.
pub fn split_once<'a>(s: &'a str, sep: &str) -> Option<(&'a str, &'a str)> {
    at(s, find(s, sep)?, sep)
}

/// `s` before and after the last `sep`, like `str::rsplit_once`.
pub fn rsplit_once<'a>(s: &'a str, sep: &str) -> Option<(&'a str, &'a str)> {
    at(s, rfind(s, sep)?, sep)
}

/// `s` cut around `sep` found at `i`. `get` rather than indexing: a string
/// slice's panic formats its message, several KB of wasm.
fn at<'a>(s: &'a str, i: usize, sep: &str) -> Option<(&'a str, &'a str)> {
    Some((s.get(..i)?, s.get(i + sep.len()..)?))
}

/// The parts of `s` between each `sep` (not empty), like `str::split`.
pub fn split<'a>(s: &'a str, sep: &'a str) -> Split<'a> {
    Split { rest: Some(s), sep }
}

/// The iterator of [`split`].
pub struct Split<'a> {
    rest: Option<&'a str>,
    sep: &'a str,
}

impl<'a> Iterator for Split<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let r = self.rest?;
        Some(match split_once(r, self.sep) {
            Some((part, rest)) => {
                self.rest = Some(rest);
                part
            }
            None => {
                self.rest = None;
                r
            }
        })
    }
}

/// `s` with each `from` (not empty) turned into `to`, like `str::replace`,
/// from the split and join above rather than a generic copy of its own.
pub fn replace(s: &str, from: &str, to: &str) -> String {
    join(&split(s, from).collect::<Vec<_>>(), to)
}

/// Whether `v` holds `x`, like `<[u8]>::contains`, whose byte version
/// brings a word-at-a-time memchr (about 700 B of wasm) for lists of six.
#[allow(clippy::manual_contains)] // the point: not `contains`
pub fn has(v: &[u8], x: u8) -> bool {
    v.iter().any(|&y| y == x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_built_as_format_would_write_them() {
        for n in [0, 7, -1, -42, 1000, i64::MIN, i64::MAX] {
            assert_eq!(signed_text(n), format!("{n}"));
        }
        let (what, k) = ("rules", "x");
        assert_eq!(
            cat(&["unknown field \"", k, "\" in ", what]),
            format!("unknown field \"{k}\" in {what}")
        );
        assert_eq!(cat(&[]), "");
    }

    #[test]
    fn splits_like_std() {
        for (s, sep) in [
            ("a,b,,c", ","),
            ("", ","),
            (",", ","),
            ("x·y · z", "·"),
            ("abc", "bc"),
            ("a", "ab"),
        ] {
            assert_eq!(
                split(s, sep).collect::<Vec<_>>(),
                s.split(sep).collect::<Vec<_>>()
            );
            assert_eq!(split_once(s, sep), s.split_once(sep));
            assert_eq!(rsplit_once(s, sep), s.rsplit_once(sep));
            assert_eq!(find(s, sep), s.find(sep));
            assert_eq!(rfind(s, sep), s.rfind(sep));
            assert_eq!(replace(s, sep, "-"), s.replace(sep, "-"));
        }
        for s in [
            "0",
            "-7",
            "+7",
            "-+7",
            "--7",
            "-",
            "",
            "x",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "-9223372036854775809",
        ] {
            assert_eq!(signed(s), s.parse::<i64>().ok(), "{s}");
        }
    }

    #[test]
    fn sorts_stably_by_key() {
        let mut v = [(3, 'a'), (1, 'b'), (3, 'c'), (0, 'd'), (1, 'e')];
        sort_by_key(&mut v, |x| x.0);
        assert_eq!(v, [(0, 'd'), (1, 'b'), (1, 'e'), (3, 'a'), (3, 'c')]);
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        let mut s = String::from("n=");
        for n in [0, 7, 10, 4_294_967_295, u64::MAX] {
            push_number(&mut s, n);
            s.push(' ');
        }
        assert_eq!(s, "n=0 7 10 4294967295 18446744073709551615 ");
    }

    #[test]
    fn rotates_as_the_slice_method_does() {
        for k in 0..=5 {
            let mut mine = [1, 2, 3, 4, 5];
            let mut std = mine;
            rotate_left(&mut mine, k);
            std.rotate_left(k);
            assert_eq!(mine, std, "k = {k}");
        }
    }

    #[test]
    fn clamps_into_the_range() {
        assert_eq!(clamp(5.0, 0.0, 1.0), 1.0);
        assert_eq!(clamp(-5.0, 0.0, 1.0), 0.0);
        assert_eq!(clamp(0.25, 0.0, 1.0), 0.25);
    }

    #[test]
    fn join_puts_the_separator_only_between_parts() {
        assert_eq!(join(&["Ann", "Bob", "Cy"], " and "), "Ann and Bob and Cy");
        assert_eq!(join(&["Ann"], ", "), "Ann");
        assert_eq!(join(&[], ", "), "");
    }
}
