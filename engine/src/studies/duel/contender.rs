//! The players a duel can name: `pubeval`, `random`, `classic` (the shipped default weights),
//! `classic:FILE.ron` (weights from a file), `gnubg` and `gnubg:P` (GNU Backgammon at P = 0,
//! 1 or 2 plies; `gnubg` is 0 plies).

use crate::core::dice::Dice;
use crate::core::moves::Play;
use crate::core::position::Position;
use crate::evaluation::classic::{ClassicPlayer, Weights, WeightsError};
use crate::evaluation::opponents::EnginePool;
use crate::evaluation::opponents::gnubg::MAX_PLIES;
use crate::evaluation::opponents::{GnubgPlayer, GnubgPool, Player, Pubeval, RandomPlayer};
use crate::reference::Judge;
use crate::reference::gnubg::Config;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

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
    /// GNU Backgammon at `plies`, its processes shared by every player built from this
    /// contender (and its clones).
    Gnubg {
        /// 0 to [`GNUBG_MAX_PLIES`](crate::evaluation::opponents::GNUBG_MAX_PLIES).
        plies: u8,
        /// `gnubg` or `gnubg:P`.
        name: String,
        /// The processes.
        pool: Arc<GnubgPool>,
    },
}

/// Why a player name could not be used.
#[derive(Debug)]
pub enum ContenderError {
    /// Not one of the known names.
    Unknown(String),
    /// The weights file of `classic:FILE.ron` could not be read.
    Weights(WeightsError),
    /// The plies of `gnubg:P` are not 0 to
    /// [`GNUBG_MAX_PLIES`](crate::evaluation::opponents::GNUBG_MAX_PLIES).
    Plies(String),
    /// Not two players `A:B` ([`Contender::parse_pair_with`]).
    Pair(String),
}

impl fmt::Display for ContenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContenderError::Unknown(s) => write!(
                f,
                "unknown player '{s}': expected pubeval, random, classic, classic:FILE.ron, \
                 gnubg or gnubg:P"
            ),
            ContenderError::Weights(e) => e.fmt(f),
            ContenderError::Plies(p) => write!(
                f,
                "bad gnubg plies '{p}': gnubg:P plays at P = 0 to {MAX_PLIES} plies"
            ),
            ContenderError::Pair(s) => write!(
                f,
                "'{s}' is not two players A:B (such as classic:pubeval or \
                 classic:FILE.ron:gnubg), each pubeval, random, classic, classic:FILE.ron, \
                 gnubg or gnubg:P"
            ),
        }
    }
}

impl std::error::Error for ContenderError {}

impl Contender {
    /// Reads a player name: `pubeval`, `random`, `classic`, `classic:FILE.ron`, `gnubg` or
    /// `gnubg:P`. gnubg is not started here: its players start it on their first move.
    pub fn parse(spec: &str) -> Result<Contender, ContenderError> {
        Contender::parse_with(spec, &Config::default())
    }

    /// [`Contender::parse`], a gnubg player started with `gnubg` (e.g. its waits stopped by
    /// the run's task: [`Config::stopped_by`]).
    pub fn parse_with(spec: &str, gnubg: &Config) -> Result<Contender, ContenderError> {
        Contender::parse_judged(spec, &Judge::process(gnubg.clone()))
    }

    /// [`Contender::parse`], a gnubg player judged by `gnubg` (the program or its nets in
    /// bgw).
    pub fn parse_judged(spec: &str, gnubg: &Judge) -> Result<Contender, ContenderError> {
        match spec {
            "pubeval" => Ok(Contender::Pubeval),
            "random" => Ok(Contender::Random),
            "classic" => Ok(Contender::classic(Weights::builtin_default(), "classic")),
            "gnubg" => Ok(Contender::judged(0, gnubg)),
            _ => {
                if let Some(file) = spec.strip_prefix("classic:").filter(|f| !f.is_empty()) {
                    let weights =
                        Weights::load(Path::new(file)).map_err(ContenderError::Weights)?;
                    return Ok(Contender::classic(weights, spec));
                }
                if let Some(p) = spec.strip_prefix("gnubg:") {
                    return match p.parse::<u8>() {
                        Ok(plies) if plies <= MAX_PLIES && !p.starts_with('+') => {
                            Ok(Contender::judged(plies, gnubg))
                        }
                        _ => Err(ContenderError::Plies(p.to_string())),
                    };
                }
                Err(ContenderError::Unknown(spec.to_string()))
            }
        }
    }

    /// Reads two players `A:B`, each as [`Contender::parse_with`] reads it: the two are split
    /// at a colon followed by a player's name (`pubeval`, `random`, `classic`, `gnubg`), the
    /// first such split where both halves are players (`classic:w.ron:gnubg:1` is
    /// `classic:w.ron` and `gnubg:1`). An error names what is wrong: no such split, or the
    /// first half's (else the second's) error.
    pub fn parse_pair_with(
        spec: &str,
        gnubg: &Config,
    ) -> Result<(Contender, Contender), ContenderError> {
        Contender::parse_pair_judged(spec, &Judge::process(gnubg.clone()))
    }

    /// [`Contender::parse_pair_with`], a gnubg player judged by `gnubg`.
    pub fn parse_pair_judged(
        spec: &str,
        gnubg: &Judge,
    ) -> Result<(Contender, Contender), ContenderError> {
        const NAMES: [&str; 4] = ["pubeval", "random", "classic", "gnubg"];
        let splits = spec.match_indices(':').map(|(i, _)| i).filter(|&i| {
            let right = &spec[i + 1..];
            !spec[..i].is_empty()
                && NAMES.iter().any(|n| {
                    right == *n
                        || right
                            .strip_prefix(n)
                            .is_some_and(|rest| rest.starts_with(':'))
                })
        });
        let mut error = None;
        for i in splits {
            let both = Contender::parse_judged(&spec[..i], gnubg)
                .and_then(|a| Ok((a, Contender::parse_judged(&spec[i + 1..], gnubg)?)));
            match both {
                Ok(pair) => return Ok(pair),
                Err(e) => {
                    error.get_or_insert(e);
                }
            }
        }
        Err(error.unwrap_or_else(|| ContenderError::Pair(spec.to_string())))
    }

    /// GNU Backgammon at `plies` (at most
    /// [`GNUBG_MAX_PLIES`](crate::evaluation::opponents::GNUBG_MAX_PLIES)), started with `config`,
    /// named `gnubg` at 0 plies and `gnubg:P` otherwise.
    pub fn gnubg(plies: u8, config: Config) -> Contender {
        Contender::judged(plies, &Judge::process(config))
    }

    /// GNU Backgammon at `plies` as `judge` gives it (the program or its nets in bgw), named
    /// as [`Contender::gnubg`] names it.
    pub fn judged(plies: u8, judge: &Judge) -> Contender {
        Contender::Gnubg {
            plies,
            name: match plies {
                0 => "gnubg".to_string(),
                p => format!("gnubg:{p}"),
            },
            pool: EnginePool::new(judge.make()),
        }
    }

    /// The gnubg processes of a gnubg contender.
    pub fn gnubg_pool(&self) -> Option<&Arc<GnubgPool>> {
        match self {
            Contender::Gnubg { pool, .. } => Some(pool),
            _ => None,
        }
    }

    /// Why a gnubg contender's players stopped asking gnubg (then what they played is not
    /// gnubg's and must be discarded); `None` for every other contender.
    pub fn failure(&self) -> Option<String> {
        self.gnubg_pool().and_then(|p| p.failure())
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
            Contender::Classic { name, .. } | Contender::Gnubg { name, .. } => name.clone(),
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
            Contender::Gnubg { plies, name, pool } => {
                AnyPlayer::Gnubg(GnubgPlayer::new(*plies, name.clone(), Arc::clone(pool)))
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
    /// GNU Backgammon.
    Gnubg(GnubgPlayer),
}

impl Player for AnyPlayer {
    fn name(&self) -> String {
        match self {
            AnyPlayer::Pubeval(p) => p.name(),
            AnyPlayer::Random(p) => p.name(),
            AnyPlayer::Classic(p) => p.name(),
            AnyPlayer::Gnubg(p) => p.name(),
        }
    }

    fn choose(&mut self, pos: &Position, dice: Dice, plays: &[Play]) -> usize {
        match self {
            AnyPlayer::Pubeval(p) => p.choose(pos, dice, plays),
            AnyPlayer::Random(p) => p.choose(pos, dice, plays),
            AnyPlayer::Classic(p) => p.choose(pos, dice, plays),
            AnyPlayer::Gnubg(p) => p.choose(pos, dice, plays),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// gnubg as a player over its nets in bgw: it plays gnubg's 0-ply choice with no program.
    #[test]
    fn a_gnubg_player_over_the_native_judge_plays_without_a_program() {
        use crate::core::moves::legal_plays;
        use crate::core::position::Side;
        use crate::reference::native::NativeEvaluator;
        let judge = Judge::native(NativeEvaluator::self_contained());
        let c = Contender::parse_judged("gnubg", &judge).unwrap();
        assert_eq!(c.name(), "gnubg");
        let pos = Position::opening(Side::White);
        let dice = Dice::new(3, 1).unwrap();
        let plays = legal_plays(&pos, dice);
        let i = c.player(0).choose(&pos, dice, &plays);
        assert_eq!(plays[i].mv.notation(), "8/5 6/5");
        assert_eq!(c.failure(), None);
        let pool = c.gnubg_pool().unwrap();
        assert_eq!((pool.started(), pool.requests()), (1, 1));
    }

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
        // gnubg: parsed without starting it.
        for (spec, plies) in [("gnubg", 0), ("gnubg:0", 0), ("gnubg:1", 1), ("gnubg:2", 2)] {
            let c = Contender::parse(spec).unwrap();
            assert!(
                matches!(c, Contender::Gnubg { plies: p, .. } if p == plies),
                "{spec}"
            );
            assert_eq!(c.player(0).name(), c.name());
            let pool = c.gnubg_pool().unwrap();
            assert_eq!((pool.started(), pool.requests()), (0, 0));
            assert_eq!(c.failure(), None);
        }
        assert_eq!(Contender::parse("gnubg:2").unwrap().name(), "gnubg:2");
        assert_eq!(Contender::parse("gnubg:0").unwrap().name(), "gnubg");
        assert!(Contender::Pubeval.gnubg_pool().is_none());
    }

    #[test]
    fn two_players_are_split_at_a_name() {
        let pair = |s: &str| {
            Contender::parse_pair_with(s, &Config::default())
                .map(|(a, b)| (a.name(), b.name()))
                .map_err(|e| e.to_string())
        };
        let dir = tempfile::tempdir().unwrap();
        let w = dir.path().join("w.ron");
        crate::evaluation::classic::Weights::builtin_default()
            .save(&w)
            .unwrap();
        let w = w.display().to_string();
        assert_eq!(
            pair("classic:pubeval").unwrap(),
            ("classic".into(), "pubeval".into())
        );
        assert_eq!(
            pair("gnubg:1:gnubg").unwrap(),
            ("gnubg:1".into(), "gnubg".into())
        );
        assert_eq!(
            pair(&format!("classic:{w}:gnubg:2")).unwrap(),
            (format!("classic:{w}"), "gnubg:2".into())
        );
        assert_eq!(
            pair(&format!("pubeval:classic:{w}")).unwrap(),
            ("pubeval".into(), format!("classic:{w}"))
        );
        for bad in ["classic", "classic:", ":pubeval", "classic-pubeval", "x:y"] {
            let e = pair(bad).unwrap_err();
            assert!(e.contains("is not two players A:B"), "{bad}: {e}");
        }
        let e = pair("foo:pubeval").unwrap_err();
        assert!(e.starts_with("unknown player 'foo'"), "{e}");
        let e = pair("classic:gnubg:7").unwrap_err();
        assert!(e.contains("bad gnubg plies '7'"), "{e}");
    }

    #[test]
    fn bad_names_and_files_are_errors() {
        for bad in ["", "classic:", "gnubg3", "Pubeval", "gnu"] {
            let e = Contender::parse(bad).unwrap_err();
            assert!(e.to_string().starts_with("unknown player"), "{bad}: {e}");
        }
        for bad in [
            "gnubg:", "gnubg:9", "gnubg:x", "gnubg:3", "gnubg:+1", "gnubg:-0",
        ] {
            let e = Contender::parse(bad).unwrap_err();
            assert!(matches!(e, ContenderError::Plies(_)), "{bad}: {e}");
            assert!(e.to_string().contains("0 to 2 plies"), "{e}");
        }
        let e = Contender::parse("classic:/nonexistent/w.ron").unwrap_err();
        assert!(e.to_string().contains("/nonexistent/w.ron"), "{e}");
        let e =
            Contender::parse_pair_with("classic:/nonexistent/w.ron:pubeval", &Config::default())
                .unwrap_err();
        assert!(e.to_string().contains("/nonexistent/w.ron"), "{e}");
    }
}
