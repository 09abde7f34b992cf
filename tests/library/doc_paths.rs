//! docs/architecture.md names files, folders and Rust paths in backticks; each must exist.
//! A file or folder (`coordinator/game.rs`, `match_review/`) must be the end of a real path in
//! the repository; a Rust path (`effect::Effect`, `bgw_engine::studies::bearoff::ErrorMap`,
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
