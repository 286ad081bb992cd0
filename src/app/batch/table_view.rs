//! The Batch view's table: line number, input, base, one column per
//! resolver (the canonical URL, or why the input is invalid) and the note
//! codes. Virtualized with `egui_extras`: only the rows on screen are laid
//! out, so a million rows cost what thirty do.
//!
//! Cells are not selectable text: a click anywhere on a row opens it (the
//! inspector has every value to copy). A click on a header sorts by that column (again: the other way). A click
//! on a row opens it: in the inspector in the mode of the resolver clicked
//! (or the first of the spec's modes chosen, or THIS); a click in the
//! column of `whatwg`, `rfc3986` or `opc` opens the Compare view instead,
//! which shows that resolver's answer next to the spec's, since the
//! inspector can only trace the spec's four modes.

use egui_extras::{Column, TableBuilder};

use crate::engine::Mode;
use crate::resolvers::Resolver;

use super::super::command::Command;
use super::super::state::{HistoryEntry, View};
use super::filter::ViewIndex;
use super::settings::{Sort, SortColumn};
use super::store::{CellRef, RowRef, Table};

/// Draws the table of the rows `index` shows; headers change `sort`.
pub fn table_ui(
    ui: &mut egui::Ui,
    table: &Table,
    index: &ViewIndex,
    sort: &mut Sort,
    commands: &mut Vec<Command>,
) {
    let resolvers = &table.resolvers;
    let shown = index.len(table);
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    // First widths share out the room there is: the input a quarter, the
    // base a tenth, the resolvers the rest but the notes' (users resize).
    let room = (ui.available_width() - 56.0 - 140.0).max(300.0);
    let input_w = room * 0.26;
    let base_w = room * 0.12;
    let answer_w = (room - input_w - base_w) / resolvers.len().max(1) as f32;
    let mut builder = TableBuilder::new(ui)
        .id_salt(("batch-table", resolvers.len()))
        .striped(true)
        .resizable(true)
        .sense(egui::Sense::click())
        .auto_shrink(false)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Column::auto_with_initial_suggestion(56.0).at_least(40.0))
        .column(Column::initial(input_w).at_least(60.0).clip(true))
        .column(Column::initial(base_w).at_least(40.0).clip(true));
    for _ in resolvers {
        builder = builder.column(Column::initial(answer_w).at_least(60.0).clip(true));
    }
    builder = builder.column(Column::remainder().at_least(100.0).clip(true));
    builder
        .header(row_height + 4.0, |mut header| {
            let mut head = |column: SortColumn, name: &str, hover: &str| {
                header.col(|ui| sort_button(ui, sort, column, name, hover));
            };
            head(SortColumn::Line, "Line", "The input line number");
            head(SortColumn::Input, "Input", "The URL as read from the line");
            head(SortColumn::Base, "Base", "The base it was resolved against");
            for (k, r) in resolvers.iter().enumerate() {
                head(SortColumn::Resolver(k), r.name(), r.description());
            }
            head(
                SortColumn::Notes,
                "Notes",
                "The codes of the notes the row raised",
            );
        })
        .body(|body| {
            body.rows(row_height, shown, |mut row| {
                let Some(r) = index.row_number(row.index()).and_then(|n| table.row(n)) else {
                    return;
                };
                let mut clicked = None;
                let (_, resp) = row.col(|ui| {
                    ui.add(egui::Label::new(r.line().to_string()).selectable(false));
                });
                clicked = clicked.or(resp.clicked().then_some(None));
                let (_, resp) = row.col(|ui| value(ui, r.input()));
                clicked = clicked.or(resp.clicked().then_some(None));
                let (_, resp) = row.col(|ui| value(ui, r.base().unwrap_or("")));
                clicked = clicked.or(resp.clicked().then_some(None));
                for (k, &resolver) in resolvers.iter().enumerate() {
                    let (_, resp) = row.col(|ui| cell_ui(ui, &r, k));
                    clicked = clicked.or(resp.clicked().then_some(Some(resolver)));
                }
                let (_, resp) = row.col(|ui| notes_ui(ui, &r));
                clicked = clicked.or(resp.clicked().then_some(None));
                if let Some(column) = clicked {
                    open_row(&r, column, resolvers, commands);
                }
            });
        });
}

/// A header: the column's name, and a triangle when sorted by it (drawn,
/// since the default fonts have no arrows), pointing up for ascending.
fn sort_button(ui: &mut egui::Ui, sort: &mut Sort, column: SortColumn, name: &str, hover: &str) {
    let text = egui::RichText::new(name).strong();
    let sorted = sort.column == column;
    let direction = if sort.descending {
        "descending"
    } else {
        "ascending"
    };
    let hover = if sorted {
        format!("{hover}. Sorted by it, {direction}; click to sort the other way.")
    } else {
        format!("{hover}. Click to sort by it.")
    };
    let clicked = ui
        .add(egui::Button::new(text).frame(false))
        .on_hover_text(hover)
        .clicked();
    if sorted {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(9.0, 9.0), egui::Sense::hover());
        let (top, bottom) = (rect.top(), rect.bottom());
        let (tip, base) = if sort.descending {
            (bottom, top)
        } else {
            (top, bottom)
        };
        let points = vec![
            egui::pos2(rect.left(), base),
            egui::pos2(rect.right(), base),
            egui::pos2(rect.center().x, tip),
        ];
        let color = ui.visuals().strong_text_color();
        ui.painter().add(egui::Shape::convex_polygon(
            points,
            color,
            egui::Stroke::NONE,
        ));
    }
    if clicked {
        if sorted {
            sort.descending = !sort.descending;
        } else {
            *sort = Sort {
                column,
                descending: false,
            };
        }
    }
}

/// A text value, cut to the column with its full text on hover.
fn value(ui: &mut egui::Ui, text: &str) {
    let r = ui.add(egui::Label::new(text).truncate().selectable(false));
    if !text.is_empty() {
        r.on_hover_text(text);
    }
}

/// Resolver `k`'s answer: the canonical URL, or why the input is invalid.
fn cell_ui(ui: &mut egui::Ui, row: &RowRef<'_>, k: usize) {
    match row.cell(k) {
        CellRef::Canon(c) => value(ui, c),
        CellRef::Invalid(why) => {
            let color = ui.visuals().error_fg_color;
            let text = format!("invalid: {why}");
            ui.add(
                egui::Label::new(egui::RichText::new(&text).color(color))
                    .truncate()
                    .selectable(false),
            )
            .on_hover_text(text);
        }
        CellRef::Absent if k == 0 => {
            let color = ui.visuals().error_fg_color;
            let why = row.error().unwrap_or("the line could not be read");
            let text = format!("line not read: {why}");
            ui.add(
                egui::Label::new(egui::RichText::new(&text).color(color))
                    .truncate()
                    .selectable(false),
            )
            .on_hover_text(text);
        }
        CellRef::Absent => {}
    }
}

fn notes_ui(ui: &mut egui::Ui, row: &RowRef<'_>) {
    let codes: Vec<&str> = row.notes().collect();
    value(ui, &codes.join(" "));
}

/// Opens a row: the Compare view for a resolver the inspector cannot trace,
/// else the inspector in the clicked resolver's mode (or the first spec
/// mode chosen, or THIS).
fn open_row(
    row: &RowRef<'_>,
    column: Option<Resolver>,
    resolvers: &[Resolver],
    commands: &mut Vec<Command>,
) {
    if row.is_error() {
        commands.push(Command::Report {
            text: format!(
                "Line {} could not be read, so there is nothing to inspect: {}",
                row.line(),
                row.error().unwrap_or("")
            ),
            error: true,
        });
        return;
    }
    let mode = column
        .and_then(Resolver::mode)
        .or_else(|| resolvers.iter().find_map(|r| r.mode()))
        .unwrap_or(Mode::This);
    let view = match column {
        Some(r) if r.mode().is_none() => View::Compare,
        _ => View::Inspector,
    };
    commands.push(Command::Restore(HistoryEntry {
        input: row.input().to_owned(),
        base: row.base().unwrap_or("").to_owned(),
        encoding: row.encoding().to_owned(),
        mode,
    }));
    commands.push(Command::SetView(view));
}
