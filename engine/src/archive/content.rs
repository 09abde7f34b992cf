//! What the archive reads from a match beyond its decisions: the digest that says two files
//! hold one match (whatever their format or bytes), and its date (the file's, else one its
//! name carries, else unknown).

use crate::matches::{DecisionKind, Match};
use sha2::{Digest, Sha256};

/// The digest of a match's content: its players, its length, and each game's score, dice and
/// moves (every decision's player, kind and what was done), in hexadecimal. A MAT file, the
/// SGF of the same match and a copy with other white space or tags have one digest; the
/// tags, the date, the analysis and the line numbers do not count.
pub fn digest(m: &Match) -> String {
    let mut text = format!(
        "bgw match 1\n{}\n{}\n{}\n",
        m.players[0], m.players[1], m.match_length
    );
    for game in &m.games {
        text.push_str(&format!("game {} {}\n", game.score[0], game.score[1]));
        for d in &game.decisions {
            let what = match &d.kind {
                DecisionKind::Move(c) => {
                    format!("{}{} {}", c.dice.high(), c.dice.low(), c.mv.notation())
                }
                DecisionKind::Double { cube } => format!("double {cube}"),
                DecisionKind::Beaver { cube } => format!("beaver {cube}"),
                DecisionKind::Resign { points } => format!("resign {points}"),
                DecisionKind::Take | DecisionKind::Drop => String::new(),
            };
            text.push_str(&format!("{} {} {what}\n", d.player, d.kind_name()));
        }
    }
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The match's date, `YYYY-MM-DD`: the file's own (MAT's `EventDate`, SGF's `DT`), else
/// one the file's name carries ([`date_in_name`]), else `None` (unknown — never the day
/// the file was added).
pub fn date_of(m: &Match, path: &str) -> Option<String> {
    let tagged = ["EventDate", "Date", "DT"].iter().find_map(|k| {
        m.tags
            .iter()
            .find(|(key, v)| key.eq_ignore_ascii_case(k) && !v.trim().is_empty())
            .map(|(_, v)| v.trim())
    });
    tagged
        .and_then(numeric_date)
        .or_else(|| date_in_name(file_name(path)))
}

/// The last part of a path (either separator).
fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// `YYYY-MM-DD` when the numbers make a day (years 1970 to 2199).
fn day(year: u32, month: u32, day: u32) -> Option<String> {
    let days = match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        1..=12 => 31,
        _ => return None,
    };
    ((1970..2200).contains(&year) && (1..=days).contains(&day))
        .then(|| format!("{year:04}-{month:02}-{day:02}"))
}

/// A date at the start of `text` written with numbers: `2023.08.09`, `2023-08-09`,
/// `2023_08_09` (a time may follow).
fn numeric_date(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let digits = |from: usize, n: usize| -> Option<u32> {
        let part = text.get(from..from + n)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let sep = |i: usize| matches!(b.get(i), Some(b'.' | b'-' | b'_' | b'/'));
    if !(sep(4) && sep(7)) || b.get(10).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    day(digits(0, 4)?, digits(5, 2)?, digits(8, 2)?)
}

/// A date a match file's name carries, as the sites and programs name their files: Backgammon
/// Studio's `… 2023_09_18 20_03_49.txt`, a `2023-09-18` or `2023.09.18` anywhere, bglib's
/// `2009Jan252141` (year, month's name, day, time). `None` when the name carries none.
pub fn date_in_name(name: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let b = name.as_bytes();
    for i in 0..b.len() {
        // A run of exactly four digits starts here.
        let starts = b[i].is_ascii_digit() && (i == 0 || !b[i - 1].is_ascii_digit());
        if !starts
            || b.get(i..i + 4)
                .is_none_or(|d| !d.iter().all(u8::is_ascii_digit))
        {
            continue;
        }
        if b.get(i + 4).is_some_and(u8::is_ascii_digit) {
            continue;
        }
        let Some(rest) = name.get(i..) else { continue };
        if let Some(d) = numeric_date(rest) {
            return Some(d);
        }
        // bglib: 2009Jan25…
        let (Some(month), Some(dd)) = (name.get(i + 4..i + 7), name.get(i + 7..i + 9)) else {
            continue;
        };
        let Some(m) = MONTHS.iter().position(|x| x.eq_ignore_ascii_case(month)) else {
            continue;
        };
        if let (Ok(year), Ok(d)) = (rest[..4].parse(), dd.parse())
            && dd.bytes().all(|c| c.is_ascii_digit())
            && let Some(found) = day(year, m as u32 + 1, d)
        {
            return Some(found);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_files_name_gives_its_date_as_the_sites_write_it() {
        let cases = [
            (
                "BoardLord - Llabba 7pt Backgammon Studio 2023_08_09 18_11_07.txt",
                Some("2023-08-09"),
            ),
            ("nori-Kenji-2009Jan252141.mat", Some("2009-01-25")),
            ("2009feb011200.txt", Some("2009-02-01")),
            ("match 2024-02-29.sgf", Some("2024-02-29")),
            ("match 2023-02-29.sgf", None),
            ("match1497590.txt", None),
            ("20230918.mat", None),
            ("gnubg_3pt_seed103.mat", None),
            ("2009Foo252141.mat", None),
            ("12023_08_09.mat", None),
        ];
        for (name, want) in cases {
            assert_eq!(date_in_name(name).as_deref(), want, "{name}");
        }
    }

    #[test]
    fn a_tags_date_is_read_and_a_bad_one_falls_back_to_the_name() {
        assert_eq!(numeric_date("2023.08.09").as_deref(), Some("2023-08-09"));
        assert_eq!(numeric_date("2026-12-01").as_deref(), Some("2026-12-01"));
        assert_eq!(numeric_date("yesterday"), None);
        assert_eq!(numeric_date("2023.13.09"), None);
        assert_eq!(file_name("a/b\\c 2023_01_02.txt"), "c 2023_01_02.txt");
    }
}
