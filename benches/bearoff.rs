//! Bear-off database builds: the 6-point database (target ≤ 30 ms) and the 10-point database
//! (3,268,760 positions, target ≤ 5 s on 2 cores), gnubg-compatible and exact arithmetic, and
//! the moments-only database.
//!
//! `cargo bench --bench bearoff` runs all; `cargo bench --bench bearoff -- 6pt` only the small.

use bgw_engine::bearoff::one_sided::{build, build_moments};
use bgw_engine::core::task::Task;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn six_points(c: &mut Criterion) {
    let mut g = c.benchmark_group("bearoff 6pt");
    g.bench_function("gnubg u16", |b| {
        b.iter(|| build::<u16>(black_box(6), &Task::new()).unwrap())
    });
    g.bench_function("exact f64", |b| {
        b.iter(|| build::<f64>(black_box(6), &Task::new()).unwrap())
    });
    g.bench_function("moments", |b| {
        b.iter(|| build_moments(black_box(6), &Task::new()).unwrap())
    });
    g.finish();
}

fn ten_points(c: &mut Criterion) {
    let mut g = c.benchmark_group("bearoff 10pt");
    g.sample_size(10).measurement_time(Duration::from_secs(60));
    g.bench_function("gnubg u16", |b| {
        b.iter(|| build::<u16>(black_box(10), &Task::new()).unwrap())
    });
    g.finish();
}

criterion_group!(benches, six_points, ten_points);
criterion_main!(benches);
