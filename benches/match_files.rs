//! Reading a 25-point match of 978 decisions (gnubg against itself, `tests/data/matches/`)
//! with every move replayed through the move generator and checked: the MAT file, and the
//! SGF file with gnubg's analysis of every move kept. The target is well under 20 ms.

use bgw_engine::matches::{read_mat, read_sgf};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/matches/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("the 25-point match")
}

fn match_files(c: &mut Criterion) {
    let mat = data("gnubg_25pt_seed1.mat");
    let sgf = data("gnubg_25pt_seed1.sgf");
    let decisions = read_mat(&mat).expect("reads").decisions().count();
    let mut group = c.benchmark_group("match_files");
    group.throughput(Throughput::Elements(decisions as u64));
    group.bench_function("read_mat 25-point match, every move checked", |b| {
        b.iter(|| read_mat(black_box(&mat)))
    });
    group.bench_function("read_sgf 25-point match with its analysis", |b| {
        b.iter(|| read_sgf(black_box(&sgf)))
    });
    group.finish();
}

criterion_group!(benches, match_files);
criterion_main!(benches);
