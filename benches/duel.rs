//! Duel speed: games a second on all cores (the figure `bgw duel` reports), and one game on one
//! thread.

use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::evaluation::opponents::{Pubeval, RandomPlayer};
use bgw_engine::studies::duel::{Contender, DiceStream, DuelConfig, duel, play_game};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

const GAMES: u64 = 2000;

fn all_cores(c: &mut Criterion) {
    let mut group = c.benchmark_group("duel_all_cores");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(20);
    let mut seed = 0;
    group.bench_function("pubeval_vs_pubeval", |bench| {
        bench.iter(|| {
            seed += 1;
            let config = DuelConfig { games: GAMES, seed };
            let pubeval = |_| Pubeval::new();
            black_box(duel(&pubeval, &pubeval, &config, &Task::new()))
        })
    });
    group.bench_function("classic_vs_pubeval", |bench| {
        let classic = Contender::classic(Weights::builtin_default(), "classic");
        bench.iter(|| {
            seed += 1;
            let config = DuelConfig { games: GAMES, seed };
            black_box(duel(
                &|s| classic.player(s),
                &|_| Pubeval::new(),
                &config,
                &Task::new(),
            ))
        })
    });
    group.bench_function("pubeval_vs_random", |bench| {
        bench.iter(|| {
            seed += 1;
            let config = DuelConfig { games: GAMES, seed };
            black_box(duel(
                &|_| Pubeval::new(),
                &RandomPlayer::new,
                &config,
                &Task::new(),
            ))
        })
    });
    group.finish();
}

fn one_thread(c: &mut Criterion) {
    let mut group = c.benchmark_group("game_one_thread");
    group.throughput(Throughput::Elements(1));
    let mut generator = MoveGenerator::new();
    let mut seed = 0;
    group.bench_function("pubeval_vs_pubeval", |bench| {
        bench.iter(|| {
            seed += 1;
            let mut dice = DiceStream::new(SplitMix64::new(seed));
            black_box(play_game(
                &mut generator,
                &mut Pubeval::new(),
                &mut Pubeval::new(),
                &mut dice,
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, all_cores, one_thread);
criterion_main!(benches);
