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
//! This file names the terms (their table, sets of them); [`super::features`] computes their
//! values.

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
    let x = EXTRA_INFO;
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

/// Names and texts of the extra terms, in the order of [`Term::EXTRA`].
const EXTRA_INFO: [TermInfo; EXTRA_TERM_COUNT] = [
    extra(
        Term::Prime,
        "X_PRIME",
        "longest prime",
        "The longest run of consecutive made points anywhere (a full prime is 6).",
    ),
    extra(
        Term::Trap,
        "X_TRAP",
        "prime ahead of their back checker",
        "The longest run of consecutive made points in front of the opponent's rearmost \
         checker (the bar included): the part of a prime that still blocks it.",
    ),
    extra(
        Term::Anchors,
        "X_ANCHORS",
        "anchors",
        "Points made in the opponent's home board (gnubg 19-24).",
    ),
    extra(
        Term::Blocked,
        "X_BLOCKED",
        "rolls not escaping",
        "Of the 36 rolls, those with which the rearmost checker in the opponent's home board \
         (or on the bar) cannot get past every opposing point made within 12 pips in front of \
         it (0 when no checker is back or nothing blocks).",
    ),
    extra(
        Term::PipDiff,
        "X_PIPDIFF",
        "pips behind",
        "Own pip count minus the opponent's (negative when ahead in the race).",
    ),
    extra(
        Term::OppBar,
        "X_OPPBAR",
        "opponent on the bar",
        "The opponent's checkers on the bar.",
    ),
    extra(
        Term::Closed,
        "X_CLOSED",
        "points closed to the bar",
        "Home points made while the opponent has a checker on the bar (6 = closed out; 0 with \
         nobody on the bar).",
    ),
    extra(
        Term::DirectShots,
        "X_DIRECT",
        "direct shots",
        "Rolls of 36 with which the opponent hits a blot with one die: a checker 1-6 pips \
         behind it, or one entering from the bar (checkers on the bar enter first).",
    ),
    extra(
        Term::IndirectShots,
        "X_INDIRECT",
        "indirect shots",
        "Rolls of 36 that hit a blot only by combining the dice (7-24 pips), every landing \
         point open; rolls that also hit directly are in X_DIRECT.",
    ),
    extra(
        Term::Crunch,
        "X_CRUNCH",
        "checkers on 1-3",
        "Checkers on the 1, 2 and 3 points: pips wasted in the bear-off (a wastage measure).",
    ),
];

const fn extra(
    term: Term,
    seed_name: &'static str,
    label: &'static str,
    description: &'static str,
) -> TermInfo {
    TermInfo::new(term, seed_name, label, description, false)
}
