//! `bgw duel`: many cubeless money games between two players, duplicate dice, all cores.

use super::{CliError, in_range, interrupt, on_threads, print, progress};
use bgw_engine::reference::gnubg::Config;
use bgw_engine::studies::duel::{Contender, DuelConfig, DuelResult, duel_until};
use std::process::ExitCode;

/// Arguments of `bgw duel`.
#[derive(clap::Args)]
pub struct Args {
    /// Player A: pubeval, random, classic, classic:FILE.ron, gnubg or gnubg:P (GNU
    /// Backgammon at P = 0, 1 or 2 plies; gnubg is 0). Figures are A's.
    #[arg(long)]
    a: String,
    /// Player B: pubeval, random, classic, classic:FILE.ron, gnubg or gnubg:P.
    #[arg(long)]
    b: String,
    /// Games to play, 1 to 100,000,000 (rounded up to an even number: games come in duplicate
    /// pairs).
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// Seed of the dice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads, 1 to 64, each with its own gnubg process(es) when gnubg plays
    /// (default: all cores; four a core when gnubg plays, as its processes mostly wait).
    #[arg(long)]
    threads: Option<usize>,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// The most games of one duel.
const MAX_GAMES: u64 = 100_000_000;

/// The most threads of one duel.
const MAX_THREADS: usize = 64;

/// Runs `bgw duel`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    // Every pair's points are kept: the games size memory.
    in_range("--games", args.games, 1, MAX_GAMES)?;
    if let Some(n) = args.threads {
        in_range("--threads", n, 1, MAX_THREADS)?;
    }
    let task = interrupt::task();
    // Ctrl+C ends a gnubg player's wait at once, whatever gnubg does.
    let gnubg = Config::default().stopped_by(&task);
    let a = Contender::parse_with(&args.a, &gnubg)?;
    let b = Contender::parse_with(&args.b, &gnubg)?;
    let config = DuelConfig {
        games: args.games,
        seed: args.seed,
    };
    let mut bar = progress::Progress::new("duel (games)", &task, args.quiet);
    // A gnubg player that failed stops the duel as Ctrl+C does; its figures are not given.
    let failed = |c: &Contender| c.gnubg_pool().is_some_and(|p| p.failed());
    let play = || {
        duel_until(&|s| a.player(s), &|s| b.player(s), &config, &task, &|| {
            failed(&a) || failed(&b)
        })
    };
    let gnubg_plays = a.gnubg_pool().is_some() || b.gnubg_pool().is_some();
    let threads = args
        .threads
        .or_else(|| gnubg_plays.then(bgw_engine::evaluation::opponents::gnubg_worker_threads));
    let result = match threads {
        None => play(),
        Some(n) => on_threads(n, play)?,
    };
    bar.finish();
    if let Some(why) = a.failure().or_else(|| b.failure()) {
        return Err(CliError::failed(format!(
            "gnubg failed during the duel, which ended without figures: {why}"
        )));
    }
    if args.json {
        print(&format!("{}\n", serde_json::to_string_pretty(&result)?))?;
    } else {
        let mut text = table(&result);
        for c in [&a, &b] {
            if let Some(pool) = c.gnubg_pool() {
                text.push_str(&format!(
                    "{:<17}{} moves asked of {} gnubg processes: {:.1} requests/s\n",
                    c.name(),
                    pool.requests(),
                    pool.started(),
                    pool.requests() as f64 / result.seconds.max(1e-9)
                ));
            }
        }
        print(&text)?;
    }
    if result.cancelled {
        return Err(CliError::interrupted(format!(
            "interrupted: the figures cover the {} games ({} duplicate pairs) finished",
            result.games,
            result.games / 2
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// The figures as aligned lines.
pub fn table(r: &DuelResult) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut line = |text: String| {
        let _ = writeln!(out, "{text}");
    };
    line(format!("{} (A) against {} (B), seed {}", r.a, r.b, r.seed));
    line(format!(
        "games            {} ({} duplicate pairs)",
        r.games,
        r.games / 2
    ));
    let error = match r.ppg_stderr.is_finite() {
        true => " (standard error over pairs)",
        false => "",
    };
    line(format!("A points/game    {}{error}", r.ppg_with_error(4)));
    line(format!("A wins           {:.2} %", 100.0 * r.win_rate));
    for (who, w) in [("A", &r.a_wins), ("B", &r.b_wins)] {
        line(format!(
            "{who} won            {} games: {} gammons, {} backgammons (both counted in gammons)",
            w.wins, w.gammons, w.backgammons
        ));
    }
    line(format!(
        "gammon rate      {:.2} % of games (either side; backgammons {:.2} %)",
        100.0 * r.gammon_rate,
        100.0 * r.backgammon_rate
    ));
    if r.unfinished > 0 {
        line(format!(
            "unfinished       {} games (scored 0)",
            r.unfinished
        ));
    }
    line(format!("turns/game       {:.1}", r.turns_per_game));
    line(format!(
        "speed            {:.0} games/s ({:.2} s)",
        r.games_per_second, r.seconds
    ));
    out
}
