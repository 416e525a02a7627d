//! The QR code a phone scans off the screen to get a link
//! (`link/qr.rs`): format and version information, Reed–Solomon checks,
//! the function patterns where a reader looks for them, and the version
//! each length needs, against the numbers of ISO/IEC 18004.
//! `tests/e2e/qr.test.mjs` decodes the page's drawings with a real reader.

use carcassonne::link::qr::{ec_codewords, encode, format_bits, version_bits, Qr};

/// Annex C's format information, masks 0–7, levels L, M, Q, H.
const FORMATS: [[&str; 8]; 4] = [
    [
        "111011111000100",
        "111001011110011",
        "111110110101010",
        "111100010011101",
        "110011000101111",
        "110001100011000",
        "110110001000001",
        "110100101110110",
    ],
    [
        "101010000010010",
        "101000100100101",
        "101111001111100",
        "101101101001011",
        "100010111111001",
        "100000011001110",
        "100111110010111",
        "100101010100000",
    ],
    [
        "011010101011111",
        "011000001101000",
        "011111100110001",
        "011101000000110",
        "010010010110100",
        "010000110000011",
        "010111011011010",
        "010101111101101",
    ],
    [
        "001011010001001",
        "001001110111110",
        "001110011100111",
        "001100111010000",
        "000011101100010",
        "000001001010101",
        "000110100001100",
        "000100000111011",
    ],
];

/// Annex D's version information, versions 7–40.
const VERSIONS: [u32; 34] = [
    0x07C94, 0x085BC, 0x09A99, 0x0A4D3, 0x0BBF6, 0x0C762, 0x0D847, 0x0E60D, 0x0F928, 0x10B78,
    0x1145D, 0x12A17, 0x13532, 0x149A6, 0x15683, 0x168C9, 0x177EC, 0x18EC4, 0x191E1, 0x1AFAB,
    0x1B08E, 0x1CC1A, 0x1D33F, 0x1ED75, 0x1F250, 0x209D5, 0x216F0, 0x228BA, 0x2379F, 0x24B0B,
    0x2542E, 0x26A64, 0x27541, 0x28C69,
];

/// Table 7: the most bytes each version holds at level M.
const CAPACITY: [usize; 40] = [
    14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
    711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911,
    1989, 2099, 2213, 2331,
];

/// Annex E's alignment pattern rows and columns for a few versions.
const ALIGNMENT: [(u8, &[usize]); 5] = [
    (2, &[6, 18]),
    (7, &[6, 22, 38]),
    (14, &[6, 26, 46, 66]),
    (32, &[6, 34, 60, 86, 112, 138]),
    (40, &[6, 30, 58, 86, 114, 142, 170]),
];

fn bytes(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 37 + n) as u8).collect()
}

/// A code of the given version: its capacity in bytes.
fn of_version(v: u8) -> Qr {
    let qr = encode(&bytes(CAPACITY[v as usize - 1])).expect("fits");
    assert_eq!(qr.version, v);
    qr
}

#[test]
fn format_information_is_annex_c_for_every_level_and_mask() {
    // The levels' indicators: L 01, M 00, Q 11, H 10.
    for (row, level) in [1, 0, 3, 2].into_iter().enumerate() {
        for mask in 0..8 {
            let want = u32::from_str_radix(FORMATS[row][mask as usize], 2).unwrap();
            assert_eq!(format_bits(level, mask), want, "level {level} mask {mask}");
        }
    }
}

#[test]
fn version_information_is_annex_d_from_version_7() {
    for (i, &want) in VERSIONS.iter().enumerate() {
        assert_eq!(version_bits(i as u8 + 7), want, "version {}", i + 7);
    }
}

// GF(256) by log and antilog tables, apart from the encoder's bitwise product.
fn field() -> ([u8; 256], [u8; 256]) {
    let (mut exp, mut log) = ([0u8; 256], [0u8; 256]);
    let mut x: u16 = 1;
    for (i, e) in exp.iter_mut().take(255).enumerate() {
        *e = x as u8;
        log[x as usize] = i as u8;
        x <<= 1;
        if x & 0x100 != 0 {
            x ^= 0x11D;
        }
    }
    (exp, log)
}

#[test]
fn reed_solomon_matches_annex_i_and_every_codeword_has_zero_syndromes() {
    // Annex I's 1-M symbol: its 16 data codewords and 10 check codewords.
    let data = [
        0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
        0x11,
    ];
    let want = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55];
    assert_eq!(ec_codewords(&data, 10)[..10], want);

    // A codeword (data then checks) is a multiple of the generator, so it
    // vanishes at each of the generator's roots α⁰ … αⁿ⁻¹: a reader finds no error.
    let (exp, log) = field();
    for n in [7, 10, 16, 18, 22, 24, 26, 28, 30] {
        for len in [1, 13, 47, 122] {
            let mut word = bytes(len);
            word.extend_from_slice(&ec_codewords(&word, n)[..n]);
            for i in 0..n {
                let mut s = 0u8;
                for &c in &word {
                    // s = s·αⁱ + c
                    if s != 0 {
                        s = exp[(log[s as usize] as usize + i) % 255];
                    }
                    s ^= c;
                }
                assert_eq!(s, 0, "syndrome {i} of a {len}-byte block with {n} checks");
            }
        }
    }
}

/// A finder's 7×7 rings with its light separator, as the module at
/// `(x, y)` from its top-left corner (`-1..=7`) should be.
fn finder(x: isize, y: isize) -> bool {
    let d = (x - 3).abs().max((y - 3).abs());
    d != 2 && d != 4
}

#[test]
fn function_patterns_stand_where_a_reader_looks_for_them() {
    for v in 1..=40 {
        let qr = of_version(v);
        let n = qr.size;
        assert_eq!(n, 17 + 4 * v as usize);
        let at = |x: isize, y: isize| qr.dark(x as usize, y as usize);
        let m = n as isize;
        for y in -1..=7 {
            for x in -1..=7 {
                for (ox, oy) in [(0, 0), (m - 7, 0), (0, m - 7)] {
                    let (px, py) = (ox + x, oy + y);
                    if (0..m).contains(&px) && (0..m).contains(&py) {
                        assert_eq!(at(px, py), finder(x, y), "v{v} finder at {px},{py}");
                    }
                }
            }
        }
        for i in 8..n - 8 {
            assert_eq!(qr.dark(i, 6), i % 2 == 0, "v{v} timing row at {i}");
            assert_eq!(qr.dark(6, i), i % 2 == 0, "v{v} timing column at {i}");
        }
        assert!(qr.dark(8, n - 8), "v{v} dark module");

        // Both copies of the format information, level M and the chosen mask.
        let want = format_bits(0, qr.mask);
        let (mut a, mut b) = (0, 0);
        for i in 0..15 {
            let (x, y) = match i {
                0..=5 => (8, i),
                6 | 7 => (8, i + 1),
                8 => (7, 8),
                _ => (14 - i, 8),
            };
            a |= (qr.dark(x, y) as u32) << i;
            let (x, y) = if i < 8 {
                (n - 1 - i, 8)
            } else {
                (8, n - 15 + i)
            };
            b |= (qr.dark(x, y) as u32) << i;
        }
        assert_eq!((a, b), (want, want), "v{v} format information");

        // Both copies of the version information.
        if v >= 7 {
            let (mut a, mut b) = (0, 0);
            for i in 0..18 {
                a |= (qr.dark(i / 3, n - 11 + i % 3) as u32) << i;
                b |= (qr.dark(n - 11 + i % 3, i / 3) as u32) << i;
            }
            let want = VERSIONS[v as usize - 7];
            assert_eq!((a, b), (want, want), "v{v} version information");
        }
    }
}

#[test]
fn alignment_patterns_stand_at_annex_e_positions() {
    for (v, places) in ALIGNMENT {
        let qr = of_version(v);
        let last = places.len() - 1;
        for (i, &cx) in places.iter().enumerate() {
            for (j, &cy) in places.iter().enumerate() {
                if i.min(j) == 0 && (i + j == 0 || i + j == last) {
                    continue; // a finder is there
                }
                for dy in 0..5 {
                    for dx in 0..5 {
                        let d = (dx as isize - 2).abs().max((dy as isize - 2).abs());
                        let (x, y) = (cx + dx - 2, cy + dy - 2);
                        assert_eq!(
                            qr.dark(x, y),
                            d != 1,
                            "v{v} alignment at {cx},{cy}: {x},{y}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn each_length_gets_the_smallest_version_that_holds_it() {
    assert_eq!(encode(b"").map(|q| q.version), Some(1));
    for (i, &cap) in CAPACITY.iter().enumerate() {
        let v = i as u8 + 1;
        assert_eq!(
            encode(&bytes(cap)).map(|q| q.version),
            Some(v),
            "{cap} bytes"
        );
        let more = encode(&bytes(cap + 1)).map(|q| q.version);
        assert_eq!(
            more,
            if v < 40 { Some(v + 1) } else { None },
            "{} bytes",
            cap + 1
        );
    }
    // A 2,000-character link, the longest issue 38 allows, fits; far past does not.
    assert_eq!(encode(&bytes(2000)).map(|q| q.version), Some(38));
    assert!(encode(&bytes(5000)).is_none());
}
