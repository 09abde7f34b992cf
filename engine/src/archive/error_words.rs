//! An error in the words a player reads: what was done, what was right, what it cost —
//! "passed; right: take (costs 45.2 mEMG)", "did not double; right: double", "63: played
//! 8/2* 6/5; best: 13/7 8/7" — for the app's lists and the command line's lines alike.

use super::queries::{ErrorKind, PlayerError};

/// The right cube action for a decision of `kind` by gnubg's proper cube action `action`
/// ("No double, take", "Double, pass", "Too good to redouble, pass", "No double, beaver"):
/// the doubler's `double`, `redouble`, `no double`, `no redouble` or `no double, too good`;
/// the taker's `take`, `pass` or `beaver`. `None` for a checker play.
pub fn right_cube_answer(kind: ErrorKind, action: &str) -> Option<&'static str> {
    let a = action.to_ascii_lowercase();
    let re = a.contains("redouble");
    Some(match kind {
        ErrorKind::Move => return None,
        ErrorKind::Double if a.starts_with("too good") => {
            if re {
                "no redouble, too good"
            } else {
                "no double, too good"
            }
        }
        ErrorKind::Double if a.starts_with("no ") => {
            if re {
                "no redouble"
            } else {
                "no double"
            }
        }
        ErrorKind::Double if re => "redouble",
        ErrorKind::Double => "double",
        ErrorKind::Take if a.contains("beaver") => "beaver",
        ErrorKind::Take if a.contains("pass") || a.contains("drop") => "pass",
        ErrorKind::Take => "take",
    })
}

/// What was done, in the past tense: "passed", "took", "did not double", "doubled to 2".
fn done(kind: ErrorKind, played: &str) -> String {
    let p = played.trim();
    match (kind, p) {
        (ErrorKind::Take, "drop" | "pass" | "drops" | "passes") => "passed".into(),
        (ErrorKind::Take, "take" | "takes") => "took".into(),
        (_, "no double") => "did not double".into(),
        (_, _) => match p.split_once(' ') {
            Some(("double", rest)) => format!("doubled {rest}"),
            Some(("beaver", rest)) => format!("beavered {rest}"),
            _ => p.to_string(),
        },
    }
}

impl PlayerError {
    /// What was done and what was right: "passed; right: take", "63: played 8/2* 6/5;
    /// best: 13/7 8/7" (the loss beside it in a list).
    pub fn what_and_right(&self) -> String {
        match right_cube_answer(self.kind, &self.best) {
            None => format!(
                "{}: played {}; best: {}",
                self.dice.as_deref().unwrap_or("?"),
                self.played,
                self.best
            ),
            Some(right) => format!("{}; right: {right}", done(self.kind, &self.played)),
        }
    }

    /// [`PlayerError::what_and_right`] with what it cost: "passed; right: take (costs 45.2
    /// mEMG)".
    pub fn words(&self) -> String {
        format!(
            "{} (costs {:.1} mEMG)",
            self.what_and_right(),
            1000.0 * self.loss
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: ErrorKind, dice: Option<&str>, played: &str, best: &str) -> PlayerError {
        PlayerError {
            player: "lasse".into(),
            file: "m.txt".into(),
            game: 1,
            number: 3,
            kind,
            position_id: String::new(),
            match_id: String::new(),
            dice: dice.map(str::to_string),
            played: played.into(),
            best: best.into(),
            loss: 0.0452,
            plies: 0,
        }
    }

    #[test]
    fn an_error_reads_as_what_was_done_and_what_was_right() {
        let pass = row(ErrorKind::Take, None, "drop", "No double, take");
        assert_eq!(pass.words(), "passed; right: take (costs 45.2 mEMG)");
        let take = row(ErrorKind::Take, None, "take", "Double, pass");
        assert_eq!(take.what_and_right(), "took; right: pass");
        let missed = row(ErrorKind::Double, None, "no double", "Double, take");
        assert_eq!(missed.what_and_right(), "did not double; right: double");
        let missed = row(ErrorKind::Double, None, "no double", "Redouble, pass");
        assert_eq!(missed.what_and_right(), "did not double; right: redouble");
        let wrong = row(ErrorKind::Double, None, "double to 2", "No double, take");
        assert_eq!(wrong.what_and_right(), "doubled to 2; right: no double");
        let early = row(
            ErrorKind::Double,
            None,
            "double to 4",
            "Too good to redouble, pass",
        );
        assert_eq!(
            early.what_and_right(),
            "doubled to 4; right: no redouble, too good"
        );
        let mv = row(ErrorKind::Move, Some("63"), "8/2* 6/5", "13/7 8/7");
        assert_eq!(mv.what_and_right(), "63: played 8/2* 6/5; best: 13/7 8/7");
    }
}
