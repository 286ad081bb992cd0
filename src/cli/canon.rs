//! `url-inspector canon INPUT`: canonicalize one URL.
//!
//! Prints the canonical URL and exits 0, or says on stderr which step made the
//! URL invalid and why, and exits 1. `--json` prints the object `batch` would
//! answer instead; `--trace` prints the steps first (inside the JSON with
//! `--json`, as readable text otherwise); `--trace --format markdown` prints a
//! Markdown document instead: what was run, a table per stage, the result.

use std::io::{self, ErrorKind, Write};

use super::json::{self, Request, Response};
use super::{CanonArgs, complain, encoding_option};
use crate::engine::preprocess::preprocess;
use crate::engine::report::{self, Format, RunInfo};
use crate::engine::{NoTrace, Until};
use crate::engine::{Options, Outcome, Trace};

/// Runs `canon`; returns the exit code.
pub fn run(args: &CanonArgs) -> i32 {
    let encoding = encoding_option(args.url.encoding.as_deref());
    let req = Request {
        input: args.input.clone(),
        base: args.url.base.clone().filter(|b| !b.is_empty()),
        encoding,
        mode: args.url.mode.unwrap_or_default(),
        until: Until::Canonicalize,
        // The JSON carries its own steps; text and Markdown are written from
        // the engine's steps, which also hold the dot-segment buffers.
        trace: args.trace && args.json,
        set: None,
    };
    let resp = json::answer(&req);
    let readable = if args.trace && !args.json {
        traced(&req)
    } else {
        None
    };
    // The resolvers outside the 2012 engine that record steps (the URL
    // Standard, RFC 3986, OPC) give them with their answer.
    let steps = (args.trace && !args.json && readable.is_none())
        .then(|| resolver_steps(&req))
        .flatten();

    match print(&resp, args, &req, readable.as_ref(), steps.as_ref()) {
        Ok(()) => {}
        // Whoever read our output has gone; nothing more to say.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {}
        Err(e) => {
            complain(&format!("cannot write to stdout: {e}"));
            return 1;
        }
    }
    let code = match (&resp.canon, resp.invalid) {
        (Some(_), false) => 0,
        _ => {
            complain(&why_invalid(&resp, &args.input));
            1
        }
    };
    // The notes (what a person must not miss) follow the result on stderr;
    // `--json` carries them in its "notes".
    if !args.json {
        for note in &resp.notes {
            complain(&format!("note: {}: {}", note.code, note.message));
        }
    }
    code
}

/// The engine's traced run of a request, for the spec's modes (the other
/// resolvers have no trace).
fn traced(req: &Request) -> Option<(Outcome, Trace)> {
    let mode = req.mode.mode()?;
    let mut trace = Trace::default();
    let base = req.base.as_deref();
    let options = Options::default()
        .mode(mode)
        .until(req.until)
        .encoding(req.encoding)
        .base(base.unwrap_or_default());
    let out = crate::engine::run(&req.input, &options, &mut trace);
    Some((out, trace))
}

/// The steps of a resolver outside the 2012 engine, where it records any.
fn resolver_steps(req: &Request) -> Option<Trace> {
    let request = crate::resolvers::Request::new(&req.input)
        .with_base(req.base.as_deref())
        .with_encoding(req.encoding)
        .traced();
    req.mode.resolve(&request).trace
}

/// Writes the trace (if any) and the result to stdout.
fn print(
    resp: &Response,
    args: &CanonArgs,
    req: &Request,
    readable: Option<&(Outcome, Trace)>,
    steps: Option<&Trace>,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if args.json {
        let line = serde_json::to_string(resp).map_err(io::Error::other)?;
        writeln!(out, "{line}")?;
        return out.flush();
    }
    match (readable, args.format.unwrap_or_default()) {
        (Some((outcome, trace)), Format::Markdown) => {
            // A document of its own: it states the result itself.
            let run = RunInfo {
                input: &req.input,
                base: req.base.as_deref(),
                encoding: req.encoding.used.name(),
                mode: req.mode.mode().unwrap_or_default(),
            };
            write!(
                out,
                "{}",
                report::report(Format::Markdown, &run, &trace.steps, outcome)
            )?;
            return out.flush();
        }
        (Some((_, trace)), Format::Text) => {
            write!(out, "{}", report::steps(Format::Text, &trace.steps))?;
            writeln!(out)?;
        }
        (None, format) => {
            if let Some(trace) = steps {
                write!(out, "{}", report::steps(format, &trace.steps))?;
                writeln!(out)?;
            }
        }
    }
    if let Some(canon) = resp.canon.as_deref().filter(|_| !resp.invalid) {
        writeln!(out, "{canon}")?;
    }
    out.flush()
}

/// The stderr message for an invalid URL: the reason, the part of the input
/// at fault (when the failure points at one), the step and its citation.
fn why_invalid(resp: &Response, input: &str) -> String {
    let Some(f) = &resp.failure else {
        // The other resolvers say why in their first note.
        return match resp.notes.first() {
            Some(note) => format!("invalid URL: {} ({})", note.message, note.code),
            None => "invalid URL (the resolver named no reason)".to_owned(),
        };
    };
    // The failure's range is in the preprocessed input.
    let pre = preprocess(input, &mut NoTrace);
    let at = match f.range.clone().and_then(|r| pre.get(r)) {
        Some(text) if !text.is_empty() => format!(": {text:?}"),
        _ => String::new(),
    };
    format!(
        "invalid URL: {}{at} (step {}: {})",
        f.reason,
        f.step.id(),
        f.step.citation()
    )
}
