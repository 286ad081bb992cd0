//! Integration tests of the command line: they run the real binary, feed it
//! stdin and arguments, and check its stdout, stderr and exit code.
//!
//! The window path is not exercised (it would open a window); only what
//! happens before it (argument errors) and the no-`gui` build's message are.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use serde_json::{Value, json};

#[path = "support/binary.rs"]
mod binary;
use binary::bin;

/// Runs `batch` on `stdin` (closed afterwards); returns the output lines.
fn batch_raw(stdin: &[u8]) -> Vec<String> {
    let mut child = bin()
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    // Write from another thread so a full stdout pipe cannot deadlock us.
    let writer = thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().expect("the binary runs");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin accepts the input");
    assert!(
        out.status.success(),
        "batch failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "unexpected stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("output is UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Runs `batch` on one request; returns the answer line.
fn batch_line(request: &Value) -> String {
    let lines = batch_raw(format!("{request}\n").as_bytes());
    assert_eq!(lines.len(), 1, "one answer per request: {lines:?}");
    lines.into_iter().next().unwrap_or_default()
}

/// Runs `batch` on one request; returns the parsed answer.
fn batch_json(request: &Value) -> Value {
    serde_json::from_str(&batch_line(request)).expect("the answer is JSON")
}

fn run(args: &[&str]) -> Output {
    bin()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

// ---- batch: results ----

#[test]
fn batch_known_urls_exact_json() {
    let lines = batch_raw(
        concat!(
            r#"{"input": "http://www.example.com/a/../b?c#d"}"#,
            "\n",
            r#"{"input": "HTTP://EXAMPLE.com:80/"}"#,
            "\n",
            r#"{"input": "foo"}"#,
            "\n",
        )
        .as_bytes(),
    );
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert_eq!(
        [
            r#"{"invalid":false,"canon":"http://www.example.com/b?c#d","components":{"scheme":"http","host":"www.example.com","path":"/b","query":"c","fragment":"d"}}"#,
            r#"{"invalid":false,"canon":"http://example.com/","components":{"scheme":"http","host":"example.com","path":"/"}}"#,
        ],
        lines[..2]
    );
    // A relative reference with no base is invalid. The engine's wording of
    // the reason may change, so only the shape and the step's presence are pinned.
    let prefix = r#"{"invalid":true,"canon":null,"components":{},"failure":{"step":""#;
    assert!(lines[2].starts_with(prefix), "{}", lines[2]);
    let foo: Value = serde_json::from_str(&lines[2]).expect("JSON");
    assert!(
        foo["failure"]["step"]
            .as_str()
            .is_some_and(|s| !s.is_empty()),
        "{foo}"
    );
    assert!(
        foo["failure"]["reason"]
            .as_str()
            .is_some_and(|s| !s.is_empty()),
        "{foo}"
    );
}

/// The step id batch reports as the reason `input` is invalid.
fn failing_step(input: &str) -> String {
    let out = batch_json(&json!({ "input": input }));
    out["failure"]["step"]
        .as_str()
        .unwrap_or_else(|| panic!("{input} has a failing step: {out}"))
        .to_owned()
}

#[test]
fn batch_key_order_follows_serialization_order() {
    let line = batch_line(&json!({"input": "http://u:p@[::1]:8080/p?q#f"}));
    assert_eq!(
        line,
        r#"{"invalid":false,"canon":"http://u:p@[::1]:8080/p?q#f","components":{"scheme":"http","user":"u","password":"p","host":"[::1]","port":"8080","path":"/p","query":"q","fragment":"f"}}"#
    );
}

#[test]
fn batch_empty_component_is_kept_absent_one_is_left_out() {
    let empty = batch_json(&json!({"input": "http://a/?"}));
    assert_eq!(empty["components"]["query"], json!(""));
    assert_eq!(empty["canon"], json!("http://a/?"));

    let absent = batch_json(&json!({"input": "http://a/"}));
    let components = absent["components"]
        .as_object()
        .expect("components is an object");
    assert!(!components.contains_key("query"), "{absent}");
    assert!(!components.contains_key("fragment"), "{absent}");
    assert_eq!(absent["canon"], json!("http://a/"));
}

#[test]
fn batch_stage_parse_keeps_the_input_as_written() {
    let line = batch_line(&json!({"input": "HTTP://EXAMPLE.com:80/", "stage": "parse"}));
    assert_eq!(
        line,
        r#"{"invalid":false,"canon":null,"components":{"scheme":"HTTP","host":"EXAMPLE.com","port":"80","path":"/"}}"#
    );
    // A relative reference parses (no scheme, so invalid) without a failure step.
    let line = batch_line(&json!({"input": "foo", "stage": "parse"}));
    assert_eq!(
        line,
        r#"{"invalid":true,"canon":null,"components":{"path":"foo"}}"#
    );
}

#[test]
fn batch_stage_resolve_stops_before_canonicalization() {
    let out =
        batch_json(&json!({"input": "../x/./y", "base": "HTTP://H/a/b/c", "stage": "resolve"}));
    assert_eq!(out["canon"], Value::Null);
    assert_eq!(out["invalid"], json!(false));
    assert_eq!(out["components"]["path"], json!("/a/x/y"));
    // Not canonicalized yet: the host keeps its case.
    assert_eq!(out["components"]["host"], json!("H"));
}

#[test]
fn batch_base_absent_null_or_empty_means_no_base() {
    let absent = batch_line(&json!({"input": "http://a/b/../c"}));
    let null = batch_line(&json!({"input": "http://a/b/../c", "base": null}));
    let empty = batch_line(&json!({"input": "http://a/b/../c", "base": ""}));
    assert_eq!(absent, null);
    assert_eq!(absent, empty);
    assert_eq!(
        serde_json::from_str::<Value>(&absent).expect("JSON")["canon"],
        json!("http://a/c")
    );

    let relative = batch_json(&json!({"input": "../d/./e", "base": "http://Example.COM:80/a/b/c"}));
    assert_eq!(relative["canon"], json!("http://example.com/a/d/e"));
}

#[test]
fn batch_encoding_applies_to_the_query_and_unknown_labels_mean_utf8() {
    let latin1 = batch_json(&json!({"input": "http://a/?\u{e9}", "encoding": "windows-1252"}));
    assert_eq!(latin1["canon"], json!("http://a/?%E9"));
    let utf8 = batch_line(&json!({"input": "http://a/?\u{e9}"}));
    assert!(utf8.contains(r#""canon":"http://a/?%C3%A9""#), "{utf8}");
    assert_eq!(
        batch_line(&json!({"input": "http://a/?\u{e9}", "encoding": null})),
        utf8
    );
    // An unknown label gives the UTF-8 answer, with a note that says so.
    let unknown = batch_json(&json!({"input": "http://a/?\u{e9}", "encoding": "no-such-label"}));
    assert_eq!(unknown["canon"], json!("http://a/?%C3%A9"));
    assert_eq!(
        unknown["notes"][0]["code"],
        json!("encoding-fallback"),
        "{unknown}"
    );
}

#[test]
fn batch_modes_are_passed_to_the_engine() {
    let canon =
        |mode: &str| batch_json(&json!({"input": "sc://a^b", "mode": mode}))["canon"].clone();
    assert_eq!(canon("this"), json!("sc://a%5Eb/"));
    assert_eq!(canon("chrome"), Value::Null);
    assert_eq!(canon("gecko"), json!("sc://a^b/"));
    assert_eq!(canon("ie"), json!("sc://a%5eb/"));
    // The default is "this".
    assert_eq!(
        batch_json(&json!({"input": "sc://a^b"}))["canon"],
        json!("sc://a%5Eb/")
    );
}

#[test]
fn batch_invalid_results_name_the_failing_step() {
    let line = batch_line(&json!({"input": "http://a:99999/"}));
    assert!(
        line.starts_with(r#"{"invalid":true,"canon":null,"#),
        "{line}"
    );
    let out: Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(out["failure"]["step"], json!("canon.port.invalid"));
    assert_eq!(
        out["failure"]["reason"],
        json!("the port is larger than 65535")
    );
    // The range points at the port in the (here unchanged) input.
    assert_eq!(out["failure"]["range"], json!({"start": 9, "end": 14}));
    // A valid result has no failure key.
    let ok = batch_json(&json!({"input": "http://a:8080/"}));
    assert!(ok.get("failure").is_none(), "{ok}");
}

/// Over a stream, each step id's table entry is written once: a second
/// traced request repeats none of the first one's, and brings its own new
/// ones.
#[test]
fn batch_trace_explains_each_step_id_once_per_stream() {
    let lines = batch_raw(
        b"{\"input\":\"http://a/b\",\"trace\":true}\n\
          {\"input\":\"http://a/b\",\"trace\":true}\n\
          {\"input\":\"http://a:8080/%7e?q\",\"trace\":true}\n",
    );
    let traces: Vec<Vec<Value>> = lines
        .iter()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("JSON");
            v["trace"].as_array().expect("a trace").clone()
        })
        .collect();
    let explained = |t: &[Value]| t.iter().filter(|s| s.get("citation").is_some()).count();
    assert!(explained(&traces[0]) > 0);
    assert_eq!(explained(&traces[1]), 0, "{:?}", traces[1]);
    assert!(explained(&traces[2]) > 0, "the port's steps are new");
    // Every id seen has been explained somewhere earlier or here.
    let mut table = std::collections::HashMap::new();
    for step in traces.iter().flatten() {
        let id = step["id"].as_str().expect("an id");
        if let Some(c) = step.get("citation") {
            table.insert(id.to_owned(), c.clone());
        }
        assert!(table.contains_key(id), "{id} never explained");
    }
}

#[test]
fn batch_trace_lists_the_steps_with_their_table_entries() {
    let out = batch_json(&json!({"input": "HTTP://EXAMPLE.com:80/", "trace": true}));
    let steps = out["trace"].as_array().expect("trace is an array");
    assert!(!steps.is_empty());
    let mut seen = std::collections::HashSet::new();
    for step in steps {
        // A step id's table entry comes with its first step only.
        let first = seen.insert(step["id"].as_str().expect("an id").to_owned());
        for key in ["stage", "citation", "explanation"] {
            assert_eq!(
                step[key].as_str().is_some_and(|s| !s.is_empty()),
                first,
                "{key} in {step}"
            );
        }
        // Absent fields are omitted, never null.
        for (key, value) in step.as_object().expect("a step is an object") {
            assert!(!value.is_null(), "{key} is null in {step}");
        }
    }
    let last = steps.last().expect("there is a last step");
    assert_eq!(last["id"], json!("serialize"));
    assert_eq!(last["stage"], json!("serialize"));
    assert_eq!(last["decision"], json!("http://example.com/"));
    let port = steps
        .iter()
        .find(|s| s["id"] == json!("canon.port.default"))
        .expect("the default port is dropped");
    assert_eq!(port["component"], json!("port"));
    assert_eq!(port["before"], json!("80"));
    assert!(
        port.get("after").is_none(),
        "the port became absent: {port}"
    );

    // Tracing changes nothing else.
    let mut untraced = out.clone();
    untraced.as_object_mut().expect("an object").remove("trace");
    assert_eq!(
        untraced,
        batch_json(&json!({"input": "HTTP://EXAMPLE.com:80/"}))
    );
    // No trace key unless asked for.
    assert!(
        batch_json(&json!({"input": "http://a/", "trace": false}))
            .get("trace")
            .is_none()
    );
}

#[test]
fn batch_trace_marks_the_failed_step() {
    let out = batch_json(&json!({"input": "http://a:99999/", "trace": true}));
    let steps = out["trace"].as_array().expect("trace is an array");
    let failed: Vec<&Value> = steps
        .iter()
        .filter(|s| s["failed"] == json!(true))
        .collect();
    assert_eq!(failed.len(), 1, "{steps:?}");
    assert_eq!(failed[0]["id"], out["failure"]["step"]);
}

// ---- batch: malformed lines ----

#[test]
fn batch_malformed_lines_get_an_error_each_and_processing_continues() {
    let mut input = Vec::new();
    let bad: &[&[u8]] = &[
        b"not json",
        b"[1, 2]",
        b"\"http://a/\"",
        b"{}",
        b"{\"input\": 3}",
        b"{\"input\": null}",
        b"{\"input\": \"x\", \"mode\": \"netscape\"}",
        b"{\"input\": \"x\", \"stage\": \"all\"}",
        b"{\"input\": \"x\", \"trace\": \"yes\"}",
        b"{\"input\": \"x\", \"base\": 5}",
        b"{\"input\": \"x\", \"encoding\": []}",
        b"",
        b"   ",
        b"{\"input\": \"http://\xFF/\"}",
        b"{\"input\": \"x\"",
    ];
    for line in bad {
        input.extend_from_slice(line);
        input.push(b'\n');
    }
    input.extend_from_slice(b"{\"input\": \"http://a/\"}\n");
    let lines = batch_raw(&input);
    assert_eq!(lines.len(), bad.len() + 1, "{lines:#?}");
    for (i, line) in lines[..bad.len()].iter().enumerate() {
        let v: Value = serde_json::from_str(line).expect("error answers are JSON");
        let obj = v.as_object().expect("an object");
        assert_eq!(obj.len(), 1, "only an error key: {line}");
        assert!(
            obj["error"].as_str().is_some_and(|e| !e.is_empty()),
            "line {i}: {line}"
        );
    }
    let error = |i: usize| lines[i].clone();
    assert!(error(0).contains("not valid JSON"), "{}", error(0));
    assert!(error(1).contains("an array"), "{}", error(1));
    assert!(error(3).contains("missing"), "{}", error(3));
    assert!(
        error(4).contains("input") && error(4).contains("a number"),
        "{}",
        error(4)
    );
    assert!(
        error(6).contains("netscape") && error(6).contains("chrome"),
        "{}",
        error(6)
    );
    assert!(
        error(7).contains("all") && error(7).contains("canonicalize"),
        "{}",
        error(7)
    );
    assert!(error(8).contains("trace"), "{}", error(8));
    assert!(error(11).contains("blank"), "{}", error(11));
    assert!(error(12).contains("blank"), "{}", error(12));
    assert!(error(13).contains("UTF-8"), "{}", error(13));
    assert_eq!(
        lines[bad.len()],
        r#"{"invalid":false,"canon":"http://a/","components":{"scheme":"http","host":"a","path":"/"}}"#
    );
}

#[test]
fn batch_accepts_crlf_unknown_keys_and_a_last_line_without_newline() {
    let lines = batch_raw(b"{\"input\": \"http://a/\", \"id\": 7}\r\n{\"input\": \"http://b/\"}");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].contains(r#""canon":"http://a/""#), "{}", lines[0]);
    assert!(lines[1].contains(r#""canon":"http://b/""#), "{}", lines[1]);
}

#[test]
fn batch_with_no_input_writes_nothing() {
    assert!(batch_raw(b"").is_empty());
}

// ---- batch: streaming ----

#[test]
fn batch_answers_each_line_before_reading_the_next() {
    let mut child = bin()
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");

    // Read answers on a thread so a batch that waits for EOF fails the test
    // through the timeout instead of hanging it.
    let (tx, rx) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let timeout = Duration::from_secs(30);

    stdin
        .write_all(b"{\"input\": \"HTTP://A/\"}\n")
        .expect("write the first line");
    stdin.flush().expect("flush");
    let first = rx
        .recv_timeout(timeout)
        .expect("the first answer comes while stdin is still open");
    assert!(first.contains(r#""canon":"http://a/""#), "{first}");

    stdin
        .write_all(b"{\"input\": \"http://b/c/../d\"}\n")
        .expect("write the second line");
    stdin.flush().expect("flush");
    let second = rx
        .recv_timeout(timeout)
        .expect("the second answer comes while stdin is still open");
    assert!(second.contains(r#""canon":"http://b/d""#), "{second}");

    drop(stdin);
    let status = child.wait().expect("the binary exits");
    assert!(status.success());
    reader.join().expect("reader thread");
    assert!(rx.try_recv().is_err(), "no extra output");
}

#[test]
fn batch_stops_quietly_when_stdout_is_closed() {
    let mut child = bin()
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Nobody reads the answers.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let line = b"{\"input\": \"http://a/\"}\n";
    for _ in 0..10_000 {
        // Once batch has exited, writing fails too; that is expected.
        if stdin.write_all(line).is_err() {
            break;
        }
    }
    drop(stdin);
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut err)
        .expect("stderr is readable");
    let status = child.wait().expect("the binary exits");
    assert!(!err.contains("panicked"), "{err}");
    assert!(err.is_empty(), "quiet: {err}");
    assert_eq!(status.code(), Some(0));
}

// ---- canon ----

#[test]
fn canon_prints_the_canonical_url() {
    let out = run(&["canon", "HTTP://EXAMPLE.com:80/"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://example.com/\n");
    assert_eq!(stderr(&out), "");

    let out = run(&[
        "canon",
        "../d/./e?q=\u{e9}",
        "--base",
        "HTTP://Example.COM:80/a/b/c",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://example.com/a/d/e?q=%C3%A9\n");
}

#[test]
fn canon_options_reach_the_engine() {
    let out = run(&["canon", "http://a/?\u{e9}", "--encoding", "windows-1252"]);
    assert_eq!(stdout(&out), "http://a/?%E9\n");
    let out = run(&["canon", "sc://a^b", "--mode", "ie"]);
    assert_eq!(stdout(&out), "sc://a%5eb/\n");
    let out = run(&["canon", "sc://a^b", "--mode", "GECKO"]);
    assert_eq!(stdout(&out), "sc://a^b/\n");
}

#[test]
fn canon_invalid_exits_1_and_says_why_on_stderr() {
    let out = run(&["canon", "http://a:99999/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("canon.port.invalid"), "{err}");
    assert!(err.contains("99999"), "{err}");

    let out = run(&["canon", "foo"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    let step = failing_step("foo");
    assert!(stderr(&out).contains(&step), "{step} in {}", stderr(&out));

    let out = run(&["canon", "sc://a^b", "--mode", "chrome"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("invalid"), "{}", stderr(&out));
}

#[test]
fn canon_usage_errors_exit_2() {
    let out = run(&["canon", "http://a/", "--mode", "netscape"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("netscape"), "{err}");
    assert!(err.contains("chrome"), "the valid modes are listed: {err}");
    assert_eq!(stdout(&out), "");

    let out = run(&["canon"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("INPUT"), "{}", stderr(&out));

    let out = run(&["canon", "http://a/", "--no-such-flag"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn canon_unknown_encoding_warns_and_uses_utf8() {
    let out = run(&["canon", "http://a/?\u{e9}", "--encoding", "no-such-label"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://a/?%C3%A9\n");
    let err = stderr(&out);
    assert!(err.contains("no-such-label"), "{err}");
    assert!(err.contains("UTF-8"), "{err}");
    // A known label gives no warning.
    let out = run(&["canon", "http://a/", "--encoding", "shift_jis"]);
    assert_eq!(stderr(&out), "");
}

#[test]
fn canon_json_is_the_batch_object() {
    for (input, code) in [
        ("http://www.example.com/a/../b?c#d", 0),
        ("http://a:99999/", 1),
        ("foo", 1),
    ] {
        let out = run(&["canon", input, "--json", "--mode", "chrome"]);
        assert_eq!(out.status.code(), Some(code), "{input}");
        let expected = batch_line(&json!({"input": input, "mode": "chrome"}));
        assert_eq!(stdout(&out), format!("{expected}\n"), "{input}");
    }
}

#[test]
fn canon_json_with_trace_puts_the_steps_in_the_object() {
    let out = run(&["canon", "http://a/", "--json", "--trace"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(
        text.lines().count(),
        1,
        "one JSON line, no text trace: {text}"
    );
    let v: Value = serde_json::from_str(&text).expect("JSON");
    assert!(v["trace"].as_array().is_some_and(|s| !s.is_empty()), "{v}");
}

#[test]
fn canon_trace_prints_steps_by_stage_then_the_result() {
    let out = run(&["canon", "HTTP://EXAMPLE.com:80/a/../b", "--trace"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(
        text.lines().last(),
        Some("Result: canonical URL http://example.com/b"),
        "{text}"
    );
    assert!(
        text.starts_with("Input:    \"HTTP://EXAMPLE.com:80/a/../b\"\nBase:     none\nEncoding: UTF-8\nMode:     THIS (--mode this)\n"),
        "{text}"
    );
    for needle in [
        "Parsing\n",
        "Canonicalization\n",
        "Serialization\n",
        "canon.port.default",
        "resolve.dots",
        "port: \"80\" → (absent)",
        "path: \"/a/../b\" → \"/b\"",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
    // The result comes after every step.
    let serialize = text.find("serialize").expect("the serialize step is shown");
    let result = text
        .rfind("Result: canonical URL http://example.com/b\n")
        .expect("the result is shown");
    assert!(serialize < result);
}

#[test]
fn canon_trace_of_an_invalid_url_marks_the_failed_step() {
    let out = run(&["canon", "http://a:99999/", "--trace"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let failed = text
        .lines()
        .find(|l| l.contains("FAILED"))
        .unwrap_or_else(|| panic!("no failed step in:\n{text}"));
    assert!(failed.contains("canon.port.invalid"), "{failed}");
    assert!(stderr(&out).contains("canon.port.invalid"));
}

#[test]
fn canon_input_starting_with_a_dash_after_double_dash() {
    let out = run(&["canon", "--base", "http://a/b/", "--", "-x"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://a/b/-x\n");
}

// ---- the top level ----

#[test]
fn help_names_the_subcommands() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.contains("batch") && text.contains("canon"), "{text}");
    assert!(text.contains("--mode") && text.contains("--base"), "{text}");
}

#[test]
fn window_arguments_are_checked_before_any_window_opens() {
    let out = run(&["http://a/", "--mode", "netscape"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("netscape"), "{}", stderr(&out));
}

#[test]
fn window_arguments_do_not_mix_with_subcommands() {
    let out = run(&["--base", "http://a/", "canon", "x"]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
}

#[cfg(not(feature = "gui"))]
#[test]
fn without_the_gui_feature_the_window_path_explains_itself() {
    for args in [&[][..], &["http://a/"][..]] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2));
        let err = stderr(&out);
        assert!(err.contains("no window") && err.contains("gui"), "{err}");
    }
}

// ---------------------------------------------------------------------------
// The compare resolvers in `batch` and the `compare` command.

#[test]
fn batch_whatwg_and_rfc3986_take_no_base_as_no_base() {
    for (mode, code) in [
        ("whatwg", "missing-scheme-non-relative-URL"),
        ("rfc3986", "rfc3986.no-base"),
    ] {
        for base in [json!(null), json!("")] {
            let v = batch_json(&json!({"input": "a/b", "base": base, "mode": mode}));
            assert_eq!(v["invalid"], json!(true), "{mode}: {v}");
            assert_eq!(v["canon"], json!(null), "{mode}: {v}");
            assert_eq!(v["notes"][0]["code"], json!(code), "{mode}: {v}");
        }
    }
    // The spec's modes, by contrast, resolve the input against itself.
    let v = batch_json(&json!({"input": "http://a/b/../c", "mode": "this"}));
    assert_eq!(v["canon"], json!("http://a/c"));
}

#[test]
fn batch_whatwg_answers_with_the_standard_model_and_named_validation_errors() {
    use url_inspector::engine::url_standard::ValidationError;
    let v = batch_json(&json!({
        "input": " http://u:@h/p?#", "mode": "WHATWG", "stage": "parse"
    }));
    // `stage` is ignored: the standard has one parser.
    assert_eq!(
        v,
        json!({
            "invalid": false,
            "canon": "http://u@h/p?#",
            "components": {"scheme": "http", "user": "u", "host": "h", "path": "/p", "query": "", "fragment": ""},
            "notes": [
                {"code": "invalid-URL-unit",
                 "message": ValidationError::InvalidUrlUnit.explanation(),
                 "range": {"start": 0, "end": 1}},
                {"code": "invalid-credentials",
                 "message": ValidationError::InvalidCredentials.explanation(),
                 "range": {"start": 10, "end": 11}}
            ]
        })
    );
}

#[test]
fn batch_rfc3986_stages_parse_resolve_canonicalize() {
    let req = |stage: &str| {
        batch_json(&json!({
            "input": "../%7eX/./y", "base": "HTTP://H:80/a/b/c", "mode": "rfc3986", "stage": stage
        }))
    };
    let parsed = req("parse");
    assert_eq!(parsed["canon"], json!(null));
    assert_eq!(parsed["components"], json!({"path": "../%7eX/./y"}));
    let resolved = req("resolve");
    assert_eq!(resolved["canon"], json!("HTTP://H:80/a/%7eX/y"));
    assert_eq!(resolved["components"]["port"], json!("80"));
    let normalized = req("canonicalize");
    assert_eq!(normalized["canon"], json!("http://h/a/~X/y"));
    assert_eq!(normalized["components"]["host"], json!("h"));
    assert_eq!(normalized["notes"][0]["code"], json!("rfc3986.normalized"));
    // Not an IRI-reference: invalid, with the byte that breaks the grammar.
    let bad = batch_json(&json!({"input": "a{b", "mode": "rfc3986"}));
    assert_eq!(bad["invalid"], json!(true));
    assert_eq!(bad["notes"][0]["range"], json!({"start": 1, "end": 2}));
}

#[test]
fn batch_opc_resolves_part_names_against_the_source_part() {
    let v = batch_json(&json!({
        "input": "..\\media\\image1.png.", "base": "/word/document.xml", "mode": "opc"
    }));
    assert_eq!(
        v,
        json!({"invalid": false, "canon": "/media/image1.png", "components": {"path": "/media/image1.png"}})
    );
    // No base: the package root.
    let v = batch_json(&json!({"input": "a.xml", "mode": "opc"}));
    assert_eq!(v["canon"], json!("/a.xml"));
    // An absolute reference is resolved the ordinary way.
    let v = batch_json(&json!({"input": "http://h/x/../y", "mode": "opc"}));
    assert_eq!(v["canon"], json!("http://h/y"));
    assert_eq!(v["components"]["host"], json!("h"));
    // An invalid part name names the rule.
    let v = batch_json(&json!({"input": "..", "mode": "opc"}));
    assert_eq!(v["invalid"], json!(true));
    assert_eq!(v["components"], json!({"path": "/"}));
    assert_eq!(v["notes"][0]["code"], json!("opc.part-name.trailing-slash"));
}

#[test]
fn batch_unknown_mode_lists_all_eight() {
    let line = batch_line(&json!({"input": "x", "mode": "netscape"}));
    for name in [
        "this", "chrome", "gecko", "ie", "whatwg", "rust-url", "rfc3986", "opc",
    ] {
        assert!(line.contains(&format!("\\\"{name}\\\"")), "{name}: {line}");
    }
}

#[test]
fn compare_prints_an_aligned_table_of_every_resolver() {
    let out = run(&["compare", "?", "--base", "http://foo.example/#bar"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let names = [
        "this", "chrome", "gecko", "ie", "whatwg", "rfc3986", "opc", "chromium", "firefox",
        "webkit", "rust-url",
    ];
    let column = lines[0].find("canonical").expect("a header row");
    for (line, name) in lines[1..=names.len()].iter().zip(names) {
        assert!(line.starts_with(name), "{line:?}");
        assert!(
            line[column..].starts_with(if name == "opc" {
                "invalid: a part name must not end with '/'"
            } else {
                "http://foo.example/?"
            }),
            "{line:?}"
        );
    }
    // The rows that agree with THIS list no components; OPC's do.
    assert!(
        lines[5].trim_end().ends_with("http://foo.example/?"),
        "{}",
        lines[5]
    );
    assert!(lines[7].contains("scheme absent"), "{}", lines[7]);
    assert!(text.contains("rfc3986.base-fragment"), "{text}");
}

#[test]
fn compare_json_is_the_batch_answer_of_each_resolver() {
    let args = [
        "compare",
        "--json",
        "HTTP://a/b/../%7e?x#y",
        "--base",
        "http://z/",
        "--encoding",
        "utf-8",
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let v: Value = serde_json::from_str(&text).expect("one JSON object");
    let names = url_inspector::resolvers::Resolver::ALL.map(|r| r.name());
    let keys: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    // The resolvers' keys, the hosts' and the site's.
    let mut sorted = names.to_vec();
    sorted.extend(["hosts", "site"]);
    sorted.sort_unstable();
    let mut got = keys.clone();
    got.sort_unstable();
    assert_eq!(got, sorted);
    // Key order on the wire follows the resolvers' order, then the hosts
    // and the site.
    let at = |n: &str| text.find(&format!("\"{n}\":")).expect("key written");
    let order = names
        .iter()
        .chain(&["hosts", "site"])
        .map(|n| at(n))
        .collect::<Vec<_>>();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
    for name in names {
        let answer = batch_json(&json!({
            "input": "HTTP://a/b/../%7e?x#y", "base": "http://z/", "encoding": "utf-8", "mode": name
        }));
        assert_eq!(v[name], answer, "{name}");
    }
}

// ---- hosts: would the parsers connect to the same host? ----

#[test]
fn compare_says_whether_the_parsers_would_connect_to_one_host() {
    let json = |input: &str| -> Value {
        let out = run(&["compare", "--json", input]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        serde_json::from_str(&stdout(&out)).expect("one JSON object")
    };
    let v = json("http://example.com/a");
    assert_eq!(v["hosts"]["verdict"], "agree", "{}", v["hosts"]);

    let v = json("http://good.com\\@evil.com/");
    assert_eq!(v["hosts"]["verdict"], "confusion", "{}", v["hosts"]);
    let goes_to = |host: &str| -> Vec<String> {
        v["hosts"]["hosts"]
            .as_array()
            .expect("hosts")
            .iter()
            .find(|d| d["host"] == host)
            .map(|d| serde_json::from_value(d["by"].clone()).expect("names"))
            .unwrap_or_default()
    };
    for r in ["whatwg", "chromium", "firefox", "webkit"] {
        assert!(goes_to("good.com").iter().any(|n| n == r), "{r}");
    }
    // The libraries that split the userinfo at the '@' (the real ones'
    // answers, `compare --live`); Node.js's url.parse and urllib3 read the
    // backslash as the URL Standard does.
    for r in ["python", "curl", "php", "java-url", "perl"] {
        assert!(goes_to("evil.com").iter().any(|n| n == r), "{r}");
    }
    for r in ["node-legacy", "urllib3"] {
        assert!(goes_to("good.com").iter().any(|n| n == r), "{r}");
    }
    assert!(
        v["hosts"]["refused"]
            .as_array()
            .expect("refused")
            .contains(&json!("go"))
    );

    let out = run(&["compare", "http://good.com\\@evil.com/"]);
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("hosts (confusion): "))
        .unwrap_or_else(|| panic!("no hosts line:\n{text}"));
    assert!(line.contains("the browsers"), "{line}");
    assert!(
        line.contains(
            "Python's urllib, libcurl, PHP's parse_url, java.net.URL and Perl's URI go to evil.com"
        ),
        "{line}"
    );
    assert!(
        line.contains("RFC 3986, Go's net/url, Ruby's URI and java.net.URI refuse the URL"),
        "{line}"
    );
}

// ---- sites: canon --json and compare ----

/// The list as the outputs name it (a date and the crate's version).
fn psl_list() -> &'static str {
    url_inspector::engine::url_standard::site::PSL_LIST
}

#[test]
fn canon_json_gives_the_site_against_the_base() {
    let out = run(&[
        "canon",
        "--json",
        "--mode",
        "whatwg",
        "https://www.example.co.uk/a",
        "--base",
        "https://example.co.uk/",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(
        v["site"],
        json!({
            "origin": "https://www.example.co.uk",
            "site": "https://example.co.uk",
            "registrable_domain": "example.co.uk",
            "public_suffix": "co.uk",
            "public_suffix_section": "icann",
            "same_origin_as_base": false,
            "same_site_as_base": true,
            "list": psl_list(),
        })
    );
    assert!(
        psl_list().starts_with("Public Suffix List as of 20"),
        "{}",
        psl_list()
    );
    // Everything else is the batch answer.
    let mut rest = v.clone();
    rest.as_object_mut().expect("an object").remove("site");
    let batch: Value = serde_json::from_str(&batch_line(&json!({
        "input": "https://www.example.co.uk/a", "base": "https://example.co.uk/", "mode": "whatwg"
    })))
    .expect("JSON");
    assert_eq!(rest, batch);
}

#[test]
fn canon_json_site_cases() {
    let site = |args: &[&str]| {
        let out = run(&[&["canon", "--json"][..], args].concat());
        let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        v["site"].clone()
    };
    // The private section: github.io is a public suffix.
    let v = site(&[
        "--mode",
        "whatwg",
        "https://foo.github.io/",
        "--base",
        "https://bar.github.io/",
    ]);
    assert_eq!(v["site"], "https://foo.github.io");
    assert_eq!(v["public_suffix_section"], "private");
    assert_eq!(v["same_site_as_base"], false);
    // No base: the comparisons are null.
    let v = site(&["--mode", "whatwg", "http://192.168.0.1/"]);
    assert_eq!(v["site"], "http://192.168.0.1");
    assert_eq!(v["registrable_domain"], Value::Null);
    assert_eq!(v["same_origin_as_base"], Value::Null);
    // An opaque origin is its own site.
    let v = site(&["--mode", "whatwg", "file:///etc/hosts"]);
    assert_eq!((&v["origin"], &v["site"]), (&json!("null"), &json!("null")));
    // The browser models answer a record too.
    let v = site(&[
        "--mode",
        "firefox",
        "https://a.example.com/",
        "--base",
        "http://example.com/",
    ]);
    assert_eq!(v["site"], "https://example.com");
    assert_eq!(v["same_site_as_base"], false, "the schemes differ");
    // The 2012 modes and an invalid URL have none.
    assert_eq!(
        site(&["--mode", "this", "https://example.com/"]),
        Value::Null
    );
    assert_eq!(site(&["--mode", "whatwg", "http://[::1"]), Value::Null);
}

#[test]
fn batch_answers_carry_no_site() {
    let line = batch_line(&json!({"input": "https://www.example.co.uk/", "mode": "whatwg"}));
    assert!(!line.contains("\"site\""), "{line}");
}

#[test]
fn compare_says_the_site_and_how_it_stands_to_the_base() {
    let out = run(&[
        "compare",
        "https://www.example.co.uk/a",
        "--base",
        "https://example.co.uk/",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("site"))
        .expect("a site line");
    assert_eq!(
        line,
        format!(
            "site (URL Standard): https://example.co.uk, the registrable domain of \
             www.example.co.uk (public suffix co.uk, ICANN section); same origin as the base: no; \
             same site: yes; list: {}",
            psl_list()
        )
    );
    let out = run(&[
        "compare",
        "--json",
        "http://a.example.com/",
        "--base",
        "https://example.com/",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["site"]["site"], "http://example.com");
    assert_eq!(v["site"]["same_site_as_base"], false);
    // No URL by the Standard: no line, and a null site.
    let out = run(&["compare", "http://[::1"]);
    assert!(
        !stdout(&out).contains("site (URL Standard)"),
        "{}",
        stdout(&out)
    );
    let out = run(&["compare", "--json", "http://[::1"]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["site"], Value::Null);
}

#[test]
fn compare_needs_an_input() {
    let out = run(&["compare"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The issue's teaching example, traced as text: each turn of remove
/// dot-segments with its rule and buffers, each '..' taking a segment.
#[test]
fn canon_trace_text_shows_each_turn_of_remove_dot_segments() {
    let base = "http://example.com/p/q/r";
    let out = run(&["canon", "../../a/./b?x#y", "--base", base, "--trace"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert_eq!(
        text.lines().last(),
        Some("Result: canonical URL http://example.com/a/b?x#y"),
        "{text}"
    );
    // The explicit text format is the default one.
    let explicit = run(&[
        "canon",
        "../../a/./b?x#y",
        "--base",
        base,
        "--trace",
        "--format",
        "TEXT",
    ]);
    assert_eq!(stdout(&explicit), text);
    // Each step's line reads "  #N id  citation".
    let rules: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter(|id| id.starts_with("resolve.dots"))
        .collect();
    assert_eq!(
        rules,
        [
            "resolve.dots",
            "resolve.dots.e",
            "resolve.dots.e",
            "resolve.dots.c",
            "resolve.dots.c",
            "resolve.dots.e",
            "resolve.dots.b",
            "resolve.dots.e"
        ],
        "{text}"
    );
    for needle in [
        "path: \"/p/q/r\" → \"/p/q/\"",
        "path: \"/p/q/../../a/./b\" → \"/p/../a/./b\"\n      output buffer \"/p\" | input buffer \"/../a/./b\"\n      \"/../\" becomes \"/\", and \"/q\" leaves the output buffer\n",
        "path: \"/p/../a/./b\" → \"/a/./b\"\n      output buffer \"\" | input buffer \"/a/./b\"\n      \"/../\" becomes \"/\", and \"/p\" leaves the output buffer\n",
        "output buffer \"/a/b\" | input buffer \"\"",
    ] {
        assert!(text.contains(needle), "{needle:?} missing from:\n{text}");
    }
}

#[test]
fn canon_trace_markdown_is_a_document_with_a_table_per_stage() {
    let out = run(&[
        "canon",
        "../../a/./b?x#y",
        "--base",
        "http://example.com/p/q/r",
        "--trace",
        "--format",
        "markdown",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let md = stdout(&out);
    assert!(
        md.starts_with("# How THIS reads `../../a/./b?x#y`\n"),
        "{md}"
    );
    for needle in [
        "- base: `\"http://example.com/p/q/r\"`\n",
        "- mode: THIS (`--mode this`)\n",
        "## Parsing (of the base URL)\n\n| # | step | citation | component | before → after | decision |\n|---:|---|---|---|---|---|\n",
        "## Resolution\n",
        "| `resolve.dots.c` | Remove dot-segments (RFC 3986 5.2.4, step 2C) | path | `\"/p/q/../../a/./b\"` → `\"/p/../a/./b\"`<br>output `\"/p\"` · input `\"/../a/./b\"` | \"/../\" becomes \"/\", and \"/q\" leaves the output buffer |",
        "## Result\n\nCanonical URL: `http://example.com/a/b?x#y`\n",
    ] {
        assert!(md.contains(needle), "{needle:?} missing from:\n{md}");
    }
    // The document states the result itself: no bare URL line after it.
    assert!(
        !md.lines().any(|l| l == "http://example.com/a/b?x#y"),
        "{md}"
    );
}

#[test]
fn canon_trace_markdown_of_an_invalid_url_states_the_failure() {
    let out = run(&[
        "canon",
        "http://a:99999/",
        "--trace",
        "--format",
        "markdown",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let md = stdout(&out);
    let failed = md
        .lines()
        .find(|l| l.contains("**FAILED**"))
        .unwrap_or_else(|| panic!("no failed row in:\n{md}"));
    assert!(failed.contains("`canon.port.invalid`"), "{failed}");
    assert!(
        md.contains("## Result\n\ninvalid: the port is larger than 65535 (step canon.port.invalid"),
        "{md}"
    );
    assert!(stderr(&out).contains("canon.port.invalid"));
}

#[test]
fn canon_format_needs_trace_and_a_known_name() {
    for args in [
        &["canon", "http://a/", "--format", "markdown"][..],
        &["canon", "http://a/", "--trace", "--format", "html"][..],
        &[
            "canon",
            "http://a/",
            "--trace",
            "--json",
            "--format",
            "text",
        ][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

// ---------------------------------------------------------------------------
// Notes: what a person must not miss, in `batch`, `canon --json`
// and on `canon`'s stderr.

/// The codes of an answer's notes, in order.
fn note_codes(answer: &Value) -> Vec<String> {
    answer["notes"]
        .as_array()
        .map(|notes| {
            notes
                .iter()
                .filter_map(|n| n["code"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn batch_notes_a_look_alike_host_in_every_mode() {
    for mode in ["this", "chrome", "gecko", "ie"] {
        let out = batch_json(&json!({"input": "http://раураl.com/login", "mode": mode}));
        assert_eq!(
            note_codes(&out),
            ["host-mixed-script", "host-confusable"],
            "{mode}: {out}"
        );
        let confusable = &out["notes"][1];
        assert!(
            confusable["message"]
                .as_str()
                .is_some_and(|m| m.contains("looks like paypal.com")),
            "{out}"
        );
        // The range is in the (preprocessed) input: the host, in bytes.
        assert_eq!(
            confusable["range"],
            json!({"start": 7, "end": 22}),
            "{mode}"
        );
    }
}

#[test]
fn batch_leaves_notes_out_when_there_are_none() {
    let out = batch_json(&json!({"input": "http://example.com/a"}));
    assert!(out.get("notes").is_none(), "{out}");
    // A single-script host is information, not a warning.
    let out = batch_json(&json!({"input": "http://bücher.de/"}));
    assert_eq!(note_codes(&out), ["host-non-ascii"], "{out}");
}

#[test]
fn batch_notes_unmappable_query_characters_and_encoding_fallback() {
    let out = batch_json(&json!({"input": "http://a/?日本", "encoding": "greek"}));
    assert_eq!(out["canon"], json!("http://a/???"));
    assert_eq!(note_codes(&out), ["query-unmappable"], "{out}");
    assert_eq!(out["notes"][0]["range"], json!({"start": 10, "end": 16}));
    let out =
        batch_json(&json!({"input": "http://a/?x", "encoding": "no-such-label", "trace": true}));
    assert_eq!(note_codes(&out), ["encoding-fallback"], "{out}");
    let steps = out["trace"].as_array().expect("a trace was asked for");
    assert!(
        steps
            .iter()
            .any(|s| s["id"] == json!("canon.query.encoding-fallback")),
        "{out}"
    );
}

#[test]
fn canon_json_carries_the_hint_for_an_unclosed_bracket() {
    let out = run(&["canon", "--json", "http://[::1/"]);
    assert_eq!(out.status.code(), Some(1));
    let answer: Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    assert_eq!(note_codes(&answer), ["unclosed-bracket"], "{answer}");
    assert_eq!(answer["notes"][0]["range"], json!({"start": 7, "end": 8}));
    // With --json the notes are not repeated on stderr.
    assert!(!stderr(&out).contains("note:"), "{}", stderr(&out));
}

#[test]
fn canon_prints_notes_on_stderr_after_the_result() {
    let out = run(&["canon", "--mode", "ie", "http://раураl.com/login"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://раураl.com/login\n");
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("url-inspector: note: host-mixed-script: ")
            && lines[1].starts_with("url-inspector: note: host-confusable: ")
            && lines[1].contains("looks like paypal.com"),
        "{err}"
    );
    // An invalid URL: the failure first, then the hint.
    let out = run(&["canon", "http://[::1/"]);
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.len() == 2
            && lines[0].contains("invalid URL")
            && lines[1].starts_with("url-inspector: note: unclosed-bracket: "),
        "{err}"
    );
    // Nothing to note: nothing on stderr.
    let out = run(&["canon", "http://example.com/"]);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

// ---- the url crate's divergences from the URL Standard ----

/// The parsing cases of the `url` crate's own `tests/expected_failures.txt`
/// (url 2.5.8), each with the href the URL Standard gives (the
/// web-platform-tests' `urltestdata.json` shipped in the same package):
/// input, base, the Standard's href.
const CRATE_EXPECTED_FAILURES: &[(&str, Option<&str>, &str)] = &[
    ("/", Some("file://h/C:/a/b"), "file://h/C:/"),
    ("file:\\\\//", None, "file:////"),
    ("file:\\\\\\\\", None, "file:////"),
    ("file:\\\\\\\\?fox", None, "file:////?fox"),
    ("file:\\\\\\\\#guppy", None, "file:////#guppy"),
    ("file://spider///", None, "file://spider///"),
    ("file:\\\\localhost//", None, "file:////"),
    ("file://\\/localhost//cat", None, "file:////localhost//cat"),
    ("file://localhost//a//../..//", None, "file://///"),
    ("/////mouse", Some("file:///elephant"), "file://///mouse"),
    ("\\/localhost//pig", Some("file://lion/"), "file:////pig"),
    ("//localhost//pig", Some("file://lion/"), "file:////pig"),
    (
        "/..//localhost//pig",
        Some("file://lion/"),
        "file://lion//localhost//pig",
    ),
    ("C|", Some("file://host/dir/file"), "file://host/C:"),
    (
        "C|",
        Some("file://host/D:/dir1/dir2/file"),
        "file://host/C:",
    ),
    ("C|#", Some("file://host/dir/file"), "file://host/C:#"),
    ("C|?", Some("file://host/dir/file"), "file://host/C:?"),
    ("C|/", Some("file://host/dir/file"), "file://host/C:/"),
    ("C|\n/", Some("file://host/dir/file"), "file://host/C:/"),
    ("C|\\", Some("file://host/dir/file"), "file://host/C:/"),
    (
        "/c:/foo/bar",
        Some("file://host/path"),
        "file://host/c:/foo/bar",
    ),
    ("file://example.net/C:/", None, "file://example.net/C:/"),
    ("file://1.2.3.4/C:/", None, "file://1.2.3.4/C:/"),
    ("file://[1::8]/C:/", None, "file://[1::8]/C:/"),
    ("C|/", Some("file://host/"), "file://host/C:/"),
    ("/C:/", Some("file://host/"), "file://host/C:/"),
    ("file:C:/", Some("file://host/"), "file://host/C:/"),
    ("file:/C:/", Some("file://host/"), "file://host/C:/"),
    ("file://localhost//a//../..//foo", None, "file://///foo"),
    ("file://localhost////foo", None, "file://////foo"),
    ("file:////foo", None, "file:////foo"),
    ("file:////one/two", Some("file:///"), "file:////one/two"),
    ("////one/two", Some("file:///"), "file:////one/two"),
    ("file:///.//", Some("file:////"), "file:////"),
    ("file:.//p", None, "file:////p"),
    ("file:/.//p", None, "file:////p"),
];

#[test]
fn compare_names_the_crate_s_divergence_on_each_of_its_expected_failures() {
    for &(input, base, standard) in CRATE_EXPECTED_FAILURES {
        let mut args = vec!["compare", "--json"];
        if let Some(base) = base {
            args.extend(["--base", base]);
        }
        args.extend(["--", input]);
        let out = run(&args);
        assert_eq!(out.status.code(), Some(0), "{input:?}: {}", stderr(&out));
        let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        let crate_answer = &v["rust-url"];
        // `whatwg` (our engine) gives the Standard's answer, the crate another.
        assert_eq!(
            v["whatwg"]["canon"],
            json!(standard),
            "{input:?} against {base:?}"
        );
        assert_ne!(
            crate_answer["canon"],
            json!(standard),
            "{input:?} against {base:?}"
        );
        let notes = crate_answer["notes"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let named = notes
            .iter()
            .find(|n| n["code"] == json!("rust-url.diverges"));
        let message = named
            .and_then(|n| n["message"].as_str())
            .unwrap_or_default();
        assert!(
            message.starts_with("rust-url diverges from the URL Standard here: ")
                && (message.contains("servo/rust-url#")
                    || message.contains("no upstream issue found")),
            "{input:?} against {base:?}: {crate_answer}"
        );
    }
}

#[test]
fn compare_table_says_where_rust_url_differs_from_whatwg() {
    // The URL Standard keeps the host; the crate drops it, and says so.
    let out = run(&["compare", "file://example.net/C:/"]);
    let text = stdout(&out);
    assert!(text.contains("rust-url differs from whatwg"), "{text}");
    assert!(text.contains("rust-url: rust-url.diverges rust-url diverges from the URL Standard here: it drops the host"), "{text}");
    assert!(text.contains("servo/rust-url#1126"), "{text}");
}

// ---- set ----

#[test]
fn set_applies_setters_in_command_line_order() {
    let out = run(&["set", "http://h/", "--host", "a.example:81", "--port", "82"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "http://a.example:82/\n");
    let out = run(&["set", "http://h/", "--port", "82", "--host", "a.example:81"]);
    assert_eq!(stdout(&out), "http://a.example:81/\n");
    let out = run(&[
        "set",
        "http://h/p?b=2&a=1",
        "--append-param",
        "c=3 4",
        "--sort-params",
        "--hash",
        "f",
        "--delete-param",
        "b",
        "--pathname",
        "/q",
    ]);
    assert_eq!(stdout(&out), "http://h/q?a=1&c=3+4#f\n");
}

#[test]
fn set_json_is_the_batch_answer_and_trace_lists_each_call() {
    let out = run(&[
        "set",
        "HTTP://h/",
        "--base",
        "http://z/",
        "--search",
        "x y",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(
        v,
        batch_json(&json!({
            "input": "HTTP://h/", "base": "http://z/", "mode": "whatwg", "set": {"search": "x y"}
        }))
    );
    assert_eq!(v["canon"], json!("http://h/?x%20y"));
    assert_eq!(v["components"]["query"], json!("x%20y"));
    let out = run(&[
        "set",
        "http://h/",
        "--hostname",
        "a",
        "--port",
        "x",
        "--trace",
    ]);
    assert_eq!(
        stdout(&out),
        "1. hostname = \"a\"  ->  http://a/\n2. port = \"x\"  ->  http://a/  (refused)\nhttp://a/\n"
    );
    let out = run(&["set", "http://h/", "--hostname", "a", "--json", "--trace"]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(
        v["steps"],
        json!([{"call": "hostname = \"a\"", "href": "http://a/"}])
    );
}

#[test]
fn set_an_unknown_setter_is_a_usage_error() {
    let out = run(&["set", "http://h/", "--origin", "http://x"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--origin"), "{}", stderr(&out));
    let line = batch_line(&json!({"input": "http://h/", "mode": "whatwg", "set": {"origin": "x"}}));
    assert!(line.contains("unknown setter \\\"origin\\\""), "{line}");
}

#[test]
fn set_a_refused_value_leaves_the_url_and_says_which_setter_and_why() {
    let out = run(&["set", "http://h/p", "--port", "99999", "--hash", "x"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://h/p#x\n");
    let err = stderr(&out);
    assert!(
        err.contains(
            "port = \"99999\" was refused: The port is above 65535; the URL is left as it was"
        ),
        "{err}"
    );
    let v = batch_json(&json!({"input": "mailto:a@b", "mode": "whatwg", "set": {"host": "h"}}));
    assert_eq!(v["canon"], json!("mailto:a@b"));
    assert_eq!(v["notes"][0]["code"], json!("set.refused"));
    assert!(
        v["notes"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .contains("opaque path"),
        "{v}"
    );
    // Input that does not parse: exit 1, whatwg's reason.
    let out = run(&["set", "nope", "--hash", "x"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no scheme"), "{}", stderr(&out));
}

#[test]
fn batch_set_keeps_the_order_written_and_needs_whatwg() {
    let v = batch_json(&json!({"input": "http://h/", "set": {"host": "a:81", "port": "82"}}));
    assert_eq!(v["canon"], json!("http://a:82/"));
    // serde_json's `json!` sorts keys; the text keeps the order as written.
    let lines = batch_raw(b"{\"input\":\"http://h/\",\"mode\":\"whatwg\",\"set\":{\"port\":\"82\",\"host\":\"a:81\"}}\n");
    assert!(lines[0].contains("\"canon\":\"http://a:81/\""), "{lines:?}");
    let line = batch_line(&json!({"input": "http://h/", "mode": "this", "set": {"port": "1"}}));
    assert!(
        line.contains("\\\"set\\\" needs \\\"mode\\\": \\\"whatwg\\\""),
        "{line}"
    );
    let line = batch_line(&json!({"input": "http://h/", "set": {"port": 1}}));
    assert!(line.contains("must be a string"), "{line}");
}

#[test]
fn batch_set_reproduces_the_web_platform_tests_setters() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/wpt/setters_tests.json"
    ))
    .expect("the vendored setters_tests.json");
    let tests: Value = serde_json::from_str(&text).expect("JSON");
    let mut cases = Vec::new();
    for (setter, list) in tests.as_object().expect("an object") {
        if setter == "comment" {
            continue; // a list of notes, not a setter's cases
        }
        for case in list.as_array().expect("a setter's cases") {
            let (href, value) = (
                case["href"].as_str().unwrap_or_default(),
                case["new_value"].as_str().unwrap_or_default(),
            );
            cases.push((
                setter.clone(),
                href.to_owned(),
                value.to_owned(),
                case["expected"]["href"].clone(),
            ));
        }
    }
    assert_eq!(cases.len(), 278, "the file's case count changed");
    let requests: String = cases
        .iter()
        .map(|(setter, href, value, _)| {
            format!(
                "{}\n",
                json!({"input": href, "mode": "whatwg", "set": {setter.as_str(): value}})
            )
        })
        .collect();
    let answers = batch_raw(requests.as_bytes());
    assert_eq!(answers.len(), cases.len());
    let mut wrong = Vec::new();
    for ((setter, href, value, expected), answer) in cases.iter().zip(&answers) {
        let v: Value = serde_json::from_str(answer).expect("JSON");
        // A case with no expected href checks other attributes only (the
        // port of a value that does not parse, say): the href is not told.
        if v["canon"] == *expected || expected.is_null() {
            continue;
        }
        wrong.push(format!(
            "{href:?}.{setter} = {value:?}: {} instead of {expected}",
            v["canon"]
        ));
    }
    assert!(
        wrong.is_empty(),
        "{} cases differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The URL Standard's trace is a report like the 2012 engine's, and its
/// '..' step cites the step url.bs numbers for it (path state, 1.2).
#[test]
fn canon_trace_of_the_url_standard_cites_path_state_1_2_for_double_dot() {
    let input = "http://example.com/a/./b/../c";
    let out = run(&["canon", "--mode", "whatwg", "--trace", input]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("whatwg.path.double-dot  URL Standard, basic URL parser, path state, 1.2\n"),
        "{text}"
    );
    assert!(text.contains("buffer \"..\""), "{text}");
    assert!(
        text.contains("whatwg.path.dot  URL Standard, basic URL parser, path state, 1.3\n"),
        "{text}"
    );
    assert!(
        text.contains("Mode:     URL Standard (--mode whatwg)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("Result: canonical URL http://example.com/a/c\n"),
        "{text}"
    );
    let md = stdout(&run(&[
        "canon", "--mode", "whatwg", "--trace", "--format", "markdown", input,
    ]));
    assert!(
        md.starts_with("# How URL Standard reads `http://example.com/a/./b/../c`\n"),
        "{md}"
    );
    assert!(
        md.contains("- mode: URL Standard (`--mode whatwg`)\n"),
        "{md}"
    );
    assert!(
        md.contains(
            "| `whatwg.path.double-dot` | URL Standard, basic URL parser, path state, 1.2 |"
        ),
        "{md}"
    );
    // A validation error is a note of the report.
    let md = stdout(&run(&[
        "canon",
        "--mode",
        "whatwg",
        "--trace",
        "--format",
        "markdown",
        "http://a\\b",
    ]));
    assert!(
        md.contains("## Notes\n\n- `invalid-reverse-solidus`: "),
        "{md}"
    );
}

/// A resolver that records no steps prints its result, and says so.
#[test]
fn canon_trace_of_a_resolver_without_steps_says_so() {
    let out = run(&["canon", "--mode", "rust-url", "--trace", "http://a/"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "http://a/\n");
    assert!(
        stderr(&out).contains("records no steps"),
        "{}",
        stderr(&out)
    );
}

/// The help names every resolver, as the one table lists them: a resolver
/// added to the table is in the help without anyone writing it there.
#[test]
fn the_help_lists_every_resolver() {
    use url_inspector::resolvers::Resolver;
    for args in [
        &["--help"][..],
        &["compare", "--help"],
        &["canon", "--help"],
        &["batch", "--help"],
    ] {
        let out = run(args);
        assert!(out.status.success(), "{args:?}");
        let text = stdout(&out);
        for r in Resolver::EVERY {
            assert!(text.contains(r.name()), "{args:?} leaves out {r}");
        }
    }
}

/// `compare --check C --fetch F`: the pair's rows, then the verdict in a
/// sentence and, for each side, the step where it took its host.
#[test]
fn compare_check_fetch_says_whether_the_url_gets_through() {
    let out = run(&[
        "compare",
        "--check",
        "whatwg",
        "--fetch",
        "python",
        "http://good.com\\@evil.com/",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().skip(1).take(2).collect();
    assert!(
        rows[0].starts_with("whatwg ") && rows[1].starts_with("python "),
        "{text}"
    );
    assert!(
        text.contains(
            "pair (confusion, gets through): The URL Standard sees good.com; Python's urllib goes \
             to evil.com;"
        ),
        "{text}"
    );
    assert!(text.contains("  python  step "), "{text}");
    assert!(text.contains("python.hostinfo"), "{text}");

    let out = run(&[
        "compare",
        "--json",
        "--check",
        "whatwg",
        "--fetch",
        "python",
        "http://good.com\\@evil.com/",
    ]);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    assert_eq!(v["pair"]["check"], "whatwg");
    assert_eq!(v["pair"]["fetch"], "python");
    assert_eq!(v["pair"]["verdict"], "confusion");
    assert_eq!(
        v["pair"]["verdict"], v["hosts"]["verdict"],
        "the same rules"
    );
    assert_eq!(v["pair"]["fetch_host"], "evil.com");
    assert!(v.get("this").is_none(), "only the pair is compared");

    let agree = run(&["compare", "--json", "--stack", "go", "http://example.com/"]);
    let v: Value = serde_json::from_str(&stdout(&agree)).expect("one JSON object");
    assert_eq!(v["pair"]["verdict"], "agree");
    assert_eq!(v["pair"]["through"], false);
}

#[test]
fn compare_needs_both_sides_of_a_pair_and_one_way_of_naming_it() {
    for args in [
        &["compare", "--check", "python", "http://a/"][..],
        &["compare", "--fetch", "python", "http://a/"],
        &[
            "compare",
            "--stack",
            "php",
            "--check",
            "python",
            "--fetch",
            "go",
            "http://a/",
        ],
        &["compare", "--stack", "cobol", "http://a/"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
}

/// Each named stack on a payload that gets through it (the check's host
/// is not the one the fetch goes to), as the real libraries answer
/// (`compare --live`); Java's two classes let none of the committed
/// requests through, and Go checks and fetches with one parse.
#[test]
fn each_named_stack_names_who_sees_what() {
    let cases: [(&str, &str, Option<&str>, &str, &str); 6] = [
        (
            "python",
            "http://evil.com\\@good.com/",
            None,
            "good.com",
            "evil.com",
        ),
        ("node", "http://127%2e0%2e0%2e1/", None, "127", "127.0.0.1"),
        ("php", "http://[::1%25eth0]/", None, "[::1%25eth0]", "[::1]"),
        (
            "ruby",
            "///evil.com",
            Some("http://good.com/"),
            "good.com",
            "evil.com",
        ),
        (
            "python-curl",
            "///evil.com",
            Some("http://good.com/"),
            "good.com",
            "evil.com",
        ),
        ("java", "http://u@evil.com@good.com/", None, "", ""),
    ];
    for (stack, input, base, check, fetch) in cases {
        let mut args = vec!["compare", "--json", "--stack", stack];
        if let Some(b) = base {
            args.extend(["--base", b]);
        }
        args.extend(["--", input]);
        let out = run(&args);
        assert!(out.status.success(), "{stack}: {}", stderr(&out));
        let v: Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
        let pair = &v["pair"];
        if check.is_empty() {
            assert_eq!(pair["verdict"], "agree", "{stack}: {pair}");
            assert_eq!(pair["through"], false, "{stack}: {pair}");
            continue;
        }
        assert_eq!(pair["verdict"], "confusion", "{stack}: {pair}");
        assert_eq!(pair["through"], true, "{stack}: {pair}");
        assert_eq!(pair["check_host"], check, "{stack}");
        assert_eq!(pair["fetch_host"], fetch, "{stack}");
        let sentence = pair["sentence"].as_str().unwrap_or("");
        assert!(
            sentence.contains(&format!("sees {check}"))
                && sentence.contains(&format!("goes to {fetch}")),
            "{stack}: {sentence}"
        );
    }
    let out = run(&["compare", "--stack", "go", "http://good.com\\@evil.com/"]);
    assert!(stdout(&out).contains("pair (agree): Go's net/url checks and fetches with one parse"));
}
