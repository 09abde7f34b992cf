//! The plots' axes (bear-off, error map, breakdown) as pure functions: where the marks go and
//! what they say. Rolls are
//! whole numbers, labelled every 1, 2, 5 or 10 so that labels stay apart; the log scale plots
//! log10(p) and labels its decades as probabilities (1, 0.1, 0.01, 0.001, 1e-4 …), since
//! egui_plot has no log axis.

use egui_plot::{AxisHints, GridMark};

/// The closest two roll labels may be (points).
pub const MIN_ROLL_LABEL_GAP: f32 = 22.0;

/// The step between labelled rolls when `span` rolls take `width` points: the smallest of
/// 1, 2, 5, 10 that leaves [`MIN_ROLL_LABEL_GAP`] between labels.
pub fn roll_step(span: f64, width: f32) -> f64 {
    let per_roll = f64::from(width) / span.max(1.0);
    [1.0, 2.0, 5.0]
        .into_iter()
        .find(|step| per_roll * step >= f64::from(MIN_ROLL_LABEL_GAP))
        .unwrap_or(10.0)
}

/// The marks on the roll axis within `bounds`: every whole roll (faint), multiples of `step`
/// (labelled).
pub fn roll_marks(bounds: (f64, f64), step: f64) -> Vec<GridMark> {
    let (lo, hi) = (bounds.0.ceil().max(0.0), bounds.1.floor());
    let mut marks = Vec::new();
    let mut k = lo;
    while k <= hi {
        let labelled = (k / step).fract() == 0.0;
        marks.push(GridMark {
            value: k,
            step_size: if labelled { step } else { 1.0 },
        });
        k += 1.0;
    }
    marks
}

/// A roll mark's label: the whole number, or nothing between whole rolls and for the faint
/// marks (their `step_size` is 1 when the labelled step is larger).
pub fn roll_label(mark: GridMark, step: f64) -> String {
    let labelled = mark.step_size >= step && mark.value.fract() == 0.0 && mark.value >= 0.0;
    if labelled {
        format!("{}", mark.value as i64)
    } else {
        String::new()
    }
}

/// The closest two labels of a value axis may be (points).
pub const MIN_VALUE_LABEL_GAP: f32 = 24.0;

/// The step of a linear value axis spanning `span` units on `height` points: the smallest
/// 1, 2 or 5 × 10ⁿ that leaves [`MIN_VALUE_LABEL_GAP`] between labels.
pub fn value_step(span: f64, height: f32) -> f64 {
    let span = if span > 0.0 && span.is_finite() {
        span
    } else {
        1.0
    };
    round_step(span * f64::from(MIN_VALUE_LABEL_GAP) / f64::from(height.max(1.0)))
}

/// The smallest 1, 2 or 5 × 10ⁿ that is at least `least`.
fn round_step(least: f64) -> f64 {
    let decade = 10f64.powf(least.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * decade)
        .find(|&s| s >= least)
        .unwrap_or(10.0 * decade)
}

/// The width a value label's character takes on a horizontal axis (points: egui's small
/// font draws "-0.35" about 29 points wide).
pub const LABEL_CHAR_WIDTH: f32 = 6.0;

/// The least space between two labels of a horizontal axis (points).
pub const MIN_LABEL_SPACE: f32 = 6.0;

/// The step of a linear horizontal axis over `bounds` on `width` points: the smallest 1, 2 or
/// 5 × 10ⁿ whose labels ("−0.35", "120") fit side by side with [`MIN_LABEL_SPACE`] between
/// them. [`value_step`]'s fixed gap is a label's height, which
/// on a horizontal axis let "-0.35-0.30-0.25" run together.
pub fn value_step_across(bounds: (f64, f64), width: f32) -> f64 {
    let span = bounds.1 - bounds.0;
    let per_unit = f64::from(width.max(1.0)) / if span > 0.0 { span } else { 1.0 };
    let mut step = value_step(span, width);
    // At most a few steps up: 1 → 2 → 5 → 10 multiplies the room by 10 each three.
    for _ in 0..12 {
        let widest = value_marks(bounds, step)
            .iter()
            .map(|m| value_label(m.value, step).chars().count())
            .max()
            .unwrap_or(1) as f32;
        let needed = widest * LABEL_CHAR_WIDTH + MIN_LABEL_SPACE;
        if per_unit * step >= f64::from(needed) {
            break;
        }
        step = next_round_step(step);
    }
    step
}

/// The label spacing to give egui_plot for an axis stepped by [`value_step_across`]: the
/// step already leaves room for the labels, so every one is drawn in full (egui_plot's default
/// for a horizontal axis, 60–80 points, hid them on a half-width plot).
const ACROSS_LABEL_SPACING: std::ops::RangeInclusive<f32> = 10.0..=12.0;

/// A horizontal value axis titled `label`, numbered every `step` (from
/// [`value_step_across`] over the same `width` points): every label drawn in full, none cut
/// at the plot's edges ([`value_label_within`]). Its grid goes with it:
/// `.x_grid_spacer(move |input| value_marks(input.bounds, step))`.
pub fn across_axis<'a>(label: impl Into<egui::WidgetText>, step: f64, width: f32) -> AxisHints<'a> {
    AxisHints::new_x()
        .label(label)
        .label_spacing(ACROSS_LABEL_SPACING)
        .formatter(move |m, range| {
            value_label_within(m.value, step, (*range.start(), *range.end()), width)
        })
}

/// A horizontal axis's label for `v`, or nothing when the label, centred on its mark, would
/// stick out of `range` (the axis's visible values over `width` points) and be cut at the
/// plot's edge ("10" of a "100" at the right end).
pub fn value_label_within(v: f64, step: f64, range: (f64, f64), width: f32) -> String {
    let text = value_label(v, step);
    let per_unit = f64::from(width) / (range.1 - range.0).max(f64::MIN_POSITIVE);
    let half = text.chars().count() as f64 * f64::from(LABEL_CHAR_WIDTH) / 2.0;
    if (v - range.0) * per_unit < half || (range.1 - v) * per_unit < half {
        String::new()
    } else {
        text
    }
}

/// The round step after `step`: 1 → 2 → 5 → 10 (× 10ⁿ), the first at least 1.5 × `step`
/// (which never lies near a power of ten).
fn next_round_step(step: f64) -> f64 {
    round_step(1.5 * step)
}

/// The marks of a linear value axis: the multiples of `step` within `bounds`.
pub fn value_marks(bounds: (f64, f64), step: f64) -> Vec<GridMark> {
    let (lo, hi) = (
        (bounds.0 / step).ceil() as i64,
        (bounds.1 / step).floor() as i64,
    );
    (lo..=hi)
        .map(|i| GridMark {
            value: i as f64 * step,
            step_size: step,
        })
        .collect()
}

/// A linear mark's label with as many decimals as `step` needs ("−0.5", "10", "0.02").
pub fn value_label(v: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).max(0.0) as usize;
    let text = format!("{v:.decimals$}");
    // No "-0".
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        text.trim_start_matches('-').to_string()
    } else {
        text
    }
}

/// The step between labelled decades when `span` decades take `height` points: the smallest
/// of 1, 2, 3, 5 leaving [`MIN_VALUE_LABEL_GAP`] between labels.
pub fn decade_step(span: f64, height: f32) -> i32 {
    let per_decade = f64::from(height) / span.max(0.1);
    [1, 2, 3, 5]
        .into_iter()
        .find(|&s| per_decade * f64::from(s) >= f64::from(MIN_VALUE_LABEL_GAP))
        .unwrap_or(10)
}

/// The marks on a log10 axis within `bounds`: the multiples of `step` decades (labelled, the
/// top one is 1), and the other decades faint when there is room for them.
pub fn decade_marks(bounds: (f64, f64), step: i32) -> Vec<GridMark> {
    let (lo, hi) = (bounds.0.ceil() as i32, bounds.1.floor() as i32);
    (lo..=hi)
        .filter(|d| step <= 3 || d.rem_euclid(step) == 0)
        .map(|d| GridMark {
            value: f64::from(d),
            step_size: if d.rem_euclid(step) == 0 {
                f64::from(step)
            } else {
                1.0
            },
        })
        .collect()
}

/// A decade mark's label (see [`probability_label`]), nothing for the faint ones.
pub fn decade_label(mark: GridMark, step: i32) -> String {
    if mark.step_size >= f64::from(step) {
        probability_label(mark.value)
    } else {
        String::new()
    }
}

/// The probability at log10 value `v`, for a decade's label: "1", "0.1", "0.01", "0.001",
/// then "1e-4", "1e-5" …; nothing between decades.
pub fn probability_label(v: f64) -> String {
    if v.fract() != 0.0 || v > 0.0 {
        return String::new();
    }
    let d = -v as i32;
    if d <= 3 {
        format!("{}", 10f64.powi(-d))
    } else {
        format!("1e-{d}")
    }
}

/// A probability as the tooltip and tables print it: per cent with three decimals, or in
/// scientific notation below 0.001 %.
pub fn percent(p: f64) -> String {
    if p != 0.0 && p.abs() < 1e-5 {
        format!("{:.2e} %", p * 100.0)
    } else {
        format!("{:.3} %", p * 100.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_labels_stay_apart() {
        // 9 rolls on 400 points: every roll; 30 rolls on 300 points: every fifth.
        assert_eq!(roll_step(9.0, 400.0), 1.0);
        assert_eq!(roll_step(30.0, 300.0), 5.0);
        assert_eq!(roll_step(30.0, 60.0), 10.0);
        for (span, width) in [(9.0, 150.0), (14.0, 300.0), (31.0, 1800.0)] {
            let step = roll_step(span, width);
            assert!(f64::from(width) / span * step >= f64::from(MIN_ROLL_LABEL_GAP));
        }
    }

    #[test]
    fn roll_marks_are_whole_rolls_with_labels_on_the_step() {
        let marks = roll_marks((1.4, 8.6), 2.0);
        let values: Vec<f64> = marks.iter().map(|m| m.value).collect();
        assert_eq!(values, [2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]);
        let labels: Vec<String> = marks.iter().map(|&m| roll_label(m, 2.0)).collect();
        assert_eq!(labels, ["2", "", "4", "", "6", "", "8"]);
        // No negative rolls.
        assert_eq!(roll_marks((-1.5, 0.5), 1.0).len(), 1);
    }

    #[test]
    fn decades_print_as_probabilities() {
        let marks = decade_marks((-5.3, 0.1), 1);
        let labels: Vec<String> = marks.iter().map(|&m| decade_label(m, 1)).collect();
        assert_eq!(labels, ["1e-5", "1e-4", "0.001", "0.01", "0.1", "1"]);
        assert_eq!(probability_label(-0.5), "");
        // Six and a half decades on 125 points: every second one labelled, 1 among them.
        let step = decade_step(6.55, 125.0);
        assert_eq!(step, 2);
        let labels: Vec<String> = decade_marks((-6.3, 0.25), step)
            .into_iter()
            .map(|m| decade_label(m, step))
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(labels, ["1e-6", "1e-4", "0.01", "1"]);
        // Many decades on little room: every fifth, the others not even drawn faint.
        let wide = decade_marks((-20.0, 0.0), decade_step(20.0, 100.0));
        assert_eq!(wide.len(), 5);
    }

    #[test]
    fn linear_marks_are_round_and_apart() {
        // 0–25 % on 200 points: labels every 5 (40 points apart).
        assert_eq!(value_step(25.0, 200.0), 5.0);
        assert_eq!(value_step(1.2, 150.0), 0.2);
        let marks = value_marks((-0.7, 0.9), 0.5);
        let labels: Vec<String> = marks.iter().map(|m| value_label(m.value, 0.5)).collect();
        assert_eq!(labels, ["-0.5", "0.0", "0.5"]);
        assert_eq!(value_label(-0.0, 1.0), "0");
        assert_eq!(value_label(20.0, 5.0), "20");
        assert_eq!(value_label(0.02, 0.01), "0.02");
    }

    #[test]
    fn labels_across_a_horizontal_axis_leave_room_for_their_width() {
        // The breakdown chart at 1920 wide: ±0.35 on 400 points. A label's height allows a
        // step of 0.05 (29 points apart), but "-0.35" is wider than that.
        assert_eq!(value_step(0.7, 400.0), 0.05);
        let step = value_step_across((-0.35, 0.35), 400.0);
        assert_eq!(step, 0.1);
        // The labels that are drawn fit between their neighbours.
        let room = 400.0 * step / 0.7;
        for m in value_marks((-0.35, 0.35), step) {
            let w = value_label(m.value, step).len() as f64 * f64::from(LABEL_CHAR_WIDTH);
            assert!(w < room, "{} in {room}", value_label(m.value, step));
        }
        // Wide enough, the step is value_step's; and 1 → 2 → 5 → 10 up the decades.
        assert_eq!(
            value_step_across((0.0, 10.0), 1000.0),
            value_step(10.0, 1000.0)
        );
        assert_eq!(next_round_step(0.05), 0.1);
        assert_eq!(next_round_step(0.1), 0.2);
        assert_eq!(next_round_step(2.0), 5.0);
        // A label that would be cut at either end is left out, the others kept.
        assert_eq!(value_label_within(100.0, 10.0, (-4.0, 102.0), 330.0), "");
        assert_eq!(value_label_within(90.0, 10.0, (-4.0, 102.0), 330.0), "90");
        assert_eq!(value_label_within(-0.3, 0.1, (-0.37, 0.37), 230.0), "-0.3");
        assert_eq!(value_label_within(0.0, 0.1, (0.0, 0.37), 230.0), "");
        // A degenerate range still gives a step.
        assert!(value_step_across((1.0, 1.0), 0.0) > 0.0);
    }

    #[test]
    fn percentages_keep_small_values_readable() {
        assert_eq!(percent(0.22684), "22.684 %");
        assert_eq!(percent(3e-8), "3.00e-6 %");
        assert_eq!(percent(0.0), "0.000 %");
    }
}
