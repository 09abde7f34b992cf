//! pubeval's fast tables against a plain dot product of its 122 inputs, on reference positions.

use crate::common;

use bgw_engine::Dice;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::evaluation::opponents::{Player, Pubeval, PubevalWeights, pubeval_inputs};

fn dot(x: &[f64; 122], w: &[f64; 122]) -> f64 {
    x.iter().zip(w).map(|(&x, &w)| x * w).sum()
}

#[test]
fn scores_and_choices_match_the_plain_formula() {
    let w = PubevalWeights::published();
    let mut generator = MoveGenerator::new();
    let mut player = Pubeval::new();
    let mut checked = 0;
    for (_, pos) in common::positions_10k().iter().take(800) {
        let race = !pos.has_contact();
        for dice in Dice::all() {
            let plays = generator.generate(pos, dice).to_vec();
            if plays.is_empty() {
                continue;
            }
            let weights = if race { &w.race } else { &w.contact };
            let plain: Vec<f64> = plays
                .iter()
                .map(|p| {
                    if p.result.player_off() == 15 {
                        f64::INFINITY
                    } else {
                        dot(&pubeval_inputs(&p.result), weights)
                    }
                })
                .collect();
            for (p, &s) in plays.iter().zip(&plain) {
                let fast = player.score(race, &p.result);
                assert!(
                    fast == s || (fast - s).abs() < 1e-9,
                    "{fast} vs {s} for {}",
                    p.mv
                );
            }
            let chosen = player.choose(pos, dice, &plays);
            let best = plain.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            // The choice is a best play (exact scores: ties are real ties).
            assert!(
                plain[chosen] == best || best - plain[chosen] < 1e-9,
                "chose {} ({}) over {best}",
                plays[chosen].mv,
                plain[chosen]
            );
            checked += plays.len();
        }
    }
    assert!(checked > 50_000, "{checked}");
}
