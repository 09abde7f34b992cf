//! The classic program against a uniformly random mover: points per game for weight variants.
//!
//! `cargo run --release --example classic_vs_random -- GAMES [TERM=VALUE,...]...` — each
//! argument after GAMES is a list of changes to the built-in default weights ("" for none),
//! or `file:PATH` for a weights file.
//! The classic side alternates colours; dice come from a fixed seed, so every variant sees the
//! same dice. The full duel machinery (`bgw duel`, pubeval) lives elsewhere.

use backgammon_workbench::Dice;
use backgammon_workbench::classic::{ClassicPlayer, TERMS, Weights};
use backgammon_workbench::moves::MoveGenerator;
use backgammon_workbench::opponents::Player;
use backgammon_workbench::position::{CHECKERS, Position, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn ppg(w: Weights, games: usize) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(5);
    let mut g = MoveGenerator::new();
    let mut classic = ClassicPlayer::new(w, "c");
    let mut points = 0i32;
    let mut squares = 0i64;
    for game in 0..games {
        let cs = if game % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut pos = Position::opening(Side::White);
        for _ in 0..3000 {
            let dice = Dice::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)).unwrap();
            let plays = g.generate(&pos, dice).to_vec();
            if plays.is_empty() {
                pos = pos.mirror();
                continue;
            }
            let i = if pos.on_roll() == cs {
                classic.choose(&pos, dice, &plays)
            } else {
                rng.random_range(0..plays.len())
            };
            let next = plays[i].result;
            if next.player_off() == CHECKERS {
                let p = backgammon_workbench::classic::selfplay::points_won(&next) as i32;
                let p = if next.on_roll() == cs { p } else { -p };
                points += p;
                squares += (p * p) as i64;
                break;
            }
            pos = next.mirror();
        }
    }
    let n = games as f64;
    let mean = points as f64 / n;
    let var = squares as f64 / n - mean * mean;
    (mean, (var / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args[1].parse().unwrap();
    for spec in &args[2..] {
        let spec = spec.trim();
        let mut w = Weights::builtin_default();
        if let Some(path) = spec.strip_prefix("file:") {
            w = Weights::load(std::path::Path::new(path)).unwrap();
            let (m, se) = ppg(w, games);
            println!("{spec}: {m:+.3} ppg ± {se:.3} over {games} games");
            continue;
        }
        for kv in spec.split(',').filter(|kv| !kv.is_empty()) {
            let (k, v) = kv.split_once('=').unwrap();
            let t = TERMS.iter().find(|t| t.seed_name == k).unwrap();
            w.0[t.term.index()] = v.parse().unwrap();
        }
        let (m, se) = ppg(w, games);
        println!("{spec:?}: {m:+.3} ppg ± {se:.3} over {games} games");
    }
}
