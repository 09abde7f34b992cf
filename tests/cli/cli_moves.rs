//! `bgw moves` and `bgw calibrate` as a user runs them.

use crate::common;

use common::{Sink, bgw, bgw_to, text};

#[test]
fn opening_31_has_sixteen_results_in_either_dice_order() {
    let out = bgw(&["moves", "4HPwATDgc/ABMA", "13"], "");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 16);
    assert!(stdout.lines().any(|l| l.starts_with("8/5 6/5 ")));
    assert_eq!(
        stdout,
        text(&bgw(&["moves", "4HPwATDgc/ABMA", "31"], "").stdout)
    );
    let json: serde_json::Value =
        serde_json::from_slice(&bgw(&["moves", "4HPwATDgc/ABMA", "31", "--json"], "").stdout)
            .expect("valid JSON");
    assert_eq!(json.as_array().map(Vec::len), Some(16));
    assert!(json[0]["move"].is_string() && json[0]["result"].is_string());
}

#[test]
fn bad_input_is_one_line_on_stderr_and_exit_2_or_1() {
    for args in [
        &["moves", "4HPwATDgc/ABMA", "71"][..],
        &["moves", "nonsense", "31"],
        &["moves", "4HPwATDgc/ABMA"],
        &["moves", "//////////////", "31"],
        &["calibrate", "--positions", "/no/such/file"],
    ] {
        let out = bgw(args, "");
        // A file that cannot be read fails while running (1), the rest are usage (2).
        let code = if args[0] == "calibrate" { 1 } else { 2 };
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?}");
    }
}

#[test]
fn batch_agrees_with_the_reference_counts_and_reports_bad_lines() {
    let positions = common::positions_10k();
    let counts = common::tsv("movegen/counts_10k.tsv");
    let rolls = [
        "11", "21", "22", "31", "32", "33", "41", "42", "43", "44", "51", "52", "53", "54", "55",
        "61", "62", "63", "64", "65", "66",
    ];
    let mut input = String::new();
    let mut expected = Vec::new();
    for ((id, _), row) in positions.iter().zip(&counts).take(300) {
        for (roll, n) in rolls.iter().zip(row[2].split(' ')) {
            input.push_str(&format!("{id} {roll}\n"));
            expected.push(n.to_string());
        }
    }
    input.push_str("garbage line here\n");
    let out = bgw(&["moves", "--batch"], &input);
    assert_eq!(out.status.code(), Some(1), "one line failed");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), expected.len() + 1);
    for (line, n) in lines.iter().zip(&expected) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields[2], n, "{line}");
        let ids = &fields[3..];
        assert_eq!(ids.len().to_string(), *n);
        assert!(
            ids.windows(2).all(|w| w[0] < w[1]),
            "sorted, distinct: {line}"
        );
    }
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("garbage line here error: ")
    );
}

/// Runs `bgw moves --batch` on `input`: the exit code and the output lines.
fn batch_bytes(input: &[u8]) -> (Option<i32>, Vec<String>) {
    let o = bgw_to(&["moves", "--batch"], input, Sink::Captured, Sink::Captured);
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
    (
        o.status.code(),
        text(&o.stdout).lines().map(str::to_string).collect(),
    )
}

#[test]
fn batch_answers_a_line_that_is_not_utf8_and_goes_on() {
    let (code, lines) = batch_bytes(b"4HPwATDgc/ABMA 66\n\xff 31\n4HPwATDgc/ABMA 21\r\n");
    assert_eq!(code, Some(1), "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[0].starts_with("4HPwATDgc/ABMA 66 11 "), "{lines:?}");
    assert_eq!(
        lines[1],
        "\u{fffd} 31 error: not UTF-8 text (byte 1 is not valid UTF-8)"
    );
    assert!(lines[2].starts_with("4HPwATDgc/ABMA 21 15 "), "{lines:?}");
}

#[test]
fn batch_refuses_a_long_line_by_an_excerpt() {
    let mut input = vec![b'a'; 1 << 20];
    input.extend_from_slice(b"\n\x1b[31m 11\n4HPwATDgc/ABMA 21");
    let (code, lines) = batch_bytes(&input);
    assert_eq!(code, Some(1), "{lines:?}");
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[0],
        format!(
            "{}… error: the line is longer than 4096 bytes",
            "a".repeat(80)
        )
    );
    // Control characters are escaped, not sent to the terminal.
    assert!(lines[1].starts_with("\\u{1b}[31m 11 error: "), "{lines:?}");
    assert!(!lines[1].contains('\x1b'), "{lines:?}");
    assert!(lines[2].starts_with("4HPwATDgc/ABMA 21 15 "), "{lines:?}");
}

#[test]
fn calibrate_reports_json() {
    let path = common::data("movegen/positions_10k.tsv");
    let out = bgw(
        &["calibrate", "--json", "--positions", path.to_str().unwrap()],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(json["movegen_position_rolls_per_s"].as_f64().unwrap() > 0.0);
}
