//! The numbers the bear-off plots and tables draw, as pure functions of the analysis: the exact
//! and normal series per roll or cumulative, their difference, their log10 values, and the
//! rolls worth showing. Nothing here draws.
//!
//! **The normal's cumulative** is its distribution function with the continuity convention of the
//! engine's interval form (`bgw_engine::studies::race::Form::Interval`, `Φ(k + ½) − Φ(k − ½)`
//! for k rolls): roll k owns the interval (k − ½, k + ½], so P(within k rolls) = Φ((k + ½ − μ)/σ),
//! with the exact mean and sd. It is the same for both normal forms: the running sum of the
//! interval form is this minus the normal's mass below −½ rolls, Φ((−½ − μ)/σ) (negligible for
//! bearing off; for a first checker expected off within a roll or two it can reach 10⁻³, and the
//! distribution function counts it in P(within 0 rolls)); the seed's density form is not a
//! distribution (its values do not sum exactly to 1), and its running sum is the midpoint rule of
//! this integral. A standard deviation of 0 is a certain number of rolls, round(μ), as in the
//! engine.

use super::state::{BearoffView, Distribution, NormalForm, Quantity};
use bgw_engine::bearoff::one_sided::ROLLS;
use bgw_engine::studies::race::{SideReport, phi_cdf};
use std::ops::RangeInclusive;

/// Probabilities below this are not worth a bar on a linear axis (0.001 %).
pub const LINEAR_FLOOR: f64 = 1e-5;
/// The smallest probability the log scale shows.
pub const LOG_FLOOR: f64 = 1e-9;

/// One side's exact and normal values for k = 0 … 31, as shown (per roll or cumulative).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The exact values.
    pub exact: [f64; ROLLS],
    /// The normal approximation's values.
    pub normal: [f64; ROLLS],
}

impl Series {
    /// The series `view` asks for: its distribution, normal form and quantity.
    pub fn of(s: &SideReport, view: &BearoffView) -> Series {
        let per_roll = Series::per_roll(s, view.distribution, view.normal);
        match view.quantity {
            Quantity::PerRoll => per_roll,
            Quantity::Cumulative => {
                let (mean, sd) = moments(s, view.distribution);
                Series {
                    exact: cumulative(&per_roll.exact),
                    normal: normal_cdf(mean, sd),
                }
            }
        }
    }

    /// P(exactly k rolls), exact and normal (the engine's arrays).
    pub fn per_roll(s: &SideReport, d: Distribution, form: NormalForm) -> Series {
        let (exact, normal) = match (d, form) {
            (Distribution::BearingOff, NormalForm::Density) => (&s.dist, &s.dist_normal),
            (Distribution::BearingOff, NormalForm::Interval) => (&s.dist, &s.dist_interval),
            (Distribution::FirstOff, NormalForm::Density) => (&s.gammon, &s.gammon_normal),
            (Distribution::FirstOff, NormalForm::Interval) => (&s.gammon, &s.gammon_interval),
        };
        Series {
            exact: *exact,
            normal: *normal,
        }
    }

    /// Exact − normal for each k (probability; × 100 for percentage points).
    pub fn difference(&self) -> [f64; ROLLS] {
        std::array::from_fn(|k| self.exact[k] - self.normal[k])
    }
}

/// The mean and sd of a side's distribution `d`.
pub fn moments(s: &SideReport, d: Distribution) -> (f64, f64) {
    match d {
        Distribution::BearingOff => (s.moments.mean, s.moments.sd),
        Distribution::FirstOff => (s.moments.gammon_mean, s.moments.gammon_sd),
    }
}

/// Running sums: P(within k rolls) from P(exactly k rolls).
pub fn cumulative(p: &[f64; ROLLS]) -> [f64; ROLLS] {
    let mut sum = 0.0;
    std::array::from_fn(|k| {
        sum += p[k];
        sum
    })
}

/// The normal's P(within k rolls) = Φ((k + ½ − μ)/σ) (see the module's note); σ = 0 is a
/// certain round(μ) rolls.
pub fn normal_cdf(mean: f64, sd: f64) -> [f64; ROLLS] {
    if sd <= 0.0 || !sd.is_finite() {
        let certain = mean.round().clamp(0.0, (ROLLS - 1) as f64) as usize;
        return std::array::from_fn(|k| if k >= certain { 1.0 } else { 0.0 });
    }
    std::array::from_fn(|k| phi_cdf((k as f64 + 0.5 - mean) / sd))
}

/// log10 of each probability; `None` for zero, negative or non-finite values (nothing to draw
/// on a log axis).
pub fn log10_probabilities(p: &[f64]) -> Vec<Option<f64>> {
    p.iter()
        .map(|&v| (v > 0.0 && v.is_finite()).then(|| v.log10()))
        .collect()
}

/// The rolls worth showing for these series: from one before the first k where some value
/// reaches `floor` to one after the last (for cumulative series: to one after every series
/// has reached 1 − [`LINEAR_FLOOR`]). The whole range when nothing reaches `floor`.
pub fn shown_rolls(series: &[&Series], quantity: Quantity, floor: f64) -> RangeInclusive<usize> {
    let values = || series.iter().flat_map(|s| [&s.exact, &s.normal]);
    let reaches = |k: usize| values().any(|v| v[k] >= floor);
    let Some(first) = (0..ROLLS).find(|&k| reaches(k)) else {
        return 0..=ROLLS - 1;
    };
    let last = match quantity {
        Quantity::PerRoll => (0..ROLLS).rev().find(|&k| reaches(k)).unwrap_or(first),
        Quantity::Cumulative => (first..ROLLS)
            .find(|&k| values().all(|v| v[k] >= 1.0 - LINEAR_FLOOR))
            .unwrap_or(ROLLS - 1),
    };
    first.saturating_sub(1)..=(last + 1).min(ROLLS - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::studies::race::Form;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn cumulative_sums_are_running_sums_ending_at_the_total() {
        let mut p = [0.0; ROLLS];
        p[3] = 0.25;
        p[4] = 0.5;
        p[6] = 0.25;
        let c = cumulative(&p);
        assert_eq!(c[2], 0.0);
        assert_eq!(c[3], 0.25);
        assert_eq!(c[5], 0.75);
        assert_eq!(c[ROLLS - 1], 1.0);
        assert!(c.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn the_normal_cdf_uses_the_half_roll_convention() {
        let c = normal_cdf(13.0, 2.0);
        // Roll 13 owns (12.5, 13.5]: P(within 13) = Φ(0.25).
        assert!(close(c[13], phi_cdf(0.25), 1e-15));
        assert!(c.windows(2).all(|w| w[0] <= w[1]));
        assert!(c[..=20].windows(2).all(|w| w[0] < w[1]));
        assert!(close(c[ROLLS - 1], 1.0, 1e-9));
        // Differences of the cumulative are the engine's interval form.
        let i = bgw_engine::studies::race::approximate(13.0, 2.0, Form::Interval);
        for k in 1..ROLLS {
            assert!(close(c[k] - c[k - 1], i[k], 1e-12), "k = {k}");
        }
        // A certain count: a step at round(μ).
        let step = normal_cdf(4.4, 0.0);
        assert_eq!((step[3], step[4], step[ROLLS - 1]), (0.0, 1.0, 1.0));
    }

    #[test]
    fn log_values_hide_what_a_log_axis_cannot_show() {
        let l = log10_probabilities(&[1.0, 0.01, 0.0, -1e-3, f64::NAN, 2e-7]);
        assert_eq!(l[0], Some(0.0));
        assert!(close(l[1].unwrap(), -2.0, 1e-12));
        assert_eq!(&l[2..5], &[None, None, None]);
        assert!(close(l[5].unwrap(), 2e-7f64.log10(), 1e-12));
    }

    #[test]
    fn the_shown_rolls_cover_the_mass_with_a_roll_either_side() {
        let mut exact = [0.0; ROLLS];
        exact[7] = 0.5;
        exact[9] = 0.5;
        let mut normal = [0.0; ROLLS];
        normal[6] = 1e-4;
        normal[8] = 0.9;
        let s = Series { exact, normal };
        assert_eq!(shown_rolls(&[&s], Quantity::PerRoll, LINEAR_FLOOR), 5..=10);
        assert_eq!(shown_rolls(&[&s], Quantity::PerRoll, 0.2), 6..=10);
        let c = Series {
            exact: cumulative(&s.exact),
            normal: cumulative(&s.normal),
        };
        // The normal never reaches 1 − 10⁻⁵ here: to the last roll.
        assert_eq!(
            shown_rolls(&[&c], Quantity::Cumulative, LINEAR_FLOOR),
            5..=ROLLS - 1
        );
        let nothing = Series {
            exact: [0.0; ROLLS],
            normal: [0.0; ROLLS],
        };
        assert_eq!(
            shown_rolls(&[&nothing], Quantity::PerRoll, LINEAR_FLOOR),
            0..=ROLLS - 1
        );
    }
}
