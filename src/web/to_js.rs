//! Engine values as plain JS objects and arrays, built directly rather than
//! through serde (`serde_wasm_bindgen` cost about 24 KB of the bundle). The
//! shapes are those of the engine's `Serialize` impls, which the native side
//! (`serde_json`) still uses, field for field and in the same order; the
//! wasm test `tests/wasm_to_js.rs` checks the two agree.
//!
//! One [`ToJs`] impl a type, its fields listed plainly: a new field in an
//! engine type gets one more line here.

use crate::engine::action::Move;
use crate::engine::game::{GameResult, PlayerResult};
use crate::engine::view::{GameView, PlayerView, RemainingView, TileView};
use crate::engine::{
    Action, Category, Edition, Event, FarmScoring, FeatureInfo, FinalScores, FollowerChoice,
    Location, Piece, Players, Pos, Record, Role, Rules, Score, Spot, Step, TileKind,
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

/// A value as the page's JS sees it: plain objects, arrays, strings,
/// numbers, booleans and null, so callers can `JSON.stringify` it.
pub trait ToJs {
    fn to_js(&self) -> JsValue;
}

/// Sets these fields on `o`, in this order.
fn fill(o: Object, fields: &[(&str, JsValue)]) -> JsValue {
    for (k, v) in fields {
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

/// A plain object with these fields, in this order.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    fill(Object::new(), fields)
}

/// An internally tagged enum variant: `{ type, ...fields }`.
fn tagged(tag: &str, fields: &[(&str, JsValue)]) -> JsValue {
    let o = Object::new();
    let _ = Reflect::set(&o, &JsValue::from_str("type"), &JsValue::from_str(tag));
    fill(o, fields)
}

/// A number; every count, coordinate and seed the engine hands out fits an f64 exactly.
fn num(n: impl Into<f64>) -> JsValue {
    JsValue::from_f64(n.into())
}

fn str(s: &str) -> JsValue {
    JsValue::from_str(s)
}

impl ToJs for bool {
    fn to_js(&self) -> JsValue {
        JsValue::from_bool(*self)
    }
}

impl ToJs for u8 {
    fn to_js(&self) -> JsValue {
        num(*self)
    }
}

impl ToJs for u16 {
    fn to_js(&self) -> JsValue {
        num(*self)
    }
}

impl ToJs for u32 {
    fn to_js(&self) -> JsValue {
        num(*self)
    }
}

impl ToJs for usize {
    fn to_js(&self) -> JsValue {
        num(*self as f64)
    }
}

impl ToJs for String {
    fn to_js(&self) -> JsValue {
        str(self)
    }
}

/// `None` is `null`.
impl<T: ToJs> ToJs for Option<T> {
    fn to_js(&self) -> JsValue {
        self.as_ref().map_or(JsValue::NULL, ToJs::to_js)
    }
}

impl<T: ToJs> ToJs for [T] {
    fn to_js(&self) -> JsValue {
        let a = Array::new();
        for x in self {
            a.push(&x.to_js());
        }
        a.into()
    }
}

impl<T: ToJs> ToJs for Vec<T> {
    fn to_js(&self) -> JsValue {
        self.as_slice().to_js()
    }
}

/// `[x, y]`.
impl ToJs for Pos {
    fn to_js(&self) -> JsValue {
        Array::of2(&num(self.x), &num(self.y)).into()
    }
}

/// `"N"`, `"NW"`, `"C"`, ...
impl ToJs for Location {
    fn to_js(&self) -> JsValue {
        str(self.name())
    }
}

impl ToJs for TileKind {
    fn to_js(&self) -> JsValue {
        str(self.name())
    }
}

impl ToJs for Role {
    fn to_js(&self) -> JsValue {
        str(match self {
            Role::Thief => "thief",
            Role::Knight => "knight",
            Role::Monk => "monk",
            Role::Farmer => "farmer",
            Role::Abbot => "abbot",
        })
    }
}

impl ToJs for Category {
    fn to_js(&self) -> JsValue {
        str(self.name())
    }
}

impl ToJs for Step {
    fn to_js(&self) -> JsValue {
        str(match self {
            Step::PlaceTile => "place_tile",
            Step::PlaceFollower => "place_follower",
            Step::GameOver => "game_over",
        })
    }
}

impl ToJs for Edition {
    fn to_js(&self) -> JsValue {
        str(match self {
            Edition::C1 => "c1",
            Edition::C3 => "c3",
        })
    }
}

impl ToJs for FarmScoring {
    fn to_js(&self) -> JsValue {
        str(match self {
            FarmScoring::First => "first",
            FarmScoring::Third => "third",
        })
    }
}

/// The seats in the set, as a list of indices.
impl ToJs for Players {
    fn to_js(&self) -> JsValue {
        let a = Array::new();
        for p in self.iter() {
            a.push(&num(p));
        }
        a.into()
    }
}

/// `{ total, road, city, monastery, garden, field }`.
impl ToJs for Score {
    fn to_js(&self) -> JsValue {
        let o = object(&[("total", num(self.total()))]);
        for c in Category::ALL {
            let _ = Reflect::set(&o, &str(c.name()), &num(self.get(c)));
        }
        o
    }
}

/// In seat order.
impl ToJs for FinalScores {
    fn to_js(&self) -> JsValue {
        self.as_slice().to_js()
    }
}

impl ToJs for Rules {
    fn to_js(&self) -> JsValue {
        object(&[
            ("edition", self.edition.to_js()),
            ("farmers", self.farmers.to_js()),
            ("tiny_city", self.tiny_city.to_js()),
            ("farm_scoring", self.farm_scoring.to_js()),
            ("river", self.river.to_js()),
            ("abbot", self.abbot.to_js()),
        ])
    }
}

impl ToJs for Piece {
    fn to_js(&self) -> JsValue {
        object(&[
            ("player", self.player.to_js()),
            ("at", self.at.to_js()),
            ("location", self.location.to_js()),
            ("role", self.role.to_js()),
        ])
    }
}

impl ToJs for Spot {
    fn to_js(&self) -> JsValue {
        object(&[
            ("location", self.location.to_js()),
            ("role", self.role.to_js()),
        ])
    }
}

impl ToJs for FeatureInfo {
    fn to_js(&self) -> JsValue {
        object(&[
            ("category", self.category.to_js()),
            ("complete", self.complete.to_js()),
            ("value", self.value.to_js()),
            ("owners", self.owners.to_js()),
            ("tiles", self.tiles.to_js()),
        ])
    }
}

impl ToJs for PlayerView {
    fn to_js(&self) -> JsValue {
        object(&[
            ("name", self.name.to_js()),
            ("score", self.score.to_js()),
            ("potential", self.potential.to_js()),
            ("followers", self.followers.to_js()),
            ("abbot_home", self.abbot_home.to_js()),
        ])
    }
}

impl ToJs for TileView {
    fn to_js(&self) -> JsValue {
        object(&[
            ("tile", self.tile.to_js()),
            ("at", self.at.to_js()),
            ("rotation", self.rotation.to_js()),
        ])
    }
}

impl ToJs for RemainingView {
    fn to_js(&self) -> JsValue {
        object(&[("tile", self.tile.to_js()), ("count", self.count.to_js())])
    }
}

impl ToJs for GameView {
    fn to_js(&self) -> JsValue {
        object(&[
            ("rules", self.rules.to_js()),
            ("players", self.players.to_js()),
            ("current_player", self.current_player.to_js()),
            ("step", self.step.to_js()),
            ("tile", self.tile.to_js()),
            ("placed", self.placed.to_js()),
            ("tiles", self.tiles.to_js()),
            ("pieces", self.pieces.to_js()),
            ("tiles_left", self.tiles_left.to_js()),
            ("remaining", self.remaining.to_js()),
            ("tiles_discarded", self.tiles_discarded.to_js()),
            ("spots", self.spots.to_js()),
            ("recallable_abbot", self.recallable_abbot.to_js()),
            ("can_undo", self.can_undo.to_js()),
            ("can_redo", self.can_redo.to_js()),
            ("finished", self.finished.to_js()),
            ("winners", self.winners.to_js()),
            ("turn", self.turn.to_js()),
        ])
    }
}

impl ToJs for Event {
    fn to_js(&self) -> JsValue {
        match self {
            Event::TurnBegan { player, tile } => tagged(
                "turn_began",
                &[("player", player.to_js()), ("tile", tile.to_js())],
            ),
            Event::TileDiscarded { tile } => tagged("tile_discarded", &[("tile", tile.to_js())]),
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } => tagged(
                "tile_placed",
                &[
                    ("player", player.to_js()),
                    ("tile", tile.to_js()),
                    ("at", at.to_js()),
                    ("rotation", rotation.to_js()),
                ],
            ),
            Event::FollowerPlaced {
                player,
                at,
                location,
                role,
            } => tagged(
                "follower_placed",
                &[
                    ("player", player.to_js()),
                    ("at", at.to_js()),
                    ("location", location.to_js()),
                    ("role", role.to_js()),
                ],
            ),
            Event::AbbotRecalled {
                player,
                at,
                points,
                category,
            } => tagged(
                "abbot_recalled",
                &[
                    ("player", player.to_js()),
                    ("at", at.to_js()),
                    ("points", points.to_js()),
                    ("category", category.to_js()),
                ],
            ),
            Event::FeatureScored {
                category,
                at,
                location,
                points,
                scorers,
                size,
                completed,
            } => tagged(
                "feature_scored",
                &[
                    ("category", category.to_js()),
                    ("at", at.to_js()),
                    ("location", location.to_js()),
                    ("points", points.to_js()),
                    ("scorers", scorers.to_js()),
                    ("size", size.to_js()),
                    ("completed", completed.to_js()),
                ],
            ),
            Event::FollowerReturned {
                player,
                at,
                location,
                role,
            } => tagged(
                "follower_returned",
                &[
                    ("player", player.to_js()),
                    ("at", at.to_js()),
                    ("location", location.to_js()),
                    ("role", role.to_js()),
                ],
            ),
            Event::GameOver { winners, scores } => tagged(
                "game_over",
                &[("winners", winners.to_js()), ("scores", scores.to_js())],
            ),
        }
    }
}

impl ToJs for Action {
    fn to_js(&self) -> JsValue {
        match self {
            Action::PlaceTile { at, rotation } => tagged(
                "place_tile",
                &[("at", at.to_js()), ("rotation", rotation.to_js())],
            ),
            Action::Follower { location } => tagged("follower", &[("location", location.to_js())]),
            Action::Abbot => tagged("abbot", &[]),
            Action::RecallAbbot { at } => tagged("recall_abbot", &[("at", at.to_js())]),
            Action::Skip => tagged("skip", &[]),
        }
    }
}

/// `{ at, rotation }` and at most one of `follower`, `abbot` ("C") and `recall_abbot`.
impl ToJs for Move {
    fn to_js(&self) -> JsValue {
        let o = object(&[("at", self.at.to_js()), ("rotation", self.rotation.to_js())]);
        let extra = match self.choice {
            FollowerChoice::Skip => None,
            FollowerChoice::Follower(l) => Some(("follower", l.to_js())),
            FollowerChoice::Abbot => Some(("abbot", Location::Center.to_js())),
            FollowerChoice::RecallAbbot(p) => Some(("recall_abbot", p.to_js())),
        };
        if let Some((k, v)) = extra {
            let _ = Reflect::set(&o, &str(k), &v);
        }
        o
    }
}

/// The game record (digest §11); `seed` and `deck` only when present.
impl ToJs for Record {
    fn to_js(&self) -> JsValue {
        let o = object(&[
            ("format", self.format.to_js()),
            ("players", self.players.to_js()),
            ("rules", self.rules.to_js()),
        ]);
        if let Some(seed) = self.seed {
            let _ = Reflect::set(&o, &str("seed"), &num(seed as f64));
        }
        if let Some(deck) = &self.deck {
            let _ = Reflect::set(&o, &str("deck"), &deck.to_js());
        }
        let _ = Reflect::set(&o, &str("moves"), &self.moves.to_js());
        o
    }
}

impl ToJs for PlayerResult {
    fn to_js(&self) -> JsValue {
        object(&[
            ("name", self.name.to_js()),
            ("total", self.total.to_js()),
            ("road", self.road.to_js()),
            ("city", self.city.to_js()),
            ("monastery", self.monastery.to_js()),
            ("garden", self.garden.to_js()),
            ("field", self.field.to_js()),
        ])
    }
}

impl ToJs for GameResult {
    fn to_js(&self) -> JsValue {
        object(&[
            ("finished", self.finished.to_js()),
            ("tiles_placed", self.tiles_placed.to_js()),
            ("tiles_discarded", self.tiles_discarded.to_js()),
            ("players", self.players.to_js()),
            ("winners", self.winners.to_js()),
        ])
    }
}
