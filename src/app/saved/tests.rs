use super::file::{self, FileCheck, keep_aside, window_problem};
use super::*;
use crate::app::champion_panel::{ChampionSettings, Mode};
use crate::app::coordinator::AppState;
use crate::app::edit::{Edit, Loc};
use crate::app::settings::{Settings, Tab, Theme};
use bgw_engine::core::formats::{MatchId, MatchState, XgidState};
use bgw_engine::evaluation::classic::{SEED_TERM_COUNT, Term};
use bgw_engine::{Dice, Side};
use std::path::{Path, PathBuf};

/// A saved state with something in every part, all of it valid.
fn good() -> Persisted {
    let mut weights = [0.5; SEED_TERM_COUNT];
    weights[3] = -2.25;
    let mut edit = Edit::opening();
    edit.dice = [5, 2];
    edit.on_roll = Side::Black;
    edit.match_state = Some(MatchState::Xgid(XgidState {
        match_length: 7,
        score_white: 2,
        score_black: 4,
        ..XgidState::money(Dice::new(5, 2))
    }));
    Persisted {
        editing: SavedBoard {
            board: edit,
            add_colour: Side::Black,
            position_dir: Some("/home/player/positions".into()),
        },
        view: Settings {
            theme: Theme::Light,
            tab: Tab::Bearoff,
            ..Settings::default()
        },
        weights: SavedWeights {
            current: Some(weights),
            current_extras: Some(vec![("X_PIPDIFF".into(), -0.02)]),
            saved: Some([1.0; SEED_TERM_COUNT]),
            saved_extras: Some(Vec::new()),
            path: Some("w.ron".into()),
        },
        candidates: GnubgDepth {
            gnubg_plies: Some(2),
            cubeless: true,
            by_gnubg: true,
        },
        learning: Learning { on: true, eta: 0.5 },
        bearoff: BearoffView {
            section: crate::app::bearoff::Section::Tables,
            ..BearoffView::default()
        },
        champion: ChampionSettings {
            mode: Mode::Play,
            variant: "8x3".into(),
            opponent: "random wolves".into(),
        },
        ..Persisted::default()
    }
}

/// `validate` of `p` with one note, which contains `says`; returns what it kept.
fn one_note(p: Persisted, says: &str) -> Persisted {
    let r = validate(p);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(r.notes[0].contains(says), "{:?} lacks {says:?}", r.notes);
    // What validation kept passes again, silently.
    assert_eq!(validate(r.persisted.clone()).notes, Vec::<String>::new());
    r.persisted
}

#[test]
fn a_valid_state_passes_unchanged() {
    let r = validate(good());
    assert_eq!(r.notes, Vec::<String>::new());
    assert_eq!(
        ron::to_string(&r.persisted).ok(),
        ron::to_string(&good()).ok()
    );
    // Read back from its text, part by part, it is the same.
    let text = ron::to_string(&good()).unwrap();
    let back = parse(&text);
    assert_eq!(back.notes, Vec::<String>::new());
    assert_eq!(ron::to_string(&back.persisted).unwrap(), text);
}

#[test]
fn a_crafted_match_state_falls_back_to_a_money_game() {
    // Cube log2 255 and scores 65535: shown and copied as `4HPwATDgc/ABMA:zxHg//////8D`.
    let crafted = |f: &dyn Fn(&mut MatchId)| {
        let mut m = MatchId::money(Side::White, None);
        f(&mut m);
        let mut p = good();
        p.editing.board.match_state = Some(MatchState::MatchId(m));
        p
    };
    let kept = one_note(
        crafted(&|m| {
            m.cube_log2 = 255;
            m.score_white = 65535;
            m.score_black = 65535;
        }),
        "the saved match state was refused (the Match ID's",
    );
    assert_eq!(kept.editing.board.match_state, None);
    assert_eq!(kept.editing.board.board, good().editing.board.board);
    assert_eq!(kept.editing.board.dice, [5, 2]);
    // Each on its own is refused as well.
    one_note(crafted(&|m| m.cube_log2 = 255), "the cube is 2^255");
    one_note(crafted(&|m| m.score_black = 65535), "Black score is 65535");
    // And an XGID state with the cube 2^255 (its cube value would overflow).
    let mut p = good();
    if let Some(MatchState::Xgid(x)) = &mut p.editing.board.match_state {
        x.cube_log2 = 255;
    }
    assert_eq!(one_note(p, "2^255").editing.board.match_state, None);
}

#[test]
fn dice_off_the_die_are_not_set() {
    let mut p = good();
    p.editing.board.dice = [9, 200];
    let kept = one_note(
        p,
        "the saved dice (9, 200) are not dice 1-6; the dice are not set",
    );
    assert_eq!(kept.editing.board.dice, [0, 0]);
    assert_eq!(kept.editing.board.roll(), None);
    // One die set (as the editor allows) is kept.
    let mut p = good();
    p.editing.board.dice = [0, 6];
    assert_eq!(validate(p).notes, Vec::<String>::new());
}

#[test]
fn weights_a_file_may_not_hold_fall_back_to_the_defaults() {
    for (bad, shown) in [
        (f64::NAN, "NaN"),
        (1e308, "1e308"),
        (f64::NEG_INFINITY, "-inf"),
    ] {
        let mut p = good();
        p.weights.current.as_mut().unwrap()[2] = bad;
        let note = format!(
            "the saved weights were refused ({} is {shown}",
            Term::SEED[2].seed_name()
        );
        let kept = one_note(p, &note);
        assert_eq!(kept.weights.current, None);
        assert_eq!(kept.weights.saved, good().weights.saved);
        let mut p = good();
        p.weights.saved.as_mut().unwrap()[SEED_TERM_COUNT - 1] = bad;
        let kept = one_note(p, "the saved last saved weights were refused");
        assert_eq!(
            (kept.weights.current, kept.weights.saved),
            (good().weights.current, None)
        );
    }
}

#[test]
fn a_board_being_set_up_is_kept_as_it_is() {
    // The editor allows 16 checkers while a position is set up (and says so): a restart keeps
    // the board, with no note.
    let mut p = good();
    assert!(p.editing.board.board.add(Side::White, Loc::Point(6)));
    let board = p.editing.board.board;
    let r = validate(p);
    assert!(r.notes.is_empty(), "{:?}", r.notes);
    assert_eq!(r.persisted.editing.board.board, board);
    assert!(r.persisted.editing.board.position().is_err());
}

#[test]
fn other_settings_fall_back_one_by_one() {
    for eta in [f64::NAN, -1.0, 1e9] {
        let mut p = good();
        p.learning.eta = eta;
        let kept = one_note(p, "the saved learning step η");
        assert_eq!(kept.learning.eta, Learning::default().eta);
        assert!(kept.learning.on, "the rest of the part stays");
    }
    let mut p = good();
    p.candidates.gnubg_plies = Some(7);
    let kept = one_note(p, "the saved gnubg depth (7 plies)");
    assert_eq!(kept.candidates.gnubg_plies, Some(0));
    let mut p = good();
    p.candidates.gnubg_plies = None;
    assert!(
        crate::app::saved::validate(p).notes.is_empty(),
        "off is a choice"
    );
    let mut p = good();
    p.champion.opponent = "nobody".into();
    let kept = one_note(p, "the saved «Чемпион» settings were refused");
    assert_eq!(kept.champion, ChampionSettings::default());
}

#[test]
fn restoring_a_crafted_state_says_so_once() {
    let mut p = good();
    p.editing.board.dice = [9, 200];
    let s = AppState::restore(p);
    assert_eq!(s.editing.edit.roll(), None);
    let m = s.messages.last.as_ref().expect("a message");
    assert!(
        m.error && m.text.contains("the saved dice (9, 200)"),
        "{m:?}"
    );
    assert_eq!(s.messages.log.len(), 1, "{:?}", s.messages.log);
    assert!(s.board_status().0.contains("set the dice"));
    // The rest came back.
    assert_eq!(
        s.weights.current.seed_values(),
        good().weights.current.unwrap()
    );
    assert_eq!(AppState::restore(good()).messages.log, Vec::<String>::new());
}

#[test]
fn corrupted_text_restores_what_it_can_with_a_note() {
    let text = ron::to_string(&good()).unwrap();
    let whole = |r: &Restored| ron::to_string(&r.persisted).unwrap();
    let defaults = ron::to_string(&Persisted::default()).unwrap();
    // Nothing readable: every part is the default, one note.
    for broken in [
        &text[..text.len() / 2],
        "",
        "\u{0}garbage{{",
        "[1, 2, 3]",
        "(edit: (board: ",
    ] {
        let r = parse(broken);
        assert_eq!(whole(&r), defaults, "{broken:?}");
        assert_eq!(r.notes.len(), 1, "{broken:?}: {:?}", r.notes);
        assert!(
            r.notes[0].starts_with("the saved state could not be read"),
            "{:?}",
            r.notes
        );
    }
    // A part of the wrong type costs that part only.
    let weights = text.find(",weights:(").expect("the weights are saved");
    let end = text.find(",candidates:(").expect("the next part");
    let wrong = format!("{},weights:\"heavy\"{}", &text[..weights], &text[end..]);
    let r = parse(&wrong);
    assert_eq!(r.notes.len(), 1, "{:?}", r.notes);
    assert!(r.notes[0].starts_with("the saved weights could not be read"));
    assert_eq!(r.persisted.weights, SavedWeights::default());
    assert_eq!(r.persisted.editing, good().editing);
    assert_eq!(r.persisted.learning, good().learning);
    // Wrong types in two parts, and a crafted value in a third: a note for each.
    let wrong = text
        .replacen("theme:Light", "theme:7", 1)
        .replacen("dice:(5,2)", "dice:(9,200)", 1)
        .replacen("variant:\"8x3\"", "variant:3", 1);
    assert_ne!(wrong, text);
    let r = parse(&wrong);
    assert_eq!(r.notes.len(), 3, "{:?}", r.notes);
    assert!(r.notes[0].starts_with("the saved view settings could not be read"));
    assert!(r.notes[1].starts_with("the saved «Чемпион» settings could not be read"));
    assert!(r.notes[2].starts_with("the saved dice (9, 200)"));
    assert_eq!(r.persisted.editing.board.board, good().editing.board.board);
    assert_eq!(r.persisted.view, Settings::default());
    assert_eq!(r.persisted.bearoff, good().bearoff);
    // Fields this version does not know are passed over.
    let newer = text.replacen('(', "(colour_blind:true,", 1);
    assert_eq!(parse(&newer).notes, Vec::<String>::new());
}

/// The app's entry as the first layout wrote it (one flat record), with something set in every
/// part; see `tests/data/README.md`.
const FIRST_LAYOUT: &str = include_str!("../../../tests/data/app/app-entry-v1.ron");

/// The same for a first start.
const FIRST_LAYOUT_DEFAULT: &str = include_str!("../../../tests/data/app/app-entry-v1-default.ron");

#[test]
fn a_file_of_the_first_layout_reads_part_for_part() {
    let r = parse(FIRST_LAYOUT);
    assert_eq!(r.notes, Vec::<String>::new());
    let p = r.persisted;
    assert_eq!(p.version, VERSION);
    // Editing: the board with its dice and match state, and the two copies the settings kept.
    assert_eq!(p.editing.board.dice, [5, 2]);
    assert_eq!(p.editing.board.on_roll, Side::Black);
    let m = p.editing.board.match_state.expect("the match state");
    assert_eq!(m.match_length(), 7);
    assert_eq!(p.editing.board.board, Edit::opening().board);
    assert_eq!(p.editing.add_colour, Side::Black);
    assert_eq!(
        p.editing.position_dir,
        Some(PathBuf::from("/home/player/positions"))
    );
    // The view: `dark:false` with no theme chosen is the light theme.
    assert_eq!(p.view.bottom, Side::Black);
    assert_eq!(p.view.tab, Tab::Bearoff);
    assert_eq!(p.view.theme, Theme::Light);
    assert_eq!(p.view.splits.right_width, Some(512.0));
    // The rest of the flat settings went to their features.
    assert_eq!(p.learning, Learning { on: true, eta: 0.5 });
    assert_eq!(p.candidates.gnubg_plies, Some(2));
    assert_eq!(p.bearoff, BearoffView::default());
    // The weights' five fields.
    let mut current = [0.5; SEED_TERM_COUNT];
    current[3] = -2.25;
    assert_eq!(p.weights.current, Some(current));
    assert_eq!(p.weights.saved, Some([1.0; SEED_TERM_COUNT]));
    assert_eq!(
        p.weights.current_extras,
        Some(vec![("X_PIPDIFF".to_string(), -0.02)])
    );
    assert_eq!(p.weights.saved_extras, Some(Vec::new()));
    assert_eq!(p.weights.path, Some(PathBuf::from("w.ron")));
    assert_eq!(p.champion.variant, "8x3");
    assert_eq!(p.champion.opponent, "random wolves");
    // Restored, the app has it all; saved again, it is today's layout and reads the same.
    let s = AppState::restore(p.clone());
    let pipdiff = Term::from_seed_name("X_PIPDIFF").unwrap();
    assert!(s.weights.current.is_on(pipdiff) && !s.weights.saved.is_on(pipdiff));
    assert_eq!(s.weights.current.get(pipdiff), -0.02);
    assert_eq!(s.settings.theme, Theme::Light);
    assert!(s.play.learning.on);
    let again = parse(&ron::to_string(&s.persisted()).unwrap());
    assert_eq!(again.notes, Vec::<String>::new());
    assert_eq!(again.persisted, p);
    // A first start's file of the first layout is today's first start.
    let r = parse(FIRST_LAYOUT_DEFAULT);
    assert_eq!(r.notes, Vec::<String>::new());
    assert_eq!(r.persisted, Persisted::default());
}

#[test]
fn a_damaged_file_of_the_first_layout_costs_only_its_parts() {
    let wrong = FIRST_LAYOUT
        .replacen("eta:0.5", "eta:\"fast\"", 1)
        .replacen("weights_path:Some(\"w.ron\")", "weights_path:Some(3)", 1)
        .replacen("dice:(5,2)", "dice:(9,200)", 1);
    assert_ne!(wrong, FIRST_LAYOUT);
    let r = parse(&wrong);
    assert_eq!(r.notes.len(), 3, "{:?}", r.notes);
    assert!(r.notes[0].starts_with("the saved settings could not be read"));
    assert!(r.notes[1].starts_with("the saved weights file name could not be read"));
    assert!(r.notes[2].starts_with("the saved dice (9, 200)"));
    // The flat settings fell back as a whole (as that layout's reader did); the rest stays.
    assert_eq!(r.persisted.view, Settings::default());
    assert_eq!(r.persisted.learning, Learning::default());
    assert_eq!(r.persisted.weights.path, None);
    assert_eq!(r.persisted.weights.saved, Some([1.0; SEED_TERM_COUNT]));
    assert_eq!(r.persisted.champion.variant, "8x3");
}

/// A fresh folder under the system's temporary one.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bgw-saved-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// eframe's `app.ron`: its map of keys to RON texts.
fn eframe_file(entries: &[(&str, &str)]) -> String {
    let map: std::collections::BTreeMap<&str, &str> = entries.iter().copied().collect();
    ron::ser::to_string_pretty(&map, Default::default()).unwrap()
}

const WINDOW: &str = "(normal_geometry:(outer_position_pixels:Some((x:10.0,y:20.0)),\
                      scale_factor:1.0,inner_size_points:(x:1500.0,y:950.0)),\
                      fullscreen:false,maximized:false)";

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn keep_aside_never_overwrites_an_earlier_copy() {
    let dir = temp_dir("aside");
    let path = dir.join("app.ron");
    std::fs::write(&path, "first").unwrap();
    assert_eq!(keep_aside(&path).unwrap(), dir.join("app.ron.bad"));
    std::fs::write(&path, "second").unwrap();
    assert_eq!(keep_aside(&path).unwrap(), dir.join("app.ron.bad.1"));
    std::fs::write(&path, "third").unwrap();
    assert_eq!(keep_aside(&path).unwrap(), dir.join("app.ron.bad.2"));
    assert_eq!(read(&dir.join("app.ron.bad")), "first");
    assert_eq!(read(&dir.join("app.ron.bad.1")), "second");
    assert_eq!(read(&dir.join("app.ron.bad.2")), "third");
    assert_eq!(read(&path), "third");
    assert!(keep_aside(&dir.join("missing.ron")).is_err());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_good_file_or_none_is_left_alone() {
    let dir = temp_dir("good");
    let path = dir.join("app.ron");
    let none = file::check(&path);
    assert!(none.notes.is_empty() && none.saving);
    let app = ron::to_string(&good()).unwrap();
    let text = eframe_file(&[("app", &app), ("window", WINDOW), ("egui", "()")]);
    std::fs::write(&path, &text).unwrap();
    assert_eq!(window_problem(WINDOW), None);
    let check = file::check(&path);
    assert_eq!(check.notes, Vec::<String>::new());
    assert_eq!(read(&path), text);
    assert!(!dir.join("app.ron.bad").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_file_is_kept_aside_before_anything_overwrites_it() {
    let dir = temp_dir("unreadable");
    let path = dir.join("app.ron");
    let app = ron::to_string(&good()).unwrap();
    let whole = eframe_file(&[("app", &app), ("window", WINDOW)]);
    for (kept, broken) in [
        whole[..whole.len() / 2].to_string(),
        "garbage \u{1} {".to_string(),
        "(app: 3)".to_string(),
        eframe_file(&[("app", "(edit: 7)")]),
        eframe_file(&[("app", &app.replacen("dice:(5,2)", "dice:(9,200)", 1))]),
    ]
    .into_iter()
    .enumerate()
    {
        std::fs::write(&path, &broken).unwrap();
        let check = file::check(&path);
        let bad = match kept {
            0 => dir.join("app.ron.bad"),
            n => dir.join(format!("app.ron.bad.{n}")),
        };
        assert!(check.saving);
        let last = check.notes.last().expect("a note");
        assert!(
            last.contains(&format!("was kept as {}", bad.display())),
            "{broken:?}: {:?}",
            check.notes
        );
        assert_eq!(read(&bad), broken);
        assert_eq!(read(&path), broken, "the file itself is eframe's to read");
    }
    assert_eq!(read(&dir.join("app.ron.bad")), whole[..whole.len() / 2]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unusable_window_size_is_taken_out_of_the_file() {
    let dir = temp_dir("window");
    let path = dir.join("app.ron");
    let app = ron::to_string(&good()).unwrap();
    for size in ["(x:NaN,y:950.0)", "(x:300.0,y:950.0)", "(x:1500.0,y:inf)"] {
        let window = WINDOW.replace("(x:1500.0,y:950.0)", size);
        assert!(window_problem(&window).is_some_and(|p| p.contains("window size")));
        let text = eframe_file(&[("app", &app), ("window", &window)]);
        std::fs::write(&path, &text).unwrap();
        let check = file::check(&path);
        assert_eq!(check.notes.len(), 2, "{:?}", check.notes);
        assert!(check.notes[0].contains("the window opens at its default size"));
        let left: std::collections::BTreeMap<String, String> = ron::from_str(&read(&path)).unwrap();
        assert_eq!(left.get("window"), None);
        assert_eq!(left.get("app"), Some(&app));
        let _ = std::fs::remove_file(dir.join("app.ron.bad"));
    }
    assert!(window_problem("(normal_geometry: 3)").is_some());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_cannot_be_kept_aside_turns_saving_off() {
    // A folder in the file's place: it cannot be read, nor copied.
    let dir = temp_dir("nocopy");
    let path = dir.join("app.ron");
    std::fs::create_dir(&path).unwrap();
    let FileCheck { notes, saving } = file::check(&path);
    assert!(!saving);
    assert!(
        notes
            .last()
            .unwrap()
            .contains("nothing is saved this session")
    );
    assert!(!dir.join("app.ron.bad").exists(), "no partial copy is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saved_extra_terms_that_are_not_ones_fall_back_to_the_seeds_terms() {
    for (key, w, says) in [
        ("WBAR", 1.0, "WBAR is not a term beyond the seed's"),
        ("X_NOSUCH", 1.0, "X_NOSUCH is not a term"),
        ("X_PIPDIFF", f64::NAN, "X_PIPDIFF = NaN"),
    ] {
        let mut p = good();
        p.weights.current_extras = Some(vec![(key.into(), w)]);
        let kept = one_note(p, says);
        assert_eq!(kept.weights.current_extras, None);
        assert_eq!(kept.weights.saved_extras, good().weights.saved_extras);
    }
}
