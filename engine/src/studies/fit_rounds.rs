//! The iterated fit: weights fitted on the positions they reach in their own games, round by
//! round, kept by play — DAgger (Ross, Gordon & Bagnell 2011) for the classic evaluator.
//!
//! # Why
//! Fitted once to gnubg's decisions in somebody else's games, the weights learn those
//! positions and steer into others, where they lose (covariate shift: docs/benchmark.md). So
//! each round lets the learner play and the expert label what it met:
//!
//! 1. **Play**: the current weights play `games` games (duplicate pairs) against pubeval or
//!    against themselves; every decision of theirs with two legal plays or more is judged by
//!    the reference engine (gnubg at `plies`, cubeless money) — [`from_play`].
//! 2. **Aggregate**: those decisions join every earlier round's (a repeated position and roll
//!    once), the training set.
//! 3. **Refit**: [`fit`] from the current weights on the whole training set; the result plays
//!    the next round, whatever its strength, so that the next round labels the positions
//!    *it* reaches.
//! 4. **Duel**: the refit plays pubeval on fixed dice (the same pairs every round: common
//!    random numbers), pair by pair beside the best weights so far. It becomes the best when
//!    its gain over them is positive over all the pairs, or — with a sequential test
//!    ([`IteratedConfig::sprt`]) — when the test accepts "better by at least that
//!    margin"; the test stops the duel as soon as it knows, either way.
//!
//! The run ends after `rounds` rounds, or after `patience` rounds in a row without a new
//! best. The best weights *by play* are the result, never merely the last fit.
//!
//! # Resuming
//! [`IteratedFit::save`] writes a folder: `state.json` (the settings, the start, every round's
//! figures and weights) and `round-NNN.jsonl.gz` (each round's judged decisions in the
//! benchmark format). [`IteratedFit::load`] reads it back, and [`iterate`] goes on from the
//! round after the last one saved, with the same dice and seeds as an uninterrupted run:
//! a resumed run gives the same weights.

use crate::core::dice::Dice;
use crate::core::position::Position;
use crate::core::rng::SplitMix64;
use crate::core::task::Task;
use crate::evaluation::classic::Weights;
use crate::evaluation::opponents::Pubeval;
use crate::reference::ReferenceEngine;
use crate::studies::benchmark::{
    Benchmark, BenchmarkError, BuildError, Built, ClassicRescore, FitConfig, FitError, JudgeConfig,
    MAX_PLIES, PlayConfig, fit, from_play,
};
use crate::studies::duel::{
    BATCH_PAIRS, Batch, Contender, Decision, Hypotheses, PairStats, Sprt, SprtError,
    duel_pair_range, sequential,
};
use std::collections::HashSet;
use std::fmt;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::Path;
use std::time::Instant;

/// The most rounds a run may ask for.
pub const MAX_ROUNDS: u32 = 1000;

/// The most games a round may play (and label).
pub const MAX_ROUND_GAMES: u32 = 1_000_000;

/// The most games of a round's duel.
pub const MAX_DUEL_GAMES: u64 = 10_000_000;

/// Whom the weights play in a round's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sparring {
    /// Tesauro's pubeval: the positions of the games the weights are measured by.
    Pubeval,
    /// The weights themselves.
    Itself,
}

impl Sparring {
    /// `pubeval` or `itself`.
    pub fn name(self) -> &'static str {
        match self {
            Sparring::Pubeval => "pubeval",
            Sparring::Itself => "itself",
        }
    }
}

/// The settings of a run (saved with it: a resumed run keeps them).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct IteratedConfig {
    /// The most rounds, in all (a resumed run counts the saved ones).
    pub rounds: u32,
    /// Games a round plays and labels (rounded up to whole duplicate pairs).
    pub games: u32,
    /// Whom the weights play in those games.
    pub sparring: Sparring,
    /// The judge's depth: 0 to [`MAX_PLIES`].
    pub plies: u8,
    /// The seed of everything: round `r`'s games are played from the first number of
    /// `SplitMix64::derive(seed, [1, r])`, its fit's random directions from `seed + r`, and
    /// the duel's dice from `seed` itself.
    pub seed: u64,
    /// The most games of each round's duel against pubeval.
    pub duel_games: u64,
    /// With a test: the round's weights replace the best only when the sequential test of
    /// their gain over the best accepts H1, and the duel stops as soon as the test decides.
    /// Without: the whole duel, and any gain.
    pub sprt: Option<GainTest>,
    /// Rounds in a row without a new best that end the run.
    pub patience: u32,
    /// The fit's basin hops a round ([`FitConfig::hops`]; fewer than a fresh fit's, since a
    /// round starts from the last round's weights).
    pub hops: usize,
}

impl Default for IteratedConfig {
    fn default() -> IteratedConfig {
        IteratedConfig {
            rounds: 8,
            games: 400,
            sparring: Sparring::Pubeval,
            plies: 0,
            seed: 1,
            duel_games: 10_000,
            sprt: None,
            patience: 3,
            hops: 3,
        }
    }
}

impl IteratedConfig {
    /// Checks every setting's range; the message names the setting as the command line does.
    pub fn check(&self) -> Result<(), String> {
        if !(1..=MAX_ROUNDS).contains(&self.rounds) {
            return Err(format!(
                "rounds must be 1 to {MAX_ROUNDS}, not {}",
                self.rounds
            ));
        }
        if !(2..=MAX_ROUND_GAMES).contains(&self.games) {
            return Err(format!(
                "games a round must be 2 to {MAX_ROUND_GAMES}, not {}",
                self.games
            ));
        }
        if self.plies > MAX_PLIES {
            return Err(format!(
                "plies must be 0 to {MAX_PLIES}, not {}",
                self.plies
            ));
        }
        if !(2..=MAX_DUEL_GAMES).contains(&self.duel_games) {
            return Err(format!(
                "duel games must be 2 to {MAX_DUEL_GAMES}, not {}",
                self.duel_games
            ));
        }
        if self.patience == 0 {
            return Err("patience must be at least 1 round".into());
        }
        if self.hops > 100 {
            return Err(format!("hops must be 0 to 100, not {}", self.hops));
        }
        self.sprt().map(|_| ()).map_err(|e| e.to_string())
    }

    /// The sequential test of a round's gain over the best, if the run has one.
    pub fn sprt(&self) -> Result<Option<Sprt>, SprtError> {
        self.sprt
            .map(|t| {
                Sprt::new(
                    Hypotheses::Ppg {
                        ppg0: t.ppg0,
                        ppg1: t.ppg1,
                    },
                    t.alpha,
                    t.beta,
                )
            })
            .transpose()
    }

    fn max_pairs(&self) -> u64 {
        self.duel_games.div_ceil(2)
    }
}

/// A sequential test of a round's gain over the best (points a game against pubeval, pair
/// by pair on the same dice): H0 `ppg0` (0: no better), H1 `ppg1`, error rates α and β.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GainTest {
    /// H0's gain.
    pub ppg0: f64,
    /// H1's gain (above `ppg0`).
    pub ppg1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl GainTest {
    /// The test of `sprt`'s hypotheses and rates, if they are in points a game.
    pub fn of(sprt: &Sprt) -> Option<GainTest> {
        match sprt.hypotheses() {
            Hypotheses::Ppg { ppg0, ppg1 } => Some(GainTest {
                ppg0,
                ppg1,
                alpha: sprt.alpha(),
                beta: sprt.beta(),
            }),
            Hypotheses::Elo { .. } => None,
        }
    }
}

/// A player's points a game against pubeval on the run's duel dice.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Score {
    /// Points a game.
    pub ppg: f64,
    /// Its standard error over the duplicate pairs.
    pub stderr: f64,
    /// Games played.
    pub games: u64,
}

impl Score {
    fn of(stats: &PairStats) -> Score {
        Score {
            ppg: stats.mean(),
            stderr: stats.stderr(),
            games: 2 * stats.n,
        }
    }
}

/// The seconds each stage of a round took.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Seconds {
    /// Playing the games and labelling their decisions.
    pub label: f64,
    /// The refit.
    pub fit: f64,
    /// The duel.
    pub duel: f64,
}

/// One round's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Round {
    /// The round, from 1.
    pub round: u32,
    /// Games played and labelled.
    pub games: u32,
    /// Decisions of those games new to the training set.
    pub new_decisions: usize,
    /// Decisions in the training set after this round.
    pub decisions: usize,
    /// The playing weights' mean loss (equity) on the decisions they met this round, before
    /// the refit saw them: how well they did on their own positions.
    pub fresh_loss: f64,
    /// The playing weights' mean loss on the whole training set, before the refit.
    pub train_start_loss: f64,
    /// The refit's mean loss on the training set.
    pub train_loss: f64,
    /// The refit's mean loss on the hold-out set, if one was given.
    pub holdout_loss: Option<f64>,
    /// The refit's weights.
    #[serde(with = "weights_text")]
    pub weights: Weights,
    /// The refit against pubeval (the pairs its duel played).
    pub score: Score,
    /// Its gain over the best so far on the same pairs, points a game.
    pub gain: f64,
    /// The gain's standard error over the pairs.
    pub gain_stderr: f64,
    /// The sequential test's decision, with one.
    pub sprt: Option<Decision>,
    /// True when these weights became the best.
    pub best: bool,
    /// What each stage took.
    pub seconds: Seconds,
}

/// A run: its settings, the start and the rounds so far, and their training set.
#[derive(Clone, Debug)]
pub struct IteratedFit {
    /// The settings.
    pub config: IteratedConfig,
    /// The starting weights (their terms are the ones fitted).
    pub start: Weights,
    /// The start against pubeval on the duel's dice (all its pairs); `None` until the run
    /// has measured it.
    pub start_score: Option<Score>,
    /// The rounds done.
    pub rounds: Vec<Round>,
    /// Each round's judged decisions, benchmark lines (what [`IteratedFit::save`] writes).
    texts: Vec<String>,
    /// Every round's decisions read, each position and roll once: the training set.
    training: Benchmark,
    /// The positions and rolls in `training`.
    seen: HashSet<(Position, Dice)>,
}

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every round asked for was played.
    Rounds,
    /// `patience` rounds in a row found nothing better.
    NoBetter,
}

/// Why a run failed or stopped early; the rounds done are kept in the [`IteratedFit`].
#[derive(Debug)]
pub enum IteratedError {
    /// Cancelled: the rounds finished are kept, the one under way is dropped.
    Cancelled,
    /// The settings are out of range.
    Config(String),
    /// The judge or a player failed.
    Build(BuildError),
    /// A round's judged decisions could not be read back as a benchmark (a bug).
    Benchmark(BenchmarkError),
}

impl fmt::Display for IteratedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IteratedError::Cancelled => f.write_str("the iterated fit was cancelled"),
            IteratedError::Config(why) => f.write_str(why),
            IteratedError::Build(e) => write!(f, "{e}"),
            IteratedError::Benchmark(e) => write!(f, "a round's decisions: {e}"),
        }
    }
}

impl std::error::Error for IteratedError {}

impl From<BuildError> for IteratedError {
    fn from(e: BuildError) -> Self {
        match e {
            BuildError::Cancelled => IteratedError::Cancelled,
            e => IteratedError::Build(e),
        }
    }
}

impl From<FitError> for IteratedError {
    fn from(_: FitError) -> Self {
        IteratedError::Cancelled
    }
}

impl IteratedFit {
    /// A run from `start` with `config`, no round done.
    pub fn new(start: Weights, config: IteratedConfig) -> IteratedFit {
        IteratedFit {
            config,
            start,
            start_score: None,
            rounds: Vec::new(),
            texts: Vec::new(),
            training: Benchmark {
                decisions: Vec::new(),
                repeated: 0,
            },
            seen: HashSet::new(),
        }
    }

    /// The weights that play the next round: the last refit, or the start.
    pub fn current(&self) -> Weights {
        self.rounds.last().map_or(self.start, |r| r.weights)
    }

    /// The best weights by play so far, their score and their round (`None`: the start).
    pub fn best(&self) -> (Weights, Option<Score>, Option<u32>) {
        match self.rounds.iter().rev().find(|r| r.best) {
            Some(r) => (r.weights, Some(r.score), Some(r.round)),
            None => (self.start, self.start_score, None),
        }
    }

    /// Rounds in a row, at the end, without a new best.
    pub fn rounds_without_better(&self) -> u32 {
        self.rounds.iter().rev().take_while(|r| !r.best).count() as u32
    }

    /// The training set: every round's decisions, each position and roll once.
    pub fn training(&self) -> &Benchmark {
        &self.training
    }

    /// The decisions of `round` not in the training set yet (a repeated one counted in
    /// `repeated`).
    fn unseen(&self, round: &Benchmark) -> Benchmark {
        let (decisions, again): (Vec<_>, Vec<_>) = round
            .decisions
            .iter()
            .cloned()
            .partition(|d| !self.seen.contains(&(d.position, d.dice)));
        Benchmark {
            decisions,
            repeated: round.repeated + again.len(),
        }
    }

    /// Adds a round's judged decisions — `text`, and its decisions not seen before, `new`
    /// ([`IteratedFit::unseen`]) — to the training set.
    fn add(&mut self, text: String, new: Benchmark) {
        self.seen
            .extend(new.decisions.iter().map(|d| (d.position, d.dice)));
        self.training.decisions.extend(new.decisions);
        self.training.repeated += new.repeated;
        self.texts.push(text);
    }

    /// Writes the run to the folder `dir` (made if missing): `state.json` and one
    /// `round-NNN.jsonl.gz` a round, each atomically; the round files first, so that a state
    /// never names a round whose decisions are missing.
    pub fn save(&self, dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (k, text) in self.texts.iter().enumerate() {
            let path = dir.join(round_file(k as u32 + 1));
            if path.exists() {
                continue;
            }
            crate::io::atomic_file::write_atomic(&path, |w| {
                let mut z = flate2::write::GzEncoder::new(w, flate2::Compression::default());
                z.write_all(text.as_bytes())?;
                z.finish()?;
                Ok(())
            })?;
        }
        let state = State {
            format: STATE_FORMAT,
            config: self.config.clone(),
            start: self.start,
            start_score: self.start_score,
            rounds: self.rounds.clone(),
        };
        let json = serde_json::to_string_pretty(&state).map_err(io::Error::other)?;
        crate::io::atomic_file::write_atomic(&dir.join(STATE_FILE), |w| {
            w.write_all(json.as_bytes())?;
            w.write_all(b"\n")
        })
    }

    /// Reads a run saved by [`IteratedFit::save`]; errors name the file.
    pub fn load(dir: &Path) -> io::Result<IteratedFit> {
        let path = dir.join(STATE_FILE);
        let text = read_capped(&path, STATE_CAP)?;
        let bad = |why: String| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {why}", path.display()),
            )
        };
        let state: State = serde_json::from_slice(&text).map_err(|e| bad(e.to_string()))?;
        if state.format != STATE_FORMAT {
            return Err(bad(format!(
                "format {} is not this program's {STATE_FORMAT}",
                state.format
            )));
        }
        state.config.check().map_err(bad)?;
        for (k, r) in state.rounds.iter().enumerate() {
            if r.round != k as u32 + 1 {
                return Err(bad(format!(
                    "round {} is saved as round {}",
                    k + 1,
                    r.round
                )));
            }
        }
        let mut fit_run = IteratedFit::new(state.start, state.config);
        fit_run.start_score = state.start_score;
        fit_run.rounds = state.rounds;
        for r in 1..=fit_run.rounds.len() as u32 {
            let path = dir.join(round_file(r));
            let bytes = read_capped(&path, crate::studies::benchmark::FILE_CAP)?;
            let mut text = String::new();
            flate2::read::MultiGzDecoder::new(&bytes[..])
                .take(crate::studies::benchmark::TEXT_CAP)
                .read_to_string(&mut text)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
            let read = Benchmark::read(text.as_bytes()).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            })?;
            let new = fit_run.unseen(&read);
            // The round's file must hold what the state counted: a file cut short or
            // replaced would resume another run under this one's figures.
            let counted = &fit_run.rounds[r as usize - 1];
            let total = fit_run.training.decisions.len() + new.decisions.len();
            if new.decisions.len() != counted.new_decisions || total != counted.decisions {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: {} new decisions ({total} in all after it), but {STATE_FILE} \
                         counts {} ({} in all): the file was cut short or changed",
                        path.display(),
                        new.decisions.len(),
                        counted.new_decisions,
                        counted.decisions
                    ),
                ));
            }
            fit_run.add(text, new);
        }
        Ok(fit_run)
    }
}

/// The state file's name in a run's folder.
pub const STATE_FILE: &str = "state.json";

/// The state file's format version.
const STATE_FORMAT: u32 = 1;

/// The largest state file read: 16 MiB (a round takes about 1 KB).
const STATE_CAP: u64 = 16 << 20;

/// Round `r`'s decisions' file name.
pub fn round_file(r: u32) -> String {
    format!("round-{r:03}.jsonl.gz")
}

fn read_capped(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    let (file, len) = crate::io::user_file::open_regular(path).map_err(named)?;
    if len > cap {
        return Err(named(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{len} bytes, more than the {cap} such a file may have"),
        )));
    }
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes).map_err(named)?;
    Ok(bytes)
}

#[derive(serde::Serialize, serde::Deserialize)]
struct State {
    format: u32,
    config: IteratedConfig,
    #[serde(with = "weights_text")]
    start: Weights,
    start_score: Option<Score>,
    rounds: Vec<Round>,
}

/// Weights in JSON as their RON text (the weights file's own format).
mod weights_text {
    use crate::evaluation::classic::Weights;
    use serde::{Deserialize, Deserializer, Serializer, de::Error as _, ser::Error as _};

    pub fn serialize<S: Serializer>(w: &Weights, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&w.to_ron().map_err(|e| S::Error::custom(e.to_string()))?)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Weights, D::Error> {
        let text = String::deserialize(d)?;
        Weights::from_ron(&text).map_err(|e| D::Error::custom(e.to_string()))
    }
}

/// What [`iterate`] reports while it works.
#[derive(Clone, Debug)]
pub enum Progress<'a> {
    /// The start was measured against pubeval.
    Start(&'a IteratedFit),
    /// A round ended (the last of `fit.rounds`), and the run is ready to be saved.
    Round(&'a IteratedFit),
}

/// Runs rounds of `fit` (see the module doc) until its settings say stop, with judges from
/// `make_judge` (`threads` at once) and, if given, a hold-out set scored every round. After
/// the start's duel and after every round `progress` is called (save the run there: the next
/// round may never end). `task` shows the stage ("round 3: labelling", …) and its counts;
/// cancelling it ends the run with [`IteratedError::Cancelled`], the rounds finished kept.
pub fn iterate<E: ReferenceEngine>(
    fit_run: &mut IteratedFit,
    holdout: Option<&ClassicRescore>,
    threads: usize,
    make_judge: &(dyn Fn() -> E + Sync),
    task: &Task,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<Ended, IteratedError> {
    let config = fit_run.config.clone();
    config.check().map_err(IteratedError::Config)?;
    let sprt = config
        .sprt()
        .map_err(|e| IteratedError::Config(e.to_string()))?;
    let max_pairs = config.max_pairs();
    // The best weights' pair values on the duel's dice, played as far as needed.
    let mut best_values = PairValues::new(fit_run.best().0, config.seed);
    // One bar for the run (`Task::part`): the start's duel a fifth of a round, each round
    // left a slice, its stages in it; a run that ends early (no better round) jumps to the
    // end. The bar never runs backwards when a stage begins.
    let start_share = if fit_run.start_score.is_none() {
        0.2
    } else {
        0.0
    };
    let rounds_left = config.rounds.saturating_sub(fit_run.rounds.len() as u32);
    let slices = start_share + f64::from(rounds_left);
    let at = |x: f64| if slices > 0.0 { x / slices } else { 1.0 };
    let first_round = fit_run.rounds.len() as u32;
    if fit_run.start_score.is_none() {
        let part = task.part(0.0, at(start_share), "the start against pubeval");
        let start = measure_start(fit_run, max_pairs, &part)?;
        if fit_run.best().2.is_none() {
            best_values = start;
        }
        progress(Progress::Start(fit_run));
    }
    let rounds = Rounds {
        config: &config,
        sprt: sprt.as_ref(),
        max_pairs,
        holdout,
        threads,
        make_judge,
    };
    loop {
        if fit_run.rounds.len() as u32 >= config.rounds {
            return Ok(Ended::Rounds);
        }
        if fit_run.rounds_without_better() >= config.patience {
            return Ok(Ended::NoBetter);
        }
        let round = fit_run.rounds.len() as u32 + 1;
        let slice = start_share + f64::from(round - 1 - first_round);
        let this_round = task.part(at(slice), at(slice + 1.0), format!("round {round}"));
        let played = rounds.play(fit_run, &mut best_values, round, &this_round)?;
        if played.round.best {
            best_values = played.values;
        }
        fit_run.rounds.push(played.round);
        fit_run.add(played.text, played.new);
        progress(Progress::Round(fit_run));
    }
}

/// What stays the same over a run's rounds: its settings, the duel's test and length, the
/// hold-out set and the judges.
struct Rounds<'a, E> {
    config: &'a IteratedConfig,
    sprt: Option<&'a Sprt>,
    max_pairs: u64,
    holdout: Option<&'a ClassicRescore>,
    threads: usize,
    make_judge: &'a (dyn Fn() -> E + Sync),
}

/// A round played: its record, the pair values of its weights, and what it adds to the run
/// (the benchmark text of its games, the decisions not seen before).
struct Played {
    round: Round,
    values: PairValues,
    text: String,
    new: Benchmark,
}

impl<E: ReferenceEngine> Rounds<'_, E> {
    /// Round `round` of `fit_run`, its four stages in `task`'s bar: play and label, aggregate,
    /// refit, and the duel of the refitted weights against pubeval beside the best weights
    /// (`best_values`, played further as the duel needs). Nothing is kept in `fit_run`: a
    /// round stopped half-way adds nothing.
    fn play(
        &self,
        fit_run: &IteratedFit,
        best_values: &mut PairValues,
        round: u32,
        task: &Task,
    ) -> Result<Played, IteratedError> {
        let config = self.config;
        let current = fit_run.current();
        let stage = |from: f64, to: f64, phase: String| {
            let part = task.part(from, to, "");
            part.set_phase(phase);
            part
        };

        // 1. Play and label.
        let clock = Instant::now();
        let labelling = stage(0.0, 0.6, "playing and labelling".into());
        let built = play_and_label(
            current,
            config,
            round,
            self.threads,
            self.make_judge,
            &labelling,
        )?;
        let label = clock.elapsed().as_secs_f64();

        // 2. Aggregate: the training set as it will be when the round is done.
        let Aggregated {
            new,
            fresh_loss,
            training,
        } = aggregate(fit_run, &built.text, &current)?;
        let decisions = training.benchmark().decisions.len();

        // 3. Refit.
        let clock = Instant::now();
        let fitting = stage(0.6, 0.8, format!("fitting {decisions} decisions"));
        let fit_config = FitConfig {
            seed: config.seed.wrapping_add(u64::from(round)),
            hops: config.hops,
            ..FitConfig::default()
        };
        let outcome = fit(&training, self.holdout, &current, &fit_config, &fitting)?;
        let fit_seconds = clock.elapsed().as_secs_f64();

        // 4. Duel against pubeval beside the best.
        let clock = Instant::now();
        let duel = stage(0.8, 1.0, "duel against pubeval".into());
        duel.set(0, 2 * self.max_pairs);
        let mut mine = PairValues::new(outcome.weights, config.seed);
        let judged = judge(&mut mine, best_values, self.max_pairs, self.sprt, &duel);
        let Some((gains, decision)) = judged else {
            return Err(IteratedError::Cancelled);
        };
        let better = match decision {
            Some(d) => d == Decision::H1,
            None => gains.mean() > 0.0,
        };
        let score = Score::of(&mine.stats(0..gains.n));
        let round = Round {
            round,
            games: built.games,
            new_decisions: new.decisions.len(),
            decisions,
            fresh_loss,
            train_start_loss: outcome.start_train.overall.mean_loss,
            train_loss: outcome.train.overall.mean_loss,
            holdout_loss: outcome.holdout.as_ref().map(|h| h.overall.mean_loss),
            weights: outcome.weights,
            score,
            gain: gains.mean(),
            gain_stderr: gains.stderr(),
            sprt: decision,
            best: better,
            seconds: Seconds {
                label,
                fit: fit_seconds,
                duel: clock.elapsed().as_secs_f64(),
            },
        };
        Ok(Played {
            round,
            values: mine,
            text: built.text,
            new,
        })
    }
}

/// The start's duel: the starting weights against pubeval on all `max_pairs` pairs, its score
/// kept in `fit_run`; the pair values, for the best weights' while no round is better.
fn measure_start(
    fit_run: &mut IteratedFit,
    max_pairs: u64,
    task: &Task,
) -> Result<PairValues, IteratedError> {
    let mut start = PairValues::new(fit_run.start, fit_run.config.seed);
    start.ensure(max_pairs, task)?;
    fit_run.start_score = Some(Score::of(&start.stats(0..max_pairs)));
    Ok(start)
}

/// Step 1 of round `round`: `current` plays `config.games` games against its sparring partner
/// (pubeval or itself) on the round's own seed, and judges from `make_judge` label every
/// decision at `config.plies`.
fn play_and_label<E: ReferenceEngine>(
    current: Weights,
    config: &IteratedConfig,
    round: u32,
    threads: usize,
    make_judge: &(dyn Fn() -> E + Sync),
    task: &Task,
) -> Result<Built, IteratedError> {
    let me = Contender::classic(current, "current");
    let sparring = match config.sparring {
        Sparring::Pubeval => Contender::Pubeval,
        Sparring::Itself => Contender::classic(current, "itself"),
    };
    let play_seed = SplitMix64::derive(config.seed, &[1, u64::from(round)]).next_u64();
    Ok(from_play(
        &me,
        &sparring,
        &PlayConfig {
            games: config.games,
            seed: play_seed,
        },
        &JudgeConfig {
            plies: config.plies,
            threads: threads.max(1),
        },
        make_judge,
        task,
    )?)
}

/// What step 2 of a round makes of its labelled games: the decisions not seen before, the
/// current weights' loss on all of the round's, and the training set with the new ones added.
struct Aggregated {
    new: Benchmark,
    fresh_loss: f64,
    training: ClassicRescore,
}

/// Step 2 of a round: the benchmark `text` its games were labelled into, read, and the
/// training set as it will be when the round is done (not yet kept in `fit_run`).
fn aggregate(
    fit_run: &IteratedFit,
    text: &str,
    current: &Weights,
) -> Result<Aggregated, IteratedError> {
    let read = Benchmark::read(text.as_bytes()).map_err(IteratedError::Benchmark)?;
    let new = fit_run.unseen(&read);
    let fresh_loss = ClassicRescore::new(read)
        .rescore(current, "current")
        .overall
        .mean_loss;
    let training = ClassicRescore::new(Benchmark {
        decisions: [&fit_run.training.decisions[..], &new.decisions[..]].concat(),
        repeated: 0,
    });
    Ok(Aggregated {
        new,
        fresh_loss,
        training,
    })
}

/// The duel of a round: `mine` against `best` pair by pair on the same dice, all `max_pairs`
/// pairs or until `sprt` decides. The gains' sums, and the test's decision when there is one;
/// `None` if cancelled.
fn judge(
    mine: &mut PairValues,
    best: &mut PairValues,
    max_pairs: u64,
    sprt: Option<&Sprt>,
    task: &Task,
) -> Option<(PairStats, Option<Decision>)> {
    let mut gains = PairStats::default();
    let mut play = |pairs: Range<u64>| -> Batch {
        let ok = mine.ensure(pairs.end, task).is_ok() && best.ensure(pairs.end, task).is_ok();
        if !ok {
            return Batch {
                values: Vec::new(),
                stopped: true,
            };
        }
        task.set(2 * pairs.end, 2 * max_pairs);
        let values: Vec<f64> = pairs
            .map(|p| mine.values[p as usize] - best.values[p as usize])
            .collect();
        values.iter().for_each(|&g| gains.push(g));
        Batch {
            values,
            stopped: false,
        }
    };
    match sprt {
        Some(sprt) => {
            let outcome = sequential(sprt, max_pairs, &mut play);
            (!outcome.stopped).then_some((gains, Some(outcome.decision)))
        }
        None => {
            // Batches too, so that Ctrl+C is honoured within one.
            let mut start = 0;
            while start < max_pairs {
                let end = (start + BATCH_PAIRS * 10).min(max_pairs);
                if play(start..end).stopped {
                    return None;
                }
                start = end;
            }
            Some((gains, None))
        }
    }
}

/// Classic weights' points a game in each duplicate pair against pubeval on one seed's dice,
/// played as far as asked.
struct PairValues {
    weights: Weights,
    seed: u64,
    values: Vec<f64>,
}

impl PairValues {
    fn new(weights: Weights, seed: u64) -> PairValues {
        PairValues {
            weights,
            seed,
            values: Vec::new(),
        }
    }

    /// Plays the pairs up to `pairs` not played yet.
    fn ensure(&mut self, pairs: u64, task: &Task) -> Result<(), IteratedError> {
        let have = self.values.len() as u64;
        if have >= pairs {
            return Ok(());
        }
        let classic = Contender::classic(self.weights, "classic");
        let points = duel_pair_range(
            &|s| classic.player(s),
            &|_| Pubeval::new(),
            self.seed,
            have..pairs,
            task,
        )
        .ok_or(IteratedError::Cancelled)?;
        self.values
            .extend(points.iter().map(|&p| f64::from(p) / 2.0));
        Ok(())
    }

    fn stats(&self, pairs: Range<u64>) -> PairStats {
        let mut s = PairStats::default();
        self.values[pairs.start as usize..pairs.end as usize]
            .iter()
            .for_each(|&x| s.push(x));
        s
    }
}

#[cfg(test)]
mod tests;
