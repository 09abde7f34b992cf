//! `bgw eval`: gnubg's evaluation of a position by its own nets, evaluated in bgw (the native
//! evaluator): the five cubeless probabilities and the cubeless equity, one position or a
//! batch of them.

use super::moves::{Line, excerpt, read_line};
use super::{CliError, Exit, print};
use bgw_engine::core::formats::{Setup, read_setup, shorten};
use bgw_engine::reference::MatchContext;
use bgw_engine::reference::hint_line;
use bgw_engine::reference::native::{
    MAX_PLIES, NativeError, NativeEvaluator, NetOutput, Search, cubeless_equity,
};
use serde_json::json;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What the native evaluator does not give yet, as `bgw eval` says it.
const CUBEFUL_NOT_COVERED: &str =
    "not covered yet: the native evaluator gives cubeless figures (0 to 2 plies) so far";

/// Arguments of `bgw eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: a Position ID, PositionID:MatchID or an XGID; the side on roll is judged
    /// before its roll.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    position: Option<String>,
    /// The depth in plies: 0, 1 or 2 (gnubg's `evaluate` at that depth).
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Cubeless figures only (leaves out the cubeful line, which is not covered yet).
    #[arg(long)]
    cubeless: bool,
    /// Print one JSON object instead of the text.
    #[arg(long)]
    json: bool,
    /// gnubg's weights file (`gnubg.wd` or `gnubg.weights`); by default the first found on
    /// the usual paths (`$BGW_GNUBG_WEIGHTS`, /usr/lib/gnubg, /usr/share/gnubg,
    /// /usr/local/share/gnubg, beside a gnubg on PATH), else the copy built into bgw.
    #[arg(long, value_name = "PATH")]
    gnubg_weights: Option<PathBuf>,
    /// Positions one a line from FILE (`-`: stdin); one JSON object a line for each, in
    /// order (`{"position": …, "error": …}` for a line that is not one; the exit code is
    /// then 1).
    #[arg(long, value_name = "FILE|-")]
    batch: Option<PathBuf>,
}

/// Runs `bgw eval`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.plies > MAX_PLIES {
        return Err(CliError::usage(format!(
            "--plies {} is not covered by the native evaluator yet: it evaluates at 0 to \
             {MAX_PLIES} plies (gnubg's own deeper figures: `bgw rank ID DICE --gnubg N`, \
             `bgw cube ID --plies N`)",
            args.plies
        )));
    }
    let evaluator = NativeEvaluator::new(args.gnubg_weights.as_deref())
        .map_err(|e| CliError::failed(e.to_string()))?;
    let mut search = Search::new();
    let plies = args.plies;
    if let Some(batch) = &args.batch {
        return run_batch(&evaluator, &mut search, batch, plies, args.cubeless);
    }
    let text = args.position.as_deref().unwrap_or_default();
    let setup = read_setup(text)?;
    let probs = evaluate(&evaluator, &mut search, &setup, plies)
        .map_err(|e| CliError::failed(e.to_string()))?;
    let out = if args.json {
        format!(
            "{}\n",
            to_json(
                &evaluator,
                &setup,
                &probs,
                plies,
                args.cubeless,
                Some(text.trim())
            )
        )
    } else {
        describe(&evaluator, &setup, &probs, plies, args.cubeless)
    };
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// gnubg's cubeless probabilities of the setup's position at `plies` (its `evaluate`).
fn evaluate(
    evaluator: &NativeEvaluator,
    search: &mut Search,
    setup: &Setup,
    plies: u8,
) -> Result<NetOutput, NativeError> {
    search.evaluate(evaluator, &setup.position.sides(), plies)
}

fn describe(
    evaluator: &NativeEvaluator,
    setup: &Setup,
    p: &NetOutput,
    plies: u8,
    cubeless: bool,
) -> String {
    let at = MatchContext::of(setup);
    let wide = p.map(|x| x as f64);
    let mut t = format!(
        "{}:{}  {}, {} on roll\nEvaluator: {}, {plies}-ply (gnubg 1.07's nets in bgw; weights: {})\n",
        setup.position_id(),
        setup.match_id(),
        at.describe(),
        at.on_roll(),
        evaluator.classify(&setup.position).name(),
        evaluator.weights_source()
    );
    t += &format!(
        "Win {:.6}  W(g) {:.6}  W(bg) {:.6}  L(g) {:.6}  L(bg) {:.6}\n",
        p[0], p[1], p[2], p[3], p[4]
    );
    t += &format!("As gnubg's hint prints them: {}\n", hint_line(&wide));
    t += &format!("Cubeless equity (money): {:+.6}\n", cubeless_equity(p));
    if !cubeless {
        t += &format!("Cubeful equity: {CUBEFUL_NOT_COVERED}\n");
    }
    t
}

fn to_json(
    evaluator: &NativeEvaluator,
    setup: &Setup,
    p: &NetOutput,
    plies: u8,
    cubeless: bool,
    given: Option<&str>,
) -> serde_json::Value {
    let mut v = json!({
        "position": given.map_or_else(|| setup.position_id(), str::to_string),
        "position_id": setup.position_id(),
        "match_id": setup.match_id(),
        "plies": plies,
        "class": evaluator.classify(&setup.position).name(),
        "win": p[0],
        "win_gammon": p[1],
        "win_backgammon": p[2],
        "lose_gammon": p[3],
        "lose_backgammon": p[4],
        "cubeless_equity": cubeless_equity(p),
    });
    if !cubeless {
        v["cubeful_equity"] = serde_json::Value::Null;
        v["cubeful"] = json!(CUBEFUL_NOT_COVERED);
    }
    v
}

/// One batch line answered: its JSON object, and whether it failed.
fn answer(
    evaluator: &NativeEvaluator,
    search: &mut Search,
    line: &str,
    plies: u8,
    cubeless: bool,
) -> (serde_json::Value, bool) {
    let setup = match read_setup(line.trim()) {
        Ok(s) => s,
        Err(e) => {
            return (
                json!({ "position": shorten(line, 80), "error": e.to_string() }),
                true,
            );
        }
    };
    match evaluate(evaluator, search, &setup, plies) {
        Ok(p) => (
            to_json(evaluator, &setup, &p, plies, cubeless, Some(line.trim())),
            false,
        ),
        Err(e) => (
            json!({ "position": shorten(line, 80), "error": e.to_string() }),
            true,
        ),
    }
}

fn run_batch(
    evaluator: &NativeEvaluator,
    search: &mut Search,
    from: &Path,
    plies: u8,
    cubeless: bool,
) -> Result<ExitCode, CliError> {
    let mut input: Box<dyn BufRead> = if from == Path::new("-") {
        Box::new(std::io::stdin().lock())
    } else {
        let (file, _) = bgw_engine::io::user_file::open_regular(from)
            .map_err(|e| CliError::failed(format!("cannot read {}: {e}", from.display())))?;
        Box::new(std::io::BufReader::new(file))
    };
    let mut out = std::io::BufWriter::new(super::stdout());
    let mut failed = false;
    let mut buf = Vec::new();
    while let Some(line) = read_line(&mut input, &mut buf)? {
        let (v, error) = match line {
            Line::Text(text) => answer(evaluator, search, &text, plies, cubeless),
            Line::Refused(why) => (json!({ "position": excerpt(&buf), "error": why }), true),
        };
        failed |= error;
        writeln!(out, "{v}")?;
    }
    out.flush()?;
    Ok(if failed {
        ExitCode::from(Exit::Failed.code())
    } else {
        ExitCode::SUCCESS
    })
}
