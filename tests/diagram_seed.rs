//! The diagram's grid against GNU Backgammon's own board for seed 001's example position.

use backgammon_workbench::formats::{diagram, read_setup};

#[test]
fn grid_matches_gnubg_board_in_seed_001() {
    let seed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/seeds/001_dca7d1c617c68556.txt"
    ))
    .expect("seed 001 is in ../shared/seeds");
    // gnubg's board: the 13 lines from the "+13-14-…" border to the "+12-11-…" border.
    let lines: Vec<&str> = seed.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with(" +13-14-15"))
        .expect("gnubg board in the seed");
    let gnubg: Vec<&str> = lines[top..top + 13].to_vec();
    assert!(gnubg[12].starts_with(" +12-11-10"));

    let ours = diagram::render(&read_setup("qm3bAADMXdsAAA:cAkZAAAAAAAA").unwrap());
    let ours: Vec<&str> = ours.lines().collect();
    let start = ours
        .iter()
        .position(|l| l.starts_with(" +13-14-15"))
        .unwrap();
    for i in 0..13 {
        // The grid is the first 44 columns; gnubg marks the middle row with a direction arrow
        // in column 0, which the workbench leaves out.
        let g = &gnubg[i][1..44];
        let o = &ours[start + i][1..44];
        assert_eq!(o, g, "row {i}");
    }
}
