//! Times move generation over the reference positions: `movegen_profile [all|doubles|mixed] [N]`
//! (N positions, default all; best of 8 passes).
use bgw_engine::Dice;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::studies::calibrate::parse_positions_tsv;
use std::time::Instant;

fn main() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/movegen/positions_10k.tsv"
    ))
    .unwrap();
    let mut positions = parse_positions_tsv(&text).unwrap();
    let which = std::env::args().nth(1).unwrap_or_default();
    if let Some(n) = std::env::args().nth(2) {
        positions.truncate(n.parse().unwrap());
    }
    let passes = if positions.len() < 10_000 { 1 } else { 8 };
    let mut g = MoveGenerator::new();
    let mut best = f64::MAX;
    let (mut pairs, mut total) = (0, 0);
    for _ in 0..passes {
        let t = Instant::now();
        (pairs, total) = (0, 0);
        for p in &positions {
            for d in Dice::all() {
                if (which == "doubles" && !d.is_double()) || (which == "mixed" && d.is_double()) {
                    continue;
                }
                pairs += 1;
                total += g.generate(p, d).len();
            }
        }
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{which}: {pairs} pairs {total} results {:.1} ms, {:.2} M pairs/s, {:.1} ns/result",
        best * 1e3,
        pairs as f64 / best / 1e6,
        best * 1e9 / total as f64
    );
}
