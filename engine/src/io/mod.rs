//! Files: what every part that reads or writes the user's files shares. Writing atomically —
//! a temporary file beside the target, then a rename, so a good file is never replaced by a
//! partial one ([`atomic_file`]) — reading only regular files, never more than a cap
//! ([`user_file`]), and one writer of a target at a time ([`lock_file`]).

pub mod atomic_file;
pub mod lock_file;
pub mod user_file;

pub use atomic_file::{AtomicFile, write_atomic};
pub use user_file::read_text;
