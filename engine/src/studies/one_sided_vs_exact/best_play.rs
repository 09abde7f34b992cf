//! Best play in a bear-off race by the exact two-sided chance, beside the plays of the methods
//! that do not know it: the one-sided move (fewest expected rolls, what one-sided databases
//! play), the seed's bear-off heuristic (the classic program in [`Phase::BearOff`]) and the
//! classic program's highest BRDVAL (default weights).

use super::exact::{Exact, ExactError};
use crate::bearoff::one_sided::database::{Database, Prob};
use crate::bearoff::one_sided::index::{self, Counts, MAX_POINTS};
use crate::bearoff::one_sided::plays::OneSided;
use crate::core::dice::Dice;
use crate::core::moves::MoveGenerator;
use crate::core::position::Position;
use crate::evaluation::classic::phase::Phase;
use crate::evaluation::classic::race;
use crate::evaluation::classic::{Ranking, Weights};
use crate::studies::race::analysis::{self, AnalysisError};
use std::fmt;

/// The distinct results of `side` with `dice`, in the order gnubg's move generation first
/// reaches them (what "the first best" means on ties).
pub fn results(side: &OneSided, dice: Dice) -> Vec<OneSided> {
    let mut out: Vec<OneSided> = Vec::new();
    side.for_each_result(dice.high() as usize, dice.low() as usize, &mut |r| {
        if out.iter().all(|s| s.index() != r.index()) {
            out.push(*r);
        }
    });
    out
}

/// The expected rolls to bear off of position `idx` of `db`.
pub fn mean_rolls(db: &Database<f64>, idx: u32) -> f64 {
    let (first, run) = db.run(idx);
    f64::key(first, run)
}

/// Which of `results` the one-sided method plays: the fewest expected rolls by `mean`
/// (position index → rolls), the first such on ties.
pub fn one_sided_pick(results: &[OneSided], mean: impl Fn(u32) -> f64) -> usize {
    let mut best = 0;
    let mut best_mean = f64::INFINITY;
    for (i, r) in results.iter().enumerate() {
        let m = mean(r.index());
        if m < best_mean {
            (best, best_mean) = (i, m);
        }
    }
    best
}

/// Which of `results` (of `side` on `points` points, with `dice`) the seed's bear-off heuristic
/// plays ([`race::plan`], the classic program's rule without contact). The plan never leaves
/// the legal results without contact; if it did, the first result stands in.
pub fn heuristic_pick(side: &OneSided, points: usize, dice: Dice, results: &[OneSided]) -> usize {
    let mut board = [0i8; 26];
    for (b, &n) in board[1..=points].iter_mut().zip(&side.counts()[1..=points]) {
        *b = n as i8;
    }
    let plan = race::plan(&board, dice.high(), dice.low());
    let mut c = [0u8; MAX_POINTS + 1];
    for (c, &n) in c[1..=points].iter_mut().zip(&plan.board[1..=points]) {
        *c = n.max(0) as u8;
    }
    let idx = index::index(&c, points);
    results.iter().position(|r| r.index() == idx).unwrap_or(0)
}

/// Why best play could not be worked out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BestPlayError {
    /// Not a race that bear-off databases cover.
    Analysis(AnalysisError),
    /// No exact chance for a result.
    Exact(ExactError),
    /// The side on roll has no checker left to move.
    NothingToPlay,
}

impl fmt::Display for BestPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestPlayError::Analysis(e) => e.fmt(f),
            BestPlayError::Exact(e) => e.fmt(f),
            BestPlayError::NothingToPlay => {
                f.write_str("the side on roll has borne every checker off: nothing to play")
            }
        }
    }
}

impl std::error::Error for BestPlayError {}

impl From<ExactError> for BestPlayError {
    fn from(e: ExactError) -> BestPlayError {
        BestPlayError::Exact(e)
    }
}

impl From<AnalysisError> for BestPlayError {
    fn from(e: AnalysisError) -> BestPlayError {
        BestPlayError::Analysis(e)
    }
}

/// One legal play with what each method knows of it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PlayChance {
    /// The move in gnubg notation (`6/off 3/off`).
    pub play: String,
    /// The mover's checkers on points 1, 2, … after it.
    pub result: Vec<u8>,
    /// The exact two-sided chance of the mover after it (the other side on roll).
    pub chance: f64,
    /// The expected rolls to bear off after it (one-sided).
    pub mean_rolls: f64,
    /// Its BRDVAL with the default weights.
    pub brdval: f64,
}

/// What judges the plays of a [`BestPlay`]: whose chances they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayJudge {
    /// The exact two-sided chance (a two-sided database or the on-the-fly solver).
    Exact,
    /// The one-sided databases' chance: both sides' exact one-sided distributions taken as
    /// independent, as the seed's "exact" chance is. An estimate, for races too big to solve
    /// exactly.
    OneSided,
}

impl PlayJudge {
    /// Its name in a table ("exact chance").
    pub fn name(self) -> &'static str {
        match self {
            PlayJudge::Exact => "exact chance",
            PlayJudge::OneSided => "one-sided chance",
        }
    }
}

/// Every play of a roll, best chance first, and each method's pick.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BestPlay {
    /// The roll, high die first (`63`).
    pub dice: String,
    /// Whose chances `plays` have.
    pub judge: PlayJudge,
    /// The distinct legal plays, highest chance first (ties: gnubg's order); each play's
    /// `chance` is the judge's.
    pub plays: Vec<PlayChance>,
    /// Index in `plays` of the one-sided method's play (fewest expected rolls).
    pub one_sided: usize,
    /// Index of the seed's heuristic play (the classic program without contact).
    pub heuristic: usize,
    /// Index of the highest-BRDVAL play (default weights).
    pub brdval: usize,
}

impl BestPlay {
    /// The best play (the first).
    pub fn best(&self) -> &PlayChance {
        &self.plays[0]
    }

    /// Chance lost by the play at `i` against the best, ≥ 0.
    pub fn loss(&self, i: usize) -> f64 {
        self.plays[0].chance - self.plays[i].chance
    }
}

/// Works out the best play of `dice` in the race `pos` (the side on roll to play): every
/// distinct legal result with its exact chance from `exact`, its expected rolls from
/// `one_sided` (which must span the position's points) and its BRDVAL.
pub fn best_play(
    pos: &Position,
    dice: Dice,
    one_sided: &Database<f64>,
    exact: &mut Exact<'_>,
) -> Result<BestPlay, BestPlayError> {
    judged(pos, dice, one_sided, PlayJudge::Exact, &mut |r, o| {
        exact.after_play(r, o)
    })
}

/// [`best_play`] judged by the one-sided databases' chance ([`PlayJudge::OneSided`]): what can
/// be worked out when the race is too big to solve exactly. `one_sided` must hold both sides'
/// positions (and those the mover can reach).
pub fn best_play_one_sided(
    pos: &Position,
    dice: Dice,
    one_sided: &Database<f64>,
) -> Result<BestPlay, BestPlayError> {
    let points = one_sided.points();
    judged(pos, dice, one_sided, PlayJudge::OneSided, &mut |r, o| {
        if r.iter().all(|&n| n == 0) {
            return Ok(1.0);
        }
        let dist = |c: &Counts| one_sided.dist_f64(index::index(c, points));
        Ok(1.0 - crate::bearoff::one_sided::chances::win(&dist(o), &dist(r)))
    })
}

/// The mover's chance after playing to a result (`result`, `other` on roll).
type Judge<'j> = dyn FnMut(&Counts, &Counts) -> Result<f64, ExactError> + 'j;

fn judged(
    pos: &Position,
    dice: Dice,
    one_sided: &Database<f64>,
    judge: PlayJudge,
    after_play: &mut Judge<'_>,
) -> Result<BestPlay, BestPlayError> {
    let points = one_sided.points();
    let needed = analysis::points_needed(pos, points)?;
    let [opp, me] = pos.sides();
    if needed.iter().any(Option::is_none) {
        return Err(AnalysisError::DatabaseTooSmall {
            needed: analysis::highest_point(&me).max(analysis::highest_point(&opp)),
            have: points,
        }
        .into());
    }
    let (mine, other) = (
        analysis::counts_of(&me, points),
        analysis::counts_of(&opp, points),
    );
    if index::checkers(&mine, points) == 0 {
        return Err(BestPlayError::NothingToPlay);
    }
    let ranking = Ranking::new(pos, dice, &Weights::default(), &mut MoveGenerator::new());
    let mut plays = Vec::with_capacity(ranking.candidates.len());
    let mut result_counts: Vec<Counts> = Vec::with_capacity(ranking.candidates.len());
    for c in &ranking.candidates {
        let r = analysis::counts_of(&c.play.result.sides()[1], points);
        plays.push(PlayChance {
            play: c.play.mv.notation(),
            result: r[1..=points].to_vec(),
            chance: after_play(&r, &other)?,
            mean_rolls: mean_rolls(one_sided, index::index(&r, points)),
            brdval: c.value,
        });
        result_counts.push(r);
    }
    // Each method's pick in terms of the one-sided results (gnubg's order for ties).
    let side = OneSided::new(&mine, points);
    let ordered = results(&side, dice);
    let at = |k: usize| {
        let idx = ordered[k].index();
        result_counts
            .iter()
            .position(|c| index::index(c, points) == idx)
            .unwrap_or(0)
    };
    let one = at(one_sided_pick(&ordered, |i| mean_rolls(one_sided, i)));
    let heuristic = match ranking.choice {
        Some(choice) if ranking.phase == Phase::BearOff => choice.index,
        _ => at(heuristic_pick(&side, points, dice, &ordered)),
    };
    // Best chance first; the candidates come highest BRDVAL first, so the BRDVAL pick is 0.
    let mut order: Vec<usize> = (0..plays.len()).collect();
    let rank_of = |i: usize| {
        let idx = index::index(&result_counts[i], points);
        ordered.iter().position(|r| r.index() == idx).unwrap_or(0)
    };
    order.sort_by(|&a, &b| {
        plays[b]
            .chance
            .total_cmp(&plays[a].chance)
            .then_with(|| rank_of(a).cmp(&rank_of(b)))
    });
    let place = |i: usize| order.iter().position(|&k| k == i).unwrap_or(0);
    let (one_sided_at, heuristic_at, brdval_at) = (place(one), place(heuristic), place(0));
    let plays = order.into_iter().map(|i| plays[i].clone()).collect();
    Ok(BestPlay {
        dice: format!("{}{}", dice.high(), dice.low()),
        judge,
        plays,
        one_sided: one_sided_at,
        heuristic: heuristic_at,
        brdval: brdval_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bearoff::one_sided::build::build;
    use crate::bearoff::two_sided::solver::{DEFAULT_LIMIT, Solver};
    use crate::core::position::{Side, SideCheckers};
    use crate::core::task::Task;

    fn race(me: &[(usize, u8)], opp: &[(usize, u8)]) -> Position {
        let side = |cells: &[(usize, u8)]| {
            let mut s: SideCheckers = [0; 25];
            for &(p, n) in cells {
                s[p - 1] = n;
            }
            s
        };
        Position::from_sides(Side::White, &side(me), &side(opp)).unwrap()
    }

    #[test]
    fn filling_the_gap_beats_fewest_rolls_when_one_roll_is_left() {
        // On roll: one checker on 4, two on 5; the other side: three on the ace point, off in
        // its next roll with any double (6/36) and surely in the one after. So after this 2-1
        // the mover has one more roll (with 30/36) and must bear off three checkers with it:
        // only a double can. 5/3 4/3 leaves 3, 3, 5: 3-3, 4-4, 5-5, 6-6 clear it (4/36).
        // 5/4 4/2 leaves 2, 4, 5, the fewest expected rolls (2.082 against 2.108), but 3-3
        // needs five steps: only 4-4, 5-5, 6-6 (3/36). The seed's heuristic plays 5/4 (the
        // farthest, nothing to bear off or level with the 1) then 4/2 (levels out the 4).
        let pos = race(&[(4, 1), (5, 2)], &[(1, 3)]);
        let db = build::<f64>(6, &Task::new()).unwrap();
        let mut solver = Solver::new(6, DEFAULT_LIMIT);
        let mut exact = Exact::Solver(&mut solver);
        let bp = best_play(&pos, Dice::new(2, 1).unwrap(), &db, &mut exact).unwrap();
        assert_eq!(bp.dice, "21");
        assert_eq!(bp.best().result, vec![0, 0, 2, 0, 1, 0]);
        assert!((bp.best().chance - 30.0 / 36.0 * 4.0 / 36.0).abs() < 1e-12);
        let one = &bp.plays[bp.one_sided];
        assert_eq!(one.result, vec![0, 1, 0, 1, 1, 0]);
        assert!((one.chance - 30.0 / 36.0 * 3.0 / 36.0).abs() < 1e-12);
        assert!(bp.plays.iter().all(|p| p.mean_rolls >= one.mean_rolls));
        assert!(bp.best().mean_rolls > one.mean_rolls);
        assert_eq!(bp.heuristic, bp.one_sided);
        assert!((bp.loss(bp.one_sided) - 30.0 / 1296.0).abs() < 1e-12);
        // The BRDVAL pick is the play of highest BRDVAL.
        let top = bp.plays.iter().map(|p| p.brdval).fold(f64::MIN, f64::max);
        assert_eq!(bp.plays[bp.brdval].brdval, top);
        for w in bp.plays.windows(2) {
            assert!(w[0].chance >= w[1].chance);
        }
    }

    #[test]
    fn the_best_plays_average_to_the_solvers_chance() {
        // W(a, b) = Σ_roll w/36 · best chance of the roll: the generator's plays (through the
        // classic ranking) against the solver's one-sided recursion.
        let pos = race(&[(6, 2), (4, 1), (2, 1)], &[(5, 2), (3, 2)]);
        let db = build::<f64>(6, &Task::new()).unwrap();
        let mut solver = Solver::new(6, DEFAULT_LIMIT);
        let mut sum = 0.0;
        for dice in Dice::all() {
            let bp = best_play(&pos, dice, &db, &mut Exact::Solver(&mut solver)).unwrap();
            sum += dice.weight() as f64 / 36.0 * bp.best().chance;
        }
        let mut me = [0u8; MAX_POINTS + 1];
        let mut opp = [0u8; MAX_POINTS + 1];
        (me[6], me[4], me[2]) = (2, 1, 1);
        (opp[5], opp[3]) = (2, 2);
        let w = solver.win(&me, &opp).unwrap();
        assert!((sum - w).abs() < 1e-12, "{sum} {w}");
        // A roll that bears everything off is worth 1, whichever rule plays it.
        let pos = race(&[(6, 1), (5, 1)], &[(1, 1)]);
        let bp = best_play(
            &pos,
            Dice::new(6, 5).unwrap(),
            &db,
            &mut Exact::Solver(&mut solver),
        )
        .unwrap();
        // (6/1 5/off leaves a checker on the ace point.)
        assert_eq!(bp.plays.len(), 2);
        assert_eq!(bp.best().chance, 1.0);
        assert_eq!(bp.best().result, vec![0; 6]);
        assert_eq!((bp.one_sided, bp.heuristic), (0, 0));
    }

    #[test]
    fn refuses_contact_and_an_empty_side() {
        let db = build::<f64>(6, &Task::new()).unwrap();
        let mut solver = Solver::new(6, DEFAULT_LIMIT);
        let contact = race(&[(6, 2)], &[(22, 1)]);
        let e = best_play(
            &contact,
            Dice::new(2, 1).unwrap(),
            &db,
            &mut Exact::Solver(&mut solver),
        );
        assert!(
            matches!(e, Err(BestPlayError::Analysis(AnalysisError::Contact))),
            "{e:?}"
        );
        let done = race(&[], &[(1, 2)]);
        let e = best_play(
            &done,
            Dice::new(2, 1).unwrap(),
            &db,
            &mut Exact::Solver(&mut solver),
        );
        assert_eq!(e.unwrap_err(), BestPlayError::NothingToPlay);
    }

    #[test]
    fn the_one_sided_judge_ranks_by_the_independent_distributions() {
        let pos = race(&[(4, 1), (5, 2)], &[(1, 3)]);
        let db = build::<f64>(6, &Task::new()).unwrap();
        let dice = Dice::new(2, 1).unwrap();
        let est = best_play_one_sided(&pos, dice, &db).unwrap();
        assert_eq!(est.judge, PlayJudge::OneSided);
        let mut solver = Solver::new(6, DEFAULT_LIMIT);
        let exact = best_play(&pos, dice, &db, &mut Exact::Solver(&mut solver)).unwrap();
        assert_eq!(exact.judge, PlayJudge::Exact);
        assert_eq!(est.plays.len(), exact.plays.len());
        // Each chance is 1 − W(other on roll, result) by the one-sided distributions.
        let other = db.dist_f64(index::index(
            &[0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
            6,
        ));
        for p in &est.plays {
            let mut c = [0u8; MAX_POINTS + 1];
            c[1..=6].copy_from_slice(&p.result);
            let mine = db.dist_f64(index::index(&c, 6));
            let want = 1.0 - crate::bearoff::one_sided::chances::win(&other, &mine);
            assert!((p.chance - want).abs() < 1e-12, "{}", p.play);
        }
        assert!(est.plays.windows(2).all(|w| w[0].chance >= w[1].chance));
        // The rules' picks are the same plays whoever judges.
        for (a, b) in [
            (est.one_sided, exact.one_sided),
            (est.heuristic, exact.heuristic),
            (est.brdval, exact.brdval),
        ] {
            assert_eq!(est.plays[a].play, exact.plays[b].play);
        }
    }
}
