//! `bgw champion` (alias `bgw wolves`) end to end: replies, trace, solve, show, replay, measure,
//! play, and refusals of bad input (one line on stderr, exit 2).

use crate::common;
use common::{bgw, run, stdout};

fn refused(args: &[&str], needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(o.stdout.is_empty());
}

#[test]
fn replies_from_the_start_and_the_trace() {
    // The goat's first move, then a reply to each wolf move; the wolves trap it: 0 is not
    // needed, the game ends by the rules.
    let o = run(&["champion", "replies", "4/88 4/97 4/86 3/88"]);
    assert!(o.status.success());
    let t = stdout(&o);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[..4], ["66", "77", "88", "97"]);
    assert!(lines[4].contains("the goat cannot move"), "{t}");
    let o = run(&["wolves", "replies", "2/28", "--trace"]);
    let t = stdout(&o);
    assert!(t.contains("R7 = 0"), "{t}");
    assert!(t.contains("first move of the game"), "{t}");
    assert!(t.contains("chosen by branch"), "{t}");
    // The alternative listing resigns on 97 although 88 is free: it shows 0.
    let o = run(&[
        "champion",
        "replies",
        "2/28 4/88 4/77 4/86",
        "--program",
        "alt",
    ]);
    assert_eq!(
        stdout(&o).lines().collect::<Vec<_>>(),
        ["66", "77", "86", "97", "0"]
    );
    // The perfect goat and the alternative listing answer too.
    for p in ["perfect", "alt"] {
        let o = run(&[
            "champion",
            "replies",
            "1/17",
            "--program",
            p,
            "--variant",
            "8x3",
        ]);
        assert!(o.status.success(), "{p}");
        assert_eq!(stdout(&o).lines().count(), 2, "{p}");
    }
}

#[test]
fn solve_prints_the_result_and_json() {
    let o = run(&["champion", "solve", "--variant", "8x4", "--json"]);
    assert!(o.status.success());
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["goat_wins"], false);
    assert_eq!(j["positions"], 2_013_760);
    let o = run(&["champion", "solve"]);
    let t = stdout(&o);
    assert!(t.contains("the goat wins in 31 plies"), "{t}");
    assert!(t.contains("7493980"), "{t}");
}

#[test]
fn show_lists_moves_with_values_and_the_choice() {
    let o = run(&[
        "champion",
        "show",
        "--wolves",
        "46,48,68,88",
        "--goat",
        "66",
        "--to-move",
        "wolves",
    ]);
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("2/57"), "{t}");
    assert!(t.contains("the wolves lose in 18 plies"), "{t}");
    let line = t
        .lines()
        .find(|l| l.trim_start().starts_with("2/57"))
        .unwrap();
    assert!(line.contains("loses in 18"), "{t}");
    assert!(line.ends_with("program answers 77"), "{t}");
    let o = run(&[
        "champion",
        "show",
        "--wolves",
        "46,48,57,88",
        "--goat",
        "66",
    ]);
    let t = stdout(&o);
    assert!(t.contains("← the program's choice"), "{t}");
    assert!(t.contains("the program's decision"), "{t}");
}

#[test]
fn replay_shows_the_commentary() {
    let o = run(&["champion", "replay"]);
    assert!(o.status.success());
    let t = stdout(&o);
    let line = |m: &str| t.lines().find(|l| l.starts_with(m)).unwrap().to_string();
    assert!(line("3/55 (75)").contains("goat: loses"), "{t}");
    assert!(line("3/55 (75)").contains("BLUNDER"), "{t}");
    assert!(line("3/55 (75)").ends_with("winning replies: 73"), "{t}");
    assert!(
        line("4/73 (51)").contains("wolves: loses in 22 BLUNDER"),
        "{t}"
    );
    assert_eq!(t.lines().count(), 18);
    let o = run(&["champion", "replay", "--trace"]);
    let t = stdout(&o);
    assert_eq!(t.matches("chosen by branch").count(), 17, "{t}");
    assert!(
        t.contains("chosen by branch ForwardAgainst: goat to 77"),
        "{t}"
    );
}

#[test]
fn measure_and_play() {
    let o = run(&["champion", "measure", "--games", "50", "--variant", "9x3"]);
    assert!(o.status.success());
    let t = stdout(&o);
    assert_eq!(t.lines().count(), 4, "{t}");
    assert!(t.contains("perfect goat"), "{t}");
    let o = run(&["champion", "beat"]);
    let t = stdout(&o);
    assert!(t.contains("wolf moves beat the program"), "{t}");
    assert!(t.starts_with("9×9, four wolves"), "{t}");
    let o = bgw(&["champion", "play"], "1/99\n4/88\n4/97\n4/86\n3/88\n");
    let t = stdout(&o);
    assert!(t.contains("goat: 66"), "{t}");
    assert!(t.contains("refused: a wolf on 19 cannot go to 99"), "{t}");
    assert!(t.contains("the goat cannot move: the wolves win"), "{t}");
}

#[test]
fn bad_input_is_refused_on_one_line() {
    refused(
        &["champion", "replies", "2/28", "--variant", "7x4"],
        "unknown variant",
    );
    refused(&["champion", "replies", "2/38"], "wolf move 2/38");
    refused(&["champion", "replies", "5/28"], "no wolf 5");
    refused(&["champion", "replies", "2-28"], "cannot read");
    refused(
        &[
            "champion",
            "show",
            "--wolves",
            "46,48,68,88",
            "--goat",
            "46",
        ],
        "occupied by wolf 1",
    );
    refused(
        &["champion", "show", "--wolves", "46,48,68", "--goat", "66"],
        "3 wolves given",
    );
    refused(
        &[
            "champion",
            "show",
            "--wolves",
            "46,4x,68,88",
            "--goat",
            "66",
        ],
        "--wolves",
    );
    refused(
        &[
            "champion",
            "show",
            "--wolves",
            "46,48,68,88",
            "--goat",
            "65",
        ],
        "not a playing square",
    );
    refused(
        &["champion", "measure", "--variant", "10x4"],
        "unknown variant",
    );
}
