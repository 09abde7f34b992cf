//! Rebuilding a distribution of rolls from its mean and standard deviation (the seed's idea),
//! and measuring what the approximation costs.
//!
//! Two forms: the seed's and gnubg's **density** form, the normal density `φ((k − μ)/σ)/σ` at
//! each whole k (it does not sum exactly to 1, and reproduces the seed's second table), and the
//! **interval** form `Φ(k + ½) − Φ(k − ½)`, a proper distribution over whole k.

use crate::bearoff::one_sided::database::ROLLS;

/// Which normal approximation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `φ((k − μ)/σ)/σ` at each whole k (the seed's and gnubg's `-n` files).
    Density,
    /// `Φ((k + ½ − μ)/σ) − Φ((k − ½ − μ)/σ)`.
    Interval,
}

/// The standard normal distribution function Φ(x), from `libm`'s complementary error function
/// (correct to about one unit in the last place; the Chebyshev fit used before was good to
/// 1.2·10⁻⁷ only).
pub fn phi_cdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// The approximated distribution over k = 0 … 31. A standard deviation of 0 (a certain number
/// of rolls) gives all the probability to the nearest whole k.
pub fn approximate(mean: f64, sd: f64, form: Form) -> [f64; ROLLS] {
    let mut d = [0.0; ROLLS];
    if sd <= 0.0 || !sd.is_finite() {
        let k = mean.round().clamp(0.0, (ROLLS - 1) as f64) as usize;
        d[k] = 1.0;
        return d;
    }
    for (k, p) in d.iter_mut().enumerate() {
        let x = k as f64;
        *p = match form {
            Form::Density => {
                let z = (x - mean) / sd;
                (-0.5 * z * z).exp() / (sd * (2.0 * std::f64::consts::PI).sqrt())
            }
            Form::Interval => phi_cdf((x + 0.5 - mean) / sd) - phi_cdf((x - 0.5 - mean) / sd),
        };
    }
    d
}

/// How far an approximation is from the exact distribution.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct ErrorMeasures {
    /// The largest |Δp| over k.
    pub max_abs: f64,
    /// Total variation distance, ½ Σ |Δp|.
    pub total_variation: f64,
}

/// Largest |Δp| and total variation between two distributions.
pub fn errors(exact: &[f64; ROLLS], approx: &[f64; ROLLS]) -> ErrorMeasures {
    let mut max_abs = 0f64;
    let mut sum = 0f64;
    for (a, b) in exact.iter().zip(approx) {
        let d = (a - b).abs();
        max_abs = max_abs.max(d);
        sum += d;
    }
    ErrorMeasures {
        max_abs,
        total_variation: sum / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phi_is_accurate() {
        assert_eq!(phi_cdf(0.0), 0.5);
        assert!((phi_cdf(1.0) - 0.841_344_746_068_542_9).abs() < 1e-15);
        assert!((phi_cdf(-1.959_963_984_540_054) - 0.025).abs() < 1e-15);
        // Far in the tail, where 1 − Φ would lose every digit: relative accuracy.
        let tail = phi_cdf(-8.0);
        assert!(
            (tail / 6.220_960_574_271_785e-16 - 1.0).abs() < 1e-12,
            "{tail}"
        );
    }

    #[test]
    fn the_seeds_density_column() {
        // The seed's normal column for the player comes from the exact mean and sd (13.1479,
        // 1.7092), not the 13.142 / 1.732 it printed: 23.253 % at 13 rolls, 0.036 % at 7.
        let d = approximate(13.1479, 1.7092, Form::Density);
        assert!((d[13] * 100.0 - 23.253).abs() < 0.003, "{}", d[13] * 100.0);
        assert!((d[7] * 100.0 - 0.036).abs() < 0.0006);
        let printed = approximate(13.142, 1.732, Form::Density);
        assert!((printed[13] * 100.0 - 23.253).abs() > 0.1);
        let i = approximate(13.1479, 1.7092, Form::Interval);
        assert!((i.iter().sum::<f64>() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn a_certain_count_is_a_point_mass() {
        let d = approximate(0.0, 0.0, Form::Density);
        assert_eq!(d[0], 1.0);
        assert_eq!(errors(&d, &d).total_variation, 0.0);
    }
}
