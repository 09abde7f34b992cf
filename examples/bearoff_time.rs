//! Times one build: `cargo run --release --example bearoff_time -- POINTS [exact|gnubg|moments]
//! [REPEAT]` (REPEAT − 1 gnubg builds first, for profiling).
use bgw_engine::bearoff::one_sided::{build, build_moments};
use bgw_engine::core::task::Task;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let points: usize = args.get(1).map_or(6, |a| a.parse().unwrap());
    let kind = args.get(2).map_or("gnubg", |s| s.as_str());
    let repeat: usize = args.get(3).map_or(1, |a| a.parse().unwrap());
    for _ in 1..repeat {
        build::<u16>(points, &Task::new()).unwrap();
    }
    let t = Instant::now();
    let bytes = match kind {
        "exact" => build::<f64>(points, &Task::new()).unwrap().memory_bytes(),
        "moments" => build_moments(points, &Task::new()).unwrap().memory_bytes(),
        _ => build::<u16>(points, &Task::new()).unwrap().memory_bytes(),
    };
    println!(
        "{points} points {kind}: {:.3} s, {} MB",
        t.elapsed().as_secs_f64(),
        bytes >> 20
    );
}
