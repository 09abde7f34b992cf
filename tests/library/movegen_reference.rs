//! The move generator against the reference data: exact result counts for 10,000 positions ×
//! 21 rolls, and GNU Backgammon's own result sets for 50 positions × 21 rolls.

use crate::common;

use bgw_engine::core::formats::{decode_position_id, encode_position_id};
use bgw_engine::core::moves::MoveGenerator;
use bgw_engine::{Dice, Side};

#[test]
fn counts_match_two_engines_on_10k_positions() {
    let positions = common::positions_10k();
    let counts = common::tsv("movegen/counts_10k.tsv");
    assert_eq!(positions.len(), 10_000);
    let rolls: Vec<Dice> = Dice::all().collect();
    let mut generator = MoveGenerator::new();
    let mut total = 0usize;
    let mut wrong = Vec::new();
    for ((id, pos), row) in positions.iter().zip(&counts) {
        assert_eq!(&row[1], id, "the two files list the same positions");
        assert_eq!(&encode_position_id(pos), id, "Position ID of the board");
        let expected: Vec<usize> = row[2].split(' ').map(|c| c.parse().unwrap()).collect();
        for (dice, &want) in rolls.iter().zip(&expected) {
            let got = generator.generate(pos, *dice).len();
            total += got;
            if got != want && wrong.len() < 10 {
                wrong.push(format!("{id} {dice}: {got} results, expected {want}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(total, 4_663_130);
}

#[test]
fn result_sets_match_gnubg() {
    let rows = common::tsv("movegen/gnubg_sample.tsv");
    assert_eq!(rows.len(), 1050);
    let mut generator = MoveGenerator::new();
    let mut notation_differs = 0;
    let mut compared = 0;
    for row in &rows {
        let pos = decode_position_id(&row[1], Side::White).unwrap();
        let dice = Dice::new(row[2].parse().unwrap(), row[3].parse().unwrap()).unwrap();
        let count: usize = row[4].parse().unwrap();
        let dice_played: usize = row[5].parse().unwrap();
        let mut want: Vec<&str> = row[7].split(' ').filter(|s| !s.is_empty()).collect();
        want.sort();
        let plays = generator.generate(&pos, dice);
        let mut got: Vec<(String, String)> = plays
            .iter()
            .map(|p| (encode_position_id(&p.result), p.mv.notation()))
            .collect();
        got.sort();
        let got_ids: Vec<&str> = got.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(got_ids, want, "{} {dice}", row[1]);
        assert_eq!(got.len(), count);
        for p in plays {
            assert_eq!(p.mv.dice_used(), dice_played, "{} {dice}", row[1]);
        }
        // gnubg's notation for each result, in the order of its sorted IDs.
        let notations: Vec<&str> = row.get(8).map_or(vec![], |s| s.split(';').collect());
        let mut by_id: Vec<(&str, &str)> = row[7]
            .split(' ')
            .filter(|s| !s.is_empty())
            .zip(notations)
            .collect();
        by_id.sort();
        assert_eq!(by_id.len(), got.len());
        for ((_, ours), (_, theirs)) in got.iter().zip(&by_id) {
            compared += 1;
            if ours != theirs {
                notation_differs += 1;
                eprintln!("{} {dice}: ours {ours}, gnubg {theirs}", row[1]);
            }
        }
    }
    assert!(compared > 10_000, "only {compared} notations compared");
    assert_eq!(notation_differs, 0, "notation differs from gnubg");
}
