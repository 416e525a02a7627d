//! A game as its record: players, rules, draw order and moves, with the live
//! state derived from them. Undo and redo replay the record, so going back
//! never reveals a tile the table has not already seen.

use super::deck;
use super::error::RuleError;
use super::event::Event;
use super::geometry::Pos;
use super::record::{Move, Record, FORMAT};
use super::rules::Rules;
use super::score::Category;
use super::state::{FollowerChoice, State, Step};
use super::tile::TileKind;
use serde::Serialize;

#[derive(Clone)]
pub struct Game {
    names: Vec<String>,
    rules: Rules,
    seed: Option<u64>,
    /// The deck as the record gave it, if it gave one.
    deck_names: Option<Vec<String>>,
    deck: Vec<TileKind>,
    moves: Vec<Move>,
    /// The seat that played each move (extra turns and passed-over players
    /// break the plain rotation).
    movers: Vec<u8>,
    /// The tile placed this turn, before the follower step: where, how
    /// turned, and the hand tile named (`None` without hands).
    pending: Option<(Pos, u8, Option<TileKind>)>,
    redo: Vec<Move>,
    state: State,
}

/// What kind of problem stopped a record from loading: callers (and the
/// page's error objects, through [`RecordError::code`]) tell them apart by
/// kind, not by the wording.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The text is not JSON at all.
    Json,
    /// A field is missing, unknown, or of the wrong type or range.
    Field,
    /// The header does not describe a game: format, players, seed or deck missing.
    Header,
    /// The deck names a tile that is not in the game, or too many of one.
    Deck,
    /// A move breaks a rule when replayed.
    Rule(RuleError),
}

/// Why a record could not be loaded or replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub kind: RecordErrorKind,
    /// 1-based index into `moves`, when a move is at fault.
    pub move_number: Option<usize>,
    pub message: String,
}

impl RecordError {
    pub fn new(kind: RecordErrorKind, message: String) -> RecordError {
        RecordError {
            kind,
            move_number: None,
            message,
        }
    }

    /// A short stable name of the kind: `json`, `field`, `header`, `deck` or `rule`.
    pub fn code(&self) -> &'static str {
        match self.kind {
            RecordErrorKind::Json => "json",
            RecordErrorKind::Field => "field",
            RecordErrorKind::Header => "header",
            RecordErrorKind::Deck => "deck",
            RecordErrorKind::Rule(_) => "rule",
        }
    }

    /// The message with the move it is about, without the "not a valid game
    /// record" lead-in that malformed input gets.
    pub fn detail(&self) -> String {
        match self.move_number {
            Some(n) => {
                use super::compact::{cat, signed_text};
                cat(&["move ", &signed_text(n as i64), ": ", &self.message])
            }
            None => self.message.clone(),
        }
    }
}

impl core::fmt::Display for RecordError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if matches!(self.kind, RecordErrorKind::Json | RecordErrorKind::Field) {
            f.write_str("not a valid game record: ")?;
        }
        f.write_str(&self.detail())
    }
}

impl std::error::Error for RecordError {}

/// One player's line in a result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerResult {
    pub name: String,
    pub total: u32,
    pub road: u16,
    pub city: u16,
    pub monastery: u16,
    pub garden: u16,
    pub field: u16,
}

/// What `carcassonne replay` prints (rules §11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub finished: bool,
    pub tiles_placed: usize,
    pub tiles_discarded: usize,
    pub players: Vec<PlayerResult>,
    pub winners: Vec<String>,
}

impl Game {
    /// A new game from a seed.
    pub fn new(names: Vec<String>, rules: Rules, seed: u64) -> Result<Game, RecordError> {
        Game::from_record(&Record {
            format: FORMAT.into(),
            players: names,
            rules,
            seed: Some(seed),
            deck: None,
            moves: vec![],
            meta: None,
        })
    }

    /// Loads and replays a record, naming the first problem.
    pub fn from_record(r: &Record) -> Result<Game, RecordError> {
        r.validate_header()?;
        let deck = match &r.deck {
            Some(names) => deck::parse(names, &r.rules)
                .map_err(|m| RecordError::new(RecordErrorKind::Deck, m))?,
            None => deck::shuffled(&r.rules, r.seed.unwrap_or(0)),
        };
        let mut events = Vec::new();
        let state = State::new(r.rules, r.players.len() as u8, &deck, &mut events);
        let mut g = Game {
            names: r.players.clone(),
            rules: r.rules,
            seed: r.seed,
            deck_names: r.deck.clone(),
            deck,
            moves: Vec::with_capacity(r.moves.len()),
            movers: Vec::with_capacity(r.moves.len()),
            pending: None,
            redo: Vec::new(),
            state,
        };
        for (i, m) in r.moves.iter().enumerate() {
            let at_move = |kind, message| RecordError {
                kind,
                move_number: Some(i + 1),
                message,
            };
            // The refusal's words: English natively; in the wasm the page
            // says the kind in its own language (`words::record_refusal`).
            #[cfg(not(target_arch = "wasm32"))]
            let rule = |e: RuleError| at_move(RecordErrorKind::Rule(e), super::error::text(&e));
            #[cfg(target_arch = "wasm32")]
            let rule = |e: RuleError| at_move(RecordErrorKind::Rule(e), String::new());
            if g.state.step() == Step::GameOver {
                return Err(rule(RuleError::GameOver));
            }
            // A record's move may leave its tile out only when the hand
            // holds one kind (rules §12).
            if m.tile.is_none() && g.state.hands_dealt() && g.state.hand_is_mixed() {
                return Err(rule(RuleError::TileNotNamed));
            }
            g.place_tile_with(m.at, m.rotation, m.tile, &mut events)
                .map_err(rule)?;
            g.choose_follower(m.choice, &mut events).map_err(rule)?;
        }
        Ok(g)
    }

    pub fn state(&self) -> &State {
        &self.state
    }
    pub fn names(&self) -> &[String] {
        &self.names
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    /// The shuffle seed the game was dealt from (none for a record that gave its deck).
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The seat that played move `i` (0-based).
    pub fn player_of_move(&self, i: usize) -> usize {
        self.movers
            .get(i)
            .map_or(i % self.names.len(), |&p| p as usize)
    }
    pub fn pending(&self) -> Option<(Pos, u8)> {
        self.pending.map(|(at, r, _)| (at, r))
    }
    /// The tile laid this turn and not yet followed up, with the tile of
    /// the hand it was (rules §12 hands), as [`Game::place_tile_with`] takes it.
    pub fn pending_move(&self) -> Option<(Pos, u8, Option<TileKind>)> {
        self.pending
    }
    pub fn can_undo(&self) -> bool {
        self.pending.is_some() || !self.moves.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        self.pending.is_none() && !self.redo.is_empty()
    }

    /// The record of every completed turn (a tile placed but not yet followed
    /// up is not part of it).
    pub fn record(&self) -> Record {
        Record {
            format: FORMAT.into(),
            players: self.names.clone(),
            rules: self.rules,
            seed: if self.deck_names.is_some() {
                None
            } else {
                self.seed
            },
            deck: self.deck_names.clone(),
            moves: self.moves.clone(),
            meta: None,
        }
    }

    /// Places the tile in hand ([`State::tile`]).
    pub fn place_tile(
        &mut self,
        at: Pos,
        rotation: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.place_tile_with(at, rotation, None, events)
    }

    /// Places `tile` from the current player's hand, or with `None` the tile
    /// in hand (see [`State::place_tile_with`]). The record names the tile
    /// of every move made from a hand.
    pub fn place_tile_with(
        &mut self,
        at: Pos,
        rotation: u8,
        tile: Option<TileKind>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let kind = self.state.check_named(tile)?;
        let named = self.state.hands_dealt().then_some(kind);
        self.state.place_tile_with(at, rotation, tile, events)?;
        self.pending = Some((at, rotation, named));
        Ok(())
    }

    pub fn choose_follower(
        &mut self,
        choice: FollowerChoice,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mover = self.state.current_player();
        self.state.choose_follower(choice, events)?;
        let (at, rotation, tile) = self.pending.take().expect("a tile was placed this turn");
        let m = Move {
            at,
            rotation,
            choice,
            tile,
        };
        if self.redo.last() == Some(&m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.moves.push(m);
        self.movers.push(mover);
        Ok(())
    }

    /// Applies one action, checked, and returns what happened.
    pub fn apply(&mut self, action: super::action::Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        match action {
            super::action::Action::PlaceTile { at, rotation, tile } => {
                self.place_tile_with(at, rotation, tile, &mut events)?
            }
            other => {
                let choice = other
                    .choice()
                    .expect("every other action is a follower step");
                self.choose_follower(choice, &mut events)?
            }
        }
        Ok(events)
    }

    /// Rebuilds the state from the deck and `self.moves`.
    fn rebuild(&mut self) {
        let mut sink = Vec::new();
        let mut s = State::new(self.rules, self.names.len() as u8, &self.deck, &mut sink);
        for m in &self.moves {
            let kind = m.tile.or(s.tile()).expect("a tile is in hand");
            s.place_unchecked(kind, m.at, m.rotation, &mut sink);
            s.choose_follower_unchecked(m.choice, &mut sink);
        }
        self.state = s;
    }

    /// Takes back the tile placed this turn, or else the whole last turn.
    /// Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        if self.pending.take().is_some() {
            self.rebuild();
            return true;
        }
        match self.moves.pop() {
            Some(m) => {
                self.movers.pop();
                self.redo.push(m);
                self.rebuild();
                true
            }
            None => false,
        }
    }

    /// Replays the last undone turn. Returns false when there is nothing to redo.
    pub fn redo(&mut self, events: &mut Vec<Event>) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let Some(m) = self.redo.last().copied() else {
            return false;
        };
        if self
            .place_tile_with(m.at, m.rotation, m.tile, events)
            .is_err()
        {
            self.redo.clear();
            return false;
        }
        if self.choose_follower(m.choice, events).is_err() {
            self.redo.clear();
            self.undo();
            return false;
        }
        true
    }

    pub fn result(&self) -> GameResult {
        let s = &self.state;
        let mut players = Vec::new();
        for p in 0..s.players() {
            let sc = s.score(p);
            players.push(PlayerResult {
                name: self.names[p as usize].clone(),
                total: sc.total(),
                road: sc.get(Category::Road),
                city: sc.get(Category::City),
                monastery: sc.get(Category::Monastery),
                garden: sc.get(Category::Garden),
                field: sc.get(Category::Field),
            });
        }
        let mut winners = Vec::new();
        for p in s.winners().iter() {
            winners.push(self.names[p as usize].clone());
        }
        GameResult {
            finished: s.step() == Step::GameOver,
            tiles_placed: s.board().len(),
            tiles_discarded: s.discarded() as usize,
            players,
            winners,
        }
    }
}
