use super::*;
use crate::evaluation::classic::Term;
use crate::studies::benchmark::Benchmark;
use std::sync::OnceLock;

/// The shipped benchmark's first 1,500 decisions for training, the hold-out benchmark's first
/// 800 (other games) for hold-out.
fn small() -> &'static (ClassicRescore, ClassicRescore) {
    static SETS: OnceLock<(ClassicRescore, ClassicRescore)> = OnceLock::new();
    SETS.get_or_init(|| {
        let part = |bench: Benchmark, n: usize| {
            ClassicRescore::new(Benchmark {
                decisions: bench.decisions[..n].to_vec(),
                repeated: 0,
            })
        };
        (
            part(Benchmark::shipped().unwrap(), 1500),
            part(Benchmark::holdout().unwrap(), 800),
        )
    })
}

/// A short fit: enough to move, quick in a test.
fn quick() -> FitConfig {
    FitConfig {
        seed: 7,
        temperatures: 6,
        iterations: 10,
        polish_rounds: 2,
        random_directions: 4,
        ..FitConfig::default()
    }
}

fn run(start: &Weights, config: &FitConfig) -> (FitOutcome, Vec<FitStep>) {
    let (train, holdout) = small();
    let mut seen = Vec::new();
    let task = Task::new();
    let out = fit_with_steps(train, Some(holdout), start, config, &task, &mut |p| {
        seen.push(p.clone())
    })
    .unwrap();
    // The task counted every step, its phase the last one's stage and loss.
    let p = task.snapshot();
    assert_eq!(p.done, seen.len() as u64);
    if let Some(last) = seen.last() {
        assert_eq!(p.total, Some(last.steps as u64));
        let phase = format!("{:?}: {:.2} mEMG", last.stage, 1000.0 * last.train_loss);
        assert_eq!(*p.phase, phase);
    }
    (out, seen)
}

#[test]
fn the_fit_lowers_the_loss_on_decisions_it_did_not_see() {
    let (train, holdout) = small();
    let start = Weights::builtin_default();
    let (out, seen) = run(&start, &quick());
    let before = out.start_holdout.as_ref().unwrap().overall.mean_loss;
    let after = out.holdout.as_ref().unwrap().overall.mean_loss;
    assert!(after < before, "hold-out {before} -> {after}");
    assert!(out.train.overall.mean_loss < out.start_train.overall.mean_loss);
    // The reports are the re-score's, of the weights returned.
    assert_eq!(out.train, train.rescore(&out.weights, "fitted"));
    assert_eq!(out.start_train, train.rescore(&start, "start"));
    assert_eq!(out.holdout, Some(holdout.rescore(&out.weights, "fitted")));
    // WBAR never changes a choice: it keeps its value; every weight is one a file holds.
    assert_eq!(out.weights.get(Term::Bar), start.get(Term::Bar));
    assert!(out.weights.values().iter().all(|&w| is_valid_weight(w)));
    // Both stages reported, steps counted up, each loss the exact one of its weights.
    assert!(seen.iter().any(|p| p.stage == FitStage::Surrogate));
    assert!(seen.iter().any(|p| p.stage == FitStage::Polish));
    assert!(seen.windows(2).all(|w| w[1].step == w[0].step + 1));
    assert!(seen.iter().all(|p| p.step <= p.steps));
    for p in seen.iter().step_by(17) {
        assert_eq!(p.train_loss, exact(train, &p.weights));
    }
}

#[test]
fn the_fit_never_returns_a_worse_training_loss_than_its_start() {
    let (train, _) = small();
    // From weights already fitted, and from weights that make every choice a tie.
    let (fitted, _) = run(&Weights::builtin_default(), &quick());
    let flat = Weights::zero();
    for start in [fitted.weights, flat] {
        let (out, _) = run(&start, &quick());
        assert!(
            out.train.overall.mean_loss <= exact(train, &start),
            "{start:?}"
        );
    }
    // No step at all: the start comes back.
    let none = FitConfig {
        temperatures: 0,
        polish_rounds: 0,
        ..quick()
    };
    let (out, seen) = run(&Weights::builtin_default(), &none);
    assert_eq!(out.weights, Weights::builtin_default());
    assert!(seen.is_empty());
}

#[test]
fn the_fit_is_the_same_for_a_seed() {
    let start = Weights::builtin_default();
    let (a, _) = run(&start, &quick());
    let (b, _) = run(&start, &quick());
    assert_eq!(a.weights, b.weights);
    assert_eq!(a.train, b.train);
}

#[test]
fn cancel_stops_the_fit_at_the_next_step() {
    let (train, holdout) = small();
    let start = Weights::builtin_default();
    let raised = Task::new();
    raised.cancel();
    let mut steps = 0;
    let r = fit_with_steps(train, None, &start, &quick(), &raised, &mut |_| steps += 1);
    assert_eq!(r.unwrap_err(), FitError::Cancelled);
    assert_eq!(steps, 0);
    assert_eq!(
        fit(train, None, &start, &quick(), &raised).unwrap_err(),
        FitError::Cancelled
    );
    // Cancelled at a step: no step after it.
    let cancel = Task::new();
    let mut steps = 0;
    let r = fit_with_steps(train, Some(holdout), &start, &quick(), &cancel, &mut |_| {
        steps += 1;
        if steps == 3 {
            cancel.cancel();
        }
    });
    assert_eq!(r.unwrap_err(), FitError::Cancelled);
    assert_eq!(steps, 3);
    assert_eq!(cancel.snapshot().done, 3);
    assert_eq!(FitError::Cancelled.to_string(), "the fit was cancelled");
}

#[test]
fn the_exact_line_search_matches_the_rescore() {
    let (train, _) = small();
    let p = Problem::new(train, TermSet::SEED);
    let w = Weights::builtin_default();
    let mut d = [0.0; TERM_COUNT];
    d[Term::Blots.index()] = 0.3;
    d[Term::ToGo.index()] = -0.01;
    let (loss, low, high) = p.line(&w, &d, 2.0);
    assert!(low < high);
    let along = |s: f64| {
        let mut v = w;
        for t in Term::SEED {
            v.set(t, w.get(t) + s * d[t.index()]);
        }
        v
    };
    for s in [low + 0.25 * (high - low), 0.5 * (low + high)] {
        assert!((exact(train, &along(s)) - loss).abs() < 1e-12, "at {s}");
    }
    // Nowhere along the line is better than its best interval.
    for k in 0..=40 {
        let s = -2.0 + 0.1 * k as f64 + 0.0123;
        assert!(exact(train, &along(s)) >= loss - 1e-12, "at {s}");
    }
}

#[test]
fn the_surrogate_gradient_is_the_slope_of_its_value() {
    let (train, _) = small();
    let p = Problem::new(train, TermSet::ALL);
    let mut u = [0.0; TERM_COUNT];
    for (k, &i) in p.active.iter().enumerate() {
        u[i] = (k as f64 - 4.0) * 0.1;
    }
    let (_, grad) = p.surrogate(&u, 0.3);
    let h = 1e-6;
    for &i in &p.active {
        let (mut up, mut down) = (u, u);
        up[i] += h;
        down[i] -= h;
        let slope = (p.surrogate(&up, 0.3).0 - p.surrogate(&down, 0.3).0) / (2.0 * h);
        assert!(
            (slope - grad[i]).abs() < 1e-6,
            "{i}: {slope} vs {}",
            grad[i]
        );
    }
    // WBAR is the same for every play of a roll: no fit can move it.
    assert!(!p.active.contains(&Term::Bar.index()));
}

#[test]
fn rounding_keeps_four_significant_digits() {
    assert_eq!(round_to(0.0571134, 4), 0.05711);
    assert_eq!(round_to(-3.52549, 4), -3.525);
    assert_eq!(round_to(1234567.0, 4), 1235000.0);
    assert_eq!(round_to(0.0, 4), 0.0);
}

#[test]
fn a_fit_that_plays_worse_is_warned_about() {
    let start = Weights::builtin_default();
    let (out, _) = run(&start, &quick());
    assert!(out.train.overall.mean_loss < out.start_train.overall.mean_loss);
    let worse = Paired {
        games: 2000,
        seed: 1,
        first: -0.324,
        second: -0.681,
        difference: -0.357,
        stderr: 0.025,
    };
    let w = play_warning(&out, &worse).expect("the benchmark and play disagree");
    assert!(w.contains("the benchmark says better"), "{w}");
    assert!(
        w.contains("-0.681 points a game against pubeval where the start scores -0.324"),
        "{w}"
    );
    // Play no worse beyond the noise: no warning.
    let level = Paired {
        second: -0.330,
        difference: -0.006,
        ..worse
    };
    assert_eq!(play_warning(&out, &level), None);
    // The duel itself: the same weights play the same games, to the point.
    let task = Task::new();
    let same = against_pubeval(&start, &start, 40, 3, &task).unwrap();
    assert_eq!((same.games, same.difference), (40, 0.0));
    assert_eq!(same.first, same.second);
}

#[test]
fn fitted_weights_keep_the_starts_scale() {
    // Issue 22, item 1: the fitted weights came out a thousand times the start's (WPTSHOME
    // 3235.73), off every slider, while WBAR stayed −4.
    let start = Weights::builtin_default();
    let (out, _) = run(&start, &quick());
    let norm = |w: &Weights| {
        w.terms_on()
            .filter(|t| t.seed_name() != "WBAR")
            .map(|t| w.get(t) * w.get(t))
            .sum::<f64>()
            .sqrt()
    };
    let (a, b) = (norm(&start), norm(&out.weights));
    assert!(
        (b / a - 1.0).abs() < 0.01,
        "start {a}, fitted {b}: {:?}",
        out.weights
    );
    assert!(out.train.overall.mean_loss <= out.start_train.overall.mean_loss);
}
