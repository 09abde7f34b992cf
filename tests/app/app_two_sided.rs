//! The Bear-off tab's two-sided study driven headless through egui_kittest at 1280×720: the
//! exact two-sided chance beside the one-sided methods with their errors (solved on the fly for
//! a small race, from a loaded database when it covers the race), the reason in one line when
//! nothing covers it, best play shown on the board, the error map's plots, summary and worst
//! pairs (a click loads the race), and Cancel stopping a job.

use crate::ui_common;
use ui_common::SETTLE_STEPS;

use bgw::app::bearoff::chances::pp;
use bgw::app::bearoff::two_sided::{ExactReport, Loaded, Source, Table, source};
use bgw::app::bearoff::{BearoffView, Section};
use bgw::app::{AppState, EditAction, ScriptedDialogs, Settings, Tab, ViewAction, WorkbenchApp};
use bgw_engine::bearoff::one_sided::{self, MAX_POINTS, build};
use bgw_engine::bearoff::two_sided::{
    DEFAULT_LIMIT, Kind, Solver, TwoSidedChances, TwoSidedDb, positions, write_atomic,
};
use bgw_engine::core::formats::read_position;
use bgw_engine::core::task::Task;
use bgw_engine::studies::one_sided_vs_exact::{self, Method, Methods, pair_position_id};
use egui::{Pos2, Rect, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

type App = Harness<'static, WorkbenchApp>;

/// The exact database of a small size behind the trait the app sees (a stand-in for a file);
/// `calls` counts the lookups (the Cancel test watches it stop), each after `pause`.
struct Watched {
    db: TwoSidedDb,
    calls: AtomicU64,
    pause: Duration,
}

impl Watched {
    fn new(points: usize, checkers: usize, pause: Duration) -> Watched {
        Watched {
            db: TwoSidedDb::build(points, checkers, Kind::Exact, &Task::new()).unwrap(),
            calls: AtomicU64::new(0),
            pause,
        }
    }
}

impl TwoSidedChances for Watched {
    fn points(&self) -> usize {
        self.db.points()
    }
    fn checkers(&self) -> usize {
        self.db.checkers()
    }
    fn win(&self, on_roll: u32, other: u32) -> f64 {
        self.calls.fetch_add(1, Ordering::Relaxed);
        if !self.pause.is_zero() {
            std::thread::sleep(self.pause);
        }
        self.db.win(on_roll, other)
    }
}

/// A small race: the side on roll at one-sided index `a`, the other at `b`, on `points` points.
fn race_id(points: usize, a: u32, b: u32) -> String {
    pair_position_id(points, a, b)
}

/// The workbench at 1280×720 on the race `id`, Bear-off tab open in `section`, with `dice`.
fn app(id: &str, section: Section, dice: Option<(u8, u8)>) -> App {
    let mut state = AppState::new(bgw::app::Edit::opening(), Settings::default());
    state.apply(EditAction::Paste(id.to_string()));
    if let Some((a, b)) = dice {
        state.apply(EditAction::SetDice(a, b));
    }
    state.bearoff.view = BearoffView {
        section,
        ..BearoffView::default()
    };
    state.apply(ViewAction::SetTab(Tab::Bearoff));
    let mut h = Harness::builder()
        .with_max_steps(SETTLE_STEPS)
        .with_size(vec2(1280.0, 720.0))
        .build_ui_state(
            |ui, app: &mut WorkbenchApp| app.show(ui),
            WorkbenchApp::new(state, Box::new(ScriptedDialogs::default())),
        );
    h.run();
    settle(&mut h);
    h
}

/// Runs frames until no bear-off job is running.
fn settle(h: &mut App) {
    let started = Instant::now();
    loop {
        let b = &h.state().state.bearoff;
        let t = &b.two_sided;
        if b.job.is_none()
            && t.solving.is_none()
            && t.estimating.is_none()
            && t.mapping.is_none()
            && t.loading.is_none()
        {
            break;
        }
        assert!(started.elapsed().as_secs() < 120, "the jobs took too long");
        std::thread::sleep(Duration::from_millis(10));
        h.run();
    }
    h.run();
}

/// A primary click at `pos`, one frame per event.
fn click(h: &mut App, pos: Pos2) {
    h.event(egui::Event::PointerMoved(pos));
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    h.run();
}

/// The exact chance the panel has, which must be there.
fn exact_report(h: &App) -> ExactReport {
    let r = h.state().state.bearoff.two_sided.exact.clone();
    r.expect("an exact chance").expect("no error")
}

fn shows(h: &App, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// One-sided indices of three-point positions: 2 checkers on the 3 point and 1 on the 1 point
/// against 3 checkers on the 2, 3 and 1 points.
fn small_pair() -> (u32, u32) {
    let mut a = [0u8; MAX_POINTS + 1];
    a[3] = 2;
    a[1] = 1;
    let mut b = [0u8; MAX_POINTS + 1];
    b[1] = 1;
    b[2] = 1;
    b[3] = 1;
    (one_sided::index(&a, 3), one_sided::index(&b, 3))
}

/// The pair of at most 4 checkers a side on 4 points where the one-sided chance is furthest
/// from the exact one.
fn far_pair() -> (u32, u32) {
    let one_sided = build::<f64>(4, &Task::new()).unwrap();
    let methods = Methods::new(&one_sided, positions(4, 4));
    let exact = Watched::new(4, 4, Duration::ZERO);
    let n = positions(4, 4);
    (1..n)
        .flat_map(|a| (1..n).map(move |b| (a, b)))
        .max_by(|&(a, b), &(c, d)| {
            let err = |x, y| (methods.chance(Method::OneSided, x, y) - exact.win(x, y)).abs();
            err(a, b).total_cmp(&err(c, d))
        })
        .unwrap()
}

#[test]
fn the_two_sided_chance_stands_beside_the_one_sided_methods_with_their_errors() {
    let (a, b) = far_pair();
    let id = race_id(4, a, b);
    let h = app(&id, Section::Distributions, None);
    let st = &h.state().state;
    let pos = st.position().unwrap();
    assert!(matches!(source(&pos, None), Ok(Source::Solver(p)) if p <= 4));
    let exact = st.bearoff.two_sided.exact.clone().unwrap().unwrap();
    // The solver, asked directly, agrees with what the panel shows.
    let (ca, cb) = (one_sided::counts(a, 4), one_sided::counts(b, 4));
    let want = Solver::new(4, DEFAULT_LIMIT).win(&ca, &cb).unwrap();
    assert_eq!(exact.chance, want);
    assert!(
        exact.source.starts_with("solved on the fly"),
        "{}",
        exact.source
    );
    assert!(shows(&h, &format!("{:.2} %", want * 100.0)));
    // Each method's error against it, in percentage points.
    let analysis = st.bearoff.result.clone().unwrap().unwrap();
    let one_sided = analysis.win_exact.unwrap();
    assert!(
        (one_sided - want).abs() > 1e-4,
        "the methods differ here: {one_sided} {want} {a} {b}"
    );
    for p in [
        one_sided,
        analysis.normal_chance().unwrap().chance,
        analysis.win_interval.unwrap(),
    ] {
        let e = pp(p, want);
        assert!(shows(&h, &e), "{e}");
    }
    assert!(shows(&h, "two-sided: solved on the fly"));
}

#[test]
fn a_density_chance_out_of_range_is_marked_and_clamped() {
    // One checker a side on the 4 point: the seed's density formula gives 286 %.
    let h = app("CAAAIAAAAAAAAA", Section::Distributions, None);
    let analysis = h.state().state.bearoff.result.clone().unwrap().unwrap();
    let c = analysis.normal_chance().unwrap();
    assert!(!c.in_range && c.value > 2.8 && c.chance == 1.0, "{c:?}");
    assert!(shows(&h, "100.0 % (formula 286.1 %, out of range)"));
    assert!(
        !shows(&h, "286.1 % ("),
        "the formula's value is never shown as the chance"
    );
    assert!(shows(
        &h,
        "normal: the normal density formula gives 286.07 %"
    ));
    assert!(shows(&h, "the chance is clamped to 100 %"));
    // Its error against the exact chance is the clamped chance's.
    let exact = exact_report(&h).chance;
    assert!(shows(&h, &pp(1.0, exact)), "{}", pp(1.0, exact));
}

#[test]
fn best_play_of_a_race_too_big_to_solve_is_judged_by_the_one_sided_chance() {
    // Fifteen checkers a side on six points: billions of pairs, no database loaded (issue 22,
    // item 3: the panel said only "too big to solve exactly").
    let mut me = [0u8; MAX_POINTS + 1];
    let mut other = [0u8; MAX_POINTS + 1];
    me[2..=6].fill(3);
    for p in [1, 3, 4, 5, 6] {
        other[p] = 3;
    }
    let id = race_id(6, one_sided::index(&me, 6), one_sided::index(&other, 6));
    let h = app(&id, Section::BestPlay, Some((6, 5)));
    let b = &h.state().state.bearoff;
    assert!(matches!(&b.two_sided.exact, Some(Err(why)) if why.contains("too many")));
    let bp = b.best_play().expect("an estimate");
    assert_eq!(bp.judge, one_sided_vs_exact::PlayJudge::OneSided);
    assert!(bp.plays.len() > 1);
    assert!(shows(
        &h,
        "Judged instead by the one-sided databases' chance"
    ));
    assert!(shows(&h, "one-sided best"));
    assert!(shows(&h, "one-sided chance"));
    assert!(shows(&h, "seed's heuristic"));
    assert!(shows(&h, &format!("{:.3} %", bp.plays[0].chance * 100.0)));
    assert!(!shows(&h, "two-sided best"));
    // The rows put their moves on the board as the exact ones do.
    assert_eq!(b.best_play_notation(0), Some(bp.plays[0].play.as_str()));
}

#[test]
fn a_loaded_database_answers_and_a_race_nothing_covers_says_why() {
    let (a, b) = small_pair();
    let mut h = app(&race_id(3, a, b), Section::Distributions, None);
    let table: Table = Arc::new(Watched::new(3, 3, Duration::ZERO));
    h.state_mut().state.bearoff.two_sided.set_loaded(Loaded {
        table: Arc::clone(&table),
        name: "3×3 (test)".to_string(),
        cubeful: None,
    });
    h.state_mut().act(EditAction::SetDice(0, 0));
    h.run();
    settle(&mut h);
    let exact = exact_report(&h);
    assert_eq!(exact.chance, table.win(a, b));
    assert!(shows(&h, "two-sided: the 3×3 (test) database"));
    // The seed's race: 15 checkers a side up to the 10 point.
    let seed = read_position("qm3bAADMXdsAAA").unwrap();
    let why = source(&seed, None).unwrap_err();
    assert!(
        why.starts_with("15 and 15 checkers up to point 10: no two-sided database covers it"),
        "{why}"
    );
    let loaded = Loaded {
        table,
        name: "3×3".to_string(),
        cubeful: None,
    };
    let why = source(&seed, Some(&loaded)).unwrap_err();
    assert!(
        why.contains("the loaded 3×3 database does not cover it"),
        "{why}"
    );
}

#[test]
fn best_play_compares_the_rules_and_shows_the_hovered_move_on_the_board() {
    // 6-2 with checkers on the 6, 5 and 2 points against two on the 1 point: bearing off two
    // checkers is not always the fewest rolls' move.
    let mut a = [0u8; MAX_POINTS + 1];
    a[6] = 1;
    a[5] = 1;
    a[2] = 2;
    let mut b = [0u8; MAX_POINTS + 1];
    b[1] = 2;
    b[4] = 1;
    let id = race_id(6, one_sided::index(&a, 6), one_sided::index(&b, 6));
    let mut h = app(&id, Section::BestPlay, Some((6, 2)));
    let exact = exact_report(&h);
    let best = exact.best.unwrap().unwrap();
    assert!(best.plays.len() > 1);
    for rule in [
        "two-sided best",
        "one-sided",
        "seed's heuristic",
        "classic (BRDVAL)",
    ] {
        assert!(shows(&h, rule), "{rule}");
    }
    let top = &best.plays[0];
    assert!(shows(&h, &format!("{:.3} %", top.chance * 100.0)));
    // The best chance is the highest of them all.
    assert!(best.plays.iter().all(|p| p.chance <= top.chance));
    // Hovering the one-sided rule's row shows its move on the board.
    let row = h
        .query_all_by_label("one-sided")
        .map(|n| n.rect())
        .max_by(|x, y| x.top().total_cmp(&y.top()))
        .unwrap();
    h.hover_at(row.center());
    h.run();
    h.run();
    let (mover, play) = h
        .state()
        .state
        .previewed_play()
        .expect("a move on the board");
    assert_eq!(mover, h.state().state.editing.edit.on_roll);
    assert_eq!(play.mv.notation(), best.plays[best.one_sided].play);
    // Away from the table, nothing is previewed.
    h.hover_at(Pos2::new(5.0, 700.0));
    h.run();
    h.run();
    assert!(h.state().state.previewed_play().is_none());
}

/// A loaded test database and the Error map section.
fn map_app(table: Table) -> App {
    let (a, b) = small_pair();
    let mut h = app(&race_id(3, a, b), Section::ErrorMap, None);
    h.state_mut().state.bearoff.two_sided.set_loaded(Loaded {
        table,
        name: "test".to_string(),
        cubeful: None,
    });
    h.run();
    h
}

#[test]
fn the_error_map_plots_are_large_and_a_worst_pair_loads_its_race() {
    let mut h = map_app(Arc::new(Watched::new(4, 4, Duration::ZERO)));
    h.get_by_label_contains("Compute the error map").click();
    h.run();
    settle(&mut h);
    let map = h
        .state()
        .state
        .bearoff
        .two_sided
        .map
        .clone()
        .unwrap()
        .unwrap();
    let screen = Rect::from_min_size(Pos2::ZERO, vec2(1280.0, 720.0));
    let plots: Vec<(String, Rect)> = h
        .query_all_by_label_contains("; x axis: ")
        .map(|n| (n.accesskit_node().label().unwrap_or_default(), n.rect()))
        .collect();
    assert_eq!(plots.len(), 2, "{plots:?}");
    for (label, r) in &plots {
        assert!(r.width() >= 300.0 && r.height() >= 180.0, "{label}: {r:?}");
        assert!(screen.contains_rect(*r), "{label}: {r:?}");
        let (x, y) = label.split_once("; y axis: ").unwrap();
        assert!(y.split(", ").count() >= 3, "{label}");
        // At least three numbers across, none wider than the room between two marks.
        let x: Vec<&str> = x.rsplit("labelled ").next().unwrap().split(", ").collect();
        assert!(x.len() >= 3, "{label}");
        let widest = x.iter().map(|l| l.len()).max().unwrap() as f32;
        let room = (r.width() - 60.0) / x.len() as f32;
        assert!(widest * 6.0 < room, "{label}: {room} points a label");
    }
    assert!(!plots[0].1.intersects(plots[1].1));
    // The summary's figures.
    let one = &map.methods[0];
    assert!(shows(&h, &format!("{:.3} pp", one.overall.rms)));
    // What the histogram's axis cannot show is said: the seed's densities leave their range on
    // narrow races, errors far beyond ±25 pp.
    let normal = &map.methods[1];
    assert!(normal.histogram.beyond() > 0 && normal.out_of_range > 0);
    let note = normal.outliers(map.pairs).unwrap();
    assert!(note.contains("off the histogram") && note.contains("outside 0–100 %"));
    assert!(shows(&h, &format!("Not on the histogram — {note}.")));
    // The worst pair at the top of the list: a click puts its race on the board.
    let worst = map
        .methods
        .iter()
        .take(2)
        .flat_map(|m| &m.worst)
        .max_by(|x, y| x.error.abs().total_cmp(&y.error.abs()))
        .unwrap()
        .clone();
    let cell = h
        .query_all_by_label(&worst.position_id)
        .next()
        .expect("the worst pair is listed")
        .rect();
    click(&mut h, cell.center());
    let on_board = h.state().state.editing.edit.setup().unwrap().position_id();
    assert_eq!(on_board, worst.position_id);
    assert!(shows(&h, "opened the error map's race"));
}

#[test]
fn an_error_map_plot_exports_off_screen_with_its_title() {
    let mut h = map_app(Arc::new(Watched::new(4, 4, Duration::ZERO)));
    h.get_by_label_contains("Compute the error map").click();
    h.run();
    settle(&mut h);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("histogram.png");
    h.state_mut().shell.dialogs = Box::new(ScriptedDialogs::answering([path.clone()]));
    // The first "Export…" menu is the histogram's (the plots are side by side).
    let menu = h
        .query_all_by_label("Export…")
        .map(|n| n.rect())
        .min_by(|a, b| a.left().total_cmp(&b.left()))
        .expect("each plot has its menu");
    h.hover_at(menu.center());
    h.event(egui::Event::PointerButton {
        pos: menu.center(),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: menu.center(),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run();
    h.get_by_label("PNG, 1600 px").click();
    h.run();
    let e = h.state().shell.last_export().cloned().expect("drawn");
    assert_eq!(e.name, "error-map-histogram.png");
    assert!(
        e.title.starts_with("Errors of the pairs — 4×4"),
        "{}",
        e.title
    );
    assert!(e.title.contains("database test"), "{}", e.title);
    assert_eq!(e.size, [1600, 1000]);
    let png = std::fs::read(&path).expect("saved where the dialog said");
    let info = png::Decoder::new(std::io::Cursor::new(png))
        .read_info()
        .unwrap()
        .info()
        .clone();
    assert_eq!((info.width, info.height), (1600, 1000));
}

#[test]
fn cancel_stops_the_error_map() {
    // Every lookup takes a millisecond: 4900 pairs are seconds of work.
    let slow = Arc::new(Watched::new(4, 4, Duration::from_millis(1)));
    let table: Table = slow.clone();
    let mut h = map_app(table);
    h.get_by_label_contains("Compute the error map").click();
    h.run();
    assert!(h.state().state.bearoff.two_sided.mapping.is_some());
    h.get_by_label("Cancel").click();
    h.run();
    assert!(h.state().state.bearoff.two_sided.mapping.is_none());
    assert!(shows(&h, "No error map: cancelled."));
    // The work stops: the lookups come to an end well before every pair is seen.
    let started = Instant::now();
    let mut last = slow.calls.load(Ordering::Relaxed);
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let now = slow.calls.load(Ordering::Relaxed);
        if now == last {
            break;
        }
        last = now;
        assert!(started.elapsed().as_secs() < 30, "the map went on");
    }
    assert!(last < 4900, "{last} lookups");
    // And it can be started again.
    assert!(shows(&h, "Compute the error map"));
}

#[test]
fn a_database_is_built_in_memory_or_read_from_a_gnubg_file() {
    let (a, b) = small_pair();
    let mut h = map_app_empty(&race_id(3, a, b));
    assert!(shows(&h, "none loaded"));
    h.get_by_label("3×3").click();
    h.run();
    settle(&mut h);
    let loaded = h
        .state()
        .state
        .bearoff
        .two_sided
        .loaded
        .clone()
        .expect("built");
    assert_eq!(loaded.name, "3×3 (built in memory)");
    let (ca, cb) = (one_sided::counts(a, 3), one_sided::counts(b, 3));
    let want = Solver::new(3, DEFAULT_LIMIT).win(&ca, &cb).unwrap();
    assert!((loaded.table.win(a, b) - want).abs() < 1e-12);
    let source = exact_report(&h).source;
    assert_eq!(source, "the 3×3 (built in memory) database");
    // gnubg's cubeless file of the same size, opened through the file dialog.
    let db = TwoSidedDb::build(3, 3, Kind::Cubeless, &Task::new()).unwrap();
    let path = std::env::temp_dir().join(format!("bgw-app-two-sided-{}.bd", std::process::id()));
    write_atomic(&db, &path).unwrap();
    open_file(&mut h, &path);
    let name = h
        .state()
        .state
        .bearoff
        .two_sided
        .loaded
        .clone()
        .unwrap()
        .name;
    assert!(name.starts_with("3×3 (") && name.contains(".bd"), "{name}");
    // A file that is not one says so.
    std::fs::write(&path, b"not a database").unwrap();
    open_file(&mut h, &path);
    assert!(shows(&h, "Not loaded: "));
    std::fs::remove_file(&path).unwrap();
}

/// "Open a .bd file…", the dialog answering `path`.
fn open_file(h: &mut App, path: &std::path::Path) {
    h.state_mut().shell.dialogs = Box::new(ScriptedDialogs::answering([path.to_path_buf()]));
    h.get_by_label("Open a .bd file…").click();
    h.run();
    settle(h);
}

/// The Error map section with nothing loaded.
fn map_app_empty(id: &str) -> App {
    app(id, Section::ErrorMap, None)
}
