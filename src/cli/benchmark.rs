//! `bgw benchmark`: players scored against GNU Backgammon's verdict on a benchmark of
//! decisions (by default the shipped one, built into the binary).

use super::{CliError, print};
use bgw_engine::benchmark::{Benchmark, Figures, Report, SHIPPED_NAME, score};
use bgw_engine::duel::Contender;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `bgw benchmark`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// A player's agreement with gnubg's best move and its mean equity loss, overall, by
    /// phase, and its ten worst decisions.
    Score(ScoreArgs),
}

/// Arguments of `bgw benchmark score`.
#[derive(clap::Args)]
struct ScoreArgs {
    /// The benchmark: one JSON decision a line, gzip-compressed or not (default: the shipped
    /// benchmark, gnubg 1.07 at 0 plies, 11,826 decisions).
    file: Option<PathBuf>,
    /// The player: classic (the shipped default weights), classic:FILE.ron, pubeval, or
    /// random (the expected figures of a uniform choice).
    #[arg(long, default_value = "classic")]
    player: String,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
}

/// Runs `bgw benchmark`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    match args.action {
        Action::Score(args) => run_score(args),
    }
}

fn run_score(args: ScoreArgs) -> Result<ExitCode, CliError> {
    let player = Contender::parse(&args.player)?;
    let (bench, name) = match &args.file {
        Some(path) => (
            Benchmark::load(path)
                .map_err(|e| CliError::failed(format!("{}: {e}", path.display())))?,
            path.display().to_string(),
        ),
        None => (
            Benchmark::shipped()
                .map_err(|e| CliError::failed(format!("the shipped benchmark: {e}")))?,
            SHIPPED_NAME.to_string(),
        ),
    };
    let report = score(&bench, &player);
    if args.json {
        let json = ReportJson::of(&report, &name, bench.repeated);
        print(&format!("{}\n", serde_json::to_string_pretty(&json)?))?;
    } else {
        print(&table(&report, &name, bench.repeated))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `bgw benchmark score --json`.
#[derive(serde::Serialize)]
struct ReportJson<'a> {
    benchmark: &'a str,
    player: &'a str,
    decisions: usize,
    repeated: usize,
    agreement: f64,
    mean_loss: f64,
    by_phase: BTreeMap<&'static str, Figures>,
    worst: Vec<WorstJson<'a>>,
}

/// One of the worst decisions in JSON.
#[derive(serde::Serialize)]
struct WorstJson<'a> {
    line: usize,
    id: &'a str,
    dice: [u8; 2],
    chosen: Option<&'a str>,
    best: &'a str,
    loss: f64,
}

impl<'a> ReportJson<'a> {
    fn of(r: &'a Report, benchmark: &'a str, repeated: usize) -> ReportJson<'a> {
        ReportJson {
            benchmark,
            player: &r.player,
            decisions: r.overall.decisions,
            repeated,
            agreement: r.overall.agreement,
            mean_loss: r.overall.mean_loss,
            by_phase: r.by_phase.iter().map(|(p, f)| (p.name(), *f)).collect(),
            worst: r
                .worst
                .iter()
                .map(|w| WorstJson {
                    line: w.line,
                    id: &w.id,
                    dice: [w.dice.high(), w.dice.low()],
                    chosen: w.chosen.as_deref(),
                    best: &w.best,
                    loss: w.loss,
                })
                .collect(),
        }
    }
}

/// The figures as aligned lines; losses in mEMG (thousandths of a point).
fn table(r: &Report, benchmark: &str, repeated: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} on {benchmark}", r.player);
    if repeated > 0 {
        let _ = writeln!(out, "({repeated} repeated decisions counted once)");
    }
    let _ = writeln!(
        out,
        "\n{:<18} {:>9}  {:>9}  {:>14}",
        "phase", "decisions", "agreement", "mean loss"
    );
    let mut row = |name: &str, f: &Figures| {
        let _ = writeln!(
            out,
            "{name:<18} {:>9}  {:>7.1} %  {:>9.1} mEMG",
            f.decisions,
            100.0 * f.agreement,
            1000.0 * f.mean_loss
        );
    };
    row("all", &r.overall);
    for (phase, f) in &r.by_phase {
        row(phase.name(), f);
    }
    let _ = writeln!(
        out,
        "\nThe {} worst decisions (loss in mEMG; line in the file; our notation):",
        r.worst.len()
    );
    let _ = writeln!(
        out,
        "{:>8}  {:>6}  {:<14}  {:<4}  {:<22}  gnubg's best",
        "loss", "line", "Position ID", "dice", "chosen"
    );
    for w in &r.worst {
        let chosen = w.chosen.as_deref().unwrap_or("(any: uniform)");
        let _ = writeln!(
            out,
            "{:>8.1}  {:>6}  {:<14}  {:<4}  {chosen:<22}  {}",
            1000.0 * w.loss,
            w.line,
            w.id,
            w.dice.to_string(),
            w.best
        );
    }
    out
}
