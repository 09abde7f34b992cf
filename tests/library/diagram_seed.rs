//! The diagram's grid against GNU Backgammon's own board for seed 001's example position.

use bgw_engine::core::formats::{read_setup, render_diagram};

#[test]
fn grid_matches_gnubg_board_in_seed_001() {
    let seed = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/seeds/001_dca7d1c617c68556.txt"
    ))
    .expect("seed 001 is in tests/data/seeds");
    // gnubg's board: the 13 lines from the "+13-14-…" border to the "+12-11-…" border.
    let lines: Vec<&str> = seed.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with(" +13-14-15"))
        .expect("gnubg board in the seed");
    let gnubg: Vec<&str> = lines[top..top + 13].to_vec();
    assert!(gnubg[12].starts_with(" +12-11-10"));

    let ours = render_diagram(&read_setup("qm3bAADMXdsAAA:cAkZAAAAAAAA").unwrap());
    let ours: Vec<&str> = ours.lines().collect();
    let start = ours
        .iter()
        .position(|l| l.starts_with(" +13-14-15"))
        .unwrap();
    for i in 0..13 {
        // The grid and the borne-off columns are the first 49 columns (none are off here);
        // the margin text after them is the workbench's own.
        let g = format!("{:49}", gnubg[i]);
        let o = format!("{:49}", ours[start + i]);
        assert_eq!(&o[..49], &g[..49], "row {i}");
    }
}
