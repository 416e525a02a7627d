#![cfg(not(target_arch = "wasm32"))]
//! The games list's policy in storage (`shell::library`), natively over
//! the in-memory store: a full storage (what is kept, what the player is
//! told), damaged entries (each refused alone, the others kept), and two
//! tabs on one game.

use carcassonne::engine::{FollowerChoice, Game, Rules};
use carcassonne::shell::games::{Gm, MAX_GAMES, STALE_MS};
use carcassonne::shell::library::{self, NotSaved};
use carcassonne::shell::screen::Screen;
use carcassonne::shell::seats::{Seat, Seating};
use carcassonne::shell::store::{MemStore, SaveError, Store};
use carcassonne::shell::table::Table;
use carcassonne::shell::turn::Turn;
use carcassonne::shell::words;

const NOW: f64 = 1_795_349_109_000.0;

/// A table of two people on a game dealt with `seed`, `turns` turns in.
fn table(seed: u64, turns: usize) -> Table {
    let mut t = Table::new(
        Game::new(vec!["Ann".into(), "Bo".into()], Rules::default(), seed).unwrap(),
        Seating {
            seats: vec![Seat::Human, Seat::Computer(carcassonne::ai::Level::Easy)],
            colours: vec![3, 1],
            aids: false,
            // The second row of the start screen began.
            numbers: vec![1, 0],
        },
        Screen::Table,
        Turn::default(),
    );
    play(&mut t.game, turns);
    t
}

fn play(g: &mut Game, turns: usize) {
    for _ in 0..turns {
        let (at, r) = g.state().placements()[0];
        g.place_tile(at, r, &mut Vec::new()).unwrap();
        g.choose_follower(FollowerChoice::Skip, &mut Vec::new())
            .unwrap();
    }
}

#[test]
fn a_saved_game_loads_back_with_its_seats_and_its_turn_in_progress() {
    let mut s = MemStore::new("tab-a", NOW);
    let mut t = table(3, 4);
    assert_eq!(library::save(&mut s, &mut t), Ok(None));
    let id = t.shelf.current.clone().expect("named when first saved");
    let (g, seating) = library::load(&mut s, &id).unwrap();
    assert_eq!(g.moves(), t.game.moves());
    assert_eq!(
        seating, t.seating,
        "who sits where, colours, numbers and aids"
    );
    assert_eq!(seating.number(0), 1, "the first player is still number 2");
    let entry = library::index(&s).get(&id).cloned().unwrap();
    assert_eq!((entry.moves, entry.date), (4, NOW));
    // The tile laid unconfirmed belongs to this very turn only.
    let (at, rotation) = t.game.state().placements()[0];
    let spot = carcassonne::shell::in_progress::Pending {
        at,
        rotation,
        kind: None,
    };
    library::save_candidate(&mut s, &id, &t.game, Some(spot));
    assert_eq!(library::candidate(&s, &id, &t.game), Some(spot));
    let mut later = t.game.clone();
    play(&mut later, 1);
    assert_eq!(
        library::candidate(&s, &id, &later),
        None,
        "a stale turn's tile"
    );
    assert_eq!(library::pick(&s, None), Some(id));
}

#[test]
fn a_full_storage_keeps_every_game_and_says_the_latest_turn_was_not_saved() {
    let mut s = MemStore::new("tab-a", NOW);
    let mut first = table(1, 2);
    library::save(&mut s, &mut first).unwrap();
    let first_id = first.shelf.current.clone().unwrap();
    let mut t = table(2, 2);
    library::save(&mut s, &mut t).unwrap();
    let id = t.shelf.current.clone().unwrap();
    let stored = s.load(&library::record_key(&id)).unwrap();
    // Full: the next turn does not fit.
    s.quota.set(Some(s.used()));
    play(&mut t.game, 3);
    let e = library::save(&mut s, &mut t).unwrap_err();
    assert_eq!(e, NotSaved::Error(SaveError::Full));
    let NotSaved::Error(err) = e else {
        unreachable!()
    };
    assert_eq!(err.message(), words::t(words::GamesW::StorageFull));
    assert!(err.message().contains("latest turn was not saved"));
    // What was kept: the last good save of this game, and the other game.
    assert_eq!(s.load(&library::record_key(&id)), Some(stored));
    assert_eq!(library::load(&mut s, &id).unwrap().0.moves().len(), 2);
    assert_eq!(library::load(&mut s, &first_id).unwrap().0.moves().len(), 2);
    // Room again: the turn is saved, and the list is whole.
    s.quota.set(None);
    assert_eq!(library::save(&mut s, &mut t), Ok(None));
    assert_eq!(library::load(&mut s, &id).unwrap().0.moves().len(), 5);
    assert_eq!(library::index(&s).entries.len(), 2);
    // Storage switched off altogether is told in its own words.
    s.refuse = true;
    let e = library::save(&mut s, &mut t).unwrap_err();
    assert_eq!(e, NotSaved::Error(SaveError::Unavailable));
}

#[test]
fn the_list_makes_room_without_dropping_a_game_in_progress_and_says_when_it_cannot() {
    let mut s = MemStore::new("tab-a", NOW);
    // Finished games go first: one not begun, then games in progress.
    let mut empty = table(50, 0);
    library::save(&mut s, &mut empty).unwrap();
    let empty_id = empty.shelf.current.clone().unwrap();
    let mut ids = Vec::new();
    for seed in 0..MAX_GAMES as u64 {
        s.wait(1000.0);
        let mut t = table(seed, 1);
        let told = library::save(&mut s, &mut t).unwrap();
        assert_eq!(told, None, "game {seed}: room was made");
        ids.push(t.shelf.current.clone().unwrap());
    }
    let g = library::index(&s);
    assert_eq!(g.entries.len(), MAX_GAMES);
    assert!(g.get(&empty_id).is_none(), "the game not begun made room");
    assert_eq!(s.load(&library::record_key(&empty_id)), None, "and is gone");
    // One more in progress: nothing can go, so the list grows, and says so.
    s.wait(1000.0);
    let mut t = table(99, 1);
    assert_eq!(
        library::save(&mut s, &mut t),
        Ok(Some(words::t(words::GamesW::ListFull)))
    );
    assert_eq!(library::index(&s).entries.len(), MAX_GAMES + 1);
    for id in &ids {
        assert!(library::load(&mut s, id).is_ok(), "{id} is kept");
    }
}

#[test]
fn damaged_entries_are_each_set_aside_alone_and_the_others_still_open() {
    let mut s = MemStore::new("tab-a", NOW);
    let mut ids = Vec::new();
    for seed in 0..3 {
        let mut t = table(seed, 2);
        library::save(&mut s, &mut t).unwrap();
        ids.push(t.shelf.current.clone().unwrap());
    }
    let broken = [
        "{\"format\": \"carcassonne-record/1\", \"players\": [", // cut short
        "{\"format\": \"chess/1\"}",                             // a foreign file
    ];
    for (id, text) in ids.iter().zip(broken) {
        s.save(&library::record_key(id), text).unwrap();
    }
    for (i, id) in ids.iter().take(2).enumerate() {
        let e = library::load(&mut s, id).err().expect("refused");
        assert!(e.starts_with("The saved game could not be read ("), "{e}");
        assert!(e.contains("kept aside in this browser, not deleted"), "{e}");
        assert!(
            e.contains("2026-11-22 12:05"),
            "with when it was found: {e}"
        );
        // Refused alone: its text is kept aside, the way is clear.
        let k = library::record_key(id);
        assert_eq!(s.load(&k), None);
        assert_eq!(s.load(&library::aside(&k, 0)).as_deref(), Some(broken[i]));
    }
    let gone = library::load(&mut s, &ids[0]).err().expect("refused");
    assert!(gone.contains("no longer in the list"), "{gone}");
    let (g, _) = library::load(&mut s, &ids[2]).unwrap();
    assert_eq!(g.moves().len(), 2, "the third game still opens");
    // A damaged index loses its lines' summaries, never a game.
    s.save("games", "garbage\n\u{0}\n").unwrap();
    assert_eq!(
        library::pick(&s, None),
        None,
        "no summary says it is in progress"
    );
    assert_eq!(library::stored_ids(&s), vec![ids[2].clone()]);
}

#[test]
fn two_tabs_on_one_game_never_write_over_each_other() {
    let mut a = MemStore::new("tab-a", NOW);
    let mut b = a.other_tab("tab-b");
    let mut ta = table(7, 2);
    library::save(&mut a, &mut ta).unwrap();
    let id = ta.shelf.current.clone().unwrap();
    // B sees it open in A, and may take it over.
    assert!(library::elsewhere(&b, &id));
    assert!(!library::elsewhere(&a, &id));
    assert!(!library::claim(&mut b, &id, false), "not without taking it");
    assert!(library::claim(&mut b, &id, true));
    let mut tb = table(7, 2);
    tb.shelf.current = Some(id.clone());
    play(&mut tb.game, 1);
    library::save(&mut b, &mut tb).unwrap();
    // A's next save is refused, and A is told it was taken over.
    play(&mut ta.game, 1);
    assert_eq!(
        library::save(&mut a, &mut ta),
        Err(NotSaved::Lost(Gm::TakenOver))
    );
    assert!(!library::ours(&a, &id));
    assert_eq!(
        library::load(&mut a, &id).unwrap().0.moves(),
        tb.game.moves()
    );
    // B closes (lets go); A, asleep through it all, still writes nothing.
    library::release(&mut b, &id);
    assert!(!library::elsewhere(&a, &id), "nobody has it open now");
    assert!(!library::ours(&a, &id), "but it is not A's to write");
    // A takes it back; B, if it comes back, is told.
    assert!(library::claim(&mut a, &id, true));
    assert_eq!(
        library::save(&mut b, &mut tb),
        Err(NotSaved::Lost(Gm::TakenOver))
    );
    // A claim not renewed for a while is a tab gone: no longer "open elsewhere".
    assert!(library::elsewhere(&b, &id));
    a.wait(STALE_MS + 1.0);
    assert!(!library::elsewhere(&b, &id));
    // Deleted in one tab, the other is told it is gone, not taken.
    assert!(library::delete(&mut b, &id));
    assert_eq!(library::lost(&a, &id), Gm::Gone);
    assert!(
        library::index(&a).entries.is_empty(),
        "gone from the list too"
    );
    assert_eq!(
        s_names(&a, "games."),
        Vec::<String>::new(),
        "and from storage"
    );
}

fn s_names(s: &MemStore, prefix: &str) -> Vec<String> {
    s.names(prefix)
}

#[test]
fn the_save_from_before_the_list_becomes_its_first_game() {
    let mut s = MemStore::new("tab-a", NOW);
    let t = table(4, 3);
    let text = s.write_record(&t.game, &t.seating).unwrap();
    s.save("game", &text).unwrap();
    s.save("candidate", "3,1,0,0").unwrap();
    let id = library::migrate(&mut s).unwrap().expect("moved");
    assert_eq!(s.load("game"), None);
    assert_eq!(
        s.load(&library::key("candidate", &id)).as_deref(),
        Some("3,1,0,0")
    );
    assert_eq!(
        library::load(&mut s, &id).unwrap().0.moves(),
        t.game.moves()
    );
    assert_eq!(library::migrate(&mut s), Ok(None), "only once");
    // An old save that cannot be read is set aside, and said so.
    s.save("game", "not json").unwrap();
    let e = library::migrate(&mut s).unwrap_err();
    assert!(e.contains("not JSON"), "{e}");
    assert_eq!(s.load("game"), None);
}

#[test]
fn a_game_played_on_from_a_review_keeps_which_game_and_move_it_came_from() {
    use carcassonne::shell::msg::Msg;
    use carcassonne::shell::review::Rv;
    let mut s = MemStore::new("a", NOW);
    let mut t = table(5, 12);
    library::save(&mut s, &mut t).unwrap();
    let parent = t.shelf.current.clone().unwrap();
    t.update(Msg::Review(Rv::Open));
    t.update(Msg::Review(Rv::Jump(8)));
    t.update(Msg::Review(Rv::PlayOn(vec![Seat::Human, Seat::Human])));
    assert_eq!((t.screen, t.game.moves().len()), (Screen::Table, 8));
    library::save(&mut s, &mut t).unwrap();
    let id = t.shelf.current.clone().expect("listed when first saved");
    assert_ne!(id, parent, "a game of its own");
    assert_eq!(library::origin(&s, &id), Some((8, parent.clone())));
    assert_eq!(library::origin(&s, &parent), None);
    assert_eq!(
        words::played_on(8, "the game of Ann and Bo (today 19:55)"),
        "Played on from move 8 of the game of Ann and Bo (today 19:55)"
    );
    assert_eq!(
        words::played_on(0, ""),
        "Played on from the start of an earlier game"
    );
    // A file watched and played on came from no game of the list; a new
    // game after a branch is no branch.
    let mut fresh = table(6, 3);
    library::save(&mut s, &mut fresh).unwrap();
    fresh.update(Msg::NewGameAgreed);
    library::save(&mut s, &mut fresh).unwrap();
    let other = fresh.shelf.current.clone().unwrap();
    assert_eq!(library::origin(&s, &other), None);
    // Deleted, the game takes its origin with it.
    assert!(library::delete(&mut s, &id));
    assert_eq!(library::origin(&s, &id), None);
}

#[test]
fn the_list_shows_every_game_stored_and_a_damaged_one_as_set_aside() {
    let mut s = MemStore::new("tab-a", NOW);
    let mut ids = Vec::new();
    for seed in 0..3 {
        let mut t = table(seed, 2 + seed as usize);
        library::save(&mut s, &mut t).unwrap();
        ids.push(t.shelf.current.clone().unwrap());
    }
    // One record damaged, and the index lost: every game is still found.
    s.save(&library::record_key(&ids[0]), "{\"format\": \"chess/1\"}")
        .unwrap();
    s.save("games", "garbage\n").unwrap();
    let l = library::gather(&mut s);
    assert_eq!(l.now, NOW);
    let mut found: Vec<&str> = l.found.iter().map(|f| f.entry.id.as_str()).collect();
    found.sort_unstable();
    let mut want: Vec<&str> = ids.iter().map(String::as_str).collect();
    want.sort_unstable();
    assert_eq!(found, want, "each game stored, the damaged one too");
    let notice = l.notice.as_deref().expect("the player is told");
    assert!(notice.contains("kept aside"), "{notice}");
    for f in &l.found {
        let damaged = f.entry.id == ids[0];
        assert_eq!(f.game.is_none(), damaged, "{}", f.entry.id);
        if !damaged {
            // Its summary read afresh from its record.
            let names: Vec<&str> = f.entry.players.iter().map(|p| p.name.as_str()).collect();
            assert_eq!(names, ["Ann", "Bo"]);
            assert_eq!(
                f.entry.moves as usize,
                f.game.as_ref().unwrap().0.moves().len()
            );
        }
    }
    // Set aside, not lost; read again, the player is not told twice, and
    // the other games still read.
    let k = library::record_key(&ids[0]);
    assert_eq!(
        s.load(&library::aside(&k, 0)).as_deref(),
        Some("{\"format\": \"chess/1\"}")
    );
    let again = library::gather(&mut s);
    assert!(again.notice.is_none(), "told once");
    assert_eq!(again.found.iter().filter(|f| f.game.is_some()).count(), 2);
}
