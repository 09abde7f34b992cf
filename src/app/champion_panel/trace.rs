//! «Чемпион»'s decision trace as a table: R7, the dominant and why, every square the check
//! routine looked at with what it found and R0 after it, the jumps taken, the branch that chose.

use bgw_engine::champion::program::{Branch, Verdict};
use bgw_engine::champion::{Listing, Trace};
use egui::RichText;

/// Draws `t` (inside a scroll area of the caller's).
pub fn show(ui: &mut egui::Ui, t: &Trace) {
    let listing = match t.listing {
        Listing::Main => "main listing",
        Listing::Alternative => "alternative listing (fragment 14–35)",
    };
    ui.label(format!(
        "{listing}; R7 = {}; dominant D = {}",
        t.r7, t.dominant
    ));
    ui.add(egui::Label::new(RichText::new(t.dominant_reason()).monospace()).wrap());
    ui.add_space(4.0);
    // One line per check (the formula, the square, what it found, R0) with the words below;
    // the jumps between them in italics.
    ui.monospace(format!("{:<18}{:>6}  found; R0 after", "check", "square"));
    for (i, c) in t.checks.iter().enumerate() {
        jumps(ui, t, i);
        let text = c.purpose.describe();
        let (formula, words) = text.split_once(" (").unwrap_or((text, ""));
        let (what, passed) = match c.verdict {
            Verdict::OffBoard => ("off the board".to_string(), false),
            Verdict::Blocked { wolf } => (format!("blocked by wolf {wolf}"), false),
            Verdict::Trap { sum } => (format!("trap test (Σ = {sum})"), false),
            Verdict::Passed => ("passes".to_string(), true),
        };
        ui.horizontal(|ui| {
            ui.monospace(format!("{formula:<18}{:>6}", c.square));
            let what = RichText::new(format!("{what}; R0 = {}", c.r0));
            ui.label(if passed { what.strong() } else { what });
        });
        if !words.is_empty() {
            ui.add(
                egui::Label::new(RichText::new(words.trim_end_matches(')')).small().weak()).wrap(),
            );
        }
    }
    jumps(ui, t, t.checks.len());
    ui.add_space(4.0);
    let branch = match t.branch {
        Branch::ForwardAlong => "forward along the dominant",
        Branch::ForwardAgainst => "forward against the dominant",
        Branch::BackwardAlong => "backward, dominant side",
        Branch::BackwardAgainst => "backward, other side",
        Branch::Resign => "none",
    };
    match t.choice {
        Some(sq) => {
            ui.label(RichText::new(format!("Chosen by the branch {branch}: goat to {sq}")).strong())
        }
        None => ui.label(RichText::new("Nothing passed: the program shows 0 (resigns)").strong()),
    };
}

/// The jumps taken before check `at`, each on a row of its own.
fn jumps(ui: &mut egui::Ui, t: &Trace, at: usize) {
    for (_, j) in t.jumps.iter().filter(|(k, _)| *k == at) {
        // The default fonts have no "∉".
        let j = j.replace('∉', "not in");
        ui.add(egui::Label::new(RichText::new(format!("jump: {j}")).italics()).wrap());
    }
}
