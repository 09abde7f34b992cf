//! The players a duel can name: `pubeval`, `random`, `classic` (the shipped default weights)
//! and `classic:FILE.ron` (weights from a file).

use crate::classic::{ClassicPlayer, Weights, WeightsError};
use crate::dice::Dice;
use crate::moves::Play;
use crate::opponents::{Player, Pubeval, RandomPlayer};
use crate::position::Position;
use std::fmt;
use std::path::Path;

/// A player named in a duel, from which one player is built per game.
#[derive(Clone, Debug)]
pub enum Contender {
    /// Tesauro's pubeval.
    Pubeval,
    /// The uniformly random player.
    Random,
    /// The classic program with these weights, reported under `name`.
    Classic {
        /// The weights.
        weights: Weights,
        /// `classic` or `classic:FILE.ron`.
        name: String,
    },
}

/// Why a player name could not be used.
#[derive(Debug)]
pub enum ContenderError {
    /// Not one of the known names.
    Unknown(String),
    /// The weights file of `classic:FILE.ron` could not be read.
    Weights(WeightsError),
}

impl fmt::Display for ContenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContenderError::Unknown(s) => write!(
                f,
                "unknown player '{s}': expected pubeval, random, classic or classic:FILE.ron"
            ),
            ContenderError::Weights(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ContenderError {}

impl Contender {
    /// Reads a player name: `pubeval`, `random`, `classic` or `classic:FILE.ron`.
    pub fn parse(spec: &str) -> Result<Contender, ContenderError> {
        match spec {
            "pubeval" => Ok(Contender::Pubeval),
            "random" => Ok(Contender::Random),
            "classic" => Ok(Contender::classic(Weights::builtin_default(), "classic")),
            _ => match spec.strip_prefix("classic:") {
                Some(file) if !file.is_empty() => {
                    let weights =
                        Weights::load(Path::new(file)).map_err(ContenderError::Weights)?;
                    Ok(Contender::classic(weights, spec))
                }
                _ => Err(ContenderError::Unknown(spec.to_string())),
            },
        }
    }

    /// The classic program with `weights`, reported as `name`.
    pub fn classic(weights: Weights, name: impl Into<String>) -> Contender {
        Contender::Classic {
            weights,
            name: name.into(),
        }
    }

    /// The name used in reports.
    pub fn name(&self) -> String {
        match self {
            Contender::Pubeval => "pubeval".into(),
            Contender::Random => "random".into(),
            Contender::Classic { name, .. } => name.clone(),
        }
    }

    /// A player for one game; `seed` feeds the random player.
    pub fn player(&self, seed: u64) -> AnyPlayer {
        match self {
            Contender::Pubeval => AnyPlayer::Pubeval(Pubeval::new()),
            Contender::Random => AnyPlayer::Random(RandomPlayer::new(seed)),
            Contender::Classic { weights, name } => {
                AnyPlayer::Classic(ClassicPlayer::new(*weights, name.clone()))
            }
        }
    }
}

/// One of the duel players, dispatched without a virtual call.
// Built once per game and never moved in the game loop: boxing the classic player would only
// add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum AnyPlayer {
    /// Tesauro's pubeval.
    Pubeval(Pubeval),
    /// The random player.
    Random(RandomPlayer),
    /// The classic program.
    Classic(ClassicPlayer),
}

impl Player for AnyPlayer {
    fn name(&self) -> String {
        match self {
            AnyPlayer::Pubeval(p) => p.name(),
            AnyPlayer::Random(p) => p.name(),
            AnyPlayer::Classic(p) => p.name(),
        }
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        match self {
            AnyPlayer::Pubeval(p) => p.choose(pos, dice, plays),
            AnyPlayer::Random(p) => p.choose(pos, dice, plays),
            AnyPlayer::Classic(p) => p.choose(pos, dice, plays),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read() {
        assert!(matches!(
            Contender::parse("pubeval"),
            Ok(Contender::Pubeval)
        ));
        assert!(matches!(Contender::parse("random"), Ok(Contender::Random)));
        let c = Contender::parse("classic").unwrap();
        assert_eq!(c.name(), "classic");
        assert_eq!(c.player(0).name(), "classic");
        assert_eq!(Contender::Random.player(3).name(), "random");
    }

    #[test]
    fn bad_names_and_files_are_errors() {
        for bad in ["", "classic:", "gnubg", "Pubeval"] {
            let e = Contender::parse(bad).unwrap_err();
            assert!(e.to_string().starts_with("unknown player"), "{bad}: {e}");
        }
        let e = Contender::parse("classic:/nonexistent/w.ron").unwrap_err();
        assert!(e.to_string().contains("/nonexistent/w.ron"), "{e}");
    }
}
