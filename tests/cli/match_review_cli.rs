//! `bgw match review`: a match file reviewed by the real gnubg from the command line, its
//! summary as gnubg's own `analyse match` at 0 plies gives it; and against stand-ins for
//! gnubg (shell scripts), a review gnubg failed on is never taken for a clean one.

use crate::common;
use common::with_gnubg;
use common::{data, run, stdout, text};
use std::path::{Path, PathBuf};

#[test]
fn json_gives_each_decision_with_gnubgs_verdict_and_last_the_summary() {
    if common::real_gnubg().is_none() {
        return;
    }
    let file = data("matches/real/studio_boardlord_llabba_7pt.txt");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--json",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, decisions) = lines.split_last().unwrap();
    assert!(
        decisions
            .iter()
            .all(|d| d.get("gnubg").is_some() && d.get("kind").is_some())
    );
    let moves = decisions.iter().filter(|d| d["kind"] == "move").count();
    assert!(moves > 100, "{moves}");
    let players = summary["summary"]["players"].as_array().unwrap();
    // gnubg's analyse match at 0 plies: BoardLord 60 unforced moves, 6.99 mEMG, marks 1/2/0.
    let p = &players[0];
    assert_eq!(p["name"], "BoardLord");
    assert_eq!(p["unforced_moves"], 60);
    assert!(
        (p["error_rate_memg"].as_f64().unwrap() - 6.99).abs() < 0.01,
        "{p}"
    );
    assert_eq!(
        (
            p["doubtful"].as_u64(),
            p["bad"].as_u64(),
            p["very_bad"].as_u64()
        ),
        (Some(1), Some(2), Some(0))
    );
    assert!(p["classic_error_rate_memg"].as_f64().is_some());
    why_sums_to_the_brdval_difference_bgw_rank_prints(decisions, players);
}

/// Each checker error's "why": its weighted differences sum to BRDVAL(best) − BRDVAL(played)
/// as `bgw rank` prints them for the decision's position and roll; "explained" says whether
/// that is positive; the summary counts the errors and the explained ones per player.
fn why_sums_to_the_brdval_difference_bgw_rank_prints(
    decisions: &[serde_json::Value],
    players: &[serde_json::Value],
) {
    let with_why: Vec<&serde_json::Value> = decisions
        .iter()
        .filter(|d| d.get("why").is_some())
        .collect();
    assert!(
        with_why.len() > 10,
        "{} errors explained or not",
        with_why.len()
    );
    for (k, p) in players.iter().enumerate() {
        let mine = with_why.iter().filter(|d| d["player"] == k);
        let explained = mine
            .clone()
            .filter(|d| d["why"]["explained"] == true)
            .count();
        assert_eq!(
            (
                &p["classic_explains"]["errors"],
                &p["classic_explains"]["explained"]
            ),
            (&mine.count().into(), &explained.into()),
            "{p}"
        );
    }
    for d in with_why.iter().take(6) {
        let dice = d["dice"].as_array().unwrap();
        let dice = format!("{}{}", dice[0], dice[1]);
        let o = run(&["rank", d["position_id"].as_str().unwrap(), &dice, "--json"]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        let ranked: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
        let value_of = |mv: &serde_json::Value| {
            ranked["candidates"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["move"] == *mv)
                .unwrap_or_else(|| panic!("{mv} not ranked"))["value"]
                .as_f64()
                .unwrap()
        };
        let difference = value_of(&d["gnubg"]["best"]) - value_of(&d["move"]);
        let terms = d["why"]["terms"].as_array().unwrap();
        let sum: f64 = terms
            .iter()
            .map(|t| t["weighted_delta"].as_f64().unwrap())
            .sum();
        assert!(
            (sum - difference).abs() < 1e-9,
            "{sum} vs {difference}: {d}"
        );
        assert_eq!(d["why"]["explained"], difference > 0.0, "{d}");
        assert!(
            terms
                .iter()
                .all(|t| t["term"].is_string() && t["played"] != t["best"])
        );
    }
}

#[test]
fn the_text_ends_with_each_players_figures() {
    if common::real_gnubg().is_none() {
        return;
    }
    let file = data("matches/gnubg_3pt_seed103.mat");
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(out.contains("gnubg 0-ply review"), "{out}");
    // gnubg reviewing its own 0-ply games at 0 plies finds no move played that loses (the
    // classic's choices beside may).
    assert!(!out.contains(" mEMG (gnubg: "), "{out}");
    assert!(out.contains("; classic "), "{out}");
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("gnubg ") && l.contains(" 0.00 ")),
        "{out}"
    );
}

#[test]
fn bad_arguments_are_refused_before_gnubg_is_asked() {
    let file = data("matches/gnubg_3pt_seed103.mat");
    let f = file.to_str().unwrap();
    for (args, why) in [
        (
            vec!["match", "review", f, "--plies", "3"],
            "--plies must be 0, 1 or 2",
        ),
        (
            vec!["match", "review", f, "--threads", "0"],
            "--threads must be 1 to 16",
        ),
        (
            vec!["match", "review", "/no/such/match.mat"],
            "cannot read /no/such/match.mat",
        ),
    ] {
        let o = run(&args);
        assert_ne!(o.status.code(), Some(0), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn player_names_are_escaped_in_the_summary_too() {
    // A name from the file holding an escape sequence (`ESC[2J` clears the screen) is shown
    // escaped in the summary table as in the decision lines (issue 35, item 14).
    if common::real_gnubg().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("escapes.mat");
    let original = std::fs::read_to_string(data("matches/gnubg_5pt_seed101.mat")).unwrap();
    std::fs::write(&file, original.replace(" gnubg :", " \u{1b}[2Jgnubg :")).unwrap();
    let o = run(&[
        "match",
        "review",
        file.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = stdout(&o);
    assert!(!out.contains('\u{1b}'), "a raw escape: {out:?}");
    let summary = out.split("gnubg 0-ply review").nth(1).expect("the summary");
    assert!(summary.contains("\\u{1b}[2Jgnubg"), "{summary}");
}

/// `bgw ARGS…` with `BGW_GNUBG` set to `program`.
/// A stand-in gnubg (sh): each start is logged to `NAME.starts`, each request after the hello
/// to `NAME.requests`; it answers its hello as `banner` speaking our protocol, then runs `rest`
/// for each request (`$line` the request, `$id` its id).
#[cfg(unix)]
fn stand_in(dir: &Path, name: &str, banner: &str, rest: &str) -> PathBuf {
    let path = dir.join(name);
    let log = |what: &str| dir.join(format!("{name}.{what}")).display().to_string();
    let script = format!(
        "#!/bin/sh\n\
         echo $$ >> '{starts}'\n\
         n=0\n\
         while IFS= read -r line; do\n\
         id=$(printf '%s\\n' \"$line\" | sed -n 's/.*\"id\":\\([0-9]*\\).*/\\1/p')\n\
         n=$((n+1))\n\
         if [ $n = 1 ]; then\n\
         echo \"@bgw {{\\\"id\\\":$id,\\\"ok\\\":true,\\\"gnubg\\\":\\\"{banner}\\\",\\\"protocol\\\":{protocol}}}\"\n\
         continue\n\
         fi\n\
         printf '%s\\n' \"$line\" >> '{requests}'\n\
         {rest}\n\
         done\n",
        starts = log("starts"),
        requests = log("requests"),
        protocol = bgw_engine::reference::gnubg::PROTOCOL,
    );
    common::write_program(&path, &script);
    path
}

/// How many lines the stand-in `name` logged to `what` (`starts`, `requests`).
fn logged(dir: &Path, name: &str, what: &str) -> usize {
    std::fs::read_to_string(dir.join(format!("{name}.{what}"))).map_or(0, |t| t.lines().count())
}

const GNUBG_108: &str = "GNU Backgammon 1.08.003 20240428";

/// A 3-point match of six decisions: two rolls, a double and its take, two rolls.
const DOUBLED: &str = "3 point match\n\n Game 1\n ann : 0        bob : 0\n  \
                       1) 31: 8/5 6/5      62: 24/18 13/11\n  \
                       2)  Doubles => 2    Takes\n  \
                       3) 21: 13/11 6/5    41: 24/23 13/9\n";

/// What gnubg 1.07's bridge answers to a cube request (at a match score).
const CUBE_REPLY: &str = "echo \"@bgw {\\\"id\\\":$id,\\\"ok\\\":true,\\\"plies\\\":0,\\\"no_double\\\":0.2,\
                          \\\"double_take\\\":-0.2,\\\"double_pass\\\":1,\\\"action\\\":\\\"No double, take\\\",\
                          \\\"probs\\\":[0.52,0.15,0.01,0.13,0.01],\\\"cubeless\\\":0.08,\\\"mwc\\\":{\\\"no_double\\\":0.6,\
                          \\\"double_take\\\":0.5,\\\"double_pass\\\":0.7,\\\"cubeless\\\":0.6}}\"";

#[cfg(unix)]
#[test]
fn a_review_gnubg_judged_nothing_of_exits_1_and_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let file = data("matches/gnubg_3pt_seed103.mat");
    let f = file.to_str().unwrap();
    let crash = stand_in(
        dir,
        "crash",
        GNUBG_108,
        "echo 'Segmentation fault' >&2; exit 3",
    );
    let old = stand_in(dir, "old", "GNU Backgammon 1.06.002 20180802", "true");
    let garbage = stand_in(dir, "garbage", GNUBG_108, "echo '@bgw {\"id\": 2, oops'");
    for (program, why) in [
        (dir.join("nonexistent"), "GNU Backgammon not found"),
        (crash, "exited with code 3"),
        (old, "older than 1.07"),
        (garbage, "garbage"),
    ] {
        let o = with_gnubg(
            &program,
            &["match", "review", "--reference", "process", f, "--quiet"],
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{program:?}: {err}");
        assert!(
            err.starts_with("bgw: gnubg could not review the match: it judged none of its "),
            "{err}"
        );
        assert!(err.contains(why), "{program:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(stdout(&o), "", "no summary of zeros");
    }
}

#[cfg(unix)]
#[test]
fn a_partial_review_says_how_many_decisions_were_not_judged_and_exits_1_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let file = dir.join("doubled.mat");
    std::fs::write(&file, DOUBLED).unwrap();
    let f = file.to_str().unwrap();
    // Cube decisions answered, checker plays refused.
    let rest = format!(
        "case \"$line\" in *'\"op\":\"cube\"'*) {CUBE_REPLY};; \
         *) echo \"@bgw {{\\\"id\\\":$id,\\\"ok\\\":false,\\\"error\\\":\\\"no moves today\\\"}}\";; esac"
    );
    let half = stand_in(dir, "half", GNUBG_108, &rest);
    let o = with_gnubg(
        &half,
        &[
            "match",
            "review",
            "--reference",
            "process",
            f,
            "--quiet",
            "--threads",
            "1",
        ],
    );
    let (out, err) = (stdout(&o), text(&o.stderr));
    assert_eq!(o.status.code(), Some(1), "{err}");
    // The stand-in has no luck analysis either: said on a line of its own.
    assert!(err.starts_with("bgw: no luck figures: "), "{err}");
    let err: String = err
        .lines()
        .filter(|l| !l.starts_with("bgw: no luck figures: "))
        .map(|l| format!("{l}\n"))
        .collect();
    // The opening rolls and the last two: four checker plays refused; the double and take
    // judged.
    assert!(
        out.contains("4 of 6 decisions not judged (the engine failed: gnubg refused the request: no moves today): the figures leave them out"),
        "{out}"
    );
    assert!(out.contains("gnubg 0-ply review"), "{out}");
    assert_eq!(
        err,
        "bgw: a partial review: 4 of 6 decisions not judged (the engine failed: gnubg refused \
         the request: no moves today); --allow-partial accepts it\n"
    );
    let o = with_gnubg(
        &half,
        &[
            "match",
            "review",
            "--reference",
            "process",
            f,
            "--quiet",
            "--json",
            "--allow-partial",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = stdout(&o);
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["summary"]["not_judged"], 4, "{last}");
    assert_eq!(last["summary"]["decisions"], 6, "{last}");
}

#[cfg(unix)]
#[test]
fn a_gnubg_that_stalls_costs_one_time_out_and_the_review_says_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let file = data("matches/gnubg_3pt_seed103.mat");
    let stall = stand_in(dir, "stall", GNUBG_108, "sleep 30");
    let o = with_gnubg(
        &stall,
        &[
            "match",
            "review",
            "--reference",
            "process",
            file.to_str().unwrap(),
            "--quiet",
            "--threads",
            "1",
            "--timeout",
            "0.5",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("the review stopped after gnubg did not answer moves "),
        "{err}"
    );
    assert!(err.contains("within 0.5 s"), "{err}");
    // One request asked and timed out on the review's gnubg: not one a decision, and no
    // restart; the luck analysis's own gnubg (beside it) asked once and timed out too.
    assert_eq!(logged(dir, "stall", "requests"), 2);
    assert_eq!(logged(dir, "stall", "starts"), 2);
    // A time limit that is no time is refused.
    let o = with_gnubg(
        &stall,
        &[
            "match",
            "review",
            "--reference",
            "process",
            file.to_str().unwrap(),
            "--timeout",
            "0",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("--timeout must be more than 0"));
}

#[cfg(unix)]
#[test]
fn a_match_longer_than_gnubg_plays_is_refused_before_gnubg_is_asked() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let file = dir.join("long.mat");
    std::fs::write(&file, DOUBLED.replace("3 point match", "65 point match")).unwrap();
    let watch = stand_in(dir, "watch", GNUBG_108, CUBE_REPLY);
    let o = with_gnubg(
        &watch,
        &[
            "match",
            "review",
            "--reference",
            "process",
            file.to_str().unwrap(),
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "bgw: gnubg cannot review a 65-point match: gnubg plays matches of at most 64 points\n"
    );
    assert_eq!(logged(dir, "watch", "starts"), 0, "gnubg was not started");
}
