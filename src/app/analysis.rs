//! What the panels show, computed once per change of the inputs: one
//! [`Inspection`] of one traced run (the preprocessed input, the input and base as
//! parsed, the resolved URL, the outcome and the trace) plus what is derived
//! from it and would cost more than a frame to redo on a big input
//! (percent-decoded values, the host's Unicode and Punycode forms, query
//! parameters, where each trace step's change is). A [`Request`] goes in, an
//! [`Analysis`] comes out, on the UI thread for small inputs and on the
//! worker thread for big ones.
//!
//! The engine's trace is kept whole ([`Analysis::trace`]), beside one
//! [`StepView`] per step with what the panels derive from it, so "the URL
//! after step N" ([`Analysis::url_after`]) and the copied trace report come
//! from the engine's own snapshot fold and renderer, never a second run.
//! The notes ([`Analysis::notes`]) are the engine's, as `inspect` gives them.
//!
//! Positions: every input range here is a byte range of the *preprocessed*
//! input (what the spec's parsing steps read), as the engine's ranges are.

use std::borrow::Cow;
use std::ops::Range;
use std::time::{Duration, Instant};

use encoding_rs::Encoding;

use crate::engine::percent::decode_to_bytes;
use crate::engine::report::Format;
use crate::engine::spec2012::{Subject, UrlAfter};
use crate::engine::{
    self, Component, Inspection, Mode, Note, Options, Outcome, ParsedUrl, QueryEncoding, Stage,
    Step, StepId, Trace,
};
use crate::resolvers::{self, Answer, Resolver};

pub use super::trace_source::{StepView, diff_ranges};
use super::trace_source::{TraceSource, UrlAfterLine};

/// The inputs of one computation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Request {
    pub input: String,
    pub base: String,
    pub encoding: String,
    pub mode: Mode,
}

impl Request {
    /// Total size, to decide whether it runs off the UI thread.
    pub fn size(&self) -> usize {
        self.input.len() + self.base.len() + self.encoding.len()
    }
}

/// What became of the encoding label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodingInfo {
    /// The label as typed, trimmed.
    pub label: String,
    /// The encoding the label names, if it names one.
    pub named: Option<&'static str>,
    /// The encoding the query is actually encoded in.
    pub used: &'static str,
}

/// Why the URL is invalid, placed in the trace and in the input.
#[derive(Clone, Debug)]
pub struct FailureView {
    pub id: StepId,
    /// The engine's reason, as its one message table words it.
    pub reason: String,
    /// Index into [`Analysis::steps`] of the failing step, when recorded.
    pub step_index: Option<usize>,
    /// Where in the (preprocessed) input the problem is.
    pub input_range: Option<Range<usize>>,
}

/// Derived forms of one component's value.
#[derive(Clone, Debug, Default)]
pub struct ComponentExtras {
    /// The value with percent-escapes decoded, when that changes it.
    pub decoded: Option<String>,
}

/// The host in its Unicode and ASCII (Punycode) forms, as IDNA reads it.
#[derive(Clone, Debug)]
pub struct HostForms {
    pub unicode: String,
    pub ascii: Result<String, String>,
}

/// Everything computed for one [`Request`].
#[derive(Clone, Debug)]
pub struct Analysis {
    pub request: Request,
    /// How long the computation took.
    pub elapsed: Duration,
    pub outcome: Outcome,
    /// The input alone, parsed (before resolution).
    pub parsed: ParsedUrl,
    /// The base URL, parsed, when one was given.
    pub base: Option<ParsedUrl>,
    /// After resolution against the base, before canonicalization.
    pub resolved: ParsedUrl,
    /// The input after preprocessing; all input ranges point into it.
    pub preprocessed: String,
    /// Whether preprocessing changed the input (worked out once: comparing
    /// megabytes every frame would cost more than the frame).
    pub preprocessing_changed: bool,
    /// Whether the input already was its canonical form.
    pub already_canonical: bool,
    /// Which characters of the preprocessed input each component came from,
    /// in component order.
    pub spans: Vec<(Component, Range<usize>)>,
    pub encoding: EncodingInfo,
    /// Every step the engine recorded, as it recorded them.
    pub trace: Trace,
    /// What the panels derive per step; indexed like `trace.steps`.
    pub steps: Vec<StepView>,
    /// What a person must not miss (the engine's notes), ranges in
    /// [`Self::preprocessed`].
    pub notes: Vec<Note>,
    /// The run as the mode's resolver answers it (no trace: that is
    /// [`Self::trace`]), for the report.
    pub answer: Answer,
    pub failure: Option<FailureView>,
    /// Indexed like [`Component::ALL`]; of the canonical value (the resolved
    /// one when the URL is invalid).
    pub extras: Vec<ComponentExtras>,
    pub host_forms: Option<HostForms>,
    /// The query split into decoded name/value pairs.
    pub query_params: Vec<(String, String)>,
}

/// Index of `c` in [`Component::ALL`] (which lists the variants in order).
pub fn component_index(c: Component) -> usize {
    c as usize
}

impl Analysis {
    /// The value shown as "canonical" for `c`.
    pub fn final_value(&self, c: Component) -> Option<&str> {
        self.outcome.url.get(c)
    }

    /// The span of component `c` in the preprocessed input.
    pub fn span(&self, c: Component) -> Option<Range<usize>> {
        self.parsed.span(c)
    }

    /// The component whose characters include byte `at` of the preprocessed input.
    pub fn component_at(&self, at: usize) -> Option<Component> {
        self.spans
            .iter()
            .find(|(_, r)| r.contains(&at))
            .map(|(c, _)| *c)
    }

    /// Step `i` of the trace.
    pub fn step(&self, i: usize) -> Option<&Step> {
        self.trace.steps.get(i)
    }

    /// The whole URL as it stands after step `i` (the engine's snapshot,
    /// folded from the steps' own values; no engine run).
    pub fn url_after(&self, i: usize) -> Option<UrlAfter<'_>> {
        self.trace.url_after(i)
    }

    /// Whether step `i` read or changed component `c` (its own mark; the
    /// steps of the base URL concern the base, not this URL's `c`).
    pub fn touches(&self, i: usize, c: Component) -> bool {
        self.steps.get(i).is_some_and(|v| !v.of_base)
            && self.step(i).is_some_and(|s| s.component == Some(c))
    }

    /// The request as the mode's resolver takes it.
    fn resolver_request(&self) -> resolvers::Request<'_> {
        resolvers::Request::new(&self.request.input)
            .with_base(Some(&self.request.base))
            .with_encoding(QueryEncoding::from_label(&self.request.encoding))
    }
}

impl TraceSource for Analysis {
    fn steps(&self) -> &[Step] {
        &self.trace.steps
    }

    fn views(&self) -> &[StepView] {
        &self.steps
    }

    fn blank(&self) -> bool {
        super::state::is_blank(&self.request.input)
    }

    fn title(&self) -> &'static str {
        "Trace"
    }

    fn url_after(&self, i: usize) -> Option<UrlAfterLine> {
        let url = self.trace.url_after(i)?;
        let step = self.trace.steps.get(i)?;
        Some(UrlAfterLine {
            text: url.serialization(),
            changed: step.component.filter(|_| step.changes),
            of_base: url.subject == Subject::Base,
        })
    }

    fn touches(&self, i: usize, c: Component) -> bool {
        Analysis::touches(self, i, c)
    }

    /// The whole trace written out by the engine's renderer (what was run,
    /// the steps, the result, the notes), as `canon --trace --format …`
    /// prints it for this mode.
    fn report(&self, format: Format) -> String {
        let resolver = Resolver::from(self.request.mode);
        let request = self.resolver_request();
        resolvers::report::report(format, resolver, &request, &self.answer, &self.trace.steps)
    }
}

/// Runs the engine once on `req` and derives what the panels show.
pub fn analyze(req: &Request) -> Analysis {
    let start = Instant::now();
    let encoding = QueryEncoding::from_label(&req.encoding);
    let options = Options::default()
        .mode(req.mode)
        .encoding(encoding)
        .base(&req.base)
        .keep(true);
    let mut trace = Trace::default();
    let outcome = engine::run(&req.input, &options, &mut trace);
    let Inspection {
        preprocessed,
        parsed,
        base,
        resolved,
        outcome,
        trace,
        notes,
    } = Inspection::from_run(&req.input, &options, outcome, trace);

    let spans: Vec<(Component, Range<usize>)> = Component::ALL
        .into_iter()
        .filter_map(|c| Some((c, parsed.span(c)?)))
        .collect();
    let mut steps: Vec<StepView> = trace
        .steps
        .iter()
        .map(|step| step_view(step, &parsed, preprocessed.len()))
        .collect();
    mark_buffer_changes(&trace.steps, &mut steps);
    let failure = outcome
        .failure
        .as_ref()
        .map(|f| failure_view(f, &trace.steps, &steps, &parsed));

    // The values the component table shows: canonical, or resolved when invalid.
    let values = if outcome.url.invalid {
        &resolved
    } else {
        &outcome.url
    };
    let extras = Component::ALL
        .iter()
        .map(|&c| ComponentExtras {
            decoded: decoded_value(values.get(c), c, encoding.used),
        })
        .collect();
    let host_forms = values.host.as_deref().filter(|h| is_idn(h)).map(host_forms);
    let query_params = values
        .query
        .as_deref()
        .map(|q| query_params(q, encoding.used))
        .unwrap_or_default();

    let answer = resolvers::spec::answer(outcome.clone(), notes.clone());
    Analysis {
        answer,
        request: req.clone(),
        elapsed: start.elapsed(),
        preprocessing_changed: preprocessed != req.input,
        already_canonical: outcome.canon.as_deref() == Some(req.input.as_str()),
        encoding: EncodingInfo {
            label: req.encoding.trim().to_owned(),
            named: encoding.named.map(|e| e.name()),
            used: encoding.used.name(),
        },
        outcome,
        parsed,
        base,
        resolved,
        preprocessed,
        spans,
        trace,
        steps,
        notes,
        failure,
        extras,
        host_forms,
        query_params,
    }
}

/// What the trace panel needs of one step: whether it changed the URL, the
/// changed part of its values, and the input characters it concerns.
fn step_view(step: &Step, parsed: &ParsedUrl, input_len: usize) -> StepView {
    let stage = step.id.stage();
    // Parse steps only find components; preprocessing always changes the input.
    let changed = stage == Stage::Preprocess
        || (step.changes && step.before != step.after && stage != Stage::Parse);
    let diff = match (&step.before, &step.after) {
        (Some(b), Some(a)) if step.changes => Some(diff_ranges(b, a)),
        _ => None,
    };
    // The base's ranges are in the base, not the input.
    let input_range = if step.of_base {
        None
    } else {
        step.range
            .clone()
            .filter(|r| r.end <= input_len)
            .or_else(|| step.component.and_then(|c| parsed.span(c)))
            .or_else(|| {
                (stage == Stage::Host)
                    .then(|| parsed.span(Component::Host))
                    .flatten()
            })
    };
    StepView {
        of_base: step.of_base,
        changed,
        diff,
        input_range,
    }
}

/// A turn of remove dot-segments may leave the path as it was (rule E
/// only moves a segment from the input buffer to the output buffer), so
/// what it changed is in its buffers: its diff is that of the output
/// buffer, from the turn before (empty at the loop's start) to this one,
/// and a turn that moved something counts as a change.
fn mark_buffer_changes(trace: &[Step], views: &mut [StepView]) {
    let mut output = "";
    for (step, view) in trace.iter().zip(views.iter_mut()) {
        let Some((now, _)) = step.buffers() else {
            output = "";
            continue;
        };
        let (before, after) = diff_ranges(output, now);
        view.changed |= !after.is_empty() || !before.is_empty();
        view.diff = Some((before, after));
        output = now;
    }
}

/// Places the engine's failure in the trace and in the input.
fn failure_view(
    f: &engine::Failure,
    trace: &[Step],
    steps: &[StepView],
    parsed: &ParsedUrl,
) -> FailureView {
    let step_index = trace
        .iter()
        .rposition(|s| s.failed)
        .or_else(|| trace.iter().rposition(|s| s.id == f.step));
    let input_range = f
        .range
        .clone()
        .or_else(|| step_index.and_then(|i| steps[i].input_range.clone()))
        .or_else(|| {
            (f.step.stage() == Stage::Host)
                .then(|| parsed.span(Component::Host))
                .flatten()
        });
    FailureView {
        id: f.step,
        reason: f.reason.to_string(),
        step_index,
        input_range,
    }
}

/// The value of `c` with its escapes decoded (the query in its encoding),
/// when that changes it.
fn decoded_value(
    value: Option<&str>,
    c: Component,
    query_encoding: &'static Encoding,
) -> Option<String> {
    let v = value.filter(|v| v.contains('%'))?;
    let bytes = decode_to_bytes(v);
    let decoded = if c == Component::Query {
        query_encoding
            .decode_without_bom_handling(&bytes)
            .0
            .into_owned()
    } else {
        String::from_utf8_lossy(&bytes).into_owned()
    };
    (decoded != v).then_some(decoded)
}

/// Whether a host has two forms worth showing: non-ASCII, or an `xn--` label.
fn is_idn(h: &str) -> bool {
    !h.is_ascii()
        || h.split('.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
}

/// The host's Unicode and ASCII forms as IDNA (UTS 46) reads them.
fn host_forms(h: &str) -> HostForms {
    let (unicode, _) = idna::domain_to_unicode(h);
    let ascii =
        idna::domain_to_ascii(h).map_err(|_| "IDNA (UTS 46) does not accept this host".to_owned());
    HostForms { unicode, ascii }
}

/// The query as form data: `&`-separated pairs, `+` a space, escapes decoded
/// in the query encoding.
fn query_params(q: &str, encoding: &'static Encoding) -> Vec<(String, String)> {
    let decode = |s: &str| {
        // '+' is replaced before decoding, so an escaped %2B stays a '+'.
        let spaced: Cow<'_, str> = if s.contains('+') {
            Cow::Owned(s.replace('+', " "))
        } else {
            Cow::Borrowed(s)
        };
        encoding
            .decode_without_bom_handling(&decode_to_bytes(&spaced))
            .0
            .into_owned()
    };
    q.split('&')
        .filter(|p| !p.is_empty())
        .take(MAX_PARAMS)
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// The query table stops here; a pasted document can have millions of `&`.
pub const MAX_PARAMS: usize = 10_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_params_read_form_data() {
        let p = query_params("a=1+2%2B&&b&c=%E9", encoding_rs::WINDOWS_1252);
        assert_eq!(
            p,
            [
                ("a".to_owned(), "1 2+".to_owned()),
                ("b".to_owned(), String::new()),
                ("c".to_owned(), "\u{e9}".to_owned())
            ]
        );
    }

    #[test]
    fn base_steps_are_the_engines_own() {
        let a = analyze(&Request {
            input: "x".into(),
            base: "http://b/p".into(),
            ..Request::default()
        });
        let marked = a.steps.iter().filter(|s| s.of_base).count();
        assert!(marked > 0, "the base's parse steps are marked");
        assert!(
            a.steps[..marked]
                .iter()
                .all(|s| s.of_base && s.input_range.is_none())
        );
        assert!(a.steps[marked..].iter().all(|s| !s.of_base));
        assert_eq!(a.base.as_ref().and_then(|b| b.host.as_deref()), Some("b"));
        assert_eq!(a.outcome.canon.as_deref(), Some("http://b/x"));
    }

    #[test]
    fn the_trace_is_kept_for_snapshots_marks_and_reports() {
        let a = analyze(&Request {
            input: "../x/./y".into(),
            base: "http://h/p/q".into(),
            ..Request::default()
        });
        assert_eq!(a.steps.len(), a.trace.steps.len());
        // The URL after the last step is the canonical URL.
        let last = a.url_after(a.steps.len() - 1).expect("steps");
        assert_eq!(Some(last.serialization()), a.outcome.canon);
        // The base's steps concern the base's path, not this URL's.
        let touching: Vec<usize> = (0..a.steps.len())
            .filter(|&i| a.touches(i, Component::Path))
            .collect();
        assert!(!touching.is_empty());
        assert!(touching.iter().all(|&i| !a.steps[i].of_base));
        assert!(
            a.trace
                .steps
                .iter()
                .any(|s| s.of_base && s.component == Some(Component::Path))
        );
        // The report is the engine's, with the run's inputs at the top.
        let text = a.report(Format::Text);
        assert!(
            text.starts_with("Input:    \"../x/./y\"\nBase:     \"http://h/p/q\""),
            "{text}"
        );
        assert!(
            text.ends_with("Result: canonical URL http://h/x/y\n"),
            "{text}"
        );
    }

    #[test]
    fn spans_point_into_the_input() {
        let a = analyze(&Request {
            input: "http://u@h:1/p?q#f".into(),
            encoding: "utf-8".into(),
            ..Request::default()
        });
        assert_eq!(
            a.span(Component::Host).map(|r| &a.preprocessed[r]),
            Some("h")
        );
        assert_eq!(a.component_at(0), Some(Component::Scheme));
    }
}
