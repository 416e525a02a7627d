//! The `carcassonne` command: replay records, play random games, benchmark the engine.
// Native only: checked for wasm32 (`cargo clippy --target wasm32-unknown-unknown
// --all-targets`) it is an empty program, as it reads files and uses serde_json.
#![cfg_attr(target_arch = "wasm32", no_main)]
#![cfg(not(target_arch = "wasm32"))]

use carcassonne::ai::mcts::Budget;
use carcassonne::ai::{self, Level};
use carcassonne::engine::random::{playout, random_game, Scratch};
use carcassonne::engine::rng::Rng;
use carcassonne::engine::{deck, Game, Record, Rules, State};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` for the commands' results, except that a closed stdout
/// (`carcassonne replay R | head -1`) ends the program quietly and successfully
/// instead of panicking; any other write error is reported and fails.
macro_rules! out {
    ($($arg:tt)*) => {
        print_line(format_args!($($arg)*))
    };
}

fn print_line(line: std::fmt::Arguments) {
    use std::io::{ErrorKind, Write};
    // Stdout is line-buffered: the line is written (and any error seen) here.
    if let Err(e) = writeln!(std::io::stdout().lock(), "{line}") {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("carcassonne: cannot write the output: {e}");
        std::process::exit(1);
    }
}

const USAGE: &str = "usage:
  carcassonne replay RECORD.json                 print the result of a game record
  carcassonne analyse RECORD.json                print the computer's judgement of every move: the
                                                 final margin expected of the move played and of the
                                                 best move found, the cost in points and its label,
                                                 then each player's mean cost and labels (docs/ai.md)
  carcassonne random --seed N [--players K] [--rules JSON]
                                                 play random legal moves, print the record
  carcassonne bench [--games N]                  print the engine's performance figures
  carcassonne duel A B [C D ...] [--games N] [--seed S] [--rules JSON] [--analyse]
                                                 pit computer levels (random, greedy, easy, medium,
                                                 hard) against each other, A against B, C against
                                                 D, ..., N games a pairing (default 200) on paired
                                                 deals with seats swapped; prints a table of A's win
                                                 rate with its 95% interval (ties count half), the
                                                 mean scores and each side's thinking per move,
                                                 two players, with the rule options given; a level
                                                 written LEVEL:KEY=VALUE,... (e.g.
                                                 hard:iterations=3000,margin=10) changes its search
                                                 budget (ai::mcts::Budget): iterations, work, explore,
                                                 keep, keep_options, prior, skip, farmer, soon,
                                                 margin, tight, parts; with --analyse, each game is
                                                 then analysed (as analyse does) and each side's mean
                                                 cost a move and labels are printed
  carcassonne think LEVEL [--seed S] [--rules JSON]
                                                 time each move of LEVEL (written as for duel) in
                                                 the game scripts/ai-time.mjs times on the page:
                                                 four players, LEVEL in seat 0, greedy the others;
                                                 prints the tiles still to come, the playouts at
                                                 most and the ms of each move, then the median and
                                                 the worst
  carcassonne words (en|en-XA) [INDEX.html]      print a catalogue file of every key: English, for
                                                 translators, or the tests' pseudo-language, with
                                                 the page's words read from INDEX.html (default
                                                 index.html); see docs/languages.md";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") => replay(&args[1..]),
        Some("random") => random(&args[1..]),
        Some("analyse" | "analyze") => analyse(&args[1..]),
        Some("bench") => bench(&args[1..]),
        Some("duel") => duel(&args[1..]),
        Some("think") => think(&args[1..]),
        Some("words") => words(&args[1..]),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
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
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let game = Game::from_record(&record).map_err(|e| e.to_string())?;
    out!(
        "{}",
        serde_json::to_string_pretty(&game.result()).expect("results serialise")
    );
    Ok(())
}

/// The per-move table of `ai::analysis` and each player's summary.
fn analyse(args: &[String]) -> Result<(), String> {
    use carcassonne::ai::analysis::{self, Label};
    let [path] = args else {
        return Err(USAGE.into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let record = Record::from_json(&text).map_err(|e| e.to_string())?;
    let t = Instant::now();
    let reviews = analysis::analyse(&record).map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64();
    let names = &record.players;
    let w = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    out!(
        "{:>4}  {:<w$}  {:<22} {:>7}  {:<22} {:>7}  {:>6}  label",
        "move",
        "player",
        "played",
        "margin",
        "best",
        "margin",
        "cost"
    );
    for (i, r) in reviews.iter().enumerate() {
        out!(
            "{:>4}  {:<w$}  {:<22} {:>+7.1}  {:<22} {:>+7.1}  {:>6.1}  {}",
            i + 1,
            names[r.player as usize],
            move_text(&r.played),
            r.played_margin + 0.0, // never "-0.0"
            if r.best == r.played {
                "=".to_string()
            } else {
                move_text(&r.best)
            },
            r.best_margin + 0.0,
            r.cost,
            r.label.name()
        );
    }
    out!("");
    out!(
        "{:<w$}  {:>5}  {:>9}  {}",
        "player",
        "moves",
        "mean cost",
        Label::ALL.map(|l| format!("{:>10}", l.name())).join(" ")
    );
    for (p, s) in analysis::summary(&reviews, names.len()).iter().enumerate() {
        out!(
            "{:<w$}  {:>5}  {:>9.2}  {}",
            names[p],
            s.moves,
            s.mean_cost,
            s.counts.map(|c| format!("{c:>10}")).join(" ")
        );
    }
    out!("analysed in {secs:.1} s");
    Ok(())
}

/// A move on one line: `(x,y) r1`, the hand tile, the follower step.
fn move_text(m: &carcassonne::engine::Move) -> String {
    use carcassonne::engine::FollowerChoice;
    let mut s = format!("({},{}) r{}", m.at.x, m.at.y, m.rotation);
    if let Some(t) = m.tile {
        s += &format!(" {}", t.name());
    }
    match m.choice {
        FollowerChoice::Skip => {}
        FollowerChoice::Follower(l) => {
            s += &format!(" {}", serde_json::to_value(l).expect("locations serialise"))
                .replace('"', "")
        }
        FollowerChoice::Abbot => s += " abbot",
        FollowerChoice::RecallAbbot(p) => s += &format!(" recall ({},{})", p.x, p.y),
    }
    s
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
            "--rules" => rules = rules_arg(value()?)?,
            _ => return Err(format!("unknown argument {a}\n{USAGE}")),
        }
    }
    let seed = seed.ok_or("random needs --seed N")?;
    if seed > carcassonne::engine::record::MAX_SEED {
        return Err(format!(
            "--seed takes 0 to {}, which every JSON reader holds exactly",
            carcassonne::engine::record::MAX_SEED
        ));
    }
    let names = (1..=players).map(|i| format!("Player {i}")).collect();
    let mut game = Game::new(names, rules, seed).map_err(|e| e.to_string())?;
    // Moves come from a generator of their own, so the deck seed stays the record's.
    let mut rng = Rng::new(seed ^ 0x005E_ED0F_CA7C_A550);
    random_game(&mut game, &mut rng);
    out!("{}", game.record().to_json());
    Ok(())
}

/// Rule options from `--rules JSON`, read as a record's `rules`.
fn rules_arg(text: &str) -> Result<Rules, String> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("--rules: {e}"))?;
    carcassonne::engine::read::rules(&Some(&v)).map_err(|e| format!("--rules: {e}"))
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
    let run = |rules: Rules, games: u64, scratch: &mut Scratch| {
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
    run(rules, games / 100, &mut scratch);
    let t = Instant::now();
    let tiles = run(rules, games, &mut scratch);
    let secs = t.elapsed().as_secs_f64();
    out!(
        "random_games_per_second: {:.0} games/s",
        games as f64 / secs
    );
    // The same with a house rule's three-tile hand (rules §12).
    let hand = rules.with_hand(3);
    let t = Instant::now();
    run(hand, games, &mut scratch);
    out!(
        "random_games_per_second_hand_3: {:.0} games/s",
        games as f64 / t.elapsed().as_secs_f64()
    );
    out!(
        "random_game_mean_tiles: {:.1} tiles",
        tiles as f64 / games as f64
    );

    // Legal placements for a drawn tile on a late-game board.
    let s = board_after(rules, 42, 99, 71 - 5, &mut scratch);
    let kind = s.tile().unwrap();
    let reps = 200_000u32;
    let mut found = 0usize;
    let t = Instant::now();
    for _ in 0..reps {
        s.for_each_placement(std::hint::black_box(kind), |_, _| found += 1);
    }
    let ns = t.elapsed().as_nanos() as f64 / reps as f64;
    out!(
        "legal_placements_late_game: {:.3} us ({} tiles on board, {} open positions, {} placements)",
        ns / 1000.0,
        s.board().len(),
        s.board().frontier().len(),
        found / reps as usize
    );
    out!("state_size: {} bytes", std::mem::size_of::<State>());

    // Search speed: the hard level's first move and a mid-game move.
    for (label, tiles) in [("opening", 0usize), ("mid_game", 30)] {
        let s = board_after(rules, 7, 5, tiles, &mut scratch);
        let hard = Level::Hard.budget().ok_or("hard has a budget")?;
        let t = Instant::now();
        // What `ai::choose` runs for hard without hands, with its playouts told.
        let (_, run) = ai::mcts::search(&s, hard, &mut Rng::new(1));
        let secs = t.elapsed().as_secs_f64();
        out!("hard_move_{label}: {:.3} s ({run} playouts)", secs);
        out!(
            "mcts_iterations_per_second_{label}: {:.0} it/s",
            run as f64 / secs
        );
    }
    let t = Instant::now();
    let clones = 100_000u32;
    // As a playout starts: the position copied over the last one.
    let mut sim = s;
    for _ in 0..clones {
        sim.clone_from(std::hint::black_box(&s));
        std::hint::black_box(&mut sim);
    }
    out!(
        "state_clone: {:.3} us",
        t.elapsed().as_nanos() as f64 / clones as f64 / 1000.0
    );
    Ok(())
}

/// A 2-player game after `tiles` random placements without followers: a board to measure on.
fn board_after(rules: Rules, deal: u64, seed: u64, tiles: usize, scratch: &mut Scratch) -> State {
    let d = deck::shuffled(&rules, deal);
    let mut s = State::new(rules, 2, &d, &mut scratch.events);
    let mut rng = Rng::new(seed);
    for _ in 0..tiles {
        let (at, r) = carcassonne::engine::random::pick_placement(&s, &mut rng, scratch).unwrap();
        s.place_tile_unchecked(at, r, &mut scratch.events);
        s.choose_follower_unchecked(
            carcassonne::engine::FollowerChoice::Skip,
            &mut scratch.events,
        );
    }
    s
}

/// A side in a duel: a level, with the search budget it spends (a
/// level's own, or one changed on the command line to try a variant).
#[derive(Clone)]
struct Player {
    name: String,
    level: Level,
    budget: Option<Budget>,
}

/// `LEVEL` or `LEVEL:KEY=VALUE,...`, e.g. `hard:iterations=3000,margin=10`:
/// a search level with some of its budget changed.
fn player(spec: &str) -> Result<Player, String> {
    let (name, changes) = spec.split_once(':').unwrap_or((spec, ""));
    let level = Level::parse(name)
        .ok_or_else(|| format!("unknown level {name}: use random, greedy, easy, medium or hard"))?;
    let mut budget = level.budget();
    for change in changes.split(',').filter(|c| !c.is_empty()) {
        let b = budget
            .as_mut()
            .ok_or_else(|| format!("{name} is not a search level: it has no budget to change"))?;
        let (key, value) = change
            .split_once('=')
            .ok_or_else(|| format!("{change}: write KEY=VALUE"))?;
        let bad = |e: &dyn std::fmt::Display| format!("{key}={value}: {e}");
        let int = || value.parse::<u32>().map_err(|e| bad(&e));
        let real = || value.parse::<f64>().map_err(|e| bad(&e));
        match key {
            "iterations" => b.iterations = int()?,
            "work" => b.work = int()?,
            "prior" => b.prior = real()?,
            "skip" => b.skip = int()?,
            "farmer" => b.farmer = int()?,
            "margin" => b.margin = real()?,
            "tight" => b.tight = int()?,
            "explore" => b.explore = real()?,
            "keep" => b.keep = int()?,
            "keep_options" => b.keep_options = int()?,
            "soon" => b.soon = int()?,
            "parts" => b.parts = int()?,
            _ => return Err(format!("unknown budget key {key}: see the usage")),
        }
    }
    Ok(Player {
        name: spec.to_string(),
        level,
        budget,
    })
}

/// One game between two players on the deal `deal`, and with `analyse`
/// the analysis of its moves.
fn duel_game(
    rules: Rules,
    a: &Player,
    b: &Player,
    deal: u64,
    a_first: bool,
    analyse: bool,
) -> Game1 {
    let d = deck::shuffled(&rules, deal);
    let mut events = Vec::new();
    let mut s = State::new(rules, 2, &d, &mut events);
    let seat_a = if a_first { 0 } else { 1 };
    let mut turn = 0u64;
    let mut think = [(0f64, 0u32); 2];
    let mut moves = Vec::new();
    while !s.is_over() {
        let side = (s.current_player() != seat_a) as usize;
        let p = [a, b][side];
        let seed = deal.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (turn << 1 | a_first as u64);
        let t = Instant::now();
        let m = ai::choose_with(&s, p.level, p.budget, seed).expect("a tile is in hand");
        think[side].0 += t.elapsed().as_secs_f64();
        think[side].1 += 1;
        s.place_tile_with(m.at, m.rotation, m.tile, &mut events)
            .expect("the computer places legally");
        s.choose_follower(m.choice, &mut events)
            .expect("the computer's follower step is legal");
        events.clear();
        moves.push(m);
        turn += 1;
    }
    let mut judged = [Judged::default(); 2];
    if analyse {
        // The game as a record: a seed deals what `deck::shuffled` dealt.
        let record = Record {
            seed: Some(deal),
            moves,
            ..Game::new(vec!["A".into(), "B".into()], rules, deal)
                .expect("a duel's rules and deal make a game")
                .record()
        };
        let t = Instant::now();
        let reviews = ai::analysis::analyse(&record).expect("the duel's record replays");
        for r in reviews {
            let j = &mut judged[(r.player != seat_a) as usize];
            j.cost += r.cost;
            j.moves += 1;
            j.labels[r.label as usize] += 1;
        }
        judged[0].secs = t.elapsed().as_secs_f64();
    }
    Game1 {
        scores: [s.score(seat_a).total(), s.score(1 - seat_a).total()],
        points: [s.score(seat_a).0, s.score(1 - seat_a).0],
        think,
        judged,
    }
}

/// One side's moves as the analysis judged them: the summed cost, the
/// moves, how many of each label, and (on A's side) the seconds the
/// analysis of the game took.
#[derive(Clone, Copy, Default)]
struct Judged {
    cost: f64,
    moves: u32,
    labels: [u32; 4],
    secs: f64,
}

/// A finished duel game: the scores of A and B, and each one's thinking
/// (seconds, moves).
struct Game1 {
    scores: [u32; 2],
    /// A's and B's points by category (road, city, monastery, garden, field).
    points: [[u16; 5]; 2],
    think: [(f64, u32); 2],
    judged: [Judged; 2],
}

fn duel(args: &[String]) -> Result<(), String> {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let mut levels = Vec::new();
    let mut games = 200u64;
    let mut seed = 1u64;
    let mut rules = Rules::default();
    let mut analyse = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            levels.push(player(arg)?);
            continue;
        }
        if arg == "--analyse" {
            analyse = true;
            continue;
        }
        let v = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--games" => games = v.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => seed = v.parse().map_err(|e| format!("--seed: {e}"))?,
            "--rules" => rules = rules_arg(v)?,
            _ => return Err(format!("unknown argument {arg}\n{USAGE}")),
        }
    }
    if levels.is_empty() || levels.len() % 2 != 0 {
        return Err(format!("duel takes levels in pairs\n{USAGE}"));
    }
    let deals = games.div_ceil(2).max(1);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    println!(
        "{} games a pairing ({deals} deals from seed {seed}, seats swapped), {threads} threads",
        2 * deals
    );
    let w = levels
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(0)
        .max(6);
    println!(
        "{:<w$} {:<w$} {:>6} {:>7} {:>13} {:>7} {:>7} {:>10} {:>10} {:>8}",
        "A",
        "B",
        "games",
        "A wins",
        "95% CI",
        "A mean",
        "B mean",
        "A ms/move",
        "B ms/move",
        "wall s"
    );
    for pair in levels.chunks(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let t = Instant::now();
        let results: Vec<Game1> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|k| {
                    scope.spawn(move || {
                        let mut out = Vec::new();
                        for d in (k..deals).step_by(threads as usize) {
                            for a_first in [true, false] {
                                out.push(duel_game(
                                    rules,
                                    a,
                                    b,
                                    seed.wrapping_add(d),
                                    a_first,
                                    analyse,
                                ));
                            }
                        }
                        out
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("duel thread"))
                .collect()
        });
        let n = results.len() as f64;
        let wins: f64 = results
            .iter()
            .map(|g| match g.scores[0].cmp(&g.scores[1]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        let mean = |i: usize| results.iter().map(|g| g.scores[i] as f64).sum::<f64>() / n;
        let ms = |i: usize| {
            let (secs, moves) = results.iter().fold((0.0, 0u32), |(s, m), g| {
                (s + g.think[i].0, m + g.think[i].1)
            });
            1000.0 * secs / moves.max(1) as f64
        };
        let (lo, hi) = wilson(wins, n);
        println!(
            "{:<w$} {:<w$} {:>6} {:>6.1}% {:>5.1}–{:>5.1}% {:>7.1} {:>7.1} {:>10.2} {:>10.2} {:>8.1}",
            a.name,
            b.name,
            results.len(),
            100.0 * wins / n,
            100.0 * lo,
            100.0 * hi,
            mean(0),
            mean(1),
            ms(0),
            ms(1),
            t.elapsed().as_secs_f64()
        );
        // The margin varies less from game to game than the win does, so
        // its standard error tells a small change apart in fewer games; the
        // categories say where the points came from.
        let margins: Vec<f64> = results
            .iter()
            .map(|g| g.scores[0] as f64 - g.scores[1] as f64)
            .collect();
        let m = margins.iter().sum::<f64>() / n;
        let var = margins.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
        let by = |i: usize| {
            let names = ["road", "city", "monastery", "garden", "field"];
            names
                .iter()
                .enumerate()
                .filter(|&(c, _)| results.iter().any(|g| g.points[i][c] > 0))
                .map(|(c, name)| {
                    let p = results.iter().map(|g| g.points[i][c] as f64).sum::<f64>() / n;
                    format!("{name} {p:.1}")
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "  margin A–B {m:+.1} ± {:.1} (standard error); A: {}; B: {}",
            (var / n).sqrt(),
            by(0),
            by(1)
        );
        if analyse {
            println!("  {}", analysis_line(&results, a, b));
        }
    }
    Ok(())
}

/// What `duel --analyse` adds: each side's mean cost a move with its
/// standard error over games, the share of its moves by label, and the
/// seconds a game's analysis took.
fn analysis_line(results: &[Game1], a: &Player, b: &Player) -> String {
    let n = results.len() as f64;
    let side = |i: usize, p: &Player| {
        let moves: u32 = results.iter().map(|g| g.judged[i].moves).sum();
        let mean = results.iter().map(|g| g.judged[i].cost).sum::<f64>() / f64::from(moves.max(1));
        // Each game's mean cost a move, for the standard error over games.
        let per: Vec<f64> = results
            .iter()
            .map(|g| g.judged[i].cost / f64::from(g.judged[i].moves.max(1)))
            .collect();
        let m = per.iter().sum::<f64>() / n;
        let var = per.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
        let shares = ai::analysis::Label::ALL
            .iter()
            .map(|&l| {
                let c: u32 = results.iter().map(|g| g.judged[i].labels[l as usize]).sum();
                format!(
                    "{} {:.1}%",
                    l.name(),
                    100.0 * f64::from(c) / f64::from(moves.max(1))
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "{}: mean cost {mean:.2} a move ± {:.2}, {shares}",
            p.name,
            (var / n).sqrt()
        )
    };
    let secs: Vec<f64> = results.iter().map(|g| g.judged[0].secs).collect();
    let worst = secs.iter().copied().fold(0.0, f64::max);
    format!(
        "analysis: {}; {}; {:.1} s a game analysed (worst {worst:.1} s)",
        side(0, a),
        side(1, b),
        secs.iter().sum::<f64>() / n
    )
}

/// The native twin of `scripts/ai-time.mjs`: a level's thinking time on
/// each of its moves in one game, to set a budget by.
fn think(args: &[String]) -> Result<(), String> {
    let mut level = None;
    let mut seed = 3u64;
    let mut rules = Rules::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") {
            level = Some(player(arg)?);
            continue;
        }
        let v = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--seed" => seed = v.parse().map_err(|e| format!("--seed: {e}"))?,
            "--rules" => rules = rules_arg(v)?,
            _ => return Err(format!("unknown argument {arg}\n{USAGE}")),
        }
    }
    let p = level.ok_or("think needs a level")?;
    let names = ["A", "B", "C", "D"].map(String::from).to_vec();
    let mut game = Game::new(names, rules, seed).map_err(|e| e.to_string())?;
    let mut events = Vec::new();
    let mut times = Vec::new();
    let mut turn = 0u64;
    while !game.state().is_over() {
        let s = game.state();
        let mine = s.current_player() == 0;
        let t = Instant::now();
        let m = if mine {
            ai::choose_with(s, p.level, p.budget, turn)
        } else {
            ai::choose(s, Level::Greedy, turn)
        }
        .ok_or("no tile in hand")?;
        if mine {
            let ms = 1000.0 * t.elapsed().as_secs_f64();
            let most = p.budget.map_or(0, |b| ai::mcts::playouts(s, &b));
            out!(
                "{:>2} tiles to come, {most:>5} playouts at most: {ms:>6.1} ms",
                s.remaining().len()
            );
            times.push(ms);
        }
        game.place_tile_with(m.at, m.rotation, m.tile, &mut events)
            .map_err(|e| e.to_string())?;
        game.choose_follower(m.choice, &mut events)
            .map_err(|e| e.to_string())?;
        events.clear();
        turn += 1;
    }
    times.sort_by(f64::total_cmp);
    out!(
        "{} moves: median {:.1} ms, worst {:.1} ms",
        times.len(),
        times[times.len() / 2],
        times.last().copied().unwrap_or(0.0)
    );
    Ok(())
}

/// Wilson score interval at 95% for `wins` out of `n` (ties count half).
fn wilson(wins: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A catalogue file of every key, in English or the pseudo-language.
fn words(args: &[String]) -> Result<(), String> {
    use carcassonne::shell::words::{files, pseudo};
    let (tag, html) = match args {
        [tag] => (tag.as_str(), "index.html"),
        [tag, html] => (tag.as_str(), html.as_str()),
        _ => return Err(USAGE.into()),
    };
    let html = std::fs::read_to_string(html).map_err(|e| format!("{html}: {e}"))?;
    let file = match tag {
        "en" => files::write(
            "English, as the code and the page say it.",
            &html,
            str::to_owned,
        ),
        "en-XA" => files::write("The tests' pseudo-language.", &html, pseudo::make),
        _ => {
            return Err(format!(
                "no catalogue is made for {tag}: en or en-XA\n{USAGE}"
            ))
        }
    };
    print!("{file}");
    Ok(())
}
