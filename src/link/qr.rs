//! QR codes (ISO/IEC 18004, model 2) so that a phone in the same room can
//! scan a link off the tablet's screen. Byte mode, error correction level M
//! for every length: it holds 2,331 bytes at version 40, past the 2,000
//! characters a link may have, and a one-turn link (≤ ~700 bytes) fits in
//! version 21 at most. A screen's glare and moiré are what M's 15 % covers.
//!
//! Written for the bundle, not for speed: GF(256) multiplies bit by bit,
//! the capacities and alignment positions are computed, and the only table
//! is level M's blocks (80 bytes).

/// Error correction codewords in each block, versions 1–40, level M.
const ECC: [u8; 40] = [
    10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];

/// Reed–Solomon blocks, versions 1–40, level M.
const BLOCKS: [u8; 40] = [
    1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
    26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

/// A QR code's modules. Each byte: bit 0 dark, bit 1 part of a function
/// pattern (finders, timing, alignment, format and version information).
pub struct Qr {
    /// Modules on a side, without the quiet zone: 17 + 4 × version.
    pub size: usize,
    pub version: u8,
    pub mask: u8,
    modules: Vec<u8>,
}

impl Qr {
    /// Whether the module in column `x`, row `y` is dark.
    pub fn dark(&self, x: usize, y: usize) -> bool {
        self.modules[y * self.size + x] & 1 != 0
    }

    fn set(&mut self, x: usize, y: usize, dark: bool) {
        self.modules[y * self.size + x] = 2 | dark as u8;
    }

    fn function(&self, x: usize, y: usize) -> bool {
        self.modules[y * self.size + x] & 2 != 0
    }
}

/// GF(256) multiplication modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D).
fn mul(x: u8, y: u8) -> u8 {
    let mut z: u32 = 0;
    for i in (0..8).rev() {
        z = (z << 1) ^ ((z >> 7) * 0x11D);
        z ^= ((y as u32 >> i) & 1) * x as u32;
    }
    z as u8
}

/// The `n` (≤ 30) Reed–Solomon check codewords of `data`, first in the
/// array: the remainder of data·xⁿ divided by the generator ∏ (x − αⁱ),
/// i = 0..n, with α = 2.
pub fn ec_codewords(data: &[u8], n: usize) -> [u8; 30] {
    // The generator's coefficients, highest first, its leading 1 left out.
    let mut g = [0u8; 30];
    g[n - 1] = 1;
    let mut root = 1;
    for _ in 0..n {
        for j in 0..n {
            g[j] = mul(g[j], root);
            if j + 1 < n {
                g[j] ^= g[j + 1];
            }
        }
        root = mul(root, 2);
    }
    let mut rem = [0u8; 30];
    for &d in data {
        let f = d ^ rem[0];
        for j in 0..n {
            let next = if j + 1 < n { rem[j + 1] } else { 0 };
            rem[j] = next ^ mul(g[j], f);
        }
    }
    rem
}

/// The 15 format bits for an error correction level's 2-bit indicator
/// (L 01, M 00, Q 11, H 10) and a mask: BCH(15, 5), then XOR 0x5412.
pub fn format_bits(level: u8, mask: u8) -> u32 {
    let data = (level as u32) << 3 | mask as u32;
    let mut rem = data;
    for _ in 0..10 {
        rem = (rem << 1) ^ ((rem >> 9) * 0x537);
    }
    (data << 10 | rem) ^ 0x5412
}

/// The 18 version bits (versions 7 and up): BCH(18, 6).
pub fn version_bits(version: u8) -> u32 {
    let mut rem = version as u32;
    for _ in 0..12 {
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25);
    }
    (version as u32) << 12 | rem
}

/// Codewords a version holds, data and check: its modules less the
/// function patterns, in bytes (the bits left over stay light).
fn raw_codewords(v: usize) -> usize {
    let mut n = (16 * v + 128) * v + 64;
    if v >= 2 {
        let a = v / 7 + 2;
        n -= (25 * a - 10) * a - 55;
        if v >= 7 {
            n -= 36;
        }
    }
    n / 8
}

/// Data codewords a version holds at level M.
fn data_codewords(v: usize) -> usize {
    raw_codewords(v) - BLOCKS[v - 1] as usize * ECC[v - 1] as usize
}

/// Writes `value`'s low `bits` bits at bit `at` of `out`, first bit highest.
fn put(out: &mut [u8], at: &mut usize, value: usize, bits: usize) {
    for i in (0..bits).rev() {
        out[*at / 8] |= ((value >> i & 1) << (7 - *at % 8)) as u8;
        *at += 1;
    }
}

/// The code for `data` in byte mode at level M, in the smallest version
/// that holds it; `None` past 2,331 bytes.
pub fn encode(data: &[u8]) -> Option<Qr> {
    let mut v = 1;
    // Mode and count take 12 bits, or 20 from version 10; with the 4-bit
    // terminator, the stream is then 2 or 3 bytes more than the data.
    while data.len() + 2 + (v >= 10) as usize > data_codewords(v) {
        v += 1;
        if v > 40 {
            return None;
        }
    }
    let cap = data_codewords(v);
    // The stream: mode 0100, the count, the bytes, then the terminator
    // 0000 (the stream's length is 4 bits short of whole bytes, and they
    // stay 0), then the pad bytes.
    let mut stream = vec![0u8; cap];
    let mut at = 0;
    put(&mut stream, &mut at, 4, 4);
    put(
        &mut stream,
        &mut at,
        data.len(),
        if v < 10 { 8 } else { 16 },
    );
    for &b in data {
        put(&mut stream, &mut at, b as usize, 8);
    }
    let mut pad = 0xEC;
    for b in &mut stream[(at + 4) / 8..] {
        *b = pad;
        pad ^= 0xEC ^ 0x11;
    }

    // Blocks: the short ones first, the long ones a data codeword more;
    // the data interleaved a codeword of each block at a time, then the checks.
    let blocks = BLOCKS[v - 1] as usize;
    let ecc = ECC[v - 1] as usize;
    let raw = raw_codewords(v);
    let short = raw / blocks - ecc;
    let shorts = blocks - raw % blocks;
    let mut words = vec![0u8; raw];
    let mut start = 0;
    for b in 0..blocks {
        let len = short + (b >= shorts) as usize;
        let block = &stream[start..start + len];
        for i in 0..len {
            words[if i < short {
                i * blocks + b
            } else {
                short * blocks + b - shorts
            }] = block[i];
        }
        let check = ec_codewords(block, ecc);
        for i in 0..ecc {
            words[cap + i * blocks + b] = check[i];
        }
        start += len;
    }

    let size = 17 + 4 * v;
    let mut qr = Qr {
        size,
        version: v as u8,
        mask: 0,
        modules: vec![0; size * size],
    };
    qr.patterns();
    qr.place(&words);
    let mut best = u32::MAX;
    for mask in 0..8 {
        qr.apply(mask);
        let p = qr.penalty();
        if p < best {
            best = p;
            qr.mask = mask;
        }
        qr.apply(mask);
    }
    qr.apply(qr.mask);
    Some(qr)
}

impl Qr {
    /// Draws the function patterns; the format bits' places are reserved
    /// (written with each mask).
    fn patterns(&mut self) {
        let n = self.size;
        for i in 0..n {
            self.set(6, i, i % 2 == 0);
            self.set(i, 6, i % 2 == 0);
        }
        // Finders with their light separators: light 2 and 4 modules out.
        self.square(3, 3, 4, 0b10100);
        self.square(n - 4, 3, 4, 0b10100);
        self.square(3, n - 4, 4, 0b10100);
        // Alignment patterns: at every pair of the positions but the finders'.
        let v = self.version as usize;
        if v >= 2 {
            let count = v / 7 + 2;
            let step = if v == 32 {
                26
            } else {
                (v * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            };
            for i in 0..count {
                for j in 0..count {
                    let last = count - 1;
                    if i.min(j) == 0 && (i + j == 0 || i + j == last) {
                        continue;
                    }
                    let at = |k: usize| if k == 0 { 6 } else { n - 7 - (last - k) * step };
                    self.square(at(i), at(j), 2, 0b10);
                }
            }
        }
        self.format(0);
        if v >= 7 {
            let bits = version_bits(v as u8);
            for i in 0..18 {
                let dark = bits >> i & 1 != 0;
                let (a, b) = (n - 11 + i % 3, i / 3);
                self.set(a, b, dark);
                self.set(b, a, dark);
            }
        }
    }

    /// Draws the square of rings `r` modules out from (`cx`, `cy`), light
    /// where `light` has the ring's bit; what falls outside is left out.
    fn square(&mut self, cx: usize, cy: usize, r: usize, light: u8) {
        for dy in 0..=2 * r {
            for dx in 0..=2 * r {
                let (x, y) = ((cx + dx).wrapping_sub(r), (cy + dy).wrapping_sub(r));
                if x < self.size && y < self.size {
                    let d = dx.abs_diff(r).max(dy.abs_diff(r));
                    self.set(x, y, light >> d & 1 == 0);
                }
            }
        }
    }

    /// Writes the format bits for level M and `mask`, both copies, and the
    /// dark module beside the lower-left finder.
    fn format(&mut self, mask: u8) {
        let n = self.size;
        let bits = format_bits(0, mask);
        for i in 0..15 {
            let dark = bits >> i & 1 != 0;
            // Around the upper-left finder, skipping the timing pattern.
            let (x, y) = match i {
                0..=5 => (8, i),
                6..=7 => (8, i + 1),
                8 => (7, 8),
                _ => (14 - i, 8),
            };
            self.set(x, y, dark);
            // Split between the other two finders.
            let (x, y) = if i < 8 {
                (n - 1 - i, 8)
            } else {
                (8, n - 15 + i)
            };
            self.set(x, y, dark);
        }
        self.set(8, n - 8, true);
    }

    /// Lays the codewords' bits in two-module columns from the right,
    /// up then down, around the function patterns.
    fn place(&mut self, words: &[u8]) {
        let n = self.size;
        let mut bit = 0;
        let mut right = n - 1;
        loop {
            if right == 6 {
                right = 5;
            }
            let up = (right + 1) & 2 == 0;
            for k in 0..n {
                let y = if up { n - 1 - k } else { k };
                for j in 0..2 {
                    let x = right - j;
                    if !self.function(x, y) && bit < words.len() * 8 {
                        self.modules[y * n + x] = words[bit >> 3] >> (7 - (bit & 7)) & 1;
                        bit += 1;
                    }
                }
            }
            if right < 3 {
                break;
            }
            right -= 2;
        }
    }

    /// Flips the data modules under `mask`'s pattern (applying it twice
    /// undoes it) and writes its format bits.
    fn apply(&mut self, mask: u8) {
        let n = self.size;
        for y in 0..n {
            for x in 0..n {
                let flip = match mask {
                    0 => (x + y) % 2,
                    1 => y % 2,
                    2 => x % 3,
                    3 => (x + y) % 3,
                    4 => (y / 2 + x / 3) % 2,
                    5 => x * y % 2 + x * y % 3,
                    6 => (x * y % 2 + x * y % 3) % 2,
                    _ => ((x + y) % 2 + x * y % 3) % 2,
                } == 0;
                if flip && !self.function(x, y) {
                    self.modules[y * n + x] ^= 1;
                }
            }
        }
        self.format(mask);
    }

    /// The standard's penalty: runs of five or more of one colour in a
    /// line (3 + the length past 5), 2×2 squares of one colour (3 each),
    /// finder-like 1:1:3:1:1 runs beside 4 light modules (40 each, outside
    /// counted as light), and 10 for each 5 % the dark share is off 50 %.
    fn penalty(&self) -> u32 {
        let n = self.size;
        let mut p = 0;
        let mut dark = 0;
        // Rows, then columns; the last 11 modules seen, first highest, in
        // `window`, and 4 light ones past the end.
        for a in 0..2 * n {
            let mut run = 0;
            let mut window = 0u32;
            for b in 0..n + 4 {
                let (x, y) = if a < n { (b, a) } else { (a - n, b) };
                let m = b < n && self.dark(x, y);
                let same = b > 0 && b < n && window & 1 == m as u32;
                window = (window << 1 | m as u32) & 0x7FF;
                if same {
                    run += 1;
                } else {
                    if run >= 5 {
                        p += run - 2;
                    }
                    run = 1;
                }
                if window == 0x5D0 || window == 0x05D {
                    p += 40;
                }
                if a < n && b < n {
                    dark += m as usize;
                    if a + 1 < n
                        && b + 1 < n
                        && m == self.dark(x + 1, y)
                        && m == self.dark(x, y + 1)
                        && m == self.dark(x + 1, y + 1)
                    {
                        p += 3;
                    }
                }
            }
        }
        let total = n * n;
        p + (dark * 20).abs_diff(total * 10) as u32 / total as u32 * 10
    }
}
