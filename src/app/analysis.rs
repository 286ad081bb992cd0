//! What the panels show, computed once per change of the inputs: the engine's
//! outcome and trace, plus everything derived from them that would cost more
//! than a frame to redo on a big input (percent-decoded values, the host's
//! Unicode and Punycode forms, query parameters, where each trace step's
//! change is). A [`Request`] goes in, an [`Analysis`] comes out, on the UI
//! thread for small inputs and on the worker thread for big ones.
//!
//! Positions: every input range here is a byte range of the *preprocessed*
//! input (what the spec's parsing steps read), as the trace's ranges are.

use std::ops::Range;
use std::time::{Duration, Instant};

use crate::engine::{
    self, Component, Mode, NoTrace, Outcome, ParsedUrl, QueryEncoding, Stage, Step, StepId, Trace,
    Until, preprocess::preprocess,
};

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

impl EncodingInfo {
    /// One short sentence for under the field.
    pub fn message(&self) -> String {
        match self.named {
            None if self.label.is_empty() => format!("No label: the query uses {}.", self.used),
            None => format!(
                "\"{}\" is not a known encoding label: the query uses {}.",
                self.label, self.used
            ),
            Some(n) if n == self.used => format!("The query is encoded in {n}."),
            Some(n) => format!(
                "{n} cannot encode ASCII as ASCII, so the query uses {} instead.",
                self.used
            ),
        }
    }

    /// Whether the message is a warning (the label did not give what it says).
    pub fn is_warning(&self) -> bool {
        self.named != Some(self.used)
    }
}

/// One trace step and what the panels need to show it.
#[derive(Clone, Debug)]
pub struct StepView {
    pub step: Step,
    /// Taken while parsing the base URL, not the input.
    pub of_base: bool,
    /// Whether the step altered the URL (the trace filter keeps these).
    pub changed: bool,
    /// The changed part of `before` and of `after` (byte ranges), when both are present.
    pub diff: Option<(Range<usize>, Range<usize>)>,
    /// The input characters the step concerns.
    pub input_range: Option<Range<usize>>,
}

/// Why the URL is invalid, placed in the trace and in the input.
#[derive(Clone, Debug)]
pub struct FailureView {
    pub id: StepId,
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
    /// After resolution against the base, before canonicalization.
    pub resolved: ParsedUrl,
    /// The input after preprocessing; all input ranges point into it.
    pub preprocessed: String,
    /// Whether preprocessing changed the input (worked out once: comparing
    /// megabytes every frame would cost more than the frame).
    pub preprocessing_changed: bool,
    /// Whether the input already was its canonical form.
    pub already_canonical: bool,
    /// Which characters of the preprocessed input each component came from.
    pub spans: Vec<(Component, Range<usize>)>,
    pub encoding: EncodingInfo,
    pub steps: Vec<StepView>,
    pub failure: Option<FailureView>,
    /// Indexed like [`Component::ALL`]; of the canonical value (the resolved
    /// one when the URL is invalid).
    pub extras: Vec<ComponentExtras>,
    pub host_forms: Option<HostForms>,
    /// The query split into decoded name/value pairs.
    pub query_params: Vec<(String, String)>,
}

/// Index of `c` in [`Component::ALL`].
pub fn component_index(c: Component) -> usize {
    Component::ALL.iter().position(|&x| x == c).unwrap_or(0)
}

impl Analysis {
    /// The value shown as "canonical" for `c`.
    pub fn final_value(&self, c: Component) -> Option<&str> {
        self.outcome.url.get(c)
    }

    /// The span of component `c` in the preprocessed input.
    pub fn span(&self, c: Component) -> Option<Range<usize>> {
        self.spans
            .iter()
            .find(|(x, _)| *x == c)
            .map(|(_, r)| r.clone())
    }

    /// The component whose characters include byte `at` of the preprocessed input.
    pub fn component_at(&self, at: usize) -> Option<Component> {
        self.spans
            .iter()
            .find(|(_, r)| r.contains(&at))
            .map(|(c, _)| *c)
    }
}

/// Runs the engine on `req` and derives what the panels show.
pub fn analyze(req: &Request) -> Analysis {
    let start = Instant::now();
    let encoding = QueryEncoding::from_label(&req.encoding);
    let base = (!req.base.is_empty()).then_some(req.base.as_str());

    let (outcome, trace) = engine::canonicalize_url_traced(&req.input, base, encoding, req.mode);
    let resolved = engine::run(
        &req.input,
        base,
        encoding,
        req.mode,
        Until::Resolve,
        &mut NoTrace,
    )
    .url;
    let mut parse_trace = Trace::default();
    let parsed = engine::run(
        &req.input,
        None,
        encoding,
        req.mode,
        Until::Parse,
        &mut parse_trace,
    )
    .url;
    let preprocessed = preprocess(&req.input, &mut NoTrace).into_owned();

    let spans: Vec<(Component, Range<usize>)> = parse_trace
        .steps
        .iter()
        // Every parse step that set a component says where it came from.
        .filter(|s| s.id.stage() == Stage::Parse && s.after.is_some())
        .filter_map(|s| Some((s.component?, s.range.clone()?)))
        .filter(|(_, r)| {
            r.end <= preprocessed.len()
                && preprocessed.is_char_boundary(r.start)
                && preprocessed.is_char_boundary(r.end)
        })
        .collect();
    let mut spans = spans;
    spans.sort_by_key(|(c, _)| component_index(*c));
    spans.dedup_by_key(|(c, _)| *c);

    // The base is parsed first; its steps are told apart by running that
    // parse alone and matching the start of the trace against it.
    let base_steps = match base {
        Some(b) => {
            let mut t = Trace::default();
            engine::parse::parse(b, &mut t);
            let n = t.steps.len();
            if trace.steps.len() >= n && trace.steps[..n] == t.steps[..] {
                n
            } else {
                0
            }
        }
        None => 0,
    };

    let span_of = |c: Component| spans.iter().find(|(x, _)| *x == c).map(|(_, r)| r.clone());
    let steps: Vec<StepView> = trace
        .steps
        .into_iter()
        .enumerate()
        .map(|(i, step)| {
            let of_base = i < base_steps;
            let stage = step.id.stage();
            let changed = stage == Stage::Preprocess
                || (step.changes && step.before != step.after && stage != Stage::Parse);
            let diff = match (&step.before, &step.after) {
                (Some(b), Some(a)) if step.changes => Some(diff_ranges(b, a)),
                _ => None,
            };
            let input_range = if of_base {
                None
            } else {
                step.range
                    .clone()
                    .filter(|r| r.end <= preprocessed.len())
                    .or_else(|| step.component.and_then(span_of))
                    .or_else(|| {
                        (stage == Stage::Host)
                            .then(|| span_of(Component::Host))
                            .flatten()
                    })
            };
            StepView {
                step,
                of_base,
                changed,
                diff,
                input_range,
            }
        })
        .collect();

    let failure = outcome.failure.as_ref().map(|f| {
        let step_index = steps
            .iter()
            .rposition(|s| s.step.failed)
            .or_else(|| steps.iter().rposition(|s| s.step.id == f.step));
        let mut input_range = step_index.and_then(|i| steps[i].input_range.clone());
        if input_range.is_none() {
            input_range = match f.step.stage() {
                Stage::Host => span_of(Component::Host),
                // No scheme and no base: the problem is at the very start.
                _ if f.step == StepId::CanonInvalid && parsed.scheme.is_none() => Some(0..0),
                _ => None,
            };
        }
        FailureView {
            id: f.step,
            reason: f.reason.to_string(),
            step_index,
            input_range,
        }
    });

    let query_encoding = encoding.used;
    let values = if outcome.url.invalid {
        &resolved
    } else {
        &outcome.url
    };
    let extras = Component::ALL
        .iter()
        .map(|&c| {
            let decoded = values.get(c).filter(|v| v.contains('%')).map(|v| {
                let bytes = percent_decode(v, false);
                if c == Component::Query {
                    query_encoding
                        .decode_without_bom_handling(&bytes)
                        .0
                        .into_owned()
                } else {
                    String::from_utf8_lossy(&bytes).into_owned()
                }
            });
            ComponentExtras {
                decoded: decoded.filter(|d| Some(d.as_str()) != values.get(c)),
            }
        })
        .collect();

    // Only internationalized hosts have two forms worth showing.
    let is_idn = |h: &str| {
        !h.is_ascii()
            || h.split('.')
                .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")))
    };
    let host_forms = values.host.as_deref().filter(|h| is_idn(h)).map(|h| {
        let (unicode, _) = idna::domain_to_unicode(h);
        let ascii = idna::domain_to_ascii(h)
            .map_err(|_| "IDNA (UTS 46) does not accept this host".to_owned());
        HostForms { unicode, ascii }
    });

    let query_params = values
        .query
        .as_deref()
        .filter(|q| !q.is_empty())
        .map(|q| {
            q.split('&')
                .filter(|p| !p.is_empty())
                .take(MAX_PARAMS)
                .map(|p| {
                    let (k, v) = p.split_once('=').unwrap_or((p, ""));
                    let dec = |s: &str| {
                        query_encoding
                            .decode_without_bom_handling(&percent_decode(s, true))
                            .0
                            .into_owned()
                    };
                    (dec(k), dec(v))
                })
                .collect()
        })
        .unwrap_or_default();

    let encoding = EncodingInfo {
        label: req.encoding.trim().to_owned(),
        named: encoding.named.map(|e| e.name()),
        used: encoding.used.name(),
    };

    Analysis {
        request: req.clone(),
        elapsed: start.elapsed(),
        preprocessing_changed: preprocessed != req.input,
        already_canonical: outcome.canon.as_deref() == Some(req.input.as_str()),
        outcome,
        parsed,
        resolved,
        preprocessed,
        spans,
        encoding,
        steps,
        failure,
        extras,
        host_forms,
        query_params,
    }
}

/// The query table stops here; a pasted document can have millions of `&`.
pub const MAX_PARAMS: usize = 10_000;

/// Decodes `%XX` escapes to bytes (and `+` to a space in form data).
pub fn percent_decode(s: &str, plus_is_space: bool) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match b[i] {
            b'%' if i + 2 < b.len() => match (hex(b[i + 1]), hex(b[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' if plus_is_space => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// The changed middle of `before` and `after`: what is left after their
/// common prefix and suffix (on character boundaries).
pub fn diff_ranges(before: &str, after: &str) -> (Range<usize>, Range<usize>) {
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    // The common prefix is the same bytes in both, so it ends on a boundary of both.
    let prefix = if after.is_char_boundary(prefix) {
        prefix
    } else {
        0
    };
    let max_suffix = before.len().min(after.len()) - prefix;
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>()
        .min(max_suffix);
    (prefix..before.len() - suffix, prefix..after.len() - suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs() {
        assert_eq!(diff_ranges("/a b/", "/a%20b/"), (2..3, 2..5));
        assert_eq!(diff_ranges("HTTP", "http"), (0..4, 0..4));
        assert_eq!(diff_ranges("same", "same"), (4..4, 4..4));
        assert_eq!(diff_ranges("aXa", "aa"), (1..2, 1..1));
        assert_eq!(diff_ranges("é1", "é2"), (2..3, 2..3));
    }

    #[test]
    fn decodes() {
        assert_eq!(percent_decode("a%41%4g%", false), b"aA%4g%");
        assert_eq!(percent_decode("a+b%2B", true), b"a b+");
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
