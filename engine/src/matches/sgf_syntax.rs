//! The syntax of SGF (Smart Game Format, FF[4]): a collection of game trees `( … )`, each a
//! sequence of nodes `;` holding properties `ID[value][value]…`. Only the main line of a
//! tree is kept, as gnubg does: a tree's first variation continues it, the others are
//! skipped. The scan is iterative (no recursion on nesting) and keeps nothing but what the
//! text holds.

use super::limits::{MAX_ACTIONS, MAX_GAMES, MAX_SGF_VALUES, too_many};
use std::fmt;

/// Why a text is not a backgammon SGF file: one line, with the line's number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SgfError {}

/// One game tree's main line.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tree {
    /// The line of its `(`.
    pub line: usize,
    /// Its nodes in order.
    pub nodes: Vec<Node>,
}

/// One node: where it starts and its properties in order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Node {
    pub line: usize,
    pub properties: Vec<Property>,
}

/// A property: its identifier and its values.
#[derive(Clone, Debug)]
pub(crate) struct Property {
    pub id: String,
    pub values: Vec<String>,
}

impl Node {
    /// The first value of property `id`, if the node has it.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.values(id).and_then(|v| v.first()).map(String::as_str)
    }

    /// The values of property `id`, moved out of the node (`None` when it has none).
    pub fn take(&mut self, id: &str) -> Option<Vec<String>> {
        let p = self.properties.iter_mut().find(|p| p.id == id)?;
        Some(std::mem::take(&mut p.values))
    }

    /// All the values of property `id`, if the node has it.
    pub fn values(&self, id: &str) -> Option<&[String]> {
        self.properties
            .iter()
            .find(|p| p.id == id)
            .map(|p| p.values.as_slice())
    }
}

fn error(line: usize, message: impl Into<String>) -> SgfError {
    SgfError {
        line,
        message: message.into(),
    }
}

/// The scanner's place in the text: a byte index and its line.
struct Scan<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
}

impl Scan<'_> {
    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..)?.chars().next()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    /// A value after its `[`: up to the `]` not escaped; `\` keeps the next character and a
    /// `\` before a line end removes both (a soft line break). Copied a run at a time.
    fn value(&mut self) -> Result<String, SgfError> {
        let start = self.line;
        let unclosed = || error(start, "a property value with no closing ]");
        let mut out = String::new();
        loop {
            let rest = self.text.get(self.pos..).unwrap_or("");
            // Both are ASCII: a byte search finds them at a character boundary.
            let i = rest
                .bytes()
                .position(|b| b == b']' || b == b'\\')
                .ok_or_else(unclosed)?;
            let run = &rest[..i];
            self.line += run.bytes().filter(|&b| b == b'\n').count();
            out.push_str(run);
            self.pos += i + 1;
            if rest.as_bytes()[i] == b']' {
                return Ok(out);
            }
            match self.next() {
                None => return Err(unclosed()),
                Some('\n') => {}
                Some(c) => out.push(c),
            }
        }
    }

    /// A property's identifier, then its values.
    fn property(&mut self, first: char) -> Result<Property, SgfError> {
        let mut id = String::from(first);
        while let Some(c) = self.peek().filter(char::is_ascii_alphabetic) {
            id.push(c);
            self.next();
        }
        let mut values = Vec::new();
        loop {
            self.skip_space();
            if self.peek() != Some('[') {
                break;
            }
            self.next();
            values.push(self.value()?);
        }
        if values.is_empty() {
            return Err(error(self.line, format!("the property {id} has no value")));
        }
        Ok(Property { id, values })
    }
}

/// The properties the reader looks at in a node after the root: moves and cube actions, the
/// analysis, set-ups.
const READ: [&str; 10] = ["B", "W", "A", "DA", "AE", "AB", "AW", "PL", "CV", "CP"];

/// Reads an SGF collection: each game tree's main line.
pub(crate) fn read_collection(text: &str) -> Result<Vec<Tree>, SgfError> {
    let mut scan = Scan {
        text,
        pos: 0,
        line: 1,
    };
    let mut main = MainLine::default();
    while let Some(c) = scan.next() {
        let line = scan.line;
        match c {
            '(' => main.open(line)?,
            ')' => main.close(line)?,
            ';' => main.node(line)?,
            '[' if main.depth > 0 && main.skipping.is_some() => {
                scan.value()?;
            }
            c if c.is_ascii_alphabetic() && main.depth > 0 => {
                let p = scan.property(c)?;
                main.property(p, scan.line)?;
            }
            c if c.is_whitespace() => {}
            '\u{feff}' if main.trees.is_empty() => {}
            c => {
                return Err(error(
                    line,
                    format!("unexpected {c:?} (SGF holds game trees, nodes and properties)"),
                ));
            }
        }
    }
    if main.depth > 0 {
        return Err(error(
            main.opened_at,
            "the game tree opened here is never closed with )",
        ));
    }
    Ok(main.trees)
}

/// The game trees' main lines as they are read: the first variation at each level kept, the
/// others skipped, what is kept counted against the limits.
#[derive(Default)]
struct MainLine {
    trees: Vec<Tree>,
    /// For each open level of the main line, whether a variation below it was kept already.
    kept: Vec<bool>,
    /// While skipping a variation: the depth it opened at.
    skipping: Option<usize>,
    /// How many parentheses are open.
    depth: usize,
    /// The line the last game tree opened on.
    opened_at: usize,
    /// Nodes kept.
    nodes: usize,
    /// Property values kept.
    values: usize,
}

impl MainLine {
    /// A `(` on `line`: a new game tree at the top, else a variation (skipped when one at
    /// its level was kept).
    fn open(&mut self, line: usize) -> Result<(), SgfError> {
        if self.depth == 0 {
            if self.trees.len() >= MAX_GAMES {
                return Err(error(line, too_many("game trees", MAX_GAMES)));
            }
            self.trees.push(Tree {
                line,
                nodes: Vec::new(),
            });
            self.opened_at = line;
            self.kept.push(false);
        } else if self.skipping.is_none() {
            if self.kept.last() == Some(&true) {
                self.skipping = Some(self.depth);
            } else {
                self.kept.push(false);
            }
        }
        self.depth += 1;
        Ok(())
    }

    /// A `)` on `line`: the end of a skipped variation, or of a kept one (its level now has
    /// its variation).
    fn close(&mut self, line: usize) -> Result<(), SgfError> {
        if self.depth == 0 {
            return Err(error(line, "a ) closes no game tree"));
        }
        self.depth -= 1;
        if self.skipping == Some(self.depth) {
            self.skipping = None;
        } else if self.skipping.is_none() {
            self.kept.pop();
            if let Some(k) = self.kept.last_mut() {
                *k = true;
            }
        }
        Ok(())
    }

    /// A `;` on `line`: a new node of the main line (none outside a game tree).
    fn node(&mut self, line: usize) -> Result<(), SgfError> {
        if self.depth == 0 {
            return Err(error(line, "a node outside a game tree"));
        }
        if self.skipping.is_none()
            && let Some(tree) = self.trees.last_mut()
        {
            self.nodes += 1;
            if self.nodes > MAX_ACTIONS {
                return Err(error(line, too_many("nodes", MAX_ACTIONS)));
            }
            tree.nodes.push(Node {
                line,
                properties: Vec::new(),
            });
        }
        Ok(())
    }

    /// Property `p`, read up to `line`, kept in the last node unless it is skipped or no
    /// reader looks at it.
    fn property(&mut self, p: Property, line: usize) -> Result<(), SgfError> {
        if self.skipping.is_some() {
            return Ok(());
        }
        let tree = self.trees.last_mut();
        let root = tree.as_ref().is_some_and(|t| t.nodes.len() == 1);
        let node = tree.and_then(|t| t.nodes.last_mut());
        match node {
            // A property no reader looks at is dropped outside the root (whose
            // properties are the match's tags).
            Some(_) if !root && !READ.contains(&p.id.as_str()) => Ok(()),
            Some(node) => {
                self.values += p.values.len();
                if self.values > MAX_SGF_VALUES {
                    let what = "property values";
                    return Err(error(line, too_many(what, MAX_SGF_VALUES)));
                }
                node.properties.push(p);
                Ok(())
            }
            None => Err(error(
                line,
                format!("the property {} comes before any node (;)", p.id),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_main_line_and_reads_escapes() {
        let text = "(;GM[6]C[a \\] b\\\\ c]\n;W[31hecf](;B[double];W[take])(;B[62xx]))\n(;GM[6])";
        let trees = read_collection(text).unwrap();
        assert_eq!(trees.len(), 2);
        let ids: Vec<String> = trees[0]
            .nodes
            .iter()
            .map(|n| format!("{}={}", n.properties[0].id, n.properties[0].values[0]))
            .collect();
        assert_eq!(ids, ["GM=6", "W=31hecf", "B=double", "W=take"]);
        assert_eq!(trees[0].nodes[0].value("C"), Some("a ] b\\ c"));
        assert_eq!(trees[0].nodes[1].line, 2);
        assert_eq!(trees[1].line, 3);
    }

    #[test]
    fn errors_name_their_line() {
        for (text, line) in [
            ("(;GM[6]\n;W[31", 2),
            ("(;GM[6]\n;W", 2),
            ("(;GM[6]\n\n", 1),
            ("(;GM[6])\n)", 2),
            (";GM[6]", 1),
            ("(;GM[6]\n!)", 2),
            ("(GM[6])", 1),
        ] {
            let e = read_collection(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
        }
        // Deep nesting is no problem for an iterative scan.
        let deep = format!("(;GM[6]{}{}", "(;C[x]".repeat(90_000), ")".repeat(90_001));
        assert_eq!(read_collection(&deep).unwrap()[0].nodes.len(), 90_001);
    }

    #[test]
    fn what_no_reader_looks_at_is_not_kept_and_what_is_kept_is_limited() {
        // Properties no reader looks at are dropped after the root; the root keeps its own.
        let many = format!("(;GM[6]X[r];W[31hecf]{})", "X[]".repeat(1_000_000));
        let trees = read_collection(&many).unwrap();
        assert_eq!(trees[0].nodes[0].value("X"), Some("r"));
        assert_eq!(trees[0].nodes[1].properties.len(), 1);
        // Past a limit the scan stops with the line, before keeping more.
        let roots = format!("(;GM[6]\n{})", "X[]".repeat(MAX_SGF_VALUES + 1));
        let e = read_collection(&roots).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            e.message.starts_with("more than 500,000 property values"),
            "{e}"
        );
        let nodes = format!("(;GM[6]{})", ";".repeat(MAX_ACTIONS + 1));
        assert!(
            read_collection(&nodes)
                .unwrap_err()
                .message
                .contains("100,000 nodes")
        );
        let trees = "(;GM[6])".repeat(MAX_GAMES + 1);
        assert!(
            read_collection(&trees)
                .unwrap_err()
                .message
                .contains("10,000 game trees")
        );
    }
}
