//! How much one match file may hold, so that reading it takes memory in proportion to real
//! files and never aborts: a file past a limit is refused with one line before its games are
//! built (the MAT text counted first, the SGF scan stopped where it passes the limit).
//!
//! Each decision read costs a few hundred bytes while it is replayed (its record, then the
//! decision with its positions and Match ID). A 25-point match has about 1,000 decisions and
//! 30 games; gnubg's SGF of it with its analysis about 15,000 property values. The limits
//! are a hundred times that and more, and keep the largest file read within about
//! 100 MiB (measured in `docs/match-files.md`).

/// The most moves, cube actions, resignations and set-ups one file may record.
pub const MAX_ACTIONS: usize = 100_000;

/// The most games one file may hold.
pub const MAX_GAMES: usize = 10_000;

/// The most property values an SGF file may hold (the analysis's candidates among them).
pub const MAX_SGF_VALUES: usize = 500_000;

/// The one line that refuses a file holding more than `limit` of `what`.
pub(crate) fn too_many(what: &str, limit: usize) -> String {
    format!(
        "more than {} {what} in one file: not read (a 25-point match has about 1,000 \
         decisions in 30 games)",
        thousands(limit)
    )
}

/// `100000` → `100,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_names_the_limit() {
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(999), "999");
        assert!(too_many("games", MAX_GAMES).starts_with("more than 10,000 games in one file"));
    }
}
