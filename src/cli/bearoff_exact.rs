//! `bgw bearoff <ID>`: the exact two-sided chance beside the one-sided methods' chances, each
//! method's error against it, and with `--dice` the best play by the exact chance beside the
//! one-sided move, the seed's heuristic and the highest BRDVAL — by the one-sided databases'
//! chance, labelled, when the race is too big to solve exactly.

use super::CliError;
use bgw_engine::bearoff::one_sided::build_within;
use bgw_engine::bearoff::two_sided::{DEFAULT_LIMIT, Solver, TwoSidedChances, TwoSidedDb};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::{
    BestPlay, Exact, PlayJudge, best_play, best_play_one_sided,
};
use bgw_engine::studies::race::{self, Analysis};
use std::fmt::Write as _;

/// What the two-sided truth says about one position.
pub struct Study {
    /// The exact chance of the side on roll, or why there is none.
    win: Result<f64, String>,
    /// Where it came from.
    source: String,
    /// The best play of `--dice`, or why there is none (`None` without `--dice`).
    best_play: Option<Result<BestPlay, String>>,
}

/// The JSON fields the study adds to `bgw bearoff <ID> --json`.
#[derive(serde::Serialize)]
pub struct StudyJson<'a> {
    /// The exact two-sided chance of the side on roll.
    win_two_sided: Option<f64>,
    /// Where it came from.
    two_sided_source: &'a str,
    /// Why there is none.
    two_sided_unavailable: Option<&'a str>,
    /// Each method's chance minus the exact one, in percentage points.
    errors_two_sided: Option<ErrorsJson>,
    /// `--dice`: every play with its exact chance and each method's pick.
    best_play: Option<&'a BestPlay>,
    /// `--dice`: why there is no best play.
    best_play_unavailable: Option<&'a str>,
}

/// Errors against the two-sided chance (pp).
#[derive(serde::Serialize)]
struct ErrorsJson {
    one_sided: Option<f64>,
    /// The density formula's error, unclamped (as the error map counts it).
    normal: Option<f64>,
    /// The error of its chance clamped to 0–1 (the same when the formula is in range).
    normal_clamped: Option<f64>,
    interval: Option<f64>,
    rollout: Option<f64>,
}

/// Works out the study of `pos` for the analysis `a` (both sides must be in its range): the
/// exact chances from `table` when the position fits it, else from the on-the-fly solver.
pub fn study(
    pos: &Position,
    a: &Analysis,
    dice: Option<Dice>,
    table: Option<&TwoSidedDb>,
) -> Result<Study, CliError> {
    let points = a.points;
    let mut solver = Solver::new(points, DEFAULT_LIMIT);
    let [me, opp] = race::sides_counts(pos, points);
    let fits = table.filter(|db| db.win_counts(&me, &opp).is_some());
    let mut exact = match fits {
        Some(db) => Exact::Table(db),
        None => Exact::Solver(&mut solver),
    };
    let missed = match table {
        Some(db) if fits.is_none() => format!(
            "the position does not fit the two-sided database ({}x{}), and ",
            db.points(),
            db.checkers()
        ),
        _ => String::new(),
    };
    let win = if a.on_roll.is_some() && a.opponent.is_some() {
        exact.win(&me, &opp).map_err(|e| format!("{missed}{e}"))
    } else {
        Err("a side is out of range".to_string())
    };
    let in_range = a.on_roll.is_some() && a.opponent.is_some();
    let best_play = match (dice, &win) {
        (None, _) => None,
        (Some(_), Err(why)) if !in_range => Some(Err(why.clone())),
        (Some(dice), win) => {
            let targets = race::targets(pos, &[Some(points); 2], points);
            let one_sided = build_within::<f64>(points, &targets, &Task::new())?;
            // Too big to solve exactly: the one-sided databases' chance, labelled as such.
            let played = match win {
                Ok(_) => best_play(pos, dice, &one_sided, &mut exact),
                Err(_) => best_play_one_sided(pos, dice, &one_sided),
            };
            Some(played.map_err(|e| e.to_string()))
        }
    };
    let source = match fits {
        Some(db) => format!(
            "two-sided database {}x{}, {}",
            db.points(),
            db.checkers(),
            db.kind().name()
        ),
        None => format!(
            "on-the-fly solver, {} pairs of positions",
            bgw::text::thousands(solver.states() as u64)
        ),
    };
    Ok(Study {
        win,
        source,
        best_play,
    })
}

impl Study {
    fn errors(&self, a: &Analysis) -> Option<ErrorsJson> {
        let exact = *self.win.as_ref().ok()?;
        let pp = |x: Option<f64>| x.map(|x| 100.0 * (x - exact));
        Some(ErrorsJson {
            one_sided: pp(a.win_exact),
            normal: pp(a.win_normal),
            normal_clamped: pp(a.normal_chance().map(|c| c.chance)),
            interval: pp(a.win_interval),
            rollout: pp(a.rollout.map(|r| r.win)),
        })
    }

    /// The JSON fields.
    pub fn json(&self, a: &Analysis) -> StudyJson<'_> {
        let best = self.best_play.as_ref();
        StudyJson {
            win_two_sided: self.win.as_ref().ok().copied(),
            two_sided_source: &self.source,
            two_sided_unavailable: self.win.as_ref().err().map(String::as_str),
            errors_two_sided: self.errors(a),
            best_play: best.and_then(|b| b.as_ref().ok()),
            best_play_unavailable: best.and_then(|b| b.as_ref().err()).map(String::as_str),
        }
    }

    /// The text lines.
    pub fn text(&self, a: &Analysis) -> String {
        let mut o = String::new();
        let _ = writeln!(o);
        match (&self.win, self.errors(a)) {
            (Ok(w), Some(e)) => {
                let _ = writeln!(
                    o,
                    "Two-sided (exact, both sides playing to win): {w:.4} ({:.2} %)  [{}]",
                    100.0 * w,
                    self.source
                );
                let f = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:+.3}"));
                let normal = match (e.normal_clamped, e.normal) {
                    (Some(c), Some(raw)) if c != raw => {
                        format!("{} (clamped; the formula {})", f(Some(c)), f(Some(raw)))
                    }
                    _ => f(e.normal),
                };
                let _ = writeln!(
                    o,
                    "Errors against it (pp): one-sided exact {}, normal {normal}, interval {}, rollout {}",
                    f(e.one_sided),
                    f(e.interval),
                    f(e.rollout)
                );
            }
            (Err(why), _) => {
                let _ = writeln!(o, "Two-sided (exact): not available: {why}");
            }
            (Ok(_), None) => {}
        }
        match &self.best_play {
            None => {}
            Some(Err(why)) => {
                let _ = writeln!(o, "Best play: not available: {why}");
            }
            Some(Ok(bp)) => {
                if bp.judge == PlayJudge::OneSided {
                    let _ = writeln!(
                        o,
                        "Best play by the exact chance: not available either. By the one-sided \
                         databases' chance instead (both sides' exact one-sided distributions \
                         taken as independent: an estimate):"
                    );
                }
                plays(&mut o, bp)
            }
        }
        o
    }
}

/// The best-play table.
fn plays(o: &mut String, bp: &BestPlay) {
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "Best play of {} by the {} (B best, O one-sided: fewest rolls, H the seed's heuristic, V highest BRDVAL):",
        bp.dice,
        bp.judge.name()
    );
    let _ = writeln!(
        o,
        "      Play                      Result (1-{})     Chance   Loss (pp)  Rolls   BRDVAL",
        bp.plays[0].result.len()
    );
    for (i, p) in bp.plays.iter().enumerate() {
        let marks: String = [
            (i == 0, 'B'),
            (i == bp.one_sided, 'O'),
            (i == bp.heuristic, 'H'),
            (i == bp.brdval, 'V'),
        ]
        .iter()
        .map(|&(on, c)| if on { c } else { ' ' })
        .collect();
        let result: Vec<String> = p.result.iter().map(u8::to_string).collect();
        let _ = writeln!(
            o,
            "{marks}  {:25} {:16} {:8.4} {:10.3} {:6.3} {:8.2}",
            p.play,
            result.join(","),
            p.chance,
            100.0 * bp.loss(i),
            p.mean_rolls,
            p.brdval
        );
    }
}
