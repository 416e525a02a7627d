//! The link's SHA-256 against the test vectors of FIPS 180-4 (NIST's
//! "SHA-256 examples" and the long message of its test suite): a fault
//! here would let two devices disagree on a draw or accept a false reveal.

use carcassonne::link::sha256::{sha256, Sha256};

fn hex(d: [u8; 32]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_nist_short_messages_hash_to_their_published_values() {
    let cases: [(&[u8], &str); 4] = [
        (
            b"",
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
        ),
        (
            b"abc",
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        ),
        (
            b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
        ),
        (
            b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
        ),
    ];
    for (m, d) in cases {
        assert_eq!(hex(sha256(m)), d, "{:?}", String::from_utf8_lossy(m));
    }
}

#[test]
fn a_million_a_fed_in_uneven_pieces_hashes_as_published() {
    let mut h = Sha256::new();
    let piece = [b'a'; 997];
    let mut left = 1_000_000;
    while left > 0 {
        let n = left.min(piece.len());
        h.update(&piece[..n]);
        left -= n;
    }
    assert_eq!(
        hex(h.finish()),
        "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    );
}

#[test]
fn messages_around_the_padding_boundary_hash_as_in_one_piece() {
    // 55, 56 and 64 bytes need one or two padding blocks; byte by byte and
    // whole must agree, and each length must give its own hash.
    let mut seen = Vec::new();
    for n in 50..70 {
        let m: Vec<u8> = (0..n as u8).collect();
        let mut h = Sha256::new();
        for b in &m {
            h.update(&[*b]);
        }
        let d = h.finish();
        assert_eq!(d, sha256(&m));
        assert!(!seen.contains(&d));
        seen.push(d);
    }
    // Known hash of 64 'a's (two blocks once padded).
    assert_eq!(
        hex(sha256(&[b'a'; 64])),
        "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"
    );
}
