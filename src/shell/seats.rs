//! Who sits in each seat, a person or the computer at a level, and in which
//! colour; and what follows from it for the turn: whether a person acts now,
//! whether the tablet changes hands, how far an undo goes back. The page
//! keeps the seating in the record's `meta` (read here, written by `web::seats`).

use crate::ai::Level;
use crate::engine::json::{Json, Kind};
use crate::engine::{compact, Game, State};

/// The six follower colours' names, as a record's `meta` keeps them.
pub const COLOUR_WORDS: [&str; 6] = ["yellow", "red", "green", "blue", "black", "pink"];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub enum Seat {
    Human,
    Computer(Level),
    /// A person on another device, whose moves arrive by link
    /// (docs/link-play.md); a game with one is a link game.
    Remote,
}

impl Seat {
    /// The word used in records and in the remembered setup.
    pub fn word(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Computer(level) => level.name(),
            Seat::Remote => "remote",
        }
    }

    /// Reads a word; only the levels a table can choose are accepted.
    pub fn parse(s: &str) -> Option<Seat> {
        match s {
            "human" => Some(Seat::Human),
            // Only where play by link is built (`shell::remote::ON`).
            "remote" if super::remote::ON => Some(Seat::Remote),
            "easy" | "medium" | "hard" => Level::parse(s).map(Seat::Computer),
            _ => None,
        }
    }
}

/// The list at `key` of a record's `meta`, read item by item, if it has an
/// item for each of the `players` and each reads. (A plain loop: a
/// `collect` into an `Option` is a generic body per caller.)
fn list_of<V: Json, T>(
    meta: &V,
    key: &str,
    players: usize,
    item: &dyn Fn(&V) -> Option<T>,
) -> Option<Vec<T>> {
    let list = meta.get(key);
    if list.kind() != Kind::Array || list.array_len() != players {
        return None;
    }
    let mut out = Vec::new();
    for i in 0..players {
        out.push(item(&list.item(i))?);
    }
    Some(out)
}

/// The table's own choices, kept with the game in its record's `meta`: the
/// seats in play order, who plays each, each one's colour (an index into
/// the six follower colours, all different) and number, and whether the
/// board-reading aids are on.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(
    any(feature = "tape", not(target_arch = "wasm32")),
    derive(serde::Serialize)
)]
#[cfg_attr(not(target_arch = "wasm32"), derive(serde::Deserialize))]
pub struct Seating {
    pub seats: Vec<Seat>,
    pub colours: Vec<u8>,
    /// The aids that read the board for the players (where a tile fits, the
    /// hint, spots no tile can fill, what can go on a spot, the score if
    /// the game ended now, the tiles to come); a purist table plays without.
    pub aids: bool,
    /// Each seat's number as people see it (0-based: shown as 1 to 6), the
    /// row it had on the start screen, kept when the first player is drawn
    /// and the seats turn; empty: the seats in play order (games from
    /// before numbers were kept, or from other tools).
    pub numbers: Vec<u8>,
}

impl Seating {
    /// The seating a record names in its `meta` (`seats`, `colours`,
    /// `aids`). Anything missing, unknown, repeated or of the wrong length
    /// falls back to the default for that part: `meta` is free-form, so a
    /// foreign note there must not stop a game from loading.
    pub fn from_meta<V: Json>(record: &V, players: usize) -> Seating {
        let meta = record.get("meta");
        let mut s = Seating::people(players);
        let seat = |v: &V| Seat::parse(&v.as_string()?);
        if let Some(seats) = list_of(&meta, "seats", players, &seat) {
            s.seats = seats;
        }
        let colour = |v: &V| {
            let w = v.as_string()?;
            COLOUR_WORDS.iter().position(|c| *c == w).map(|i| i as u8)
        };
        if let Some(colours) = list_of(&meta, "colours", players, &colour) {
            if (0..colours.len()).all(|i| !compact::has(&colours[..i], colours[i])) {
                s.colours = colours;
            }
        }
        // Only a plain `false` switches the aids off.
        s.aids = meta.get("aids").as_bool() != Some(false);
        // 1 to 6 in the record, as people read them; each once.
        let number = |v: &V| match v.as_f64() {
            Some(n) if (1.0..=6.0).contains(&n) && n.fract() == 0.0 => Some(n as u8 - 1),
            _ => None,
        };
        let numbers = list_of(&meta, "numbers", players, &number);
        if let Some(n) = numbers.filter(|n| (0..n.len()).all(|i| !compact::has(&n[..i], n[i]))) {
            s.numbers = n;
            s.plain_numbers();
        }
        s
    }

    /// Seat `p`'s number as people see it, from 0 (shown as 1).
    pub fn number(&self, p: usize) -> u8 {
        self.numbers.get(p).copied().unwrap_or(p as u8)
    }

    /// Numbers in play order are kept as none, so a seating compares equal
    /// however it came by them.
    fn plain_numbers(&mut self) {
        if self
            .numbers
            .iter()
            .enumerate()
            .all(|(i, &n)| usize::from(n) == i)
        {
            self.numbers.clear();
        }
    }

    /// People in every seat, in the colours' own order: games from before
    /// these choices, or from other tools.
    pub fn people(players: usize) -> Seating {
        let mut colours = Vec::new();
        for c in 0..players as u8 {
            colours.push(c);
        }
        Seating {
            seats: vec![Seat::Human; players],
            colours,
            aids: true,
            numbers: Vec::new(),
        }
    }

    /// Turns the table so that seat `first` plays first; each seat keeps
    /// its number.
    pub fn rotate_left(&mut self, first: usize) {
        let mut numbers = Vec::new();
        for p in 0..self.seats.len() {
            numbers.push(self.number(p));
        }
        self.numbers = numbers;
        crate::engine::compact::rotate_left(&mut self.seats, first);
        crate::engine::compact::rotate_left(&mut self.colours, first);
        crate::engine::compact::rotate_left(&mut self.numbers, first);
        self.plain_numbers();
    }

    /// Who plays seat `p` (a person for a seat the table does not know).
    pub fn seat(&self, p: u8) -> Seat {
        self.seats.get(p as usize).copied().unwrap_or(Seat::Human)
    }

    /// Whether a person is to act now (the controls answer only then).
    pub fn human_turn(&self, state: &State) -> bool {
        !state.is_over() && self.seat(state.current_player()) == Seat::Human
    }

    /// Whether some seat plays on another device: a game by link.
    pub fn by_link(&self) -> bool {
        self.seats.contains(&Seat::Remote)
    }

    /// How many people play: with one, nobody else need agree to an undo.
    pub fn humans(&self) -> usize {
        self.seats.iter().filter(|s| **s == Seat::Human).count()
    }

    /// Whose turn came before `p`, going back round the table.
    fn before(&self, p: usize) -> usize {
        (p + self.seats.len() - 1) % self.seats.len()
    }

    /// Whether the tablet changes hands for this turn: a person plays, and
    /// the last person to play sat in another seat.
    pub fn needs_handover(&self, state: &State) -> bool {
        if !self.human_turn(state) {
            return false;
        }
        let p = state.current_player() as usize;
        let mut q = self.before(p);
        while q != p {
            if self.seats[q] == Seat::Human {
                return true;
            }
            q = self.before(q);
        }
        false
    }

    /// How many turns an undo takes back: the computers' turns since the
    /// last person's, and that person's. None when no person has played.
    pub fn turns_to_undo(&self, game: &Game) -> Option<usize> {
        let moves = game.moves().len();
        (1..=moves).find(|k| self.seat(game.player_of_move(moves - k) as u8) == Seat::Human)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_meta_gives_the_seating_and_anything_odd_in_it_falls_back() {
        let read = |text: &str, n| {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            Seating::from_meta(&Some(&v), n)
        };
        let s = read(
            r#"{"meta":{"seats":["human","hard"],"colours":["blue","pink"],"aids":false}}"#,
            2,
        );
        assert_eq!(s.seats, [Seat::Human, Seat::Computer(Level::Hard)]);
        assert_eq!((s.colours, s.aids), (vec![3, 5], false));
        // Nothing there, or not this game's: people in the colours' order, aids on.
        for odd in [
            r#"{}"#,
            r#"{"meta":7}"#,
            r#"{"meta":{"seats":["human"],"colours":"blue","aids":"no"}}"#,
            r#"{"meta":{"seats":["human","robot"],"colours":["red","red"]}}"#,
            r#"{"meta":{"seats":["human",null],"colours":["red",1],"aids":0}}"#,
        ] {
            assert_eq!(read(odd, 2), Seating::people(2), "{odd}");
        }
        // Each part falls back alone.
        let s = read(
            r#"{"meta":{"seats":["easy","human"],"colours":["red"]}}"#,
            2,
        );
        assert_eq!(s.seats, [Seat::Computer(Level::Easy), Seat::Human]);
        assert_eq!(s.colours, [0, 1]);
    }

    #[test]
    fn each_seat_keeps_its_number_when_the_table_turns_and_in_its_record() {
        let mut s = Seating::people(3);
        s.colours = vec![3, 0, 5];
        // The third row of the start screen begins: it plays first, still number 3.
        s.rotate_left(2);
        assert_eq!(s.colours, [5, 3, 0]);
        assert_eq!((0..3).map(|p| s.number(p)).collect::<Vec<_>>(), [2, 0, 1]);
        // Turned all the way round: in play order again, as a seating without numbers.
        let mut round = s.clone();
        round.rotate_left(1);
        assert_eq!(round.numbers, Vec::<u8>::new());
        assert_eq!(round.colours, [3, 0, 5]);
        round.rotate_left(2);
        assert_eq!(round.numbers, [2, 0, 1]);
        let read = |text: &str, n| {
            let v: serde_json::Value = serde_json::from_str(text).unwrap();
            Seating::from_meta(&Some(&v), n)
        };
        let kept = read(r#"{"meta":{"numbers":[3,1,2]}}"#, 3);
        assert_eq!(kept.numbers, [2, 0, 1]);
        // A save from before numbers, or odd ones: the seats in play order.
        for odd in [
            r#"{"meta":{}}"#,
            r#"{"meta":{"numbers":[1,2,3]}}"#,
            r#"{"meta":{"numbers":[3,1]}}"#,
            r#"{"meta":{"numbers":[3,3,1]}}"#,
            r#"{"meta":{"numbers":[0,1,2]}}"#,
            r#"{"meta":{"numbers":[7,1,2]}}"#,
            r#"{"meta":{"numbers":[1.5,2,3]}}"#,
            r#"{"meta":{"numbers":"312"}}"#,
        ] {
            let s = read(odd, 3);
            assert_eq!(s, Seating::people(3), "{odd}");
            assert_eq!((0..3).map(|p| s.number(p)).collect::<Vec<_>>(), [0, 1, 2]);
        }
    }
    use crate::engine::{FollowerChoice, Rules};

    fn table(seats: &[Seat]) -> Seating {
        Seating {
            seats: seats.to_vec(),
            ..Seating::people(seats.len())
        }
    }

    fn game(players: usize) -> Game {
        let names = (0..players).map(|i| i.to_string()).collect();
        Game::new(names, Rules::default(), 7).unwrap()
    }

    const EASY: Seat = Seat::Computer(Level::Easy);

    #[test]
    fn the_tablet_changes_hands_only_between_people() {
        let g = game(3);
        // Seat 0 begins. Before it: seat 2, then seat 1.
        assert!(table(&[Seat::Human, Seat::Human, EASY]).needs_handover(g.state()));
        assert!(!table(&[Seat::Human, EASY, EASY]).needs_handover(g.state()));
        // A computer's turn is nobody's hand-over.
        assert!(!table(&[EASY, Seat::Human, Seat::Human]).needs_handover(g.state()));
    }

    /// `game` with `n` more turns played: first legal placement, no follower.
    fn played(mut game: Game, n: usize) -> Game {
        for _ in 0..n {
            let (at, r) = game.state().placements()[0];
            game.place_tile(at, r, &mut Vec::new()).unwrap();
            game.choose_follower(FollowerChoice::Skip, &mut Vec::new())
                .unwrap();
        }
        game
    }

    #[test]
    fn undo_goes_back_to_the_last_persons_turn() {
        let t = table(&[Seat::Human, EASY, EASY]);
        assert_eq!(t.turns_to_undo(&game(3)), None);
        assert_eq!(t.turns_to_undo(&played(game(3), 1)), Some(1));
        // The person, then two computers: all three come back.
        assert_eq!(t.turns_to_undo(&played(game(3), 3)), Some(3));
        assert_eq!(t.turns_to_undo(&played(game(3), 4)), Some(1));
        let computers = table(&[EASY, EASY]);
        assert_eq!(computers.turns_to_undo(&played(game(2), 5)), None);
    }

    #[test]
    fn people_are_counted() {
        assert_eq!(table(&[Seat::Human, EASY, Seat::Human]).humans(), 2);
        assert!(!table(&[EASY, Seat::Human]).human_turn(game(2).state()));
        assert!(table(&[Seat::Human, EASY]).human_turn(game(2).state()));
    }
}
