//! Every file in `positions/` loads, describes itself in one line and is what its name says.

use bgw_engine::core::formats::{PositionFile, Setup, encode_position_id};
use bgw_engine::core::position::BAR;
use bgw_engine::{Dice, Position, Side};
use std::path::PathBuf;

fn load_all() -> Vec<(String, Setup, PositionFile)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("positions");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let file =
                PositionFile::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let setup = file.to_setup().unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            out.push((name, setup, file));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn every_position_file_loads_and_round_trips() {
    let all = load_all();
    assert!(all.len() >= 6, "only {} files", all.len());
    for (name, setup, file) in &all {
        let d = &file.description;
        assert!(!d.trim().is_empty() && !d.contains('\n'), "{name}: {d:?}");
        let again = PositionFile::parse(&file.to_ron()).unwrap();
        assert_eq!(&again, file, "{name}");
        assert_eq!(again.to_setup().unwrap(), *setup, "{name}");
    }
}

#[test]
fn files_are_what_their_names_say() {
    let all = load_all();
    let find = |n: &str| all.iter().find(|(name, ..)| name == n).unwrap().1;
    assert_eq!(find("opening").position, Position::opening(Side::White));
    let seed = find("seed-001-example").position;
    assert_eq!(encode_position_id(&seed), "qm3bAADMXdsAAA");
    assert_eq!(seed.pips(), (100, 99));
    let kinds = |prefix: &str| -> Vec<Position> {
        all.iter()
            .filter(|(name, ..)| name.starts_with(prefix))
            .map(|(_, s, _)| s.position)
            .collect()
    };
    assert!(!kinds("contact").is_empty());
    for p in kinds("contact") {
        assert!(p.has_contact());
    }
    assert!(!kinds("bar").is_empty());
    for p in kinds("bar") {
        assert!(p.player_at(BAR) > 0);
    }
    assert!(!kinds("race").is_empty());
    for p in kinds("race") {
        assert!(!p.has_contact() && !p.player_all_home());
    }
    assert!(!kinds("bearoff").is_empty());
    for p in kinds("bearoff") {
        assert!(!p.has_contact() && p.player_all_home() && p.mirror().player_all_home());
    }
    assert_eq!(
        find("bar-two-against-four-point-board").dice,
        Dice::new(5, 2)
    );
}
