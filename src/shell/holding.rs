//! Who holds what (issue 18 part 3): the card a long press on a placed
//! tile opens (or the right button, or the O key), about the feature under
//! the finger: who holds it with how many followers, what it is worth, what
//! it still needs. And the "Fields" overlay setting. Both are aids: off
//! with "Play without aids", since they work values out for the players.

use super::effect::{refresh, Effect};
use super::screen::Layer;
use super::table::Table;
use crate::engine::{FeatureReport, HalfEdge, Location, Pos, Side, State};

/// Distance from a tile's middle within which a press means its monastery
/// or garden (a tile is 1 across; the building is drawn about 0.4 wide).
const CENTRE_REACH: f64 = 0.22;
/// Distance from a side's middle within which a press means a road that
/// leaves the tile there rather than the fields beside it.
const ROAD_REACH: f64 = 0.14;

/// The feature of the tile at `at` under the point (`x`, `y`) of the tile
/// (0 to 1 across, from its north-west corner, in board orientation): the
/// monastery or garden near the middle, else what meets the nearest side
/// there (the city on it, the road near its middle, else the field of that
/// half). `None` off the board or on the river.
pub fn locate(s: &State, at: Pos, x: f64, y: f64) -> Option<Location> {
    s.board().index_at(at)?;
    let (dx, dy) = (x - 0.5, y - 0.5);
    if dx * dx + dy * dy < CENTRE_REACH * CENTRE_REACH
        && s.feature_report(at, Location::Center).is_some()
    {
        return Some(Location::Center);
    }
    // Nearest side, and how far along it (clockwise) the point lies.
    let sides = [(y, x), (1.0 - x, y), (1.0 - y, 1.0 - x), (x, 1.0 - y)];
    let mut side = 0;
    for (i, d) in sides.iter().enumerate() {
        if d.0 < sides[side].0 {
            side = i;
        }
    }
    let along = sides[side].1;
    let whole = Location::Side(Side::from_index(side as u8));
    let half = Location::Half(HalfEdge::new(2 * side as u8 + u8::from(along >= 0.5)));
    let report = |l| s.feature_report(at, l);
    match report(whole).map(|r| r.category) {
        Some(crate::engine::Category::City) => Some(whole),
        Some(_) if (along - 0.5).abs() < ROAD_REACH => Some(whole),
        _ => report(half).map(|_| half),
    }
}

impl Table {
    /// Whether a long press on `at` opens the card of what is there: a
    /// tile on it, the aids on, the board in front with nothing over it.
    pub fn examinable(&self, at: Pos) -> bool {
        self.seating.aids && self.board_keys() && !self.state().features_on(at).is_empty()
    }

    /// The card of the feature at `at`: the one the piece `piece` stands
    /// on, else the one under point (`x`, `y`) of the tile (see [`locate`]).
    pub(crate) fn examine(
        &mut self,
        at: Pos,
        piece: Option<Location>,
        (x, y): (f64, f64),
    ) -> Vec<Effect> {
        if !self.examinable(at) {
            return Vec::new();
        }
        match piece.or_else(|| locate(self.state(), at, x, y)) {
            Some(loc) => self.show_feature(at, loc),
            None => Vec::new(),
        }
    }

    /// The O key: the next feature of the tile at `at` after the one whose
    /// card was last open there, the first one else.
    pub(crate) fn examine_next(&mut self, at: Pos) -> Vec<Effect> {
        if !self.examinable(at) {
            return Vec::new();
        }
        let all = self.state().features_on(at);
        let next = match self.aids.examined {
            Some((p, loc)) if p == at => all
                .iter()
                .position(|&l| self.same_feature(at, l, loc))
                .map_or(0, |i| (i + 1) % all.len()),
            _ => 0,
        };
        self.show_feature(at, all[next])
    }

    /// Whether `a` and `b` name one segment of the tile at `at` (a road's
    /// two ends are one feature).
    fn same_feature(&self, at: Pos, a: Location, b: Location) -> bool {
        let s = self.state();
        let Some(i) = s.board().index_at(at) else {
            return false;
        };
        s.segment_at(i, a) == s.segment_at(i, b)
    }

    fn show_feature(&mut self, at: Pos, loc: Location) -> Vec<Effect> {
        if self.state().feature_report(at, loc).is_none() {
            return Vec::new();
        }
        self.aids.spot = None;
        self.aids.examined = Some((at, loc));
        self.over.open(Layer::Spot);
        refresh()
    }

    /// The feature whose card is open, without working out what it says
    /// (the board outlines it every frame).
    pub fn examining(&self) -> Option<(Pos, Location)> {
        if !self.over.is_open(Layer::Spot) || self.aids.spot.is_some() {
            return None;
        }
        self.aids.examined
    }

    /// The open spot whose "what can go here" card is open, which the
    /// board outlines: the card sits away from it.
    pub fn spot_shown(&self) -> Option<Pos> {
        self.aids.spot.filter(|_| self.over.is_open(Layer::Spot))
    }

    /// The feature whose card is open, and what it says.
    pub fn feature_card(&self) -> Option<(Pos, Location, FeatureReport)> {
        let (at, loc) = self.examining()?;
        Some((at, loc, self.state().feature_report(at, loc)?))
    }

    /// Whether the board tints the fields by who holds them.
    pub fn shows_fields(&self) -> bool {
        self.aids.fields && self.seating.aids
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Category, Game, Record};
    use crate::shell::msg::Msg;
    use crate::shell::screen::Screen;
    use crate::shell::seats::Seating;
    use crate::shell::turn::Turn;

    /// The start tile (city north, road east-west, fields either side) and
    /// a monastery with Ann's monk south of it (tile B).
    fn table() -> Table {
        let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],
          "deck":["B","E","E"],
          "moves":[{"at":[0,1],"rotation":0,"follower":"C"}]}"#;
        let game = Game::from_record(&Record::from_json(text).unwrap()).unwrap();
        Table::new(game, Seating::people(2), Screen::Table, Turn::default())
    }

    #[test]
    fn a_press_finds_the_feature_under_it() {
        let t = table();
        let s = t.state();
        let start = Pos::new(0, 0);
        let at = |x, y| locate(s, start, x, y).and_then(|l| s.feature_report(start, l));
        assert_eq!(at(0.5, 0.1).unwrap().category, Category::City, "north");
        assert_eq!(at(0.05, 0.5).unwrap().category, Category::Road, "west end");
        assert_eq!(at(0.95, 0.52).unwrap().category, Category::Road, "east end");
        assert_eq!(at(0.1, 0.85).unwrap().category, Category::Field, "south");
        // The fields north and south of the road are not one.
        let north = locate(s, start, 0.05, 0.3).unwrap();
        let south = locate(s, start, 0.05, 0.7).unwrap();
        assert_eq!(north, Location::Half(HalfEdge::new(7)));
        assert_eq!(south, Location::Half(HalfEdge::new(6)));
        // The monastery in the middle; its field around it.
        let m = Pos::new(0, 1);
        assert_eq!(locate(s, m, 0.5, 0.55), Some(Location::Center));
        let r = s
            .feature_report(m, locate(s, m, 0.9, 0.9).unwrap())
            .unwrap();
        assert_eq!(r.category, Category::Field);
        assert_eq!(locate(s, Pos::new(3, 3), 0.5, 0.5), None, "no tile");
    }

    #[test]
    fn a_long_press_on_a_tile_opens_the_card_of_its_feature() {
        let mut t = table();
        let fx = t.update(Msg::Examine {
            at: Pos::new(0, 1),
            piece: Some(Location::Center),
            x: 0.0,
            y: 0.0,
        });
        assert!(fx.contains(&Effect::Refresh));
        let card = crate::shell::cards::Cards::of(&t).spot.unwrap();
        assert_eq!((card.at, card.title), (None, "Who holds it"));
        assert!(card.words.contains("Ann"), "{}", card.words);
        let (at, loc, r) = t.feature_card().unwrap();
        assert_eq!((at, loc), (Pos::new(0, 1), Location::Center));
        assert_eq!(
            (r.category, r.pieces[0], r.now, r.open),
            (Category::Monastery, 1, 2, 7)
        );
        t.update(Msg::Escape);
        assert!(t.feature_card().is_none() && t.over.layers.is_empty());
        // An empty cell: nothing; an open spot stays "what can go here".
        assert!(t
            .update(Msg::Examine {
                at: Pos::new(4, 4),
                piece: None,
                x: 0.5,
                y: 0.5
            })
            .is_empty());
        let open = t.turn.fits[0].at;
        t.update(Msg::Inspect(open));
        assert!(t.feature_card().is_none() && t.spot_info().is_some());
    }

    #[test]
    fn the_o_key_steps_through_the_features_of_a_tile() {
        let mut t = table();
        let start = Pos::new(0, 0);
        let mut seen = Vec::new();
        for _ in 0..4 {
            t.update(Msg::ExamineNext(start));
            let (_, _, r) = t.feature_card().unwrap();
            seen.push(r.category);
            t.update(Msg::Escape);
        }
        seen.sort_by_key(|c| *c as u8);
        assert_eq!(
            seen,
            [
                Category::Road,
                Category::City,
                Category::Field,
                Category::Field
            ]
        );
        // Round again to the first.
        t.update(Msg::ExamineNext(start));
        assert_eq!(t.feature_card().unwrap().2.category, {
            let first = t.state().features_on(start)[0];
            t.state().feature_report(start, first).unwrap().category
        });
    }

    #[test]
    fn the_fields_button_turns_the_overlay_on_then_off() {
        let mut t = table();
        assert!(!t.shows_fields());
        assert!(t.update(Msg::ToggleFields).contains(&Effect::Refresh));
        assert!(t.shows_fields());
        t.update(Msg::ToggleFields);
        assert!(!t.shows_fields(), "the table decides from its own setting");
    }

    #[test]
    fn without_the_abbot_a_garden_has_no_card_and_no_o_stop() {
        // Vg (a garden in its field) south of the start tile; abbot off.
        let text = r#"{"format":"carcassonne-record/1","players":["Ann","Bob"],
          "deck":["Vg","E"], "moves":[{"at":[0,1],"rotation":0}]}"#;
        let game = Game::from_record(&Record::from_json(text).unwrap()).unwrap();
        let mut t = Table::new(game, Seating::people(2), Screen::Table, Turn::default());
        let at = Pos::new(0, 1);
        let mut seen = Vec::new();
        for _ in 0..3 {
            t.update(Msg::ExamineNext(at));
            seen.push(t.feature_card().unwrap().1);
            t.update(Msg::Escape);
        }
        t.update(Msg::ExamineNext(at));
        assert_eq!(t.feature_card().unwrap().1, seen[0], "round after 3");
        assert!(!seen.contains(&Location::Center));
        t.update(Msg::Escape);
        // A press on the garden tells of the field it lies in.
        t.update(Msg::Examine {
            at,
            piece: None,
            x: 0.5,
            y: 0.45,
        });
        let (_, _, r) = t.feature_card().unwrap();
        assert_eq!(r.category, Category::Field);
    }

    #[test]
    fn without_aids_no_card_and_no_fields() {
        let mut t = table();
        t.update(Msg::ToggleFields);
        assert!(t.shows_fields());
        t.seating.aids = false;
        assert!(!t.shows_fields());
        assert!(t
            .update(Msg::Examine {
                at: Pos::new(0, 1),
                piece: Some(Location::Center),
                x: 0.5,
                y: 0.5
            })
            .is_empty());
        assert!(t.update(Msg::ExamineNext(Pos::new(0, 0))).is_empty());
        assert!(t.feature_card().is_none());
    }
}
