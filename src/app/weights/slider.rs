//! The weight sliders' scale: asinh, linear within about ±[`KNEE`] and logarithmic beyond,
//! both ways from zero with no gap at zero. So a weight of 0.0004 and one of 10 can both be
//! set by dragging, and each pixel changes a weight by a few per cent of itself (or by about
//! a ten-thousandth near zero), never by a jump.

use std::ops::RangeInclusive;

/// Where the scale turns from linear to logarithmic.
pub const KNEE: f64 = 1e-3;

/// The largest weight the slider reaches (either sign); the number field takes any value.
pub const MAX: f64 = 10.0;

/// The slider position of weight `w`.
pub fn to_slider(w: f64) -> f64 {
    (w / KNEE).asinh()
}

/// The weight at slider position `s`.
pub fn from_slider(s: f64) -> f64 {
    KNEE * s.sinh()
}

/// The slider's range: ±[`MAX`].
pub fn range() -> RangeInclusive<f64> {
    -to_slider(MAX)..=to_slider(MAX)
}

/// `w` rounded to three significant digits (what a slider drag sets).
pub fn rounded(w: f64) -> f64 {
    if w == 0.0 || !w.is_finite() {
        return w;
    }
    let scale = 10f64.powi(2 - w.abs().log10().floor() as i32);
    (w * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Slider positions from one end to the other, one a pixel of a 240-pixel slider.
    fn pixels() -> Vec<f64> {
        let (lo, hi) = range().into_inner();
        (0..=240)
            .map(|i| lo + (hi - lo) * f64::from(i) / 240.0)
            .collect()
    }

    #[test]
    fn the_scale_is_monotonic_and_reaches_ten_both_ways() {
        let weights: Vec<f64> = pixels().into_iter().map(from_slider).collect();
        assert!(weights.windows(2).all(|w| w[0] < w[1]));
        assert!((weights[0] + MAX).abs() < 1e-9 && (weights[240] - MAX).abs() < 1e-9);
        assert_eq!(from_slider(0.0), 0.0);
    }

    #[test]
    fn weights_round_trip() {
        for w in [
            -10.0, -3.5, -0.05, -0.0004, 0.0, 1e-6, 0.0004, 0.02, 1.0, 7.25, 10.0,
        ] {
            let back = from_slider(to_slider(w));
            assert!(
                (back - w).abs() <= 1e-12 * w.abs().max(1e-3),
                "{w} → {back}"
            );
        }
    }

    #[test]
    fn fine_near_zero_and_no_jump_anywhere() {
        for s in pixels().windows(2) {
            let (a, b) = (from_slider(s[0]), from_slider(s[1]));
            // A pixel moves a weight by at most 9 % of itself, or a ten-thousandth near zero.
            assert!(
                (b - a).abs() <= 0.09 * a.abs().max(b.abs()) + 1e-4,
                "{a} → {b}"
            );
        }
        // The tuned weight 0.0004 is 0.39 of the scale from zero: some 5 pixels, each a step
        // of under 0.0001.
        let s = to_slider(0.0004);
        assert!(s > 0.3 && s < 0.5, "{s}");
    }

    #[test]
    fn rounding_keeps_three_digits() {
        assert_eq!(rounded(0.000_412_34), 0.000_412);
        assert_eq!(rounded(-3.456_7), -3.46);
        assert_eq!(rounded(0.0), 0.0);
        assert_eq!(rounded(9.999), 10.0);
    }
}
