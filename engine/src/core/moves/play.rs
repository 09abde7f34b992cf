//! A move (its steps, packed in one word) and a play (a move with the position it reaches).

use crate::core::position::Position;

/// One checker moved by one die: `from` 25 is the bar, `to` 0 is off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    /// The point left (25 = the bar), from the mover's view.
    pub from: u8,
    /// The point reached (0 = borne off), from the mover's view.
    pub to: u8,
    /// True when the step hit an opposing blot on `to`.
    pub hit: bool,
}

/// A whole move: up to four steps in the order played, packed in one word (step i in bits
/// 16i..16i+16: source in bits 0–4, destination in 5–9, hit in bit 10; the number of steps in
/// bits 60–63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Move(pub(super) u64);

impl Move {
    /// The steps in the order played.
    pub fn steps(&self) -> impl Iterator<Item = Step> + '_ {
        (0..self.dice_used()).map(|i| {
            let bits = self.0 >> (16 * i);
            Step {
                from: (bits & 31) as u8,
                to: (bits >> 5 & 31) as u8,
                hit: bits >> 10 & 1 == 1,
            }
        })
    }

    /// How many dice the move uses.
    pub fn dice_used(&self) -> usize {
        (self.0 >> 60) as usize
    }

    /// True for the empty move (no legal play: the turn passes).
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The move made of `steps` in the order given (at most four: a fifth and later are
    /// left out), each with its hit flag as given: for a move recorded in a file that the
    /// rules do not allow.
    pub(crate) fn from_steps(steps: &[Step]) -> Move {
        steps.iter().take(4).fold(Move::default(), |mv, s| {
            mv.push(s.from as usize, s.to as usize, s.hit)
        })
    }

    /// The move with one more step.
    #[inline(always)]
    pub(super) fn push(self, from: usize, to: usize, hit: bool) -> Move {
        let bits = from as u64 | (to as u64) << 5 | (hit as u64) << 10;
        Move((self.0 | bits << (16 * self.dice_used())) + (1 << 60))
    }
}

/// One legal candidate: a move and the position it reaches (the mover still on roll; call
/// [`Position::mirror`] to hand the turn over).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Play {
    /// One move that reaches `result`.
    pub mv: Move,
    /// The position after the move, from the mover's view.
    pub result: Position,
}
