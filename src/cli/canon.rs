//! `url-inspector canon INPUT`: canonicalize one URL.
//!
//! Prints the canonical URL and exits 0, or says on stderr which step made the
//! URL invalid and why, and exits 1. `--json` prints the object `batch` would
//! answer instead, with a `"site"` object for the resolvers that answer a
//! URL Standard record (`whatwg` and the browser models: see
//! [`json::site_facts`]); `--trace` prints the steps (inside the JSON with
//! `--json`); otherwise `--trace` prints the report instead of the URL: what
//! was run, every step, the result and the notes, as text or (`--format
//! markdown`) a Markdown document with a table per stage, the text the
//! window copies.

use std::io::{self, ErrorKind, Write};

use super::{CanonArgs, complain, encoding_option};
use crate::engine::Until;
use crate::resolvers::json::{self, CanonJson, Request, Response, SiteJson};
use crate::resolvers::report;

/// Runs `canon`; returns the exit code.
pub fn run(args: &CanonArgs) -> i32 {
    let encoding = encoding_option(args.url.encoding.as_deref());
    let req = Request {
        input: args.input.clone(),
        base: args.url.base.clone().filter(|b| !b.is_empty()),
        encoding,
        mode: args.url.mode.unwrap_or_default(),
        until: Until::Canonicalize,
        // The JSON carries its own steps; text and Markdown are the report.
        trace: args.trace && args.json,
        set: None,
        forms: args.forms.options(),
    };
    let resp = json::answer(&req);
    let readable = (args.trace && !args.json).then(|| traced_report(&req, args));
    let site = args
        .json
        .then(|| json::site_facts(&req, &resp))
        .flatten()
        .map(|facts| SiteJson::of(&facts));

    match print(&resp, site, args, readable.flatten().as_deref()) {
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
            complain(&resp.why_invalid(&args.input));
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

/// The resolver's traced run written out as a report (what was run, the
/// steps, the result, the notes: the text the window copies), or `None`
/// for a resolver that records no steps (said on stderr).
fn traced_report(req: &Request, args: &CanonArgs) -> Option<String> {
    let resolver = req.mode;
    let request = crate::resolvers::Request::new(&req.input)
        .with_base(req.base.as_deref())
        .with_encoding(req.encoding)
        .traced();
    let answer = resolver.resolve(&request);
    let Some(trace) = &answer.trace else {
        complain(&format!(
            "note: {} records no steps; only its result is printed",
            resolver.label()
        ));
        return None;
    };
    let format = args.format.unwrap_or_default();
    Some(report::report(
        format,
        resolver,
        &request,
        &answer,
        &trace.steps,
    ))
}

/// Writes the report (when traced) or the canonical URL to stdout.
fn print(
    resp: &Response,
    site: Option<SiteJson>,
    args: &CanonArgs,
    report: Option<&str>,
) -> io::Result<()> {
    let mut out = io::stdout().lock();
    if args.json {
        let object = CanonJson {
            response: resp,
            site,
        };
        let line = serde_json::to_string(&object).map_err(io::Error::other)?;
        writeln!(out, "{line}")?;
        return out.flush();
    }
    // A report is a document of its own: it states the result itself.
    if let Some(report) = report {
        write!(out, "{report}")?;
        return out.flush();
    }
    if let Some(canon) = resp.canon.as_deref().filter(|_| !resp.invalid) {
        writeln!(out, "{canon}")?;
    }
    out.flush()
}
