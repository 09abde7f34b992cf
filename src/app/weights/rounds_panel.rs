//! The weight editor's "Fit on own games": its settings and button, the running job's
//! progress and Cancel, and the rounds so far — a plot of the loss and of the points a game
//! against pubeval round by round, and the best weights proposed with Use and Discard.

use super::rounds::RoundsSoFar;
use super::{WeightsAction, WeightsState};
use bgw_engine::studies::fit_rounds::Sparring;
use egui_plot::{AxisHints, Line, MarkerShape, Plot, PlotPoints, Points};

/// The button line: rounds, games a round, and "Fit on own games".
pub fn controls(ui: &mut egui::Ui, state: &WeightsState) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    let running = state.rounds.job().is_some();
    ui.horizontal_wrapped(|ui| {
        let (mut rounds, mut games) = (state.rounds.config.rounds, state.rounds.config.games);
        let clicked = ui
            .add_enabled(!running, egui::Button::new("Fit on own games"))
            .on_hover_text(
                "Round by round: these weights play pubeval (or themselves), gnubg judges \
                 every decision they met, the weights are refitted on all the decisions so far \
                 and play pubeval again; the best by play is proposed (in the background, gnubg \
                 needed)",
            )
            .on_disabled_hover_text("While a fit on own games runs")
            .clicked();
        let l = ui.label("rounds");
        let r = ui
            .add_enabled(!running, egui::DragValue::new(&mut rounds).range(1..=50))
            .labelled_by(l.id);
        let l = ui.label("games a round");
        let g = ui
            .add_enabled(
                !running,
                egui::DragValue::new(&mut games)
                    .range(20..=10_000)
                    .speed(10),
            )
            .labelled_by(l.id);
        if r.changed() || g.changed() {
            out.push(WeightsAction::RoundSettings { rounds, games });
        }
        ui.label("against");
        for sparring in [Sparring::Pubeval, Sparring::Itself] {
            let chosen = state.rounds.config.sparring == sparring;
            let b = ui
                .add_enabled(!running, egui::Button::selectable(chosen, sparring.name()))
                .on_hover_text(match sparring {
                    Sparring::Pubeval => {
                        "The rounds' games against pubeval, whom the duels measure by"
                    }
                    Sparring::Itself => {
                        "The rounds' games against the weights themselves (the duels stay \
                         against pubeval): with the seed's eleven terms, these came nearest \
                         the default (docs/benchmark.md)"
                    }
                });
            if b.clicked() && !chosen {
                out.push(WeightsAction::RoundSparring(sparring));
            }
        }
        if clicked {
            out.push(WeightsAction::FitRounds);
        }
        if state.rounds.last.is_some()
            && ui
                .add_enabled(!running, egui::Button::new("Go on"))
                .on_hover_text(
                    "The last fit on own games, for as many rounds more: its rounds kept, its \
                     best proposed at the end",
                )
                .clicked()
        {
            out.push(WeightsAction::MoreRounds);
        }
    });
    if let Some(job) = state.rounds.job()
        && crate::app::jobs::progress_ui(ui, job)
    {
        out.push(WeightsAction::CancelRounds);
    }
    out
}

/// The tallest the plots get.
const MAX_PLOT_HEIGHT: f32 = 150.0;
/// The shortest: below it the axes' labels crowd the lines out.
const MIN_PLOT_HEIGHT: f32 = 90.0;
/// The y axis's width, for labels such as "-0.35".
const AXIS_WIDTH: f32 = 40.0;
/// The closest the y axis's labels come (hidden below the first, full strength from the
/// second), points.
const Y_LABEL_SPACING: std::ops::RangeInclusive<f32> = 13.0..=18.0;
/// What the title above the plots and the line under them take.
const PLOT_MARGIN: f32 = 56.0;

/// The rounds so far (running or last), plotted, and the best proposed; the plots no taller
/// than lets title, plots and verdict show at once in `visible` points (the editor's scroll
/// area: some 150 at 1280×720).
pub fn figures(ui: &mut egui::Ui, state: &WeightsState, visible: f32) -> Vec<WeightsAction> {
    let mut out = Vec::new();
    let so_far = state.rounds.so_far();
    if so_far.start.is_none() {
        return out;
    }
    ui.strong("Fit on own games, round by round");
    plots(
        ui,
        &so_far,
        (visible - PLOT_MARGIN).clamp(MIN_PLOT_HEIGHT, MAX_PLOT_HEIGHT),
    );
    if let Some(run) = &state.rounds.last
        && state.rounds.job().is_none()
    {
        let (_, best, round) = run.best();
        match (round, best, run.start_score) {
            (Some(k), Some(b), Some(s)) => {
                ui.label(format!(
                    "Best by play: round {k}, {:+.3} ± {:.3} ppg against pubeval ({} games), \
                     these weights {:+.3}",
                    b.ppg, b.stderr, b.games, s.ppg
                ));
            }
            _ => {
                ui.label("No round played better than the weights it started from.");
            }
        }
        if let Some(why) = &state.rounds.stopped {
            ui.weak(format!("Stopped early: {why}."));
        }
        if state.rounds.proposed {
            ui.horizontal(|ui| {
                if ui
                    .button("Use the best weights")
                    .on_hover_text("They become the edited weights (one undo step)")
                    .clicked()
                {
                    out.push(WeightsAction::UseRounds);
                }
                if ui.button("Discard").clicked() {
                    out.push(WeightsAction::DiscardRounds);
                }
            });
        }
    }
    out
}

/// Two plots side by side: the mean loss (training set after each refit, and the weights' own
/// new positions before it) and the points a game against pubeval, the start at round 0.
fn plots(ui: &mut egui::Ui, so_far: &RoundsSoFar, height: f32) {
    let rounds = &so_far.rounds;
    let at = |r: &bgw_engine::studies::fit_rounds::Round| f64::from(r.round);
    let train: Vec<[f64; 2]> = rounds
        .iter()
        .map(|r| [at(r), 1000.0 * r.train_loss])
        .collect();
    let own: Vec<[f64; 2]> = rounds
        .iter()
        .map(|r| [at(r), 1000.0 * r.fresh_loss])
        .collect();
    let mut ppg: Vec<[f64; 2]> = so_far.start.map(|s| [0.0, s.ppg]).into_iter().collect();
    ppg.extend(rounds.iter().map(|r| [at(r), r.score.ppg]));
    let best: Vec<[f64; 2]> = rounds
        .iter()
        .filter(|r| r.best)
        .map(|r| [at(r), r.score.ppg])
        .collect();
    let width = ((ui.available_width() - 8.0) / 2.0).max(160.0);
    let text = ui.visuals().text_color();
    let marked = ui.visuals().selection.stroke.color;
    // Each legend under its plot, off the data.
    use crate::app::legend::{Swatch, below};
    let height = (height - LEGEND_HEIGHT).max(MIN_PLOT_HEIGHT - LEGEND_HEIGHT);
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.set_width(width);
            round_plot("rounds-loss", width, height, "mEMG a move").show(ui, |p| {
                p.line(Line::new("training set", PlotPoints::new(train)).color(text));
                p.line(Line::new("own new positions", PlotPoints::new(own)).color(marked));
            });
            below(
                ui,
                &[
                    (text, "training set", Swatch::Line),
                    (marked, "own new positions", Swatch::Line),
                ],
            );
        });
        ui.vertical(|ui| {
            ui.set_width(width);
            // Spanning the data only (not 0 too): a short plot labels its axis only when the
            // marks are far enough apart.
            round_plot("rounds-ppg", width, height, "ppg vs pubeval").show(ui, |p| {
                p.line(Line::new("against pubeval", PlotPoints::new(ppg)).color(text));
                p.points(
                    Points::new("new best", PlotPoints::new(best))
                        .shape(MarkerShape::Circle)
                        .radius(4.0)
                        .color(marked),
                );
            });
            below(
                ui,
                &[
                    (text, "against pubeval", Swatch::Line),
                    (marked, "new best", Swatch::Circle),
                ],
            );
        });
    });
}

/// The height of a legend's row under a plot.
const LEGEND_HEIGHT: f32 = 18.0;

/// A small fixed plot of a figure round by round.
fn round_plot(id: &str, width: f32, height: f32, y: &str) -> Plot<'static> {
    Plot::new(id)
        .height(height)
        .width(width)
        .allow_scroll(false)
        .allow_zoom(false)
        .allow_drag(false)
        .x_axis_label("round")
        // Room for "-0.35" beside the axis, and its marks labelled closer together than
        // egui_plot's default (20 points) allows: a plot 90 points high still reads.
        .custom_y_axes(vec![
            AxisHints::new_y()
                .label(y.to_string())
                .min_thickness(AXIS_WIDTH)
                .label_spacing(Y_LABEL_SPACING),
        ])
}
