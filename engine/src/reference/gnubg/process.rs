//! One running gnubg with the bridge script: the child process, the threads reading its
//! stdout (reply lines, sent on as [`Event`]s) and its stderr (the last few kilobytes, kept
//! for crash messages).

use super::protocol::{self, Line};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

/// How much of gnubg's stderr is kept.
const STDERR_TAIL: usize = 4000;
/// A longer line from gnubg is garbage (a reply is a few kilobytes at most).
const MAX_LINE: u64 = 4 << 20;

/// What the reader thread of process `generation` saw.
#[derive(Debug)]
pub(crate) enum Event {
    /// A reply line with its request id.
    Reply {
        generation: u64,
        id: u64,
        body: serde_json::Value,
    },
    /// A line with the bridge's prefix that is not a reply.
    Garbage {
        generation: u64,
        line: String,
        why: String,
    },
    /// stdout closed: the process ended (or closed it).
    Closed { generation: u64 },
}

/// Why gnubg did not start.
#[derive(Debug)]
pub(crate) enum StartError {
    /// The program is not there (or may not be run): the operating system's reason.
    NotFound(String),
    /// Anything else, in words.
    Other(String),
}

/// A running gnubg.
pub(crate) struct Process {
    child: Child,
    stdin: ChildStdin,
    /// Counts the processes started by one [`super::Gnubg`]; events carry it.
    pub(crate) generation: u64,
    stderr: Arc<Mutex<String>>,
    /// The stderr thread, done once the pipe is closed (its last words are in `stderr`).
    stderr_reader: std::thread::JoinHandle<()>,
}

impl Process {
    /// Starts `gnubg -t -q -r -p script` and its reader threads.
    pub(crate) fn start(
        program: &Path,
        script: &Path,
        generation: u64,
        events: Sender<Event>,
    ) -> Result<Process, StartError> {
        let mut command = Command::new(program);
        // Its own process group: a Ctrl+C at the terminal is for bgw, which decides what
        // to stop (gnubg ends when its stdin closes).
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .args(["-t", "-q", "-r", "-p"])
            .arg(script)
            // Plain messages and a decimal point whatever the user's locale.
            .env("LC_ALL", "C")
            .env("LANGUAGE", "C")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
                    StartError::NotFound(e.to_string())
                }
                _ => StartError::Other(format!("starting {}: {e}", program.display())),
            })?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(StartError::Other("gnubg's pipes were not opened".into()));
        };
        let tail = Arc::new(Mutex::new(String::new()));
        let spawned = std::thread::Builder::new()
            .name("gnubg-stdout".into())
            .spawn(move || read_replies(stdout, generation, events))
            .and_then(|_| {
                let tail = Arc::clone(&tail);
                std::thread::Builder::new()
                    .name("gnubg-stderr".into())
                    .spawn(move || keep_tail(stderr, &tail))
            });
        let stderr_reader = match spawned {
            Ok(h) => h,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(StartError::Other(format!("starting a reader thread: {e}")));
            }
        };
        Ok(Process {
            child,
            stdin,
            generation,
            stderr: tail,
            stderr_reader,
        })
    }

    /// The operating system's process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends one request line.
    pub(crate) fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.stdin.write_all(line.as_bytes())?;
        self.stdin.flush()
    }

    /// True while the process has not ended.
    pub(crate) fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Ends the process (if it still runs) and says how it ended, with the tail of its stderr.
    pub(crate) fn end(mut self) -> (String, String) {
        let status = match self.child.try_wait() {
            Ok(Some(s)) => s,
            _ => {
                let _ = self.child.kill();
                match self.child.wait() {
                    Ok(s) => s,
                    Err(e) => return (format!("unknown ({e})"), self.stderr_tail()),
                }
            }
        };
        // The process has ended, but its last words may still be in the pipe: give the stderr
        // thread a moment to read them (bounded: a child of gnubg could keep the pipe open).
        let deadline = std::time::Instant::now() + std::time::Duration::from_millis(500);
        while !self.stderr_reader.is_finished() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        (describe_status(status), self.stderr_tail())
    }

    fn stderr_tail(&self) -> String {
        match self.stderr.lock() {
            Ok(s) => s.trim().to_string(),
            Err(_) => String::new(),
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // `end` has reaped the child already when it ran; otherwise do it here.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn describe_status(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return format!("killed by signal {sig}");
        }
    }
    match status.code() {
        Some(c) => format!("exited with code {c}"),
        None => status.to_string(),
    }
}

/// The reader thread: every line of stdout, the bridge's parsed, the rest skipped.
fn read_replies(stdout: impl Read, generation: u64, events: Sender<Event>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&buf);
        let event = match protocol::read_line(&text) {
            Line::Other => continue,
            Line::Reply { id, body } => Event::Reply {
                generation,
                id,
                body,
            },
            Line::Garbage { why } => Event::Garbage {
                generation,
                line: protocol::shorten(text.trim_end()),
                why,
            },
        };
        if events.send(event).is_err() {
            return;
        }
    }
    let _ = events.send(Event::Closed { generation });
}

/// The stderr thread: keeps the last [`STDERR_TAIL`] bytes or so.
fn keep_tail(stderr: impl Read, tail: &Mutex<String>) {
    let mut reader = BufReader::new(stderr);
    let mut chunk = [0u8; 1024];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => {
                let Ok(mut t) = tail.lock() else { return };
                t.push_str(&String::from_utf8_lossy(&chunk[..n]));
                if t.len() > 2 * STDERR_TAIL {
                    let mut cut = t.len() - STDERR_TAIL;
                    while !t.is_char_boundary(cut) {
                        cut += 1;
                    }
                    t.drain(..cut);
                }
            }
        }
    }
}
