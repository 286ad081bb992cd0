//! `url-inspector batch`: JSON Lines on stdin, one JSON line per input line on
//! stdout, in order.
//!
//! Each answer is written and flushed before the next line is read, so a
//! caller can hold the pipe open and use the process as a service. Every
//! input line gets exactly one output line, whatever it holds (blank, not
//! UTF-8, not JSON, a bad request): the caller can always pair them up.

use std::io::{self, BufRead, ErrorKind, Write};
use std::panic::{self, AssertUnwindSafe};

use serde::Serialize;
use serde_json::Value;

use super::complain;
use super::json::{self, ErrorLine, Request};

/// Serves stdin to stdout; returns the exit code.
pub fn run() -> i32 {
    match serve(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => 0,
        // The reader went away: nobody is left to answer, so stop quietly.
        Err(Failed::Write(e)) if e.kind() == ErrorKind::BrokenPipe => 0,
        Err(Failed::Write(e)) => {
            complain(&format!("cannot write to stdout: {e}"));
            1
        }
        Err(Failed::Read(e)) => {
            complain(&format!("cannot read stdin: {e}"));
            1
        }
    }
}

/// Why serving stopped early.
#[derive(Debug)]
pub enum Failed {
    Read(io::Error),
    Write(io::Error),
}

/// Answers every line of `input` on `output`, flushing after each answer.
pub fn serve(mut input: impl BufRead, mut output: impl Write) -> Result<(), Failed> {
    let mut buf = Vec::new();
    let mut first = true;
    loop {
        buf.clear();
        // Bytes rather than a String: a line that is not UTF-8 must get an
        // error answer, not end the run.
        if input.read_until(b'\n', &mut buf).map_err(Failed::Read)? == 0 {
            return Ok(());
        }
        let mut line = trim_line_end(&buf);
        if first {
            // Tolerate a UTF-8 byte order mark, as some editors write one.
            line = line.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(line);
            first = false;
        }
        let mut reply = answer_line(line);
        reply.push('\n');
        output.write_all(reply.as_bytes()).map_err(Failed::Write)?;
        output.flush().map_err(Failed::Write)?;
    }
}

/// Drops the line terminator: `\n` or `\r\n`.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The JSON answer to one line (without its newline).
pub fn answer_line(line: &[u8]) -> String {
    match request(line) {
        Ok(req) => {
            // Keep the stream aligned even if the engine has a bug: the panic
            // message still reaches stderr through the panic hook.
            match panic::catch_unwind(AssertUnwindSafe(|| json::answer(&req))) {
                Ok(resp) => to_line(&resp),
                Err(_) => {
                    error_line("internal error: the engine panicked on this request".to_owned())
                }
            }
        }
        Err(message) => error_line(message),
    }
}

/// Reads and checks the request on one line.
fn request(line: &[u8]) -> Result<Request, String> {
    let text = std::str::from_utf8(line).map_err(|e| {
        format!(
            "the line is not valid UTF-8 (bad byte at offset {})",
            e.valid_up_to()
        )
    })?;
    if text.trim().is_empty() {
        return Err("blank line; expected a JSON object with an \"input\" string".to_owned());
    }
    let value: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
    Request::from_json(&value)
}

fn error_line(error: String) -> String {
    to_line(&ErrorLine { error })
}

/// Serializes an answer on one line. Our types always serialize (string keys
/// only), but a failure is still answered rather than assumed away.
fn to_line(value: &impl Serialize) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| {
        format!(
            "{{\"error\":{}}}",
            Value::String(format!(
                "internal error: cannot write the answer as JSON: {e}"
            ))
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn serve_str(input: &[u8]) -> String {
        let mut out = Vec::new();
        serve(input, &mut out).expect("in-memory I/O does not fail");
        String::from_utf8(out).expect("answers are JSON, hence UTF-8")
    }

    #[test]
    fn one_answer_per_line_even_without_final_newline() {
        let out = serve_str(b"{\"input\":\"http://a/\"}\r\n\n\xFF\n{\"input\":\"http://b/\"}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert!(lines[0].starts_with("{\"invalid\":false"), "{}", lines[0]);
        assert!(
            lines[1].starts_with("{\"error\":\"blank line"),
            "{}",
            lines[1]
        );
        assert!(lines[2].contains("not valid UTF-8"), "{}", lines[2]);
        assert!(lines[3].contains("\"canon\":\"http://b/\""), "{}", lines[3]);
    }

    #[test]
    fn byte_order_mark_is_skipped_on_the_first_line_only() {
        let out = serve_str(
            b"\xEF\xBB\xBF{\"input\":\"http://a/\"}\n\xEF\xBB\xBF{\"input\":\"http://a/\"}\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].contains("\"canon\":\"http://a/\""), "{}", lines[0]);
        assert!(
            lines[1].starts_with("{\"error\":\"not valid JSON"),
            "{}",
            lines[1]
        );
    }
}
