//! "Test these weights": a duplicate-dice duel of the classic program with the weights being
//! edited against pubeval, against the weights last loaded or saved, or against GNU Backgammon
//! at 0 plies, in the background with a progress bar and Cancel, reporting points per game ±
//! standard error (and games per second).

use super::effect::Effect;
use super::feature::{Feature, Shared};
use super::jobs::{Job, Start, progress_ui};
use bgw_engine::core::task::Task;
use bgw_engine::evaluation::classic::{ClassicPlayer, Weights};
use bgw_engine::evaluation::opponents::Pubeval;
use bgw_engine::reference::{Judge, gnubg};
use bgw_engine::studies::duel::{self, Contender, DuelConfig, DuelResult};

/// The opponent of the weights being tested.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
pub enum Opponent {
    /// The pubeval benchmark.
    Pubeval,
    /// The classic program with the weights last loaded or saved.
    SavedWeights,
    /// GNU Backgammon at 0 plies (a gnubg process a worker thread).
    Gnubg,
}

/// What can be done with "Test these weights".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuelAction {
    /// Chooses the opponent and the number of games.
    Setup {
        /// The opponent.
        opponent: Opponent,
        /// Games to play.
        games: u64,
    },
    /// Starts the duel in the background.
    Start,
    /// Stops the duel.
    Cancel,
}

/// The duel's state.
pub struct DuelState {
    /// The opponent chosen.
    pub opponent: Opponent,
    /// Games to play.
    pub games: u64,
    /// The duel in progress.
    pub job: Option<Job<Result<DuelResult, String>>>,
    /// The last result, in words.
    pub result: Option<String>,
    /// The weights the last duel tested (and the saved ones it met, against the saved
    /// weights): its result is shown while these are the weights in use, and goes with them.
    pub tested: Option<(Weights, Weights)>,
    /// Who plays as gnubg (View → Judge): its program or its nets in bgw.
    pub judge: Judge,
}

impl Default for DuelState {
    fn default() -> DuelState {
        DuelState {
            opponent: Opponent::Pubeval,
            games: 2000,
            job: None,
            result: None,
            tested: None,
            judge: Judge::process(gnubg::Config::default()),
        }
    }
}

impl DuelState {
    /// Plays gnubg as `judge` gives it from the next duel on.
    pub fn use_judge(&mut self, judge: Judge) {
        self.judge = judge;
    }

    /// Applies one action; the duel tests the edited weights (against the saved ones when
    /// that is the opponent). Returns the note for the status line.
    fn apply(
        &mut self,
        action: DuelAction,
        current: Weights,
        saved: Weights,
    ) -> Vec<Effect<DuelAction>> {
        match action {
            DuelAction::Setup { opponent, games } => {
                self.opponent = opponent;
                self.games = games.max(2);
            }
            DuelAction::Start => {
                let start = self.start(current, saved);
                return vec![
                    Effect::start(start),
                    Effect::info(format!("testing the weights over {} games", self.games)),
                ];
            }
            DuelAction::Cancel => self.cancel(),
        }
        Vec::new()
    }

    /// A duel of `weights` against the chosen opponent (`saved` for the saved weights): its
    /// job kept here, its start for the shell.
    pub fn start(&mut self, weights: Weights, saved: Weights) -> Start {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.result = None;
        self.tested = Some((weights, saved));
        let config = DuelConfig {
            games: self.games.max(2),
            seed: 1,
        };
        let opponent = self.opponent;
        let judge = self.judge.clone();
        let what = match opponent {
            Opponent::Pubeval => "duel against pubeval",
            Opponent::SavedWeights => "duel against the saved weights",
            Opponent::Gnubg => "duel against gnubg 0-ply",
        };
        let (job, start) = Job::new(what, move |task: &Task| {
            let me = |_| ClassicPlayer::new(weights, "classic (these weights)");
            match opponent {
                Opponent::Pubeval => Ok(duel::duel(&me, &|_| Pubeval::new(), &config, task)),
                Opponent::SavedWeights => Ok(duel::duel(
                    &me,
                    &|_| ClassicPlayer::new(saved, "classic (saved weights)"),
                    &config,
                    task,
                )),
                Opponent::Gnubg => against_gnubg(&me, &config, &judge, task),
            }
        });
        self.job = Some(job);
        start
    }

    /// Takes the result when the duel has finished.
    pub fn poll(&mut self) {
        if let Some(job) = &self.job
            && let Some(r) = job.try_take()
        {
            self.result = Some(match r {
                Ok(r) => describe(&r),
                Err(e) => e,
            });
            self.job = None;
        }
    }

    /// Stops the duel (its figures so far are reported).
    pub fn cancel(&self) {
        if let Some(job) = &self.job {
            job.cancel();
        }
    }
}

/// A duel against gnubg 0-ply on a thread pool of its own
/// ([`bgw_engine::evaluation::opponents::gnubg_worker_threads`], a gnubg process each).
fn against_gnubg(
    me: &(dyn Fn(u64) -> ClassicPlayer + Sync),
    config: &DuelConfig,
    judge: &Judge,
    task: &Task,
) -> Result<DuelResult, String> {
    // Cancel ends the players' waits for gnubg at once, whatever gnubg does.
    let b = Contender::judged(0, &judge.clone().stopped_by(task));
    let failed = || b.gnubg_pool().is_some_and(|pool| pool.failed());
    let threads = rayon::ThreadPoolBuilder::new()
        .num_threads(bgw_engine::evaluation::opponents::gnubg_worker_threads())
        .build()
        .map_err(|e| format!("cannot start the duel's threads: {e}"))?;
    let r =
        threads.install(|| duel::duel_until(&|s| me(s), &|s| b.player(s), config, task, &failed));
    match b.failure() {
        Some(why) => Err(format!(
            "gnubg failed, the duel ended without figures: {why}"
        )),
        None => Ok(r),
    }
}

/// One line: ppg ± standard error, games, win rate.
pub fn describe(r: &DuelResult) -> String {
    format!(
        "{} vs {}: {} points per game over {} games (wins {:.1} %, gammons {:.1} %; {:.0} games/s){}",
        r.a,
        r.b,
        r.ppg_with_error(3),
        r.games,
        r.win_rate * 100.0,
        r.gammon_rate * 100.0,
        r.games as f64 / r.seconds.max(1e-9),
        if r.cancelled { " — cancelled" } else { "" }
    )
}

impl DuelState {
    /// The last result when it measured `current` (and, against the saved weights, `saved`):
    /// a figure goes when the weights it measured go (Undo, Reset, a fit used).
    pub fn result_for(&self, current: &Weights, saved: &Weights) -> Option<&str> {
        let (tested, met) = self.tested?;
        let same = tested == *current && (self.opponent != Opponent::SavedWeights || met == *saved);
        self.result.as_deref().filter(|_| same)
    }
}

/// The "Test these weights" line of the weight editor; the last result while it is of the
/// weights in use (`current`, and `saved` when they are the opponent).
pub fn show(
    ui: &mut egui::Ui,
    d: &DuelState,
    current: &Weights,
    saved: &Weights,
) -> Vec<DuelAction> {
    let mut out = Vec::new();
    // Wrapped, so that a narrow editor shows all of it without scrolling sideways.
    ui.horizontal_wrapped(|ui| {
        ui.label("Test these weights against");
        for (o, name) in [
            (Opponent::Pubeval, "pubeval"),
            (Opponent::SavedWeights, "the saved weights"),
            (Opponent::Gnubg, "gnubg 0-ply"),
        ] {
            if ui.selectable_label(d.opponent == o, name).clicked() {
                out.push(DuelAction::Setup {
                    opponent: o,
                    games: d.games,
                });
            }
        }
        let mut games = d.games;
        if ui
            .add(
                egui::DragValue::new(&mut games)
                    .range(2..=1_000_000)
                    .suffix(" games"),
            )
            .changed()
        {
            out.push(DuelAction::Setup {
                opponent: d.opponent,
                games,
            });
        }
        if ui
            .add_enabled(d.job.is_none(), egui::Button::new("Test"))
            .clicked()
        {
            out.push(DuelAction::Start);
        }
    });
    if let Some(job) = &d.job
        && progress_ui(ui, job)
    {
        out.push(DuelAction::Cancel);
    }
    if let Some(r) = d.result_for(current, saved) {
        ui.label(r);
    }
    out
}

impl Feature for DuelState {
    type Action = DuelAction;

    fn update(&mut self, action: DuelAction, shared: &mut Shared<'_>) -> Vec<Effect<DuelAction>> {
        self.apply(action, shared.weights, shared.saved_weights)
    }

    /// The result, said once when the duel has finished.
    fn poll(&mut self, _shared: &mut Shared<'_>) -> Vec<Effect<DuelAction>> {
        let had = self.job.is_some();
        DuelState::poll(self);
        match (&self.result, had && self.job.is_none()) {
            (Some(r), true) => vec![Effect::info(r.clone())],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 35, item 18: after Undo the duel line of the weights undone is not shown beside
    /// the weights now in use: a figure goes when the weights it measured go.
    #[test]
    fn a_duel_result_goes_with_the_weights_it_measured() {
        let mut w = crate::app::weights::WeightsState::default();
        let mut d = DuelState {
            games: 2,
            ..DuelState::default()
        };
        let mut fitted = w.current;
        fitted.set(bgw_engine::evaluation::classic::Term::HomePoints, 1.25);
        w.current = fitted;
        drop(d.start(w.current, w.saved));
        d.result = Some("classic (these weights) vs pubeval: +0.100".into());
        assert!(d.result_for(&w.current, &w.saved).is_some());
        w.current = Weights::builtin_default();
        assert_eq!(d.result_for(&w.current, &w.saved), None);
    }
}
