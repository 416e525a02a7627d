//! A plain, serialisable picture of a game for the page, embedders and the
//! AI worker: everything a player can see, nothing hidden (no draw order,
//! no hand when hands are hidden).

use super::follower::Players;
use super::game::Game;
use super::geometry::Pos;
use super::rules::Rules;
use super::score::Score;
use super::state::{Piece, Spot, Step};
use super::tile::TileKind;
use serde::Serialize;

#[derive(Serialize)]
pub struct PlayerView {
    pub name: String,
    pub score: Score,
    /// What the player would have if the game ended now.
    pub potential: Score,
    pub followers: u8,
    /// Whether the abbot is in supply (`None` when the abbot is not in play).
    pub abbot_home: Option<bool>,
}

#[derive(Serialize)]
pub struct TileView {
    pub tile: TileKind,
    pub at: Pos,
    pub rotation: u8,
}

#[derive(Serialize)]
pub struct RemainingView {
    pub tile: TileKind,
    pub count: u8,
}

#[derive(Serialize)]
pub struct GameView {
    pub rules: Rules,
    pub players: Vec<PlayerView>,
    pub current_player: u8,
    pub step: Step,
    /// The tile in hand, during the tile step (with hands, the oldest of the
    /// current player's hand; `None` when hands are hidden).
    pub tile: Option<TileKind>,
    /// Each seat's hand, oldest first ([`crate::engine::State::hand`]): with
    /// the hand rule every hand once dealt, else the current player's drawn
    /// tile. `None` for every seat when hands are hidden (`hand_open:
    /// false`): ask for one seat's hand by itself.
    pub hands: Vec<Option<Vec<TileKind>>>,
    /// How many tiles each seat holds (public even when hands are hidden).
    pub hand_sizes: Vec<u8>,
    /// The tile placed this turn, during the follower step.
    pub placed: Option<TileView>,
    pub tiles: Vec<TileView>,
    pub pieces: Vec<Piece>,
    /// Tiles still in the stack, not counting those in hand.
    pub tiles_left: usize,
    /// The stack's tiles by kind; when hands are hidden, the stack's and
    /// every hand's together (what nobody at the table can see all of).
    pub remaining: Vec<RemainingView>,
    pub tiles_discarded: u8,
    pub spots: Vec<Spot>,
    pub recallable_abbot: Option<Pos>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub finished: bool,
    pub winners: Players,
    pub turn: usize,
}

impl GameView {
    pub fn of(game: &Game) -> GameView {
        let s = game.state();
        let potential = s.potential_scores();
        let hidden = s.hands_dealt() && !s.rules().hand_open;
        // Plain loops, not `collect`s: each collect is a function of its own.
        let n = s.players();
        let mut players = Vec::with_capacity(n.into());
        let mut hands = Vec::with_capacity(n.into());
        let mut hand_sizes = Vec::with_capacity(n.into());
        let mut counts = [0u8; TileKind::COUNT];
        for k in s.remaining() {
            counts[k.0 as usize] += 1;
        }
        for p in 0..n {
            players.push(PlayerView {
                name: game.names()[p as usize].clone(),
                score: s.score(p),
                potential: potential[p as usize],
                followers: s.supply(p),
                abbot_home: s.rules().abbot.then(|| s.abbot_home(p)),
            });
            let hand = s.hand(p);
            if hidden {
                for k in hand {
                    counts[k.0 as usize] += 1;
                }
            }
            hands.push((!hidden).then(|| hand.to_vec()));
            hand_sizes.push(hand.len() as u8);
        }
        let mut tiles = Vec::with_capacity(s.board().len());
        for t in s.board().tiles() {
            tiles.push(TileView {
                tile: t.kind,
                at: t.pos,
                rotation: t.rotation,
            });
        }
        let mut pieces = Vec::new();
        for piece in s.pieces() {
            pieces.push(piece);
        }
        let mut remaining = Vec::new();
        for tile in TileKind::all() {
            let count = counts[tile.0 as usize];
            if count > 0 {
                remaining.push(RemainingView { tile, count });
            }
        }
        GameView {
            rules: s.rules(),
            players,
            current_player: s.current_player(),
            step: s.step(),
            tile: s.tile().filter(|_| !hidden),
            hands,
            hand_sizes,
            placed: s.last_placed().map(|t| TileView {
                tile: t.kind,
                at: t.pos,
                rotation: t.rotation,
            }),
            tiles,
            pieces,
            tiles_left: s.remaining().len(),
            remaining,
            tiles_discarded: s.discarded(),
            spots: s.follower_spots(),
            recallable_abbot: s.recallable_abbot(),
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            finished: s.step() == Step::GameOver,
            winners: s.winners(),
            turn: game.moves().len() + 1,
        }
    }
}
