//! Spreads the follower step's markers so no two overlap and none hides the
//! tile: crowded markers fan out around the tile, each toward its spot.
//! Pure geometry in CSS pixels (trigonometry from JS's Math, which keeps
//! libm out of the bundle).

use js_sys::Math;

/// Marker centres for spots `at` (CSS px) on a tile centred at `centre`,
/// `tile` px wide: every two at least `gap` apart, each inside `bounds`
/// (left, top, right, bottom) when the bounds allow. Spots far enough apart
/// keep their markers; crowded ones go on a circle around the tile, each at
/// its spot's direction as far as its neighbours allow, so the tile's
/// features stay in sight.
pub fn fan(
    at: &[(f64, f64)],
    centre: (f64, f64),
    tile: f64,
    gap: f64,
    bounds: [f64; 4],
) -> Vec<(f64, f64)> {
    let clamp = |(x, y): (f64, f64)| {
        (
            x.max(bounds[0]).min(bounds[2].max(bounds[0])),
            y.max(bounds[1]).min(bounds[3].max(bounds[1])),
        )
    };
    let mut p: Vec<(f64, f64)> = Vec::with_capacity(at.len());
    for &q in at {
        p.push(clamp(q));
    }
    if apart(&p, gap) {
        return p;
    }
    let n = at.len() as f64;
    let tau = 2.0 * core::f64::consts::PI;
    // A circle just off the tile, wider when the markers do not fit round it.
    let half = gap * 0.51;
    let radius = (0.62 * tile + gap / 2.0).max(half / Math::sin(tau / n / 2.0));
    // Each marker starts at its spot's direction (spots at the very middle,
    // a monastery, point up), then neighbours push each other apart.
    for (q, s) in p.iter_mut().zip(at) {
        let (dx, dy) = (s.0 - centre.0, s.1 - centre.1);
        let t = if dx * dx + dy * dy < 4.0 {
            -tau / 4.0
        } else {
            Math::atan2(dy, dx)
        };
        *q = clamp((
            centre.0 + radius * Math::cos(t),
            centre.1 + radius * Math::sin(t),
        ));
    }
    let want = gap * 1.02;
    for round in 0..80 {
        let mut moved = false;
        for i in 0..p.len() {
            for j in i + 1..p.len() {
                let (dx, dy) = (p[j].0 - p[i].0, p[j].1 - p[i].1);
                let d = (dx * dx + dy * dy).sqrt();
                if d >= want {
                    continue;
                }
                moved = true;
                // Coincident markers part along a direction of their own.
                let (ux, uy) = if d > 1e-6 {
                    (dx / d, dy / d)
                } else {
                    let t = j as f64 * 2.4 + f64::from(round);
                    (Math::cos(t), Math::sin(t))
                };
                let push = (want - d) / 2.0;
                p[i] = clamp((p[i].0 - ux * push, p[i].1 - uy * push));
                p[j] = clamp((p[j].0 + ux * push, p[j].1 + uy * push));
            }
        }
        if !moved {
            break;
        }
    }
    p
}

/// Whether every two points are at least `gap` apart.
pub fn apart(p: &[(f64, f64)], gap: f64) -> bool {
    for i in 0..p.len() {
        for j in i + 1..p.len() {
            let (dx, dy) = (p[j].0 - p[i].0, p[j].1 - p[i].1);
            if dx * dx + dy * dy < gap * gap * 0.999 {
                return false;
            }
        }
    }
    true
}
