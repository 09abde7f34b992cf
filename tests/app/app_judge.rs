//! View → Judge: who judges as gnubg in the workbench — its nets in bgw (native, the default)
//! or its program — named in the status line, read off the UI thread, kept across restarts,
//! and the work started with it: gnubg's column from the native judge with no gnubg program
//! asked, and what native does not cover (rollouts) left to the gnubg program.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::{AppState, ScriptedDialogs, WorkbenchApp};
use bgw_engine::reference::Reference;
use egui::Event;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

type H = Harness<'static, WorkbenchApp>;

/// Money play without the Jacoby rule or beavers (cubeless money for gnubg's column), White to
/// play 3-1 from the opening.
const MONEY: &str = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:0:10";

fn harness(state: AppState) -> H {
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

fn until(h: &mut H, what: &str, done: impl Fn(&H) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done(h) {
        assert!(Instant::now() < deadline, "{what}");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
}

/// Chooses the judge in the View menu.
fn choose(h: &mut H, label: &str) {
    h.get_by_label("View").click();
    h.run();
    h.get_by_label(label).click();
    h.run();
}

/// Waits until the judge chosen has been read and handed over.
fn judged(h: &mut H) {
    until(h, "the judge is read", |h| !h.state().state.judge_loading());
}

#[test]
fn the_judge_chosen_is_named_in_the_status_line_and_kept() {
    // Native by default, read off the UI thread: the status line says so meanwhile.
    let mut h = harness(AppState::default());
    assert_eq!(h.state().state.settings.judge, Reference::Native);
    judged(&mut h);
    h.run();
    assert!(shows(&h, "Judge: gnubg 1.07 nets, native — weights: "));
    choose(&mut h, "gnubg's program");
    assert_eq!(h.state().state.settings.judge, Reference::Process);
    assert!(shows(&h, "Judge: gnubg 1.07 process"));
    assert!(!h.state().state.judge_loading());
    // Kept: a restart judges with the program again, and names it.
    let kept = ron::to_string(&h.state().state.persisted()).unwrap();
    let back = AppState::restore(ron::from_str(&kept).unwrap());
    assert_eq!(back.settings.judge, Reference::Process);
    assert_eq!(back.judge, "gnubg 1.07 process");
    // And back to the nets: reading, then named.
    choose(&mut h, "gnubg's nets, native");
    assert_eq!(h.state().state.settings.judge, Reference::Native);
    judged(&mut h);
    h.run();
    assert!(shows(&h, "Judge: gnubg 1.07 nets, native — weights: "));
    assert!(!shows(&h, "Judge: gnubg 1.07 process"));
    let kept = ron::to_string(&h.state().state.persisted()).unwrap();
    let mut h2 = harness(AppState::restore(ron::from_str(&kept).unwrap()));
    judged(&mut h2);
    h2.run();
    assert!(shows(&h2, "Judge: gnubg 1.07 nets, native"));
}

#[test]
fn the_native_judge_fills_gnubgs_column_and_leaves_rollouts_to_the_program() {
    let mut h = harness(AppState::default());
    h.event(Event::Paste(MONEY.into()));
    h.run();
    until(&mut h, "the native judge answers", |h| {
        h.state().state.candidates.verdicts.engine().is_some()
    });
    let engine = h.state().state.candidates.verdicts.engine().unwrap();
    assert_eq!(engine.name, "GNU Backgammon's nets, native");
    // gnubg's best at 0 plies, cubeless money, in the column.
    until(&mut h, "the column's figures", |h| shows(h, "+0.159"));
    // The nets have no rollouts: the next one runs on the gnubg program.
    assert_eq!(
        h.state().state.candidates.rollouts.engine_name(),
        bgw_engine::reference::gnubg::ENGINE
    );
}
