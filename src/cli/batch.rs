//! `url-inspector batch`: JSON Lines on stdin, one JSON line per input line on
//! stdout, in order.
//!
//! Every answer is written and flushed before the process can wait for more
//! input, so a caller can hold the pipe open and use the process as a
//! service. Answers to lines that arrived together are written together
//! (one write, not one per line). Every input line gets exactly one output
//! line, whatever it holds (blank, not UTF-8, not JSON, a bad request): the
//! caller can always pair them up.
//!
//! A traced answer writes a step's entry of the step table (its stage,
//! citation and explanation) with the first step of that id in the stream
//! only, and a state machine's record only where a step changes it
//! ([`Response::shorten_for_stream`]): the rest is the same text every
//! time, and was most of a trace's bytes.
//!
//! Requests to a live resolver (`"mode": "chromium-live"`, ...) wait while
//! more lines are at hand, up to [`LIVE_GROUP`], and then go to each
//! browser in one round trip: a browser answers thousands in the time of a
//! few dozen single trips. The lines between them wait with them, so the
//! answers keep the input's order.

use std::collections::HashSet;
use std::io::{self, BufRead, BufReader, ErrorKind, Read, Write};
use std::panic::{self, AssertUnwindSafe};

use serde::Serialize;
use serde_json::Value;

use super::complain;
use crate::engine::StepId;
use crate::resolvers::json::{self, ErrorLine, Request, Response};
use crate::resolvers::{self, Answer, Note, Resolver};

/// How much input is read at once. Larger than the standard 8 KiB so that
/// a file or a fast producer is read in few calls.
const INPUT_CAPACITY: usize = 64 * 1024;

/// Answers are written once this many bytes are waiting, even when more
/// input is at hand, so memory stays bounded on long inputs.
const OUTPUT_CAPACITY: usize = 64 * 1024;

/// At most this many lines wait for the live requests among them.
pub const LIVE_GROUP: usize = resolvers::live::BATCH;

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

/// Answers every line of `input` on `output`.
///
/// The answers wait in a buffer only while the next line is already read
/// in whole: before the loop could block on `input`, everything answered
/// so far is written and flushed. A caller that sends one line and waits
/// for its answer therefore always gets it.
pub fn serve(input: impl Read, mut output: impl Write) -> Result<(), Failed> {
    let mut input = BufReader::with_capacity(INPUT_CAPACITY, input);
    let mut line = Vec::new();
    let mut answers = Vec::with_capacity(OUTPUT_CAPACITY);
    let mut waiting = Waiting::default();
    let mut explained = HashSet::new();
    let mut first = true;
    loop {
        line.clear();
        // Bytes rather than a String: a line that is not UTF-8 must get an
        // error answer, not end the run.
        let read = match input.read_until(b'\n', &mut line) {
            Ok(read) => read,
            Err(e) => {
                waiting.answer(&mut answers, &mut explained);
                write_out(&mut output, &mut answers)?;
                return Err(Failed::Read(e));
            }
        };
        if read == 0 {
            waiting.answer(&mut answers, &mut explained);
            return write_out(&mut output, &mut answers);
        }
        let mut text = trim_line_end(&line);
        if first {
            // Tolerate a UTF-8 byte order mark, as some editors write one.
            text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
            first = false;
        }
        waiting.take(request(text), &mut answers, &mut explained);
        let next_line_at_hand = memchr::memchr(b'\n', input.buffer()).is_some();
        if !next_line_at_hand || waiting.lines.len() >= LIVE_GROUP {
            waiting.answer(&mut answers, &mut explained);
        }
        if !next_line_at_hand || answers.len() >= OUTPUT_CAPACITY {
            write_out(&mut output, &mut answers)?;
        }
    }
}

/// Writes and flushes the waiting answers, leaving `answers` empty.
fn write_out(output: &mut impl Write, answers: &mut Vec<u8>) -> Result<(), Failed> {
    if answers.is_empty() {
        return Ok(());
    }
    output.write_all(answers).map_err(Failed::Write)?;
    answers.clear();
    output.flush().map_err(Failed::Write)
}

/// Drops the line terminator: `\n` or `\r\n`.
fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The lines held back with a live request among them, in input order.
#[derive(Default)]
struct Waiting {
    lines: Vec<Held>,
}

/// One held-back line: its answer written already, or a live request.
enum Held {
    Written(Vec<u8>),
    Live(Request),
}

impl Waiting {
    /// Answers a line: at once into `out` when nothing waits and it is not
    /// live, else it waits its turn.
    fn take(
        &mut self,
        line: Result<Request, String>,
        out: &mut Vec<u8>,
        explained: &mut Explained,
    ) {
        match line {
            Ok(req) if req.mode.is_live() && req.set.is_none() => {
                self.lines.push(Held::Live(req));
            }
            line if self.lines.is_empty() => write_answer(line, out, explained),
            line => {
                let mut written = Vec::new();
                write_answer(line, &mut written, explained);
                self.lines.push(Held::Written(written));
            }
        }
    }

    /// Asks each browser for its waiting requests at once, then writes
    /// every waiting line's answer to `out`, in order.
    fn answer(&mut self, out: &mut Vec<u8>, explained: &mut Explained) {
        let lines = std::mem::take(&mut self.lines);
        let mut asked: Vec<(Resolver, std::vec::IntoIter<Answer>)> = Resolver::LIVE
            .iter()
            .map(|&live| {
                let requests: Vec<resolvers::Request<'_>> = lines
                    .iter()
                    .filter_map(|held| match held {
                        Held::Live(req) if req.mode == live => Some(json::resolver_request(req)),
                        _ => None,
                    })
                    .collect();
                let answers = if requests.is_empty() {
                    Vec::new()
                } else {
                    live.resolve_many(&requests)
                };
                (live, answers.into_iter())
            })
            .collect();
        for held in lines {
            match held {
                Held::Written(written) => out.extend_from_slice(&written),
                Held::Live(req) => {
                    let answer = asked
                        .iter_mut()
                        .find(|(live, _)| *live == req.mode)
                        .and_then(|(_, answers)| answers.next())
                        .unwrap_or_else(|| {
                            Answer::invalid(Note::of(resolvers::live::Code::Stopped))
                        });
                    let mut resp = Response::from_answer(req.mode, answer);
                    resp.shorten_for_stream(explained);
                    write_with(out, |out| resp.write_json(out));
                    out.push(b'\n');
                }
            }
        }
    }
}

/// The step ids whose table entry the stream has written.
type Explained = HashSet<StepId>;

/// Appends the JSON answer to one line and its newline to `out`.
fn write_answer(line: Result<Request, String>, out: &mut Vec<u8>, explained: &mut Explained) {
    answer_line(line, out, explained);
    out.push(b'\n');
}

/// Appends the JSON answer to one line (without its newline) to `out`.
fn answer_line(line: Result<Request, String>, out: &mut Vec<u8>, explained: &mut Explained) {
    match line {
        Ok(req) => {
            // Keep the stream aligned even if the engine has a bug: the panic
            // message still reaches stderr through the panic hook.
            match panic::catch_unwind(AssertUnwindSafe(|| json::answer(&req))) {
                Ok(mut resp) => {
                    resp.shorten_for_stream(explained);
                    write_with(out, |out| resp.write_json(out))
                }
                Err(_) => write_error(
                    "internal error: the engine panicked on this request".to_owned(),
                    out,
                ),
            }
        }
        Err(message) => write_error(message, out),
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
    Request::from_text(text)
}

fn write_error(error: String, out: &mut Vec<u8>) {
    write_json(&ErrorLine { error }, out);
}

/// Appends an answer on one line. Our types always serialize (string keys
/// only), but a failure is still answered rather than assumed away, in
/// place of whatever part was written.
fn write_json(value: &impl Serialize, out: &mut Vec<u8>) {
    write_with(out, |out| serde_json::to_writer(out, value));
}

/// Appends what `write` writes, or the error line in its place when it
/// fails.
fn write_with(out: &mut Vec<u8>, write: impl FnOnce(&mut Vec<u8>) -> serde_json::Result<()>) {
    let start = out.len();
    if let Err(e) = write(&mut *out) {
        out.truncate(start);
        let message = Value::String(format!(
            "internal error: cannot write the answer as JSON: {e}"
        ));
        out.extend_from_slice(format!("{{\"error\":{message}}}").as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

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

    /// Input that arrives in pieces, as from a caller that waits for each
    /// answer: every read hands over one piece and first checks that all
    /// complete lines handed over so far have been answered and flushed.
    struct Conversation {
        pieces: Vec<&'static [u8]>,
        next: usize,
        flushed: Rc<RefCell<Vec<u8>>>,
    }

    impl Read for Conversation {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let sent: usize = self.pieces[..self.next]
                .iter()
                .map(|p| p.iter().filter(|&&b| b == b'\n').count())
                .sum();
            let answered = self
                .flushed
                .borrow()
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            assert_eq!(answered, sent, "a complete line was left unanswered");
            let Some(piece) = self.pieces.get(self.next) else {
                return Ok(0);
            };
            self.next += 1;
            buf[..piece.len()].copy_from_slice(piece);
            Ok(piece.len())
        }
    }

    /// Output that counts as seen only what was flushed.
    struct Recorder {
        pending: Vec<u8>,
        flushed: Rc<RefCell<Vec<u8>>>,
    }

    impl Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.pending.extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.flushed.borrow_mut().append(&mut self.pending);
            Ok(())
        }
    }

    #[test]
    fn every_answer_is_flushed_before_waiting_for_more_input() {
        let flushed = Rc::new(RefCell::new(Vec::new()));
        let input = Conversation {
            // Two lines at once, then one, then a line in two halves.
            pieces: vec![
                b"{\"input\":\"http://a/\"}\n{\"input\":\"http://b/\"}\n",
                b"{\"input\":\"http://c/\"}\n",
                b"{\"input\":",
                b"\"http://d/\"}\n",
            ],
            next: 0,
            flushed: Rc::clone(&flushed),
        };
        let output = Recorder {
            pending: Vec::new(),
            flushed: Rc::clone(&flushed),
        };
        serve(input, output).expect("in-memory I/O does not fail");
        let out = String::from_utf8(flushed.take()).expect("answers are UTF-8");
        let canons: Vec<bool> = ["a", "b", "c", "d"]
            .iter()
            .zip(out.lines())
            .map(|(host, line)| line.contains(&format!("\"canon\":\"http://{host}/\"")))
            .collect();
        assert_eq!(canons, [true; 4], "{out}");
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
