//! `bgw cube`: gnubg's cube decision at the position's own match state, from the command line.

use crate::common;
use common::{run, stdout, text};

/// What gnubg prints for `commands` typed at its prompt, its players human: its output, then
/// its messages ("You cannot double." goes to stderr).
fn typed(program: &std::path::Path, commands: &str) -> String {
    let all = format!("set player 0 human\nset player 1 human\n{commands}\n");
    let out = common::gnubg_typed(program, &all);
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

/// gnubg's `hint` before the roll of `pid` at the Match ID `mid` (nothing on offer), at 0
/// plies, after `rules` (`set jacoby …`, `set beavers …`): its "Proper cube action: …" line,
/// or "You cannot double." when it says so.
fn gnubg_action(gnubg: &std::path::Path, pid: &str, mid: &str, rules: &str) -> String {
    let print = typed(
        gnubg,
        &format!(
            "{rules}\nset evaluation cubedecision evaluation plies 0\nnew game\n\
             set matchid {mid}\nset board {pid}\nhint"
        ),
    );
    print
        .lines()
        .find_map(|l| {
            l.strip_prefix("Proper cube action: ")
                .or_else(|| l.contains("You cannot double").then_some(l))
        })
        .unwrap_or_else(|| panic!("no cube action in gnubg's hint:\n{print}"))
        .trim()
        .to_string()
}

/// `bgw cube ARGS --json`, which must succeed.
fn cube_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["cube"];
    all.extend(args);
    all.push("--json");
    let o = run(&all);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    serde_json::from_str(&stdout(&o)).unwrap()
}

/// The take decision of match1091024.txt's "3.6 ako Takes": Black (0, top, a checker on the
/// bar) has doubled White (3) at 0-3 to 7, the cube centred. As XG and gnubg read an XGID,
/// T is the side that doubled when the dice field is D.
const TAKE: &str = "XGID=aA---BC-D-a-cD--a--cbbbA--:0:0:-1:D:3:0:0:7:10";

#[test]
fn a_double_on_offer_is_answered_by_the_taker_with_gnubgs_figures() {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    let v = cube_json(&[TAKE]);
    assert_eq!(v["decision"], "take", "{v}");
    assert_eq!(
        (v["doubler"].as_str(), v["taker"].as_str()),
        (Some("Black"), Some("White"))
    );
    assert_eq!(v["double_offered"], true, "{v}");
    // gnubg's figures are the doubler's, as its hint prints them before the double.
    let setup = bgw_engine::read_setup(TAKE).unwrap();
    let mut before = setup.match_id_fields();
    before.double_offered = false;
    before.turn = before.on_roll;
    let words = gnubg_action(&gnubg, &setup.position_id(), &before.encode(), "");
    assert_eq!(v["action"].as_str(), Some(words.as_str()), "{v}");
    assert_eq!(words, "Double, pass");
    // The taker's verdict: pass; a take gives up DT - DP (gnubg's "wrong take").
    assert_eq!(v["answer"], "pass", "{v}");
    let (dt, dp) = (
        v["double_take"].as_f64().unwrap(),
        v["double_pass"].as_f64().unwrap(),
    );
    assert!(dt > dp, "{v}");
    assert!(
        (v["answer_error"].as_f64().unwrap() - (dt - dp)).abs() < 1e-9,
        "{v}"
    );
    // In words: the doubler's table, the taker's answer, no "doubling costs".
    let o = run(&["cube", TAKE]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    for line in [
        "Black doubles to 2: White to take or pass",
        "Proper cube action: Double, pass",
        "Correct response (White): pass; taking costs ",
    ] {
        assert!(out.contains(line), "{line:?} in\n{out}");
    }
    assert!(!out.contains("doubling costs"), "{out}");
    // The same with the Match ID's double-offered bit.
    let by_id = format!("{}:{}", setup.position_id(), setup.match_id());
    let w = cube_json(&[&by_id]);
    assert_eq!(
        (&w["decision"], &w["answer"], &w["action"]),
        (&v["decision"], &v["answer"], &v["action"])
    );
    // The XGID as the issue gave it (T = 1, White doubling) is White's double, Black's take:
    // gnubg's own words for that state.
    let white = "XGID=aA---BC-D-a-cD--a--cbbbA--:0:0:1:D:3:0:0:7:10";
    let v = cube_json(&[white]);
    let s = bgw_engine::read_setup(white).unwrap();
    let mut before = s.match_id_fields();
    before.double_offered = false;
    before.turn = before.on_roll;
    let words = gnubg_action(&gnubg, &s.position_id(), &before.encode(), "");
    assert_eq!(v["action"].as_str(), Some(words.as_str()), "{v}");
    assert_eq!(
        (v["doubler"].as_str(), v["answer"].as_str()),
        (Some("White"), Some("take"))
    );
}

/// The same position, White on roll, at `tail` (cube, owner, turn, dice, scores, rules, length).
fn opening(tail: &str) -> String {
    format!("XGID=-b----E-C---eE---c-e----B-:{tail}")
}

#[test]
fn who_may_not_double_is_told_why_with_no_figures() {
    for (tail, why) in [
        ("0:0:1:00:6:3:1:7:10", "the Crawford game"),
        ("1:-1:1:00:3:2:0:7:10", "Black owns the cube"),
        ("1:1:1:00:5:2:0:7:10", "dead cube (White needs 2 points"),
        ("0:0:1:00:6:3:0:7:10", "dead cube (White needs 1 point,"),
        ("1:-1:1:00:0:0:0:0:10", "Black owns the cube"),
    ] {
        let id = opening(tail);
        let v = cube_json(&[&id]);
        let action = v["action"].as_str().unwrap();
        assert!(action.starts_with("cannot double: "), "{id}: {v}");
        assert!(action.contains(why), "{id}: {v}");
        assert_eq!(v["can_double"], false, "{v}");
        for figure in ["no_double", "double_take", "double_pass", "double_error"] {
            assert!(v.get(figure).is_none(), "{id}: {figure} in {v}");
        }
        let o = run(&["cube", &id]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let out = stdout(&o);
        assert!(
            out.contains(&format!("White cannot double: {why}")),
            "{out}"
        );
        assert!(
            !out.contains("Double, take") && !out.contains("doubling costs"),
            "{out}"
        );
        // gnubg says the same, without the reason.
        if let Some(gnubg) = common::real_gnubg() {
            let s = bgw_engine::read_setup(&id).unwrap();
            let said = gnubg_action(&gnubg, &s.position_id(), &s.match_id(), "");
            assert_eq!(said, "You cannot double.", "{id}");
        }
    }
    // A side that may double is given its figures and can_double.
    if common::real_gnubg().is_some() {
        let v = cube_json(&[&opening("0:0:1:00:3:2:0:7:10")]);
        assert_eq!(v["can_double"], true, "{v}");
        assert_eq!(v["decision"], "double", "{v}");
    }
    // An offer the rules forbid is refused in one line.
    let o = run(&["cube", &opening("0:0:1:D:6:3:1:7:10")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("Crawford"), "{}", text(&o.stderr));
}

#[test]
fn money_follows_gnubgs_jacoby_and_beaver_rules_and_keeps_its_share() {
    let Some(gnubg) = common::real_gnubg() else {
        return;
    };
    // A Position ID alone: gnubg's defaults (Jacoby, beavers).
    let s = bgw_engine::read_setup("qm3bAADMXdsAAA").unwrap();
    let v = cube_json(&["qm3bAADMXdsAAA"]);
    let words = gnubg_action(&gnubg, "qm3bAADMXdsAAA", &s.match_id(), "");
    assert_eq!(words, "No double, beaver (21.3%)");
    assert_eq!(v["action"].as_str(), Some(words.as_str()), "{v}");
    assert!(
        v["match_state"]
            .as_str()
            .unwrap()
            .ends_with("Jacoby, beavers"),
        "{v}"
    );
    // An XGID's flags: J = 1 Jacoby without beavers, J = 3 both.
    let xgid = s.xgid();
    for (j, rules) in [
        ("1", "set jacoby on\nset beavers 0"),
        ("3", "set jacoby on\nset beavers 3"),
    ] {
        let id = format!("{}:{j}:0:10", xgid.rsplitn(4, ':').last().unwrap());
        let v = cube_json(&[&id]);
        let words = gnubg_action(&gnubg, "qm3bAADMXdsAAA", &s.match_id(), rules);
        assert_eq!(v["action"].as_str(), Some(words.as_str()), "{id}: {v}");
    }
    // A redouble in a match: gnubg's share after "No redouble, take".
    let s = bgw_engine::read_setup(REDOUBLE).unwrap();
    let v = cube_json(&[REDOUBLE]);
    let words = gnubg_action(&gnubg, &s.position_id(), &s.match_id(), "");
    assert_eq!(v["action"].as_str(), Some(words.as_str()), "{v}");
    let p = v["percent"].as_f64();
    assert_eq!(words.contains('%'), p.is_some(), "{v}");
}

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
    assert!(
        m["action"].as_str().unwrap().starts_with("No double"),
        "{m}"
    );
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
