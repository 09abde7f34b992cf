//! `bgw drill`: a real match reviewed by gnubg into an archive, its player's errors drilled
//! — `next` and `answer` as JSON at a set time, the deck at the terminal — graded against
//! the review's figures (`archive errors`), scheduled by FSRS, and refusals that change
//! nothing.

use super::archive;
use crate::common::{self, bgw, data, run, stdout, text};
use serde_json::Value;
use std::path::Path;

/// The moment the drill's tests play at.
pub(super) const NOW: &str = "2026-12-05T09:00:00Z";

/// `bgw archive drill <args…>` on `db` at `now`.
pub(super) fn drill_at(db: &Path, now: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["drill"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--db", db.to_str().unwrap(), "--now", now]);
    run(&all)
}

/// [`drill_at`] at [`NOW`].
fn drill(db: &Path, args: &[&str]) -> std::process::Output {
    drill_at(db, NOW, args)
}

/// A run's JSON answer, once it succeeded.
pub(super) fn json(o: &std::process::Output) -> Value {
    assert!(o.status.success(), "{}", text(&o.stderr));
    serde_json::from_str(stdout(o).trim()).unwrap()
}

/// The Galaxy match reviewed at 0 plies into a new archive; kalvatn's errors as `archive
/// errors --json` gives them, worst first.
pub(super) fn reviewed(db: &Path) -> Vec<Value> {
    let file = data("matches/real/galaxy_match1497590.txt");
    let o = archive(
        db,
        &[
            "add",
            "--review",
            "--plies",
            "0",
            "--quiet",
            file.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = archive(db, &["errors", "--player", "kalvatn", "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn next_and_answer_grade_the_players_own_errors_and_schedule_them() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let errors = reviewed(&db);
    let marked: Vec<&Value> = errors
        .iter()
        .filter(|e| e["loss_memg"].as_f64().unwrap() > 30.0)
        .collect();
    // Nothing in the deck before the player is named.
    let v = json(&drill(&db, &["next", "--json"]));
    assert_eq!(
        (v["card"].clone(), v["deck"]["cards"].clone()),
        (Value::Null, 0.into())
    );

    let first = json(&drill(&db, &["next", "--player", "kalvatn", "--json"]));
    assert_eq!(first["deck"]["cards"], marked.len(), "{first}");
    assert_eq!(first["deck"]["due"], marked.len());
    // The card due first is the worst error (all are new, due now, in the order added).
    let worst = marked[0];
    for key in ["position_id", "match_id", "dice", "kind", "game", "number"] {
        assert_eq!(first[key], worst[key], "{key}: {first} vs {worst}");
    }
    let card = first["card"].as_i64().unwrap().to_string();
    // What was played in the match loses what the review says.
    let played = worst["played"].as_str().unwrap();
    let answer = match played {
        "drop" => "pass",
        other => other,
    };
    let g = json(&drill(&db, &["answer", &card, answer, "--json"]));
    assert_eq!(g["correct"], false, "{g}");
    assert!(
        (g["loss_memg"].as_f64().unwrap() - worst["loss_memg"].as_f64().unwrap()).abs() < 1e-6,
        "{g} vs {worst}"
    );
    assert_eq!(g["rating"], "again");
    let again = g["due"].as_str().unwrap().to_string();
    // The right answer: graded good, due later than the miss was.
    let best = g["best"].as_str().unwrap().to_string();
    let g = json(&drill(&db, &["answer", &card, &best, "--json"]));
    assert_eq!(
        (g["correct"].clone(), g["loss_memg"].clone()),
        (true.into(), 0.0.into())
    );
    assert_eq!(g["rating"], "good");
    assert!(
        g["due"].as_str().unwrap() > again.as_str() && again.as_str() > NOW,
        "{g}"
    );

    // The next card is another one, one fewer due.
    let second = json(&drill(&db, &["next", "--json"]));
    assert_ne!(second["card"], first["card"]);
    assert_eq!(second["deck"]["due"], marked.len() - 1);

    // Refusals say why, exit 2 and change nothing.
    for bad in [vec![card.as_str(), "24/1"], vec!["99999", "take"]] {
        let mut args = vec!["answer"];
        args.extend(bad);
        let o = drill(&db, &args);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(text(&o.stderr).contains("no answer") || text(&o.stderr).contains("no card"));
    }
    let o = drill(&db, &["next", "--now", "yesterday"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert_eq!(
        json(&drill(&db, &["next", "--json"]))["deck"],
        second["deck"]
    );
}

#[test]
fn a_move_neither_best_nor_played_is_judged_by_gnubg_and_the_deck_plays_at_the_terminal() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("a.sqlite");
    let errors = reviewed(&db);
    // The worked example of docs/review.md: game 2 #8, 65 played 7/1* 6/1, best 22/11.
    let example = errors
        .iter()
        .find(|e| e["game"] == 2 && e["number"] == 8)
        .expect("the example");
    assert_eq!(
        json(&drill(&db, &["next", "--player", "kalvatn"]))["deck"]["new"],
        {
            errors
                .iter()
                .filter(|e| e["loss_memg"].as_f64().unwrap() > 30.0)
                .count()
        }
    );
    let card: i64 = bgw_engine::archive::Archive::open(&db)
        .unwrap()
        .connection()
        .query_row(
            "SELECT c.id FROM drill_cards c JOIN decisions d ON d.id = c.decision_id
             JOIN games g ON g.id = d.game_id
             WHERE g.number = 2 AND d.idx = 7 AND c.kind = 'move'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let card = &card.to_string();
    // 22/16 16/11: the best's checkers another way round is the same move — graded right,
    // without gnubg; 24/13 is neither, and gnubg judges it.
    let g = json(&drill(&db, &["answer", card, "22/16", "16/11", "--json"]));
    assert_eq!(g["correct"], true, "{g}");
    // In words: when it is due again in the user's local time, not a raw UTC stamp.
    let o = drill(&db, &["answer", card, "22/16", "16/11"]);
    let said = stdout(&o);
    assert!(
        said.contains("Graded good; due again ")
            && !said.contains("Z)")
            && !said.contains(" 0 minutes"),
        "{said}"
    );
    let g = json(&drill(&db, &["answer", card, "13/7", "13/8", "--json"]));
    let loss = g["loss_memg"].as_f64().unwrap();
    assert!(loss > 0.0 && g["correct"] == false, "{g}");
    assert!(
        loss != example["loss_memg"].as_f64().unwrap(),
        "a third move, not the one played: {g}"
    );

    // At the terminal: the deck's first card answered with the right answer, then quit.
    let first = json(&drill(&db, &["next", "--json"]));
    let kind = first["kind"].as_str().unwrap();
    // The card's question, as the app asks it.
    let question = first["question"].as_str().unwrap().to_string();
    assert!(question.ends_with('?'), "{first}");
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
        "maybe\nquit\n",
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("cards for kalvatn"), "{out}");
    assert!(out.contains(" Position ID: "), "{out}");
    assert!(out.contains(&question), "{question} in {out}");
    assert!(
        out.contains("is no answer to card") || kind == "move",
        "{out}"
    );
}
