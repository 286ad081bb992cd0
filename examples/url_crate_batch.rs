//! The yardstick for `url-inspector batch`: the same JSON Lines service
//! written directly over the `url` crate, so the two can be timed as whole
//! processes on the same requests (`scripts/bench-batch` does that).
//!
//! It does the work `batch` does for one line, in the plainest way one would
//! write it: read a line of stdin, read `{"input": ...}` into a
//! `serde_json::Value`, parse the input with `url::Url::parse`, and write one
//! JSON line (`invalid`, `canon`, `components`, and the parse error as a note
//! when there is one), flushed before the next line is read, as a service
//! must.
//!
//! ```text
//! cargo build --release --example url_crate_batch
//! target/release/examples/url_crate_batch < requests.jsonl > answers.jsonl
//! ```

use std::io::{self, BufRead, Write};

use serde::Serialize;
use serde_json::Value;

/// One answer line, with the keys `batch` writes.
#[derive(Serialize)]
struct Answer<'a> {
    invalid: bool,
    canon: Option<&'a str>,
    components: Components<'a>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<Note>,
}

/// The parts `url` exposes, left out when absent.
#[derive(Default, Serialize)]
struct Components<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    scheme: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    username: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    password: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    port: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    query: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fragment: Option<&'a str>,
}

#[derive(Serialize)]
struct Note {
    code: &'static str,
    message: String,
}

#[derive(Serialize)]
struct ErrorLine {
    error: String,
}

fn main() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    for line in stdin.split(b'\n') {
        let line = line?;
        let reply = match request_input(&line) {
            Ok(input) => answer(&input),
            Err(error) => serde_json::to_string(&ErrorLine { error }),
        }
        .map_err(io::Error::other)?;
        stdout.write_all(reply.as_bytes())?;
        stdout.write_all(b"\n")?;
        stdout.flush()?;
    }
    Ok(())
}

/// The `input` of one request line.
fn request_input(line: &[u8]) -> Result<String, String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let text = std::str::from_utf8(line).map_err(|e| format!("not UTF-8: {e}"))?;
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    match value.get("input") {
        Some(Value::String(input)) => Ok(input.clone()),
        _ => Err("missing \"input\" (a string)".to_owned()),
    }
}

/// The answer line for one input.
fn answer(input: &str) -> serde_json::Result<String> {
    match url::Url::parse(input) {
        Ok(url) => serde_json::to_string(&Answer {
            invalid: false,
            canon: Some(url.as_str()),
            components: Components {
                scheme: Some(url.scheme()),
                username: Some(url.username()).filter(|u| !u.is_empty()),
                password: url.password(),
                host: url.host_str(),
                port: url.port(),
                path: Some(url.path()),
                query: url.query(),
                fragment: url.fragment(),
            },
            notes: Vec::new(),
        }),
        Err(e) => serde_json::to_string(&Answer {
            invalid: true,
            canon: None,
            components: Components::default(),
            notes: vec![Note {
                code: "parse-error",
                message: e.to_string(),
            }],
        }),
    }
}
