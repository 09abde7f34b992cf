//! The native evaluator (gnubg's nets in Rust) against the gnubg program: 0-ply cubeless
//! probabilities within 1e-5 of gnubg's `evaluate` on seeded positions of every class — from
//! random self-play and from the decisions of the shared match files.
//!
//! Without gnubg the test prints why it is skipped, unless `CI` is set: then it fails. The
//! stored figures (`tests/data/native/gnubg_0ply.json`) are checked without gnubg in
//! `tests/library/native_stored.rs`.

use crate::common;
use crate::stored_figures;

use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::matches::read_mat;
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::native::{NativeError, NativeEvaluator, PositionClass};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Positions before each roll of `games` random games (each play chosen at random among the
/// legal ones), and each game's last position (the game over), seeded.
pub fn self_play(seed: u64, games: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    let mut generator = MoveGenerator::new();
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::opening(Side::White);
        for _turn in 0..400 {
            out.push(pos);
            if pos.player_off() == 15 || pos.opponent_off() == 15 {
                break;
            }
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
            let plays = generator.generate(&pos, dice).to_vec();
            let after = if plays.is_empty() {
                pos
            } else {
                plays[rng.below(plays.len() as u32) as usize].result
            };
            pos = after.mirror();
        }
    }
    out
}

/// The position before every decision of the shared match files.
pub fn match_positions() -> Vec<Position> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/matches");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "mat"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let Ok(m) = read_mat(&std::fs::read_to_string(&f).unwrap()) else {
            continue;
        };
        for (_, d) in m.decisions() {
            out.push(d.position);
        }
    }
    out
}

/// A seeded sample: up to `per_class` positions of each class from `pool`, in the pool's
/// order after a seeded shuffle, no position twice.
pub fn sample(
    evaluator: &NativeEvaluator,
    pool: &[Position],
    per_class: usize,
    seed: u64,
) -> Vec<Position> {
    let mut order: Vec<usize> = (0..pool.len()).collect();
    let mut rng = SplitMix64::new(seed);
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        order.swap(i, j);
    }
    let mut taken: BTreeMap<String, usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for i in order {
        let p = pool[i];
        let class = format!("{:?}", evaluator.classify(&p));
        let n = taken.entry(class).or_default();
        if *n < per_class && seen.insert(format!("{p:?}")) {
            *n += 1;
            out.push(p);
        }
    }
    out
}

/// A race in which a side with all fifteen checkers still has some in the other's home
/// board: where gnubg computes the backgammons apart from the net.
fn backgammon_possible(pos: &Position) -> bool {
    let b = pos.sides();
    b.iter().any(|s| {
        s[..24].iter().map(|&n| n as u32).sum::<u32>() == 15 && s[18..24].iter().any(|&n| n > 0)
    })
}

#[test]
fn zero_ply_probabilities_equal_gnubgs_evaluate() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let evaluator = NativeEvaluator::new(None).unwrap();
    let mut pool = self_play(50, 300);
    pool.extend(match_positions());
    let positions = sample(&evaluator, &pool, 160, 7);
    let mut by_class: BTreeMap<String, (usize, f64)> = BTreeMap::new();
    let mut not_covered = 0;
    let (mut race_backgammons, mut race_backgammon_worst) = (0, 0.0f64);
    let mut failures = Vec::new();
    for pos in &positions {
        let class = evaluator.classify(pos);
        let ours = match evaluator.evaluate(pos) {
            Ok(p) => p,
            Err(NativeError::NotCovered(_)) => {
                not_covered += 1;
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        let theirs = g.evaluate(pos, 0).unwrap().probs.unwrap();
        let worst = (0..5)
            .map(|i| (ours[i] as f64 - theirs[i]).abs())
            .fold(0.0, f64::max);
        if class == PositionClass::Race && backgammon_possible(pos) {
            race_backgammons += 1;
            race_backgammon_worst = race_backgammon_worst.max(worst);
        }
        let e = by_class.entry(class.name().to_string()).or_default();
        e.0 += 1;
        e.1 = e.1.max(worst);
        if worst > 1e-5 {
            failures.push(format!(
                "{} ({}): ours {ours:?}, gnubg {theirs:?}",
                bgw_engine::core::formats::encode_position_id(pos),
                class.name()
            ));
        }
    }
    eprintln!(
        "compared by class (count, largest difference): {by_class:?}; races with a backgammon \
         possible: {race_backgammons} (largest difference {race_backgammon_worst:e}); not \
         covered: {not_covered}"
    );
    assert_eq!(not_covered, 0, "positions the native evaluator refused");
    assert!(
        race_backgammons >= 20,
        "only {race_backgammons} races with a backgammon possible"
    );
    let compared: usize = by_class.values().map(|v| v.0).sum();
    assert!(compared >= 500, "only {compared} positions compared");
    for class in [
        PositionClass::Over,
        PositionClass::BearoffTwoSided,
        PositionClass::BearoffOneSided,
        PositionClass::Race,
        PositionClass::Crashed,
        PositionClass::Contact,
    ] {
        assert!(
            by_class.get(class.name()).is_some_and(|v| v.0 >= 20),
            "too few positions of class {}: {by_class:?}",
            class.name()
        );
    }
    assert!(
        failures.is_empty(),
        "{} of {compared} differ by more than 1e-5:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// gnubg's own figures of 48 positions, eight of each class, stored
/// (`tests/data/native/gnubg_0ply.jsonl`, see `tests/data/README.md`): the native evaluator
/// gives them within 1e-5, probabilities and cubeless equity — as it finds gnubg's files, and
/// reading nothing from the disk (the weights built in, the bear-off databases built), as on
/// a machine without gnubg.
#[test]
fn stored_gnubg_figures_hold_without_gnubg() {
    check_stored(&NativeEvaluator::new(None).unwrap());
    let alone = NativeEvaluator::self_contained();
    assert_eq!(alone.weights_source(), "built in");
    assert!(alone.bearoff_source().starts_with("built"));
    assert!(alone.two_sided_source().starts_with("built"));
    check_stored(&alone);
}

fn check_stored(evaluator: &NativeEvaluator) {
    let classes = check_stored_file(evaluator, "gnubg_0ply.jsonl");
    assert_eq!(classes.len(), 6, "{classes:?}");
    assert!(classes.values().all(|&n| n == 8), "{classes:?}");
}

/// gnubg's own figures of the 45 contact positions where a hidden node's sum lies so close to
/// a step of gnubg's sigmoid table that the last bit of an input decides the step (stored,
/// `tests/data/native/gnubg_0ply_edges.jsonl`): the backbone input computed as a plain
/// quotient, not as gnubg's `-ffast-math` build computes it, put them up to 1.3e-4 off.
#[test]
fn stored_gnubg_figures_hold_where_an_inputs_last_bit_counts() {
    let classes = check_stored_file(
        &NativeEvaluator::new(None).unwrap(),
        "gnubg_0ply_edges.jsonl",
    );
    assert_eq!(classes.get("contact net"), Some(&45), "{classes:?}");
}

/// Checks every position of a stored file of gnubg's 0-ply figures; the count by class. On
/// another processor than the one that made the file (`stored_figures`), gnubg's figures are
/// asked of the gnubg program here, to 1e-5 as on the file's processor, when it is installed;
/// without it the file's are held to the foreign tolerances.
fn check_stored_file(evaluator: &NativeEvaluator, name: &str) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(stored_figures::native_data(name)).unwrap();
    let mut here = if stored_figures::made_here() {
        None
    } else {
        common::gnubg()
    };
    let (probability, equity_tolerance) = if stored_figures::made_here() || here.is_some() {
        (1e-5, 1e-5)
    } else {
        (
            stored_figures::FOREIGN_PROBABILITY,
            stored_figures::FOREIGN_EQUITY,
        )
    };
    let mut classes: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let id = v["position"].as_str().unwrap();
        let pos = bgw_engine::core::formats::decode_position_id(id, Side::White).unwrap();
        let class = evaluator.classify(&pos);
        assert_eq!(class.name(), v["class"].as_str().unwrap(), "{id}");
        *classes.entry(class.name().to_string()).or_default() += 1;
        let ours = evaluator.evaluate(&pos).unwrap();
        let (probs, theirs) = match here.as_mut() {
            Some(g) => {
                let e = g.evaluate(&pos, 0).unwrap();
                (e.probs.unwrap().to_vec(), e.equity)
            }
            None => (
                (0..5).map(|i| v["probs"][i].as_f64().unwrap()).collect(),
                v["equity"].as_f64().unwrap(),
            ),
        };
        for (i, theirs) in probs.iter().enumerate() {
            assert!(
                (ours[i] as f64 - theirs).abs() <= probability,
                "{id} output {i}: ours {}, gnubg {theirs}",
                ours[i]
            );
        }
        let equity = bgw_engine::reference::native::cubeless_equity(&ours) as f64;
        assert!(
            (equity - theirs).abs() <= equity_tolerance,
            "{id} equity: ours {equity}, gnubg {theirs}"
        );
    }
    classes
}

/// The 0-ply ranking of a roll's moves (gnubg's `hint` at 0 plies, cubeless money): the same
/// moves, each with gnubg's equity within 1e-5, in gnubg's order but for ties within 1e-5.
#[test]
fn zero_ply_move_rankings_equal_gnubgs() {
    let Some(mut g) = common::gnubg() else {
        return;
    };
    let mut native =
        bgw_engine::reference::native::NativeEngine::new(NativeEvaluator::new(None).unwrap());
    let evaluator = NativeEvaluator::new(None).unwrap();
    let pool = self_play(77, 60);
    let positions = sample(&evaluator, &pool, 8, 3);
    let mut rng = SplitMix64::new(11);
    let mut generator = MoveGenerator::new();
    let mut compared = 0;
    for pos in positions
        .iter()
        .filter(|p| p.player_off() < 15 && p.opponent_off() < 15)
    {
        let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
        let plays = generator.generate(pos, dice).to_vec();
        let theirs = g.rank_moves(pos, dice, 0).unwrap();
        let ours = native.rank_moves(pos, dice, 0).unwrap();
        assert_eq!(ours.len(), theirs.len(), "{pos:?} {dice:?}");
        let ours = bgw_engine::reference::match_to_plays(pos, dice, &ours, &plays, true).unwrap();
        let theirs =
            bgw_engine::reference::match_to_plays(pos, dice, &theirs, &plays, true).unwrap();
        let equity_of: BTreeMap<usize, f64> = theirs.iter().map(|(i, m)| (*i, m.equity)).collect();
        for (k, ((i, mine), (j, gnubgs))) in ours.iter().zip(&theirs).enumerate() {
            assert!(
                (mine.equity - equity_of[i]).abs() <= 1e-5,
                "{} {dice:?}: {} ours {} gnubg {}",
                bgw_engine::core::formats::encode_position_id(pos),
                mine.notation,
                mine.equity,
                equity_of[i]
            );
            if i != j {
                assert!(
                    (mine.equity - gnubgs.equity).abs() <= 1e-5,
                    "move {k} differs: ours {} {}, gnubg {} {}",
                    mine.notation,
                    mine.equity,
                    gnubgs.notation,
                    gnubgs.equity
                );
            }
        }
        compared += 1;
    }
    assert!(compared >= 30, "only {compared} rolls compared");
}
