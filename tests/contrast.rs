//! The board's frames and hatchings stand out from what lies under them by
//! at least 3:1 (WCAG 2.1, 1.4.11 non-text contrast; issue 34): the frame of
//! the tile being placed, the dashed frame of a square where it fits, the
//! spot's and the last move's frames, a feature's outline, the hint's ring,
//! the crossed-out squares and the Fields hatching, against the tile
//! palette and the table. The colours are
//! read from the board's own source (`src/web/board`, built for the browser
//! only), so a colour changed there is measured here. A frame drawn as a
//! dark and a light line side by side passes where either line does.
//! `cargo test --test contrast -- --nocapture` prints every ratio.

const RENDER: &str = include_str!("../src/web/board/render.rs");
const TILES: &str = include_str!("../src/web/board/tile_art.rs");
const FIELDS: &str = include_str!("../src/web/board/fields.rs");
const PIECES: &str = include_str!("../src/web/board/meeple_art.rs");

/// The text of `const NAME: … = …;` in `src`.
fn value<'a>(src: &'a str, name: &str) -> &'a str {
    let at = src
        .find(&format!("const {name}: "))
        .unwrap_or_else(|| panic!("no const {name}"));
    let rest = &src[at..];
    let tail = &rest[rest.find(" = ").unwrap() + 3..];
    tail[..tail.find(';').unwrap()].trim()
}

/// The colour a `&str` const names.
fn named(src: &str, name: &str) -> Rgba {
    parse(value(src, name).trim_matches('"'))
}

type Rgba = [f64; 4];

/// `#rrggbb` or `rgba(r,g,b,a)`.
fn parse(c: &str) -> Rgba {
    if let Some(hex) = c.strip_prefix('#') {
        let n = u32::from_str_radix(hex, 16).unwrap();
        return [
            (n >> 16) as f64,
            (n >> 8 & 255) as f64,
            (n & 255) as f64,
            1.0,
        ];
    }
    let inner = c.trim_start_matches("rgba(").trim_end_matches(')');
    let v: Vec<f64> = inner
        .split(',')
        .map(|x| x.trim().parse().unwrap())
        .collect();
    [v[0], v[1], v[2], v[3]]
}

/// `top` painted over the opaque `under`.
fn over(top: Rgba, under: Rgba) -> Rgba {
    let a = top[3];
    [
        top[0] * a + under[0] * (1.0 - a),
        top[1] * a + under[1] * (1.0 - a),
        top[2] * a + under[2] * (1.0 - a),
        1.0,
    ]
}

fn luminance(c: Rgba) -> f64 {
    let f = |v: f64| {
        let s = v / 255.0;
        if s <= 0.039_28 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2])
}

fn ratio(a: Rgba, b: Rgba) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The worst contrast of a frame of `lines` (side by side, each painted
/// over the backdrop) over each of `under`: the best line on each
/// backdrop, the worst backdrop.
fn worst(lines: &[Rgba], under: &[(&str, Rgba)]) -> (f64, String) {
    under
        .iter()
        .map(|&(name, u)| {
            let best = lines
                .iter()
                .map(|&l| ratio(over(l, u), u))
                .fold(0.0, f64::max);
            (best, name.to_string())
        })
        .fold((f64::INFINITY, String::new()), |a, b| {
            if b.0 < a.0 {
                b
            } else {
                a
            }
        })
}

/// What a tile's edge shows, where a frame round the tile lies.
fn tile_palette() -> Vec<(&'static str, Rgba)> {
    [
        "FIELD",
        "FIELD_DARK",
        "FIELD_LIGHT",
        "CITY",
        "ROAD",
        "ROAD_EDGE",
        "WALL",
        "WALL_TOP",
        "RIVER",
        "RIVER_EDGE",
    ]
    .into_iter()
    .map(|n| (n, named(TILES, n)))
    .collect()
}

fn table() -> Vec<(&'static str, Rgba)> {
    vec![
        ("TABLE", named(RENDER, "TABLE")),
        ("OFF_TABLE", named(RENDER, "OFF_TABLE")),
    ]
}

/// Every frame and hatching the board draws, with its worst contrast.
fn measure() -> Vec<(String, f64, String)> {
    let dark = named(RENDER, "FRAME_DARK");
    let mut out = Vec::new();
    let mut put = |what: &str, (r, on): (f64, String)| out.push((what.to_string(), r, on));
    let table_bg = named(RENDER, "TABLE");
    // The tile being placed: its frame lies on the tile's edge, beside the
    // squares around it.
    let mut round_a_tile = tile_palette();
    round_a_tile.extend(table());
    for name in ["FITS_FRAME", "TURNED_FRAME", "NO_FRAME"] {
        put(
            &format!("placing: {name} with FRAME_DARK"),
            worst(&[named(RENDER, name), dark], &round_a_tile),
        );
    }
    // A square where the tile fits: the dashes on its lightened square.
    let lit = over(named(RENDER, "FIT_FILL"), table_bg);
    put(
        "fits: FIT_EDGE dashes",
        worst(&[named(RENDER, "FIT_EDGE")], &[("FIT_FILL on TABLE", lit)]),
    );
    // The spot's frame on its empty square; the last move's on its tile.
    put(
        "spot: EXAMINED with FRAME_DARK",
        worst(&[named(RENDER, "EXAMINED"), dark], &table()),
    );
    put(
        "last move: LAST_MOVE with FRAME_DARK",
        worst(&[named(RENDER, "LAST_MOVE"), dark], &round_a_tile),
    );
    // The outline of the feature a card is about, and the hint's gold ring.
    put(
        "feature outline: EXAMINED with FRAME_DARK",
        worst(&[named(RENDER, "EXAMINED"), dark], &round_a_tile),
    );
    put(
        "hint ring: HINT_GOLD with FRAME_DARK",
        worst(&[named(RENDER, "HINT_GOLD"), dark], &round_a_tile),
    );
    // A crossed-out square: the cross and frame on its shaded square.
    let shaded = over(named(RENDER, "CROSS_FILL"), table_bg);
    put(
        "crossed out: CROSS_EDGE",
        worst(
            &[named(RENDER, "CROSS_EDGE")],
            &[("CROSS_FILL on TABLE", shaded)],
        ),
    );
    // Fields: each colour's stripes, on its dark edge, over the fields it tints.
    let tint: f64 = value(FIELDS, "TINT").parse().unwrap();
    let edge = named(FIELDS, "HATCH_EDGE");
    let list = value(PIECES, "COLOURS");
    let colours: Vec<Rgba> = list
        .split('"')
        .filter(|s| s.starts_with('#'))
        .map(parse)
        .collect();
    assert_eq!(colours.len(), 6);
    for (i, c) in colours.iter().enumerate() {
        let fields: Vec<(&str, Rgba)> = ["FIELD", "FIELD_DARK", "FIELD_LIGHT"]
            .into_iter()
            .map(|n| (n, over([c[0], c[1], c[2], tint], named(TILES, n))))
            .collect();
        put(
            &format!("Fields: colour {i} stripes with HATCH_EDGE"),
            worst(&[*c, edge], &fields),
        );
    }
    out
}

#[test]
fn frames_and_hatchings_stand_out_3_to_1_from_what_lies_under_them() {
    let all = measure();
    for (what, r, on) in &all {
        println!("{r:5.2}:1  {what} (worst on {on})");
    }
    let low: Vec<_> = all.iter().filter(|m| m.1 < 3.0).collect();
    assert!(low.is_empty(), "under 3:1: {low:?}");
}

#[test]
fn the_measure_is_wcags() {
    let white = parse("#ffffff");
    let black = parse("#000000");
    assert!((ratio(white, black) - 21.0).abs() < 1e-9);
    assert!((ratio(white, white) - 1.0).abs() < 1e-9);
    // A known pair: #777777 on white is 4.48:1.
    assert!((ratio(parse("#777777"), white) - 4.48).abs() < 0.01);
    // Half-transparent black over white is a mid grey.
    assert_eq!(over(parse("rgba(0,0,0,0.5)"), white)[0], 127.5);
}
