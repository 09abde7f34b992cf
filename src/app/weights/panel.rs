//! The weight editor: per term a slider (linear, spanning a few times the weight's size,
//! Shift for a tenth as far: [`super::slider`]) and a number field
//! (Shift while dragging for fine steps), the weights' live error on the benchmark chosen
//! ("Benchmark: play ▾": the built-in play or self-play benchmark, or a file opened from it)
//! beside the default weights', and their
//! worst decisions (a click loads one on the board).
//! Every change goes through [`WeightsAction::Set`]; the candidates are re-ranked before the
//! next panel is drawn and the benchmark re-scored on the next frame.

use super::slider;
use super::yardstick::{Source, Yardstick};
use super::{WeightsAction, WeightsState};
use crate::app::editing::IdFormat;
use bgw_engine::core::formats::Setup;
use bgw_engine::evaluation::classic::{Term, Weights};
use bgw_engine::studies::benchmark::Figures;

/// The Weights tab: the editor ([`show`]) in a scroll area of its own, `above` (another
/// feature's part of the tab: the duel's line) at the top of the weights' scroll area.
pub fn tab(
    ui: &mut egui::Ui,
    state: &WeightsState,
    above: impl FnOnce(&mut egui::Ui),
) -> Vec<WeightsAction> {
    crate::app::look::scrolled(ui, "weights-tab", |ui| show(ui, state, above))
}

/// Draws the weight editor: its buttons, then the weights and the benchmark in a scroll area
/// of their own, `above` drawn at the scroll area's top (the duel's line).
pub fn show(
    ui: &mut egui::Ui,
    state: &WeightsState,
    above: impl FnOnce(&mut egui::Ui),
) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    // The title on a line of its own, so that "unsaved changes" appearing as a weight is
    // dragged moves nothing below it.
    ui.horizontal(|ui| {
        ui.strong(format!("Weights: {}", state.title()));
        if state.dirty() {
            ui.colored_label(ui.visuals().warn_fg_color, "unsaved changes");
        }
    });
    ui.horizontal_wrapped(|ui| buttons(ui, state, &mut out));
    if let Some(job) = state.fitting.job() {
        if crate::app::jobs::progress_ui(ui, job) {
            out.push(WeightsAction::CancelFit);
        }
        if let Some(loss) = state.fitting.live_loss() {
            ui.label(format!(
                "training loss now {:.2} mEMG a move",
                loss * 1000.0
            ));
        }
    }
    // The proposal where Fit was pressed: its figures, its warning, Use and Discard above the
    // weights, not below their sliders.
    if let Some(f) = state
        .fitting
        .last
        .as_ref()
        .filter(|_| state.fitting.proposed)
    {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            out.extend(fit_figures(ui, f, true));
        });
    }
    summary(ui, &state.yardstick);
    // The scroll area's height: the rounds' plots are sized to show whole in it.
    let visible = ui.available_height();
    egui::ScrollArea::vertical()
        .id_salt("weights-scroll")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            above(ui);
            // Under "Test these weights", which must show whole at 1024×640 (tests/app/app_desk.rs).
            out.extend(chooser(ui, &state.yardstick));
            out.extend(super::rounds_panel::controls(ui, state));
            out.extend(super::rounds_panel::figures(ui, state, visible));
            ui.separator();
            weight_grid(ui, state, &mut out);
            ui.separator();
            if let Some(f) = state
                .fitting
                .last
                .as_ref()
                .filter(|_| !state.fitting.proposed)
            {
                out.extend(fit_figures(ui, f, false));
                ui.separator();
            }
            out.extend(benchmark(ui, &state.yardstick));
        });
    out
}

/// The editor's buttons: Undo, Reset, Load, Save, Save as and Fit to the benchmark.
fn buttons(ui: &mut egui::Ui, state: &WeightsState, out: &mut Vec<WeightsAction>) {
    if ui
        .add_enabled(state.can_undo(), egui::Button::new("Undo"))
        .on_hover_text("Undo the last weight change")
        .clicked()
    {
        out.push(WeightsAction::Undo);
    }
    if ui
        .button("Reset")
        .on_hover_text("The shipped default weights")
        .clicked()
    {
        out.push(WeightsAction::Reset);
    }
    if ui.button("Load…").clicked() {
        out.push(WeightsAction::Open);
    }
    if ui.button("Save").clicked() {
        out.push(WeightsAction::Save);
    }
    if ui.button("Save as…").clicked() {
        out.push(WeightsAction::SaveAs);
    }
    let ready = state.yardstick.prepared().is_some();
    if ui
        .add_enabled(
            ready && state.fitting.job().is_none(),
            egui::Button::new("Fit to the benchmark"),
        )
        .on_hover_text(
            "Find the weights with the least mean loss on the benchmark in use, from \
             these ones, and check them in play against pubeval (in the background; you \
             then use the fitted weights, one undo step, or discard them)",
        )
        .on_disabled_hover_text("Once the benchmark is prepared (or while a fit runs)")
        .clicked()
    {
        out.push(WeightsAction::Fit);
    }
}

/// "Benchmark: play ▾": the benchmark the weights are scored on — a built-in one (play, the
/// default, or shipped, gnubg's self-play), the file in use, or another file to open.
fn chooser(ui: &mut egui::Ui, y: &Yardstick) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    let source = y.source();
    ui.horizontal(|ui| {
        let label = ui.label("Benchmark:");
        egui::ComboBox::from_id_salt("benchmark-source")
            .selected_text(source.short_name())
            .show_ui(ui, |ui| {
                if ui
                    .selectable_label(*source == Source::Play, "play")
                    .on_hover_text(bgw_engine::studies::benchmark::PLAY_NAME)
                    .clicked()
                {
                    out.push(WeightsAction::UseBenchmark(Source::Play));
                }
                if ui
                    .selectable_label(*source == Source::Shipped, "shipped")
                    .on_hover_text(bgw_engine::studies::benchmark::SHIPPED_NAME)
                    .clicked()
                {
                    out.push(WeightsAction::UseBenchmark(Source::Shipped));
                }
                if let Source::File(p) = source {
                    ui.selectable_label(true, source.short_name())
                        .on_hover_text(p.display().to_string());
                }
                if ui
                    .selectable_label(false, "Open benchmark file…")
                    .on_hover_text(
                        "A benchmark file of `bgw benchmark build` (JSONL, gzip or not): e.g. \
                         the checker plays of your matches judged by gnubg (--from-matches), \
                         or the classic's own games (--from-play)",
                    )
                    .clicked()
                {
                    out.push(WeightsAction::OpenBenchmark);
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(source.long_name());
        if let Some(p) = source.path() {
            ui.weak(p.display().to_string());
        }
    });
    out
}

/// Two lines: the weights' error on the benchmark beside the defaults' (always in view, so it
/// can be watched while a slider moves).
fn summary(ui: &mut egui::Ui, y: &Yardstick) {
    let lines = match (y.report(), y.prepared(), y.error()) {
        (_, _, Some(e)) => {
            // In the error colour, whole (a file's error names its line).
            ui.add(
                egui::Label::new(
                    egui::RichText::new(format!("benchmark unavailable: {e}"))
                        .color(ui.visuals().error_fg_color),
                )
                .wrap(),
            );
            ["Choose another benchmark above.".to_string(), String::new()]
        }
        (Some(r), Some(p), _) => {
            let phases: Vec<String> = r
                .by_phase
                .iter()
                .map(|(phase, f)| {
                    let d = p
                        .default
                        .phase(*phase)
                        .map_or(0.0, |d| d.mean_loss * 1000.0);
                    format!("{} {:.1} ({d:.1})", phase.name(), f.mean_loss * 1000.0)
                })
                .collect();
            [
                format!(
                    "Benchmark: loss {:.1} mEMG a move (default {:.1}) · agreement {:.1} % \
                     ({:.1} %)",
                    r.overall.mean_loss * 1000.0,
                    p.default.overall.mean_loss * 1000.0,
                    r.overall.agreement * 100.0,
                    p.default.overall.agreement * 100.0,
                ),
                phases.join(" · "),
            ]
        }
        _ => ["Benchmark: preparing benchmark…".to_string(), String::new()],
    };
    // Fixed lines whatever their length, so the editor below does not move when the figures
    // come.
    for line in lines {
        ui.add(egui::Label::new(line).truncate())
            .on_hover_text(y.source().long_name());
    }
    if y.preparing() {
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_millis(100));
    }
}

/// A grid of fixed columns: on/off, seed name, label, slider, number field, default — the
/// seed's eleven terms (always on), then the terms beyond the seed's, each marked so and
/// switched on or off by its box (off: weight 0, and no slider).
fn weight_grid(ui: &mut egui::Ui, state: &WeightsState, out: &mut Vec<WeightsAction>) {
    let defaults = Weights::builtin_default();
    let weights = &state.current;
    // Fixed columns that fit the width: the plain labels only when there is room (they are
    // also in the names' tooltips), the slider takes what is left.
    let with_labels = ui.available_width() >= 600.0;
    let fixed = if with_labels { 480.0 } else { 330.0 };
    ui.spacing_mut().slider_width = (ui.available_width() - fixed).clamp(80.0, 420.0);
    // No stripes in these grids: egui paints each stripe with rounded corners, some 58
    // triangles where a square one is 10, and without a GPU each costs time on every frame.
    egui::Grid::new("weights-grid")
        .num_columns(if with_labels { 6 } else { 5 })
        .show(ui, |ui| {
            for t in Term::ALL {
                let on = weights.is_on(t);
                let name = term_head(ui, t, on, with_labels, out);
                if !on {
                    ui.label("");
                    ui.label("");
                    ui.weak("not the seed's · off");
                    ui.end_row();
                    continue;
                }
                weight_controls(ui, t, name.id, weights.get(t), &defaults, out);
            }
        });
}

/// A term's first cells: its on/off box (the seed's terms always on), its seed name (its
/// label and description on hover) and, `with_labels`, its plain label. The name's response.
fn term_head(
    ui: &mut egui::Ui,
    t: Term,
    on: bool,
    with_labels: bool,
    out: &mut Vec<WeightsAction>,
) -> egui::Response {
    let info = t.info();
    let mut switched = on;
    let switch = egui::Checkbox::without_text(&mut switched);
    let hover = match info.seed {
        true => "The seed's terms are always on",
        false => EXTRA_HELP,
    };
    let switch = ui.add_enabled(!info.seed, switch).on_hover_text(hover);
    if switch.changed() {
        out.push(WeightsAction::Switch {
            term: t,
            on: switched,
        });
    }
    let mark = if info.seed { "" } else { " (not the seed's)" };
    let name = ui
        .monospace(info.seed_name)
        .on_hover_text(format!("{}{mark}: {}", info.label, info.description));
    // The checkbox names its term for screen readers (and tests).
    switch.labelled_by(name.id);
    if with_labels {
        // At most LABEL_WIDTH (the whole label in the name's tooltip), so a long
        // one does not push the sliders out of the editor.
        ui.allocate_ui(egui::vec2(LABEL_WIDTH, 18.0), |ui| {
            ui.add(egui::Label::new(info.label).truncate())
        });
    }
    name
}

/// The slider's span for the weight of the term named `seed_name` (now `now`, by default
/// `default`): kept while the pointer is down, so that a drag never widens its own slider.
fn held_scale(ui: &egui::Ui, seed_name: &str, default: f64, now: f64) -> f64 {
    let key = ui.scope_id().with(("weight slider scale", seed_name));
    let held = ui.input(|i| i.pointer.any_down());
    let kept: Option<f64> = ui.data(|d| d.get_temp(key));
    let scale = match (held, kept) {
        (true, Some(s)) => s,
        _ => slider::scale(default, now),
    };
    ui.data_mut(|d| d.insert_temp(key, scale));
    scale
}

/// A switched-on term's weight cells (labelled by its name `name`): the slider, the number
/// field and the default; a change of either is a [`WeightsAction::Set`], one undo step a
/// drag.
fn weight_controls(
    ui: &mut egui::Ui,
    t: Term,
    name: egui::Id,
    now: f64,
    defaults: &Weights,
    out: &mut Vec<WeightsAction>,
) {
    let info = t.info();
    let scale = held_scale(ui, info.seed_name, defaults.get(t), now);
    let (lo, hi) = slider::range(scale).into_inner();
    let mut s = now.clamp(lo, hi);
    let slider = ui
        .add(
            egui::Slider::new(&mut s, lo..=hi)
                .show_value(false)
                .clamping(egui::SliderClamping::Always),
        )
        .labelled_by(name)
        .on_hover_text(format!(
            "{} weight: the slider spans ±{} times its size ({:.3}); Shift while \
             dragging: a tenth as far",
            info.seed_name,
            slider::SPAN,
            scale
        ));
    let mut v = now;
    let field = ui
        .add(
            egui::DragValue::new(&mut v)
                .speed(0.01 * now.abs().max(0.01))
                .max_decimals(6)
                .min_decimals(2),
        )
        .labelled_by(name)
        .on_hover_text("Drag (Shift: fine steps) or click to type any value");
    match info.seed {
        true => ui.weak(format!("default {:+.4}", defaults.get(t))),
        false => ui.weak("not the seed's"),
    };
    ui.end_row();
    let value = if slider.dragged() {
        // By the pointer's movement, so that Shift can make it finer.
        let fine = ui.input(|i| i.modifiers.shift_only());
        let dx = f64::from(slider.drag_delta().x);
        let width = f64::from(slider.rect.width());
        match dx {
            0.0 => now,
            dx => slider::on_grid(slider::dragged(now, dx, width, scale, fine), scale),
        }
    } else if slider.changed() {
        slider::rounded(s)
    } else {
        v
    };
    if value != now {
        // One undo step per drag.
        let continuing = |r: &egui::Response| r.dragged() && !r.drag_started();
        let gesture = !continuing(&slider) && !continuing(&field);
        out.push(WeightsAction::Set {
            term: t,
            value,
            gesture,
        });
    }
}

/// The widest plain label in the weight editor, in points.
const LABEL_WIDTH: f32 = 140.0;

/// What the terms beyond the seed's are.
const EXTRA_HELP: &str = "Notions of the position the seed's program does not have (X_… in \
     weights files). A term switched on counts in BRDVAL with its weight, in the candidates, \
     the breakdown, the benchmark's error, Fit, Play and the duels; off, its weight is 0 and it \
     is shown nowhere else. Save writes the terms on; a file naming one switches it on.";

/// The benchmark's figures by phase beside the defaults', and the worst decisions.
fn benchmark(ui: &mut egui::Ui, y: &Yardstick) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    ui.strong(match y.source() {
        Source::Play => "Error on the play benchmark".to_string(),
        Source::Shipped => "Error on the shipped benchmark".to_string(),
        s => format!("Error on the benchmark {}", s.short_name()),
    });
    let (Some(r), Some(p)) = (y.report(), y.prepared()) else {
        ui.label(y.error().unwrap_or("preparing benchmark…"));
        return out;
    };
    ui.weak(y.source().long_name());
    egui::Grid::new("benchmark-grid")
        .num_columns(4)
        .show(ui, |ui| {
            for h in [
                "",
                "decisions",
                "agreement (default)",
                "mean loss, mEMG (default)",
            ] {
                ui.strong(h);
            }
            ui.end_row();
            let row = |ui: &mut egui::Ui, name: &str, f: &Figures, d: Option<&Figures>| {
                ui.label(name);
                ui.monospace(f.decisions.to_string());
                let d_agree = d.map_or(String::new(), |d| {
                    format!(" ({:.1} %)", d.agreement * 100.0)
                });
                ui.monospace(format!("{:.1} %{d_agree}", f.agreement * 100.0));
                let d_loss = d.map_or(String::new(), |d| format!(" ({:.1})", d.mean_loss * 1000.0));
                ui.monospace(format!("{:.1}{d_loss}", f.mean_loss * 1000.0));
                ui.end_row();
            };
            row(ui, "all", &r.overall, Some(&p.default.overall));
            for (phase, f) in &r.by_phase {
                row(ui, phase.name(), f, p.default.phase(*phase));
            }
        });
    ui.add_space(4.0);
    ui.strong("Worst decisions of these weights (click: load on the board)");
    for w in &r.worst {
        let Some(d) = y.decision(w.line) else {
            continue;
        };
        let text = format!(
            "{:.0} mEMG · {} · {} · gnubg {} · classic {}",
            w.loss * 1000.0,
            d.phase.name(),
            w.dice,
            w.best,
            w.chosen.as_deref().unwrap_or("—"),
        );
        if ui
            .selectable_label(false, egui::RichText::new(text).monospace())
            .on_hover_text(format!("{} (line {} of the benchmark)", w.id, w.line))
            .clicked()
        {
            let setup = Setup {
                position: d.position,
                dice: Some(d.dice),
                match_state: None,
            };
            out.push(WeightsAction::ShowDecision(IdFormat::Xgid.write(&setup)));
        }
    }
    out
}

/// The last fit's loss before and after, on the training and the hold-out set side by side,
/// and its check in play: the start and the fitted weights against pubeval on the same dice,
/// with the warning when the benchmark and play disagree; while it is proposed, Use and
/// Discard.
fn fit_figures(
    ui: &mut egui::Ui,
    f: &super::fitting::Fitted,
    proposed: bool,
) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    let o = &f.outcome;
    ui.strong(if proposed {
        "Proposed fit: mean loss, mEMG a move (agreement)"
    } else {
        "Last fit: mean loss, mEMG a move (agreement)"
    });
    let cell = |r: Option<&bgw_engine::studies::benchmark::Report>| {
        r.map_or("—".to_string(), |r| {
            format!(
                "{:.1} ({:.1} %)",
                r.overall.mean_loss * 1000.0,
                r.overall.agreement * 100.0
            )
        })
    };
    let c = &f.check;
    egui::Grid::new("fit-grid").num_columns(4).show(ui, |ui| {
        for h in ["", "training set", "hold-out set", "against pubeval, ppg"] {
            ui.strong(h);
        }
        ui.end_row();
        ui.label("before");
        ui.monospace(cell(Some(&o.start_train)));
        ui.monospace(cell(o.start_holdout.as_ref()));
        ui.monospace(format!("{:+.3}", c.first));
        ui.end_row();
        ui.label("after");
        ui.monospace(cell(Some(&o.train)));
        ui.monospace(cell(o.holdout.as_ref()));
        ui.monospace(format!("{:+.3}", c.second));
        ui.end_row();
    });
    ui.weak(format!(
        "training: {}; hold-out: {}; play: {} games against pubeval on the same dice (seed {}), \
         after − before {:+.3} ± {:.3} ppg",
        f.train_name,
        bgw_engine::studies::benchmark::HOLDOUT_NAME,
        c.games,
        c.seed,
        c.difference,
        c.stderr
    ));
    if let Some(w) = &f.warning {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!("Careful: {w}.")).color(ui.visuals().warn_fg_color),
            )
            .wrap(),
        );
    }
    if proposed {
        ui.horizontal(|ui| {
            if ui
                .button("Use the fitted weights")
                .on_hover_text("They become the edited weights (one undo step)")
                .clicked()
            {
                out.push(WeightsAction::UseFit);
            }
            if ui
                .button("Discard")
                .on_hover_text("Keep the weights as they are")
                .clicked()
            {
                out.push(WeightsAction::DiscardFit);
            }
        });
    }
    out
}

/// The question asked before unsaved weight changes are lost.
pub fn confirm(ctx: &egui::Context, state: &WeightsState) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    if state.confirm_discard.is_none() {
        return out;
    }
    egui::Modal::new(egui::Id::unique("confirm-discard")).show(ctx, |ui| {
        ui.heading("Unsaved weight changes");
        ui.label(format!(
            "The weights ({}) have changes that are not saved. Discard them?",
            state.title()
        ));
        ui.horizontal(|ui| {
            if ui.button("Discard changes").clicked() {
                out.push(WeightsAction::ConfirmDiscard(true));
            }
            if ui.button("Keep editing").clicked() {
                out.push(WeightsAction::ConfirmDiscard(false));
            }
        });
    });
    out
}
