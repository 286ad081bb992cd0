//! Deduping: the rows grouped by one resolver's canonical form (`table
//! --group-by RESOLVER`, the Batch view's "Group by").
//!
//! Two rows are in one group when the resolver gives both the same
//! canonical string (for `surt`, the same SURT; for `w3lib`, the same
//! fingerprinted URL). A row the resolver refuses, or an unreadable line,
//! is in no group: such rows come after every group, counted apart.
//!
//! The groups are written largest first (ties: the group met first in the
//! input first), each group's rows in input order, every row led by two
//! columns: `group`, the group's number in that order from 1, and
//! `group_size`. (In JSON Lines, the two keys lead each object; a row in
//! no group has `null` for both, and empty fields in CSV and TSV.)
//!
//! Nothing can be written before the last row is read, so the written
//! rows are kept, as the bytes they will be written as, one buffer per
//! chunk: memory grows with the output (about 100 to 200 bytes a row per
//! resolver column), unlike a plain `table` run.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};

use super::Row;
use super::run::{Control, RunError, RunOptions, run_chunks};
use super::summary::Summary;
use super::write::{OutputFormat, RowWriter};

/// What the grouping found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grouped {
    /// The rows written.
    pub rows: u64,
    /// The groups: distinct canonical forms among the written rows.
    pub groups: u64,
    /// The written rows in no group (refused, or unreadable lines).
    pub ungrouped: u64,
    /// The size of the largest group.
    pub largest: u64,
    /// The canonical form of the largest group.
    pub largest_key: Option<String>,
}

/// One chunk's kept rows, made on its worker: the bytes each row will be
/// written as (without the two leading group columns), where each ends,
/// and each row's key.
struct ChunkRows {
    bytes: Vec<u8>,
    ends: Vec<usize>,
    keys: Vec<Option<String>>,
}

/// How to group and write: by the resolver at index `by` in the run's
/// resolvers, in `format`.
#[derive(Clone, Copy, Debug)]
pub struct Grouping {
    pub by: usize,
    pub format: OutputFormat,
}

/// Runs the table on `source` and writes the rows `keep` accepts to `out`
/// grouped as `grouping` says (see the module docs); `after_chunk` is
/// called after each chunk is read (for progress).
pub fn write_grouped<R: BufRead + Send, W: Write>(
    source: R,
    options: &RunOptions,
    control: &Control,
    grouping: Grouping,
    keep: &(dyn Fn(&Row) -> bool + Sync),
    mut out: W,
    mut after_chunk: impl FnMut(),
) -> Result<(Summary, Grouped, W), RunError> {
    let Grouping { by, format } = grouping;
    let resolvers = &options.resolvers;
    let header = RowWriter::with_pair(Vec::new(), format, resolvers, options.pair)
        .and_then(RowWriter::into_inner)
        .map_err(RunError::Sink)?;
    let mut chunks: Vec<ChunkRows> = Vec::new();
    let summary = run_chunks(
        source,
        options,
        control,
        |rows| chunk_rows(&rows, format, options, by, keep),
        |chunk| {
            chunks.push(chunk?);
            after_chunk();
            Ok(())
        },
    )?;

    // Each row's group, numbered as first met; then the groups' order.
    let mut index: HashMap<&str, u32, foldhash::fast::RandomState> = HashMap::default();
    let mut sizes: Vec<u64> = Vec::new();
    let mut first_keys: Vec<&str> = Vec::new();
    let mut group_of: Vec<Option<u32>> = Vec::new();
    for chunk in &chunks {
        for key in &chunk.keys {
            group_of.push(key.as_deref().map(|k| {
                let next = sizes.len() as u32;
                let g = *index.entry(k).or_insert(next);
                if g == next {
                    sizes.push(0);
                    first_keys.push(k);
                }
                sizes[g as usize] += 1;
                g
            }));
        }
    }
    let mut order: Vec<u32> = (0..sizes.len() as u32).collect();
    order.sort_by(|&a, &b| sizes[b as usize].cmp(&sizes[a as usize]).then(a.cmp(&b)));
    let mut number = vec![0u32; sizes.len()];
    for (n, &g) in order.iter().enumerate() {
        number[g as usize] = n as u32 + 1;
    }
    // The rows' places in the output: by group number, then input order;
    // the rows in no group last.
    let mut placed: Vec<(u32, u32)> = group_of
        .iter()
        .enumerate()
        .map(|(i, g)| (g.map_or(u32::MAX, |g| number[g as usize]), i as u32))
        .collect();
    placed.sort_unstable();

    let mut spans: Vec<(usize, usize, usize)> = Vec::with_capacity(group_of.len());
    for (c, chunk) in chunks.iter().enumerate() {
        let mut start = 0;
        for &end in &chunk.ends {
            spans.push((c, start, end));
            start = end;
        }
    }
    let lead = Lead::of(format);
    out.write_all(&lead.header(&header))
        .map_err(RunError::Sink)?;
    let mut line = Vec::new();
    for &(n, i) in &placed {
        let (c, start, end) = spans[i as usize];
        let row = &chunks[c].bytes[start..end];
        let size = group_of[i as usize].map(|g| sizes[g as usize]);
        line.clear();
        lead.row(&mut line, (n != u32::MAX).then_some(n), size, row);
        out.write_all(&line).map_err(RunError::Sink)?;
    }
    out.flush().map_err(RunError::Sink)?;

    let largest = order.first().map(|&g| g as usize);
    let grouped = Grouped {
        rows: group_of.len() as u64,
        groups: sizes.len() as u64,
        ungrouped: group_of.iter().filter(|g| g.is_none()).count() as u64,
        largest: largest.map_or(0, |g| sizes[g]),
        largest_key: largest.map(|g| first_keys[g].to_owned()),
    };
    Ok((summary, grouped, out))
}

/// A chunk's kept rows as [`ChunkRows`].
fn chunk_rows(
    rows: &[Row],
    format: OutputFormat,
    options: &RunOptions,
    by: usize,
    keep: &(dyn Fn(&Row) -> bool + Sync),
) -> io::Result<ChunkRows> {
    let mut writer = RowWriter::headless(
        Vec::with_capacity(rows.len() * 160),
        format,
        &options.resolvers,
        options.pair,
    );
    let mut ends = Vec::with_capacity(rows.len());
    let mut keys = Vec::with_capacity(rows.len());
    for row in rows.iter().filter(|row| keep(row)) {
        writer.write(row)?;
        writer.flush()?;
        ends.push(writer.written());
        keys.push(
            row.cells
                .get(by)
                .and_then(|c| c.canon())
                .filter(|_| row.error.is_none())
                .map(str::to_owned),
        );
    }
    Ok(ChunkRows {
        bytes: writer.into_inner()?,
        ends,
        keys,
    })
}

/// How the two group columns lead a row in each format.
#[derive(Clone, Copy)]
enum Lead {
    Delimited(u8),
    Json,
}

impl Lead {
    fn of(format: OutputFormat) -> Lead {
        match format {
            OutputFormat::Csv => Lead::Delimited(b','),
            OutputFormat::Tsv => Lead::Delimited(b'\t'),
            OutputFormat::Jsonl => Lead::Json,
        }
    }

    /// The header with the two columns in front (JSON Lines has none).
    fn header(self, header: &[u8]) -> Vec<u8> {
        match self {
            Lead::Json => Vec::new(),
            Lead::Delimited(d) => {
                let mut h = Vec::with_capacity(header.len() + 20);
                h.extend_from_slice(b"group");
                h.push(d);
                h.extend_from_slice(b"group_size");
                h.push(d);
                h.extend_from_slice(header);
                h
            }
        }
    }

    /// `row` (as written without the columns) with them in front.
    fn row(self, out: &mut Vec<u8>, number: Option<u32>, size: Option<u64>, row: &[u8]) {
        let mut itoa = itoa::Buffer::new();
        match self {
            Lead::Delimited(d) => {
                if let Some(n) = number {
                    out.extend_from_slice(itoa.format(n).as_bytes());
                }
                out.push(d);
                if let Some(s) = size {
                    out.extend_from_slice(itoa.format(s).as_bytes());
                }
                out.push(d);
                out.extend_from_slice(row);
            }
            Lead::Json => {
                out.extend_from_slice(b"{\"group\":");
                match number {
                    Some(n) => out.extend_from_slice(itoa.format(n).as_bytes()),
                    None => out.extend_from_slice(b"null"),
                }
                out.extend_from_slice(b",\"group_size\":");
                match size {
                    Some(s) => out.extend_from_slice(itoa.format(s).as_bytes()),
                    None => out.extend_from_slice(b"null"),
                }
                // The row's object without its opening brace.
                out.push(b',');
                out.extend_from_slice(row.strip_prefix(b"{").unwrap_or(row));
            }
        }
    }
}
