//! Speed measurements shared by `bgw calibrate` and the criterion benches: test positions and
//! timing loops.

use crate::core::dice::Dice;
use crate::core::dice_source::{DiceSource, SeededDice};
use crate::core::moves::MoveGenerator;
use crate::core::position::{Position, Side};
use crate::core::rng::SplitMix64;
use crate::evaluation::classic::{Ranking, Weights};
use std::time::{Duration, Instant};

/// Why a positions file could not be read.
#[derive(Debug)]
pub struct PositionsFileError(pub String);

impl std::fmt::Display for PositionsFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionsFileError {}

/// Reads positions in the layout of `positions_10k.tsv`: tab-separated, the third column the
/// board as 26 comma-separated numbers (see [`Position::from_board`]); `#` lines are comments.
pub fn parse_positions_tsv(text: &str) -> Result<Vec<Position>, PositionsFileError> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let bad = |why: String| PositionsFileError(format!("line {}: {why}", n + 1));
        let cells = line
            .split('\t')
            .nth(2)
            .ok_or_else(|| bad("expected at least 3 tab-separated columns".into()))?;
        let numbers: Vec<i8> = cells
            .split(',')
            .map(|c| c.trim().parse::<i8>())
            .collect::<Result<_, _>>()
            .map_err(|e| bad(format!("board: {e}")))?;
        let board: [i8; 26] = numbers
            .try_into()
            .map_err(|v: Vec<i8>| bad(format!("board has {} numbers, expected 26", v.len())))?;
        out.push(Position::from_board(Side::White, board).map_err(|e| bad(e.to_string()))?);
    }
    if out.is_empty() {
        return Err(PositionsFileError("no positions in the file".into()));
    }
    Ok(out)
}

/// `n` positions from seeded self-play by a uniformly random mover, every one kept with the
/// side on roll to move (a mix of contact, bar, race and bear-off positions).
pub fn self_play_positions(n: usize, seed: u64) -> Vec<Position> {
    // The dice and the mover's choices from two unrelated streams of the seed.
    let mut dice = SeededDice::new(seed);
    let mut rng = SplitMix64::derive(seed, &[1]);
    let mut generator = MoveGenerator::new();
    let mut out = Vec::with_capacity(n);
    let mut pos = Position::opening(Side::White);
    while out.len() < n {
        out.push(pos);
        let (a, b) = dice.throw();
        let roll = Dice::new(a, b).expect("1-6");
        let plays = generator.generate(&pos, roll);
        let next = if plays.is_empty() {
            pos
        } else {
            plays[rng.below(plays.len() as u32) as usize].result
        };
        pos = if next.player_off() == 15 {
            Position::opening(Side::White)
        } else {
            next.mirror()
        };
    }
    out
}

/// Generates the results of all 21 rolls for every position once; returns the total number of
/// results (so the work cannot be optimised away).
pub fn generate_all(generator: &mut MoveGenerator, positions: &[Position]) -> usize {
    let mut total = 0;
    for pos in positions {
        for dice in Dice::all() {
            total += generator.generate(pos, dice).len();
        }
    }
    total
}

/// Position×roll pairs per second of single-threaded move generation over `positions` × the
/// 21 rolls, repeated for at least `at_least`; returns the best pass.
pub fn movegen_rate(positions: &[Position], at_least: Duration) -> f64 {
    let mut generator = MoveGenerator::new();
    let pairs = (positions.len() * 21) as f64;
    let start = Instant::now();
    let mut best = f64::MAX;
    while start.elapsed() < at_least || best == f64::MAX {
        let t = Instant::now();
        std::hint::black_box(generate_all(
            &mut generator,
            std::hint::black_box(positions),
        ));
        best = best.min(t.elapsed().as_secs_f64());
    }
    pairs / best
}

/// The position × roll with the most distinct results among `positions` (the first on ties),
/// with that number.
pub fn worst_case(positions: &[Position]) -> (Position, Dice, usize) {
    let mut generator = MoveGenerator::new();
    let mut worst = (Position::EMPTY, Dice::new(1, 1).expect("1-1"), 0);
    for pos in positions {
        for dice in Dice::all() {
            let n = generator.generate(pos, dice).len();
            if n > worst.2 {
                worst = (*pos, dice, n);
            }
        }
    }
    worst
}

/// Seconds to rank `dice` in `pos` with the full per-term breakdown (move generation, both
/// sides' terms, values, addends, sort, the classic choice), best of passes over `at_least`.
pub fn ranking_seconds(pos: &Position, dice: Dice, weights: &Weights, at_least: Duration) -> f64 {
    let mut generator = MoveGenerator::new();
    let start = Instant::now();
    let mut best = f64::MAX;
    while start.elapsed() < at_least || best == f64::MAX {
        let t = Instant::now();
        std::hint::black_box(Ranking::new(pos, dice, weights, &mut generator));
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

/// Seconds to build the gnubg-compatible one-sided bear-off database of `points` points (15
/// checkers, both distributions), best of passes over `at_least` (one pass at least).
pub fn bearoff_build_seconds(points: usize, at_least: Duration) -> f64 {
    use crate::bearoff::one_sided::build;
    use crate::core::task::Task;
    let start = Instant::now();
    let mut best = f64::MAX;
    while start.elapsed() < at_least || best == f64::MAX {
        let t = Instant::now();
        std::hint::black_box(build::<u16>(points, &Task::new()).expect("not cancelled"));
        best = best.min(t.elapsed().as_secs_f64());
    }
    best
}

/// Games a second of the classic program (built-in default weights) against pubeval, duplicate
/// dice on all cores, over `games` games.
pub fn duel_games_per_second(games: u64) -> f64 {
    use crate::evaluation::opponents::Pubeval;
    use crate::studies::duel::{Contender, DuelConfig, duel};
    let classic = Contender::classic(Weights::builtin_default(), "classic");
    let config = DuelConfig { games, seed: 1 };
    let result = duel(
        &|seed| classic.player(seed),
        &|_| Pubeval::new(),
        &config,
        &crate::core::task::Task::new(),
    );
    result.games_per_second
}
