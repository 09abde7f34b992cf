//! Players that choose among the legal plays: the benchmark opponents (pubeval, random, any
//! reference engine such as gnubg), and the interface the classic program implements too.

pub(crate) mod gnubg;
mod player;
mod pubeval;
mod random;
mod reference;

pub use gnubg::{
    GnubgEngine, GnubgPlayer, GnubgPool, MAX_PLIES as GNUBG_MAX_PLIES, gnubg_pool,
    worker_threads as gnubg_worker_threads,
};
pub use player::Player;
pub use pubeval::{
    Pubeval, SCORE_UNIT as PUBEVAL_SCORE_UNIT, WIN as PUBEVAL_WIN, Weights as PubevalWeights,
    inputs as pubeval_inputs,
};
pub use random::RandomPlayer;
pub use reference::{EnginePool, ReferencePlayer};
