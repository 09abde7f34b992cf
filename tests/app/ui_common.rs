//! What the kittest suites share.

/// How many frames `Harness::run` may take to settle after an input before it fails.
///
/// egui asks for one more frame whenever a widget or grid appears for the first time, and the
/// app's background work (gnubg's column, ranked candidates, jobs) lands between frames when the
/// machine is ready: in CI a click that shows a new table took six frames, where here it
/// settled within kittest's default of 4, which made that a failure. The settle limit is not
/// what the tests check.
pub const SETTLE_STEPS: u64 = 32;
