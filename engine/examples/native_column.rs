//! The app's gnubg column at 2 plies, timed on a machine others share: what the candidates
//! panel asks of the native judge after a roll (every move of 3-2 in `4HPwATDgc/ABMA`,
//! cubeful at 2-3 to 7, then cubeless money), and the same with gnubg's hint filter (what
//! gnubg's own `hint` shows), each run from an empty cache, N runs (default 20): the best wall
//! time of a run and the CPU time a run took on average (all threads), which the load of
//! other work changes less than the wall time. First, the static evaluations a second of CPU
//! on `calibrate`'s random boards, one thread.
//! `cargo run --profile bench -p bgw-engine --example native_column [N]`; the criterion bench
//! `native_cubeful_plies` times the same (benches/native_eval.rs).

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::{decode_position_id, read_setup};
use bgw_engine::core::position::Side;
use bgw_engine::reference::native::{
    MoveFilters, NativeEngine, NativeEvaluator, calibration_boards,
};
use bgw_engine::reference::{MatchContext, ReferenceEngine};
use std::time::{Duration, Instant};

/// The CPU time of the whole process so far (user and system, every thread).
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // After the command's name in parentheses: fields 14 and 15 are utime and stime, in ticks.
    // (the state is field 3, the first after the name).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let field = |k: usize| {
        f.get(k - 3)
            .and_then(|x| x.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let ticks = field(14) + field(15);
    Duration::from_millis(ticks * 10)
}

fn main() {
    let runs: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let evaluator = NativeEvaluator::new(None).expect("gnubg's weights");
    let boards = calibration_boards(1, 1024);
    let cpu = cpu_time();
    let rounds = 20 * runs;
    for _ in 0..rounds {
        for p in &boards {
            std::hint::black_box(
                evaluator
                    .evaluate(std::hint::black_box(p))
                    .expect("an evaluation"),
            );
        }
    }
    let cpu = cpu_time() - cpu;
    println!(
        "static evaluations, one thread: {:.0} a second of CPU ({} of calibrate's boards)",
        (rounds as f64 * boards.len() as f64) / cpu.as_secs_f64(),
        rounds as usize * boards.len()
    );
    let mut engine = NativeEngine::new(evaluator);
    let pos = decode_position_id("4HPwATDgc/ABMA", Side::White).expect("a Position ID");
    let dice = Dice::new(3, 2).expect("dice");
    let at = MatchContext::of(&read_setup("4HPwATDgc/ABMA:cAngADAAEAAE").expect("a setup"));
    let at = Some(at);
    for (name, at, filter) in [
        ("every move, cubeful at 2-3 to 7", at, None),
        ("every move, cubeless money", None, None),
        (
            "gnubg's hint filter, cubeful at 2-3 to 7",
            at,
            Some(MoveFilters::HINT),
        ),
        (
            "gnubg's hint filter, cubeless money",
            None,
            Some(MoveFilters::HINT),
        ),
    ] {
        let mut best = Duration::MAX;
        let cpu = cpu_time();
        for _ in 0..runs {
            engine.clear_cache();
            let start = Instant::now();
            let moves = match (&at, filter) {
                (Some(at), None) => engine.rank_moves_at(&pos, dice, 2, at),
                (None, None) => engine.rank_moves(&pos, dice, 2),
                (Some(at), Some(f)) => engine.rank_moves_at_filtered(&pos, dice, 2, at, &f),
                (None, Some(f)) => engine.rank_moves_filtered(&pos, dice, 2, &f),
            }
            .expect("a ranking");
            std::hint::black_box(moves);
            best = best.min(start.elapsed());
        }
        let cpu = (cpu_time() - cpu) / runs;
        println!(
            "2-ply, {name}: best {:.1} ms wall, {:.1} ms CPU a run ({runs} runs)",
            best.as_secs_f64() * 1e3,
            cpu.as_secs_f64() * 1e3
        );
    }
}
