//! Two players measured against one opponent on the same dice (common random numbers): each
//! duplicate pair is played by both, so the difference of their points, pair by pair, has a
//! far smaller spread than either duel — what tells whether a change of weights plays better.

use super::{DuelConfig, duel_pairs};
use crate::core::task::Task;
use crate::evaluation::opponents::Player;

/// Two players' points per game against one opponent on the same dice, and their difference
/// with its standard error over the pairs.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Paired {
    /// Games each played (twice the duplicate pairs).
    pub games: u64,
    /// The seed of the dice.
    pub seed: u64,
    /// The first player's points per game.
    pub first: f64,
    /// The second player's points per game.
    pub second: f64,
    /// `second − first`, points per game.
    pub difference: f64,
    /// Its standard error over the pairs (`NaN` with fewer than two pairs).
    pub stderr: f64,
}

impl Paired {
    /// True when the second plays worse than the first by more than two standard errors.
    pub fn second_is_worse(&self) -> bool {
        self.difference + 2.0 * self.stderr < 0.0
    }

    /// True when the second plays better than the first by more than two standard errors.
    pub fn second_is_better(&self) -> bool {
        self.difference - 2.0 * self.stderr > 0.0
    }
}

/// `first` and `second` each against `opponent`, `config.games` games on the same dice.
/// `None` when `task` is cancelled (progress is left to the caller).
pub fn paired_against<P1: Player, P2: Player, PO: Player>(
    first: &(impl Fn(u64) -> P1 + Sync),
    second: &(impl Fn(u64) -> P2 + Sync),
    opponent: &(impl Fn(u64) -> PO + Sync),
    config: &DuelConfig,
    task: &Task,
) -> Option<Paired> {
    let a = duel_pairs(first, opponent, config, task)?;
    let b = duel_pairs(second, opponent, config, task)?;
    let n = a.len().max(1) as f64;
    let ppg = |pairs: &[i8]| pairs.iter().map(|&p| f64::from(p)).sum::<f64>() / (2.0 * n);
    // Each pair's difference in points per game (its two games).
    let d: Vec<f64> = a
        .iter()
        .zip(&b)
        .map(|(&x, &y)| f64::from(y - x) / 2.0)
        .collect();
    let mean = d.iter().sum::<f64>() / n;
    let stderr = if d.len() < 2 {
        f64::NAN
    } else {
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        (var / n).sqrt()
    };
    Some(Paired {
        games: 2 * a.len() as u64,
        seed: config.seed,
        first: ppg(&a),
        second: ppg(&b),
        difference: mean,
        stderr,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluation::opponents::{Pubeval, RandomPlayer};

    #[test]
    fn a_player_against_itself_differs_by_nothing_and_random_play_is_worse() {
        let config = DuelConfig {
            games: 200,
            seed: 5,
        };
        let task = Task::new();
        let same = paired_against(
            &|_| Pubeval::new(),
            &|_| Pubeval::new(),
            &|_| Pubeval::new(),
            &config,
            &task,
        )
        .unwrap();
        assert_eq!((same.first, same.second, same.difference), (0.0, 0.0, 0.0));
        assert_eq!(same.stderr, 0.0);
        assert!(!same.second_is_worse() && !same.second_is_better());
        let worse = paired_against(
            &|_| Pubeval::new(),
            &RandomPlayer::new,
            &|_| Pubeval::new(),
            &config,
            &task,
        )
        .unwrap();
        assert_eq!(worse.games, 200);
        assert_eq!(worse.first, 0.0);
        assert!((worse.difference - (worse.second - worse.first)).abs() < 1e-12);
        assert!(worse.second_is_worse(), "{worse:?}");
        task.cancel();
        assert!(
            paired_against(
                &|_| Pubeval::new(),
                &|_| Pubeval::new(),
                &|_| Pubeval::new(),
                &config,
                &task
            )
            .is_none()
        );
    }
}
