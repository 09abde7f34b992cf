//! gnubg's own reason for each checker error (issue 51): the split of the 0-ply cubeless
//! difference over the net's concepts sums to it on every error of the shared real matches,
//! and a hand-checked position reads as a player sees it.

use bgw_engine::core::task::Task;
use bgw_engine::matches::{
    Decision, DecisionKind, Match, MoveVerdict, ReviewOptions, Reviewed, Verdict, read_match_file,
    review, why_gnubg_of,
};
use bgw_engine::reference::native::{NativeEngine, NativeEvaluator, WhyGnubg, cubeless_equity};
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

#[test]
fn scratch() {
    let ev = NativeEvaluator::self_contained();
    let (m, r) = reviewed("real/galaxy_match1497590.txt", 0);
    for (d, play, why) in errors(&m, &r, &ev) {
        let DecisionKind::Move(c) = &d.kind else {
            unreachable!()
        };
        println!(
            "{} {} {} played {} best {} loss {:.4} total {:.4}\n  {}\n  {:?}",
            d.position_id(),
            c.dice,
            play.mark.words(),
            c.mv.notation(),
            play.best,
            play.loss.unwrap(),
            why.total,
            why.sentence,
            why.concepts
                .iter()
                .map(|c| (c.name, c.equity))
                .collect::<Vec<_>>()
        );
    }
    let _ = cubeless_equity;
}

#[test]
fn scratch_stats() {
    let ev = NativeEvaluator::self_contained();
    for (name, plies) in [
        ("real/galaxy_match1497590.txt", 0),
        ("real/studio_boardlord_llabba_7pt.txt", 0),
        ("gnubg_7pt_seed102.mat", 1),
        ("gnubg_5pt_seed101.mat", 1),
        ("gnubg_3pt_seed103.mat", 1),
    ] {
        let (m, r) = reviewed(name, plies);
        let e = errors(&m, &r, &ev);
        let marked: Vec<_> = e.iter().filter(|x| x.1.loss.unwrap() > 0.03).collect();
        let mut top3 = 0;
        let mut del = 0;
        let mut agree = 0;
        for (_, _, w) in &marked {
            let mut parts: Vec<f64> = w.concepts.iter().map(|c| c.equity).collect();
            parts.sort_by(|a, b| b.abs().total_cmp(&a.abs()));
            let s: f64 = parts.iter().take(3).sum();
            if w.total < 0.0 && s / w.total >= 0.7 { top3 += 1; }
            let top = w.concept_parts().next();
            if let (Some(t), Some(a)) = (top, w.top_alone) {
                if a / t.equity >= 1.0 { del += 1; }
            }
            if w.total < 0.0 { agree += 1; }
        }
        println!("{name}: errors {} marked {} top3>=70% {} deletion {} net agrees {}", e.len(), marked.len(), top3, del, agree);
    }
}
