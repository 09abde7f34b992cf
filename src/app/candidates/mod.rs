//! The candidates of the position on the board: every legal result of the roll ranked by the
//! classic program, the one selected or hovered, and playing one.
//!
//! - [`analysis`]: the ranking of one position and roll, re-weighted on a weight change;
//! - [`verdict`]: gnubg's verdict on the candidates (asked in the background, cached);
//! - [`sort`]: the table's display order;
//! - [`table`]: the candidates table;
//! - [`breakdown`]: the term breakdown of one candidate.

pub mod analysis;
pub mod breakdown;
pub mod cube;
pub mod depth_choice;
pub mod probs;
pub mod rollout;
pub mod sort;
pub mod table;
pub mod verdict;

use super::edit::Edit;
use super::editing::IdFormat;
use super::effect::Effect;
use analysis::Analysis;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::evaluation::classic::Weights;
use bgw_engine::reference::{CubeQuestion, MatchContext};
use sort::{Column, Sort};
use std::borrow::Cow;
use verdict::{Judgement, Verdict, Verdicts};

/// What the candidates' panels read: the candidates, and what they show of the rest.
pub struct CandidatesView<'a> {
    /// The candidates.
    pub candidates: &'a CandidatesState,
    /// The weights the candidates are ranked with.
    pub weights: &'a Weights,
    /// The weights' name for display ("default weights", a file's name, `*` when edited).
    pub weights_title: String,
    /// gnubg's depth; `None`: its columns are off.
    pub plies: Option<u8>,
    /// The board's status: what to do next, or why there is no analysis.
    pub board_status: String,
    /// Before the roll, with a cubeful two-sided database open in the Bear-off tab: its exact
    /// verdict on the position (or why it has none).
    pub exact_cube: Option<ExactCube>,
    /// On the board of a match's decision (the Match tab): the move played and the review's
    /// best, to mark.
    pub from_match: Option<crate::app::match_review::MatchMarks>,
}

impl CandidatesView<'_> {
    /// The rank (from 0) of the move played, on the board of a match's decision.
    pub fn played_index(&self) -> Option<usize> {
        let played = self.from_match.as_ref()?.played?;
        let a = self.candidates.analysis.as_ref()?;
        a.candidates.iter().position(|c| c.play.result == played)
    }

    /// The marks of candidate `i` from the match: "played", "best" (gnubg's in the review).
    pub fn match_marks(&self, i: usize) -> Vec<&'static str> {
        let (Some(m), Some(a)) = (&self.from_match, &self.candidates.analysis) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if self.played_index() == Some(i) {
            out.push("played");
        }
        if m.best.as_deref() == a.candidates.get(i).map(|c| c.play.mv.notation()).as_deref() {
            out.push("best");
        }
        out
    }
}

/// A cubeful two-sided database's exact cube verdict on the position awaiting its roll.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactCube {
    /// The database ("6×8, read from …").
    pub database: String,
    /// The cube state it is for ("centred", "owned by the side on roll") and the decision;
    /// or why the database does not answer.
    pub verdict: Result<(&'static str, bgw_engine::studies::race::CubeDecision), String>,
}

impl ExactCube {
    /// The verdict of `db` (named `database`) on `pos` at `at`, for the Cube panel.
    pub fn of(
        database: &str,
        db: &bgw_engine::bearoff::two_sided::TwoSidedDb,
        pos: &bgw_engine::Position,
        at: &MatchContext,
    ) -> ExactCube {
        let verdict = bgw_engine::studies::race::exact_decision_at(db, pos, at);
        ExactCube {
            database: database.to_string(),
            verdict,
        }
    }
}

/// What can be done with the candidates.
#[derive(Clone, Debug, PartialEq)]
pub enum CandidatesAction {
    /// Hovers a candidate (shown on the board), or none.
    Hover(Option<usize>),
    /// Selects a candidate.
    Select(usize),
    /// Moves the selection up (−1) or down (+1).
    SelectStep(i32),
    /// Plays a candidate: the result with the turn passed to the other side (in a game, the
    /// person's move: [`crate::app::PlayAction::Candidate`]).
    Play(usize),
    /// Sorts the table by a column (again: the other way round). Display only.
    SortBy(Column),
    /// The table in gnubg's order (true) or the classic's BRDVAL order (false); kept across
    /// restarts. Display only (a click on the g# or # title does the same).
    OrderByGnubg(bool),
    /// Puts the position a candidate reaches (the other side to play) on the clipboard.
    CopyResult(usize, IdFormat),
    /// The depth gnubg evaluates the candidates at; `None` switches gnubg's columns off.
    SetGnubgPlies(Option<u8>),
    /// gnubg judges cubeless money (true) or at the position's match state (false).
    SetCubeless(bool),
    /// Asks gnubg again after it failed on the position and roll on the board.
    RetryGnubg,
    /// Asks gnubg again for the cube decision after it failed.
    RetryCube,
    /// The breakdown's chart: Δ per term (false) or the addends (true).
    ShowAddends(bool),
    /// The breakdown compares with gnubg's best move (true) or with #1 (false).
    CompareWithGnubg(bool),
    /// On a match's decision, the breakdown compares with the move played (true) or as
    /// [`CandidatesAction::CompareWithGnubg`] says (false).
    CompareWithPlayed(bool),
    /// A breakdown too narrow for both shows the chart (true) or the table (false).
    ChartAlone(bool),
    /// The table shows gnubg's probabilities beside each candidate ([`probs`]).
    ShowProbabilities(bool),
    /// The Rollout section ([`rollout`]): its form, Roll out, Cancel.
    Rollout(rollout::RolloutAction),
}

/// Why there is nothing to play on `p`, when one side has borne off every checker: the game
/// is over (who won), or both have, which no game reaches.
pub fn game_over(p: &bgw_engine::Position) -> Option<String> {
    let (me, opp) = (p.on_roll(), p.on_roll().opponent());
    match (p.player_off() == 15, p.opponent_off() == 15) {
        (false, false) => None,
        (true, true) => Some(
            "both sides have borne off all 15 checkers: no game reaches this board, \
             there is nothing to play"
                .into(),
        ),
        (true, false) => Some(format!(
            "the game is over: {me} has borne off all 15 checkers and won"
        )),
        (false, true) => Some(format!(
            "the game is over: {opp} has borne off all 15 checkers and won"
        )),
    }
}

/// The candidates' saved part: the depth gnubg judges them at, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct GnubgDepth {
    /// 0, 1 or 2 plies ([`verdict::PLIES`]); `None`: gnubg's columns are off.
    pub gnubg_plies: Option<u8>,
    /// gnubg judges cubeless money even when the position carries a match state.
    pub cubeless: bool,
    /// The table in gnubg's order (its rank) rather than the classic's BRDVAL.
    pub by_gnubg: bool,
}

impl Default for GnubgDepth {
    /// gnubg's quickest verdict: 0 plies, at the position's match state.
    fn default() -> GnubgDepth {
        GnubgDepth {
            gnubg_plies: Some(0),
            cubeless: false,
            by_gnubg: false,
        }
    }
}

impl crate::app::saved_part::SavedPart for GnubgDepth {
    const WHAT: &'static str = "gnubg depth";

    /// A depth gnubg is not asked at: 0 plies.
    fn check(&mut self, notes: &mut Vec<String>) {
        if let Some(plies) = self.gnubg_plies
            && !verdict::PLIES.contains(&plies)
        {
            notes.push(format!(
                "the saved gnubg depth ({plies} plies) is not 0, 1 or 2; 0 plies are in use"
            ));
            *self = GnubgDepth::default();
        }
    }
}

/// The candidates of the current position and roll, and the person's pick among them.
#[derive(Default)]
pub struct CandidatesState {
    /// The candidates of the current position and roll (when legal and rolled).
    pub analysis: Option<Analysis>,
    /// The selected candidate (index into the analysis rows).
    pub selected: Option<usize>,
    /// The candidate under the pointer.
    pub hovered: Option<usize>,
    /// The table's display order.
    pub sort: Sort,
    /// gnubg's verdicts (asked in the background).
    pub verdicts: Verdicts,
    /// The breakdown's chart shows the addends instead of Δ per term.
    pub show_addends: bool,
    /// The breakdown compares with gnubg's best move instead of #1 (when gnubg's verdict is
    /// there).
    pub compare_with_gnubg: bool,
    /// On a match's decision, the breakdown compares with the move played.
    pub compare_with_played: bool,
    /// A breakdown too narrow for the table and the chart side by side shows the chart.
    pub chart_alone: bool,
    /// The table shows gnubg's probabilities in a column of their own ([`probs`]).
    pub show_probs: bool,
    /// The depth gnubg judges the candidates at (kept across restarts).
    pub depth: GnubgDepth,
    /// The match state of the position on the board (score, cube), when it carries one;
    /// `None`: a position alone, judged as cubeless money.
    pub at: Option<MatchContext>,
    /// The position on the board when it awaits its roll (a playable position, no dice), with
    /// its match state (money with the cube centred when it carries none): what the cube
    /// decision is of.
    pub before_roll: Option<(bgw_engine::Position, MatchContext)>,
    /// Whose cube decision the position awaiting its roll asks for (with [`before_roll`]):
    /// the side on roll's double, the other side's answer to a double on offer, none (the side
    /// on roll may not double); `Err` with the reason for a state that offers a double the
    /// rules forbid.
    ///
    /// [`before_roll`]: CandidatesState::before_roll
    pub cube_question: Option<Result<CubeQuestion, String>>,
    /// gnubg's rollouts of candidates ([`rollout`]).
    pub rollouts: rollout::Rollouts,
    /// The drill's card open and not yet answered (its number; the coordinator sets it from
    /// the Archive tab): until it is answered nothing here gives the answer away — gnubg's
    /// verdict and rollouts, its cube decision, the classic program's choice — and the rows
    /// keep the classic's order.
    pub hidden_for: Option<i64>,
}

impl CandidatesState {
    /// Takes the saved part back: gnubg's depth, and the table's order.
    pub fn restore(&mut self, depth: GnubgDepth) {
        self.depth = depth;
        self.sort = match depth.by_gnubg {
            true => Sort::by_gnubg(),
            false => Sort::default(),
        };
    }

    /// The number of candidates (0 without an analysis).
    pub fn len(&self) -> usize {
        self.analysis.as_ref().map_or(0, |a| a.candidates.len())
    }

    /// True when there is no candidate.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The candidate shown on the board: the hovered one, else the selected one.
    pub fn shown(&self) -> Option<usize> {
        self.hovered.or(self.selected).filter(|&i| i < self.len())
    }

    /// Brings the candidates up to date with `edit` (its position and roll) and the weights:
    /// the same position and roll are only re-weighted, keeping the same move selected.
    pub fn refresh(&mut self, edit: &Edit, weights: &Weights, generator: &mut MoveGenerator) {
        self.at = edit
            .setup()
            .filter(|s| s.match_state.is_some_and(|m| !m.is_plain_money()))
            .map(|s| MatchContext::of(&s));
        let playable = edit.position().ok().filter(|p| game_over(p).is_none());
        self.before_roll = match (edit.setup(), playable, edit.roll()) {
            (Some(setup), Some(p), None) => Some((p, MatchContext::of(&setup))),
            _ => None,
        };
        self.cube_question = match (edit.setup(), self.before_roll) {
            (Some(setup), Some(_)) => Some(CubeQuestion::of(&setup)),
            _ => None,
        };
        let (Some(p), Some(d)) = (playable, edit.roll()) else {
            self.analysis = None;
            self.selected = None;
            self.hovered = None;
            return;
        };
        match &mut self.analysis {
            Some(a) if a.is_of(&p, d) => {
                let selected = self.selected.map(|i| a.candidates[i].play.result);
                if a.reweight(weights) {
                    self.selected = selected.and_then(|r| a.index_of(&r));
                    self.hovered = None;
                }
            }
            _ => {
                self.analysis = Some(Analysis::new(p, d, weights, generator));
                self.selected = None;
                self.hovered = None;
            }
        }
    }

    /// The match state gnubg judges the candidates at: the position's, unless the person
    /// chose cubeless money or the position carries none (`None`: cubeless money).
    pub fn judged_at(&self) -> Option<MatchContext> {
        self.at.filter(|_| !self.depth.cubeless)
    }

    /// True while a drill card is open and unanswered: the verdicts are hidden
    /// ([`CandidatesState::hidden_for`]).
    pub fn hidden(&self) -> bool {
        self.hidden_for.is_some()
    }

    /// The words panels show in place of a hidden verdict.
    pub fn hidden_words(&self) -> Option<String> {
        self.hidden_for.map(|card| {
            format!(
                "hidden until you answer card {card} (Archive tab): the drill shows gnubg's \
                 verdict after your answer"
            )
        })
    }

    /// gnubg's verdict on the position and roll on the board at `plies`, if asked for (none
    /// while a drill card is unanswered).
    pub fn verdict(&self, plies: u8) -> Option<&Verdict> {
        if self.hidden() {
            return None;
        }
        let a = self.analysis.as_ref()?;
        self.verdicts
            .get(&a.position, a.dice, plies, self.judged_at())
    }

    /// gnubg's judgement of the candidates on the board at `plies`, once it has come.
    pub fn judgement(&self, plies: Option<u8>) -> Option<&Judgement> {
        match self.verdict(plies?)? {
            Verdict::Ready(j) => Some(j),
            _ => None,
        }
    }

    /// What the table shows of gnubg at `plies`: its judgement with the rollout of the
    /// position on the board merged in ([`Judgement::with_rollout`]) when there is one judged
    /// the same way (at the same match state, or both cubeless money); a rollout with gnubg's
    /// columns off or before gnubg's answer fills the rows it rolled out.
    pub fn shown_judgement(&self, plies: Option<u8>) -> Option<Cow<'_, Judgement>> {
        let gnubg = self.judgement(plies);
        let rolled = self.merged_rollout();
        match (gnubg, rolled) {
            (g, Some(rec)) => {
                let base = g.cloned().unwrap_or_else(|| {
                    Judgement::empty(plies.unwrap_or(rec.key.settings.plies), self.judged_at())
                });
                Some(Cow::Owned(base.with_rollout(&rec.rolled())))
            }
            (Some(g), None) => Some(Cow::Borrowed(g)),
            (None, None) => None,
        }
    }

    /// The rollout of the position and roll on the board that the table shows: judged as the
    /// table judges, with at least one move's result.
    pub fn merged_rollout(&self) -> Option<rollout::RolloutRecord> {
        if self.hidden() {
            return None;
        }
        let a = self.analysis.as_ref()?;
        self.rollouts
            .shown(&a.position, a.dice)
            .filter(|r| r.key.at == self.judged_at() && !r.rolled().is_empty())
    }

    /// gnubg's cube decision on the position awaiting its roll at `plies`, if asked for.
    pub fn cube_verdict(&self, plies: u8) -> Option<&verdict::CubeVerdict> {
        if self.hidden() {
            return None;
        }
        let (p, at) = self.cube_asked()?;
        self.verdicts.cube(p, at, plies)
    }

    /// The position awaiting its roll and its match state when it has a cube decision to ask
    /// gnubg for (the side on roll may double, or a double is on offer).
    fn cube_asked(&self) -> Option<&(bgw_engine::Position, MatchContext)> {
        match self.cube_question {
            Some(Ok(CubeQuestion::Double | CubeQuestion::Answer)) => self.before_roll.as_ref(),
            _ => None,
        }
    }

    /// The table's order as shown: the one chosen, the classic's while a drill card is
    /// unanswered (an order by gnubg would give its best away).
    pub fn shown_sort(&self) -> Sort {
        match self.hidden() {
            true => Sort::default(),
            false => self.sort,
        }
    }

    /// The candidates' indices in the table's order.
    pub fn display_order(&self, plies: Option<u8>) -> Vec<usize> {
        self.analysis.as_ref().map_or_else(Vec::new, |a| {
            self.shown_sort()
                .order(&a.candidates, self.shown_judgement(plies).as_deref())
        })
    }

    /// Asks gnubg for its verdict on the position and roll on the board at the chosen depth
    /// (none: gnubg is off), and collects the replies that have come. Never blocks.
    pub fn poll(&mut self) {
        self.rollouts.poll();
        if let (Some((p, at)), Some(plies)) = (self.cube_asked().copied(), self.depth.gnubg_plies) {
            self.verdicts.update_cube(&p, &at, plies);
        }
        let (Some(a), Some(plies)) = (&self.analysis, self.depth.gnubg_plies) else {
            return;
        };
        let plays: Vec<_> = a.candidates.iter().map(|c| c.play).collect();
        let at = self.judged_at();
        self.verdicts.update(&a.position, a.dice, plies, at, &plays);
    }

    /// Applies one of the candidates' own actions (playing and copying a candidate are the
    /// coordinator's); returns the start of a rollout asked for.
    pub fn update(&mut self, action: CandidatesAction) -> Vec<Effect<CandidatesAction>> {
        let plies = self.depth.gnubg_plies;
        match action {
            CandidatesAction::Hover(i) => self.hovered = i,
            CandidatesAction::Select(i) => self.selected = Some(i),
            CandidatesAction::SelectStep(d) => self.select_step(d, plies),
            CandidatesAction::SortBy(column) => {
                self.sort = self.sort.clicked(column);
                self.depth.by_gnubg = self.sort == Sort::by_gnubg();
            }
            CandidatesAction::OrderByGnubg(on) => self.restore(GnubgDepth {
                by_gnubg: on,
                ..self.depth
            }),
            CandidatesAction::RetryGnubg => {
                if let (Some(a), Some(plies)) = (&self.analysis, plies) {
                    let at = self.judged_at();
                    self.verdicts.retry(&a.position, a.dice, plies, at);
                }
            }
            CandidatesAction::RetryCube => {
                if let (Some((p, at)), Some(plies)) = (self.cube_asked().copied(), plies) {
                    self.verdicts.retry_cube(&p, &at, plies);
                }
            }
            CandidatesAction::ShowAddends(on) => self.show_addends = on,
            CandidatesAction::CompareWithGnubg(on) => {
                self.compare_with_gnubg = on;
                self.compare_with_played = false;
            }
            CandidatesAction::CompareWithPlayed(on) => self.compare_with_played = on,
            CandidatesAction::ChartAlone(on) => self.chart_alone = on,
            CandidatesAction::ShowProbabilities(on) => self.show_probs = on,
            CandidatesAction::SetGnubgPlies(plies) => self.depth.gnubg_plies = plies,
            CandidatesAction::SetCubeless(on) => self.depth.cubeless = on,
            CandidatesAction::Rollout(rollout::RolloutAction::Form(f)) => self.rollouts.form = f,
            CandidatesAction::Rollout(rollout::RolloutAction::Cancel) => self.rollouts.cancel(),
            CandidatesAction::Rollout(rollout::RolloutAction::Start) => {
                return self
                    .start_rollout()
                    .into_iter()
                    .map(Effect::Start)
                    .collect();
            }
            CandidatesAction::Play(_) | CandidatesAction::CopyResult(..) => {}
        }
        Vec::new()
    }

    /// The candidates the Rollout form names, in its order: the best N by gnubg's verdict in
    /// the table (when it is there and the form asks for it) or by the classic, and the
    /// selected one when asked and not among them.
    pub fn rollout_plays(&self) -> Vec<bgw_engine::core::moves::Play> {
        let Some(a) = &self.analysis else {
            return Vec::new();
        };
        let form = self.rollouts.form;
        let mut order: Vec<usize> = (0..a.candidates.len()).collect();
        if form.by_gnubg
            && let Some(j) = self.shown_judgement(self.depth.gnubg_plies)
        {
            let equity = |i: usize| {
                j.of(&a.candidates[i].play.result)
                    .map_or(f64::NEG_INFINITY, |e| e.equity)
            };
            order.sort_by(|&x, &y| equity(y).total_cmp(&equity(x)));
        }
        order.truncate(form.best.max(1));
        if form.with_selected
            && let Some(s) = self.selected.filter(|&s| s < a.candidates.len())
            && !order.contains(&s)
        {
            order.push(s);
        }
        order.into_iter().map(|i| a.candidates[i].play).collect()
    }

    /// Starts rolling out the form's candidates (see [`CandidatesState::rollout_plays`]) at
    /// the position's match state; the start is for the shell.
    pub fn start_rollout(&mut self) -> Option<crate::app::jobs::Start> {
        let plays = self.rollout_plays();
        let a = self.analysis.as_ref()?;
        let (position, dice) = (a.position, a.dice);
        self.rollouts.start(position, dice, self.at, plays)
    }

    fn select_step(&mut self, d: i32, plies: Option<u8>) {
        let order = self.display_order(plies);
        let n = order.len();
        if n > 0 {
            let cur = self
                .selected
                .and_then(|s| order.iter().position(|&i| i == s))
                .map_or(-1, |i| i as i64);
            let next = if cur < 0 && d > 0 {
                0
            } else {
                (cur + d as i64).clamp(0, n as i64 - 1)
            };
            self.selected = Some(order[next as usize]);
        }
    }
}

impl crate::app::feature::Feature for CandidatesState {
    type Action = CandidatesAction;

    fn update(
        &mut self,
        action: CandidatesAction,
        _shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<CandidatesAction>> {
        CandidatesState::update(self, action)
    }

    /// gnubg's verdicts and rollouts as they come; a notice when gnubg is missing or failed.
    fn poll(
        &mut self,
        _shared: &mut crate::app::feature::Shared<'_>,
    ) -> Vec<Effect<CandidatesAction>> {
        CandidatesState::poll(self);
        self.verdicts
            .take_notice()
            .map(Effect::Notice)
            .into_iter()
            .collect()
    }
}
