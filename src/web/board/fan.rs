//! Spreads the follower step's markers so no two overlap and none hides the
//! tile: crowded markers fan out around the tile, each toward its spot. Pure geometry in CSS pixels (trigonometry from JS's Math,
//! which keeps libm out of the bundle).

use js_sys::Math;

/// Marker centres for spots `at` (CSS px) on a tile centred at `centre`,
/// `tile` px wide: every two at least `gap` apart, each inside `bounds`
/// (left, top, right, bottom) when the bounds allow. Spots far enough apart
/// keep their markers; crowded ones are fanned out around the tile, each
/// as near the direction of its spot as its neighbours allow, so the tile's
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
    let p: Vec<(f64, f64)> = at.iter().map(|&q| clamp(q)).collect();
    if apart(&p, gap) {
        return p;
    }
    let around = around(at, centre, 0.62 * tile + gap / 2.0, gap, clamp);
    if apart(&around, gap) {
        return around;
    }
    // Against the screen's edge: pushed apart from there.
    let pushed = push_apart(around, gap, clamp);
    if apart(&pushed, gap) {
        return pushed;
    }
    ring(at, centre, gap, clamp)
}

/// The markers on a circle of `radius` around the tile, each at its spot's
/// direction, spread along the circle until neighbours are `gap` apart.
fn around(
    at: &[(f64, f64)],
    centre: (f64, f64),
    radius: f64,
    gap: f64,
    clamp: impl Fn((f64, f64)) -> (f64, f64),
) -> Vec<(f64, f64)> {
    let n = at.len();
    let tau = 2.0 * core::f64::consts::PI;
    // Angle between neighbours; a wider circle when they do not fit.
    let step = 2.0 * Math::asin((gap * 0.51 / radius).min(1.0));
    let radius = if step * n as f64 > tau {
        gap * 0.51 / Math::sin(tau / n as f64 / 2.0)
    } else {
        radius
    };
    let step = 2.0 * Math::asin((gap * 0.51 / radius).min(1.0));
    // Spots at the very centre (a monastery) point up.
    let mut a: Vec<f64> = at
        .iter()
        .map(|q| {
            let (dx, dy) = (q.0 - centre.0, q.1 - centre.1);
            if dx * dx + dy * dy < 4.0 {
                -tau / 4.0
            } else {
                Math::atan2(dy, dx)
            }
        })
        .collect();
    let order = sorted(&a);
    // Neighbours too close in angle push each other apart, round and round.
    for _ in 0..60 {
        let mut moved = false;
        for k in 0..n {
            let (i, j) = (order[k], order[(k + 1) % n]);
            let mut d = a[j] - a[i];
            if k + 1 == n {
                d += tau;
            }
            if n > 1 && d < step {
                let push = (step - d) / 2.0 + 1e-4;
                a[i] -= push;
                a[j] += push;
                moved = true;
            }
        }
        if !moved {
            break;
        }
    }
    a.iter()
        .map(|&t| {
            clamp((
                centre.0 + radius * Math::cos(t),
                centre.1 + radius * Math::sin(t),
            ))
        })
        .collect()
}

/// Indices of `a` in increasing order (insertion sort: a handful of markers,
/// and std's sort is large in wasm).
fn sorted(a: &[f64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..a.len()).collect();
    for i in 1..order.len() {
        let mut j = i;
        while j > 0 && a[order[j - 1]] > a[order[j]] {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    order
}

/// Pushes markers closer than `gap` away from each other, within the bounds.
fn push_apart(
    mut p: Vec<(f64, f64)>,
    gap: f64,
    clamp: impl Fn((f64, f64)) -> (f64, f64),
) -> Vec<(f64, f64)> {
    let n = p.len();
    let want = gap * 1.02;
    for round in 0..80 {
        let mut moved = false;
        for i in 0..n {
            for j in i + 1..n {
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
                    let a = (j as f64) * 2.4 + round as f64;
                    (Math::cos(a), Math::sin(a))
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
    (0..p.len()).all(|i| {
        (i + 1..p.len()).all(|j| {
            let (dx, dy) = (p[j].0 - p[i].0, p[j].1 - p[i].1);
            dx * dx + dy * dy >= gap * gap * 0.999
        })
    })
}

/// The markers evenly on a ring around `centre`, ordered by their spots' angles.
fn ring(
    at: &[(f64, f64)],
    centre: (f64, f64),
    gap: f64,
    clamp: impl Fn((f64, f64)) -> (f64, f64),
) -> Vec<(f64, f64)> {
    let n = at.len();
    let angles: Vec<f64> = at
        .iter()
        .map(|q| Math::atan2(q.1 - centre.1, q.0 - centre.0))
        .collect();
    let order = sorted(&angles);
    let step = 2.0 * core::f64::consts::PI / n as f64;
    let radius = gap * 1.05 / (2.0 * Math::sin(step / 2.0)).max(1e-6);
    let start = angles[order[0]];
    let mut out = vec![centre; n];
    for (k, &i) in order.iter().enumerate() {
        let a = start + step * k as f64;
        out[i] = clamp((
            centre.0 + radius * Math::cos(a),
            centre.1 + radius * Math::sin(a),
        ));
    }
    out
}
