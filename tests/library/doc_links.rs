//! The README and the user's guide (`docs/*.md`) have no dead links: every relative link or
//! image points to a file that exists (relative to the page that links to it), and a link with
//! `#anchor` to a heading of the page it names, by GitHub's anchors for headings. Links to the
//! web (`http:`, `https:`) and `mailto:` are not followed. Text in code (fenced blocks and
//! code spans) is not a link.

use std::fs;
use std::path::{Component, Path, PathBuf};

/// What a link's file is, as far as the check needs to know.
enum Found {
    Missing,
    /// A file or folder that is not a Markdown page: only that it exists is checked.
    Other,
    /// A Markdown page and its text, whose headings give the anchors.
    Page(String),
}

/// A repository file or folder, `path` relative to the repository's root.
fn on_disk(root: &Path, path: &Path) -> Found {
    let full = root.join(path);
    if !full.exists() {
        Found::Missing
    } else if full.is_file() && path.extension().is_some_and(|e| e == "md") {
        Found::Page(fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display())))
    } else {
        Found::Other
    }
}

/// The lines outside fenced code blocks (``` or ~~~), with their numbers from 1.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fence: Option<&str> = None;
    let mut prose = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let marker = ["```", "~~~"].into_iter().find(|m| trimmed.starts_with(m));
        match (fence, marker) {
            (None, Some(m)) => fence = Some(m),
            (Some(f), Some(m)) if f == m => fence = None,
            (None, None) => prose.push((i + 1, line)),
            _ => {}
        }
    }
    prose
}

/// The line with its code spans (`` `…` ``, any run of backticks closed by an equal run)
/// removed; a run with no closing run stays as it is.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find('`') {
        let run = rest[start..].len() - rest[start..].trim_start_matches('`').len();
        let after = &rest[start + run..];
        let fence = &rest[start..start + run];
        // The closing run: the same number of backticks, not part of a longer run.
        let close = after
            .match_indices(fence)
            .find(|&(at, _)| !after[..at].ends_with('`') && !after[at + run..].starts_with('`'));
        match close {
            Some((at, _)) => {
                out.push_str(&rest[..start]);
                out.push(' ');
                rest = &after[at + run..];
            }
            None => {
                out.push_str(&rest[..start + run]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A heading's text as GitHub renders it: code spans' backticks and links' targets dropped.
fn heading_text(heading: &str) -> String {
    let mut text = heading.replace('`', "");
    while let Some(mid) = text.find("](") {
        let Some(open) = text[..mid].rfind('[') else {
            break;
        };
        let Some(close) = text[mid..].find(')') else {
            break;
        };
        text = format!(
            "{}{}{}",
            &text[..open],
            &text[open + 1..mid],
            &text[mid + close + 1..]
        );
    }
    text
}

/// GitHub's anchor for a heading: lower case; letters, digits, '-' and '_' kept, spaces made
/// '-', everything else dropped.
fn slug(heading: &str) -> String {
    heading_text(heading)
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page: one per ATX heading (`#` to `######`), a repeated one with `-1`,
/// `-2`… after it, as GitHub numbers them.
fn anchors(text: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        let rest = &line[hashes..];
        if !(1..=6).contains(&hashes) || !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
            continue;
        }
        let base = slug(rest.trim().trim_end_matches('#'));
        let mut anchor = base.clone();
        let mut n = 0;
        while anchors.contains(&anchor) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
        anchors.push(anchor);
    }
    anchors
}

/// The targets of a line's links and images (`[text](target "title")`, `![alt](<target>)`)
/// and of a reference definition (`[name]: target`).
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let definition = line.trim_start();
    if definition.starts_with('[')
        && let Some(end) = definition.find("]:")
        && let Some(target) = definition[end + 2..].split_whitespace().next()
    {
        targets.push(target.trim_matches(['<', '>']).to_string());
    }
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let inside = rest[at + 2..].trim_start();
        let (target, after) = if let Some(angled) = inside.strip_prefix('<') {
            let end = angled.find('>').unwrap_or(angled.len());
            (&angled[..end], &angled[end..])
        } else {
            // Up to white space or the ')' that closes the link (parentheses may nest).
            let mut depth = 0;
            let end = inside
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' if depth == 0 => return true,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    c.is_whitespace()
                })
                .map_or(inside.len(), |(i, _)| i);
            (&inside[..end], &inside[end..])
        };
        targets.push(target.to_string());
        rest = after;
    }
    targets
}

/// `%XX` escapes decoded (as UTF-8), so `#%D1%87…` and `#ч…` name the same anchor.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `base.join(relative)` with `.` and `..` worked out, without asking the file system.
fn joined(base: &Path, relative: &str) -> PathBuf {
    let mut path = PathBuf::new();
    for part in base.join(relative).components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                path.pop();
            }
            other => path.push(other),
        }
    }
    path
}

/// The broken links of one page, `page` relative to the repository's root: one line each,
/// `page:line: link "target": what is wrong`. `find` says what a path (relative to the root)
/// is.
fn broken_links(page: &Path, text: &str, find: &dyn Fn(&Path) -> Found) -> Vec<String> {
    let mut broken = Vec::new();
    let folder = page.parent().unwrap_or(Path::new(""));
    for (number, line) in prose_lines(text) {
        for target in link_targets(line) {
            if ["http://", "https://", "mailto:"]
                .iter()
                .any(|s| target.starts_with(s))
            {
                continue;
            }
            let mut report = |why: String| {
                broken.push(format!(
                    "{}:{number}: link \"{target}\": {why}",
                    page.display()
                ))
            };
            let (file, anchor) = match target.split_once('#') {
                Some((file, anchor)) => (file, Some(percent_decoded(anchor))),
                None => (target.as_str(), None),
            };
            if file.is_empty() && anchor.is_none() {
                report("no target".into());
                continue;
            }
            let path = match file {
                "" => page.to_path_buf(),
                _ => match percent_decoded(file).strip_prefix('/') {
                    Some(from_root) => joined(Path::new(""), from_root),
                    None => joined(folder, &percent_decoded(file)),
                },
            };
            let found = if path == page {
                Found::Page(text.to_string())
            } else {
                find(&path)
            };
            match (found, anchor) {
                (Found::Missing, _) => report(format!("{} does not exist", path.display())),
                (_, None) => {}
                (Found::Other, Some(_)) => report(format!(
                    "{} is not a Markdown page, so it has no anchors",
                    path.display()
                )),
                (Found::Page(target_text), Some(anchor)) => {
                    if !anchors(&target_text).contains(&anchor) {
                        report(format!(
                            "{} has no heading whose anchor is #{anchor}",
                            path.display()
                        ))
                    }
                }
            }
        }
    }
    broken
}

/// README.md and every `docs/*.md`, relative to the repository's root.
fn pages(root: &Path) -> Vec<PathBuf> {
    let mut docs: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("the docs/ folder")
        .map(|entry| PathBuf::from("docs").join(entry.expect("a docs/ entry").file_name()))
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    assert!(!docs.is_empty(), "docs/ holds no Markdown page");
    [vec![PathBuf::from("README.md")], docs].concat()
}

#[test]
fn every_relative_link_in_the_readme_and_the_docs_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let find = |path: &Path| on_disk(root, path);
    let broken: Vec<String> = pages(root)
        .iter()
        .flat_map(|page| {
            let text = fs::read_to_string(root.join(page))
                .unwrap_or_else(|e| panic!("{}: {e}", page.display()));
            broken_links(page, &text, &find)
        })
        .collect();
    assert!(
        broken.is_empty(),
        "{} broken links:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_readme_links_to_every_docs_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let linked: Vec<PathBuf> = prose_lines(&readme)
        .into_iter()
        .flat_map(|(_, line)| link_targets(line))
        .map(|target| joined(Path::new(""), target.split('#').next().unwrap_or("")))
        .collect();
    let unlinked: Vec<String> = pages(root)
        .into_iter()
        .filter(|page| page.starts_with("docs") && !linked.contains(page))
        .map(|page| page.display().to_string())
        .collect();
    assert!(
        unlinked.is_empty(),
        "README.md links to none of: {}",
        unlinked.join(", ")
    );
}

#[test]
fn a_missing_file_and_a_missing_anchor_are_reported() {
    let readme = "# Title\n\
        See [the guide](docs/guide.md#part-one) and ![a shot](assets/shot.png).\n\
        A [lost page](docs/lost.md), a [lost part](docs/guide.md#part-three).\n\
        [Up here](#title), [not here](#nowhere), [the web](https://example.com/x.md).\n\
        `[code](code.md)` is not a link.\n\
        ```\n\
        [fenced](fenced.md)\n\
        ```\n\
        [ref]: docs/gone.md\n";
    let find = |path: &Path| match path.to_str() {
        Some("docs/guide.md") => Found::Page("# Guide\n\n## Part one\n\n## Part two\n".into()),
        Some("assets/shot.png") => Found::Other,
        _ => Found::Missing,
    };
    let broken = broken_links(Path::new("README.md"), readme, &find);
    assert_eq!(
        broken,
        [
            "README.md:3: link \"docs/lost.md\": docs/lost.md does not exist",
            "README.md:3: link \"docs/guide.md#part-three\": docs/guide.md has no heading whose \
             anchor is #part-three",
            "README.md:4: link \"#nowhere\": README.md has no heading whose anchor is #nowhere",
            "README.md:9: link \"docs/gone.md\": docs/gone.md does not exist",
        ]
    );
    // A page in docs/ links relative to its own folder.
    let broken = broken_links(
        Path::new("docs/a.md"),
        "[up](../README.md) [x](guide.md)\n",
        &|p| match p.to_str() {
            Some("README.md") => Found::Other,
            _ => Found::Missing,
        },
    );
    assert_eq!(
        broken,
        ["docs/a.md:1: link \"guide.md\": docs/guide.md does not exist"]
    );
}

#[test]
fn anchors_are_githubs() {
    let page = "# Fitting the weights: `bgw fit`\n\
        ## How close is \"sufficiently close\"?\n\
        ## The «Чемпион» workspace\n\
        ### `bgw moves <ID> [<DICE>] [--json]`\n\
        ## Learning (GOOD / BAD)\n\
        ## Command line\n\
        ## Command line\n\
        #not a heading\n";
    assert_eq!(
        anchors(page),
        [
            "fitting-the-weights-bgw-fit",
            "how-close-is-sufficiently-close",
            "the-чемпион-workspace",
            "bgw-moves-id-dice---json",
            "learning-good--bad",
            "command-line",
            "command-line-1",
        ]
    );
    assert_eq!(percent_decoded("the-%D1%87"), "the-ч");
}

/// The workbench guide gives the Bear-off tab's limits on solving two-sided chances on the fly
/// as the app has them (issue 35, item 19: the guide said 64 million pairs and 4 million
/// reached, the app stops at 16 million and 1,000,000).
#[test]
#[cfg(feature = "gui")]
fn the_guide_gives_the_apps_two_sided_limits() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let guide = fs::read_to_string(root.join("docs/workbench.md")).unwrap();
    let bound = bgw::app::bearoff::two_sided::SOLVE_BOUND;
    let limit = bgw_engine::bearoff::two_sided::DEFAULT_LIMIT;
    assert_eq!(bound % 1_000_000, 0, "{bound}");
    let bound = format!("at most {} million pairs", bound / 1_000_000);
    let limit = format!(
        "beyond {} reached pairs",
        bgw::text::thousands(limit as u64)
    );
    let flat = guide.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&bound), "the guide does not say {bound:?}");
    assert!(flat.contains(&limit), "the guide does not say {limit:?}");
}

#[test]
fn the_readme_stays_a_short_front_page() {
    // What, for whom, set-up, a tour and where to read more; the rest belongs in docs/ (issue 36:
    // the README had grown to 232 lines with CI prose and a dated speed table).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lines = fs::read_to_string(root.join("README.md"))
        .expect("README.md")
        .lines()
        .count();
    assert!(
        lines < 200,
        "README.md has {lines} lines: move detail to docs/"
    );
}
