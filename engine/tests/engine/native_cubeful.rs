//! The native evaluator's cubeful judgement against the gnubg program at 0 plies: gnubg's
//! default match equity table as its `show matchequitytable` prints it; cube decisions
//! (no double, double/take, double/pass within 1e-4, the action in gnubg's words, the MWC,
//! the take and cash points) and the cubeful hint list of a roll (the same moves in gnubg's
//! order but for ties within 1e-5, cubeful equities within 1e-4, MWC) on seeded positions of
//! every class, in money play (cube centred with and without the Jacoby rule, owned by either
//! side) and at 21 match states (Crawford, post-Crawford, 1 away, dead cubes, cubes of 2 and
//! 4 owned by either side, a match beyond the table's 25 points).
//!
//! Without gnubg the tests print why they are skipped, unless `CI` is set: then they fail.
//! Stored gnubg figures are checked without gnubg by the last test
//! (`tests/data/native/gnubg_cube_0ply.jsonl`).

use crate::common;
use crate::native_evaluator::{sample, self_play};
use crate::stored_figures;

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::{GameState, MatchId, Resignation, encode_position_id};
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::reference::native::{NativeEngine, NativeEvaluator, PositionClass, default_met};
use bgw_engine::reference::{CubeDecision, MatchContext, ReferenceEngine, match_to_plays};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Who owns the cube, from the side on roll's view.
#[derive(Clone, Copy, Debug)]
pub enum Owner {
    Centred,
    OnRoll,
    Other,
}

/// A match state with White on roll: the match length (0: money), White's and Black's
/// scores, the cube, its owner, Crawford, and in money play Jacoby and beavers.
pub fn context(
    length: u16,
    score: (u16, u16),
    cube: u32,
    owner: Owner,
    crawford: bool,
    jacoby: bool,
    beavers: bool,
) -> MatchContext {
    let id = MatchId {
        cube_log2: cube.trailing_zeros() as u8,
        cube_owner: match owner {
            Owner::Centred => None,
            Owner::OnRoll => Some(Side::White),
            Owner::Other => Some(Side::Black),
        },
        on_roll: Side::White,
        crawford,
        game_state: GameState::Playing,
        turn: Side::White,
        double_offered: false,
        resignation: Resignation::None,
        dice: [0, 0],
        match_length: length,
        score_white: score.0,
        score_black: score.1,
    };
    MatchContext::from_match_id(id, jacoby, beavers)
}

/// The money states and the 21 match states compared.
pub fn contexts() -> Vec<MatchContext> {
    use Owner::*;
    let money =
        |cube, owner, jacoby, beavers| context(0, (0, 0), cube, owner, false, jacoby, beavers);
    let at = |length, score, cube, owner, crawford| {
        context(length, score, cube, owner, crawford, false, false)
    };
    vec![
        money(1, Centred, true, true),
        money(1, Centred, false, false),
        money(1, Centred, true, false),
        money(2, OnRoll, true, true),
        money(2, Other, true, true),
        at(7, (0, 0), 1, Centred, false),
        at(7, (3, 2), 2, OnRoll, false),
        at(7, (2, 3), 2, Other, false),
        at(7, (4, 4), 4, OnRoll, false),
        at(7, (6, 3), 1, Centred, true),
        at(7, (3, 6), 1, Centred, true),
        at(7, (6, 4), 1, Centred, false),
        at(7, (4, 6), 1, Centred, false),
        at(7, (5, 6), 2, Other, false),
        at(5, (3, 3), 1, Centred, false),
        at(5, (3, 3), 2, OnRoll, false),
        at(1, (0, 0), 1, Centred, false),
        at(9, (0, 0), 1, Centred, false),
        at(9, (5, 7), 2, Other, false),
        at(11, (8, 3), 2, OnRoll, false),
        at(25, (10, 20), 1, Centred, false),
        at(3, (1, 0), 1, Centred, false),
        at(3, (0, 1), 2, OnRoll, false),
        at(13, (0, 0), 4, Other, false),
        at(7, (1, 5), 1, Centred, false),
        at(31, (0, 3), 1, Centred, false),
    ]
}

/// The positions compared: a seeded sample of every class but the game's end, from random
/// self-play and the shared match files.
pub fn positions(evaluator: &NativeEvaluator, per_class: usize, seed: u64) -> Vec<Position> {
    let mut pool = self_play(51, 120);
    pool.extend(crate::native_evaluator::match_positions());
    sample(evaluator, &pool, per_class, seed)
        .into_iter()
        .filter(|p| evaluator.classify(p) != PositionClass::Over)
        .collect()
}

/// The largest difference of two cube decisions' figures, or why they differ otherwise.
pub fn cube_difference(ours: &CubeDecision, theirs: &CubeDecision) -> Result<f64, String> {
    if ours.action != theirs.action {
        return Err(format!(
            "action {:?}, gnubg {:?}",
            ours.action, theirs.action
        ));
    }
    let mut worst = [
        ours.no_double - theirs.no_double,
        ours.double_take - theirs.double_take,
        ours.double_pass - theirs.double_pass,
        ours.cubeless - theirs.cubeless,
    ]
    .iter()
    .fold(0.0f64, |m, d| m.max(d.abs()));
    for i in 0..5 {
        let d = (ours.probs[i] - theirs.probs[i]).abs();
        if d > 1e-5 {
            return Err(format!("probability {i} differs by {d:e}"));
        }
    }
    match (&ours.mwc, &theirs.mwc) {
        (Some(a), Some(b)) => {
            for d in [
                a.no_double - b.no_double,
                a.double_take - b.double_take,
                a.double_pass - b.double_pass,
                a.cubeless - b.cubeless,
            ] {
                worst = worst.max(d.abs());
            }
        }
        (None, None) => {}
        _ => return Err("MWC given by one only".into()),
    }
    match (&ours.points, &theirs.points) {
        (Some(a), Some(b)) => {
            // gnubg prints its market window to 0.01%: 5e-5 of rounding.
            let d = (a.cash_point - b.cash_point)
                .abs()
                .max((a.take_point - b.take_point).abs());
            if d > 1e-4 {
                return Err(format!("points {a:?}, gnubg {b:?}"));
            }
            match (&a.live, &b.live) {
                (Some(x), Some(y)) if (x.cash_point - y.cash_point).abs() <= 1e-4 => {}
                (None, None) => {}
                _ => return Err(format!("live points {:?}, gnubg {:?}", a.live, b.live)),
            }
        }
        (None, None) => {}
        _ => return Err("points given by one only".into()),
    }
    Ok(worst)
}

#[test]
fn the_match_equity_table_is_gnubgs() {
    if common::gnubg().is_none() {
        return;
    }
    let program = bgw_engine::reference::gnubg::Config::default().resolved_program();
    let mut child = std::process::Command::new(&program)
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(b"show matchequitytable 64\n").unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let (pre, post) = text
        .split_once("Post-Crawford table for player 0")
        .expect("gnubg printed its table");
    let rows = |block: &str| -> Vec<Vec<f64>> {
        block
            .lines()
            .filter_map(|l| l.trim_start().split_once("-away "))
            .filter(|(n, _)| n.parse::<u32>().is_ok())
            .map(|(_, rest)| {
                rest.split_whitespace()
                    .filter_map(|x| x.parse::<f64>().ok())
                    .collect()
            })
            .filter(|r: &Vec<f64>| r.len() == 64)
            .collect()
    };
    let pre = rows(pre);
    let post = rows(
        post.split("Post-Crawford table for player 1")
            .next()
            .unwrap(),
    );
    assert_eq!(pre.len(), 64, "gnubg's pre-Crawford rows");
    assert_eq!(post.len(), 1, "gnubg's post-Crawford row");
    let met = default_met();
    let mut worst = (0.0f64, String::new());
    let mut note = |d: f64, at: String| {
        if d > worst.0 {
            worst = (d, at);
        }
    };
    for (i, row) in pre.iter().enumerate() {
        for (j, printed) in row.iter().enumerate() {
            let d = (met.pre_crawford(i, j) as f64 * 100.0 - printed).abs();
            note(d, format!("pre-Crawford {}-away {}-away", i + 1, j + 1));
        }
        let d = (met.post_crawford(0, i) as f64 * 100.0 - post[0][i]).abs();
        note(d, format!("post-Crawford {}-away", i + 1));
    }
    eprintln!(
        "largest difference from gnubg's printed table: {:e} % at {} (printed to 1e-4 %)",
        worst.0, worst.1
    );
    // Printed to four decimals of a per cent (5e-5 % of rounding), and gnubg's own erf.
    assert!(
        worst.0 <= 1e-4,
        "largest difference {} % at {}",
        worst.0,
        worst.1
    );
}

#[test]
fn zero_ply_cube_decisions_equal_gnubgs() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let evaluator = NativeEvaluator::new(None).unwrap();
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let positions = positions(&evaluator, 7, 5);
    let contexts = contexts();
    let mut by_class: BTreeMap<&str, (usize, f64)> = BTreeMap::new();
    let mut actions: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    for pos in &positions {
        for at in &contexts {
            let theirs = g.cube_decision(pos, at, 0).unwrap();
            let ours = native.cube_decision(pos, at, 0).unwrap();
            *actions.entry(theirs.action.clone()).or_default() += 1;
            let e = by_class.entry(evaluator.classify(pos).name()).or_default();
            e.0 += 1;
            match cube_difference(&ours, &theirs) {
                Ok(d) if d <= 1e-4 => e.1 = e.1.max(d),
                Ok(d) => failures.push(format!(
                    "{} {}: differs by {d:e}: ours {ours:?}, gnubg {theirs:?}",
                    encode_position_id(pos),
                    at.describe()
                )),
                Err(why) => failures.push(format!(
                    "{} {}: {why}: ours {ours:?}, gnubg {theirs:?}",
                    encode_position_id(pos),
                    at.describe()
                )),
            }
        }
    }
    eprintln!(
        "cube decisions by class (count, largest difference): {by_class:?}; actions {actions:?}"
    );
    let compared: usize = by_class.values().map(|v| v.0).sum();
    assert!(by_class.len() >= 5, "classes {by_class:?}");
    assert!(actions.len() >= 8, "too few different actions: {actions:?}");
    assert!(
        failures.is_empty(),
        "{} of {compared} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn zero_ply_cubeful_hints_equal_gnubgs() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let evaluator = NativeEvaluator::new(None).unwrap();
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let positions = positions(&evaluator, 4, 9);
    let contexts = contexts();
    let mut rng = SplitMix64::new(13);
    let mut generator = MoveGenerator::new();
    let mut compared = 0;
    let mut worst = 0.0f64;
    let mut failures = Vec::new();
    for pos in &positions {
        for at in &contexts {
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
            let plays = generator.generate(pos, dice).to_vec();
            let theirs = g.rank_moves_at(pos, dice, 0, at).unwrap();
            let ours = native.rank_moves_at(pos, dice, 0, at).unwrap();
            let what = format!("{} {dice:?} {}", encode_position_id(pos), at.describe());
            assert_eq!(ours.len(), theirs.len(), "{what}");
            let ours = match_to_plays(pos, dice, &ours, &plays, true).unwrap();
            let theirs = match_to_plays(pos, dice, &theirs, &plays, true).unwrap();
            let equity_of: BTreeMap<usize, f64> =
                theirs.iter().map(|(i, m)| (*i, m.equity)).collect();
            let mwc_of: BTreeMap<usize, Option<f64>> =
                theirs.iter().map(|(i, m)| (*i, m.mwc)).collect();
            for (k, ((i, mine), (j, gnubgs))) in ours.iter().zip(&theirs).enumerate() {
                let d = (mine.equity - equity_of[i]).abs();
                worst = worst.max(d);
                if d > 1e-4 {
                    failures.push(format!(
                        "{what}: {} ours {} gnubg {}",
                        mine.notation, mine.equity, equity_of[i]
                    ));
                }
                match (mine.mwc, mwc_of[i]) {
                    (Some(a), Some(b)) if (a - b).abs() <= 1e-4 => {}
                    (None, None) => {}
                    (a, b) => {
                        failures.push(format!("{what}: {} MWC {a:?}, gnubg {b:?}", mine.notation))
                    }
                }
                if i != j && (mine.equity - gnubgs.equity).abs() > 1e-5 {
                    failures.push(format!(
                        "{what}: move {k} is {} for us, {} for gnubg",
                        mine.notation, gnubgs.notation
                    ));
                }
            }
            compared += 1;
        }
    }
    eprintln!("{compared} hint lists compared, largest equity difference {worst:e}");
    assert!(compared >= 100, "only {compared} hint lists");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A stored file of gnubg's figures, `tests/data/native/NAME`.
pub fn stored(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/native")
        .join(name)
}

/// Holds `native`'s cube decisions at `plies` against the stored gnubg ones of `text` (a line
/// each, as [`write_cube_decisions`] writes them): the action, and the three equities and the
/// cubeless one within 1e-4. How many it held.
pub fn hold_stored_cube_decisions(native: &mut NativeEngine, text: &str, plies: u8) -> usize {
    let mut n = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["position"].as_str().unwrap();
        let pos = bgw_engine::core::formats::decode_position_id(id, Side::White).unwrap();
        let c = &v["context"];
        let owner = match c["owner"].as_str().unwrap() {
            "centred" => Owner::Centred,
            "on roll" => Owner::OnRoll,
            _ => Owner::Other,
        };
        let at = context(
            c["length"].as_u64().unwrap() as u16,
            (
                c["score"][0].as_u64().unwrap() as u16,
                c["score"][1].as_u64().unwrap() as u16,
            ),
            c["cube"].as_u64().unwrap() as u32,
            owner,
            c["crawford"].as_bool().unwrap(),
            c["jacoby"].as_bool().unwrap(),
            c["beavers"].as_bool().unwrap(),
        );
        let ours = native.cube_decision(&pos, &at, plies).unwrap();
        let what = format!("{id} {}", at.describe());
        assert_eq!(ours.plies, plies);
        let equity = |name: &str| v[name].as_f64().unwrap();
        let (nd, dt, dp) = (
            equity("no_double"),
            equity("double_take"),
            equity("double_pass"),
        );
        // Another processor's gnubg may take the other side of a decision closer than the
        // foreign tolerance (`stored_figures`); on the file's own, the action is gnubg's.
        let close_call = [(nd - dt).abs(), (nd - dp).abs(), (dt - dp).abs()]
            .iter()
            .any(|d| *d <= stored_figures::FOREIGN_EQUITY);
        if stored_figures::made_here() || !close_call {
            assert_eq!(ours.action, v["action"].as_str().unwrap(), "{what}");
        }
        let tolerance = stored_figures::tolerance(1e-4, stored_figures::FOREIGN_EQUITY);
        for (name, mine) in [
            ("no_double", ours.no_double),
            ("double_take", ours.double_take),
            ("double_pass", ours.double_pass),
            ("cubeless", ours.cubeless),
        ] {
            let theirs = equity(name);
            assert!(
                (mine - theirs).abs() <= tolerance,
                "{what} {name}: ours {mine}, gnubg {theirs}"
            );
        }
        n += 1;
    }
    n
}

/// Writes the stored file `name` from the gnubg program: for `per_class` seeded positions of
/// each class but the game's end (`seed`), gnubg's cube decision at `plies` at one match state
/// each, the k-th position at the `(step × k)`-th of [`contexts`] (round).
pub fn write_cube_decisions(name: &str, plies: u8, per_class: usize, seed: u64, step: usize) {
    let mut g = common::gnubg().expect("gnubg");
    let evaluator = NativeEvaluator::new(None).unwrap();
    let contexts = contexts();
    let specs = context_specs();
    let mut out = String::new();
    for (k, pos) in positions(&evaluator, per_class, seed).iter().enumerate() {
        let n = (step * k) % contexts.len();
        let d = g.cube_decision(pos, &contexts[n], plies).unwrap();
        let v = serde_json::json!({
            "position": encode_position_id(pos),
            "class": evaluator.classify(pos).name(),
            "context": specs[n],
            "action": d.action,
            "no_double": d.no_double,
            "double_take": d.double_take,
            "double_pass": d.double_pass,
            "cubeless": d.cubeless,
        });
        out.push_str(&format!("{v}\n"));
    }
    std::fs::write(stored(name), out).unwrap();
}

/// The stored gnubg cube decisions (`tests/data/native/gnubg_cube_0ply.jsonl`, see
/// `tests/data/README.md`): held without gnubg, with gnubg's files as found and with nothing
/// read from the disk.
#[test]
fn stored_gnubg_cube_decisions_hold_without_gnubg() {
    let text = std::fs::read_to_string(stored("gnubg_cube_0ply.jsonl")).unwrap();
    for evaluator in [
        NativeEvaluator::new(None).unwrap(),
        NativeEvaluator::self_contained(),
    ] {
        let n = hold_stored_cube_decisions(&mut NativeEngine::new(evaluator), &text, 0);
        assert!(n >= 40, "only {n} stored decisions");
    }
}

/// Writes `tests/data/native/gnubg_cube_0ply.jsonl` from the gnubg program (run by hand:
/// `BGW_WRITE_STORED=1 cargo test -p bgw-engine --test engine native_cubeful::write -- --ignored`):
/// for 8 seeded positions of each class but the game's end (seed 21), gnubg's 0-ply cube
/// decision at one match state each, taken in turn from [`contexts`].
#[test]
#[ignore = "writes the stored figures from gnubg; run by hand"]
fn write_stored_cube_decisions() {
    if std::env::var_os("BGW_WRITE_STORED").is_none() {
        return;
    }
    write_cube_decisions("gnubg_cube_0ply.jsonl", 0, 8, 21, 1);
}

/// [`contexts`] as the stored file names them.
pub fn context_specs() -> Vec<serde_json::Value> {
    contexts()
        .iter()
        .map(|at| {
            let m = at.match_id();
            let owner = match m.cube_owner {
                None => "centred",
                Some(Side::White) => "on roll",
                Some(Side::Black) => "other",
            };
            serde_json::json!({
                "length": m.match_length,
                "score": [m.score_white, m.score_black],
                "cube": m.cube_value(),
                "owner": owner,
                "crawford": m.crawford,
                "jacoby": at.jacoby,
                "beavers": at.beavers,
            })
        })
        .collect()
}

/// gnubg's luck analysis (its `analyse match` with the luck alone, through the bridge) of
/// every shared match file bgw reads, against the native one: each roll's luck within 1e-4
/// (EMG and MWC or points), each game's actual result within 1e-6.
#[test]
fn the_luck_of_every_roll_equals_gnubgs() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/matches");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mat"))
        .collect();
    files.sort();
    let (mut rolls, mut games, mut worst) = (0, 0, 0.0f64);
    for f in &files {
        let Ok(m) = bgw_engine::matches::read_mat(&std::fs::read_to_string(f).unwrap()) else {
            continue;
        };
        let theirs = match bgw_engine::review::MatchLuck::of(&m, &mut g) {
            Err(e) if e.contains("cannot go to gnubg as MAT") => continue,
            r => r.unwrap(),
        };
        let ours = bgw_engine::review::MatchLuck::of(&m, &mut native).unwrap();
        for (k, game) in m.games.iter().enumerate() {
            games += 1;
            let (a, b) = (ours.actual(k).unwrap(), theirs.actual(k).unwrap());
            for i in 0..2 {
                assert!(
                    (a[i] - b[i]).abs() <= 1e-6,
                    "{f:?} game {k}: actual {a:?}, gnubg {b:?}"
                );
            }
            for i in 0..game.decisions.len() {
                let (Some(x), Some(y)) = (ours.roll(k, i), theirs.roll(k, i)) else {
                    assert_eq!(ours.roll(k, i).is_some(), theirs.roll(k, i).is_some());
                    continue;
                };
                rolls += 1;
                let d = (x.emg - y.emg).abs().max((x.mwc - y.mwc).abs());
                worst = worst.max(d);
                assert!(
                    d <= 1e-4,
                    "{f:?} game {k} decision {i}: ours {x:?}, gnubg {y:?}"
                );
            }
        }
    }
    eprintln!(
        "{rolls} rolls of {games} games in {} files, largest difference {worst:e}",
        files.len()
    );
    assert!(rolls >= 500, "only {rolls} rolls compared");
}

/// The shared 7-point match whose stored gnubg luck is checked without gnubg.
const LUCK_MATCH: &str = "gnubg_7pt_seed102.mat";

fn luck_match() -> bgw_engine::matches::Match {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(LUCK_MATCH);
    bgw_engine::matches::read_mat(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn stored_luck_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/native/gnubg_luck_7pt.jsonl")
}

/// gnubg's stored luck of the shared 7-point match (`tests/data/native/gnubg_luck_7pt.jsonl`:
/// a line per game with its actual result, a line per roll with its game, decision, luck
/// and MWC; how it was made in `tests/data/README.md`): the native luck equals it within
/// 1e-4 without gnubg, reading nothing from the disk.
#[test]
fn stored_gnubg_luck_holds_without_gnubg() {
    let m = luck_match();
    let mut native = NativeEngine::new(NativeEvaluator::self_contained());
    let ours = bgw_engine::review::MatchLuck::of(&m, &mut native).unwrap();
    let text = std::fs::read_to_string(stored_luck_path()).unwrap();
    let (mut rolls, mut games) = (0, 0);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let game = v["game"].as_u64().unwrap() as usize;
        if let Some(actual) = v.get("actual") {
            let a = ours.actual(game).unwrap();
            for i in 0..2 {
                assert!(
                    (a[i] - actual[i].as_f64().unwrap()).abs() <= 1e-6,
                    "game {game}: {a:?} {v}"
                );
            }
            games += 1;
            continue;
        }
        let decision = v["decision"].as_u64().unwrap() as usize;
        let r = ours.roll(game, decision).unwrap();
        assert_eq!(r.position, v["position"].as_str().unwrap());
        let tolerance = stored_figures::tolerance(1e-4, stored_figures::FOREIGN_LUCK);
        assert!(
            (r.emg - v["luck"].as_f64().unwrap()).abs() <= tolerance,
            "{r:?} {v}"
        );
        assert!(
            (r.mwc - v["luck_mwc"].as_f64().unwrap()).abs() <= tolerance,
            "{r:?} {v}"
        );
        rolls += 1;
    }
    assert_eq!(games, m.games.len());
    assert!(rolls >= 100, "only {rolls} stored rolls");
}

/// The luck's rolls shared out over threads give the figures of one thread, to the bit (each
/// roll's luck is its own), and the same again from an engine that keeps what it evaluated.
#[test]
fn the_luck_is_the_same_on_one_thread_and_on_several() {
    let m = luck_match();
    let evaluator = NativeEvaluator::self_contained();
    let mut one = NativeEngine::new(evaluator.clone());
    one.set_threads(1);
    let alone = bgw_engine::review::MatchLuck::of(&m, &mut one).unwrap();
    let mut three = NativeEngine::new(evaluator);
    three.set_threads(3);
    let shared = bgw_engine::review::MatchLuck::of(&m, &mut three).unwrap();
    assert_eq!(alone, shared);
    assert_eq!(
        bgw_engine::review::MatchLuck::of(&m, &mut three).unwrap(),
        alone
    );
    assert!(alone.roll(0, 0).is_some());
}

/// Writes `tests/data/native/gnubg_luck_7pt.jsonl` from the gnubg program (run by hand:
/// `BGW_WRITE_STORED=1 cargo test -p bgw-engine --test engine native_cubeful::write -- --ignored`).
#[test]
#[ignore = "writes the stored figures from gnubg; run by hand"]
fn write_stored_luck() {
    if std::env::var_os("BGW_WRITE_STORED").is_none() {
        return;
    }
    let mut g = common::gnubg().expect("gnubg");
    let m = luck_match();
    let luck = bgw_engine::review::MatchLuck::of(&m, &mut g).unwrap();
    let mut out = String::new();
    for (k, game) in m.games.iter().enumerate() {
        let v = serde_json::json!({"game": k, "actual": luck.actual(k).unwrap()});
        out.push_str(&format!("{v}\n"));
        for i in 0..game.decisions.len() {
            if let Some(r) = luck.roll(k, i) {
                let v = serde_json::json!({
                    "game": k,
                    "decision": i,
                    "position": r.position,
                    "dice": r.dice,
                    "luck": r.emg,
                    "luck_mwc": r.mwc,
                });
                out.push_str(&format!("{v}\n"));
            }
        }
    }
    std::fs::write(stored_luck_path(), out).unwrap();
}

/// At 0 plies gnubg's analysis move filter rates every move at 0 plies: the native
/// `analyse_moves_at` gives gnubg's analysis list (the same moves, equities within 1e-4).
#[test]
fn zero_ply_analysis_lists_equal_gnubgs() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let evaluator = NativeEvaluator::new(None).unwrap();
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let mut rng = SplitMix64::new(17);
    let mut compared = 0;
    for pos in positions(&evaluator, 2, 19) {
        for at in contexts().iter().step_by(3) {
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
            let theirs = g.analyse_moves_at(&pos, dice, 0, at).unwrap();
            let ours = native.analyse_moves_at(&pos, dice, 0, at).unwrap();
            let what = format!("{} {dice:?} {}", encode_position_id(&pos), at.describe());
            assert_eq!(ours.len(), theirs.len(), "{what}");
            let by_move: BTreeMap<&str, f64> = theirs
                .iter()
                .map(|m| (m.notation.as_str(), m.equity))
                .collect();
            for m in &ours {
                let e = by_move[m.notation.as_str()];
                assert!(
                    (m.equity - e).abs() <= 1e-4,
                    "{what} {}: ours {} gnubg {e}",
                    m.notation,
                    m.equity
                );
                assert_eq!(m.plies, 0);
            }
            compared += 1;
        }
    }
    assert!(compared >= 50, "only {compared} lists");
}
