//! gnubg's cubeful equity from cubeless probabilities: its "cube info" (the cube, its owner,
//! the score, the rules; `SetCubeInfo`), the cube's efficiency by position class
//! (`EvalEfficiency`), Janowski's money formulas (`Cl2CfMoney`) and their match
//! generalisation (`Cl2CfMatch`, with the live-cube cash points of `GetPoints`), the exact
//! money equities of the two-sided bear-off database, and the cube action of the side on
//! roll (`GetECF3`, `FindBestCubeDecision`). Learnt from gnubg 1.07's `eval.c` and
//! `matchequity.c` and written anew; `f32` as gnubg computes it.
//!
//! The unit is gnubg's: in money play equities per unit of the cube (the cube's value does
//! not scale them); in a match, match-winning chances (MWC) of the side on roll, turned into
//! normalised equities (EMG) with [`CubeInfo::mwc_to_equity`].

// The loops keep gnubg's indices (away scores, players, cube levels), which say what they
// compute.
#![allow(clippy::needless_range_loop)]

use super::evaluator::{Leaf, NetOutput};
#[cfg(test)]
use super::evaluator::{PositionClass, efficiency};
use super::met::{self, MatchEquityTable};
use crate::core::position::Side;
use crate::reference::MatchContext;

/// gnubg's cube info (`cubeinfo`): who is on roll, the cube and its owner, the score and
/// the rules, and the gammon prices that follow. Players are 0 and 1 as in gnubg (bgw maps
/// White to 0, Black to 1); "the side on roll" is `on_roll`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CubeInfo {
    /// The cube's value (1, 2, 4, …).
    pub cube: i32,
    /// Who owns the cube: `None` centred, else the player.
    pub owner: Option<usize>,
    /// The player on roll (0 or 1).
    pub on_roll: usize,
    /// The match length; 0 in money play.
    pub match_to: i32,
    /// Each player's score.
    pub score: [i32; 2],
    /// This is the Crawford game.
    pub crawford: bool,
    /// Money play under the Jacoby rule.
    pub jacoby: bool,
    /// Money play with beavers.
    pub beavers: bool,
    /// gnubg's gammon prices: in money play all 1 (0 under the Jacoby rule with the cube
    /// centred); in a match player 0's and player 1's gammon, then their backgammons.
    pub gammon_price: [f32; 4],
}

impl CubeInfo {
    /// Money play (`SetCubeInfoMoney`).
    pub fn money(
        cube: i32,
        owner: Option<usize>,
        on_roll: usize,
        jacoby: bool,
        beavers: bool,
    ) -> CubeInfo {
        let price = if jacoby && owner.is_none() { 0.0 } else { 1.0 };
        CubeInfo {
            cube,
            owner,
            on_roll,
            match_to: 0,
            score: [0, 0],
            crawford: false,
            jacoby,
            beavers,
            gammon_price: [price; 4],
        }
    }

    /// A match (`SetCubeInfoMatch`): `None` when the score is not one of a `match_to`-point
    /// match still being played, or the cube is beyond gnubg's tables (64).
    pub fn matchplay(
        cube: i32,
        owner: Option<usize>,
        on_roll: usize,
        match_to: i32,
        score: [i32; 2],
        crawford: bool,
    ) -> Option<CubeInfo> {
        if !(1..=met::MAX_SCORE as i32).contains(&match_to)
            || score.iter().any(|&s| s < 0 || s >= match_to)
            || !(1..=64).contains(&cube)
        {
            return None;
        }
        Some(CubeInfo {
            cube,
            owner,
            on_roll,
            match_to,
            score,
            crawford,
            jacoby: false,
            beavers: false,
            gammon_price: met::gnubg_default().gammon_prices(score, match_to, cube),
        })
    }

    /// The cube info gnubg builds for a match state (White is player 0): `None` for a match
    /// longer than gnubg's tables (64 points) or a cube beyond 64.
    pub fn of(at: &MatchContext) -> Option<CubeInfo> {
        let m = at.match_id();
        let player = |s: Side| match s {
            Side::White => 0,
            Side::Black => 1,
        };
        let owner = m.cube_owner.map(player);
        let on_roll = player(m.on_roll);
        let cube = i32::try_from(m.cube_value()).ok()?;
        if at.is_match() {
            CubeInfo::matchplay(
                cube,
                owner,
                on_roll,
                i32::from(m.match_length),
                [i32::from(m.score_white), i32::from(m.score_black)],
                m.crawford,
            )
        } else {
            Some(CubeInfo::money(cube, owner, on_roll, at.jacoby, at.beavers))
        }
    }

    /// True in a match.
    pub fn is_match(&self) -> bool {
        self.match_to > 0
    }

    /// The same cube with the other player on roll (gnubg's `fMove` flipped; the gammon
    /// prices are per player, so they stay).
    pub fn for_opponent(&self) -> CubeInfo {
        CubeInfo {
            on_roll: 1 - self.on_roll,
            ..*self
        }
    }

    /// The cube after the side on roll doubles and the other side takes: twice the value,
    /// owned by the other side (gnubg rebuilds its gammon prices for it).
    pub fn doubled(&self) -> CubeInfo {
        let owner = Some(1 - self.on_roll);
        if self.is_match() {
            CubeInfo::matchplay(
                2 * self.cube,
                owner,
                self.on_roll,
                self.match_to,
                self.score,
                self.crawford,
            )
            .unwrap_or(CubeInfo {
                cube: 2 * self.cube,
                owner,
                ..*self
            })
        } else {
            CubeInfo::money(
                2 * self.cube,
                owner,
                self.on_roll,
                self.jacoby,
                self.beavers,
            )
        }
    }

    /// gnubg's `GetDPEq`: whether the side on roll may double now (money: the cube centred
    /// or its own; a match: also not the Crawford game, the cube not dead for it, and not the
    /// leader after the Crawford game).
    pub fn may_double(&self) -> bool {
        let access = self.owner.is_none_or(|o| o == self.on_roll);
        if !self.is_match() {
            return access;
        }
        let me = self.score[self.on_roll];
        let post_crawford = !self.crawford
            && (self.score[0] == self.match_to - 1 || self.score[1] == self.match_to - 1);
        !self.crawford
            && me + self.cube < self.match_to
            && !(post_crawford && me == self.match_to - 1)
            && access
    }

    /// What double/pass is worth to the side on roll: +1 in money play (per cube), its MWC
    /// when it wins the cube's points in a match (`GetDPEq`).
    pub fn double_pass(&self) -> f32 {
        if self.is_match() {
            self.me_if(self.cube, self.on_roll)
        } else {
            1.0
        }
    }

    /// The side on roll's MWC when `winner` wins `points`.
    fn me_if(&self, points: i32, winner: usize) -> f32 {
        met::gnubg_default().me(
            self.score,
            self.match_to,
            self.on_roll,
            points,
            winner,
            self.crawford,
        )
    }

    /// gnubg's `eq2mwc`: the side on roll's MWC of the normalised equity `eq` (−1: it loses
    /// the cube's points, +1: it wins them, linear between and beyond).
    pub fn equity_to_mwc(&self, eq: f32) -> f32 {
        let win = self.me_if(self.cube, self.on_roll);
        let lose = self.me_if(self.cube, 1 - self.on_roll);
        0.5 * (eq * (win - lose) + (win + lose))
    }

    /// gnubg's `mwc2eq`: the normalised equity (EMG) of the side on roll's MWC `mwc`.
    pub fn mwc_to_equity(&self, mwc: f32) -> f32 {
        let win = self.me_if(self.cube, self.on_roll);
        let lose = self.me_if(self.cube, 1 - self.on_roll);
        (2.0 * mwc - (win + lose)) / (win - lose)
    }

    /// gnubg's `fDoCubeful`: false where gnubg counts a match position cubeless (the cube
    /// dead for both, both 2 away, the Crawford game).
    fn cubeful_in_match(&self) -> bool {
        let dead = self.score[0] + self.cube >= self.match_to
            && self.score[1] + self.cube >= self.match_to;
        let both_two_away =
            self.score[0] == self.match_to - 2 && self.score[1] == self.match_to - 2;
        !dead && !both_two_away && !self.crawford
    }
}

/// gnubg's `Utility`: the cubeless equity of `p` (the side on roll's) with the gammon prices
/// of `ci` (money under the Jacoby rule with the cube centred: gammons count single).
pub fn utility(p: &NetOutput, ci: &CubeInfo) -> f32 {
    let g = &ci.gammon_price;
    if !ci.is_match() {
        p[0] * 2.0 - 1.0 + (p[1] - p[3]) * g[0] + (p[2] - p[4]) * g[1]
    } else {
        let (me, other) = (ci.on_roll, 1 - ci.on_roll);
        p[0] * 2.0 - 1.0 + p[1] * g[me] - p[3] * g[other] + p[2] * g[2 + me] - p[4] * g[2 + other]
    }
}

/// gnubg's `UtilityME`: in money play the plain money equity (gammons 2, backgammons 3,
/// whatever the Jacoby rule), in a match [`utility`].
pub fn utility_me(p: &NetOutput, ci: &CubeInfo) -> f32 {
    if ci.is_match() {
        utility(p, ci)
    } else {
        p[0] * 2.0 - 1.0 + (p[1] - p[3]) + (p[2] - p[4])
    }
}

/// The exact money equity of the database for the cube position of `ci` (gnubg's `CFMONEY`:
/// centred, owned by the side on roll, owned by the other).
fn exact_money(e: &[f32; 4], ci: &CubeInfo) -> f32 {
    match ci.owner {
        None => e[2],
        Some(o) if o == ci.on_roll => e[1],
        Some(_) => e[3],
    }
}

/// The cubeful value of a leaf for one cube position, the side on roll taking no cube action
/// there (gnubg's `arCf` of one cube position in `EvaluatePositionCubeful4`): in money play
/// the equity per cube, from the database's exact equities in a two-sided bear-off, else
/// Janowski's interpolation between the dead and the live cube at the leaf's efficiency; in
/// a match the side on roll's MWC, the efficiency of a two-sided bear-off taken from the
/// exact money equities.
///
/// This is what an n-ply search evaluates at its leaves: for each cube position it tracks
/// (the cube as it is, and the cube doubled and taken), call this — or
/// [`cubeful_equity`] where the side on roll still has its cube action — on the leaf's
/// [`Leaf`], then average over the rolls one level up with the sides swapped (money:
/// negate; match: one minus).
pub fn cube_position_equity(leaf: &Leaf, ci: &CubeInfo) -> f32 {
    let p = &leaf.probs;
    let x = leaf.efficiency;
    if !ci.is_match() {
        return match &leaf.exact {
            Some(e) => exact_money(e, ci),
            None => cl2cf_money(p, ci, x),
        };
    }
    let x = match &leaf.exact {
        Some(e) => {
            let money = CubeInfo::money(1, ci.owner, ci.on_roll, false, false);
            let cubeless = e[0];
            let cubeful = cl2cf_money(p, &money, 1.0);
            let exact = exact_money(e, &money);
            let guess = if (cubeless - cubeful).abs() > 0.0001 {
                (exact - cubeless) / (cubeful - cubeless)
            } else {
                x
            };
            guess.max(0.0).min(x)
        }
        None => x,
    };
    cl2cf_match(p, ci, x)
}

/// The side on roll's cubeful value of a leaf with its cube action (gnubg's `GetECF3` at a
/// node below the top): where it may double, the best for it of no double and of double
/// (the other side then taking or passing as is better for it), else no double. Money: per
/// cube; match: MWC.
pub fn cubeful_equity(leaf: &Leaf, ci: &CubeInfo) -> f32 {
    let nd = cube_position_equity(leaf, ci);
    if !ci.may_double() {
        return nd;
    }
    let taken = cube_position_equity(leaf, &ci.doubled());
    let dt = if ci.is_match() { taken } else { 2.0 * taken };
    with_cube_action(nd, dt, ci.double_pass())
}

/// The side on roll's value of its cube action from its no double, double/take and
/// double/pass values (gnubg's `GetECF3`).
pub fn with_cube_action(nd: f32, dt: f32, dp: f32) -> f32 {
    if dt >= nd && dp >= nd {
        if dt >= dp { dp } else { dt }
    } else {
        nd
    }
}

/// Janowski's live-cube equity (gnubg's `MoneyLive`): linear between the take and cash
/// points with the cube centred, owned or out of reach; `w`, `l` the average values of a win
/// and a loss, `p` the chance to win.
fn money_live(w: f32, l: f32, p: f32, ci: &CubeInfo) -> f32 {
    match ci.owner {
        None => {
            let tp = (l - 0.5) / (w + l + 0.5);
            let cp = (l + 1.0) / (w + l + 0.5);
            if p < tp {
                if ci.jacoby {
                    -1.0
                } else {
                    -l + (-1.0 + l) * p / tp
                }
            } else if p < cp {
                -1.0 + 2.0 * (p - tp) / (cp - tp)
            } else if ci.jacoby {
                1.0
            } else {
                1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
            }
        }
        Some(o) if o == ci.on_roll => {
            let cp = (l + 1.0) / (w + l + 0.5);
            if p < cp {
                -l + (1.0 + l) * p / cp
            } else {
                1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
            }
        }
        Some(_) => {
            let tp = (l - 0.5) / (w + l + 0.5);
            if p < tp {
                -l + (-1.0 + l) * p / tp
            } else {
                -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
            }
        }
    }
}

/// gnubg's `Cl2CfMoney`: the money equity with the cube, `x` of the way from the dead cube
/// (the cubeless [`utility`]) to Janowski's fully live cube.
pub fn cl2cf_money(p: &NetOutput, ci: &CubeInfo, x: f32) -> f32 {
    if p[0] <= 0.000_000_1 || p[0] >= 0.999_999_9 {
        return utility(p, ci);
    }
    let w = 1.0 + (p[1] + p[2]) / p[0];
    let l = 1.0 + (p[3] + p[4]) / (1.0 - p[0]);
    let dead = utility(p, ci);
    let live = money_live(w, l, p[0], ci);
    dead * (1.0 - x) + live * x
}

/// Gammon and backgammon rates of both players from the side on roll's probabilities (the
/// first index the player): gammons without backgammons, and backgammons, per game won.
fn rates(p: &NetOutput, on_roll: usize) -> ([f32; 2], [f32; 2]) {
    let mut g = [0f32; 2];
    let mut bg = [0f32; 2];
    let me = on_roll;
    let other = 1 - on_roll;
    if p[0] > 0.0 {
        g[me] = (p[1] - p[2]) / p[0];
        bg[me] = p[2] / p[0];
    }
    if p[0] < 1.0 {
        g[other] = (p[3] - p[4]) / (1.0 - p[0]);
        bg[other] = p[4] / (1.0 - p[0]);
    }
    (g, bg)
}

// gnubg's indices into a player's row of `getMEMultiple`: it wins 1, 2, 3, 4, 6 cubes; it
// loses as many.
const NDW: usize = 0;
const DTW: usize = 1;
const NDWG: usize = 1;
const NDWB: usize = 2;
const DTWG: usize = 3;
const DTWB: usize = 4;
const NDL: usize = 5;
const DTL: usize = 6;
const NDLG: usize = 6;
const NDLB: usize = 7;
const DTLG: usize = 8;
const DTLB: usize = 9;

/// gnubg's live-cube cash points of both players at the score of `ci` (`GetPoints`), from
/// the gammon rates of `p` (the side on roll's probabilities): from the highest cube a
/// player can still give down to the current one, a cube that the next double would kill
/// by its dead-cube cash point, any other from the cash point of the cube above.
pub fn cash_points(p: &NetOutput, ci: &CubeInfo) -> [f32; 2] {
    let t = met::gnubg_default();
    let (g, bg) = rates(p, ci.on_roll);
    let i = ci.match_to - ci.score[0] - 1;
    let j = ci.match_to - ci.score[1] - 1;
    let mut dead_cube = ci.cube;
    let mut n_max = 0usize;
    while i >= 2 * dead_cube && j >= 2 * dead_cube {
        n_max += 1;
        dead_cube *= 2;
    }
    let prime = |a: i32, b: i32, v: i32| {
        if a < 2 * v && b >= 2 * v { 2 * v } else { v }
    };
    let mut live = [[0f32; 8]; 2];
    let mut value = dead_cube;
    let mut n = n_max as i32;
    while value >= ci.cube {
        let nu = n as usize;
        let base = t.me_multiple(ci.score, ci.match_to, value, ci.crawford);
        let primes = [prime(i, j, value), prime(j, i, value)];
        for k in 0..2 {
            let o = 1 - k;
            if i < 2 * value || j < 2 * value {
                // The doubled cube will be dead: the cash point with the cube k's
                // opponent would hold, counting its automatic redouble.
                let r = t.me_multiple(ci.score, ci.match_to, primes[k], ci.crawford);
                let dtl = (1.0 - g[o] - bg[o]) * r[k][DTL] + g[o] * r[k][DTLG] + bg[o] * r[k][DTLB];
                let dp = base[k][NDW];
                let dtw = (1.0 - g[k] - bg[k]) * r[k][DTW] + g[k] * r[k][DTWG] + bg[k] * r[k][DTWB];
                live[k][nu] = (dtl - dp) / (dtl - dtw);
            } else {
                let rdp = base[k][DTL];
                let dp = base[k][NDW];
                let dtw = (1.0 - g[k] - bg[k]) * base[k][DTW]
                    + g[k] * base[k][DTWG]
                    + bg[k] * base[k][DTWB];
                live[k][nu] = 1.0 - live[o][nu + 1] * (dp - dtw) / (rdp - dtw);
            }
        }
        value >>= 1;
        n -= 1;
    }
    [live[0][0], live[1][0]]
}

/// gnubg's `Cl2CfMatch`: the side on roll's MWC with the cube, `x` of the way from the
/// dead cube to the live cube interpolated between the cash points; cubeless where gnubg
/// counts the position cubeless.
pub fn cl2cf_match(p: &NetOutput, ci: &CubeInfo, x: f32) -> f32 {
    let dead = ci.equity_to_mwc(utility(p, ci));
    if !ci.cubeful_in_match() {
        return dead;
    }
    let t: &MatchEquityTable = met::gnubg_default();
    let me = ci.on_roll;
    let (g, bg) = rates(p, me);
    let (g0, bg0, g1, bg1) = (g[me], bg[me], g[1 - me], bg[1 - me]);
    let r = t.me_multiple(ci.score, ci.match_to, ci.cube, ci.crawford)[me];
    let cp = cash_points(p, ci);
    let win = p[0];
    let lose_mwc = || (1.0 - g1 - bg1) * r[NDL] + g1 * r[NDLG] + bg1 * r[NDLB];
    let win_mwc = || (1.0 - g0 - bg0) * r[NDW] + g0 * r[NDWG] + bg0 * r[NDWB];
    let cash = r[NDW];
    let opp_cash = r[NDL];
    let live = match ci.owner {
        None => {
            let opp_tg = 1.0 - cp[1 - me];
            let tg = cp[me];
            if win <= opp_tg {
                let l = lose_mwc();
                if opp_tg > 0.0 {
                    l + (opp_cash - l) * win / opp_tg
                } else {
                    l
                }
            } else if win < tg {
                opp_cash + (cash - opp_cash) * (win - opp_tg) / (tg - opp_tg)
            } else {
                let w = win_mwc();
                if tg < 1.0 {
                    cash + (w - cash) * (win - tg) / (1.0 - tg)
                } else {
                    w
                }
            }
        }
        Some(o) if o == me => {
            let tg = cp[me];
            if win <= tg {
                let l = lose_mwc();
                if tg > 0.0 {
                    l + (cash - l) * win / tg
                } else {
                    l
                }
            } else {
                let w = win_mwc();
                if tg < 1.0 {
                    cash + (w - cash) * (win - tg) / (1.0 - tg)
                } else {
                    w
                }
            }
        }
        Some(_) => {
            let opp_tg = 1.0 - cp[1 - me];
            if win <= opp_tg {
                let l = lose_mwc();
                if opp_tg > 0.0 {
                    l + (opp_cash - l) * win / opp_tg
                } else {
                    l
                }
            } else {
                let w = win_mwc();
                if win != opp_tg {
                    opp_cash + (w - opp_cash) * (win - opp_tg) / (1.0 - opp_tg)
                } else {
                    w
                }
            }
        }
    };
    dead * (1.0 - x) + live * x
}

/// gnubg's cube decisions (`cubedecision`), each with its words as gnubg's `hint` and
/// `cfevaluate` give them ([`CubeAction::words`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CubeAction {
    /// Double, take.
    DoubleTake,
    /// Double, pass.
    DoublePass,
    /// No double, take.
    NoDoubleTake,
    /// Too good to double, take.
    TooGoodTake,
    /// Too good to double, pass.
    TooGoodPass,
    /// Double, beaver.
    DoubleBeaver,
    /// No double, beaver.
    NoDoubleBeaver,
    /// Redouble, take.
    RedoubleTake,
    /// Redouble, pass.
    RedoublePass,
    /// No redouble, take.
    NoRedoubleTake,
    /// Too good to redouble, take.
    TooGoodRedoubleTake,
    /// Too good to redouble, pass.
    TooGoodRedoublePass,
    /// No redouble, beaver.
    NoRedoubleBeaver,
    /// Never double, take (dead cube).
    NoDoubleDeadCube,
    /// Never redouble, take (dead cube).
    NoRedoubleDeadCube,
    /// Optional double, beaver.
    OptionalDoubleBeaver,
    /// Optional double, take.
    OptionalDoubleTake,
    /// Optional redouble, take.
    OptionalRedoubleTake,
    /// Optional double, pass.
    OptionalDoublePass,
    /// Optional redouble, pass.
    OptionalRedoublePass,
    /// The side on roll has no access to the cube (the other side owns it).
    NotAvailable,
}

impl CubeAction {
    /// gnubg's words for the decision (`GetCubeRecommendation`).
    pub fn words(self) -> &'static str {
        match self {
            CubeAction::DoubleTake => "Double, take",
            CubeAction::DoublePass => "Double, pass",
            CubeAction::NoDoubleTake => "No double, take",
            CubeAction::TooGoodTake => "Too good to double, take",
            CubeAction::TooGoodPass => "Too good to double, pass",
            CubeAction::DoubleBeaver => "Double, beaver",
            CubeAction::NoDoubleBeaver => "No double, beaver",
            CubeAction::RedoubleTake => "Redouble, take",
            CubeAction::RedoublePass => "Redouble, pass",
            CubeAction::NoRedoubleTake => "No redouble, take",
            CubeAction::TooGoodRedoubleTake => "Too good to redouble, take",
            CubeAction::TooGoodRedoublePass => "Too good to redouble, pass",
            CubeAction::NoRedoubleBeaver => "No redouble, beaver",
            CubeAction::NoDoubleDeadCube => "Never double, take (dead cube)",
            CubeAction::NoRedoubleDeadCube => "Never redouble, take (dead cube)",
            CubeAction::OptionalDoubleBeaver => "Optional double, beaver",
            CubeAction::OptionalDoubleTake => "Optional double, take",
            CubeAction::OptionalRedoubleTake => "Optional redouble, take",
            CubeAction::OptionalDoublePass => "Optional double, pass",
            CubeAction::OptionalRedoublePass => "Optional redouble, pass",
            CubeAction::NotAvailable => "Unknown cube decision",
        }
    }
}

/// gnubg's proper cube action (`FindBestCubeDecision`) from the no double, double/take and
/// double/pass equities (normalised in a match) of the side on roll, `wins_gammons` when its
/// cubeless chance of a gammon is above 0.
pub fn best_action(nd: f32, dt: f32, dp: f32, wins_gammons: bool, ci: &CubeInfo) -> CubeAction {
    use CubeAction::*;
    let centred = ci.owner.is_none();
    let pick = |centred_action, owned_action| {
        if centred {
            centred_action
        } else {
            owned_action
        }
    };
    if !ci.may_double() {
        return if ci.is_match() && ci.owner.is_none_or(|o| o == ci.on_roll) {
            pick(NoDoubleDeadCube, NoRedoubleDeadCube)
        } else {
            NotAvailable
        };
    }
    let optional = |a: f32, b: f32| (a - b).abs() <= 1.0e-5;
    let money = !ci.is_match();
    if dt >= nd && dp >= nd {
        if dp > dt {
            let f = optional(dt, nd);
            if money && (-2.0..=0.0).contains(&dt) && ci.beavers {
                if dt * 2.0 < nd {
                    NoDoubleBeaver
                } else if f {
                    OptionalDoubleBeaver
                } else {
                    DoubleBeaver
                }
            } else if f {
                pick(OptionalDoubleTake, OptionalRedoubleTake)
            } else {
                pick(DoubleTake, RedoubleTake)
            }
        } else if optional(nd, dp) && wins_gammons && (!money || !centred || !ci.jacoby) {
            pick(OptionalDoublePass, OptionalRedoublePass)
        } else {
            pick(DoublePass, RedoublePass)
        }
    } else if nd > dt {
        if dt > dp {
            if wins_gammons {
                pick(TooGoodPass, TooGoodRedoublePass)
            } else {
                pick(DoublePass, RedoublePass)
            }
        } else if nd > dp {
            if wins_gammons {
                pick(TooGoodTake, TooGoodRedoubleTake)
            } else {
                pick(NoDoubleTake, NoRedoubleTake)
            }
        } else if (-2.0..=0.0).contains(&dt) && money && ci.beavers {
            pick(NoDoubleBeaver, NoRedoubleBeaver)
        } else {
            pick(NoDoubleTake, NoRedoubleTake)
        }
    } else if wins_gammons {
        pick(TooGoodPass, TooGoodRedoublePass)
    } else {
        pick(DoublePass, RedoublePass)
    }
}

/// gnubg's 0-ply cube decision of the side on roll at a leaf (`GeneralCubeDecisionE` and
/// `FindCubeDecision`): no double, double/take and double/pass — money per cube, a match
/// normalised (EMG) at the current cube — and the proper action.
pub fn cube_decision(leaf: &Leaf, ci: &CubeInfo) -> (f32, f32, f32, CubeAction) {
    let mut nd = cube_position_equity(leaf, ci);
    let mut dt = cube_position_equity(leaf, &ci.doubled());
    let mut dp = ci.double_pass();
    if ci.is_match() {
        nd = ci.mwc_to_equity(nd);
        dt = ci.mwc_to_equity(dt);
        dp = ci.mwc_to_equity(dp);
    } else {
        dt *= 2.0;
    }
    let action = best_action(nd, dt, dp, leaf.probs[1] > 0.0, ci);
    (nd, dt, dp, action)
}

/// gnubg's market window for the side on roll in a match, as its `show marketwindow` prints
/// it from the gammon rates of `p`: the dead cube's cash point and, where gnubg prints a
/// second window (the other side redoubles at once, or the cube stays live), that one's.
/// `None` where gnubg prints no number for the first window (its double point is not a
/// number: the cube cannot change the result, as at double match point or with a dead cube);
/// the second likewise.
pub fn market_window(p: &NetOutput, ci: &CubeInfo) -> Option<(f32, Option<f32>)> {
    let t = met::gnubg_default();
    let i = ci.on_roll;
    let o = 1 - i;
    let (g, bg) = rates(p, i);
    let norm = [ci.match_to - ci.score[0], ci.match_to - ci.score[1]];
    let cp2 = cash_points(p, ci);
    let auto_redouble = norm[i] - 2 * ci.cube <= 0 && norm[o] - 2 * ci.cube > 0;
    let dead = norm[o] - 2 * ci.cube <= 0;
    let me_at =
        |points: i32, winner: usize| t.me(ci.score, ci.match_to, i, points, winner, ci.crawford);
    // The MWC of the winner's result: `m` cubes for a single win, a gammon, a backgammon.
    let weighted = |winner: usize, m: [i32; 3]| {
        (1.0 - g[winner] - bg[winner]) * me_at(m[0] * ci.cube, winner)
            + g[winner] * me_at(m[1] * ci.cube, winner)
            + bg[winner] * me_at(m[2] * ci.cube, winner)
    };
    let ndw = weighted(i, [1, 2, 3]);
    let ndl = weighted(o, [1, 2, 3]);
    let dp = me_at(ci.cube, i);
    let window = |dtw: f32, dtl: f32| {
        let double_point = (ndl - dtl) / ((ndl - dtl) + (dtw - ndw));
        let cash_point = 1.0 - (dtw - dp) / ((dtw - dp) + (dp - dtl));
        (double_point, cash_point)
    };
    let (dp1, cp1) = window(weighted(i, [2, 4, 6]), weighted(o, [2, 4, 6]));
    if !dp1.is_finite() || !cp1.is_finite() {
        return None;
    }
    let second = if auto_redouble {
        let (dp2, cp) = window(weighted(i, [4, 8, 12]), weighted(o, [4, 8, 12]));
        (dp2.is_finite() && cp.is_finite()).then_some(cp)
    } else if !dead {
        cp2[i].is_finite().then_some(cp2[i])
    } else {
        None
    };
    Some((cp1, second))
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: NetOutput = [0.6, 0.2, 0.01, 0.1, 0.005];

    fn leaf(probs: NetOutput, class: PositionClass) -> Leaf {
        Leaf {
            probs,
            class,
            efficiency: efficiency(class, 100),
            exact: None,
        }
    }

    #[test]
    fn money_equity_runs_from_the_dead_cube_to_the_live_one() {
        let centred = CubeInfo::money(1, None, 0, false, false);
        assert_eq!(cl2cf_money(&P, &centred, 0.0), utility(&P, &centred));
        // Jacoby with the cube centred: gammons count single, cubeless and live.
        let jacoby = CubeInfo::money(1, None, 0, true, false);
        assert_eq!(utility(&P, &jacoby), 0.6 * 2.0 - 1.0);
        assert_eq!(utility_me(&P, &jacoby), utility_me(&P, &centred));
        // Owning the cube is worth more than its being centred, which is worth more than the
        // other side owning it.
        let owned = CubeInfo::money(2, Some(0), 0, false, false);
        let theirs = CubeInfo::money(2, Some(1), 0, false, false);
        let x = 0.68;
        assert!(cl2cf_money(&P, &owned, x) > cl2cf_money(&P, &centred, x));
        assert!(cl2cf_money(&P, &centred, x) > cl2cf_money(&P, &theirs, x));
        // A won game has no cube left.
        let won = [1.0, 0.0, 0.0, 0.0, 0.0];
        assert_eq!(cl2cf_money(&won, &owned, x), 1.0);
    }

    #[test]
    fn efficiency_is_gnubgs_by_class() {
        assert_eq!(efficiency(PositionClass::Contact, 0), 0.68);
        assert_eq!(efficiency(PositionClass::Over, 0), 0.0);
        assert_eq!(efficiency(PositionClass::Race, 10), 0.6);
        assert_eq!(efficiency(PositionClass::Race, 100), 0.675);
        assert_eq!(efficiency(PositionClass::Race, 150), 0.7);
    }

    #[test]
    fn who_may_double_is_gnubgs_rule() {
        let at = |score, cube, owner, crawford| {
            CubeInfo::matchplay(cube, owner, 0, 7, score, crawford).unwrap()
        };
        assert!(at([0, 0], 1, None, false).may_double());
        assert!(!at([0, 0], 2, Some(1), false).may_double());
        assert!(!at([6, 3], 1, None, true).may_double(), "Crawford");
        assert!(
            !at([6, 3], 1, None, false).may_double(),
            "the leader after Crawford"
        );
        assert!(
            at([3, 6], 1, None, false).may_double(),
            "the trailer after Crawford"
        );
        assert!(!at([5, 2], 2, Some(0), false).may_double(), "a dead cube");
        assert!(CubeInfo::matchplay(1, None, 0, 7, [7, 0], false).is_none());
        assert!(CubeInfo::money(2, Some(0), 0, true, true).may_double());
        assert!(!CubeInfo::money(2, Some(1), 0, true, true).may_double());
    }

    #[test]
    fn mwc_and_normalised_equity_convert_both_ways() {
        let ci = CubeInfo::matchplay(2, Some(1), 0, 7, [3, 2], false).unwrap();
        for eq in [-1.5f32, -1.0, 0.0, 0.37, 1.0] {
            assert!((ci.mwc_to_equity(ci.equity_to_mwc(eq)) - eq).abs() < 1e-5);
        }
        // +1: the side on roll wins the cube's 2 points (5-2 to 7, 2-away 5-away).
        let t = met::gnubg_default();
        assert_eq!(ci.equity_to_mwc(1.0), t.pre_crawford(1, 4));
        assert_eq!(ci.double_pass(), ci.equity_to_mwc(1.0));
    }

    #[test]
    fn a_match_at_double_match_point_counts_cubeless() {
        let dmp = CubeInfo::matchplay(1, None, 0, 1, [0, 0], false).unwrap();
        let l = leaf(P, PositionClass::Contact);
        assert_eq!(cube_position_equity(&l, &dmp), P[0]);
        let (nd, dt, _, action) = cube_decision(&l, &dmp);
        assert_eq!(action, CubeAction::NoDoubleDeadCube);
        assert_eq!(nd, dt);
        assert_eq!(action.words(), "Never double, take (dead cube)");
    }

    #[test]
    fn actions_follow_gnubgs_orderings() {
        let money = CubeInfo::money(1, None, 0, true, true);
        let owned = CubeInfo::money(2, Some(0), 0, true, true);
        let no_beavers = CubeInfo::money(1, None, 0, true, false);
        assert_eq!(
            best_action(0.5, 0.8, 1.0, true, &money),
            CubeAction::DoubleTake
        );
        assert_eq!(
            best_action(0.5, 0.8, 1.0, true, &owned),
            CubeAction::RedoubleTake
        );
        assert_eq!(
            best_action(0.5, 1.2, 1.0, true, &money),
            CubeAction::DoublePass
        );
        assert_eq!(
            best_action(1.3, 1.2, 1.0, true, &money),
            CubeAction::TooGoodPass
        );
        assert_eq!(
            best_action(1.3, 1.2, 1.0, false, &money),
            CubeAction::DoublePass
        );
        assert_eq!(
            best_action(0.2, 0.1, 1.0, true, &no_beavers),
            CubeAction::NoDoubleTake
        );
        // A take worth less than nothing to the doubler: the taker beavers.
        assert_eq!(
            best_action(0.2, -0.1, 1.0, true, &money),
            CubeAction::NoDoubleBeaver
        );
        let theirs = CubeInfo::money(2, Some(1), 0, true, true);
        assert_eq!(
            best_action(0.5, 0.8, 1.0, true, &theirs),
            CubeAction::NotAvailable
        );
    }

    #[test]
    fn the_leaf_takes_the_best_of_its_cube_action() {
        assert_eq!(with_cube_action(0.5, 0.8, 1.0), 0.8);
        assert_eq!(with_cube_action(0.5, 1.2, 1.0), 1.0);
        assert_eq!(with_cube_action(0.9, 0.8, 1.0), 0.9);
        // Strong enough to double, the side on roll gains by its cube action.
        let strong = leaf([0.8, 0.1, 0.0, 0.02, 0.0], PositionClass::Contact);
        let ci = CubeInfo::money(1, None, 0, false, false);
        assert!(cubeful_equity(&strong, &ci) > cube_position_equity(&strong, &ci));
    }
}
