//! The bear-off panel's state: the analysis (or the background job computing it), how the
//! distributions are shown ([`BearoffView`], kept in the settings) and the plot exports asked
//! for.

use super::two_sided::TwoSidedState;
use crate::app::effect::Effect;
use crate::app::jobs::{Job, Start};
use crate::app::render::{ExportSize, Picture};
use bgw_engine::bearoff::one_sided::build_within;
use bgw_engine::bearoff::two_sided::Kind;
use bgw_engine::core::dice::Dice;
use bgw_engine::core::position::Position;
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::BestPlay;
use bgw_engine::studies::race::{self, Analysis};
use serde::{Deserialize, Serialize};

/// The largest database the panel builds (points).
pub const MAX_POINTS: usize = 10;
/// Games of the one-sided rollout: as many as `bgw bearoff` plays by default, so that the app
/// and the command line give the same figure (with 1000 games the standard error, 1.6 %, was
/// larger than any difference the panel compares).
pub const ROLLOUT_GAMES: u32 = 10_000;
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

/// The part of the Bear-off tab shown below the winning chances.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Section {
    /// The distributions' plots (with the table beside them when there is room).
    #[default]
    Distributions,
    /// The seed's table or the figures, on their own (offered when the panel is too narrow
    /// to have them beside the plots).
    Tables,
    /// The loaded two-sided database's error map.
    ErrorMap,
    /// The loaded cubeful database's cube errors: the race formulas against the exact cube.
    CubeErrors,
    /// Best play for the dice on the board, exact against the one-sided rules.
    BestPlay,
}

/// How the bear-off panel shows the distributions: the feature's saved part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BearoffView {
    /// The part of the tab shown.
    pub section: Section,
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

/// A plot the person asked to export as PNG: the plot drawn for export (a title, its legend
/// and axes, no widgets) and the size chosen. [`BearoffState::update`] hands it to the shell.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotExport {
    /// The plot as the export draws it, with its title and file name.
    pub picture: Picture,
    /// 1600 px wide, or 3200 for print.
    pub size: ExportSize,
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
    /// Asks for a gnubg two-sided database file (`.bd`) and reads it in the background.
    OpenTwoSided,
    /// Reads this two-sided database file in the background.
    ReadTwoSided(std::path::PathBuf),
    /// Builds the exact two-sided database of `points` × `checkers` in memory.
    BuildTwoSided(usize, usize),
    /// Builds gnubg's cubeful two-sided database of `points` × `checkers` in memory.
    BuildCubeful(usize, usize),
    /// Stops solving the race on the board exactly (and its best play).
    CancelExact,
    /// Stops reading or building the two-sided database.
    CancelLoad,
    /// Starts the loaded database's error map.
    StartMap,
    /// Stops the error map.
    CancelMap,
    /// Starts the loaded cubeful database's cube errors.
    StartCube,
    /// Stops the cube errors.
    CancelCube,
    /// Puts a race of the error map or the cube errors on the board (its Position ID).
    LoadRace(String),
    /// The best-play row under the pointer (shown on the board), or none.
    HoverPlay(Option<usize>),
    /// The best-play row clicked (shown on the board until clicked again), or none.
    SelectPlay(Option<usize>),
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
    /// The two-sided database, the exact chance, best play, the error map.
    pub two_sided: TwoSidedState,
    /// The best-play row under the pointer.
    pub hovered_play: Option<usize>,
    /// The best-play row selected.
    pub selected_play: Option<usize>,
    /// How the distributions are shown (kept across restarts).
    pub view: BearoffView,
}

impl crate::app::saved_part::SavedPart for BearoffView {
    const WHAT: &'static str = "bear-off view";
}

impl BearoffState {
    /// True when the tab has plots or tables to show that need the whole right column: the
    /// error map and the cube errors always, the position's sections while its analysis runs
    /// or once it is there. A position that is no bear-off (a contact position) has only a
    /// line to say so: the tab keeps its usual place and the candidates theirs.
    pub fn needs_room(&self) -> bool {
        match self.view.section {
            Section::ErrorMap | Section::CubeErrors => true,
            Section::Distributions | Section::Tables | Section::BestPlay => {
                self.job.is_some() || matches!(self.result, Some(Ok(_)))
            }
        }
    }

    /// Applies one action. Returns what the shell is to do (a plot's capture, a job, the
    /// two-sided database's file dialog, which opens in `export_dir`).
    pub fn update(
        &mut self,
        action: BearoffAction,
        export_dir: Option<&std::path::Path>,
    ) -> Vec<Effect<BearoffAction>> {
        match action {
            BearoffAction::View(v) => self.view = v,
            BearoffAction::Cancel => self.cancel(),
            BearoffAction::ExportPlot(e) => {
                return vec![Effect::Export {
                    picture: e.picture,
                    size: e.size,
                }];
            }
            BearoffAction::CancelExact => self.two_sided.cancel_exact(),
            BearoffAction::CancelLoad => {
                if let Some(job) = self.two_sided.loading.take() {
                    job.cancel();
                    self.two_sided.load_error = Some("cancelled".to_string());
                }
            }
            BearoffAction::StartMap => {
                return self
                    .two_sided
                    .start_map()
                    .map(Effect::Start)
                    .into_iter()
                    .collect();
            }
            BearoffAction::CancelMap => {
                if let Some(job) = self.two_sided.mapping.take() {
                    job.cancel();
                    self.two_sided.map = Some(Err("cancelled".to_string()));
                }
            }
            BearoffAction::StartCube => {
                return self
                    .two_sided
                    .start_cube()
                    .map(Effect::Start)
                    .into_iter()
                    .collect();
            }
            BearoffAction::CancelCube => self.two_sided.cancel_cube(),
            BearoffAction::HoverPlay(i) => self.hovered_play = i,
            BearoffAction::SelectPlay(i) => self.selected_play = i,
            BearoffAction::ReadTwoSided(path) => {
                return vec![Effect::Start(self.two_sided.open(path))];
            }
            BearoffAction::BuildTwoSided(points, checkers) => {
                let start = self.two_sided.build(points, checkers, Kind::Exact);
                return vec![Effect::Start(start)];
            }
            BearoffAction::BuildCubeful(points, checkers) => {
                let start = self.two_sided.build(points, checkers, Kind::Cubeful);
                return vec![Effect::Start(start)];
            }
            BearoffAction::OpenTwoSided => {
                return vec![Effect::ask(
                    crate::app::files::Request::open(
                        crate::app::files::FileKind::BearoffDb,
                        export_dir,
                    ),
                    BearoffAction::ReadTwoSided,
                )];
            }
            // The coordinator puts the race on the board.
            BearoffAction::LoadRace(_) => {}
        }
        Vec::new()
    }

    /// The best-play row shown on the board: the one under the pointer, else the selected.
    pub fn shown_play(&self) -> Option<usize> {
        self.hovered_play.or(self.selected_play)
    }

    /// The best play shown: by the exact chance, else by the one-sided chance (its estimate).
    pub fn best_play(&self) -> Option<&BestPlay> {
        let two = &self.two_sided;
        let exact = two.exact.as_ref().and_then(|r| r.as_ref().ok());
        match exact {
            Some(report) => report.best.as_ref()?.as_ref().ok(),
            None => two.estimate.as_ref()?.as_ref().ok(),
        }
    }

    /// The move of best-play row `i`, in gnubg's notation.
    pub fn best_play_notation(&self, i: usize) -> Option<&str> {
        Some(&self.best_play()?.plays.get(i)?.play)
    }

    /// Analyses `pos` (and `dice`, for best play) unless it is the one analysed already: the
    /// starts of the jobs, for the shell. A job whose start was dropped is asked for again.
    pub fn request(&mut self, pos: Position, dice: Option<Dice>) -> Vec<Start> {
        if self.two_sided.key != Some((pos, dice)) {
            self.hovered_play = None;
            self.selected_play = None;
        }
        let mut starts: Vec<Start> = self.two_sided.request(pos, dice).into_iter().collect();
        if self.position == Some(pos) && !self.job.as_ref().is_some_and(Job::never_started) {
            return starts;
        }
        if let Some(job) = self.job.take() {
            job.cancel();
        }
        self.position = Some(pos);
        self.result = None;
        let needed = match race::points_needed(&pos, MAX_POINTS) {
            Ok(n) => n,
            Err(e) => {
                self.result = Some(Err(e.to_string()));
                return starts;
            }
        };
        if needed.iter().all(Option::is_none) {
            self.result = Some(Err(format!(
                "both sides are beyond the {MAX_POINTS}-point database"
            )));
            return starts;
        }
        let points = needed.iter().flatten().copied().max().unwrap_or(1);
        let targets = race::targets(&pos, &needed, points);
        let (job, start) = Job::new(
            format!("building the {points}-point bear-off database"),
            move |task: &Task| {
                let db = build_within::<f64>(points, &targets, task).map_err(|e| e.to_string())?;
                race::analyse(&pos, &db, MAX_POINTS, ROLLOUT_GAMES, ROLLOUT_SEED)
                    .map_err(|e| e.to_string())
            },
        );
        self.job = Some(job);
        starts.push(start);
        starts
    }

    /// True when the start of the analysis or of the exact chance was dropped without being
    /// run: [`BearoffState::request`] asks for it again.
    pub fn start_dropped(&self) -> bool {
        self.job.as_ref().is_some_and(Job::never_started) || self.two_sided.start_dropped()
    }

    /// Takes the jobs' results when they have finished; the start of a job that asks for.
    pub fn poll(&mut self) -> Option<Start> {
        let start = self.two_sided.poll();
        if let Some(job) = &self.job
            && let Some(r) = job.try_take()
        {
            self.result = Some(r);
            self.job = None;
        }
        start
    }

    /// Cancels the job in progress.
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
            self.result = Some(Err("cancelled".to_string()));
        }
    }
}

impl crate::app::feature::Feature for BearoffState {
    type Action = BearoffAction;

    fn update(
        &mut self,
        action: BearoffAction,
        shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<BearoffAction>> {
        BearoffState::update(self, action, shared.export_dir)
    }

    /// The analysis as it comes; asks again for a job whose start was dropped (a state used
    /// without the shell) while the Bear-off tab is open.
    fn poll(&mut self, shared: &mut crate::app::feature::Shared<'_>) -> Vec<Effect<BearoffAction>> {
        let mut out: Vec<Effect<BearoffAction>> = BearoffState::poll(self)
            .into_iter()
            .map(Effect::Start)
            .collect();
        if self.start_dropped()
            && shared.tab == crate::app::settings::Tab::Bearoff
            && let Ok(p) = shared.board.position()
        {
            let starts = self.request(p, shared.board.roll());
            out.extend(starts.into_iter().map(Effect::Start));
        }
        out
    }
}
