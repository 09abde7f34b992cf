//! Requests per second of gnubg's `moves` through the bridge, at 0 and 2 plies:
//! `cargo run --release -p bgw-engine --example gnubg_speed`.

use bgw_engine::dice::Dice;
use bgw_engine::formats::position_id;
use bgw_engine::reference::gnubg::{Config, Gnubg, MoveFilter, Reply, Request};
use std::time::{Duration, Instant};

/// The opening and four positions of `tests/data/movegen/positions_10k.tsv` (contact).
const POSITIONS: [&str; 5] = [
    "4HPwATDgc/ABMA",
    "wfPgASLQOfGAYA",
    "0DnxgCTgefAAUQ",
    "nGbGQgJu8EQJQg",
    "/goDwAUrehggOA",
];

fn main() {
    let mut g = Gnubg::new(Config::default());
    let hello = g.ask_hello().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    println!("{} (bridge protocol {})", hello.gnubg, hello.protocol);
    let rolls: Vec<Dice> = Dice::all().collect();
    for (plies, filter, every) in [
        (0, MoveFilter::All, 1),
        (2, MoveFilter::Gnubg, 5),
        (2, MoveFilter::All, 5),
    ] {
        let requests: Vec<Request> = POSITIONS
            .iter()
            .flat_map(|id| rolls.iter().step_by(every).map(move |d| (id, d)))
            .map(|(id, &dice)| Request::Moves {
                position: id.to_string(),
                dice,
                plies,
                filter,
            })
            .collect();
        let start = Instant::now();
        let mut moves = 0;
        for r in &requests {
            match g.call(r, Duration::from_secs(120)) {
                Ok(Reply::Moves(m)) => moves += m.len(),
                other => panic!("{r:?}: {other:?}"),
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
    }
    assert!(
        POSITIONS
            .iter()
            .all(|id| position_id::decode(id, bgw_engine::Side::White).is_ok())
    );
}
