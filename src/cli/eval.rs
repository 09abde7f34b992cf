//! `bgw eval`: gnubg's evaluation of a position by its own nets, evaluated in bgw (the native
//! evaluator): the five cubeless probabilities, the cubeless equity and the cubeful equity at
//! the position's match state, one position or a batch of them.

use super::moves::{Line, excerpt, read_line};
use super::{CliError, Exit, print};
use bgw_engine::core::formats::{Setup, read_setup, shorten};
use bgw_engine::core::position::Position;
use bgw_engine::reference::gnubg::Config;
use bgw_engine::reference::native::{
    CubeInfo, MAX_PLIES, NativeEngine, NativeEvaluator, NetOutput, classify, cubeless_equity,
};
use bgw_engine::reference::{Judge, MatchContext, Reference, ReferenceEngine, hint_line};
use serde_json::json;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// gnubg's cubeful equity at `plies` of the side on roll before its roll at the setup's match
/// state, with its cube action (the "Cubeful" column of gnubg's `eval`): money per cube; in a
/// match normalised (EMG), with the match-winning chance. `Err`: why there is none.
fn cubeful(
    engine: &mut NativeEngine,
    setup: &Setup,
    plies: u8,
) -> Result<(f32, Option<f32>), String> {
    let at = MatchContext::of(setup);
    let ci = CubeInfo::of(&at).ok_or_else(|| {
        format!(
            "not covered: {} is beyond gnubg's tables (64 points, a 64-cube)",
            at.describe()
        )
    })?;
    let value = engine
        .cubeful_value(&setup.position, &ci, plies)
        .map_err(|e| e.to_string())?;
    Ok(if ci.is_match() {
        (ci.mwc_to_equity(value), Some(value))
    } else {
        (value, None)
    })
}

/// Arguments of `bgw eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The position: a Position ID, PositionID:MatchID or an XGID; the side on roll is judged
    /// before its roll.
    #[arg(required_unless_present = "batch", conflicts_with = "batch")]
    position: Option<String>,
    /// The depth in plies: 0, 1 or 2 (gnubg's `evaluate` at that depth, and its cubeful
    /// equity at that depth).
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Cubeless figures only (leaves out the cubeful equity).
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
    /// Who evaluates: `native` (here the default: gnubg's nets in bgw) or `process` (the
    /// gnubg program, as a cross-check).
    #[arg(long, value_name = "native|process", default_value_t = Reference::Native)]
    reference: Reference,
}

/// Who evaluates: gnubg's nets in bgw, or the gnubg program at a depth.
enum Evaluator {
    Native(Box<NativeEngine>, u8),
    Process(Box<dyn ReferenceEngine + Send>, u8),
}

impl Evaluator {
    /// The five probabilities of `pos` for the side on roll, before it rolls.
    fn evaluate(&mut self, pos: &Position) -> Result<NetOutput, String> {
        match self {
            Evaluator::Native(n, plies) => n.evaluate_plies(pos, *plies).map_err(|e| e.to_string()),
            Evaluator::Process(gnubg, plies) => {
                let e = gnubg.evaluate(pos, *plies).map_err(|e| e.to_string())?;
                let p = e
                    .probs
                    .ok_or_else(|| "gnubg gave no probabilities".to_string())?;
                Ok(p.map(|x| x as f32))
            }
        }
    }

    /// The depth evaluated at.
    fn plies(&self) -> u8 {
        match self {
            Evaluator::Native(_, plies) | Evaluator::Process(_, plies) => *plies,
        }
    }

    /// The cubeful equity at the setup's match state (and the MWC in a match), or why there
    /// is none, in words.
    fn cubeful(&mut self, setup: &Setup) -> Result<(f32, Option<f32>), String> {
        match self {
            Evaluator::Native(n, plies) => cubeful(n, setup, *plies),
            Evaluator::Process(..) => Err("not given by bgw eval from the gnubg program (`bgw \
                 cube` gives its cubeful equities)"
                .to_string()),
        }
    }

    /// Who evaluated, in words.
    fn words(&self) -> String {
        match self {
            Evaluator::Native(n, _) => {
                format!(
                    "gnubg 1.07's nets in bgw; weights: {}",
                    n.evaluator().weights_source()
                )
            }
            Evaluator::Process(..) => "the gnubg program".to_string(),
        }
    }
}

/// Runs `bgw eval`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.reference == Reference::Process {
        if args.gnubg_weights.is_some() {
            return Err(CliError::usage(
                "--gnubg-weights is for --reference native (the gnubg program reads its own)",
            ));
        }
        if args.plies > 2 {
            return Err(CliError::usage(format!(
                "--plies must be 0, 1 or 2, not {}",
                args.plies
            )));
        }
        let task = super::interrupt::task();
        let gnubg = Judge::process(Config::default().stopped_by(&task)).engine();
        let plies = args.plies;
        return evaluate(args, Evaluator::Process(gnubg, plies));
    }
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
    let plies = args.plies;
    evaluate(
        args,
        Evaluator::Native(Box::new(NativeEngine::new(evaluator)), plies),
    )
}

/// `bgw eval` with its evaluator: one position or the batch.
fn evaluate(args: Args, mut evaluator: Evaluator) -> Result<ExitCode, CliError> {
    if let Some(batch) = &args.batch {
        return run_batch(&mut evaluator, batch, args.cubeless);
    }
    let text = args.position.as_deref().unwrap_or_default();
    let setup = read_setup(text)?;
    let probs = evaluator
        .evaluate(&setup.position)
        .map_err(CliError::failed)?;
    let out = if args.json {
        format!(
            "{}\n",
            to_json(
                &mut evaluator,
                &setup,
                &probs,
                args.cubeless,
                Some(text.trim())
            )
        )
    } else {
        describe(&mut evaluator, &setup, &probs, args.cubeless)
    };
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

fn describe(evaluator: &mut Evaluator, setup: &Setup, p: &NetOutput, cubeless: bool) -> String {
    let at = MatchContext::of(setup);
    let wide = p.map(|x| x as f64);
    let mut t = format!(
        "{}:{}  {}, {} on roll\nEvaluator: {}, {}-ply ({})\n",
        setup.position_id(),
        setup.match_id(),
        at.describe(),
        at.on_roll(),
        classify(&setup.position.sides()).name(),
        evaluator.plies(),
        evaluator.words()
    );
    t += &format!(
        "Win {:.6}  W(g) {:.6}  W(bg) {:.6}  L(g) {:.6}  L(bg) {:.6}\n",
        p[0], p[1], p[2], p[3], p[4]
    );
    t += &format!("As gnubg's hint prints them: {}\n", hint_line(&wide));
    t += &format!("Cubeless equity (money): {:+.6}\n", cubeless_equity(p));
    if !cubeless {
        t += &match evaluator.cubeful(setup) {
            Ok((equity, None)) => format!("Cubeful equity ({}): {equity:+.6}\n", at.describe()),
            Ok((equity, Some(mwc))) => format!(
                "Cubeful equity ({}): {equity:+.6} normalised, MWC {:.4}%\n",
                at.describe(),
                100.0 * mwc
            ),
            Err(why) => format!("Cubeful equity: {why}\n"),
        };
    }
    t
}

fn to_json(
    evaluator: &mut Evaluator,
    setup: &Setup,
    p: &NetOutput,
    cubeless: bool,
    given: Option<&str>,
) -> serde_json::Value {
    let mut v = json!({
        "position": given.map_or_else(|| setup.position_id(), str::to_string),
        "position_id": setup.position_id(),
        "match_id": setup.match_id(),
        "plies": evaluator.plies(),
        "class": classify(&setup.position.sides()).name(),
        "win": p[0],
        "win_gammon": p[1],
        "win_backgammon": p[2],
        "lose_gammon": p[3],
        "lose_backgammon": p[4],
        "cubeless_equity": cubeless_equity(p),
    });
    if !cubeless {
        match evaluator.cubeful(setup) {
            Ok((equity, mwc)) => {
                v["cubeful_equity"] = json!(equity);
                if let Some(mwc) = mwc {
                    v["mwc"] = json!(mwc);
                }
            }
            Err(why) => {
                v["cubeful_equity"] = serde_json::Value::Null;
                v["cubeful"] = json!(why);
            }
        }
    }
    v
}

/// One batch line answered: its JSON object, and whether it failed.
fn answer(evaluator: &mut Evaluator, line: &str, cubeless: bool) -> (serde_json::Value, bool) {
    let setup = match read_setup(line.trim()) {
        Ok(s) => s,
        Err(e) => {
            return (
                json!({ "position": shorten(line, 80), "error": e.to_string() }),
                true,
            );
        }
    };
    match evaluator.evaluate(&setup.position) {
        Ok(p) => (
            to_json(evaluator, &setup, &p, cubeless, Some(line.trim())),
            false,
        ),
        Err(e) => (
            json!({ "position": shorten(line, 80), "error": e.to_string() }),
            true,
        ),
    }
}

fn run_batch(evaluator: &mut Evaluator, from: &Path, cubeless: bool) -> Result<ExitCode, CliError> {
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
            Line::Text(text) => answer(evaluator, &text, cubeless),
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
