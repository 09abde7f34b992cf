//! The bear-off panel (seed 001) and the race panel.
//!
//! Bear-off: for a race within the one-sided database (10 points at most here), both sides'
//! exact distributions of rolls and their normal approximations (density form, the interval
//! form as an option) as plots, for bearing off and for the first checker off; the seed's
//! table beside them; mean, sd, EPC, wastage; the winning chance exact / normal / rollout and
//! the approximation's error measures. The smallest database covering both sides is built in
//! the background (only the part the position reaches), with progress and Cancel.
//!
//! Race: pip counts and the race formulas (Keith, Thorp, Kleinman, 8-9-12, Isight).

use super::jobs::{Job, Progress, progress_ui};
use super::state::{Action, AppState};
use bgw_engine::bearoff::analysis::{self, Analysis, SideReport};
use bgw_engine::bearoff::{Control, ROLLS, build_within};
use bgw_engine::position::Position;
use egui_plot::{Bar, BarChart, Legend, Line, Plot, PlotPoints};

/// The largest database the panel builds (points).
pub const MAX_POINTS: usize = 10;
/// Games of the one-sided rollout.
pub const ROLLOUT_GAMES: u32 = 1000;
/// The rollout's seed (fixed: the same position gives the same figure).
pub const ROLLOUT_SEED: u64 = 1;

/// What can be done in the Bear-off tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BearoffAction {
    /// How the distributions are shown.
    View {
        /// The first checker off (gammon) instead of bearing off.
        first_off: bool,
        /// The interval form of the normal approximation instead of the density form.
        interval: bool,
    },
    /// Stops the database build.
    Cancel,
}

/// The bear-off panel's state: the analysis of one position, or the job computing it.
#[derive(Default)]
pub struct BearoffState {
    /// The position analysed (or being analysed).
    pub position: Option<Position>,
    /// The build and analysis in progress.
    pub job: Option<Job<Result<Analysis, String>>>,
    /// The finished analysis, or why there is none.
    pub result: Option<Result<Analysis, String>>,
    /// Show the first checker off (gammon) instead of bearing off.
    pub first_off: bool,
    /// Show the interval form of the normal approximation instead of the density form.
    pub interval: bool,
}

impl BearoffState {
    /// Applies one action.
    pub fn apply(&mut self, action: BearoffAction) {
        match action {
            BearoffAction::View {
                first_off,
                interval,
            } => {
                self.first_off = first_off;
                self.interval = interval;
            }
            BearoffAction::Cancel => self.cancel(),
        }
    }

    /// Starts analysing `pos` unless it is the one analysed already.
    pub fn request(&mut self, pos: Position) {
        if self.position == Some(pos) {
            return;
        }
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.position = Some(pos);
        self.result = None;
        let needed = match analysis::points_needed(&pos, MAX_POINTS) {
            Ok(n) => n,
            Err(e) => {
                self.result = Some(Err(e.to_string()));
                return;
            }
        };
        if needed.iter().all(Option::is_none) {
            self.result = Some(Err(format!(
                "both sides are beyond the {MAX_POINTS}-point database"
            )));
            return;
        }
        let points = needed.iter().flatten().copied().max().unwrap_or(1);
        let targets = analysis::targets(&pos, &needed, points);
        self.job = Some(Job::spawn(
            format!("building the {points}-point bear-off database"),
            move |p: &Progress| {
                let report = |done: u64, total: u64| p.set(done, total);
                let control = Control {
                    progress: Some(&report),
                    cancel: Some(&p.cancel),
                };
                let db =
                    build_within::<f64>(points, &targets, control).map_err(|e| e.to_string())?;
                analysis::analyse(&pos, &db, MAX_POINTS, ROLLOUT_GAMES, ROLLOUT_SEED)
                    .map_err(|e| e.to_string())
            },
        ));
    }

    /// Takes the job's result when it has finished.
    pub fn poll(&mut self) {
        if let Some(job) = &self.job
            && let Some(r) = job.try_take()
        {
            self.result = Some(r);
            self.job = None;
        }
    }

    /// Cancels the job in progress.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
            self.result = Some(Err("cancelled".to_string()));
        }
    }
}

fn pct(p: f64) -> String {
    format!("{:.1} %", p * 100.0)
}

fn dists(s: &SideReport, first_off: bool, interval: bool) -> (&[f64; ROLLS], &[f64; ROLLS]) {
    match (first_off, interval) {
        (false, false) => (&s.dist, &s.dist_normal),
        (false, true) => (&s.dist, &s.dist_interval),
        (true, false) => (&s.gammon, &s.gammon_normal),
        (true, true) => (&s.gammon, &s.gammon_interval),
    }
}

fn side_plot(ui: &mut egui::Ui, id: &str, title: &str, s: &SideReport, st: &BearoffState) {
    let (exact, normal) = dists(s, st.first_off, st.interval);
    let bars: Vec<Bar> = (0..ROLLS)
        .filter(|&k| exact[k] > 1e-5)
        .map(|k| Bar::new(k as f64, exact[k] * 100.0).width(0.8))
        .collect();
    let lo = (0..ROLLS)
        .find(|&k| exact[k] > 1e-4 || normal[k] > 1e-4)
        .unwrap_or(0);
    let hi = (0..ROLLS)
        .rev()
        .find(|&k| exact[k] > 1e-4 || normal[k] > 1e-4)
        .unwrap_or(ROLLS - 1);
    let line: PlotPoints = (lo.saturating_sub(1)..=(hi + 1).min(ROLLS - 1))
        .map(|k| [k as f64, normal[k] * 100.0])
        .collect();
    let form = if st.interval {
        "normal (interval)"
    } else {
        "normal (density)"
    };
    ui.vertical(|ui| {
        ui.strong(title);
        Plot::new(id)
            .height(170.0)
            .width(ui.available_width().max(200.0))
            .legend(Legend::default())
            .x_axis_label("rolls")
            .y_axis_label("probability %")
            .allow_zoom(false)
            .allow_drag(false)
            .allow_scroll(false)
            .include_y(0.0)
            .show(ui, |plot| {
                plot.bar_chart(
                    BarChart::new("exact", bars).color(egui::Color32::from_rgb(90, 140, 220)),
                );
                plot.line(
                    Line::new(form, line)
                        .color(egui::Color32::from_rgb(230, 150, 40))
                        .width(2.0),
                );
            });
    });
}

/// The Bear-off tab.
pub fn show(ui: &mut egui::Ui, state: &AppState) -> Vec<Action> {
    let mut out = Vec::new();
    let st = &state.bearoff;
    ui.horizontal(|ui| {
        let mut first_off = st.first_off;
        if ui
            .checkbox(&mut first_off, "first checker off (saving the gammon)")
            .changed()
        {
            out.push(Action::Bearoff(BearoffAction::View {
                first_off,
                interval: st.interval,
            }));
        }
        let mut interval = st.interval;
        if ui
            .checkbox(&mut interval, "interval form of the normal approximation")
            .changed()
        {
            out.push(Action::Bearoff(BearoffAction::View {
                first_off: st.first_off,
                interval,
            }));
        }
    });
    if let Some(job) = &st.job
        && progress_ui(ui, job)
    {
        out.push(BearoffAction::Cancel.into());
    }
    match &st.result {
        None if st.job.is_none() => {
            ui.label(match state.position() {
                Ok(_) => "…",
                Err(_) => "The board is not a legal position.",
            });
        }
        None => {}
        Some(Err(e)) => {
            ui.label(format!("No bear-off analysis: {e}."));
        }
        Some(Ok(a)) => report(ui, state, a),
    }
    out
}

fn report(ui: &mut egui::Ui, state: &AppState, a: &Analysis) {
    let st = &state.bearoff;
    let on_roll = state.editing.edit.on_roll;
    let names = [
        format!("{on_roll} (on roll)"),
        format!("{}", on_roll.opponent()),
    ];
    let sides = [&a.on_roll, &a.opponent];
    let show = |v: Option<f64>| v.map_or("—".to_string(), pct);
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("{on_roll} on roll wins:"));
        ui.label(format!("exact {}", show(a.win_exact)));
        ui.label("·");
        ui.label(format!(
            "normal {} (densities, the seed's form)",
            show(a.win_normal)
        ));
        ui.label("·");
        ui.label(format!("interval {}", show(a.win_interval)));
        ui.label("·");
        ui.label(match a.rollout {
            Some(r) => format!(
                "rollout {} ± {:.1} % ({} games)",
                pct(r.win),
                r.stderr * 100.0,
                r.games
            ),
            None => "rollout —".to_string(),
        });
        ui.label("·");
        ui.label(format!(
            "wins a gammon {}, loses one {}",
            show(a.win_gammon),
            show(a.lose_gammon)
        ));
    });
    egui::ScrollArea::vertical()
        .id_salt("bearoff-scroll")
        .show(ui, |ui| {
            ui.horizontal_top(|ui| {
                let w = ((ui.available_width() - 760.0) / 2.0).max(260.0);
                for (i, s) in sides.iter().enumerate() {
                    ui.allocate_ui(egui::vec2(w, 200.0), |ui| match s {
                        Some(s) => side_plot(ui, &format!("bearoff-plot-{i}"), &names[i], s, st),
                        None => {
                            ui.label(format!(
                                "{}: beyond the {}-point database (out of range)",
                                names[i], a.points
                            ));
                        }
                    });
                }
                ui.separator();
                ui.vertical(|ui| seed_table(ui, a, st, &names));
                ui.separator();
                egui::Grid::new("bearoff-moments")
                    .striped(true)
                    .show(ui, |ui| {
                        ui.strong(format!("{}-point database", a.points));
                        ui.strong(on_roll.name());
                        ui.strong(on_roll.opponent().name());
                        ui.end_row();
                        let row =
                            |ui: &mut egui::Ui, name: &str, f: &dyn Fn(&SideReport) -> String| {
                                ui.label(name);
                                for s in sides {
                                    ui.monospace(s.as_ref().map_or("—".to_string(), f));
                                }
                                ui.end_row();
                            };
                        row(ui, "pips", &|s| s.pips.to_string());
                        row(ui, "mean rolls", &|s| format!("{:.3}", s.moments.mean));
                        row(ui, "sd", &|s| format!("{:.3}", s.moments.sd));
                        row(ui, "EPC (mean × 49/6)", &|s| format!("{:.2}", s.epc));
                        row(ui, "wastage (EPC − pips)", &|s| {
                            format!("{:.2}", s.wastage)
                        });
                        row(ui, "first off: mean", &|s| {
                            format!("{:.3}", s.moments.gammon_mean)
                        });
                        row(ui, "first off: sd", &|s| {
                            format!("{:.3}", s.moments.gammon_sd)
                        });
                        row(ui, "normal: max |error|", &|s| {
                            format!("{:.2} %", s.errors_normal.max_abs * 100.0)
                        });
                        row(ui, "normal: total variation", &|s| {
                            format!("{:.2} %", s.errors_normal.total_variation * 100.0)
                        });
                        row(ui, "interval: max |error|", &|s| {
                            format!("{:.2} %", s.errors_interval.max_abs * 100.0)
                        });
                        row(ui, "interval: total var.", &|s| {
                            format!("{:.2} %", s.errors_interval.total_variation * 100.0)
                        });
                    });
            });
        });
}

fn seed_table(ui: &mut egui::Ui, a: &Analysis, st: &BearoffState, names: &[String; 2]) {
    let what = if st.first_off {
        "first checker off"
    } else {
        "bearing off"
    };
    ui.strong(format!("The seed's table: {what}, % by rolls"));
    let rows: Vec<usize> = (0..ROLLS)
        .filter(|&k| {
            [&a.on_roll, &a.opponent].iter().any(|s| {
                s.as_ref().is_some_and(|s| {
                    let (e, n) = dists(s, st.first_off, st.interval);
                    e[k] > 5e-5 || n[k] > 5e-5
                })
            })
        })
        .collect();
    egui::ScrollArea::vertical()
        .id_salt("seed-table")
        .max_height(220.0)
        .show(ui, |ui| {
            egui::Grid::new("seed-table-grid")
                .striped(true)
                .show(ui, |ui| {
                    ui.strong("rolls");
                    for n in names {
                        ui.strong(n.split(' ').next().unwrap_or(n));
                        ui.strong("normal");
                    }
                    ui.end_row();
                    for k in rows {
                        ui.monospace(k.to_string());
                        for s in [&a.on_roll, &a.opponent] {
                            match s {
                                Some(s) => {
                                    let (e, n) = dists(s, st.first_off, st.interval);
                                    ui.monospace(format!("{:7.3}", e[k] * 100.0));
                                    ui.monospace(format!("{:7.3}", n[k] * 100.0));
                                }
                                None => {
                                    ui.monospace("—");
                                    ui.monospace("—");
                                }
                            }
                        }
                        ui.end_row();
                    }
                });
        });
}

/// The Race tab: pip counts and the race formulas.
pub fn race(ui: &mut egui::Ui, state: &AppState) {
    let Ok(pos) = state.position() else {
        ui.label("The board is not a legal position.");
        return;
    };
    let (me, opp) = pos.pips();
    let on_roll = pos.on_roll();
    ui.horizontal(|ui| {
        ui.strong(format!(
            "Pips: {on_roll} {me}, {} {opp} — {on_roll} {} by {} ({:+.1} %)",
            on_roll.opponent(),
            if me <= opp { "leads" } else { "trails" },
            me.abs_diff(opp),
            (opp as f64 - me as f64) / me.max(1) as f64 * 100.0
        ));
    });
    if pos.has_contact() {
        ui.label("The sides are still in contact: the race formulas assume a pure race.");
    }
    let [o, m] = pos.sides();
    let counts = bgw_engine::bearoff::race::all(&m, &o);
    egui::Grid::new("race-grid").striped(true).show(ui, |ui| {
        for h in [
            "formula",
            &format!("{on_roll}"),
            &format!("{}", on_roll.opponent()),
            "measure",
            "verdict for the side on roll",
            "win",
        ] {
            ui.strong(h);
        }
        ui.end_row();
        for c in counts {
            ui.label(c.name);
            ui.monospace(format!("{:.1}", c.on_roll));
            ui.monospace(format!("{:.1}", c.opponent));
            ui.monospace(c.metric.map_or("—".to_string(), |m| format!("{m:+.1}")));
            ui.label(&c.verdict);
            ui.monospace(c.win.map_or("—".to_string(), pct));
            ui.end_row();
        }
    });
}
