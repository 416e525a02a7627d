//! The `carcassonne` command: replay records, play random games, benchmark the engine.

use carcassonne::engine::random::{playout, random_game, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{deck, Game, Record, Rules, State};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  carcassonne replay RECORD.json                 print the result of a game record
  carcassonne random --seed N [--players K] [--rules JSON]
                                                 play random legal moves, print the record
  carcassonne bench [--games N]                  print the engine's performance figures";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") => replay(&args[1..]),
        Some("random") => random(&args[1..]),
        Some("bench") => bench(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("carcassonne: {e}");
            ExitCode::FAILURE
        }
    }
}

fn replay(args: &[String]) -> Result<(), String> {
    let [path] = args else {
        return Err(USAGE.into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let record = Record::from_json(&text)?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    println!(
        "{}",
        serde_json::to_string_pretty(&game.result()).expect("results serialise")
    );
    Ok(())
}

fn random(args: &[String]) -> Result<(), String> {
    let mut seed = None;
    let mut players = 2usize;
    let mut rules = Rules::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{a} needs a value"));
        match a.as_str() {
            "--seed" => {
                seed = Some(
                    value()?
                        .parse::<u64>()
                        .map_err(|e| format!("--seed: {e}"))?,
                )
            }
            "--players" => {
                players = value()?.parse().map_err(|e| format!("--players: {e}"))?;
                if !(2..=6).contains(&players) {
                    return Err("--players takes 2 to 6".into());
                }
            }
            "--rules" => {
                rules = serde_json::from_str(value()?).map_err(|e| format!("--rules: {e}"))?
            }
            _ => return Err(format!("unknown argument {a}\n{USAGE}")),
        }
    }
    let seed = seed.ok_or("random needs --seed N")?;
    let names = (1..=players).map(|i| format!("Player {i}")).collect();
    let mut game = Game::new(names, rules, seed).map_err(|e| e.to_string())?;
    // Moves come from a generator of their own, so the deck seed stays the record's.
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_CA7C_A550);
    random_game(&mut game, &mut rng);
    println!("{}", game.record().to_json());
    Ok(())
}

fn bench(args: &[String]) -> Result<(), String> {
    let games: u64 = match args {
        [] => 20_000,
        [flag, n] if flag == "--games" => n.parse().map_err(|e| format!("--games: {e}"))?,
        _ => return Err(USAGE.into()),
    };
    let rules = Rules::default();
    let mut scratch = Scratch::default();
    // Complete random 2-player base games with farmers, on the fast path.
    let run = |games: u64, scratch: &mut Scratch| {
        let mut rng = Rng::new(1);
        let mut total_tiles = 0usize;
        let mut d = deck::shuffled(&rules, 0);
        let mut s = State::new(rules, 2, &d, &mut scratch.events);
        for _ in 0..games {
            // A fresh shuffle per game, as a simulation of unseen tiles would make.
            rng.shuffle(&mut d);
            scratch.events.clear();
            s.restart(rules, 2, &d, &mut scratch.events);
            playout(&mut s, &mut rng, scratch);
            total_tiles += s.board().len();
        }
        total_tiles
    };
    run(games / 100, &mut scratch);
    let t = Instant::now();
    let tiles = run(games, &mut scratch);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "random_games_per_second: {:.0} games/s",
        games as f64 / secs
    );
    println!(
        "random_game_mean_tiles: {:.1} tiles",
        tiles as f64 / games as f64
    );

    // Legal placements for a drawn tile on a late-game board.
    let mut rng = Rng::new(99);
    let d = deck::shuffled(&rules, 42);
    let mut s = State::new(rules, 2, &d, &mut scratch.events);
    while s.remaining().len() > 5 {
        let (at, r) =
            carcassonne::engine::random::pick_placement(&s, &mut rng, &mut scratch).unwrap();
        s.place_tile_unchecked(at, r, &mut scratch.events);
        s.choose_follower_unchecked(
            carcassonne::engine::FollowerChoice::Skip,
            &mut scratch.events,
        );
    }
    let kind = s.tile().unwrap();
    let reps = 200_000u32;
    let mut found = 0usize;
    let t = Instant::now();
    for _ in 0..reps {
        s.for_each_placement(std::hint::black_box(kind), |_, _| found += 1);
    }
    let ns = t.elapsed().as_nanos() as f64 / reps as f64;
    println!(
        "legal_placements_late_game: {:.3} us ({} tiles on board, {} open positions, {} placements)",
        ns / 1000.0,
        s.board().len(),
        s.board().frontier().len(),
        found / reps as usize
    );
    println!("state_size: {} bytes", std::mem::size_of::<State>());
    let t = Instant::now();
    let clones = 100_000u32;
    for _ in 0..clones {
        std::hint::black_box(s.clone());
    }
    println!(
        "state_clone: {:.3} us",
        t.elapsed().as_nanos() as f64 / clones as f64 / 1000.0
    );
    Ok(())
}
