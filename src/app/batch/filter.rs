//! Which rows the table shows, in which order: the filters (only invalid,
//! only disagreeing, a note code, a text search) and the sort; and, when a
//! filter is on, the summary of the rows it shows, so the counts beside
//! the table are the table's. A line that could not be read is always
//! shown by the invalid and disagreement filters: it is the row a person
//! must not miss.
//!
//! With no filter and input order the view is the table itself. Otherwise
//! the list of row numbers is computed on a thread of its own from the
//! table's shared segments (a million rows take a moment to search or sort,
//! far more than a frame), and the window shows the previous list until the
//! new one arrives. While a job adds rows, the list is redone at most every
//! [`REDO_EVERY`]. One list is computed at a time: when the filter changes
//! under a computation, that one is cancelled and the newest filter is
//! computed once it has stopped, so typing into the search never piles up
//! threads that compete for the cores.

use std::cmp::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::note_names::{note_name, note_text};
use super::runner::{Progress, Task};
use super::settings::{Filter, HostFilter, Sort, SortColumn};
use super::store::{CellRef, RowRef, Segment, Table, row_of};
use crate::resolvers::hosts::Verdict;
use crate::resolvers::pair::Pair;
use crate::table::Summary;

/// How often a filtered or sorted view follows a growing table.
pub const REDO_EVERY: Duration = Duration::from_millis(700);

/// What a list of row numbers was made for.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    filter: Filter,
    sort: Sort,
    rows: usize,
    /// The table's pair, as indexes of its check and fetch.
    pair: Option<(usize, usize)>,
}

/// A list of rows shown, when a filter made it their summary, and when
/// grouped the number of groups.
type Shown = (Vec<u32>, Option<Summary>, Option<usize>);

/// The rows shown, in order.
#[derive(Default)]
pub struct ViewIndex {
    /// `None`: every row, in input order.
    rows: Option<Arc<Vec<u32>>>,
    /// The summary of the rows shown, when a filter is on.
    summary: Option<Arc<Summary>>,
    /// The number of groups, when grouped by a resolver.
    groups: Option<usize>,
    made_for: Option<Key>,
    /// The list being computed; its result is `None` when it was cancelled.
    pending: Option<(Key, Task<Option<Shown>>)>,
    last_start: Option<Instant>,
}

impl ViewIndex {
    /// Brings the list up to date with the table, the filter and the sort
    /// (starting a computation when needed); call once per frame.
    pub fn update(&mut self, table: &Table, filter: &Filter, sort: Sort, ctx: &egui::Context) {
        if let Some((key, task)) = &mut self.pending
            && let Some(done) = task.poll()
        {
            if let Some((rows, summary, groups)) = done {
                self.rows = Some(Arc::new(rows));
                self.summary = summary.map(Arc::new);
                self.groups = groups;
                self.made_for = Some(key.clone());
            }
            self.pending = None;
        }
        if filter.is_empty() && sort.is_input_order() {
            self.rows = None;
            self.summary = None;
            self.groups = None;
            self.made_for = None;
            self.cancel_pending();
            return;
        }
        let wanted = Key {
            filter: filter.clone(),
            sort,
            rows: table.len(),
            pair: table.pair,
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
        if self.pending.is_some() {
            // Its task repaints when it has stopped; the wanted list is
            // started then.
            self.cancel_pending();
            return;
        }
        self.start(table, wanted, ctx);
    }

    /// Asks the list being computed to stop (its result will be dropped).
    fn cancel_pending(&self) {
        if let Some((_, task)) = &self.pending {
            task.cancel();
        }
    }

    fn start(&mut self, table: &Table, key: Key, ctx: &egui::Context) {
        let segments: Vec<Arc<Segment>> = table.segments().to_vec();
        let resolvers = table.resolvers.clone();
        let (filter, sort, rows, pair) = (key.filter.clone(), key.sort, key.rows, key.pair);
        let progress = Arc::new(Progress::default());
        let task = Task::spawn("batch-filter", progress, ctx, move |progress| {
            let (list, groups) = compute(&segments, rows, &filter, pair, sort, progress)?;
            let summary = (!filter.is_empty())
                .then(|| summarize(&segments, &resolvers, &list, progress))
                .flatten();
            Some((list, summary, groups))
        });
        if let Ok(task) = task {
            self.pending = Some((key, task));
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

    /// The summary of the rows shown, when a filter is on (`None`: every
    /// row is shown, and the table's own counts are theirs).
    pub fn shown_summary(&self) -> Option<&Summary> {
        self.summary.as_deref()
    }

    /// The number of groups of the rows shown, when grouped by a
    /// resolver's canonical form.
    pub fn groups(&self) -> Option<usize> {
        self.groups
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
    pair: Option<Pair>,
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
        let label = ui.label("hosts:");
        egui::ComboBox::from_id_salt("batch-hosts")
            .selected_text(filter.hosts.label())
            .show_ui(ui, |ui| {
                for choice in HostFilter::ALL {
                    ui.selectable_value(&mut filter.hosts, choice, choice.label());
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(
                "Rows on which the resolvers would connect to different hosts (a filter reading \
                 one host lets a client connect to another), or write one host differently \
                 (a filter comparing strings is fooled)",
            );
        if let Some(p) = pair {
            ui.checkbox(&mut filter.through, "only getting through")
                .on_hover_text(format!(
                    "Rows that get through the pair: {} and {} both accept the URL and name \
                     different hosts, so a check on the one's host lets the other connect \
                     elsewhere",
                    p.check.label(),
                    p.fetch.label()
                ));
        }
        let label = ui.label("note:");
        let shown_note = if filter.note.is_empty() {
            "any".to_owned()
        } else {
            note_name(&filter.note)
        };
        egui::ComboBox::from_id_salt("batch-note")
            .selected_text(shown_note)
            .width(180.0)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.note, String::new(), "any");
                for code in codes {
                    ui.selectable_value(&mut filter.note, (*code).to_owned(), note_name(code))
                        .on_hover_text(note_text(code));
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
        ui.add(egui::Label::new(format!("{} of {} rows shown", n(shown), n(total))).extend());
        if pending {
            ui.spinner();
        }
    });
}

/// The rows of `segments` (the first `rows`) that pass `filter`, sorted,
/// and when grouped the number of groups; `None` when `progress` was
/// cancelled (the rows are then skipped, not looked at, so a stale
/// computation ends soon).
fn compute(
    segments: &[Arc<Segment>],
    rows: usize,
    filter: &Filter,
    pair: Option<(usize, usize)>,
    sort: Sort,
    progress: &Progress,
) -> Option<(Vec<u32>, Option<usize>)> {
    let needle = filter.search.to_ascii_lowercase();
    let mut list: Vec<u32> = (0..rows)
        .into_par_iter()
        .filter(|&i| {
            !progress.is_cancelled()
                && row_of(segments, i).is_some_and(|r| passes(&r, filter, pair, &needle))
        })
        .map(|i| i as u32)
        .collect();
    if progress.is_cancelled() {
        return None;
    }
    if let SortColumn::Group(k) = sort.column {
        let groups = super::group_by::group(segments, &mut list, k, sort.descending);
        return (!progress.is_cancelled()).then_some((list, Some(groups)));
    }
    if !sort.is_input_order() {
        list.par_sort_by(|&a, &b| {
            let (Some(x), Some(y)) = (row_of(segments, a as usize), row_of(segments, b as usize))
            else {
                return Ordering::Equal;
            };
            // Ties keep input order, whichever the direction.
            let by_column = compare(&x, &y, sort.column, pair);
            let ordered = if sort.descending {
                by_column.reverse()
            } else {
                by_column
            };
            ordered.then(a.cmp(&b))
        });
    }
    (!progress.is_cancelled()).then_some((list, None))
}

/// The summary of rows `list` (counted as the run counts rows); `None`
/// when `progress` was cancelled.
fn summarize(
    segments: &[Arc<Segment>],
    resolvers: &[crate::resolvers::Resolver],
    list: &[u32],
    progress: &Progress,
) -> Option<Summary> {
    let mut summary = Summary::new(resolvers);
    for chunk in list.chunks(4096) {
        if progress.is_cancelled() {
            return None;
        }
        let rows: Vec<_> = chunk
            .iter()
            .filter_map(|&i| row_of(segments, i as usize).map(|r| r.to_row()))
            .collect();
        summary.add_rows(&rows);
    }
    Some(summary)
}

/// Whether `row` passes `filter` (`needle` is the search text, lowercased;
/// `pair` the table's pair, as indexes of its check and fetch). A line
/// that could not be read passes the invalid and disagreement filters: a
/// person filtering for trouble must see it.
pub fn passes(
    row: &RowRef<'_>,
    filter: &Filter,
    pair: Option<(usize, usize)>,
    needle: &str,
) -> bool {
    if filter.through && !pair.is_some_and(|p| row.pair_verdict(p) == Some(Verdict::Confusion)) {
        return false;
    }
    if filter.only_invalid && !(row.any_invalid() || row.is_error()) {
        return false;
    }
    if filter.only_disagreeing && !(row.disagrees() || row.is_error()) {
        return false;
    }
    if !filter.note.is_empty() && !row.notes().any(|n| n == filter.note) {
        return false;
    }
    let hosts_pass = match filter.hosts {
        HostFilter::Any => true,
        HostFilter::NotAgreed => row.host_verdict() != Verdict::Agree,
        HostFilter::Confusion => row.host_verdict() == Verdict::Confusion,
    };
    if !hosts_pass && !row.is_error() {
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
/// URLs (sorted) before invalid answers (sorted by reason); the pair's
/// column puts the rows that get through first.
fn compare<'a>(
    x: &RowRef<'a>,
    y: &RowRef<'a>,
    column: SortColumn,
    pair: Option<(usize, usize)>,
) -> Ordering {
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
        SortColumn::Host(k) => x.host(k).cmp(&y.host(k)),
        SortColumn::Notes => x.notes().cmp(y.notes()),
        // Grouping is done apart ([`super::group_by::group`]); as a plain
        // sort it orders like the resolver's column.
        SortColumn::Group(k) => compare(x, y, SortColumn::Resolver(k), pair),
        SortColumn::Pair => {
            let key = |r: &RowRef<'a>| match pair.and_then(|p| r.pair_verdict(p)) {
                Some(Verdict::Confusion) => 0,
                Some(Verdict::Spelling) => 1,
                Some(Verdict::Agree) => 2,
                None => 3,
            };
            key(x).cmp(&key(y))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::Resolver;
    use crate::table::{Cell, Row};

    use super::super::runner::Shared;
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
                hosts: Vec::new(),
                notes,
                error: None,
            });
        }
        let mut t = Table::new(vec![Resolver::This, Resolver::Whatwg]);
        t.set_segment(0, Arc::new(b.finish()));
        t
    }

    /// Rows whose two resolvers name hosts: the same, spelled two ways,
    /// different.
    fn hosts_table() -> Table {
        let mut b = SegmentBuilder::new(2);
        let rows = [
            ("http://a.com/", "a.com", "a.com"),
            ("http://0x7f.1/", "127.0.0.1", "0x7f.1"),
            ("http://good.com\\@evil.com/", "good.com", "evil.com"),
        ];
        for (i, (input, h1, h2)) in rows.into_iter().enumerate() {
            b.push(&Row {
                line: i as u64 + 1,
                input: input.to_owned(),
                base: None,
                encoding: "UTF-8",
                cells: vec![Cell::Canon(input.to_owned()), Cell::Canon(input.to_owned())],
                hosts: vec![Some(h1.to_owned()), Some(h2.to_owned())],
                notes: Vec::new(),
                error: None,
            });
        }
        let mut t = Table::new(vec![Resolver::Whatwg, Resolver::Python]);
        t.set_segment(0, Arc::new(b.finish()));
        t
    }

    #[test]
    fn the_hosts_filter_keeps_rows_by_verdict() {
        let t = hosts_table();
        let f = |hosts| Filter {
            hosts,
            ..Filter::default()
        };
        let none = Sort::default();
        assert_eq!(lines(&t, f(HostFilter::Any), none), [1, 2, 3]);
        assert_eq!(lines(&t, f(HostFilter::NotAgreed), none), [2, 3]);
        assert_eq!(lines(&t, f(HostFilter::Confusion), none), [3]);
    }

    fn lines(t: &Table, filter: Filter, sort: Sort) -> Vec<u64> {
        compute(
            t.segments(),
            t.len(),
            &filter,
            None,
            sort,
            &Progress::default(),
        )
        .unwrap_or_default()
        .0
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
            hosts: HostFilter::Any,
            through: false,
        };
        assert_eq!(lines(&t, f(true, false, "", ""), none), [2, 3]);
        assert_eq!(lines(&t, f(false, true, "", ""), none), [2]);
        assert_eq!(lines(&t, f(false, false, "n.two", ""), none), [3]);
        assert_eq!(lines(&t, f(false, false, "", "a://y"), none), [2]);
        assert_eq!(lines(&t, f(false, false, "", "BAD"), none), [2, 3]);
    }

    #[test]
    fn a_cancelled_computation_gives_no_list() {
        let t = table();
        let progress = Progress::default();
        progress.cancel();
        let all = Filter {
            search: ":".to_owned(),
            ..Filter::default()
        };
        let sort = Sort {
            column: SortColumn::Input,
            descending: false,
        };
        assert_eq!(
            compute(t.segments(), t.len(), &all, None, sort, &progress),
            None
        );
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
