//! The weight sliders' scale: linear, each term's slider spanning ±[`SPAN`] times the
//! weight's own size (the larger of its default and its value, at least [`FLOOR`]), so that a
//! drag changes a weight in proportion to it: a drag across a slider moves WSINCL (−0.0156)
//! by about 0.12, and a weight of 3 by about 24. The span is fixed while the pointer is down
//! (it follows the value only between drags), so a drag never speeds itself up; Shift while
//! dragging moves a tenth as far (fine mode). The number field beside takes any value.

use std::ops::RangeInclusive;

/// The slider reaches this many times the weight's size either way.
pub const SPAN: f64 = 4.0;

/// The least size a weight's slider is made for (a weight of 0 still moves).
pub const FLOOR: f64 = 0.01;

/// How much finer a drag is with Shift held.
pub const FINE: f64 = 0.1;

/// The size a weight's slider is made for: the larger of its default and its value, at
/// least [`FLOOR`].
pub fn scale(default: f64, now: f64) -> f64 {
    let s = default.abs().max(now.abs());
    if s.is_finite() { s.max(FLOOR) } else { FLOOR }
}

/// The slider's range for a weight of size `scale`: ±[`SPAN`] × `scale`.
pub fn range(scale: f64) -> RangeInclusive<f64> {
    -SPAN * scale..=SPAN * scale
}

/// The weight after a drag of `dx` points along a slider `width` points wide, from `now`, on
/// the slider made for `scale` (`fine`: Shift held), within the slider's range.
pub fn dragged(now: f64, dx: f64, width: f64, scale: f64, fine: bool) -> f64 {
    let per_point = 2.0 * SPAN * scale / width.max(1.0);
    let step = if fine { per_point * FINE } else { per_point };
    let (lo, hi) = range(scale).into_inner();
    (now + dx * step).clamp(lo.min(now), hi.max(now))
}

/// `w` on the slider's grid: a ten-thousandth of `scale` (what a drag sets; finer than a
/// point even in fine mode, so no small movement is rounded away).
pub fn on_grid(w: f64, scale: f64) -> f64 {
    let g = scale * 1e-4;
    if !w.is_finite() || g.is_nan() || g <= 0.0 {
        return w;
    }
    let r = (w / g).round() * g;
    // The digits of the grid and no float dust.
    let digits = (-(g.log10().floor()) as i32).clamp(0, 12);
    let p = 10f64.powi(digits);
    (r * p).round() / p
}

/// `w` rounded to three significant digits (what a click on a slider sets).
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

    #[test]
    fn a_drag_moves_a_weight_in_proportion_to_its_size() {
        // Issue 35, item 19: 76 points took WSINCL from −0.0156 to −6.68.
        let s = scale(-0.0156, -0.0156);
        let w = dragged(-0.0156, -76.0, 240.0, s, false);
        assert!((w + 0.0156).abs() < 0.05, "{w}");
        // A large weight moves as much of itself.
        let big = dragged(3.0, 76.0, 240.0, scale(3.0, 3.0), false);
        assert!(
            (big - 3.0 - 3.0 * (w + 0.0156) / -0.0156).abs() < 1e-9,
            "{big}"
        );
        // Shift: a tenth as far.
        let fine = dragged(-0.0156, -76.0, 240.0, s, true);
        assert!(((fine + 0.0156) * 10.0 - (w + 0.0156)).abs() < 1e-12);
        // A weight of 0 still moves; the range holds it.
        assert!(dragged(0.0, 10.0, 240.0, scale(0.0, 0.0), false) > 0.0);
        assert_eq!(dragged(0.0, 1e6, 240.0, 1.0, false), SPAN);
    }

    #[test]
    fn a_fine_step_is_not_rounded_away() {
        let s = scale(-0.0156, -0.0156);
        let w = on_grid(dragged(-0.0156, 1.0, 240.0, s, true), s);
        assert!(w > -0.0156, "{w}");
    }

    #[test]
    fn rounding_keeps_three_digits() {
        assert_eq!(rounded(0.000_412_34), 0.000_412);
        assert_eq!(rounded(-3.456_7), -3.46);
        assert_eq!(rounded(0.0), 0.0);
        assert_eq!(rounded(9.999), 10.0);
    }
}
