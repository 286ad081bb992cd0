//! The Batch view's rows, stored compactly: a million rows must fit in a
//! window's memory, and be read back fast enough to draw a screenful, sort
//! and filter.
//!
//! Rows live in [`Segment`]s of [`SEGMENT_ROWS`] rows. A segment keeps all
//! its text in one `String` and refers to it by `Span`s (two `u32`s);
//! note codes and encoding names are `&'static str`s kept once per segment
//! and referred to by a `u16`. Within a row, a canonical URL equal to the
//! input or to another resolver's is stored once; a base equal to the row
//! before's and a reason repeated in the segment are stored once too.
//!
//! A finished segment never changes, so the whole table is a list of
//! `Arc<Segment>` that other threads (sorting, filtering, export) can hold
//! without a lock. Only the last segment may be partial; the job replaces
//! it with a fuller copy until it is full, so row `i` is always in segment
//! `i / SEGMENT_ROWS`.

use std::collections::HashMap;
use std::sync::Arc;

use crate::resolvers::Resolver;
use crate::resolvers::hosts::{self, Verdict};
use crate::resolvers::pair::Pair;
use crate::table::{Cell, Row};

/// Rows per segment (the same as the pipeline's chunks of lines).
pub const SEGMENT_ROWS: usize = crate::table::run::CHUNK_LINES;

/// A piece of a segment's text; `len == NONE` stands for no text at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    start: u32,
    len: u32,
}

const NONE: u32 = u32::MAX;

impl Span {
    const ABSENT: Span = Span {
        start: 0,
        len: NONE,
    };
}

/// Row flags, computed once when the row is stored.
const ERROR: u8 = 1;
const ANY_INVALID: u8 = 2;
const DISAGREES: u8 = 4;

/// One row's fixed part.
#[derive(Clone, Debug)]
struct RowRecord {
    line: u64,
    input: Span,
    base: Span,
    error: Span,
    notes_start: u32,
    notes_len: u16,
    encoding: u16,
    flags: u8,
}

/// One resolver's answer: a canonical URL or a reason, and the host the
/// resolver read (most often a part of the URL's own text, so no copy).
#[derive(Clone, Copy, Debug)]
struct CellRecord {
    text: Span,
    host: Span,
    invalid: bool,
}

/// Counts kept per segment, so the live summary is a sum over segments.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub rows: u64,
    pub error_rows: u64,
    pub valid: Vec<u64>,
    pub invalid: Vec<u64>,
    /// Per pair of resolvers, in [`crate::table::Summary::pairs`] order.
    pub disagreements: Vec<u64>,
    pub disagreeing_rows: u64,
    /// Rows that have a base (their own or the run's): none means the
    /// table's Base column would be empty in every row.
    pub with_base: u64,
}

impl Counts {
    fn new(resolvers: usize) -> Counts {
        Counts {
            valid: vec![0; resolvers],
            invalid: vec![0; resolvers],
            disagreements: vec![0; resolvers * resolvers.saturating_sub(1) / 2],
            ..Counts::default()
        }
    }

    /// Adds another segment's counts.
    pub fn add(&mut self, other: &Counts) {
        self.rows += other.rows;
        self.error_rows += other.error_rows;
        self.disagreeing_rows += other.disagreeing_rows;
        self.with_base += other.with_base;
        for (a, b) in [
            (&mut self.valid, &other.valid),
            (&mut self.invalid, &other.invalid),
            (&mut self.disagreements, &other.disagreements),
        ] {
            if a.len() < b.len() {
                a.resize(b.len(), 0);
            }
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }
}

/// Up to [`SEGMENT_ROWS`] rows and their text.
#[derive(Clone, Debug)]
pub struct Segment {
    resolvers: usize,
    text: String,
    rows: Vec<RowRecord>,
    cells: Vec<CellRecord>,
    notes: Vec<u16>,
    /// Note codes and encoding names, each once.
    names: Vec<&'static str>,
    /// The note codes raised in this segment, each once.
    codes: Vec<&'static str>,
    pub counts: Counts,
}

impl Segment {
    /// An empty segment for rows of `resolvers` cells.
    pub fn new(resolvers: usize) -> Segment {
        Segment {
            resolvers,
            text: String::new(),
            rows: Vec::with_capacity(SEGMENT_ROWS),
            cells: Vec::with_capacity(SEGMENT_ROWS * resolvers),
            notes: Vec::new(),
            names: Vec::new(),
            codes: Vec::new(),
            counts: Counts::new(resolvers),
        }
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Memory held, in bytes (capacities, not lengths).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Segment>()
            + self.text.capacity()
            + self.rows.capacity() * std::mem::size_of::<RowRecord>()
            + self.cells.capacity() * std::mem::size_of::<CellRecord>()
            + self.notes.capacity() * 2
            + self.names.capacity() * std::mem::size_of::<&str>()
    }

    /// The row at `i` within this segment.
    pub fn row(&self, i: usize) -> Option<RowRef<'_>> {
        self.rows.get(i).map(|record| RowRef {
            segment: self,
            record,
            index: i,
        })
    }

    /// Gives back memory the vectors reserved but did not fill.
    pub fn shrink(&mut self) {
        self.text.shrink_to_fit();
        self.rows.shrink_to_fit();
        self.cells.shrink_to_fit();
        self.notes.shrink_to_fit();
    }

    fn text(&self, span: Span) -> Option<&str> {
        if span.len == NONE {
            return None;
        }
        let start = span.start as usize;
        // Spans are made from whole strings pushed here, so they fall on
        // character boundaries; `get` keeps a mistake from being a panic.
        self.text.get(start..start + span.len as usize)
    }

    fn name_index(&mut self, name: &'static str) -> u16 {
        match self.names.iter().position(|&n| n == name) {
            Some(i) => i as u16,
            None => {
                self.names.push(name);
                (self.names.len() - 1) as u16
            }
        }
    }

    fn push_text(&mut self, s: &str) -> Span {
        let start = self.text.len();
        self.text.push_str(s);
        Span {
            start: start as u32,
            len: s.len() as u32,
        }
    }
}

/// Fills a segment row by row, sharing repeated text.
pub struct SegmentBuilder {
    segment: Segment,
    /// Reasons already stored in this segment.
    reasons: HashMap<String, Span>,
}

impl SegmentBuilder {
    pub fn new(resolvers: usize) -> SegmentBuilder {
        SegmentBuilder {
            segment: Segment::new(resolvers),
            reasons: HashMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.segment.len()
    }

    pub fn is_empty(&self) -> bool {
        self.segment.is_empty()
    }

    /// Whether another row fits: a segment holds [`SEGMENT_ROWS`] rows, and
    /// its text stays well inside what a `u32` span can address.
    pub fn is_full(&self) -> bool {
        self.segment.len() >= SEGMENT_ROWS || self.segment.text.len() >= (1 << 30)
    }

    /// The segment so far (a copy; the builder goes on).
    pub fn snapshot(&self) -> Segment {
        let mut s = self.segment.clone();
        s.shrink();
        s
    }

    /// The segment, finished.
    pub fn finish(self) -> Segment {
        let mut s = self.segment;
        s.shrink();
        s
    }

    /// Stores one row.
    pub fn push(&mut self, row: &Row) {
        let s = &mut self.segment;
        let input = s.push_text(&row.input);
        let base = match row.base.as_deref() {
            None => Span::ABSENT,
            Some(b) => match s.rows.last() {
                Some(prev) if s.text(prev.base) == Some(b) => prev.base,
                _ => s.push_text(b),
            },
        };
        let error = match row.error.as_deref() {
            None => Span::ABSENT,
            Some(e) => s.push_text(e),
        };
        let first_cell = s.cells.len();
        for (k, cell) in row.cells.iter().enumerate() {
            let record = match cell {
                Cell::Canon(c) => {
                    let earlier = (first_cell..s.cells.len())
                        .map(|k| s.cells[k])
                        .find(|r| !r.invalid && s.text(r.text) == Some(c.as_str()));
                    let text = match earlier {
                        Some(r) => r.text,
                        None if *c == row.input => input,
                        None => s.push_text(c),
                    };
                    let host = match row.hosts.get(k).and_then(Option::as_deref) {
                        None => Span::ABSENT,
                        Some(h) => match c.find(h) {
                            Some(at) => Span {
                                start: text.start + at as u32,
                                len: h.len() as u32,
                            },
                            None => s.push_text(h),
                        },
                    };
                    CellRecord {
                        text,
                        host,
                        invalid: false,
                    }
                }
                Cell::Invalid(why) => {
                    let text = match self.reasons.get(why.as_str()) {
                        Some(&span) => span,
                        None => {
                            let span = s.push_text(why);
                            self.reasons.insert(why.clone(), span);
                            span
                        }
                    };
                    CellRecord {
                        text,
                        host: Span::ABSENT,
                        invalid: true,
                    }
                }
            };
            s.cells.push(record);
        }
        // An error row has no cells; keep the grid regular.
        for _ in row.cells.len()..s.resolvers {
            s.cells.push(CellRecord {
                text: Span::ABSENT,
                host: Span::ABSENT,
                invalid: false,
            });
        }
        s.cells.truncate(first_cell + s.resolvers);
        let notes_start = s.notes.len() as u32;
        let notes_len = row.notes.len().min(u16::MAX as usize);
        for &code in &row.notes[..notes_len] {
            let i = s.name_index(code);
            s.notes.push(i);
            if !s.codes.contains(&code) {
                s.codes.push(code);
            }
        }
        let encoding = s.name_index(row.encoding);
        let mut flags = 0;
        if row.is_error() {
            flags |= ERROR;
        }
        if row.any_invalid() {
            flags |= ANY_INVALID;
        }
        if row.disagrees() {
            flags |= DISAGREES;
        }
        count(&mut s.counts, row);
        s.rows.push(RowRecord {
            line: row.line,
            input,
            base,
            error,
            notes_start,
            notes_len: notes_len as u16,
            encoding,
            flags,
        });
    }
}

/// Counts one row into a segment's counts.
fn count(c: &mut Counts, row: &Row) {
    c.rows += 1;
    if row.base.as_deref().is_some_and(|b| !b.is_empty()) {
        c.with_base += 1;
    }
    if row.is_error() {
        c.error_rows += 1;
        return;
    }
    for (i, cell) in row.cells.iter().enumerate().take(c.valid.len()) {
        match cell {
            Cell::Canon(_) => c.valid[i] += 1,
            Cell::Invalid(_) => c.invalid[i] += 1,
        }
    }
    let n = c.valid.len();
    let mut k = 0;
    let mut any = false;
    for a in 0..n {
        for b in a + 1..n {
            if row.pair_disagrees(a, b) {
                c.disagreements[k] += 1;
                any = true;
            }
            k += 1;
        }
    }
    c.disagreeing_rows += u64::from(any);
}

/// One stored row, read back.
#[derive(Clone, Copy)]
pub struct RowRef<'a> {
    segment: &'a Segment,
    record: &'a RowRecord,
    index: usize,
}

/// One resolver's answer, read back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellRef<'a> {
    Canon(&'a str),
    Invalid(&'a str),
    /// An error row has no answers.
    Absent,
}

impl<'a> RowRef<'a> {
    pub fn line(&self) -> u64 {
        self.record.line
    }

    pub fn input(&self) -> &'a str {
        self.segment.text(self.record.input).unwrap_or("")
    }

    pub fn base(&self) -> Option<&'a str> {
        self.segment.text(self.record.base)
    }

    /// Why the line could not be read, for an error row.
    pub fn error(&self) -> Option<&'a str> {
        self.segment.text(self.record.error)
    }

    pub fn encoding(&self) -> &'static str {
        self.segment
            .names
            .get(self.record.encoding as usize)
            .copied()
            .unwrap_or("")
    }

    /// Resolver `k`'s answer (in the table's resolver order).
    pub fn cell(&self, k: usize) -> CellRef<'a> {
        let s = self.segment;
        if k >= s.resolvers {
            return CellRef::Absent;
        }
        match s.cells.get(self.index * s.resolvers + k) {
            Some(c) if c.text.len == NONE => CellRef::Absent,
            Some(c) => {
                let text = s.text(c.text).unwrap_or("");
                if c.invalid {
                    CellRef::Invalid(text)
                } else {
                    CellRef::Canon(text)
                }
            }
            None => CellRef::Absent,
        }
    }

    /// How many resolvers' answers the row's table has.
    pub fn cells_len(&self) -> usize {
        self.segment.resolvers
    }

    /// The host resolver `k`'s answer names, if valid and it has one.
    pub fn host(&self, k: usize) -> Option<&'a str> {
        let s = self.segment;
        if k >= s.resolvers {
            return None;
        }
        let c = s.cells.get(self.index * s.resolvers + k)?;
        s.text(c.host)
    }

    /// Whether the resolvers would connect to the same host (see
    /// [`crate::resolvers::hosts`]).
    pub fn host_verdict(&self) -> Verdict {
        hosts::verdict((0..self.segment.resolvers).map(|k| self.host(k)))
    }

    /// The verdict of the pair whose check and fetch are the resolvers at
    /// these indexes; `None` for a line that could not be read.
    pub fn pair_verdict(&self, (check, fetch): (usize, usize)) -> Option<Verdict> {
        (!self.is_error()).then(|| hosts::verdict([self.host(check), self.host(fetch)]))
    }

    /// The note codes raised, in the order first raised.
    pub fn notes(&self) -> impl Iterator<Item = &'static str> + 'a {
        let s = self.segment;
        let start = self.record.notes_start as usize;
        let end = start + self.record.notes_len as usize;
        s.notes
            .get(start..end)
            .unwrap_or(&[])
            .iter()
            .filter_map(|&i| s.names.get(i as usize).copied())
    }

    pub fn is_error(&self) -> bool {
        self.record.flags & ERROR != 0
    }

    pub fn any_invalid(&self) -> bool {
        self.record.flags & ANY_INVALID != 0
    }

    pub fn disagrees(&self) -> bool {
        self.record.flags & DISAGREES != 0
    }

    /// The row as the table's writers take it (for export).
    pub fn to_row(&self) -> Row {
        let cells = (0..self.segment.resolvers)
            .filter_map(|k| match self.cell(k) {
                CellRef::Canon(c) => Some(Cell::Canon(c.to_owned())),
                CellRef::Invalid(w) => Some(Cell::Invalid(w.to_owned())),
                CellRef::Absent => None,
            })
            .collect::<Vec<Cell>>();
        let cells_len = cells.len();
        Row {
            line: self.line(),
            input: self.input().to_owned(),
            base: self.base().map(str::to_owned),
            encoding: self.encoding(),
            cells,
            hosts: (0..cells_len)
                .map(|k| self.host(k).map(str::to_owned))
                .collect(),
            notes: self.notes().collect(),
            error: self.error().map(str::to_owned),
        }
    }
}

/// All rows of one run, as shared segments.
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub resolvers: Vec<Resolver>,
    /// The pair of the run, as indexes of its check and fetch among
    /// `resolvers`.
    pub pair: Option<(usize, usize)>,
    segments: Vec<Arc<Segment>>,
    rows: usize,
}

impl Table {
    pub fn new(resolvers: Vec<Resolver>) -> Table {
        Table {
            resolvers,
            pair: None,
            segments: Vec::new(),
            rows: 0,
        }
    }

    /// A table of `resolvers` with `pair`'s column, when both of its
    /// resolvers are among them.
    pub fn with_pair(resolvers: Vec<Resolver>, pair: Option<Pair>) -> Table {
        let pair = pair.and_then(|p| crate::table::write::pair_indexes(&resolvers, p));
        Table {
            pair,
            ..Table::new(resolvers)
        }
    }

    /// The pair of the run, by its resolvers.
    pub fn pair_resolvers(&self) -> Option<Pair> {
        let (check, fetch) = self.pair?;
        Some(Pair {
            check: *self.resolvers.get(check)?,
            fetch: *self.resolvers.get(fetch)?,
        })
    }

    pub fn len(&self) -> usize {
        self.rows
    }

    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Row `i`, in input order.
    pub fn row(&self, i: usize) -> Option<RowRef<'_>> {
        self.segments.get(i / SEGMENT_ROWS)?.row(i % SEGMENT_ROWS)
    }

    /// Puts segment `index` in place: a new last one, or a fuller copy of
    /// the partial last one. Anything else is out of order and ignored.
    pub fn set_segment(&mut self, index: usize, segment: Arc<Segment>) {
        if index == self.segments.len() {
            self.rows += segment.len();
            self.segments.push(segment);
        } else if index + 1 == self.segments.len() {
            self.rows = self.rows - self.segments[index].len() + segment.len();
            self.segments[index] = segment;
        }
    }

    /// The segments, for a thread that reads the rows (cheap to clone).
    pub fn segments(&self) -> &[Arc<Segment>] {
        &self.segments
    }

    /// Memory held by the rows, in bytes.
    pub fn bytes(&self) -> usize {
        self.segments.iter().map(|s| s.bytes()).sum()
    }

    /// The counts of all rows stored.
    pub fn counts(&self) -> Counts {
        let mut total = Counts::new(self.resolvers.len());
        for s in &self.segments {
            total.add(&s.counts);
        }
        total
    }

    /// The note codes that occur in the table, sorted.
    pub fn note_codes(&self) -> Vec<&'static str> {
        let mut codes: Vec<&'static str> = Vec::new();
        for s in &self.segments {
            for code in &s.codes {
                if !codes.contains(code) {
                    codes.push(code);
                }
            }
        }
        codes.sort_unstable();
        codes
    }
}

/// Row `i` of a list of segments (what a helper thread holds).
pub fn row_of(segments: &[Arc<Segment>], i: usize) -> Option<RowRef<'_>> {
    segments.get(i / SEGMENT_ROWS)?.row(i % SEGMENT_ROWS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(line: u64, input: &str, cells: Vec<Cell>, notes: Vec<&'static str>) -> Row {
        // Every valid answer's host is "a" (found in its URL, or kept apart
        // where the URL does not hold it as written).
        let hosts = cells
            .iter()
            .map(|c| c.canon().map(|_| "a".to_owned()))
            .collect();
        Row {
            line,
            input: input.to_owned(),
            base: Some("http://b/".to_owned()),
            encoding: "UTF-8",
            cells,
            hosts,
            notes,
            error: None,
        }
    }

    #[test]
    fn rows_read_back_as_they_were_stored_and_share_text() {
        let mut b = SegmentBuilder::new(3);
        let first = row(
            1,
            "http://a/",
            vec![
                Cell::Canon("http://a/".to_owned()),
                Cell::Canon("http://a/".to_owned()),
                Cell::Invalid("bad port".to_owned()),
            ],
            vec!["x.y", "z"],
        );
        let second = row(
            2,
            "HTTP://A/%7e",
            vec![
                Cell::Canon("http://a/~".to_owned()),
                Cell::Canon("http://a/%7e".to_owned()),
                Cell::Invalid("bad port".to_owned()),
            ],
            vec!["z"],
        );
        let error = Row {
            line: 3,
            input: "{oops".to_owned(),
            base: None,
            encoding: "",
            cells: Vec::new(),
            hosts: Vec::new(),
            notes: Vec::new(),
            error: Some("not JSON".to_owned()),
        };
        for r in [&first, &second, &error] {
            b.push(r);
        }
        let s = b.finish();
        assert_eq!(s.row(0).map(|r| r.to_row()), Some(first));
        assert_eq!(s.row(1).map(|r| r.to_row()), Some(second));
        assert_eq!(s.row(2).map(|r| r.to_row()), Some(error));
        // Input, base, one reason, one more canonical URL, the error text:
        // the shared canonical URLs, base and reason are stored once.
        let expected = "http://a/".len() * 2
            + "bad port".len()
            + "HTTP://A/%7e".len()
            + "http://a/~".len()
            + "http://a/%7e".len()
            + "{oops".len()
            + "not JSON".len();
        assert_eq!(s.text.len(), expected);
        let r = s.row(1).expect("row 2");
        assert!(r.disagrees() && r.any_invalid() && !r.is_error());
        assert!(s.row(2).is_some_and(|r| r.is_error() && !r.disagrees()));
        assert_eq!(s.counts.valid, [2, 2, 0]);
        assert_eq!(s.counts.disagreements, [1, 2, 2]);
        assert_eq!(s.counts.error_rows, 1);
    }

    #[test]
    fn a_table_finds_rows_across_segments_and_takes_a_fuller_last_one() {
        let mut table = Table::new(vec![Resolver::This]);
        let make = |from: u64, n: u64| {
            let mut b = SegmentBuilder::new(1);
            for line in from..from + n {
                let input = format!("http://h/{line}");
                b.push(&row(line, &input, vec![Cell::Canon(input.clone())], vec![]));
            }
            Arc::new(b.finish())
        };
        table.set_segment(0, make(1, SEGMENT_ROWS as u64));
        table.set_segment(1, make(SEGMENT_ROWS as u64 + 1, 3));
        table.set_segment(1, make(SEGMENT_ROWS as u64 + 1, 5));
        table.set_segment(7, make(1, 1)); // out of order: ignored
        assert_eq!(table.len(), SEGMENT_ROWS + 5);
        let last = table.row(SEGMENT_ROWS + 4).expect("the last row");
        assert_eq!(last.line(), SEGMENT_ROWS as u64 + 5);
        assert_eq!(last.cell(0), CellRef::Canon(last.input()));
        assert!(table.row(SEGMENT_ROWS + 5).is_none());
        assert_eq!(table.counts().valid, [SEGMENT_ROWS as u64 + 5]);
    }
}
