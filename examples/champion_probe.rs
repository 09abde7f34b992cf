use backgammon_workbench::champion::*;
fn main() {
    let pos0 = Position::new(Variant::NINE_FOUR, &[46, 48, 68, 88], 66, Side::Wolves).unwrap();
    let game = board::parse_game("2/57 (77); 2/66 (86); 1/55 (75); 1/64 (84); 4/77 (73); 3/57 (62); 1/53 (73); 3/46 (64); 3/55 (75); 4/86 (64); 4/75 (73); 4/84 (62); 4/73 (51); 3/44 (42); 3/33 (31); 2/55 (22); 2/44 (13)").unwrap();
    for listing in [Listing::Main, Listing::Alternative] {
        let mut ch = Champion::for_position(listing, &pos0);
        let mut pos = pos0;
        let mut got = vec![];
        for (m, _) in &game {
            ch.observe_move(&pos, *m);
            pos = pos.after_wolf_move(*m).unwrap();
            let t = ch.decide(&pos);
            got.push(t.choice.unwrap_or(0));
            if got.len() == 1 {
                println!("{t}");
            }
            pos = pos.after_goat_move(game[got.len() - 1].1.unwrap()).unwrap();
        }
        println!("{listing:?} {got:?}");
    }
    for v in Variant::ALL {
        for l in [Listing::Main, Listing::Alternative] {
            let line = match_play::beat_program(&v.start(), l).unwrap();
            println!(
                "{v} {l:?}: {:?}",
                line.map(|x| x
                    .iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" "))
            );
        }
        let t = std::time::Instant::now();
        let s = Solution::solve(v);
        let el = t.elapsed();
        println!(
            "{v}: {} positions, {} bytes, {:?}, start {:?}, reachable {}",
            s.positions(),
            s.table_bytes(),
            el,
            s.value(&v.start()),
            s.reachable_from(&v.start())
        );
    }
}
#[allow(dead_code)]
fn unused() {}
