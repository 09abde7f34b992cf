//! Games of the classic program against itself, learning with GOOD/BAD as it goes (`bgw learn`).
//!
//! As in the seed, White (the learner) moves first with whatever dice are rolled (doubles
//! included). Both sides play with the same, live weights; only White's exchanges are judged,
//! as the seed judged the computer's. A game stops after [`MAX_TURNS`] turns without a winner
//! (possible only in pathological positions where neither side can move).

use super::game::Game;
use super::learning::Update;
use super::player::ClassicPlayer;
use super::weights::Weights;
use crate::core::dice_source::{DiceSource, SeededDice};
use crate::core::position::{Position, Side};
use crate::core::task::Task;

/// Turns after which a game is abandoned.
pub const MAX_TURNS: usize = 5000;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GameResult {
    /// The winner, `None` if the game was abandoned.
    pub winner: Option<Side>,
    /// 1, 2 (gammon) or 3 (backgammon) points; 0 if abandoned.
    pub points: u8,
    /// Turns played.
    pub turns: usize,
}

/// Plays one game from the opening position, White first, `player` on both sides learning
/// for White with step `eta`; every update is passed to `on_update`. Returns the result and
/// the player with its learnt weights.
pub fn play_learning_game(
    player: ClassicPlayer,
    eta: f64,
    dice: &mut dyn DiceSource,
    mut on_update: impl FnMut(&Update),
) -> (GameResult, ClassicPlayer) {
    let mut game = Game::self_play(player, eta);
    game.start_at(Position::opening(Side::White))
        .expect("the opening position starts a game");
    while game.outcome().is_none() && game.turns() < MAX_TURNS {
        match game.program_turn(dice) {
            Ok(turn) => turn.update.iter().for_each(&mut on_update),
            Err(_) => break,
        }
    }
    let result = GameResult {
        winner: game.outcome().map(|o| o.winner),
        points: game.outcome().map_or(0, |o| o.points()),
        turns: game.turns(),
    };
    (result, game.into_player())
}

/// Totals of a learning run.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct LearnStats {
    /// Games played.
    pub games: u64,
    /// Games White won.
    pub white_wins: u64,
    /// GOOD updates.
    pub good: u64,
    /// BAD updates.
    pub bad: u64,
}

/// Self-play learning from `start` for `games` games with step `eta` and dice from `seed`.
/// After each game `on_game(&stats, &weights)` is called (checkpoints), then `task` counts it;
/// every update goes to `on_update`. When `task` is cancelled the run stops after the game
/// being played (`stats.games` tells how many were). Returns the final weights.
pub fn learn(
    start: Weights,
    games: u64,
    seed: u64,
    eta: f64,
    task: &Task,
    mut on_update: impl FnMut(&Update),
    mut on_game: impl FnMut(&LearnStats, &Weights),
) -> (Weights, LearnStats) {
    let mut player = ClassicPlayer::new(start, "classic");
    let mut dice = SeededDice::new(seed);
    let mut stats = LearnStats::default();
    task.set(0, games);
    for _ in 0..games {
        let (r, p) = play_learning_game(player, eta, &mut dice, |u| {
            match u.verdict {
                super::Verdict::Good => stats.good += 1,
                super::Verdict::Bad => stats.bad += 1,
            }
            on_update(u)
        });
        player = p;
        stats.games += 1;
        stats.white_wins += (r.winner == Some(Side::White)) as u64;
        on_game(&stats, &player.weights);
        task.set(stats.games, games);
        if task.is_cancelled() {
            break;
        }
    }
    (player.weights, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learning_is_seeded_and_every_update_follows_the_rule() {
        let mut updates = Vec::new();
        let go = Task::new();
        let (w1, s1) = learn(
            Weights::builtin_seed(),
            3,
            7,
            0.01,
            &go,
            |u| updates.push(*u),
            |_, _| {},
        );
        let (w2, s2) = learn(Weights::builtin_seed(), 3, 7, 0.01, &go, |_| {}, |_, _| {});
        assert_eq!((w1, s1), (w2, s2), "same seed, same run");
        assert_eq!(s1.games, 3);
        assert_eq!((go.snapshot().done, go.snapshot().total), (3, Some(3)));
        assert_eq!(s1.good + s1.bad, updates.len() as u64);
        assert!(!updates.is_empty());
        // The updates chain: each starts from the previous one's weights.
        for pair in updates.windows(2) {
            assert_eq!(pair[0].after, pair[1].before);
        }
        assert_eq!(updates.last().unwrap().after, w1);
        // Cancelled after the first game: the weights after one game, as a one-game run.
        let stop = Task::new();
        let (w, s) = learn(
            Weights::builtin_seed(),
            3,
            7,
            0.01,
            &stop,
            |_| {},
            |_, _| stop.cancel(),
        );
        let one = learn(Weights::builtin_seed(), 1, 7, 0.01, &go, |_| {}, |_, _| {});
        assert_eq!((s.games, (w, s)), (1, one));
        for u in &updates {
            assert_eq!(
                u.after,
                crate::evaluation::classic::learning::apply(
                    u.verdict,
                    0.01,
                    &u.before,
                    &u.features
                )
            );
            assert_eq!(
                u.verdict == crate::evaluation::classic::Verdict::Good,
                u.gbrdval > u.compval
            );
        }
    }
}
