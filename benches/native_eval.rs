//! Static evaluations a second of the native evaluator (gnubg's nets in bgw), one thread, on
//! positions made as gnubg's `calibrate` makes them: 1,024 random boards, fifteen checkers a
//! side on random points (none on the bar or off, no point shared), every evaluation from
//! scratch (no cache). Compare with `gnubg -t` → `set threads 1`, `calibrate N` on the same
//! machine (docs/native-evaluator.md#speed).

use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::reference::native::NativeEvaluator;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// gnubg's calibration boards, seeded.
fn calibration_boards(seed: u64, n: usize) -> Vec<Position> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            let mut opp = [0u8; 25];
            let mut me = [0u8; 25];
            for _ in 0..15 {
                let k = loop {
                    let k = rng.below(24) as usize;
                    if me[23 - k] == 0 {
                        break k;
                    }
                };
                opp[k] += 1;
                let k = loop {
                    let k = rng.below(24) as usize;
                    if opp[23 - k] == 0 {
                        break k;
                    }
                };
                me[k] += 1;
            }
            Position::from_sides(Side::White, &me, &opp).expect("a legal board")
        })
        .collect()
}

fn native_eval(c: &mut Criterion) {
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
}

criterion_group!(benches, native_eval);
criterion_main!(benches);
