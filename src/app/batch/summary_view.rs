//! The Batch view's summary: valid and invalid rows per resolver, how many
//! distinct canonical URLs each gave (duplicates after canonicalization),
//! how many rows each pair of resolvers disagrees on, the lines that could
//! not be read, and the notes raised, each by its readable name with what
//! it means in a tooltip (a click on one filters the table by it).
//!
//! The counts are of the rows the table shows: with a filter on, of the
//! rows it lets through (counted off the UI thread with the filter);
//! otherwise of every row: while a job runs, of the rows stored so far;
//! once it ends, from the pipeline's [`Summary`], which also counts rows
//! past the memory budget and knows the distinct URLs.

use crate::table::Summary;

use super::super::escape::{group_digits, plural};
use super::note_names::{note_name, note_text};
use super::settings::Filter;
use super::store::Table;

/// Whose rows the summary counts.
pub enum Counted<'a> {
    /// Every row: the finished run's summary, or none yet (the rows stored
    /// so far are counted).
    All(Option<&'a Summary>),
    /// The rows a filter shows, of the table's `total`.
    Shown { summary: &'a Summary, total: u64 },
}

/// Draws the summary of `table`'s rows, as `counted` says.
pub fn summary_ui(ui: &mut egui::Ui, table: &Table, counted: Counted<'_>, filter: &mut Filter) {
    ui.heading("Summary");
    let rows = |x: u64| plural(x as usize, "row", "rows");
    let counts = table.counts();
    let summary = match counted {
        Counted::All(Some(s)) => {
            ui.label(rows(s.rows));
            Some(s)
        }
        Counted::All(None) => {
            ui.label(format!("{} so far", rows(counts.rows)));
            None
        }
        Counted::Shown { summary, total } => {
            ui.label(format!(
                "{} shown, of {}: the counts below are theirs",
                rows(summary.rows),
                group_digits(total as usize)
            ));
            Some(summary)
        }
    };
    let (error_rows, lossy) =
        summary.map_or((counts.error_rows, 0), |s| (s.error_rows, s.lossy_lines));
    if error_rows > 0 || lossy > 0 {
        ui.label(format!(
            "{} not read · {} not valid UTF-8 (decoded with U+FFFD)",
            plural(error_rows as usize, "line", "lines"),
            plural(lossy as usize, "line", "lines")
        ));
    }
    ui.add_space(4.0);
    resolvers_ui(ui, table, summary);
    pairs_ui(ui, table, summary);
    notes_ui(ui, summary, filter);
}

/// Valid, invalid and distinct per resolver.
fn resolvers_ui(ui: &mut egui::Ui, table: &Table, summary: Option<&Summary>) {
    let counts = table.counts();
    let n = |x: u64| group_digits(x as usize);
    egui::Grid::new("batch-summary-resolvers")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            ui.strong("resolver");
            ui.strong("valid");
            ui.strong("invalid");
            ui.strong("distinct");
            ui.end_row();
            for (i, r) in table.resolvers.iter().enumerate() {
                let (valid, invalid) = match summary {
                    Some(s) => (s.valid[i], s.invalid[i]),
                    None => (counts.valid[i], counts.invalid[i]),
                };
                ui.label(r.label()).on_hover_text(r.description());
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
}

/// How many rows each pair of resolvers disagrees on.
fn pairs_ui(ui: &mut egui::Ui, table: &Table, summary: Option<&Summary>) {
    let resolvers = &table.resolvers;
    if resolvers.len() < 2 {
        return;
    }
    let counts = table.counts();
    let n = |x: u64| group_digits(x as usize);
    ui.add_space(6.0);
    let all = summary.map_or(counts.disagreeing_rows, |s| s.disagreeing_rows);
    ui.strong(format!(
        "Disagreements ({})",
        plural(all as usize, "row", "rows")
    ));
    egui::Grid::new("batch-summary-pairs")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            let pairs =
                (0..resolvers.len()).flat_map(|a| (a + 1..resolvers.len()).map(move |b| (a, b)));
            for (k, (a, b)) in pairs.enumerate() {
                let count = summary.map_or(counts.disagreements[k], |s| s.disagreements[k]);
                ui.label(format!(
                    "{} / {}",
                    resolvers[a].label(),
                    resolvers[b].label()
                ));
                ui.label(n(count));
                ui.end_row();
            }
        });
}

/// The notes raised, by readable name; a click filters the table by one.
fn notes_ui(ui: &mut egui::Ui, summary: Option<&Summary>, filter: &mut Filter) {
    let notes = summary.map(Summary::notes).unwrap_or_default();
    if notes.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.strong("Notes (rows raising each)");
    for (code, count) in &notes {
        let on = filter.note == *code;
        let words = format!("{}: {}", note_name(code), group_digits(*count as usize));
        if ui
            .selectable_label(on, words)
            .on_hover_text(format!(
                "{}\n\nClick to show only the rows that raised it (again: all rows).",
                note_text(code)
            ))
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
