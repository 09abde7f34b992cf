//! Issue 51, the drill at the command line: `bgw drill answer --json` gives gnubg's own reason
//! for a wrong answer (`why_gnubg`, the object `bgw match review --json` gives an error), the
//! text form and the deck at the terminal its sentence; `bgw drill next` never gives it.

use super::drill::{NOW, drill_at as drill, json, reviewed};
use crate::common::{self, bgw, stdout, text};
use std::path::Path;

/// The card of game 2 #8 (65 played 7/1* 6/1, best 22/11: docs/review.md's worked example).
fn example_card(db: &Path) -> String {
    bgw_engine::archive::Archive::open(db)
        .unwrap()
        .connection()
        .query_row(
            "SELECT c.id FROM drill_cards c JOIN decisions d ON d.id = c.decision_id
             JOIN games g ON g.id = d.game_id
             WHERE g.number = 2 AND d.idx = 7 AND c.kind = 'move'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .unwrap()
        .to_string()
}

#[test]
fn a_wrong_answer_gets_gnubgs_why_and_the_card_never_does() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let errors = reviewed(&db);
    // The card before its answer: no reason, no best.
    let first = json(&drill(&db, NOW, &["next", "--player", "kalvatn", "--json"]));
    let shown = first.to_string();
    assert!(first["card"].is_i64(), "{first}");
    for word in ["why", "concepts", "sentence", "best"] {
        assert!(!shown.contains(word), "{word} in {shown}");
    }

    // The worked example answered as played: wrong, and gnubg says why.
    let example = errors
        .iter()
        .find(|e| e["game"] == 2 && e["number"] == 8)
        .expect("the example");
    let card = example_card(&db);
    let played: Vec<&str> = example["played"].as_str().unwrap().split(' ').collect();
    let mut args = vec!["answer", card.as_str()];
    args.extend(&played);
    args.push("--json");
    let g = json(&drill(&db, NOW, &args));
    assert_eq!(g["correct"], false, "{g}");
    let why = &g["why_gnubg"];
    let parts = why["concepts"].as_array().expect("the parts");
    let sum: f64 = parts.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
    let total = why["total"].as_f64().unwrap();
    assert!((sum - total).abs() < 1e-6, "{sum} vs {total}: {why}");
    assert!(total < 0.0, "gnubg's 0-ply net calls 7/1* 6/1 worse: {why}");
    let sentence = why["sentence"].as_str().unwrap().to_string();
    assert!(!sentence.is_empty());
    // The same object as `archive errors --json` gives the error.
    assert_eq!(why, &example["why_gnubg"], "{why} vs {example}");

    // The text form: the verdict, then the sentence.
    args.pop();
    let said = stdout(&drill(&db, NOW, &args));
    assert!(said.contains(&format!("gnubg's why: {sentence}")), "{said}");
    // The best: right, no reason.
    let best = g["best"].as_str().unwrap().to_string();
    let mut args = vec!["answer", card.as_str()];
    args.extend(best.split(' '));
    args.push("--json");
    let g = json(&drill(&db, NOW, &args));
    assert!(g["correct"] == true && g.get("why_gnubg").is_none(), "{g}");

    // At the terminal, a wrong answer is followed by its sentence; the question is not.
    let next = json(&drill(&db, "2027-01-01T00:00:00Z", &["next", "--json"]));
    let row = errors
        .iter()
        .find(|e| e["game"] == next["game"] && e["number"] == next["number"])
        .expect("the card's error");
    let answer = match row["played"].as_str().unwrap() {
        "drop" => "pass",
        other => other,
    };
    let o = bgw(
        &[
            "drill",
            "--player",
            "kalvatn",
            "--db",
            db.to_str().unwrap(),
            "--now",
            "2027-01-01T00:00:00Z",
        ],
        &format!("{answer}\nquit\n"),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    let (question, verdict) = out.split_once(" loses ").expect("a wrong answer");
    assert!(!question.contains("gnubg's why"), "{out}");
    assert!(verdict.contains("\ngnubg's why: "), "{out}");
}
