//! A player scored against a benchmark: how often it plays gnubg's best move and how much
//! equity its choices lose, overall and by the classic program's phases, with the worst
//! decisions.

use super::{Benchmark, Decision};
use crate::core::dice::Dice;
use crate::evaluation::classic::Phase;
use crate::evaluation::opponents::Player;
use crate::studies::duel::{AnyPlayer, Contender};

/// The four phases in the order reports list them.
pub const PHASES: [Phase; 4] = [
    Phase::Contact,
    Phase::Running,
    Phase::BearOff,
    Phase::BearOffContact,
];

/// How many of the worst decisions a report lists.
pub const WORST: usize = 10;

/// A player's figures on a set of decisions.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Figures {
    /// How many decisions.
    pub decisions: usize,
    /// The share (0–1) of decisions where the player's choice has gnubg's best equity (for
    /// the random player, the expected share).
    pub agreement: f64,
    /// gnubg's best equity minus that of the player's choice, averaged (equity units; ×1000
    /// for mEMG).
    pub mean_loss: f64,
}

/// One of the decisions on which a player lost most.
#[derive(Clone, Debug, PartialEq)]
pub struct WorstDecision {
    /// Its line in the benchmark file.
    pub line: usize,
    /// gnubg's Position ID (the side to move on roll).
    pub id: String,
    /// The roll.
    pub dice: Dice,
    /// Our notation of the player's choice; `None` for the random player, whose loss is the
    /// average over every legal play.
    pub chosen: Option<String>,
    /// Our notation of gnubg's best play.
    pub best: String,
    /// The equity lost.
    pub loss: f64,
}

/// A player's score on a benchmark.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The player's name (`classic`, `classic:W.ron`, `pubeval`, `random`).
    pub player: String,
    /// Every decision.
    pub overall: Figures,
    /// The decisions of each phase that has some, in the order of [`PHASES`].
    pub by_phase: Vec<(Phase, Figures)>,
    /// The decisions with the largest loss, largest first (earlier lines first on equal
    /// losses); at most [`WORST`].
    pub worst: Vec<WorstDecision>,
}

impl Report {
    /// The figures of `phase`, if the benchmark has decisions in it.
    pub fn phase(&self, phase: Phase) -> Option<&Figures> {
        self.by_phase
            .iter()
            .find(|(p, _)| *p == phase)
            .map(|(_, f)| f)
    }
}

/// The verdict on one decision.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Verdict {
    /// The play chosen (`None`: a uniform choice).
    pub chosen: Option<usize>,
    /// The equity lost (expected, for a uniform choice).
    pub loss: f64,
    /// 1 when the choice has gnubg's best equity, else 0 (the expected share, for a uniform
    /// choice).
    pub agreement: f64,
}

impl Verdict {
    /// The verdict on playing `i` in `d`.
    pub fn of_play(d: &Decision, i: usize) -> Verdict {
        Verdict {
            chosen: Some(i),
            loss: d.loss(i),
            agreement: if d.agrees(i) { 1.0 } else { 0.0 },
        }
    }

    /// The expected verdict on a uniform choice among the legal plays of `d`.
    pub fn of_uniform(d: &Decision) -> Verdict {
        let n = d.plays.len() as f64;
        let loss: f64 = (0..d.plays.len()).map(|i| d.loss(i)).sum();
        let agreeing = (0..d.plays.len()).filter(|&i| d.agrees(i)).count();
        Verdict {
            chosen: None,
            loss: loss / n,
            agreement: agreeing as f64 / n,
        }
    }
}

/// Sums of verdicts by phase and the worst decisions so far, fed in the benchmark's order.
pub(crate) struct Tally {
    /// Per phase (index in [`PHASES`]): decisions, agreement and loss summed.
    sums: [(usize, f64, f64); 4],
    /// (loss, decision index, chosen), largest loss first.
    worst: Vec<(f64, usize, Option<usize>)>,
}

impl Tally {
    /// No verdict yet.
    pub fn new() -> Tally {
        Tally {
            sums: [(0, 0.0, 0.0); 4],
            worst: Vec::with_capacity(WORST + 1),
        }
    }

    /// Adds the verdict `v` on decision number `k`, of phase `phase`.
    #[inline]
    pub fn add(&mut self, k: usize, phase: Phase, v: Verdict) {
        let s = &mut self.sums[phase_index(phase)];
        s.0 += 1;
        s.1 += v.agreement;
        s.2 += v.loss;
        if self.worst.len() < WORST || v.loss > self.worst[WORST - 1].0 {
            let at = self.worst.partition_point(|w| w.0 >= v.loss);
            self.worst.insert(at, (v.loss, k, v.chosen));
            self.worst.truncate(WORST);
        }
    }

    /// The report for `player` on `bench` (the benchmark the verdicts are about).
    pub fn report(&self, bench: &Benchmark, player: String) -> Report {
        let figures = |(n, agree, loss): (usize, f64, f64)| Figures {
            decisions: n,
            agreement: agree / n as f64,
            mean_loss: loss / n as f64,
        };
        let total = self
            .sums
            .iter()
            .fold((0, 0.0, 0.0), |a, s| (a.0 + s.0, a.1 + s.1, a.2 + s.2));
        let by_phase = PHASES
            .iter()
            .zip(self.sums)
            .filter(|(_, s)| s.0 > 0)
            .map(|(p, s)| (*p, figures(s)))
            .collect();
        let worst = self
            .worst
            .iter()
            .map(|&(loss, k, chosen)| {
                let d = &bench.decisions[k];
                WorstDecision {
                    line: d.line,
                    id: d.id.clone(),
                    dice: d.dice,
                    chosen: chosen.map(|i| d.notation(i)),
                    best: d.notation(d.best),
                    loss,
                }
            })
            .collect();
        Report {
            player,
            overall: figures(total),
            by_phase,
            worst,
        }
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Contact => 0,
        Phase::Running => 1,
        Phase::BearOff => 2,
        Phase::BearOffContact => 3,
    }
}

/// Scores `player` on `bench`. The classic program's choice is the one `bgw rank` marks
/// ([`crate::evaluation::classic::ClassicPlayer::choose_explained`], phase rules included); the
/// random player's figures are the expected ones of a uniform choice among the legal plays, not a
/// sample. gnubg is asked on rayon's threads, a process each (see
/// [`crate::evaluation::opponents::GnubgPool`]); when it fails the report is not gnubg's: check
/// [`Contender::failure`].
pub fn score(bench: &Benchmark, player: &Contender) -> Report {
    let mut tally = Tally::new();
    let verdict = |p: &mut Option<AnyPlayer>, d: &Decision| match p {
        None => Verdict::of_uniform(d),
        Some(AnyPlayer::Classic(c)) => {
            Verdict::of_play(d, c.choose_explained(&d.position, d.dice, &d.plays).index)
        }
        Some(p) => Verdict::of_play(d, p.choose(&d.position, d.dice, &d.plays)),
    };
    let chooser = || match player {
        Contender::Random => None,
        other => Some(other.player(0)),
    };
    if player.gnubg_pool().is_some() {
        use rayon::prelude::*;
        let verdicts: Vec<Verdict> = bench
            .decisions
            .par_iter()
            .map_init(chooser, verdict)
            .collect();
        for (k, (d, v)) in bench.decisions.iter().zip(verdicts).enumerate() {
            tally.add(k, d.phase, v);
        }
    } else {
        let mut p = chooser();
        for (k, d) in bench.decisions.iter().enumerate() {
            tally.add(k, d.phase, verdict(&mut p, d));
        }
    }
    tally.report(bench, player.name())
}
