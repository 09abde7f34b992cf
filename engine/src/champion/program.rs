//! «Чемпион»: the goat's program for the Б3-34, as reconstructed in
//! `shared/docs/seed-002-champion.md`, with a trace of every decision.
//!
//! Registers kept between decisions: R7, the asymmetry (the wolves' total deviation from the
//! fifth vertical, ±10 per wolf move), and R0, the loop register the check routine leaves
//! behind (which wolf blocked the last square checked; 1 after a clean check). The direction
//! register R9 holds the dominant `D`: −11 (the goat's forward step to the right is `G − D`)
//! or +9 (forward to the left).

use super::board::{Position, Side, WolfMove};
use std::fmt;

/// Which listing plays: the main one, or the alternative fragment 14–35 from the end of the
/// page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Listing {
    /// The program as printed.
    Main,
    /// With fragment 14–35 replaced as the page suggests (its address 24 is an uncertain
    /// reading of the scan).
    Alternative,
}

/// Why a square was checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Pre-check G − 2D − 2: two columns towards the dominant side, same row.
    PreSide,
    /// Pre-check G − 2D: two steps forward along the dominant.
    PreTwoSteps,
    /// Pre-check G + 2: two rows straight ahead.
    PreAhead,
    /// G − D: one step forward along the dominant (a move).
    ForwardAlong,
    /// G + 2 − D: the "wall" probe after the forward move failed (main listing).
    WallProbe,
    /// G + 2 + D: one step forward against the dominant (a move).
    ForwardAgainst,
    /// G − 2 − D: one step backward on the dominant side (a move).
    BackwardAlong,
    /// G + D: one step backward on the other side (a move).
    BackwardAgainst,
}

impl Purpose {
    /// The check in words, as the trace prints it.
    pub fn describe(self) -> &'static str {
        match self {
            Purpose::PreSide => "pre-check G−2D−2 (two columns to the dominant side)",
            Purpose::PreTwoSteps => "pre-check G−2D (two steps along the dominant)",
            Purpose::PreAhead => "pre-check G+2 (two rows straight ahead)",
            Purpose::ForwardAlong => "move G−D (forward along the dominant)",
            Purpose::WallProbe => "wall probe G+2−D",
            Purpose::ForwardAgainst => "move G+2+D (forward against the dominant)",
            Purpose::BackwardAlong => "move G−2−D (backward, dominant side)",
            Purpose::BackwardAgainst => "move G+D (backward, other side)",
        }
    }
}

/// What the check routine found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The square is off the program's board (R0 unchanged).
    OffBoard,
    /// A wolf stands there (R0 = its number).
    Blocked {
        /// The wolf's number.
        wolf: u8,
    },
    /// The "standard trap" test: Σ(c − W\[k\]) is 9 or −11.
    Trap {
        /// Σ(c − W\[k\]).
        sum: i32,
    },
    /// The square passed.
    Passed,
}

/// One call of the check routine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// Why it was called.
    pub purpose: Purpose,
    /// The square checked (may lie off the board).
    pub square: i32,
    /// What it found.
    pub verdict: Verdict,
    /// R0 after the call.
    pub r0: i32,
}

/// Which branch of the program chose the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Forward along the dominant.
    ForwardAlong,
    /// Forward against the dominant.
    ForwardAgainst,
    /// Backward, dominant side.
    BackwardAlong,
    /// Backward, other side.
    BackwardAgainst,
    /// Nothing passed: the program shows 0 (resigns).
    Resign,
}

/// Everything the program did to choose one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The listing that played.
    pub listing: Listing,
    /// The asymmetry R7 at the decision.
    pub r7: i32,
    /// The value the dominant is chosen from: `v − cos(2·G grads)`, `v` = 0 when R7 ∈
    /// {0, ±10}, else R7 + 10; 0 at the very start of a game.
    pub value: f64,
    /// Whether this was the program's first move of the game (value taken as 0).
    pub first_move: bool,
    /// The dominant D: −11 (forward to the right) or +9 (forward to the left).
    pub dominant: i32,
    /// The checks, in the order the program made them.
    pub checks: Vec<Check>,
    /// The jumps taken, in words, each with the number of checks made before it.
    pub jumps: Vec<(usize, String)>,
    /// The branch that chose.
    pub branch: Branch,
    /// The square the goat goes to, `None` when it resigns.
    pub choice: Option<u8>,
}

impl Trace {
    /// Why the dominant was chosen, in words.
    pub fn dominant_reason(&self) -> String {
        let side = if self.dominant == -11 {
            "right (forward step G+11)"
        } else {
            "left (forward step G−9)"
        };
        if self.first_move {
            return format!("first move of the game: value taken as 0 ≥ 0, so D = −11: {side}");
        }
        let small = matches!(self.r7, 0 | 10 | -10);
        format!(
            "R7 = {} is {} asymmetry ({}); value {:+.3} {} 0, so D = {}: {side}",
            self.r7,
            if small { "small" } else { "large" },
            if small {
                "v = 0: the sign of −cos(2·G grads) says which half the goat is in"
            } else {
                "v = R7 + 10"
            },
            self.value,
            if self.value >= 0.0 { "≥" } else { "<" },
            self.dominant
        )
    }
}

impl fmt::Display for Trace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "listing: {}",
            match self.listing {
                Listing::Main => "main",
                Listing::Alternative => "alternative (fragment 14–35)",
            }
        )?;
        writeln!(f, "R7 = {}", self.r7)?;
        writeln!(f, "dominant: {}", self.dominant_reason())?;
        for (i, c) in self.checks.iter().enumerate() {
            for (_, j) in self.jumps.iter().filter(|(at, _)| *at == i) {
                writeln!(f, "  → {j}")?;
            }
            let what = match c.verdict {
                Verdict::OffBoard => "off the board".to_string(),
                Verdict::Blocked { wolf } => format!("blocked by wolf {wolf}"),
                Verdict::Trap { sum } => format!("rejected by the trap test (Σ = {sum})"),
                Verdict::Passed => "passes".to_string(),
            };
            writeln!(
                f,
                "  {:<50} {:>4}: {what}; R0 = {}",
                c.purpose.describe(),
                c.square,
                c.r0
            )?;
        }
        for (_, j) in self.jumps.iter().filter(|(at, _)| *at == self.checks.len()) {
            writeln!(f, "  → {j}")?;
        }
        match self.choice {
            Some(sq) => write!(f, "chosen by branch {:?}: goat to {sq}", self.branch),
            None => write!(f, "nothing passed: the program shows 0 (resigns)"),
        }
    }
}

/// The program with its registers.
#[derive(Clone, Debug)]
pub struct Champion {
    /// Which listing plays.
    pub listing: Listing,
    /// R7: the asymmetry.
    pub r7: i32,
    /// R0: left behind by the last check.
    pub r0: i32,
    /// True until the first wolf move is seen: the first decision uses value 0.
    pub first_move: bool,
}

impl Champion {
    /// The program at the start of a game (R7 = 0, R0 = 0).
    pub fn new(listing: Listing) -> Champion {
        Champion {
            listing,
            r7: 0,
            r0: 0,
            first_move: true,
        }
    }

    /// The program taken over in the middle of a game: R7 as the wolves' moves since the
    /// variant's start imply (10 × Σ of start column − column; any path gives the same), R0 = 0.
    pub fn for_position(listing: Listing, pos: &Position) -> Champion {
        let start = pos.variant.start();
        let mut r7 = 0;
        for k in 0..4 {
            if pos.wolves[k] != 0 && start.wolves[k] != 0 {
                r7 += 10 * (start.wolves[k] as i32 / 10 - pos.wolves[k] as i32 / 10);
            }
        }
        Champion {
            listing,
            r7,
            r0: 0,
            first_move: pos.to_move == Side::Goat && *pos == pos.variant.start(),
        }
    }

    /// The input block: the person moved a wolf from `from` to `to`; R7 changes by ±10.
    pub fn observe(&mut self, from: u8, to: u8) {
        self.r7 += (from as i32 - to as i32) - 1;
        self.first_move = false;
    }

    /// The input block for a move in the article's notation, given the position before it.
    pub fn observe_move(&mut self, before: &Position, m: WolfMove) {
        let from = before.wolves[m.wolf as usize - 1];
        self.observe(from, m.to);
    }

    /// The program's move in `pos` (the goat to move) with the trace of how it was found.
    pub fn decide(&mut self, pos: &Position) -> Trace {
        let g = pos.goat as i32;
        let cols = if pos.variant.size == 9 { 9 } else { 8 };
        let v = if matches!(self.r7, 0 | 10 | -10) {
            0
        } else {
            self.r7 + 10
        };
        let value = if self.first_move {
            0.0
        } else {
            let grads = 2.0 * g as f64 * std::f64::consts::PI / 200.0;
            v as f64 - grads.cos()
        };
        let d = if value >= 0.0 { -11 } else { 9 };
        let t = Trace {
            listing: self.listing,
            r7: self.r7,
            value,
            first_move: self.first_move,
            dominant: d,
            checks: Vec::new(),
            jumps: Vec::new(),
            branch: Branch::Resign,
            choice: None,
        };
        let mut run = Run {
            r0: self.r0,
            w: pos.wolves,
            cols,
            trace: t,
        };
        run.play(self.listing, g, d);
        self.r0 = run.r0;
        run.trace
    }
}

/// One decision in progress: the registers and the trace so far.
struct Run {
    r0: i32,
    w: [u8; 4],
    cols: i32,
    trace: Trace,
}

impl Run {
    fn ok(&mut self, purpose: Purpose, c: i32) -> bool {
        let verdict = check(c, &self.w, self.cols, &mut self.r0);
        self.trace.checks.push(Check {
            purpose,
            square: c,
            verdict,
            r0: self.r0,
        });
        verdict == Verdict::Passed
    }

    fn jump(&mut self, why: &str) {
        let at = self.trace.checks.len();
        self.trace.jumps.push((at, why.to_string()));
    }

    fn choose(&mut self, branch: Branch, sq: i32) {
        self.trace.branch = branch;
        self.trace.choice = Some(sq as u8);
    }

    /// The pre-checks, F1, F2 and BACK of the pseudo-code.
    fn play(&mut self, listing: Listing, g: i32, d: i32) {
        let (mut f1, mut f2) = (false, true);
        match listing {
            Listing::Main => {
                if self.ok(Purpose::PreSide, g - 2 * d - 2)
                    || self.ok(Purpose::PreTwoSteps, g - 2 * d)
                {
                    f1 = true;
                } else if self.r0 != 1 {
                    self.jump("pre-checks failed and R0 ≠ 1 (an artificial wall?): go to the backward moves");
                    f2 = false;
                } else if self.ok(Purpose::PreAhead, g + 2) {
                    f1 = true;
                } else {
                    self.jump("G+2 failed: go to forward against the dominant");
                }
            }
            Listing::Alternative => {
                f1 = self.ok(Purpose::PreSide, g - 2 * d - 2)
                    || self.ok(Purpose::PreTwoSteps, g - 2 * d)
                    || self.ok(Purpose::PreAhead, g + 2);
                if !f1 {
                    self.jump("all three pre-checks failed: go to forward against the dominant");
                }
            }
        }
        if f1 {
            if self.ok(Purpose::ForwardAlong, g - d) {
                return self.choose(Branch::ForwardAlong, g - d);
            }
            if listing == Listing::Main {
                self.r0 = 1;
                if !self.ok(Purpose::WallProbe, g + 2 - d) && self.r0 != 1 {
                    self.jump("wall probe failed with R0 ≠ 1: go to the backward moves");
                    f2 = false;
                }
            }
        }
        if f2 && listing == Listing::Alternative && !matches!(self.trace.r7, 0 | 10 | -10) {
            self.jump("R7 ∉ {0, ±10}: no forward move against the dominant");
            f2 = false;
        }
        if f2 && self.ok(Purpose::ForwardAgainst, g + 2 + d) {
            return self.choose(Branch::ForwardAgainst, g + 2 + d);
        }
        if self.ok(Purpose::BackwardAlong, g - 2 - d) {
            return self.choose(Branch::BackwardAlong, g - 2 - d);
        }
        if self.ok(Purpose::BackwardAgainst, g + d) {
            self.choose(Branch::BackwardAgainst, g + d);
        }
    }
}

/// The check routine (addresses 65–94): is `c` a square the goat may go to? Leaves R0 behind
/// as the calculator does.
fn check(c: i32, w: &[u8; 4], cols: i32, r0: &mut i32) -> Verdict {
    let (a, b) = (c / 10, c % 10);
    if !(11..100).contains(&c) || !(1..=cols).contains(&a) || !(1..=9).contains(&b) {
        return Verdict::OffBoard;
    }
    let mut s = 1;
    for k in (1..=4).rev() {
        *r0 = k;
        let wk = w[k as usize - 1] as i32;
        if c == wk {
            return Verdict::Blocked { wolf: k as u8 };
        }
        s += c - wk;
    }
    *r0 = 1;
    if s == 10 || s == -10 {
        Verdict::Trap { sum: s - 1 }
    } else {
        Verdict::Passed
    }
}
