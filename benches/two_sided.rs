//! Two-sided bear-off builds in gnubg's arithmetic, in memory: 6x6 and 6x8, cubeless and
//! cubeful, and the exact `f64` 6x6. gnubg's `makebearoff` took 18.9 s and 19.8 s for 6x6
//! (cubeless, cubeful) and 307 s and 317 s for 6x8 on this machine, idle (docs/two-sided.md,
//! "How the build works"); the target is 100× faster.
//!
//! `cargo bench --bench two_sided` runs all; `cargo bench --bench two_sided -- 6x6` the small.

use bgw_engine::bearoff::two_sided::{Kind, TwoSidedDb};
use bgw_engine::core::task::Task;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn builds(c: &mut Criterion) {
    for (checkers, samples) in [(6, 10), (8, 10)] {
        let mut g = c.benchmark_group(format!("two-sided 6x{checkers}"));
        g.sample_size(samples)
            .measurement_time(Duration::from_secs(20));
        let mut kinds = vec![("cubeless", Kind::Cubeless), ("cubeful", Kind::Cubeful)];
        if checkers == 6 {
            kinds.push(("exact f64", Kind::Exact));
        }
        for (name, kind) in kinds {
            g.bench_function(name, |b| {
                b.iter(|| TwoSidedDb::build(6, black_box(checkers), kind, &Task::new()).unwrap())
            });
        }
        g.finish();
    }
}

criterion_group!(benches, builds);
criterion_main!(benches);
