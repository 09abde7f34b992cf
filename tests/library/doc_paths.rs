//! docs/architecture.md names files, folders and Rust paths in backticks; each must exist.
//! A file or folder (`coordinator/game.rs`, `match_review/`) must be the end of a real path in
//! the repository; a Rust path (`effect::Effect`, `bgw_engine::studies::one_sided_vs_exact::ErrorMap`,
//! `Effect::Export`) must name modules that exist as files, a type defined in the code, and
//! after the type a name written in the file that defines it (a variant, a field, a method).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Every file and folder under the repository's source trees, as `/`-separated paths.
fn repository_paths(root: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            let rel = p
                .strip_prefix(root)
                .unwrap_or(&p)
                .to_string_lossy()
                .replace('\\', "/");
            if p.is_dir() {
                out.push(format!("{rel}/"));
                walk(&p, root, out);
            } else {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

/// The Rust files of the two packages: sources, tests and benches.
fn rust_files(paths: &[String], root: &Path) -> Vec<(String, String)> {
    let trees = ["src/", "engine/src/", "tests/", "engine/tests/", "benches/"];
    paths
        .iter()
        .filter(|p| p.ends_with(".rs") && trees.iter().any(|t| p.starts_with(t)))
        .map(|p| {
            let text = std::fs::read_to_string(root.join(p)).unwrap_or_default();
            (p.clone(), text)
        })
        .collect()
}

/// The backticked spans of a Markdown text, outside fenced blocks, with their line.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(a) = rest.find('`') {
            let after = &rest[a + 1..];
            let Some(b) = after.find('`') else { break };
            out.push((n + 1, after[..b].to_string()));
            rest = &after[b + 1..];
        }
    }
    out
}

/// Why `span` names nothing that exists, or `None` when it does (or is not a path).
fn missing(span: &str, paths: &[String], files: &[(String, String)]) -> Option<String> {
    let span = span.trim();
    let is_path = (span.ends_with(".rs") || span.ends_with('/'))
        && span
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    if is_path {
        let found = paths
            .iter()
            .any(|p| p == span || p.ends_with(&format!("/{span}")));
        return (!found).then(|| format!("no file or folder ends with {span}"));
    }
    // A Rust path: identifiers joined by `::`, nothing else.
    let segments: Vec<&str> = span.split("::").collect();
    let ident = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !s.starts_with(|c: char| c.is_ascii_digit())
    };
    if segments.len() == 1 {
        // A bare name: a type, variant or macro (CamelCase, or with `!`) must be written in
        // the code outside comments.
        let name = span.trim_end_matches('!');
        let named = ident(name)
            && (name.starts_with(|c: char| c.is_ascii_uppercase()) || span.ends_with('!'))
            && name.chars().any(|c| c.is_ascii_lowercase());
        if !named {
            return None;
        }
        let written = files.iter().any(|(_, t)| {
            t.lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .any(|l| {
                    l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .any(|w| w == name)
                })
        });
        return (!written).then(|| format!("{name} is not written in the code"));
    }
    if !segments.iter().all(|s| ident(s)) {
        return None;
    }
    let mut modules: Vec<&str> = segments
        .iter()
        .copied()
        .take_while(|s| s.starts_with(|c: char| c.is_ascii_lowercase()))
        .collect();
    if matches!(modules.first(), Some(&"bgw_engine" | &"bgw" | &"crate")) {
        modules.remove(0);
    }
    let items: Vec<&str> = segments
        .iter()
        .copied()
        .skip_while(|s| s.starts_with(|c: char| c.is_ascii_lowercase()))
        .collect();
    // A module path with nothing after it: the last may be a function, a constant or a module.
    let (module_path, last_lower) = if items.is_empty() && !modules.is_empty() {
        let last = modules.pop();
        (modules.clone(), last)
    } else {
        (modules.clone(), None)
    };
    let module_files: Vec<&(String, String)> = if module_path.is_empty() {
        files.iter().collect()
    } else {
        let tail = module_path.join("/");
        files
            .iter()
            .filter(|(p, _)| {
                p.ends_with(&format!("/{tail}.rs"))
                    || p.ends_with(&format!("/{tail}/mod.rs"))
                    || p.contains(&format!("/{tail}/"))
            })
            .collect()
    };
    if module_files.is_empty() {
        return Some(format!("no module {}", module_path.join("::")));
    }
    if let Some(name) = last_lower {
        // A module of its own, or a function, constant or macro of the module.
        let tail = [module_path.clone(), vec![name]].concat().join("/");
        let is_module = files.iter().any(|(p, _)| {
            p.ends_with(&format!("/{tail}.rs")) || p.ends_with(&format!("/{tail}/mod.rs"))
        });
        let is_item = module_files.iter().any(|(_, t)| {
            ["fn ", "const ", "static ", "macro_rules! ", "mod ", "use "]
                .iter()
                .any(|k| t.contains(&format!("{k}{name}")))
                || t.contains(&format!("{name}!"))
                || t.contains(&format!(" as {name}"))
        });
        return (!is_module && !is_item).then(|| format!("no module or item {name}"));
    }
    let ty = items.first()?;
    let defines = |t: &str| {
        [
            "struct ", "enum ", "trait ", "type ", "const ", "static ", "fn ", "use ",
        ]
        .iter()
        .any(|k| t.contains(&format!("{k}{ty}")))
            || t.contains(&format!(" as {ty}"))
            || t.contains(&format!("{ty},"))
    };
    let owners: Vec<&&(String, String)> = module_files.iter().filter(|(_, t)| defines(t)).collect();
    if owners.is_empty() {
        return Some(format!("no {ty} in {}", module_path.join("::")));
    }
    for member in &items[1..] {
        let written = files.iter().any(|(_, t)| {
            (t.contains(&format!("enum {ty}"))
                || t.contains(&format!("impl {ty}"))
                || t.contains(&format!("struct {ty}"))
                || t.contains(&format!("trait {ty}")))
                && t.contains(member)
        });
        if !written {
            return Some(format!("no {member} beside {ty}"));
        }
    }
    None
}

#[test]
fn every_file_module_and_item_the_architecture_page_names_exists() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let paths = repository_paths(&root);
    let files = rust_files(&paths, &root);
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the page reads");
    let mut wrong = BTreeSet::new();
    let spans = code_spans(&page);
    for (line, span) in &spans {
        if let Some(why) = missing(span, &paths, &files) {
            wrong.insert(format!("docs/architecture.md:{line}: `{span}`: {why}"));
        }
    }
    println!("{} code spans read", spans.len());
    assert!(
        wrong.is_empty(),
        "names that do not exist:\n{}",
        wrong.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The entries of the page's tree (its first fenced block): each entry's path (`engine/`,
/// `src/cli/`; an engine group as `engine/src/core/`) and the text that describes it, its
/// continuation lines included.
fn tree_entries(page: &str) -> Vec<(String, String)> {
    let block = page
        .split("```")
        .nth(1)
        .expect("the page opens with its tree in a fenced block");
    let mut out: Vec<(String, String)> = Vec::new();
    let mut in_engine = false;
    for line in block.lines().skip(1) {
        let indent = line.len() - line.trim_start().len();
        let mut words = line.trim_start().splitn(2, ' ');
        let first = words.next().unwrap_or("");
        let rest = words.next().unwrap_or("").to_string();
        if indent == 0 && !first.is_empty() {
            in_engine = first == "engine/";
            out.push((first.to_string(), rest));
        } else if indent == 2 && in_engine && first.starts_with("src/") {
            out.push((format!("engine/{first}"), rest));
        } else if let Some((_, text)) = out.last_mut() {
            text.push(' ');
            text.push_str(line.trim());
        }
    }
    out
}

/// The file and folder names a description mentions: `position.rs`, `formats/`, `native/`.
fn named_paths(text: &str) -> BTreeSet<String> {
    text.split(|c: char| c.is_whitespace() || "(),;:[]".contains(c))
        .filter(|w| {
            let name = w.trim_end_matches('/');
            (w.ends_with(".rs") || w.ends_with('/'))
                && !name.contains('/')
                && !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_.".contains(c))
        })
        .map(str::to_string)
        .collect()
}

/// The number a word of the page stands for: "nine" → 9.
fn number(word: &str) -> Option<usize> {
    let words = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    words.iter().position(|w| *w == word)
}

/// The number of groups a text says the engine has ("in nine groups").
fn groups_said(text: &str) -> Option<usize> {
    let words: Vec<&str> = text.split_whitespace().collect();
    words
        .windows(3)
        .find(|w| w[0] == "in" && w[2].trim_end_matches(',') == "groups")
        .and_then(|w| number(w[1]))
}

#[test]
fn the_architecture_page_tree_is_the_code_as_it_is() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/architecture.md")).expect("the page reads");
    let lib = std::fs::read_to_string(root.join("engine/src/lib.rs")).expect("lib.rs reads");
    let entries = tree_entries(&page);
    let mut wrong = Vec::new();

    // The groups: the tree's `src/…/` lines under `engine/` are lib.rs's `pub mod`s, and both
    // texts say how many there are.
    let in_lib: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect();
    let in_tree: BTreeSet<String> = entries
        .iter()
        .filter_map(|(p, _)| p.strip_prefix("engine/src/")?.strip_suffix('/'))
        .map(str::to_string)
        .collect();
    if in_lib != in_tree {
        wrong.push(format!(
            "the tree's engine groups {in_tree:?} are not lib.rs's {in_lib:?}"
        ));
    }
    let engine_line = entries
        .iter()
        .find(|(p, _)| p == "engine/")
        .map(|(_, t)| t.as_str())
        .unwrap_or("");
    for (whose, text) in [
        ("the tree's engine/ line", engine_line),
        ("lib.rs", lib.as_str()),
    ] {
        if groups_said(text) != Some(in_lib.len()) {
            wrong.push(format!(
                "{whose} does not say the engine is in {} groups",
                in_lib.len()
            ));
        }
    }

    // Every entry exists, and so does every file or folder its text names (somewhere below it).
    for (path, text) in &entries {
        let at = root.join(path);
        if !at.exists() {
            wrong.push(format!("the tree's {path} does not exist"));
            continue;
        }
        if !at.is_dir() {
            continue;
        }
        let below: BTreeSet<String> = repository_paths(&at)
            .into_iter()
            .map(|p| {
                let dir = p.ends_with('/');
                let name = p
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or("")
                    .to_string();
                if dir { format!("{name}/") } else { name }
            })
            .collect();
        for name in named_paths(text) {
            if !below.contains(&name) {
                wrong.push(format!(
                    "the tree's {path} names {name}, which is not below it"
                ));
            }
        }
    }

    // Every module of every engine group is in its group's text (`x.rs` or `x/`).
    for (path, text) in entries.iter().filter(|(p, _)| p.starts_with("engine/src/")) {
        let named = named_paths(text);
        let Ok(children) = std::fs::read_dir(root.join(path)) else {
            continue;
        };
        let mut children: Vec<String> = children
            .flatten()
            .map(|e| e.file_name().to_string_lossy().to_string())
            .collect();
        children.sort();
        for child in children {
            let stem = child.trim_end_matches(".rs");
            if matches!(child.as_str(), "mod.rs" | "tests.rs")
                || !child.ends_with(".rs") && !root.join(path).join(&child).is_dir()
            {
                continue;
            }
            if !named.contains(&format!("{stem}.rs")) && !named.contains(&format!("{stem}/")) {
                wrong.push(format!(
                    "the tree's {path} does not name its module {child}"
                ));
            }
        }
    }
    println!("{} entries of the tree read", entries.len());
    assert!(
        wrong.is_empty(),
        "the tree is not the code:\n{}",
        wrong.join("\n")
    );
}
