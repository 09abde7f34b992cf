//! Writes gnubg's 0-ply cubeless figures of seeded positions of every class, one JSON object a
//! line, for the native evaluator's stored test (`tests/data/native/gnubg_0ply.jsonl`):
//! `cargo run -p bgw-engine --example gnubg_0ply_figures > tests/data/native/gnubg_0ply.jsonl`.
//!
//! The positions come from random self-play (seed 2026, each play chosen at random among the
//! legal ones), eight of each class the native evaluator names (classes with fewer in the
//! pool: all of them); the figures are gnubg's own (`evaluate` through the bridge).

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::encode_position_id;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::gnubg::{Config, Gnubg};
use bgw_engine::reference::native::NativeEvaluator;
use std::collections::BTreeMap;

fn main() {
    let evaluator = NativeEvaluator::new(None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let mut g = Gnubg::new(Config::default());
    let hello = g.ask_hello().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    eprintln!("{}", hello.gnubg);
    let mut rng = SplitMix64::new(2026);
    let mut generator = MoveGenerator::new();
    let mut taken: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for _game in 0..200 {
        let mut pos = Position::opening(Side::White);
        for _turn in 0..400 {
            let class = evaluator.classify(&pos).name();
            let n = taken.entry(class).or_default();
            // Every fifth position, so a game gives positions of several stages.
            if *n < 8 && rng.below(5) == 0 && seen.insert(encode_position_id(&pos)) {
                *n += 1;
                let e = g.evaluate(&pos, 0).unwrap_or_else(|e| {
                    eprintln!("{e}");
                    std::process::exit(1)
                });
                let probs = e.probs.expect("gnubg gives probabilities");
                println!(
                    "{}",
                    serde_json::json!({
                        "position": encode_position_id(&pos),
                        "class": class,
                        "probs": probs,
                        "equity": e.equity,
                    })
                );
            }
            if pos.player_off() == 15 || pos.opponent_off() == 15 {
                break;
            }
            let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
            let plays = generator.generate(&pos, dice).to_vec();
            let after = if plays.is_empty() {
                pos
            } else {
                plays[rng.below(plays.len() as u32) as usize].result
            };
            pos = after.mirror();
        }
    }
    eprintln!("{taken:?}");
}
