//! gnubg's rollouts in the candidates panel (headless, egui_kittest), with scripted engines
//! (the real gnubg is never started here): the form's best N rolled out in the background,
//! each move's mean ± standard error shown, kept with the position (coming back shows it),
//! in the analysis as text; a running rollout shows its progress and stops at Cancel.

use crate::ui_common;
use ui_common::{SETTLE_STEPS, candidate_rows_shown};

use bgw::app::referee::EngineFactory;
use bgw::app::{Action, AppState, ScriptedDialogs, ScriptedReferee, WorkbenchApp};
use bgw_engine::Dice;
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::reference::{
    EngineInfo, Evaluation, MatchContext, MoveEval, ReferenceEngine, ReferenceError,
    RolloutProgress, RolloutResult, RolloutSettings, ScriptedEngine,
};
use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::sync::Arc;
use std::time::{Duration, Instant};

type H = Harness<'static, WorkbenchApp>;

/// 3-2 to 7, cube 2 owned by White, White to play 5-2.
const ROLLED: &str = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10";
/// Money play, White to play 3-1, dozens of candidates.
const MONEY: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:3:0:10";
/// Another position to go to and come back from.
const OTHER: &str = "4HPwATDgc/ABMA:cAkAAAAAAAAA";

fn equity(play: &Play) -> f64 {
    f64::from(play.result.pips().1) / 1000.0
}

fn harness(engines: EngineFactory) -> H {
    let state = AppState::default()
        .with_referee(ScriptedReferee::answering(equity))
        .with_rollout_engines(engines);
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(egui::vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.run();
    h
}

fn shows(h: &H, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

fn scripted() -> EngineFactory {
    Arc::new(|_: &Task| {
        Box::new(ScriptedEngine::new(|_, p| equity(p))) as Box<dyn ReferenceEngine + Send>
    })
}

fn until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

fn copied_analysis(h: &mut H) -> String {
    h.state_mut()
        .act(Action::Export(bgw::app::export::ExportAction::CopyAnalysis));
    h.step();
    h.output()
        .platform_output
        .commands
        .iter()
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .expect("the analysis was copied")
}

#[test]
fn the_best_candidates_are_rolled_out_kept_with_the_position_and_in_the_analysis() {
    let mut h = harness(scripted());
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    h.get_by_label("Roll out…").click();
    h.run();
    h.get_by_label("Roll out").click();
    h.run();
    // The form closes on Roll out: it stood over the table the figures go to (issue 35).
    assert!(
        h.query_by_label("variance reduction").is_none(),
        "the form is still open"
    );
    until(&mut h, "the rollout did not end", |h| {
        !h.state().state.candidates.rollouts.is_running()
    });
    h.run();
    assert!(shows(&h, "rollout: 144 trials a move"), "the line");
    // The line stands after the button, not under it (it was drawn at the row's start).
    {
        let button = h.get_by_label("Roll out…").rect();
        let line = h.get_by_label_contains("rollout: 144 trials a move").rect();
        assert!(
            line.left() >= button.right(),
            "{line:?} overlaps {button:?}"
        );
    }
    let line = bgw::app::candidates::rollout::record_line(
        &h.state()
            .state
            .candidates
            .merged_rollout()
            .expect("in the table"),
    );
    assert!(
        line.contains("Rollout of 3 moves: 144 trials, to the end")
            && line.contains("at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC"),
        "{line}"
    );
    // The scripted rollout, in the candidates table (issue 35, item 17): the engine's equity
    // ± SE 1/√144 in gnubg's column, the depth column saying what the figures are.
    assert_eq!(h.query_all_by_label("rollout 144 trials").count(), 3);
    // The depth column fits the window at 1280×720 (it ran past the right edge, cut).
    for cell in h.query_all_by_label("rollout 144 trials") {
        let right = cell.rect().right();
        assert!(right <= 1280.0, "the depth cell ends at {right}");
    }
    let rows: Vec<String> = h
        .query_all_by_label_contains("candidate ")
        .filter_map(|n| n.accesskit_node().label())
        .filter(|l| l.contains("rollout 144 trials"))
        .collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.iter().all(|l| l.contains("±0.083")), "{rows:?}");
    assert_eq!(h.query_all_by_label_contains("±0.083").count(), 3 + 3);
    let text = copied_analysis(&mut h);
    assert!(
        text.contains("gnubg rollout (144 trials, to the end, variance reduction, seed 1"),
        "{text}"
    );
    assert_eq!(text.matches("± 0.083").count(), 3, "{text}");

    // Away and back: the rollout is still there.
    h.event(Event::Paste(OTHER.into()));
    h.run();
    assert!(!shows(&h, "rollout 144 trials"));
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    assert_eq!(h.query_all_by_label("rollout 144 trials").count(), 3);
}

/// Ten candidate rows stay in view at 1280×720 with a rollout's figures present, the form
/// open or closed (issue 35, item 16: 0 rows with the form open, 3 with it closed).
#[test]
fn ten_candidate_rows_stay_in_view_with_a_rollout_and_its_form_open_or_closed() {
    let mut h = harness(scripted());
    h.event(Event::Paste(MONEY.into()));
    h.run();
    let before = candidate_rows_shown(&h);
    h.get_by_label("Roll out…").click();
    h.run();
    h.get_by_label("Roll out").click();
    h.run();
    until(&mut h, "the rollout did not end", |h| {
        !h.state().state.candidates.rollouts.is_running()
    });
    h.run();
    // Roll out closed the form; opened again over the figures.
    h.get_by_label("Roll out…").click();
    h.run();
    let open = candidate_rows_shown(&h);
    assert!(
        h.query_by_label("truncate at").is_some(),
        "the form is open"
    );
    // A click outside closes the form.
    h.get_by_label("Roll out…").click();
    h.run();
    let closed = candidate_rows_shown(&h);
    let row = h
        .query_all_by_label_contains("candidate 1:")
        .next()
        .map(|n| n.rect());
    assert!(
        before >= 10 && open >= 10 && closed >= 10,
        "{before} rows before, {open} with the form open, {closed} with it closed: {row:?} in {:?}",
        h.state().regions().map(|r| r.candidates)
    );
}

/// An engine whose rollout reports one running result, then waits for Cancel.
struct Slow(Task);

impl ReferenceEngine for Slow {
    fn name(&self) -> &'static str {
        "slow"
    }
    fn info(&mut self) -> Result<EngineInfo, ReferenceError> {
        Err(ReferenceError::Cancelled { engine: "slow" })
    }
    fn rank_moves(
        &mut self,
        _: &Position,
        _: Dice,
        _: u8,
    ) -> Result<Vec<MoveEval>, ReferenceError> {
        Ok(Vec::new())
    }
    fn evaluate(&mut self, _: &Position, _: u8) -> Result<Evaluation, ReferenceError> {
        Err(ReferenceError::Cancelled { engine: "slow" })
    }
    fn rollout(
        &mut self,
        _: &Position,
        plays: &[Play],
        settings: &RolloutSettings,
        _: &MatchContext,
        progress: RolloutProgress<'_>,
    ) -> Result<Vec<RolloutResult>, ReferenceError> {
        progress(
            0,
            &RolloutResult {
                notation: plays[0].mv.notation(),
                equity: 0.25,
                se: 0.125,
                probs: [0.5, 0.1, 0.0, 0.1, 0.0],
                probs_se: [0.01, 0.0, 0.0, 0.0, 0.0],
                cubeless: 0.25,
                cubeless_se: 0.125,
                mwc: None,
                mwc_se: None,
                trials: settings.trials / 4,
            },
        );
        let deadline = Instant::now() + Duration::from_secs(30);
        while !self.0.is_cancelled() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        Err(ReferenceError::Cancelled { engine: "slow" })
    }
}

#[test]
fn a_running_rollout_shows_its_progress_and_stops_at_cancel() {
    let engines: EngineFactory =
        Arc::new(|task: &Task| Box::new(Slow(task.clone())) as Box<dyn ReferenceEngine + Send>);
    let mut h = harness(engines);
    h.event(Event::Paste(ROLLED.into()));
    h.run();
    h.get_by_label("Roll out…").click();
    h.run();
    h.get_by_label("Roll out").click();
    until(&mut h, "no running result", |h| shows(h, "+0.250±0.125"));
    assert!(shows(&h, "rollout 36 trials"), "the depth column");
    assert!(shows(&h, "gnubg rollout of 3 moves"), "the progress bar");
    h.get_by_label("Cancel").click();
    until(&mut h, "Cancel did not stop it", |h| {
        !h.state().state.candidates.rollouts.is_running()
    });
    h.run();
    assert!(shows(&h, "rollout stopped (cancelled)"));
    // What was rolled out so far stays.
    assert!(shows(&h, "+0.250±0.125"));
}
