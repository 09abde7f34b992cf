//! Speed of the benchmark's live re-score: the classic program's figures on all 11,826
//! decisions of the shipped benchmark with new weights (what the weight editor does while a
//! slider moves; target < 5 ms, with the seed's terms and with every extra term on), and, for
//! comparison, the same score by the players' own
//! choice; a step of the fit to the benchmark.

use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::{Term, TermSet, Weights};
use bgw_engine::studies::benchmark::{Benchmark, ClassicRescore, FitConfig, fit, score};
use bgw_engine::studies::duel::Contender;
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
    let mut all = w.with_terms(TermSet::ALL);
    for (k, t) in Term::EXTRA.into_iter().enumerate() {
        all.set(t, 0.1 * (k as f64 - 4.5));
    }
    for (name, w) in [("", &mut w), ("_all_terms", &mut all)] {
        group.bench_function(
            format!(
                "rescore_classic_{n}_decisions_{}_candidates{name}",
                rescore.candidates()
            ),
            |b| {
                b.iter(|| {
                    w.set(Term::Exposure, w.get(Term::Exposure) - 1e-6);
                    rescore.rescore(black_box(w), "classic")
                })
            },
        );
    }
    // The fit (`bgw fit`): one gradient step of the surrogate (a softmax over every
    // BRDVAL-decided candidate) and one round of exact line searches, each with the two
    // re-scores of the start and the result that every fit reports.
    let start = Weights::builtin_default();
    let step = FitConfig {
        temperatures: 1,
        iterations: 1,
        polish_rounds: 0,
        hops: 0,
        ..FitConfig::default()
    };
    let round = FitConfig {
        temperatures: 0,
        polish_rounds: 1,
        random_directions: 0,
        hops: 0,
        ..FitConfig::default()
    };
    let never = Task::new();
    for (name, config) in [
        ("fit_one_surrogate_step", step),
        ("fit_one_round_of_line_searches", round),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| fit(&rescore, None, &start, &config, &never))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
