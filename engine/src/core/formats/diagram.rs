//! A text diagram of a position in the manner of gnubg's ASCII board (`show board`).
//!
//! The board is drawn from the view of the side on roll: its checkers are `X` at the bottom
//! (points 12–1 below, its home board 6–1 on the right), the opponent's are `O` at the top
//! (points 13–24). Up to five checkers are drawn on a point; on a taller stack the fifth place
//! shows the count. Checkers on the bar are drawn in the `BAR` column (the opponent's in the
//! top half, the player's in the bottom half) and counted in the margin with the checkers borne
//! off and the pip counts. The Position ID, Match ID and XGID head the diagram.

use super::Setup;
use crate::core::position::{BAR, OPPONENT_BAR};

const TOP: &str = " +13-14-15-16-17-18------19-20-21-22-23-24-+";
const BOTTOM: &str = " +12-11-10--9--8--7-------6--5--4--3--2--1-+";

/// The three characters drawn for a stack of `n` checkers of `mark`, at place `row` (0 nearest
/// the edge).
fn cell(n: u8, row: usize, mark: char) -> String {
    if n > 5 && row == 4 {
        format!("{n:^3}")
    } else if n as usize > row {
        format!(" {mark} ")
    } else {
        "   ".to_string()
    }
}

/// A stack on point `p` (model numbering): the player's as `X`, the opponent's as `O`.
fn point_cell(setup: &Setup, p: usize, row: usize) -> String {
    let pos = &setup.position;
    let own = pos.player_at(p);
    if own > 0 {
        cell(own, row, 'X')
    } else {
        cell(pos.opponent_at(p), row, 'O')
    }
}

fn row_line(setup: &Setup, left: [usize; 6], right: [usize; 6], row: usize, top: bool) -> String {
    let pos = &setup.position;
    let mut line = String::from(" |");
    for &p in &left {
        line.push_str(&point_cell(setup, p, row));
    }
    line.push('|');
    line.push_str(&if top {
        cell(pos.opponent_at(OPPONENT_BAR), row, 'O')
    } else {
        cell(pos.player_at(BAR), row, 'X')
    });
    line.push('|');
    for &p in &right {
        line.push_str(&point_cell(setup, p, row));
    }
    line.push('|');
    line
}

/// Draws the position with its IDs, pip counts, bar and borne-off counts and who is on roll.
pub fn render(setup: &Setup) -> String {
    let pos = &setup.position;
    let me = pos.on_roll();
    let them = me.opponent();
    let (my_pips, their_pips) = pos.pips();
    let mut lines: Vec<String> = vec![
        format!(" Position ID: {}", setup.position_id()),
        format!(" Match ID   : {}", setup.match_id()),
        format!(" XGID       : {}", setup.xgid()),
    ];

    let roll = match setup.dice {
        Some(d) => format!("On roll, dice {d}"),
        None => "On roll".to_string(),
    };
    let state = match setup.match_state {
        Some(s) => s.describe(),
        None => "cube 1 centred".to_string(),
    };
    let their_bar_off = format!(
        "bar {}, off {}",
        pos.opponent_at(OPPONENT_BAR),
        pos.opponent_off()
    );
    let my_bar_off = format!("bar {}, off {}", pos.player_at(BAR), pos.player_off());

    // Each stack row: the grid, then (as gnubg does) up to 15 borne-off checkers in three
    // columns of five, then the margin text.
    let with_off = |grid: String, off: u8, mark: char, row: usize, text: &str| {
        let column: String = (0..3)
            .map(|x| {
                if off as usize > 5 * x + row {
                    mark
                } else {
                    ' '
                }
            })
            .collect();
        format!("{grid} {column} {text}").trim_end().to_string()
    };
    let mut board: Vec<String> = vec![format!("{TOP}     O: {them}   pips {their_pips}")];
    for row in 0..5 {
        let grid = row_line(
            setup,
            [13, 14, 15, 16, 17, 18],
            [19, 20, 21, 22, 23, 24],
            row,
            true,
        );
        let text = if row == 0 { their_bar_off.as_str() } else { "" };
        board.push(with_off(grid, pos.opponent_off(), 'O', row, text));
    }
    board.push(format!(
        "v|                  |BAR|                  |     {state}"
    ));
    for row in (0..5).rev() {
        let grid = row_line(setup, [12, 11, 10, 9, 8, 7], [6, 5, 4, 3, 2, 1], row, false);
        let text = match row {
            1 => roll.as_str(),
            0 => my_bar_off.as_str(),
            _ => "",
        };
        board.push(with_off(grid, pos.player_off(), 'X', row, text));
    }
    board.push(format!("{BOTTOM}     X: {me}   pips {my_pips}"));
    lines.extend(board);
    lines.push(format!(
        " Pips: {me} {my_pips}, {them} {their_pips} ({me} on roll)"
    ));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::read_setup;

    #[test]
    fn opening_diagram() {
        let text = render(&read_setup("4HPwATDgc/ABMA").unwrap());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], " Position ID: 4HPwATDgc/ABMA");
        assert_eq!(lines[1], " Match ID   : cAkAAAAAAAAA");
        assert!(lines[2].starts_with(" XGID       : XGID=-b----E-C---eE---c-e----B-:0:0:1:00:"));
        assert!(lines[3].starts_with(TOP) && lines[3].ends_with("O: Black   pips 167"));
        // Top row: X on 13 (5) and 24 (2); O on 17 (3) and 19 (5).
        assert_eq!(
            &lines[4][..44],
            " | X           O    |   | O              X |"
        );
        // Fifth row from the top: only the 5-stacks reach it.
        assert_eq!(
            &lines[8][..44],
            " | X                |   | O                |"
        );
        assert_eq!(
            &lines[9][..44],
            "v|                  |BAR|                  |"
        );
        assert_eq!(
            &lines[14][..44],
            " | O           X    |   | X              O |"
        );
        assert!(lines[15].ends_with("X: White   pips 167"));
        assert_eq!(lines[16], " Pips: White 167, Black 167 (White on roll)");
    }

    #[test]
    fn tall_stacks_bar_and_off() {
        // White on roll: 9 on its 6 point, 1 on the bar; Black: 2 on the bar, 3 on its 1 point.
        let s = read_setup("XGID=b-----I-----------------cA:0:0:1:31:0:0:0:0:10").unwrap();
        let text = render(&s);
        let lines: Vec<&str> = text.lines().collect();
        // Row 5 of the bottom half (nearest the middle) shows the count 9 on the 6 point.
        let fifth = lines[10];
        assert_eq!(&fifth[24..28], "| 9 ", "{text}");
        // White's bar checker in the bottom half of the BAR column, Black's two in the top.
        assert_eq!(&lines[14][20..25], "| X |");
        assert_eq!(&lines[4][20..25], "| O |");
        assert_eq!(&lines[5][20..25], "| O |");
        assert_eq!(&lines[6][20..25], "|   |");
        assert!(text.contains("bar 2, off 10"), "{text}");
        assert!(text.contains("bar 1, off 5"), "{text}");
        assert!(text.contains("On roll, dice 31"));
        // Borne-off checkers in three columns of five right of the board: Black's 10 above,
        // White's 5 below.
        assert_eq!(&lines[4][44..], " OO  bar 2, off 10");
        assert_eq!(&lines[8][44..], " OO");
        assert_eq!(&lines[14][44..], " X   bar 1, off 5");
        assert_eq!(&lines[10][44..], " X");
    }
}
