//! The comparison table: a row per shown resolver, its canonical string (or
//! why it is invalid) and its components, each cell that differs from the
//! reference row marked `≠`, in bold and on a tinted background (so colour
//! is never the only cue), its hover text giving the reference's value.
//!
//! The columns share out the width there is, so the table never scrolls
//! sideways: a column gets what its longest value needs when that fits,
//! and a fair share of the rest when not; a value longer than its column
//! loses its middle (both ends of a URL are where they differ) and shows
//! whole on hover. Click a cell to copy it; right-click for more.

use egui::{Color32, RichText, Sense, UiBuilder};
use egui_extras::{Column as Width, TableBuilder};

use crate::engine::Component;
use crate::resolvers::{Answer, Group, Resolver};

use super::super::command::Command;
use super::super::escape::{preview, shorten};
use super::super::host_mark::{host_warning, marked_job};
use super::super::symbols::with_words;
use super::compute::Comparison;
use super::settings::CompareSettings;
use super::{group_rows, other_url};

/// The first column (resolver names, group headings) in characters.
const NAME_CHARS: usize = 16;
/// No column is made narrower than this many characters.
const MIN_CHARS: usize = 6;
/// Room for the `≠ ` mark in front of a differing value.
const MARK_CHARS: usize = 2;
/// One character to spare, in case a glyph comes from a wider fallback font.
const SLACK_CHARS: usize = 1;
/// A hover text shows at most this much of a value.
const HOVER_CHARS: usize = 2000;
pub const ROW_HEIGHT: f32 = 22.0;
/// Values are measured up to this many characters.
const COUNT_CHARS: usize = 1000;
/// A screen reader is given at most this much of a value.
const SPOKEN_CHARS: usize = 1000;

/// The column a cell is in: the canonical string or a component.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Canonical,
    Part(Component),
}

impl Column {
    /// The column's heading.
    pub fn title(self) -> &'static str {
        match self {
            Column::Canonical => "canonical, or why invalid",
            Column::Part(c) => c.name(),
        }
    }
}

/// What one cell holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value<'a> {
    /// The component is absent (not the same as empty).
    Absent,
    Text(&'a str),
    /// The answer is invalid; the reason.
    Invalid(&'a str),
}

impl Value<'_> {
    /// The value as one line of text (what is copied and compared).
    pub fn text(&self) -> String {
        match self {
            Value::Absent => "(absent)".to_owned(),
            Value::Text(t) => (*t).to_owned(),
            Value::Invalid(why) => format!("invalid: {why}"),
        }
    }

    /// How many characters it takes on screen, unshortened (counted up to
    /// [`COUNT_CHARS`]: no screen is wider, and a pasted megabyte must not
    /// be counted every frame).
    fn chars(&self) -> usize {
        let count = |t: &str| t.chars().take(COUNT_CHARS).count();
        match self {
            Value::Absent => 1,
            Value::Text("") => 2,
            Value::Text(t) => count(t),
            Value::Invalid(why) => count(why) + 2,
        }
    }
}

/// The value of `column` in `answer`.
pub fn value(answer: &Answer, column: Column) -> Value<'_> {
    match column {
        Column::Canonical => match answer.valid_canon() {
            Some(canon) => Value::Text(canon),
            None => Value::Invalid(
                answer
                    .why_invalid()
                    .map_or("no reason given", |n| n.message.as_str()),
            ),
        },
        Column::Part(c) => answer.get(c).map_or(Value::Absent, Value::Text),
    }
}

/// Whether a cell differs from the reference's. Two invalid answers agree
/// on the canonical column (as the summary groups them), whatever the reason.
pub fn differs(a: &Value<'_>, reference: &Value<'_>) -> bool {
    match (a, reference) {
        (Value::Invalid(_), Value::Invalid(_)) => false,
        _ => a != reference,
    }
}

/// The columns: the canonical string, then every component that some shown
/// answer has (a typical URL has no user, password or port: no columns).
pub fn columns(c: &Comparison, shown: &[Resolver]) -> Vec<Column> {
    let answers: Vec<&Answer> = shown.iter().filter_map(|&r| c.answer(r)).collect();
    std::iter::once(Column::Canonical)
        .chain(
            Component::ALL
                .into_iter()
                .filter(|&k| answers.iter().any(|a| a.get(k).is_some()))
                .map(Column::Part),
        )
        .collect()
}

/// Shares `total` out between columns that would like `desired` each (and
/// need at least `minimum`): a column that wants less than an equal share
/// gets what it wants, the rest share what is left, until it all fits.
pub fn fit_widths(desired: &[f32], minimum: f32, total: f32) -> Vec<f32> {
    let mut widths = vec![0.0; desired.len()];
    let mut open: Vec<usize> = (0..desired.len()).collect();
    let mut left = total;
    loop {
        if open.is_empty() {
            return widths;
        }
        let share = left / open.len() as f32;
        let (small, big): (Vec<usize>, Vec<usize>) =
            open.iter().partition(|&&i| desired[i] <= share);
        if small.is_empty() {
            for i in big {
                widths[i] = share.max(minimum);
            }
            return widths;
        }
        for &i in &small {
            widths[i] = desired[i].max(minimum);
            left -= widths[i];
        }
        open = big;
    }
}

/// Draws the table: the shown rows under their groups' headings (a folded
/// group shows its heading alone), a live browser under its model.
pub fn table_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    settings: &mut CompareSettings,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let shown = &settings.shown()[..];
    let reference = settings.reference;
    let columns = columns(c, shown);
    let char_w = char_width(ui);
    // egui_extras puts this much space after every column.
    let gap = ui.spacing().item_spacing.x;
    let name_w = NAME_CHARS as f32 * char_w + gap;
    let reference_answer = c.answer(reference);
    let desired = desired_widths(c, shown, reference, &columns, char_w, gap);
    // With a second URL, a "same as B?" column after the names.
    let same_w = (!c.same.is_empty()).then_some(other_url::CHARS as f32 * char_w + gap);
    let room = (ui.available_width() - name_w - same_w.unwrap_or(0.0)).max(0.0);
    let widths = fit_widths(&desired, MIN_CHARS as f32 * char_w + gap, room);

    let mut builder = TableBuilder::new(ui)
        .id_salt("compare-table")
        .striped(true)
        .vscroll(false)
        .cell_layout(egui::Layout::left_to_right(egui::Align::Center))
        .column(Width::exact(name_w - gap).clip(true));
    if let Some(w) = same_w {
        builder = builder.column(Width::exact(w - gap).clip(true));
    }
    for w in &widths {
        builder = builder.column(Width::exact((w - gap).max(char_w)).clip(true));
    }
    builder
        .header(ROW_HEIGHT, |mut row| {
            row.col(|ui| {
                ui.strong("resolver");
            });
            if same_w.is_some() {
                row.col(|ui| {
                    ui.strong(other_url::TITLE);
                });
            }
            for col in &columns {
                row.col(|ui| {
                    ui.strong(col.title());
                });
            }
        })
        .body(|mut body| {
            for group in Group::ALL {
                let folded = settings.hidden_groups.contains(&group);
                let rows: Vec<Resolver> = shown
                    .iter()
                    .copied()
                    .filter(|r| r.group() == group)
                    .collect();
                if rows.is_empty() && !folded {
                    continue;
                }
                body.row(ROW_HEIGHT, |mut row| {
                    row.col(|ui| group_rows::heading_ui(ui, group, folded, settings));
                    for _ in 0..columns.len() + usize::from(same_w.is_some()) {
                        row.col(|_| {});
                    }
                });
                for r in rows {
                    let Some(answer) = c.answer(r) else {
                        body.row(ROW_HEIGHT, |mut row| {
                            row.col(|ui| name_cell(ui, r, r == reference, None));
                            if same_w.is_some() {
                                row.col(|_| {});
                            }
                            row.col(|ui| group_rows::asking_ui(ui, r));
                            for _ in 1..columns.len() {
                                row.col(|_| {});
                            }
                        });
                        continue;
                    };
                    let model = r
                        .counterpart()
                        .filter(|_| r.is_live())
                        .and_then(|m| c.answer(m));
                    body.row(ROW_HEIGHT, |mut row| {
                        row.col(|ui| name_cell(ui, r, r == reference, model.map(|m| (m, answer))));
                        if same_w.is_some() {
                            row.col(|ui| other_url::cell_ui(ui, r, c.same_as_other(r)));
                        }
                        for (col, w) in columns.iter().zip(&widths) {
                            let max_chars =
                                (((w - gap) / char_w).floor() as usize).saturating_sub(SLACK_CHARS);
                            let cell = Cell {
                                resolver: r,
                                column: *col,
                                value: value(answer, *col),
                                reference: reference_answer
                                    .filter(|_| r != reference)
                                    .map(|a| (reference, value(a, *col))),
                                notes: (*col == Column::Canonical).then_some(answer),
                            };
                            row.col(|ui| cell_ui(ui, &cell, max_chars, escapes, commands));
                        }
                    });
                }
            }
        });
}

/// What each column would like: its longest value (or its title), with
/// the mark where a value differs from the reference's.
fn desired_widths(
    c: &Comparison,
    shown: &[Resolver],
    reference: Resolver,
    columns: &[Column],
    char_w: f32,
    gap: f32,
) -> Vec<f32> {
    let reference_answer = c.answer(reference);
    columns
        .iter()
        .map(|&col| {
            let longest = shown
                .iter()
                .filter_map(|&r| Some((r, c.answer(r)?)))
                .map(|(r, a)| {
                    let v = value(a, col);
                    let marked = r != reference
                        && reference_answer.is_some_and(|ra| differs(&v, &value(ra, col)));
                    v.chars() + if marked { MARK_CHARS } else { 0 }
                })
                .max()
                .unwrap_or(0)
                .max(col.title().len());
            (longest + SLACK_CHARS) as f32 * char_w + gap
        })
        .collect()
}

/// The width of one character of the monospace font, as laid out (measured
/// over a run, so rounding per glyph is counted).
pub fn char_width(ui: &egui::Ui) -> f32 {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let run = ui.fonts_mut(|f| {
        f.layout_no_wrap("x".repeat(100), font, Color32::WHITE)
            .size()
            .x
    });
    (run / 100.0).max(1.0)
}

/// The resolver's name; the reference row's is marked ◆; a live browser
/// whose answer is not its model's (`with_model`: the model's answer and
/// the live one) is marked ≠ model.
fn name_cell(
    ui: &mut egui::Ui,
    r: Resolver,
    is_reference: bool,
    with_model: Option<(&Answer, &Answer)>,
) {
    let off_model = with_model.is_some_and(|(m, l)| group_rows::differs_from_model(m, l));
    let mut text = if is_reference {
        format!("◆ {}", r.label())
    } else {
        r.label().to_owned()
    };
    let mut hover = format!("{}: {}.", r.label(), r.description());
    if is_reference {
        hover
            .push_str("\nThe reference row: cells of other rows that differ from it are marked ≠.");
    }
    if off_model {
        text = format!("≠ {text}");
        hover.push_str(group_rows::OFF_MODEL);
    }
    let label = if off_model {
        format!("{} row, differs from its model", r.label())
    } else {
        format!("{} row", r.label())
    };
    ui.scope_builder(UiBuilder::new().accessibility_label(label), |ui| {
        let mut text = RichText::new(text).monospace().strong();
        if off_model {
            text = text.color(ui.visuals().warn_fg_color);
        }
        ui.label(text).on_hover_text(hover);
    });
}

/// One cell and what it is compared with.
struct Cell<'a> {
    resolver: Resolver,
    column: Column,
    value: Value<'a>,
    /// The reference row's resolver and value (none in the reference row).
    reference: Option<(Resolver, Value<'a>)>,
    /// For the canonical column: the answer, whose notes the hover lists.
    notes: Option<&'a Answer>,
}

impl Cell<'_> {
    /// The host the cell's value names: its own value in the host column,
    /// the answer's host in the canonical column.
    fn host(&self) -> Option<&str> {
        match (self.column, &self.value) {
            (Column::Part(Component::Host), Value::Text(t)) => Some(t),
            (Column::Canonical, Value::Text(_)) => self.notes?.get(Component::Host),
            _ => None,
        }
    }

    fn differs(&self) -> bool {
        self.reference
            .as_ref()
            .is_some_and(|(_, rv)| differs(&self.value, rv))
    }

    /// What a screen reader says: the whole value and the difference.
    fn accessible_text(&self) -> String {
        let spoken = |v: &Value<'_>| match v {
            Value::Text(t) => shorten(t, SPOKEN_CHARS, false),
            other => other.text(),
        };
        let mut s = format!(
            "{} of {}: {}",
            self.column.title(),
            self.resolver.label(),
            spoken(&self.value)
        );
        if let Some((r, rv)) = self.reference.as_ref().filter(|_| self.differs()) {
            s.push_str(&format!(", differs from {}: {}", r.label(), spoken(rv)));
        }
        s
    }
}

/// A cell: its value cut to `max_chars`, marked when it differs, copied on
/// click, whole on hover.
fn cell_ui(
    ui: &mut egui::Ui,
    cell: &Cell<'_>,
    max_chars: usize,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let differs = cell.differs();
    let room = max_chars
        .saturating_sub(if differs { MARK_CHARS } else { 0 })
        .max(1);
    let visuals = ui.visuals().clone();
    let shown = match &cell.value {
        Value::Absent => RichText::new("—").color(visuals.weak_text_color()),
        Value::Text("") => RichText::new("\"\"").color(visuals.weak_text_color()),
        Value::Text(t) => RichText::new(shorten(t, room, escapes)),
        Value::Invalid(why) => {
            RichText::new(shorten(&format!("× {why}"), room, escapes)).color(visuals.error_fg_color)
        }
    }
    .monospace();
    let shown = if differs {
        let mut text = RichText::new(format!("≠ {}", shown.text()))
            .monospace()
            .strong();
        if let Value::Invalid(_) = cell.value {
            text = text.color(visuals.error_fg_color);
        }
        text
    } else {
        shown
    };
    if differs {
        let tint = if visuals.dark_mode {
            Color32::from_rgba_unmultiplied(0xFF, 0xC0, 0x40, 28)
        } else {
            Color32::from_rgba_unmultiplied(0xFF, 0xA0, 0x00, 40)
        };
        ui.painter()
            .rect_filled(ui.max_rect().expand(2.0), 2.0, tint);
    }
    // A URL or host that passes for another, or holds non-ASCII, gets the
    // Inspector's marks ("▲", underlined non-ASCII characters).
    let warning = cell.host().and_then(host_warning);
    let marked = match &cell.value {
        Value::Text(t) if warning.is_some() || !t.is_ascii() => {
            let text = shorten(t, room, escapes);
            let text = if differs { format!("≠ {text}") } else { text };
            Some(marked_job(ui, &text, warning.is_some(), differs))
        }
        _ => None,
    };
    // One tooltip: egui's own for a cut label would show beside hover_ui's.
    let label = match marked {
        Some(job) => egui::Label::new(job),
        None => egui::Label::new(shown),
    };
    let r = ui.add(
        label
            .sense(Sense::click())
            .truncate()
            .show_tooltip_when_elided(false),
    );
    let what = format!("{}'s {}", cell.resolver.label(), cell.column.title());
    let mut label = cell.accessible_text();
    if let Some(w) = &warning {
        label.push_str(&format!(" \u{25b2} {w}"));
    }
    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
    let r = r.on_hover_ui(|ui| {
        hover_ui(ui, cell, escapes);
        if let Some(w) = &warning {
            ui.label(with_words(ui, "▲", w, ui.visuals().warn_fg_color));
        }
    });
    let full = match &cell.value {
        Value::Text(t) => (*t).to_owned(),
        other => other.text(),
    };
    if r.clicked() {
        commands.push(Command::Copy {
            what: what.clone(),
            text: full.clone(),
        });
    }
    r.context_menu(|ui| {
        if ui.button("Copy").clicked() {
            commands.push(Command::Copy {
                what: what.clone(),
                text: full.clone(),
            });
        }
        if let Some((rr, rv)) = cell.reference.as_ref().filter(|_| differs)
            && ui.button(format!("Copy {}'s value", rr.label())).clicked()
        {
            commands.push(Command::Copy {
                what: format!("{}'s {}", rr.label(), cell.column.title()),
                text: rv.text(),
            });
        }
        if ui.button("Show all").clicked() {
            commands.push(Command::ShowAll {
                title: what.clone(),
                text: full.clone(),
            });
        }
    });
}

/// The hover text: the whole value, the reference's when it differs, the
/// answer's notes, and what a click does.
fn hover_ui(ui: &mut egui::Ui, cell: &Cell<'_>, escapes: bool) {
    ui.set_max_width(640.0);
    ui.label(RichText::new(preview(&cell.value.text(), HOVER_CHARS, escapes)).monospace());
    if let Some((r, rv)) = cell.reference.as_ref().filter(|_| cell.differs()) {
        ui.separator();
        ui.label(format!("≠ differs from the reference, {}:", r.label()));
        ui.label(RichText::new(preview(&rv.text(), HOVER_CHARS, escapes)).monospace());
    }
    if let Some(answer) = cell.notes {
        let skip = usize::from(answer.invalid);
        for note in answer.notes.iter().skip(skip).take(8) {
            ui.label(format!("• {}", shorten(&note.message, 300, escapes)));
        }
    }
    ui.weak("Click to copy; right-click for more.");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::Request;

    #[test]
    fn widths_fit_and_small_columns_get_what_they_want() {
        let w = fit_widths(&[50.0, 400.0, 300.0, 40.0], 30.0, 600.0);
        assert_eq!(w[0], 50.0);
        assert_eq!(w[3], 40.0);
        assert!((w.iter().sum::<f32>() - 600.0).abs() < 0.01, "{w:?}");
        assert_eq!(w[1], w[2], "the two big ones share what is left");
        // Everything fits: each gets what it wants.
        assert_eq!(fit_widths(&[10.0, 20.0], 5.0, 100.0), [10.0, 20.0]);
        // Nothing but the minimum is left: the minimum, even if it overflows.
        assert_eq!(fit_widths(&[100.0, 100.0], 30.0, 40.0), [30.0, 30.0]);
    }

    #[test]
    fn absent_and_empty_differ_and_invalid_answers_agree() {
        assert!(differs(&Value::Absent, &Value::Text("")));
        assert!(!differs(&Value::Invalid("a"), &Value::Invalid("b")));
        assert!(differs(&Value::Invalid("a"), &Value::Text("http://a/")));
    }

    #[test]
    fn values_come_from_the_answer() {
        let a = Resolver::Whatwg.resolve(&Request::new("http://h/?"));
        assert_eq!(value(&a, Column::Part(Component::Query)), Value::Text(""));
        assert_eq!(value(&a, Column::Part(Component::Fragment)), Value::Absent);
        assert_eq!(value(&a, Column::Canonical), Value::Text("http://h/?"));
        let bad = Resolver::Whatwg.resolve(&Request::new("x"));
        assert!(matches!(value(&bad, Column::Canonical), Value::Invalid(_)));
    }
}
