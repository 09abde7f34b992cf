//! gnubg's 0-ply cubeless evaluation: the position's class, the class's evaluator (a net, the
//! one-sided bear-off database, or the game's end) and gnubg's sanity rules.

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use super::inputs::{self, Board};
use super::net::{self, LISTED_INPUTS};
use super::race_bg;
use super::weights::{GnubgWeights, PRUNING_INPUTS, USUAL_FOLDERS, WeightsError};
use crate::bearoff::one_sided::{self as bearoff, BdContents, Counts, Database};
use crate::bearoff::two_sided::{self, Kind, TwoSidedChances, TwoSidedDb};
use crate::core::position::Position;
use crate::core::task::Task;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// How gnubg evaluates a position (its `positionclass`, the kinds a standard game meets with
/// Debian's files: the one-sided database `gnubg_os0.bd`, no two-sided one).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PositionClass {
    /// A side has borne off every checker.
    Over,
    /// Both sides with at most six checkers, all in their home boards: the two-sided
    /// bear-off database (gnubg's `gnubg_ts0.bd`, which Debian's package builds when it is
    /// installed).
    BearoffTwoSided,
    /// Both sides' checkers all in their home boards: the one-sided bear-off database.
    BearoffOneSided,
    /// No contact, not in the database: the race net.
    Race,
    /// Contact, and a side has few checkers left in play: the crashed net.
    Crashed,
    /// Contact: the contact net.
    Contact,
}

impl PositionClass {
    /// The class's name in words.
    pub fn name(self) -> &'static str {
        match self {
            PositionClass::Over => "game over",
            PositionClass::BearoffTwoSided => "two-sided bear-off database",
            PositionClass::BearoffOneSided => "one-sided bear-off database",
            PositionClass::Race => "race net",
            PositionClass::Crashed => "crashed net",
            PositionClass::Contact => "contact net",
        }
    }
}

/// The five cubeless probabilities as gnubg's evaluation gives them (`f32`, as gnubg keeps
/// them): win, win gammon, win backgammon, lose gammon, lose backgammon.
pub type NetOutput = [f32; 5];

/// Why the native evaluator gives no figures.
#[derive(Clone, Debug, PartialEq)]
pub enum NativeError {
    /// The weights could not be had.
    Weights(WeightsError),
    /// The bear-off database could not be read.
    Bearoff {
        /// The file.
        path: PathBuf,
        /// Why.
        why: String,
    },
    /// A position (or a request) the native evaluator does not cover yet.
    NotCovered(String),
}

impl fmt::Display for NativeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NativeError::Weights(e) => e.fmt(f),
            NativeError::Bearoff { path, why } => {
                write!(
                    f,
                    "cannot use gnubg's bear-off database {}: {why}",
                    path.display()
                )
            }
            NativeError::NotCovered(what) => {
                write!(f, "the native evaluator does not cover {what} yet")
            }
        }
    }
}

impl std::error::Error for NativeError {}

impl From<WeightsError> for NativeError {
    fn from(e: WeightsError) -> NativeError {
        NativeError::Weights(e)
    }
}

/// The one-sided database gnubg 1.07 reads (`gnubg_os0.bd`: six points, with gammons).
pub const BEAROFF_FILE: &str = "gnubg_os0.bd";
const BEAROFF_POINTS: usize = 6;
/// The two-sided database gnubg 1.07 reads (`gnubg_ts0.bd`: six points, six checkers, with
/// cubeful equities), which Debian's package builds in `/var/lib/gnubg` when installed.
pub const TWO_SIDED_FILE: &str = "gnubg_ts0.bd";
const TWO_SIDED_CHECKERS: usize = 6;
/// Where a two-sided database is looked for before the weights' folders.
const TWO_SIDED_FOLDERS: [&str; 1] = ["/var/lib/gnubg"];

/// gnubg's evaluation in process: its nets and its bear-off databases. A clone shares them
/// (an engine a thread costs no copy of the weights and the bear-off databases).
#[derive(Clone, Debug)]
pub struct NativeEvaluator {
    weights: Arc<GnubgWeights>,
    bearoff: Arc<Database<u16>>,
    bearoff_source: String,
    two_sided: Arc<TwoSidedDb>,
    two_sided_source: String,
}

impl NativeEvaluator {
    /// The evaluator with the weights `weights` (a path: that file; else found as
    /// [`GnubgWeights::load`] finds them, or built in) and gnubg's one-sided bear-off database
    /// (`gnubg_os0.bd` on the usual paths, else built: byte for byte the same).
    pub fn new(weights: Option<&Path>) -> Result<NativeEvaluator, NativeError> {
        let weights = GnubgWeights::load(weights)?;
        Self::with_weights(weights)
    }

    /// The evaluator with these weights and gnubg's bear-off databases as found on the usual
    /// paths (else built).
    pub fn with_weights(weights: GnubgWeights) -> Result<NativeEvaluator, NativeError> {
        Self::assemble(weights, true)
    }

    /// The evaluator that reads nothing from the disk: the weights built into the library
    /// and both bear-off databases built in memory (as on a machine without gnubg).
    pub fn self_contained() -> NativeEvaluator {
        Self::assemble(GnubgWeights::built_in(), false).expect("nothing is read")
    }

    fn assemble(weights: GnubgWeights, look: bool) -> Result<NativeEvaluator, NativeError> {
        let (bearoff, bearoff_source) = load_bearoff(look)?;
        let (two_sided, two_sided_source) = load_two_sided(look)?;
        Ok(NativeEvaluator {
            weights: Arc::new(weights),
            bearoff,
            bearoff_source,
            two_sided,
            two_sided_source,
        })
    }

    /// Where the weights came from.
    pub fn weights_source(&self) -> &str {
        &self.weights.source
    }

    /// Where the bear-off database came from (a path, or "built").
    pub fn bearoff_source(&self) -> &str {
        &self.bearoff_source
    }

    /// Where the two-sided bear-off database came from (a path, or "built").
    pub fn two_sided_source(&self) -> &str {
        &self.two_sided_source
    }

    /// The weights in use.
    pub fn weights(&self) -> &GnubgWeights {
        &self.weights
    }

    /// The class gnubg evaluates `pos` by.
    pub fn classify(&self, pos: &Position) -> PositionClass {
        classify(&pos.sides())
    }

    /// gnubg's 0-ply cubeless probabilities of `pos` for the side on roll, before it rolls.
    pub fn evaluate(&self, pos: &Position) -> Result<NetOutput, NativeError> {
        let board = pos.sides();
        let class = classify(&board);
        self.evaluate_class(&board, class)
    }

    /// What gnubg's cubeful evaluation takes from `pos` (the side on roll's view): its 0-ply
    /// probabilities, class, the cube's efficiency there and, in a two-sided bear-off, the
    /// database's exact money equities (gnubg then takes the chance to win from those).
    pub fn leaf(&self, pos: &Position) -> Result<Leaf, NativeError> {
        self.leaf_of(&pos.sides())
    }

    /// [`NativeEvaluator::leaf`] of a board (`[opponent, player]`, the player on roll).
    pub(super) fn leaf_of(&self, b: &Board) -> Result<Leaf, NativeError> {
        let board = *b;
        let class = classify(&board);
        let pips: u32 = (0..25).map(|i| (i as u32 + 1) * board[1][i] as u32).sum();
        let efficiency = efficiency(class, pips);
        if class == PositionClass::BearoffTwoSided {
            let words = self
                .two_sided
                .cubeful_words(bearoff_index(&board[1]), bearoff_index(&board[0]))
                .ok_or_else(|| {
                    NativeError::NotCovered(format!(
                        "cubeful two-sided bear-offs with a cubeless database ({})",
                        self.two_sided_source
                    ))
                })?;
            let exact = words.map(|w| w as f32 * (1.0 / 32767.5) - 1.0);
            return Ok(Leaf {
                probs: [(exact[0] + 1.0) / 2.0, 0.0, 0.0, 0.0, 0.0],
                class,
                efficiency,
                exact: Some(exact),
            });
        }
        Ok(Leaf {
            probs: self.evaluate_class(&board, class)?,
            class,
            efficiency,
            exact: None,
        })
    }

    /// gnubg's 0-ply cubeless probabilities of a board (`[opponent, player]`, the player on
    /// roll) of class `class`.
    pub(super) fn evaluate_class(
        &self,
        b: &Board,
        class: PositionClass,
    ) -> Result<NetOutput, NativeError> {
        let mut out = match class {
            PositionClass::Over => return Ok(over(b)),
            PositionClass::BearoffTwoSided => return Ok(self.bearoff_two_sided(b)),
            PositionClass::BearoffOneSided => return Ok(self.bearoff_one_sided(b)),
            // The inputs that are not zero, as the nets read them.
            PositionClass::Race => {
                let mut x = [(0, 0.0); LISTED_INPUTS];
                let n = inputs::race_listed(b, &mut x);
                let mut out = net::evaluate_listed(&self.weights.race, &x[..n]);
                self.race_backgammons(b, &mut out)?;
                out
            }
            PositionClass::Crashed => {
                let mut x = [(0, 0.0); LISTED_INPUTS];
                let n = inputs::contact_listed(b, 5, &mut x);
                net::evaluate_listed(&self.weights.crashed, &x[..n])
            }
            PositionClass::Contact => {
                let mut x = [(0, 0.0); LISTED_INPUTS];
                let n = inputs::contact_listed(b, 3, &mut x);
                net::evaluate_listed(&self.weights.contact, &x[..n])
            }
        };
        self.sanity_check(b, &mut out);
        Ok(out)
    }

    /// The pruning net's probabilities of a board of class race, crashed or contact, as
    /// gnubg's move choice inside a deeper evaluation computes them (its `FindBestMoveInEval`):
    /// the 200 checker inputs, the class's pruning net, a race's own backgammon figures and
    /// the sanity rules.
    pub(super) fn evaluate_pruning(
        &self,
        b: &Board,
        class: PositionClass,
    ) -> Result<NetOutput, NativeError> {
        let mut listed = [(0, 0.0); PRUNING_INPUTS];
        let n = inputs::base_listed(b, &mut listed);
        let net = match class {
            PositionClass::Race => &self.weights.prune_race,
            PositionClass::Crashed => &self.weights.prune_crashed,
            PositionClass::Contact => &self.weights.prune_contact,
            other => {
                return Err(NativeError::NotCovered(format!(
                    "a pruning net for the class {}",
                    other.name()
                )));
            }
        };
        let mut out = net::evaluate_listed(net, &listed[..n]);
        if class == PositionClass::Race {
            self.race_backgammons(b, &mut out)?;
        }
        self.sanity_check(b, &mut out);
        Ok(out)
    }

    /// The database's distribution of rolls to bear off (`u16`, × 65535) of one side.
    fn dist(&self, side: &[u8; 25]) -> [u16; 32] {
        self.bearoff.dist(bearoff_index(side))
    }

    /// gnubg's two-sided evaluation: the cubeless equity stored as a 16-bit word, no gammons.
    fn bearoff_two_sided(&self, b: &Board) -> NetOutput {
        let word = self
            .two_sided
            .word(bearoff_index(&b[1]), bearoff_index(&b[0]))
            .expect("a gnubg two-sided database holds words");
        let equity = word as f32 * (1.0 / 32767.5) - 1.0;
        [equity / 2.0 + 0.5, 0.0, 0.0, 0.0, 0.0]
    }

    /// gnubg's one-sided evaluation: the chance to be off first from both distributions, and
    /// the gammons from the gammon distributions (rolls to bear the first checker off).
    fn bearoff_one_sided(&self, b: &Board) -> NetOutput {
        let idx = [bearoff_index(&b[0]), bearoff_index(&b[1])];
        // gnubg's build turns its division into a product by the reciprocal (-ffast-math).
        let to_f = |d: [u16; 32]| d.map(|u| u as f32 * (1.0 / 65535.0));
        let p = [
            to_f(self.bearoff.dist(idx[0])),
            to_f(self.bearoff.dist(idx[1])),
        ];
        let mut out = [0f32; 5];
        let mut r = 0f32;
        for i in 0..32 {
            for j in i..32 {
                r += p[1][i] * p[0][j];
            }
        }
        out[0] = r;
        let on = [checkers(&b[0]), checkers(&b[1])];
        if on[0] == 15 || on[1] == 15 {
            let g = [
                to_f(self.bearoff.gammon(idx[0])),
                to_f(self.bearoff.gammon(idx[1])),
            ];
            let mut r = 0f32;
            for i in 0..32 {
                for j in i..32 {
                    r += p[1][i] * g[0][j];
                }
            }
            out[1] = r;
            let mut r = 0f32;
            for i in 0..32 {
                for j in i + 1..32 {
                    r += p[0][i] * g[1][j];
                }
            }
            out[3] = r;
        }
        out
    }

    /// gnubg's special backgammon figures of a race (its `EvalRaceBG`): where a side with all
    /// fifteen checkers still has some in the other's home board.
    fn race_backgammons(&self, b: &Board, out: &mut NetOutput) -> Result<(), NativeError> {
        let total = |s: &[u8; 25]| s[..24].iter().map(|&n| n as u32).sum::<u32>();
        let in_home_of_other = |s: &[u8; 25]| s[18..24].iter().any(|&n| n > 0);
        // Side 1 (on roll) can win a backgammon when side 0 has all 15 and some in its home.
        let mine = total(&b[0]) == 15 && in_home_of_other(&b[0]);
        let theirs = total(&b[1]) == 15 && in_home_of_other(&b[1]);
        if !mine && !theirs {
            return Ok(());
        }
        let side = if mine { 1 } else { 0 };
        let p = self.race_backgammon_chance(b, side)?;
        if p > 0.0 {
            if side == 1 {
                out[2] = p;
                if out[1] < out[2] {
                    out[1] = out[2];
                }
            } else {
                out[4] = p;
                if out[3] < out[4] {
                    out[3] = out[4];
                }
            }
        } else if side == 1 {
            out[2] = 0.0;
        } else {
            out[4] = 0.0;
        }
        Ok(())
    }

    /// The chance that `side` wins a backgammon in this race (gnubg's `raceBGprob`): zero
    /// when a quick count rules it out; else from how many turns the loser needs to bring its
    /// last checkers out of the winner's home board ([`race_bg::escapes`]) and the winner's
    /// bear-off distribution; with more than six such checkers, from the bear-off databases
    /// applied to those checkers as if they had to be borne off.
    fn race_backgammon_chance(&self, b: &Board, side: usize) -> Result<f32, NativeError> {
        let winner = &b[side];
        let loser = &b[1 - side];
        let home: i32 = winner[..6].iter().map(|&n| n as i32).sum();
        let pips: i32 = (18..=22).map(|i| loser[i] as i32 * (i as i32 - 17)).sum();
        let on_roll = if side == 1 { 1 } else { 0 };
        if (home + 3) / 4 - on_roll > (pips + 2) / 3 {
            return Ok(0.0);
        }
        let mut away = [0u8; 5];
        away.copy_from_slice(&loser[18..23]);
        let p = if let Some(turns) = race_bg::escapes(&away) {
            let dist = self.dist(winner);
            let mut p = 0f32;
            let mut scale: u64 = if side == 0 { 36 } else { 1 };
            for (j, &count) in turns.iter().enumerate().skip(1 - side) {
                scale *= 36;
                let sum: u64 = dist[1..=j + side].iter().map(|&u| u as u64).sum();
                p += count as f32 / scale as f32 * sum as f32;
            }
            p * (1.0 / 65535.0)
        } else {
            // The loser's checkers in the winner's home board moved to its own, to be
            // "borne off" against the winner.
            let mut dummy: Board = [[0; 25]; 2];
            dummy[side] = *winner;
            dummy[1 - side][..6].copy_from_slice(&loser[18..24]);
            let win = if bearoff_index(&dummy[0]) > 923 || bearoff_index(&dummy[1]) > 923 {
                self.bearoff_one_sided(&dummy)[0]
            } else {
                self.bearoff_two_sided(&dummy)[0]
            };
            if side == 1 { win } else { 1.0 - win }
        };
        Ok(p.min(1.0))
    }

    /// gnubg's sanity rules for the nets' figures (its `SanityCheck`).
    fn sanity_check(&self, b: &Board, out: &mut NetOutput) {
        let mut ac = [0i32; 2];
        let mut back = [0i32; 2];
        let mut cross = [0i32; 2];
        let mut gammon_cross = [1i32; 2];
        for j in 0..2 {
            let s = &b[j];
            for q in 0..4 {
                let mut n = 0i32;
                for i in 6 * q..6 * q + 6 {
                    if s[i] > 0 {
                        back[j] = i as i32;
                        n += s[i] as i32;
                    }
                }
                ac[j] += n;
                cross[j] += (q as i32 + 1) * n;
                gammon_cross[j] += q as i32 * n;
            }
            if s[24] > 0 {
                back[j] = 24;
                ac[j] += s[24] as i32;
                cross[j] += 5 * s[24] as i32;
                gammon_cross[j] += 4 * s[24] as i32;
            }
        }
        let contact = back[0] + back[1] >= 24;
        let mut max_turns = [0i32; 2];
        if !contact {
            for i in 0..2 {
                max_turns[i] = if back[i] < 6 {
                    let d = self.dist(&b[i]);
                    d.iter().rposition(|&u| u != 0).map_or(-1, |k| k as i32)
                } else {
                    cross[i] * 2
                };
            }
            if max_turns[1] == 0 {
                max_turns[1] = 1;
            }
        }
        if !contact && cross[0] > 4 * (max_turns[1] - 1) {
            out[0] = 1.0;
        }
        if ac[0] < 15 {
            out[1] = 0.0;
            out[2] = 0.0;
        } else if !contact {
            if cross[1] > 8 * gammon_cross[0] {
                out[1] = 0.0;
            } else if gammon_cross[0] > 4 * (max_turns[1] - 1) {
                out[1] = 1.0;
            }
            if back[0] < 18 {
                out[2] = 0.0;
            }
        }
        if !contact && cross[1] > 4 * max_turns[0] {
            out[0] = 0.0;
        }
        if ac[1] < 15 {
            out[3] = 0.0;
            out[4] = 0.0;
        } else if !contact {
            if cross[0] > 8 * gammon_cross[1] - 4 {
                out[3] = 0.0;
            } else if gammon_cross[1] > 4 * max_turns[0] {
                out[3] = 1.0;
            }
            if back[1] < 18 {
                out[4] = 0.0;
            }
        }
        if out[1] > out[0] {
            out[1] = out[0];
        }
        let lose = 1.0 - out[0];
        if out[3] > lose {
            out[3] = lose;
        }
        if out[2] > out[1] {
            out[2] = out[1];
        }
        if out[4] > out[3] {
            out[4] = out[3];
        }
        if contact {
            for o in &mut out[1..] {
                if *o < 1.0 / 10000.0 {
                    *o = 0.0;
                }
            }
        }
    }
}

/// gnubg's cube efficiency of a position class (`EvalEfficiency`): 0 when the game is over,
/// 0.6 in the bear-off databases, 0.68 in contact and crashed positions, and in a race
/// 0.55 + 0.00125 × the pips of the side on roll, kept within 0.6..0.7. `pips_on_roll` is
/// read for a race only.
pub fn efficiency(class: PositionClass, pips_on_roll: u32) -> f32 {
    match class {
        PositionClass::Over => 0.0,
        PositionClass::BearoffOneSided | PositionClass::BearoffTwoSided => 0.6,
        PositionClass::Race => {
            let x = pips_on_roll as f32 * 0.00125 + 0.55;
            x.clamp(0.6, 0.7)
        }
        PositionClass::Crashed | PositionClass::Contact => 0.68,
    }
}

/// What gnubg's cubeful evaluation takes from a position at a leaf of its search (and at
/// 0 ply, the position itself): its cubeless probabilities for the side on roll, its class,
/// the cube's efficiency there, and — for a two-sided bear-off — the database's exact money
/// equities (cubeless, the side on roll owns the cube, centred, the other side owns it).
/// Made by [`NativeEvaluator::leaf`]; read by the cubeful arithmetic (`cubeful.rs`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leaf {
    /// Win, win gammon, win backgammon, lose gammon, lose backgammon, for the side on roll.
    pub probs: NetOutput,
    /// The position's class.
    pub class: PositionClass,
    /// The cube's efficiency ([`efficiency`]).
    pub efficiency: f32,
    /// The two-sided database's money equities, for a two-sided bear-off.
    pub exact: Option<[f32; 4]>,
}

/// The cubeless money equity of the probabilities, as gnubg computes it (`f32`).
pub fn cubeless_equity(p: &NetOutput) -> f32 {
    p[0] * 2.0 - 1.0 + (p[1] - p[3]) + (p[2] - p[4])
}

fn checkers(s: &[u8; 25]) -> u32 {
    s.iter().map(|&n| n as u32).sum()
}

fn bearoff_index(side: &[u8; 25]) -> u32 {
    let mut counts: Counts = [0; bearoff::MAX_POINTS + 1];
    counts[1..=BEAROFF_POINTS].copy_from_slice(&side[..BEAROFF_POINTS]);
    bearoff::index(&counts, BEAROFF_POINTS)
}

/// gnubg's class of a board (its `ClassifyPosition` for the standard game, with Debian's
/// databases: the two-sided 6×6 and the one-sided six-point one).
pub fn classify(b: &Board) -> PositionClass {
    let back = |s: &[u8; 25]| (0..25).rev().find(|&i| s[i] > 0).map(|i| i as i32);
    let (Some(opp_back), Some(my_back)) = (back(&b[0]), back(&b[1])) else {
        return PositionClass::Over;
    };
    if my_back + opp_back > 22 {
        const N: u32 = 6;
        for s in b {
            let tot = checkers(s);
            let (b0, b1) = (s[0] as u32, s[1] as u32);
            if tot <= N {
                return PositionClass::Crashed;
            }
            if b0 > 1 {
                if tot <= N + b0 || (1 + tot - (b0 + b1) <= N && b1 > 1) {
                    return PositionClass::Crashed;
                }
            } else if (tot as i32) <= N as i32 + (b1 as i32 - 1) {
                return PositionClass::Crashed;
            }
        }
        return PositionClass::Contact;
    }
    if (my_back as usize) < BEAROFF_POINTS && (opp_back as usize) < BEAROFF_POINTS {
        if checkers(&b[0]) <= TWO_SIDED_CHECKERS as u32
            && checkers(&b[1]) <= TWO_SIDED_CHECKERS as u32
        {
            return PositionClass::BearoffTwoSided;
        }
        return PositionClass::BearoffOneSided;
    }
    PositionClass::Race
}

/// gnubg's figures at the game's end (its `EvalOver`).
fn over(b: &Board) -> NetOutput {
    let mut out = [0f32; 5];
    let all_on = |s: &[u8; 25]| checkers(s) == 15;
    let in_home_of_other = |s: &[u8; 25]| s[18..25].iter().any(|&n| n > 0);
    if checkers(&b[0]) == 0 {
        // The opponent is off: the side on roll lost.
        if all_on(&b[1]) {
            out[3] = 1.0;
            out[4] = if in_home_of_other(&b[1]) { 1.0 } else { 0.0 };
        }
        return out;
    }
    if checkers(&b[1]) == 0 {
        out[0] = 1.0;
        if all_on(&b[0]) {
            out[1] = 1.0;
            out[2] = if in_home_of_other(&b[0]) { 1.0 } else { 0.0 };
        }
    }
    out
}

/// The folders searched for `gnubg_os0.bd`: the weights' folders and `$BGW_GNUBG_WEIGHTS`'s.
fn bearoff_candidates() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = USUAL_FOLDERS
        .iter()
        .map(|f| Path::new(f).join(BEAROFF_FILE))
        .collect();
    if let Some(w) = std::env::var_os(super::weights::WEIGHTS_ENV).filter(|p| !p.is_empty())
        && let Some(dir) = Path::new(&w).parent()
    {
        out.insert(0, dir.join(BEAROFF_FILE));
    }
    out
}

/// gnubg's one-sided database as found (else built once a process, and shared).
fn load_bearoff(look: bool) -> Result<(Arc<Database<u16>>, String), NativeError> {
    static BUILT: std::sync::OnceLock<Arc<Database<u16>>> = std::sync::OnceLock::new();
    let candidates = if look {
        bearoff_candidates()
    } else {
        Vec::new()
    };
    for path in candidates {
        if !path.is_file() {
            continue;
        }
        let bad = |why: String| NativeError::Bearoff {
            path: path.clone(),
            why,
        };
        return match bearoff::read(&path) {
            Ok(BdContents::Distributions(db))
                if db.points() == BEAROFF_POINTS && db.has_gammon() =>
            {
                Ok((Arc::new(db), path.display().to_string()))
            }
            Ok(_) => Err(bad(
                "it is not a six-point database with gammon distributions".into(),
            )),
            Err(e) => Err(bad(e.to_string())),
        };
    }
    let db = BUILT.get_or_init(|| {
        Arc::new(bearoff::build::<u16>(BEAROFF_POINTS, &Task::new()).expect("six points build"))
    });
    Ok((
        Arc::clone(db),
        "built (the same as gnubg's gnubg_os0.bd)".into(),
    ))
}

/// gnubg's two-sided database as found (else built once a process, and shared).
fn load_two_sided(look: bool) -> Result<(Arc<TwoSidedDb>, String), NativeError> {
    static BUILT: std::sync::OnceLock<Arc<TwoSidedDb>> = std::sync::OnceLock::new();
    let mut candidates: Vec<PathBuf> = TWO_SIDED_FOLDERS
        .iter()
        .chain(USUAL_FOLDERS.iter())
        .map(|f| Path::new(f).join(TWO_SIDED_FILE))
        .collect();
    if let Some(w) = std::env::var_os(super::weights::WEIGHTS_ENV).filter(|p| !p.is_empty())
        && let Some(dir) = Path::new(&w).parent()
    {
        candidates.insert(0, dir.join(TWO_SIDED_FILE));
    }
    if !look {
        candidates.clear();
    }
    for path in candidates {
        if !path.is_file() {
            continue;
        }
        let bad = |why: String| NativeError::Bearoff {
            path: path.clone(),
            why,
        };
        return match TwoSidedDb::read(&path) {
            Ok(db)
                if db.points() == BEAROFF_POINTS
                    && db.checkers() == TWO_SIDED_CHECKERS
                    && db.kind() != Kind::Exact =>
            {
                Ok((Arc::new(db), path.display().to_string()))
            }
            Ok(_) => Err(bad("it is not gnubg's 6×6 two-sided database".into())),
            Err(e) => Err(bad(e.to_string())),
        };
    }
    let db = BUILT.get_or_init(|| {
        let built = two_sided::build(
            BEAROFF_POINTS,
            TWO_SIDED_CHECKERS,
            Kind::Cubeful,
            &Task::new(),
            None,
        );
        Arc::new(built.expect("the 6x6 two-sided database builds"))
    });
    Ok((
        Arc::clone(db),
        "built (the same as gnubg's gnubg_ts0.bd)".into(),
    ))
}
