//! Positions as RON files a person can read and edit by hand (the `positions/` folder).
//!
//! ```ron
//! // Comments like this one are allowed anywhere.
//! (
//!     description: "The opening position, White to play 52",
//!     on_roll: White,
//!     dice: "52",
//!     white: (points: {6: 5, 8: 3, 13: 5, 24: 2}),
//!     black: (points: {6: 5, 8: 3, 13: 5, 24: 2}, bar: 0),
//!     comments: ["Optional notes, one string a line."],
//! )
//! ```
//!
//! Each side's `points` map its **own** points (1–24, counted from its own ace point, as that
//! player would name them) to a number of checkers; `bar` (default 0) is that side's checkers on
//! the bar; checkers not listed are borne off. `dice` is optional (two digits 1–6), so are
//! `comments` (lines of notes that survive a save, unlike `//` comments). White's point `p` is
//! Black's point `25 − p`.
//!
//! Loading reports RON syntax errors with their line and column, and impossible positions in
//! words. Saving is atomic: a temporary file in the same folder is written, flushed and renamed
//! over the target, so a failed save never leaves a half-written or invalid file.

use super::Setup;
use super::quote::{quote, shorten};
use crate::core::dice::Dice;
use crate::core::position::{CHECKERS, Position, PositionError, Side, SideCheckers};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

/// One side's checkers in a position file, counted from that side's own ace point.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideFile {
    /// Own point (1–24) → checkers on it.
    #[serde(default, deserialize_with = "unique_points")]
    pub points: BTreeMap<u8, u8>,
    /// Checkers on the bar.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bar: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Reads a side's points, refusing a point given twice (a map would keep the last silently).
fn unique_points<'de, D: serde::Deserializer<'de>>(d: D) -> Result<BTreeMap<u8, u8>, D::Error> {
    struct Points;
    impl<'de> serde::de::Visitor<'de> for Points {
        type Value = BTreeMap<u8, u8>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a map from points (1-24) to checker counts, such as {6: 5, 8: 3}")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut points = BTreeMap::new();
            while let Some(point) = map.next_key::<u8>()? {
                let n: u8 = map.next_value()?;
                if points.insert(point, n).is_some() {
                    return Err(serde::de::Error::custom(format!(
                        "point {point} is given twice"
                    )));
                }
            }
            Ok(points)
        }
    }
    d.deserialize_map(Points)
}

/// The contents of a position file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionFile {
    /// One line saying what the position is about.
    pub description: String,
    /// The side to play.
    pub on_roll: Side,
    /// The roll to play (`"52"`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<String>,
    /// White's checkers.
    pub white: SideFile,
    /// Black's checkers.
    pub black: SideFile,
    /// Optional notes, one string a line (kept when the file is saved again, unlike `//`
    /// comments).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
}

/// Why a position file could not be read or written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionFileError {
    /// Reading or writing the file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        message: String,
    },
    /// The text is not RON of the expected shape.
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column of the error.
        column: usize,
        /// What the RON reader said.
        message: String,
    },
    /// A point outside 1–24.
    BadPoint {
        /// Whose point.
        side: Side,
        /// The number written.
        point: u8,
    },
    /// Both sides on one point.
    SharedPoint {
        /// White's number for the point (Black's is 25 − it).
        white_point: u8,
    },
    /// The dice are not two digits 1–6.
    BadDice(String),
    /// The checkers do not make a position (too many checkers).
    Position(PositionError),
}

impl fmt::Display for PositionFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionFileError::Io { path, message } => {
                write!(f, "{}: {message}", path.display())
            }
            PositionFileError::Syntax {
                line,
                column,
                message,
            } => write!(f, "line {line}, column {column}: {message}"),
            PositionFileError::BadPoint { side, point } => {
                write!(f, "{side}'s point {point} does not exist (points are 1-24)")
            }
            PositionFileError::SharedPoint { white_point } => write!(
                f,
                "White's point {white_point} (Black's point {}) holds checkers of both sides",
                25 - white_point
            ),
            PositionFileError::BadDice(d) => {
                write!(
                    f,
                    "bad dice {}: expected two digits 1-6, such as \"31\"",
                    quote(d)
                )
            }
            PositionFileError::Position(e) => write!(f, "impossible position: {e}"),
        }
    }
}

impl std::error::Error for PositionFileError {}

/// The longest parser message a syntax error repeats, in characters.
const MESSAGE_MAX: usize = 200;

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

const HEADER: &str = "\
// backgammon-workbench position (RON). Each side's points are counted from its own ace point
// (1-24); `bar` is that side's checkers on the bar; checkers not listed are borne off.
";

impl SideFile {
    fn from_checkers(side: &SideCheckers) -> SideFile {
        SideFile {
            points: (1..=24u8)
                .filter(|&p| side[p as usize - 1] > 0)
                .map(|p| (p, side[p as usize - 1]))
                .collect(),
            bar: side[24],
        }
    }

    fn checkers(&self, side: Side) -> Result<(SideCheckers, u32), PositionFileError> {
        let mut out = [0u8; 25];
        let mut total = self.bar as u32;
        for (&p, &n) in &self.points {
            if !(1..=24).contains(&p) {
                return Err(PositionFileError::BadPoint { side, point: p });
            }
            out[p as usize - 1] = n;
            total += n as u32;
        }
        out[24] = self.bar;
        if total > CHECKERS as u32 {
            return Err(PositionFileError::Position(
                PositionError::TooManyCheckers { side, count: total },
            ));
        }
        Ok((out, total))
    }
}

impl PositionFile {
    /// A file for a setup (its position and dice), with a description.
    pub fn from_setup(description: &str, setup: &Setup) -> PositionFile {
        let [opponent, player] = setup.position.sides();
        let (white, black) = match setup.position.on_roll() {
            Side::White => (player, opponent),
            Side::Black => (opponent, player),
        };
        PositionFile {
            description: description.to_string(),
            on_roll: setup.position.on_roll(),
            dice: setup.dice.map(|d| d.to_string()),
            white: SideFile::from_checkers(&white),
            black: SideFile::from_checkers(&black),
            comments: Vec::new(),
        }
    }

    /// The position and dice the file describes, checked.
    pub fn to_setup(&self) -> Result<Setup, PositionFileError> {
        let (white, _) = self.white.checkers(Side::White)?;
        let (black, _) = self.black.checkers(Side::Black)?;
        for p in 1..=24usize {
            if white[p - 1] > 0 && black[24 - p] > 0 {
                return Err(PositionFileError::SharedPoint {
                    white_point: p as u8,
                });
            }
        }
        let (player, opponent) = match self.on_roll {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        let position = Position::from_sides(self.on_roll, &player, &opponent)
            .map_err(PositionFileError::Position)?;
        let dice = match &self.dice {
            None => None,
            Some(d) => Some(
                d.parse::<Dice>()
                    .map_err(|_| PositionFileError::BadDice(d.clone()))?,
            ),
        };
        Ok(Setup {
            position,
            dice,
            match_state: None,
        })
    }

    /// Parses and checks the text of a position file.
    pub fn parse(text: &str) -> Result<PositionFile, PositionFileError> {
        let file: PositionFile =
            ron_options()
                .from_str(text)
                .map_err(|e| PositionFileError::Syntax {
                    line: e.span.start.line,
                    column: e.span.start.col,
                    message: shorten(&e.code.to_string(), MESSAGE_MAX),
                })?;
        file.to_setup()?;
        Ok(file)
    }

    /// The file's text: a comment header, then the RON.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(2)
            .indentor("    ".to_string());
        let body = ron_options()
            .to_string_pretty(self, config)
            .expect("a position file always serialises");
        format!("{HEADER}{body}\n")
    }

    /// Loads and checks a position file.
    pub fn load(path: &Path) -> Result<PositionFile, PositionFileError> {
        let text = crate::io::user_file::read_text(path).map_err(|e| PositionFileError::Io {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        PositionFile::parse(&text)
    }

    /// Saves the file atomically (temporary file in the same folder, then rename). An invalid
    /// position is refused before anything is written.
    pub fn save(&self, path: &Path) -> Result<(), PositionFileError> {
        self.to_setup()?;
        let text = self.to_ron();
        crate::io::atomic_file::write_atomic(path, |w| w.write_all(text.as_bytes())).map_err(|e| {
            PositionFileError::Io {
                path: path.to_path_buf(),
                message: e.to_string(),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::formats::read_setup;

    #[test]
    fn round_trip_through_text() {
        let setup = read_setup("XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10").unwrap();
        let mut file = PositionFile::from_setup("The opening, White to play 52", &setup);
        file.comments = vec![
            "52: 13/8 13/11 is the usual play.".into(),
            "Second line".into(),
        ];
        let text = file.to_ron();
        let back = PositionFile::parse(&text).unwrap();
        assert_eq!(back, file);
        let s = back.to_setup().unwrap();
        assert_eq!(s.position, setup.position);
        assert_eq!(s.dice, setup.dice);
        assert!(text.contains("dice: \"52\""), "{text}");
    }

    #[test]
    fn hand_written_file_with_comments() {
        let text = r#"
            // A bear-off.
            (
                description: "Black on roll, one checker on the bar",
                on_roll: Black,
                black: (points: {6: 2, 5: 2}, bar: 1), // Black enters first
                white: (points: {1: 3}),
            )
        "#;
        let s = PositionFile::parse(text).unwrap().to_setup().unwrap();
        assert_eq!(s.position.on_roll(), Side::Black);
        assert_eq!(s.position.player_at(25), 1);
        assert_eq!(s.position.player_at(6), 2);
        // White's 1 point is Black's 24.
        assert_eq!(s.position.opponent_at(24), 3);
        assert_eq!(s.dice, None);
    }

    #[test]
    fn errors_are_typed() {
        let e = PositionFile::parse(
            "(description: \"x\", on_roll: White,\n white: (points: {1: 2}) black: ())",
        )
        .unwrap_err();
        assert!(
            matches!(e, PositionFileError::Syntax { line: 2, .. }),
            "{e:?}"
        );
        let base = |w: &str, b: &str| {
            format!("(description: \"x\", on_roll: White, white: ({w}), black: ({b}))")
        };
        assert_eq!(
            PositionFile::parse(&base("points: {13: 2}", "points: {12: 1}")).unwrap_err(),
            PositionFileError::SharedPoint { white_point: 13 }
        );
        assert_eq!(
            PositionFile::parse(&base("points: {6: 16}", "")).unwrap_err(),
            PositionFileError::Position(PositionError::TooManyCheckers {
                side: Side::White,
                count: 16
            })
        );
        assert_eq!(
            PositionFile::parse(&base("points: {25: 1}", "")).unwrap_err(),
            PositionFileError::BadPoint {
                side: Side::White,
                point: 25
            }
        );
        let e = PositionFile::parse(&base("", "").replace("White,", "White, dice: \"72\","))
            .unwrap_err();
        assert_eq!(e, PositionFileError::BadDice("72".into()));
        assert!(matches!(
            PositionFile::parse(&base("", "").replace("on_roll", "colour")),
            Err(PositionFileError::Syntax { .. })
        ));
        // A point given twice is an error on its line, not "the last one wins".
        let e = PositionFile::parse(
            "(description: \"x\", on_roll: White,\n white: (points: {6: 5,\n 6: 15}), black: ())",
        )
        .unwrap_err();
        match e {
            PositionFileError::Syntax { line, message, .. } => {
                assert_eq!(line, 3);
                assert!(message.contains("point 6 is given twice"), "{message}");
            }
            e => panic!("{e:?}"),
        }
    }

    #[test]
    fn save_is_atomic_and_refuses_bad_positions() {
        let dir = std::env::temp_dir().join(format!("bgw-posfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.ron");
        let good = PositionFile::from_setup("opening", &Setup::new(Position::opening(Side::White)));
        good.save(&path).unwrap();
        assert_eq!(PositionFile::load(&path).unwrap(), good);
        let mut bad = good.clone();
        bad.white.points.insert(1, 3); // shares Black's 24 point
        assert!(bad.save(&path).is_err());
        assert_eq!(PositionFile::load(&path).unwrap(), good);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1);
        // A folder that does not exist: an I/O error naming the file.
        let e = good.save(&dir.join("missing/p.ron")).unwrap_err();
        assert!(e.to_string().contains("missing"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
