//! The Batch view's summary: valid and invalid rows per resolver, how many
//! distinct canonical URLs each gave (duplicates after canonicalization),
//! how many rows each pair of resolvers disagrees on, and the note codes
//! raised (a click on one filters the table by it).
//!
//! While a job runs the counts come from the rows stored so far; once it
//! ends, from the pipeline's [`Summary`], which also counts rows past the
//! memory budget and knows the distinct URLs.

use crate::table::Summary;

use super::super::escape::group_digits;
use super::settings::Filter;
use super::store::Table;

/// Draws the summary of `table` (or of the finished run's `summary`).
pub fn summary_ui(
    ui: &mut egui::Ui,
    table: &Table,
    summary: Option<&Summary>,
    filter: &mut Filter,
) {
    ui.heading("Summary");
    let counts = table.counts();
    let resolvers = &table.resolvers;
    let n = |x: u64| group_digits(x as usize);
    match summary {
        Some(s) => {
            ui.label(format!("{} rows", n(s.rows)));
            if s.error_rows > 0 || s.lossy_lines > 0 {
                ui.label(format!(
                    "{} lines not read · {} not valid UTF-8 (decoded with U+FFFD)",
                    n(s.error_rows),
                    n(s.lossy_lines)
                ));
            }
        }
        None => {
            ui.label(format!("{} rows so far", n(counts.rows)));
        }
    }
    ui.add_space(4.0);
    egui::Grid::new("batch-summary-resolvers")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            ui.strong("resolver");
            ui.strong("valid");
            ui.strong("invalid");
            ui.strong("distinct");
            ui.end_row();
            for (i, r) in resolvers.iter().enumerate() {
                let (valid, invalid) = match summary {
                    Some(s) => (s.valid[i], s.invalid[i]),
                    None => (counts.valid[i], counts.invalid[i]),
                };
                ui.label(r.name()).on_hover_text(r.description());
                ui.label(n(valid));
                ui.label(n(invalid));
                match summary {
                    Some(s) => {
                        let d = s.distinct(i);
                        let at_least = if d.at_least { "≥ " } else { "" };
                        ui.label(format!("{at_least}{}", n(d.count)))
                            .on_hover_text("Distinct canonical URLs: rows that canonicalize to the same URL count once");
                    }
                    None => {
                        ui.weak("…").on_hover_text("Counted when the run ends");
                    }
                }
                ui.end_row();
            }
        });
    if resolvers.len() > 1 {
        ui.add_space(6.0);
        let all = summary.map_or(counts.disagreeing_rows, |s| s.disagreeing_rows);
        ui.strong(format!("Disagreements ({} rows)", n(all)));
        egui::Grid::new("batch-summary-pairs")
            .striped(true)
            .num_columns(2)
            .show(ui, |ui| {
                let pairs = (0..resolvers.len())
                    .flat_map(|a| (a + 1..resolvers.len()).map(move |b| (a, b)));
                for (k, (a, b)) in pairs.enumerate() {
                    let count = summary.map_or(counts.disagreements[k], |s| s.disagreements[k]);
                    ui.label(format!("{} / {}", resolvers[a].name(), resolvers[b].name()));
                    ui.label(n(count));
                    ui.end_row();
                }
            });
    }
    let notes = summary.map(Summary::notes).unwrap_or_default();
    if !notes.is_empty() {
        ui.add_space(6.0);
        ui.strong("Notes (rows raising each)");
        for (code, count) in &notes {
            let on = filter.note == *code;
            if ui
                .selectable_label(on, format!("{code}: {}", n(*count)))
                .on_hover_text("Show only the rows that raised this note (again: all rows)")
                .clicked()
            {
                filter.note = if on {
                    String::new()
                } else {
                    (*code).to_owned()
                };
            }
        }
    }
}
