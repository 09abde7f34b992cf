//! `bgw rank --gnubg`: gnubg's verdict on every candidate at the position's own match state
//! (cubeful, EMG, with each move's MWC and probabilities), checked against what gnubg's own
//! `hint` prints at that state (a second gnubg, driven by its text commands), and cubeless
//! money with `--cubeless`.
//!
//! Without gnubg each test prints why it is skipped, unless `CI` is set: then it fails.

use crate::common;
use common::{run, stdout, text};

/// What gnubg prints on stdout for `commands` typed at its prompt.
fn typed(program: &std::path::Path, commands: &str) -> String {
    text(&common::gnubg_typed(program, commands).stdout)
}

/// gnubg's hint lines: (move, equity, the six numbers of its probabilities line).
fn hint_moves(print: &str) -> Vec<(String, f64, Vec<f64>)> {
    let lines: Vec<&str> = print.lines().collect();
    let mut out = Vec::new();
    for (k, l) in lines.iter().enumerate() {
        let Some((head, eq)) = l.split_once("Eq.:") else {
            continue;
        };
        let Some(mv) = head.split("-ply").nth(1) else {
            continue;
        };
        let eq: f64 = eq.split_whitespace().next().unwrap().parse().unwrap();
        let probs: Vec<f64> = lines[k + 1]
            .split_whitespace()
            .filter(|w| *w != "-")
            .map(|w| w.parse().unwrap())
            .collect();
        out.push((mv.trim().to_string(), eq, probs));
    }
    out
}

/// `bgw rank ID --gnubg 0 --json [more]`'s candidates in gnubg's order.
fn ranked(id: &str, more: &[&str]) -> (serde_json::Value, Vec<serde_json::Value>) {
    let mut args = vec!["rank", id, "--gnubg", "0", "--json"];
    args.extend(more);
    let o = run(&args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let mut c: Vec<serde_json::Value> = v["candidates"].as_array().unwrap().clone();
    c.sort_by(|a, b| {
        let e = |x: &serde_json::Value| x["gnubg"]["equity"].as_f64().unwrap();
        e(b).total_cmp(&e(a))
    });
    (v, c)
}

fn check_against_hint(print: &str, ours: &[serde_json::Value], mwc: bool) {
    let hint = hint_moves(print);
    assert_eq!(hint.len(), 3, "{print}");
    for ((mv, eq, probs), c) in hint.iter().zip(ours) {
        let g = &c["gnubg"];
        assert_eq!(g["move"].as_str(), Some(mv.as_str()), "{print}");
        assert!(
            (g["equity"].as_f64().unwrap() - eq).abs() < 0.0011,
            "{mv}: {g}"
        );
        let p = &g["probabilities"];
        let ours = [
            p["win"].as_f64().unwrap(),
            p["win_gammon"].as_f64().unwrap(),
            p["win_backgammon"].as_f64().unwrap(),
            1.0 - p["win"].as_f64().unwrap(),
            p["lose_gammon"].as_f64().unwrap(),
            p["lose_backgammon"].as_f64().unwrap(),
        ];
        for (a, b) in ours.iter().zip(probs) {
            assert!((a - b).abs() < 0.0011, "{mv}: {ours:?} vs hint {probs:?}");
        }
        assert_eq!(g.get("mwc").is_some(), mwc, "{g}");
    }
}

#[test]
fn at_a_match_score_the_verdict_is_gnubgs_cubeful_hint_with_its_probabilities() {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    // (XGID, its Position ID and Match ID as `bgw show` gives them, match length, dice)
    let cases = [
        (
            "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10",
            "at 3-2 to 7, cube 2 White",
            7,
            (5, 2),
        ),
        (
            "XGID=-BBaAD--a-a-aBaB-c-d--baAA:0:0:1:64:1:3:0:5:10",
            "to 5, cube 1 centred",
            5,
            (6, 4),
        ),
    ];
    for (xgid, state, length, dice) in cases {
        let (v, ours) = ranked(xgid, &[]);
        let judged = v["gnubg"]["judged_at"].as_str().unwrap();
        assert!(
            judged.contains(state) && judged.ends_with("cubeful equity (EMG), MWC"),
            "{judged}"
        );
        assert_eq!(v["gnubg"]["evaluated"], "every move at 0-ply");
        let show = stdout(&run(&["show", xgid]));
        let field = |name: &str| {
            show.lines()
                .find_map(|l| l.trim().strip_prefix(name))
                .map(|r| r.trim_start_matches([' ', ':']).trim().to_string())
                .unwrap_or_else(|| panic!("{name} in {show}"))
        };
        let (pid, mid) = (field("Position ID"), field("Match ID"));
        let print = typed(
            &gnubg,
            &format!(
                "set player 0 human\nset player 1 human\nset cube use on\nnew match {length}\n\
                 set matchid {mid}\nset board {pid}\n\
                 set evaluation chequerplay evaluation plies 0\n\
                 set evaluation chequerplay evaluation cubeful on\nset dice {} {}\nhint 3\n",
                dice.0, dice.1
            ),
        );
        check_against_hint(&print, &ours, true);
    }
}

#[test]
fn cubeless_money_is_one_flag_away_and_the_text_says_which() {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    let xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:52:3:2:0:7:10";
    let (v, ours) = ranked(xgid, &["--cubeless"]);
    assert_eq!(v["gnubg"]["judged_at"], "cubeless money");
    let print = typed(
        &gnubg,
        "set player 0 human\nset player 1 human\nnew session\nset board 4HPwATDgc/ABMA\n\
         set evaluation chequerplay evaluation plies 0\n\
         set evaluation chequerplay evaluation cubeful off\nset dice 5 2\nhint 3\n",
    );
    check_against_hint(&print, &ours, false);
    let o = run(&["rank", xgid, "--gnubg", "0"]);
    let out = stdout(&o);
    assert!(
        out.contains(
            "0-ply, at 3-2 to 7, cube 2 White: cubeful equity (EMG), MWC; every move at 0-ply"
        ),
        "{out}"
    );
    assert!(
        out.contains("0.508 0.135 0.007 - 0.492 0.132 0.005"),
        "{out}"
    );
}

#[test]
fn a_bad_depth_or_cubeless_without_gnubg_is_refused_before_gnubg_is_asked() {
    let o = run(&["rank", "4HPwATDgc/ABMA", "31", "--gnubg", "3"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let o = run(&["rank", "4HPwATDgc/ABMA", "31", "--cubeless"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
}
