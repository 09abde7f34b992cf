//! The Examples menu: the positions shipped in `positions/`, built into the program (an
//! installed `bgw` has no source tree), and the `positions/` folder of the working folder when
//! there is one (its files replace the built-in ones of the same name and add their own).

use std::path::{Path, PathBuf};

/// The shipped example positions: the file's name without `.ron`, and its text.
pub const EMBEDDED: &[(&str, &str)] = &[
    (
        "bar-two-against-four-point-board",
        include_str!("../../../positions/bar-two-against-four-point-board.ron"),
    ),
    (
        "bearoff-five-against-four",
        include_str!("../../../positions/bearoff-five-against-four.ron"),
    ),
    (
        "contact-blitz",
        include_str!("../../../positions/contact-blitz.ron"),
    ),
    (
        "contact-prime-vs-anchor",
        include_str!("../../../positions/contact-prime-vs-anchor.ron"),
    ),
    ("opening", include_str!("../../../positions/opening.ron")),
    (
        "race-midway",
        include_str!("../../../positions/race-midway.ron"),
    ),
    (
        "seed-001-example",
        include_str!("../../../positions/seed-001-example.ron"),
    ),
];

/// One entry of the Examples menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Example {
    /// A position built into the program (a name of [`EMBEDDED`]).
    Embedded(&'static str),
    /// A position file of the working folder's `positions/`.
    File(PathBuf),
}

impl Example {
    /// The name shown in the menu: the file's name without `.ron`.
    pub fn name(&self) -> String {
        match self {
            Example::Embedded(name) => name.to_string(),
            Example::File(path) => path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        }
    }
}

/// The text of the built-in example `name`.
pub fn embedded(name: &str) -> Option<&'static str> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|&(_, t)| t)
}

/// `positions/` in the working folder, when there is one.
pub fn local_dir() -> Option<PathBuf> {
    let here = PathBuf::from("positions");
    here.is_dir().then_some(here)
}

/// The Examples menu: the built-in positions and the `*.ron` files of the working folder's
/// `positions/`, sorted by name.
pub fn examples() -> Vec<Example> {
    list(local_dir().as_deref())
}

/// The built-in positions and the `*.ron` files of `dir` (a file replaces the built-in
/// position of its name), sorted by name.
pub fn list(dir: Option<&Path>) -> Vec<Example> {
    let files: Vec<PathBuf> = dir
        .and_then(|d| std::fs::read_dir(d).ok())
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .collect()
        })
        .unwrap_or_default();
    let mut out: Vec<Example> = files.into_iter().map(Example::File).collect();
    let names: Vec<String> = out.iter().map(Example::name).collect();
    out.extend(
        EMBEDDED
            .iter()
            .filter(|(n, _)| !names.iter().any(|m| m == n))
            .map(|&(n, _)| Example::Embedded(n)),
    );
    out.sort_by_key(Example::name);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use bgw_engine::core::formats::PositionFile;

    #[test]
    fn every_shipped_position_is_built_in_and_reads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("positions");
        let mut shipped: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
            .collect();
        shipped.sort();
        let built_in: Vec<&str> = EMBEDDED.iter().map(|(n, _)| *n).collect();
        assert_eq!(built_in, shipped, "EMBEDDED lists positions/*.ron, sorted");
        for (name, text) in EMBEDDED {
            let file = PositionFile::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(file.to_setup().is_ok(), "{name}");
        }
    }

    #[test]
    fn without_a_folder_the_menu_is_the_built_in_list_and_a_folder_adds_and_replaces() {
        let none = list(None);
        assert_eq!(none.len(), EMBEDDED.len());
        assert!(none.iter().all(|e| matches!(e, Example::Embedded(_))));
        let dir = std::env::temp_dir().join(format!("bgw-examples-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["opening.ron", "zz-mine.ron", "notes.txt"] {
            std::fs::write(dir.join(name), embedded("opening").unwrap()).unwrap();
        }
        let with = list(Some(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(with.len(), EMBEDDED.len() + 1);
        assert!(with.contains(&Example::File(dir.join("opening.ron"))));
        assert!(!with.contains(&Example::Embedded("opening")));
        assert_eq!(with.last(), Some(&Example::File(dir.join("zz-mine.ron"))));
    }
}
