//! `bgw champion` (alias `bgw wolves`): seed 002's goat-and-wolves game — the program's replies
//! with its decision trace, the exact solution, a position's move values, the article's game
//! with verdicts, measurements, and a game at the terminal.

use super::{CliError, in_range, print};
use bgw_engine::champion::board::parse_game;
use bgw_engine::champion::match_play::{
    self, GoatPlayer, PerfectGoat, PerfectWolves, ProgramGoat, RandomWolves, WolfPlayer,
};
use bgw_engine::champion::solver::Move;
use bgw_engine::champion::{
    Champion, Listing, Position, RuleError, Side, Solution, Value, Variant, WolfMove,
};
use bgw_engine::core::rng::SplitMix64;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `bgw champion`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

/// Who plays the goat.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Program {
    /// «Чемпион» as printed.
    Main,
    /// «Чемпион» with the alternative fragment 14–35.
    Alt,
    /// The perfect goat (exact solution).
    Perfect,
}

fn listing(p: Program) -> Listing {
    if p == Program::Alt {
        Listing::Alternative
    } else {
        Listing::Main
    }
}

/// A rule error in a line the program plays by itself (no user input): a failure, not a usage
/// error.
fn internal(e: RuleError) -> CliError {
    CliError::failed(e.to_string())
}

fn variant(text: &str) -> Result<Variant, CliError> {
    Ok(Variant::parse(text)?)
}

#[derive(clap::Subcommand)]
enum Action {
    /// The goat's replies to wolf moves from the start of a variant, its first move first: one
    /// square per line, 0 when it resigns.
    Replies {
        /// Wolf moves in the article's notation: "2/28 4/88 2/17".
        moves: String,
        /// 9x4, 9x3, 8x4 or 8x3.
        #[arg(long, default_value = "9x4")]
        variant: String,
        /// Who plays the goat.
        #[arg(long, value_enum, default_value = "main")]
        program: Program,
        /// Print the program's decision trace before each reply.
        #[arg(long)]
        trace: bool,
    },
    /// Solve a variant completely: who wins from the start, positions, table size, time.
    Solve {
        /// 9x4, 9x3, 8x4 or 8x3.
        #[arg(long, default_value = "9x4")]
        variant: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// A position: the board, every legal move with its exact value, the program's choice
    /// with its trace.
    Show {
        /// The wolves' squares in order (wolf 1 first): 46,48,68,88.
        #[arg(long)]
        wolves: String,
        /// The goat's square.
        #[arg(long)]
        goat: u8,
        /// Who moves.
        #[arg(long, value_enum, default_value = "goat")]
        to_move: ToMove,
        /// 9x4, 9x3, 8x4 or 8x3 (the number of wolves must match).
        #[arg(long, default_value = "9x4")]
        variant: String,
        /// The program's listing for its choice.
        #[arg(long, value_enum, default_value = "main")]
        program: Program,
        /// The asymmetry register R7 (default: as the wolves' moves from the start imply).
        #[arg(long, allow_hyphen_values = true)]
        r7: Option<i32>,
    },
    /// The article's game replayed: the program's replies and the exact verdict on every move.
    Replay {
        /// The program's listing.
        #[arg(long, value_enum, default_value = "main")]
        program: Program,
        /// Print the program's decision trace after each exchange.
        #[arg(long)]
        trace: bool,
    },
    /// Win rates of the program (both listings) and the perfect goat against perfect and random
    /// wolves from the start of each variant.
    Measure {
        /// Games against random wolves per pairing (at most 10,000,000).
        #[arg(long, default_value_t = 10_000)]
        games: u32,
        /// Seed of the random wolves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Only this variant (default: all four).
        #[arg(long)]
        variant: Option<String>,
    },
    /// The shortest sequence of wolf moves that beats the program from the start of a variant
    /// (the program is deterministic), or word that none exists.
    Beat {
        /// 9x4, 9x3, 8x4 or 8x3.
        #[arg(long, default_value = "9x4")]
        variant: String,
        /// The program's listing.
        #[arg(long, value_enum, default_value = "main")]
        program: Program,
    },
    /// Play the wolves against the program at the terminal (type moves like 2/57).
    Play {
        /// 9x4, 9x3, 8x4 or 8x3.
        #[arg(long, default_value = "9x4")]
        variant: String,
        /// Who plays the goat.
        #[arg(long, value_enum, default_value = "main")]
        program: Program,
        /// Show the program's trace after each of its moves.
        #[arg(long)]
        trace: bool,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ToMove {
    Goat,
    Wolves,
}

/// Runs `bgw champion`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.action {
        Action::Replies {
            moves,
            variant: v,
            program,
            trace,
        } => replies(&moves, variant(&v)?, program, trace),
        Action::Solve { variant: v, json } => solve(variant(&v)?, json),
        Action::Show {
            wolves,
            goat,
            to_move,
            variant: v,
            program,
            r7,
        } => show(&wolves, goat, to_move, variant(&v)?, program, r7),
        Action::Replay { program, trace } => replay(program, trace),
        Action::Measure {
            games,
            seed,
            variant: v,
        } => measure(games, seed, v.as_deref()),
        Action::Beat {
            variant: v,
            program,
        } => beat(variant(&v)?, program),
        Action::Play {
            variant: v,
            program,
            trace,
        } => play(variant(&v)?, program, trace),
    }
}

fn goat_player<'a>(program: Program, solution: Option<&'a Solution>) -> Box<dyn GoatPlayer + 'a> {
    match (program, solution) {
        (Program::Perfect, Some(s)) => Box::new(PerfectGoat(s)),
        _ => Box::new(ProgramGoat::new(listing(program))),
    }
}

fn replies(text: &str, v: Variant, program: Program, trace: bool) -> Result<ExitCode, CliError> {
    let moves = parse_game(text)?;
    let solution = (program == Program::Perfect).then(|| Solution::solve(v));
    let mut champion = Champion::new(listing(program));
    let mut pos = v.start();
    let mut out = String::new();
    let mut moves = moves.into_iter().map(|(m, _)| m);
    loop {
        if pos.outcome().is_some() {
            break;
        }
        let reply = match &solution {
            Some(s) => s.best_move(&pos).and_then(|m| match m.mv {
                Move::Goat(sq) => Some(sq),
                Move::Wolf(_) => None,
            }),
            None => {
                let t = champion.decide(&pos);
                if trace {
                    writeln!(out, "{t}").unwrap();
                }
                t.choice
            }
        };
        let Some(sq) = reply else {
            out.push_str("0\n");
            break;
        };
        writeln!(out, "{sq}").unwrap();
        pos = pos.after_goat_move(sq)?;
        if pos.outcome().is_some() {
            break;
        }
        let Some(m) = moves.next() else { break };
        pos.check_wolf_move(m)
            .map_err(|e| CliError::usage(format!("wolf move {m}: {e}")))?;
        champion.observe_move(&pos, m);
        pos = pos.after_wolf_move(m)?;
    }
    if let Some(o) = pos.outcome() {
        writeln!(out, "# {o}").unwrap();
    }
    if let Some(m) = moves.next() {
        return Err(CliError::usage(format!(
            "wolf move {m} comes after the end of the game"
        )));
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn describe(v: Value, side: Side) -> String {
    match v {
        Value::Win(n) if side == Side::Goat => format!("the goat wins in {n} plies"),
        Value::Loss(n) if side == Side::Goat => format!("the goat loses in {n} plies"),
        Value::Win(n) => format!("the wolves win in {n} plies"),
        Value::Loss(n) => format!("the wolves lose in {n} plies"),
    }
}

/// `bgw champion solve --json` (fields in alphabetical order, as before).
#[derive(serde::Serialize)]
struct SolveJson {
    goat_wins: bool,
    plies: u8,
    positions: usize,
    reachable_from_start: u64,
    seconds: f64,
    start: String,
    table_bytes: usize,
    variant: String,
}

fn solve(v: Variant, json: bool) -> Result<ExitCode, CliError> {
    let t = Instant::now();
    let s = Solution::solve(v);
    let seconds = t.elapsed().as_secs_f64();
    let start = v.start();
    let value = s.value(&start);
    let reachable = s.reachable_from(&start);
    if json {
        let j = SolveJson {
            goat_wins: value.is_win(),
            plies: value.plies(),
            positions: s.positions(),
            reachable_from_start: reachable,
            seconds,
            start: start.to_string(),
            table_bytes: s.table_bytes(),
            variant: v.name(),
        };
        print(&format!("{}\n", serde_json::to_string(&j)?))?;
    } else {
        print(&format!(
            "variant:    {v}\nstart:      {start}\nresult:     {}\npositions:  {} ({} reachable from the start)\ntable:      {} bytes\ntime:       {:.1} ms\n",
            describe(value, Side::Goat),
            s.positions(),
            reachable,
            s.table_bytes(),
            seconds * 1000.0
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn show(
    wolves: &str,
    goat: u8,
    to_move: ToMove,
    v: Variant,
    program: Program,
    r7: Option<i32>,
) -> Result<ExitCode, CliError> {
    let squares: Vec<u8> = wolves
        .split(',')
        .map(|w| {
            w.trim()
                .parse::<u8>()
                .map_err(|_| CliError::usage(format!("--wolves: {w:?} is not a square")))
        })
        .collect::<Result<_, _>>()?;
    let side = if to_move == ToMove::Goat {
        Side::Goat
    } else {
        Side::Wolves
    };
    let pos = Position::new(v, &squares, goat, side)?;
    let s = Solution::solve(v);
    let mut out = format!("{pos}\n{}", pos.diagram());
    if let Some(o) = pos.outcome() {
        writeln!(out, "game over: {o}").unwrap();
        print(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "value: {}", describe(s.value(&pos), side)).unwrap();
    let mut champion = Champion::for_position(listing(program), &pos);
    if let Some(r7) = r7 {
        champion.r7 = r7;
    }
    let trace = (side == Side::Goat).then(|| champion.decide(&pos));
    let choice = trace.as_ref().and_then(|t| t.choice);
    for m in s.move_values(&pos) {
        let mark = match m.mv {
            Move::Goat(sq) if Some(sq) == choice => "  ← the program's choice".to_string(),
            Move::Goat(_) => String::new(),
            Move::Wolf(w) => {
                // What the program would answer.
                let mut p = champion.clone();
                p.observe_move(&pos, w);
                let after = pos.after_wolf_move(w)?;
                match after.outcome() {
                    Some(o) => format!("  ({o})"),
                    None => format!(
                        "  program answers {}",
                        p.decide(&after)
                            .choice
                            .map_or("0".to_string(), |c| c.to_string())
                    ),
                }
            }
        };
        writeln!(
            out,
            "  {:<6} {:<16}{}{mark}",
            m.mv.to_string(),
            m.value.to_string(),
            if m.blunder { "  BLUNDER" } else { "" }
        )
        .unwrap();
    }
    if let Some(t) = trace {
        writeln!(out, "\nthe program's decision:\n{t}").unwrap();
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn replay(program: Program, trace: bool) -> Result<ExitCode, CliError> {
    let s = Solution::solve(Variant::NINE_FOUR);
    let steps = match_play::replay_article(&s, listing(program)).map_err(internal)?;
    let start = match_play::article_start();
    let mut out = format!("{start}: {}\n", describe(s.value(&start), Side::Wolves));
    for st in &steps {
        let w = st.wolf;
        let reply = st.reply_value().expect("printed replies are legal");
        let winners: Vec<String> = st
            .goat_moves
            .iter()
            .filter(|m| m.value.is_win())
            .map(|m| m.mv.to_string())
            .collect();
        writeln!(
            out,
            "{} ({})  wolves: {}{}  goat: {}{}  program: {}  winning replies: {}",
            w.mv,
            st.printed_reply,
            w.value,
            if w.blunder { " BLUNDER" } else { "" },
            reply.value,
            if reply.blunder { " BLUNDER" } else { "" },
            st.program_reply.map_or("0".to_string(), |r| r.to_string()),
            if winners.is_empty() {
                "none".to_string()
            } else {
                winners.join(" ")
            }
        )
        .unwrap();
        if trace {
            writeln!(out, "{}\n", st.trace).unwrap();
        }
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The most games of `measure` per pairing (twelve pairings).
const MAX_MEASURE_GAMES: u32 = 10_000_000;

fn measure(games: u32, seed: u64, only: Option<&str>) -> Result<ExitCode, CliError> {
    in_range("--games", games, 0, MAX_MEASURE_GAMES)?;
    let variants = match only {
        Some(v) => vec![variant(v)?],
        None => Variant::ALL.to_vec(),
    };
    let mut out = String::from(
        "variant  goat                    vs perfect wolves   shortest beating line   vs random wolves: goat wins (blunders / winning decisions)\n",
    );
    for v in variants {
        let s = Solution::solve(v);
        let start = v.start();
        for program in [Program::Main, Program::Alt, Program::Perfect] {
            let mut goat = goat_player(program, Some(&s));
            let perfect = match_play::measure(
                &s,
                &start,
                goat.as_mut(),
                &mut |_| Box::new(PerfectWolves(&s)) as Box<dyn WolfPlayer>,
                1,
            )
            .map_err(internal)?;
            let random = match_play::measure(
                &s,
                &start,
                goat.as_mut(),
                &mut |g| {
                    Box::new(RandomWolves(SplitMix64::derive(seed, &[g as u64])))
                        as Box<dyn WolfPlayer>
                },
                games,
            )
            .map_err(internal)?;
            let beaten = if program == Program::Perfect {
                if s.value(&start).is_win() {
                    "none".to_string()
                } else {
                    "forced win".to_string()
                }
            } else {
                match match_play::beat_program(&start, listing(program)).map_err(internal)? {
                    Some(line) => format!("{} wolf moves", line.len()),
                    None => "none".to_string(),
                }
            };
            writeln!(
                out,
                "{:<8} {:<23} {:<19} {:<23} {:.2} % of {} ({}/{})",
                v.name(),
                goat.name(),
                if perfect.goat_wins == 1 {
                    "goat wins"
                } else {
                    "wolves win"
                },
                beaten,
                100.0 * random.goat_rate(),
                random.games,
                random.goat_blunders,
                random.goat_winning_decisions
            )
            .unwrap();
        }
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn play(v: Variant, program: Program, trace: bool) -> Result<ExitCode, CliError> {
    use std::io::BufRead;
    let solution = Solution::solve(v);
    let mut goat: Box<dyn GoatPlayer> = match program {
        Program::Perfect => Box::new(PerfectGoat(&solution)),
        _ => Box::new(ProgramGoat::new(listing(program))),
    };
    let mut champion = Champion::new(listing(program));
    let mut pos = v.start();
    goat.reset(&pos);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    print(&format!(
        "{v}. You move the wolves (e.g. 2/57); the goat moves first. Empty line or q quits.\n"
    ))?;
    loop {
        if let Some(o) = pos.outcome() {
            print(&format!("{}{o}\n", pos.diagram()))?;
            break;
        }
        if pos.to_move == Side::Goat {
            let t = champion.decide(&pos);
            let Some(sq) = goat.choose(&pos) else {
                print("goat: 0 — the program resigns: the wolves win\n")?;
                break;
            };
            if trace && program != Program::Perfect {
                print(&format!("{t}\n"))?;
            }
            print(&format!("goat: {sq}\n"))?;
            pos = pos.after_goat_move(sq)?;
            continue;
        }
        print(&format!(
            "{}value for the wolves: {}\nyour move: ",
            pos.diagram(),
            solution.value(&pos)
        ))?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        let line = line.trim();
        if line.is_empty() || line == "q" {
            break;
        }
        let m = match WolfMove::parse(line).and_then(|m| pos.check_wolf_move(m).map(|_| m)) {
            Ok(m) => m,
            Err(e) => {
                print(&format!("refused: {e}\n"))?;
                continue;
            }
        };
        goat.observe(&pos, m);
        champion.observe_move(&pos, m);
        pos = pos.after_wolf_move(m)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn beat(v: Variant, program: Program) -> Result<ExitCode, CliError> {
    if program == Program::Perfect {
        return Err(CliError::usage(
            "--program perfect: the perfect goat is beaten only where the wolves win by force (see `solve`)",
        ));
    }
    let out = match match_play::beat_program(&v.start(), listing(program)).map_err(internal)? {
        Some(line) => {
            let mut pos = v.start();
            let mut champion = Champion::new(listing(program));
            let mut text = String::new();
            let first = champion.decide(&pos).choice;
            if let Some(sq) = first {
                write!(text, "({sq})").unwrap();
                pos = pos.after_goat_move(sq)?;
            }
            for m in &line {
                champion.observe_move(&pos, *m);
                pos = pos.after_wolf_move(*m)?;
                match pos.outcome() {
                    Some(_) => write!(text, "; {m}").unwrap(),
                    None => match champion.decide(&pos).choice {
                        Some(sq) => {
                            write!(text, "; {m} ({sq})").unwrap();
                            pos = pos.after_goat_move(sq)?;
                        }
                        None => write!(text, "; {m} (0)").unwrap(),
                    },
                }
            }
            format!(
                "{v}: {} wolf moves beat the program: {}\n",
                line.len(),
                text.trim_start_matches("; ")
            )
        }
        None => format!("{v}: no sequence of wolf moves beats the program\n"),
    };
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}
