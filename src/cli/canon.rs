//! `url-inspector canon INPUT`: canonicalize one URL.
//!
//! Prints the canonical URL and exits 0, or says on stderr which step made the
//! URL invalid and why, and exits 1. `--json` prints the object `batch` would
//! answer instead; `--trace` prints the steps first (inside the JSON with
//! `--json`, as readable text otherwise).

use std::io::{self, ErrorKind, Write};

use super::json::{self, Request, Response};
use super::{CanonArgs, complain, trace_text};
use crate::engine::{QueryEncoding, Until};

/// Runs `canon`; returns the exit code.
pub fn run(args: &CanonArgs) -> i32 {
    let encoding = match args.url.encoding.as_deref() {
        None => QueryEncoding::UTF8,
        Some(label) => {
            let enc = QueryEncoding::from_label(label);
            if enc.named.is_none() {
                complain(&format!(
                    "warning: {label:?} is not a known encoding label; {} is used",
                    enc.used.name()
                ));
            }
            enc
        }
    };
    let req = Request {
        input: args.input.clone(),
        base: args.url.base.clone().filter(|b| !b.is_empty()),
        encoding,
        mode: args.url.mode.unwrap_or_default().into(),
        until: Until::Canonicalize,
        trace: args.trace,
    };
    let resp = json::answer(&req);

    match print(&resp, args.json) {
        Ok(()) => {}
        // Whoever read our output has gone; nothing more to say.
        Err(e) if e.kind() == ErrorKind::BrokenPipe => {}
        Err(e) => {
            complain(&format!("cannot write to stdout: {e}"));
            return 1;
        }
    }
    match (&resp.canon, resp.invalid) {
        (Some(_), false) => 0,
        _ => {
            complain(&why_invalid(&resp));
            1
        }
    }
}

/// Writes the trace (if any) and the result to stdout.
fn print(resp: &Response, as_json: bool) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if as_json {
        let line = serde_json::to_string(resp).map_err(io::Error::other)?;
        writeln!(out, "{line}")?;
    } else {
        if let Some(steps) = &resp.trace {
            write!(out, "{}", trace_text::render(steps))?;
            writeln!(out)?;
        }
        if let Some(canon) = resp.canon.as_deref().filter(|_| !resp.invalid) {
            writeln!(out, "{canon}")?;
        }
    }
    out.flush()
}

/// The stderr message for an invalid URL.
fn why_invalid(resp: &Response) -> String {
    match &resp.failure {
        Some(f) => format!(
            "invalid URL: {} (step {}: {})",
            f.reason,
            f.step.id(),
            f.step.citation()
        ),
        None => "invalid URL (the engine named no failing step)".to_owned(),
    }
}
