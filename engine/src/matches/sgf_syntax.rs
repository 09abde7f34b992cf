//! The syntax of SGF (Smart Game Format, FF[4]): a collection of game trees `( … )`, each a
//! sequence of nodes `;` holding properties `ID[value][value]…`. Only the main line of a
//! tree is kept, as gnubg does: a tree's first variation continues it, the others are
//! skipped. The scan is iterative (no recursion on nesting) and keeps nothing but what the
//! text holds.

use super::sgf::SgfError;

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

/// The scanner's place in the text.
struct Scan<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
}

impl Scan<'_> {
    fn next(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.next();
        }
    }

    /// A value after its `[`: up to the `]` not escaped; `\` keeps the next character and a
    /// `\` before a line end removes both (a soft line break).
    fn value(&mut self) -> Result<String, SgfError> {
        let start = self.line;
        let mut out = String::new();
        loop {
            match self.next() {
                None => return Err(error(start, "a property value with no closing ]")),
                Some(']') => return Ok(out),
                Some('\\') => match self.next() {
                    None => return Err(error(start, "a property value with no closing ]")),
                    Some('\n') => {}
                    Some(c) => out.push(c),
                },
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

/// Reads an SGF collection: each game tree's main line.
pub(crate) fn read_collection(text: &str) -> Result<Vec<Tree>, SgfError> {
    let mut scan = Scan {
        chars: text.char_indices().peekable(),
        line: 1,
    };
    let mut trees: Vec<Tree> = Vec::new();
    // For each open level of the main line, whether a variation below it was kept already.
    let mut kept: Vec<bool> = Vec::new();
    // While skipping a variation: the depth it opened at.
    let mut skipping: Option<usize> = None;
    let mut depth = 0usize;
    let mut opened_at = 0;
    while let Some(c) = scan.next() {
        match c {
            '(' => {
                if depth == 0 {
                    trees.push(Tree {
                        line: scan.line,
                        nodes: Vec::new(),
                    });
                    opened_at = scan.line;
                    kept.push(false);
                } else if skipping.is_none() {
                    if kept.last() == Some(&true) {
                        skipping = Some(depth);
                    } else {
                        kept.push(false);
                    }
                }
                depth += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err(error(scan.line, "a ) closes no game tree"));
                }
                depth -= 1;
                if skipping == Some(depth) {
                    skipping = None;
                } else if skipping.is_none() {
                    kept.pop();
                    if let Some(k) = kept.last_mut() {
                        *k = true;
                    }
                }
            }
            ';' if depth == 0 => return Err(error(scan.line, "a node outside a game tree")),
            ';' => {
                if skipping.is_none()
                    && let Some(tree) = trees.last_mut()
                {
                    tree.nodes.push(Node {
                        line: scan.line,
                        properties: Vec::new(),
                    });
                }
            }
            '[' if depth > 0 && skipping.is_some() => {
                scan.value()?;
            }
            c if c.is_ascii_alphabetic() && depth > 0 => {
                let p = scan.property(c)?;
                if skipping.is_some() {
                    continue;
                }
                let node = trees.last_mut().and_then(|t| t.nodes.last_mut());
                match node {
                    Some(node) => node.properties.push(p),
                    None => {
                        return Err(error(
                            scan.line,
                            format!("the property {} comes before any node (;)", p.id),
                        ));
                    }
                }
            }
            c if c.is_whitespace() => {}
            '\u{feff}' if trees.is_empty() => {}
            c => {
                return Err(error(
                    scan.line,
                    format!("unexpected {c:?} (SGF holds game trees, nodes and properties)"),
                ));
            }
        }
    }
    if depth > 0 {
        return Err(error(
            opened_at,
            "the game tree opened here is never closed with )",
        ));
    }
    Ok(trees)
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
        let deep = format!("(;GM[6]{}{}", "(;C[x]".repeat(100_000), ")".repeat(100_001));
        assert_eq!(read_collection(&deep).unwrap()[0].nodes.len(), 100_001);
    }
}
