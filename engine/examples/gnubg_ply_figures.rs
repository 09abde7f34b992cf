//! Writes gnubg's 1- and 2-ply cubeless figures of seeded positions, one JSON object a line,
//! for the native evaluator's stored test (`tests/data/native/gnubg_plies.jsonl`):
//! `PATH=$PATH:/usr/games cargo run -p bgw-engine --example gnubg_ply_figures >
//! tests/data/native/gnubg_plies.jsonl`.
//!
//! The positions come from random self-play (seed 2027, each play chosen at random among the
//! legal ones): four of each class but the game's end (a class with fewer in the pool: all of
//! them), each with gnubg's `evaluate` at 1 and at 2 plies (`{"position", "class", "plies",
//! "probs", "equity"}`); and for one position of each class a random roll's hint list
//! (`{"position", "class", "plies", "dice", "filter", "moves": [{"move", "equity", "plies"}]}`)
//! at 2 plies with gnubg's own move filter, and for the contact and race ones also with every
//! move at 2 plies and with the filter of `analyse match`. The figures are gnubg's own
//! (through the bridge).

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::encode_position_id;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::gnubg::{Config, Gnubg, MoveFilter, Reply, Request};
use bgw_engine::reference::native::{NativeEvaluator, PositionClass};
use std::collections::BTreeMap;
use std::time::Duration;

fn fail(e: impl std::fmt::Display) -> ! {
    eprintln!("{e}");
    std::process::exit(1)
}

fn main() {
    let evaluator = NativeEvaluator::new(None).unwrap_or_else(|e| fail(e));
    let mut g = Gnubg::new(Config::default());
    let hello = g.ask_hello().unwrap_or_else(|e| fail(e));
    eprintln!("{}", hello.gnubg);
    let mut rng = SplitMix64::new(2027);
    let mut generator = MoveGenerator::new();
    let mut taken: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut seen = std::collections::HashSet::new();
    for _game in 0..200 {
        let mut pos = Position::opening(Side::White);
        for _turn in 0..400 {
            if pos.player_off() == 15 || pos.opponent_off() == 15 {
                break;
            }
            let class = evaluator.classify(&pos);
            let name = class.name();
            let n = taken.entry(name).or_default();
            if *n < 4 && rng.below(5) == 0 && seen.insert(encode_position_id(&pos)) {
                *n += 1;
                for plies in [1u8, 2] {
                    let e = g.evaluate(&pos, plies).unwrap_or_else(|e| fail(e));
                    println!(
                        "{}",
                        serde_json::json!({
                            "position": encode_position_id(&pos),
                            "class": name,
                            "plies": plies,
                            "probs": e.probs.expect("gnubg gives probabilities"),
                            "equity": e.equity,
                        })
                    );
                }
                if *n == 1 {
                    let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
                    let mut filters = vec![("gnubg", MoveFilter::Gnubg)];
                    if matches!(class, PositionClass::Contact | PositionClass::Race) {
                        filters.push(("all", MoveFilter::All));
                        filters.push(("analysis", MoveFilter::Analysis));
                    }
                    for (word, filter) in filters {
                        let request = Request::Moves {
                            position: encode_position_id(&pos),
                            dice,
                            plies: 2,
                            filter,
                            at: None,
                        };
                        let moves = match g.call(&request, Duration::from_secs(120)) {
                            Ok(Reply::Moves(m)) => m,
                            other => fail(format!("moves: {other:?}")),
                        };
                        let moves: Vec<_> = moves
                            .iter()
                            .map(|m| {
                                serde_json::json!({
                                    "move": m.notation,
                                    "equity": m.equity,
                                    "plies": m.plies,
                                })
                            })
                            .collect();
                        println!(
                            "{}",
                            serde_json::json!({
                                "position": encode_position_id(&pos),
                                "class": name,
                                "plies": 2,
                                "dice": [dice.high(), dice.low()],
                                "filter": word,
                                "moves": moves,
                            })
                        );
                    }
                }
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
