//! The link's bytes: a writer and a reader of whole bytes, small numbers
//! (7 bits a byte) and bit fields (a move's index takes only the bits its
//! count of choices needs), and base64url text, which a URL fragment
//! carries as it is. The reader never panics: past the end it says so.

/// Bytes and bits, written in order; bits fill a byte from its low end.
#[derive(Default)]
pub struct Writer {
    pub bytes: Vec<u8>,
    /// Bits used in the last byte (0: start a new byte).
    bit: u8,
}

impl Writer {
    pub fn byte(&mut self, b: u8) {
        self.bit = 0;
        self.bytes.push(b);
    }

    pub fn slice(&mut self, s: &[u8]) {
        self.bit = 0;
        self.bytes.extend_from_slice(s);
    }

    /// A whole number, 7 bits a byte, low first; the high bit says more follow.
    pub fn number(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.byte(n as u8 | 0x80);
            n >>= 7;
        }
        self.byte(n as u8);
    }

    /// `value` in the fewest bits that hold every number below `count`
    /// (none when `count` is 1).
    pub fn bits_below(&mut self, value: u32, count: u32) {
        for i in 0..width(count) {
            if self.bit == 0 {
                self.bytes.push(0);
            }
            if value >> i & 1 != 0 {
                *self.bytes.last_mut().expect("pushed above") |= 1 << self.bit;
            }
            self.bit = (self.bit + 1) % 8;
        }
    }
}

/// The bits needed for a number below `count`.
pub fn width(count: u32) -> u32 {
    32 - count.saturating_sub(1).leading_zeros()
}

/// Reads what a [`Writer`] wrote; `None` past the end.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    bit: u8,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            bytes,
            at: 0,
            bit: 0,
        }
    }

    fn align(&mut self) {
        if self.bit != 0 {
            self.bit = 0;
            self.at += 1;
        }
    }

    pub fn byte(&mut self) -> Option<u8> {
        self.align();
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    pub fn slice(&mut self, n: usize) -> Option<&'a [u8]> {
        self.align();
        let s = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(s)
    }

    pub fn array<const N: usize>(&mut self) -> Option<[u8; N]> {
        let mut a = [0; N];
        a.copy_from_slice(self.slice(N)?);
        Some(a)
    }

    /// A number written by [`Writer::number`]; `None` past the end or
    /// beyond 64 bits.
    pub fn number(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f).checked_shl(shift)?;
            if b & 0x80 == 0 {
                return Some(n);
            }
        }
        None
    }

    pub fn bits_below(&mut self, count: u32) -> Option<u32> {
        let mut v = 0;
        for i in 0..width(count) {
            let b = *self.bytes.get(self.at)?;
            v |= u32::from(b >> self.bit & 1) << i;
            self.bit += 1;
            if self.bit == 8 {
                self.bit = 0;
                self.at += 1;
            }
        }
        Some(v)
    }

    /// How many bytes were read (a partly read byte counts).
    pub fn position(&self) -> usize {
        self.at + (self.bit != 0) as usize
    }

    /// Whether everything was read (a partly read last byte counts as read).
    pub fn done(&self) -> bool {
        self.position() >= self.bytes.len()
    }
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn to_text(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for c in bytes.chunks(3) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=c.len() {
            s.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    s
}

/// The bytes of base64url text; `None` for a character outside the
/// alphabet or a length no encoding gives.
pub fn from_text(text: &[u8]) -> Option<Vec<u8>> {
    // A plain loop: collecting into an `Option` costs a function a chain.
    let mut digits = Vec::with_capacity(text.len());
    for &c in text {
        digits.push(ALPHABET.iter().position(|&a| a == c)? as u8);
    }
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for c in digits.chunks(4) {
        let n = c
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for i in 0..c.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

/// UTF-8 bytes as text, `None` if they are not UTF-8: a name in a link.
/// Written out because `String::from_utf8` costs the wasm about 300 B
/// gzip, and nothing else on the page needs it. Overlong forms are let
/// through: they still decode to one real character.
pub fn utf8(bytes: &[u8]) -> Option<String> {
    let mut s = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = u32::from(bytes[i]);
        let (mut c, more) = match b {
            0..=0x7f => (b, 0),
            0xc0..=0xdf => (b & 0x1f, 1),
            0xe0..=0xef => (b & 0x0f, 2),
            0xf0..=0xf7 => (b & 0x07, 3),
            _ => return None,
        };
        for _ in 0..more {
            i += 1;
            let n = u32::from(*bytes.get(i)?);
            if n & 0xc0 != 0x80 {
                return None;
            }
            c = c << 6 | (n & 0x3f);
        }
        s.push(char::from_u32(c)?);
        i += 1;
    }
    Some(s)
}
