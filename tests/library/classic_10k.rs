//! The classic program over the reference positions: ranking invariants, the program's choice
//! always legal and the same by every path, the race heuristics never needing their fallback.

use crate::common;

use bgw_engine::Dice;
use bgw_engine::core::dice_source::{DiceSource, SeededDice};
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{CHECKERS, Position, Side};
use bgw_engine::core::rng::SplitMix64;
use bgw_engine::evaluation::classic::{ClassicPlayer, Features, Phase, Ranking, Reason, Weights};
use bgw_engine::evaluation::opponents::Player;

#[test]
fn rankings_over_the_reference_positions() {
    let counts = common::tsv("movegen/counts_10k.tsv");
    let positions = common::positions_10k();
    let w = Weights::builtin_default();
    let mut player = ClassicPlayer::new(w, "classic");
    let mut g = MoveGenerator::new();
    let mut phases = [0usize; 4];
    // Every 7th position keeps the test fast in debug builds.
    for (i, (id, pos)) in positions.iter().enumerate().step_by(7) {
        let row: Vec<usize> = counts[i][2]
            .split(' ')
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(counts[i][1], *id);
        // Each side's terms are the other's on the mirrored board.
        let f = Features::of(pos);
        let m = Features::of(&pos.mirror());
        assert_eq!((f.own, f.opp), (m.opp, m.own), "{id}");
        for (k, dice) in Dice::all().enumerate() {
            let r = Ranking::new(pos, dice, &w, &mut g);
            assert_eq!(r.candidates.len(), row[k], "{id} {dice}");
            if r.candidates.is_empty() {
                continue;
            }
            phases[r.phase as usize] += 1;
            for pair in r.candidates.windows(2) {
                assert!(pair[0].value >= pair[1].value);
            }
            let choice = r.choice.unwrap();
            assert!(
                !matches!(choice.reason, Reason::Fallback { .. }),
                "{id} {dice}: race heuristic not legal"
            );
            if r.phase == Phase::Contact {
                assert_eq!(choice.index, 0, "{id} {dice}");
            }
            // The Player path (used by duels) picks the same result.
            let plays = g.generate(pos, dice).to_vec();
            let j = player.choose(pos, dice, &plays);
            assert_eq!(
                plays[j].result, r.candidates[choice.index].play.result,
                "{id} {dice}"
            );
        }
    }
    // The sample covers every phase.
    assert!(phases.iter().all(|&n| n > 0), "{phases:?}");
}

fn random_race_positions(n: usize) -> Vec<Position> {
    // Seeded random games between random movers, keeping positions without contact.
    // The dice and the random mover's choices from two unrelated streams.
    let mut throws = SeededDice::new(11);
    let mut rng = SplitMix64::derive(11, &[1]);
    let mut g = MoveGenerator::new();
    let mut out = Vec::new();
    while out.len() < n {
        let mut pos = Position::opening(Side::White);
        loop {
            let (a, b) = throws.throw();
            let dice = Dice::new(a, b).unwrap();
            let plays = g.generate(&pos, dice);
            if plays.is_empty() {
                pos = pos.mirror();
                continue;
            }
            let next = plays[rng.below(plays.len() as u32) as usize].result;
            if next.player_off() == CHECKERS {
                break;
            }
            pos = next.mirror();
            if !pos.has_contact() {
                out.push(pos);
            }
        }
    }
    out
}

#[test]
fn race_heuristics_always_reach_a_legal_result() {
    let w = Weights::builtin_default();
    let player = ClassicPlayer::new(w, "classic");
    let mut g = MoveGenerator::new();
    for pos in random_race_positions(400) {
        for dice in Dice::all() {
            let plays = g.generate(&pos, dice).to_vec();
            if plays.is_empty() {
                continue;
            }
            let c = player.choose_with_reason(&pos, dice, &plays);
            assert!(matches!(c.phase, Phase::Running | Phase::BearOff));
            assert!(
                matches!(c.reason, Reason::Race(_) | Reason::Forced),
                "{pos:?} {dice}: {}",
                c.reason
            );
        }
    }
}

#[test]
fn the_default_weights_beat_a_random_mover() {
    // 60 seeded games, each side moving first half the time.
    // The dice and the random mover's choices from two unrelated streams.
    let mut throws = SeededDice::new(5);
    let mut rng = SplitMix64::derive(5, &[1]);
    let mut g = MoveGenerator::new();
    let mut classic = ClassicPlayer::default();
    let mut points = 0i32;
    for game in 0..60 {
        let classic_side = if game % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut pos = Position::opening(Side::White);
        loop {
            let (a, b) = throws.throw();
            let dice = Dice::new(a, b).unwrap();
            let plays = g.generate(&pos, dice).to_vec();
            if plays.is_empty() {
                pos = pos.mirror();
                continue;
            }
            let i = if pos.on_roll() == classic_side {
                classic.choose(&pos, dice, &plays)
            } else {
                rng.below(plays.len() as u32) as usize
            };
            let next = plays[i].result;
            if next.player_off() == CHECKERS {
                let p = bgw_engine::evaluation::classic::points_won(&next) as i32;
                points += if next.on_roll() == classic_side {
                    p
                } else {
                    -p
                };
                break;
            }
            pos = next.mirror();
        }
    }
    // Two random movers would score about 0; demand at least half a point a game.
    assert!(points > 30, "classic scored {points} points in 60 games");
}

#[test]
fn every_legal_notation_reads_back_to_its_play() {
    use bgw_engine::core::moves::match_play;
    let mut g = MoveGenerator::new();
    let mut checked = 0;
    for (id, pos) in common::positions_10k().iter().step_by(50) {
        for dice in Dice::all() {
            let plays = g.generate(pos, dice).to_vec();
            for (i, p) in plays.iter().enumerate() {
                let text = p.mv.notation();
                assert_eq!(
                    match_play(pos, dice, &text, &plays),
                    Ok(i),
                    "{id} {dice} {text}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
