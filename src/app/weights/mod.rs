//! The classic program's weights being edited: the values, the file they came from, unsaved
//! changes, undo, and the question before unsaved changes are lost.
//!
//! - [`panel`]: the weight editor and the question (a modal);
//! - [`slider`]: the weight sliders' scale, in proportion to each weight (Shift: finer);
//! - [`yardstick`]: the weights' live error on a benchmark (the built-in play benchmark by
//!   default, the shipped self-play one, or a file);
//! - [`fitting`]: "Fit to the benchmark" in the background;
//! - [`rounds`]: "Fit on own games", the iterated fit, in the background;
//! - [`saved`]: what is kept across restarts.

pub mod fitting;
pub mod panel;
pub mod rounds;
pub mod rounds_panel;
pub mod saved;
pub mod slider;
pub mod yardstick;

use super::effect::Effect;
use super::files::{FileKind, Request};
use super::jobs::Start;
use bgw_engine::evaluation::classic::{Term, Weights};
use std::path::{Path, PathBuf};

/// What can be done to the weights.
#[derive(Clone, Debug, PartialEq)]
pub enum WeightsAction {
    /// Sets one weight. `gesture` is false while a slider drag goes on (one undo step per
    /// drag), true for a new change.
    Set {
        /// The term.
        term: Term,
        /// Its new weight.
        value: f64,
        /// True when this change starts a new undo step.
        gesture: bool,
    },
    /// Switches a term beyond the seed's on (weight 0 until set) or off (weight 0, hidden);
    /// one undo step. The seed's terms stay on.
    Switch {
        /// The term.
        term: Term,
        /// On or off.
        on: bool,
    },
    /// Undoes the last weight change.
    Undo,
    /// Back to the shipped default weights (asks first when there are unsaved changes).
    Reset,
    /// Asks for a weights file and loads it (asks first when there are unsaved changes).
    Open,
    /// Loads this weights file (asks first when there are unsaved changes).
    Load(PathBuf),
    /// Loads the file chosen in the Open dialog (losing the edits was agreed before asking).
    LoadChosen(PathBuf),
    /// Saves the weights to their file (asks for one when there is none).
    Save,
    /// Asks where to save the weights, then saves them.
    SaveAs,
    /// Saves the weights to this file (the answer of the Save As dialog).
    SaveTo(PathBuf),
    /// Answers the question about unsaved weight changes: true discards them.
    ConfirmDiscard(bool),
    /// Fits the weights to the benchmark in use in the background, from the current ones.
    Fit,
    /// Stops the running fit (the weights stay as they are).
    CancelFit,
    /// Uses the proposed fit's weights (one undo step).
    UseFit,
    /// Discards the proposed fit's weights.
    DiscardFit,
    /// Fits the weights on their own games, round by round, from the current ones (the
    /// iterated fit, in the background).
    FitRounds,
    /// Goes on with the last iterated fit for as many rounds more as the settings say.
    MoreRounds,
    /// Stops the running iterated fit (the rounds finished are kept, their best proposed).
    CancelRounds,
    /// Uses the iterated fit's best weights (one undo step).
    UseRounds,
    /// Discards the iterated fit's best weights.
    DiscardRounds,
    /// The next iterated fit's rounds and games a round.
    RoundSettings {
        /// Rounds, 1 to 50.
        rounds: u32,
        /// Games a round, 20 to 10,000.
        games: u32,
    },
    /// Whom the next iterated fit's weights play in its rounds: pubeval or themselves.
    RoundSparring(bgw_engine::studies::fit_rounds::Sparring),
    /// Puts a decision of the benchmark on the board (its XGID); the coordinator carries it
    /// out.
    ShowDecision(String),
    /// Asks for a benchmark file to score the weights on.
    OpenBenchmark,
    /// Scores the weights on this benchmark from now on (prepared in the background).
    UseBenchmark(yardstick::Source),
}

/// What a finished fit reports: its figures, and whether they come with a caution (the
/// benchmark improves while play gets worse) — a warning, not an error: the fit is done.
#[derive(Clone, Debug, PartialEq)]
pub struct FitNews {
    /// The figures in words.
    pub text: String,
    /// The fit plays worse than the start: the person is warned.
    pub careful: bool,
}

/// What a finished iterated fit reports: its best by play against the start, or why it
/// stopped with nothing better.
fn rounds_news(run: &bgw_engine::studies::fit_rounds::IteratedFit) -> Result<FitNews, String> {
    let (_, best, round) = run.best();
    let start = run
        .start_score
        .ok_or_else(|| "the fit on own games stopped before its first duel".to_string())?;
    let done = format!(
        "fit on own games: {} round{}",
        run.rounds.len(),
        if run.rounds.len() == 1 { "" } else { "s" }
    );
    Ok(match (round, best) {
        (Some(k), Some(b)) => FitNews {
            text: format!(
                "{done}; round {k} plays best, {:+.3} ppg against pubeval where these weights \
                 play {:+.3}: use or discard its weights",
                b.ppg, start.ppg
            ),
            careful: false,
        },
        _ => FitNews {
            text: format!(
                "{done}; none played better than these weights ({:+.3} ppg against pubeval): \
                 nothing to use",
                start.ppg
            ),
            careful: true,
        },
    })
}

/// The weights being edited.
pub struct WeightsState {
    /// The classic program's weights, as edited.
    pub current: Weights,
    /// The weights as last loaded or saved.
    pub saved: Weights,
    /// The weights file last loaded or saved.
    pub path: Option<PathBuf>,
    /// The weights before each change, with where they came from ([`WeightsState::origin`]).
    undo: Vec<(Weights, Option<String>)>,
    /// Where unsaved weights came from when it is not an edit of the file's ("fitted
    /// weights"), for the title; `None` once saved, loaded or reset.
    pub origin: Option<String>,
    /// An action waiting for the person to confirm that unsaved weights may be lost.
    pub confirm_discard: Option<WeightsAction>,
    /// The weights' error on the benchmark in use.
    pub yardstick: yardstick::Yardstick,
    /// "Fit to the benchmark".
    pub fitting: fitting::Fitting,
    /// "Fit on own games".
    pub rounds: rounds::Rounds,
}

impl Default for WeightsState {
    fn default() -> WeightsState {
        WeightsState {
            current: Weights::builtin_default(),
            saved: Weights::builtin_default(),
            path: None,
            undo: Vec::new(),
            origin: None,
            confirm_discard: None,
            yardstick: Default::default(),
            fitting: Default::default(),
            rounds: Default::default(),
        }
    }
}

impl WeightsState {
    /// True when the weights differ from those last loaded or saved.
    pub fn dirty(&self) -> bool {
        self.current != self.saved
    }

    /// True when there is a weight change to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// The name of the weights in use for display: the file's (or "default weights"), `*`
    /// marking unsaved changes, and what unsaved weights came from when they are not an edit
    /// of those ("fitted weights (from default weights)*").
    pub fn title(&self) -> String {
        let name = self
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "default weights".to_string());
        match (self.dirty(), &self.origin) {
            (false, _) => name,
            (true, Some(origin)) => format!("{origin} (from {name})*"),
            (true, None) => format!("{name}*"),
        }
    }

    /// Keeps the weights as they are for Undo.
    fn push_undo(&mut self) {
        self.undo.push((self.current, self.origin.clone()));
    }

    /// Collects a finished fit (what to report), prepares the benchmark when `wanted` (the
    /// first time: the start of its job), and re-scores the weights on it when they changed.
    pub fn poll(&mut self, wanted: bool) -> (Option<Result<FitNews, String>>, Option<Start>) {
        let fitted = self
            .fitting
            .take(false)
            .map(|r| self.fitted(r))
            .or_else(|| self.rounds.take(false).map(rounds_news));
        let start = self.yardstick.poll(wanted, &self.current);
        (fitted, start)
    }

    /// Waits for the running fit and applies its result (tests).
    pub fn wait_for_fit(&mut self) -> Option<Result<FitNews, String>> {
        let r = self.fitting.take(true)?;
        let fitted = self.fitted(r);
        self.yardstick.poll(false, &self.current);
        Some(fitted)
    }

    /// Waits for the running iterated fit and reports it (tests).
    pub fn wait_for_rounds(&mut self) -> Option<Result<FitNews, String>> {
        self.rounds.take(true).map(rounds_news)
    }

    /// A finished fit, proposed (its weights wait for Use or Discard); what to report.
    fn fitted(&mut self, result: Result<fitting::Fitted, String>) -> Result<FitNews, String> {
        let f = result.map_err(|e| format!("{e}; the weights are unchanged"))?;
        let o = &f.outcome;
        let mut text = format!(
            "fit done: mean loss {:.1} -> {:.1} mEMG a move on the benchmark",
            o.start_train.overall.mean_loss * 1000.0,
            o.train.overall.mean_loss * 1000.0
        );
        if let (Some(a), Some(b)) = (&o.start_holdout, &o.holdout) {
            text += &format!(
                ", {:.1} -> {:.1} on the hold-out set",
                a.overall.mean_loss * 1000.0,
                b.overall.mean_loss * 1000.0
            );
        }
        text += &format!(
            "; against pubeval {:+.3} -> {:+.3} ppg",
            f.check.first, f.check.second
        );
        Ok(match &f.warning {
            Some(w) => FitNews {
                text: format!("{text}. Careful: {w}"),
                careful: true,
            },
            None => FitNews {
                text: format!("{text}: use or discard the fitted weights"),
                careful: false,
            },
        })
    }

    /// Changes the weights through `f` (learning during a game), one undo step when it says
    /// it changed them.
    pub fn change<T>(&mut self, f: impl FnOnce(&mut Weights) -> Option<T>) -> Option<T> {
        let before = (self.current, self.origin.clone());
        let r = f(&mut self.current);
        if r.is_some() {
            self.undo.push(before);
        }
        r
    }

    /// Applies one action; returns what the shell is to do (a file dialog) and what to report.
    pub fn update(&mut self, action: WeightsAction) -> Vec<Effect<WeightsAction>> {
        match action {
            WeightsAction::Set {
                term,
                value,
                gesture,
            } => self.set_weight(term, value, gesture),
            WeightsAction::Switch { term, on } => {
                if !term.is_seed() && self.current.is_on(term) != on {
                    self.push_undo();
                    self.current.switch(term, on);
                }
            }
            WeightsAction::Undo => {
                if let Some((w, origin)) = self.undo.pop() {
                    self.current = w;
                    self.origin = origin;
                }
            }
            WeightsAction::Reset | WeightsAction::Open | WeightsAction::Load(_) if self.dirty() => {
                self.confirm_discard = Some(action);
            }
            WeightsAction::Reset | WeightsAction::Open | WeightsAction::Load(_) => {
                return self.discarding(action);
            }
            WeightsAction::ConfirmDiscard(yes) => {
                if let Some(a) = self.confirm_discard.take()
                    && yes
                {
                    return self.discarding(a);
                }
            }
            WeightsAction::LoadChosen(path) => return vec![self.load(path)],
            WeightsAction::Save => match self.path.clone() {
                Some(path) => return vec![self.save(&path)],
                None => return vec![self.save_as()],
            },
            WeightsAction::SaveAs => return vec![self.save_as()],
            WeightsAction::SaveTo(path) => return vec![self.save(&path)],
            WeightsAction::Fit => return self.start_fit(),
            WeightsAction::CancelFit => self.fitting.cancel(),
            WeightsAction::UseFit => {
                let fitted = self.fitting.accept().map(|o| o.weights);
                self.adopt(fitted, "fitted weights");
            }
            WeightsAction::DiscardFit => self.fitting.discard(),
            WeightsAction::FitRounds => {
                let start = self.rounds.start(self.current);
                return start.map(Effect::Start).into_iter().collect();
            }
            WeightsAction::MoreRounds => {
                return self.rounds.go_on().map(Effect::Start).into_iter().collect();
            }
            WeightsAction::CancelRounds => self.rounds.cancel(),
            WeightsAction::UseRounds => {
                let fitted = self.rounds.accept();
                self.adopt(fitted, "weights fitted on their own games");
            }
            WeightsAction::DiscardRounds => self.rounds.discard(),
            WeightsAction::RoundSettings { rounds, games } => {
                self.rounds.config.rounds = rounds.clamp(1, 50);
                self.rounds.config.games = games.clamp(20, 10_000);
            }
            WeightsAction::RoundSparring(sparring) => self.rounds.config.sparring = sparring,
            // The board's: the coordinator reads it onto the board.
            WeightsAction::ShowDecision(_) => {}
            WeightsAction::OpenBenchmark => {
                let dir = self.yardstick.source().path().and_then(|p| p.parent());
                return vec![Effect::ask(Request::open(FileKind::Benchmark, dir), |p| {
                    WeightsAction::UseBenchmark(yardstick::Source::File(p))
                })];
            }
            WeightsAction::UseBenchmark(source) => return self.use_benchmark(source),
        }
        Vec::new()
    }

    /// Sets `term`'s weight to `value` (a finite change only): a new undo step when it starts
    /// a `gesture` (or is the first change), else part of the drag's step.
    fn set_weight(&mut self, term: Term, value: f64, gesture: bool) {
        if value.is_finite() && value != self.current.get(term) {
            if gesture || self.undo.is_empty() {
                self.push_undo();
            }
            self.current.set(term, value);
        }
    }

    /// Starts fitting the weights to the benchmark in use, once it is prepared.
    fn start_fit(&mut self) -> Vec<Effect<WeightsAction>> {
        match self.yardstick.prepared() {
            Some(p) => {
                let rescore = std::sync::Arc::clone(&p.rescore);
                let name = self.yardstick.source().long_name();
                let start = self.fitting.start(rescore, name, self.current);
                start.map(Effect::Start).into_iter().collect()
            }
            None => vec![Effect::error(
                "the benchmark is not ready yet: try again in a moment",
            )],
        }
    }

    /// Uses `fitted` weights (when there are, and they differ) as `origin` says where they
    /// came from: one undo step.
    fn adopt(&mut self, fitted: Option<Weights>, origin: &str) {
        if let Some(w) = fitted
            && w != self.current
        {
            self.push_undo();
            self.current = w;
            self.origin = Some(origin.into());
        }
    }

    /// Scores the weights on benchmark `source` from now on; not while a fit runs on the one
    /// in use.
    fn use_benchmark(&mut self, source: yardstick::Source) -> Vec<Effect<WeightsAction>> {
        if self.fitting.job().is_some() {
            return vec![Effect::error(
                "a fit is running on the benchmark: cancel it before choosing another",
            )];
        }
        let note = format!("scoring the weights on {}", source.long_name());
        self.yardstick.set_source(source);
        vec![Effect::info(note)]
    }

    /// Carries out an action that replaces the weights (the person agreed to lose edits).
    fn discarding(&mut self, action: WeightsAction) -> Vec<Effect<WeightsAction>> {
        match action {
            WeightsAction::Reset => {
                self.push_undo();
                self.current = Weights::builtin_default();
                self.saved = self.current;
                self.path = None;
                self.origin = None;
                vec![Effect::info("weights reset to the defaults")]
            }
            WeightsAction::Open => {
                let dir = self.path.as_ref().and_then(|p| p.parent());
                vec![Effect::ask(
                    Request::open(FileKind::Weights, dir),
                    WeightsAction::LoadChosen,
                )]
            }
            WeightsAction::Load(p) => vec![self.load(p)],
            _ => Vec::new(),
        }
    }

    /// Loads the weights file at `path` (one undo step).
    fn load(&mut self, path: PathBuf) -> Effect<WeightsAction> {
        match Weights::load(&path) {
            Ok(w) => {
                self.push_undo();
                self.current = w;
                self.saved = w;
                self.origin = None;
                let note = Effect::info(format!("weights loaded from {}", path.display()));
                self.path = Some(path);
                note
            }
            Err(e) => Effect::error(format!("weights not loaded: {e}")),
        }
    }

    fn save(&mut self, path: &Path) -> Effect<WeightsAction> {
        match self.current.save(path) {
            Ok(()) => {
                self.saved = self.current;
                self.origin = None;
                self.path = Some(path.to_path_buf());
                Effect::info(format!("weights saved to {}", path.display()))
            }
            Err(e) => Effect::error(format!("weights not saved: {e}")),
        }
    }

    fn save_as(&self) -> Effect<WeightsAction> {
        let dir = self.path.as_ref().and_then(|p| p.parent());
        Effect::ask(
            Request::save(FileKind::Weights, dir, "weights.ron"),
            WeightsAction::SaveTo,
        )
    }
}

impl crate::app::feature::Feature for WeightsState {
    type Action = WeightsAction;

    fn update(
        &mut self,
        action: WeightsAction,
        _shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<WeightsAction>> {
        WeightsState::update(self, action)
    }

    /// The fit and the yardstick's re-score as they finish (the yardstick prepared only
    /// while the Weights tab is polled); a fit that plays worse is a warning.
    fn poll(&mut self, shared: &mut crate::app::feature::Shared<'_>) -> Vec<Effect<WeightsAction>> {
        let (fitted, start) = WeightsState::poll(self, shared.polled);
        let mut out: Vec<Effect<WeightsAction>> = start.into_iter().map(Effect::Start).collect();
        match self.yardstick.take_news() {
            Some(Ok(text)) => out.push(Effect::Info(text)),
            Some(Err(text)) => out.push(Effect::Error(text)),
            None => {}
        }
        match fitted {
            Some(Ok(news)) if news.careful => out.push(Effect::Warning(news.text)),
            Some(Ok(news)) => out.push(Effect::Info(news.text)),
            Some(Err(text)) => out.push(Effect::Error(text)),
            None => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::studies::benchmark::FitConfig;

    /// Weights with the benchmark prepared.
    fn prepared() -> WeightsState {
        let mut w = WeightsState::default();
        let start = w.current;
        w.yardstick.prepare_now(&start);
        w
    }

    /// Applies `a`; the jobs it starts run on their threads, the other effects are returned.
    fn act(w: &mut WeightsState, a: WeightsAction) -> Vec<Effect<WeightsAction>> {
        let (starts, rest): (Vec<_>, Vec<_>) = w
            .update(a)
            .into_iter()
            .partition(|e| matches!(e, Effect::Start(_)));
        for e in starts {
            if let Effect::Start(s) = e {
                s.spawn().unwrap();
            }
        }
        rest
    }

    /// A short fit (a few surrogate steps, one round of line searches) checked in `games`
    /// games.
    fn short_fit(w: &mut WeightsState, games: u64) {
        w.fitting.config = FitConfig {
            temperatures: 2,
            iterations: 3,
            polish_rounds: 1,
            random_directions: 2,
            hops: 0,
            ..FitConfig::default()
        };
        w.fitting.check_games = games;
    }

    #[test]
    fn a_fit_is_proposed_with_its_check_in_play_and_used_as_one_undo_step() {
        let mut w = prepared();
        let start = w.current;
        short_fit(&mut w, 40);
        act(&mut w, WeightsAction::Fit);
        assert!(w.fitting.job().is_some(), "the fit runs off this thread");
        let text = w.wait_for_fit().unwrap();
        assert!(w.fitting.job().is_none());
        let f = w.fitting.last.clone().unwrap();
        let o = &f.outcome;
        assert!(o.train.overall.mean_loss < o.start_train.overall.mean_loss);
        assert!(o.holdout.is_some() && o.start_holdout.is_some());
        // Checked in play, start and fit on the same dice (issue 22, item 1).
        assert_eq!(f.check.games, 40);
        assert_eq!(f.warning.is_some(), f.check.second_is_worse());
        let text = text.unwrap().text;
        assert!(text.contains("on the hold-out set"), "{text}");
        assert!(text.contains("against pubeval"), "{text}");
        // Proposed, not taken: the weights wait for Use or Discard.
        assert!(w.fitting.proposed);
        assert_eq!(w.current, start);
        act(&mut w, WeightsAction::UseFit);
        assert!(!w.fitting.proposed);
        assert_eq!(w.current, o.weights);
        w.yardstick.poll(false, &w.current);
        // The live error follows the fitted weights.
        let live = w.yardstick.report().unwrap().overall.mean_loss;
        assert_eq!(live, o.train.overall.mean_loss);
        // One undo step brings the start back; Use again does nothing.
        act(&mut w, WeightsAction::Undo);
        assert_eq!(w.current, start);
        assert!(!w.can_undo());
        act(&mut w, WeightsAction::UseFit);
        assert_eq!(w.current, start);
    }

    /// Issue 35, item 18: a fit that plays worse is done, with a caution (a warning, not an
    /// error), and the title names the fitted weights while they are in use.
    #[test]
    fn a_careful_fit_is_a_warning_and_the_title_names_the_fitted_weights() {
        let mut w = prepared();
        short_fit(&mut w, 20);
        act(&mut w, WeightsAction::Fit);
        w.wait_for_fit().unwrap().ok();
        let mut f = w.fitting.last.clone().unwrap();
        f.warning = Some("play says worse".into());
        // Weights other than the start's, so that using them changes the weights in use.
        let moved = f.outcome.weights.get(Term::Bar) + 0.5;
        f.outcome.weights.set(Term::Bar, moved);
        let news = w.fitted(Ok(f)).expect("a fit that is done is no error");
        assert!(news.careful, "{news:?}");
        assert!(news.text.contains("Careful: play says worse"), "{news:?}");
        assert_eq!(w.title(), "default weights");
        act(&mut w, WeightsAction::UseFit);
        assert!(w.dirty());
        assert_eq!(w.title(), "fitted weights (from default weights)*");
        act(&mut w, WeightsAction::Undo);
        assert_eq!(w.title(), "default weights");
    }

    #[test]
    fn a_discarded_fit_leaves_the_weights_as_they_are() {
        let mut w = prepared();
        let start = w.current;
        short_fit(&mut w, 20);
        act(&mut w, WeightsAction::Fit);
        w.wait_for_fit().unwrap().ok();
        assert!(w.fitting.proposed);
        act(&mut w, WeightsAction::DiscardFit);
        assert!(!w.fitting.proposed && w.fitting.last.is_some());
        act(&mut w, WeightsAction::UseFit);
        assert_eq!(w.current, start);
        assert!(!w.can_undo());
    }

    /// A judge that ranks moves by pubeval's score: a quick stand-in for gnubg.
    fn pubeval_judge() -> crate::app::referee::EngineFactory {
        std::sync::Arc::new(|_: &bgw_engine::core::task::Task| {
            let pubeval = bgw_engine::evaluation::opponents::Pubeval::new();
            Box::new(bgw_engine::reference::ScriptedEngine::new(move |pos, p| {
                (pubeval.score(!pos.has_contact(), &p.result) / 10.0).clamp(-3.0, 3.0)
            })) as Box<dyn bgw_engine::reference::ReferenceEngine + Send>
        })
    }

    #[test]
    fn a_fit_on_own_games_proposes_its_best_by_play_and_using_it_is_one_undo_step() {
        let mut w = WeightsState {
            rounds: rounds::Rounds::with_engines(pubeval_judge()),
            ..WeightsState::default()
        };
        w.rounds.config.duel_games = 400;
        w.rounds.config.hops = 0;
        w.rounds.config.seed = 7;
        act(
            &mut w,
            WeightsAction::RoundSettings {
                rounds: 3,
                games: 0,
            },
        );
        assert_eq!((w.rounds.config.rounds, w.rounds.config.games), (3, 20));
        act(
            &mut w,
            WeightsAction::RoundSettings {
                rounds: 3,
                games: 12,
            },
        );
        assert_eq!(w.rounds.config.games, 20, "at least 20 games a round");
        // The seed-flavoured weights, which the judge's moves improve on.
        w.current = Weights::builtin_seed();
        act(&mut w, WeightsAction::FitRounds);
        assert!(w.rounds.job().is_some(), "the fit runs off this thread");
        let news = w.wait_for_rounds().unwrap().unwrap();
        let run = w.rounds.last.clone().unwrap();
        assert_eq!(run.rounds.len(), 3);
        assert_eq!(w.rounds.so_far().rounds, run.rounds);
        let (best, score, round) = run.best();
        let k = round.expect("a round beats the seed-flavoured weights");
        assert!(
            news.text.contains(&format!("round {k} plays best")),
            "{news:?}"
        );
        assert!(score.unwrap().ppg > run.start_score.unwrap().ppg);
        assert!(w.rounds.proposed && !news.careful);
        act(&mut w, WeightsAction::UseRounds);
        assert_eq!(w.current, best);
        assert_eq!(
            w.title(),
            "weights fitted on their own games (from default weights)*"
        );
        act(&mut w, WeightsAction::Undo);
        assert_eq!(w.current, Weights::builtin_seed());
        act(&mut w, WeightsAction::UseRounds);
        assert_eq!(w.current, Weights::builtin_seed(), "used once");
    }

    #[test]
    fn go_on_adds_rounds_to_the_last_fit_on_own_games() {
        let mut w = WeightsState {
            rounds: rounds::Rounds::with_engines(pubeval_judge()),
            ..WeightsState::default()
        };
        (
            w.rounds.config.duel_games,
            w.rounds.config.hops,
            w.rounds.config.seed,
        ) = (400, 0, 7);
        assert!(
            act(&mut w, WeightsAction::MoreRounds).is_empty(),
            "no run yet"
        );
        act(
            &mut w,
            WeightsAction::RoundSettings {
                rounds: 2,
                games: 20,
            },
        );
        act(&mut w, WeightsAction::FitRounds);
        w.wait_for_rounds().unwrap().ok();
        let first = w.rounds.last.clone().unwrap().rounds;
        assert_eq!(first.len(), 2);
        act(
            &mut w,
            WeightsAction::RoundSettings {
                rounds: 1,
                games: 20,
            },
        );
        act(&mut w, WeightsAction::MoreRounds);
        assert!(w.rounds.job().is_some());
        w.wait_for_rounds().unwrap().ok();
        let run = w.rounds.last.clone().unwrap();
        assert_eq!(run.rounds.len(), 3);
        assert_eq!(run.rounds[..2], first[..], "the rounds done are kept");
        // The same rounds as one run of three.
        let mut once = WeightsState {
            rounds: rounds::Rounds::with_engines(pubeval_judge()),
            ..WeightsState::default()
        };
        (
            once.rounds.config.duel_games,
            once.rounds.config.hops,
            once.rounds.config.seed,
        ) = (400, 0, 7);
        act(
            &mut once,
            WeightsAction::RoundSettings {
                rounds: 3,
                games: 20,
            },
        );
        act(&mut once, WeightsAction::FitRounds);
        once.wait_for_rounds().unwrap().ok();
        let whole = once.rounds.last.clone().unwrap();
        assert_eq!(whole.rounds[2].weights, run.rounds[2].weights);
    }

    #[test]
    fn a_cancelled_fit_on_own_games_keeps_the_weights() {
        let mut w = WeightsState {
            rounds: rounds::Rounds::with_engines(pubeval_judge()),
            ..WeightsState::default()
        };
        let start = w.current;
        act(&mut w, WeightsAction::FitRounds);
        act(&mut w, WeightsAction::CancelRounds);
        let news = w.wait_for_rounds().unwrap();
        assert!(news.is_err() || news.unwrap().careful);
        assert!(!w.rounds.proposed);
        assert!(w.rounds.stopped.as_deref().unwrap().contains("cancelled"));
        assert_eq!(w.current, start);
    }

    #[test]
    fn cancel_stops_a_fit_and_keeps_the_weights() {
        let mut w = prepared();
        let start = w.current;
        act(&mut w, WeightsAction::Fit);
        act(&mut w, WeightsAction::CancelFit);
        let e = w.wait_for_fit().unwrap().unwrap_err();
        assert!(e.contains("cancelled"), "{e}");
        assert_eq!(w.current, start);
        assert!(!w.can_undo());
        assert!(w.fitting.last.is_none());
    }

    #[test]
    fn no_fit_before_the_benchmark_is_ready() {
        let mut w = WeightsState::default();
        let m = act(&mut w, WeightsAction::Fit);
        assert!(w.fitting.job().is_none());
        assert!(matches!(m[..], [Effect::Error(_)]), "{m:?}");
    }

    #[test]
    fn a_frame_that_changes_the_weights_has_them_re_scored_while_it_is_drawn() {
        let mut w = prepared();
        let mut changed = w.current;
        changed.set(Term::HomePoints, 1.25);
        let on_this_thread = {
            let mut y = prepared().yardstick;
            y.poll(false, &changed);
            y.report().cloned().unwrap()
        };
        // The frame's end starts the re-score; the next frame's poll leaves it running and
        // its report is the same as a re-score on the UI thread.
        w.current = changed;
        let start = w.yardstick.rescore_after_frame(&w.current).expect("a job");
        start.spawn().unwrap();
        assert!(w.yardstick.rescore_after_frame(&w.current).is_none());
        w.yardstick.poll(false, &w.current);
        assert_eq!(w.yardstick.report(), Some(&on_this_thread));
        // Unchanged weights start nothing.
        assert!(w.yardstick.rescore_after_frame(&w.current).is_none());
        // A start that no thread runs: the report is made on this thread when asked for.
        let mut again = w.current;
        again.set(Term::HomePoints, 0.5);
        drop(w.yardstick.rescore_after_frame(&again));
        let here = {
            let mut y = prepared().yardstick;
            y.poll(false, &again);
            y.report().cloned().unwrap()
        };
        assert_eq!(w.yardstick.report(), Some(&here));
        assert_ne!(here, on_this_thread);
    }
}
