//! The bear-off panel's state: the analysis (or the background job computing it), how the
//! distributions are shown ([`BearoffView`], kept in the settings) and the plot exports asked
//! for.

use crate::app::jobs::{Job, Progress};
use bgw_engine::bearoff::analysis::{self, Analysis};
use bgw_engine::bearoff::{Control, build_within};
use bgw_engine::position::Position;
use serde::{Deserialize, Serialize};

/// The largest database the panel builds (points).
pub const MAX_POINTS: usize = 10;
/// Games of the one-sided rollout.
pub const ROLLOUT_GAMES: u32 = 1000;
/// The rollout's seed (fixed: the same position gives the same figure).
pub const ROLLOUT_SEED: u64 = 1;

/// Which distribution of rolls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Distribution {
    /// Rolls to bear every checker off.
    #[default]
    BearingOff,
    /// Rolls to bear the first checker off (saving the gammon).
    FirstOff,
}

/// Which normal approximation is compared with the exact distribution.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum NormalForm {
    /// The density at each whole k (the seed's form).
    #[default]
    Density,
    /// Φ(k + ½) − Φ(k − ½), a proper distribution.
    Interval,
}

/// What the plots show for each k.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantity {
    /// P(done in exactly k rolls).
    #[default]
    PerRoll,
    /// P(done within k rolls).
    Cumulative,
}

/// The probability axis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Scale {
    /// Per cent, from 0.
    #[default]
    Linear,
    /// log10 of the probability, for the tails.
    Log,
}

/// How the two sides share the plots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Arrangement {
    /// One plot per side, exact and normal on each.
    #[default]
    PerSide,
    /// Both sides on one plot.
    Overlaid,
}

/// The table beside the plots.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideTable {
    /// The seed's table: % by rolls, exact and normal, both sides.
    #[default]
    Seed,
    /// The database's figures: pips, mean, sd, EPC, wastage, error measures.
    Figures,
}

/// How the bear-off panel shows the distributions (kept across restarts in the settings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BearoffView {
    /// Bearing off or the first checker off.
    pub distribution: Distribution,
    /// The normal approximation's form.
    pub normal: NormalForm,
    /// Per roll or cumulative.
    pub quantity: Quantity,
    /// Linear or logarithmic probability axis.
    pub scale: Scale,
    /// One plot per side or both overlaid.
    pub arrangement: Arrangement,
    /// The table beside the plots.
    pub table: SideTable,
}

/// A plot the person asked to export as PNG: its rectangle on screen (points, the whole plot
/// with its title, legend and axes) and a file name stem. The app's export module takes it
/// with [`BearoffState::take_export`], grabs the screen and crops to `rect`.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotExport {
    /// Where the plot is on screen, in points.
    pub rect: egui::Rect,
    /// A file name stem, e.g. `bearoff-difference`.
    pub name: String,
}

/// What can be done in the Bear-off tab.
#[derive(Clone, Debug, PartialEq)]
pub enum BearoffAction {
    /// How the distributions are shown.
    View(BearoffView),
    /// Stops the database build.
    Cancel,
    /// Export this plot as PNG (see [`PlotExport`]).
    ExportPlot(PlotExport),
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
    /// The plot export asked for and not yet taken.
    pub export: Option<PlotExport>,
}

impl BearoffState {
    /// Applies one action; the view goes to `view` (the settings' copy).
    pub fn apply(&mut self, action: BearoffAction, view: &mut BearoffView) {
        match action {
            BearoffAction::View(v) => *view = v,
            BearoffAction::Cancel => self.cancel(),
            BearoffAction::ExportPlot(e) => self.export = Some(e),
        }
    }

    /// The plot export asked for, once.
    pub fn take_export(&mut self) -> Option<PlotExport> {
        self.export.take()
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
