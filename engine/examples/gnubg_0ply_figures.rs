//! Writes gnubg's 0-ply cubeless figures of seeded positions of every class, one JSON object a
//! line, for the native evaluator's stored test (`tests/data/native/gnubg_0ply.jsonl`):
//! `cargo run -p bgw-engine --example gnubg_0ply_figures > tests/data/native/gnubg_0ply.jsonl`.
//!
//! The positions come from random self-play (seed 2026, each play chosen at random among the
//! legal ones), eight of each class the native evaluator names (classes with fewer in the
//! pool: all of them); the figures are gnubg's own (`evaluate` through the bridge).
//!
//! With `--ids FILE` it writes gnubg's figures of the position IDs in FILE instead (one a
//! line, the side to play first), for `tests/data/native/gnubg_0ply_edges.jsonl`.

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
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, file] = args.as_slice()
        && flag == "--ids"
    {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
            eprintln!("{file}: {e}");
            std::process::exit(1)
        });
        for id in text.split_whitespace() {
            let pos = bgw_engine::core::formats::decode_position_id(id, Side::White)
                .unwrap_or_else(|e| {
                    eprintln!("{id}: {e}");
                    std::process::exit(1)
                });
            print_figures(&mut g, &pos, evaluator.classify(&pos).name());
        }
        return;
    }
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
                print_figures(&mut g, &pos, class);
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

/// One line: the position, its class and gnubg's 0-ply probabilities and cubeless equity.
fn print_figures(g: &mut Gnubg, pos: &Position, class: &str) {
    let e = g.evaluate(pos, 0).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    let probs = e.probs.expect("gnubg gives probabilities");
    println!(
        "{}",
        serde_json::json!({
            "position": encode_position_id(pos),
            "class": class,
            "probs": probs,
            "equity": e.equity,
        })
    );
}
