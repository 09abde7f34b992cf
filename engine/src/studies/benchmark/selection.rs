//! What each term buys: the classic weights refitted with the seed's eleven terms, with each
//! extra term added alone, and along a forward selection (the extra term that lowers the
//! training loss most added at each step, until none lowers it by `min_gain`).
//!
//! Every fit starts from the weights of the set it extends, the new term at 0, so that a
//! larger set never fits worse than the one it grew from. Terms are chosen by the training
//! loss only; the hold-out set is scored, never used to choose.

use super::fit::{FitConfig, FitError, fit};
use super::rescore::ClassicRescore;
use crate::core::task::Task;
use crate::evaluation::classic::{Term, TermSet, Weights};

/// One refit: the terms on, the fitted weights and their mean losses (equity units).
#[derive(Clone, Debug)]
pub struct Refit {
    /// The terms on.
    pub terms: TermSet,
    /// The fitted weights.
    pub weights: Weights,
    /// Mean loss on the training set.
    pub train_loss: f64,
    /// Mean loss on the hold-out set.
    pub holdout_loss: f64,
}

/// The refits of [`select`].
#[derive(Clone, Debug)]
pub struct Selection {
    /// The seed's eleven terms.
    pub seed: Refit,
    /// The seed's terms and one extra term, in the order of [`Term::EXTRA`].
    pub singles: Vec<Refit>,
    /// The forward selection, one refit per term added (the first is the best single).
    pub forward: Vec<Refit>,
}

impl Selection {
    /// The forward selection's last set (the seed's when no term helped).
    pub fn best(&self) -> &Refit {
        self.forward.last().unwrap_or(&self.seed)
    }
}

/// The knobs of [`select`].
#[derive(Clone, Debug)]
pub struct SelectionConfig {
    /// Each refit's.
    pub fit: FitConfig,
    /// The most extra terms the forward selection adds.
    pub max_terms: usize,
    /// The least lowering of the training loss (equity units) for a term to be added.
    pub min_gain: f64,
}

/// Refits `start` with the seed's terms, each extra term alone, then forward selection (see
/// the module doc). `task` counts the refits begun (how many there will be is not known
/// beforehand), its phase names each before it is fitted ("fit 3: X_TRAP", every one kept for
/// a log: [`Task::phases_since`]); cancelling it stops the refit under way with
/// [`FitError::Cancelled`].
pub fn select(
    train: &ClassicRescore,
    holdout: &ClassicRescore,
    start: &Weights,
    config: &SelectionConfig,
    task: &Task,
) -> Result<Selection, FitError> {
    let SelectionConfig {
        fit: config,
        max_terms,
        min_gain,
    } = config;
    let (max_terms, min_gain) = (*max_terms, *min_gain);
    task.begin(None);
    let mut fits = 0;
    let mut refit = |from: &Weights, terms: TermSet| -> Result<Refit, FitError> {
        fits += 1;
        task.set_phase(format!("fit {fits}: {terms}"));
        task.advance(1);
        // The refit's own steps are not shown: a subtask, cancelled with this one.
        let o = fit(
            train,
            Some(holdout),
            &from.with_terms(terms),
            config,
            &task.subtask(),
        )?;
        Ok(Refit {
            terms,
            weights: o.weights,
            train_loss: o.train.overall.mean_loss,
            holdout_loss: o.holdout.map_or(f64::NAN, |h| h.overall.mean_loss),
        })
    };
    let seed = refit(start, TermSet::SEED)?;
    let mut singles = Vec::new();
    for t in Term::EXTRA {
        singles.push(refit(&seed.weights, TermSet::SEED.with(t))?);
    }
    let mut forward: Vec<Refit> = Vec::new();
    let mut candidates = singles.clone();
    while forward.len() < max_terms {
        let here = forward.last().unwrap_or(&seed).train_loss;
        let Some(best) = candidates
            .iter()
            .min_by(|a, b| a.train_loss.total_cmp(&b.train_loss))
            .cloned()
        else {
            break;
        };
        // A loss that is no number (NaN) gains nothing: only a real gain of `min_gain` or more
        // adds a term.
        let gains = best.train_loss <= here - min_gain;
        if !gains {
            break;
        }
        forward.push(best.clone());
        if forward.len() == max_terms {
            break;
        }
        candidates.clear();
        for t in Term::EXTRA.into_iter().filter(|&t| !best.terms.contains(t)) {
            candidates.push(refit(&best.weights, best.terms.with(t))?);
        }
    }
    Ok(Selection {
        seed,
        singles,
        forward,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::studies::benchmark::Benchmark;

    fn part(bench: Benchmark, n: usize) -> ClassicRescore {
        ClassicRescore::new(Benchmark {
            decisions: bench.decisions[..n].to_vec(),
            repeated: 0,
        })
    }

    #[test]
    fn the_task_counts_and_names_every_refit() {
        let train = part(Benchmark::shipped().unwrap(), 300);
        let holdout = part(Benchmark::holdout().unwrap(), 200);
        let config = SelectionConfig {
            fit: FitConfig {
                temperatures: 2,
                iterations: 3,
                polish_rounds: 1,
                random_directions: 0,
                hops: 0,
                ..FitConfig::default()
            },
            max_terms: 2,
            min_gain: 0.0,
        };
        let start = Weights::builtin_default();
        let task = Task::new();
        let s = select(&train, &holdout, &start, &config, &task).unwrap();
        // The seed's set, each extra term alone, and the second step's candidates when the
        // first step added a term.
        let second = if s.forward.is_empty() {
            0
        } else {
            Term::EXTRA.len() - 1
        };
        let fits = 1 + Term::EXTRA.len() + second;
        let p = task.snapshot();
        assert_eq!((p.done, p.total), (fits as u64, None));
        let mut seen = 0;
        let phases = task.phases_since(&mut seen);
        assert_eq!(phases.len(), fits);
        assert_eq!(*phases[0], format!("fit 1: {}", TermSet::SEED));
        for (k, t) in Term::EXTRA.into_iter().enumerate() {
            let terms = TermSet::SEED.with(t);
            assert_eq!(*phases[k + 1], format!("fit {}: {terms}", k + 2));
            assert_eq!(s.singles[k].terms, terms);
        }
        // Cancelled: no refit after the one under way.
        let cancelled = Task::new();
        cancelled.cancel();
        let e = select(&train, &holdout, &start, &config, &cancelled).unwrap_err();
        assert_eq!(e, FitError::Cancelled);
        assert_eq!(cancelled.snapshot().done, 1);
    }
}
