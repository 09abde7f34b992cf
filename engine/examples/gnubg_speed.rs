//! Requests per second of gnubg's `moves` through the bridge, one process, on the first
//! decisions of the shipped benchmark: `cargo run --release -p bgw-engine --example
//! gnubg_speed [N]` — N decisions (default 300) at 0 plies, N/10 at 2 plies with gnubg's move
//! filter and with every move at full depth.
//!
//! Then the same requests answered by the native evaluator (gnubg's nets in bgw, one thread,
//! its cache kept from request to request as gnubg keeps its own), side by side, with the
//! ratio. `cargo run --profile bench -p bgw-engine --example gnubg_speed` reuses the benches'
//! build.

use bgw_engine::core::formats::encode_position_id;
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::gnubg::{Config, Gnubg, MoveFilter, Reply, Request};
use bgw_engine::reference::native::{MoveFilters, NativeEngine, NativeEvaluator};
use bgw_engine::studies::benchmark::{Benchmark, Decision};
use std::time::{Duration, Instant};

fn main() {
    let n: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 300,
        Some(Ok(n)) if n >= 10 => n,
        Some(_) => {
            eprintln!("usage: gnubg_speed [N ≥ 10]");
            std::process::exit(2)
        }
    };
    let bench = Benchmark::shipped().unwrap_or_else(|e| exit_with("the shipped benchmark", e));
    let mut g = Gnubg::new(Config::default());
    let hello = g.ask_hello().unwrap_or_else(|e| exit_with("gnubg", e));
    println!("{} (bridge protocol {})", hello.gnubg, hello.protocol);
    let evaluator = NativeEvaluator::new(None).unwrap_or_else(|e| exit_with("native", e));
    let mut native = NativeEngine::new(evaluator);
    evaluations_side_by_side(&mut g, &mut native, &bench, n / 10);
    native.clear_cache();
    for (plies, filter, count) in [
        (0, MoveFilter::All, n),
        (2, MoveFilter::Gnubg, n / 10),
        (2, MoveFilter::All, n / 10),
    ] {
        let decisions = &bench.decisions[..count.min(bench.decisions.len())];
        let secs = moves_from_the_process(&mut g, decisions, plies, filter);
        moves_from_native(&mut native, decisions, plies, filter, secs);
    }
}

/// Prints what failed and ends the example.
fn exit_with(what: &str, e: impl std::fmt::Display) -> ! {
    eprintln!("{what}: {e}");
    std::process::exit(1)
}

/// 2-ply evaluations of the first `count` decisions' positions, the process then native.
fn evaluations_side_by_side(
    g: &mut Gnubg,
    native: &mut NativeEngine,
    bench: &Benchmark,
    count: usize,
) {
    let decisions = &bench.decisions[..count.min(bench.decisions.len())];
    let start = Instant::now();
    for d in decisions {
        g.evaluate(&d.position, 2)
            .unwrap_or_else(|e| exit_with("gnubg", e));
    }
    let secs = start.elapsed().as_secs_f64();
    let start = Instant::now();
    for d in decisions {
        native
            .evaluate(&d.position, 2)
            .unwrap_or_else(|e| exit_with("native", e));
    }
    let native_secs = start.elapsed().as_secs_f64();
    println!(
        "evaluate at 2 plies: {} positions in {secs:.2} s; native {native_secs:.2} s, \
         {:.1}× the process",
        decisions.len(),
        secs / native_secs
    );
}

/// gnubg's `moves` for each decision through the bridge; prints the rate, returns the seconds.
fn moves_from_the_process(
    g: &mut Gnubg,
    decisions: &[Decision],
    plies: u8,
    filter: MoveFilter,
) -> f64 {
    let requests: Vec<Request> = decisions
        .iter()
        .map(|d| Request::Moves {
            position: encode_position_id(&d.position),
            dice: d.dice,
            plies,
            filter,
            at: None,
        })
        .collect();
    let start = Instant::now();
    let mut moves = 0;
    for r in &requests {
        match g.call(r, Duration::from_secs(120)) {
            Ok(Reply::Moves(m)) => moves += m.len(),
            other => exit_with(&format!("{r:?}"), format!("{other:?}")),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "moves at {plies} plies, filter {filter:?}: {} requests ({moves} moves) in {secs:.2} s: \
         {:.1} requests/s, {:.0} moves/s",
        requests.len(),
        requests.len() as f64 / secs,
        moves as f64 / secs
    );
    secs
}

/// The same requests answered natively; prints the rate against the process's `secs`.
fn moves_from_native(
    native: &mut NativeEngine,
    decisions: &[Decision],
    plies: u8,
    filter: MoveFilter,
    secs: f64,
) {
    let start = Instant::now();
    let mut native_moves = 0;
    for d in decisions {
        let ranked = match filter {
            MoveFilter::All => native.rank_moves(&d.position, d.dice, plies),
            MoveFilter::Gnubg => {
                native.rank_moves_filtered(&d.position, d.dice, plies, &MoveFilters::HINT)
            }
            MoveFilter::Analysis => {
                native.rank_moves_filtered(&d.position, d.dice, plies, &MoveFilters::ANALYSIS)
            }
        };
        native_moves += ranked.unwrap_or_else(|e| exit_with("native", e)).len();
    }
    let native_secs = start.elapsed().as_secs_f64();
    println!(
        "  native, the same {} requests ({native_moves} moves) in {native_secs:.2} s: \
         {:.1} requests/s, {:.1}× the process",
        decisions.len(),
        decisions.len() as f64 / native_secs,
        secs / native_secs
    );
}
