//! Speed of the classic program: ranking the worst case of `positions_10k.tsv` with the full
//! breakdown (the seed's terms, and every extra term on: target < 1 ms), re-ranking it with
//! new weights, and the player's choice as duels call it (both ways too).

use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::evaluation::classic::{ClassicPlayer, Ranking, Term, TermSet, Weights};
use bgw_engine::evaluation::opponents::Player;
use bgw_engine::studies::calibrate::{parse_positions_tsv, worst_case};
use bgw_engine::{Dice, Position};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn positions() -> Vec<Position> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/movegen/positions_10k.tsv"
    );
    parse_positions_tsv(&std::fs::read_to_string(path).expect("reference data"))
        .expect("valid positions")
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let (pos, dice, n) = worst_case(&positions);
    let w = Weights::builtin_default();
    let all = every_term(&w);
    let mut g = MoveGenerator::new();
    assert_eq!(g.generate(&pos, dice).len(), n);
    let mut group = c.benchmark_group("classic");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(format!("rank_worst_case_{n}_results"), |b| {
        b.iter(|| Ranking::new(black_box(&pos), dice, &w, &mut g))
    });
    group.bench_function(format!("rank_worst_case_{n}_results_all_terms"), |b| {
        b.iter(|| Ranking::new(black_box(&pos), dice, &all, &mut g))
    });
    let mut ranking = Ranking::new(&pos, dice, &w, &mut g);
    let mut w2 = w;
    group.bench_function(format!("rerank_worst_case_{n}_results"), |b| {
        b.iter(|| {
            w2.set(Term::Exposure, w2.get(Term::Exposure) - 1e-6);
            ranking.reweight(black_box(&w2));
        })
    });
    // The player's choice as a duel calls it, on 1,000 position × roll pairs (plays prepared).
    let mut player = ClassicPlayer::new(w, "classic");
    let cases: Vec<_> = positions
        .iter()
        .take(1000)
        .enumerate()
        .filter_map(|(i, p)| {
            let d = Dice::all().nth(i % 21).unwrap();
            let plays = g.generate(p, d).to_vec();
            (!plays.is_empty()).then_some((*p, d, plays))
        })
        .collect();
    let mut extended = ClassicPlayer::new(all, "classic");
    for (name, player) in [("", &mut player), ("_all_terms", &mut extended)] {
        group.bench_function(format!("choose_{}_positions{name}", cases.len()), |b| {
            b.iter(|| {
                let mut s = 0;
                for (p, d, plays) in &cases {
                    s += player.choose(p, *d, plays);
                }
                s
            })
        });
    }
    group.finish();
}

/// `w` with every extra term on, each with a small weight.
fn every_term(w: &Weights) -> Weights {
    let mut all = w.with_terms(TermSet::ALL);
    for (k, t) in Term::EXTRA.into_iter().enumerate() {
        all.set(t, 0.1 * (k as f64 - 4.5));
    }
    all
}

criterion_group!(benches, bench);
criterion_main!(benches);
