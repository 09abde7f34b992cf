//! `bgw duel`: many cubeless money games between two players, duplicate dice, all cores.

use super::{CliError, in_range, interrupt, on_threads, print, progress};
use bgw_engine::studies::duel::{
    Contender, DEFAULT_ERROR_RATE, Decision, DuelConfig, DuelResult, Hypotheses, Sprt, SprtError,
    SprtReport, duel_sprt, duel_until,
};
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
    /// pairs); with --sprt-ppg or --sprt, the most games.
    #[arg(long, default_value_t = 10_000)]
    games: u64,
    /// The same sequential test in logistic Elo on A's share of games won (a gammon is one
    /// win, an unfinished game half): E0,E1, e.g. 0,20.
    #[arg(long, value_name = "E0,E1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The sequential test in points per game, and its error rates.
    #[command(flatten)]
    test: SprtArgs,
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
    /// Who plays as gnubg (gnubg or gnubg:P): its program or its nets in bgw.
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
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
    let sprt = args
        .test
        .sprt(args.sprt.as_deref(), "--sprt-ppg P0,P1 or --sprt E0,E1")?;
    let task = interrupt::task();
    // Ctrl+C ends a gnubg player's wait at once, whatever gnubg does.
    let gnubg = args.reference.judge(&task)?;
    let a = Contender::parse_judged(&args.a, &gnubg)?;
    let b = Contender::parse_judged(&args.b, &gnubg)?;
    let config = DuelConfig {
        games: args.games,
        seed: args.seed,
    };
    let mut bar = progress::Progress::new("duel (games)", &task, args.quiet);
    // A gnubg player that failed stops the duel as Ctrl+C does; its figures are not given.
    let failed = |c: &Contender| c.gnubg_pool().is_some_and(|p| p.failed());
    let stop = || failed(&a) || failed(&b);
    let play = || match &sprt {
        None => (
            duel_until(&|s| a.player(s), &|s| b.player(s), &config, &task, &stop),
            None,
        ),
        Some(sprt) => {
            let r = duel_sprt(
                &|s| a.player(s),
                &|s| b.player(s),
                &config,
                sprt,
                &task,
                &stop,
            );
            (r.duel, Some(r.sprt))
        }
    };
    // gnubg's processes mostly wait (four a core); its nets in bgw work (all cores).
    let gnubg_plays = (a.gnubg_pool().is_some() || b.gnubg_pool().is_some())
        && gnubg.reference() == bgw_engine::reference::Reference::Process;
    let threads = args
        .threads
        .or_else(|| gnubg_plays.then(bgw_engine::evaluation::opponents::gnubg_worker_threads));
    let (result, test) = match threads {
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
        let json = match &test {
            None => serde_json::to_string_pretty(&result)?,
            Some(sprt) => serde_json::to_string_pretty(&SprtJson {
                duel: &result,
                sprt,
            })?,
        };
        print(&format!("{json}\n"))?;
    } else {
        let mut text = table(&result);
        if let Some(sprt) = &test {
            text.push_str(&sprt_lines(sprt, result.cancelled));
        }
        for c in [&a, &b] {
            if let Some(pool) = c.gnubg_pool() {
                text.push_str(&format!(
                    "{:<17}{} moves asked of {} gnubg {}: {:.1} requests/s\n",
                    c.name(),
                    pool.requests(),
                    pool.started(),
                    match gnubg.reference() {
                        bgw_engine::reference::Reference::Process => "processes",
                        bgw_engine::reference::Reference::Native => "engines (native)",
                    },
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

/// `bgw duel --json` with a sequential test: the duel's keys and `sprt`.
#[derive(serde::Serialize)]
struct SprtJson<'a> {
    #[serde(flatten)]
    duel: &'a DuelResult,
    sprt: &'a SprtReport,
}

/// The flags of a sequential test (SPRT), one set for `duel`, `tune` and `fit --rounds`:
/// its hypotheses in points per game and its error rates. `duel` adds `--sprt`, the same
/// test in Elo.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SprtArgs {
    /// Stop a duel as soon as a sequential test (SPRT) decides between H0 "X0 points per
    /// game" and H1 "X1" (X1 above X0, each within ±3), checked every 100 duplicate pairs:
    /// in `duel` A's points (0,0.05: "A is better by 0.05 ppg"), in `tune` and `fit
    /// --rounds` a candidate's gain over the best (0,0.02).
    #[arg(long, value_name = "X0,X1", allow_hyphen_values = true)]
    pub sprt_ppg: Option<String>,
    /// The SPRT's α, the chance of accepting H1 when H0 holds: above 0, below 0.5 (default
    /// 0.05).
    #[arg(long, allow_hyphen_values = true)]
    pub alpha: Option<String>,
    /// The SPRT's β, the chance of accepting H0 when H1 holds: above 0, below 0.5 (default
    /// 0.05).
    #[arg(long, allow_hyphen_values = true)]
    pub beta: Option<String>,
}

impl SprtArgs {
    /// The test these flags ask for (with `elo`, `duel`'s `--sprt`), or none; what is wrong
    /// with them as one line (exit code 2). `needs` names the test's flags, for `--alpha` or
    /// `--beta` given without one.
    pub fn sprt(&self, elo: Option<&str>, needs: &str) -> Result<Option<Sprt>, CliError> {
        sprt_of(
            self.sprt_ppg.as_deref(),
            elo,
            [self.alpha.as_deref(), self.beta.as_deref()],
            needs,
        )
    }
}

/// The sequential test asked for by `--sprt-ppg` (`ppg`) or `--sprt` (`elo`) with `--alpha`
/// and `--beta` (`rates`), or none; what is wrong with them as one line (exit code 2).
/// `needs` names the test's flags, for `--alpha` or `--beta` given without one.
fn sprt_of(
    ppg: Option<&str>,
    elo: Option<&str>,
    rates: [Option<&str>; 2],
    needs: &str,
) -> Result<Option<Sprt>, CliError> {
    let (flag, text, elo) = match (ppg, elo) {
        (Some(_), Some(_)) => {
            return Err(CliError::usage(
                "--sprt-ppg and --sprt are two forms of one test: give one of them",
            ));
        }
        (Some(text), None) => ("--sprt-ppg", text, false),
        (None, Some(text)) => ("--sprt", text, true),
        (None, None) => {
            return match rates.iter().any(Option::is_some) {
                true => Err(CliError::usage(format!(
                    "--alpha and --beta are the error rates of a sequential test: give {needs} too"
                ))),
                false => Ok(None),
            };
        }
    };
    let number = |t: &str| t.trim().parse::<f64>().ok();
    let (h0, h1) = match text.split(',').collect::<Vec<_>>()[..] {
        [x, y] => number(x).zip(number(y)),
        _ => None,
    }
    .ok_or_else(|| {
        let (what, example) = match elo {
            true => ("E0,E1: H0 and H1 in Elo", "0,20"),
            false => ("P0,P1: H0 and H1 in points per game", "0,0.05"),
        };
        CliError::usage(format!(
            "{flag} wants two numbers {what} (such as {example}), not '{text}'"
        ))
    })?;
    let rate = |flag: &str, text: Option<&str>| match text {
        None => Ok(DEFAULT_ERROR_RATE),
        Some(t) => number(t).ok_or_else(|| {
            CliError::usage(format!(
                "{flag} must be a number above 0 and below 0.5 (an error rate), not '{t}'"
            ))
        }),
    };
    let (alpha, beta) = (rate("--alpha", rates[0])?, rate("--beta", rates[1])?);
    let hypotheses = match elo {
        true => Hypotheses::Elo { elo0: h0, elo1: h1 },
        false => Hypotheses::Ppg { ppg0: h0, ppg1: h1 },
    };
    Sprt::new(hypotheses, alpha, beta)
        .map(Some)
        .map_err(|e| match e {
            SprtError::ErrorRate { .. } => CliError::usage(format!("--{e}")),
            _ => CliError::usage(format!("{flag} {text}: {e}")),
        })
}

/// A sequential test's lines under the duel's figures: its hypotheses and error rates, the
/// decision and the games it took, the LLR and its bounds.
pub fn sprt_lines(r: &SprtReport, interrupted: bool) -> String {
    let percent = |p: f64| {
        let text = format!("{:.3}", 100.0 * p);
        format!("{} %", text.trim_end_matches('0').trim_end_matches('.'))
    };
    let hypotheses = match r.hypotheses {
        Hypotheses::Ppg { ppg0, ppg1 } => {
            format!("ppg: H0 {ppg0:+.4}, H1 {ppg1:+.4}")
        }
        Hypotheses::Elo { elo0, elo1 } => format!(
            "Elo on the share of games won: H0 {elo0:+.1} ({:.4}), H1 {elo1:+.1} ({:.4})",
            r.mean0, r.mean1
        ),
    };
    let taken = format!("{} games ({} duplicate pairs)", r.games, r.pairs);
    let decision = match (r.decision, interrupted) {
        (Decision::H1, _) => format!(
            "H1 accepted after {taken}; wrongly at most {} of the time when H0 holds (alpha)",
            percent(r.alpha)
        ),
        (Decision::H0, _) => format!(
            "H0 accepted after {taken}; wrongly at most {} of the time when H1 holds (beta)",
            percent(r.beta)
        ),
        (Decision::Undecided, true) => format!("none: interrupted after {taken}"),
        (Decision::Undecided, false) => format!("none after {taken}, the most (--games)"),
    };
    let mut out = format!(
        "SPRT             {hypotheses}; alpha {}, beta {}; checked every {} pairs\n\
         decision         {decision}\n\
         LLR              {:+.3} (H0 at or below {:+.3}, H1 at or above {:+.3})\n",
        r.alpha, r.beta, r.batch_pairs, r.llr, r.lower, r.upper
    );
    if let Some(elo) = r.elo
        && r.mean_stderr.is_finite()
    {
        out.push_str(&format!(
            "A share of wins  {:.4} ± {:.4} (Elo {elo:+.1})\n",
            r.mean, r.mean_stderr
        ));
    }
    out
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
