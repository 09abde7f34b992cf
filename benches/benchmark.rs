//! Speed of the benchmark's live re-score: the classic program's figures on all 11,826
//! decisions of the shipped benchmark with new weights (what the weight editor does while a
//! slider moves; target < 5 ms), and, for comparison, the same score by the players' own
//! choice.

use bgw_engine::benchmark::{Benchmark, ClassicRescore, score};
use bgw_engine::classic::{Term, Weights};
use bgw_engine::duel::Contender;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let bench = Benchmark::shipped().expect("the shipped benchmark");
    let n = bench.decisions.len();
    let mut group = c.benchmark_group("benchmark");
    group.warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function("read_shipped", |b| b.iter(Benchmark::shipped));
    let mut w = Weights::builtin_default();
    group.bench_function(format!("score_classic_{n}_decisions"), |b| {
        b.iter(|| score(black_box(&bench), &Contender::classic(w, "classic")))
    });
    let rescore = ClassicRescore::new(bench);
    assert_eq!(
        rescore.rescore(&w, "classic"),
        score(rescore.benchmark(), &Contender::classic(w, "classic"))
    );
    group.bench_function(
        format!(
            "rescore_classic_{n}_decisions_{}_candidates",
            rescore.candidates()
        ),
        |b| {
            b.iter(|| {
                w.0[Term::Exposure.index()] -= 1e-6;
                rescore.rescore(black_box(&w), "classic")
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
