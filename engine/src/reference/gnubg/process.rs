//! One running gnubg with the bridge script: the child process, the threads reading its
//! stdout (reply lines, sent on as [`Event`]s) and its stderr (the last few kilobytes, kept
//! for crash messages).
//!
//! Every gnubg started and every bridge script written is also listed process-wide, so that a
//! run about to end without unwinding (a second Ctrl+C) can end them all: [`end_all_now`].

use super::protocol::{self, Line};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};

/// The gnubg processes running (their ids, each its own process group's) and the bridge
/// scripts on disk, of every engine of this process.
struct Live {
    processes: Vec<u32>,
    scripts: Vec<PathBuf>,
    /// Set by [`end_all_now`]: the run is ending, no gnubg is started after it (an engine
    /// that saw its gnubg killed must not start another that would outlive the run).
    closed: bool,
}

static LIVE: Mutex<Live> = Mutex::new(Live {
    processes: Vec::new(),
    scripts: Vec::new(),
    closed: false,
});

fn live() -> std::sync::MutexGuard<'static, Live> {
    LIVE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Ends every gnubg this process started and removes every bridge script it wrote, at once:
/// for a run about to exit without unwinding (the engines' own clean-up would not run). Each
/// gnubg is killed with its process group (gnubg runs in its own); an engine that goes on
/// afterwards sees a crash. Returns how many processes and scripts it ended.
pub fn end_all_now() -> (usize, usize) {
    let mut live = live();
    live.closed = true;
    let processes = std::mem::take(&mut live.processes);
    let scripts = std::mem::take(&mut live.scripts);
    for &pid in &processes {
        kill_group(pid);
    }
    for path in &scripts {
        let _ = std::fs::remove_file(path);
    }
    (processes.len(), scripts.len())
}

/// Kills process group `pid` (a gnubg and whatever it started).
#[cfg(unix)]
fn kill_group(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid)
        && pid > 0
    {
        // SAFETY: kill has no memory effects; a group that is gone gives ESRCH, ignored.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

/// The bridge script in a temporary file, removed when dropped (gnubg needs it only while it
/// starts) and listed for [`end_all_now`] while it exists.
pub(crate) struct BridgeScript {
    path: tempfile::TempPath,
}

impl BridgeScript {
    /// Writes `text` to a new temporary file `bgw-gnubg-bridge-*.py`.
    pub(crate) fn write(text: &str) -> std::io::Result<BridgeScript> {
        BridgeScript::write_as(text, "bgw-gnubg-bridge-", ".py")
    }

    /// Writes `text` to a new temporary file `{prefix}*{suffix}` (a file gnubg reads: the
    /// bridge script, a match to import), listed for [`end_all_now`] while it exists.
    pub(crate) fn write_as(
        text: &str,
        prefix: &str,
        suffix: &str,
    ) -> std::io::Result<BridgeScript> {
        let mut listed = live();
        if listed.closed {
            return Err(std::io::Error::other(
                "bgw is ending: no bridge script is written",
            ));
        }
        static SWEPT: std::sync::Once = std::sync::Once::new();
        SWEPT.call_once(|| remove_left_by_dead(&std::env::temp_dir()));
        // The process's id in the name: a run killed before it removes the file leaves one
        // the next run can tell is no one's.
        let mut f = tempfile::Builder::new()
            .prefix(&format!("{prefix}{}-", std::process::id()))
            .suffix(suffix)
            .tempfile()?;
        f.write_all(text.as_bytes())?;
        f.flush()?;
        let path = f.into_temp_path();
        listed.scripts.push(path.to_path_buf());
        Ok(BridgeScript { path })
    }

    /// Where it is.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for BridgeScript {
    fn drop(&mut self) {
        let mut live = live();
        live.scripts.retain(|p| p.as_path() != &*self.path);
        // The TempPath removes the file when it is dropped, after this.
    }
}

/// The names of the temporary files gnubg is given, before the writer's process id.
const TEMPORARY_PREFIXES: [&str; 2] = ["bgw-gnubg-bridge-", "bgw-gnubg-match-"];

/// Removes from `dir` the temporary files ([`BridgeScript`]s: `bgw-gnubg-bridge-{pid}-….py`,
/// `bgw-gnubg-match-{pid}-….mat`) of processes that are no longer running — left by a run
/// killed with SIGKILL, which removes nothing. Run once a process, before its first file;
/// anything else in `dir` is left alone, and so is every failure to remove.
pub(crate) fn remove_left_by_dead(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let Some(pid) = TEMPORARY_PREFIXES
            .iter()
            .find_map(|p| name.strip_prefix(p))
            .and_then(|rest| rest.split_once('-'))
            .and_then(|(pid, _)| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if regular && pid != std::process::id() && !running(pid) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// True when process `pid` exists (or might: when it cannot be told, it is taken as running).
#[cfg(unix)]
fn running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return true;
    };
    if pid <= 0 {
        return true;
    }
    // SAFETY: signal 0 only asks whether the process exists; no memory is touched.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn running(_pid: u32) -> bool {
    true
}

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
        // Held until the new process is listed, so that `end_all_now` either sees it or has
        // closed the list before it starts.
        let mut listed = live();
        if listed.closed {
            return Err(StartError::Other(
                "bgw is ending: no gnubg is started any more".into(),
            ));
        }
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
        listed.processes.push(child.id());
        drop(listed);
        Ok(Process {
            child,
            stdin,
            generation,
            stderr: tail,
            stderr_reader,
        })
    }

    /// Takes the process off the list of [`end_all_now`] (before it is reaped: its id may be
    /// reused afterwards).
    fn unlist(&self) {
        let pid = self.child.id();
        live().processes.retain(|&p| p != pid);
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
        let running = matches!(self.child.try_wait(), Ok(None));
        if !running {
            self.unlist();
        }
        running
    }

    /// Ends the process (if it still runs) and says how it ended, with the tail of its stderr.
    pub(crate) fn end(mut self) -> (String, String) {
        self.unlist();
        // Its group too: what gnubg started (the bridge's second gnubg for a rollout) ends
        // with it.
        kill_group(self.child.id());
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
        self.unlist();
        if let Ok(None) = self.child.try_wait() {
            kill_group(self.child.id());
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
