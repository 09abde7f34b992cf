//! Frame time of the workbench while a weight slider is dragged, on the position with the
//! most legal results in the reference set (`/wAAADAMKuoqAA`, White to play 33: 854 results),
//! headless through egui_kittest: each frame is one pointer move on the WPTSHOME slider, timed
//! from input to tessellated output (no GPU rendering). Also prints what a software renderer
//! has to draw for one frame: triangles, and pixels covered (overdraw counted).
//!
//! `cargo run --release --example app_frame_time`

use backgammon_workbench::app::frame_cost::frame_cost;
use backgammon_workbench::app::{Action, AppState, ScriptedDialogs, WorkbenchApp};
use egui::{Event, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::time::Instant;

fn main() {
    let mut state = AppState::default();
    let mut dialogs = ScriptedDialogs::default();
    state.apply(Action::Paste("/wAAADAMKuoqAA".into()), &mut dialogs);
    state.apply(Action::SetDie(0, 3), &mut dialogs);
    state.apply(Action::SetDie(1, 3), &mut dialogs);
    let n = state.analysis.as_ref().map_or(0, |a| a.candidates.len());
    println!("position /wAAADAMKuoqAA, White to play 33: {n} candidates");
    state.apply(Action::Select(n / 2), &mut dialogs);

    let started = Instant::now();
    let mut h = Harness::builder()
        .with_size(egui::vec2(1500.0, 950.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.step();
    println!(
        "first frame (app set up, ranking done, first pass): {:.1} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    h.run();
    // The harness's frame round the app (eframe has none: it clears the window to the panel
    // colour) made transparent, so the pixel count below is the app's alone.
    h.ctx
        .global_style_mut(|s| s.visuals.panel_fill = egui::Color32::TRANSPARENT);
    h.run();

    let slider = h
        .get_by_role_and_label(egui::accesskit::Role::Slider, "WPTSHOME")
        .rect();
    let y = slider.center().y;
    let mut x = slider.left() + 5.0;
    h.event(Event::PointerMoved(egui::pos2(x, y)));
    h.event(Event::PointerButton {
        pos: egui::pos2(x, y),
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Default::default(),
    });
    h.step();
    let ppp = h.ctx.pixels_per_point();
    let mut times = Vec::new();
    let before = h.state().state.weights;
    for i in 0..400 {
        x = slider.left() + 5.0 + (i % 200) as f32 / 200.0 * (slider.width() - 10.0);
        h.event(Event::PointerMoved(egui::pos2(x, y)));
        let t = Instant::now();
        h.step();
        let shapes = h.output().shapes.clone();
        let meshes = h.ctx.tessellate(shapes, ppp);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        if i == 0 {
            let cost = frame_cost(&meshes);
            let window = 1500.0 * 950.0;
            println!(
                "one frame: {} triangles covering {:.2} M pixels, {:.2}× the window \
                 (what a software renderer draws each frame)",
                cost.triangles,
                cost.pixels / 1e6,
                cost.pixels / window
            );
        }
    }
    assert_ne!(
        h.state().state.weights,
        before,
        "the drag changed the weight"
    );
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    println!(
        "{} frames while dragging: mean {mean:.2} ms, median {:.2} ms, 95th percentile {:.2} ms, worst {:.2} ms",
        times.len(),
        times[times.len() / 2],
        times[times.len() * 95 / 100],
        times[times.len() - 1]
    );
}
