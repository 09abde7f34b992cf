//! The board terms of the classic program: the seed's eleven (seed 000), WBAR … WTOGO, and
//! the terms beyond the seed's ([`super::extra`], `X_…`), which a weights file switches on.
//!
//! The seed names each term after White (`W…`) and computes Black's twin with the board
//! reversed. Here a term is computed for a **side** of a [`Position`]: `own` is the side on
//! roll (positive counts in the model, moving 24 → 1, home 1–6) and `opp` the other side,
//! computed the same way on the mirrored board. The seed's White point `s` is the model's point
//! `25 − s` for the side it describes, so the seed's "first twelve points" (1–12, farthest from
//! White's home 19–24) are the model's points 24–13, and its home 19–24 the model's 1–6.
//!
//! The computation works on fixed arrays and allocates nothing: it runs for every candidate
//! of every position in the rankings and the duels.

use crate::core::position::{BAR, Position};

/// Number of the seed's terms (WBAR … WTOGO), always on.
pub const SEED_TERM_COUNT: usize = 11;
/// Number of terms beyond the seed's ([`super::extra`]).
pub const EXTRA_TERM_COUNT: usize = 10;
/// Number of terms (and of weights): the seed's, then the extras.
pub const TERM_COUNT: usize = SEED_TERM_COUNT + EXTRA_TERM_COUNT;

/// One board term: the seed's eleven first, then the terms beyond the seed's (`X_…`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Term {
    /// WBAR: checkers on the bar.
    Bar,
    /// WSIN: blots.
    Blots,
    /// WSINCL: shot exposure of the blots.
    Exposure,
    /// WPTSHOME: points made in the home board.
    HomePoints,
    /// WPTS: points made anywhere.
    Points,
    /// WPTSSUCC: adjacent pairs of made points.
    Adjacent,
    /// WFST3: checkers on the three points farthest from home.
    First3,
    /// WFST6: checkers on the six points farthest from home.
    First6,
    /// WFST12: checkers on the twelve points farthest from home.
    First12,
    /// WHOME: checkers in the home board.
    Home,
    /// WTOGO: pips still needed to bring every checker home.
    ToGo,
    /// X_PRIME: the longest run of made points.
    Prime,
    /// X_TRAP: the longest run of made points in front of the opponent's rearmost checker.
    Trap,
    /// X_ANCHORS: points made in the opponent's home board.
    Anchors,
    /// X_BLOCKED: rolls with which the rearmost back checker cannot pass the blockade.
    Blocked,
    /// X_PIPDIFF: own pip count minus the opponent's.
    PipDiff,
    /// X_OPPBAR: the opponent's checkers on the bar.
    OppBar,
    /// X_CLOSED: home points made in front of the opponent's checkers on the bar.
    Closed,
    /// X_DIRECT: rolls that hit a blot with a single die.
    DirectShots,
    /// X_INDIRECT: rolls that hit a blot only by combining the dice.
    IndirectShots,
    /// X_CRUNCH: checkers on the three lowest home points.
    Crunch,
}

/// Names and texts of a term for reports and the UI.
#[derive(Clone, Copy, Debug)]
pub struct TermInfo {
    /// The term.
    pub term: Term,
    /// The key in weight files: the seed's name (`WBAR`) for the seed's terms, `X_…` for the
    /// others.
    pub seed_name: &'static str,
    /// A short plain-English label.
    pub label: &'static str,
    /// One line saying what is counted.
    pub description: &'static str,
    /// True for the seed's eleven terms, false for the terms beyond the seed's.
    pub seed: bool,
}

impl TermInfo {
    /// The description of `term`; `seed` for the seed's eleven.
    pub(crate) const fn new(
        term: Term,
        seed_name: &'static str,
        label: &'static str,
        description: &'static str,
        seed: bool,
    ) -> TermInfo {
        TermInfo {
            term,
            seed_name,
            label,
            description,
            seed,
        }
    }
}

const fn seed(
    term: Term,
    seed_name: &'static str,
    label: &'static str,
    description: &'static str,
) -> TermInfo {
    TermInfo::new(term, seed_name, label, description, true)
}

/// Every term in the order of weights everywhere: the seed's eleven, then the extras.
pub const TERMS: [TermInfo; TERM_COUNT] = {
    let s = [
        seed(Term::Bar, "WBAR", "on the bar", "Checkers on the bar."),
        seed(
            Term::Blots,
            "WSIN",
            "blots",
            "Points holding exactly one checker.",
        ),
        seed(
            Term::Exposure,
            "WSINCL",
            "shot exposure",
            "For each blot, the throws (of 36) with which each opposing checker 1-12 pips \
             behind it, the bar included, could hit it, summed.",
        ),
        seed(
            Term::HomePoints,
            "WPTSHOME",
            "home points made",
            "Points with two or more checkers in the home board.",
        ),
        seed(
            Term::Points,
            "WPTS",
            "points made",
            "Points with two or more checkers anywhere on the board.",
        ),
        seed(
            Term::Adjacent,
            "WPTSSUCC",
            "adjacent points",
            "Pairs of neighbouring made points (a three-point block counts 2).",
        ),
        seed(
            Term::First3,
            "WFST3",
            "back 3 points",
            "Checkers on the three points farthest from home (24-22 in gnubg numbering).",
        ),
        seed(
            Term::First6,
            "WFST6",
            "back 6 points",
            "Checkers on the six points farthest from home (24-19).",
        ),
        seed(
            Term::First12,
            "WFST12",
            "back 12 points",
            "Checkers on the twelve points farthest from home (24-13).",
        ),
        seed(
            Term::Home,
            "WHOME",
            "checkers home",
            "Checkers in the home board (points 1-6).",
        ),
        seed(
            Term::ToGo,
            "WTOGO",
            "pips to home",
            "Pips still needed to bring every checker into the home board (the bar counts 19).",
        ),
    ];
    let x = super::extra::INFO;
    let mut all = [s[0]; TERM_COUNT];
    let mut i = 0;
    while i < TERM_COUNT {
        all[i] = if i < SEED_TERM_COUNT {
            s[i]
        } else {
            x[i - SEED_TERM_COUNT]
        };
        i += 1;
    }
    all
};

impl Term {
    /// The seed's eleven terms in the seed's order.
    pub const SEED: [Term; SEED_TERM_COUNT] = [
        Term::Bar,
        Term::Blots,
        Term::Exposure,
        Term::HomePoints,
        Term::Points,
        Term::Adjacent,
        Term::First3,
        Term::First6,
        Term::First12,
        Term::Home,
        Term::ToGo,
    ];

    /// The terms beyond the seed's, in the order of weights.
    pub const EXTRA: [Term; EXTRA_TERM_COUNT] = [
        Term::Prime,
        Term::Trap,
        Term::Anchors,
        Term::Blocked,
        Term::PipDiff,
        Term::OppBar,
        Term::Closed,
        Term::DirectShots,
        Term::IndirectShots,
        Term::Crunch,
    ];

    /// Every term: [`Term::SEED`], then [`Term::EXTRA`].
    pub const ALL: [Term; TERM_COUNT] = {
        let mut all = [Term::Bar; TERM_COUNT];
        let mut i = 0;
        while i < TERM_COUNT {
            all[i] = if i < SEED_TERM_COUNT {
                Term::SEED[i]
            } else {
                Term::EXTRA[i - SEED_TERM_COUNT]
            };
            i += 1;
        }
        all
    };

    /// The term's index in weight and feature arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// True for the seed's eleven terms.
    pub const fn is_seed(self) -> bool {
        (self as usize) < SEED_TERM_COUNT
    }

    /// Names and texts.
    pub fn info(self) -> &'static TermInfo {
        &TERMS[self as usize]
    }

    /// The key in weight files (`WSINCL`, `X_PRIME`).
    pub fn seed_name(self) -> &'static str {
        self.info().seed_name
    }

    /// The term with this key, if any.
    pub fn from_seed_name(name: &str) -> Option<Term> {
        TERMS.iter().find(|t| t.seed_name == name).map(|t| t.term)
    }
}

impl std::fmt::Display for Term {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.seed_name())
    }
}

/// A set of terms switched on: the seed's eleven always, and any of the extras.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TermSet(u32);

impl Default for TermSet {
    /// The seed's eleven.
    fn default() -> TermSet {
        TermSet::SEED
    }
}

impl TermSet {
    /// The seed's eleven terms only.
    pub const SEED: TermSet = TermSet((1 << SEED_TERM_COUNT) - 1);
    /// Every term.
    pub const ALL: TermSet = TermSet((1 << TERM_COUNT) - 1);

    /// True if `t` is on.
    #[inline(always)]
    pub const fn contains(self, t: Term) -> bool {
        self.0 & (1 << t as u32) != 0
    }

    /// This set with `t` on.
    #[must_use]
    pub const fn with(self, t: Term) -> TermSet {
        TermSet(self.0 | 1 << t as u32)
    }

    /// This set with `t` off; the seed's terms stay on.
    #[must_use]
    pub const fn without(self, t: Term) -> TermSet {
        if t.is_seed() {
            self
        } else {
            TermSet(self.0 & !(1 << t as u32))
        }
    }

    /// True when some extra term is on.
    #[inline(always)]
    pub const fn has_extras(self) -> bool {
        self.0 != TermSet::SEED.0
    }

    /// The terms on, in the order of weights.
    pub fn iter(self) -> impl Iterator<Item = Term> + Clone {
        Term::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// The extra terms on, in the order of weights.
    pub fn extras(self) -> impl Iterator<Item = Term> + Clone {
        Term::EXTRA.into_iter().filter(move |&t| self.contains(t))
    }

    /// How many terms are on.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Never empty: the seed's terms are always on.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Reads a list of terms as `bgw fit --terms` takes it: `seed` (the eleven), `all`, or
    /// keys separated by commas (`X_PRIME,X_ANCHORS`), to which the seed's are added. Seed
    /// keys may be named too; unknown ones are errors.
    pub fn parse(text: &str) -> Result<TermSet, String> {
        let mut set = TermSet::SEED;
        for name in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            match name {
                "seed" => {}
                "all" => set = TermSet::ALL,
                _ => match Term::from_seed_name(name) {
                    Some(t) => set = set.with(t),
                    None => {
                        let known: Vec<&str> = TERMS.iter().map(|t| t.seed_name).collect();
                        return Err(format!(
                            "unknown term {} (the terms are seed, all, {})",
                            crate::core::formats::quote::quote(name),
                            known.join(", ")
                        ));
                    }
                },
            }
        }
        Ok(set)
    }
}

impl std::fmt::Display for TermSet {
    /// `seed`, or `seed+X_PRIME+X_ANCHORS`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("seed")?;
        for t in self.extras() {
            write!(f, "+{t}")?;
        }
        Ok(())
    }
}

/// The seed's `ODDS` table: for a distance of 1..=12 pips (index 0..=11), the throws out of 36
/// that move one checker exactly that far, combinations and doubles included, no blocking
/// considered (12 = 6-6, 4-4, 3-3). The seed scaled it by a common factor; the weight absorbs any
/// scale.
pub const ODDS: [i32; 12] = [11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3];

/// One value per term on keyed by its name (`WBAR` …, `X_…`), for JSON output: the keys of a
/// weights file, in alphabetical order as a JSON object has them.
pub fn by_seed_name<T: Copy>(
    values: &[T; TERM_COUNT],
    terms: TermSet,
) -> std::collections::BTreeMap<&'static str, T> {
    terms
        .iter()
        .map(|t| (t.seed_name(), values[t.index()]))
        .collect()
}

/// The raw values of every term for one side, in the order of weights (terms not computed
/// are 0).
pub type SideFeatures = [i32; TERM_COUNT];

/// The terms of both sides of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Features {
    /// The side on roll in the position (after a move: the side that moved).
    pub own: SideFeatures,
    /// The other side.
    pub opp: SideFeatures,
}

impl Features {
    /// Both sides' seed terms of `pos` (the extras 0).
    #[inline]
    pub fn of(pos: &Position) -> Features {
        Features {
            own: own_features(pos.board()),
            opp: opponent_features(pos.board()),
        }
    }

    /// Both sides' values of the terms in `terms` (the others 0).
    #[inline]
    pub fn of_terms(pos: &Position, terms: TermSet) -> Features {
        Features {
            own: side_features(pos.board(), terms),
            opp: side_features(&mirrored(pos.board()), terms),
        }
    }
}

/// The values of the terms in `terms` (the others 0) for the side with positive counts on a
/// model board; the extras are computed only when on.
#[inline]
pub fn side_features(b: &[i8; 26], terms: TermSet) -> SideFeatures {
    let mut v = own_features(b);
    if terms.has_extras() {
        super::extra::add_values(b, terms, &mut v);
    }
    v
}

/// The terms of the side with positive counts on a model board (see the module doc).
#[inline]
pub fn own_features(b: &[i8; 26]) -> SideFeatures {
    features_with(b, |p| {
        // Opposing checkers (negative) on the points below p move up towards it; the
        // opponent's bar (index 0) counts as a point 0.
        let mut e = 0;
        for q in p.saturating_sub(12)..p {
            let hitters = b[q] as i32;
            if hitters < 0 {
                e -= hitters * ODDS[p - q - 1];
            }
        }
        e
    })
}

/// For each point, the WSINCL a blot there would count: the throws of every opposing checker
/// 1–12 pips behind it, summed. It depends only on the opposing checkers, which a move changes
/// only when it hits, so one table serves every non-hitting result of a roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threats([i32; 25]);

impl Threats {
    /// The table for the side with positive counts on `b`.
    pub fn of(b: &[i8; 26]) -> Threats {
        let mut t = [0i32; 25];
        for q in 0..=23usize {
            let hitters = -(b[q].min(0) as i32);
            if hitters > 0 {
                for d in 1..=12usize {
                    if q + d > 24 {
                        break;
                    }
                    t[q + d] += hitters * ODDS[d - 1];
                }
            }
        }
        Threats(t)
    }

    /// The exposure of a blot on point `p` (1..=24).
    #[inline(always)]
    pub fn at(&self, p: usize) -> i32 {
        self.0[p]
    }
}

/// [`own_features`] with WSINCL read from `threats`, which must have been built from a board
/// with the same opposing checkers as `b` (e.g. the position before a move that hit nothing).
#[cfg(test)]
#[inline]
pub fn own_features_with(b: &[i8; 26], threats: &Threats) -> SideFeatures {
    features_with(b, |p| threats.at(p))
}

#[inline(always)]
#[allow(clippy::needless_range_loop)] // p is a point number
fn features_with(b: &[i8; 26], exposure_at: impl Fn(usize) -> i32) -> SideFeatures {
    let mut blots = 0;
    let mut exposure = 0;
    let mut home_points = 0;
    let mut points = 0;
    let mut adjacent = 0;
    let mut first3 = 0;
    let mut first6 = 0;
    let mut first12 = 0;
    let mut home = 0;
    let mut to_go = 0;
    let mut prev_made = false;
    for p in 1..=24usize {
        let n = b[p] as i32;
        let made = n >= 2;
        if n > 0 {
            if n == 1 {
                blots += 1;
                exposure += exposure_at(p);
            } else {
                points += 1;
                if p <= 6 {
                    home_points += 1;
                }
                if prev_made {
                    adjacent += 1;
                }
            }
            if p >= 22 {
                first3 += n;
            }
            if p >= 19 {
                first6 += n;
            }
            if p >= 13 {
                first12 += n;
            }
            if p <= 6 {
                home += n;
            } else {
                to_go += (p as i32 - 6) * n;
            }
        }
        prev_made = made;
    }
    let bar = b[BAR].max(0) as i32;
    to_go += 19 * bar;
    let mut v = [0; TERM_COUNT];
    v[..SEED_TERM_COUNT].copy_from_slice(&[
        bar,
        blots,
        exposure,
        home_points,
        points,
        adjacent,
        first3,
        first6,
        first12,
        home,
        to_go,
    ]);
    v
}

/// The terms of the side with negative counts on a model board: [`own_features`] of the
/// mirrored board.
#[inline]
pub fn opponent_features(b: &[i8; 26]) -> SideFeatures {
    own_features(&mirrored(b))
}

/// The board seen from the other side.
#[inline]
pub fn mirrored(b: &[i8; 26]) -> [i8; 26] {
    let mut m = [0i8; 26];
    for (i, slot) in m.iter_mut().enumerate() {
        *slot = -b[25 - i];
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::position::Side;

    fn f(features: &SideFeatures, t: Term) -> i32 {
        features[t.index()]
    }

    #[test]
    fn odds_table_counts_throws_out_of_36() {
        // Recount the table from the 36 throws: a distance is reachable when one die, the sum
        // of both dice, or (doubles) 3 or 4 times the die equals it.
        for d in 1..=12i32 {
            let mut n = 0;
            for a in 1..=6i32 {
                for b in 1..=6i32 {
                    let hit = if a == b {
                        (1..=4).any(|k| k * a == d)
                    } else {
                        a == d || b == d || a + b == d
                    };
                    n += hit as i32;
                }
            }
            assert_eq!(ODDS[d as usize - 1], n, "distance {d}");
        }
    }

    #[test]
    fn names_round_trip() {
        for t in Term::ALL {
            assert_eq!(Term::from_seed_name(t.seed_name()), Some(t));
            assert_eq!(TERMS[t.index()].term, t);
        }
        assert_eq!(Term::from_seed_name("WFOO"), None);
    }

    #[test]
    fn opening_position_by_hand() {
        // Own: 2 on 24, 5 on 13, 3 on 8, 5 on 6. No blots, 4 points made, one at home (6).
        let p = Position::opening(Side::White);
        let x = Features::of(&p);
        assert_eq!(x.own, x.opp, "the opening is symmetric");
        let o = &x.own;
        assert_eq!(f(o, Term::Bar), 0);
        assert_eq!(f(o, Term::Blots), 0);
        assert_eq!(f(o, Term::Exposure), 0);
        assert_eq!(f(o, Term::HomePoints), 1);
        assert_eq!(f(o, Term::Points), 4);
        assert_eq!(f(o, Term::Adjacent), 0);
        assert_eq!(f(o, Term::First3), 2);
        assert_eq!(f(o, Term::First6), 2);
        assert_eq!(f(o, Term::First12), 7);
        assert_eq!(f(o, Term::Home), 5);
        // 2×18 + 5×7 + 3×2 = 77 pips to bring everything home.
        assert_eq!(f(o, Term::ToGo), 77);
    }

    #[test]
    fn blot_exposure_after_opening_64_split() {
        // Opening, then 24/18 13/9 played (own view): blots on 24, 18, 9, and 13 keeps 4.
        let mut b = *Position::opening(Side::White).board();
        b[24] -= 1;
        b[18] += 1;
        b[13] -= 1;
        b[9] += 1;
        let p = Position::from_board(Side::White, b).unwrap();
        let x = Features::of(&p);
        assert_eq!(f(&x.own, Term::Blots), 3);
        // Opposing checkers (model points): 2 on 1, 5 on 12, 3 on 17, 5 on 19.
        // Blot on 24: hitters on 12 (12 away: 5×3), 17 (7 away: 3×6) and 19 (5 away: 5×15)
        // → 15 + 18 + 75 = 108.
        // Blot on 18: hitters on 17 (1 away: 3×11) and 12 (6 away: 5×17) → 33 + 85 = 118.
        // Blot on 9: hitters on 1 (8 away: 2×6) → 12.
        assert_eq!(f(&x.own, Term::Exposure), 108 + 118 + 12);
        assert_eq!(f(&x.own, Term::Points), 3);
        assert_eq!(f(&x.own, Term::First3), 1);
        assert_eq!(f(&x.own, Term::First6), 1);
        assert_eq!(f(&x.own, Term::First12), 6);
        assert_eq!(f(&x.own, Term::ToGo), 77 - 6 - 4);
        // The opponent is untouched and has no blots.
        assert_eq!(x.opp, Features::of(&Position::opening(Side::White)).opp);
    }

    #[test]
    fn bar_checkers_count_and_hit() {
        // Own: 1 on the bar, blots on 3 and 20, a made 5 and 4 (adjacent). Opponent: 1 on its
        // bar, 2 on model point 15, 12 off.
        let mut b = [0i8; 26];
        b[BAR] = 1;
        b[3] = 1;
        b[20] = 1;
        b[5] = 2;
        b[4] = 3;
        b[0] = -1;
        b[15] = -2;
        let p = Position::from_board(Side::Black, b).unwrap();
        let x = Features::of(&p);
        let o = &x.own;
        assert_eq!(f(o, Term::Bar), 1);
        assert_eq!(f(o, Term::Blots), 2);
        // Blot on 3: the bar checker 3 away (14). Blot on 20: the two on 15, 5 away (2×15).
        assert_eq!(f(o, Term::Exposure), 14 + 30);
        assert_eq!(f(o, Term::HomePoints), 2);
        assert_eq!(f(o, Term::Points), 2);
        assert_eq!(f(o, Term::Adjacent), 1);
        assert_eq!(f(o, Term::First6), 1);
        assert_eq!(f(o, Term::Home), 6);
        assert_eq!(f(o, Term::ToGo), 14 + 19);
        // Opponent seen from its side: on bar 1, no blots; its two on its point 10.
        let q = &x.opp;
        assert_eq!(f(q, Term::Bar), 1);
        assert_eq!(f(q, Term::Blots), 0);
        assert_eq!(f(q, Term::Points), 1);
        assert_eq!(f(q, Term::First12), 0);
        assert_eq!(f(q, Term::ToGo), 2 * 4 + 19);
        // Mirroring swaps the sides.
        let m = Features::of(&p.mirror());
        assert_eq!((m.own, m.opp), (x.opp, x.own));
    }

    #[test]
    fn threat_table_matches_the_direct_count() {
        // The opening with one opposing checker from its 6 point (our 19) on its bar, and our
        // blot on 24 moved to 18.
        let mut b = *Position::opening(Side::White).board();
        b[0] = -1;
        b[19] += 1;
        b[24] -= 1;
        b[18] += 1;
        let t = Threats::of(&b);
        for p in 1..=24 {
            let mut one = [0i8; 26];
            for q in 0..26 {
                one[q] = b[q].min(0);
            }
            if one[p] == 0 {
                one[p] = 1;
                assert_eq!(
                    own_features(&one)[Term::Exposure.index()],
                    t.at(p),
                    "point {p}"
                );
            }
        }
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(own_features_with(p.board(), &t), own_features(p.board()));
    }

    #[test]
    fn exposure_ignores_far_and_passed_checkers() {
        // Own blot on 20; opponent checkers 13 pips behind (model 7) and ahead (model 22).
        let mut b = [0i8; 26];
        b[20] = 1;
        b[7] = -3;
        b[22] = -2;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(Features::of(&p).own[Term::Exposure.index()], 0);
        // One pip nearer (model 8, 12 away) it counts 3 throws per checker.
        b[7] = 0;
        b[8] = -3;
        let p = Position::from_board(Side::White, b).unwrap();
        assert_eq!(Features::of(&p).own[Term::Exposure.index()], 9);
    }
}
