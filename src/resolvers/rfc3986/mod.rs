//! RFC 3986 resolution on the reference as written, accepting RFC 3987
//! IRI-references (as RIF and SSML apply it to IRIs).
//!
//! Three stages, each a separate answer:
//!
//! - parse: `fluent-uri` checks the input against `IRI-reference` (RFC 3987
//!   section 2.2) and splits it into components; there is no error recovery,
//!   and the crate names the byte that breaks the grammar;
//! - resolve: RFC 3986 section 5.2 as written, in this module's own code
//!   ([`resolve`]: 5.2.1 base, 5.2.2 transform in strict mode, 5.2.3 merge,
//!   5.3 recomposition; [`dots`]: 5.2.4 remove_dot_segments on the literal
//!   segments `.` and `..`);
//! - canonicalize: normalization as a stage of its own ([`normalize`]),
//!   6.2.2 syntax-based (case, percent-encoding, dot-segments) and, for
//!   `http` and `https`, 6.2.3 scheme-based (default port, empty path as
//!   `/`), through `fluent-uri`.
//!
//! Every decision is a step on the engine's tracer, under
//! [`Stage::Rfc3986`](crate::engine::Stage::Rfc3986), when a trace is asked
//! for. A base's fragment plays no part (5.1) and is reported.

mod dots;
mod normalize;
mod resolve;

use fluent_uri::{Iri, IriRef, ParseError, ParseErrorKind};

use self::normalize::normalize;
use self::resolve::{Parts, recompose, transform};
use super::{Answer, Forms, Note, Request, Resolve, with_tracer};
use crate::engine::code_table::code_table;
use crate::engine::{Component, Step, StepId, Tracer, Until};

code_table! {
    /// The `rfc3986` resolver's note codes. The text is the note's message
    /// where the message has nothing to name.
    pub enum Code;
    fn code, fn citation, fn text;

    BadPercent => "rfc3986.bad-percent", "RFC 3986 2.1 (pct-encoded)",
        "a '%' is not followed by two hexadecimal digits";
    UnexpectedChar => "rfc3986.unexpected-char", "RFC 3987 2.2 (IRI-reference)",
        "a character is not allowed there by the IRI-reference grammar";
    BadIpv6 => "rfc3986.bad-ipv6", "RFC 3986 3.2.2 (IP-literal)",
        "the bracketed host is not a valid IPv6 address";
    NoBase => "rfc3986.no-base", "RFC 3986 5.1 (Establishing a Base URI)",
        "a relative reference, and there is no base URI to resolve it against";
    BaseRelative => "rfc3986.base-relative", "RFC 3986 5.1 (Establishing a Base URI)",
        "the base is a relative reference; RFC 3986 5.1 needs an absolute base URI";
    BaseSyntax => "rfc3986.base-syntax", "RFC 3987 2.2 (IRI)",
        "the base is not an IRI";
    BaseFragment => "rfc3986.base-fragment", "RFC 3986 5.1 (Establishing a Base URI)",
        "the base's fragment is not used (RFC 3986 5.1: a base URI has no fragment)";
    DotPrefix => "rfc3986.dot-prefix", "RFC 3986 3.3, 5.3",
        "the target has no authority and a path starting with '//': it is written with '/.' in front, so that it does not read back as an authority";
    NotRecomposable => "rfc3986.not-recomposable", "RFC 3986 5.3 (Component Recomposition)",
        "the recomposed target does not read back as an IRI";
    Normalized => "rfc3986.normalized", "RFC 3986 6.2.2, 6.2.3 (Normalization)",
        "normalization changed the resolved form; the note names both";
}

/// RFC 3986 resolution and normalization, as a resolver. Its answer keeps
/// the resolved form apart ([`Forms::resolved`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rfc3986;

impl Resolve for Rfc3986 {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let (input, base, until) = (request.input, request.base(), request.until);
        with_tracer(
            request.trace,
            |tr| resolve_with(input, base, until, tr),
            |tr| resolve_with(input, base, until, tr),
        )
    }
}

/// Resolves `input` against `base` (absent: no base, so only an absolute
/// reference is valid), stops after `until`, and records each step on `tr`.
fn resolve_with<T: Tracer>(input: &str, base: Option<&str>, until: Until, tr: &mut T) -> Answer {
    let reference = match IriRef::parse(input) {
        Ok(r) => r,
        Err(e) => return Answer::invalid(syntax_note(e, input, "the input")),
    };
    if until == Until::Parse {
        return Answer {
            components: components(&reference),
            ..Answer::default()
        };
    }
    let mut notes = Vec::new();
    let resolved = match resolve_reference(&reference, base, &mut notes, tr) {
        Ok(resolved) => resolved,
        Err(why) => {
            let mut answer = Answer::invalid(why);
            answer.notes.extend(notes);
            return answer;
        }
    };
    let forms = Forms {
        resolved: Some(resolved.as_str().to_owned()),
        ..Forms::default()
    };
    if until == Until::Resolve {
        return Answer {
            canon: forms.resolved.clone(),
            components: components(&IriRef::from(resolved.borrow())),
            notes,
            forms,
            ..Answer::default()
        };
    }
    let normalized = normalize(&resolved, tr);
    if normalized.as_str() != resolved.as_str() {
        notes.push(Note::new(
            Code::Normalized,
            format!(
                "resolved (5.2, 5.3): {}; normalized (6.2.2, 6.2.3): {}",
                resolved.as_str(),
                normalized.as_str()
            ),
        ));
    }
    Answer {
        canon: Some(normalized.as_str().to_owned()),
        components: components(&IriRef::from(normalized.borrow())),
        notes,
        forms,
        ..Answer::default()
    }
}

/// Section 5.2: the target IRI of `reference` against `base`, recomposed
/// (5.3).
fn resolve_reference<T: Tracer>(
    reference: &IriRef<&str>,
    base: Option<&str>,
    notes: &mut Vec<Note>,
    tr: &mut T,
) -> Result<Iri<String>, Note> {
    let base = match base {
        Some(text) => Some(parse_base(text, notes, tr)?),
        None => None,
    };
    let base_ref = base.as_ref().map(|b| IriRef::from(b.borrow()));
    let base_parts = base_ref.as_ref().map(Parts::of);
    let r = Parts::of(reference);
    // RFC 3986 5.1: a relative reference needs a base URI; an absolute one
    // takes everything from itself (5.2.2).
    let Some(target) = transform(&r, base_parts.as_ref(), tr) else {
        tr.record(|| {
            Step::new(StepId::Rfc3986NoBase)
                .decide("the reference has no scheme and no base URI was given")
                .fail()
        });
        return Err(Note::of(Code::NoBase));
    };
    let text = recompose(&target, tr);
    if target.authority.is_none() && target.path.starts_with("//") {
        notes.push(Note::of(Code::DotPrefix));
    }
    Iri::parse(text).map_err(|_| Note::of(Code::NotRecomposable))
}

/// RFC 3986 5.2.1: the base must be an absolute IRI (section 5.1); its
/// fragment plays no part and is dropped with a note.
fn parse_base<T: Tracer>(
    text: &str,
    notes: &mut Vec<Note>,
    tr: &mut T,
) -> Result<Iri<String>, Note> {
    let base = match Iri::parse(text) {
        Ok(base) => base,
        Err(e) => {
            let why = match IriRef::parse(text) {
                Ok(_) => Note::of(Code::BaseRelative),
                Err(_) => Note::new(
                    Code::BaseSyntax,
                    format!(
                        "{}: {}",
                        Code::BaseSyntax.text(),
                        syntax_note(e, text, "the base").message
                    ),
                ),
            };
            tr.record(|| {
                Step::new(StepId::Rfc3986Base)
                    .decide(why.message.clone())
                    .fail()
            });
            return Err(why);
        }
    };
    let fragment = base.has_fragment();
    if fragment {
        notes.push(Note::of(Code::BaseFragment));
    }
    let base = base.strip_fragment().to_owned();
    tr.record(|| {
        Step {
            after: Some(base.as_str().to_owned()),
            changes: true,
            ..Step::new(StepId::Rfc3986Base)
        }
        .decide(if fragment {
            "an absolute URI; its fragment is set aside"
        } else {
            "an absolute URI"
        })
    });
    Ok(base)
}

/// The components of a reference. Interpretation: the user-info is split
/// at its first ':' into user and password (RFC 3986 3.2.1 keeps it whole
/// but names this use), so that it lines up with the other resolvers.
fn components(r: &IriRef<&str>) -> Vec<(Component, String)> {
    let mut out = Vec::new();
    if let Some(scheme) = r.scheme() {
        out.push((Component::Scheme, scheme.as_str().to_owned()));
    }
    if let Some(auth) = r.authority() {
        if let Some(userinfo) = auth.userinfo() {
            let (user, password) = match userinfo.as_str().split_once(':') {
                Some((u, p)) => (u, Some(p)),
                None => (userinfo.as_str(), None),
            };
            out.push((Component::User, user.to_owned()));
            if let Some(p) = password {
                out.push((Component::Password, p.to_owned()));
            }
        }
        out.push((Component::Host, auth.host().to_owned()));
        if let Some(port) = auth.port() {
            out.push((Component::Port, port.as_str().to_owned()));
        }
    }
    out.push((Component::Path, r.path().as_str().to_owned()));
    if let Some(q) = r.query() {
        out.push((Component::Query, q.as_str().to_owned()));
    }
    if let Some(f) = r.fragment() {
        out.push((Component::Fragment, f.as_str().to_owned()));
    }
    out
}

/// A character as a message shows it: itself in quotes when it can be
/// seen, else its code point.
fn describe(c: char) -> String {
    if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}'")
    }
}

/// A grammar error as a note, with the offending character's range.
fn syntax_note(e: ParseError, text: &str, what: &str) -> Note {
    let at = e.index();
    let ch = text.get(at..).and_then(|rest| rest.chars().next());
    let end = at + ch.map_or(0, char::len_utf8);
    let (code, message) = match e.kind() {
        ParseErrorKind::InvalidPctEncodedOctet => (
            Code::BadPercent,
            format!("in {what}, a '%' at byte {at} is not followed by two hexadecimal digits"),
        ),
        ParseErrorKind::UnexpectedChar => (
            Code::UnexpectedChar,
            match ch {
                Some(c) => format!(
                    "in {what}, {} at byte {at} is not allowed there by the IRI-reference grammar",
                    describe(c)
                ),
                None => format!("{what} ends where the IRI-reference grammar needs more"),
            },
        ),
        ParseErrorKind::InvalidIpv6Addr => (
            Code::BadIpv6,
            format!("in {what}, the bracketed host at byte {at} is not a valid IPv6 address"),
        ),
    };
    Note::new(code, message).at(at..end)
}

#[cfg(test)]
mod tests;
