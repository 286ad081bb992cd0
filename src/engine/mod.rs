//! The URL engine: the algorithm of `url-parsing-resolution-canonicalization.txt`
//! (Web::URL::Canonicalize, 2011–2012), in the spec's own mode and in the
//! three browser modes its markers describe.
//!
//! | spec section | module |
//! |---|---|
//! | Character classes, drive specifications | [`chars`] |
//! | Parsed URL, the markers | [`model`] |
//! | Preprocessing | [`preprocess`] |
//! | Parsing (UNC, drive, `file:`, `mailto:`, hierarchical, other) | [`parse`] |
//! | Resolution, merge path, remove dot-segments | [`resolve`] |
//! | Percent-encoding | [`percent`], [`encoding`] |
//! | IPv4, IPv6, Nameprep, CanonicalizeHost | [`host`] |
//! | Port numbers, Canonicalization | [`canonicalize`] |
//! | Serialization | [`serialize`] |
//! | (the step-by-step record) | [`trace`] |
//!
//! The usual entry point is [`canonicalize_url`]: parse the base, resolve the
//! input against it, canonicalize, serialize.
//!
//! ```
//! use url_inspector::engine::{canonicalize_url, Mode, QueryEncoding};
//! let out = canonicalize_url("../d/./e?q=\u{e9}", Some("HTTP://Example.COM:80/a/b/c"), QueryEncoding::UTF8, Mode::This);
//! assert_eq!(out.canon.as_deref(), Some("http://example.com/a/d/e?q=%C3%A9"));
//! ```
//!
//! Every function takes a [`Tracer`]; [`NoTrace`] costs nothing and
//! [`Trace`] records each step. The engine knows nothing of the GUI.

pub mod canonicalize;
pub mod chars;
pub(crate) mod code_table;
pub mod encoding;
pub mod failure;
pub mod host;
pub mod inspect;
pub mod model;
pub mod notes;
pub mod parse;
pub mod percent;
pub mod preprocess;
pub mod resolve;
pub mod serialize;
pub mod trace;

use serde::Serialize;

pub use encoding::{EncodingVerdict, QueryEncoding};
pub use failure::{Failure, Reason};
use inspect::Kept;
pub use inspect::{Inspection, inspect};
pub use model::{Component, Mode, ParsedUrl};
pub use notes::{Note, NoteCode, NoteLevel, run_noted};
pub use trace::{NoTrace, Stage, Step, StepId, Trace, Tracer};

/// How far to take an input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Until {
    /// Parse the input only.
    Parse,
    /// Parse the base and resolve the input against it.
    Resolve,
    /// Resolve, canonicalize and serialize (the default).
    #[default]
    Canonicalize,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    /// The URL after the last stage run (invalid if any stage made it so).
    pub url: ParsedUrl,
    /// The serialization, when canonicalization ran and the URL is valid.
    pub canon: Option<String>,
    /// Why the URL is invalid, when it is.
    pub failure: Option<Failure>,
}

/// Parses the base (absent or empty: the input is its own base), resolves
/// `input` against it, canonicalizes with `encoding` in `mode`, serializes.
pub fn canonicalize_url(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
) -> Outcome {
    run(
        input,
        base,
        encoding,
        mode,
        Until::Canonicalize,
        &mut NoTrace,
    )
}

/// [`canonicalize_url`] with every step recorded.
pub fn canonicalize_url_traced(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
) -> (Outcome, Trace) {
    let mut trace = Trace::default();
    let out = run(input, base, encoding, mode, Until::Canonicalize, &mut trace);
    (out, trace)
}

/// Runs the stages up to `until`, reporting every step to `tr`.
pub fn run<T: Tracer>(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
    tr: &mut T,
) -> Outcome {
    run_keeping(input, base, encoding, mode, until, tr, None)
}

/// [`run`], handing what an [`Inspection`] shows besides the outcome to
/// `keep` as the stages produce it.
fn run_keeping<T: Tracer>(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
    tr: &mut T,
    mut keep: Option<&mut Kept>,
) -> Outcome {
    if until == Until::Parse {
        return parse_only(input, tr, keep);
    }
    match base.filter(|b| !b.is_empty()) {
        Some(base) => {
            let base = parse::parse(base, &mut trace::OfBase(tr));
            if let Some(k) = keep.as_deref_mut() {
                k.base = Some(base.clone());
            }
            run_with_base_keeping(input, Some(&base), encoding, mode, until, tr, keep)
        }
        None => run_with_base_keeping(input, None, encoding, mode, until, tr, keep),
    }
}

/// Preprocesses and parses the input (the parse stage, and the start of
/// resolving against oneself).
fn parse_input<T: Tracer>(input: &str, tr: &mut T, keep: Option<&mut Kept>) -> ParsedUrl {
    let s = preprocess::preprocess(input, tr);
    let parsed = parse::parse_preprocessed(&s, tr);
    if let Some(k) = keep {
        k.input(&s, &parsed);
    }
    parsed
}

/// The parse stage alone: the input's components, nothing resolved.
fn parse_only<T: Tracer>(input: &str, tr: &mut T, keep: Option<&mut Kept>) -> Outcome {
    Outcome {
        url: parse_input(input, tr, keep),
        canon: None,
        failure: None,
    }
}

/// Canonicalizes `input` against a base parsed once with [`parse::parse`]
/// (for many inputs against one base); `None`: the input is its own base.
pub fn canonicalize_with_base(
    input: &str,
    base: Option<&ParsedUrl>,
    encoding: QueryEncoding,
    mode: Mode,
) -> Outcome {
    run_with_base(
        input,
        base,
        encoding,
        mode,
        Until::Canonicalize,
        &mut NoTrace,
    )
}

/// Resolution and canonicalization against an already parsed base.
pub fn run_with_base<T: Tracer>(
    input: &str,
    base: Option<&ParsedUrl>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
    tr: &mut T,
) -> Outcome {
    run_with_base_keeping(input, base, encoding, mode, until, tr, None)
}

/// [`run_with_base`], handing the intermediate forms to `keep`.
fn run_with_base_keeping<T: Tracer>(
    input: &str,
    base: Option<&ParsedUrl>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
    tr: &mut T,
    mut keep: Option<&mut Kept>,
) -> Outcome {
    if until == Until::Parse {
        return parse_only(input, tr, keep);
    }
    let mut url = match base {
        Some(base) => resolve::resolve_keeping(input, base, tr, keep.as_deref_mut()),
        None => {
            // The input is its own base (as the reference implementation's
            // tests do), so dot-segments are removed all the same.
            let parsed = parse_input(input, tr, keep.as_deref_mut());
            tr.record(|| Step::new(StepId::ResolveSelf).decide("the input is its own base"));
            resolve::resolve_self(parsed, tr)
        }
    };
    if let Some(k) = keep {
        k.resolved = Some(url.clone());
    }
    if url.invalid {
        let failure = resolution_failure(base);
        if until == Until::Canonicalize {
            // Records that canonicalization leaves an invalid URL alone.
            let _ = canonicalize::canonicalize(&mut url, encoding.used, mode, tr);
        }
        return Outcome {
            url,
            canon: None,
            failure: Some(failure),
        };
    }
    if until == Until::Resolve {
        return Outcome {
            url,
            canon: None,
            failure: None,
        };
    }
    record_encoding_fallback(&url, encoding, tr);
    let failure = canonicalize::canonicalize(&mut url, encoding.used, mode, tr).err();
    let canon = serialize::serialize(&url);
    if let Some(s) = &canon {
        tr.record(|| Step::new(StepId::Serialize).decide(s.clone()));
    }
    Outcome {
        url,
        canon,
        failure,
    }
}

/// Percent-encoding, step 3 (and the Encoding Standard's "get an
/// encoding"): the query of a hierarchical URL is encoded in UTF-8 when the
/// label named no encoding, or one that does not keep ASCII as ASCII.
/// Recorded as canonicalization starts, where the query encoding is chosen.
fn record_encoding_fallback<T: Tracer>(url: &ParsedUrl, encoding: QueryEncoding, tr: &mut T) {
    if !T::ON || !url.hierarchical || url.query.is_none() {
        return;
    }
    if let Some(verdict) = notes::encoding_fallback(encoding) {
        tr.record(|| {
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
