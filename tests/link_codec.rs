//! The link's encoding gives back what it was given: random envelopes
//! under every rule option, and the bit fields and numbers it is built of.

use carcassonne::engine::rng::Rng;
use carcassonne::engine::rules::{switches, Needs};
use carcassonne::engine::Rules;
use carcassonne::link::bits::{from_text, to_text, utf8, Reader, Writer};
use carcassonne::link::{Envelope, Header};

fn random_rules(rng: &mut Rng) -> Rules {
    loop {
        let mut r = Rules::default();
        for s in switches() {
            (s.set)(&mut r, rng.below(2) == 1);
        }
        r.hand = rng.below(4) as u8;
        r.hand_open = r.hand_open || r.hand > 0;
        if rng.below(2) == 1 {
            r.table = Some((3 + 2 * rng.below(49) as u8, 3 + 2 * rng.below(49) as u8));
        }
        let sound = switches().filter(|s| (s.get)(&r)).all(|s| {
            s.excluded_by(&r).is_none() && !matches!(s.needs, Needs::Strictly(n) if !n.met(&r))
        });
        if sound {
            return r;
        }
    }
}

#[test]
fn random_envelopes_round_trip_under_every_rule_option() {
    let mut rng = Rng::new(21);
    let mut seen_rules = Vec::new();
    for _ in 0..3000 {
        let n = 2 + rng.below(5) as usize;
        let header = (rng.below(2) == 1).then(|| Header {
            rules: random_rules(&mut rng),
            names: (0..n)
                .map(|i| match rng.below(3) {
                    0 => String::new(),
                    1 => format!("Grand-mère {i} ✓"),
                    _ => "x".repeat(40),
                })
                .collect(),
            commitments: (0..n).map(|_| [rng.next_u64() as u8; 16]).collect(),
        });
        if let Some(h) = &header {
            if !seen_rules.contains(&h.rules) {
                seen_rules.push(h.rules);
            }
        }
        let e = Envelope {
            game: rng.next_u64().to_le_bytes(),
            to: rng.below(6) as u8,
            header,
            first: rng.below(100) as usize,
            count: rng.below(100) as usize,
            reveals: (0..rng.below(7))
                .map(|s| {
                    (
                        s as u8,
                        1 + rng.below(100) as u16,
                        [rng.next_u64() as u8; 16],
                    )
                })
                .collect(),
            moves: (0..rng.below(200)).map(|_| rng.next_u64() as u8).collect(),
        };
        let text = e.encode();
        assert!(text
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(Envelope::decode(&text), Ok(e));
    }
    assert!(seen_rules.len() > 500, "{} rule sets", seen_rules.len());
}

#[test]
fn bit_fields_numbers_and_text_round_trip() {
    let mut rng = Rng::new(22);
    for _ in 0..2000 {
        let mut w = Writer::default();
        let mut wrote = Vec::new();
        for _ in 0..rng.below(30) {
            let count = 1 + rng.below(400);
            let v = rng.below(count);
            let big = rng.next_u64() >> rng.below(64);
            w.bits_below(v, count);
            w.number(big);
            wrote.push((v, count, big));
        }
        let text = to_text(&w.bytes);
        let bytes = from_text(text.as_bytes()).unwrap();
        assert_eq!(bytes, w.bytes);
        let mut r = Reader::new(&bytes);
        for (v, count, big) in wrote {
            assert_eq!(r.bits_below(count), Some(v));
            assert_eq!(r.number(), Some(big));
        }
        assert!(r.done());
    }
    // One choice takes no bits at all.
    let mut w = Writer::default();
    w.bits_below(0, 1);
    assert!(w.bytes.is_empty());
}

/// A name in a link is read back as the same text whatever its script, and
/// bytes that are not UTF-8 are refused, never read as some other name.
#[test]
fn names_are_read_as_utf8_and_broken_bytes_refused() {
    for name in ["Anna", "Zoë", "Łukasz", "Ἀθηνᾶ", "美咲", "🐑 Shaun", ""] {
        assert_eq!(utf8(name.as_bytes()).as_deref(), Some(name));
    }
    let mut rng = Rng::new(8);
    for _ in 0..5000 {
        let s: String = (0..rng.below(12))
            .filter_map(|_| char::from_u32(rng.below(0x11000)))
            .collect();
        assert_eq!(utf8(s.as_bytes()), Some(s.clone()));
        // Any change std::str refuses, this refuses too (overlong forms
        // aside, which std refuses and which still decode to a character).
        let mut b = s.into_bytes();
        if b.is_empty() {
            continue;
        }
        let i = rng.below(b.len() as u32) as usize;
        b[i] ^= 1 << rng.below(8);
        if String::from_utf8(b.clone()).is_err() && !overlong(&b) {
            assert_eq!(utf8(&b), None, "{b:?}");
        }
    }
    for broken in [
        &[0xc3][..],
        &[0x80],
        &[0xe2, 0x82],
        &[0xed, 0xa0, 0x80],
        &[0xf8, 0x80, 0x80, 0x80, 0x80],
        &[0xf4, 0x90, 0x80, 0x80],
    ] {
        assert_eq!(utf8(broken), None, "{broken:?}");
    }
}

/// Whether `b` holds a lead byte that starts a longer form than its character needs.
fn overlong(b: &[u8]) -> bool {
    b.windows(2).any(|w| {
        matches!(
            w,
            [0xc0 | 0xc1, _] | [0xe0, 0x80..=0x9f] | [0xf0, 0x80..=0x8f]
        )
    })
}
