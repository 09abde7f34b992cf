//! What the kittest suites share.

/// How many frames `Harness::run` may take to settle after an input before it fails.
///
/// egui asks for one more frame whenever a widget or grid appears for the first time, and the
/// app's background work (gnubg's column, ranked candidates, jobs) lands between frames when the
/// machine is ready: in CI a click that shows a new table took six frames, where here it
/// settled within kittest's default of 4, which made that a failure. The settle limit is not
/// what the tests check.
pub const SETTLE_STEPS: u64 = 32;

/// The candidate rows drawn inside the candidates' region, as screen readers see them
/// ("candidate 1: …"): whole in its height, beginning in it (a row wider than the region —
/// the figures of a rollout — scrolls sideways).
#[allow(dead_code)]
pub fn candidate_rows_shown(h: &egui_kittest::Harness<'static, bgw::app::WorkbenchApp>) -> usize {
    use egui_kittest::kittest::{NodeT, Queryable};
    let r = h.state().regions().expect("laid out");
    h.query_all_by_label_contains("candidate ")
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_some_and(|l| l.starts_with("candidate "))
                && {
                    let row = n.rect();
                    r.candidates.y_range().contains(row.top())
                        && r.candidates.y_range().contains(row.bottom())
                        && r.candidates.x_range().contains(row.left())
                }
        })
        .count()
}

/// A scripted engine's cube verdict for the archive and drill tests: no double, take — a
/// double is wrong by 0.1, a drop by 0.8.
pub fn no_double_take(
    _: &bgw_engine::Position,
    _: &bgw_engine::reference::MatchContext,
    plies: u8,
) -> bgw_engine::reference::CubeDecision {
    bgw_engine::reference::CubeDecision {
        plies,
        no_double: 0.3,
        double_take: 0.2,
        double_pass: 1.0,
        action: "No double, take".into(),
        probs: [0.6, 0.1, 0.0, 0.1, 0.0],
        cubeless: 0.3,
        mwc: None,
        points: None,
    }
}
