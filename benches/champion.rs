//! Seed 002: solving the goat-and-wolves game completely. The 9×9 four-wolf solution (7,493,980
//! positions, target ≤ 100 ms) and the other variants.
//!
//! `cargo bench --bench champion`.

use bgw_engine::champion::{Solution, Variant};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn solve(c: &mut Criterion) {
    let mut g = c.benchmark_group("champion solve");
    g.sample_size(30);
    for v in Variant::ALL {
        g.bench_function(v.name(), |b| b.iter(|| Solution::solve(black_box(v))));
    }
    g.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
