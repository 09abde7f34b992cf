//! One side of a bear-off position, given by its checkers on each point (`--counts`) or by its
//! index in gnubg's one-sided numbering (`--index`).

use super::CliError;
use bgw_engine::bearoff::one_sided;

/// The index of one side given by `--counts` (checkers on points 1, 2, …, comma separated) or
/// `--index`, in a database on `points` points of at most `checkers` checkers a side.
pub(super) fn side_index(
    counts: Option<&str>,
    idx: Option<u32>,
    points: usize,
    checkers: usize,
) -> Result<u32, CliError> {
    let positions = bgw_engine::bearoff::two_sided::positions(points, checkers);
    match (counts, idx) {
        (Some(text), _) => {
            let mut c = [0u8; one_sided::MAX_POINTS + 1];
            let parts: Vec<&str> = text.split(',').map(str::trim).collect();
            if parts.len() > points {
                return Err(CliError::usage(format!(
                    "--counts gives {} points, the database spans {points}",
                    parts.len()
                )));
            }
            for (i, p) in parts.iter().enumerate() {
                c[i + 1] = p.parse().map_err(|_| {
                    CliError::usage(format!("--counts: '{p}' is not a number of checkers"))
                })?;
            }
            let total = one_sided::checkers(&c, points) as usize;
            if total > checkers {
                return Err(CliError::usage(format!(
                    "--counts puts {total} checkers on the board (at most {checkers} a side)"
                )));
            }
            Ok(one_sided::index(&c, points))
        }
        (None, Some(i)) if i < positions => Ok(i),
        (None, Some(i)) => Err(CliError::usage(format!(
            "index {i} is beyond the database's {positions} positions a side"
        ))),
        (None, None) => Err(CliError::usage("give --counts or --index")),
    }
}
