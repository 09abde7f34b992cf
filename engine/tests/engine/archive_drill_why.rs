//! Issue 51, the drill: the verdict on a wrong answer carries gnubg's own reason (a checker
//! play's split over the nets' concepts, a cube answer's deciding figure), a right answer and
//! the card itself none.

use super::archive_drill::reviewed_archive;
use bgw_engine::archive::{DeckOptions, DrillWhy, ErrorKind, parse_time};
use bgw_engine::reference::ReferenceEngine;
use bgw_engine::reference::native::{NativeEvaluator, why_gnubg_of_plays};

fn no_engine() -> impl FnMut() -> Option<Box<dyn ReferenceEngine>> {
    || None
}

#[test]
fn a_wrong_move_is_explained_by_the_nets_and_its_parts_sum_to_the_total() {
    let (mut archive, _) = reviewed_archive();
    let now = parse_time("2026-12-05T09:00:00Z").unwrap();
    archive.build_deck(&DeckOptions::of("root"), now).unwrap();
    let ev = NativeEvaluator::self_contained();
    let cards: Vec<_> = (archive.cards(Some("root")).unwrap().into_iter())
        .filter(|c| c.error.kind == ErrorKind::Move)
        .collect();
    assert!(cards.len() >= 2, "{} move cards", cards.len());
    // Before the answer: the card says nothing of why.
    let shown = serde_json::to_string(&cards[0]).unwrap();
    assert!(
        !shown.contains("why") && !shown.contains("concepts"),
        "{shown}"
    );

    // The move played in the match, answered again: wrong, and explained.
    let card = &cards[0];
    let g = archive
        .answer_card_explained(
            card.card,
            &card.error.played,
            now,
            &mut no_engine(),
            Some(&ev),
        )
        .unwrap();
    assert!(!g.correct, "{g:?}");
    let why = g.why_gnubg.as_ref().expect("a reason for a wrong move");
    let DrillWhy::Move(w) = why else {
        panic!("not a checker play's split: {why:?}");
    };
    let sum: f64 = w.concepts.iter().map(|c| c.equity).sum();
    assert!((sum - w.total).abs() < 1e-6, "{sum} vs {}", w.total);
    assert!(!w.concepts.is_empty() && !w.sentence.is_empty(), "{w:?}");
    assert_eq!(why.sentence(), w.sentence);
    // The split is of the answer against the review's best, as the archive's errors give it.
    let setup = card.setup().unwrap();
    let same = why_gnubg_of_plays(
        &ev,
        &setup.position,
        setup.dice.unwrap(),
        &card.error.played,
        &card.error.best,
    )
    .expect("both plays read")
    .unwrap();
    assert_eq!(w, &same);
    // In the JSON: the review's object, under `why_gnubg`.
    let json = serde_json::to_value(&g).unwrap();
    assert!(json["why_gnubg"]["concepts"].is_array(), "{json}");
    assert!(json["why_gnubg"]["sentence"].is_string(), "{json}");

    // The best move: right, nothing to explain.
    let card = &cards[1];
    let g = archive
        .answer_card_explained(
            card.card,
            &card.error.best,
            now,
            &mut no_engine(),
            Some(&ev),
        )
        .unwrap();
    assert!(g.correct && g.why_gnubg.is_none(), "{g:?}");
    let json = serde_json::to_value(&g).unwrap();
    assert!(json.get("why_gnubg").is_none(), "{json}");
}

#[test]
fn without_the_nets_a_wrong_move_has_no_reason() {
    let (mut archive, _) = reviewed_archive();
    let now = parse_time("2026-12-05T09:00:00Z").unwrap();
    archive.build_deck(&DeckOptions::of("root"), now).unwrap();
    let card = (archive.cards(Some("root")).unwrap().into_iter())
        .find(|c| c.error.kind == ErrorKind::Move)
        .unwrap();
    let g = archive
        .answer_card(card.card, &card.error.played, now, &mut no_engine())
        .unwrap();
    assert!(!g.correct && g.why_gnubg.is_none(), "{g:?}");
}

#[test]
fn a_wrong_cube_answer_says_which_figure_decided_it() {
    let (mut archive, _) = reviewed_archive();
    let now = parse_time("2026-12-05T09:00:00Z").unwrap();
    for player in ["root", "gnubg"] {
        archive.build_deck(&DeckOptions::of(player), now).unwrap();
    }
    let cards = archive.cards(None).unwrap();
    let double = cards
        .iter()
        .find(|c| c.error.kind == ErrorKind::Double)
        .unwrap();
    let drop = cards
        .iter()
        .find(|c| c.error.kind == ErrorKind::Take)
        .unwrap();
    // The scripted review: no double 0.3, double/take 0.2, double/pass 1.0.
    let g = archive
        .answer_card_explained(double.card, "double", now, &mut no_engine(), None)
        .unwrap();
    let why = g.why_gnubg.expect("a reason for a wrong double");
    assert!(
        matches!(why, DrillWhy::Cube(_))
            && why.sentence().starts_with("No double is right")
            && why.sentence().contains("+0.300")
            && why.sentence().contains("+0.200"),
        "{why:?}"
    );
    let g = archive
        .answer_card_explained(drop.card, "pass", now, &mut no_engine(), None)
        .unwrap();
    let why = g.why_gnubg.clone().expect("a reason for a wrong pass");
    assert!(
        why.sentence().starts_with("Taking is right") && why.sentence().contains("+1.000"),
        "{why:?}"
    );
    assert_eq!(
        serde_json::to_value(&g).unwrap()["why_gnubg"],
        serde_json::json!(why.sentence())
    );
    // Right: none.
    let g = archive
        .answer_card_explained(drop.card, "take", now, &mut no_engine(), None)
        .unwrap();
    assert!(g.correct && g.why_gnubg.is_none(), "{g:?}");
}
