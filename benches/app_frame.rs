//! The workbench's frame while a weight slider is dragged, on the position with the most legal
//! results in the reference set (`/wAAADAMKuoqAA`, White to play 33: 854 results, re-ranked on
//! every frame): headless through egui_kittest, one pointer move on the WPTSHOME slider per
//! iteration, from input to tessellated output (everything but the GPU's, or llvmpipe's,
//! drawing). gnubg's columns are filled (a scripted verdict) and the weight editor shows the
//! live benchmark error, which is re-scored (11,826 decisions) on every frame of the drag.
//! Target: a whole frame under 16 ms. Also prints what the renderer has to draw for
//! one such frame: triangles, pixels covered (overdraw counted), pixels shaded by a software
//! renderer (whole 4×4 blocks) and draw calls, with the speed-ups for software rendering on.
//!
//! `cargo bench --bench app_frame`

use bgw::app::software_rendering::frame_cost::frame_cost;
use bgw::app::{
    AppState, CandidatesAction, EditAction, ScriptedDialogs, ScriptedReferee, WorkbenchApp,
};
use criterion::{Criterion, criterion_group, criterion_main};
use egui::{Event, PointerButton, pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::hint::black_box;

const WINDOW: (f32, f32) = (1500.0, 950.0);

fn largest_position() -> Harness<'static, WorkbenchApp> {
    let referee = ScriptedReferee::answering(|p| f64::from(p.result.pips().0) / -1000.0);
    let mut state = AppState::default().with_referee(referee);
    let w = state.weights.current;
    state.weights.yardstick.prepare_now(&w);
    state.apply(EditAction::Paste("/wAAADAMKuoqAA".into()));
    state.apply(EditAction::SetDie(0, 3));
    state.apply(EditAction::SetDie(1, 3));
    let n = state
        .candidates
        .analysis
        .as_ref()
        .map_or(0, |a| a.candidates.len());
    assert_eq!(n, 854, "the largest position of the reference set");
    state.apply(CandidatesAction::Select(n / 2));
    // The speed-ups for software rendering on, as under llvmpipe (the harness has no renderer).
    let mut app = WorkbenchApp::new(state, Box::new(ScriptedDialogs::default()));
    app.force_software_rendering(Some(true));
    let mut h = Harness::builder()
        .with_size(egui::vec2(WINDOW.0, WINDOW.1))
        .build_ui_state(|ui, app: &mut WorkbenchApp| app.show(ui), app);
    h.run();
    // The harness's frame round the app (eframe has none: it clears the window to the panel
    // colour) made transparent, so the pixel count is the app's alone.
    h.ctx
        .global_style_mut(|s| s.visuals.panel_fill = egui::Color32::TRANSPARENT);
    h.run();
    h
}

fn drag_a_weight(c: &mut Criterion) {
    let mut h = largest_position();
    let slider = h
        .get_by_role_and_label(egui::accesskit::Role::Slider, "WPTSHOME")
        .rect();
    let y = slider.center().y;
    let at = |i: usize| slider.left() + 5.0 + (i % 200) as f32 / 200.0 * (slider.width() - 10.0);
    h.event(Event::PointerMoved(pos2(at(0), y)));
    h.event(Event::PointerButton {
        pos: pos2(at(0), y),
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Default::default(),
    });
    h.step();
    let ppp = h.ctx.pixels_per_point();
    let weights_before = h.state().state.weights.current;
    let error_before = h.state().state.weights.yardstick.report().cloned();

    h.event(Event::PointerMoved(pos2(at(1), y)));
    h.step();
    let cost = frame_cost(&h.ctx.tessellate(h.output().shapes.clone(), ppp));
    let window = f64::from(WINDOW.0 * WINDOW.1);
    println!(
        "one frame: {} triangles covering {:.2} M pixels, {:.2}× the window; {:.2} M pixels \
         shaded (4×4 blocks), {} draw calls",
        cost.triangles,
        cost.pixels / 1e6,
        cost.pixels / window,
        cost.shaded as f64 / 1e6,
        cost.draw_calls
    );

    let mut i = 2;
    c.bench_function(
        "app frame: drag a weight, 854 results, live benchmark error",
        |b| {
            b.iter(|| {
                h.event(Event::PointerMoved(pos2(at(i), y)));
                i += 1;
                h.step();
                black_box(h.ctx.tessellate(h.output().shapes.clone(), ppp))
            })
        },
    );
    assert_ne!(
        h.state().state.weights.current,
        weights_before,
        "the drag moved the weight"
    );
    assert_ne!(
        h.state().state.weights.yardstick.report().cloned(),
        error_before,
        "the benchmark error was re-scored"
    );
}

/// The roll grid's 21 rankings of one position (what `app::roll_grid` computes on the frame
/// that first shows a position, then keeps): the opening, and a contact position with dozens
/// of results per roll.
fn roll_grid(c: &mut Criterion) {
    use bgw::app::roll_grid::lines;
    use bgw_engine::core::moves::MoveGenerator;
    use bgw_engine::evaluation::classic::Weights;
    let w = Weights::builtin_default();
    let mut g = MoveGenerator::new();
    for (name, id) in [
        ("opening", "4HPwATDgc/ABMA"),
        ("contact, 854 results for 33", "/wAAADAMKuoqAA"),
    ] {
        let p = bgw_engine::core::formats::read_setup(id).unwrap().position;
        c.bench_function(&format!("roll grid: 21 rankings, {name}"), |b| {
            b.iter(|| lines(&p, &w, &mut g))
        });
    }
}

criterion_group!(benches, drag_a_weight, roll_grid);
criterion_main!(benches);
