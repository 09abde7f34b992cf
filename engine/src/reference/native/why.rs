//! Why gnubg prefers one move to another, in the judge's own terms (issue 51): the inputs of
//! the net that judged the two positions grouped into concepts a player knows, and the 0-ply
//! cubeless equity difference split over those concepts by exact Shapley values.
//!
//! Both positions are scored as gnubg scores a move: the position after it with the opponent
//! on roll, evaluated by gnubg's net from the opponent's view, the equity turned to the mover's
//! side. The split: for every coalition of concepts, the net is evaluated on the inputs of the
//! played position with that coalition's inputs taken from the best position; a concept's part
//! is its Shapley value (its marginal change averaged over every order of the concepts), so
//! the parts sum to the net's difference exactly. The net's hidden layer is linear in the
//! inputs, so each coalition costs one vector sum, the sigmoid and the output layer (the two
//! ends are plain forward passes). Where gnubg's sanity rules (and in a race its backgammon
//! figures) change the net's figures, or the two positions are judged by different evaluators
//! (contact and race, a bear-off database), the rest of the 0-ply difference is one named part
//! ("gnubg's rules", "another evaluator"), so the parts still sum to the total reported. Two
//! positions both judged by a bear-off database (or at the game's end) have no net to split:
//! the one part says the figure is exact. See `docs/review.md`.

use super::evaluator::{NativeError, NativeEvaluator, PositionClass, classify, cubeless_equity};
use super::inputs::{
    self, ACONTAIN, ACONTAIN2, BACK_ANCHOR, BACK_CHEQUER, BACKBONE, BACKESCAPES, BACKG, BACKG1,
    BACKRESCAPES, BREAK_CONTACT, Board, CONTAIN, CONTAIN2, ENTER, ENTER2, FORWARD_ANCHOR, FREEPIP,
    HALF_RACE, MOBILITY, MOMENT2, OFF1, P1, P2, PIPLOSS, RACE_CROSS, RACE_OFF, TIMING,
};
use super::net;
use super::weights::{CONTACT_INPUTS, Net, RACE_INPUTS};
use crate::core::dice::Dice;
use crate::core::moves::MoveGenerator;
use crate::core::position::Position;

/// A concept: a named group of a net's inputs, and what a player reads of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Concept {
    HomeBoard,
    Outfield,
    Anchors,
    Blots,
    Shots,
    PipLoss,
    Escapes,
    Containment,
    Mobility,
    Timing,
    Backbone,
    Contact,
    Bar,
    Off,
    RaceHome,
    RaceOutside,
    RaceCross,
    RaceOff,
}

/// The contact and crashed nets' concepts (the two nets read the same 250 inputs).
const CONTACT_CONCEPTS: [Concept; 14] = [
    Concept::HomeBoard,
    Concept::Outfield,
    Concept::Anchors,
    Concept::Blots,
    Concept::Shots,
    Concept::PipLoss,
    Concept::Escapes,
    Concept::Containment,
    Concept::Mobility,
    Concept::Timing,
    Concept::Backbone,
    Concept::Contact,
    Concept::Bar,
    Concept::Off,
];

/// The race net's concepts.
const RACE_CONCEPTS: [Concept; 4] = [
    Concept::RaceHome,
    Concept::RaceOutside,
    Concept::RaceCross,
    Concept::RaceOff,
];

/// Where the mover's and the opponent's named inputs start in a contact or crashed net's
/// inputs of the position after the move (the opponent on roll: `[mover, opponent]`).
const OPPONENT_NAMED: usize = 200;
const MOVER_NAMED: usize = 225;

impl Concept {
    /// Its name, as the sentence and the JSON say it.
    fn name(self) -> &'static str {
        match self {
            Concept::HomeBoard => "home board points",
            Concept::Outfield => "outfield points",
            Concept::Anchors => "anchors and back checkers",
            Concept::Blots => "blots and stacks",
            Concept::Shots => "shots at your blots",
            Concept::PipLoss => "pips lost when hit",
            Concept::Escapes => "back escapes",
            Concept::Containment => "containment",
            Concept::Mobility => "mobility",
            Concept::Timing => "timing",
            Concept::Backbone => "backbone and back game",
            Concept::Contact => "breaking contact",
            Concept::Bar => "hits and the bar",
            Concept::Off => "checkers off",
            Concept::RaceHome => "home board (race)",
            Concept::RaceOutside => "checkers outside (race)",
            Concept::RaceCross => "crossovers",
            Concept::RaceOff => "checkers off (race)",
        }
    }

    /// The unit of [`Concept::value`].
    fn unit(self) -> &'static str {
        match self {
            Concept::HomeBoard | Concept::Outfield | Concept::Anchors => "points",
            Concept::Blots => "blots",
            Concept::Shots | Concept::Escapes | Concept::Containment => "of 36",
            Concept::Mobility => "(gnubg's index)",
            Concept::PipLoss => "pips a roll",
            Concept::Timing | Concept::Contact | Concept::RaceHome | Concept::RaceOutside => "pips",
            Concept::Backbone => "% (backbone)",
            Concept::Bar => "of theirs on the bar",
            Concept::Off | Concept::RaceOff => "off",
            Concept::RaceCross => "crossovers",
        }
    }

    /// What a player reads of the concept in a position, from the mover's side: `b` the board
    /// after the move (`[mover, opponent]`), `x` its contact inputs.
    fn value(self, b: &Board, x: &[f32; CONTACT_INPUTS]) -> f64 {
        let me = &b[0];
        let made = |r: std::ops::Range<usize>| me[r].iter().filter(|&&n| n >= 2).count() as f64;
        let pips =
            |r: std::ops::Range<usize>| r.map(|i| (i as f64 + 1.0) * f64::from(me[i])).sum::<f64>();
        let off = 15.0 - me.iter().map(|&n| f64::from(n)).sum::<f64>();
        let named = |base: usize, k: usize, scale: f64| round2(f64::from(x[base + k]) * scale);
        match self {
            Concept::HomeBoard => made(0..6),
            Concept::Outfield => made(6..18),
            Concept::Anchors => made(18..24),
            Concept::Blots => me[..24].iter().filter(|&&n| n == 1).count() as f64,
            // The opponent's shots at the mover's blots, and the mover's back checker escaping
            // the opponent's points: the opponent's own inputs.
            Concept::Shots => named(OPPONENT_NAMED, P1, 36.0),
            // gnubg's pip loss is the pips its hits cost over the 36 rolls, / (12 · 36).
            Concept::PipLoss => named(OPPONENT_NAMED, PIPLOSS, 12.0),
            Concept::Escapes => named(OPPONENT_NAMED, BACKESCAPES, 36.0),
            Concept::Containment => named(MOVER_NAMED, CONTAIN, 36.0),
            Concept::Mobility => named(MOVER_NAMED, MOBILITY, 100.0),
            Concept::Timing => named(MOVER_NAMED, TIMING, 100.0),
            Concept::Backbone => named(MOVER_NAMED, BACKBONE, 100.0),
            Concept::Contact => named(MOVER_NAMED, BREAK_CONTACT, 167.0),
            Concept::Bar => f64::from(b[1][24]),
            Concept::Off | Concept::RaceOff => off,
            Concept::RaceHome => pips(0..6),
            Concept::RaceOutside => pips(6..25),
            Concept::RaceCross => (6..25)
                .map(|i| f64::from(me[i]) * (i / 6).min(3) as f64)
                .sum(),
        }
    }
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// The concept of each input of the contact (or crashed) net for the split of `bp` (played)
/// against `bb` (best), both `[mover, opponent]`. A point's four inputs (one checker, two,
/// three or more, half the checkers beyond three) stay together — a mix of two encodings of
/// one point is no position — in the concept of what the move changed there: a point made or
/// broken (home board, outfield, anchors by where it is), else a blot or a stack; the
/// opponent's points change only by a hit, which goes with the bar.
fn contact_concepts(bp: &Board, bb: &Board) -> Vec<Concept> {
    (0..CONTACT_INPUTS)
        .map(|i| {
            if i >= 200 {
                return named_concept((i - 200) % 25);
            }
            let (side, point) = (i / 100, (i % 100) / 4);
            let (p, b) = (bp[side][point], bb[side][point]);
            if point == 24 || side == 1 {
                Concept::Bar
            } else if (p >= 2) != (b >= 2) || p == b {
                match point {
                    0..=5 => Concept::HomeBoard,
                    6..=17 => Concept::Outfield,
                    _ => Concept::Anchors,
                }
            } else {
                Concept::Blots
            }
        })
        .collect()
}

/// The concept of a named input (its index in a side's block of 25).
fn named_concept(k: usize) -> Concept {
    match k {
        k if k < OFF1 + 3 => Concept::Off,
        BREAK_CONTACT | FREEPIP => Concept::Contact,
        BACK_CHEQUER | BACK_ANCHOR | FORWARD_ANCHOR => Concept::Anchors,
        P1 | P2 => Concept::Shots,
        PIPLOSS => Concept::PipLoss,
        BACKESCAPES | BACKRESCAPES => Concept::Escapes,
        ACONTAIN | ACONTAIN2 | CONTAIN | CONTAIN2 => Concept::Containment,
        MOBILITY | MOMENT2 => Concept::Mobility,
        ENTER | ENTER2 => Concept::Bar,
        TIMING => Concept::Timing,
        BACKBONE | BACKG | BACKG1 => Concept::Backbone,
        _ => unreachable!("25 named inputs a side"),
    }
}

/// The concept of the race net's input `i`.
fn race_concept(i: usize) -> Concept {
    match i % HALF_RACE {
        k if k < 24 => Concept::RaceHome,
        k if k < RACE_OFF => Concept::RaceOutside,
        RACE_CROSS => Concept::RaceCross,
        _ => Concept::RaceOff,
    }
}

/// One part of the split: a concept (or the rest the net does not carry) and the equity it
/// moves.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ConceptPart {
    /// The concept's name ("shots at your blots"), or the rest's ("gnubg's rules").
    pub name: &'static str,
    /// The unit of `played` and `best` ("of 36", "points", "pips"); empty for the rest.
    pub unit: &'static str,
    /// The concept's value after the move played, from the player's side (`None` for the rest).
    pub played: Option<f64>,
    /// The same after the best move.
    pub best: Option<f64>,
    /// The equity the move played gains (+) or gives up (−) against the best through this
    /// concept, cubeless, from the player's side: its exact Shapley value.
    pub equity: f64,
}

/// gnubg's own reason for a checker error: its 0-ply cubeless equity difference between the
/// move played and the best, split over the concepts of the net that judged them.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct WhyGnubg {
    /// The parts, the largest (either sign) first; they sum to `total`.
    pub concepts: Vec<ConceptPart>,
    /// The move played's 0-ply cubeless equity less the best's, from the player's side
    /// (negative when gnubg's net agrees that it is an error).
    pub total: f64,
    /// The net whose inputs are split ("contact net"), or the evaluator that judged both
    /// positions when no net did ("one-sided bear-off database").
    pub net: &'static str,
    /// Two or three sentences from the largest parts.
    pub sentence: String,
    /// The deletion check: what the move played gains (from the player's side) when the
    /// largest concept's inputs alone are taken from the best position (`None` without a net).
    #[serde(skip)]
    pub top_alone: Option<f64>,
}

impl WhyGnubg {
    /// The parts of the concepts alone (without the rest the net does not carry).
    pub fn concept_parts(&self) -> impl Iterator<Item = &ConceptPart> {
        self.concepts.iter().filter(|c| c.played.is_some())
    }
}

/// The remainder's names.
const RULES: &str = "gnubg's rules";
const OTHER: &str = "another evaluator";
const EXACT: &str = "exact database";
const GAME_OVER: &str = "the game's end";

/// The position after a move (the mover still on roll, as [`crate::core::moves::Play`]
/// gives it) as gnubg evaluates it: the opponent on roll, `[mover, opponent]`.
fn after_move(p: &Position) -> Board {
    let s = p.sides();
    [s[1], s[0]]
}

/// The mover's cubeless equity of the position after a move from the opponent's probabilities.
fn mover_equity(p: &[f32; 5]) -> f64 {
    -f64::from(cubeless_equity(p))
}

/// The net that splits the difference of two positions of these classes: the contact net when
/// either is a contact position, else the crashed net, else the race net; none when both are
/// in a bear-off database or either ends the game (exact figures).
fn split_class(a: PositionClass, b: PositionClass) -> Option<PositionClass> {
    if a == PositionClass::Over || b == PositionClass::Over {
        return None;
    }
    [
        PositionClass::Contact,
        PositionClass::Crashed,
        PositionClass::Race,
    ]
    .into_iter()
    .find(|&c| a == c || b == c)
}

/// gnubg's reason, in its own terms, for preferring `best` to `played`: two results of one
/// roll, each from the view of the side that moved. See the module's documentation.
pub fn why_gnubg(
    ev: &NativeEvaluator,
    played: &Position,
    best: &Position,
) -> Result<WhyGnubg, NativeError> {
    let (bp, bb) = (after_move(played), after_move(best));
    let (cp, cb) = (classify(&bp), classify(&bb));
    let total =
        mover_equity(&ev.evaluate_class(&bp, cp)?) - mover_equity(&ev.evaluate_class(&bb, cb)?);
    let Some(class) = split_class(cp, cb) else {
        return Ok(exact(cp, cb, total));
    };
    let weights = ev.weights();
    let (net, concepts, concept_of): (&Net, &[Concept], Vec<Concept>) = match class {
        PositionClass::Contact => (
            &weights.contact,
            &CONTACT_CONCEPTS,
            contact_concepts(&bp, &bb),
        ),
        PositionClass::Crashed => (
            &weights.crashed,
            &CONTACT_CONCEPTS,
            contact_concepts(&bp, &bb),
        ),
        _ => (
            &weights.race,
            &RACE_CONCEPTS,
            (0..RACE_INPUTS).map(race_concept).collect(),
        ),
    };
    let inputs_of = |b: &Board| -> Vec<f32> {
        match class {
            PositionClass::Contact => {
                let mut x = [0f32; CONTACT_INPUTS];
                inputs::contact(b, &mut x);
                x.to_vec()
            }
            PositionClass::Crashed => {
                let mut x = [0f32; CONTACT_INPUTS];
                inputs::crashed(b, &mut x);
                x.to_vec()
            }
            _ => {
                let mut x = [0f32; RACE_INPUTS];
                inputs::race(b, &mut x);
                x.to_vec()
            }
        }
    };
    let (xp, xb) = (inputs_of(&bp), inputs_of(&bb));
    let split = shapley(net, &xp, &xb, concepts, &concept_of);
    let net_difference = split.played - split.best;

    // The concepts' values: the contact and crashed nets' from the contact inputs (the race
    // concepts' from the board alone).
    let (mut cxp, mut cxb) = ([0f32; CONTACT_INPUTS], [0f32; CONTACT_INPUTS]);
    if class != PositionClass::Race {
        inputs::contact(&bp, &mut cxp);
        inputs::contact(&bb, &mut cxb);
    }
    let mut parts: Vec<ConceptPart> = split
        .parts
        .iter()
        .map(|&(c, phi)| ConceptPart {
            name: c.name(),
            unit: c.unit(),
            played: Some(c.value(&bp, &cxp)),
            best: Some(c.value(&bb, &cxb)),
            // The Shapley value is the best's gain; the player's side is its opposite (+ 0.0:
            // no "-0" in the JSON).
            equity: -phi + 0.0,
        })
        .collect();
    let rest = total - net_difference;
    if rest != 0.0 {
        parts.push(ConceptPart {
            name: if cp == class && cb == class {
                RULES
            } else {
                OTHER
            },
            unit: "",
            played: None,
            best: None,
            equity: rest,
        });
    }
    parts.sort_by(|a, b| b.equity.abs().total_cmp(&a.equity.abs()));
    let top_alone = split.top_alone.map(|gain| -gain);
    let sentence = sentence(&parts, total, class.name(), (cp, cb));
    Ok(WhyGnubg {
        concepts: parts,
        total,
        net: class.name(),
        sentence,
        top_alone,
    })
}

/// [`why_gnubg`] of two plays of `dice` from `position` (the mover on roll) named in bgw's
/// notation (`24/18 13/11`), as the archive keeps a checker error: `None` when either names no
/// legal play of the roll.
pub fn why_gnubg_of_plays(
    ev: &NativeEvaluator,
    position: &Position,
    dice: Dice,
    played: &str,
    best: &str,
) -> Option<Result<WhyGnubg, NativeError>> {
    let mut generator = MoveGenerator::new();
    let plays = generator.generate(position, dice);
    let find = |n: &str| {
        plays
            .iter()
            .find(|p| p.mv.notation() == n)
            .map(|p| p.result)
    };
    let (played, best) = (find(played)?, find(best)?);
    Some(why_gnubg(ev, &played, &best))
}

/// The reason where no net judged: both positions in a bear-off database, or either at the
/// game's end. One part, the whole difference, which is exact.
fn exact(cp: PositionClass, cb: PositionClass, total: f64) -> WhyGnubg {
    let over = cp == PositionClass::Over || cb == PositionClass::Over;
    let net = match () {
        _ if over => PositionClass::Over.name(),
        _ if cp == cb => cp.name(),
        _ => "bear-off databases",
    };
    let side = if total <= 0.0 { "below" } else { "above" };
    let sentence = if over {
        format!(
            "{} ends the game, which gnubg counts exactly: your play is {:.3} {side} the best \
             (cubeless). No net weighs anything here to name.",
            if cp == PositionClass::Over {
                "Your play"
            } else {
                "The best"
            },
            total.abs()
        )
    } else {
        format!(
            "Both positions are judged by gnubg's {net}, which is exact: your play is {:.3} \
             {side} the best (cubeless). No net weighs anything here to name.",
            total.abs()
        )
    };
    WhyGnubg {
        concepts: vec![ConceptPart {
            name: if over { GAME_OVER } else { EXACT },
            unit: "",
            played: None,
            best: None,
            equity: total,
        }],
        total,
        net,
        sentence,
        top_alone: None,
    }
}

/// The Shapley split of a net's difference between two input vectors.
struct Split {
    /// The mover's equity by the net (no sanity rules) of the played and the best inputs.
    played: f64,
    best: f64,
    /// Each concept whose inputs differ and its Shapley value (the best's gain, mover's side).
    parts: Vec<(Concept, f64)>,
    /// The best's gain when the largest concept's inputs alone are the best's.
    top_alone: Option<f64>,
}

/// The exact Shapley values of the concepts (those whose inputs differ; the others are null
/// players, their value zero) in the game whose value of a coalition is the mover's equity by
/// `net` of `xp` with the coalition's inputs taken from `xb`.
fn shapley(
    net: &Net,
    xp: &[f32],
    xb: &[f32],
    concepts: &[Concept],
    concept_of: &[Concept],
) -> Split {
    let h = net.hidden;
    let players: Vec<Concept> = concepts
        .iter()
        .copied()
        .filter(|&c| (0..xp.len()).any(|i| concept_of[i] == c && xp[i] != xb[i]))
        .collect();
    let k = players.len();
    // The hidden sums of the played inputs, and each player's change of them (f64: the sums
    // are added and taken away along a Gray code without drifting).
    let mut base: Vec<f64> = net
        .hidden_thresholds
        .iter()
        .map(|&t| f64::from(t))
        .collect();
    let mut delta = vec![vec![0f64; h]; k];
    for (i, (&p, &b)) in xp.iter().zip(xb).enumerate() {
        let w = &net.hidden_weights[i * h..(i + 1) * h];
        if p != 0.0 {
            for (s, &w) in base.iter_mut().zip(w) {
                *s += f64::from(p) * f64::from(w);
            }
        }
        if p != b {
            let g = players
                .iter()
                .position(|&c| c == concept_of[i])
                .expect("a differing input's concept is a player");
            let d = f64::from(b) - f64::from(p);
            for (s, &w) in delta[g].iter_mut().zip(w) {
                *s += d * f64::from(w);
            }
        }
    }
    let played = mover_equity(&net::evaluate(net, xp));
    let best = mover_equity(&net::evaluate(net, xb));
    let n = 1usize << k;
    let mut v = vec![0f64; n];
    let mut sums = base.clone();
    let mut hidden = vec![0f32; h];
    let mut mask = 0usize;
    for g in 1..n {
        // Gray code: one player joins or leaves each step.
        let bit = g.trailing_zeros() as usize;
        mask ^= 1 << bit;
        let sign = if mask & (1 << bit) != 0 { 1.0 } else { -1.0 };
        for (s, d) in sums.iter_mut().zip(&delta[bit]) {
            *s += sign * d;
        }
        for (o, s) in hidden.iter_mut().zip(&sums) {
            *o = *s as f32;
        }
        v[mask] = mover_equity(&net::outputs_from_sums(net, &mut hidden));
    }
    // The two ends are the net's own forward passes, so the parts sum to its difference.
    v[0] = played;
    v[n - 1] = best;
    // Shapley weights |S|!(k−|S|−1)!/k!.
    let fact = |m: usize| (1..=m).map(|i| i as f64).product::<f64>();
    let weight: Vec<f64> = (0..k)
        .map(|s| fact(s) * fact(k - s - 1) / fact(k))
        .collect();
    let mut parts: Vec<(Concept, f64)> = players.iter().map(|&c| (c, 0.0)).collect();
    for (i, part) in parts.iter_mut().enumerate() {
        let bit = 1 << i;
        let mut phi = 0.0;
        for s in 0..n {
            if s & bit == 0 {
                phi += weight[s.count_ones() as usize] * (v[s | bit] - v[s]);
            }
        }
        part.1 = phi;
    }
    let top = (0..k).max_by(|&a, &b| parts[a].1.abs().total_cmp(&parts[b].1.abs()));
    Split {
        played,
        best,
        parts,
        top_alone: top.map(|t| v[1 << t] - v[0]),
    }
}

/// A value in words: whole numbers without decimals.
fn figure(v: f64) -> String {
    if (v - v.round()).abs() < 0.005 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

/// One part in words: "shots at your blots: yours 11, the best 0 of 36 (-0.102)"; where the
/// figure a player reads is the same after both moves, the part lies in what the figure does
/// not count (where the checkers stand): "blots and stacks: 2 blots either way, placed
/// differently (-0.068)".
fn part_words(p: &ConceptPart) -> String {
    match (p.played, p.best) {
        (Some(a), Some(b)) if figure(a) == figure(b) => format!(
            "{}: {} {} either way, placed differently ({:+.3})",
            p.name,
            figure(a),
            p.unit,
            p.equity
        ),
        (Some(a), Some(b)) => format!(
            "{}: yours {}, the best {} {} ({:+.3})",
            p.name,
            figure(a),
            figure(b),
            p.unit,
            p.equity
        ),
        _ => format!("{} ({:+.3})", p.name, p.equity),
    }
}

/// Two or three sentences from the largest parts (at most three named, each of at least
/// 0.001): the net's verdict, what the move played gives up most, what it gains.
fn sentence(
    parts: &[ConceptPart],
    total: f64,
    net: &str,
    (cp, cb): (PositionClass, PositionClass),
) -> String {
    // Where the two positions are judged by different evaluators, the headline says so.
    let evaluators = if cp != cb {
        format!(
            "; your play leads to the {}, the best to the {}, and \"{OTHER}\" is the part the \
             {net} does not give",
            cp.name(),
            cb.name()
        )
    } else {
        String::new()
    };
    let mut s = if total < -0.0005 {
        format!(
            "At 0 plies gnubg's {net} rates your play {:.3} below the best (cubeless{evaluators}).",
            -total
        )
    } else if total > 0.0005 {
        format!(
            "At 0 plies gnubg's {net} rates your play {total:.3} above the best \
             (cubeless{evaluators}): the loss is found only by the deeper look, which these \
             parts do not carry."
        )
    } else {
        format!(
            "At 0 plies gnubg's {net} rates your play as good as the best \
             (cubeless{evaluators})."
        )
    };
    let top: Vec<&ConceptPart> = parts
        .iter()
        .take(3)
        .filter(|p| p.equity.abs() >= 0.001)
        .collect();
    let list = |want_loss: bool| -> Vec<String> {
        top.iter()
            .filter(|p| (p.equity < 0.0) == want_loss)
            .map(|p| part_words(p))
            .collect()
    };
    let (losses, gains) = (list(true), list(false));
    match (losses.is_empty(), gains.is_empty()) {
        (false, false) => s.push_str(&format!(
            " Your play gives up most in {}; it gains in {}.",
            losses.join("; "),
            gains.join("; ")
        )),
        (false, true) => s.push_str(&format!(
            " Your play gives up most in {}.",
            losses.join("; ")
        )),
        (true, false) => s.push_str(&format!(" Your play gains in {}.", gains.join("; "))),
        (true, true) => {}
    }
    // Parts much larger than the total pull against each other: say so, with their sizes.
    let size: f64 = parts.iter().map(|p| p.equity.abs()).sum();
    if size > 3.0 * total.abs() && size >= 0.01 {
        s.push_str(&format!(
            " These parts pull against each other ({size:.3} in all for {:.3}): the net \
             weighs them together, not one by one.",
            total.abs()
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_input_has_one_concept_of_its_net() {
        let start = Position::opening(crate::core::position::Side::White).sides();
        let all = contact_concepts(&start, &start);
        for c in CONTACT_CONCEPTS {
            assert!(all.contains(&c) || c == Concept::Blots, "{c:?}");
        }
        for i in 0..RACE_INPUTS {
            assert!(RACE_CONCEPTS.contains(&race_concept(i)), "{i}");
        }
        for c in RACE_CONCEPTS {
            assert!((0..RACE_INPUTS).any(|i| race_concept(i) == c), "{c:?}");
        }
    }

    #[test]
    fn the_same_position_twice_has_nothing_to_split() {
        let ev = NativeEvaluator::self_contained();
        let p = Position::opening(crate::core::position::Side::White);
        let why = why_gnubg(&ev, &p, &p).unwrap();
        assert_eq!(why.total, 0.0);
        assert!(why.concepts.is_empty(), "{:?}", why.concepts);
    }

    #[test]
    fn a_point_s_four_inputs_go_to_one_concept() {
        let mut played = Position::opening(crate::core::position::Side::White).sides();
        let mut best = played;
        // The mover (side 0 after the move) makes its 5-point in the best (13/5 8/5 against
        // 13/11 8/5: a blot on 5 and on 11).
        best[0][4] = 2;
        best[0][12] -= 1;
        best[0][7] -= 1;
        played[0][4] = 1;
        played[0][10] = 1;
        played[0][12] -= 1;
        played[0][7] -= 1;
        let c = contact_concepts(&played, &best);
        assert!((16..20).all(|i| c[i] == Concept::HomeBoard));
        assert!((40..44).all(|i| c[i] == Concept::Blots));
    }

    #[test]
    fn a_part_whose_figure_is_the_same_after_both_says_so() {
        let part = |played, best| ConceptPart {
            name: "blots and stacks",
            unit: "blots",
            played: Some(played),
            best: Some(best),
            equity: -0.068,
        };
        assert_eq!(
            part_words(&part(2.0, 2.0)),
            "blots and stacks: 2 blots either way, placed differently (-0.068)"
        );
        assert_eq!(
            part_words(&part(3.0, 1.0)),
            "blots and stacks: yours 3, the best 1 blots (-0.068)"
        );
    }
}
