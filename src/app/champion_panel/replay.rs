//! Replay mode: the article's game step by step, with the exact verdict of every move and
//! the reconstructed program's reply and trace beside the printed one.

use super::game::LastMove;
use bgw_engine::champion::Position;
use bgw_engine::champion::match_play::ReplayStep;
use bgw_engine::champion::match_play::article_start;
use bgw_engine::champion::solver::Move;
use bgw_engine::champion::{Listing, Side};

/// The article's game step by step.
pub struct Replay {
    /// The listing whose replies are shown beside the printed ones.
    pub listing: Listing,
    /// 0 = the position before the first printed move; k = after the k-th exchange.
    pub step: usize,
    /// The exchanges with their verdicts (once the 9×9 four-wolf solution is ready).
    pub steps: Option<Vec<ReplayStep>>,
    /// Why the replay could not be computed.
    pub error: Option<String>,
}

impl Replay {
    /// The board at the current step.
    pub fn position(&self) -> Position {
        let mut pos = article_start();
        if let Some(steps) = &self.steps {
            for s in steps.iter().take(self.step) {
                if let Move::Wolf(m) = s.wolf.mv
                    && let Ok(p) = s.before.after_wolf_move(m)
                    && let Ok(q) = p.after_goat_move(s.printed_reply)
                {
                    pos = q;
                }
            }
        }
        pos
    }

    /// The moves of the current step (the wolf move and the printed reply).
    pub fn last_moves(&self) -> Vec<LastMove> {
        let Some(s) = self
            .steps
            .as_ref()
            .and_then(|v| v.get(self.step.wrapping_sub(1)))
        else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Move::Wolf(m) = s.wolf.mv {
            let from = s.before.wolves[m.wolf as usize - 1];
            out.push(LastMove {
                side: Side::Wolves,
                from,
                to: m.to,
            });
            let mut after = s.before;
            after.wolves[m.wolf as usize - 1] = m.to;
            out.push(LastMove {
                side: Side::Goat,
                from: after.goat,
                to: s.printed_reply,
            });
        }
        out
    }
}
