//! The board on the canvas: camera, tile and follower pictures, the frame,
//! and the overlays of the turn (legal cells, the tile being placed,
//! follower spots, scoring feedback). It reads the engine's state and draws;
//! it never decides a rule.

pub mod anchors;
pub mod cache;
pub mod camera;
pub mod effects;
pub mod meeple_art;
pub mod placement;
pub mod render;
pub mod tile_art;

use crate::engine::{FollowerChoice, Location, Pos, Role, State, TileKind};
use anchors::AnchorBook;
use cache::Cache;
use camera::Camera;
use effects::Effects;
use placement::Fit;
use wasm_bindgen::JsCast;
use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

/// How the tile being placed looks against the cell under it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Fits,
    /// Fits, but in another rotation: dropping it turns it.
    FitsTurned,
    No,
}

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

/// One choice of the follower step, with where its marker is drawn (board units).
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
    pub show_fits: bool,
    pub ghost: Option<Ghost>,
    pub options: &'a [FollowerOption],
    pub focus: Option<usize>,
    /// The colour (index) of the player whose turn it is.
    pub ink: u8,
}

pub struct Board {
    pub canvas: HtmlCanvasElement,
    ctx: Ctx,
    pub camera: Camera,
    pub cache: Cache,
    pub anchors: AnchorBook,
    pub effects: Effects,
    /// Each player's colour, an index into the six follower colours.
    pub colours: Vec<u8>,
    /// Effects are drawn without movement (prefers-reduced-motion).
    pub still: bool,
    /// Canvas size in CSS pixels, and the device pixel ratio.
    pub width: f64,
    pub height: f64,
    pub dpr: f64,
}

impl Board {
    pub fn new(canvas: HtmlCanvasElement, gardens: bool) -> Result<Board, wasm_bindgen::JsValue> {
        let ctx: Ctx = canvas
            .get_context("2d")?
            .ok_or("no 2d context")?
            .dyn_into()?;
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

    /// Board point (in tiles) of a follower at `loc` on the placed tile at `at`.
    pub fn spot_point(&mut self, state: &State, at: Pos, loc: Location) -> (f64, f64) {
        let Some(t) = state.board().at(at) else {
            return (f64::from(at.x) + 0.5, f64::from(at.y) + 0.5);
        };
        let (x, y) = self.anchors.get(t.kind).spot(t.kind, t.rotation, loc);
        (f64::from(at.x) + x, f64::from(at.y) + y)
    }

    /// The follower step's choices: each legal spot, and taking the abbot back.
    pub fn follower_options(&mut self, state: &State) -> Vec<FollowerOption> {
        let mut v = Vec::new();
        let Some(placed) = state.last_placed() else {
            return v;
        };
        let spots = state.follower_spots();
        let both_centre = spots
            .iter()
            .filter(|s| s.location == Location::Center)
            .count()
            > 1;
        for s in &spots {
            let (mut x, y) = self.spot_point(state, placed.pos, s.location);
            if both_centre && s.location == Location::Center {
                x += if s.role == Role::Abbot { 0.16 } else { -0.16 };
            }
            let choice = if s.role == Role::Abbot {
                FollowerChoice::Abbot
            } else {
                FollowerChoice::Follower(s.location)
            };
            v.push(FollowerOption {
                choice,
                role: s.role,
                at: placed.pos,
                x,
                y,
            });
        }
        if let Some(at) = state.recallable_abbot() {
            let (x, y) = self.spot_point(state, at, Location::Center);
            v.push(FollowerOption {
                choice: FollowerChoice::RecallAbbot(at),
                role: Role::Abbot,
                at,
                x,
                y,
            });
        }
        v
    }

    /// The marker radius of follower options, in CSS pixels.
    pub fn marker_radius(&self) -> f64 {
        crate::engine::compact::clamp(0.15 * self.camera.scale, 16.0, 26.0)
    }

    /// Bounds of the placed tiles and the cells around them, in tiles.
    pub fn fit_to(&mut self, state: &State) {
        let tiles = state.board().tiles();
        let (mut x0, mut y0, mut x1, mut y1) = (0, 0, 0, 0);
        for t in tiles {
            x0 = x0.min(t.pos.x);
            y0 = y0.min(t.pos.y);
            x1 = x1.max(t.pos.x);
            y1 = y1.max(t.pos.y);
        }
        self.camera.fit(
            f64::from(x0 - 1),
            f64::from(y0 - 1),
            f64::from(x1 + 2),
            f64::from(y1 + 2),
        );
    }
}
