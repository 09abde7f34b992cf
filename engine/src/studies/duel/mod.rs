//! Duels: many cubeless money games between two players with duplicate dice, on all cores.
//!
//! # Duplicate dice
//! Games come in pairs. Both games of pair `i` use the same dice sequence (drawn from
//! `seed` and `i`): in the first, player A moves first; in the second, B does, so B gets exactly
//! the rolls A had and the other way round. Luck largely cancels within a pair, and a player
//! against itself scores exactly 0. A player that needs randomness (the random player) is
//! built for each game from a seed drawn from `seed`, `i` and its seat (first or second mover),
//! so `duel(A, B)` and `duel(B, A)` with one seed play the very same games: every figure of
//! one is the mirror of the other's.
//!
//! # Sequential duels
//! [`duel_sprt`] stops a duel as soon as a sequential test (SPRT) decides between two
//! hypotheses on A's points per game or Elo: see [`Sprt`] and the `sprt` module's notes.
//!
//! # Figures
//! Points per game (ppg) are A's, averaged over all games; the standard error is taken over
//! the pairs (the pair is the independent unit). Sums are kept as integers, so a seed gives the
//! same figures whatever the number of threads.

mod contender;
mod game;
mod paired;
mod run;
mod sprt;

pub use contender::{AnyPlayer, Contender, ContenderError};
pub use paired::{Paired, paired_against};
pub use run::{
    DuelConfig, DuelResult, Tally, Wins, duel, duel_pair_range, duel_pairs, duel_until, play_pair,
};
pub use sprt::{
    BATCH_PAIRS, Batch, DEFAULT_ERROR_RATE, Decision, Hypotheses, MAX_ELO, MAX_PPG, PairStats,
    Sequential, Sprt, SprtDuel, SprtError, SprtReport, duel_sprt, elo_to_score, score_to_elo,
    sequential,
};

pub use game::{DiceStream, GameResult, MAX_TURNS, play_game, win_points};
