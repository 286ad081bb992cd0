//! Which rows the table shows, in which order: the filters (only invalid,
//! only disagreeing, a note code, a text search) and the sort.
//!
//! With no filter and input order the view is the table itself. Otherwise
//! the list of row numbers is computed on a thread of its own from the
//! table's shared segments (a million rows take a moment to search or sort,
//! far more than a frame), and the window shows the previous list until the
//! new one arrives. While a job adds rows, the list is redone at most every
//! [`REDO_EVERY`].

use std::cmp::Ordering;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::settings::{Filter, Sort, SortColumn};
use super::store::{CellRef, RowRef, Segment, Table, row_of};

/// How often a filtered or sorted view follows a growing table.
pub const REDO_EVERY: Duration = Duration::from_millis(700);

/// What a list of row numbers was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    filter: Filter,
    sort: Sort,
    rows: usize,
}

/// The rows shown, in order.
#[derive(Default)]
pub struct ViewIndex {
    /// `None`: every row, in input order.
    rows: Option<Arc<Vec<u32>>>,
    made_for: Option<Key>,
    pending: Option<(Key, Receiver<Vec<u32>>)>,
    last_start: Option<Instant>,
}

impl ViewIndex {
    /// Brings the list up to date with the table, the filter and the sort
    /// (starting a computation when needed); call once per frame.
    pub fn update(&mut self, table: &Table, filter: &Filter, sort: Sort, ctx: &egui::Context) {
        if filter.is_empty() && sort.is_input_order() {
            *self = ViewIndex::default();
            return;
        }
        if let Some((key, rx)) = &self.pending
            && let Ok(rows) = rx.try_recv()
        {
            self.rows = Some(Arc::new(rows));
            self.made_for = Some(key.clone());
            self.pending = None;
        }
        let wanted = Key {
            filter: filter.clone(),
            sort,
            rows: table.len(),
        };
        if self.made_for.as_ref() == Some(&wanted)
            || self.pending.as_ref().is_some_and(|(k, _)| *k == wanted)
        {
            return;
        }
        let only_grew = self
            .made_for
            .as_ref()
            .is_some_and(|k| k.filter == wanted.filter && k.sort == wanted.sort);
        let recent = self.last_start.is_some_and(|t| t.elapsed() < REDO_EVERY);
        if only_grew && (recent || self.pending.is_some()) {
            ctx.request_repaint_after(REDO_EVERY);
            return;
        }
        self.start(table, wanted, ctx);
    }

    fn start(&mut self, table: &Table, key: Key, ctx: &egui::Context) {
        let segments: Vec<Arc<Segment>> = table.segments().to_vec();
        let (tx, rx) = channel();
        let (filter, sort, rows) = (key.filter.clone(), key.sort, key.rows);
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("batch-filter".to_owned())
            .spawn(move || {
                crate::table::run::lower_priority();
                let list = compute(&segments, rows, &filter, sort);
                let _ = tx.send(list);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.pending = Some((key, rx));
            self.last_start = Some(Instant::now());
        }
    }

    /// Whether a new list is being computed.
    pub fn is_pending(&self) -> bool {
        self.pending.is_some()
    }

    /// How many rows are shown (of `table`'s).
    pub fn len(&self, table: &Table) -> usize {
        self.rows.as_ref().map_or(table.len(), |r| r.len())
    }

    /// The table's row number of the `i`-th row shown.
    pub fn row_number(&self, i: usize) -> Option<usize> {
        match &self.rows {
            None => Some(i),
            Some(rows) => rows.get(i).map(|&n| n as usize),
        }
    }

    /// The row numbers shown, for an export (`None`: all, in order).
    pub fn rows(&self) -> Option<Arc<Vec<u32>>> {
        self.rows.clone()
    }
}

/// Draws the filter controls: only invalid, only disagreeing, a note code
/// (from `codes`, the codes the table holds), a text search; and how many
/// rows are shown.
pub fn filter_ui(
    ui: &mut egui::Ui,
    filter: &mut Filter,
    codes: &[&'static str],
    shown: usize,
    total: usize,
    pending: bool,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Show:");
        ui.checkbox(&mut filter.only_invalid, "only invalid")
            .on_hover_text("Rows some resolver finds invalid, and lines that could not be read");
        ui.checkbox(&mut filter.only_disagreeing, "only disagreeing")
            .on_hover_text("Rows on which the resolvers give different answers");
        let label = ui.label("note:");
        let shown_note = if filter.note.is_empty() {
            "any"
        } else {
            filter.note.as_str()
        };
        egui::ComboBox::from_id_salt("batch-note")
            .selected_text(shown_note)
            .width(180.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.note, String::new(), "any");
                for code in codes {
                    ui.selectable_value(&mut filter.note, (*code).to_owned(), *code);
                }
            })
            .response
            .labelled_by(label.id);
        let label = ui.label("search:");
        ui.add(
            egui::TextEdit::singleline(&mut filter.search)
                .hint_text("text in the input, base or an answer")
                .desired_width(220.0),
        )
        .labelled_by(label.id);
        if !filter.is_empty() && ui.button("Show all").clicked() {
            *filter = Filter::default();
        }
        let n = super::super::escape::group_digits;
        ui.label(format!("{} of {} rows shown", n(shown), n(total)));
        if pending {
            ui.spinner();
        }
    });
}

/// The rows of `segments` (the first `rows`) that pass `filter`, sorted.
fn compute(segments: &[Arc<Segment>], rows: usize, filter: &Filter, sort: Sort) -> Vec<u32> {
    let needle = filter.search.to_ascii_lowercase();
    let mut list: Vec<u32> = (0..rows)
        .into_par_iter()
        .filter(|&i| row_of(segments, i).is_some_and(|r| passes(&r, filter, &needle)))
        .map(|i| i as u32)
        .collect();
    if !sort.is_input_order() {
        list.par_sort_by(|&a, &b| {
            let (Some(x), Some(y)) = (row_of(segments, a as usize), row_of(segments, b as usize))
            else {
                return Ordering::Equal;
            };
            // Ties keep input order, whichever the direction.
            let by_column = compare(&x, &y, sort.column);
            let ordered = if sort.descending {
                by_column.reverse()
            } else {
                by_column
            };
            ordered.then(a.cmp(&b))
        });
    }
    list
}

/// Whether `row` passes `filter` (`needle` is the search text, lowercased).
pub fn passes(row: &RowRef<'_>, filter: &Filter, needle: &str) -> bool {
    if filter.only_invalid && !(row.any_invalid() || row.is_error()) {
        return false;
    }
    if filter.only_disagreeing && !row.disagrees() {
        return false;
    }
    if !filter.note.is_empty() && !row.notes().any(|n| n == filter.note) {
        return false;
    }
    needle.is_empty() || searchable(row).any(|text| contains_ignoring_case(text, needle))
}

/// The texts a search looks in: input, base, every answer, the error.
fn searchable<'a>(row: &RowRef<'a>) -> impl Iterator<Item = &'a str> {
    let row = *row;
    let cells = (0..).map_while(move |k| match row.cell(k) {
        CellRef::Canon(t) | CellRef::Invalid(t) => Some(t),
        CellRef::Absent => None,
    });
    [Some(row.input()), row.base(), row.error()]
        .into_iter()
        .flatten()
        .chain(cells)
}

/// Whether `hay` contains `needle` (already lowercase), ignoring ASCII case.
fn contains_ignoring_case(hay: &str, needle: &str) -> bool {
    let (hay, needle) = (hay.as_bytes(), needle.as_bytes());
    needle.is_empty()
        || hay
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle))
}

/// Two rows by one column, ascending. A resolver's column puts canonical
/// URLs (sorted) before invalid answers (sorted by reason).
fn compare<'a>(x: &RowRef<'a>, y: &RowRef<'a>, column: SortColumn) -> Ordering {
    match column {
        SortColumn::Line => x.line().cmp(&y.line()),
        SortColumn::Input => x.input().cmp(y.input()),
        SortColumn::Base => x.base().cmp(&y.base()),
        SortColumn::Resolver(k) => {
            let key = |r: &RowRef<'a>| match r.cell(k) {
                CellRef::Canon(t) => (0, t),
                CellRef::Invalid(t) => (1, t),
                CellRef::Absent => (2, ""),
            };
            key(x).cmp(&key(y))
        }
        SortColumn::Notes => x.notes().cmp(y.notes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::Resolver;
    use crate::table::{Cell, Row};

    use super::super::store::SegmentBuilder;

    fn table() -> Table {
        let mut b = SegmentBuilder::new(2);
        let rows = [
            ("b://x", Some("b://x"), Some("b://x"), vec![]),
            ("A://Y", Some("a://y"), None, vec!["n.one"]),
            ("c://z", None, None, vec!["n.two"]),
        ];
        for (i, (input, a, b2, notes)) in rows.into_iter().enumerate() {
            let cell = |c: Option<&str>| match c {
                Some(u) => Cell::Canon(u.to_owned()),
                None => Cell::Invalid("bad".to_owned()),
            };
            b.push(&Row {
                line: i as u64 + 1,
                input: input.to_owned(),
                base: None,
                encoding: "UTF-8",
                cells: vec![cell(a), cell(b2)],
                notes,
                error: None,
            });
        }
        let mut t = Table::new(vec![Resolver::This, Resolver::Whatwg]);
        t.set_segment(0, Arc::new(b.finish()));
        t
    }

    fn lines(t: &Table, filter: Filter, sort: Sort) -> Vec<u64> {
        compute(t.segments(), t.len(), &filter, sort)
            .into_iter()
            .filter_map(|i| t.row(i as usize).map(|r| r.line()))
            .collect()
    }

    #[test]
    fn filters_pick_invalid_disagreeing_noted_and_searched_rows() {
        let t = table();
        let none = Sort::default();
        let f = |only_invalid, only_disagreeing, note: &str, search: &str| Filter {
            only_invalid,
            only_disagreeing,
            note: note.to_owned(),
            search: search.to_owned(),
        };
        assert_eq!(lines(&t, f(true, false, "", ""), none), [2, 3]);
        assert_eq!(lines(&t, f(false, true, "", ""), none), [2]);
        assert_eq!(lines(&t, f(false, false, "n.two", ""), none), [3]);
        assert_eq!(lines(&t, f(false, false, "", "a://y"), none), [2]);
        assert_eq!(lines(&t, f(false, false, "", "BAD"), none), [2, 3]);
    }

    #[test]
    fn sorting_by_a_column_either_way_keeps_ties_in_input_order() {
        let t = table();
        let all = Filter {
            search: ":".to_owned(),
            ..Filter::default()
        };
        let by = |column, descending| Sort { column, descending };
        assert_eq!(
            lines(&t, all.clone(), by(SortColumn::Input, false)),
            [2, 1, 3]
        );
        assert_eq!(
            lines(&t, all.clone(), by(SortColumn::Line, true)),
            [3, 2, 1]
        );
        assert_eq!(
            lines(&t, all.clone(), by(SortColumn::Resolver(1), false)),
            [1, 2, 3]
        );
        assert_eq!(lines(&t, all, by(SortColumn::Resolver(0), true)), [3, 1, 2]);
    }
}
