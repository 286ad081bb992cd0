//! Normalization, a stage after resolution: RFC 3986 6.2.2 (syntax-based)
//! for every IRI and 6.2.3 (scheme-based) for `http` and `https`, through
//! `fluent-uri`'s normalizer, each a step on the tracer.
//!
//! 6.2.2 lists case (6.2.2.1), percent-encoding (6.2.2.2) and path segment
//! normalization (6.2.2.3) in that order, and the last applies to the path
//! the first two leave: a `%2E` segment that resolution kept is decoded to
//! `.` by 6.2.2.2 and then removed as a dot-segment, since it is equivalent
//! to one. The crate does that for an absolute path but leaves a rootless
//! one (`foo:a/%2E%2E/b`) as it is; 6.2.2.3 names no exception, so this
//! module applies 5.2.4 to a rootless path too.

use fluent_uri::component::Scheme;
use fluent_uri::normalize::Normalizer;
use fluent_uri::{Iri, IriRef};

use super::dots::{has_dot_segment, remove_dot_segments};
use super::resolve::{Parts, Target, recompose};
use crate::engine::{NoTrace, Step, StepId, Tracer};

/// RFC 3986 6.2.2 and then 6.2.3 on the resolved IRI.
pub fn normalize<T: Tracer>(resolved: &Iri<String>, tr: &mut T) -> Iri<String> {
    let syntax = syntax_based(resolved);
    record(tr, StepId::Rfc3986NormalizeSyntax, resolved, &syntax);
    let scheme = scheme_based(&syntax);
    record(tr, StepId::Rfc3986NormalizeScheme, &syntax, &scheme);
    scheme
}

/// Records a normalization step on the whole IRI.
fn record<T: Tracer>(tr: &mut T, id: StepId, before: &Iri<String>, after: &Iri<String>) {
    tr.record(|| {
        let decision = if before.as_str() == after.as_str() {
            "nothing changes"
        } else {
            "the IRI changes"
        };
        Step {
            before: Some(before.as_str().to_owned()),
            after: Some(after.as_str().to_owned()),
            changes: true,
            ..Step::new(id)
        }
        .decide(decision)
    });
}

/// RFC 3986 6.2.2: case, percent-encoding, then dot-segments (no port is a
/// default one here: that is 6.2.3).
fn syntax_based(resolved: &Iri<String>) -> Iri<String> {
    let normalized = Normalizer::new()
        .default_port_with(|_| None)
        .normalize(resolved)
        .unwrap_or_else(|_| resolved.clone());
    let path = normalized.path().as_str();
    // 6.2.2.3 on a rootless path, which the crate leaves.
    if normalized.has_authority() || path.starts_with('/') || !has_dot_segment(path) {
        return normalized;
    }
    let r = IriRef::from(normalized.borrow());
    let parts = Parts::of(&r);
    let target = Target {
        scheme: parts.scheme.unwrap_or_default().to_owned(),
        authority: None,
        path: remove_dot_segments(parts.path, &mut NoTrace),
        query: parts.query.map(str::to_owned),
        fragment: parts.fragment.map(str::to_owned),
    };
    Iri::parse(recompose(&target, &mut NoTrace)).unwrap_or(normalized)
}

/// RFC 3986 6.2.3 for `http` and `https`: the default port goes, and an
/// empty path with an authority is `/`.
fn scheme_based(syntax: &Iri<String>) -> Iri<String> {
    if web_default_port(syntax.scheme()).is_none() {
        return syntax.clone();
    }
    let normalized = Normalizer::new()
        .default_port_with(web_default_port)
        .normalize(syntax)
        .unwrap_or_else(|_| syntax.clone());
    if normalized.has_authority() && normalized.path().is_empty() {
        let text = normalized.as_str();
        let path_at = normalized.scheme().as_str().len()
            + 3
            + normalized.authority().map_or(0, |a| a.as_str().len());
        if let (Some(head), Some(tail)) = (text.get(..path_at), text.get(path_at..)) {
            return Iri::parse(format!("{head}/{tail}")).unwrap_or(normalized);
        }
    }
    normalized
}

/// The default ports of the two schemes 6.2.3 is applied to.
fn web_default_port(scheme: &Scheme) -> Option<u16> {
    match scheme.as_str().to_ascii_lowercase().as_str() {
        "http" => Some(80),
        "https" => Some(443),
        _ => None,
    }
}
