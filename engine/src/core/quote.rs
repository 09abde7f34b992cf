//! Quoting what the user gave in an error message: control characters escaped (an ANSI escape
//! in a file must not reach the terminal raw) and at most a short excerpt (a 5 MB key name is
//! not echoed back whole).

/// The longest excerpt of the user's text an error message quotes, in characters.
pub const EXCERPT: usize = 40;

/// `text` in double quotes with control characters escaped, cut to [`EXCERPT`] characters
/// with "…" after it when longer.
pub fn quote(text: &str) -> String {
    let head: String = text.chars().take(EXCERPT).collect();
    let more = if text.chars().nth(EXCERPT).is_some() {
        "…"
    } else {
        ""
    };
    format!("{head:?}{more}")
}

/// A message (such as a parser's, which may repeat the user's text) with control characters
/// escaped and cut to `max` characters with "…".
pub fn shorten(message: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in message.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// Text from a file, made safe to print: control characters other than newlines and tabs
/// escaped.
pub fn printable(text: &str) -> String {
    text.chars()
        .flat_map(|c| match c {
            '\n' | '\t' => vec![c],
            c if c.is_control() => c.escape_default().collect(),
            c => vec![c],
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_short_and_escaped() {
        assert_eq!(quote("72"), "\"72\"");
        assert_eq!(quote("\u{1b}[31mred"), "\"\\u{1b}[31mred\"");
        let long = "x".repeat(5_000_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), EXCERPT + 3);
        assert!(q.ends_with('…'));
        assert_eq!(shorten("unknown `\u{7}bell`", 100), "unknown `\\u{7}bell`");
        assert_eq!(shorten(&long, 10), format!("{}…", "x".repeat(10)));
        assert_eq!(printable("a\n\u{1b}[2Jb\tc"), "a\n\\u{1b}[2Jb\tc");
    }
}
