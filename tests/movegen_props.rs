//! Properties of the move generator on random positions, checked against a deliberately plain
//! reference generator written here from the rules alone.

use bgw_engine::moves::MoveGenerator;
use bgw_engine::{Dice, Position, Side};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use std::collections::HashSet;

/// A random legal position: each side's checkers (up to 15) scattered over its points and bar,
/// never sharing a point; in some positions the side on roll is bearing off.
fn random_position(seed: u64) -> Position {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut board = [0i8; 26];
    let bearing_off = rng.random_range(0..4) == 0;
    let own = rng.random_range(1..=15);
    for _ in 0..own {
        let p = if bearing_off {
            rng.random_range(1..=6)
        } else if rng.random_range(0..12) == 0 {
            25
        } else {
            rng.random_range(1..=24)
        };
        board[p] += 1;
    }
    let opponent = rng.random_range(0..=15);
    for _ in 0..opponent {
        let p = if rng.random_range(0..12) == 0 {
            0
        } else {
            rng.random_range(1..=24)
        };
        if board[p] <= 0 {
            board[p] -= 1;
        }
    }
    Position::from_board(Side::White, board).expect("valid by construction")
}

/// One step by the rules, on a plain board; `None` when illegal.
fn step(b: &[i8; 26], from: usize, die: usize) -> Option<[i8; 26]> {
    if b[from] <= 0 || (b[25] > 0 && from != 25) {
        return None;
    }
    let mut n = *b;
    n[from] -= 1;
    if from > die {
        let to = from - die;
        match b[to] {
            x if x < -1 => return None,
            -1 => {
                n[to] = 1;
                n[0] -= 1;
            }
            _ => n[to] += 1,
        }
    } else {
        let all_home = (7..=25).all(|p| b[p] <= 0);
        let highest = (from + 1..=6).all(|p| b[p] <= 0);
        if !all_home || (from < die && !highest) {
            return None;
        }
    }
    Some(n)
}

/// Every sequence of steps, recorded with how many dice and which dice it used.
fn sequences(
    b: &[i8; 26],
    dice: &[usize],
    used: Vec<usize>,
    out: &mut Vec<([i8; 26], Vec<usize>)>,
) {
    let mut any = false;
    if let Some((&die, rest)) = dice.split_first() {
        for from in 1..=25 {
            if let Some(n) = step(b, from, die) {
                any = true;
                let mut u = used.clone();
                u.push(die);
                sequences(&n, rest, u, out);
            }
        }
    }
    if !any {
        out.push((*b, used));
    }
}

/// The distinct results by the rules: most dice used; with one die of two, the larger if it can.
fn reference(pos: &Position, dice: Dice) -> HashSet<[i8; 26]> {
    let (h, l) = (dice.high() as usize, dice.low() as usize);
    let orders = if h == l {
        vec![vec![h; 4]]
    } else {
        vec![vec![h, l], vec![l, h]]
    };
    let mut all = Vec::new();
    for order in &orders {
        sequences(pos.board(), order, vec![], &mut all);
    }
    let most = all.iter().map(|(_, u)| u.len()).max().unwrap_or(0);
    if most == 0 {
        return HashSet::new();
    }
    let mut best: Vec<_> = all.into_iter().filter(|(_, u)| u.len() == most).collect();
    if most == 1 && h != l && best.iter().any(|(_, u)| u[0] == h) {
        best.retain(|(_, u)| u[0] == h);
    }
    best.into_iter().map(|(b, _)| b).collect()
}

fn checkers(b: &[i8; 26]) -> (i32, i32) {
    let own = b.iter().filter(|&&n| n > 0).map(|&n| n as i32).sum();
    let opp = b.iter().filter(|&&n| n < 0).map(|&n| -(n as i32)).sum();
    (own, opp)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn agrees_with_the_reference_and_keeps_the_rules(seed in any::<u64>()) {
        let pos = random_position(seed);
        let mut generator = MoveGenerator::new();
        for dice in Dice::all() {
            let plays = generator.generate(&pos, dice).to_vec();
            let got: HashSet<[i8; 26]> = plays.iter().map(|p| *p.result.board()).collect();
            prop_assert_eq!(got.len(), plays.len(), "duplicate results for {:?} {}", pos, dice);
            prop_assert_eq!(&got, &reference(&pos, dice), "{:?} {}", pos, dice);

            let (own, opp) = checkers(pos.board());
            let (pips, opp_pips) = pos.pips();
            for play in &plays {
                let r = &play.result;
                // Checkers are conserved: the mover's only leave by bearing off, the
                // opponent's never leave the board.
                let off = play.mv.steps().filter(|s| s.to == 0).count() as i32;
                prop_assert_eq!(checkers(r.board()), (own - off, opp));
                // Each step moves its die's pips, or fewer only when bearing off.
                let mut sequence = *pos.board();
                let mut remaining: Vec<usize> = if dice.is_double() {
                    vec![dice.high() as usize; 4]
                } else {
                    vec![dice.high() as usize, dice.low() as usize]
                };
                let mut moved = 0;
                let mut hit_pips = 0;
                for s in play.mv.steps() {
                    let pips_moved = (s.from - s.to) as usize;
                    // The die this step used: its pips exactly, or a larger one bearing off.
                    let die = remaining
                        .iter()
                        .position(|&d| d == pips_moved)
                        .or_else(|| remaining.iter().position(|&d| d > pips_moved && s.to == 0))
                        .map(|i| remaining.remove(i));
                    prop_assert!(die.is_some(), "step {:?} uses no die of {}", s, dice);
                    moved += pips_moved as u32;
                    if s.hit {
                        hit_pips += s.to as u32;
                    }
                    // Every result is reached by a legal sequence: its own steps.
                    let next = step(&sequence, s.from as usize, die.unwrap_or(0));
                    prop_assert!(next.is_some(), "illegal step {:?} in {:?}", s, play.mv);
                    sequence = next.unwrap_or(sequence);
                }
                prop_assert_eq!(&sequence, r.board());
                prop_assert_eq!(r.pips(), (pips - moved, opp_pips + hit_pips));
            }
            // The colour on roll changes nothing but the colour.
            let black = pos.with_on_roll(Side::Black);
            let again: HashSet<[i8; 26]> = generator.generate(&black, dice).iter().map(|p| *p.result.board()).collect();
            prop_assert_eq!(again, got);
        }
    }

    #[test]
    fn mirror_is_an_involution_that_swaps_the_sides(seed in any::<u64>()) {
        let pos = random_position(seed);
        let m = pos.mirror();
        prop_assert_eq!(m.mirror(), pos);
        prop_assert_eq!(m.pips(), (pos.pips().1, pos.pips().0));
        prop_assert_eq!(m.player_off(), pos.opponent_off());
        prop_assert_eq!(m.sides(), [pos.sides()[1], pos.sides()[0]]);
    }
}
