//! Frame timing printed on stderr when `BGW_TIMING` is set: the first frame's delay after
//! start, then every 100 frames the mean and worst time spent in the UI code, eframe's own frame
//! time (UI code, tessellation and GL calls, without the buffer swap), the frame-to-frame
//! interval and the process's CPU time per frame. `BGW_TIMING=continuous` repaints without
//! waiting for input, so the interval is the whole cost of a frame at any moment.

use std::time::Instant;

/// The figures of the current hundred frames.
pub struct Timing {
    start: Instant,
    frames: u64,
    total: f64,
    worst: f64,
    last_begin: Option<Instant>,
    intervals: Vec<f64>,
    eframe_ms: Vec<f64>,
    /// The process's CPU time when the current hundred frames began (Linux), in seconds.
    cpu_at: Option<f64>,
    continuous: bool,
}

impl Timing {
    /// Timing as `BGW_TIMING` asks, `None` when it is not set; `start` is the program's start.
    pub fn from_env(start: Instant) -> Option<Timing> {
        let mode = std::env::var_os("BGW_TIMING")?;
        Some(Timing {
            start,
            frames: 0,
            total: 0.0,
            worst: 0.0,
            last_begin: None,
            intervals: Vec::new(),
            eframe_ms: Vec::new(),
            cpu_at: None,
            continuous: mode == "continuous",
        })
    }

    /// A frame begins; `cpu_usage` is eframe's time for the previous one. Returns the moment
    /// to hand to [`Timing::end`].
    pub fn begin(&mut self, ctx: &egui::Context, cpu_usage: Option<f32>) -> Instant {
        let began = Instant::now();
        if let Some(s) = cpu_usage {
            self.eframe_ms.push(f64::from(s) * 1e3);
        }
        if self.continuous {
            ctx.request_repaint();
        }
        // Frame to frame, when frames follow each other (input arriving all the time): the whole
        // cost of a frame, painting and presenting included.
        if let Some(last) = self.last_begin.replace(began) {
            let gap = (began - last).as_secs_f64() * 1e3;
            if gap < 100.0 {
                self.intervals.push(gap);
            }
        }
        if self.frames == 0 {
            eprintln!(
                "bgw timing: first frame begins {:.0} ms after start",
                self.start.elapsed().as_secs_f64() * 1e3
            );
        }
        began
    }

    /// The UI code of the frame begun at `began` is done.
    pub fn end(&mut self, began: Instant) {
        let ms = began.elapsed().as_secs_f64() * 1e3;
        self.frames += 1;
        self.total += ms;
        self.worst = self.worst.max(ms);
        if self.frames == 1 {
            eprintln!(
                "bgw timing: first frame done {:.0} ms after start ({ms:.1} ms in the UI code)",
                self.start.elapsed().as_secs_f64() * 1e3
            );
        }
        if self.frames.is_multiple_of(100) {
            self.report();
        }
    }

    fn report(&mut self) {
        let n = self.intervals.len().max(1) as f64;
        let e = self.eframe_ms.len().max(1) as f64;
        let cpu_now = process_cpu_seconds();
        let cpu = match (self.cpu_at, cpu_now) {
            // Seconds over 100 frames → milliseconds per frame.
            (Some(a), Some(b)) => format!("; process CPU {:.2} ms a frame", (b - a) * 10.0),
            _ => String::new(),
        };
        self.cpu_at = cpu_now;
        let (median, p95) = (
            quantile(&mut self.intervals, 0.5),
            quantile(&mut self.intervals, 0.95),
        );
        eprintln!(
            "bgw timing: frames {}-{}: mean {:.2} ms, worst {:.2} ms in the UI code; \
             {:.2} ms with tessellation and GL calls (eframe); \
             {} back-to-back frames {:.2} ms apart on average (median {median:.2}, p95 \
             {p95:.2}), at most {:.2} ms{cpu}",
            self.frames - 99,
            self.frames,
            self.total / 100.0,
            self.worst,
            self.eframe_ms.iter().sum::<f64>() / e,
            self.intervals.len(),
            self.intervals.iter().sum::<f64>() / n,
            self.intervals.iter().copied().fold(0.0, f64::max)
        );
        self.total = 0.0;
        self.worst = 0.0;
        self.intervals.clear();
        self.eframe_ms.clear();
    }
}

/// The `q` quantile of `values` (nearest rank; 0 when there are none). Sorts them.
fn quantile(values: &mut [f64], q: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let Some(last) = values.len().checked_sub(1) else {
        return 0.0;
    };
    values[((last as f64) * q).round() as usize]
}

/// CPU time of this process so far (user and system, all threads, the software renderer's
/// included), from `/proc/self/stat`; `None` where that is not available.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): utime and stime are the 12th
    // and 13th of them, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn the_median_and_p95_are_nearest_ranks_of_the_sorted_values() {
        let mut v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(quantile(&mut v, 0.5), 51.0);
        assert_eq!(quantile(&mut v, 0.95), 95.0);
        assert_eq!(quantile(&mut [], 0.5), 0.0);
    }
}
