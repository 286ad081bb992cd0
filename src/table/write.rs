//! Writing rows: CSV (RFC 4180, through the `csv` crate), TSV (the same
//! with tabs) and JSON Lines, all with the same columns in the same order.
//!
//! | column | holds |
//! |---|---|
//! | `line` | the input line number, from 1 |
//! | `input` | the input (an error row: the line's text) |
//! | `base` | the base used (empty / `null`: none) |
//! | `encoding` | the query encoding used (empty for an error row) |
//! | `R`, `R_error` for each resolver R | the canonical URL, or why the input is invalid (the other is empty / `null`) |
//! | `notes` | the codes of the notes raised (CSV, TSV: separated by spaces; JSON: an array) |
//! | `hosts` | whether the resolvers would connect to the same host: `agree`, `spelling` or `confusion` (empty / `null` for an error row) |
//! | `pair` | only with a pair of resolvers (the one that checks, the one that fetches): the two's verdict by the same rules; `confusion` is a URL that gets through the pair |
//! | `error` | why the line could not be read (empty / `null` unless an error row) |

use std::fmt;
use std::io::{self, BufRead, Write};

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::resolvers::Resolver;
use crate::resolvers::pair::Pair;

use super::row::Row;
use super::run::{Control, RunError, RunOptions, run_chunks};
use super::summary::Summary;

/// The output formats, by the name the command line uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OutputFormat {
    /// RFC 4180 CSV with a header row.
    #[default]
    Csv,
    /// CSV's rules with a tab as the delimiter, and a header row.
    Tsv,
    /// One JSON object per row, keyed by column name.
    Jsonl,
}

impl OutputFormat {
    /// All three, in the order the command line lists them.
    pub const ALL: [OutputFormat; 3] = [OutputFormat::Csv, OutputFormat::Tsv, OutputFormat::Jsonl];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            OutputFormat::Csv => "csv",
            OutputFormat::Tsv => "tsv",
            OutputFormat::Jsonl => "jsonl",
        }
    }

    /// Parses a format name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<OutputFormat> {
        OutputFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The column names for `resolvers`, in order, with the `pair` column when
/// a pair is given.
pub fn columns(resolvers: &[Resolver], pair: Option<Pair>) -> Vec<String> {
    let mut names: Vec<String> = ["line", "input", "base", "encoding"]
        .map(str::to_owned)
        .into();
    for r in resolvers {
        names.push(r.name().to_owned());
        names.push(format!("{}_error", r.name()));
    }
    names.push("notes".to_owned());
    names.push("hosts".to_owned());
    if pair.is_some() {
        names.push("pair".to_owned());
    }
    names.push("error".to_owned());
    names
}

/// The columns before the resolvers' and, at most, after them.
const LEADING: usize = 4;
const TRAILING: usize = 4;

/// The most columns a row has: the leading ones, two per resolver (each at
/// most once), and the trailing ones.
const MAX_FIELDS: usize = LEADING + TRAILING + 2 * Resolver::EVERY.len();

/// Where a pair's two resolvers are among the columns' resolvers: the
/// indexes of the one that checks and the one that fetches. `None` when
/// either is not among them.
pub fn pair_indexes(resolvers: &[Resolver], pair: Pair) -> Option<(usize, usize)> {
    let at = |r: Resolver| resolvers.iter().position(|&x| x == r);
    Some((at(pair.check)?, at(pair.fetch)?))
}

/// A row's fields, in a plain array: walking a chain of iterators cost
/// more than the rest of writing a plain row.
struct Fields<'a> {
    all: [&'a [u8]; MAX_FIELDS],
    /// Fields put, which may be more than `all` holds.
    len: usize,
}

impl Default for Fields<'_> {
    fn default() -> Self {
        Fields {
            all: [&[]; MAX_FIELDS],
            len: 0,
        }
    }
}

impl<'a> Fields<'a> {
    fn put(&mut self, field: &'a str) {
        if let Some(slot) = self.all.get_mut(self.len) {
            *slot = field.as_bytes();
        }
        self.len += 1;
    }
}

/// Writes rows in one format; CSV and TSV start with the header row.
pub struct RowWriter<W: Write> {
    out: W,
    delimited: Option<Delimited>,
    columns: Vec<String>,
    /// How many resolvers have columns.
    resolvers: usize,
    /// The pair's two resolvers, as indexes into a row's cells.
    pair: Option<(usize, usize)>,
    /// Reused for each row's notes.
    notes: String,
}

/// How CSV and TSV records are written.
///
/// A record none of whose fields needs quotes is written as it stands:
/// its fields with the delimiter between them and CRLF after. Any other
/// record is written by `csv_core`'s writer, the one the `csv` crate's
/// `Writer` drives, field by field into the same buffer. A field needs
/// quotes when it holds the delimiter, `"`, CR or LF: `csv_core`'s special
/// bytes for this delimiter and terminator (a test checks all 256 bytes
/// against its `should_quote`), so the output is the `csv` crate's byte for
/// byte (a test checks that on arbitrary rows).
///
/// Why not the `csv` crate's `Writer` alone: most URLs need no quotes, and
/// its byte-by-byte copy, with a table lookup per byte, was most of the
/// cost of writing a row; here the four bytes are looked for sixteen bytes
/// at a time. And a record that needs quotes costs no new writer and no
/// copy from the writer's own buffer.
struct Delimited {
    delimiter: u8,
    /// Writes the records that need quotes.
    csv: csv_core::Writer,
    /// The record being put together, handed to the output in one write.
    record: Vec<u8>,
}

impl Delimited {
    fn new(delimiter: u8) -> Delimited {
        // RFC 4180 section 2 rule 1: CRLF ends each record.
        let csv = csv_core::WriterBuilder::new()
            .delimiter(delimiter)
            .terminator(csv_core::Terminator::CRLF)
            .build();
        Delimited {
            delimiter,
            csv,
            record: Vec::new(),
        }
    }

    /// Whether `field` holds a byte that makes the `csv` crate quote it.
    fn needs_quotes(&self, field: &[u8]) -> bool {
        let bytes = [self.delimiter, b'"', b'\r', b'\n'];
        #[cfg(target_arch = "x86_64")]
        if let Some(last) = field.len().checked_sub(16) {
            // Blocks of 16 from the start, then the 16 bytes that end the
            // field (overlapping the last block read): no byte left over.
            return field
                .chunks_exact(16)
                .any(|block| sse2_any_of(block, bytes))
                || sse2_any_of(&field[last..], bytes);
        }
        // Short fields, and every field elsewhere: byte by byte.
        field.iter().any(|b| bytes.contains(b))
    }

    /// Writes one record of `fields` to `out`.
    fn write<W: Write>(&mut self, out: &mut W, fields: &[&[u8]]) -> io::Result<()> {
        let mut record = std::mem::take(&mut self.record);
        record.clear();
        if fields.iter().any(|f| self.needs_quotes(f)) {
            self.quoted_record(fields, &mut record)?;
        } else {
            for (i, field) in fields.iter().enumerate() {
                if i > 0 {
                    record.push(self.delimiter);
                }
                record.extend_from_slice(field);
            }
            record.extend_from_slice(b"\r\n");
        }
        let written = out.write_all(&record);
        self.record = record;
        written
    }

    /// Appends the record of `fields` to `record` through `csv_core`, which
    /// quotes the fields that need it (RFC 4180 section 2 rules 6 and 7:
    /// the field in double quotes, a double quote inside doubled).
    fn quoted_record(&mut self, fields: &[&[u8]], record: &mut Vec<u8>) -> io::Result<()> {
        for (i, field) in fields.iter().enumerate() {
            // The most a field can take: every byte a doubled quote, two
            // quotes around, a closing quote and a delimiter or CRLF after.
            let room = 2 * field.len() + 5;
            let start = record.len();
            record.resize(start + room, 0);
            let out = &mut record[start..];
            let mut used = 0;
            if i > 0 {
                let (r, n) = self.csv.delimiter(out);
                used += written(r, n)?;
            }
            let (r, read, n) = self.csv.field(field, &mut out[used..]);
            debug_assert_eq!(read, field.len());
            used += written(r, n)?;
            if i + 1 == fields.len() {
                let (r, n) = self.csv.terminator(&mut out[used..]);
                used += written(r, n)?;
            }
            record.truncate(start + used);
        }
        Ok(())
    }
}

/// The bytes `csv_core` wrote, when it had the room it needed.
fn written(result: csv_core::WriteResult, n: usize) -> io::Result<usize> {
    match result {
        csv_core::WriteResult::InputEmpty => Ok(n),
        csv_core::WriteResult::OutputFull => Err(io::Error::other(
            "internal error: a CSV field outgrew the room made for it",
        )),
    }
}

/// Whether any of the 16 bytes of `block` is one of `bytes`: sixteen
/// comparisons at once per byte looked for (SSE2, which every x86-64
/// processor has), where a byte-by-byte loop took about six instructions
/// a byte.
#[cfg(target_arch = "x86_64")]
fn sse2_any_of(block: &[u8], bytes: [u8; 4]) -> bool {
    use std::arch::x86_64::{
        _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };
    let Ok(block) = <&[u8; 16]>::try_from(block) else {
        return block.iter().any(|b| bytes.contains(b));
    };
    // SAFETY: SSE2 is part of x86-64, so these are always available; the
    // load reads the 16 bytes of `block`, unaligned loads being allowed.
    unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast());
        let eq = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
        let any = _mm_or_si128(
            _mm_or_si128(eq(bytes[0]), eq(bytes[1])),
            _mm_or_si128(eq(bytes[2]), eq(bytes[3])),
        );
        _mm_movemask_epi8(any) != 0
    }
}

impl<W: Write> RowWriter<W> {
    /// A writer for rows computed with `resolvers`; writes the header now.
    pub fn new(out: W, format: OutputFormat, resolvers: &[Resolver]) -> io::Result<RowWriter<W>> {
        RowWriter::with_pair(out, format, resolvers, None)
    }

    /// A writer for rows computed with `resolvers`, with the `pair` column
    /// when `pair` is given and both its resolvers are among them; writes
    /// the header now.
    pub fn with_pair(
        out: W,
        format: OutputFormat,
        resolvers: &[Resolver],
        pair: Option<Pair>,
    ) -> io::Result<RowWriter<W>> {
        let mut writer = RowWriter::headless(out, format, resolvers, pair);
        if let Some(d) = &mut writer.delimited {
            let names: Vec<&[u8]> = writer.columns.iter().map(String::as_bytes).collect();
            d.write(&mut writer.out, &names)?;
        }
        Ok(writer)
    }

    /// A writer that writes no header: for rows that follow others.
    pub(crate) fn headless(
        out: W,
        format: OutputFormat,
        resolvers: &[Resolver],
        pair: Option<Pair>,
    ) -> RowWriter<W> {
        let pair = pair.filter(|&p| pair_indexes(resolvers, p).is_some());
        let delimited = match format {
            OutputFormat::Jsonl => None,
            OutputFormat::Csv => Some(Delimited::new(b',')),
            OutputFormat::Tsv => Some(Delimited::new(b'\t')),
        };
        RowWriter {
            out,
            delimited,
            columns: columns(resolvers, pair),
            resolvers: resolvers.len(),
            pair: pair.and_then(|p| pair_indexes(resolvers, p)),
            notes: String::new(),
        }
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        let Some(delimited) = &mut self.delimited else {
            let json = JsonRow {
                row,
                columns: &self.columns,
                resolvers: self.resolvers,
                pair: self.pair,
            };
            serde_json::to_writer(&mut self.out, &json).map_err(io::Error::from)?;
            return self.out.write_all(b"\n");
        };
        let mut line = itoa::Buffer::new();
        let notes = &mut self.notes;
        notes.clear();
        for (i, code) in row.notes.iter().enumerate() {
            if i > 0 {
                notes.push(' ');
            }
            notes.push_str(code);
        }
        let mut fields = Fields::default();
        fields.put(line.format(row.line));
        fields.put(&row.input);
        fields.put(row.base.as_deref().unwrap_or(""));
        fields.put(row.encoding);
        // An error row has no cells: its resolver columns are empty.
        for i in 0..self.resolvers {
            let cell = row.cells.get(i);
            fields.put(cell.and_then(|c| c.canon()).unwrap_or(""));
            fields.put(cell.and_then(|c| c.reason()).unwrap_or(""));
        }
        fields.put(notes);
        fields.put(row.host_verdict().map_or("", |v| v.name()));
        if let Some((check, fetch)) = self.pair {
            fields.put(row.pair_verdict(check, fetch).map_or("", |v| v.name()));
        }
        fields.put(row.error.as_deref().unwrap_or(""));
        match fields.all.get(..fields.len) {
            Some(all) => delimited.write(&mut self.out, all),
            None => Err(io::Error::other(format!(
                "a row of {} columns; at most {MAX_FIELDS} can be written (a resolver twice?)",
                fields.len
            ))),
        }
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Flushes and gives back the underlying writer.
    pub fn into_inner(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}

impl RowWriter<Vec<u8>> {
    /// The bytes written so far (every row is written whole at once).
    pub(crate) fn written(&self) -> usize {
        self.out.len()
    }
}

/// The rows that `keep` accepts, written in `format` with no header, into
/// a new buffer: what a worker of [`write_table`] writes of its chunk.
pub fn chunk_bytes(
    rows: &[Row],
    format: OutputFormat,
    resolvers: &[Resolver],
    pair: Option<Pair>,
    keep: impl Fn(&Row) -> bool,
) -> io::Result<Vec<u8>> {
    // About what a row of real URLs takes, so the buffer seldom grows.
    let guess = rows.len() * (64 + 96 * resolvers.len());
    let mut writer = RowWriter::headless(Vec::with_capacity(guess), format, resolvers, pair);
    for row in rows.iter().filter(|row| keep(row)) {
        writer.write(row)?;
    }
    writer.into_inner()
}

/// Runs the table on `source` and writes the rows that `keep` accepts to
/// `out` in `format`, header first, in input order; `after_chunk` is called
/// on this thread after each chunk is written (for progress). Returns the
/// summary of all rows and `out`, flushed.
///
/// Each chunk is written by the worker that computed it ([`run_chunks`]),
/// so this thread only copies bytes out in order.
pub fn write_table<R: BufRead + Send, W: Write>(
    source: R,
    options: &RunOptions,
    control: &Control,
    format: OutputFormat,
    keep: &(dyn Fn(&Row) -> bool + Sync),
    out: W,
    mut after_chunk: impl FnMut(),
) -> Result<(Summary, W), RunError> {
    let resolvers = &options.resolvers;
    // The header, through a writer of its own.
    let mut out = RowWriter::with_pair(out, format, resolvers, options.pair)
        .and_then(RowWriter::into_inner)
        .map_err(RunError::Sink)?;
    let summary = run_chunks(
        source,
        options,
        control,
        |rows| chunk_bytes(&rows, format, resolvers, options.pair, keep),
        |bytes| {
            out.write_all(&bytes?)?;
            after_chunk();
            Ok(())
        },
    )?;
    out.flush().map_err(RunError::Sink)?;
    Ok((summary, out))
}

/// A row as a JSON object with the columns as keys, in column order.
struct JsonRow<'a> {
    row: &'a Row,
    columns: &'a [String],
    resolvers: usize,
    pair: Option<(usize, usize)>,
}

impl Serialize for JsonRow<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let row = self.row;
        let mut map = serializer.serialize_map(Some(self.columns.len()))?;
        map.serialize_entry("line", &row.line)?;
        map.serialize_entry("input", &row.input)?;
        map.serialize_entry("base", &row.base)?;
        map.serialize_entry("encoding", &Some(row.encoding).filter(|e| !e.is_empty()))?;
        // The resolver columns follow the four leading ones, in pairs.
        let resolver_columns = &self.columns[LEADING..LEADING + 2 * self.resolvers];
        for (i, names) in resolver_columns.chunks(2).enumerate() {
            let cell = row.cells.get(i);
            map.serialize_entry(&names[0], &cell.and_then(|c| c.canon()))?;
            map.serialize_entry(&names[1], &cell.and_then(|c| c.reason()))?;
        }
        map.serialize_entry("notes", &row.notes)?;
        map.serialize_entry("hosts", &row.host_verdict().map(|v| v.name()))?;
        if let Some((check, fetch)) = self.pair {
            map.serialize_entry("pair", &row.pair_verdict(check, fetch).map(|v| v.name()))?;
        }
        map.serialize_entry("error", &row.error)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::row::Cell;

    fn rows() -> Vec<Row> {
        vec![
            Row {
                line: 1,
                input: "a,\"b\"\n".to_owned(),
                base: Some("http://b/".to_owned()),
                encoding: "UTF-8",
                cells: vec![
                    Cell::Canon("http://b/a".to_owned()),
                    Cell::Invalid("no".to_owned()),
                ],
                hosts: Vec::new(),
                notes: vec!["x.y", "z"],
                error: None,
            },
            Row {
                line: 2,
                input: "{bad".to_owned(),
                base: None,
                encoding: "",
                cells: Vec::new(),
                hosts: Vec::new(),
                notes: Vec::new(),
                error: Some("not JSON".to_owned()),
            },
        ]
    }

    fn written(format: OutputFormat) -> String {
        let resolvers = [Resolver::This, Resolver::Whatwg];
        let mut w = RowWriter::new(Vec::new(), format, &resolvers).expect("in memory");
        for row in rows() {
            w.write(&row).expect("in memory");
        }
        String::from_utf8(w.into_inner().expect("in memory")).expect("UTF-8 rows")
    }

    #[test]
    fn csv_has_a_header_quotes_as_rfc_4180_says_and_reads_back() {
        let text = written(OutputFormat::Csv);
        assert!(text.starts_with(
            "line,input,base,encoding,this,this_error,whatwg,whatwg_error,notes,hosts,error\r\n"
        ));
        assert!(
            text.contains("1,\"a,\"\"b\"\"\n\",http://b/,UTF-8,http://b/a,,,no,x.y z,agree,\r\n"),
            "{text}"
        );
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let records: Vec<csv::StringRecord> =
            reader.records().map(|r| r.expect("valid CSV")).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(&records[0][1], "a,\"b\"\n");
        assert_eq!(&records[1][10], "not JSON");
        assert_eq!(records[1].len(), 11);
    }

    #[test]
    fn tsv_uses_tabs() {
        let text = written(OutputFormat::Tsv);
        assert!(text.starts_with("line\tinput\tbase\t"), "{text}");
        assert!(
            text.contains("\r\n2\t{bad\t\t\t\t\t\t\t\t\tnot JSON\r\n"),
            "{text}"
        );
    }

    #[test]
    fn jsonl_keys_follow_the_columns_with_nulls_for_absent_values() {
        let text = written(OutputFormat::Jsonl);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "{\"line\":1,\"input\":\"a,\\\"b\\\"\\n\",\"base\":\"http://b/\",\"encoding\":\"UTF-8\",\
             \"this\":\"http://b/a\",\"this_error\":null,\"whatwg\":null,\"whatwg_error\":\"no\",\
             \"notes\":[\"x.y\",\"z\"],\"hosts\":\"agree\",\"error\":null}"
        );
        let error: serde_json::Value = serde_json::from_str(lines[1]).expect("JSON");
        assert_eq!(error["error"], "not JSON");
        assert_eq!(error["this"], serde_json::Value::Null);
    }

    #[test]
    fn a_table_written_by_its_workers_equals_its_rows_written_in_order() {
        // 5,000 lines (several chunks), every tenth invalid or not UTF-8.
        let mut input = Vec::new();
        for i in 0..5000 {
            match i % 10 {
                3 => input.extend_from_slice(format!("http://h:99999/{i}\n").as_bytes()),
                7 => input.extend_from_slice(b"http://h/\xFF\n"),
                _ => input.extend_from_slice(format!("HTTP://H/{i}/../x?\"q\"\n").as_bytes()),
            }
        }
        let keep = |row: &Row| !row.line.is_multiple_of(3);
        for format in OutputFormat::ALL {
            for threads in [1, 2, 3] {
                let options = RunOptions {
                    resolvers: vec![Resolver::This, Resolver::Whatwg],
                    threads: Some(threads),
                    ..RunOptions::default()
                };
                // The reference: every row to this thread, written here.
                let mut one_by_one =
                    RowWriter::new(Vec::new(), format, &options.resolvers).expect("in memory");
                let expected_summary =
                    crate::table::run(&input[..], &options, &Control::default(), |row| {
                        if keep(row) {
                            one_by_one.write(row)
                        } else {
                            Ok(())
                        }
                    })
                    .expect("in memory");
                let expected = one_by_one.into_inner().expect("in memory");

                let mut chunks = 0;
                let (summary, written) = write_table(
                    &input[..],
                    &options,
                    &Control::default(),
                    format,
                    &keep,
                    Vec::new(),
                    || chunks += 1,
                )
                .expect("in memory");
                assert!(written == expected, "{format}, {threads} threads");
                assert_eq!(summary.to_string(), expected_summary.to_string());
                assert_eq!(summary.rows, 5000);
                assert!(chunks >= 5, "{chunks} chunks of at most 1,024 lines");
            }
        }
    }

    #[test]
    fn a_sink_that_fails_stops_write_table_with_its_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let options = RunOptions {
            resolvers: vec![Resolver::This],
            ..RunOptions::default()
        };
        let input = "http://a/\n".repeat(3000);
        let result = write_table(
            input.as_bytes(),
            &options,
            &Control::default(),
            OutputFormat::Jsonl,
            &|_| true,
            Full,
            || {},
        );
        assert!(
            matches!(&result, Err(RunError::Sink(e)) if e.to_string() == "disk full"),
            "{:?}",
            result.map(|(s, _)| s.rows)
        );
    }

    /// The record the `csv` crate alone writes for `row`: what the writer
    /// wrote before plain records skipped it.
    fn csv_crate_record(row: &Row, resolvers: usize, delimiter: u8) -> Vec<u8> {
        let mut w = csv::WriterBuilder::new()
            .delimiter(delimiter)
            .terminator(csv::Terminator::CRLF)
            .from_writer(Vec::new());
        let mut fields = vec![
            row.line.to_string(),
            row.input.clone(),
            row.base.clone().unwrap_or_default(),
            row.encoding.to_owned(),
        ];
        for i in 0..resolvers {
            let cell = row.cells.get(i);
            fields.push(cell.and_then(Cell::canon).unwrap_or("").to_owned());
            fields.push(cell.and_then(Cell::reason).unwrap_or("").to_owned());
        }
        fields.push(row.notes.join(" "));
        fields.push(row.host_verdict().map_or("", |v| v.name()).to_owned());
        fields.push(row.error.clone().unwrap_or_default());
        w.write_record(&fields).expect("in memory");
        w.into_inner().expect("in memory")
    }

    #[test]
    fn the_bytes_that_need_quotes_are_the_csv_crates() {
        for delimiter in [b',', b'\t'] {
            let crate_rule = csv_core::WriterBuilder::new()
                .delimiter(delimiter)
                .terminator(csv_core::Terminator::CRLF)
                .build();
            let ours = Delimited::new(delimiter);
            for byte in 0..=u8::MAX {
                assert_eq!(
                    ours.needs_quotes(&[b'a', byte, b'b']),
                    crate_rule.should_quote(&[b'a', byte, b'b']),
                    "byte {byte:#04x}, delimiter {delimiter:#04x}"
                );
            }
        }
    }

    #[test]
    fn a_special_byte_is_found_wherever_it_is_in_fields_of_any_length() {
        let d = Delimited::new(b',');
        for len in 0..70 {
            let plain = vec![b'a'; len];
            assert!(!d.needs_quotes(&plain), "{len} plain bytes");
            for at in 0..len {
                for special in [b',', b'"', b'\r', b'\n'] {
                    let mut field = plain.clone();
                    field[at] = special;
                    assert!(d.needs_quotes(&field), "{special:#04x} at {at} of {len}");
                }
            }
        }
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        /// Text with every byte the CSV rules care about, and others.
        fn text() -> impl Strategy<Value = String> {
            proptest::string::string_regex(
                "[a-z,\"\t\r\n #é/:?=%-]{0,12}|[a-z/:?=%&-]{10,60}[,\"\t\r\n]?[a-z/-]{0,20}",
            )
            .expect("a valid pattern")
        }

        fn row() -> impl Strategy<Value = Row> {
            (
                any::<u64>(),
                text(),
                proptest::option::of(text()),
                proptest::collection::vec(proptest::option::of(text()), 0..3),
                proptest::option::of(text()),
            )
                .prop_map(|(line, input, base, cells, error)| Row {
                    line,
                    input,
                    base,
                    encoding: "UTF-8",
                    cells: cells
                        .into_iter()
                        .map(|c| match c {
                            Some(url) => Cell::Canon(url),
                            None => Cell::Invalid("bad, \"very\"".to_owned()),
                        })
                        .collect(),
                    hosts: Vec::new(),
                    notes: vec!["a.b", "c"],
                    error,
                })
        }

        proptest! {
            #[test]
            fn every_record_is_the_one_the_csv_crate_writes(rows in proptest::collection::vec(row(), 1..8)) {
                let resolvers = [Resolver::This, Resolver::Whatwg];
                for (format, delimiter) in [(OutputFormat::Csv, b','), (OutputFormat::Tsv, b'\t')] {
                    let mut w = RowWriter::headless(Vec::new(), format, &resolvers, None);
                    let mut expected = Vec::new();
                    for row in &rows {
                        w.write(row).expect("in memory");
                        expected.extend(csv_crate_record(row, resolvers.len(), delimiter));
                    }
                    let written = w.into_inner().expect("in memory");
                    prop_assert_eq!(
                        String::from_utf8_lossy(&written),
                        String::from_utf8_lossy(&expected)
                    );
                }
            }
        }
    }
}
