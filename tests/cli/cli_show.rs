//! `bgw show` and `bgw moves` from the outside: output, exit codes, one-line errors.

use crate::common;
use common::{run, stdout};

use std::process::Output;

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn show_position_id() {
    let o = run(&["show", "4HPwATDgc/ABMA"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Position ID: 4HPwATDgc/ABMA"), "{out}");
    assert!(
        out.contains("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"),
        "{out}"
    );
    assert!(out.contains("Pips: White 167, Black 167"), "{out}");
    assert!(out.contains("+13-14-15-16-17-18------19-20-21-22-23-24-+"));
}

#[test]
fn show_position_and_match_id() {
    let o = run(&["show", "qm3bAADMXdsAAA:cAkZAAAAAAAA"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Match ID   : cAkZAAAAAAAA"), "{out}");
    assert!(out.contains("On roll, dice 62"), "{out}");
    assert!(out.contains("Pips: White 100, Black 99"), "{out}");
}

#[test]
fn show_xgid_with_black_to_move() {
    // The opening with the top player (Black) to move 31: the same picture, Black as X.
    let o = run(&[
        "show",
        "XGID=-b----E-C---eE---c-e----B-:0:0:-1:31:0:0:0:0:10",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("X: Black"), "{out}");
    assert!(out.contains("Position ID: 4HPwATDgc/ABMA"), "{out}");
    assert!(out.contains(":0:0:-1:31:0:0:0:0:10"), "{out}");
}

#[test]
fn show_position_file() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/positions/seed-001-example.ron"
    );
    let o = run(&["show", path]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("Position ID: qm3bAADMXdsAAA"));
}

#[test]
fn a_position_files_text_reaches_the_terminal_escaped() {
    let dir = std::env::temp_dir().join(format!("bgw-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("escape.ron");
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/positions/seed-001-example.ron"
    ))
    .unwrap();
    // RON's \u{1b} is a real ESC in the description once read; a tab and a newline stay.
    let text = example.replacen(
        "description: \"",
        "description: \"\\u{1b}[2J\\u{7}red\\tcol\\nnext ",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let o = run(&["show", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(!out.contains('\x1b') && !out.contains('\x07'), "{out:?}");
    assert!(
        out.starts_with(" \\u{1b}[2J\\u{7}red\tcol\nnext Seed 001"),
        "{out:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_or_1_with_one_line() {
    for bad in [
        "nonsense",
        "4HPwATDgc/AB!A",
        "4HPwATDgc/ABMA:cAkZ",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1",
        "//////////////",
        "a\nb",
        "",
        "/no/such/file.ron",
    ] {
        let o = run(&["show", bad]);
        // A file that cannot be read fails while running (1); a bad ID is a usage error (2).
        let code = if bad.ends_with(".ron") { 1 } else { 2 };
        assert_eq!(o.status.code(), Some(code), "{bad:?}");
        assert!(o.stdout.is_empty(), "{bad:?}");
        let err = stderr(&o);
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
        assert!(err.starts_with("bgw: "), "{bad:?}: {err}");
        assert!(!err.contains("panicked"), "{bad:?}: {err}");
    }
    let o = run(&[
        "show",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:72:0:0:3:0:10",
    ]);
    assert!(stderr(&o).contains("72"));
}

#[test]
fn moves_accepts_xgid() {
    let xgid = run(&[
        "moves",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10",
        "52",
    ]);
    let id = run(&["moves", "4HPwATDgc/ABMA", "52"]);
    assert!(xgid.status.success(), "{}", stderr(&xgid));
    assert!(!xgid.stdout.is_empty());
    assert_eq!(stdout(&xgid), stdout(&id));
}

#[test]
fn show_json_has_the_ids_and_pip_counts() {
    let o = run(&["show", "4HPwATDgc/ABMA:cAkAAAAAAAAA", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position_id"], "4HPwATDgc/ABMA");
    assert_eq!(v["match_id"], "cAkAAAAAAAAA");
    assert!(v["xgid"].as_str().unwrap().starts_with("XGID="));
    assert_eq!(v["player"]["pips"], 167);
    assert_eq!(v["opponent"]["pips"], 167);
    let board: Vec<i64> = serde_json::from_value(v["board"].clone()).unwrap();
    assert_eq!(board.iter().filter(|&&c| c > 0).sum::<i64>(), 15);
    assert_eq!(board.iter().filter(|&&c| c < 0).sum::<i64>(), -15);
}
