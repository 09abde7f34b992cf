//! The bear-off and race tables (egui_extras' `TableBuilder`: resizable columns, a sticky
//! header, only the visible rows drawn, scrolling inside their own region): the seed's table
//! (% by rolls, exact and normal, both sides), the database's figures, the race formulas.

use super::axes::percent;
use super::series::{LINEAR_FLOOR, Series};
use super::state::{BearoffView, Distribution, Quantity};
use bgw_engine::bearoff::one_sided::ROLLS;
use bgw_engine::studies::race::{Analysis, RaceCount, SideReport};
use egui_extras::{Column, TableBuilder};

/// The height of a table row.
fn row_height(ui: &egui::Ui) -> f32 {
    ui.text_style_height(&egui::TextStyle::Monospace) + 4.0
}

/// The rolls with something to show: some value that prints as at least 0.001 %.
pub fn table_rolls(series: &[Option<Series>; 2], quantity: Quantity) -> Vec<usize> {
    (0..ROLLS)
        .filter(|&k| {
            series.iter().flatten().any(|s| match quantity {
                Quantity::PerRoll => s.exact[k] >= 5e-6 || s.normal[k] >= 5e-6,
                // Up to where both have reached 1.
                Quantity::Cumulative => {
                    (s.exact[k] >= 5e-6 || s.normal[k] >= 5e-6)
                        && (k == 0
                            || s.exact[k - 1] < 1.0 - LINEAR_FLOOR
                            || s.normal[k - 1] < 1.0 - LINEAR_FLOOR)
                }
            })
        })
        .collect()
}

/// The seed's table: a row per roll, each side's exact and normal value in per cent.
pub fn seed(
    ui: &mut egui::Ui,
    series: &[Option<Series>; 2],
    names: &[&str; 2],
    view: &BearoffView,
) {
    let what = match (view.distribution, view.quantity) {
        (Distribution::BearingOff, Quantity::PerRoll) => "bearing off, % in exactly k rolls",
        (Distribution::BearingOff, Quantity::Cumulative) => "bearing off, % within k rolls",
        (Distribution::FirstOff, Quantity::PerRoll) => "first checker off, % in exactly k rolls",
        (Distribution::FirstOff, Quantity::Cumulative) => "first checker off, % within k rolls",
    };
    ui.label(format!("The seed's table: {what}"));
    let rows = table_rolls(series, view.quantity);
    let h = row_height(ui);
    let gap = ui.spacing().item_spacing.x;
    let value_w = ((ui.available_width() - 36.0 - 5.0 * gap) / 4.0).max(44.0);
    TableBuilder::new(ui)
        .id_salt("seed-table")
        .striped(true)
        .resizable(true)
        .auto_shrink(false)
        .min_scrolled_height(0.0)
        .max_scroll_height(f32::INFINITY)
        .column(Column::initial(36.0).at_least(28.0))
        .columns(Column::initial(value_w).at_least(44.0).clip(true), 4)
        .header(h + 2.0, |mut row| {
            row.col(|ui| {
                ui.strong("k");
            });
            for name in names {
                let colour = name.split(' ').next().unwrap_or(name);
                row.col(|ui| {
                    ui.strong(colour).on_hover_text(format!("{name}: exact"));
                });
                row.col(|ui| {
                    ui.strong("normal")
                        .on_hover_text(format!("{name}: the normal approximation"));
                });
            }
        })
        .body(|body| {
            body.rows(h, rows.len(), |mut row| {
                let k = rows[row.index()];
                row.col(|ui| {
                    ui.monospace(k.to_string());
                });
                for s in series {
                    for v in [
                        s.as_ref().map(|s| s.exact[k]),
                        s.as_ref().map(|s| s.normal[k]),
                    ] {
                        row.col(|ui| {
                            ui.monospace(
                                v.map_or("—".to_string(), |v| format!("{:7.3}", v * 100.0)),
                            );
                        });
                    }
                }
            });
        });
}

/// The database's figures: pips, mean, sd, EPC, wastage, the first checker's mean and sd, the
/// normal approximations' errors.
pub fn figures(ui: &mut egui::Ui, a: &Analysis, names: &[&str; 2]) {
    type Figure = (&'static str, fn(&SideReport) -> String);
    let rows: [Figure; 11] = [
        ("pips", |s| s.pips.to_string()),
        ("mean rolls", |s| format!("{:.3}", s.moments.mean)),
        ("sd", |s| format!("{:.3}", s.moments.sd)),
        ("EPC (mean × 49/6)", |s| format!("{:.2}", s.epc)),
        ("wastage (EPC − pips)", |s| format!("{:.2}", s.wastage)),
        ("first off: mean", |s| {
            format!("{:.3}", s.moments.gammon_mean)
        }),
        ("first off: sd", |s| format!("{:.3}", s.moments.gammon_sd)),
        ("density: max |error|", |s| percent(s.errors_normal.max_abs)),
        ("density: total variation", |s| {
            percent(s.errors_normal.total_variation)
        }),
        ("interval: max |error|", |s| {
            percent(s.errors_interval.max_abs)
        }),
        ("interval: total variation", |s| {
            percent(s.errors_interval.total_variation)
        }),
    ];
    ui.label(format!("The {}-point database's figures", a.points));
    let h = row_height(ui);
    let sides = [&a.on_roll, &a.opponent];
    TableBuilder::new(ui)
        .id_salt("bearoff-figures")
        .striped(true)
        .resizable(true)
        .auto_shrink(false)
        .min_scrolled_height(0.0)
        .max_scroll_height(f32::INFINITY)
        .column(Column::initial(170.0).at_least(80.0).clip(true))
        .columns(Column::remainder().at_least(60.0), 2)
        .header(h + 2.0, |mut row| {
            row.col(|ui| {
                ui.strong("figure");
            });
            for name in names {
                row.col(|ui| {
                    ui.strong(name.split(' ').next().unwrap_or(name))
                        .on_hover_text(*name);
                });
            }
        })
        .body(|body| {
            body.rows(h, rows.len(), |mut row| {
                let (name, f) = rows[row.index()];
                row.col(|ui| {
                    ui.label(name);
                });
                for s in sides {
                    row.col(|ui| {
                        ui.monospace(s.as_ref().map_or("—".to_string(), f));
                    });
                }
            });
        });
}

/// The race formulas: each side's count, the measure, the verdict, the winning chance.
pub fn race(ui: &mut egui::Ui, counts: &[RaceCount], names: [String; 2]) {
    let h = row_height(ui);
    TableBuilder::new(ui)
        .id_salt("race-table")
        .striped(true)
        .resizable(true)
        .auto_shrink([false, true])
        .column(Column::initial(90.0).at_least(60.0))
        .columns(Column::initial(70.0).at_least(50.0), 3)
        .column(Column::initial(320.0).at_least(120.0).clip(true))
        .column(Column::remainder().at_least(60.0))
        .header(h + 2.0, |mut row| {
            for head in [
                "formula",
                &names[0],
                &names[1],
                "measure",
                "verdict for the side on roll",
                "win",
            ] {
                row.col(|ui| {
                    ui.strong(head);
                });
            }
        })
        .body(|body| {
            body.rows(h, counts.len(), |mut row| {
                let c = &counts[row.index()];
                row.col(|ui| {
                    ui.label(c.name);
                });
                row.col(|ui| {
                    ui.monospace(format!("{:.1}", c.on_roll));
                });
                row.col(|ui| {
                    ui.monospace(format!("{:.1}", c.opponent));
                });
                row.col(|ui| {
                    ui.monospace(c.metric.map_or("—".to_string(), |m| format!("{m:+.1}")));
                });
                row.col(|ui| {
                    ui.label(&c.verdict);
                });
                row.col(|ui| {
                    ui.monospace(
                        c.win
                            .map_or("—".to_string(), |p| format!("{:.1} %", p * 100.0)),
                    );
                });
            });
        });
}
