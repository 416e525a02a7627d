#![cfg(not(target_arch = "wasm32"))]
//! Games by link between tables (`shell/remote.rs`), each table a device
//! with its own fake clock: the setup round's invites and replies, turns
//! carried as the link texts the tables offer, moves that come by link
//! played out as a computer's, undo only until the link has gone, and
//! refusals that leave the game as it was. Every device ends with the same
//! scores, equal to the engine's replay of the game's record.

use carcassonne::ai::{self, Level};
use carcassonne::engine::{FollowerChoice, Step};
use carcassonne::shell::banner::Bn;
use carcassonne::shell::cards::Cards;
use carcassonne::shell::effect::Effect;
use carcassonne::shell::games::{Gm, Stored};
use carcassonne::shell::library;
use carcassonne::shell::lifecycle::{Settings, StartUp};
use carcassonne::shell::msg::Msg;
use carcassonne::shell::remote::Lk;
use carcassonne::shell::screen::{Layer, Screen};
use carcassonne::shell::seats::Seat;
use carcassonne::shell::setup::{Change, Setup};
use carcassonne::shell::store::{MemStore, Store};
use carcassonne::shell::table::Table;

/// A device: its table, its clock and the timers set, the notes shown,
/// its storage (read when the table asks, written when a test says).
struct Device {
    t: Table,
    now: u64,
    due: Vec<(u64, u64, Msg)>,
    set: u64,
    notes: Vec<String>,
    store: MemStore,
}

impl Device {
    fn new() -> Device {
        let s = first_visit();
        let (t, _) = Table::start_up(s).unwrap();
        Device {
            t,
            now: 0,
            due: Vec::new(),
            set: 0,
            notes: Vec::new(),
            store: MemStore::new("tab", 1000.0),
        }
    }

    fn send(&mut self, msg: Msg) -> Vec<Effect> {
        let fx = self.t.update(msg);
        for e in &fx {
            match e {
                Effect::After { ms, msg } => {
                    self.set += 1;
                    self.due
                        .push((self.now + *ms as u64, self.set, msg.clone()));
                }
                Effect::Ask(a) => {
                    let reply = ai::choose(self.t.state(), a.level, a.seed)
                        .ok_or_else(|| "no tile".to_string());
                    self.set += 1;
                    let m = Msg::Answer {
                        token: a.token,
                        reply,
                        ms: 1.0,
                    };
                    self.due.push((self.now + 100, self.set, m));
                }
                Effect::Notify(m) => self.notes.push(m.clone()),
                // Storage answers as the page's does (src/web/play.rs).
                Effect::FindLink(game) => {
                    let id = game.and_then(|g| library::find_link(&self.store, &g));
                    let round = self.store.load(carcassonne::shell::remote::ROUND);
                    self.set += 1;
                    let m = Msg::Link(Lk::Found { id, round });
                    self.due.push((self.now, self.set, m));
                }
                Effect::Keep { name, value } => {
                    let _ = self.store.save(name, value);
                }
                Effect::LoadGame { id, take, review } => {
                    let read = library::load(&mut self.store, id);
                    let m = Msg::Games(Gm::Loaded {
                        link: library::link(&self.store, id),
                        id: id.clone(),
                        read: Box::new(read.map(|(g, seating)| (Stored(g), seating))),
                        candidate: None,
                        pending: None,
                        elsewhere: false,
                        take: *take,
                        review: *review,
                    });
                    self.set += 1;
                    self.due.push((self.now, self.set, m));
                }
                _ => {}
            }
        }
        for e in &fx {
            if let Effect::Notify(m) = e {
                self.t.update(Msg::Banner(Bn::Tell(m.clone())));
            }
        }
        fx
    }

    fn tick(&mut self) -> bool {
        let Some(i) = (0..self.due.len()).min_by_key(|&i| (self.due[i].0, self.due[i].1)) else {
            return false;
        };
        let (when, _, msg) = self.due.remove(i);
        self.now = self.now.max(when);
        self.send(msg);
        true
    }

    fn settle(&mut self) {
        while self.tick() {}
        if self.t.screen == Screen::HandOver {
            self.send(Msg::HandedOver);
        }
    }

    fn open(&mut self, text: &str, seed: u8) -> Vec<Effect> {
        let fx = self.send(Msg::Link(Lk::Open {
            text: text.into(),
            entropy: [seed; 16],
        }));
        self.settle();
        fx
    }

    /// The links the card offers: to which seat, the text.
    fn outbox(&self) -> Vec<(u8, String)> {
        self.t.link.outbox.clone()
    }

    fn card(&self) -> Cards {
        Cards::of(&self.t)
    }

    fn totals(&self) -> Vec<u32> {
        let s = self.t.state();
        (0..s.players()).map(|p| s.score(p).total()).collect()
    }

    /// A person's turn: the first cell where the tile fits, no follower.
    fn person_plays(&mut self) {
        let at = self.t.turn.fits[0].at;
        self.send(Msg::Lay(at));
        self.send(Msg::Confirm);
        assert_eq!(self.t.state().step(), Step::PlaceFollower);
        self.send(Msg::Follow(FollowerChoice::Skip));
        self.settle();
    }
}

/// The host's game: `seats` on its start screen, `first` begins; each
/// seat on another device gets its own device, which opens its invite and
/// whose reply the host opens. Returns the devices (host first) and, for
/// each seat, its device.
fn set_up(seats: &[Seat], first: usize) -> (Vec<Device>, Vec<usize>) {
    let mut host = Device::new();
    host.send(Msg::Setup(Change::Count(seats.len())));
    for (i, s) in seats.iter().enumerate() {
        host.send(Msg::Setup(Change::Seat(i, *s)));
    }
    host.send(Msg::Setup(Change::First(Some(first))));
    host.send(Msg::Start {
        seed: 3,
        random: 0.0,
        entropy: [7; 16],
    });
    // Still the start screen: the game starts when every seat has joined.
    assert_eq!(host.t.screen, Screen::Setup);
    assert!(host.t.over.is_open(Layer::Link));
    let invites = host.outbox();
    let remote: Vec<usize> = (0..seats.len())
        .map(|i| (i + seats.len() - first) % seats.len())
        .filter(|&p| seats[(p + first) % seats.len()] == Seat::Remote)
        .collect();
    assert_eq!(
        invites.iter().map(|(p, _)| *p as usize).collect::<Vec<_>>(),
        {
            let mut r = remote.clone();
            r.sort();
            r
        },
        "an invite for each seat elsewhere"
    );
    let card = host.card().link.expect("the card is written");
    assert!(card.status.starts_with("Waiting for"), "{}", card.status);
    let mut devices = vec![host];
    let mut of_seat = vec![0; seats.len()];
    for (k, (seat, invite)) in invites.iter().enumerate() {
        let mut d = Device::new();
        d.open(invite, 10 + k as u8);
        let reply = d.outbox();
        assert_eq!(reply.len(), 1, "one reply, to the host");
        let line = &d.card().link.unwrap().links[0].0;
        assert!(line.starts_with("Send this back to"), "{line}");
        of_seat[*seat as usize] = devices.len();
        devices.push(d);
        devices[0].open(&reply[0].1, 0);
    }
    assert_eq!(devices[0].t.screen, Screen::Table, "every reply is in");
    (devices, of_seat)
}

/// Plays the game to its end: whoever's turn it is plays on its device,
/// and each link offered is carried to its seat's device. Returns how
/// many links were carried.
fn play_out(devices: &mut [Device], of_seat: &[usize]) -> usize {
    let mut carried = 0;
    for _ in 0..2000 {
        let mut moved = false;
        for d in 0..devices.len() {
            devices[d].settle();
            let out = devices[d].outbox();
            if !out.is_empty() && !devices[d].t.link.sent {
                devices[d].send(Msg::Link(Lk::Sent));
                for (seat, text) in out {
                    devices[of_seat[seat as usize]].open(&text, 0);
                    carried += 1;
                }
                moved = true;
            }
            let t = &devices[d].t;
            if t.screen == Screen::Table
                && t.human_turn()
                && t.state().step() == Step::PlaceTile
                && t.by_link()
            {
                devices[d].person_plays();
                moved = true;
            }
        }
        if devices.iter().all(|d| d.t.state().is_over()) && !moved {
            return carried;
        }
        assert!(moved, "nobody can move: the game would stall");
    }
    panic!("the game does not end");
}

fn ends_alike(devices: &[Device]) {
    let lg = devices[0].t.link.game.as_ref().expect("a game by link");
    let replay = lg.replay().expect("the record replays");
    let s = replay.state();
    let want: Vec<u32> = (0..s.players()).map(|p| s.score(p).total()).collect();
    assert!(s.is_over());
    for d in devices {
        assert!(d.t.state().is_over());
        assert_eq!(d.totals(), want, "every device shows the replay's scores");
    }
}

#[test]
fn two_devices_set_up_by_link_and_play_a_whole_game() {
    let (mut devices, of_seat) = set_up(&[Seat::Human, Seat::Remote], 0);
    // The guest's tile is not known on the host while it waits.
    let carried = play_out(&mut devices, &of_seat);
    assert!(carried > 60, "{carried}");
    ends_alike(&devices);
}

#[test]
fn the_seat_that_begins_elsewhere_joins_from_a_link_with_no_move() {
    let (mut devices, of_seat) = set_up(&[Seat::Human, Seat::Remote], 1);
    // Bea begins: the host's first link carries the setup alone.
    let host = &devices[0];
    assert_eq!(
        host.t.seating.seat(host.t.state().current_player()),
        Seat::Remote
    );
    assert!(host.t.awaiting_link() && !host.t.hand_shown());
    assert!(host.card().link.unwrap().status.starts_with("Waiting for"));
    play_out(&mut devices, &of_seat);
    ends_alike(&devices);
}

#[test]
fn three_devices_and_a_computer_on_the_host_play_a_whole_game() {
    let seats = [
        Seat::Human,
        Seat::Computer(Level::Random),
        Seat::Remote,
        Seat::Remote,
    ];
    let (mut devices, of_seat) = set_up(&seats, 0);
    assert_eq!(devices.len(), 3);
    play_out(&mut devices, &of_seat);
    ends_alike(&devices);
}

#[test]
fn undo_takes_a_move_back_only_until_its_link_has_gone() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    let host = &mut devices[0];
    host.person_plays();
    assert_eq!(host.outbox().len(), 1);
    assert!(host.t.awaiting_link() && !host.t.hand_shown());
    host.send(Msg::Undo);
    host.settle();
    assert_eq!(host.t.game.moves().len(), 0, "taken back");
    assert!(host.outbox().is_empty() && host.t.human_turn());
    host.person_plays();
    let link = host.outbox()[0].1.clone();
    host.send(Msg::Link(Lk::Sent));
    host.send(Msg::Undo);
    host.settle();
    assert_eq!(host.t.game.moves().len(), 1, "the link has gone: no undo");
    assert_eq!(host.outbox()[0].1, link);
}

#[test]
fn a_refused_link_says_why_and_leaves_the_game_as_it_was() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    devices[0].person_plays();
    let link = devices[0].outbox()[0].1.clone();
    devices[1].open(&link, 0);
    let moves = devices[1].t.game.moves().len();
    let before = devices[1].totals();
    let mut garbled = link.clone().into_bytes();
    let i = garbled.len() / 2;
    garbled[i] = if garbled[i] == b'A' { b'B' } else { b'A' };
    let garbled = String::from_utf8(garbled).unwrap();
    for (text, says) in [
        (garbled.as_str(), "damaged"),
        (&link[..link.len() - 9], "cut short"),
        (link.as_str(), "old"),
    ] {
        devices[1].notes.clear();
        devices[1].open(text, 0);
        assert!(
            devices[1].notes.iter().any(|n| n.contains(says)),
            "{says}: {:?}",
            devices[1].notes
        );
        assert_eq!(devices[1].t.game.moves().len(), moves);
        assert_eq!(devices[1].totals(), before);
    }
    // A turn link on a device that never joined.
    let mut stranger = Device::new();
    devices[1].person_plays();
    let back = devices[1].outbox()[0].1.clone();
    stranger.open(&back, 0);
    assert!(
        stranger.notes[0].contains("has not joined"),
        "{:?}",
        stranger.notes
    );
    assert_eq!(stranger.t.screen, Screen::Setup);
}

/// A device reopened: its table from what storage kept of game `id`.
fn reopened(store: &mut MemStore, id: &str) -> Device {
    let saved = library::load(store, id).unwrap();
    let mut d = Device::new();
    let (t, fx) = Table::start_up(StartUp {
        link: library::link(store, id),
        saved: Some(saved),
        current: Some(id.into()),
        playing: true,
        ..first_visit()
    })
    .unwrap();
    d.t = t;
    for e in fx {
        if let Effect::Notify(m) = e {
            d.notes.push(m);
        }
    }
    d
}

fn first_visit() -> StartUp {
    StartUp {
        link: None,
        saved: None,
        current: None,
        notice: None,
        candidate: None,
        pending: None,
        deal: None,
        playing: false,
        seed: 1,
        setup: Setup::default(),
        settings: Settings {
            only_fitting: false,
            handover: false,
            less_motion: true,
            guide_seen: true,
            highlight: true,
        },
    }
}

#[test]
fn a_game_by_link_is_kept_with_its_secrets_and_goes_on_after_a_reload() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    devices[0].person_plays();
    let link = devices[0].outbox()[0].1.clone();
    let mut store = MemStore::new("tab", 1000.0);
    library::save(&mut store, &mut devices[0].t).unwrap();
    let id = devices[0].t.shelf.current.clone().unwrap();
    // The host's page is reloaded: the same game by link, its link to send.
    let mut host = reopened(&mut store, &id);
    assert!(
        host.t.by_link() && host.notes.is_empty(),
        "{:?}",
        host.notes
    );
    assert_eq!(host.outbox(), vec![(1, link.clone())]);
    assert!(
        host.t.over.is_open(Layer::Link),
        "the link still to send shows"
    );
    // The game goes on from it: the guest answers, the host takes it.
    devices[1].open(&link, 0);
    devices[1].person_plays();
    let back = devices[1].outbox()[0].1.clone();
    host.open(&back, 0);
    assert!(host.notes.is_empty(), "{:?}", host.notes);
    assert_eq!(host.t.game.moves().len(), 2);
    assert!(host.t.human_turn());
    // Storage cleared of its secrets: the device says what that means.
    store
        .data
        .borrow_mut()
        .retain(|k, _| !k.starts_with("link."));
    let lost = reopened(&mut store, &id);
    assert!(!lost.t.by_link());
    assert!(lost.notes[0].contains("lost the key"), "{:?}", lost.notes);
}

#[test]
fn the_games_list_says_whose_turn_a_game_by_link_waits_for() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    let mut store = MemStore::new("tab", 1000.0);
    library::save(&mut store, &mut devices[0].t).unwrap();
    let line = |store: &mut MemStore, d: &mut Device| {
        let l = library::gather(store);
        d.send(Msg::Games(carcassonne::shell::games::Gm::Listed(Box::new(
            l,
        ))));
        d.send(Msg::Open(Layer::Games));
        let l = library::gather(store);
        d.send(Msg::Games(carcassonne::shell::games::Gm::Listed(Box::new(
            l,
        ))));
        d.card().games.expect("the list")[0].meta.clone()
    };
    assert!(line(&mut store, &mut devices[0]).contains("Your turn"));
    devices[0].send(Msg::Close(Layer::Games));
    devices[0].person_plays();
    library::save(&mut store, &mut devices[0].t).unwrap();
    let meta = line(&mut store, &mut devices[0]);
    assert!(meta.contains("Waiting for Red"), "{meta}");
}

#[test]
fn a_link_opened_in_a_new_tab_puts_its_kept_game_on_the_table_and_plays_on() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    devices[0].person_plays();
    let first = devices[0].outbox()[0].1.clone();
    devices[1].open(&first, 0);
    devices[1].person_plays();
    let back = devices[1].outbox()[0].1.clone();
    devices[0].open(&back, 0);
    devices[0].person_plays();
    let third = devices[0].outbox()[0].1.clone();
    // The guest's tab closed with the game kept; a link tapped in a
    // messenger opens a new tab, on the start screen (not a reload).
    let mut store = MemStore::new("tab", 1000.0);
    library::save(&mut store, &mut devices[1].t).unwrap();
    let id = devices[1].t.shelf.current.clone().unwrap();
    let mut guest = Device::new();
    let (t, _) = Table::start_up(StartUp {
        link: library::link(&store, &id),
        saved: Some(library::load(&mut store, &id).unwrap()),
        current: Some(id.clone()),
        playing: false,
        ..first_visit()
    })
    .unwrap();
    guest.t = t;
    guest.store = store;
    assert_eq!(guest.t.screen, Screen::Setup);
    guest.open(&third, 0);
    assert!(guest.notes.is_empty(), "{:?}", guest.notes);
    assert_eq!(
        guest.t.screen,
        Screen::Table,
        "the kept game is on the table"
    );
    assert!(guest.t.by_link());
    assert_eq!(guest.t.game.moves().len(), 3, "with the link's move");
    assert!(guest.t.human_turn(), "and it is the guest's turn");
    // The guest plays on, and starts another game at this table before
    // the next link comes: the link puts the game by link back.
    guest.person_plays();
    let fourth = guest.outbox()[0].1.clone();
    library::save(&mut guest.store, &mut guest.t).unwrap();
    devices[0].open(&fourth, 0);
    devices[0].person_plays();
    let fifth = devices[0].outbox()[0].1.clone();
    guest.send(Msg::NewGame);
    guest.send(Msg::NewGameAgreed);
    assert_eq!(guest.t.screen, Screen::Setup);
    guest.send(Msg::Start {
        seed: 9,
        random: 0.0,
        entropy: [1; 16],
    });
    guest.settle();
    assert!(!guest.t.by_link() && guest.t.game.moves().is_empty());
    guest.open(&fifth, 0);
    assert!(guest.notes.is_empty(), "{:?}", guest.notes);
    assert!(guest.t.by_link());
    assert_eq!(guest.t.game.moves().len(), 5);
    assert!(guest.t.human_turn());
    // A link of a game never kept here is still refused, after the search.
    let mut stranger = Device::new();
    stranger.open(&fifth, 0);
    assert!(
        stranger.notes[0].contains("has not joined"),
        "{:?}",
        stranger.notes
    );
}

#[test]
fn the_setup_round_goes_on_in_new_tabs_from_what_storage_kept() {
    // The host sets up in one tab; every link then opens in a new tab of
    // its device, which holds nothing in memory: only storage carries the
    // round (its invites' chains, the host's setup and the replies taken).
    let mut host = Device::new();
    host.send(Msg::Setup(Change::Count(3)));
    host.send(Msg::Setup(Change::Seat(1, Seat::Remote)));
    host.send(Msg::Setup(Change::Seat(2, Seat::Remote)));
    host.send(Msg::Setup(Change::First(Some(0))));
    host.send(Msg::Start {
        seed: 5,
        random: 0.25,
        entropy: [3; 16],
    });
    let invites = host.outbox();
    assert_eq!(invites.len(), 2);
    let new_tab = |d: &Device| {
        let mut t = Device::new();
        t.store = d.store.other_tab("new");
        t
    };
    // Each guest answers its invite, and its tab closes.
    let mut guests = Vec::new();
    for (k, (_, invite)) in invites.iter().enumerate() {
        let mut g = Device::new();
        g.open(invite, 20 + k as u8);
        let reply = g.outbox()[0].1.clone();
        // The invite opened again in a new tab gives the same reply.
        let mut again = new_tab(&g);
        again.open(invite, 99);
        assert_eq!(again.outbox()[0].1, reply, "the same chain, from storage");
        guests.push((new_tab(&g), reply));
    }
    // The first reply opens in a new tab of the host: still setting up.
    let mut h2 = new_tab(&host);
    h2.open(&guests[0].1, 0);
    assert!(h2.notes.is_empty(), "{:?}", h2.notes);
    assert_eq!(h2.t.screen, Screen::Setup);
    assert_eq!(
        h2.outbox(),
        vec![invites[1].clone()],
        "the invite still to answer"
    );
    // The second in yet another tab: the game starts.
    let mut h3 = new_tab(&h2);
    h3.open(&guests[1].1, 0);
    assert!(h3.notes.is_empty(), "{:?}", h3.notes);
    assert_eq!(h3.t.screen, Screen::Table, "every reply is in");
    assert!(h3.t.by_link());
    assert_eq!(h3.t.game.names().len(), 3);
    // The host plays; its link opens in a new tab of the first guest,
    // which joins with the chain its answer made.
    h3.person_plays();
    let out = h3.outbox();
    let to_first = out
        .iter()
        .find(|(p, _)| *p == 1)
        .expect("a link for seat 1");
    let (g1, _) = &mut guests[0];
    g1.open(&to_first.1, 0);
    assert!(g1.notes.is_empty(), "{:?}", g1.notes);
    assert!(g1.t.by_link() && g1.t.human_turn());
    assert_eq!(g1.t.game.moves().len(), 1);
    // The round is over for both: nothing of it is kept.
    assert_eq!(
        h3.store.load(carcassonne::shell::remote::ROUND).as_deref(),
        Some("")
    );
    assert_eq!(
        g1.store.load(carcassonne::shell::remote::ROUND).as_deref(),
        Some("")
    );
}

/// Saves device `d`'s game in its storage and reads the games list there:
/// the entry of the game on its table.
fn listed(d: &mut Device) -> carcassonne::shell::games::Found {
    library::save(&mut d.store, &mut d.t).unwrap();
    let id = d.t.shelf.current.clone().unwrap();
    let l = library::gather(&mut d.store);
    l.found.into_iter().find(|f| f.entry.id == id).unwrap()
}

#[test]
fn the_games_list_offers_to_send_again_the_link_made_here_and_puts_it_on_the_card() {
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    assert!(!listed(&mut devices[0]).resend, "the host's turn: no link");
    devices[0].person_plays();
    let link = devices[0].outbox()[0].1.clone();
    devices[0].send(Msg::Link(Lk::Sent));
    let host = listed(&mut devices[0]);
    assert_eq!(host.waiting.as_deref(), Some("Red"));
    assert!(host.resend, "the link made here, for Red");
    // The guest, whose turn it is, has nothing to send again.
    devices[1].open(&link, 0);
    assert!(!listed(&mut devices[1]).resend);
    // The host plays another game here; the list puts the game by link
    // back with its card open on the very link sent.
    let id = host.entry.id.clone();
    let l = library::gather(&mut devices[0].store);
    devices[0].send(Msg::NewGame);
    devices[0].send(Msg::NewGameAgreed);
    devices[0].send(Msg::Start {
        seed: 9,
        random: 0.0,
        entropy: [1; 16],
    });
    devices[0].settle();
    assert!(!devices[0].t.by_link());
    devices[0].send(Msg::Games(Gm::Open));
    devices[0].send(Msg::Games(Gm::Listed(Box::new(l))));
    let games = devices[0].card().games.expect("the list");
    let line = games.iter().find(|g| g.id == id).unwrap();
    assert!(line.resend && line.resume.is_some());
    devices[0].send(Msg::Games(Gm::Resend(id.clone())));
    devices[0].settle();
    let d = &devices[0];
    assert!(d.notes.is_empty(), "{:?}", d.notes);
    assert_eq!(d.t.screen, Screen::Table);
    assert!(d.t.by_link() && d.t.shelf.current.as_deref() == Some(id.as_str()));
    assert!(d.t.over.is_open(Layer::Link), "the link card is open");
    assert!(!d.t.over.is_open(Layer::Games));
    let card = d.card().link.expect("the link card");
    assert_eq!(card.links.len(), 1);
    assert_eq!(card.links[0].1, link, "the same link as sent");
    // Already on the table: the list's button opens the card again.
    devices[0].send(Msg::Close(Layer::Link));
    devices[0].send(Msg::Games(Gm::Resend(id)));
    assert!(devices[0].t.over.is_open(Layer::Link));
    // The guest gets its turn from the link sent again; its answer comes
    // back, and then the host's turn has nothing to send.
    devices[1].person_plays();
    let back = devices[1].outbox()[0].1.clone();
    assert!(listed(&mut devices[1]).resend, "now the guest's link waits");
    devices[0].open(&back, 0);
    assert!(devices[0].t.human_turn());
    assert!(!listed(&mut devices[0]).resend);
}

#[test]
fn a_game_by_link_is_finished_on_one_device_from_its_record() {
    // What the lost-key sentence tells the others (docs/link-play.md §4):
    // the guest's record, imported on another device, plays to its end
    // there, every seat a person's; and the play-on card of a review
    // offers the seat elsewhere as a person's too.
    let (mut devices, _) = set_up(&[Seat::Human, Seat::Remote], 0);
    devices[0].person_plays();
    let link = devices[0].outbox()[0].1.clone();
    devices[1].open(&link, 0);
    devices[1].person_plays();
    let record = devices[1].t.game.record();
    let seating = devices[1].t.seating.clone();
    assert_eq!(seating.seats, [Seat::Remote, Seat::Human]);
    devices[1].send(Msg::Review(carcassonne::shell::review::Rv::Open));
    devices[1].send(Msg::Review(carcassonne::shell::review::Rv::AskPlayOn));
    let card = devices[1].card().play_on.expect("the play-on card");
    assert_eq!(card.seats[0].1, Seat::Human, "offered as a person's");
    let mut one = Device::new();
    one.send(Msg::Import(Box::new(Ok((record, seating)))));
    assert_eq!(one.t.screen, Screen::Table);
    assert!(!one.t.by_link());
    assert_eq!(one.t.seating.seats, [Seat::Human, Seat::Human]);
    assert_eq!(one.t.game.moves().len(), 2);
    for _ in 0..200 {
        if one.t.state().is_over() {
            break;
        }
        assert!(one.t.human_turn(), "every turn is a person's here");
        one.person_plays();
    }
    assert!(one.t.state().is_over(), "played to the end on one device");
}

#[test]
fn after_its_link_has_gone_undo_is_a_request_the_other_device_allows_by_link() {
    use carcassonne::shell::bars::Bars;
    use carcassonne::shell::question::Question;
    let (mut devices, of_seat) = set_up(&[Seat::Human, Seat::Remote], 0);
    let tile = devices[0].t.state().tile();
    let first_at = devices[0].t.turn.fits[0].at;
    devices[0].person_plays();
    let turn = devices[0].outbox()[0].1.clone();
    // Before the link goes there is nothing to ask: undo is plain.
    assert_eq!(devices[0].t.link_ask(), None);
    devices[0].send(Msg::Link(Lk::Sent));
    devices[1].open(&turn, 0);
    let guest_tile = devices[1].t.state().tile();
    assert!(devices[1].t.human_turn() && guest_tile.is_some());

    // The host's Undo, its link gone: a question whether to ask Red.
    let host = &mut devices[0];
    assert_eq!(host.t.link_ask(), Some(0));
    assert!(Bars::of(&host.t, 0).undo, "the dock offers undo");
    host.send(Msg::Undo);
    assert_eq!(host.t.over.question, Some(Question::LinkAsk { to: 1 }));
    let q = host
        .t
        .over
        .question
        .as_ref()
        .unwrap()
        .words(host.t.game.names());
    assert!(q.text.contains("Ask them by link"), "{}", q.text);
    host.send(Msg::Reply(true));
    assert_eq!(host.t.game.moves().len(), 1, "nothing is taken back yet");
    let asked = host.outbox();
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].0, 1,
        "the request goes to the seat the link went to"
    );
    assert_ne!(asked[0].1, turn);
    assert!(host.t.over.is_open(Layer::Link));
    let line = &host.card().link.unwrap().links[0].0;
    assert!(line.starts_with("Send this to"), "{line}");
    host.send(Msg::Link(Lk::Sent));
    let request = asked[0].1.clone();

    // Refused: nothing changes, and nothing is sent back.
    let guest = &mut devices[1];
    guest.open(&request, 0);
    let Some(Question::LinkAllow { player: 0, .. }) = guest.t.over.question else {
        panic!("the guest is asked: {:?}", guest.t.over.question);
    };
    let q = guest
        .t
        .over
        .question
        .as_ref()
        .unwrap()
        .words(guest.t.game.names());
    assert!(
        q.text.contains("asks to take back their last turn"),
        "{}",
        q.text
    );
    assert_eq!((q.yes, q.no), ("Allow", "Refuse"));
    guest.send(Msg::Reply(false));
    guest.settle();
    assert_eq!(guest.t.game.moves().len(), 1);
    assert!(guest.t.human_turn() && guest.outbox().is_empty());
    assert_eq!(guest.t.state().tile(), guest_tile);

    // Opened again and allowed: the guest goes back, and answers by link.
    guest.open(&request, 0);
    guest.send(Msg::Reply(true));
    guest.settle();
    assert!(guest.notes.is_empty(), "{:?}", guest.notes);
    assert_eq!(guest.t.game.moves().len(), 0, "the guest went back");
    assert_eq!(guest.t.link.game.as_ref().unwrap().moves().len(), 0);
    assert!(guest.t.awaiting_link(), "the host's turn again");
    let allowed = guest.outbox();
    assert_eq!(allowed.len(), 1);
    assert_eq!(allowed[0].0, 0, "the answer goes to the host");
    guest.send(Msg::Link(Lk::Sent));
    let allowed = allowed[0].1.clone();

    // The host opens the answer: its turn again, with the same tile.
    let host = &mut devices[0];
    host.open(&allowed, 0);
    assert!(host.notes.is_empty(), "{:?}", host.notes);
    assert_eq!(host.t.game.moves().len(), 0);
    assert!(host.t.human_turn());
    assert_eq!(host.t.state().tile(), tile, "the same tile");
    assert!(host.outbox().is_empty() && host.t.link_ask().is_none());
    // The answer opened twice is old.
    host.open(&allowed, 0);
    assert!(host.notes[0].contains("old"), "{:?}", host.notes);
    assert_eq!(host.t.game.moves().len(), 0);
    host.notes.clear();

    // Another move this time; the guest takes it (no fork).
    let at = host
        .t
        .turn
        .fits
        .iter()
        .find(|f| f.at != first_at)
        .unwrap()
        .at;
    host.send(Msg::Lay(at));
    host.send(Msg::Confirm);
    host.send(Msg::Follow(FollowerChoice::Skip));
    host.settle();
    let again = host.outbox()[0].1.clone();
    assert_ne!(again, turn);
    host.send(Msg::Link(Lk::Sent));
    devices[1].open(&again, 0);
    assert!(devices[1].notes.is_empty(), "{:?}", devices[1].notes);
    assert_eq!(devices[1].t.game.moves().len(), 1);
    assert_eq!(devices[1].t.game.moves()[0].at, at);
    assert!(devices[1].t.human_turn());
    // The limit of docs/link-play.md §4: the guest draws the tile it saw.
    assert_eq!(devices[1].t.state().tile(), guest_tile);

    // Too late: the guest has played since the host asked.
    devices[1].person_plays();
    let back = devices[1].outbox()[0].1.clone();
    devices[1].send(Msg::Link(Lk::Sent));
    devices[0].open(&back, 0);
    devices[0].person_plays();
    devices[0].send(Msg::Link(Lk::Sent));
    let third = devices[0].outbox()[0].1.clone();
    devices[1].open(&third, 0);
    devices[0].send(Msg::Undo);
    devices[0].send(Msg::Reply(true));
    let late = devices[0].outbox()[0].1.clone();
    devices[0].send(Msg::Link(Lk::Sent));
    devices[1].person_plays();
    let moves = devices[1].t.game.moves().len();
    devices[1].open(&late, 0);
    assert!(
        devices[1].notes.iter().any(|n| n.contains("Too late")),
        "{:?}",
        devices[1].notes
    );
    assert_eq!(devices[1].t.over.question, None);
    assert_eq!(devices[1].t.game.moves().len(), moves, "unchanged");
    // An answer out of date is old: the game has moved on.
    devices[0].notes.clear();
    devices[0].open(&allowed, 0);
    assert!(
        devices[0].notes[0].contains("old"),
        "{:?}",
        devices[0].notes
    );
    assert_eq!(devices[0].t.game.moves().len(), 3);
    // The game goes on to its end alike on both.
    play_out(&mut devices, &of_seat);
    ends_alike(&devices);
}
