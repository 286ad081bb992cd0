//! Reading a table's input: one [`Entry`] per input line, in order, each
//! with its line number, whatever the line holds.
//!
//! | format | a line is | base and encoding |
//! |---|---|---|
//! | [`InputFormat::Lines`] | the input, as it is | the global ones |
//! | [`InputFormat::Tsv`] | `URL` or `URL<TAB>BASE` | the line's base, else the global one |
//! | [`InputFormat::Csv`] | a record under a header row (RFC 4180) | the base column's value, else the global one |
//! | [`InputFormat::Jsonl`] | an object in the shape of `batch`'s requests | the line's `"base"` and `"encoding"`, else the global ones |
//!
//! Every line is accounted for exactly once: as an entry that can be
//! resolved, as an entry that could not be read in the chosen format (with
//! the line's text and why), or, for CSV, as the header. Lines that are not
//! valid UTF-8 are decoded with U+FFFD and marked. Memory is bounded: a line
//! longer than [`ReadOptions::max_line_bytes`] is kept only up to that length
//! and becomes an error entry.

use std::fmt;
use std::io::{self, BufRead, ErrorKind};

use serde::Deserialize;

use crate::engine::QueryEncoding;

/// The input formats, by the name the command line uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputFormat {
    /// One URL per line.
    Lines,
    /// `URL<TAB>BASE` per line (the base may be left out).
    Tsv,
    /// CSV with a header row naming the columns.
    Csv,
    /// JSON Lines in the shape of `batch`'s requests.
    Jsonl,
}

impl InputFormat {
    /// All four, in the order the command line lists them.
    pub const ALL: [InputFormat; 4] = [
        InputFormat::Lines,
        InputFormat::Tsv,
        InputFormat::Csv,
        InputFormat::Jsonl,
    ];

    /// The name used on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            InputFormat::Lines => "lines",
            InputFormat::Tsv => "tsv",
            InputFormat::Csv => "csv",
            InputFormat::Jsonl => "jsonl",
        }
    }

    /// Parses a format name, ignoring ASCII case.
    pub fn from_name(name: &str) -> Option<InputFormat> {
        InputFormat::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The names a CSV input column is recognized by when none is chosen, in
/// order of preference (compared ignoring ASCII case and surrounding spaces).
pub const INPUT_COLUMN_NAMES: [&str; 3] = ["input", "url", "href"];
/// The name a CSV base column is recognized by when none is chosen.
pub const BASE_COLUMN_NAME: &str = "base";
/// The longest line kept by default (1 MiB); longer lines are error entries.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// How to read the input.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// The format; `None` detects it from the first line.
    pub format: Option<InputFormat>,
    /// The base of lines that give none (`None` or empty: no base).
    pub base: Option<String>,
    /// The query encoding of lines that give none.
    pub encoding: QueryEncoding,
    /// CSV: the input column, by header name or 1-based number.
    pub input_column: Option<String>,
    /// CSV: the base column, by header name or 1-based number.
    pub base_column: Option<String>,
    /// Lines longer than this many bytes become error entries.
    pub max_line_bytes: usize,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            format: None,
            base: None,
            encoding: QueryEncoding::UTF8,
            input_column: None,
            base_column: None,
            max_line_bytes: MAX_LINE_BYTES,
        }
    }
}

/// What one input line holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The line number, from 1.
    pub line: u64,
    /// Whether the line was not valid UTF-8 (and was decoded with U+FFFD).
    pub lossy: bool,
    /// What to resolve, or why the line could not be read.
    pub item: Result<Target, Unreadable>,
}

/// An input with its base and encoding, ready for the resolvers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub input: String,
    /// The line's base, or the global one; `None`: no base.
    pub base: Option<String>,
    pub encoding: QueryEncoding,
    /// A JSON line's encoding label that names no encoding (UTF-8 is used).
    pub unknown_encoding: Option<String>,
}

/// A line that could not be read in the chosen format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    /// The line's text (decoded with U+FFFD where needed; cut at the length limit).
    pub text: String,
    /// What is wrong with it, in a sentence.
    pub why: String,
}

/// The CSV columns chosen, as 0-based indexes into each record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvColumns {
    /// The header's field names.
    pub names: Vec<String>,
    pub input: usize,
    pub base: Option<usize>,
}

/// What the reader settled on after the first line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub format: InputFormat,
    /// Whether the format was detected rather than chosen.
    pub detected: bool,
    /// CSV only: the columns read.
    pub columns: Option<CsvColumns>,
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = if self.detected { "detected" } else { "chosen" };
        write!(f, "{} ({how})", self.format)?;
        if let Some(c) = &self.columns {
            write!(f, ", input column {:?}", c.names[c.input])?;
            match c.base {
                Some(b) => write!(f, ", base column {:?}", c.names[b])?,
                None => f.write_str(", no base column")?,
            }
        }
        Ok(())
    }
}

/// Why reading stopped: the source failed, or the CSV header does not have
/// the columns asked for (no line can be read then).
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    Columns(String),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the input: {e}"),
            ReadError::Columns(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads entries from a byte stream; also an [`Iterator`] of them.
pub struct TableReader<R> {
    source: R,
    options: ReadOptions,
    /// Known once the first line is read.
    layout: Option<Layout>,
    /// The number of the last line read.
    line: u64,
    bytes_read: u64,
    header_lines: u64,
    buf: Vec<u8>,
    /// A line read in part when the source had nothing more for now
    /// (`WouldBlock`): its length so far and its last byte; `buf` holds
    /// what is kept of it. The next call goes on with it.
    partial: Option<(u64, Option<u8>)>,
    done: bool,
}

/// One physical line as read: its bytes (without `\n` or `\r\n`) and its
/// full length when that was over the limit.
struct RawLine {
    overlong: Option<u64>,
}

impl<R: BufRead> TableReader<R> {
    /// A reader of `source` under `options`.
    pub fn new(source: R, options: ReadOptions) -> TableReader<R> {
        TableReader {
            source,
            options,
            layout: None,
            line: 0,
            bytes_read: 0,
            header_lines: 0,
            buf: Vec::new(),
            partial: None,
            done: false,
        }
    }

    /// The format (and CSV columns) in use; `None` before the first line.
    pub fn layout(&self) -> Option<&Layout> {
        self.layout.as_ref()
    }

    /// Lines read so far, header included.
    pub fn lines_read(&self) -> u64 {
        self.line
    }

    /// Bytes read so far, line terminators included.
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// Lines that were a header rather than an entry (0 or 1).
    pub fn header_lines(&self) -> u64 {
        self.header_lines
    }

    /// The next entry; `Ok(None)` at the end of the input. After an error
    /// the reader yields nothing more, but for an I/O error of kind
    /// `WouldBlock`: the source has nothing for now (see [`is_quiet`]), and
    /// the next call goes on where this one stopped.
    pub fn next_entry(&mut self) -> Result<Option<Entry>, ReadError> {
        if self.done {
            return Ok(None);
        }
        let result = self.read_entry();
        let quiet = matches!(&result, Err(e) if is_quiet(e));
        if !quiet && !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn read_entry(&mut self) -> Result<Option<Entry>, ReadError> {
        let Some(raw) = self.read_raw_line().map_err(ReadError::Io)? else {
            return Ok(None);
        };
        if self.line == 1 {
            // Tolerate a UTF-8 byte order mark, as some editors write one.
            if self.buf.starts_with(b"\xEF\xBB\xBF") {
                self.buf.drain(..3);
            }
        }
        // The line's bytes become its text without a copy where they are
        // UTF-8; `buf` starts anew for the next line.
        let (text, lossy) = decode(std::mem::take(&mut self.buf));
        if self.layout.is_none() {
            let layout = self.settle_layout(&text)?;
            let is_header = layout.format == InputFormat::Csv;
            self.layout = Some(layout);
            if is_header {
                self.header_lines = 1;
                return self.read_entry();
            }
        }
        let item = match raw.overlong {
            Some(len) => Err(Unreadable {
                why: format!(
                    "the line is {len} bytes long, more than the limit of {} bytes",
                    self.options.max_line_bytes
                ),
                text,
            }),
            None => self.target(text),
        };
        Ok(Some(Entry {
            line: self.line,
            lossy,
            item,
        }))
    }

    /// Reads one line into `buf`, without its terminator (`\n` or `\r\n`),
    /// keeping at most `max_line_bytes` of it: the rest is read and dropped,
    /// so memory stays bounded.
    fn read_raw_line(&mut self) -> io::Result<Option<RawLine>> {
        let max = self.options.max_line_bytes;
        // Bytes of the line (terminator excluded) and the last one seen.
        let (mut len, mut last) = match self.partial.take() {
            Some(so_far) => so_far,
            None => {
                self.buf.clear();
                (0, None)
            }
        };
        let mut terminator = 0;
        loop {
            let available = match self.source.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == ErrorKind::WouldBlock => {
                    // Nothing more for now: the line so far waits for the next call.
                    self.partial = Some((len, last));
                    return Err(e);
                }
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if len == 0 && last.is_none() {
                    return Ok(None);
                }
                break;
            }
            let newline = memchr::memchr(b'\n', available);
            let content = &available[..newline.unwrap_or(available.len())];
            let room = max.saturating_add(1).saturating_sub(self.buf.len());
            self.buf
                .extend_from_slice(&content[..content.len().min(room)]);
            len += content.len() as u64;
            last = content.last().copied().or(last);
            let used = newline.map_or(available.len(), |i| i + 1);
            self.source.consume(used);
            if newline.is_some() {
                terminator = 1;
                break;
            }
        }
        if terminator == 1 && last == Some(b'\r') {
            // The `\r` of `\r\n` belongs to the terminator.
            len -= 1;
            terminator = 2;
            self.buf.truncate(len.min(self.buf.len() as u64) as usize);
        }
        self.line += 1;
        self.bytes_read += len + terminator;
        let overlong = len > max as u64;
        self.buf.truncate(max);
        Ok(Some(RawLine {
            overlong: overlong.then_some(len),
        }))
    }

    /// Chooses the format (detecting it from the first line unless given)
    /// and, for CSV, the columns from the header.
    fn settle_layout(&self, first: &str) -> Result<Layout, ReadError> {
        let (format, detected) = match self.options.format {
            Some(f) => (f, false),
            None => (detect(first, self.options.input_column.as_deref()), true),
        };
        let columns = if format == InputFormat::Csv {
            Some(self.csv_columns(first)?)
        } else {
            None
        };
        Ok(Layout {
            format,
            detected,
            columns,
        })
    }

    /// The input and base columns of a CSV header.
    fn csv_columns(&self, header: &str) -> Result<CsvColumns, ReadError> {
        let names = split_csv(header).map_err(|why| {
            ReadError::Columns(format!("cannot read the CSV header (line 1): {why}"))
        })?;
        let listed = || {
            names
                .iter()
                .map(|n| format!("{n:?}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let input = match self.options.input_column.as_deref() {
            Some(chosen) => find_column(&names, chosen).ok_or_else(|| {
                ReadError::Columns(format!(
                    "the CSV header has no column {chosen:?} (columns: {})",
                    listed()
                ))
            })?,
            None => INPUT_COLUMN_NAMES
                .iter()
                .find_map(|n| find_column(&names, n))
                .ok_or_else(|| {
                    ReadError::Columns(format!(
                        "the CSV header has no column named input, url or href; \
                         choose the input column by name or number (columns: {})",
                        listed()
                    ))
                })?,
        };
        let base = match self.options.base_column.as_deref() {
            Some(chosen) => Some(find_column(&names, chosen).ok_or_else(|| {
                ReadError::Columns(format!(
                    "the CSV header has no column {chosen:?} (columns: {})",
                    listed()
                ))
            })?),
            None => find_column(&names, BASE_COLUMN_NAME).filter(|&b| b != input),
        };
        Ok(CsvColumns { names, input, base })
    }

    /// Reads a (non-header) line in the settled format.
    fn target(&self, text: String) -> Result<Target, Unreadable> {
        let Some(layout) = &self.layout else {
            return Err(Unreadable {
                text,
                why: "internal error: no format settled".to_owned(),
            });
        };
        let parsed = match layout.format {
            // The whole line is the input: moved, not copied.
            InputFormat::Lines => return Ok(self.with_defaults(text, None, None)),
            InputFormat::Tsv => tsv_fields(&text),
            InputFormat::Csv => match &layout.columns {
                Some(columns) => csv_fields(&text, columns),
                None => Err("internal error: no CSV columns".to_owned()),
            },
            InputFormat::Jsonl => json_fields(&text),
        };
        match parsed {
            Ok((input, base, label)) => Ok(self.with_defaults(input, base, label)),
            Err(why) => Err(Unreadable { text, why }),
        }
    }

    /// A target with the global base and encoding where the line gives none.
    fn with_defaults(&self, input: String, base: Option<String>, label: Option<String>) -> Target {
        let base = base
            .filter(|b| !b.is_empty())
            .or_else(|| self.options.base.clone().filter(|b| !b.is_empty()));
        let (encoding, unknown_encoding) = match label {
            Some(label) => {
                let enc = QueryEncoding::from_label(&label);
                (enc, enc.named.is_none().then_some(label))
            }
            None => (self.options.encoding, None),
        };
        Target {
            input,
            base,
            encoding,
            unknown_encoding,
        }
    }
}

impl<R: BufRead> Iterator for TableReader<R> {
    type Item = Result<Entry, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_entry().transpose()
    }
}

/// Whether `e` only says that the source has nothing for now (an I/O error
/// of kind `WouldBlock`): the reader can be asked again.
pub fn is_quiet(e: &ReadError) -> bool {
    matches!(e, ReadError::Io(e) if e.kind() == ErrorKind::WouldBlock)
}

/// The line as text, and whether it had to be decoded with U+FFFD.
fn decode(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(s) => (s, false),
        Err(e) => (String::from_utf8_lossy(e.as_bytes()).into_owned(), true),
    }
}

/// Guesses the format from the first line.
///
/// Interpretation: a line that starts with `{` is JSON Lines; a line that
/// reads as a CSV record naming an input column (input, url, href, or the
/// chosen one) is a CSV header; otherwise a tab means `URL<TAB>BASE`, and
/// anything else is one URL per line (URLs may well contain commas).
pub fn detect(first: &str, input_column: Option<&str>) -> InputFormat {
    if first.trim_start().starts_with('{') {
        return InputFormat::Jsonl;
    }
    if let Ok(names) = split_csv(first) {
        let named = |n: &str| find_column(&names, n).is_some();
        let known = INPUT_COLUMN_NAMES.iter().any(|n| named(n));
        if known || input_column.is_some_and(|c| names.len() > 1 && named(c)) {
            return InputFormat::Csv;
        }
    }
    if first.contains('\t') {
        InputFormat::Tsv
    } else {
        InputFormat::Lines
    }
}

/// The column `chosen` names: a header name (ignoring ASCII case and
/// surrounding spaces), else a 1-based column number.
fn find_column(names: &[String], chosen: &str) -> Option<usize> {
    let chosen = chosen.trim();
    names
        .iter()
        .position(|n| n.trim().eq_ignore_ascii_case(chosen))
        .or_else(|| {
            chosen
                .parse::<usize>()
                .ok()
                .filter(|&n| (1..=names.len()).contains(&n))
                .map(|n| n - 1)
        })
}

/// The fields a format reader gives: input, base, encoding label.
type Fields = (String, Option<String>, Option<String>);

/// `URL` or `URL<TAB>BASE`.
fn tsv_fields(text: &str) -> Result<Fields, String> {
    let mut parts = text.split('\t');
    let input = parts.next().unwrap_or_default().to_owned();
    let base = parts.next().map(str::to_owned);
    let extra = parts.count();
    if extra > 0 {
        return Err(format!(
            "expected URL<TAB>BASE, found {} tab-separated fields",
            extra + 2
        ));
    }
    Ok((input, base, None))
}

/// The input and base fields of a CSV record.
///
/// Interpretation: each line is one record, as RFC 4180 section 2 rules 1–2
/// have it; a quoted line break is not supported (URLs have none), so that
/// one stray quote costs one error row, not the rest of the file.
fn csv_fields(text: &str, columns: &CsvColumns) -> Result<Fields, String> {
    let mut fields = split_csv(text)?;
    // RFC 4180 section 2 rule 4: every record has the header's field count.
    if fields.len() != columns.names.len() {
        return Err(format!(
            "expected {} fields, as the header has, found {}",
            columns.names.len(),
            fields.len()
        ));
    }
    let base = columns.base.map(|b| std::mem::take(&mut fields[b]));
    let input = std::mem::take(&mut fields[columns.input]);
    Ok((input, base, None))
}

/// Splits one CSV record into fields, strictly by RFC 4180 section 2
/// rules 4–7: a field is either free of quotes or wholly quoted with inner
/// quotes doubled.
pub fn split_csv(line: &str) -> Result<Vec<String>, String> {
    let mut fields = Vec::new();
    let mut rest = line;
    loop {
        let number = fields.len() + 1;
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut value = String::new();
            let mut tail = quoted;
            loop {
                let Some(q) = tail.find('"') else {
                    return Err(format!("field {number} opens a quote that is never closed"));
                };
                value.push_str(&tail[..q]);
                tail = &tail[q + 1..];
                match tail.strip_prefix('"') {
                    // A doubled quote stands for one quote (rule 7).
                    Some(after) => {
                        value.push('"');
                        tail = after;
                    }
                    None => break,
                }
            }
            fields.push(value);
            match tail.strip_prefix(',') {
                Some(after) => rest = after,
                None if tail.is_empty() => return Ok(fields),
                None => {
                    return Err(format!("field {number} has text after its closing quote"));
                }
            }
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            let value = &rest[..end];
            if value.contains('"') {
                return Err(format!(
                    "field {number} has a quote but is not quoted \
                     (quote the whole field and double the quote)"
                ));
            }
            fields.push(value.to_owned());
            if end == rest.len() {
                return Ok(fields);
            }
            rest = &rest[end + 1..];
        }
    }
}

/// The keys of `batch`'s request shape that a table reads. Its other keys
/// (`mode`, `stage`, `trace`, and any of the caller's own) are accepted and
/// ignored: the table's columns are the resolvers chosen for the whole run,
/// always up to canonicalization.
#[derive(Deserialize)]
struct JsonRequest {
    input: String,
    #[serde(default)]
    base: Option<String>,
    #[serde(default)]
    encoding: Option<String>,
}

/// The input, base and encoding label of a JSON line.
fn json_fields(text: &str) -> Result<Fields, String> {
    if text.trim().is_empty() {
        return Err("blank line; expected a JSON object with an \"input\" string".to_owned());
    }
    let req: JsonRequest =
        serde_json::from_str(text).map_err(|e| format!("not a valid request: {e}"))?;
    Ok((req.input, req.base, req.encoding))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(input: &[u8], options: ReadOptions) -> (Vec<Entry>, u64) {
        let mut reader = TableReader::new(input, options);
        let entries = reader
            .by_ref()
            .collect::<Result<Vec<_>, _>>()
            .expect("in-memory input reads");
        (entries, reader.header_lines())
    }

    /// A source that gives its pieces one `fill_buf` at a time, with a
    /// `WouldBlock` ("nothing for now") after each.
    struct Stuttering {
        pieces: Vec<&'static [u8]>,
        pos: usize,
        quiet_next: bool,
    }

    impl io::Read for Stuttering {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            unreachable!("TableReader reads through BufRead")
        }
    }

    impl BufRead for Stuttering {
        fn fill_buf(&mut self) -> io::Result<&[u8]> {
            if self.quiet_next {
                self.quiet_next = false;
                return Err(ErrorKind::WouldBlock.into());
            }
            Ok(self.pieces.first().map_or(&[][..], |p| &p[self.pos..]))
        }

        fn consume(&mut self, n: usize) {
            self.pos += n;
            if self.pieces.first().is_some_and(|p| self.pos >= p.len()) {
                self.pieces.remove(0);
                self.pos = 0;
                self.quiet_next = true;
            }
        }
    }

    #[test]
    fn a_quiet_source_mid_line_loses_nothing_and_the_reader_goes_on() {
        let source = Stuttering {
            pieces: vec![
                b"http://a/fi",
                b"rst\r",
                b"\nhttp://a/second\n",
                b"http://a/la",
                b"st",
            ],
            pos: 0,
            quiet_next: false,
        };
        let mut reader = TableReader::new(source, ReadOptions::default());
        let mut inputs = Vec::new();
        let mut quiet = 0;
        loop {
            match reader.next_entry() {
                Ok(Some(e)) => inputs.push((e.line, e.item.expect("a URL line").input)),
                Ok(None) => break,
                Err(e) if is_quiet(&e) => quiet += 1,
                Err(e) => panic!("{e}"),
            }
        }
        assert_eq!(
            inputs,
            [
                (1, "http://a/first".to_owned()),
                (2, "http://a/second".to_owned()),
                (3, "http://a/last".to_owned())
            ]
        );
        assert_eq!(quiet, 5);
        // 16 + 16 + 13: the `\r\n` split across two reads counts whole.
        assert_eq!(reader.bytes_read(), 45);
    }

    fn with(format: Option<InputFormat>) -> ReadOptions {
        ReadOptions {
            format,
            ..ReadOptions::default()
        }
    }

    fn target(e: &Entry) -> &Target {
        e.item.as_ref().expect("a readable line")
    }

    #[test]
    fn detects_each_format_from_the_first_line() {
        assert_eq!(detect("{\"input\":\"a\"}", None), InputFormat::Jsonl);
        assert_eq!(detect("id,URL,base", None), InputFormat::Csv);
        assert_eq!(detect("\"href\"", None), InputFormat::Csv);
        assert_eq!(detect("http://a/\thttp://b/", None), InputFormat::Tsv);
        assert_eq!(detect("http://a/b,c,d", None), InputFormat::Lines);
        assert_eq!(detect("link,title", Some("link")), InputFormat::Csv);
    }

    #[test]
    fn lines_take_the_global_base_and_mark_bad_utf8() {
        let options = ReadOptions {
            base: Some("http://b/".to_owned()),
            ..with(None)
        };
        let (entries, header) = read_all(b"\xEF\xBB\xBFa\r\n\xFFb\n\nlast", options);
        assert_eq!(header, 0);
        let inputs: Vec<&str> = entries.iter().map(|e| target(e).input.as_str()).collect();
        assert_eq!(inputs, ["a", "\u{FFFD}b", "", "last"]);
        assert_eq!(
            entries.iter().map(|e| e.lossy).collect::<Vec<_>>(),
            [false, true, false, false]
        );
        assert_eq!(target(&entries[0]).base.as_deref(), Some("http://b/"));
        assert_eq!(
            entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
    }

    #[test]
    fn tsv_gives_the_line_base_or_the_global_one_and_rejects_extra_fields() {
        let options = ReadOptions {
            base: Some("http://g/".to_owned()),
            ..with(Some(InputFormat::Tsv))
        };
        let (entries, _) = read_all(b"a\thttp://b/\nc\t\nd\ne\tf\tg\n", options);
        assert_eq!(target(&entries[0]).base.as_deref(), Some("http://b/"));
        assert_eq!(target(&entries[1]).base.as_deref(), Some("http://g/"));
        assert_eq!(target(&entries[2]).base.as_deref(), Some("http://g/"));
        let bad = entries[3].item.as_ref().expect_err("three fields");
        assert!(bad.why.contains("3 tab-separated fields"), "{}", bad.why);
        assert_eq!(bad.text, "e\tf\tg");
    }

    #[test]
    fn csv_reads_named_columns_and_reports_bad_records() {
        let input =
            b"id,URL,Base\n1,\"http://a/?x=\"\"y\"\"\",http://b/\n2,\"open,x\n3,a\"b,c\n4,x\n";
        let (entries, header) = read_all(input, with(None));
        assert_eq!(header, 1);
        assert_eq!(entries.len(), 4);
        assert_eq!(target(&entries[0]).input, "http://a/?x=\"y\"");
        assert_eq!(target(&entries[0]).base.as_deref(), Some("http://b/"));
        let whys: Vec<&str> = entries[1..]
            .iter()
            .map(|e| e.item.as_ref().expect_err("malformed").why.as_str())
            .collect();
        assert!(whys[0].contains("never closed"), "{}", whys[0]);
        assert!(whys[1].contains("not quoted"), "{}", whys[1]);
        assert!(whys[2].contains("expected 3 fields"), "{}", whys[2]);
        assert_eq!(
            entries.iter().map(|e| e.line).collect::<Vec<_>>(),
            [2, 3, 4, 5]
        );
    }

    #[test]
    fn csv_columns_can_be_chosen_by_name_or_number_and_missing_ones_are_fatal() {
        let options = ReadOptions {
            input_column: Some("2".to_owned()),
            base_column: Some("A".to_owned()),
            ..with(Some(InputFormat::Csv))
        };
        let (entries, _) = read_all(b"a,b\nhttp://base/,x\n", options);
        assert_eq!(target(&entries[0]).input, "x");
        assert_eq!(target(&entries[0]).base.as_deref(), Some("http://base/"));

        let mut reader = TableReader::new(&b"a,b\nx,y\n"[..], with(Some(InputFormat::Csv)));
        match reader.next_entry() {
            Err(ReadError::Columns(why)) => assert!(why.contains("\"a\", \"b\""), "{why}"),
            other => panic!("expected a column error, got {other:?}"),
        }
        assert!(reader.next_entry().is_ok_and(|e| e.is_none()));
    }

    #[test]
    fn jsonl_reads_requests_and_reports_bad_json() {
        let options = ReadOptions {
            base: Some("http://g/".to_owned()),
            ..with(None)
        };
        let input =
            b"{\"input\":\"a\",\"base\":\"http://b/\",\"encoding\":\"sjis\",\"mode\":\"ie\"}\n\
                      {\"input\":\"c\",\"encoding\":\"klingon\"}\n{\"input\":5}\nnot json\n\n";
        let (entries, _) = read_all(input, options);
        assert_eq!(entries.len(), 5);
        let first = target(&entries[0]);
        assert_eq!(first.base.as_deref(), Some("http://b/"));
        assert_eq!(first.encoding.used.name(), "Shift_JIS");
        let second = target(&entries[1]);
        assert_eq!(second.base.as_deref(), Some("http://g/"));
        assert_eq!(second.unknown_encoding.as_deref(), Some("klingon"));
        for e in &entries[2..] {
            assert!(e.item.is_err(), "{e:?}");
        }
    }

    #[test]
    fn overlong_lines_are_cut_and_reported_and_the_next_line_is_read() {
        let options = ReadOptions {
            max_line_bytes: 4,
            ..with(Some(InputFormat::Lines))
        };
        let (entries, _) = read_all(b"abcdefgh\r\nabcd\n", options);
        let bad = entries[0].item.as_ref().expect_err("too long");
        assert_eq!(bad.text, "abcd");
        assert!(bad.why.contains("8 bytes"), "{}", bad.why);
        assert_eq!(target(&entries[1]).input, "abcd");
    }

    mod properties {
        use proptest::prelude::*;

        use super::*;

        /// Lines made of the characters that matter to some format.
        fn line() -> impl Strategy<Value = Vec<u8>> {
            let byte = prop_oneof![
                Just(b'"'),
                Just(b','),
                Just(b'\t'),
                Just(b'\r'),
                Just(b'{'),
                Just(b'}'),
                Just(b':'),
                Just(0xFF),
                Just(0xC3),
                b'a'..=b'z',
            ];
            proptest::collection::vec(byte, 0..12)
        }

        fn input() -> impl Strategy<Value = (Vec<Vec<u8>>, bool)> {
            (proptest::collection::vec(line(), 0..20), any::<bool>())
        }

        /// Every line is an entry or the header, exactly once, in order.
        fn accounts_for_every_line(lines: &[Vec<u8>], final_newline: bool, options: ReadOptions) {
            let mut bytes = lines.join(&b'\n');
            if final_newline && !lines.is_empty() {
                bytes.push(b'\n');
            }
            // An empty last line without a newline is no line at all.
            let count = if !final_newline && lines.last().is_some_and(Vec::is_empty) {
                lines.len() - 1
            } else {
                lines.len()
            } as u64;
            let mut reader = TableReader::new(&bytes[..], options);
            let numbers: Vec<u64> = match reader.by_ref().collect::<Result<Vec<_>, _>>() {
                Ok(entries) => entries.iter().map(|e| e.line).collect(),
                // A CSV header without the columns stops the run, on line 1.
                Err(ReadError::Columns(_)) => return assert!(count >= 1),
                Err(ReadError::Io(e)) => panic!("in-memory input failed: {e}"),
            };
            let first = 1 + reader.header_lines();
            assert_eq!(numbers, (first..=count).collect::<Vec<_>>());
            assert_eq!(reader.lines_read(), count);
        }

        proptest! {
            #[test]
            fn lines_reader_accounts_for_every_line((lines, nl) in input()) {
                accounts_for_every_line(&lines, nl, with(Some(InputFormat::Lines)));
            }

            #[test]
            fn tsv_reader_accounts_for_every_line((lines, nl) in input()) {
                accounts_for_every_line(&lines, nl, with(Some(InputFormat::Tsv)));
            }

            #[test]
            fn csv_reader_accounts_for_every_line((lines, nl) in input()) {
                let options = ReadOptions { input_column: Some("1".to_owned()), ..with(Some(InputFormat::Csv)) };
                accounts_for_every_line(&lines, nl, options);
            }

            #[test]
            fn jsonl_reader_accounts_for_every_line((lines, nl) in input()) {
                accounts_for_every_line(&lines, nl, with(Some(InputFormat::Jsonl)));
            }

            #[test]
            fn detecting_reader_accounts_for_every_line((lines, nl) in input()) {
                accounts_for_every_line(&lines, nl, ReadOptions { max_line_bytes: 6, ..with(None) });
            }
        }
    }
}
