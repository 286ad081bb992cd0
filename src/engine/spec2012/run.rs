//! The run: the stages in the spec's order (preprocess and parse the base,
//! resolve the input against it, canonicalize, serialize), up to the stage
//! the [`Options`] name, each step reported to the tracer.
//!
//! When the options ask to keep the intermediate forms, the run copies each
//! one as its stage produces it; otherwise it copies nothing.

use std::borrow::Cow;

use super::canonicalize;
use super::failure::{Failure, Reason};
use super::model::{Component, ParsedUrl};
use super::options::{Base, Options, Until};
use super::outcome::{Kept, Outcome};
use super::parse;
use super::preprocess;
use super::resolve::{self, Reference};
use super::serialize;
use crate::engine::encoding::{EncodingVerdict, QueryEncoding};
use crate::engine::trace::{self, NoTrace, Step, StepId, Tracer};

/// Runs `input` through the stages up to `options.until`, reporting every
/// step to `tracer`: the one way into the engine.
pub fn run<T: Tracer>(input: &str, options: &Options<'_>, tracer: &mut T) -> Outcome {
    if options.until == Until::Parse {
        return parse_only(input, options.keep, tracer);
    }
    let base = parse_base(options.base, tracer);
    let base = base.as_deref();
    let mut kept_input = None;
    let url = match base {
        Some(base) => match resolve::read_reference(input, base, tracer) {
            Reference::Settled(url) => url,
            Reference::Parsed(s, parsed) => {
                kept_input = keep_input(options.keep, s, &parsed);
                resolve::resolve_parsed(parsed, base, tracer)
            }
        },
        None => {
            // The input is its own base (as the reference implementation's
            // tests do), so dot-segments are removed all the same.
            let s = preprocess::preprocess(input, tracer);
            let parsed = parse::parse_preprocessed(&s, tracer);
            kept_input = keep_input(options.keep, s, &parsed);
            tracer.record(|| Step::new(StepId::ResolveSelf).decide("the input is its own base"));
            resolve::resolve_self(parsed, tracer)
        }
    };
    let kept = options.keep.then(|| {
        let (preprocessed, parsed) = kept_input.unwrap_or_else(|| input_forms(input));
        Box::new(Kept {
            preprocessed,
            parsed,
            base: base.cloned(),
            resolved: url.clone(),
        })
    });
    Outcome {
        kept,
        ..canonicalize_resolved(url, base, options, tracer)
    }
}

/// The base of `base` as a run reads it: parsed here when given as text
/// (its steps marked `of_base`), `None` when absent or empty.
fn parse_base<'b, T: Tracer>(base: Base<'b>, tracer: &mut T) -> Option<Cow<'b, ParsedUrl>> {
    match base {
        Base::None | Base::Text("") => None,
        Base::Text(text) => Some(Cow::Owned(parse::parse(text, &mut trace::OfBase(tracer)))),
        Base::Parsed(parsed) => Some(Cow::Borrowed(parsed)),
    }
}

/// The preprocessed and parsed input, copied when the run keeps its forms.
fn keep_input(
    keep: bool,
    preprocessed: Cow<'_, str>,
    parsed: &ParsedUrl,
) -> Option<(String, ParsedUrl)> {
    keep.then(|| (preprocessed.into_owned(), parsed.clone()))
}

/// The input preprocessed and parsed without recording: the forms of a
/// stage a run skipped (an invalid base stops resolution before the input
/// is even preprocessed) or did not keep.
fn input_forms(input: &str) -> (String, ParsedUrl) {
    let preprocessed = preprocess::preprocess(input, &mut NoTrace).into_owned();
    let parsed = parse::parse_preprocessed(&preprocessed, &mut NoTrace);
    (preprocessed, parsed)
}

/// The parse stage alone: the input's components, nothing resolved.
fn parse_only<T: Tracer>(input: &str, keep: bool, tracer: &mut T) -> Outcome {
    let s = preprocess::preprocess(input, tracer);
    let url = parse::parse_preprocessed(&s, tracer);
    let kept = keep_input(keep, s, &url).map(|(preprocessed, parsed)| {
        Box::new(Kept {
            preprocessed,
            resolved: parsed.clone(),
            parsed,
            base: None,
        })
    });
    Outcome {
        url,
        canon: None,
        failure: None,
        kept,
    }
}

/// The stages after resolution: canonicalization and serialization, or
/// the reason resolution left the URL invalid.
fn canonicalize_resolved<T: Tracer>(
    mut url: ParsedUrl,
    base: Option<&ParsedUrl>,
    options: &Options<'_>,
    tracer: &mut T,
) -> Outcome {
    let (encoding, mode) = (options.encoding, options.mode);
    if url.invalid {
        let failure = resolution_failure(base);
        if options.until == Until::Canonicalize {
            // Records that canonicalization leaves an invalid URL alone.
            let _ = canonicalize::canonicalize(&mut url, encoding.used, mode, tracer);
        }
        return Outcome {
            url,
            canon: None,
            failure: Some(failure),
            kept: None,
        };
    }
    if options.until == Until::Resolve {
        return Outcome {
            url,
            canon: None,
            failure: None,
            kept: None,
        };
    }
    record_encoding_fallback(&url, encoding, tracer);
    let failure = canonicalize::canonicalize(&mut url, encoding.used, mode, tracer).err();
    let canon = serialize::serialize(&url);
    if let Some(s) = &canon {
        tracer.record(|| Step::new(StepId::Serialize).decide(s.clone()));
    }
    Outcome {
        url,
        canon,
        failure,
        kept: None,
    }
}

/// The forms a finished run passed through: the ones it kept, or, when it
/// was run without keeping them, the same forms computed again untraced
/// (the engine is deterministic, so they are the run's own).
pub(crate) fn kept_forms<'o>(
    input: &str,
    options: &Options<'_>,
    outcome: &'o Outcome,
) -> Cow<'o, Kept> {
    if let Some(kept) = &outcome.kept {
        return Cow::Borrowed(kept);
    }
    let (preprocessed, parsed) = input_forms(input);
    let base = match options.until {
        Until::Parse => None,
        _ => parse_base(options.base, &mut NoTrace).map(Cow::into_owned),
    };
    let resolved = match options.until {
        Until::Canonicalize => {
            run(
                input,
                &options.until(Until::Resolve).keep(false),
                &mut NoTrace,
            )
            .url
        }
        Until::Parse | Until::Resolve => outcome.url.clone(),
    };
    Cow::Owned(Kept {
        preprocessed,
        parsed,
        base,
        resolved,
    })
}

/// Percent-encoding, step 3 (and the Encoding Standard's "get an
/// encoding"): the query of a hierarchical URL is encoded in UTF-8 when the
/// label named no encoding, or one that does not keep ASCII as ASCII.
/// Recorded as canonicalization starts, where the query encoding is chosen.
fn record_encoding_fallback<T: Tracer>(url: &ParsedUrl, encoding: QueryEncoding, tracer: &mut T) {
    if !T::ON || !url.hierarchical || url.query.is_none() {
        return;
    }
    if let Some(verdict) = encoding.fallback() {
        tracer.record(|| {
            let why = match (verdict, encoding.named) {
                (EncodingVerdict::NotAsciiCompatible, Some(named)) => {
                    format!("{} does not keep ASCII as ASCII", named.name())
                }
                _ => "the label names no encoding".to_owned(),
            };
            Step::new(StepId::CanonQueryEncodingFallback)
                .about(Component::Query)
                .decide(format!("{why}: the query is encoded in UTF-8"))
        });
    }
}

/// Why resolution gave an invalid URL: no base, an invalid base, or a base
/// that is not hierarchical.
fn resolution_failure(base: Option<&ParsedUrl>) -> Failure {
    match base {
        None => Failure {
            step: StepId::ParseNoScheme,
            reason: Reason::NoSchemeNoBase,
            range: Some(0..0),
        },
        Some(b) if b.invalid => Failure {
            step: StepId::ResolveBaseInvalid,
            reason: Reason::BaseInvalid,
            range: None,
        },
        Some(_) => Failure {
            step: StepId::RelBaseOpaque,
            reason: Reason::BaseNotHierarchical,
            range: Some(0..0),
        },
    }
}
