//! Reference engines: other programs that rate our moves, driven from outside, behind one
//! small seam.
//!
//! [`ReferenceEngine`] is the seam, in engine-neutral types: rank every legal move of a
//! position and roll at a depth ([`ReferenceEngine::rank_moves`]), evaluate a position
//! ([`ReferenceEngine::evaluate`]), the move the engine plays
//! ([`ReferenceEngine::best_move`]), and its name and version ([`ReferenceEngine::info`]).
//! Every failure is a [`ReferenceError`]. GNU Backgammon ([`gnubg::Gnubg`]) is one
//! implementation; tests script the seam with stand-ins ([`ScriptedEngine`], and programs
//! that stand in for gnubg).
//!
//! Built on the seam: the benchmark's judge ([`crate::studies::benchmark::build`]), the duel's
//! player over any engine ([`crate::evaluation::opponents::ReferencePlayer`]) and [`Background`],
//! which runs any engine on a thread of its own and answers without blocking (for a user
//! interface).
//!
//! Moves are named in gnubg's notation (our own); [`match_to_plays`] finds an engine's moves
//! among our legal plays by the position they reach. No user interface here: the app and the
//! command line build on this.

mod background;
mod cached;
mod choice;
mod cube;
mod cube_question;
mod engine;
mod error;
pub mod gnubg;
mod luck;
mod match_context;
pub mod native;
mod probabilities;
mod rollout;
mod scripted;

pub use background::{Answer, Background, BackgroundTicket, Question};
pub use cached::{AnswerCache, Cached};
pub use choice::{DEFAULT_REFERENCE, Judge, Reference};
pub use cube::{CubeDecision, CubeMwc, CubePoints, LivePoints, money_points};
pub use cube_question::{CubeQuestion, NoDouble};
pub use error::ReferenceError;
pub use gnubg::{MatchError, match_indices, match_to_plays};
pub use luck::{GameLuck, LuckMark, Roll, RollLuck};
pub use match_context::MatchContext;
pub use native::PROCESS_DOES_IT;
pub use rollout::{MAX_ROLLOUT_PLIES, MAX_TRIALS, RolloutProgress, RolloutResult, RolloutSettings};
pub use scripted::{ScriptedCube, ScriptedEngine, ScriptedEquity};

pub use engine::{EngineInfo, Evaluation, MoveEval, ReferenceEngine};
pub use probabilities::{Probabilities, hint_line};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_as_gnubgs_hint_prints_them() {
        let p = [0.508, 0.135, 0.007, 0.132, 0.005];
        assert_eq!(hint_line(&p), "0.508 0.135 0.007 - 0.492 0.132 0.005");
    }

    #[test]
    fn engine_info_names_the_version_or_the_engine_s_words() {
        let known = EngineInfo {
            name: "GNU Backgammon".into(),
            version: Some("1.08.003".into()),
            banner: "GNU Backgammon 1.08.003 20240428".into(),
        };
        assert_eq!(known.to_string(), "GNU Backgammon 1.08.003");
        let unknown = EngineInfo {
            version: None,
            banner: "a fork".into(),
            ..known
        };
        assert_eq!(
            unknown.to_string(),
            "GNU Backgammon (version unknown: \"a fork\")"
        );
    }
}
