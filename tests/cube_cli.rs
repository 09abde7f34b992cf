//! `bgw cube`: gnubg's cube decision at the position's own match state, from the command line.

mod common;
use common::{run, stdout, text};

/// 3-2 to 7, cube 2 owned by White, White on roll: a redouble decision.
const REDOUBLE: &str = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:3:2:0:7:10";

#[test]
fn json_gives_gnubgs_action_and_the_three_cubeful_equities() {
    if common::real_gnubg().is_none() {
        return;
    }
    let o = run(&["cube", REDOUBLE, "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let action = v["action"].as_str().unwrap();
    assert!(
        action.contains("redouble") || action.contains("Redouble"),
        "{v}"
    );
    let (nd, dt, dp) = (
        v["no_double"].as_f64().unwrap(),
        v["double_take"].as_f64().unwrap(),
        v["double_pass"].as_f64().unwrap(),
    );
    // The words and the equities say the same.
    let doubles = dt.min(dp) > nd;
    assert_eq!(action.starts_with("No"), !doubles, "{v}");
    assert_eq!(v["doubles"], doubles);
    // A match: the match-winning chances come too, and they order as the equities do.
    let mwc = &v["mwc"];
    assert_eq!(
        mwc["no_double"].as_f64().unwrap() > mwc["double_take"].as_f64().unwrap(),
        nd > dt,
        "{v}"
    );
    assert_eq!(v["match_state"], "at 3-2 to 7, cube 2 White");

    // The same position as money play: another state, no MWC.
    let money = run(&["cube", "4HPwATDgc/ABMA", "--json"]);
    let m: serde_json::Value = serde_json::from_str(&stdout(&money)).unwrap();
    assert!(m.get("mwc").is_none(), "{m}");
    assert_eq!(m["action"], "No double, take");
    assert_eq!(
        m["double_pass"].as_f64().map(|x| (x - 1.0).abs() < 1e-6),
        Some(true)
    );
}

#[test]
fn the_text_lays_the_decision_out_as_gnubgs_hint_does() {
    if common::real_gnubg().is_none() {
        return;
    }
    let o = run(&["cube", REDOUBLE]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    for line in [
        "4HPwATDgc/ABMA:",
        "at 3-2 to 7, cube 2 White, White on roll",
        "No double",
        "Double, take",
        "Double, pass",
        "Proper cube action: ",
        "Errors: ",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
}

/// gnubg plays matches of at most 64 points, and a Match ID holds at most 32,767: a longer
/// match is refused as what was typed (exit 2, one line) by every command that asks gnubg,
/// before gnubg is started (`BGW_GNUBG` names a program that is not there: asking it would
/// fail otherwise).
#[test]
fn match_lengths_gnubg_does_not_play_are_refused_before_gnubg_is_asked() {
    let xgid = |length: u32| format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:{length}:10");
    let rolled =
        |length: u32| format!("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:{length}:10");
    for (args, why) in [
        (
            vec!["cube".to_string(), xgid(65)],
            "gnubg cannot judge a 65-point match: gnubg plays matches of at most 64 points",
        ),
        (
            vec!["cube".to_string(), xgid(32767)],
            "gnubg cannot judge a 32767-point match: gnubg plays matches of at most 64 points",
        ),
        (
            vec!["rank".into(), rolled(65), "--gnubg".into(), "0".into()],
            "gnubg cannot judge a 65-point match",
        ),
        (
            vec![
                "rollout".into(),
                rolled(100),
                "--trials".into(),
                "36".into(),
            ],
            "gnubg cannot judge a 100-point match",
        ),
        (
            vec!["cube".to_string(), xgid(32768)],
            "the match length is 32768, above 32767, the largest a Match ID holds",
        ),
        (
            vec!["show".to_string(), xgid(32769)],
            "the match length is 32769, above 32767, the largest a Match ID holds",
        ),
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_bgw"))
            .args(&args)
            .env("BGW_GNUBG", "/nonexistent/gnubg")
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn bad_input_is_refused_before_gnubg_is_asked() {
    for (args, why) in [
        (
            vec!["cube", "4HPwATDgc/ABMA", "--plies", "3"],
            "--plies must be 0, 1 or 2",
        ),
        (vec!["cube", "not an id"], "not"),
        (vec!["cube", "AAAAAAAAAAAAAA"], "the game is over"),
    ] {
        let o = run(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// A race of 7 checkers a side on points 1-4 (White on roll), as an XGID at `tail`.
fn race(tail: &str) -> String {
    format!("XGID=-BBBA{}--abbb-:{tail}", "-".repeat(14))
}

#[test]
fn a_cubeful_two_sided_database_adds_the_exact_verdict_of_a_race_it_holds() {
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("6x8c.bd");
    let o = run(&[
        "bearoff",
        "build",
        "--two-sided",
        "6x8",
        "--quiet",
        "--out",
        db.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let money = race("0:0:1:00:0:0:0:0:10");
    let o = run(&["cube", &money, "--json", "--database", db.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let exact = &v["exact"];
    // The same pair read straight from the file (White: 2,2,2,1 on points 1-4; Black the
    // same), and the decision by hand: no double is the centred equity, double/take twice the
    // equity of the other side owning the cube, double/pass +1.
    let d = run(&[
        "bearoff",
        "dump",
        db.to_str().unwrap(),
        "--counts",
        "2,2,2,1",
        "--counts",
        "2,2,2,1",
        "--json",
    ]);
    assert!(d.status.success(), "{}", text(&d.stderr));
    let dump: serde_json::Value = serde_json::from_str(&stdout(&d)).unwrap();
    let nd = dump["cubeful"]["centred"].as_f64().unwrap();
    let dt = 2.0 * dump["cubeful"]["opponent_owns"].as_f64().unwrap();
    assert_eq!(exact["cube"], "centred");
    assert!(
        (exact["no_double"].as_f64().unwrap() - nd).abs() < 1e-12,
        "{exact}"
    );
    assert!(
        (exact["double_take"].as_f64().unwrap() - dt).abs() < 1e-12,
        "{exact}"
    );
    let action = match (dt.min(1.0) >= nd, dt >= 1.0) {
        (false, _) => "no double, take",
        (true, false) => "double, take",
        (true, true) => "double, pass",
    };
    assert_eq!(exact["action"], action, "{exact}");

    // Not a race it holds, and a match (its equities are money): no exact verdict, said why.
    for (position, why) in [
        ("4HPwATDgc/ABMA", "not a race"),
        (&race("0:0:1:00:1:2:0:7:10")[..], "money play"),
    ] {
        let o = run(&[
            "cube",
            position,
            "--json",
            "--database",
            db.to_str().unwrap(),
        ]);
        let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        assert!(v["exact"]["none"].as_str().unwrap().contains(why), "{v}");
    }
}
