//! Engine values as plain JS objects and arrays, built directly rather than
//! through serde (`serde_wasm_bindgen` cost about 7 KB of the gzipped bundle). The
//! shapes are those of the engine's `Serialize` impls, which the native side
//! (`serde_json`) still uses, field for field and in the same order; the
//! wasm test `tests/wasm_to_js.rs` checks the two agree.
//!
//! One [`ToJs`] impl a type, its fields listed plainly: a new field in an
//! engine type gets one more line here.

use crate::engine::action::Move;
use crate::engine::game::{GameResult, PlayerResult};
use crate::engine::rules::Value as RuleValue;
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

/// A plain object under construction: `object().f("name", &value).done()`,
/// its fields in the order given. (Smaller wasm than a list of key-value
/// pairs: about 1 KB gzip over all the types here.)
pub struct Obj(Object);

pub fn object() -> Obj {
    Obj(Object::new())
}

/// An internally tagged enum variant: `{ type, ...fields }`.
fn tagged(tag: &str) -> Obj {
    object().set("type", &str(tag))
}

impl Obj {
    fn set(self, k: &str, v: &JsValue) -> Obj {
        let _ = Reflect::set(&self.0, &str(k), v);
        self
    }

    /// The field `k`.
    pub fn f<T: ToJs + ?Sized>(self, k: &str, v: &T) -> Obj {
        self.set(k, &v.to_js())
    }

    pub fn done(self) -> JsValue {
        self.0.into()
    }
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
        let mut o = object().f("total", &self.total());
        for c in Category::ALL {
            o = o.f(c.name(), &self.get(c));
        }
        o.done()
    }
}

/// In seat order.
impl ToJs for FinalScores {
    fn to_js(&self) -> JsValue {
        self.as_slice().to_js()
    }
}

/// The keys and values [`Rules::each`] lists, the one list every writer follows.
impl ToJs for Rules {
    fn to_js(&self) -> JsValue {
        let o = Object::new();
        self.each(|k, v| {
            let v = match v {
                RuleValue::Word(w) => str(w),
                RuleValue::Flag(b) => JsValue::from_bool(b),
                RuleValue::Number(n) => num(n),
                RuleValue::Pair(w, h) => [w, h][..].to_js(),
            };
            let _ = Reflect::set(&o, &str(k), &v);
        });
        o.into()
    }
}

impl ToJs for Piece {
    fn to_js(&self) -> JsValue {
        object()
            .f("player", &self.player)
            .f("at", &self.at)
            .f("location", &self.location)
            .f("role", &self.role)
            .done()
    }
}

impl ToJs for Spot {
    fn to_js(&self) -> JsValue {
        object()
            .f("location", &self.location)
            .f("role", &self.role)
            .done()
    }
}

impl ToJs for FeatureInfo {
    fn to_js(&self) -> JsValue {
        object()
            .f("category", &self.category)
            .f("complete", &self.complete)
            .f("value", &self.value)
            .f("owners", &self.owners)
            .f("tiles", &self.tiles)
            .done()
    }
}

impl ToJs for PlayerView {
    fn to_js(&self) -> JsValue {
        object()
            .f("name", &self.name)
            .f("score", &self.score)
            .f("potential", &self.potential)
            .f("followers", &self.followers)
            .f("abbot_home", &self.abbot_home)
            .done()
    }
}

impl ToJs for TileView {
    fn to_js(&self) -> JsValue {
        object()
            .f("tile", &self.tile)
            .f("at", &self.at)
            .f("rotation", &self.rotation)
            .done()
    }
}

impl ToJs for RemainingView {
    fn to_js(&self) -> JsValue {
        object()
            .f("tile", &self.tile)
            .f("count", &self.count)
            .done()
    }
}

impl ToJs for GameView {
    fn to_js(&self) -> JsValue {
        object()
            .f("rules", &self.rules)
            .f("players", &self.players)
            .f("current_player", &self.current_player)
            .f("step", &self.step)
            .f("tile", &self.tile)
            .f("hands", &self.hands)
            .f("hand_sizes", &self.hand_sizes)
            .f("placed", &self.placed)
            .f("tiles", &self.tiles)
            .f("pieces", &self.pieces)
            .f("tiles_left", &self.tiles_left)
            .f("remaining", &self.remaining)
            .f("tiles_discarded", &self.tiles_discarded)
            .f("spots", &self.spots)
            .f("recallable_abbot", &self.recallable_abbot)
            .f("can_undo", &self.can_undo)
            .f("can_redo", &self.can_redo)
            .f("finished", &self.finished)
            .f("winners", &self.winners)
            .f("turn", &self.turn)
            .done()
    }
}

impl ToJs for Event {
    fn to_js(&self) -> JsValue {
        match self {
            Event::TurnBegan { player, tile } => tagged("turn_began")
                .f("player", player)
                .f("tile", tile)
                .done(),
            Event::TileDiscarded { tile } => tagged("tile_discarded").f("tile", tile).done(),
            Event::TileReturned { tile } => tagged("tile_returned").f("tile", tile).done(),
            Event::TileDrawn { player, tile } => tagged("tile_drawn")
                .f("player", player)
                .f("tile", tile)
                .done(),
            Event::PlayerPassed { player } => tagged("player_passed").f("player", player).done(),
            Event::ExtraTurn { player, at } => {
                tagged("extra_turn").f("player", player).f("at", at).done()
            }
            Event::TilePlaced {
                player,
                tile,
                at,
                rotation,
            } => tagged("tile_placed")
                .f("player", player)
                .f("tile", tile)
                .f("at", at)
                .f("rotation", rotation)
                .done(),
            Event::FollowerPlaced {
                player,
                at,
                location,
                role,
            } => tagged("follower_placed")
                .f("player", player)
                .f("at", at)
                .f("location", location)
                .f("role", role)
                .done(),
            Event::AbbotRecalled {
                player,
                at,
                points,
                category,
            } => tagged("abbot_recalled")
                .f("player", player)
                .f("at", at)
                .f("points", points)
                .f("category", category)
                .done(),
            Event::FeatureScored {
                category,
                at,
                location,
                points,
                scorers,
                size,
                completed,
            } => tagged("feature_scored")
                .f("category", category)
                .f("at", at)
                .f("location", location)
                .f("points", points)
                .f("scorers", scorers)
                .f("size", size)
                .f("completed", completed)
                .done(),
            Event::FollowerReturned {
                player,
                at,
                location,
                role,
            } => tagged("follower_returned")
                .f("player", player)
                .f("at", at)
                .f("location", location)
                .f("role", role)
                .done(),
            Event::GameOver { winners, scores } => tagged("game_over")
                .f("winners", winners)
                .f("scores", &**scores)
                .done(),
        }
    }
}

impl ToJs for Action {
    fn to_js(&self) -> JsValue {
        match self {
            Action::PlaceTile { at, rotation, tile } => {
                let o = tagged("place_tile").f("at", at).f("rotation", rotation);
                match tile {
                    Some(t) => o.f("tile", t),
                    None => o,
                }
                .done()
            }
            Action::Follower { location } => tagged("follower").f("location", location).done(),
            Action::Abbot => tagged("abbot").done(),
            Action::RecallAbbot { at } => tagged("recall_abbot").f("at", at).done(),
            Action::Skip => tagged("skip").done(),
        }
    }
}

/// `{ at, rotation }`, `tile` with a hand, and at most one of `follower`,
/// `abbot` ("C") and `recall_abbot`.
impl ToJs for Move {
    fn to_js(&self) -> JsValue {
        let mut o = object().f("at", &self.at).f("rotation", &self.rotation);
        if let Some(t) = self.tile {
            o = o.f("tile", &t);
        }
        match self.choice {
            FollowerChoice::Skip => o,
            FollowerChoice::Follower(l) => o.f("follower", &l),
            FollowerChoice::Abbot => o.f("abbot", &Location::Center),
            FollowerChoice::RecallAbbot(p) => o.f("recall_abbot", &p),
        }
        .done()
    }
}

/// The game record (rules §11); `seed` and `deck` only when present.
impl ToJs for Record {
    fn to_js(&self) -> JsValue {
        let mut o = object()
            .f("format", &self.format)
            .f("players", &self.players)
            .f("rules", &self.rules);
        if let Some(seed) = self.seed {
            o = o.set("seed", &num(seed as f64));
        }
        if let Some(deck) = &self.deck {
            o = o.f("deck", deck);
        }
        o.f("moves", &self.moves).done()
    }
}

impl ToJs for PlayerResult {
    fn to_js(&self) -> JsValue {
        object()
            .f("name", &self.name)
            .f("total", &self.total)
            .f("road", &self.road)
            .f("city", &self.city)
            .f("monastery", &self.monastery)
            .f("garden", &self.garden)
            .f("field", &self.field)
            .done()
    }
}

impl ToJs for GameResult {
    fn to_js(&self) -> JsValue {
        object()
            .f("finished", &self.finished)
            .f("tiles_placed", &self.tiles_placed)
            .f("tiles_discarded", &self.tiles_discarded)
            .f("players", &self.players)
            .f("winners", &self.winners)
            .done()
    }
}
