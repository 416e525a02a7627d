//! The one reader of records, actions, rule options and new-game options
//! from parsed JSON (rules §11): natively over `serde_json` values, on the
//! page over the browser's. Sharing it is what makes the command line and the
//! page agree on every file.
//!
//! The rules: unknown keys are refused (a record's `meta` excepted), optional
//! keys may be missing or null, numbers are read as JSON numbers (so `1.0`
//! is `1`, as in JS), and every problem is named with the move it is in.

use super::action::{Action, FollowerChoice};
use super::compact::{cat, signed_text};
use super::game::{RecordError, RecordErrorKind};
use super::geometry::{Location, Pos};
use super::json::{Json, Kind};
use super::record::{Move, Record, MAX_SEED};
use super::rules::{switches, Need, Needs, Rule, Rules, Switch, Written, RULES};
use super::tile::TileKind;

type Read<T> = Result<T, String>;

/// No list in a record is anywhere near this long; a longer one is hostile
/// (a JS array can claim four billion empty slots).
const LONGEST: usize = 1000;

fn absent<V: Json>(v: &V) -> bool {
    matches!(v.kind(), Kind::Absent | Kind::Null)
}

/// "`what` must be `be`": one concatenation for the many messages of
/// this shape, not a `format!` each.
fn must(what: &str, be: &str) -> String {
    let mut s = String::from(what);
    s.push_str(" must be ");
    s.push_str(be);
    s
}

/// `v` must be an object whose keys are all in `known`.
fn object<V: Json>(v: &V, what: &str, known: &[&str]) -> Read<()> {
    if v.kind() != Kind::Object {
        return Err(must(what, "an object"));
    }
    for k in v.keys() {
        if !known.contains(&k.as_str()) {
            return Err(cat(&[
                "unknown field \"",
                &k,
                "\" in ",
                what,
                " (expected ",
                &super::compact::join(known, ", "),
                ")",
            ]));
        }
    }
    Ok(())
}

fn string<V: Json>(v: &V, what: &str) -> Read<String> {
    v.as_string().ok_or_else(|| must(what, "a string"))
}

fn boolean<V: Json>(v: &V, what: &str) -> Read<bool> {
    v.as_bool().ok_or_else(|| must(what, "true or false"))
}

/// A whole number from `min` to `max`. (The bounds are printed as integers:
/// float formatting would add about 10 KB to the page.)
fn whole<V: Json>(v: &V, what: &str, min: i64, max: i64) -> Read<f64> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => Ok(n),
        _ => Err(cat(&[
            what,
            " must be a whole number from ",
            &signed_text(min),
            " to ",
            &signed_text(max),
        ])),
    }
}

fn list<V: Json>(v: &V, what: &str) -> Read<Vec<V>> {
    if v.kind() != Kind::Array {
        return Err(must(what, "a list"));
    }
    let n = v.array_len();
    if n > LONGEST {
        return Err(cat(&[
            what,
            " has ",
            &signed_text(n as i64),
            " entries, more than any game has",
        ]));
    }
    // Plain loops, here and in `strings`: a `collect` is a function a chain.
    let mut items = Vec::with_capacity(n);
    for i in 0..n {
        items.push(v.item(i));
    }
    Ok(items)
}

fn strings<V: Json>(v: &V, what: &str) -> Read<Vec<String>> {
    let items = list(v, what).map_err(|_| must(what, "a list of strings"))?;
    let mut out = Vec::with_capacity(items.len());
    for s in &items {
        out.push(string(s, what)?);
    }
    Ok(out)
}

/// A position `[x, y]`.
pub fn pos<V: Json>(v: &V, what: &str) -> Read<Pos> {
    let bad = || must(what, "a position [x, y] of whole numbers");
    if v.kind() != Kind::Array || v.array_len() != 2 {
        return Err(bad());
    }
    let (lo, hi) = (i64::from(i32::MIN), i64::from(i32::MAX));
    let x = whole(&v.item(0), what, lo, hi).map_err(|_| bad())?;
    let y = whole(&v.item(1), what, lo, hi).map_err(|_| bad())?;
    Ok(Pos::new(x as i32, y as i32))
}

/// A quarter-turn count. Whole numbers up to 255 are read, and the rules
/// refuse 4 and up ([`RuleError::BadRotation`]) with the same words, so
/// every bad rotation is told one way.
///
/// [`RuleError::BadRotation`]: super::error::RuleError::BadRotation
fn rotation<V: Json>(v: &V) -> Read<u8> {
    match v.as_f64() {
        Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => Ok(n as u8),
        _ => Err(super::error::ROTATION.into()),
    }
}

fn location<V: Json>(v: &V, what: &str) -> Read<Location> {
    let s = string(v, what)?;
    Location::parse(&s).ok_or_else(|| {
        cat(&[
            what,
            ": unknown location \"",
            &s,
            "\" (expected N, E, S, W, C or a half-edge such as NW)",
        ])
    })
}

fn optional<V: Json, T>(v: V, read: impl FnOnce(&V) -> Read<T>) -> Read<Option<T>> {
    if absent(&v) {
        Ok(None)
    } else {
        read(&v).map(Some)
    }
}

/// Rule options (rules §5) and house rules (§12), key by key as the rules
/// table [`RULES`] lists them; every key is optional. An option of §5 may
/// be null; a house rule may be left out but not null.
pub fn rules<V: Json>(v: &V) -> Read<Rules> {
    let mut r = Rules::default();
    if absent(v) {
        return Ok(r);
    }
    let mut keys = Vec::with_capacity(RULES.len());
    for rule in RULES {
        keys.push(rule.key());
    }
    object(v, "rules", &keys)?;
    for rule in RULES {
        let key = rule.key();
        let x = v.get(key);
        match x.kind() {
            Kind::Absent => continue,
            Kind::Null if rule.house() => return Err(cat(&[key, " may be left out but not null"])),
            Kind::Null => continue,
            _ => {}
        }
        match rule {
            Rule::Switch(s) => (s.set)(&mut r, switch(&x, s)?),
            Rule::Hand => r.hand = whole(&x, key, 1, 3)? as u8,
            Rule::Table => r.table = Some(table(&x)?),
        }
    }
    for s in switches().filter(|s| (s.get)(&r)) {
        if let Needs::Strictly(n) = s.needs {
            if !n.met(&r) {
                let what = match n {
                    Need::Hand => "a hand",
                    Need::Table => "a table",
                    Need::On(k) => k,
                };
                return Err(cat(&[s.key, " needs ", what]));
            }
        }
        if let Some(other) = s.excluded_by(&r) {
            return Err(cat(&[s.key, " cannot be played with ", other]));
        }
    }
    Ok(r)
}

/// A switch's value as its row writes it: on or off.
fn switch<V: Json>(v: &V, s: &Switch) -> Read<bool> {
    match s.written {
        Written::True => boolean(v, s.key),
        Written::False => boolean(v, s.key).map(|b| !b),
        Written::Words(on, off) => match string(v, s.key)? {
            w if w == on => Ok(true),
            w if w == off => Ok(false),
            w => Err(cat(&[
                "unknown ",
                s.key,
                " \"",
                &w,
                "\" (expected ",
                on,
                " or ",
                off,
                ")",
            ])),
        },
    }
}

/// A table's size: `[w, h]`, odd whole numbers from 3 to 99.
fn table<V: Json>(t: &V) -> Read<(u8, u8)> {
    let bad = || "table must be [w, h], odd whole numbers from 3 to 99".to_string();
    if t.kind() != Kind::Array || t.array_len() != 2 {
        return Err(bad());
    }
    let side = |i| match whole(&t.item(i), "table", 3, 99) {
        Ok(n) if n as u8 % 2 == 1 => Ok(n as u8),
        _ => Err(bad()),
    };
    Ok((side(0)?, side(1)?))
}

/// A tile kind such as "Vg".
fn tile_kind<V: Json>(v: &V, what: &str) -> Read<TileKind> {
    let s = string(v, what)?;
    TileKind::from_name(&s).ok_or_else(|| cat(&[what, ": \"", &s, "\" is not a tile kind"]))
}

/// A move's optional `tile`: absent, never null.
fn named_tile<V: Json>(v: &V) -> Read<Option<TileKind>> {
    let t = v.get("tile");
    match t.kind() {
        Kind::Absent => Ok(None),
        Kind::Null => Err("tile may be left out but not null".into()),
        _ => tile_kind(&t, "tile").map(Some),
    }
}

/// A shuffle seed: a whole number every JSON reader holds exactly.
pub fn seed<V: Json>(v: &V) -> Read<u64> {
    whole(v, "seed", 0, MAX_SEED as i64).map(|n| n as u64)
}

fn a_move<V: Json>(v: &V) -> Read<Move> {
    object(
        v,
        "a move",
        &[
            "at",
            "rotation",
            "tile",
            "follower",
            "abbot",
            "recall_abbot",
        ],
    )?;
    let at = pos(&v.get("at"), "at")?;
    let tile = named_tile(v)?;
    let rotation = rotation(&v.get("rotation"))?;
    // One closure for both keys: one copy of `optional` for them.
    let spot = |key| optional(v.get(key), |l| location(l, key));
    let follower = spot("follower")?;
    let abbot = spot("abbot")?;
    let recall = optional(v.get("recall_abbot"), |p| pos(p, "recall_abbot"))?;
    let choice = match (follower, abbot, recall) {
        (None, None, None) => FollowerChoice::Skip,
        (Some(l), None, None) => FollowerChoice::Follower(l),
        (None, Some(Location::Center), None) => FollowerChoice::Abbot,
        (None, Some(l), None) => return Err(cat(&["abbot must be \"C\", not \"", l.name(), "\""])),
        (None, None, Some(p)) => FollowerChoice::RecallAbbot(p),
        _ => return Err("a move carries at most one of follower, abbot and recall_abbot".into()),
    };
    Ok(Move {
        at,
        rotation,
        choice,
        tile,
    })
}

fn field_error(move_number: Option<usize>) -> impl Fn(String) -> RecordError {
    move |message| RecordError {
        kind: RecordErrorKind::Field,
        move_number,
        message,
    }
}

/// A game record (rules §11). The engine checks the rest when it replays it.
pub fn record<V: Json>(v: &V) -> Result<Record, RecordError> {
    let (mut r, listed) = record_fields(v).map_err(field_error(None))?;
    for (i, m) in listed.iter().enumerate() {
        r.moves.push(a_move(m).map_err(field_error(Some(i + 1)))?);
    }
    r.validate_header()?;
    Ok(r)
}

/// A record's fields, its moves still unread: every error here is the
/// record's own (no move number), mapped once by [`record`].
fn record_fields<V: Json>(v: &V) -> Read<(Record, Vec<V>)> {
    object(
        v,
        "the record",
        &[
            "format", "players", "rules", "seed", "deck", "moves", "meta",
        ],
    )?;
    let r = Record {
        format: string(&v.get("format"), "format")?,
        players: strings(&v.get("players"), "players")?,
        rules: rules(&v.get("rules"))?,
        seed: optional(v.get("seed"), seed)?,
        deck: optional(v.get("deck"), |d| strings(d, "deck"))?,
        moves: Vec::new(),
        meta: None,
    };
    let listed = optional(v.get("moves"), |m| list(m, "moves"))?;
    Ok((r, listed.unwrap_or_default()))
}

/// An action, `{ type: "place_tile", at, rotation }` and the rest (see `Action`).
pub fn action<V: Json>(v: &V) -> Read<Action> {
    let kind = string(&v.get("type"), "type")?;
    let a = match kind.as_str() {
        "place_tile" => {
            object(v, "place_tile", &["type", "at", "rotation", "tile"])?;
            Action::PlaceTile {
                at: pos(&v.get("at"), "at")?,
                rotation: rotation(&v.get("rotation"))?,
                tile: named_tile(v)?,
            }
        }
        "follower" => {
            object(v, "follower", &["type", "location"])?;
            Action::Follower {
                location: location(&v.get("location"), "location")?,
            }
        }
        "abbot" => {
            object(v, "abbot", &["type"])?;
            Action::Abbot
        }
        "recall_abbot" => {
            object(v, "recall_abbot", &["type", "at"])?;
            Action::RecallAbbot {
                at: pos(&v.get("at"), "at")?,
            }
        }
        "skip" => {
            object(v, "skip", &["type"])?;
            Action::Skip
        }
        _ => {
            return Err(cat(&[
                "unknown action type \"",
                &kind,
                "\" (expected place_tile, follower, abbot, recall_abbot or skip)",
            ]))
        }
    };
    Ok(a)
}

/// New-game options: `{ players, rules?, seed? }`.
pub fn new_game<V: Json>(v: &V) -> Read<(Vec<String>, Rules, Option<u64>)> {
    object(v, "game options", &["players", "rules", "seed"])?;
    Ok((
        strings(&v.get("players"), "players")?,
        rules(&v.get("rules"))?,
        optional(v.get("seed"), seed)?,
    ))
}
