//! Games of the classic program against itself, learning with GOOD/BAD as it goes (`bgw learn`).
//!
//! As in the seed, White (the learner) moves first with whatever dice are rolled (doubles
//! included). Both sides play with the same, live weights; only White's exchanges are judged,
//! as the seed judged the computer's. A game stops after [`MAX_TURNS`] turns without a winner
//! (possible only in pathological positions where neither side can move).

use super::learning::{Learner, Update};
use super::phase::Phase;
use super::player::ClassicPlayer;
use super::weights::Weights;
use crate::dice::Dice;
use crate::moves::MoveGenerator;
use crate::opponents::Player;
use crate::position::{CHECKERS, Position, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

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

/// Rolls two dice.
pub fn roll(rng: &mut StdRng) -> Dice {
    Dice::new(rng.random_range(1..=6u8), rng.random_range(1..=6u8)).expect("1-6")
}

/// Points won by the side that just bore off its last checker, seen in `after` (its view):
/// 1, 2 when the loser has borne nothing off, 3 when the loser also still has a checker on the
/// bar or in the winner's home board.
pub fn points_won(after: &Position) -> u8 {
    if after.opponent_off() > 0 {
        return 1;
    }
    // The loser's checkers in the winner's home (points 1–6) or on the loser's bar (index 0).
    let back = (0..=6).any(|p| after.board()[p] < 0);
    if back { 3 } else { 2 }
}

/// Plays one game, White learning with `learner`; every update is passed to `on_update`.
pub fn play_learning_game(
    player: &mut ClassicPlayer,
    learner: &mut Learner,
    rng: &mut StdRng,
    generator: &mut MoveGenerator,
    mut on_update: impl FnMut(&Update),
) -> GameResult {
    learner.new_game();
    let mut pos = Position::opening(Side::White);
    for turn in 1..=MAX_TURNS {
        let dice = roll(rng);
        let white = pos.on_roll() == Side::White;
        if white && let Some(u) = learner.after_exchange(&mut player.weights, &pos) {
            on_update(&u);
        }
        let plays = generator.generate(&pos, dice);
        if plays.is_empty() {
            pos = pos.mirror();
            continue;
        }
        let result = plays[player.choose(&pos, dice, plays)].result;
        if white && Phase::of(&pos) == Phase::Contact {
            learner.record_move(&result);
        }
        if result.player_off() == CHECKERS {
            return GameResult {
                winner: Some(result.on_roll()),
                points: points_won(&result),
                turns: turn,
            };
        }
        pos = result.mirror();
    }
    GameResult {
        winner: None,
        points: 0,
        turns: MAX_TURNS,
    }
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
/// After each game `on_game(&stats, &weights)` is called (progress, checkpoints); every update
/// goes to `on_update`. Returns the final weights.
pub fn learn(
    start: Weights,
    games: u64,
    seed: u64,
    eta: f64,
    mut on_update: impl FnMut(&Update),
    mut on_game: impl FnMut(&LearnStats, &Weights),
) -> (Weights, LearnStats) {
    let mut player = ClassicPlayer::new(start, "classic");
    let mut learner = Learner::new(eta);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut generator = MoveGenerator::new();
    let mut stats = LearnStats::default();
    for _ in 0..games {
        let r = play_learning_game(&mut player, &mut learner, &mut rng, &mut generator, |u| {
            match u.verdict {
                super::Verdict::Good => stats.good += 1,
                super::Verdict::Bad => stats.bad += 1,
            }
            on_update(u)
        });
        stats.games += 1;
        stats.white_wins += (r.winner == Some(Side::White)) as u64;
        on_game(&stats, &player.weights);
    }
    (player.weights, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learning_is_seeded_and_every_update_follows_the_rule() {
        let mut updates = Vec::new();
        let (w1, s1) = learn(
            Weights::builtin_seed(),
            3,
            7,
            0.01,
            |u| updates.push(*u),
            |_, _| {},
        );
        let (w2, s2) = learn(Weights::builtin_seed(), 3, 7, 0.01, |_| {}, |_, _| {});
        assert_eq!((w1, s1), (w2, s2), "same seed, same run");
        assert_eq!(s1.games, 3);
        assert_eq!(s1.good + s1.bad, updates.len() as u64);
        assert!(!updates.is_empty());
        // The updates chain: each starts from the previous one's weights.
        for pair in updates.windows(2) {
            assert_eq!(pair[0].after, pair[1].before);
        }
        assert_eq!(updates.last().unwrap().after, w1);
        for u in &updates {
            assert_eq!(
                u.after,
                crate::classic::learning::apply(u.verdict, 0.01, &u.before, &u.features)
            );
            assert_eq!(
                u.verdict == crate::classic::Verdict::Good,
                u.gbrdval > u.compval
            );
        }
    }

    #[test]
    fn scoring() {
        // The winner (on roll, all off); the loser has all 15 on the board.
        let mut b = [0i8; 26];
        b[3] = -2;
        b[20] = -13;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(
            points_won(&p),
            3,
            "a checker in the winner's home: backgammon"
        );
        b[3] = 0;
        b[0] = -2;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(points_won(&p), 3, "a checker on the bar: backgammon");
        b[0] = 0;
        b[19] = -2;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(points_won(&p), 2);
        b[19] = -1;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(points_won(&p), 1);
    }
}
