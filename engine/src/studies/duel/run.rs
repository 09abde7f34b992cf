//! Playing a duel: pairs of games on shared dice, on all cores, and their figures.

use super::game::{DiceStream, GameResult, play_game};
use crate::core::moves::MoveGenerator;
use crate::core::rng::SplitMix64;
use crate::core::task::Task;
use crate::evaluation::opponents::Player;
use rayon::prelude::*;
use std::ops::Range;
use std::time::Instant;

/// What to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DuelConfig {
    /// Games to play; an odd number is rounded up to whole pairs.
    pub games: u64,
    /// The seed of the dice (and of any random player).
    pub seed: u64,
}

/// Wins of one player, as counts of games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Wins {
    /// Games won (any kind).
    pub wins: u64,
    /// Games won with a gammon or a backgammon.
    pub gammons: u64,
    /// Games won with a backgammon.
    pub backgammons: u64,
}

impl Wins {
    fn add(&mut self, points: i8) {
        self.wins += 1;
        self.gammons += (points >= 2) as u64;
        self.backgammons += (points >= 3) as u64;
    }
}

/// Integer totals of finished pairs (merged across threads in any order with the same sum).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Pairs finished.
    pub pairs: u64,
    /// A's wins.
    pub a: Wins,
    /// B's wins.
    pub b: Wins,
    /// Games abandoned after [`super::MAX_TURNS`] turns.
    pub unfinished: u64,
    /// Σ of A's points over all games.
    pub points: i64,
    /// Σ over pairs of (A's points in the pair)².
    pub pair_points_sq: i64,
    /// Turns played in all games.
    pub turns: u64,
}

impl Tally {
    pub(super) fn add_pair(&mut self, first: GameResult, second: GameResult) {
        // `first`: A moved first; `second`: B moved first, so A's points are negated.
        let a_points = [first.points, -second.points];
        for p in a_points {
            match p {
                0 => self.unfinished += 1,
                p if p > 0 => self.a.add(p),
                p => self.b.add(-p),
            }
        }
        let pair = a_points[0] as i64 + a_points[1] as i64;
        self.points += pair;
        self.pair_points_sq += pair * pair;
        self.turns += first.turns as u64 + second.turns as u64;
        self.pairs += 1;
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.pairs += o.pairs;
        for (s, t) in [(&mut self.a, o.a), (&mut self.b, o.b)] {
            s.wins += t.wins;
            s.gammons += t.gammons;
            s.backgammons += t.backgammons;
        }
        self.unfinished += o.unfinished;
        self.points += o.points;
        self.pair_points_sq += o.pair_points_sq;
        self.turns += o.turns;
        self
    }

    /// Games finished or abandoned.
    pub fn games(&self) -> u64 {
        2 * self.pairs
    }
}

/// The outcome of a duel, from A's side.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DuelResult {
    /// Player A's name.
    pub a: String,
    /// Player B's name.
    pub b: String,
    /// The seed.
    pub seed: u64,
    /// Games played (twice the pairs).
    pub games: u64,
    /// A's points per game.
    pub ppg: f64,
    /// Standard error of `ppg`, over the duplicate pairs.
    pub ppg_stderr: f64,
    /// Share of the games A won.
    pub win_rate: f64,
    /// Share of the games that ended in a gammon or backgammon (won by either player).
    pub gammon_rate: f64,
    /// Share of the games that ended in a backgammon (won by either player).
    pub backgammon_rate: f64,
    /// A's wins by kind.
    pub a_wins: Wins,
    /// B's wins by kind.
    pub b_wins: Wins,
    /// Games abandoned as unfinished (scored 0; see [`super::MAX_TURNS`]).
    pub unfinished: u64,
    /// Mean turns a game.
    pub turns_per_game: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per wall-clock second.
    pub games_per_second: f64,
    /// True when stopped early by cancelling its task (the figures cover the pairs finished).
    pub cancelled: bool,
}

impl DuelResult {
    /// A's points per game with its standard error, to `decimals` places: `+0.1234 ± 0.0056`;
    /// with one duplicate pair there is no error to give, so `+0.5000 ± — (one duplicate
    /// pair: too few games for a standard error)` instead of a NaN.
    pub fn ppg_with_error(&self, decimals: usize) -> String {
        match self.ppg_stderr.is_finite() {
            true => format!(
                "{:+.*} ± {:.*}",
                decimals, self.ppg, decimals, self.ppg_stderr
            ),
            false => format!("{:+.*} ± — ({})", decimals, self.ppg, Self::NO_ERROR),
        }
    }

    /// Why a duel of one duplicate pair has no standard error.
    pub const NO_ERROR: &str = "one duplicate pair: too few games for a standard error";

    pub(super) fn new(
        a: String,
        b: String,
        seed: u64,
        t: &Tally,
        seconds: f64,
        cancelled: bool,
    ) -> Self {
        let games = t.games();
        let g = games.max(1) as f64;
        let n = t.pairs as f64;
        // Pair value v = (A's points in the pair) / 2; ppg = mean of v.
        let ppg = t.points as f64 / g;
        let ppg_stderr = if t.pairs > 1 {
            let sum = t.points as f64 / 2.0;
            let sum_sq = t.pair_points_sq as f64 / 4.0;
            let var = ((sum_sq - sum * sum / n) / (n - 1.0)).max(0.0);
            (var / n).sqrt()
        } else {
            f64::NAN
        };
        let gammons = t.a.gammons + t.b.gammons;
        let backgammons = t.a.backgammons + t.b.backgammons;
        DuelResult {
            a,
            b,
            seed,
            games,
            ppg,
            ppg_stderr,
            win_rate: t.a.wins as f64 / g,
            gammon_rate: gammons as f64 / g,
            backgammon_rate: backgammons as f64 / g,
            a_wins: t.a,
            b_wins: t.b,
            unfinished: t.unfinished,
            turns_per_game: t.turns as f64 / g,
            seconds,
            games_per_second: if seconds > 0.0 {
                games as f64 / seconds
            } else {
                0.0
            },
            cancelled,
        }
    }
}

/// The seed of the player in `seat` (0 = moves first) of pair `pair`.
fn player_seed(seed: u64, pair: u64, seat: u64) -> u64 {
    SplitMix64::derive(seed, &[pair, 1 + seat]).next_u64()
}

/// The dice of pair `pair`.
fn pair_dice(seed: u64, pair: u64) -> DiceStream {
    DiceStream::new(SplitMix64::derive(seed, &[pair, 0]))
}

/// Plays both games of one pair; returns (A first, B first).
pub fn play_pair<PA: Player, PB: Player>(
    generator: &mut MoveGenerator,
    a: &(impl Fn(u64) -> PA + ?Sized),
    b: &(impl Fn(u64) -> PB + ?Sized),
    seed: u64,
    pair: u64,
) -> (GameResult, GameResult) {
    let first_seed = player_seed(seed, pair, 0);
    let second_seed = player_seed(seed, pair, 1);
    let g1 = play_game(
        generator,
        &mut a(first_seed),
        &mut b(second_seed),
        &mut pair_dice(seed, pair),
    );
    let g2 = play_game(
        generator,
        &mut b(first_seed),
        &mut a(second_seed),
        &mut pair_dice(seed, pair),
    );
    (g1, g2)
}

/// Pairs handed to a worker at a time (between progress reports and cancellation checks).
const CHUNK_PAIRS: u64 = 64;

/// Plays a duel of `config.games` games between the players that `a` and `b` build (each
/// called with a seed for every game), on rayon's thread pool, one move generator per worker.
/// `task` counts the games, from the workers after every chunk of games; cancelling it stops
/// the duel soon after, with the figures of the pairs finished.
pub fn duel<PA: Player, PB: Player>(
    a: &(impl Fn(u64) -> PA + Sync),
    b: &(impl Fn(u64) -> PB + Sync),
    config: &DuelConfig,
    task: &Task,
) -> DuelResult {
    duel_until(a, b, config, task, &|| false)
}

/// [`duel`], stopped too as soon as `stop` says so (it is asked before every pair): for
/// another reason than a cancel, such as a gnubg player that failed.
pub fn duel_until<PA: Player, PB: Player>(
    a: &(impl Fn(u64) -> PA + Sync),
    b: &(impl Fn(u64) -> PB + Sync),
    config: &DuelConfig,
    task: &Task,
    stop: &(dyn Fn() -> bool + Sync),
) -> DuelResult {
    let start = Instant::now();
    let pairs = config.games.div_ceil(2);
    // Short duels in smaller chunks, so that slow players (gnubg) still report progress.
    let chunk_pairs = (pairs / 64).clamp(1, CHUNK_PAIRS);
    let chunks = pairs.div_ceil(chunk_pairs);
    task.set(0, 2 * pairs);
    let seed = config.seed;
    let tally = (0..chunks)
        .into_par_iter()
        .map_init(MoveGenerator::new, |generator, chunk| {
            let mut t = Tally::default();
            let end = ((chunk + 1) * chunk_pairs).min(pairs);
            for pair in chunk * chunk_pairs..end {
                let Some((g1, g2)) = play_pair_until(generator, a, b, seed, pair, task, stop)
                else {
                    break;
                };
                t.add_pair(g1, g2);
            }
            task.advance(t.games());
            t
        })
        .reduce(Tally::default, Tally::merge);
    let seconds = start.elapsed().as_secs_f64();
    let cancelled = tally.pairs < pairs;
    DuelResult::new(a(0).name(), b(0).name(), seed, &tally, seconds, cancelled)
}

/// Pair `pair` of `seed`'s dice ([`play_pair`]), or `None` when `task` is cancelled or
/// `stop` says so before it starts or by the time it ends: a pair finished after a stop may
/// hold moves that are not the players' (a gnubg player that was stopped or failed plays its
/// first legal play).
pub(super) fn play_pair_until<PA: Player, PB: Player>(
    generator: &mut MoveGenerator,
    a: &(impl Fn(u64) -> PA + Sync),
    b: &(impl Fn(u64) -> PB + Sync),
    seed: u64,
    pair: u64,
    task: &Task,
    stop: &(dyn Fn() -> bool + Sync),
) -> Option<(GameResult, GameResult)> {
    let stopped = || task.is_cancelled() || stop();
    if stopped() {
        return None;
    }
    let games = play_pair(generator, a, b, seed, pair);
    (!stopped()).then_some(games)
}

/// A's points in each duplicate pair (the sum over its two games, −6…6), in pair order: the
/// raw material of paired comparisons. Two calls with one seed and different players play
/// the same dice (common random numbers), so their pair-by-pair difference has a much smaller
/// spread than either. `None` when `task` is cancelled; its progress is left to the caller
/// (a tuning run plays many such duels).
pub fn duel_pairs<PA: Player, PB: Player>(
    a: &(impl Fn(u64) -> PA + Sync),
    b: &(impl Fn(u64) -> PB + Sync),
    config: &DuelConfig,
    task: &Task,
) -> Option<Vec<i8>> {
    duel_pair_range(a, b, config.seed, 0..config.games.div_ceil(2), task)
}

/// [`duel_pairs`] for the pairs `pairs` of the dice of `seed` only (a batch of a sequential
/// test): pair `i` is the same games whatever range it is played in.
pub fn duel_pair_range<PA: Player, PB: Player>(
    a: &(impl Fn(u64) -> PA + Sync),
    b: &(impl Fn(u64) -> PB + Sync),
    seed: u64,
    pairs: Range<u64>,
    task: &Task,
) -> Option<Vec<i8>> {
    let len = pairs.end.saturating_sub(pairs.start);
    // Four chunks a thread at least, so that a short batch keeps every core busy; the chunks
    // are only how the work is shared, each pair's games are fixed by `seed` and its index.
    let chunk_pairs = (len / (4 * rayon::current_num_threads() as u64)).clamp(1, CHUNK_PAIRS);
    let chunks: Vec<Option<Vec<i8>>> = (0..len.div_ceil(chunk_pairs))
        .into_par_iter()
        .map_init(MoveGenerator::new, |generator, chunk| {
            if task.is_cancelled() {
                return None;
            }
            let start = pairs.start + chunk * chunk_pairs;
            let end = (start + chunk_pairs).min(pairs.end);
            let points = (start..end)
                .map(|pair| {
                    let (g1, g2) = play_pair(generator, a, b, seed, pair);
                    g1.points - g2.points
                })
                .collect();
            Some(points)
        })
        .collect();
    let mut out = Vec::with_capacity(len as usize);
    for chunk in chunks {
        out.extend(chunk?);
    }
    Some(out)
}
