use super::*;
use crate::app::effect::Effect;
use bgw_engine::core::formats::MatchState;
use bgw_engine::matches::DecisionKind;
use bgw_engine::reference::{CubeDecision, ReferenceEngine, ScriptedEngine};
use std::sync::atomic::{AtomicUsize, Ordering};

const MATCH: &str = include_str!("../../../tests/data/matches/gnubg_3pt_seed103.mat");

/// A scripted engine per review thread: every play rated by its notation's length (so the
/// shortest notation is "best"), every cube decision "No double, take"; `asked` counts the
/// plays and cube positions it rated.
fn scripted(asked: Arc<AtomicUsize>) -> EngineFactory {
    Arc::new(move |_: &Task| {
        let (a, b) = (Arc::clone(&asked), Arc::clone(&asked));
        let e = ScriptedEngine::new(move |_, p| {
            a.fetch_add(1, Ordering::Relaxed);
            -(p.mv.notation().len() as f64) / 100.0
        })
        .with_cube(move |_, _, plies| {
            b.fetch_add(1, Ordering::Relaxed);
            CubeDecision {
                plies,
                no_double: 0.1,
                double_take: 0.05,
                double_pass: 1.0,
                action: "No double, take".into(),
                probs: Default::default(),
                cubeless: 0.1,
                mwc: None,
                points: None,
            }
        });
        Box::new(e) as Box<dyn ReferenceEngine + Send>
    })
}

/// Runs the jobs the effects start, here, and returns the notes.
fn run(effects: Vec<Effect<MatchAction>>) -> Vec<String> {
    let mut notes = Vec::new();
    for e in effects {
        match e {
            Effect::Start(s) => s.run_here(),
            Effect::Info(t) | Effect::Error(t) => notes.push(t),
            _ => {}
        }
    }
    notes
}

fn opened(asked: &Arc<AtomicUsize>) -> MatchReviewState {
    let mut s = MatchReviewState::with_engines(scripted(Arc::clone(asked)));
    let notes = run(s.update(MatchAction::Paste(MATCH.into())));
    assert!(
        notes[0].starts_with("opened pasted match: gnubg vs root, 3-point match"),
        "{notes:?}"
    );
    s
}

#[test]
fn a_pasted_match_opens_on_its_first_decision_and_steps_through_the_filters() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = opened(&asked);
    assert_eq!(s.selected, Some((0, 0)));
    let l = s.loaded.as_ref().unwrap();
    let first = l.decision(0, 0).unwrap().clone();
    let decisions = l.reviewed().1;
    let edit = s.selected_edit().unwrap();
    // The board: the decision's position, its roll, the match's score and length.
    assert_eq!(edit.position().unwrap(), first.position);
    let DecisionKind::Move(c) = &first.kind else {
        panic!("{first:?}")
    };
    assert_eq!(edit.roll(), Some(c.dice));
    let state = edit.match_state.expect("a 3-point match has a match state");
    let MatchState::MatchId(id) = state else {
        panic!("{state:?}")
    };
    assert_eq!((id.match_length, id.score_white, id.score_black), (3, 0, 0));
    // Stepping: forward, back, and never past either end.
    s.update(MatchAction::Step(1));
    assert_eq!(s.selected, Some((0, 1)));
    s.update(MatchAction::Step(-5));
    assert_eq!(s.selected, Some((0, 0)));
    let all = s.shown();
    assert_eq!(all.len(), decisions);
    s.update(MatchAction::Select(
        all[all.len() - 1].0,
        all[all.len() - 1].1,
    ));
    s.update(MatchAction::Step(1));
    assert_eq!(s.selected, all.last().copied());
    // One player's decisions only: every one shown is theirs, and stepping stays among them.
    s.update(MatchAction::Player(Some(1)));
    let root = s.shown();
    assert!(!root.is_empty() && root.len() < all.len());
    let l = s.loaded.as_ref().unwrap();
    assert!(
        root.iter()
            .all(|&(g, d)| l.decision(g, d).unwrap().player == 1)
    );
    s.update(MatchAction::Select(0, 0));
    s.update(MatchAction::Step(1));
    assert!(root.contains(&s.selected.unwrap()));
    // Errors only before a review: nothing is marked yet.
    s.update(MatchAction::ErrorsOnly(true));
    assert!(s.shown().is_empty());
}

#[test]
fn a_review_streams_verdicts_marks_errors_and_asks_the_engine_once_per_question() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = opened(&asked);
    let weights = Weights::builtin_default();
    run(s.update(MatchAction::Review(weights)));
    let notes = run(s.poll());
    assert!(s.job().is_none());
    assert!(notes.iter().any(|n| n.contains("done")), "{notes:?}");
    let l = s.loaded.as_ref().unwrap();
    let (done, all) = l.reviewed();
    assert_eq!(done, all, "every decision has a verdict");
    let summary = l.summary.as_ref().expect("a summary once reviewed");
    assert_eq!(summary[0].name, "gnubg");
    assert!(summary[0].unforced_moves + summary[1].unforced_moves > 0);
    // The scripted engine's best is the shortest notation: gnubg's own moves rarely are, so
    // some decisions are marked; "errors only" shows exactly those.
    s.update(MatchAction::ErrorsOnly(true));
    let errors = s.shown();
    assert!(!errors.is_empty() && errors.len() < all);
    let l = s.loaded.as_ref().unwrap();
    for &(g, d) in &errors {
        assert_ne!(mark_of(l.verdict(g, d).unwrap()), Mark::None);
    }
    // The review's best is marked on the candidates of the decision's board.
    let (g, d) = errors[0];
    s.update(MatchAction::Select(g, d));
    let edit = s.selected_edit().unwrap();
    let marks = s.marks_for(&edit).unwrap();
    let Some(Verdict::Move { play, .. }) = s.loaded.as_ref().unwrap().verdict(g, d) else {
        panic!()
    };
    assert_eq!(marks.best.as_deref(), Some(play.best.as_str()));
    assert!(marks.played.is_some());
    // An edited board is another position: no marks.
    let mut other = edit;
    other.dice = [0, 0];
    assert_eq!(s.marks_for(&other), None);
    // Reviewing again asks the engine nothing new: every answer was kept.
    let first = asked.load(Ordering::Relaxed);
    assert!(first > 0 && s.cached_answers() > 0);
    run(s.update(MatchAction::Review(weights)));
    run(s.poll());
    assert_eq!(asked.load(Ordering::Relaxed), first);
    assert_eq!(s.loaded.as_ref().unwrap().reviewed(), (all, all));
    // Another depth is another question.
    s.update(MatchAction::SetPlies(1));
    run(s.update(MatchAction::Review(weights)));
    run(s.poll());
    assert!(asked.load(Ordering::Relaxed) > first);
    assert_eq!(s.loaded.as_ref().unwrap().plies, Some(1));
}

#[test]
fn a_cancelled_review_keeps_what_it_has_and_says_it_stopped() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = opened(&asked);
    let effects = s.update(MatchAction::Review(Weights::builtin_default()));
    s.update(MatchAction::Cancel);
    run(effects);
    let notes = run(s.poll());
    assert!(notes.iter().any(|n| n.contains("stopped")), "{notes:?}");
    let (done, all) = s.loaded.as_ref().unwrap().reviewed();
    assert!(done < all);
}

/// An engine per review thread that rates every play and answers no cube decision: the rolls
/// where the cube could have been turned are not judged.
fn without_cube() -> EngineFactory {
    Arc::new(|_: &Task| {
        Box::new(ScriptedEngine::new(|_, p| {
            -(p.mv.notation().len() as f64) / 100.0
        })) as Box<dyn ReferenceEngine + Send>
    })
}

#[test]
fn a_partial_review_says_how_many_decisions_were_not_judged() {
    let mut s = MatchReviewState::with_engines(without_cube());
    run(s.update(MatchAction::Paste(MATCH.into())));
    run(s.update(MatchAction::Review(Weights::builtin_default())));
    let notes = run(s.poll());
    let l = s.loaded.as_ref().unwrap();
    let c = l.coverage();
    let (_, all) = l.reviewed();
    assert!(c.not_judged > 0 && c.answered > 0, "{c:?}");
    let line = format!(
        "pasted match: {} of {all} decisions not judged (the engine failed: ",
        c.not_judged
    );
    assert!(
        notes.iter().any(|n| n.starts_with(&line)),
        "{line}\n{notes:?}"
    );
    assert_eq!(
        c.not_judged_line()
            .map(|l| l.contains("has no cube decisions")),
        Some(true)
    );
}

#[test]
fn a_match_longer_than_gnubg_plays_is_not_reviewed() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = MatchReviewState::with_engines(scripted(Arc::clone(&asked)));
    run(s.update(MatchAction::Paste(
        MATCH.replace("3 point match", "65 point match"),
    )));
    assert_eq!(s.loaded.as_ref().unwrap().game.match_length, 65);
    let notes = run(s.update(MatchAction::Review(Weights::builtin_default())));
    assert_eq!(
        notes,
        ["gnubg cannot review a 65-point match: gnubg plays matches of at most 64 points"]
    );
    assert!(s.job().is_none());
    assert_eq!(asked.load(Ordering::Relaxed), 0);
}

#[test]
fn bad_matches_are_refused_with_the_reason_and_the_open_one_stays() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = opened(&asked);
    let notes = run(s.update(MatchAction::Paste(
        "7 point match\n\nGame 1\nnonsense".into(),
    )));
    assert!(
        notes
            .iter()
            .any(|n| n.starts_with("the pasted match was not read")),
        "{notes:?}"
    );
    assert_eq!(s.loaded.as_ref().unwrap().name, "pasted match");
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.mat");
    let notes = run(s.update(MatchAction::Load(missing)));
    assert!(
        notes[0].starts_with("none.mat was not opened: "),
        "{notes:?}"
    );
    assert!(s.loaded.is_some());
    s.update(MatchAction::Close);
    assert!(s.loaded.is_none() && s.selected.is_none());
}

#[test]
fn only_match_text_is_taken_for_a_match() {
    assert!(looks_like_match(MATCH));
    assert!(looks_like_match(
        "(;FF[4]GM[6]CA[UTF-8]AP[GNU Backgammon:1.07.001]MI[length:3][game:0])"
    ));
    for id in [
        "4HPwATDgc/ABMA",
        "4HPwATDgc/ABMA:cAkAAAAAAAAA",
        "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:2:4:0:7:10",
        "(;FF[4]GM[1])",
    ] {
        assert!(!looks_like_match(id), "{id}");
    }
}
