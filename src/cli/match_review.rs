//! `bgw match review`: a match reviewed by gnubg at each decision's match state, as its
//! `analyse match` does, with the classic program's own choices beside.

use super::decision_lines::{decision_json, decision_text, read};
use super::progress::Progress;
use super::rank::load_weights;
use super::{CliError, interrupt, print};
use bgw_engine::archive::{ErrorKind, right_cube_answer};
use bgw_engine::core::formats::shorten;
use bgw_engine::matches::{Decision, DecisionKind, Match};
use bgw_engine::reference::LuckMark;
use bgw_engine::reference::gnubg::{self, Config};
use bgw_engine::reference::native::NativeEvaluator;
use bgw_engine::review::why_gnubg_of;
use bgw_engine::review::{
    Coverage, CubeVerdict, MatchLuck, MoveVerdict, PlayerSummary, ReviewOptions, Reviewed, Verdict,
    cube_why, default_engines_for, review_with_luck, summarize,
};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `bgw match review`.
#[derive(clap::Args)]
pub struct ReviewArgs {
    /// The match file: MAT or gnubg's SGF.
    file: PathBuf,
    /// gnubg's depth: 0, 1 or 2 plies.
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// The classic program's weights (RON); the built-in defaults when absent.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// Engines at once, one a thread, 1 to 16 (default: one native evaluator a core; two gnubg
    /// processes a core, as gnubg waits on its own 10 ms polls).
    #[arg(long)]
    threads: Option<usize>,
    /// One JSON object a line: each decision with gnubg's verdict, then the summary.
    #[arg(long)]
    json: bool,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    /// Print the review and exit 0 even when gnubg failed on some decisions (they are
    /// counted as not judged); without it such a review exits 1.
    #[arg(long)]
    allow_partial: bool,
    /// How long gnubg may take over one request, in seconds (default 60); the review stops
    /// at the first request it does not answer in time.
    #[arg(long, default_value_t = 60.0)]
    timeout: f64,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// The longest time limit `--timeout` takes: a day, in seconds.
const MAX_TIMEOUT: f64 = 86_400.0;

/// Refuses a depth gnubg's review does not take (exit 2): 0, 1 or 2 plies.
pub fn check_plies(plies: u8) -> Result<(), CliError> {
    match plies {
        0..=2 => Ok(()),
        _ => Err(CliError::usage(format!(
            "--plies must be 0, 1 or 2, not {plies}"
        ))),
    }
}

/// How many gnubg processes `flag` asks for: 1 to 16 (exit 2 otherwise), `default` when
/// absent.
pub fn gnubg_processes(
    flag: &str,
    asked: Option<usize>,
    default: usize,
) -> Result<usize, CliError> {
    match asked {
        Some(n) if !(1..=16).contains(&n) => {
            Err(CliError::usage(format!("{flag} must be 1 to 16, not {n}")))
        }
        Some(n) => Ok(n),
        None => Ok(default.clamp(1, 16)),
    }
}

/// One gnubg process a core, at most 16.
pub fn one_a_core() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().min(16))
}

/// Runs `bgw match review`.
pub fn run(args: ReviewArgs) -> Result<ExitCode, CliError> {
    check_plies(args.plies)?;
    // Checked now; without --threads, as many engines as the judge keeps the cores busy with.
    let threads = args
        .threads
        .map(|n| gnubg_processes("--threads", Some(n), n))
        .transpose()?;
    if !(args.timeout > 0.0 && args.timeout <= MAX_TIMEOUT) {
        return Err(CliError::usage(format!(
            "--timeout must be more than 0 and at most {MAX_TIMEOUT} seconds, not {}",
            args.timeout
        )));
    }
    let weights = load_weights(args.weights.as_ref())?;
    let m = read(&args.file)?;
    if let Some(why) = gnubg::too_long(m.match_length) {
        return Err(CliError::usage(format!("gnubg cannot review {why}")));
    }
    let task = interrupt::task();
    let gnubg = Config {
        timeout: Duration::from_secs_f64(args.timeout),
        ..Config::default()
    }
    .stopped_by(&task);
    let judge = args.reference.judge_with(gnubg)?;
    let options = ReviewOptions {
        plies: args.plies,
        weights,
        threads: threads.unwrap_or_else(|| default_engines_for(&*judge.engine())),
    };
    // gnubg's own reason for each checker error comes from its nets read in process, whichever
    // judge reviews (the native judge's own, else found or built in).
    let explainer = judge
        .nets(args.reference.gnubg_weights.as_deref())
        .map_err(|e| CliError::failed(e.to_string()))?;
    let mut bar = Progress::new("review (decisions)", &task, args.quiet);
    let make = judge.make();
    // gnubg's luck analysis of the whole match on a gnubg of its own, beside the review.
    let (reviewed, luck) = review_with_luck(&m, &options, &make, true, &task, &mut |_| {});
    let luck = luck.unwrap_or_else(|| Err("not asked".into()));
    bar.finish();
    if interrupt::interrupted() {
        return Err(CliError::interrupted("interrupted: no review"));
    }
    let coverage = Coverage::of(&reviewed);
    if coverage.nothing_judged() {
        return Err(CliError::failed(format!(
            "gnubg could not review the match: it judged none of its {} decisions ({})",
            coverage.decisions,
            coverage.first_failure.as_deref().unwrap_or_default()
        )));
    }
    if let Err(why) = &luck {
        eprintln!("bgw: no luck figures: {why}");
    }
    let luck = luck.ok();
    let summary = summarize(&m, &reviewed, luck.as_ref());
    let text = if args.json {
        json_lines(
            &m,
            &reviewed,
            &summary,
            &coverage,
            luck.as_ref(),
            &explainer,
        )
    } else {
        let mut t = text(
            &m,
            &reviewed,
            &summary,
            &coverage,
            args.plies,
            luck.as_ref(),
            &explainer,
        );
        t.push('\n');
        t.push_str(&bgw_engine::review::statistics_text(
            &summary,
            m.match_length,
        ));
        t
    };
    print(&text)?;
    match coverage.not_judged_line() {
        Some(line) if !args.allow_partial => Err(CliError::failed(format!(
            "a partial review: {line}; --allow-partial accepts it"
        ))),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// A cube verdict as JSON; an error says which of gnubg's figures decided it (`why_gnubg`):
/// the taker's (a take, a pass) when `taker`, else the doubler's.
fn cube_json(c: &CubeVerdict, taker: bool) -> serde_json::Value {
    let mut v = json!({
        "action": c.decision.action,
        "no_double": c.decision.no_double,
        "double_take": c.decision.double_take,
        "double_pass": c.decision.double_pass,
        "error": c.error,
        "mark": c.mark,
    });
    if c.error > 0.0 {
        v["why_gnubg"] = json!(cube_why(c.decision.figures(), taker));
    }
    v
}

/// True for the taker's decisions (a take, a pass, a beaver).
fn taker(kind: &DecisionKind) -> bool {
    matches!(
        kind,
        DecisionKind::Take | DecisionKind::Drop | DecisionKind::Beaver { .. }
    )
}

/// Each decision as `bgw match decisions --json` gives it with gnubg's verdict added, then
/// the summary.
fn json_lines(
    m: &Match,
    reviewed: &[Reviewed],
    summary: &[PlayerSummary; 2],
    coverage: &Coverage,
    luck: Option<&MatchLuck>,
    explainer: &NativeEvaluator,
) -> String {
    let mut out = String::new();
    for r in reviewed {
        let game = &m.games[r.game];
        let d = &game.decisions[r.decision];
        let mut v: serde_json::Value =
            serde_json::from_str(&decision_json(game, r.decision + 1, d)).unwrap_or_default();
        match &r.verdict {
            Verdict::Move { play, no_double } => {
                v["gnubg"] = json!({
                    "best": play.best,
                    "best_equity": play.best_equity,
                    "played_equity": play.played_equity,
                    "loss": play.loss,
                    "mark": play.mark,
                    "forced": play.choices <= 1,
                    "classic": play.classic,
                    "classic_loss": play.classic_loss,
                });
                if let Some(c) = no_double {
                    v["gnubg"]["cube"] = cube_json(c, false);
                }
                if let Some(why) = &play.why {
                    v["why"] = serde_json::to_value(why).unwrap_or_default();
                }
                if let Some(why) = why_gnubg_json(explainer, d, play) {
                    v["why_gnubg"] = why;
                }
            }
            Verdict::Cube(c) => v["gnubg"] = cube_json(c, taker(&d.kind)),
            Verdict::NotJudged(why) => v["gnubg"] = json!({ "not_judged": why }),
        }
        if let Some(l) = luck.and_then(|l| l.roll(r.game, r.decision)) {
            v["luck_emg"] = json!(l.emg);
            v["luck_mwc"] = json!(l.mwc);
            v["luck_mark"] = json!(LuckMark::of(l.emg));
        }
        out.push_str(&v.to_string());
        out.push('\n');
    }
    let summary = json!({ "summary": {
        "players": summary,
        "decisions": coverage.decisions,
        "not_judged": coverage.not_judged,
        "first_failure": coverage.first_failure,
    } });
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

/// A line a decision with gnubg's verdict, then the summary table.
fn text(
    m: &Match,
    reviewed: &[Reviewed],
    summary: &[PlayerSummary; 2],
    coverage: &Coverage,
    plies: u8,
    luck: Option<&MatchLuck>,
    explainer: &NativeEvaluator,
) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    for r in reviewed {
        let game = &m.games[r.game];
        let d = &game.decisions[r.decision];
        let line = decision_text(m, game, r.decision + 1, d);
        let verdict = match &r.verdict {
            Verdict::Move { play, no_double } => {
                move_verdict_text(d, play, no_double.as_ref(), explainer)
            }
            // What was right in a player's words, as the app and `archive errors` say it:
            // "right: take (gnubg: No double, take); costs 45.2 mEMG".
            Verdict::Cube(c) if c.error > 0.0 => {
                let kind = match d.kind {
                    DecisionKind::Double { .. } => ErrorKind::Double,
                    _ => ErrorKind::Take,
                };
                let right = right_cube_answer(kind, &c.decision.action)
                    .map(|r| format!("right: {r} "))
                    .unwrap_or_default();
                format!(
                    "{right}(gnubg: {}); costs {:.1} mEMG{}\n      gnubg's cube why: {}",
                    c.decision.action,
                    1000.0 * c.error,
                    mark_words(c.mark.words()),
                    cube_why(c.decision.figures(), taker(&d.kind))
                )
            }
            Verdict::Cube(c) => format!("gnubg: {}", c.decision.action),
            Verdict::NotJudged(why) => format!("not judged: {why}"),
        };
        let luck = luck
            .and_then(|l| l.roll(r.game, r.decision))
            .map(|l| (LuckMark::of(l.emg), l.emg))
            .filter(|(mark, _)| *mark != LuckMark::None)
            .map(|(mark, emg)| format!("  [{} {emg:+.3}]", mark.words()))
            .unwrap_or_default();
        let _ = writeln!(out, "{line}{luck}  —  {verdict}");
    }
    out.push_str(&summary_table(summary, plies));
    if let Some(line) = coverage.not_judged_line() {
        let _ = writeln!(out, "{line}: the figures leave them out");
    }
    out
}

/// A checker play's verdict in words: its loss and gnubg's best, the classic's choice, a
/// missed double, then the classic's why, gnubg's why and the missed double's why on lines
/// of their own.
fn move_verdict_text(
    d: &Decision,
    play: &MoveVerdict,
    no_double: Option<&CubeVerdict>,
    explainer: &NativeEvaluator,
) -> String {
    use std::fmt::Write;
    let mut s = match play.loss {
        _ if play.choices <= 1 => "forced".to_string(),
        Some(0.0) => "gnubg's best".to_string(),
        Some(l) => format!(
            "loses {:.1} mEMG{} (gnubg: {})",
            1000.0 * l,
            mark_words(play.mark.words()),
            play.best
        ),
        None => format!("not rated (gnubg's best: {})", play.best),
    };
    if play.choices > 1 {
        let _ = write!(
            s,
            "; classic {}",
            if play.classic_loss == 0.0 {
                format!("{} (gnubg's best)", play.classic)
            } else {
                format!("{} loses {:.1}", play.classic, 1000.0 * play.classic_loss)
            }
        );
    }
    let missed = no_double.filter(|c| c.error > 0.0);
    if let Some(c) = missed {
        let _ = write!(
            s,
            "; missed double ({}) costs {:.1} mEMG{}",
            c.decision.action,
            1000.0 * c.error,
            mark_words(c.mark.words())
        );
    }
    if let Some(why) = &play.why {
        let _ = write!(s, "\n      why: {}", why.summary());
    }
    match why_gnubg_of(explainer, d, play) {
        Some(Ok(w)) => {
            let _ = write!(s, "\n      gnubg's why: {}", w.sentence);
        }
        Some(Err(e)) => {
            let _ = write!(s, "\n      gnubg's why: none ({e})");
        }
        None => {}
    }
    if let Some(c) = missed {
        let _ = write!(
            s,
            "\n      gnubg's cube why: {}",
            cube_why(c.decision.figures(), false)
        );
    }
    s
}

/// The players' table under the decisions, with what its columns mean.
fn summary_table(summary: &[PlayerSummary; 2], plies: u8) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\ngnubg {plies}-ply review  {:<20} {:>8} {:>10} {:>9} {:>4} {:>9} {:>10} {:>12} {:>9}",
        "player",
        "unforced",
        "error rate",
        "doubtful",
        "bad",
        "very bad",
        "cube EMG",
        "classic rate",
        "explained"
    );
    for p in summary {
        let _ = writeln!(
            out,
            "                  {:<20} {:>8} {:>10.2} {:>9} {:>4} {:>9} {:>10.3} {:>12.2} {:>9}",
            // A name from the file: control characters escaped, as in the decision lines.
            shorten(&p.name, usize::MAX),
            p.unforced_moves,
            p.error_rate_memg,
            p.doubtful,
            p.bad,
            p.very_bad,
            p.cube_error_emg,
            p.classic_error_rate_memg,
            format!(
                "{}/{}",
                p.classic_explains.explained, p.classic_explains.errors
            )
        );
    }
    out.push_str(
        "(error rates in mEMG per unforced move, as gnubg prints them; explained: the checker \
         errors whose best move the classic program's weighted terms prefer)\n",
    );
    out
}

/// gnubg's own reason for a checker error as JSON (`{"concepts", "total", "net", "sentence"}`,
/// or `{"error"}` when the nets could not say), `None` for no error.
fn why_gnubg_json(
    explainer: &NativeEvaluator,
    d: &Decision,
    play: &MoveVerdict,
) -> Option<serde_json::Value> {
    Some(match why_gnubg_of(explainer, d, play)? {
        Ok(w) => serde_json::to_value(&w).unwrap_or_default(),
        Err(e) => json!({ "error": e.to_string() }),
    })
}

fn mark_words(words: &str) -> String {
    if words.is_empty() {
        String::new()
    } else {
        format!(", {words}")
    }
}
