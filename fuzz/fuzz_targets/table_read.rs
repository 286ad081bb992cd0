//! Fuzz target: the Batch readers (`url-inspector table` and the window's
//! Batch view) on any bytes, in every input format (lines, TSV, CSV, JSON
//! Lines, or detected).
//!
//! Property: no panic, and every input line is accounted for exactly once,
//! in order: line 1 may be the CSV header, and every other line becomes one
//! entry, whose row ([`compute`]) is a row with one cell per resolver or an
//! error row, never both and never neither. A CSV header that lacks the
//! columns asked for stops the reading on line 1 with an error, and only
//! then. Besides: the bytes counted are the bytes given, a line over the
//! length limit is an error row, a line in the `lines` format is the input
//! as written, and a line is marked not-UTF-8 exactly when it is not.
//!
//! The bytes are read as: byte 0 the options (bits 0–2 the format: 0–3 one
//! of [`InputFormat::ALL`], 4–7 detected; bit 3 a line-length limit of 16
//! bytes instead of the default; bits 4–5 the CSV input column: none, `1`,
//! `url`, `2`; bit 6 the CSV base column `2`; bit 7 a global base), then the
//! input file.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_inspector::resolvers::Resolver;
use url_inspector::table::{Entry, InputFormat, ReadError, ReadOptions, TableReader, compute};

/// The resolvers each row is computed with: none, as the resolvers have
/// their own target and running them on every line made this one about
/// fifty times slower; a row still has to be a row or an error row.
const RESOLVERS: [Resolver; 0] = [];
/// The small line-length limit bit 3 chooses, so overlong lines are common.
const SMALL_LIMIT: usize = 16;

fuzz_target!(|data: &[u8]| {
    let Some((&settings, file)) = data.split_first() else {
        return;
    };
    let options = options(settings);
    let limit = options.max_line_bytes;
    let lines = physical_lines(file);

    let mut reader = TableReader::new(file, options);
    let mut entries = Vec::new();
    let mut failed = None;
    for item in reader.by_ref() {
        match item {
            Ok(entry) => entries.push(entry),
            Err(e) => failed = Some(e),
        }
    }
    let header = reader.header_lines();
    let is_csv = reader
        .layout()
        .is_some_and(|l| l.format == InputFormat::Csv);
    match failed {
        None => {}
        Some(ReadError::Columns(_)) => {
            assert!(
                is_csv || reader.layout().is_none(),
                "a column error outside CSV"
            );
            assert!(entries.is_empty(), "entries before a header error");
            assert_eq!(reader.lines_read(), 1, "a header error is on line 1");
            return;
        }
        Some(ReadError::Io(e)) => panic!("reading from memory failed: {e}"),
    }
    assert!(
        header <= 1 && (header == 1) == is_csv,
        "header lines {header}"
    );
    assert_eq!(reader.lines_read(), lines.len() as u64, "lines read");
    assert_eq!(reader.bytes_read(), file.len() as u64, "bytes read");
    let numbers: Vec<u64> = entries.iter().map(|e| e.line).collect();
    let expected: Vec<u64> = (1 + header..=lines.len() as u64).collect();
    assert_eq!(numbers, expected, "every line once, in order");

    let format = reader.layout().map(|l| l.format);
    for entry in entries {
        let raw = lines[(entry.line - 1) as usize];
        check_entry(&entry, raw, limit, format);
        let (line, readable) = (entry.line, entry.item.is_ok());
        let row = compute(entry, &RESOLVERS);
        assert_eq!(row.line, line);
        assert_eq!(row.is_error(), !readable, "a row or an error row");
        let cells = if readable { RESOLVERS.len() } else { 0 };
        assert_eq!(row.cells.len(), cells, "cells of line {line}");
    }
});

/// The reading options byte 0 chooses.
fn options(settings: u8) -> ReadOptions {
    let format = InputFormat::ALL.get(usize::from(settings & 7)).copied();
    let input_column = match (settings >> 4) & 3 {
        0 => None,
        1 => Some("1"),
        2 => Some("url"),
        _ => Some("2"),
    };
    ReadOptions {
        format,
        base: (settings & 0x80 != 0).then(|| "http://global.example/dir/".to_owned()),
        input_column: input_column.map(str::to_owned),
        base_column: (settings & 0x40 != 0).then(|| "2".to_owned()),
        max_line_bytes: if settings & 8 != 0 {
            SMALL_LIMIT
        } else {
            ReadOptions::default().max_line_bytes
        },
        ..ReadOptions::default()
    }
}

/// The file's lines, without their `\n` or `\r\n`: an independent count of
/// what the reader must account for. An empty piece after the last `\n` is
/// no line.
fn physical_lines(file: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = file.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let terminated = file.iter().filter(|&&b| b == b'\n').count();
    for (i, line) in lines.iter_mut().enumerate() {
        // Only a line that ends in `\n` has a `\r\n` terminator.
        if i < terminated {
            *line = line.strip_suffix(b"\r").unwrap_or(line);
        }
    }
    lines
}

/// What one entry must say about its physical line `raw`.
fn check_entry(entry: &Entry, raw: &[u8], limit: usize, format: Option<InputFormat>) {
    // The limit counts a byte order mark too.
    if raw.len() > limit {
        assert!(entry.item.is_err(), "line {} is over the limit", entry.line);
        return;
    }
    let raw = match entry.line {
        1 => raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw),
        _ => raw,
    };
    assert_eq!(entry.lossy, std::str::from_utf8(raw).is_err(), "lossy");
    if format == Some(InputFormat::Lines) {
        let target = entry
            .item
            .as_ref()
            .expect("a line in the lines format reads");
        assert_eq!(
            target.input,
            String::from_utf8_lossy(raw),
            "lines: the input"
        );
    }
}
