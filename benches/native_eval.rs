//! Static evaluations a second of the native evaluator (gnubg's nets in bgw), one thread, on
//! positions made as gnubg's `calibrate` makes them: 1,024 random boards, fifteen checkers a
//! side on random points (none on the bar or off, no point shared), every evaluation from
//! scratch (no cache). gnubg's own `calibrate` (`gnubg -t`, `set threads 1`, `calibrate 300`)
//! runs just before and just after, when the gnubg program is on the PATH, and its figure is
//! printed beside (docs/native-evaluator.md#speed).
//!
//! The group `native_plies` times gnubg's deeper search in bgw, each run from an empty cache:
//! the 2-ply evaluation of a contact position, and the 2-ply ranking of a contact roll — every
//! move at 2 plies (the app's gnubg column cubeless: what it asks, `rank_moves`) and with gnubg's
//! hint filter (the move it plays).
//!
//! The group `native_cubeful_plies` times the cubeful search, each run from an empty cache: the
//! 2-ply cube decision of the contact position for money and at 2-3 to 7, and its 2-ply
//! cubeful ranking of a roll at 2-3 to 7 (every move, the app's gnubg column at a match score:
//! what it asks, `rank_moves_at`), and the same with gnubg's hint filter (what its `hint` shows).

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::decode_position_id;
use bgw_engine::core::formats::read_setup;
use bgw_engine::core::position::Side;
use bgw_engine::reference::native::{
    MoveFilters, NativeEngine, NativeEvaluator, calibration_boards,
};
use bgw_engine::reference::{MatchContext, ReferenceEngine};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// gnubg's own `calibrate` (one thread, `N` evaluations), run in the same sitting when the
/// gnubg program is on the PATH: its static evaluations a second, as it prints them.
fn gnubg_calibrate(n: u32) -> Option<f64> {
    use std::io::Write;
    let mut child = std::process::Command::new("gnubg")
        .args(["-t", "-q"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .ok()?;
    child
        .stdin
        .take()?
        .write_all(format!("set threads 1\ncalibrate {n}\n").as_bytes())
        .ok()?;
    let out = child.wait_with_output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    // "\rCalibration result: 92327 static evaluations/second." after its progress.
    let (_, after) = text.split_once("Calibration result:")?;
    after.split_whitespace().next()?.parse().ok()
}

fn native_eval(c: &mut Criterion) {
    // gnubg's figure before and after bgw's, as the load of a shared machine comes and goes.
    let report = |when: &str| match gnubg_calibrate(300) {
        Some(rate) => println!("gnubg calibrate ({when}, one thread): {rate:.0} evaluations/s"),
        None => println!("gnubg calibrate ({when}): no gnubg program on the PATH"),
    };
    report("before");
    let evaluator = NativeEvaluator::new(None).expect("gnubg's weights");
    let boards = calibration_boards(1, 1024);
    let mut group = c.benchmark_group("native_eval");
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("1024 calibration boards, 0-ply", |b| {
        b.iter(|| {
            for p in &boards {
                black_box(evaluator.evaluate(black_box(p)).unwrap());
            }
        })
    });
    group.finish();
    report("after");
}

/// A middle-game contact position (both sides with a back anchor and blots to play around).
const CONTACT: &str = "4HPwATDgc/ABMA";

fn native_plies(c: &mut Criterion) {
    let evaluator = NativeEvaluator::new(None).expect("gnubg's weights");
    let mut engine = NativeEngine::new(evaluator);
    let pos = decode_position_id(CONTACT, Side::White).expect("a Position ID");
    let dice = Dice::new(3, 2).expect("dice");
    let mut group = c.benchmark_group("native_plies");
    group.sample_size(10);
    group.bench_function("2-ply evaluate, contact", |b| {
        b.iter(|| {
            engine.clear_cache();
            black_box(engine.evaluate(black_box(&pos), 2).unwrap())
        })
    });
    group.bench_function("2-ply rank of a contact roll, every move", |b| {
        b.iter(|| {
            engine.clear_cache();
            black_box(engine.rank_moves(black_box(&pos), dice, 2).unwrap())
        })
    });
    let mut one = NativeEngine::new(NativeEvaluator::new(None).expect("gnubg's weights"));
    one.set_threads(1);
    group.bench_function(
        "2-ply rank of a contact roll, every move, one thread",
        |b| {
            b.iter(|| {
                one.clear_cache();
                black_box(one.rank_moves(black_box(&pos), dice, 2).unwrap())
            })
        },
    );
    group.bench_function("2-ply rank of a contact roll, hint filter", |b| {
        b.iter(|| {
            engine.clear_cache();
            black_box(
                engine
                    .rank_moves_filtered(black_box(&pos), dice, 2, &MoveFilters::HINT)
                    .unwrap(),
            )
        })
    });
    group.finish();
}

fn native_cubeful_plies(c: &mut Criterion) {
    let mut engine = NativeEngine::new(NativeEvaluator::new(None).expect("gnubg's weights"));
    let pos = decode_position_id(CONTACT, Side::White).expect("a Position ID");
    let dice = Dice::new(3, 2).expect("dice");
    let context = |text: &str| MatchContext::of(&read_setup(text).expect("a setup"));
    let money = context(CONTACT);
    let at = context(&format!("{CONTACT}:cAngADAAEAAE"));
    let mut group = c.benchmark_group("native_cubeful_plies");
    group.sample_size(10);
    for (name, at) in [("money", &money), ("2-3 to 7", &at)] {
        group.bench_function(format!("2-ply cube decision, contact, {name}"), |b| {
            b.iter(|| {
                engine.clear_cache();
                black_box(engine.cube_decision(black_box(&pos), at, 2).unwrap())
            })
        });
    }
    group.bench_function(
        "2-ply cubeful rank of a contact roll at 2-3 to 7, every move",
        |b| {
            b.iter(|| {
                engine.clear_cache();
                black_box(engine.rank_moves_at(black_box(&pos), dice, 2, &at).unwrap())
            })
        },
    );
    group.bench_function(
        "2-ply cubeful rank of a contact roll at 2-3 to 7, hint filter",
        |b| {
            b.iter(|| {
                engine.clear_cache();
                black_box(
                    engine
                        .rank_moves_at_filtered(black_box(&pos), dice, 2, &at, &MoveFilters::HINT)
                        .unwrap(),
                )
            })
        },
    );
    group.finish();
}

criterion_group!(benches, native_eval, native_plies, native_cubeful_plies);
criterion_main!(benches);
