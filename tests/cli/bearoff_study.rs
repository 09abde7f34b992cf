//! The two-sided study end to end: `bgw bearoff <ID>`'s two-sided row and `--dice` best play,
//! `bgw bearoff errors`, and their refusals.

use crate::common;
use bgw_engine::bearoff::one_sided;
use common::{race_id, run, stdout, text};

use bgw_engine::core::task::Task;

use bgw_engine::bearoff::two_sided::{self, Kind, TwoSidedDb};
use serde_json::Value;
use std::path::PathBuf;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-study-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn json(args: &[&str]) -> Value {
    let o = run(args);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn f(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} in {v:#}"))
}

#[test]
fn the_two_sided_row_from_the_solver_and_from_a_database() {
    let id = race_id(&[(6, 1), (4, 1), (2, 1)], &[(5, 2), (1, 1)]);
    let solved = json(&["bearoff", &id, "--json", "--games", "1000"]);
    let w = f(&solved, "win_two_sided");
    assert!(w > 0.0 && w < 1.0);
    assert!(
        solved["two_sided_source"]
            .as_str()
            .unwrap()
            .contains("solver")
    );
    assert!(solved["two_sided_unavailable"].is_null());
    // Each error is its method's chance minus the two-sided one, in percentage points.
    let e = &solved["errors_two_sided"];
    for (method, key) in [
        ("one_sided", "win_exact"),
        ("normal", "win_normal"),
        ("interval", "win_interval"),
        ("rollout", "win_rollout"),
    ] {
        assert!(
            (f(e, method) - 100.0 * (f(&solved, key) - w)).abs() < 1e-9,
            "{method}"
        );
    }
    // The same from a database built in memory and from a gnubg cubeless file.
    let built = json(&[
        "bearoff",
        &id,
        "--json",
        "--two-sided",
        "6x3",
        "--games",
        "0",
    ]);
    assert!((f(&built, "win_two_sided") - w).abs() < 1e-12);
    assert!(built["errors_two_sided"]["rollout"].is_null());
    let path = temp("ts6x3.bd");
    let db = TwoSidedDb::build(6, 3, Kind::Cubeless, &Task::new()).unwrap();
    two_sided::write_atomic(&db, &path).unwrap();
    let p = path.to_str().unwrap();
    let read = json(&["bearoff", &id, "--json", "--two-sided", p, "--games", "0"]);
    assert!((f(&read, "win_two_sided") - w).abs() < 1.0 / 65535.0);
    assert!(
        read["two_sided_source"]
            .as_str()
            .unwrap()
            .contains("gnubg cubeless")
    );
    // A position beyond the file is solved on the fly, and says so.
    let bigger = race_id(&[(6, 4)], &[(5, 1)]);
    let v = json(&[
        "bearoff",
        &bigger,
        "--json",
        "--two-sided",
        p,
        "--games",
        "0",
    ]);
    assert!(v["win_two_sided"].is_number());
    assert!(v["two_sided_source"].as_str().unwrap().contains("solver"));
    // The text shows the row and the errors.
    let t = stdout(&run(&["bearoff", &id, "--games", "1000"]));
    assert!(
        t.contains("Two-sided (exact, both sides playing to win)"),
        "{t}"
    );
    assert!(t.contains("Errors against it (pp): one-sided exact"), "{t}");
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

#[test]
fn the_seeds_position_is_too_large_for_the_solver() {
    // 15 checkers a side up to the 10 point: no two-sided database (6 points at most) covers
    // it, and the pairs its sides reach are far beyond the solver's limit — refused at once.
    let v = json(&["bearoff", "qm3bAADMXdsAAA", "--json", "--games", "0"]);
    assert_eq!(v["points"], 10);
    assert!(v["win_two_sided"].is_null());
    assert!(v["errors_two_sided"].is_null());
    let why = v["two_sided_unavailable"].as_str().unwrap();
    assert!(why.contains("too large to solve on the fly"), "{why}");
    let t = stdout(&run(&["bearoff", "qm3bAADMXdsAAA", "--games", "0"]));
    assert!(t.contains("Two-sided (exact): not available"), "{t}");
}

#[test]
fn best_play_fills_the_gap_when_one_roll_is_left() {
    // One on 4 and two on 5 against three on the ace point, 2-1: 5/3 4/3 (3,3,5 clears with
    // four doubles) beats the fewest-rolls 5/4 4/2 (2,4,5 clears with three).
    let id = race_id(&[(4, 1), (5, 2)], &[(1, 3)]);
    let v = json(&["bearoff", &id, "--json", "--dice", "2-1", "--games", "0"]);
    let bp = &v["best_play"];
    assert_eq!(bp["dice"], "21");
    let plays = bp["plays"].as_array().unwrap();
    assert_eq!(plays[0]["result"], serde_json::json!([0, 0, 2, 0, 1]));
    assert!((f(&plays[0], "chance") - 120.0 / 1296.0).abs() < 1e-12);
    let one = &plays[bp["one_sided"].as_u64().unwrap() as usize];
    assert_eq!(one["result"], serde_json::json!([0, 1, 0, 1, 1]));
    assert_eq!(bp["heuristic"], bp["one_sided"]);
    // (The analysis spans 5 points, the smallest covering both sides.) The text marks it.
    let t = stdout(&run(&["bearoff", &id, "--dice", "21", "--games", "0"]));
    assert!(t.contains("Best play of 21"), "{t}");
    let marked: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with('B') && l.contains('/'))
        .collect();
    assert_eq!(marked.len(), 1, "{t}");
    assert!(
        marked[0].contains("5/3") && marked[0].contains("4/3"),
        "{t}"
    );
}

#[test]
fn the_error_map_agrees_with_the_row_of_its_worst_pair() {
    let v = json(&[
        "bearoff", "errors", "6x3", "--json", "--worst", "2", "--quiet",
    ]);
    assert_eq!(
        (v["points"].as_u64(), v["checkers"].as_u64()),
        (Some(6), Some(3))
    );
    assert_eq!(v["pairs"], 83 * 83);
    let methods = v["methods"].as_array().unwrap();
    assert_eq!(methods.len(), 3);
    let one = &methods[0];
    assert_eq!(one["method"], "one_sided");
    assert_eq!(one["worst"].as_array().unwrap().len(), 2);
    let worst = &one["worst"][0];
    assert!(f(&one["overall"], "rms") > 0.0);
    assert_eq!(f(&one["overall"], "largest"), f(worst, "error"));
    // The worst pair through `bgw bearoff <ID>`: the same exact chance and the same error.
    let id = worst["position_id"].as_str().unwrap();
    let row = json(&[
        "bearoff",
        id,
        "--json",
        "--two-sided",
        "6x3",
        "--games",
        "0",
    ]);
    assert!((f(&row, "win_two_sided") - f(worst, "exact")).abs() < 1e-12);
    assert!((f(&row["errors_two_sided"], "one_sided") - f(worst, "error")).abs() < 1e-9);
    // Its one-sided chance is the formula on the two distributions.
    let (me, opp): (Vec<f64>, Vec<f64>) = (
        serde_json::from_value(row["on_roll"]["dist"].clone()).unwrap(),
        serde_json::from_value(row["opponent"]["dist"].clone()).unwrap(),
    );
    let w = one_sided::win(&me.try_into().unwrap(), &opp.try_into().unwrap());
    assert!((w - f(worst, "approximate")).abs() < 1e-12);
    // Both play rules lose somewhere, never more than the largest loss on average.
    for p in v["plays"].as_array().unwrap() {
        assert!(p["wrong"].as_u64().unwrap() > 0);
        assert!(f(p, "mean_loss_when_wrong") <= f(&p["largest"], "loss") + 1e-12);
    }
    // The text report.
    let t = stdout(&run(&["bearoff", "errors", "6x3", "--quiet"]));
    assert!(t.contains("Error map of the two-sided database 6x3"), "{t}");
    assert!(
        t.contains("one-sided move") && t.contains("seed's heuristic"),
        "{t}"
    );
}

#[test]
fn refusals() {
    // A missing file, a one-sided file, a size beyond the databases, a position with contact.
    let o = run(&["bearoff", "errors", "/nonexistent/ts.bd"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("no such file"),
        "{}",
        text(&o.stderr)
    );
    let one = temp("os3.bd");
    let o = run(&[
        "bearoff",
        "build",
        "--points",
        "3",
        "--out",
        one.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success());
    let o = run(&["bearoff", "errors", one.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains(one.to_str().unwrap()) && err.len() > 20,
        "{err}"
    );
    let o = run(&["bearoff", "errors", "7x3"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["bearoff", "4HPwATDgc/ABMA", "--dice", "21"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("contact"));
    let o = run(&["bearoff", &race_id(&[(2, 1)], &[(1, 1)]), "--dice", "7-1"]);
    assert_eq!(o.status.code(), Some(2));
    std::fs::remove_dir_all(one.parent().unwrap()).unwrap();
}

#[test]
fn a_density_chance_out_of_range_is_marked_with_its_clamped_chance() {
    // One checker a side on the 4 point: the seed's density formula gives 2.8607 (issue 22,
    // item 2), which used to be printed as a chance of 286.07 %.
    let id = "CAAAIAAAAAAAAA";
    let v = json(&["bearoff", id, "--json", "--games", "0"]);
    let formula = f(&v, "win_normal");
    assert!((formula - 2.8607).abs() < 1e-4, "{formula}");
    assert_eq!(f(&v, "win_normal_chance"), 1.0);
    assert_eq!(v["win_normal_in_range"], false);
    let exact = f(&v, "win_two_sided");
    let e = &v["errors_two_sided"];
    assert!((f(e, "normal") - 100.0 * (formula - exact)).abs() < 1e-9);
    assert!((f(e, "normal_clamped") - 100.0 * (1.0 - exact)).abs() < 1e-9);
    let t = stdout(&run(&["bearoff", id, "--games", "0"]));
    assert!(
        t.contains("normal    1.0000 (100.00 %)  (densities, the seed's form; OUT OF RANGE: the formula gives 2.8607, clamped)"),
        "{t}"
    );
    assert!(!t.contains("286.07 %)"), "{t}");
    assert!(t.contains("Note: the normal density formula gives 286.07 %, outside 0–100 %"));
    assert!(
        t.contains("normal +5.247 (clamped; the formula +191.316)"),
        "{t}"
    );
    // An ordinary race says nothing of the kind.
    let plain = race_id(&[(6, 1), (4, 1), (2, 1)], &[(5, 2), (1, 1)]);
    let v = json(&["bearoff", &plain, "--json", "--games", "0"]);
    assert_eq!(v["win_normal_in_range"], true);
    assert_eq!(f(&v, "win_normal_chance"), f(&v, "win_normal"));
    assert!(!stdout(&run(&["bearoff", &plain, "--games", "0"])).contains("OUT OF RANGE"));
}

#[test]
fn the_error_map_counts_what_its_histogram_cannot_show() {
    let v = json(&["bearoff", "errors", "6x3", "--json", "--quiet"]);
    let pairs = v["pairs"].as_u64().unwrap();
    for m in v["methods"].as_array().unwrap() {
        let h = &m["histogram"];
        let binned: u64 = h["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        let (below, above) = (h["below"].as_u64().unwrap(), h["above"].as_u64().unwrap());
        assert_eq!(binned + below + above, pairs, "{}", m["method"]);
        if m["method"] == "normal_density" {
            assert!(above > 0 && m["out_of_range"].as_u64().unwrap() > 0);
        } else {
            assert_eq!(m["out_of_range"], 0, "{}", m["method"]);
        }
    }
    let t = stdout(&run(&["bearoff", "errors", "6x3", "--quiet"]));
    assert!(
        t.contains("Note: normal density: 546 pairs (7.926 %) lie beyond ±25 pp, off the histogram (largest +191.3 pp, CAAAIAAAAAAAAA)"),
        "{t}"
    );
}

#[test]
fn best_play_of_a_race_too_big_to_solve_falls_back_to_the_one_sided_chance() {
    // Fifteen checkers a side on six points: billions of pairs, beyond the solver (issue 22,
    // item 3: the headline race 'qm3bAADMXdsAAA' 6-5 said only "too big to solve exactly").
    let id = race_id(
        &[(6, 3), (5, 3), (4, 3), (3, 3), (2, 3)],
        &[(6, 3), (5, 3), (4, 3), (3, 3), (1, 3)],
    );
    let v = json(&["bearoff", &id, "--json", "--games", "0", "--dice", "65"]);
    assert!(v["win_two_sided"].is_null());
    assert!(v["best_play_unavailable"].is_null());
    let bp = &v["best_play"];
    assert_eq!(bp["judge"], "one_sided");
    let plays = bp["plays"].as_array().unwrap();
    assert!(plays.len() > 1);
    let chances: Vec<f64> = plays.iter().map(|p| f(p, "chance")).collect();
    assert!(chances.windows(2).all(|w| w[0] >= w[1]), "{chances:?}");
    assert!(chances.iter().all(|c| (0.0..=1.0).contains(c)));
    for key in ["one_sided", "heuristic", "brdval"] {
        assert!(bp[key].as_u64().unwrap() < plays.len() as u64, "{key}");
    }
    let t = stdout(&run(&["bearoff", &id, "--games", "0", "--dice", "65"]));
    assert!(t.contains("Best play by the exact chance: not available either. By the one-sided databases' chance instead"), "{t}");
    assert!(
        t.contains("Best play of 65 by the one-sided chance (B best"),
        "{t}"
    );
    // A race small enough is still judged exactly.
    let small = race_id(&[(4, 1), (5, 2)], &[(1, 3)]);
    let v = json(&["bearoff", &small, "--json", "--games", "0", "--dice", "21"]);
    assert_eq!(v["best_play"]["judge"], "exact");
}
