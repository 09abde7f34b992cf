//! The Bear-off tab's Cube errors panel driven headless through egui_kittest at 1280×720: a
//! cubeful database built in memory from the panel, the study computed in the background with
//! its figures in the table, a costliest pair put on the board by a click, a database without
//! cube equities refused in one line, and Cancel stopping the study.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::bearoff::two_sided::Loaded;
use bgw::app::bearoff::{BearoffView, Section};
use bgw::app::{AppState, EditAction, ScriptedDialogs, Settings, Tab, ViewAction, WorkbenchApp};
use bgw_engine::bearoff::two_sided::{Kind, TwoSidedDb};
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::{CubeErrors, pair_position_id};
use egui::{Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::{Duration, Instant};

type App = Harness<'static, WorkbenchApp>;

/// The workbench at 1280×720 on a small race, the Bear-off tab open on Cube errors.
fn app() -> App {
    let mut state = AppState::new(bgw::app::Edit::opening(), Settings::default());
    state.apply(EditAction::Paste(pair_position_id(3, 7, 5)));
    state.bearoff.view = BearoffView {
        section: Section::CubeErrors,
        ..BearoffView::default()
    };
    state.apply(ViewAction::SetTab(Tab::Bearoff));
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.run();
    settle(&mut h);
    h
}

/// Runs frames until no bear-off job is running.
fn settle(h: &mut App) {
    let started = Instant::now();
    loop {
        let b = &h.state().state.bearoff;
        let t = &b.two_sided;
        if b.job.is_none()
            && t.solving.is_none()
            && t.estimating.is_none()
            && t.loading.is_none()
            && t.cubing.is_none()
        {
            break;
        }
        assert!(started.elapsed().as_secs() < 120, "the jobs took too long");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
    h.run();
}

fn shows(h: &App, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// A primary click at `pos`, one frame per event.
fn click(h: &mut App, pos: Pos2) {
    h.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    h.run();
}

fn study(h: &App) -> CubeErrors {
    let c = h.state().state.bearoff.two_sided.cube.clone();
    c.expect("the cube errors").expect("no error")
}

#[test]
fn the_panel_builds_a_cubeful_database_measures_it_and_loads_a_costly_pair() {
    let mut h = app();
    assert!(shows(&h, "No two-sided database is loaded."));
    h.get_by_label("cubeful 4×4").click();
    h.run();
    settle(&mut h);
    let loaded = h.state().state.bearoff.two_sided.loaded.clone().unwrap();
    assert_eq!(loaded.name, "4×4 (cubeful built in memory)");
    assert!(loaded.cubeful.is_some());
    h.get_by_label_contains("Compute the cube errors of 4×4")
        .click();
    h.run();
    settle(&mut h);
    let s = study(&h);
    assert_eq!(s.pairs, 69 * 69);
    // The table shows each rule's figures as the study has them.
    for r in &s.rules {
        assert!(shows(&h, r.rule.name()), "{}", r.rule.name());
        let e = &r.overall.initial_double;
        let cell = format!(
            "{:.2} % · {:.2}",
            e.wrong_percent(),
            1000.0 * e.cost_per_decision
        );
        assert!(shows(&h, &cell), "{cell}");
    }
    assert!(shows(&h, "By the pips of the side on roll"));
    // The costliest pair heads the list: a click puts its race on the board.
    let worst = s
        .rules
        .iter()
        .flat_map(|r| &r.worst)
        .max_by(|x, y| x.cost.total_cmp(&y.cost))
        .unwrap()
        .clone();
    let cell = h
        .query_all_by_label(&worst.position_id)
        .next()
        .expect("the costliest pair is listed")
        .rect();
    click(&mut h, cell.center());
    let on_board = h.state().state.editing.edit.setup().unwrap().position_id();
    assert_eq!(on_board, worst.position_id);
    assert!(shows(&h, "opened the cube errors' race"));
}

#[test]
fn a_database_without_cube_equities_is_refused_in_one_line() {
    let mut h = app();
    let db = TwoSidedDb::build(3, 3, Kind::Exact, &Task::new()).unwrap();
    let loaded = Loaded::new(db, "3×3 (exact)".to_string());
    assert!(loaded.cubeful.is_none());
    h.state_mut().state.bearoff.two_sided.set_loaded(loaded);
    h.run();
    assert!(shows(&h, "3×3 (exact) has no cube equities"));
    assert!(!shows(&h, "Compute the cube errors"));
    assert!(h.state_mut().state.bearoff.two_sided.start_cube().is_none());
}

#[test]
fn cancel_stops_the_cube_errors() {
    let mut h = app();
    // 6×8: nine million pairs, seconds of work.
    let db = TwoSidedDb::build(6, 8, Kind::Cubeful, &Task::new()).unwrap();
    let loaded = Loaded::new(db, "6×8 (test)".to_string());
    h.state_mut().state.bearoff.two_sided.set_loaded(loaded);
    h.run();
    h.get_by_label_contains("Compute the cube errors of 6×8")
        .click();
    h.run();
    assert!(h.state().state.bearoff.two_sided.cubing.is_some());
    h.get_by_label("Cancel").click();
    h.run();
    let two = &h.state().state.bearoff.two_sided;
    assert!(two.cubing.is_none());
    assert_eq!(two.cube, Some(Err("cancelled".to_string())));
    assert!(shows(&h, "No cube errors: cancelled."));
    // And it can be started again.
    assert!(shows(&h, "Compute the cube errors"));
}
