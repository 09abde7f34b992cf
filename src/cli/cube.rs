//! `bgw cube`: gnubg's cube decision before the roll, at the position's own match state.

use super::{CliError, interrupt, print, shown};
use bgw_engine::bearoff::two_sided::{Kind, TwoSidedDb};
use bgw_engine::core::formats::read_setup;
use bgw_engine::reference::{
    CubeDecision, CubeQuestion, MatchContext, ReferenceEngine, ReferenceError, hint_line,
};
use bgw_engine::studies::race::{CubeDecision as ExactDecision, exact_decision_at};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `bgw cube`.
#[derive(clap::Args)]
pub struct Args {
    /// The position with its match state: PositionID:MatchID or an XGID (a bare Position ID
    /// is a money game with the cube centred, gnubg's Jacoby rule and beavers). The dice, if
    /// rolled, are ignored: the cube decision comes before the roll. A double on offer (XGID
    /// `D`, the Match ID's double-offered bit) asks for the other side's take or pass.
    position: String,
    /// gnubg's depth: 0, 1 or 2 plies.
    #[arg(long, default_value_t = 0)]
    plies: u8,
    /// Print one JSON object instead of the text.
    #[arg(long)]
    json: bool,
    /// A cubeful two-sided bear-off database (gnubg's `makebearoff -t PxC` file, or `bgw
    /// bearoff build --two-sided`): for a race it holds, money play, the exact verdict too.
    #[arg(long)]
    database: Option<PathBuf>,
    #[command(flatten)]
    reference: super::reference::ReferenceArgs,
}

/// Runs `bgw cube`.
pub fn run(args: Args) -> Result<ExitCode, CliError> {
    if args.plies > 2 {
        return Err(CliError::usage(format!(
            "--plies must be 0, 1 or 2, not {}",
            args.plies
        )));
    }
    let setup = read_setup(&args.position)?;
    if setup.position.player_off() == 15 || setup.position.opponent_off() == 15 {
        return Err(CliError::usage(format!(
            "the game is over in {}: there is no cube decision",
            setup.position_id()
        )));
    }
    let at = MatchContext::of(&setup);
    super::gnubg_plays(&at)?;
    let question = CubeQuestion::of(&setup).map_err(CliError::usage)?;
    let exact = match &args.database {
        Some(path) => Some(exact_verdict(path, &setup.position, &at)?),
        None => None,
    };
    let (pid, mid) = (setup.position_id(), setup.match_id());
    let text = if let CubeQuestion::CannotDouble(why) = question {
        // No cube decision: gnubg's hint says "You cannot double." and no figures.
        if args.json {
            let mut v = json!({
                "action": format!("cannot double: {why}"),
                "can_double": false,
                "decision": "none",
                "match_state": at.describe(),
            });
            if let Some(e) = &exact {
                v["exact"] = e.to_json();
            }
            format!("{v}\n")
        } else {
            let mut t = format!(
                "{pid}:{mid}  {}, {} on roll\n{} cannot double: {why}.\n",
                at.describe(),
                at.on_roll(),
                at.on_roll()
            );
            if let Some(e) = &exact {
                t.push_str(&e.describe());
            }
            t
        }
    } else {
        let task = interrupt::task();
        let mut gnubg = args.reference.judge(&task)?.engine();
        let decision = gnubg
            .cube_decision(&setup.position, &at, args.plies)
            .map_err(|e| reference_failed(&e))?;
        let answer = question == CubeQuestion::Answer;
        if args.json {
            let mut v = to_json(&decision, &at, answer);
            if let Some(e) = &exact {
                v["exact"] = e.to_json();
            }
            format!("{v}\n")
        } else {
            let mut t = describe(&decision, &at, &pid, &mid, answer);
            if let Some(e) = &exact {
                t.push_str(&e.describe());
            }
            t
        }
    };
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// What the two-sided database says of the position: its exact verdict, or why it has none.
enum Exact {
    /// The database's cubeful equities give it, for the cube as it stands.
    Verdict {
        /// The cube state: "centred" or "owned by the side on roll".
        cube: &'static str,
        /// The decision.
        decision: ExactDecision,
    },
    /// Why the database does not answer (not a race it holds, a match, the cube not the
    /// roller's).
    None(String),
}

impl Exact {
    fn to_json(&self) -> serde_json::Value {
        match self {
            Exact::Verdict { cube, decision } => json!({
                "cube": cube,
                "no_double": decision.no_double,
                "double_take": decision.double_take,
                "double_pass": decision.double_pass,
                "action": decision.action().name(),
            }),
            Exact::None(why) => json!({ "none": why }),
        }
    }

    fn describe(&self) -> String {
        match self {
            Exact::Verdict { cube, decision } => format!(
                "Exact (two-sided database, money, cube {cube}):\n  No double      {:+.3}\n  \
                 Double, take   {:+.3}\n  Double, pass   {:+.3}\nExact cube action: {}\n",
                decision.no_double,
                decision.double_take,
                decision.double_pass,
                decision.action().name()
            ),
            Exact::None(why) => format!("Exact: none ({why})\n"),
        }
    }
}

/// The exact verdict of `pos` at `at` from the cubeful two-sided database at `path`.
fn exact_verdict(
    path: &Path,
    pos: &bgw_engine::Position,
    at: &MatchContext,
) -> Result<Exact, CliError> {
    let db =
        TwoSidedDb::read(path).map_err(|e| CliError::failed(format!("{}: {e}", shown(path))))?;
    if db.kind() != Kind::Cubeful {
        return Err(CliError::failed(format!(
            "{} is a cubeless database: it has no cube decisions",
            shown(path)
        )));
    }
    Ok(match exact_decision_at(&db, pos, at) {
        Ok((cube, decision)) => Exact::Verdict { cube, decision },
        Err(why) => Exact::None(why),
    })
}

/// A failed gnubg: Ctrl+C's stop, or a failure while running.
fn reference_failed(e: &ReferenceError) -> CliError {
    if e.is_cancelled() || interrupt::interrupted() {
        CliError::interrupted("interrupted: no cube decision")
    } else {
        CliError::failed(e.to_string())
    }
}

/// The decision as one JSON object: gnubg's words, the three cubeful equities, and the rest;
/// with a double on offer (`answer`) the taker's decision: its right answer and what the
/// wrong one costs.
fn to_json(d: &CubeDecision, at: &MatchContext, answer: bool) -> serde_json::Value {
    let mut v = json!({
        "action": d.proper_action(),
        "percent": d.percent(),
        "can_double": true,
        "decision": if answer { "take" } else { "double" },
        "no_double": d.no_double,
        "double_take": d.double_take,
        "double_pass": d.double_pass,
        "plies": d.plies,
        "match_state": at.describe(),
        "doubles": d.doubles(),
        "takes": d.takes(),
        "double_error": d.double_error(),
        "take_error": d.take_error(),
        "cubeless": d.cubeless,
        "probs": d.probs,
    });
    if answer {
        let (doubler, taker) = (at.on_roll(), at.on_roll().opponent());
        v["doubler"] = json!(doubler.to_string());
        v["taker"] = json!(taker.to_string());
        v["double_offered"] = json!(true);
        v["answer"] = json!(d.answer());
        v["answer_error"] = json!(d.take_error());
    }
    if let Some(p) = &d.points {
        v["take_point"] = json!(p.take_point);
        v["cash_point"] = json!(p.cash_point);
        if let Some(l) = p.live {
            v["take_point_live"] = json!(l.take_point);
            v["cash_point_live"] = json!(l.cash_point);
        }
    }
    if let Some(m) = d.mwc {
        v["mwc"] = json!({
            "no_double": m.no_double,
            "double_take": m.double_take,
            "double_pass": m.double_pass,
            "cubeless": m.cubeless,
        });
    }
    v
}

/// The decision as text, laid out like gnubg's `hint` before the roll; with a double on
/// offer (`answer`) the doubler's figures, as gnubg shows them, and the taker's verdict.
fn describe(d: &CubeDecision, at: &MatchContext, pid: &str, mid: &str, answer: bool) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let (doubler, taker) = (at.on_roll(), at.on_roll().opponent());
    if answer {
        let _ = writeln!(
            out,
            "{pid}:{mid}  {}, {doubler} doubles to {}: {taker} to take or pass",
            at.describe(),
            2 * at.match_id().cube_value()
        );
    } else {
        let _ = writeln!(out, "{pid}:{mid}  {}, {doubler} on roll", at.describe());
    }
    let _ = writeln!(
        out,
        "gnubg {}-ply cube analysis (cubeful equities, normalised{}):",
        d.plies,
        if d.mwc.is_some() {
            "; match-winning chances"
        } else {
            ""
        }
    );
    let mwc = |f: fn(&bgw_engine::reference::CubeMwc) -> f64| {
        d.mwc
            .map(|m| format!("  {:6.2} %", 100.0 * f(&m)))
            .unwrap_or_default()
    };
    let best = d.no_double.max(d.if_doubled());
    for (name, e, m) in [
        ("No double", d.no_double, mwc(|m| m.no_double)),
        ("Double, take", d.double_take, mwc(|m| m.double_take)),
        ("Double, pass", d.double_pass, mwc(|m| m.double_pass)),
    ] {
        let _ = writeln!(out, "  {name:<14} {e:+.3}  ({:+.3}){m}", e - best);
    }
    let p = d.probs;
    let _ = writeln!(out, "  cubeless {:+.3}: {}", d.cubeless, hint_line(&p));
    let _ = writeln!(out, "Proper cube action: {}", d.proper_action());
    if let Some(p) = &d.points {
        let live = |x: Option<f64>| {
            x.map(|x| format!(", {:.1} % live", 100.0 * x))
                .unwrap_or_default()
        };
        let _ = writeln!(
            out,
            "Take point {:.1} % (dead cube{}); cash point {:.1} % (dead cube{}){}",
            100.0 * p.take_point,
            live(p.live.map(|l| l.take_point)),
            100.0 * p.cash_point,
            live(p.live.map(|l| l.cash_point)),
            if d.mwc.is_some() {
                " — gnubg's market window"
            } else {
                " — gnubg's money formulas with gammons"
            }
        );
    }
    let wrong_take = if d.takes() { "passing" } else { "taking" };
    if answer {
        let _ = writeln!(
            out,
            "Correct response ({taker}): {}; {wrong_take} costs {:.3}",
            d.answer(),
            d.take_error()
        );
        return out;
    }
    let wrong_double = if d.doubles() {
        "not doubling"
    } else {
        "doubling"
    };
    let _ = writeln!(
        out,
        "Errors: {wrong_double} costs {:.3}; {wrong_take} costs {:.3}",
        d.double_error(),
        d.take_error()
    );
    out
}
