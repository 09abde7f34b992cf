//! Evaluation: what chooses a play. The classic program of seed 000 ([`classic`]: BRDVAL =
//! W1·V1 + W2·V2 + …, the seed's eleven terms with their weights, the move choice by phase,
//! GOOD/BAD learning and a game against it) and the players it is measured against
//! ([`opponents`]: pubeval, a random player, any reference engine such as gnubg), all behind
//! one [`Player`] interface.

pub mod classic;
pub mod opponents;

pub use classic::{Candidate, ClassicPlayer, Ranking, Term, Weights};
pub use opponents::{Player, Pubeval, RandomPlayer};
