//! Move generation over `positions_10k.tsv` × 21 rolls, single thread.

use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::studies::calibrate::{generate_all, parse_positions_tsv};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn movegen(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/movegen/positions_10k.tsv"
    );
    let text = std::fs::read_to_string(path).expect("reference positions");
    let positions = parse_positions_tsv(&text).expect("valid positions");
    let mut generator = MoveGenerator::new();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64 * 21));
    group.bench_function("positions_10k x 21 rolls", |b| {
        b.iter(|| generate_all(&mut generator, &positions))
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
