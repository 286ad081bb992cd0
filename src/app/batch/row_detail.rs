//! The selected row in full, under the table: every value whole, wrapped
//! (a cell cuts `http://example.com%2F@evil.com/` where it matters), the
//! input and base, each resolver's answer and the host it reads, marked as
//! the Inspector marks them (a look-alike host says what it looks like),
//! the notes by name with what each means, and buttons that open the row
//! in the inspector or in Compare.

use egui::{RichText, Ui};

use super::super::command::Command;
use super::super::escape::shown;
use super::super::host_mark::{host_warning, marked_job};
use super::super::symbols::with_words;
use super::note_names::{note_name, note_text};
use super::store::{CellRef, RowRef};
use super::table_view::{compare_row, open_row};
use crate::resolvers::Resolver;

/// Draws `row` in full; returns whether it should close.
pub fn row_detail_ui(
    ui: &mut Ui,
    row: &RowRef<'_>,
    resolvers: &[Resolver],
    commands: &mut Vec<Command>,
) -> bool {
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        ui.strong(format!("Line {}", row.line()));
        if !row.is_error() {
            for r in resolvers {
                let words = match r.mode() {
                    Some(_) => format!("Inspect in {}", r.label()),
                    None if *r == Resolver::Whatwg => "Inspect in the URL Standard".to_owned(),
                    None => continue,
                };
                if ui.small_button(words).clicked() {
                    open_row(row, Some(*r), resolvers, commands);
                }
            }
            if ui
                .small_button("Compare every resolver")
                .on_hover_text("The Compare view: every resolver's answer side by side")
                .clicked()
            {
                compare_row(row, commands);
            }
        }
        if ui
            .small_button("Close")
            .on_hover_text("Close the row's detail (a click on the row does too)")
            .clicked()
        {
            close = true;
        }
    });
    egui::ScrollArea::vertical()
        .id_salt("batch-row-detail")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            egui::Grid::new("batch-row-values")
                .num_columns(2)
                .striped(true)
                .spacing([12.0, 4.0])
                .show(ui, |ui| values_ui(ui, row, resolvers));
            notes_ui(ui, row);
        });
    close
}

/// A value whole, wrapped, with the Inspector's marks.
fn whole(ui: &mut Ui, text: &str, host: Option<&str>) {
    let warning = host.and_then(host_warning);
    let mut job = marked_job(ui, &shown(text, true), warning.is_some(), false);
    job.wrap.max_rows = usize::MAX;
    job.wrap.max_width = ui.available_width();
    ui.vertical(|ui| {
        ui.add(egui::Label::new(job));
        if let Some(w) = warning {
            ui.label(with_words(ui, "▲", &w, ui.visuals().warn_fg_color));
        }
    });
}

fn values_ui(ui: &mut Ui, row: &RowRef<'_>, resolvers: &[Resolver]) {
    ui.label("input");
    whole(ui, row.input(), None);
    ui.end_row();
    if let Some(base) = row.base() {
        ui.label("base");
        whole(ui, base, None);
        ui.end_row();
    }
    if let Some(error) = row.error() {
        ui.label("not read");
        ui.label(RichText::new(error).color(ui.visuals().error_fg_color));
        ui.end_row();
    }
    for (k, r) in resolvers.iter().enumerate() {
        match row.cell(k) {
            CellRef::Canon(url) => {
                ui.label(r.label()).on_hover_text(r.description());
                whole(ui, url, row.host(k));
                ui.end_row();
                ui.label(format!("{} host", r.label()));
                match row.host(k) {
                    Some(h) => whole(ui, h, Some(h)),
                    None => {
                        ui.weak("none");
                    }
                }
                ui.end_row();
            }
            CellRef::Invalid(why) => {
                ui.label(r.label()).on_hover_text(r.description());
                ui.label(
                    RichText::new(format!("invalid: {why}")).color(ui.visuals().error_fg_color),
                );
                ui.end_row();
            }
            CellRef::Absent => {}
        }
    }
}

/// The row's notes: each by its readable name, what it means beside it.
fn notes_ui(ui: &mut Ui, row: &RowRef<'_>) {
    let notes: Vec<&str> = row.notes().collect();
    if notes.is_empty() {
        return;
    }
    ui.add_space(4.0);
    ui.strong("Notes");
    for code in notes {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(note_name(code)).strong())
                .on_hover_text(code);
            ui.label(note_text(code));
        });
    }
}
