//! `bgw rank --gnubg PLIES`: gnubg's verdict on every candidate beside the classic's ranking —
//! its equity, rank and loss, the match-winning chance in a match, and its probabilities as
//! its `hint` prints them — judged at the position's own match state (cubeful, normalised:
//! EMG) or, with `--cubeless` or a position without one, as cubeless money.

use super::{CliError, interrupt};
use bgw_engine::core::dice::Dice;
use bgw_engine::core::moves::Play;
use bgw_engine::core::position::Position;
use bgw_engine::reference::{
    MatchContext, MoveEval, Probabilities, ReferenceEngine, ReferenceError, hint_line,
    match_to_plays,
};
use serde_json::{Value, json};

/// gnubg's verdict on the candidates of one position and roll.
pub struct GnubgVerdict {
    /// The depth asked for.
    pub plies: u8,
    /// The match state judged at; `None`: cubeless money.
    pub at: Option<MatchContext>,
    /// gnubg's name and version.
    pub engine: String,
    /// gnubg's moves, best first, each with the index of our play it reaches.
    pub moves: Vec<(usize, MoveEval)>,
}

impl GnubgVerdict {
    /// Asks gnubg for every legal move of `dice` in `pos` at `plies` (each at the full depth),
    /// at `at` (`None`: cubeless money), and finds its moves among `plays`; `reference`
    /// chooses the judge.
    pub fn ask(
        pos: &Position,
        dice: Dice,
        plies: u8,
        at: Option<MatchContext>,
        plays: &[Play],
        reference: &super::reference::ReferenceArgs,
    ) -> Result<GnubgVerdict, CliError> {
        if let Some(at) = &at {
            super::gnubg_plays(at)?;
        }
        let task = interrupt::task();
        let mut gnubg = reference.judge(&task)?.engine();
        let moves = match &at {
            Some(at) => gnubg.rank_moves_at(pos, dice, plies, at),
            None => gnubg.rank_moves(pos, dice, plies),
        }
        .map_err(|e| failed(&e))?;
        let engine = gnubg.info().map_err(|e| failed(&e))?.to_string();
        let moves = match_to_plays(pos, dice, &moves, plays, true)
            .map_err(|e| CliError::failed(e.to_string()))?;
        Ok(GnubgVerdict {
            plies,
            at,
            engine,
            moves,
        })
    }

    /// gnubg's best equity.
    fn best(&self) -> f64 {
        self.moves
            .iter()
            .map(|(_, m)| m.equity)
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// gnubg's rank of a move (equal equities share one) and its loss against the best.
    fn rank_and_loss(&self, m: &MoveEval) -> (usize, f64) {
        let rank = 1 + self
            .moves
            .iter()
            .filter(|(_, o)| o.equity > m.equity)
            .count();
        (rank, self.best() - m.equity)
    }

    /// What gnubg judged at, in words: "at 3-2 to 7, cube 2 White: cubeful equity (EMG),
    /// MWC" or "cubeless money".
    pub fn judged_at(&self) -> String {
        match &self.at {
            Some(at) if at.is_match() => format!("{}: cubeful equity (EMG), MWC", at.describe()),
            Some(at) => format!("{}: cubeful equity", at.describe()),
            None => "cubeless money".to_string(),
        }
    }

    /// Which moves were evaluated at the full depth: "every move at 2-ply", or how many.
    pub fn evaluated(&self) -> String {
        let full = self
            .moves
            .iter()
            .filter(|(_, m)| m.plies >= self.plies)
            .count();
        if full == self.moves.len() {
            format!("every move at {}-ply", self.plies)
        } else {
            format!(
                "{full} of {} moves at {}-ply, the rest lower",
                self.moves.len(),
                self.plies
            )
        }
    }

    /// gnubg's verdict on our play `index`, as JSON (`None`: gnubg did not list it).
    pub fn candidate_json(&self, index: usize) -> Option<Value> {
        let (_, m) = self.moves.iter().find(|(i, _)| *i == index)?;
        let (rank, loss) = self.rank_and_loss(m);
        let mut v = json!({
            "equity": m.equity,
            "loss": loss,
            "move": m.notation,
            "plies": m.plies,
            "rank": rank,
        });
        if let Some(p) = m.probs {
            v["probabilities"] = probabilities_json(&p);
        }
        if let Some(mwc) = m.mwc {
            v["mwc"] = json!(mwc);
        }
        Some(v)
    }

    /// The verdict's header as JSON.
    pub fn header_json(&self, plays: &[Play]) -> Value {
        json!({
            "engine": self.engine,
            "evaluated": self.evaluated(),
            "judged_at": self.judged_at(),
            "match_state": self.at.map(|a| a.describe()),
            "plies": self.plies,
            "best": self.moves.first().map(|(i, _)| plays[*i].mv.notation()),
        })
    }

    /// gnubg's verdict as text, laid out like its `hint`: best first, each move's equity (and
    /// the loss), MWC in a match, the probabilities, and the classic's rank of the move.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "\n{} {}-ply, {}; {}",
            self.engine,
            self.plies,
            self.judged_at(),
            self.evaluated()
        );
        let mwc = self.moves.iter().any(|(_, m)| m.mwc.is_some());
        let _ = writeln!(
            out,
            "{:>3}  {:<20} {:>7} {:>8}{}  {:<37}  {:>7}",
            "#",
            "move",
            "equity",
            "loss",
            if mwc { "      MWC" } else { "" },
            "W     WG    WBG   - L     LG    LBG",
            "classic"
        );
        for (i, m) in &self.moves {
            let (rank, loss) = self.rank_and_loss(m);
            let _ = write!(
                out,
                "{rank:>3}  {:<20} {:>+7.3} {:>8}",
                m.notation,
                m.equity,
                if loss == 0.0 {
                    String::new()
                } else {
                    format!("({:+.3})", -loss)
                }
            );
            if mwc {
                let _ = write!(
                    out,
                    " {:>8}",
                    m.mwc
                        .map(|x| format!("{:.2}%", 100.0 * x))
                        .unwrap_or_default()
                );
            }
            let probs = m.probs.map(|p| hint_line(&p)).unwrap_or_default();
            let _ = writeln!(out, "  {probs:<37}  {:>7}", format!("#{}", i + 1));
        }
        out
    }
}

/// The five probabilities as a JSON object.
pub fn probabilities_json(p: &Probabilities) -> Value {
    json!({
        "win": p[0],
        "win_gammon": p[1],
        "win_backgammon": p[2],
        "lose_gammon": p[3],
        "lose_backgammon": p[4],
    })
}

/// A failed gnubg: Ctrl+C's stop, or a failure while running.
fn failed(e: &ReferenceError) -> CliError {
    if e.is_cancelled() || interrupt::interrupted() {
        CliError::interrupted("interrupted: no verdict of gnubg's")
    } else {
        CliError::failed(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_read_as_gnubgs_hint_prints_them() {
        let p = [0.508, 0.135, 0.007, 0.132, 0.005];
        assert_eq!(probabilities_json(&p)["lose_gammon"], 0.132);
    }
}
