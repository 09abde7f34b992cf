//! gnubg's own reason for each checker error (issue 51): the split of the 0-ply cubeless
//! difference over the net's concepts sums to it on every error of the shared real matches,
//! and a hand-checked position reads as a player sees it.

use bgw_engine::core::dice::Dice;
use bgw_engine::core::formats::decode_position_id;
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::core::position::{Position, Side};
use bgw_engine::core::task::Task;
use bgw_engine::matches::{Decision, DecisionKind, Match, read_match_file};
use bgw_engine::reference::native::{
    NativeEngine, NativeEvaluator, WhyGnubg, cubeless_equity, why_gnubg,
};
use bgw_engine::review::{
    Mark, MoveVerdict, ReviewOptions, Reviewed, Verdict, review, why_gnubg_of,
};
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches")
        .join(name)
}

/// The match reviewed by the native engine at `plies`.
fn reviewed(name: &str, plies: u8) -> (Match, Vec<Reviewed>) {
    let m = read_match_file(&data(name)).unwrap();
    let ev = NativeEvaluator::self_contained();
    let options = ReviewOptions {
        plies,
        weights: Default::default(),
        threads: 2,
    };
    let make = || NativeEngine::new(ev.clone());
    let r = review(&m, &options, &make, &Task::new(), &mut |_| {});
    (m, r)
}

/// Every checker error with its decision, verdict and gnubg's reason.
fn errors<'a>(
    m: &'a Match,
    r: &'a [Reviewed],
    ev: &NativeEvaluator,
) -> Vec<(&'a Decision, &'a MoveVerdict, WhyGnubg)> {
    let mut out = Vec::new();
    for x in r {
        let d = &m.games[x.game].decisions[x.decision];
        let Verdict::Move { play, .. } = &x.verdict else {
            continue;
        };
        if !matches!(d.kind, DecisionKind::Move(_)) || play.loss.is_none_or(|l| l <= 0.0) {
            continue;
        }
        let why = why_gnubg_of(ev, d, play)
            .expect("every error has gnubg's reason")
            .unwrap();
        out.push((d, play, why));
    }
    out
}

/// The mover's 0-ply cubeless equity after a move (the result from the mover's view), by the
/// evaluator's public call: gnubg scores it from the opponent's view.
fn equity_after(ev: &NativeEvaluator, result: &Position) -> f64 {
    -f64::from(cubeless_equity(&ev.evaluate(&result.mirror()).unwrap()))
}

/// The split's own checks: the parts sum to the total within 1e-6, and the total is the
/// evaluator's 0-ply cubeless difference of the two positions.
fn check_split(ev: &NativeEvaluator, d: &Decision, play: &MoveVerdict, why: &WhyGnubg) {
    let DecisionKind::Move(c) = &d.kind else {
        unreachable!()
    };
    let sum: f64 = why.concepts.iter().map(|p| p.equity).sum();
    assert!(
        (sum - why.total).abs() <= 1e-6,
        "{}: the parts sum to {sum}, the total is {}",
        d.position_id(),
        why.total
    );
    let best = MoveGenerator::new()
        .generate(&d.position, c.dice)
        .iter()
        .find(|p| p.mv.notation() == play.best)
        .unwrap()
        .result;
    let expected = equity_after(ev, &c.result) - equity_after(ev, &best);
    assert!(
        (why.total - expected).abs() <= 1e-6,
        "{}: total {} against the evaluator's {expected}",
        d.position_id(),
        why.total
    );
    assert!(!why.sentence.is_empty());
}

#[test]
fn every_error_of_a_real_match_has_a_split_that_sums_to_its_0_ply_difference() {
    let ev = NativeEvaluator::self_contained();
    let (m, r) = reviewed("real/galaxy_match1497590.txt", 0);
    let e = errors(&m, &r, &ev);
    // docs/review.md: 44 checker errors at 0 plies, 23 of them marked.
    assert!(e.len() >= 40, "{} errors", e.len());
    for (d, play, why) in &e {
        check_split(&ev, d, play, why);
        // A net judged every one of them: each has concepts with their values.
        assert!(why.concept_parts().count() > 0, "{}", d.position_id());
        assert!(
            why.concept_parts()
                .all(|c| c.played.is_some() && c.best.is_some())
        );
    }
}

/// A position a player reads at a glance: 6-3 to play with two checkers on the midpoint and
/// the opponent's anchor on our ace point. 13/4 leaves one blot on the 13-point, twelve pips
/// from the anchor (only 6-6 hits it: 4-4, 3-3 and 2-2 are blocked by our points); 13/10 13/7
/// leaves blots six and nine pips away. gnubg's net says the same: the shots part is the
/// largest, the shots are 13 of 36 against 1, and with the pips they cost they carry most of
/// the loss.
#[test]
fn a_blot_left_to_many_shots_is_explained_by_the_shots() {
    let ev = NativeEvaluator::self_contained();
    let pos = decode_position_id("3N0DADBs+wwGAA", Side::White).unwrap();
    let plays = MoveGenerator::new()
        .generate(&pos, Dice::new(6, 3).unwrap())
        .to_vec();
    let by = |n: &str| plays.iter().find(|p| p.mv.notation() == n).unwrap().result;
    let (played, best) = (by("13/10 13/7"), by("13/4"));
    // 13/4 is the net's best play of the roll.
    let top = plays
        .iter()
        .map(|p| equity_after(&ev, &p.result))
        .fold(f64::MIN, f64::max);
    assert_eq!(top, equity_after(&ev, &best));
    let why = why_gnubg(&ev, &played, &best).unwrap();
    let sum: f64 = why.concepts.iter().map(|p| p.equity).sum();
    assert!((sum - why.total).abs() <= 1e-6);
    assert!(why.total < -0.3, "{}", why.total);
    let first = &why.concepts[0];
    assert_eq!(first.name, "shots at your blots");
    assert_eq!((first.played, first.best), (Some(13.0), Some(1.0)));
    // With the pips those shots cost, they carry most of the loss.
    let hits: f64 = why
        .concepts
        .iter()
        .filter(|c| c.name == "shots at your blots" || c.name == "pips lost when hit")
        .map(|c| c.equity)
        .sum();
    assert!(first.equity < 0.0 && hits / why.total > 0.8, "{why:?}");
    assert!(
        why.sentence
            .contains("shots at your blots: yours 13, the best 1 of 36"),
        "{}",
        why.sentence
    );
}

/// The classic program's seed terms, as the concepts that read the same thing.
fn classic_concepts(term: &str) -> &'static [&'static str] {
    match term {
        "WBAR" => &["hits and the bar"],
        "WBLOTS" => &["blots and stacks", "shots at your blots"],
        "WSINCL" => &["shots at your blots", "blots and stacks"],
        "WHOMEP" => &["home board points"],
        "WPOINTS" | "WADJ" => &[
            "home board points",
            "outfield points",
            "anchors and back checkers",
        ],
        "WFST3" | "WFST6" => &[
            "anchors and back checkers",
            "back escapes",
            "breaking contact",
        ],
        "WFST12" | "WHOME" | "WTOGO" => &["breaking contact", "timing", "back escapes"],
        _ => &[],
    }
}

fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The measures of docs/review.md ("Why, in gnubg's own terms"), printed with
/// `cargo test -p bgw-engine --test engine why_gnubg::measured -- --nocapture`: over every
/// checker error of the shared real matches (the self-play matches at 1 ply, where their
/// 0-ply reviews find no errors), each split sums to its 0-ply difference.
#[test]
fn measured_over_the_shared_matches() {
    let ev = NativeEvaluator::self_contained();
    println!(
        "match | plies | errors | marked | net agrees | top 3 >= 70 % | deletion | classic agrees"
    );
    for (name, plies) in [
        ("real/galaxy_match1497590.txt", 0),
        ("real/studio_boardlord_llabba_7pt.txt", 0),
        ("gnubg_7pt_seed102.mat", 1),
        ("gnubg_5pt_seed101.mat", 1),
        ("gnubg_3pt_seed103.mat", 1),
    ] {
        let (m, r) = reviewed(name, plies);
        let started = std::time::Instant::now();
        let e = errors(&m, &r, &ev);
        // Printed, not asserted: how long the splits take (2^k net passes each).
        let took = started.elapsed().as_secs_f64() * 1000.0 / e.len().max(1) as f64;
        let (mut marked, mut agrees, mut top3, mut deletion, mut classic, mut asked) =
            (0, 0, 0, 0, 0, 0);
        // The parts' sizes against the total (how much they pull against each other), and the
        // largest rest the net does not carry (gnubg's rules, another evaluator).
        let (mut sizes, mut rest) = (Vec::new(), 0.0f64);
        for (d, play, why) in &e {
            check_split(&ev, d, play, why);
            for c in why.concepts.iter().filter(|c| c.played.is_none()) {
                rest = rest.max(c.equity.abs());
            }
            if play.mark == Mark::None {
                continue;
            }
            marked += 1;
            if why.total >= 0.0 {
                continue;
            }
            agrees += 1;
            sizes.push(why.concepts.iter().map(|c| c.equity.abs()).sum::<f64>() / -why.total);
            let s: f64 = why.concepts.iter().take(3).map(|c| c.equity).sum();
            top3 += usize::from(s / why.total >= 0.7);
            let top = why.concept_parts().next();
            if let (Some(t), Some(alone)) = (top, why.top_alone) {
                deletion += usize::from(alone / t.equity >= 1.0);
            }
            if let Some(term) = play.why.as_ref().and_then(|w| w.terms.first()) {
                asked += 1;
                let want = classic_concepts(term.term.seed_name());
                // The classic's largest term favours the best when its weighted delta is
                // positive; a concept agrees when it is among gnubg's three largest and costs
                // the player in the same direction.
                let best_side = term.weighted_delta > 0.0;
                classic += usize::from(
                    why.concepts
                        .iter()
                        .take(3)
                        .any(|c| want.contains(&c.name) && (c.equity < 0.0) == best_side),
                );
            }
        }
        println!(
            "{name} | {plies} | {} | {marked} | {agrees} | {top3} | {deletion} | {classic} of {asked} \
             | parts' size (median) {:.1}× the total | largest rest {rest:.1e} | {took:.1} ms an error",
            e.len(),
            median(&mut sizes)
        );
    }
}

/// Two plays of every position of seeded random games (contact, crashed, race, bear-off, the
/// game's end; across classes too): the split never fails, its parts sum to the evaluator's
/// 0-ply difference within 1e-6, and every kind of rest shows up.
#[test]
fn every_class_splits_exactly() {
    use bgw_engine::core::rng::SplitMix64;
    let ev = NativeEvaluator::self_contained();
    let mut rng = SplitMix64::new(51);
    let mut generator = MoveGenerator::new();
    let mut nets = std::collections::BTreeSet::new();
    let mut rests = std::collections::BTreeSet::new();
    for pos in crate::native_evaluator::self_play(2026, 40) {
        let dice = Dice::new(rng.below(6) as u8 + 1, rng.below(6) as u8 + 1).unwrap();
        let plays = generator.generate(&pos, dice).to_vec();
        if plays.len() < 2 {
            continue;
        }
        let a = plays[rng.below(plays.len() as u32) as usize].result;
        let b = plays[rng.below(plays.len() as u32) as usize].result;
        let why = why_gnubg(&ev, &a, &b).unwrap();
        let sum: f64 = why.concepts.iter().map(|p| p.equity).sum();
        let expected = equity_after(&ev, &a) - equity_after(&ev, &b);
        assert!((sum - why.total).abs() <= 1e-6, "{why:?}");
        assert!((why.total - expected).abs() <= 1e-6, "{why:?}");
        nets.insert(why.net);
        for c in why.concepts.iter().filter(|c| c.played.is_none()) {
            rests.insert(c.name);
        }
    }
    for net in ["contact net", "crashed net", "race net"] {
        assert!(nets.contains(net), "{nets:?}");
    }
    assert!(rests.contains("gnubg's rules"), "{rests:?}");
    assert!(rests.contains("exact database"), "{rests:?}");
}
