//! Rollouts of chosen moves by a reference engine: the settings (trials, truncation, variance
//! reduction, seed, the depth of play during the rollout, cubeless or cubeful at the match
//! state) and each move's result, its running mean and standard error while it runs.
//!
//! # What the standard error means
//! gnubg's own figure: the standard deviation of the trials' results divided by the square
//! root of their number, as if the trials were independent. With quasi-random dice (gnubg's
//! default, kept here) the first roll of every 36 trials is spread over all 36 rolls, which
//! makes the mean steadier than independent trials would: the figure errs on the safe side.
//! A move is rolled out in one run of gnubg with one seed; the running results shown while it
//! runs are gnubg's own after the trials done so far (nothing is combined across runs).

use super::Probabilities;
use std::fmt;

/// How a rollout is run.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RolloutSettings {
    /// Games played from each move's position.
    pub trials: u32,
    /// Plies after which each game is stopped and evaluated (0: played to the end).
    pub truncate: u32,
    /// gnubg's variance reduction (each roll's luck taken out by a one-ply lookahead).
    pub variance_reduction: bool,
    /// The random seed (the same seed gives the same rollout).
    pub seed: u32,
    /// The depth of the checker play during the rollout (0: gnubg's neural net alone).
    pub plies: u8,
    /// The depth of the cube decisions during a cubeful rollout.
    pub cube_plies: u8,
    /// Cubeful at the match state (the cube in play, in a match MWC), or cubeless money.
    pub cubeful: bool,
}

impl Default for RolloutSettings {
    fn default() -> RolloutSettings {
        RolloutSettings {
            trials: 144,
            truncate: 0,
            variance_reduction: true,
            seed: 1,
            plies: 0,
            cube_plies: 0,
            cubeful: false,
        }
    }
}

/// The most trials a rollout may ask for.
pub const MAX_TRIALS: u32 = 1_000_000;

/// The deepest checker play or cube decision during a rollout (deeper is far too slow here).
pub const MAX_ROLLOUT_PLIES: u8 = 2;

impl RolloutSettings {
    /// Why these settings cannot be used, in words.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_TRIALS).contains(&self.trials) {
            return Err(format!(
                "trials must be 1..{MAX_TRIALS}, not {}",
                self.trials
            ));
        }
        if self.truncate > 10_000 {
            return Err(format!(
                "truncation must be 0..10000 plies, not {}",
                self.truncate
            ));
        }
        if self.plies > MAX_ROLLOUT_PLIES || self.cube_plies > MAX_ROLLOUT_PLIES {
            return Err(format!(
                "the plies during a rollout must be 0..{MAX_ROLLOUT_PLIES}"
            ));
        }
        if self.seed > i32::MAX as u32 {
            return Err(format!("the seed must be 0..{}", i32::MAX));
        }
        Ok(())
    }
}

impl fmt::Display for RolloutSettings {
    /// `144 trials, to the end, variance reduction, seed 1, 0-ply, cubeless`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} trials, ", self.trials)?;
        match self.truncate {
            0 => write!(f, "to the end")?,
            n => write!(f, "truncated at {n} plies")?,
        }
        if self.variance_reduction {
            write!(f, ", variance reduction")?;
        } else {
            write!(f, ", no variance reduction")?;
        }
        write!(f, ", seed {}, {}-ply", self.seed, self.plies)?;
        match self.cubeful {
            true => write!(f, ", cubeful (cube {}-ply)", self.cube_plies),
            false => write!(f, ", cubeless"),
        }
    }
}

/// One move's rollout (or its running result), for the side that moved.
#[derive(Clone, PartialEq, Debug)]
pub struct RolloutResult {
    /// The move, in gnubg's notation.
    pub notation: String,
    /// The equity: cubeful (normalised, EMG, in a match) when the rollout is cubeful, else
    /// cubeless money.
    pub equity: f64,
    /// The standard error of `equity` (see the module doc).
    pub se: f64,
    /// Cubeless win, win gammon, win backgammon, lose gammon, lose backgammon.
    pub probs: Probabilities,
    /// Their standard errors.
    pub probs_se: Probabilities,
    /// The cubeless money equity and its standard error.
    pub cubeless: f64,
    /// The standard error of `cubeless`.
    pub cubeless_se: f64,
    /// In a cubeful rollout at a match score: the match-winning chance after the move.
    pub mwc: Option<f64>,
    /// Its standard error.
    pub mwc_se: Option<f64>,
    /// The trials done.
    pub trials: u32,
}

/// What a rollout reports while it runs: the running result of move `index` (of the moves
/// asked, in their order).
pub type RolloutProgress<'a> = &'a mut dyn FnMut(usize, &RolloutResult);
