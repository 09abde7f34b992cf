//! The drill over an archive reviewed by a scripted engine (gnubg's self-play 5-point match,
//! four doubles among them): the deck holds the player's marked errors once, a card is
//! graded against the review's figures (the engine asked only for a third move), FSRS
//! schedules it, and everything is kept in the archive.

use bgw_engine::archive::{
    Added, Archive, DeckOptions, DrillError, EngineName, ErrorFilter, ErrorKind, MatchFile,
    parse_time,
};
use bgw_engine::core::moves::{Play, legal_plays};
use bgw_engine::core::task::Task;
use bgw_engine::matches::Match;
use bgw_engine::reference::{CubeDecision, ReferenceEngine, ScriptedEngine};
use bgw_engine::review::{Mark, ReviewOptions, review, summarize};
use bgw_engine::{Position, Weights};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

fn equity(_: &Position, p: &Play) -> f64 {
    f64::from(p.result.pips().1) / 100.0
}

/// No double, take: a double is wrong by 0.1, a drop by 0.8, a take right.
fn cube(_: &Position, _: &bgw_engine::reference::MatchContext, plies: u8) -> CubeDecision {
    CubeDecision {
        plies,
        no_double: 0.3,
        double_take: 0.2,
        double_pass: 1.0,
        action: "No double, take".into(),
        probs: [0.6, 0.1, 0.0, 0.1, 0.0],
        cubeless: 0.3,
        mwc: None,
        points: None,
    }
}

fn engine() -> ScriptedEngine {
    ScriptedEngine::new(equity).with_cube(cube)
}

/// gnubg's self-play 5-point match stored and reviewed at 0 plies by the scripted engine (no
/// double and take are right); also for `archive_drill_words`.
pub(super) fn reviewed_archive() -> (Archive, Match) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101.mat");
    let text = std::fs::read_to_string(path).unwrap();
    let file = MatchFile::from_text("gnubg_5pt_seed101.mat", &text);
    let m = file.parse().unwrap();
    let mut archive = Archive::open_in_memory().unwrap();
    let Added::New(key) = archive.add_match(&file, &m).unwrap() else {
        panic!("not new");
    };
    let options = ReviewOptions {
        plies: 0,
        weights: Weights::default(),
        threads: 1,
    };
    let reviewed = review(&m, &options, &engine, &Task::new(), &mut |_| {});
    let summary = summarize(&m, &reviewed, None);
    let name = EngineName {
        name: "Scripted engine".into(),
        version: Some("1".into()),
    };
    archive
        .store_review(key, 0, &name, &reviewed, None, &summary)
        .unwrap();
    (archive, m)
}

fn at(text: &str) -> chrono::DateTime<chrono::Utc> {
    parse_time(text).unwrap()
}

fn no_engine() -> impl FnMut() -> Option<Box<dyn ReferenceEngine>> {
    || None
}

fn answers(archive: &Archive) -> i64 {
    archive
        .connection()
        .query_row("SELECT count(*) FROM drill_answers", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn the_deck_is_the_players_marked_errors_once_each() {
    let (mut archive, _) = reviewed_archive();
    let now = at("2026-12-05T09:00:00Z");
    let errors = archive
        .errors(&ErrorFilter {
            player: "root".into(),
            ..ErrorFilter::default()
        })
        .unwrap();
    let marked = errors
        .iter()
        .filter(|e| e.error.loss > Mark::DOUBTFUL_ABOVE)
        .count();
    assert!(marked >= 5, "{marked} marked errors");
    let kinds: Vec<ErrorKind> = errors.iter().map(|e| e.error.kind).collect();
    assert!(kinds.contains(&ErrorKind::Move) && kinds.contains(&ErrorKind::Double));
    let added = archive.build_deck(&DeckOptions::of("root"), now).unwrap();
    assert_eq!(added, marked);
    // Again: nothing new.
    assert_eq!(
        archive.build_deck(&DeckOptions::of("root"), now).unwrap(),
        0
    );
    let count = archive.deck_count(Some("root"), now).unwrap();
    assert_eq!(
        (count.cards, count.due, count.new),
        (marked as u64, marked as u64, marked as u64)
    );
    assert_eq!(archive.deck_count(Some("gnubg"), now).unwrap().cards, 0);
    // Every card is one of the errors, with its figures.
    for card in archive.cards(Some("root")).unwrap() {
        assert!(
            errors.iter().any(|e| e.error.kind == card.error.kind
                && e.error.best == card.error.best
                && (e.error.loss - card.error.loss).abs() < 1e-12
                && e.error.game == card.error.game
                && e.error.number == card.error.number),
            "{card:?}"
        );
        card.setup().unwrap();
    }
}

#[test]
fn the_best_move_is_good_and_comes_back_later_the_move_played_again_and_soon() {
    let (mut archive, _) = reviewed_archive();
    let now = at("2026-12-05T09:00:00Z");
    archive.build_deck(&DeckOptions::of("root"), now).unwrap();
    let moves: Vec<_> = archive
        .cards(Some("root"))
        .unwrap()
        .into_iter()
        .filter(|c| c.error.kind == ErrorKind::Move)
        .collect();
    let (first, second) = (&moves[0], &moves[1]);

    let good = archive
        .answer_card(first.card, &first.error.best, now, &mut no_engine())
        .unwrap();
    assert!(good.correct, "{good:?}");
    assert_eq!((good.loss_memg, good.rating), (0.0, "good"));
    let bad = archive
        .answer_card(second.card, &second.error.played, now, &mut no_engine())
        .unwrap();
    assert!(!bad.correct);
    assert!(
        (bad.loss_memg - 1000.0 * second.error.loss).abs() < 1e-9,
        "{bad:?}"
    );
    assert_eq!(bad.rating, "again");
    let (good_due, bad_due) = (at(&good.due), at(&bad.due));
    assert!(bad_due > now && good_due > bad_due, "{good:?} {bad:?}");
    assert_eq!(answers(&archive), 2);

    // The two are no longer due now; the next card is another one.
    let next = archive.next_card(Some("root"), now).unwrap().unwrap();
    assert!(next.card != first.card && next.card != second.card);
    assert_eq!(
        archive.deck_count(Some("root"), now).unwrap().due as usize,
        archive.cards(Some("root")).unwrap().len() - 2
    );
    // Once due, the missed one is back in the deck (after the cards due before it); the
    // one answered well is not yet.
    let total = archive.cards(Some("root")).unwrap().len() as u64;
    assert_eq!(
        archive.deck_count(Some("root"), bad_due).unwrap().due,
        total - 1
    );
    let missed = archive.card(second.card).unwrap().unwrap();
    assert_eq!((missed.due.as_str(), missed.reps), (bad.due.as_str(), 1));
}

#[test]
fn a_third_move_is_judged_by_the_engine_at_the_reviews_depth() {
    let (mut archive, _) = reviewed_archive();
    let now = at("2026-12-05T09:00:00Z");
    archive.build_deck(&DeckOptions::of("root"), now).unwrap();
    let cards = archive.cards(Some("root")).unwrap();
    // A card whose roll has a move that is neither the best nor the one played.
    let (card, other, loss) = cards
        .iter()
        .filter(|c| c.error.kind == ErrorKind::Move)
        .find_map(|c| {
            let setup = c.setup().unwrap();
            let dice = setup.dice.unwrap();
            let plays = legal_plays(&setup.position, dice);
            let best = plays
                .iter()
                .map(|p| equity(&setup.position, p))
                .fold(f64::NEG_INFINITY, f64::max);
            plays
                .iter()
                .find(|p| {
                    let n = p.mv.notation();
                    n != c.error.best
                        && n != c.error.played
                        && equity(&setup.position, p) < best - 0.005
                })
                .map(|p| {
                    (
                        c.clone(),
                        p.mv.notation(),
                        best - equity(&setup.position, p),
                    )
                })
        })
        .expect("a card with a third move");
    // Without an engine: refused, nothing stored.
    let e = archive
        .answer_card(card.card, &other, now, &mut no_engine())
        .unwrap_err();
    assert!(matches!(e, DrillError::Engine(_)), "{e}");
    assert_eq!(answers(&archive), 0);
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let graded = archive
        .answer_card(card.card, &other, now, &mut || {
            counter.fetch_add(1, Ordering::SeqCst);
            Some(Box::new(engine()) as Box<dyn ReferenceEngine>)
        })
        .unwrap();
    assert_eq!(asked.load(Ordering::SeqCst), 1);
    assert!(
        (graded.loss_memg - 1000.0 * loss).abs() < 1e-6,
        "{graded:?} vs {loss}"
    );
    assert!(!graded.correct);
    // Not a move of the roll: refused with why, nothing stored.
    let e = archive
        .answer_card(card.card, "24/1", now, &mut no_engine())
        .unwrap_err();
    assert!(matches!(e, DrillError::NotAnAnswer(_)), "{e}");
    assert!(e.to_string().contains("not a legal move"), "{e}");
    assert_eq!(answers(&archive), 1);
}

#[test]
fn cube_cards_take_the_cube_answers_graded_by_the_reviews_figures() {
    let (mut archive, _) = reviewed_archive();
    let now = at("2026-12-05T09:00:00Z");
    for player in ["root", "gnubg"] {
        archive.build_deck(&DeckOptions::of(player), now).unwrap();
    }
    let cards = archive.cards(None).unwrap();
    let double = cards
        .iter()
        .find(|c| c.error.kind == ErrorKind::Double)
        .expect("a wrong double");
    let drop = cards
        .iter()
        .find(|c| c.error.kind == ErrorKind::Take)
        .expect("a wrong drop");
    assert_eq!(
        (double.error.best.as_str(), double.error.dice.as_deref()),
        ("No double, take", None)
    );
    assert_eq!(drop.error.played, "drop");
    // The answer card shows the doubler's board with the double on offer, as gnubg does.
    let setup = drop.setup().unwrap();
    let id = setup.match_id_fields();
    assert!(id.double_offered && id.turn != id.on_roll, "{id:?}");

    let g = archive
        .answer_card(double.card, "No Double", now, &mut no_engine())
        .unwrap();
    assert!(g.correct && g.rating == "good", "{g:?}");
    assert_eq!(
        (g.best.as_str(), g.action.as_deref()),
        ("no double", Some("No double, take"))
    );
    let g = archive
        .answer_card(drop.card, "pass", now, &mut no_engine())
        .unwrap();
    assert!(
        (g.loss_memg - 800.0).abs() < 1e-9 && g.rating == "again",
        "{g:?}"
    );
    let e = archive
        .answer_card(drop.card, "double", now, &mut no_engine())
        .unwrap_err();
    assert!(e.to_string().contains("\"take\" or \"pass\""), "{e}");
    assert!(matches!(
        archive.answer_card(9999, "take", now, &mut no_engine()),
        Err(DrillError::NoCard(9999))
    ));
}

/// Issue 49: a player with no close cube decision has no cube rate (`None`: "n/a" in the
/// tables, null in the JSON), not 0.0; the other keeps theirs.
#[test]
fn a_player_without_close_cube_decisions_has_no_cube_rate() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101.mat");
    let text = std::fs::read_to_string(path).unwrap();
    let file = MatchFile::from_text("gnubg_5pt_seed101.mat", &text);
    let m = file.parse().unwrap();
    let mut archive = Archive::open_in_memory().unwrap();
    let Added::New(key) = archive.add_match(&file, &m).unwrap() else {
        panic!("not new");
    };
    let options = ReviewOptions {
        plies: 0,
        weights: Weights::default(),
        threads: 1,
    };
    let reviewed = review(&m, &options, &engine, &Task::new(), &mut |_| {});
    let mut summary = summarize(&m, &reviewed, None);
    assert!(summary[0].statistics.close_cube_decisions > 0);
    // The second player as one who never had a close cube decision.
    summary[1].statistics.close_cube_decisions = 0;
    summary[1].cube_error_emg = 0.0;
    let name = EngineName {
        name: "Scripted engine".into(),
        version: None,
    };
    archive
        .store_review(key, 0, &name, &reviewed, None, &summary)
        .unwrap();
    let players = archive.players(None).unwrap();
    let rate = |who: &str| {
        players
            .iter()
            .find(|p| p.player == who)
            .unwrap()
            .cube_error_rate_memg
    };
    assert!(rate(&m.players[0]).is_some());
    assert_eq!(rate(&m.players[1]), None);
    let json =
        serde_json::to_value(players.iter().find(|p| p.player == m.players[1]).unwrap()).unwrap();
    assert!(json["cube_error_rate_memg"].is_null(), "{json}");
}

/// A match reviewed at two depths (the deeper first): its cards are judged at the deeper
/// review, whichever was stored last (issue 49), and say so.
#[test]
fn a_card_is_judged_at_its_matchs_deepest_review() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/matches/gnubg_5pt_seed101.mat");
    let text = std::fs::read_to_string(path).unwrap();
    let file = MatchFile::from_text("gnubg_5pt_seed101.mat", &text);
    let m = file.parse().unwrap();
    let mut archive = Archive::open_in_memory().unwrap();
    let key = archive.add_match(&file, &m).unwrap().key();
    let name = EngineName {
        name: "Scripted engine".into(),
        version: None,
    };
    for plies in [2u8, 0] {
        let options = ReviewOptions {
            plies,
            weights: Weights::default(),
            threads: 1,
        };
        let reviewed = review(&m, &options, &engine, &Task::new(), &mut |_| {});
        let summary = summarize(&m, &reviewed, None);
        archive
            .store_review(key, plies, &name, &reviewed, None, &summary)
            .unwrap();
    }
    let now = at("2026-12-05T09:00:00Z");
    assert!(archive.build_deck(&DeckOptions::of("root"), now).unwrap() > 0);
    let cards = archive.cards(Some("root")).unwrap();
    assert!(cards.iter().all(|c| c.error.plies == 2), "{cards:?}");
    let errors = archive
        .errors(&bgw_engine::archive::ErrorFilter {
            player: "root".into(),
            ..Default::default()
        })
        .unwrap();
    assert!(!errors.is_empty() && errors.iter().all(|e| e.error.plies == 2));
}
