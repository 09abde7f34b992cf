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
//! # Figures
//! Points per game (ppg) are A's, averaged over all games; the standard error is taken over
//! the pairs (the pair is the independent unit). Sums are kept as integers, so a seed gives the
//! same figures whatever the number of threads.

mod contender;
mod game;
mod paired;
mod run;

pub use contender::{AnyPlayer, Contender, ContenderError};
pub use paired::{Paired, paired_against};
pub use run::{DuelConfig, DuelResult, Tally, Wins, duel, duel_pairs, duel_until, play_pair};

pub use game::{DiceStream, GameResult, MAX_TURNS, play_game, win_points};
