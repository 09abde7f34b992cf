//! The review of a 7-point match (gnubg against itself, 295 rolls, `tests/data/matches/`) at
//! 0 plies, from start to end as `bgw match review` runs it — gnubg started, every decision
//! judged on two gnubg processes, gnubg's luck analysis on a third beside them — against
//! gnubg's own `analyse match` (a gnubg started, the match imported and analysed, which
//! computes the luck too). The target (issue 37): within 2× of gnubg's. Needs gnubg
//! (`BGW_GNUBG` or `gnubg` on the PATH); without it the bench says so and measures nothing.

use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::matches::read_mat;
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::review::{ReviewOptions, default_engines_for, review_with_luck, summarize};
use criterion::{Criterion, criterion_group, criterion_main};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

fn file() -> String {
    format!(
        "{}/tests/data/matches/gnubg_7pt_seed102.mat",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn gnubg_analyses(program: &std::path::Path) {
    let mut child = Command::new(program)
        .args(["-t", "-q"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("gnubg starts");
    let commands = format!(
        "set analysis chequerplay evaluation plies 0\nset analysis cubedecision evaluation \
         plies 0\nimport mat \"{}\"\nanalyse match\n",
        file()
    );
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(commands.as_bytes()).unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

fn match_review(c: &mut Criterion) {
    let program = Config::default().resolved_program();
    if bgw_engine::reference::gnubg::found_here(Duration::from_secs(10)).is_err() {
        eprintln!("match_review: gnubg is not installed; nothing measured");
        return;
    }
    let m = read_mat(&std::fs::read_to_string(file()).unwrap()).unwrap();
    let options = ReviewOptions {
        plies: 0,
        weights: Weights::default(),
        threads: default_engines_for(&Gnubg::new(Config::default())),
    };
    let mut group = c.benchmark_group("match_review");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("bgw review with luck, 7-point match, 0 plies", |b| {
        b.iter(|| {
            let make = || Gnubg::new(Config::default());
            let (reviewed, luck) =
                review_with_luck(&m, &options, &make, true, &Task::new(), &mut |_| {});
            let luck = luck.and_then(Result::ok).expect("gnubg's luck");
            summarize(&m, &reviewed, Some(&luck))
        })
    });
    group.bench_function("gnubg analyse match, 7-point match, 0 plies", |b| {
        b.iter(|| gnubg_analyses(&program))
    });
    group.finish();
}

criterion_group!(benches, match_review);
criterion_main!(benches);
