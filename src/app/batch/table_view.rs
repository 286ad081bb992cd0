//! The Batch view's table: line number, input, base, one column per
//! resolver (the canonical URL, or why the input is invalid) and the note
//! codes. Virtualized with `egui_extras`: only the rows on screen are laid
//! out, so a million rows cost what thirty do.
//!
//! Cells are not selectable text, since a click anywhere on a row opens it;
//! a right click on a cell opens a menu to copy the cell's whole text (not
//! the part the column shows) or the row as a CSV record with the export's
//! columns, through the app's clipboard (`Command::Copy`), so the status bar
//! says what was copied or why it could not be. A click on a header sorts by
//! that column (again: the other way). A click
//! on a row opens it: in the inspector in the mode of the resolver clicked
//! (or the first of the spec's modes chosen, or THIS); a click in the
//! column of `whatwg`, `rfc3986` or `opc` opens the Compare view instead,
//! which shows that resolver's answer next to the spec's, since the
//! inspector can only trace the spec's four modes.

use egui_extras::{Column, TableBuilder};

use crate::engine::Mode;
use crate::resolvers::Resolver;
use crate::table::{OutputFormat, RowWriter};

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
                cell_menu(&resp, &r, resolvers, commands, || {
                    ("a line number".to_owned(), r.line().to_string())
                });
                clicked = clicked.or(resp.clicked().then_some(None));
                let (_, resp) = row.col(|ui| value(ui, r.input()));
                cell_menu(&resp, &r, resolvers, commands, || {
                    (of_line("the input", &r), r.input().to_owned())
                });
                clicked = clicked.or(resp.clicked().then_some(None));
                let (_, resp) = row.col(|ui| value(ui, r.base().unwrap_or("")));
                cell_menu(&resp, &r, resolvers, commands, || {
                    (of_line("the base", &r), r.base().unwrap_or("").to_owned())
                });
                clicked = clicked.or(resp.clicked().then_some(None));
                for (k, &resolver) in resolvers.iter().enumerate() {
                    let (_, resp) = row.col(|ui| cell_ui(ui, &r, k));
                    cell_menu(&resp, &r, resolvers, commands, || {
                        let what = format!("the {} answer", resolver.name());
                        (of_line(&what, &r), cell_text(&r, k).unwrap_or_default())
                    });
                    clicked = clicked.or(resp.clicked().then_some(Some(resolver)));
                }
                let (_, resp) = row.col(|ui| notes_ui(ui, &r));
                cell_menu(&resp, &r, resolvers, commands, || {
                    (of_line("the note codes", &r), notes_text(&r))
                });
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

/// Resolver `k`'s answer as shown: the canonical URL, or why the input is
/// invalid, or (in the first resolver column of a row that could not be
/// read) why; `None` for an empty cell.
fn cell_text(row: &RowRef<'_>, k: usize) -> Option<String> {
    match row.cell(k) {
        CellRef::Canon(c) => Some(c.to_owned()),
        CellRef::Invalid(why) => Some(format!("invalid: {why}")),
        CellRef::Absent if k == 0 => Some(format!(
            "line not read: {}",
            row.error().unwrap_or("the line could not be read")
        )),
        CellRef::Absent => None,
    }
}

/// Resolver `k`'s answer, red when it is not a URL.
fn cell_ui(ui: &mut egui::Ui, row: &RowRef<'_>, k: usize) {
    // The common case borrows the stored text: no string per cell and frame.
    if let CellRef::Canon(c) = row.cell(k) {
        value(ui, c);
        return;
    }
    let Some(text) = cell_text(row, k) else {
        return;
    };
    let color = ui.visuals().error_fg_color;
    ui.add(
        egui::Label::new(egui::RichText::new(&text).color(color))
            .truncate()
            .selectable(false),
    )
    .on_hover_text(text);
}

fn notes_text(row: &RowRef<'_>) -> String {
    row.notes().collect::<Vec<_>>().join(" ")
}

fn notes_ui(ui: &mut egui::Ui, row: &RowRef<'_>) {
    value(ui, &notes_text(row));
}

/// `what` of the row's line, as the status bar names a copy.
fn of_line(what: &str, row: &RowRef<'_>) -> String {
    format!("{what} of line {}", row.line())
}

/// The right-click menu of a cell: copy the cell's text or the whole row as
/// CSV. `cell` gives what the status bar calls the cell and its text; it is
/// only called while the menu is open, so a frame of the table builds no
/// strings for it.
fn cell_menu(
    resp: &egui::Response,
    row: &RowRef<'_>,
    resolvers: &[Resolver],
    commands: &mut Vec<Command>,
    cell: impl FnOnce() -> (String, String),
) {
    resp.context_menu(|ui| {
        let (what, text) = cell();
        let copy_cell = ui
            .add_enabled(!text.is_empty(), egui::Button::new("Copy this cell"))
            .on_disabled_hover_text("The cell is empty");
        if copy_cell.clicked() {
            commands.push(Command::Copy { what, text });
        }
        if ui
            .button("Copy the row as CSV")
            .on_hover_text("One CSV record with the export's columns, without the header")
            .clicked()
        {
            match row_csv(row, resolvers) {
                Ok(csv) => commands.push(Command::Copy {
                    what: format!("line {} as CSV", row.line()),
                    text: csv,
                }),
                Err(e) => commands.push(Command::Report {
                    text: format!("Could not write line {} as CSV: {e}", row.line()),
                    error: true,
                }),
            }
        }
    });
}

/// The row as one CSV record, with the columns an export has (the same
/// writer), without the header and without the final line break, so it
/// pastes as one record wherever it goes.
fn row_csv(row: &RowRef<'_>, resolvers: &[Resolver]) -> std::io::Result<String> {
    let mut w = RowWriter::new(Vec::new(), OutputFormat::Csv, resolvers)?;
    w.write(&row.to_row())?;
    let bytes = w.into_inner()?;
    // Every field is a Rust string, so the bytes are UTF-8; lossy only so
    // that no input could make this fail.
    let text = String::from_utf8_lossy(&bytes);
    // The writer always starts CSV with the header row, and the column
    // names hold no line break, so the header ends at the first CRLF.
    let record = text.split_once("\r\n").map_or("", |(_, rest)| rest);
    Ok(record.strip_suffix("\r\n").unwrap_or(record).to_owned())
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
