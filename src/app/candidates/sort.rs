//! The order the candidates table shows its rows in: by any column, either way. Display only:
//! the classic program's ranking (the candidates' indices) stays what it is, and the selection
//! follows the candidate, not the row.

use super::verdict::Judgement;
use bgw_engine::evaluation::classic::Candidate;
use std::cmp::Ordering;

/// A column the table can be sorted by.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Column {
    /// The classic program's rank (BRDVAL, best first).
    Rank,
    /// The move, in gnubg notation.
    Move,
    /// BRDVAL.
    Brdval,
    /// BRDVAL minus the best one.
    Delta,
    /// gnubg's equity.
    GnubgEquity,
    /// gnubg's rank.
    GnubgRank,
    /// gnubg's best equity minus this one.
    GnubgLoss,
}

impl Column {
    /// The header's text.
    pub fn title(self) -> &'static str {
        match self {
            Column::Rank => "#",
            Column::Move => "move",
            Column::Brdval => "BRDVAL",
            Column::Delta => "Δ",
            Column::GnubgEquity => "gnubg",
            Column::GnubgRank => "g#",
            Column::GnubgLoss => "loss",
        }
    }

    /// What the column holds, for the header's tooltip.
    pub fn description(self) -> &'static str {
        match self {
            Column::Rank => "the classic program's rank by BRDVAL",
            Column::Move => "the move (gnubg notation)",
            Column::Brdval => "the classic program's board value of the result",
            Column::Delta => "BRDVAL minus #1's",
            Column::GnubgEquity => "gnubg's cubeless money equity after the move",
            Column::GnubgRank => "gnubg's rank of the move (equal equities share one)",
            Column::GnubgLoss => "gnubg's best equity minus this move's, in mEMG",
        }
    }
}

/// The table's order: a column and a direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sort {
    /// The column sorted by.
    pub column: Column,
    /// Largest (or last, for moves) first.
    pub descending: bool,
}

impl Default for Sort {
    /// The classic program's ranking.
    fn default() -> Sort {
        Sort {
            column: Column::Rank,
            descending: false,
        }
    }
}

impl Sort {
    /// gnubg's order: its rank, best first (the one-click order beside the classic's).
    pub fn by_gnubg() -> Sort {
        Sort {
            column: Column::GnubgRank,
            descending: false,
        }
    }

    /// The order after a click on `column`'s header: the other direction on the same column,
    /// else that column in its natural direction (best first).
    pub fn clicked(self, column: Column) -> Sort {
        if self.column == column {
            Sort {
                column,
                descending: !self.descending,
            }
        } else {
            Sort {
                column,
                descending: matches!(column, Column::Brdval | Column::Delta | Column::GnubgEquity),
            }
        }
    }

    /// The candidates' indices in display order. Candidates gnubg has not rated go last in
    /// a gnubg column's order; ties keep the classic's order.
    pub fn order(self, candidates: &[Candidate], gnubg: Option<&Judgement>) -> Vec<usize> {
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        if self == Sort::default() {
            return order;
        }
        let gnubg_key = |i: usize, f: fn(&super::verdict::Eval) -> f64| {
            gnubg.and_then(|j| j.of(&candidates[i].play.result)).map(f)
        };
        let key = |i: usize| -> Option<f64> {
            let c = &candidates[i];
            match self.column {
                Column::Rank => Some(i as f64),
                Column::Move => None,
                Column::Brdval => Some(c.value),
                Column::Delta => Some(c.delta),
                Column::GnubgEquity => gnubg_key(i, |e| e.equity),
                Column::GnubgRank => gnubg_key(i, |e| e.rank as f64),
                Column::GnubgLoss => gnubg_key(i, |e| e.loss),
            }
        };
        let descending = self.descending;
        let directed = |o: Ordering| if descending { o.reverse() } else { o };
        if self.column == Column::Move {
            let names: Vec<String> = candidates.iter().map(|c| c.play.mv.notation()).collect();
            order.sort_by(|&a, &b| directed(names[a].cmp(&names[b])));
            return order;
        }
        let keys: Vec<Option<f64>> = (0..candidates.len()).map(key).collect();
        order.sort_by(|&a, &b| match (keys[a], keys[b]) {
            (Some(x), Some(y)) => directed(x.total_cmp(&y)),
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            (None, None) => Ordering::Equal,
        });
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::dice::Dice;
    use bgw_engine::core::moves::MoveGenerator;
    use bgw_engine::core::position::{Position, Side};
    use bgw_engine::evaluation::classic::{Ranking, Weights};

    #[test]
    fn sorting_orders_by_the_column_and_clicking_twice_reverses() {
        let pos = Position::opening(Side::White);
        let r = Ranking::new(
            &pos,
            Dice::new(6, 2).unwrap(),
            &Weights::builtin_default(),
            &mut MoveGenerator::new(),
        );
        let c = &r.candidates;
        let by_rank = Sort::default().order(c, None);
        assert_eq!(by_rank, (0..c.len()).collect::<Vec<_>>());
        let worst_first = Sort::default().clicked(Column::Rank).order(c, None);
        assert_eq!(worst_first, (0..c.len()).rev().collect::<Vec<_>>());
        let moves = Sort::default().clicked(Column::Move);
        assert!(!moves.descending);
        let names: Vec<String> = moves
            .order(c, None)
            .iter()
            .map(|&i| c[i].play.mv.notation())
            .collect();
        assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
        assert_ne!(moves.order(c, None), by_rank);
        // Without gnubg's verdict a gnubg column keeps the classic's order.
        let g = Sort::default().clicked(Column::GnubgLoss);
        assert_eq!(g.order(c, None), by_rank);
    }
}
