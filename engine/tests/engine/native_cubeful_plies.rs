//! The native evaluator's cubeful judgement at 1 and 2 plies (gnubg's
//! `EvaluatePositionCubeful4` in Rust) against the gnubg program: cube decisions (the action
//! in gnubg's words, no double, double/take, double/pass within 1e-4, the MWC), cubeful hint
//! lists of every move at the full depth (the same moves in gnubg's order but for ties
//! within 1e-5, equities and MWC within 1e-4) and analysis lists with gnubg's `analyse match`
//! move filter (each move at the plies gnubg gave it), on seeded positions of every class in
//! money play and at the match states of the 0-ply comparison (`native_cubeful.rs`).
//!
//! Without gnubg the tests print why they are skipped, unless `CI` is set: then they fail.
//! Stored gnubg 2-ply cube decisions (`tests/data/native/gnubg_cube_2ply.jsonl`) need none.

use crate::common;
use crate::native_cubeful::{
    contexts, cube_difference, hold_stored_cube_decisions, positions, stored, write_cube_decisions,
};

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::encode_position_id;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::Position;
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::reference::native::{NativeEngine, NativeEvaluator};
use bgw_engine::reference::{MatchContext, MoveEval, ReferenceEngine, match_to_plays};
use std::collections::BTreeMap;

/// Compares cube decisions at `plies` on `positions` × `contexts`; the failures, and the
/// count and largest difference.
fn compare_cube_decisions(
    plies: u8,
    positions: &[Position],
    contexts: &[MatchContext],
) -> (Vec<String>, usize, f64, BTreeMap<String, usize>) {
    let mut g = common::gnubg().expect("checked by the caller");
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let mut failures = Vec::new();
    let mut worst = 0.0f64;
    let mut n = 0;
    let mut actions: BTreeMap<String, usize> = BTreeMap::new();
    for pos in positions {
        for at in contexts {
            let theirs = g.cube_decision(pos, at, plies).unwrap();
            let ours = native.cube_decision(pos, at, plies).unwrap();
            *actions.entry(theirs.action.clone()).or_default() += 1;
            n += 1;
            let what = format!("{} {}", encode_position_id(pos), at.describe());
            match cube_difference(&ours, &theirs) {
                Ok(d) if d <= 1e-4 => worst = worst.max(d),
                Ok(d) => failures.push(format!(
                    "{what}: differs by {d:e}: ours {ours:?}, gnubg {theirs:?}"
                )),
                Err(why) => {
                    failures.push(format!("{what}: {why}: ours {ours:?}, gnubg {theirs:?}"))
                }
            }
        }
    }
    (failures, n, worst, actions)
}

#[test]
fn one_ply_cube_decisions_equal_gnubgs() {
    if common::gnubg().is_none() {
        return;
    }
    let evaluator = NativeEvaluator::new(None).unwrap();
    let positions = positions(&evaluator, 4, 31);
    let (failures, n, worst, actions) = compare_cube_decisions(1, &positions, &contexts());
    eprintln!("1-ply: {n} cube decisions, largest difference {worst:e}; actions {actions:?}");
    assert!(n >= 400, "only {n}");
    assert!(actions.len() >= 6, "too few actions: {actions:?}");
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// 2 plies: three positions of each class at every fourth state of [`contexts`] (money centred
/// with Jacoby and beavers, owned by the other side, and match states), kept small for CI.
#[test]
fn two_ply_cube_decisions_equal_gnubgs() {
    if common::gnubg().is_none() {
        return;
    }
    let evaluator = NativeEvaluator::new(None).unwrap();
    let positions = positions(&evaluator, 3, 33);
    let contexts: Vec<MatchContext> = contexts().into_iter().step_by(4).collect();
    let (failures, n, worst, actions) = compare_cube_decisions(2, &positions, &contexts);
    eprintln!("2-ply: {n} cube decisions, largest difference {worst:e}; actions {actions:?}");
    assert!(n >= 50, "only {n}");
    assert!(
        failures.is_empty(),
        "{} of {n} differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Whether two move lists are one: the same moves, gnubg's order but for ties within 1e-5,
/// equities and MWC within 1e-4, each move at the same plies; the largest difference.
fn same_list(
    pos: &Position,
    dice: Dice,
    ours: &[MoveEval],
    theirs: &[MoveEval],
    what: &str,
    failures: &mut Vec<String>,
) -> f64 {
    let plays = MoveGenerator::new().generate(pos, dice).to_vec();
    if ours.len() != theirs.len() {
        failures.push(format!(
            "{what}: {} moves, gnubg {}",
            ours.len(),
            theirs.len()
        ));
        return 0.0;
    }
    let ours = match_to_plays(pos, dice, ours, &plays, true).unwrap();
    let theirs = match_to_plays(pos, dice, theirs, &plays, true).unwrap();
    let of: BTreeMap<usize, &MoveEval> = theirs.iter().map(|(i, m)| (*i, m)).collect();
    let mut worst = 0.0f64;
    for (k, ((i, mine), (j, gnubgs))) in ours.iter().zip(&theirs).enumerate() {
        let g = of[i];
        let d = (mine.equity - g.equity).abs();
        worst = worst.max(d);
        if d > 1e-4 {
            failures.push(format!(
                "{what}: {} ours {} gnubg {}",
                mine.notation, mine.equity, g.equity
            ));
        }
        if mine.plies != g.plies {
            failures.push(format!(
                "{what}: {} at {} plies, gnubg {}",
                mine.notation, mine.plies, g.plies
            ));
        }
        match (mine.mwc, g.mwc) {
            (Some(a), Some(b)) if (a - b).abs() <= 1e-4 => {}
            (None, None) => {}
            (a, b) => failures.push(format!("{what}: {} MWC {a:?}, gnubg {b:?}", mine.notation)),
        }
        if i != j && (mine.equity - gnubgs.equity).abs() > 1e-5 {
            failures.push(format!(
                "{what}: move {k} is {} for us, {} for gnubg",
                mine.notation, gnubgs.notation
            ));
        }
    }
    worst
}

/// Cubeful hint lists of every move (`rank_moves_at`) at 1 and 2 plies, or analysis lists
/// (`analyse_moves_at`), on `per_class` positions of each class at every `step`-th state.
fn compare_lists(plies: u8, analysis: bool, per_class: usize, step: usize, seed: u64) {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let evaluator = NativeEvaluator::new(None).unwrap();
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let mut rng = SplitMix64::new(seed);
    let mut failures = Vec::new();
    let mut worst = 0.0f64;
    let mut n = 0;
    for pos in positions(&evaluator, per_class, seed) {
        for at in contexts().iter().step_by(step) {
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
            let (ours, theirs) = if analysis {
                (
                    native.analyse_moves_at(&pos, dice, plies, at).unwrap(),
                    g.analyse_moves_at(&pos, dice, plies, at).unwrap(),
                )
            } else {
                (
                    native.rank_moves_at(&pos, dice, plies, at).unwrap(),
                    g.rank_moves_at(&pos, dice, plies, at).unwrap(),
                )
            };
            let what = format!("{} {dice:?} {}", encode_position_id(&pos), at.describe());
            worst = worst.max(same_list(&pos, dice, &ours, &theirs, &what, &mut failures));
            n += 1;
        }
    }
    eprintln!(
        "{plies}-ply {} lists: {n}, largest difference {worst:e}",
        if analysis { "analysis" } else { "hint" }
    );
    assert!(n >= 20, "only {n} lists");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn one_ply_cubeful_hints_equal_gnubgs() {
    compare_lists(1, false, 2, 2, 41);
}

#[test]
fn two_ply_cubeful_hints_equal_gnubgs() {
    compare_lists(2, false, 1, 5, 43);
}

#[test]
fn two_ply_analysis_lists_equal_gnubgs() {
    compare_lists(2, true, 1, 5, 47);
}

/// The stored gnubg 2-ply cube decisions hold without gnubg.
#[test]
fn stored_two_ply_cube_decisions_hold_without_gnubg() {
    let text = std::fs::read_to_string(stored("gnubg_cube_2ply.jsonl")).unwrap();
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let n = hold_stored_cube_decisions(&mut native, &text, 2);
    assert!(n >= 15, "only {n} stored decisions");
}

/// Writes `tests/data/native/gnubg_cube_2ply.jsonl` from the gnubg program (run by hand:
/// `BGW_WRITE_STORED=1 cargo test -p bgw-engine --test engine native_cubeful_plies::write -- --ignored`):
/// three seeded positions of each class (seed 53), gnubg's 2-ply cube decision at one match
/// state each, taken in turn from every third of [`contexts`].
#[test]
#[ignore = "writes the stored figures from gnubg; run by hand"]
fn write_stored_two_ply_cube_decisions() {
    if std::env::var_os("BGW_WRITE_STORED").is_none() {
        return;
    }
    write_cube_decisions("gnubg_cube_2ply.jsonl", 2, 3, 53, 3);
}

/// Moves rated alone at the full depth (`rate_moves_at`, what a review asks for a move the
/// filter left lower) get the figures the full ranking (`rank_moves_at`) gives them, at 1 and
/// 2 plies, money and at a score; a result no legal move leaves is refused.
#[test]
fn moves_rated_alone_equal_their_place_in_the_full_ranking() {
    let evaluator = NativeEvaluator::self_contained();
    let mut native = NativeEngine::new(evaluator.clone());
    let mut rng = SplitMix64::new(71);
    let mut compared = 0;
    let all = contexts();
    for (k, pos) in positions(&evaluator, 2, 71).into_iter().enumerate() {
        let at = all[k % all.len()];
        let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
        let plays = MoveGenerator::new().generate(&pos, dice).to_vec();
        if plays.len() < 3 {
            continue;
        }
        for plies in [1u8, 2] {
            let every = native.rank_moves_at(&pos, dice, plies, &at).unwrap();
            let every = match_to_plays(&pos, dice, &every, &plays, true).unwrap();
            let asked = [plays[plays.len() - 1].result, plays[0].result];
            let alone = native
                .rate_moves_at(&pos, dice, plies, &at, &asked)
                .unwrap();
            assert_eq!(alone.len(), 2);
            for m in &alone {
                let (_, full) = every
                    .iter()
                    .find(|(_, e)| e.notation == m.notation)
                    .unwrap();
                assert_eq!(m.plies, plies);
                assert!(
                    (m.equity - full.equity).abs() < 1e-9 && m.mwc == full.mwc,
                    "{} {dice} {}: alone {m:?}, in the ranking {full:?}",
                    encode_position_id(&pos),
                    m.notation
                );
            }
            compared += 1;
        }
    }
    assert!(compared >= 8, "only {compared} rolls compared");
    let pos = Position::opening(bgw_engine::core::position::Side::White);
    let dice = Dice::new(3, 1).unwrap();
    let e = native
        .rate_moves_at(&pos, dice, 2, &all[0], &[pos])
        .unwrap_err()
        .to_string();
    assert!(e.contains("no legal move of"), "{e}");
}
