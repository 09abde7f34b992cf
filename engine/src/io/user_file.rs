//! Reading a file the user named, safely: only regular files (a FIFO would block forever, a
//! device such as `/dev/zero` would never end, a directory is a typing error), and never more
//! than a cap, checked against the file's size before anything is allocated.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The largest text file (weights, positions, position lists) read: 64 MiB.
pub const TEXT_CAP: u64 = 64 << 20;

/// What a path names, in words, when it is not a regular file.
fn kind_of(meta: &std::fs::Metadata) -> Option<&'static str> {
    let t = meta.file_type();
    if t.is_file() {
        return None;
    }
    if t.is_dir() {
        return Some("a directory");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Some("a FIFO (named pipe)");
        }
        if t.is_socket() {
            return Some("a socket");
        }
        if t.is_char_device() || t.is_block_device() {
            return Some("a device");
        }
    }
    Some("not a regular file")
}

fn refuse(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, what)
}

/// Opens a regular file for reading and gives its size; anything else is refused, named by
/// its kind, before it is opened (opening a FIFO would block).
pub fn open_regular(path: &Path) -> io::Result<(File, u64)> {
    let meta = std::fs::metadata(path)?;
    if let Some(kind) = kind_of(&meta) {
        return Err(refuse(format!("is {kind}, not a regular file")));
    }
    let file = File::open(path)?;
    // The path may have been replaced between the two looks: check what was opened.
    let meta = file.metadata()?;
    if let Some(kind) = kind_of(&meta) {
        return Err(refuse(format!("is {kind}, not a regular file")));
    }
    Ok((file, meta.len()))
}

/// Shows a byte count the way a person reads it.
pub fn human_size(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{b} bytes"),
    }
}

/// Reads a regular file of at most `cap` bytes whole; a larger one is refused before it is
/// read (and a file that grows while being read stops at the cap).
pub fn read_capped(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    let (file, len) = open_regular(path)?;
    if len > cap {
        return Err(refuse(format!(
            "is {}, more than the {} such a file may have",
            human_size(len),
            human_size(cap)
        )));
    }
    let mut out = Vec::with_capacity(len as usize);
    file.take(cap + 1).read_to_end(&mut out)?;
    if out.len() as u64 > cap {
        return Err(refuse(format!(
            "grew past {} while being read",
            human_size(cap)
        )));
    }
    Ok(out)
}

/// `text` with every line ending as `\n` where a line ends with a lone `\r` (old Mac files,
/// classic Mac OS's line end): such a text is read line by line like any other. Windows'
/// `\r\n` is left as it is (every reader takes it); a text with no lone `\r` is not copied.
pub fn unify_line_ends(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone_cr = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone_cr) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() != Some(&'\n') => out.push('\n'),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Reads a regular UTF-8 text file of at most [`TEXT_CAP`] bytes, its old Mac line ends
/// made `\n` ([`unify_line_ends`]).
pub fn read_text(path: &Path) -> io::Result<String> {
    let bytes = read_capped(path, TEXT_CAP)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "is not UTF-8 text (byte {} is not valid UTF-8)",
                e.utf8_error().valid_up_to() + 1
            ),
        )
    })?;
    Ok(match unify_line_ends(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(unified) => unified,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_cap_are_read() {
        let dir = std::env::temp_dir().join(format!("bgw-user-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("w.ron");
        std::fs::write(&f, "hello").unwrap();
        assert_eq!(read_text(&f).unwrap(), "hello");
        let e = read_capped(&f, 4).unwrap_err();
        assert!(e.to_string().contains("more than the 4 bytes"), "{e}");
        let e = read_text(&dir).unwrap_err();
        assert!(e.to_string().contains("a directory"), "{e}");
        #[cfg(unix)]
        {
            let e = read_text(Path::new("/dev/zero")).unwrap_err();
            assert!(e.to_string().contains("a device"), "{e}");
            let fifo = dir.join("fifo");
            let made = std::process::Command::new("mkfifo").arg(&fifo).status();
            if made.is_ok_and(|s| s.success()) {
                // Would block forever if it were opened.
                let e = read_text(&fifo).unwrap_err();
                assert!(e.to_string().contains("FIFO"), "{e}");
            }
        }
        // An old Mac file (a lone CR ends each line) is read as lines; CRLF is kept.
        std::fs::write(&f, "a\rb\r\nc\r").unwrap();
        assert_eq!(read_text(&f).unwrap(), "a\nb\r\nc\n");
        assert_eq!(read_text(&f).unwrap().lines().count(), 3);
        std::fs::write(&f, b"ok\xff").unwrap();
        let e = read_text(&f).unwrap_err();
        assert!(e.to_string().contains("byte 3"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
