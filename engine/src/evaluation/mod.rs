pub mod classic;
pub mod opponents;
