//! What the URL Standard panels show, computed once per change of the
//! inputs: the base parsed (its steps marked as the base's), the input
//! parsed against it, the trace of both, and the validation errors. A
//! [`StandardRequest`] goes in, a [`StandardAnalysis`] comes out, on the UI
//! thread for small inputs and on the worker's thread for big ones, as the
//! 2012 engine's analysis does.
//!
//! Positions: a step's pointer and a validation error's range are byte
//! offsets into the input as the parser read it, after the Standard's
//! preprocessing (leading and trailing C0 controls and spaces trimmed, tabs
//! and newlines removed): [`StandardAnalysis::read`] holds that text.

use std::time::{Duration, Instant};

use crate::engine::trace::OfBase;
use crate::engine::url_standard::{self, Failure, Parsed, Reported, Url, serializer};
use crate::engine::{NoTrace, QueryEncoding, Trace, Tracer};

/// The inputs of one computation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandardRequest {
    pub input: String,
    pub base: String,
    pub encoding: String,
}

impl StandardRequest {
    /// Total size, to decide whether it runs off the UI thread.
    pub fn size(&self) -> usize {
        self.input.len() + self.base.len() + self.encoding.len()
    }
}

/// Everything computed for one [`StandardRequest`].
#[derive(Clone, Debug)]
pub struct StandardAnalysis {
    pub request: StandardRequest,
    pub elapsed: Duration,
    /// The encoding the query is encoded in (the label's, or UTF-8).
    pub encoding: &'static str,
    /// Whether the label named no encoding (UTF-8 is used then).
    pub unknown_label: bool,
    /// The base URL's parse, when a base was given.
    pub base: Option<Result<Url, Failure>>,
    /// The input's parse: the URL or failure, and its validation errors.
    /// With a base that fails to parse, the input is not parsed (the URL
    /// constructor throws first) and this is `None`.
    pub parsed: Option<Parsed>,
    /// The input as the parser read it (what pointers and ranges index).
    pub read: String,
    /// The base as the parser read it (what the base's steps' pointers index).
    pub base_read: String,
    /// Every step, the base's first (marked `of_base`); empty when the
    /// inputs were too long to trace (see [`TRACE_LIMIT`]).
    pub trace: Trace,
    /// Whether the trace was left out because the inputs were too long.
    pub trace_skipped: bool,
}

/// The longest input and base, together, whose parse is traced: each step
/// keeps the URL record as it stands, so a trace grows with the steps times
/// the URL's length, and a megabyte of path segments would take gigabytes.
pub const TRACE_LIMIT: usize = 64 * 1024;

impl StandardAnalysis {
    /// The URL the input parses to, if it does.
    pub fn url(&self) -> Option<&Url> {
        self.parsed.as_ref()?.url.as_ref().ok()
    }

    /// Why the input (or the base) failed to parse, if it did.
    pub fn failure(&self) -> Option<(&'static str, &Failure)> {
        if let Some(Err(f)) = &self.base {
            return Some(("base URL", f));
        }
        match &self.parsed.as_ref()?.url {
            Err(f) => Some(("URL", f)),
            Ok(_) => None,
        }
    }

    /// The input's validation errors, in the order reported.
    pub fn errors(&self) -> &[Reported] {
        self.parsed.as_ref().map_or(&[], |p| &p.errors)
    }
}

/// Parses the base (when given) and the input against it, traced unless
/// they are longer than [`TRACE_LIMIT`].
pub fn analyze_standard(req: &StandardRequest) -> StandardAnalysis {
    let trace_skipped = req.input.len() + req.base.len() > TRACE_LIMIT;
    if trace_skipped {
        let mut analysis = analyze_with(req, &mut NoTrace);
        analysis.trace_skipped = true;
        analysis
    } else {
        let mut trace = Trace::default();
        let mut analysis = analyze_with(req, &mut trace);
        analysis.trace = trace;
        analysis
    }
}

/// [`analyze_standard`] on one tracer (the analysis's own trace left empty).
fn analyze_with<T: Tracer>(req: &StandardRequest, trace: &mut T) -> StandardAnalysis {
    let start = Instant::now();
    let query_encoding = QueryEncoding::from_label(&req.encoding);
    let unknown_label = !req.encoding.trim().is_empty() && query_encoding.named.is_none();
    let base = (!req.base.trim().is_empty()).then(|| {
        url_standard::parse(&req.base, None, query_encoding, &mut OfBase(&mut *trace)).url
    });
    let parsed = match &base {
        Some(Err(_)) => None,
        Some(Ok(b)) => Some(url_standard::parse(
            &req.input,
            Some(b),
            query_encoding,
            &mut *trace,
        )),
        None => Some(url_standard::parse(
            &req.input,
            None,
            query_encoding,
            &mut *trace,
        )),
    };
    let read = serializer::preprocess(&req.input, true).0.into_owned();
    let base_read = serializer::preprocess(&req.base, true).0.into_owned();
    StandardAnalysis {
        request: req.clone(),
        elapsed: start.elapsed(),
        encoding: query_encoding.used.name(),
        unknown_label,
        base,
        parsed,
        read,
        base_read,
        trace: Trace::default(),
        trace_skipped: false,
    }
}
