//! Reading a match file the user named: only a regular file, at most [`MATCH_CAP`] bytes
//! ([`crate::io::user_file`]), UTF-8 or else Latin-1 (older MAT writers), MAT or SGF by its
//! content.

use super::mat::{MatError, read_mat};
use super::mat_write::MatCannotHold;
use super::model::Match;
use super::sgf::read_sgf;
use super::sgf_syntax::SgfError;
use crate::io::user_file::read_capped;
use std::fmt;
use std::path::Path;

/// The largest match file read: 16 MiB (gnubg's SGF of a 25-point match with its analysis
/// is under 1 MiB).
pub const MATCH_CAP: u64 = 16 << 20;

/// Why a match file cannot be read.
#[derive(Debug)]
pub enum MatchFileError {
    /// It cannot be opened or read, or is no regular file, or is too large.
    Io(std::io::Error),
    /// A MAT file that does not parse.
    Mat(MatError),
    /// An SGF file that does not parse.
    Sgf(SgfError),
}

impl fmt::Display for MatchFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchFileError::Io(e) => e.fmt(f),
            MatchFileError::Mat(e) => e.fmt(f),
            MatchFileError::Sgf(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MatchFileError {}

/// The two layouts a match file comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchFormat {
    /// The Jellyfish MAT text layout.
    Mat,
    /// gnubg's SGF.
    Sgf,
}

impl MatchFormat {
    /// The layout a file name's extension asks for: `.sgf` SGF, `.mat` or `.txt` MAT (any
    /// case); `None` for another or none.
    pub fn of_extension(path: &Path) -> Option<MatchFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "sgf" => Some(MatchFormat::Sgf),
            "mat" | "txt" => Some(MatchFormat::Mat),
            _ => None,
        }
    }

    /// The usual extension: `mat` or `sgf`.
    pub fn extension(self) -> &'static str {
        match self {
            MatchFormat::Mat => "mat",
            MatchFormat::Sgf => "sgf",
        }
    }
}

impl Match {
    /// The match written in `format` ([`Match::try_to_mat`] or [`Match::to_sgf`]): a set-up
    /// game, or a name gnubg would not read back, is refused in MAT.
    pub fn write_as(&self, format: MatchFormat) -> Result<String, MatCannotHold> {
        match format {
            MatchFormat::Mat => self.try_to_mat(),
            MatchFormat::Sgf => Ok(self.to_sgf()),
        }
    }
}

/// The layout of a match file's text: SGF when it starts with `(` (after white space),
/// otherwise MAT.
pub fn format_of(text: &str) -> MatchFormat {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('(') {
        MatchFormat::Sgf
    } else {
        MatchFormat::Mat
    }
}

/// Reads a match from text in either layout (old Mac line ends read as line ends).
pub fn read_match(text: &str) -> Result<Match, MatchFileError> {
    let text = &*crate::io::user_file::unify_line_ends(text);
    match format_of(text) {
        MatchFormat::Sgf => read_sgf(text).map_err(MatchFileError::Sgf),
        MatchFormat::Mat => read_mat(text).map_err(MatchFileError::Mat),
    }
}

/// Reads the match file at `path` (see the module doc).
pub fn read_match_file(path: &Path) -> Result<Match, MatchFileError> {
    let bytes = read_capped(path, MATCH_CAP).map_err(MatchFileError::Io)?;
    read_match_bytes(bytes)
}

/// Reads a match from a file's bytes, the layout by its content. The one place a file's
/// bytes become a match: both layouts today are text (UTF-8, else Latin-1), so the bytes are
/// decoded and read by [`read_match`]; a binary layout is recognised here by its first bytes,
/// before any decoding (docs/architecture.md, "Where to add").
pub fn read_match_bytes(bytes: Vec<u8>) -> Result<Match, MatchFileError> {
    read_match(&decode(bytes))
}

/// UTF-8, or else each byte as its Latin-1 character.
pub(crate) fn decode(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_either_layout_and_refuses_what_is_no_file() {
        let dir = tempfile::tempdir().unwrap();
        let mat = dir.path().join("m.mat");
        std::fs::write(
            &mat,
            b"1 point match\n\n Game 1\n J\xf6rg : 0      Ann : 0\n",
        )
        .unwrap();
        let m = read_match_file(&mat).unwrap();
        assert_eq!(m.players[0], "Jörg");
        let bytes = std::fs::read(&mat).unwrap();
        assert_eq!(read_match_bytes(bytes).unwrap().players[0], "Jörg");
        let sgf = dir.path().join("m.sgf");
        std::fs::write(&sgf, "\n(;GM[6]MI[length:3]PW[a]PB[b]\n;W[31hefe])").unwrap();
        assert_eq!(read_match_file(&sgf).unwrap().match_length, 3);
        assert!(matches!(
            read_match_file(dir.path()),
            Err(MatchFileError::Io(_))
        ));
        std::fs::write(&mat, "hello").unwrap();
        let e = read_match_file(&mat).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: expected the match length (such as \"7 point match\") or a comment, found \"hello\""
        );
        #[cfg(unix)]
        assert!(
            read_match_file(Path::new("/dev/zero"))
                .unwrap_err()
                .to_string()
                .contains("a device")
        );
    }
}
