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
use bgw_engine::studies::benchmark::Benchmark;
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
    let bench = Benchmark::shipped().unwrap_or_else(|e| {
        eprintln!("the shipped benchmark: {e}");
        std::process::exit(1)
    });
    let mut g = Gnubg::new(Config::default());
    let hello = g.ask_hello().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    println!("{} (bridge protocol {})", hello.gnubg, hello.protocol);
    let mut native = NativeEngine::new(NativeEvaluator::new(None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    }));
    // 2-ply evaluations of the first decisions' positions, side by side.
    let count = (n / 10).min(bench.decisions.len());
    let start = Instant::now();
    for d in &bench.decisions[..count] {
        g.evaluate(&d.position, 2).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
    }
    let secs = start.elapsed().as_secs_f64();
    let start = Instant::now();
    for d in &bench.decisions[..count] {
        native.evaluate(&d.position, 2).unwrap_or_else(|e| {
            eprintln!("native: {e}");
            std::process::exit(1)
        });
    }
    let native_secs = start.elapsed().as_secs_f64();
    println!(
        "evaluate at 2 plies: {count} positions in {secs:.2} s; native {native_secs:.2} s, \
         {:.1}× the process",
        secs / native_secs
    );
    native.clear_cache();
    for (plies, filter, count) in [
        (0, MoveFilter::All, n),
        (2, MoveFilter::Gnubg, n / 10),
        (2, MoveFilter::All, n / 10),
    ] {
        let requests: Vec<Request> = bench.decisions[..count.min(bench.decisions.len())]
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
                other => {
                    eprintln!("{r:?}: {other:?}");
                    std::process::exit(1)
                }
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
        let decisions = &bench.decisions[..requests.len()];
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
            native_moves += ranked
                .unwrap_or_else(|e| {
                    eprintln!("native: {e}");
                    std::process::exit(1)
                })
                .len();
        }
        let native_secs = start.elapsed().as_secs_f64();
        println!(
            "  native, the same {} requests ({native_moves} moves) in {native_secs:.2} s: \
             {:.1} requests/s, {:.1}× the process",
            requests.len(),
            requests.len() as f64 / native_secs,
            secs / native_secs
        );
    }
}
