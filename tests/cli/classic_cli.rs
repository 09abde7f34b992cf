//! The classic program's commands run as a user would: `bgw rank`, `bgw play` with piped
//! input, `bgw learn`.

use crate::common;

use common::{bgw, text};
use std::path::PathBuf;

fn seed_weights() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/assets/weights/seed.ron").to_string()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("bgw-classic-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn rank_json_has_the_documented_shape() {
    let out = bgw(
        &[
            "rank",
            "4HPwATDgc/ABMA",
            "31",
            "--json",
            "--weights",
            &seed_weights(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cands = v["candidates"].as_array().unwrap();
    assert_eq!(cands.len(), 16, "16 distinct results of 31 at the opening");
    let mut chosen = 0;
    let mut prev = f64::INFINITY;
    for (i, c) in cands.iter().enumerate() {
        assert_eq!(c["rank"].as_u64().unwrap() as usize, i + 1);
        let value = c["value"].as_f64().unwrap();
        assert!(value <= prev);
        prev = value;
        let sum: f64 = c["addends"]
            .as_object()
            .unwrap()
            .values()
            .map(|a| a.as_f64().unwrap())
            .sum();
        assert!((sum - value).abs() < 1e-9);
        assert_eq!(c["addends"].as_object().unwrap().len(), 11);
        assert_eq!(c["features"]["WPTS"].as_array().unwrap().len(), 2);
        assert_eq!(c["result"].as_str().unwrap().len(), 14);
        assert_eq!(c["phase"], "contact");
        assert!(c["delta"].as_f64().unwrap() <= 0.0);
        chosen += c["classic_choice"].as_bool().unwrap() as usize;
    }
    assert_eq!(chosen, 1);
    assert_eq!(
        cands[0]["classic_choice"], true,
        "in contact the best BRDVAL is played"
    );
}

#[test]
fn rank_table_and_bad_input() {
    let out = bgw(&["rank", "4HPwATDgc/ABMA", "31"], "");
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("WSINCL") && s.contains("classic program plays #1"),
        "{s}"
    );
    let out = bgw(&["rank", "4HPwATDgc/ABMA", "71"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("bad dice"));
    let out = bgw(
        &[
            "rank",
            "4HPwATDgc/ABMA",
            "31",
            "--weights",
            "/nonexistent/w.ron",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "a file that cannot be read");
    assert!(text(&out.stderr).contains("/nonexistent/w.ron"));
}

#[test]
fn play_refuses_illegal_moves_with_the_seeds_reasons() {
    // White (the program) rolls 31 and makes its 20 point; Black rolls 31.
    let input = "31\n31\n7/4 6/5\n24/18\n6/off 8/7\n13/10 6/5 8/7\n8/5 6/5\nquit\n";
    let out = bgw(&["play", "--weights", &seed_weights()], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("White plays 17/20 19/20"), "{s}");
    assert!(
        s.contains("Refused: you have no checker on point 7."),
        "{s}"
    );
    assert!(
        s.contains("Refused: you did not roll a 6 (the dice are 3-1)."),
        "{s}"
    );
    assert!(s.contains("Refused: you cannot bear off before all your checkers are home."));
    assert!(
        s.contains("Refused: that move needs more numbers than you rolled (3-1)."),
        "{s}"
    );
    assert!(s.contains("You play 8/5 6/5."), "{s}");
}

#[test]
fn play_refuses_a_held_point() {
    // Black's 6/1 with 5-5 lands on White's two back checkers (Black's 1 point).
    let input = "31\n55\n6/1(2) 8/3(2)\nquit\n";
    let out = bgw(&["play", "--weights", &seed_weights()], input);
    let s = text(&out.stdout);
    assert!(
        s.contains("Refused: point 1 is held by two or more of your opponent's checkers."),
        "{s}"
    );
}

#[test]
fn play_learns_and_saves_the_weights() {
    let dir = temp_dir("play");
    let out_file = dir.join("learnt.ron");
    let input = "31\n21\n6/4 6/5\n11\n21\n13/11 6/5\n22\n21\nquit\n";
    let out = bgw(
        &[
            "play",
            "--weights",
            &seed_weights(),
            "--learn",
            "--eta",
            "0.5",
            "--out",
            out_file.to_str().unwrap(),
        ],
        input,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("Learning: GOOD") || s.contains("Learning: BAD"),
        "{s}"
    );
    assert!(s.contains("Weights saved to"), "{s}");
    let saved = bgw_engine::evaluation::classic::Weights::load(&out_file).unwrap();
    assert_ne!(
        saved,
        bgw_engine::evaluation::classic::Weights::builtin_seed()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn play_rolls_on_empty_lines_and_stops_at_the_end_of_input() {
    // Empty lines roll the dice at dice prompts; at a move prompt an empty move is refused
    // (the roll can be played). The session ends cleanly when the input ends.
    let input = "\n".repeat(50);
    let out = bgw(
        &["play", "--seed", "9", "--weights", &seed_weights()],
        &input,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("White rolls"), "{s}");
    assert!(s.contains("Refused: the roll allows"), "{s}");
}

#[test]
fn learn_writes_the_weights_and_the_log() {
    let dir = temp_dir("learn");
    let out_file = dir.join("out.ron");
    let log = dir.join("log.jsonl");
    let out = bgw(
        &[
            "learn",
            "--weights",
            &seed_weights(),
            "--out",
            out_file.to_str().unwrap(),
            "--games",
            "4",
            "--seed",
            "3",
            "--checkpoint",
            "2",
            "--log",
            log.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("learn (games): 100 %"),
        "{}",
        text(&out.stderr)
    );
    let w = bgw_engine::evaluation::classic::Weights::load(&out_file).unwrap();
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(!lines.is_empty());
    let last = lines.last().unwrap();
    assert_eq!(last["after"]["WTOGO"].as_f64().unwrap(), w.values()[10]);
    for l in &lines {
        let v = l["verdict"].as_str().unwrap();
        assert_eq!(v == "GOOD", l["gbrdval"].as_f64() > l["compval"].as_f64());
    }
    // Only the two files: no temporary file left.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    // A bad argument is a one-line error.
    let out = bgw(
        &["learn", "--out", out_file.to_str().unwrap(), "--eta", "-1"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn learn_json_summary() {
    let dir = temp_dir("learn-json");
    let out_file = dir.join("out.ron");
    let out = bgw(
        &[
            "learn",
            "--out",
            out_file.to_str().unwrap(),
            "--games",
            "3",
            "--json",
            "--quiet",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 3);
    let rate = v["white_win_rate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&rate));
    assert!(v["good"].as_u64().unwrap() + v["bad"].as_u64().unwrap() > 0);
    assert_eq!(v["out"], out_file.to_str().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}
