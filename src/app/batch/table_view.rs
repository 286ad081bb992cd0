//! The Batch view's table: line number, input, base, one column per
//! resolver (the canonical URL, or why the input is invalid), optionally
//! the host each resolver names beside its answer, and the note codes.
//! Virtualized with `egui_extras`: only the rows on screen are laid out, so
//! a million rows cost what thirty do.
//!
//! Cells carry the Inspector's marks ([`crate::app::host_mark`]): non-ASCII
//! characters underlined, and "▲" before a URL or host whose host passes
//! for another. Cells are not selectable text: a click on a row selects it,
//! and the row's detail under the table shows every value whole; a double
//! click opens it (in the inspector in the mode of the resolver clicked,
//! or the first of the spec's modes chosen, or THIS; the URL Standard's
//! column in its view of the inspector; `rust-url`, `rfc3986` or `opc` in
//! the Compare view, which shows their answers beside the others). A right
//! click on a cell opens a menu to copy the cell's whole text or the row as
//! a CSV record with the export's columns, through the app's clipboard
//! (`Command::Copy`), so the status bar says what was copied or why it
//! could not be. A click on a header sorts by that column (again: the other
//! way).

use std::borrow::Cow;

use egui_extras::{Column, TableBuilder};

use crate::engine::Mode;
use crate::resolvers::Resolver;
use crate::resolvers::hosts::Verdict;
use crate::resolvers::pair::Pair;
use crate::table::{OutputFormat, RowWriter};

use super::super::command::Command;
use super::super::host_mark::marked_cell;
use super::super::state::{HistoryEntry, InspectorEngine, StandardBrowser, View};
use super::filter::ViewIndex;
use super::settings::{BatchSettings, Sort, SortColumn};
use super::store::{CellRef, RowRef, Table};

/// The narrowest a URL column (the input, an answer) is made, in points:
/// about a dozen monospace characters. Narrower columns would show too
/// little to be worth it, so below this the table scrolls sideways.
const MIN_URL_WIDTH: f32 = 100.0;
/// The narrowest the base and notes columns are made.
const MIN_OTHER_WIDTH: f32 = 60.0;

/// One column of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableColumn {
    Line,
    Input,
    Base,
    /// The answer of the resolver at this index among the table's.
    Answer(usize),
    /// The host that resolver's answer names.
    Host(usize),
    /// The pair's verdict: whether the URL gets through the check and
    /// the fetch of the run's pair.
    Pair,
    Notes,
}

impl TableColumn {
    /// The name the column is saved under (hidden or its width): a
    /// resolver's answer by the resolver's name, its host as `NAME host`.
    pub fn name(self, resolvers: &[Resolver]) -> Cow<'static, str> {
        let resolver = |k: usize| resolvers.get(k).map_or("", |r| r.name());
        Cow::Borrowed(match self {
            TableColumn::Line => "line",
            TableColumn::Input => "input",
            TableColumn::Base => "base",
            TableColumn::Answer(k) => resolver(k),
            TableColumn::Host(k) => return Cow::Owned(format!("{} host", resolver(k))),
            TableColumn::Pair => "pair",
            TableColumn::Notes => "notes",
        })
    }

    /// The column's heading, as a person reads it: a resolver by its label
    /// (`THIS`, `URL Standard`), its host as `LABEL host`.
    pub fn title(self, resolvers: &[Resolver]) -> Cow<'static, str> {
        let label = |k: usize| resolvers.get(k).map_or("", |r| r.label());
        match self {
            TableColumn::Line => "Line".into(),
            TableColumn::Input => "Input".into(),
            TableColumn::Base => "Base".into(),
            TableColumn::Answer(k) => label(k).into(),
            TableColumn::Host(k) => format!("{} host", label(k)).into(),
            TableColumn::Pair => "Pair".into(),
            TableColumn::Notes => "Notes".into(),
        }
    }

    /// Its share of the width until the user drags it: the input and each
    /// answer more than a host, the base and the notes.
    fn default_weight(self) -> u32 {
        match self {
            TableColumn::Line => 0,
            TableColumn::Input | TableColumn::Answer(_) => 200,
            TableColumn::Host(_) => 120,
            TableColumn::Pair => 80,
            TableColumn::Base | TableColumn::Notes => 100,
        }
    }

    /// The narrowest the column is made (the line column: `line`).
    fn min_width(self, line: f32) -> f32 {
        match self {
            TableColumn::Line => line,
            TableColumn::Input | TableColumn::Answer(_) => MIN_URL_WIDTH,
            TableColumn::Host(_) | TableColumn::Base | TableColumn::Notes | TableColumn::Pair => {
                MIN_OTHER_WIDTH
            }
        }
    }

    fn sort_column(self) -> SortColumn {
        match self {
            TableColumn::Line => SortColumn::Line,
            TableColumn::Input => SortColumn::Input,
            TableColumn::Base => SortColumn::Base,
            TableColumn::Answer(k) => SortColumn::Resolver(k),
            TableColumn::Host(k) => SortColumn::Host(k),
            TableColumn::Notes => SortColumn::Notes,
            TableColumn::Pair => SortColumn::Pair,
        }
    }
}

/// Every column the table could show, in order: each resolver's host
/// right after its answer, the pair's verdict (with a pair) after them.
pub fn all_columns(resolvers: &[Resolver], pair: bool) -> Vec<TableColumn> {
    let mut all = vec![TableColumn::Line, TableColumn::Input, TableColumn::Base];
    for k in 0..resolvers.len() {
        all.extend([TableColumn::Answer(k), TableColumn::Host(k)]);
    }
    if pair {
        all.push(TableColumn::Pair);
    }
    all.push(TableColumn::Notes);
    all
}

/// Whether column `c` is on: a host column when asked for, any other
/// unless turned off.
fn is_on(c: TableColumn, resolvers: &[Resolver], settings: &BatchSettings) -> bool {
    match c {
        TableColumn::Host(k) => resolvers
            .get(k)
            .is_some_and(|r| settings.shows_host(r.name())),
        _ => settings.shows_column(&c.name(resolvers)),
    }
}

/// The columns shown: those the user did not turn off (and the hosts asked
/// for), less the Base column when no row has a base (it would be empty in
/// every row).
pub fn shown_columns(table: &Table, settings: &BatchSettings) -> Vec<TableColumn> {
    let any_base = table.counts().with_base > 0;
    let resolvers = &table.resolvers;
    let shown: Vec<TableColumn> = all_columns(resolvers, table.pair.is_some())
        .into_iter()
        .filter(|&c| is_on(c, resolvers, settings))
        .filter(|&c| c != TableColumn::Base || any_base)
        .collect();
    if shown.is_empty() {
        // Every column off would leave rows nobody can click: keep the input.
        vec![TableColumn::Input]
    } else {
        shown
    }
}

/// The "Columns" menu: a checkbox per column (the resolvers' too), saved.
pub fn columns_menu(
    ui: &mut egui::Ui,
    resolvers: &[Resolver],
    pair: bool,
    settings: &mut BatchSettings,
) {
    let hidden = settings.hidden_columns.len();
    let title = if hidden == 0 {
        "Columns".to_owned()
    } else {
        format!("Columns ({hidden} hidden)")
    };
    ui.menu_button(title, |ui| {
        for c in all_columns(resolvers, pair) {
            let name = c.name(resolvers);
            if matches!(c, TableColumn::Host(_)) {
                continue;
            }
            let mut on = settings.shows_column(&name);
            let title = c.title(resolvers);
            let text = match c {
                TableColumn::Base => "Base (hidden anyway while no row has one)".to_owned(),
                TableColumn::Answer(_) => format!("{title} (still run and exported)"),
                _ => title.into_owned(),
            };
            if ui.checkbox(&mut on, text).changed() {
                settings.set_column_shown(&name, on);
            }
        }
        ui.separator();
        ui.label("Hosts: the host each resolver would connect to");
        for r in resolvers {
            let mut on = settings.shows_host(r.name());
            if ui
                .checkbox(&mut on, format!("{} host", r.label()))
                .on_hover_text("Beside its answer: the host as this resolver reads it")
                .changed()
            {
                settings.set_host_shown(r.name(), on);
            }
        }
        ui.separator();
        if ui.button("Show every column").clicked() {
            settings.hidden_columns.clear();
        }
        if ui
            .button("Even widths")
            .on_hover_text("Forget the widths you dragged; share the width out as at first")
            .clicked()
        {
            settings.column_weights.clear();
        }
    })
    .response
    .on_hover_text("Choose the table's columns (remembered)");
}

/// The line column's width: its header or the widest line number.
fn line_width(ui: &egui::Ui, table: &Table) -> f32 {
    let digits = table.len().max(1000).to_string().len() as f32;
    let glyph =
        ui.fonts_mut(|f| f.glyph_width(&egui::TextStyle::Monospace.resolve(ui.style()), '0'));
    (digits * glyph + 24.0).max(52.0)
}

/// Each shown column's width for a table `available` wide: the line column
/// fits its numbers, the others share the rest by their saved weights.
fn widths(
    columns: &[TableColumn],
    resolvers: &[Resolver],
    settings: &BatchSettings,
    available: f32,
    line: f32,
    spacing: f32,
) -> Vec<f32> {
    let weight = |c: TableColumn| {
        settings
            .column_weights
            .get(c.name(resolvers).as_ref())
            .copied()
            .filter(|&w| w > 0)
            .unwrap_or(c.default_weight()) as f32
    };
    let gaps = spacing * columns.len() as f32;
    let mut widths: Vec<f32> = columns
        .iter()
        .map(|&c| if c == TableColumn::Line { line } else { 0.0 })
        .collect();
    let mut room = available - gaps - widths.iter().sum::<f32>();
    let mut open: Vec<usize> = (0..columns.len())
        .filter(|&i| columns[i] != TableColumn::Line)
        .collect();
    // Shares by weight; a column whose share is below its least width gets
    // that width, and the others share what is left, until all fit.
    loop {
        let total: f32 = open.iter().map(|&i| weight(columns[i])).sum::<f32>();
        let share = |i: usize| room.max(0.0) * weight(columns[i]) / total.max(f32::EPSILON);
        let (small, big): (Vec<usize>, Vec<usize>) = open
            .iter()
            .partition(|&&i| share(i) < columns[i].min_width(line));
        if small.is_empty() {
            for &i in &big {
                widths[i] = share(i);
            }
            return widths;
        }
        for &i in &small {
            widths[i] = columns[i].min_width(line);
            room -= widths[i];
        }
        open = big;
    }
}

/// Saves the widths the user dragged to as weights (shares of the width),
/// so they hold when the window changes size.
fn remember_widths(
    columns: &[TableColumn],
    resolvers: &[Resolver],
    asked: &[f32],
    got: &[f32],
    settings: &mut BatchSettings,
) {
    let dragged = asked
        .iter()
        .zip(got)
        .zip(columns)
        .any(|((a, g), &c)| c != TableColumn::Line && (a - g).abs() > 1.0);
    if !dragged {
        return;
    }
    for (&c, &w) in columns.iter().zip(got) {
        if c != TableColumn::Line {
            // The widths in points are the weights: only their ratios count.
            settings
                .column_weights
                .insert(c.name(resolvers).into_owned(), w.round().max(1.0) as u32);
        }
    }
}

/// Draws the table of the rows `index` shows; headers change the sort.
/// When "only disagreeing" is on, each answer that differs from what most
/// of the row's resolvers say is marked. The columns fill the width; when
/// their least widths do not fit, the table scrolls sideways.
pub fn table_ui(
    ui: &mut egui::Ui,
    table: &Table,
    index: &ViewIndex,
    settings: &mut BatchSettings,
    selected: &mut Option<usize>,
    commands: &mut Vec<Command>,
) {
    let resolvers = &table.resolvers;
    let columns = shown_columns(table, settings);
    let spacing = ui.spacing().item_spacing.x;
    let available = ui.available_width();
    let line = line_width(ui, table);
    let asked = widths(&columns, resolvers, settings, available, line, spacing);
    let fits = asked.iter().sum::<f32>() + spacing * asked.len() as f32 <= available + 0.5;
    // Only a drag of a column's edge changes the saved widths (egui_extras
    // also adjusts widths by itself, e.g. for a scroll bar).
    let dragging = ui.input(|i| i.pointer.primary_down());
    let layout = Layout {
        columns: &columns,
        asked: &asked,
        line,
        fill: fits,
        id: available.round() as i32,
        selected: *selected,
    };
    let (got, picked) = if fits {
        draw_table(ui, table, index, settings, &layout, commands)
    } else {
        egui::ScrollArea::horizontal()
            .id_salt("batch-table-sideways")
            .auto_shrink(false)
            .show(ui, |ui| {
                draw_table(ui, table, index, settings, &layout, commands)
            })
            .inner
    };
    if let Some(n) = picked {
        // Clicking the selected row again closes its detail.
        *selected = if *selected == Some(n) { None } else { Some(n) };
    }
    if dragging {
        // The last column of a filled table takes what is left: it was not
        // sized by the user.
        let n = if fits {
            got.len().saturating_sub(1)
        } else {
            got.len()
        };
        remember_widths(&columns[..n], resolvers, &asked[..n], &got[..n], settings);
    }
}

/// How the table is laid out this frame.
struct Layout<'a> {
    columns: &'a [TableColumn],
    /// Each column's width.
    asked: &'a [f32],
    /// The line column's width.
    line: f32,
    /// Whether the last column takes what is left (the table fits).
    fill: bool,
    /// Changes with the width, so the widths are shared out again.
    id: i32,
    /// The selected row (its number in the table).
    selected: Option<usize>,
}

/// Draws the table; returns each column's width as laid out, and the row
/// clicked (its number in the table), if one was.
fn draw_table(
    ui: &mut egui::Ui,
    table: &Table,
    index: &ViewIndex,
    settings: &mut BatchSettings,
    layout: &Layout<'_>,
    commands: &mut Vec<Command>,
) -> (Vec<f32>, Option<usize>) {
    let resolvers = &table.resolvers;
    let columns = layout.columns;
    let mark_differing = settings.filter.only_disagreeing;
    let row_height = ui
        .text_style_height(&egui::TextStyle::Monospace)
        .max(ui.text_style_height(&egui::TextStyle::Body))
        + 6.0;
    let names: Vec<Cow<'static, str>> = columns.iter().map(|c| c.name(resolvers)).collect();
    let mut builder = TableBuilder::new(ui)
        .id_salt(("batch-table", names, layout.id, layout.fill))
        .striped(true)
        .resizable(true)
        .sense(egui::Sense::click())
        .auto_shrink(false)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center));
    for (i, (&w, c)) in layout.asked.iter().zip(columns).enumerate() {
        let least = c.min_width(layout.line).min(w);
        let column = if layout.fill && i + 1 == layout.asked.len() {
            Column::remainder()
        } else {
            Column::initial(w)
        };
        builder = builder.column(column.at_least(least).clip(true));
    }
    let mut got = Vec::with_capacity(columns.len());
    let sort = &mut settings.sort;
    let table_ui = builder.header(row_height, |mut header| {
        for &c in columns {
            let hover = match c {
                TableColumn::Line => "The input line number",
                TableColumn::Input => "The URL as read from the line",
                TableColumn::Base => "The base it was resolved against",
                TableColumn::Answer(k) => resolvers.get(k).map_or("", |r| r.description()),
                TableColumn::Host(_) => "The host this resolver reads: where it would connect",
                TableColumn::Pair => {
                    "Whether the URL gets through the pair: confusion when the check and the \
                     fetch name different hosts"
                }
                TableColumn::Notes => "The codes of the notes the row raised",
            };
            let name = c.title(resolvers);
            let (rect, _) = header.col(|ui| sort_button(ui, sort, c.sort_column(), &name, hover));
            got.push(rect.width());
        }
    });
    let selected = layout.selected;
    let mut picked = None;
    table_ui.body(|body| {
        body.rows(row_height, index.len(table), |mut row| {
            let Some(n) = index.row_number(row.index()) else {
                return;
            };
            let Some(r) = table.row(n) else {
                return;
            };
            row.set_selected(selected == Some(n));
            let majority = if mark_differing {
                majority(&r, resolvers.len())
            } else {
                None
            };
            for &c in columns {
                let (_, resp) = row.col(|ui| cell_of(ui, &r, c, majority, table.pair));
                cell_menu(
                    &resp,
                    &r,
                    resolvers,
                    table.pair_resolvers(),
                    commands,
                    || menu_text(&r, c, resolvers, table.pair),
                );
                let column = match c {
                    TableColumn::Answer(k) | TableColumn::Host(k) => resolvers.get(k).copied(),
                    _ => None,
                };
                if resp.double_clicked() {
                    open_row(&r, column, resolvers, commands);
                } else if resp.clicked() {
                    picked = Some(n);
                }
            }
        });
    });
    (got, picked)
}

/// One cell of the row.
fn cell_of(
    ui: &mut egui::Ui,
    r: &RowRef<'_>,
    c: TableColumn,
    majority: Option<Majority<'_>>,
    pair: Option<(usize, usize)>,
) {
    match c {
        TableColumn::Line => {
            ui.add(egui::Label::new(r.line().to_string()).selectable(false));
        }
        TableColumn::Input => {
            // The input's host is each resolver's to read: the first one
            // named stands for it.
            let host = (0..r.cells_len()).find_map(|k| r.host(k));
            marked_cell(ui, r.input(), host);
        }
        TableColumn::Base => value(ui, r.base().unwrap_or("")),
        TableColumn::Answer(k) => {
            let differs = majority.filter(|m| m.differs(r, k));
            cell_ui(ui, r, k, differs);
        }
        TableColumn::Host(k) => {
            if let Some(h) = r.host(k) {
                marked_cell(ui, h, Some(h));
            }
        }
        TableColumn::Pair => pair_ui(ui, r, pair),
        TableColumn::Notes => notes_ui(ui, r),
    }
}

/// The pair's verdict, the rows that get through marked in the warning
/// colour.
fn pair_ui(ui: &mut egui::Ui, r: &RowRef<'_>, pair: Option<(usize, usize)>) {
    let Some(verdict) = pair.and_then(|p| r.pair_verdict(p)) else {
        return;
    };
    let text = egui::RichText::new(verdict.name());
    let text = if verdict == Verdict::Confusion {
        text.strong().color(ui.visuals().warn_fg_color)
    } else {
        text
    };
    ui.add(egui::Label::new(text).selectable(false));
}

/// What a cell's menu calls the cell, and its whole text.
fn menu_text(
    r: &RowRef<'_>,
    c: TableColumn,
    resolvers: &[Resolver],
    pair: Option<(usize, usize)>,
) -> (String, String) {
    match c {
        TableColumn::Line => ("a line number".to_owned(), r.line().to_string()),
        TableColumn::Input => (of_line("the input", r), r.input().to_owned()),
        TableColumn::Base => (of_line("the base", r), r.base().unwrap_or("").to_owned()),
        TableColumn::Answer(k) => {
            let name = resolvers.get(k).map_or("", |r| r.name());
            let what = format!("the {name} answer");
            (of_line(&what, r), cell_text(r, k).unwrap_or_default())
        }
        TableColumn::Host(k) => {
            let name = resolvers.get(k).map_or("", |r| r.name());
            let what = format!("the host {name} reads");
            (of_line(&what, r), r.host(k).unwrap_or("").to_owned())
        }
        TableColumn::Notes => (of_line("the note codes", r), notes_text(r)),
        TableColumn::Pair => (
            of_line("the pair's verdict", r),
            pair.and_then(|p| r.pair_verdict(p))
                .map_or("", |v| v.name())
                .to_owned(),
        ),
    }
}

/// The answer most of a row's resolvers give (a canonical URL, or `None`
/// for invalid: two invalid answers agree, as the disagreement filter
/// counts them); on a tie, the first resolver's among the tied.
#[derive(Clone, Copy, Debug)]
pub struct Majority<'a> {
    answer: Option<&'a str>,
    /// How many resolvers give it.
    count: usize,
}

impl Majority<'_> {
    /// Whether resolver `k`'s answer in `row` is not the majority's.
    pub fn differs(&self, row: &RowRef<'_>, k: usize) -> bool {
        canon(row, k).is_some_and(|a| a != self.answer)
    }
}

/// Resolver `k`'s canonical URL (`Some(None)`: invalid; `None`: no answer).
fn canon<'a>(row: &RowRef<'a>, k: usize) -> Option<Option<&'a str>> {
    match row.cell(k) {
        CellRef::Canon(c) => Some(Some(c)),
        CellRef::Invalid(_) => Some(None),
        CellRef::Absent => None,
    }
}

/// The answer most of the row's `n` resolvers give, when they do not all
/// agree (`None` when they do, or the row has no answers).
pub fn majority<'a>(row: &RowRef<'a>, n: usize) -> Option<Majority<'a>> {
    let answers: Vec<Option<&str>> = (0..n).filter_map(|k| canon(row, k)).collect();
    let mut best: Option<Majority<'a>> = None;
    for &a in &answers {
        let count = answers.iter().filter(|&&b| b == a).count();
        if best.is_none_or(|b| count > b.count) {
            best = Some(Majority { answer: a, count });
        }
    }
    best.filter(|b| b.count < answers.len())
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

/// A URL or other text value in the monospace font (so `xn--` and `%2F`
/// read as typed), cut to the column with its whole text on hover (one
/// tooltip: egui's own for cut labels is turned off).
fn value(ui: &mut egui::Ui, text: &str) {
    let r = ui.add(
        egui::Label::new(egui::RichText::new(text).monospace())
            .truncate()
            .show_tooltip_when_elided(false)
            .selectable(false),
    );
    if !text.is_empty() {
        r.on_hover_text(egui::RichText::new(text).monospace());
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

/// Resolver `k`'s answer, red when it is not a URL; when it differs from
/// the row's `majority`, marked `≠`, bold, on a tinted background (so
/// colour is not the only cue), its hover saying what most answered.
fn cell_ui(ui: &mut egui::Ui, row: &RowRef<'_>, k: usize, differs: Option<Majority<'_>>) {
    // The common case borrows the stored text: no string per cell and frame.
    if differs.is_none()
        && let CellRef::Canon(c) = row.cell(k)
    {
        marked_cell(ui, c, row.host(k));
        return;
    }
    let Some(text) = cell_text(row, k) else {
        return;
    };
    let invalid = !matches!(row.cell(k), CellRef::Canon(_));
    let mut rich = egui::RichText::new(&text).monospace();
    if invalid {
        rich = rich.color(ui.visuals().error_fg_color);
    }
    let Some(m) = differs else {
        ui.add(
            egui::Label::new(rich)
                .truncate()
                .show_tooltip_when_elided(false)
                .selectable(false),
        )
        .on_hover_text(egui::RichText::new(text).monospace());
        return;
    };
    let rect = ui.max_rect().expand2(egui::vec2(2.0, 1.0));
    ui.painter()
        .rect_filled(rect, 2.0, ui.visuals().warn_fg_color.gamma_multiply(0.18));
    let mark = egui::RichText::new("≠")
        .strong()
        .color(ui.visuals().warn_fg_color);
    ui.add(egui::Label::new(mark).selectable(false));
    let most = m.answer.map_or("invalid".to_owned(), str::to_owned);
    ui.add(
        egui::Label::new(rich.strong())
            .truncate()
            .show_tooltip_when_elided(false)
            .selectable(false),
    )
    .on_hover_ui(|ui| {
        ui.label(egui::RichText::new(&text).monospace());
        ui.separator();
        ui.label(format!(
            "Differs from what {} of the row's resolvers answer:",
            m.count
        ));
        ui.label(egui::RichText::new(most).monospace());
    });
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
    pair: Option<Pair>,
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
            match row_csv(row, resolvers, pair) {
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
fn row_csv(
    row: &RowRef<'_>,
    resolvers: &[Resolver],
    pair: Option<Pair>,
) -> std::io::Result<String> {
    let mut w = RowWriter::with_pair(Vec::new(), OutputFormat::Csv, resolvers, pair)?;
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
/// mode chosen, or THIS), or in its URL Standard view for `whatwg`.
pub fn open_row(
    row: &RowRef<'_>,
    column: Option<Resolver>,
    resolvers: &[Resolver],
    commands: &mut Vec<Command>,
) {
    let mode = column
        .and_then(Resolver::mode)
        .or_else(|| resolvers.iter().find_map(|r| r.mode()))
        .unwrap_or(Mode::This);
    let mut browser = StandardBrowser::Standard;
    let (engine, view) = match column {
        Some(Resolver::Whatwg) => (InspectorEngine::UrlStandard, View::Inspector),
        // A browser's model: the URL Standard view, read by that browser.
        Some(r) if !r.is_live() && r.browser().is_some() => {
            browser = r.browser().map_or(browser, StandardBrowser::of);
            (InspectorEngine::UrlStandard, View::Inspector)
        }
        Some(r) if r.mode().is_none() => (InspectorEngine::Spec2012, View::Compare),
        _ => (InspectorEngine::Spec2012, View::Inspector),
    };
    open_in(row, (mode, engine, browser), view, commands);
}

/// Opens a row in the Compare view: every resolver side by side.
pub fn compare_row(row: &RowRef<'_>, commands: &mut Vec<Command>) {
    let whose = (
        Mode::This,
        InspectorEngine::Spec2012,
        StandardBrowser::Standard,
    );
    open_in(row, whose, View::Compare, commands);
}

/// Puts the row's input, base and encoding in the fields and shows `view`
/// (an unreadable line has nothing to inspect: the status bar says so).
fn open_in(
    row: &RowRef<'_>,
    (mode, engine, browser): (Mode, InspectorEngine, StandardBrowser),
    view: View,
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
    commands.push(Command::Restore(HistoryEntry {
        input: row.input().to_owned(),
        base: row.base().unwrap_or("").to_owned(),
        encoding: row.encoding().to_owned(),
        mode,
        engine,
        browser,
    }));
    commands.push(Command::SetView(view));
}
