//! Speed of the classic program: ranking the worst case of `positions_10k.tsv` with the full
//! breakdown, re-ranking it with new weights, and the player's choice as duels call it.

use backgammon_workbench::classic::{ClassicPlayer, Ranking, Term, Weights};
use backgammon_workbench::moves::MoveGenerator;
use backgammon_workbench::opponents::Player;
use backgammon_workbench::position::Side;
use backgammon_workbench::{Dice, Position};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn data(name: &str) -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/movegen/");
    std::fs::read_to_string(format!("{path}{name}")).expect("reference data")
}

fn positions() -> Vec<Position> {
    data("positions_10k.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let cells: Vec<i8> = l
                .split('\t')
                .nth(2)
                .unwrap()
                .split(',')
                .map(|c| c.parse().unwrap())
                .collect();
            Position::from_board(Side::White, cells.try_into().unwrap()).unwrap()
        })
        .collect()
}

/// The position × roll with the most distinct results, from `counts_10k.tsv`.
fn worst_case(positions: &[Position]) -> (Position, Dice, usize) {
    let rolls: Vec<Dice> = Dice::all().collect();
    let mut best = (positions[0], rolls[0], 0);
    for (i, line) in data("counts_10k.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
    {
        for (k, c) in line.split('\t').nth(2).unwrap().split(' ').enumerate() {
            let n: usize = c.parse().unwrap();
            if n > best.2 {
                best = (positions[i], rolls[k], n);
            }
        }
    }
    best
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let (pos, dice, n) = worst_case(&positions);
    let w = Weights::builtin_default();
    let mut g = MoveGenerator::new();
    assert_eq!(g.generate(&pos, dice).len(), n);
    let mut group = c.benchmark_group("classic");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(format!("rank_worst_case_{n}_results"), |b| {
        b.iter(|| Ranking::new(black_box(&pos), dice, &w, &mut g))
    });
    let mut ranking = Ranking::new(&pos, dice, &w, &mut g);
    let mut w2 = w;
    group.bench_function(format!("rerank_worst_case_{n}_results"), |b| {
        b.iter(|| {
            w2.0[Term::Exposure.index()] -= 1e-6;
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
    group.bench_function(format!("choose_{}_positions", cases.len()), |b| {
        b.iter(|| {
            let mut s = 0;
            for (p, d, plays) in &cases {
                s += player.choose(p, *d, plays);
            }
            s
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
