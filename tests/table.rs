//! Integration tests of `url-inspector table`: they run the real binary on
//! each input and output format and check its rows (parsed back with the
//! `csv` crate or serde_json), its error rows, its filters, its exit codes,
//! and that a million-line stream runs in bounded memory.

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Output, Stdio};
use std::thread;
use std::time::Duration;

use serde_json::Value;
use url_inspector::resolvers::Resolver;

#[path = "support/binary.rs"]
mod binary;
use binary::bin;

/// Runs `table ARGS` on `stdin`; returns the whole output.
fn table(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = bin()
        .arg("table")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // Write from another thread so a full stdout pipe cannot deadlock us; a
    // run that stops early (a usage error) may close stdin first.
    let writer = thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    out
}

/// Runs `table ARGS` and expects success with nothing on stderr (stderr is
/// a pipe here, so no progress and no summary).
fn table_ok(args: &[&str], stdin: &[u8]) -> String {
    let out = table(args, stdin);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "table failed: {stderr}");
    assert!(stderr.is_empty(), "unexpected stderr: {stderr}");
    String::from_utf8(out.stdout).expect("the output is UTF-8")
}

/// CSV output parsed back with the csv crate: the header and the records.
fn csv_rows(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader
        .headers()
        .expect("a header row")
        .iter()
        .map(str::to_owned)
        .collect();
    let rows = reader
        .records()
        .map(|r| {
            r.expect("RFC 4180 records")
                .iter()
                .map(str::to_owned)
                .collect()
        })
        .collect();
    (header, rows)
}

/// The value of `column` in `row`, by the header's names.
fn field<'a>(header: &[String], row: &'a [String], column: &str) -> &'a str {
    let i = header
        .iter()
        .position(|h| h == column)
        .unwrap_or_else(|| panic!("no column {column} in {header:?}"));
    &row[i]
}

fn jsonl_rows(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn lines_in_csv_out_one_row_per_line_with_canonical_urls() {
    let out = table_ok(
        &["--resolvers", "this,whatwg"],
        b"http://a/b/../c\nHTTP://A/%7e\nhttp://a:99999/\n",
    );
    let (header, rows) = csv_rows(&out);
    assert_eq!(
        header,
        [
            "line",
            "input",
            "base",
            "encoding",
            "this",
            "this_error",
            "whatwg",
            "whatwg_error",
            "notes",
            "hosts",
            "error"
        ]
    );
    assert_eq!(rows.len(), 3);
    assert_eq!(field(&header, &rows[0], "hosts"), "agree");
    assert_eq!(
        rows[0][..5],
        ["1", "http://a/b/../c", "", "UTF-8", "http://a/c"]
    );
    assert_eq!(field(&header, &rows[1], "this"), "http://a/~");
    assert_eq!(field(&header, &rows[1], "whatwg"), "http://a/%7e");
    assert_eq!(field(&header, &rows[2], "this"), "");
    assert!(field(&header, &rows[2], "this_error").contains("65535"));
    assert!(field(&header, &rows[2], "notes").contains("canon.port.invalid"));
    // RFC 4180: records end in CRLF.
    assert!(out.contains("\r\n"));
}

#[test]
fn a_file_argument_and_dash_read_the_same_rows() {
    let path = std::env::temp_dir().join(format!("url-inspector-table-{}.txt", std::process::id()));
    fs::write(&path, "../x\n?q\n").expect("temp file");
    let from_file = table_ok(
        &["--base", "http://h/a/b", path.to_str().expect("UTF-8 path")],
        b"",
    );
    let from_stdin = table_ok(&["--base", "http://h/a/b", "-"], b"../x\n?q\n");
    let _ = fs::remove_file(&path);
    assert_eq!(from_file, from_stdin);
    let (header, rows) = csv_rows(&from_file);
    assert_eq!(field(&header, &rows[0], "this"), "http://h/x");
    assert_eq!(field(&header, &rows[0], "base"), "http://h/a/b");
    assert_eq!(field(&header, &rows[1], "this"), "http://h/a/b?q");

    let missing = table(&["/no/such/file.txt"], b"");
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/no/such/file.txt"));
}

#[test]
fn tsv_input_is_detected_and_a_line_base_beats_the_global_one() {
    let out = table_ok(
        &["--base", "http://global/d/", "--format", "jsonl"],
        b"x\thttp://line/a/\ny\t\nz\n",
    );
    let rows = jsonl_rows(&out);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["this"], "http://line/a/x");
    assert_eq!(rows[1]["this"], "http://global/d/y");
    assert_eq!(rows[2]["base"], "http://global/d/");
}

#[test]
fn csv_input_reads_named_columns_and_malformed_records_are_error_rows() {
    let input = b"id,URL,base\n\
                  1,../x,http://a/b/c\n\
                  2,\"http://q/?a=\"\"b\"\"\",\n\
                  3,\"open,\n\
                  4,a\"b,\n\
                  5,too,many,fields\n\
                  6,http://ok/,\n";
    let out = table_ok(&[], input);
    let (header, rows) = csv_rows(&out);
    assert_eq!(rows.len(), 6, "one row per line after the header: {out}");
    let lines: Vec<&str> = rows.iter().map(|r| field(&header, r, "line")).collect();
    assert_eq!(lines, ["2", "3", "4", "5", "6", "7"]);
    assert_eq!(field(&header, &rows[0], "this"), "http://a/x");
    assert_eq!(field(&header, &rows[1], "input"), "http://q/?a=\"b\"");
    for (row, why) in rows[2..5]
        .iter()
        .zip(["never closed", "not quoted", "expected 3 fields"])
    {
        let error = field(&header, row, "error");
        assert!(error.contains(why), "{error}");
        assert_eq!(field(&header, row, "this"), "");
    }
    assert_eq!(field(&header, &rows[2], "input"), "3,\"open,");
    assert_eq!(field(&header, &rows[5], "this"), "http://ok/");
}

#[test]
fn csv_columns_can_be_chosen_and_a_missing_one_is_a_usage_error() {
    let out = table_ok(
        &[
            "--input-format",
            "csv",
            "--input-column",
            "2",
            "--base-column",
            "where",
        ],
        b"name,link,where\nn,../y,http://b/c/d\n",
    );
    let (header, rows) = csv_rows(&out);
    assert_eq!(field(&header, &rows[0], "this"), "http://b/y");

    let out = table(&["--input-format", "csv"], b"name,link\nn,x\n");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("\"name\", \"link\""), "{stderr}");
}

#[test]
fn jsonl_input_takes_batch_requests_and_bad_lines_are_error_rows() {
    let input = b"{\"input\":\"?x=\xC3\xA9\",\"base\":\"http://a/\",\"encoding\":\"latin1\",\"mode\":\"ie\"}\n\
                  {\"input\":\"y\"}\n\
                  {\"input\": 5}\n\
                  {not json\n\
                  \n\
                  {\"input\":\"z\",\"encoding\":\"klingon\"}\n";
    let out = table_ok(&["--base", "http://g/", "--format", "jsonl"], input);
    let rows = jsonl_rows(&out);
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[0]["this"], "http://a/?x=%E9");
    assert_eq!(rows[0]["encoding"], "windows-1252");
    assert_eq!(rows[1]["this"], "http://g/y");
    for (row, line) in rows[2..5].iter().zip([3, 4, 5]) {
        assert_eq!(row["line"], line);
        assert!(row["error"].is_string(), "{row}");
        assert_eq!(row["this"], Value::Null);
    }
    assert!(
        rows[3]["error"]
            .as_str()
            .is_some_and(|e| e.contains("line 1 column 2"))
    );
    assert_eq!(rows[5]["notes"][0], "table.unknown-encoding");
}

#[test]
fn non_utf8_lines_are_decoded_with_replacement_characters_and_noted() {
    let out = table_ok(&["--format", "jsonl"], b"http://a/\xFF\xFE\nhttp://b/\n");
    let rows = jsonl_rows(&out);
    assert_eq!(rows[0]["input"], "http://a/\u{FFFD}\u{FFFD}");
    assert_eq!(rows[0]["notes"][0], "table.not-utf8");
    assert_eq!(rows[1]["notes"], Value::Array(Vec::new()));
}

#[test]
fn csv_tsv_and_jsonl_outputs_hold_the_same_rows() {
    let input = b"HTTP://A/%7e\nhttp://a:99999/\n\\\\server\\share\n{x\n";
    let args = [
        "--resolvers",
        "this,whatwg,rfc3986",
        "--input-format",
        "lines",
    ];
    let csv_text = table_ok(&[&args[..], &["--format", "csv"]].concat(), input);
    let tsv_text = table_ok(&[&args[..], &["--format", "tsv"]].concat(), input);
    let json_text = table_ok(&[&args[..], &["--format", "jsonl"]].concat(), input);
    let (header, csv) = csv_rows(&csv_text);
    let mut tsv_reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .from_reader(tsv_text.as_bytes());
    let tsv: Vec<Vec<String>> = tsv_reader
        .records()
        .map(|r| r.expect("TSV records").iter().map(str::to_owned).collect())
        .collect();
    assert_eq!(csv, tsv);
    let json = jsonl_rows(&json_text);
    assert_eq!(csv.len(), 4);
    assert_eq!(json.len(), 4);
    for (row, obj) in csv.iter().zip(&json) {
        for (name, value) in header.iter().zip(row) {
            let expected = match &obj[name.as_str()] {
                Value::Null => String::new(),
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                Value::Array(codes) => codes
                    .iter()
                    .map(|c| c.as_str().expect("codes are strings"))
                    .collect::<Vec<_>>()
                    .join(" "),
                other => panic!("unexpected {other}"),
            };
            assert_eq!(value, &expected, "column {name}");
        }
    }
}

#[test]
fn only_invalid_keeps_invalid_and_unreadable_rows() {
    let input = b"{\"input\":\"http://ok/\"}\n{\"input\":\"http://a:99999/\"}\nnot json\n";
    let out = table_ok(&["--only-invalid"], input);
    let (header, rows) = csv_rows(&out);
    let lines: Vec<&str> = rows.iter().map(|r| field(&header, r, "line")).collect();
    assert_eq!(lines, ["2", "3"]);
}

#[test]
fn only_disagreeing_keeps_rows_where_two_resolvers_differ() {
    let input = b"http://a/b\nHTTP://A/%7e\nhttp://a:99999/\n";
    let out = table_ok(&["--resolvers", "this,whatwg", "--only-disagreeing"], input);
    let (header, rows) = csv_rows(&out);
    let lines: Vec<&str> = rows.iter().map(|r| field(&header, r, "line")).collect();
    // Line 3: both invalid, which counts as agreeing.
    assert_eq!(lines, ["2"]);

    let out = table(&["--only-disagreeing"], b"x\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("two or more resolvers"));
}

#[test]
fn unknown_names_are_usage_errors_that_name_them() {
    for (args, name) in [
        (&["--resolvers", "this,netscape"][..], "netscape"),
        (&["--encoding", "klingon"][..], "klingon"),
        (&["--input-format", "xml"][..], "xml"),
        (&["--format", "yaml"][..], "yaml"),
    ] {
        let out = table(args, b"http://a/\n");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(name), "{args:?}: {stderr}");
    }
}

#[test]
fn all_resolvers_give_two_result_columns_each_in_input_order() {
    let input: String = (0..5000)
        .map(|i| format!("http://h/{i}/../x{i}\n"))
        .collect();
    let out = table_ok(
        &["--resolvers", "all", "--format", "jsonl"],
        input.as_bytes(),
    );
    let rows = jsonl_rows(&out);
    assert_eq!(rows.len(), 5000);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["line"], i + 1);
        assert_eq!(row["this"], format!("http://h/x{i}"));
    }
    let keys = rows[0].as_object().expect("an object").len();
    // line, input, base, encoding; a value and an error per resolver;
    // notes, hosts, error.
    assert_eq!(keys, 4 + 2 * Resolver::ALL.len() + 3);
}

/// Peak resident memory (VmHWM) of a process, in KiB, from /proc.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A million generated lines (all distinct, so the summary's set of hashes
/// fills to its cap) streamed through the real binary from a pipe: the
/// peak resident memory, read from /proc while it runs, stays under 100 MB.
///
/// The pipeline's memory does not depend on the build, only its speed does:
/// CI runs it against a release build of the binary (`.ci/run` builds one
/// and names it in `URL_INSPECTOR_TEST_BIN`), where it takes seconds.
#[test]
#[ignore = "slow: a million lines through the binary take a debug build a minute or more on 2 cores"]
fn a_million_lines_stream_in_bounded_memory() {
    const LINES: u64 = 1_000_000;
    let mut child = bin()
        .args(["table", "--resolvers", "this"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let pid = child.id();
    assert!(
        peak_rss_kib(pid).is_some(),
        "cannot measure memory: /proc/{pid}/status has no VmHWM line (this test needs Linux's /proc)"
    );
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let writer = thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for i in 0..LINES {
            writeln!(w, "http://host{}.example/path/{i}?q={i}#f", i % 1000)
                .expect("the table reads its input");
        }
    });
    let stdout = child.stdout.take().expect("stdout is piped");
    let counter = thread::spawn(move || {
        let mut rows = 0u64;
        let mut last = String::new();
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        while reader.read_line(&mut line).expect("output is UTF-8") > 0 {
            rows += 1;
            std::mem::swap(&mut last, &mut line);
            line.clear();
        }
        (rows, last)
    });
    let mut peak = 0;
    while child.try_wait().expect("the child can be polled").is_none() {
        if let Some(kib) = peak_rss_kib(pid) {
            peak = peak.max(kib);
        }
        thread::sleep(Duration::from_millis(10));
    }
    writer.join().expect("writer thread");
    let (rows, last) = counter.join().expect("counter thread");
    let mut stderr = String::new();
    let _ = child
        .stderr
        .take()
        .map(|mut e| e.read_to_string(&mut stderr));
    let status = child.wait().expect("the child ran");
    assert!(status.success(), "table failed: {stderr}");
    assert_eq!(rows, LINES + 1, "a header and one row per line");
    assert!(
        last.starts_with("1000000,http://host999.example/path/999999"),
        "{last}"
    );
    eprintln!(
        "peak RSS for {LINES} lines: {:.1} MiB",
        peak as f64 / 1024.0
    );
    assert!(peak > 0, "no memory reading was taken while the table ran");
    assert!(
        peak < 100 * 1000 * 1000 / 1024,
        "peak RSS {peak} KiB is over 100 MB"
    );
}

/// The `hosts` column says whether the resolvers would connect to the same
/// host: one host, one host spelled two ways, two hosts.
#[test]
fn the_hosts_column_gives_the_verdict_per_row() {
    let out = table_ok(
        &["--resolvers", "whatwg,python,curl"],
        b"http://example.com/a\nhttp://0x7f.1/\nhttp://good.com\\@evil.com/\n",
    );
    let (header, rows) = csv_rows(&out);
    let verdicts: Vec<&str> = rows.iter().map(|r| field(&header, r, "hosts")).collect();
    assert_eq!(verdicts, ["agree", "spelling", "confusion"]);
}

/// A pair (the parser that checks, the one that fetches) adds the `pair`
/// column; `--only-through` keeps the payloads that get through it.
#[test]
fn a_pair_column_and_the_rows_that_get_through() {
    let payloads =
        "http://good.com\\@evil.com/\nhttp://example.com/\nhttp://0x7f.1/\nhttp://[::1/\n";
    let text = table_ok(
        &["--check", "whatwg", "--fetch", "python"],
        payloads.as_bytes(),
    );
    let (header, rows) = csv_rows(&text);
    assert_eq!(
        header,
        [
            "line",
            "input",
            "base",
            "encoding",
            "whatwg",
            "whatwg_error",
            "python",
            "python_error",
            "notes",
            "hosts",
            "pair",
            "error"
        ],
        "with a pair and no --resolvers: only the pair's two"
    );
    let pairs: Vec<&str> = rows.iter().map(|r| field(&header, r, "pair")).collect();
    assert_eq!(pairs, ["confusion", "agree", "spelling", "agree"]);

    let through = table_ok(
        &[
            "--check",
            "whatwg",
            "--fetch",
            "python",
            "--only-through",
            "--format",
            "jsonl",
        ],
        "http://a/\nhttp://good.com\\@evil.com/\n".as_bytes(),
    );
    let through = jsonl_rows(&through);
    assert_eq!(through.len(), 1, "{through:?}");
    assert_eq!(through[0]["line"], 2);
    assert_eq!(through[0]["pair"], "confusion");

    let out = table(&["--only-through"], b"http://a/\n");
    assert_eq!(out.status.code(), Some(2), "--only-through needs a pair");
}
