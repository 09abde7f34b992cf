//! gnubg's rollouts of candidates, from one line above the candidates table: the best N (by
//! gnubg's verdict in the table, or by the classic) and, if asked, the selected candidate,
//! rolled out side by side with the form's settings in the background (an app job: progress,
//! Cancel). Each move's running mean ± its standard error goes into the table as it comes, in
//! place of gnubg's evaluation ([`super::verdict::Judgement::with_rollout`]), so a rollout
//! stopped early still compares every move. Finished rollouts are kept by position, roll,
//! match state and settings, so that coming back to the position shows them; the latest of a
//! position goes into the analysis as text.

use crate::app::jobs::{self, Job, Start};
use crate::app::referee::{EngineFactory, gnubg_per_task};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::reference::{
    MAX_ROLLOUT_PLIES, MatchContext, ReferenceEngine, RolloutResult, RolloutSettings,
};
use std::collections::HashMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// Which candidates are rolled out and how: the form of the Rollout section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutForm {
    /// How many of the best candidates.
    pub best: usize,
    /// The best by gnubg's verdict in the table (true) or by the classic's BRDVAL.
    pub by_gnubg: bool,
    /// The selected candidate too (when it is not among the best).
    pub with_selected: bool,
    /// Trials, truncation, variance reduction, seed, plies (`cubeful` is set from
    /// `cubeless` and the position's match state when the rollout starts).
    pub settings: RolloutSettings,
    /// Cubeless money even when the position carries a match state.
    pub cubeless: bool,
}

impl Default for RolloutForm {
    fn default() -> RolloutForm {
        RolloutForm {
            best: 3,
            by_gnubg: true,
            with_selected: true,
            settings: RolloutSettings {
                trials: 144,
                truncate: 0,
                ..RolloutSettings::default()
            },
            cubeless: false,
        }
    }
}

/// What a finished rollout is kept under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RolloutKey {
    /// The position, the side to play on roll.
    pub position: Position,
    /// The roll.
    pub dice: Dice,
    /// The match state of a cubeful rollout; `None`: cubeless money.
    pub at: Option<MatchContext>,
    /// How it was rolled out.
    pub settings: RolloutSettings,
}

/// A rollout, running or done: each move's latest result (`None`: not begun).
#[derive(Clone, Debug, PartialEq)]
pub struct RolloutRecord {
    /// What it is of.
    pub key: RolloutKey,
    /// The moves, in the order asked, each with its result so far.
    pub moves: Vec<(String, Option<RolloutResult>)>,
    /// The position each move reaches (the candidate it is in the table), in the same order.
    pub reaches: Vec<Position>,
    /// Why it stopped early (Cancel, gnubg failed); `None`: running or complete.
    pub stopped: Option<String>,
}

impl RolloutRecord {
    /// True when every move has its full trials.
    pub fn complete(&self) -> bool {
        self.moves.iter().all(|(_, r)| {
            r.as_ref()
                .is_some_and(|r| r.trials == self.key.settings.trials)
        })
    }

    /// The moves with a result so far: the position each reaches and its rollout.
    pub fn rolled(&self) -> Vec<(Position, &RolloutResult)> {
        self.reaches
            .iter()
            .zip(&self.moves)
            .filter_map(|(p, (_, r))| r.as_ref().map(|r| (*p, r)))
            .collect()
    }

    /// The fewest and the most trials of its moves so far.
    pub fn trials_range(&self) -> (u32, u32) {
        let t = self
            .moves
            .iter()
            .map(|(_, r)| r.as_ref().map_or(0, |r| r.trials));
        let (lo, hi) = t.fold((u32::MAX, 0), |(lo, hi), t| (lo.min(t), hi.max(t)));
        (lo.min(hi), hi)
    }

    /// What was judged, in words: "cubeless money" or "at 3-2 to 7, cube 2 White: cubeful
    /// equity (EMG), MWC".
    pub fn judged(&self) -> String {
        match &self.key.at {
            Some(at) if at.is_match() => format!("{}: cubeful equity (EMG), MWC", at.describe()),
            Some(at) => format!("{}: cubeful equity", at.describe()),
            None => "cubeless money".into(),
        }
    }

    /// The record as text for the analysis: a header and one line a move.
    pub fn text(&self) -> String {
        let mut t = String::new();
        let state = match (&self.stopped, self.complete()) {
            (Some(why), _) => format!(" — stopped: {why}"),
            (None, true) => String::new(),
            (None, false) => " — running".into(),
        };
        let _ = writeln!(
            t,
            " gnubg rollout ({}; {}){state}:",
            self.key.settings,
            self.judged()
        );
        let width = self
            .moves
            .iter()
            .map(|(m, _)| m.chars().count())
            .max()
            .unwrap_or(4);
        for (m, r) in &self.moves {
            match r {
                None => {
                    let _ = writeln!(t, "   {m:<width$}  not rolled out");
                }
                Some(r) => {
                    let mwc = match (r.mwc, r.mwc_se) {
                        (Some(x), Some(se)) => {
                            format!("  MWC {:.2}% ± {:.2}%", 100.0 * x, 100.0 * se)
                        }
                        _ => String::new(),
                    };
                    let _ = writeln!(
                        t,
                        "   {m:<width$}  {:+.3} ± {:.3}{mwc}  {}  {} trials",
                        r.equity,
                        r.se,
                        bgw_engine::reference::hint_line(&r.probs),
                        r.trials
                    );
                }
            }
        }
        t
    }
}

/// A rollout running in the background.
struct Running {
    record: Arc<Mutex<RolloutRecord>>,
    job: Job<Result<Vec<RolloutResult>, String>>,
}

/// The rollouts of the candidates: the form, the one running, those done.
pub struct Rollouts {
    engines: EngineFactory,
    /// The form.
    pub form: RolloutForm,
    running: Option<Running>,
    done: HashMap<RolloutKey, RolloutRecord>,
    /// The latest rollout of each position and roll (its key), for showing it again.
    latest: HashMap<(Position, Dice), RolloutKey>,
    /// The last failure to start, for the panel.
    pub note: Option<String>,
}

impl Default for Rollouts {
    fn default() -> Rollouts {
        Rollouts::new(gnubg_per_task())
    }
}

impl Rollouts {
    /// Rollouts on engines from `engines`.
    pub fn new(engines: EngineFactory) -> Rollouts {
        Rollouts {
            engines,
            form: RolloutForm::default(),
            running: None,
            done: HashMap::new(),
            latest: HashMap::new(),
            note: None,
        }
    }

    /// The next rollouts on engines from `engines` (the gnubg program); one running goes on,
    /// and those done stay.
    pub fn use_engines(&mut self, engines: EngineFactory) {
        self.engines = engines;
    }

    /// The name of the engine the next rollout runs on (none is started to say it).
    pub fn engine_name(&self) -> &'static str {
        (self.engines)(&bgw_engine::core::task::Task::new()).name()
    }

    /// True while a rollout runs.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The job running, for its progress bar.
    fn job(&self) -> Option<&Job<Result<Vec<RolloutResult>, String>>> {
        self.running.as_ref().map(|r| &r.job)
    }

    /// The rollout to show for `position` and `dice`: the one running on it, else the latest
    /// done.
    pub fn shown(&self, position: &Position, dice: Dice) -> Option<RolloutRecord> {
        if let Some(r) = &self.running {
            let rec = r.record.lock().unwrap_or_else(|e| e.into_inner());
            if rec.key.position == *position && rec.key.dice == dice {
                return Some(rec.clone());
            }
        }
        let key = self.latest.get(&(*position, dice))?;
        self.done.get(key).cloned()
    }

    /// Starts rolling out `plays` (named by gnubg's notation) of `position` and `dice` with
    /// the form's settings, cubeful at `at` unless the form says cubeless (`None`: cubeless
    /// money). The start is for the shell.
    pub fn start(
        &mut self,
        position: Position,
        dice: Dice,
        at: Option<MatchContext>,
        plays: Vec<Play>,
    ) -> Option<Start> {
        if self.running.is_some() || plays.is_empty() {
            return None;
        }
        let at = at.filter(|_| !self.form.cubeless);
        let settings = RolloutSettings {
            cubeful: at.is_some(),
            cube_plies: self.form.settings.plies,
            ..self.form.settings
        };
        if let Err(why) = settings.check() {
            self.note = Some(why);
            return None;
        }
        self.note = None;
        let key = RolloutKey {
            position,
            dice,
            at,
            settings,
        };
        let record = Arc::new(Mutex::new(RolloutRecord {
            key,
            moves: plays.iter().map(|p| (p.mv.notation(), None)).collect(),
            reaches: plays.iter().map(|p| p.result).collect(),
            stopped: None,
        }));
        let engines = Arc::clone(&self.engines);
        let shared = Arc::clone(&record);
        let total = u64::from(settings.trials) * plays.len() as u64;
        let what = format!("gnubg rollout of {} moves", plays.len());
        let (job, start) = Job::new(what, move |task: &Task| {
            let mut engine = engines(task);
            let context = at.unwrap_or_else(|| money_context(&position));
            task.set(0, total);
            let mut trials = vec![0u64; plays.len()];
            let result = engine.rollout(&position, &plays, &settings, &context, &mut |i, r| {
                if let Some(t) = trials.get_mut(i) {
                    *t = u64::from(r.trials);
                }
                task.set(trials.iter().sum(), total);
                let mut rec = shared.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(slot) = rec.moves.get_mut(i) {
                    slot.1 = Some(r.clone());
                }
            });
            result.map_err(|e| e.to_string())
        });
        self.running = Some(Running { record, job });
        Some(start)
    }

    /// Asks the running rollout to stop (the moves done so far stay).
    pub fn cancel(&mut self) {
        if let Some(r) = &self.running {
            r.job.cancel();
        }
    }

    /// Collects a finished rollout. Never blocks.
    pub fn poll(&mut self) {
        let Some(r) = &self.running else {
            return;
        };
        let outcome = match r.job.try_take() {
            Some(o) => o,
            None if r.job.never_started() => Err("the rollout was not started".into()),
            None => return,
        };
        let Some(r) = self.running.take() else {
            return;
        };
        let mut rec = r.record.lock().unwrap_or_else(|e| e.into_inner()).clone();
        match outcome {
            Ok(results) => {
                for (slot, result) in rec.moves.iter_mut().zip(results) {
                    slot.1 = Some(result);
                }
            }
            Err(why) => {
                rec.stopped = Some(if r.job.is_cancelled() {
                    "cancelled".into()
                } else {
                    why
                });
            }
        }
        self.latest
            .insert((rec.key.position, rec.key.dice), rec.key);
        self.done.insert(rec.key, rec);
    }

    /// Waits for the running rollout to finish (tests).
    pub fn wait(&mut self) {
        while self.running.is_some() {
            self.poll();
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

/// Money play with the cube centred for `position`'s side on roll (what a cubeless rollout is
/// asked at: the engine does not use it).
fn money_context(position: &Position) -> MatchContext {
    use bgw_engine::core::formats::{GameState, MatchId, Resignation};
    MatchContext::from_match_id(
        MatchId {
            cube_log2: 0,
            cube_owner: None,
            on_roll: position.on_roll(),
            crawford: false,
            game_state: GameState::Playing,
            turn: position.on_roll(),
            double_offered: false,
            resignation: Resignation::None,
            dice: [0, 0],
            match_length: 0,
            score_white: 0,
            score_black: 0,
        },
        false,
        false,
    )
}

/// What the Rollout section can ask.
#[derive(Clone, Debug, PartialEq)]
pub enum RolloutAction {
    /// The form changed.
    Form(RolloutForm),
    /// Rolls out the form's candidates.
    Start,
    /// Stops the running rollout.
    Cancel,
}

/// The Rollout section, one line above the candidates table: "Roll out…" (the form, in a
/// pop-up over the table, so the table keeps its rows), the progress bar with Cancel, and what
/// the rollout of the position is (its figures are in the table: [`super::table`]).
pub fn show(
    ui: &mut egui::Ui,
    rollouts: &Rollouts,
    position: &Position,
    dice: Dice,
    at: Option<&MatchContext>,
    gnubg_on: bool,
) -> Vec<RolloutAction> {
    let mut out = Vec::new();
    let mut form = rollouts.form;
    ui.horizontal(|ui| {
        let config = egui::containers::menu::MenuConfig::new()
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
        egui::containers::menu::MenuButton::new("Roll out…")
            .config(config)
            .ui(ui, |ui| {
                form_ui(ui, &mut form, rollouts, at, gnubg_on, &mut out);
            })
            .0
            .on_hover_text("gnubg's rollout of the best candidates: the form");
        if let Some(job) = rollouts.job()
            && jobs::progress_ui(ui, job)
        {
            out.push(RolloutAction::Cancel);
        }
        if let Some(rec) = rollouts.shown(position, dice) {
            // Within what is in view: the table's region scrolls sideways, and a long line
            // would widen the table with it.
            // (A child of that width at the cursor: `set_max_width` on this row put the line
            // at the row's start, under the button.)
            let room = (ui.clip_rect().right() - ui.cursor().left()).max(0.0);
            let size = egui::vec2(room, ui.spacing().interact_size.y);
            ui.allocate_ui(size, |ui| {
                ui.add(egui::Label::new(egui::RichText::new(short_line(&rec)).weak()).truncate())
                    .on_hover_text(record_line(&rec));
            });
        }
    });
    if form != rollouts.form {
        out.push(RolloutAction::Form(form));
    }
    if let Some(note) = &rollouts.note {
        ui.colored_label(ui.visuals().warn_fg_color, note);
    }
    out
}

/// How far the rollout of the position got, in a few words: "rollout: 144 trials a move",
/// "rollout: 36–72 of 144 trials a move", "rollout stopped (cancelled): 36–72 trials a move".
pub fn short_line(rec: &RolloutRecord) -> String {
    let (lo, hi) = rec.trials_range();
    let range = match lo == hi {
        true => lo.to_string(),
        false => format!("{lo}–{hi}"),
    };
    match (&rec.stopped, rec.complete()) {
        (Some(why), _) => format!("rollout stopped ({why}): {range} trials a move"),
        (None, true) => format!("rollout: {range} trials a move"),
        (None, false) => format!(
            "rollout: {range} of {} trials a move",
            rec.key.settings.trials
        ),
    }
}

/// The rollout of the position in one line: its settings, what it judged, how far it got.
pub fn record_line(rec: &RolloutRecord) -> String {
    let (lo, hi) = rec.trials_range();
    let done = match (&rec.stopped, rec.complete()) {
        (Some(why), _) => format!(" — stopped ({why}) at {lo}–{hi} trials a move"),
        (None, true) => String::new(),
        (None, false) => format!(" — {lo}–{hi} of {} trials a move", rec.key.settings.trials),
    };
    format!(
        "Rollout of {} moves: {}; {}{done}; in the table",
        rec.moves.len(),
        rec.key.settings,
        rec.judged()
    )
}

/// The form: which candidates, the settings, the Roll out button.
fn form_ui(
    ui: &mut egui::Ui,
    form: &mut RolloutForm,
    rollouts: &Rollouts,
    at: Option<&MatchContext>,
    gnubg_on: bool,
    out: &mut Vec<RolloutAction>,
) {
    ui.horizontal(|ui| {
        ui.label("Candidates:");
        let l = ui.label("best");
        ui.add(egui::DragValue::new(&mut form.best).range(1..=10))
            .labelled_by(l.id);
        ui.radio_value(&mut form.by_gnubg, true, "by gnubg")
            .on_hover_text("gnubg's best in the table (its verdict at the depth shown)");
        ui.radio_value(&mut form.by_gnubg, false, "by the classic");
        ui.checkbox(&mut form.with_selected, "+ selected");
    });
    ui.horizontal(|ui| {
        let l = ui.label("trials");
        ui.add(
            egui::DragValue::new(&mut form.settings.trials)
                .range(1..=bgw_engine::reference::MAX_TRIALS)
                .speed(36.0),
        )
        .labelled_by(l.id);
        let l = ui.label("truncate at");
        ui.add(egui::DragValue::new(&mut form.settings.truncate).range(0..=1000))
            .labelled_by(l.id)
            .on_hover_text("plies; 0: every game to the end");
        ui.checkbox(&mut form.settings.variance_reduction, "variance reduction");
    });
    ui.horizontal(|ui| {
        let l = ui.label("seed");
        ui.add(egui::DragValue::new(&mut form.settings.seed).range(0..=i32::MAX as u32))
            .labelled_by(l.id);
        let l = ui.label("plies");
        ui.add(egui::DragValue::new(&mut form.settings.plies).range(0..=MAX_ROLLOUT_PLIES))
            .labelled_by(l.id)
            .on_hover_text("the depth of checker play and cube decisions during the rollout");
        if at.is_some() {
            ui.checkbox(&mut form.cubeless, "cubeless");
        }
        let running = rollouts.is_running();
        if ui
            .add_enabled(!running, egui::Button::new("Roll out"))
            .on_hover_text(if gnubg_on || !form.by_gnubg {
                "roll these candidates out in the background, side by side"
            } else {
                "gnubg's columns are off: the best by the classic are rolled out"
            })
            .clicked()
        {
            out.push(RolloutAction::Start);
            // The form closes: the table under it is where the rollout's figures go.
            ui.close();
        }
    });
}
