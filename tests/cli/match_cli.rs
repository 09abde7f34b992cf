//! `bgw match decisions` from the outside: every decision of gnubg's own matches as gnubg
//! recorded them, in text and JSON, warnings, moves made as recorded, and the exit codes.

use crate::common;
use common::{data, run, stdout};

use bgw_engine::Side;
use bgw_engine::core::formats::MatchId;
use serde_json::Value;
use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn path(name: &str) -> String {
    data(&format!("matches/{name}")).display().to_string()
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// gnubg's own record of its 5-point match, decision by decision.
fn gnubgs_record() -> Vec<Value> {
    let all: Value =
        serde_json::from_str(&std::fs::read_to_string(data("matches/decisions.json")).unwrap())
            .unwrap();
    let m = all
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["file"] == "gnubg_5pt_seed101")
        .unwrap()
        .clone();
    m["games"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["decisions"].as_array().unwrap().clone())
        .collect()
}

#[test]
fn json_lines_are_gnubgs_decisions() {
    let record = gnubgs_record();
    for file in ["gnubg_5pt_seed101.mat", "gnubg_5pt_seed101.sgf"] {
        let o = run(&["match", "decisions", &path(file), "--json"]);
        assert!(o.status.success(), "{}", stderr(&o));
        let lines = json_lines(&o);
        assert_eq!(lines.len(), record.len(), "{file}");
        for (ours, theirs) in lines.iter().zip(&record) {
            assert_eq!(ours["kind"], theirs["kind"], "{ours}");
            let player = if theirs["player"] == "X" { 0 } else { 1 };
            assert_eq!(ours["player"], player, "{ours}");
            if let Some(id) = theirs.get("position_id") {
                assert_eq!(&ours["position_id"], id, "{ours}");
            }
            if theirs["kind"] == "move" {
                assert_eq!(ours["dice"], theirs["dice"], "{ours}");
                assert!(ours["move"].is_string() && ours.get("illegal").is_none());
            } else {
                assert!(ours.get("dice").is_none() && ours.get("move").is_none());
            }
            assert_eq!(ours["match_id"].as_str().map(str::len), Some(12), "{ours}");
        }
    }
    // The first decision: root's opening 6-4; its Match ID has player 1 (White) on roll
    // with 6-4 in a 5-point match at 0-0, the cube centred at 1.
    let o = run(&[
        "match",
        "decisions",
        &path("gnubg_5pt_seed101.mat"),
        "--json",
    ]);
    let first = &json_lines(&o)[0];
    assert_eq!(first["game"], 1);
    assert_eq!(first["move"], "24/14");
    assert_eq!(first["position_id"], "4HPwATDgc/ABMA");
    let id = MatchId::decode(first["match_id"].as_str().unwrap()).unwrap();
    assert_eq!(
        (id.on_roll, id.turn, id.dice, id.match_length),
        (Side::White, Side::White, [6, 4], 5)
    );
    assert_eq!(
        (id.score_black, id.score_white, id.cube_log2, id.cube_owner),
        (0, 0, 0, None)
    );
    // gnubg's drop of the first game is decided with gnubg's double on offer: gnubg's own
    // `matchid()` at that point is MBmgAAAAAAAE (the last character holds bits gnubg 1.07
    // sets beyond the 66 the Match ID defines, which the workbench writes as zeros).
    let drop = &json_lines(&o)[10];
    assert_eq!(
        (&drop["kind"], &drop["match_id"]),
        (&"drop".into(), &"MBmgAAAAAAAA".into())
    );
}

#[test]
fn text_lines_name_the_players_and_the_moves() {
    let o = run(&["match", "decisions", &path("gnubg_5pt_seed101.mat")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 117);
    assert_eq!(lines[0], "game 1 #1 (move 1) root: 64 24/14");
    assert_eq!(lines[8], "game 1 #9 (move 5) root: 62 (no move)");
    assert_eq!(lines[9], "game 1 #10 (move 6) gnubg: doubles to 2");
    assert_eq!(lines[10], "game 1 #11 (move 6) root: drops");
    assert_eq!(lines[116], "game 2 #106 root: resigns a single game");
}

/// A small match file in a temporary folder.
fn temp_match(text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("m.mat");
    std::fs::write(&p, text).unwrap();
    let s = p.display().to_string();
    (dir, s)
}

#[test]
fn moves_made_as_recorded_and_warnings() {
    let (_dir, p) = temp_match(
        "7 point match\n\n Game 1\n ann : 0                        bob : 0\n  \
         1) 31: 8/4 6/5                  62: ????\n\n Game 2\n ann : 0     bob : 0\n  \
         1) 31: 8/5 6/5\n",
    );
    let o = run(&["match", "decisions", &p]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("game 1 #1 (move 1) ann: 31 8/4 6/5 (illegal as recorded: ")
            && lines[0].contains("more numbers than you rolled"),
        "{out}"
    );
    assert!(
        lines[1].starts_with("warning: line 5 (game 1, move 1): the move was never recorded"),
        "{out}"
    );
    assert_eq!(lines[2], "game 2 #1 (move 1) ann: 31 8/5 6/5");
    let o = run(&["match", "decisions", &p, "--json"]);
    let j = json_lines(&o);
    assert!(j[0]["illegal"].as_str().unwrap().contains("more numbers"));
    assert_eq!(j[0]["recorded"], "8/4 6/5");
    // The file's own move number beside ours.
    assert_eq!(
        (&j[0]["number"], &j[0]["file_move"]),
        (&1.into(), &1.into())
    );
    assert_eq!(j[1]["game"], 1);
    assert_eq!(j[1]["line"], 5);
    assert!(j[1]["warning"].as_str().unwrap().contains("never recorded"));
    assert_eq!(j[2]["game"], 2);
}

#[test]
fn errors_and_exit_codes() {
    // A file that is not there, a folder, a device: exit code 1, one line.
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().display().to_string();
    let mut cases = vec![
        ("/no/such/match.mat".to_string(), "No such file"),
        (folder, "a directory"),
    ];
    if cfg!(unix) {
        cases.push(("/dev/null".to_string(), "a device"));
    }
    for (p, what) in cases {
        let p = p.as_str();
        let o = run(&["match", "decisions", p]);
        assert_eq!(o.status.code(), Some(1), "{p}");
        let e = stderr(&o);
        assert!(
            e.starts_with("bgw: cannot read ") && e.contains(what),
            "{e}"
        );
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // A file that does not parse: its line.
    let (_dir, p) = temp_match("7 point match\n\n Game 1\n ann : 0    bob : 0\n  1) 71: 8/1\n");
    let o = run(&["match", "decisions", &p]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        format!("bgw: {p}: line 5: \"71:\" is not a roll\n")
    );
    // What is typed wrong: exit code 2.
    assert_eq!(run(&["match", "decisions"]).status.code(), Some(2));
    assert_eq!(run(&["match"]).status.code(), Some(2));
    assert_eq!(
        run(&["match", "decisions", &p, "--bogus"]).status.code(),
        Some(2)
    );
}

/// `bgw match decisions FILE` under a 1 GB address-space limit, as `sh -c 'ulimit -v …'`
/// runs it: its exit code (None when a signal ended it) and its standard error.
fn decisions_in_1gb(file: &std::path::Path) -> (Option<i32>, String) {
    let o = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -v 1000000; exec \"$0\" match decisions \"$1\" >/dev/null",
        ])
        .arg(env!("CARGO_BIN_EXE_bgw"))
        .arg(file)
        .output()
        .unwrap();
    (o.status.code(), stderr(&o))
}

/// Files of 16 MiB (the largest read) made of what costs the most memory a byte — dances,
/// SGF properties, game trees — are read within 1 GB or refused with one line before they
/// are built; never an abort. A match at the limit is read.
#[test]
fn the_largest_files_are_read_or_refused_within_memory() {
    let dir = tempfile::tempdir().unwrap();
    let cap = 16 << 20;
    let head = "7 point match\n\n Game 1\n ann : 0                        bob : 0\n";
    let fill = |unit: &str, end: &str| {
        let n = (cap - head.len() - end.len() - 64) / unit.len();
        unit.repeat(n)
    };
    let line = "  1) 66:                          66:\n";
    let files = [
        ("lines.mat", format!("{head}{}", fill(line, ""))),
        ("dense.mat", format!("{head}  1) {}\n", fill("66: ", "\n"))),
        (
            "games.mat",
            format!("7 point match\n{}", fill("Game 1\n", "")),
        ),
        ("roots.sgf", format!("(;GM[6]{})", fill("X[]", ")"))),
        ("trees.sgf", fill("(;GM[6])", "")),
        ("nodes.sgf", format!("(;GM[6]{})", fill(";", ")"))),
    ];
    for (name, text) in &files {
        let file = dir.path().join(name);
        std::fs::write(&file, text).unwrap();
        let (code, e) = decisions_in_1gb(&file);
        assert_eq!(code, Some(1), "{name}: {e}");
        assert!(
            e.contains(": more than ") && e.contains(" in one file: not read"),
            "{name}: {e}"
        );
        assert_eq!(e.lines().count(), 1, "{name}: {e}");
    }
    // What no reader looks at costs nothing: a move node of 16 MiB of unknown properties.
    let file = dir.path().join("unknown.sgf");
    let sgf = format!(
        "(;GM[6]MI[length:1]PW[a]PB[b];W[31hefe]{})",
        fill("X[]", ")")
    );
    std::fs::write(&file, sgf).unwrap();
    assert_eq!(decisions_in_1gb(&file), (Some(0), String::new()));
    // A match of exactly as many decisions as a file may hold is read.
    let file = dir.path().join("limit.mat");
    let n = bgw_engine::matches::MAX_ACTIONS / 2;
    std::fs::write(&file, format!("{head}{}", line.repeat(n))).unwrap();
    assert_eq!(decisions_in_1gb(&file), (Some(0), String::new()));
}
