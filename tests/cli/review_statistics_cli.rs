//! `bgw match review`'s statistics block against gnubg itself (issue 37): for each shared
//! match at 0, 1 and 2 plies, gnubg's own `analyse match` and `show statistics match`, typed
//! at its prompt, and the block `bgw match review` prints must be the same text — every
//! figure, mark, rating word and FIBS rating, at gnubg's printed precision — judged by the gnubg
//! program; judged by gnubg's nets in bgw (the default) the same but for one unit in a
//! figure's last digit. The JSON's keys carry the same figures.

use crate::common;
use common::{data, run, stdout, text};
use std::path::Path;

/// gnubg's statistics block for `file` analysed at `plies`.
fn gnubgs_block(gnubg: &Path, file: &Path, plies: u8) -> Vec<String> {
    let commands = format!(
        "set analysis chequerplay evaluation plies {plies}\n\
         set analysis cubedecision evaluation plies {plies}\n\
         import mat \"{}\"\n\
         analyse match\n\
         show statistics match\n",
        file.display()
    );
    let o = common::gnubg_typed(gnubg, &commands);
    block(&text(&o.stdout))
}

/// The lines from "Player" to "Cube errors rating loss", both kept.
fn block(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("Player "));
    let end = lines
        .iter()
        .position(|l| l.starts_with("Cube errors rating loss"));
    match (start, end) {
        (Some(a), Some(b)) if a <= b => lines[a..=b].iter().map(|l| l.to_string()).collect(),
        _ => Vec::new(),
    }
}

fn ours(file: &Path, plies: u8, json: bool) -> String {
    ours_judged(file, plies, json, "native")
}

/// `bgw match review FILE --plies P --quiet` judged by `reference` (`native` or `process`).
fn ours_judged(file: &Path, plies: u8, json: bool, reference: &str) -> String {
    let plies = plies.to_string();
    let mut args = vec![
        "match",
        "review",
        file.to_str().unwrap(),
        "--plies",
        &plies,
        "--quiet",
        "--reference",
        reference,
    ];
    if json {
        args.push("--json");
    }
    let o = run(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        !text(&o.stderr).contains("no luck figures"),
        "{}",
        text(&o.stderr)
    );
    stdout(&o)
}

/// The block of our review against gnubg's own: judged by the gnubg program, the same text,
/// line for line; judged by gnubg's nets in bgw, the same text but where a figure's last
/// printed digit is one off (the nets' match winning chances equal gnubg's within a float's
/// last bit, 6e-8, which can round a total the other way: a 1e-5 MWC in a percentage).
fn same_block(file: &str, plies: u8) {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    let file = data(file);
    let theirs = gnubgs_block(&gnubg, &file, plies);
    assert!(theirs.len() > 40, "gnubg printed no block: {theirs:?}");
    let process = block(&ours_judged(&file, plies, false, "process"));
    for (k, (a, b)) in process.iter().zip(&theirs).enumerate() {
        assert_eq!(a, b, "line {} of the block differs at {plies} plies", k + 1);
    }
    assert_eq!(process.len(), theirs.len(), "{process:#?}");
    let native = block(&ours(&file, plies, false));
    assert_eq!(native.len(), theirs.len(), "{native:#?}");
    for (k, (a, b)) in native.iter().zip(&theirs).enumerate() {
        assert!(
            within_last_digit(a, b),
            "line {} of the native block differs at {plies} plies:\n{a}\n{b}",
            k + 1
        );
    }
}

/// The same words, and the same figures but for one unit in the last printed digit.
fn within_last_digit(a: &str, b: &str) -> bool {
    let (x, y): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    x.len() == y.len()
        && x.iter().zip(&y).all(|(p, q)| {
            if p == q {
                return true;
            }
            let figure = |t: &str| {
                let t = t.trim_matches(|c| c == '(' || c == ')' || c == '%');
                let decimals = t.split('.').nth(1).map_or(0, str::len);
                t.parse::<f64>().ok().map(|v| (v, decimals))
            };
            match (figure(p), figure(q)) {
                (Some((u, d)), Some((v, e))) if d == e => {
                    (u - v).abs() <= 1.000001 * 10f64.powi(-(d as i32))
                }
                _ => false,
            }
        })
}

#[test]
fn the_block_equals_gnubgs_on_a_real_match_at_0_plies() {
    same_block("matches/real/galaxy_match1497590.txt", 0);
}

#[test]
fn the_block_equals_gnubgs_on_a_second_real_match_at_0_plies() {
    same_block("matches/real/studio_boardlord_llabba_7pt.txt", 0);
}

#[test]
fn the_block_equals_gnubgs_on_the_shared_matches_at_0_plies() {
    for f in ["gnubg_3pt_seed103.mat", "gnubg_5pt_seed101.mat"] {
        same_block(&format!("matches/{f}"), 0);
    }
}

#[test]
fn the_block_equals_gnubgs_at_1_ply() {
    same_block("matches/gnubg_7pt_seed102.mat", 1);
}

#[test]
fn the_block_equals_gnubgs_at_2_plies() {
    same_block("matches/real/galaxy_match1497590.txt", 2);
}

/// The JSON's keys hold the block's figures: checked against the text of the same review.
#[test]
fn the_json_keys_carry_the_block() {
    if common::real_gnubg().is_none() {
        return;
    }
    let file = data("matches/real/galaxy_match1497590.txt");
    let out = ours(&file, 0, true);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, decisions) = lines.split_last().unwrap();
    let p = &summary["summary"]["players"][0];
    // lasse's figures. gnubg's float paths move them in the last digit between builds (luck
    // +0.321 or +0.322 EMG, FIBS rating 1768.1 or 1768.2 with the same Debian package on two
    // machines), so they are checked against the text block of the same review — the tests
    // above hold it equal to the running gnubg's — rather than against one machine's figures.
    // The text prints errors as negative numbers, the JSON their sizes.
    let close = |key: &str, want: f64, within: f64| {
        let got = p[key].as_f64().unwrap_or_else(|| panic!("{key} in {p}"));
        assert!((got - want).abs() <= within, "{key}: {got} vs {want}");
    };
    let text = ours(&file, 0, false);
    // The first figure of the last line starting with `label` (the overall block comes last).
    let figure = |label: &str| -> f64 {
        let line = text
            .lines()
            .rfind(|l| l.starts_with(label))
            .unwrap_or_else(|| panic!("{label} in\n{text}"));
        let field = line[label.len()..].split_whitespace().next().unwrap();
        field.trim_end_matches('%').parse().unwrap()
    };
    close("luck_total_emg", figure("Luck total EMG (MWC)"), 0.0005);
    close("luck_rate_memg", figure("Luck rate mEMG (MWC)"), 0.05);
    close(
        "luck_adjusted_result",
        figure("Luck adjusted result") / 100.0,
        0.00005,
    );
    close(
        "overall_error_total_emg",
        figure("Error total EMG (MWC)").abs(),
        0.0005,
    );
    close(
        "overall_error_rate_memg",
        figure("Error rate mEMG (MWC)").abs(),
        0.05,
    );
    close("snowie_error_rate", figure("Snowie error rate").abs(), 0.05);
    close(
        "error_based_fibs_rating",
        figure("Error based abs. FIBS rating"),
        0.05,
    );
    // And the figures themselves, within what two gnubg builds have given.
    close("luck_total_emg", 0.3215, 0.001);
    close("overall_error_total_emg", 1.929, 0.001);
    close("error_based_fibs_rating", 1768.15, 0.1);
    assert_eq!(
        p["rolls_marked"],
        serde_json::json!({"very_lucky": 1, "lucky": 3, "unmarked": 68, "unlucky": 3,
                           "very_unlucky": 0})
    );
    assert_eq!(p["cube_errors"]["missed_double_below_cp"]["count"], 3);
    assert_eq!(p["cube_errors"]["wrong_double_below_dp"]["count"], 1);
    assert_eq!(
        p["ratings"],
        serde_json::json!({"chequer": "Intermediate", "luck": "None", "cube": "Awful!",
                           "overall": "Beginner"})
    );
    // Each roll has its luck and mark; the marks add up to the summary's.
    let rolls: Vec<&serde_json::Value> = decisions.iter().filter(|d| d["kind"] == "move").collect();
    assert!(
        rolls
            .iter()
            .all(|d| d["luck_emg"].is_f64() && d["luck_mark"].is_string())
    );
    let lucky = rolls
        .iter()
        .filter(|d| d["player"] == 0 && d["luck_mark"] == "lucky")
        .count();
    assert_eq!(lucky, 3);
}

/// A money session with beavers beavered back (cubes of 4 to 32): the chequer play block, the
/// rolls marked, the actual result and gnubg's points a game with its interval equal gnubg's
/// lines, and so do the doubles, passes and wrong answers now that a beaver is left out as
/// gnubg leaves it out. Known to differ still, and left out here (issue 37's note): the takes
/// gnubg's import adds after a beaver (the next roll takes it; we record no decision there),
/// three missed doubles and one wrong double we see and gnubg does not, and the luck totals.
#[test]
fn a_money_session_with_beavers_gives_gnubgs_chequer_play_result_and_points_a_game() {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    let file = data("matches/gnubg_money_seed2026.mat");
    let theirs: Vec<String> = {
        let commands = format!(
            "set analysis chequerplay evaluation plies 0\n\
             set analysis cubedecision evaluation plies 0\n\
             import mat \"{}\"\n\
             analyse match\n\
             show statistics match\n",
            file.display()
        );
        let o = common::gnubg_typed(&gnubg, &commands);
        text(&o.stdout)
            .lines()
            .map(|l| l.trim_end().to_string())
            .collect()
    };
    let out = ours(&file, 0, false);
    let ours: Vec<String> = out.lines().map(|l| l.trim_end().to_string()).collect();
    let line = |lines: &[String], label: &str, nth: usize| -> String {
        lines
            .iter()
            .filter(|l| l.starts_with(label))
            .nth(nth)
            .cloned()
            .unwrap_or_else(|| panic!("no line {label:?} #{nth}"))
    };
    for (label, nth) in [
        ("Total moves", 0),
        ("Unforced moves", 0),
        ("Moves marked very bad", 0),
        ("Error total EMG (Points)", 0),
        ("Error rate mEMG (Points)", 0),
        ("Chequerplay rating", 0),
        ("Rolls marked very lucky", 0),
        ("Rolls marked very unlucky", 0),
        ("Doubles", 0),
        ("Passes", 0),
        ("Wrong takes", 0),
        ("Wrong passes", 0),
        ("Actual result", 0),
        ("Advantage (actual) in ppg", 0),
        ("95% confidence interval (ppg)", 0),
    ] {
        assert_eq!(
            line(&ours, label, nth),
            line(&theirs, label, nth),
            "{label}"
        );
    }
}
