pub mod atomic_file;
pub mod user_file;
