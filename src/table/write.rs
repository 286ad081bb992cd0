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
//! | `error` | why the line could not be read (empty / `null` unless an error row) |

use std::fmt::{self, Write as _};
use std::io::{self, Write};

use serde::Serialize;
use serde::ser::SerializeMap;

use crate::resolvers::Resolver;

use super::row::Row;

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

/// The column names for `resolvers`, in order.
pub fn columns(resolvers: &[Resolver]) -> Vec<String> {
    let mut names: Vec<String> = ["line", "input", "base", "encoding"]
        .map(str::to_owned)
        .into();
    for r in resolvers {
        names.push(r.name().to_owned());
        names.push(format!("{}_error", r.name()));
    }
    names.push("notes".to_owned());
    names.push("error".to_owned());
    names
}

/// Writes rows in one format; CSV and TSV start with the header row.
pub struct RowWriter<W: Write> {
    out: Out<W>,
    columns: Vec<String>,
    /// Reused for each row's line number and notes.
    scratch: String,
}

enum Out<W: Write> {
    // Boxed: the csv writer carries its buffer and state inline.
    Delimited(Box<csv::Writer<W>>),
    Jsonl(W),
}

impl<W: Write> RowWriter<W> {
    /// A writer for rows computed with `resolvers`; writes the header now.
    pub fn new(out: W, format: OutputFormat, resolvers: &[Resolver]) -> io::Result<RowWriter<W>> {
        let columns = columns(resolvers);
        let out = match format {
            OutputFormat::Jsonl => Out::Jsonl(out),
            OutputFormat::Csv | OutputFormat::Tsv => {
                let delimiter = if format == OutputFormat::Tsv {
                    b'\t'
                } else {
                    b','
                };
                // RFC 4180 section 2 rule 1: CRLF ends each record.
                let mut w = csv::WriterBuilder::new()
                    .delimiter(delimiter)
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(out);
                w.write_record(&columns).map_err(csv_error)?;
                Out::Delimited(Box::new(w))
            }
        };
        Ok(RowWriter {
            out,
            columns,
            scratch: String::new(),
        })
    }

    /// Writes one row.
    pub fn write(&mut self, row: &Row) -> io::Result<()> {
        match &mut self.out {
            Out::Delimited(w) => {
                // Field by field, with one reused buffer for the numbers and
                // the notes: no allocation per row.
                let buf = &mut self.scratch;
                buf.clear();
                let _ = write!(buf, "{}", row.line);
                w.write_field(buf.as_bytes()).map_err(csv_error)?;
                w.write_field(&row.input).map_err(csv_error)?;
                w.write_field(row.base.as_deref().unwrap_or(""))
                    .map_err(csv_error)?;
                w.write_field(row.encoding).map_err(csv_error)?;
                let resolvers = (self.columns.len() - 6) / 2;
                for i in 0..resolvers {
                    // An error row has no cells: its resolver columns are empty.
                    let cell = row.cells.get(i);
                    w.write_field(cell.and_then(|c| c.canon()).unwrap_or(""))
                        .map_err(csv_error)?;
                    w.write_field(cell.and_then(|c| c.reason()).unwrap_or(""))
                        .map_err(csv_error)?;
                }
                buf.clear();
                for (i, code) in row.notes.iter().enumerate() {
                    if i > 0 {
                        buf.push(' ');
                    }
                    buf.push_str(code);
                }
                w.write_field(buf.as_bytes()).map_err(csv_error)?;
                w.write_field(row.error.as_deref().unwrap_or(""))
                    .map_err(csv_error)?;
                w.write_record(None::<&[u8]>).map_err(csv_error)
            }
            Out::Jsonl(w) => {
                let json = JsonRow {
                    row,
                    columns: &self.columns,
                };
                serde_json::to_writer(&mut *w, &json).map_err(io::Error::from)?;
                w.write_all(b"\n")
            }
        }
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.out {
            Out::Delimited(w) => w.flush(),
            Out::Jsonl(w) => w.flush(),
        }
    }

    /// Flushes and gives back the underlying writer.
    pub fn into_inner(self) -> io::Result<W> {
        match self.out {
            Out::Delimited(w) => w.into_inner().map_err(|e| e.into_error()),
            Out::Jsonl(mut w) => w.flush().map(|()| w),
        }
    }
}

/// The `csv` crate's errors on writing are I/O errors in all but name.
fn csv_error(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

/// A row as a JSON object with the columns as keys, in column order.
struct JsonRow<'a> {
    row: &'a Row,
    columns: &'a [String],
}

impl Serialize for JsonRow<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let row = self.row;
        let mut map = serializer.serialize_map(Some(self.columns.len()))?;
        map.serialize_entry("line", &row.line)?;
        map.serialize_entry("input", &row.input)?;
        map.serialize_entry("base", &row.base)?;
        map.serialize_entry("encoding", &Some(row.encoding).filter(|e| !e.is_empty()))?;
        // The resolver columns sit between the four leading ones and the two
        // trailing ones, in pairs.
        let resolver_columns = &self.columns[4..self.columns.len() - 2];
        for (i, pair) in resolver_columns.chunks(2).enumerate() {
            let cell = row.cells.get(i);
            map.serialize_entry(&pair[0], &cell.and_then(|c| c.canon()))?;
            map.serialize_entry(&pair[1], &cell.and_then(|c| c.reason()))?;
        }
        map.serialize_entry("notes", &row.notes)?;
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
                notes: vec!["x.y", "z"],
                error: None,
            },
            Row {
                line: 2,
                input: "{bad".to_owned(),
                base: None,
                encoding: "",
                cells: Vec::new(),
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
            "line,input,base,encoding,this,this_error,whatwg,whatwg_error,notes,error\r\n"
        ));
        assert!(
            text.contains("1,\"a,\"\"b\"\"\n\",http://b/,UTF-8,http://b/a,,,no,x.y z,\r\n"),
            "{text}"
        );
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let records: Vec<csv::StringRecord> =
            reader.records().map(|r| r.expect("valid CSV")).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(&records[0][1], "a,\"b\"\n");
        assert_eq!(&records[1][9], "not JSON");
        assert_eq!(records[1].len(), 10);
    }

    #[test]
    fn tsv_uses_tabs() {
        let text = written(OutputFormat::Tsv);
        assert!(text.starts_with("line\tinput\tbase\t"), "{text}");
        assert!(
            text.contains("\r\n2\t{bad\t\t\t\t\t\t\t\tnot JSON\r\n"),
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
             \"notes\":[\"x.y\",\"z\"],\"error\":null}"
        );
        let error: serde_json::Value = serde_json::from_str(lines[1]).expect("JSON");
        assert_eq!(error["error"], "not JSON");
        assert_eq!(error["this"], serde_json::Value::Null);
    }
}
