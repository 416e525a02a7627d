//! Where followers stand on each tile kind. Roads and cities have fixed
//! spots; a field's spot is found by drawing the tile's obstacles into a tiny
//! mask, flooding the field from its half-edges and taking its most inward
//! pixel, so farmers never land on a road, wall or river whatever the shape.

use super::tile_art::{draw_tile, segment_anchor, turn, Look};
use crate::engine::tile::{Centre, SegmentKind};
use crate::engine::{Location, TileKind};
use wasm_bindgen::JsCast;
use web_sys::CanvasRenderingContext2d as Ctx;

const N: usize = 40;

/// Follower spots of one kind in reference orientation (unit square).
#[derive(Clone, Copy)]
pub struct Anchors {
    pub seg: [(f64, f64); 8],
    pub centre: (f64, f64),
    /// Where the garden is drawn, when the tile shows one.
    pub garden: Option<(f64, f64)>,
}

impl Anchors {
    /// The spot for `loc` on a tile lying with rotation `r`, in board orientation.
    pub fn spot(&self, kind: TileKind, r: u8, loc: Location) -> (f64, f64) {
        let d = kind.def();
        let seg = match loc {
            Location::Side(s) => d.segment_at_side(s, r),
            Location::Half(h) => d.segment_at_half(h, r),
            Location::Center => None,
        };
        let p = match seg {
            Some(i) => self.seg[i as usize],
            None => self.centre,
        };
        turn(p, r)
    }
}

/// A row of a field's shape in the mask: row, first and last column.
pub type Run = (u8, u8, u8);

/// Computes anchors lazily, one kind at a time, and keeps them.
pub struct AnchorBook {
    ctx: Option<Ctx>,
    book: Vec<Option<Anchors>>,
    /// Field shapes as runs, eight segments per kind, for outlining a
    /// scored field.
    fields: Vec<Vec<Run>>,
    gardens: bool,
}

/// Columns and rows of the mask, for drawing runs in the unit square.
pub const MASK_SIZE: usize = N;

impl AnchorBook {
    /// `gardens`: whether garden tiles show their garden (edition c3).
    pub fn new(gardens: bool) -> AnchorBook {
        AnchorBook {
            ctx: None,
            book: vec![None; TileKind::COUNT],
            fields: Vec::new(),
            gardens,
        }
    }

    pub fn gardens(&self) -> bool {
        self.gardens
    }

    pub fn get(&mut self, kind: TileKind) -> Anchors {
        if let Some(a) = self.book[kind.0 as usize] {
            return a;
        }
        let a = self.compute(kind);
        self.book[kind.0 as usize] = Some(a);
        a
    }

    /// The shape of field segment `seg` of `kind` (reference orientation).
    pub fn field_runs(&mut self, kind: TileKind, seg: u8) -> &[Run] {
        self.get(kind);
        self.fields
            .get(kind.0 as usize * 8 + seg as usize)
            .map_or(&[], |v| v.as_slice())
    }

    fn mask_ctx(&mut self) -> Option<Ctx> {
        if self.ctx.is_none() {
            let doc = web_sys::window()?.document()?;
            let c: web_sys::HtmlCanvasElement = doc.create_element("canvas").ok()?.unchecked_into();
            c.set_width(N as u32);
            c.set_height(N as u32);
            let opts = js_sys::Object::new();
            js_sys::Reflect::set(&opts, &"willReadFrequently".into(), &true.into()).ok()?;
            let ctx = c
                .get_context_with_context_options("2d", &opts)
                .ok()??
                .unchecked_into();
            self.ctx = Some(ctx);
        }
        self.ctx.clone()
    }

    fn compute(&mut self, kind: TileKind) -> Anchors {
        let d = kind.def();
        let mut seg = [(0.5, 0.5); 8];
        for (i, s) in seg.iter_mut().enumerate().take(d.segments.len()) {
            *s = segment_anchor(d, i);
        }
        let mut centre = match d.centre {
            Centre::Monastery if d.river => (0.5, 0.6),
            Centre::Monastery => (0.5, 0.48),
            _ => (0.5, 0.5),
        };
        let shows_garden = self.gardens && d.centre == Centre::Garden;
        let mut garden = None;
        if self.fields.is_empty() {
            self.fields.resize(TileKind::COUNT * 8, Vec::new());
        }
        if let Some(ctx) = self.mask_ctx() {
            let runs = &mut self.fields[kind.0 as usize * 8..kind.0 as usize * 8 + 8];
            let fields = field_anchors(&ctx, kind, None, runs);
            if shows_garden {
                // The garden sits in the tile's main field.
                let main = (0..d.segments.len())
                    .filter(|&i| d.segments[i].kind == SegmentKind::Field)
                    .max_by_key(|&i| (d.segments[i].halves.count_ones(), 8 - i))
                    .unwrap_or(0);
                garden = Some(fields[main]);
                centre = fields[main];
                let again = field_anchors(&ctx, kind, garden, runs);
                copy_fields(d, &mut seg, &again);
            } else {
                copy_fields(d, &mut seg, &fields);
            }
        }
        Anchors {
            seg,
            centre,
            garden,
        }
    }
}

fn copy_fields(
    d: &crate::engine::tile::TileDef,
    seg: &mut [(f64, f64); 8],
    from: &[(f64, f64); 8],
) {
    for (i, s) in d.segments.iter().enumerate() {
        if s.kind == SegmentKind::Field {
            seg[i] = from[i];
        }
    }
}

/// The pixel span along the tile border next to half-edge `h`.
fn half_edge_pixels(h: u8) -> impl Iterator<Item = (usize, usize)> {
    let (lo, hi) = if matches!(h, 0 | 2 | 5 | 7) {
        (3, N / 2 - 2)
    } else {
        (N / 2 + 2, N - 3)
    };
    (lo..hi).map(move |t| match h / 2 {
        0 => (t, 1),
        1 => (N - 2, t),
        2 => (t, N - 2),
        _ => (1, t),
    })
}

/// Each field segment's spot; its shape as runs goes into `shapes`.
fn field_anchors(
    ctx: &Ctx,
    kind: TileKind,
    garden: Option<(f64, f64)>,
    shapes: &mut [Vec<Run>],
) -> [(f64, f64); 8] {
    let mut out = [(0.5, 0.5); 8];
    let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    ctx.clear_rect(0.0, 0.0, N as f64, N as f64);
    let _ = ctx.set_transform(N as f64, 0.0, 0.0, N as f64, 0.0, 0.0);
    draw_tile(
        ctx,
        kind,
        Look {
            garden,
            mask: true,
            turned: 0,
        },
    );
    let Ok(img) = ctx.get_image_data(0.0, 0.0, N as f64, N as f64) else {
        return out;
    };
    let data = img.data();
    let free: Vec<bool> = (0..N * N).map(|p| data[4 * p + 3] < 100).collect();
    let d = kind.def();
    let mut region = vec![false; N * N];
    let mut stack = Vec::new();
    let mut dist = vec![0u16; N * N];
    for (i, s) in d.segments.iter().enumerate() {
        if s.kind != SegmentKind::Field {
            continue;
        }
        region.iter_mut().for_each(|r| *r = false);
        shapes[i].clear();
        for h in 0..8u8 {
            if s.halves & (1 << h) != 0 {
                for (x, y) in half_edge_pixels(h) {
                    let p = y * N + x;
                    if free[p] && !region[p] {
                        region[p] = true;
                        stack.push(p);
                    }
                }
            }
        }
        while let Some(p) = stack.pop() {
            let (x, y) = (p % N, p / N);
            let mut visit = |q: usize| {
                if free[q] && !region[q] {
                    region[q] = true;
                    stack.push(q);
                }
            };
            if x > 0 {
                visit(p - 1);
            }
            if x + 1 < N {
                visit(p + 1);
            }
            if y > 0 {
                visit(p - N);
            }
            if y + 1 < N {
                visit(p + N);
            }
        }
        for y in 0..N {
            let mut x = 0;
            while x < N {
                if region[y * N + x] {
                    let x0 = x;
                    while x + 1 < N && region[y * N + x + 1] {
                        x += 1;
                    }
                    shapes[i].push((y as u8, x0 as u8, x as u8));
                }
                x += 1;
            }
        }
        // Chamfer distance (3 straight, 4 diagonal) to the region's outside.
        const BIG: u16 = 10_000;
        for p in 0..N * N {
            dist[p] = if region[p] { BIG } else { 0 };
        }
        let at = |dist: &Vec<u16>, x: isize, y: isize| -> u16 {
            if x < 0 || y < 0 || x >= N as isize || y >= N as isize {
                0
            } else {
                dist[y as usize * N + x as usize]
            }
        };
        for y in 0..N as isize {
            for x in 0..N as isize {
                let p = y as usize * N + x as usize;
                if dist[p] == 0 {
                    continue;
                }
                let v = dist[p]
                    .min(at(&dist, x - 1, y) + 3)
                    .min(at(&dist, x, y - 1) + 3)
                    .min(at(&dist, x - 1, y - 1) + 4)
                    .min(at(&dist, x + 1, y - 1) + 4);
                dist[p] = v;
            }
        }
        let mut best = (0u16, 0usize);
        for y in (0..N as isize).rev() {
            for x in (0..N as isize).rev() {
                let p = y as usize * N + x as usize;
                if dist[p] == 0 {
                    continue;
                }
                let v = dist[p]
                    .min(at(&dist, x + 1, y) + 3)
                    .min(at(&dist, x, y + 1) + 3)
                    .min(at(&dist, x + 1, y + 1) + 4)
                    .min(at(&dist, x - 1, y + 1) + 4);
                dist[p] = v;
                if v >= best.0 {
                    best = (v, p);
                }
            }
        }
        if best.0 > 0 {
            let (x, y) = (best.1 % N, best.1 / N);
            out[i] = ((x as f64 + 0.5) / N as f64, (y as f64 + 0.5) / N as f64);
        }
    }
    out
}
