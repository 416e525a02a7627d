//! The board on the canvas: camera, tile and follower pictures, the frame,
//! and the overlays of the turn (legal cells, the tile being placed,
//! follower spots, scoring feedback). It reads the engine's state and draws;
//! it never decides a rule.

pub mod anchors;
pub mod cache;
pub mod camera;
pub mod effects;
pub mod fan;
pub mod fields;
pub mod meeple_art;
pub mod path;
pub mod placement;
pub mod render;
pub mod scored;
pub mod tile_art;

use crate::engine::{FollowerChoice, Location, Pos, Role, State, TileKind};
use crate::shell::followers::Choice;
pub use crate::shell::placement::Verdict;
use anchors::AnchorBook;
use cache::Cache;
use camera::Camera;
use effects::Effects;
use placement::Fit;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// The tile being placed, tentatively on a cell or under a finger.
#[derive(Clone, Copy, Debug)]
pub struct Ghost {
    pub kind: TileKind,
    pub at: Pos,
    pub rotation: u8,
    pub verdict: Verdict,
    /// Still being dragged (drawn see-through).
    pub lifted: bool,
}

/// One choice of the follower step, with the spot (board units) its marker
/// points at; [`Board::markers`] says where the marker itself is drawn.
#[derive(Clone, Copy, Debug)]
pub struct FollowerOption {
    pub choice: FollowerChoice,
    pub role: Role,
    pub at: Pos,
    pub x: f64,
    pub y: f64,
}

/// What the turn adds on top of the board.
pub struct Overlay<'a> {
    pub fits: &'a [Fit],
    /// Open positions no tile still to come can fill.
    pub unfillable: &'a [Pos],
    pub show_fits: bool,
    pub ghost: Option<Ghost>,
    pub options: &'a [FollowerOption],
    pub focus: Option<usize>,
    /// The colour (index) of the player whose turn it is.
    pub ink: u8,
    /// The feature whose "who holds it" card is open.
    pub examined: Option<(Pos, Location)>,
    /// The follower option a hint suggested.
    pub hinted: Option<usize>,
    /// The open spot whose "what can go here" card is open.
    pub spot: Option<Pos>,
    /// The "Fields" overlay is on.
    pub fields: bool,
}

/// The zoom (CSS px per tile) the follower step brings a small board to, so
/// each marker is a finger-sized target.
pub const FOLLOWER_SCALE: f64 = 150.0;

pub struct Board {
    pub canvas: HtmlCanvasElement,
    ctx: Ctx,
    pub camera: Camera,
    pub cache: Cache,
    pub anchors: AnchorBook,
    pub effects: Effects,
    /// Each player's colour, an index into the six follower colours (set
    /// with [`Board::set_colours`]).
    pub colours: Vec<u8>,
    /// Effects are drawn without movement (prefers-reduced-motion).
    pub still: bool,
    /// Canvas size in CSS pixels, and the device pixel ratio.
    pub width: f64,
    pub height: f64,
    pub dpr: f64,
    /// The view to come back to after the final scoring's walk-through.
    walk_home: Option<Camera>,
    /// The table's walk through the final scoring is on: the view stays
    /// with its items until the table says it is over.
    pub walk_on: bool,
    /// Who holds which field, for the "Fields" overlay.
    held: fields::Held,
    /// The outline of the feature whose card is open, kept while the board
    /// and the feature stay the same (`fields::key`), not found each frame.
    outlined: (
        u64,
        Option<(crate::engine::Pos, crate::engine::Location)>,
        Vec<scored::Part>,
    ),
}

impl Board {
    pub fn new(canvas: HtmlCanvasElement, gardens: bool) -> Result<Board, wasm_bindgen::JsValue> {
        let ctx: Ctx = canvas
            .get_context("2d")?
            .ok_or("no 2d context")?
            .unchecked_into();
        Ok(Board {
            canvas,
            ctx,
            camera: Camera::new(),
            cache: Cache::new(),
            anchors: AnchorBook::new(gardens),
            effects: Effects::default(),
            colours: Vec::new(),
            still: false,
            width: 0.0,
            height: 0.0,
            dpr: 1.0,
            walk_home: None,
            walk_on: false,
            held: fields::Held::default(),
            outlined: (0, None, Vec::new()),
        })
    }

    /// Matches the backing store to the CSS size × devicePixelRatio.
    pub fn resize(&mut self, dpr: f64) {
        let w = f64::from(self.canvas.client_width());
        let h = f64::from(self.canvas.client_height());
        self.width = w;
        self.height = h;
        self.dpr = dpr;
        self.canvas.set_width((w * dpr).round() as u32);
        self.canvas.set_height((h * dpr).round() as u32);
    }

    /// Whether the view is away on the final scoring's walk-through.
    pub fn walking(&self) -> bool {
        self.walk_home.is_some()
    }

    /// Moves the view to the final scoring's item showing, and back where
    /// it was once the table's walk is over. Called each frame.
    fn walk(&mut self, now: f64) {
        match self.effects.walk(now) {
            Some(v) if self.walk_on => {
                if self.walk_home.is_none() {
                    self.walk_home = Some(self.camera);
                }
                // Eased over a few frames; at once when less motion is asked for.
                let k = if self.still { 1.0 } else { 0.22 };
                let c = &mut self.camera;
                c.cx += (v.cx - c.cx) * k;
                c.cy += (v.cy - c.cy) * k;
                c.scale += (v.scale - c.scale) * k;
                if (v.scale - c.scale).abs() < 0.5 {
                    c.scale = v.scale;
                }
            }
            _ if !self.walk_on => {
                if let Some(home) = self.walk_home.take() {
                    self.camera = home;
                }
            }
            // Between two items: the view waits for the next.
            _ => {}
        }
    }

    /// The players' colours, seat by seat; a piece's number is its seat's
    /// ([`Seating::number`](crate::shell::seats::Seating::number)), whatever
    /// its colour. Pieces painted with other numbers are painted again.
    pub fn set_colours(&mut self, seating: &crate::shell::seats::Seating) {
        let before = self.cache.numbers;
        for (seat, &ink) in seating.colours.iter().enumerate() {
            self.cache.numbers[ink as usize % 6] = seating.number(seat);
        }
        if self.cache.numbers != before {
            self.cache.clear_pieces();
        }
        self.colours = seating.colours.clone();
    }

    /// The tile laid most recently, by anyone: the last on the board, read
    /// from the game itself so a reload shows it too. None at the start.
    pub fn last_laid(state: &State) -> Option<Pos> {
        let tiles = state.board().tiles();
        (tiles.len() > 1).then(|| tiles[tiles.len() - 1].pos)
    }

    /// Board point (in tiles) of a follower at `loc` on the placed tile at `at`.
    pub fn spot_point(&mut self, state: &State, at: Pos, loc: Location) -> (f64, f64) {
        let Some(t) = state.board().at(at) else {
            return (f64::from(at.x) + 0.5, f64::from(at.y) + 0.5);
        };
        let (x, y) = self.anchors.get(t.kind).spot(t.kind, t.rotation, loc);
        (f64::from(at.x) + x, f64::from(at.y) + y)
    }

    /// Where the marker of each of the follower step's `choices` sits
    /// (the shell decides the choices and their order).
    pub fn follower_options(&mut self, state: &State, choices: &[Choice]) -> Vec<FollowerOption> {
        let recall = |c: &Choice| matches!(c.choice, FollowerChoice::RecallAbbot(_));
        let both_centre = choices
            .iter()
            .filter(|c| c.location == Location::Center && !recall(c))
            .count()
            > 1;
        choices
            .iter()
            .map(|c| {
                let (mut x, y) = self.spot_point(state, c.at, c.location);
                if both_centre && c.location == Location::Center && !recall(c) {
                    // A monk and an abbot on one monastery: side by side.
                    x += if c.role == Role::Abbot { 0.16 } else { -0.16 };
                }
                FollowerOption {
                    choice: c.choice,
                    role: c.role,
                    at: c.at,
                    x,
                    y,
                }
            })
            .collect()
    }

    /// The marker radius of follower options, in CSS pixels.
    pub fn marker_radius(&self) -> f64 {
        // A 44-pixel circle at least: a finger's target.
        crate::engine::compact::clamp(0.15 * self.camera.scale, 22.0, 26.0)
    }

    /// The radius a marker answers a tap within, its number badge included;
    /// markers are two of these apart, so targets never overlap.
    pub fn target_radius(&self) -> f64 {
        self.marker_radius() * 1.15
    }

    /// Where each option's marker is drawn (CSS px): on its spot, or fanned
    /// out from it so that no two targets overlap, inside the free area.
    pub fn markers(&self, options: &[FollowerOption]) -> Vec<(f64, f64)> {
        let mut at = Vec::with_capacity(options.len());
        for o in options {
            at.push((o.x, o.y));
        }
        match options.first() {
            Some(o) => self.fan_out(&at, o.at),
            None => at,
        }
    }

    /// Markers for spots `at` (board points) on the tile at `tile`, in CSS px.
    fn fan_out(&self, at: &[(f64, f64)], tile: Pos) -> Vec<(f64, f64)> {
        let cam = &self.camera;
        let mut px = Vec::with_capacity(at.len());
        for &(x, y) in at {
            px.push(cam.to_screen(x, y));
        }
        let centre = cam.to_screen(f64::from(tile.x) + 0.5, f64::from(tile.y) + 0.5);
        let r = self.target_radius();
        let f = cam.free;
        fan::fan(
            &px,
            centre,
            cam.scale,
            2.0 * r,
            [f[0] + r, f[1] + r, f[2] - r, f[3] - r],
        )
    }

    /// The option whose marker is under CSS point (x, y).
    pub fn marker_at(&self, options: &[FollowerOption], x: f64, y: f64) -> Option<usize> {
        let r = self.target_radius();
        let mut best = None;
        for (i, (mx, my)) in self.markers(options).into_iter().enumerate() {
            let d = ((mx - x) * (mx - x) + (my - y) * (my - y)).sqrt();
            if d <= r && best.is_none_or(|(_, b)| d < b) {
                best = Some((i, d));
            }
        }
        best.map(|(i, _)| i)
    }

    /// For tests: the markers a tile of `kind` turned `rotation` would show with
    /// every one of its spots open (and an abbot beside a monk), lying in the
    /// middle of the view at the follower step's zoom: their target radius and
    /// centres, in CSS px.
    pub fn preview_markers(&mut self, kind: TileKind, rotation: u8) -> (f64, Vec<(f64, f64)>) {
        let saved = self.camera;
        self.camera.scale = self.camera.scale.max(FOLLOWER_SCALE);
        self.camera.cx = 0.5;
        self.camera.cy = 0.5;
        let a = self.anchors.get(kind);
        let d = kind.def();
        let mut v = Vec::new();
        for (i, s) in d.segments.iter().enumerate() {
            if s.kind != crate::engine::tile::SegmentKind::River {
                v.push(tile_art::turn(a.seg[i], rotation));
            }
        }
        if matches!(
            d.centre,
            crate::engine::tile::Centre::Monastery | crate::engine::tile::Centre::Garden
        ) {
            let (x, y) = tile_art::turn(a.centre, rotation);
            v.push((x - 0.16, y));
            v.push((x + 0.16, y));
        }
        let out = (self.target_radius(), self.fan_out(&v, Pos::new(0, 0)));
        self.camera = saved;
        out
    }

    /// Bounds of the placed tiles and the cells around them, in tiles.
    fn bounds(state: &State) -> (f64, f64, f64, f64) {
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for t in state.board().tiles() {
            x0 = x0.min(t.pos.x);
            y0 = y0.min(t.pos.y);
            x1 = x1.max(t.pos.x);
            y1 = y1.max(t.pos.y);
        }
        (
            f64::from(x0 - 1),
            f64::from(y0 - 1),
            f64::from(x1 + 2),
            f64::from(y1 + 2),
        )
    }

    /// Shows the whole board if tiles stay legible; otherwise follows the
    /// action, centred on the last tile laid.
    pub fn fit_to(&mut self, state: &State) {
        let focus = Board::last_laid(state).unwrap_or(Pos::new(0, 0));
        let focus = (f64::from(focus.x) + 0.5, f64::from(focus.y) + 0.5);
        self.camera.fit(Board::bounds(state), focus);
    }

    /// Shows the whole board however small its tiles (the benchmark).
    pub fn fit_whole(&mut self, state: &State) {
        let (x0, y0, x1, y1) = Board::bounds(state);
        self.camera.fit_whole(x0, y0, x1, y1);
    }
}
