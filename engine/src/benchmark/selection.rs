//! What each term buys: the classic weights refitted with the seed's eleven terms, with each
//! extra term added alone, and along a forward selection (the extra term that lowers the
//! training loss most added at each step, until none lowers it by `min_gain`).
//!
//! Every fit starts from the weights of the set it extends, the new term at 0, so that a
//! larger set never fits worse than the one it grew from. Terms are chosen by the training
//! loss only; the hold-out set is scored, never used to choose.

use super::fit::{FitConfig, FitError, fit};
use super::rescore::ClassicRescore;
use crate::classic::{Term, TermSet, Weights};
use std::sync::atomic::AtomicBool;

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
/// the module doc). `progress` is told each set before it is fitted.
pub fn select(
    train: &ClassicRescore,
    holdout: &ClassicRescore,
    start: &Weights,
    config: &SelectionConfig,
    progress: &mut dyn FnMut(TermSet),
    cancel: &AtomicBool,
) -> Result<Selection, FitError> {
    let SelectionConfig {
        fit: config,
        max_terms,
        min_gain,
    } = config;
    let (max_terms, min_gain) = (*max_terms, *min_gain);
    let mut refit = |from: &Weights, terms: TermSet| -> Result<Refit, FitError> {
        progress(terms);
        let o = fit(
            train,
            Some(holdout),
            &from.with_terms(terms),
            config,
            &mut |_| {},
            cancel,
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
        if best.train_loss > here - min_gain {
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
