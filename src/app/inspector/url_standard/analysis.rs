//! What the URL Standard panels show, computed once per change of the
//! inputs: the base parsed (its steps marked as the base's), the input
//! parsed against it, the trace of both, and the validation errors. A
//! [`StandardRequest`] goes in, a [`StandardAnalysis`] comes out, on the UI
//! thread for small inputs and on the worker's thread for big ones, as the
//! 2012 engine's analysis does.
//!
//! With one of today's browsers chosen ([`StandardRequest::browser`]), the
//! trace is that browser's model's (the Standard's states with the
//! browser's departures where it takes them, as `canon --mode chromium
//! --trace` prints it) and [`StandardAnalysis::browser`] holds the
//! browser's answer; the record, the validation errors and the setters
//! stay the Standard's own.
//!
//! Positions: a step's pointer and a validation error's range are byte
//! offsets into the input as the parser read it, after the Standard's
//! preprocessing (leading and trailing C0 controls and spaces trimmed, tabs
//! and newlines removed): [`StandardAnalysis::read`] holds that text.

use std::time::{Duration, Instant};

use crate::app::state::is_blank;
use crate::app::trace_source::{StepView, TraceSource, UrlAfterLine, diff_ranges};
use crate::engine::browsers::{self, Browser};
use crate::engine::report::Format;
use crate::engine::trace::OfBase;
use crate::engine::url_standard::{self, Failure, Parsed, Reported, Url, serializer};
use crate::engine::{Component, NoTrace, QueryEncoding, Stage, Step, StepId, Trace, Tracer};
use crate::resolvers::{self, Answer, Resolver, whatwg};

/// The inputs of one computation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandardRequest {
    pub input: String,
    pub base: String,
    pub encoding: String,
    /// Today's browser whose reading is shown; `None`: the Standard's.
    pub browser: Option<Browser>,
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
    /// What the trace panel derives per step, indexed like the trace.
    pub steps: Vec<StepView>,
    /// The parse as the `whatwg` resolver answers it (or the browser's
    /// model, when one is chosen), for the report.
    pub answer: Answer,
    /// The browser's reading, when one is chosen.
    pub browser: Option<BrowserView>,
}

/// What one of today's browsers makes of the input, by its model.
#[derive(Clone, Debug)]
pub struct BrowserView {
    pub browser: Browser,
    /// The Standard's answer, to say whether the browser's differs.
    pub standard: Answer,
    /// Each departure the browser took, with the index of its step in the
    /// trace (`None` when the trace was not recorded).
    pub departures: Vec<(StepId, Option<usize>)>,
    /// The input as the browser's parse read it, when a departure rewrote
    /// it first: the trace's pointers index this, not
    /// [`StandardAnalysis::read`].
    pub read: Option<String>,
}

impl BrowserView {
    /// Whether the browser's answer (href, or refusal) differs from the
    /// Standard's.
    pub fn differs(&self, answer: &Answer) -> bool {
        answer.valid_canon() != self.standard.valid_canon()
    }
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

impl TraceSource for StandardAnalysis {
    fn steps(&self) -> &[Step] {
        &self.trace.steps
    }

    fn views(&self) -> &[StepView] {
        &self.steps
    }

    fn blank(&self) -> bool {
        is_blank(&self.request.input)
    }

    fn not_recorded(&self) -> Option<String> {
        self.trace_skipped.then(|| {
            format!(
                "Not recorded: the URL and base are longer than {} KiB together, and each step keeps the URL record as it stands. The answer above is complete.",
                TRACE_LIMIT / 1024
            )
        })
    }

    fn title(&self) -> &'static str {
        match self.request.browser {
            None => "Trace: the basic URL parser, state by state",
            Some(Browser::Chromium) => {
                "Trace: Chromium 156, the Standard's parser with its departures"
            }
            Some(Browser::Firefox) => {
                "Trace: Firefox 153, the Standard's parser with its departures"
            }
            Some(Browser::WebKit) => {
                "Trace: WebKit 2.50, the Standard's parser with its departures"
            }
        }
    }

    fn pointer_text(&self, of_base: bool) -> Option<&str> {
        let rewritten = self.browser.as_ref().and_then(|b| b.read.as_deref());
        Some(match (of_base, rewritten) {
            (true, _) => &self.base_read,
            (false, Some(read)) => read,
            (false, None) => &self.read,
        })
    }

    fn url_after(&self, i: usize) -> Option<UrlAfterLine> {
        let step = self.trace.steps.get(i)?;
        let of_base = step.of_base;
        // The record as the last step up to `i` of the same URL left it.
        let latest = |to: usize| {
            self.trace.steps[..to]
                .iter()
                .rev()
                .filter(|s| s.of_base == of_base)
                .find_map(|s| s.record.as_ref())
        };
        let now = latest(i + 1)?;
        let before = self.trace.steps[..=i]
            .iter()
            .rposition(|s| s.of_base == of_base && s.record.is_some())
            .and_then(latest);
        Some(UrlAfterLine {
            text: now.href(),
            changed: before.and_then(|b| changed_component(b, now)),
            of_base,
        })
    }

    fn report(&self, format: Format) -> String {
        let request = resolvers::Request::new(&self.request.input)
            .with_base(Some(&self.request.base))
            .with_encoding(QueryEncoding::from_label(&self.request.encoding));
        let resolver = match self.request.browser {
            None => Resolver::Whatwg,
            Some(Browser::Chromium) => Resolver::Chromium,
            Some(Browser::Firefox) => Resolver::Firefox,
            Some(Browser::WebKit) => Resolver::WebKit,
        };
        resolvers::report::report(format, resolver, &request, &self.answer, &self.trace.steps)
    }
}

/// The first component whose value differs between two records.
fn changed_component(
    before: &crate::engine::trace::RecordSnapshot,
    after: &crate::engine::trace::RecordSnapshot,
) -> Option<Component> {
    let port = |r: &crate::engine::trace::RecordSnapshot| r.port().map(|p| p.to_string());
    [
        (Component::Scheme, before.scheme() != after.scheme()),
        (Component::User, before.username() != after.username()),
        (Component::Password, before.password() != after.password()),
        (Component::Host, before.host() != after.host()),
        (Component::Port, port(before) != port(after)),
        (Component::Path, before.path() != after.path()),
        (Component::Query, before.query() != after.query()),
        (Component::Fragment, before.fragment() != after.fragment()),
    ]
    .into_iter()
    .find_map(|(c, differs)| differs.then_some(c))
}

/// What the trace panel shows of each step: whether it changed the URL
/// record (or, for preprocessing, the input), where in the input it read.
fn step_views(steps: &[Step]) -> Vec<StepView> {
    let mut last: [Option<String>; 2] = [None, None];
    steps
        .iter()
        .map(|step| {
            let slot = &mut last[usize::from(step.of_base)];
            // A state's step changed the record when its serialization
            // differs from the one the step before left; preprocessing
            // changes the input.
            let (changed, diff) = match (&step.record, &step.before, &step.after) {
                (Some(record), _, _) => {
                    let href = record.href();
                    (slot.replace(href.clone()).unwrap_or_default() != href, None)
                }
                (None, Some(b), Some(a)) => (b != a, Some(diff_ranges(b, a))),
                _ => (false, None),
            };
            StepView {
                of_base: step.of_base,
                changed,
                diff,
                input_range: step.range.clone().filter(|_| !step.of_base),
            }
        })
        .collect()
}

/// Parses the base (when given) and the input against it, traced unless
/// they are longer than [`TRACE_LIMIT`].
pub fn analyze_standard(req: &StandardRequest) -> StandardAnalysis {
    let trace_skipped = req.input.len() + req.base.len() > TRACE_LIMIT;
    if let Some(browser) = req.browser {
        let mut analysis = analyze_with(req, &mut NoTrace);
        with_browser(&mut analysis, browser, !trace_skipped);
        analysis.trace_skipped = trace_skipped;
        return analysis;
    }
    if trace_skipped {
        let mut analysis = analyze_with(req, &mut NoTrace);
        analysis.trace_skipped = true;
        analysis
    } else {
        let mut trace = Trace::default();
        let mut analysis = analyze_with(req, &mut trace);
        analysis.steps = step_views(&trace.steps);
        analysis.trace = trace;
        analysis
    }
}

/// Adds `browser`'s reading to the Standard's analysis: its model's
/// answer, its trace (when `traced`) and where it departs.
fn with_browser(analysis: &mut StandardAnalysis, browser: Browser, traced: bool) {
    let req = &analysis.request;
    let base = (!req.base.trim().is_empty()).then_some(req.base.as_str());
    let mut trace = Trace::default();
    let modelled = if traced {
        browsers::parse(browser, &req.input, base, &mut trace)
    } else {
        browsers::parse(browser, &req.input, base, &mut NoTrace)
    };
    let answer = resolvers::browsers::answer_of(browser, &modelled);
    let departures = modelled
        .departures
        .iter()
        .map(|&id| {
            let at = trace.steps.iter().position(|s| s.id == id);
            (id, at)
        })
        .collect();
    // A departure that rewrote the input before the parse: the states'
    // pointers index the text it gave.
    let input_steps = || trace.steps.iter().filter(|s| !s.of_base);
    let rewrite = input_steps()
        .take_while(|s| s.id.stage() == Stage::Departure)
        .filter_map(|s| s.after.as_deref())
        .last();
    let parsed_after = input_steps().any(|s| s.record.is_some());
    let read = rewrite
        .filter(|_| parsed_after)
        .map(|r| serializer::preprocess(r, true).0.into_owned());
    analysis.steps = step_views(&trace.steps);
    analysis.trace = trace;
    let standard = std::mem::replace(&mut analysis.answer, answer);
    analysis.browser = Some(BrowserView {
        browser,
        standard,
        departures,
        read,
    });
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
    let answer = match (&base, &parsed) {
        (Some(Err(f)), _) => Answer::invalid(whatwg::base_invalid(f)),
        (_, Some(p)) => whatwg::answer_from(p),
        (_, None) => Answer::default(),
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
        steps: Vec::new(),
        answer,
        browser: None,
    }
}
