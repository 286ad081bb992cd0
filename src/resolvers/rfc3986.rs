//! RFC 3986 resolution on the reference as written, accepting RFC 3987
//! IRI-references (as RIF and SSML apply it to IRIs), through `fluent-uri`.
//!
//! Three stages, each a separate answer:
//!
//! - parse: the input must match `IRI-reference` (RFC 3987 section 2.2);
//!   there is no error recovery, and the crate names the byte that breaks
//!   the grammar;
//! - resolve: RFC 3986 section 5.2 in strict mode (5.2.2 transform, 5.2.3
//!   merge, 5.2.4 remove_dot_segments), recomposed by 5.3;
//! - canonicalize: normalization as a stage of its own, 6.2.2 syntax-based
//!   (case, percent-encoding, dot-segments) and, for `http` and `https`,
//!   6.2.3 scheme-based (default port, empty path as `/`).
//!
//! Where `fluent-uri` departs from the letter of section 5, this module says
//! so: a base whose last segment is `..` is given back its 5.2.3 merge, a
//! relative path against an opaque base (`mailto:a`) is refused by the crate
//! and reported as such, and a base's fragment is dropped (section 5.1).

use fluent_uri::component::Scheme;
use fluent_uri::normalize::Normalizer;
use fluent_uri::{Iri, IriRef, ParseError, ParseErrorKind};

use super::{Answer, Forms, Note, Request, Resolve};
use crate::engine::code_table::code_table;
use crate::engine::{Component, Until};

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
    OpaqueBase => "rfc3986.opaque-base", "RFC 3986 5.2.3 (Merge Paths)",
        "the base has no authority and a rootless path (like mailto:a); fluent-uri will not resolve a relative path against it, though RFC 3986 5.2.3 would";
    BaseRelative => "rfc3986.base-relative", "RFC 3986 5.1 (Establishing a Base URI)",
        "the base is a relative reference; RFC 3986 5.1 needs an absolute base URI";
    BaseSyntax => "rfc3986.base-syntax", "RFC 3987 2.2 (IRI)",
        "the base is not an IRI";
    BaseFragment => "rfc3986.base-fragment", "RFC 3986 5.1 (Establishing a Base URI)",
        "the base's fragment is not used (RFC 3986 5.1: a base URI has no fragment)";
    Normalized => "rfc3986.normalized", "RFC 3986 6.2.2, 6.2.3 (Normalization)",
        "normalization changed the resolved form; the note names both";
}

/// RFC 3986 resolution and normalization, as a resolver. Its answer keeps
/// the resolved form apart ([`Forms::resolved`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rfc3986;

impl Resolve for Rfc3986 {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        resolve(request.input, request.base(), request.until)
    }
}

/// Resolves `input` against `base` (absent: no base, so only an absolute
/// reference is valid) and stops after `until`.
fn resolve(input: &str, base: Option<&str>, until: Until) -> Answer {
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
    let resolved = match resolve_reference(&reference, base, &mut notes) {
        Ok(resolved) => resolved,
        Err(why) => {
            let mut answer = Answer::invalid(why);
            answer.notes.extend(notes);
            return answer;
        }
    };
    let forms = Forms {
        resolved: Some(resolved.as_str().to_owned()),
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
    let normalized = normalize(&resolved);
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

/// Section 5.2: the target IRI of `reference` against `base`.
fn resolve_reference(
    reference: &IriRef<&str>,
    base: Option<&str>,
    notes: &mut Vec<Note>,
) -> Result<Iri<String>, Note> {
    let base = match base {
        Some(text) => parse_base(text, notes)?,
        // An absolute reference needs no base: 5.2.2 takes everything
        // from it and only removes its dot-segments. Resolving it against
        // itself (without its fragment) does exactly that.
        None => match Iri::try_from(reference.strip_fragment()) {
            Ok(own) => own.to_owned(),
            Err(_) => {
                return Err(Note::of(Code::NoBase));
            }
        },
    };
    if let Some(target) = same_path_target(&base, reference) {
        return Ok(target);
    }
    let base = with_merge_base(base, reference);
    // `BaseWithFragment` cannot happen (the fragment was dropped) and
    // underflow is allowed, so only the opaque-base refusal is left.
    reference
        .resolve_against(&base)
        .map_err(|_| Note::of(Code::OpaqueBase))
}

/// Parses the base: it must be an absolute IRI (section 5.1); a fragment
/// is dropped with a note.
fn parse_base(text: &str, notes: &mut Vec<Note>) -> Result<Iri<String>, Note> {
    let base = match Iri::parse(text) {
        Ok(base) => base,
        Err(e) => {
            return Err(match IriRef::parse(text) {
                Ok(_) => Note::of(Code::BaseRelative),
                Err(_) => Note::new(
                    Code::BaseSyntax,
                    format!(
                        "{}: {}",
                        Code::BaseSyntax.text(),
                        syntax_note(e, text, "the base").message
                    ),
                ),
            });
        }
    };
    if base.has_fragment() {
        notes.push(Note::of(Code::BaseFragment));
    }
    Ok(base.strip_fragment().to_owned())
}

/// RFC 3986 5.2.3 merges the base path up to its last `/`, whatever the last
/// segment is; `fluent-uri` keeps a last segment `..` (so that resolution
/// and normalization commute). For a reference that is a relative path, a
/// base whose last segment is empty merges exactly as 5.2.3 says.
fn with_merge_base(base: Iri<String>, reference: &IriRef<&str>) -> Iri<String> {
    let path = base.path().as_str();
    let relative_path = !reference.has_scheme()
        && !reference.has_authority()
        && !reference.path().is_empty()
        && !reference.path().is_absolute();
    let Some(slash) = path.rfind('/') else {
        return base;
    };
    let last = &path[slash + 1..];
    if !relative_path || dot_segment(last) != Some(2) {
        return base;
    }
    // The path ends the string once the fragment is gone, unless a query
    // follows it; either way its last segment can be cut out in place.
    let text = base.as_str();
    let path_end = text.len() - base.query().map_or(0, |q| q.as_str().len() + 1);
    let merged = format!("{}{}", &text[..path_end - last.len()], &text[path_end..]);
    Iri::parse(merged).unwrap_or(base)
}

/// RFC 3986 5.2.2: a reference with no scheme, authority or path takes the
/// base path as it is (with its own query, or else the base's, and its own
/// fragment). `fluent-uri` removes the base path's dot-segments there too;
/// only a base that holds some (one not normalized) tells the difference.
fn same_path_target(base: &Iri<String>, reference: &IriRef<&str>) -> Option<Iri<String>> {
    if reference.has_scheme() || reference.has_authority() || !reference.path().is_empty() {
        return None;
    }
    if !base
        .path()
        .as_str()
        .split('/')
        .any(|s| dot_segment(s).is_some())
    {
        return None;
    }
    let text = base.as_str();
    let path_end = text.len() - base.query().map_or(0, |q| q.as_str().len() + 1);
    let mut target = text[..path_end].to_owned();
    if let Some(query) = reference.query().or(base.query()) {
        target.push('?');
        target.push_str(query.as_str());
    }
    if let Some(fragment) = reference.fragment() {
        target.push('#');
        target.push_str(fragment.as_str());
    }
    Iri::parse(target).ok()
}

/// How many dots a segment stands for (1 or 2) if it is a dot-segment, as
/// `fluent-uri` reads them (`%2E` counts as a dot).
fn dot_segment(segment: &str) -> Option<usize> {
    match segment.to_ascii_lowercase().as_str() {
        "." | "%2e" => Some(1),
        ".." | ".%2e" | "%2e." | "%2e%2e" => Some(2),
        _ => None,
    }
}

/// Section 6.2.2 for every IRI, 6.2.3 for `http` and `https`.
fn normalize(resolved: &Iri<String>) -> Iri<String> {
    let normalized = Normalizer::new()
        .default_port_with(web_default_port)
        .normalize(resolved)
        .unwrap_or_else(|_| resolved.clone());
    // 6.2.3: an empty path with an authority is "/" for http(s).
    let web = web_default_port(normalized.scheme()).is_some();
    if web && normalized.has_authority() && normalized.path().is_empty() {
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
mod tests {
    use super::*;

    fn canon(input: &str, base: Option<&str>, until: Until) -> Option<String> {
        resolve(input, base, until).canon
    }

    #[test]
    fn grammar_errors_name_the_offending_byte() {
        let a = resolve("http://a/b c", None, Until::Canonicalize);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, Code::UnexpectedChar.into());
        assert_eq!(a.notes[0].range, Some(10..11));
        let a = resolve("a%zz", None, Until::Parse);
        assert_eq!(a.notes[0].code, Code::BadPercent.into());
        assert_eq!(a.notes[0].range, Some(1..2));
    }

    #[test]
    fn parse_stage_gives_the_reference_own_components() {
        let a = resolve("//u:p@h:8/x?q#f", None, Until::Parse);
        assert!(!a.invalid);
        assert_eq!(a.canon, None);
        assert_eq!(a.get(Component::Scheme), None);
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(a.get(Component::Password), Some("p"));
        assert_eq!(a.get(Component::Port), Some("8"));
        assert_eq!(a.get(Component::Fragment), Some("f"));
    }

    #[test]
    fn no_base_means_only_absolute_references_resolve() {
        let a = resolve("g", None, Until::Canonicalize);
        assert_eq!(a.notes[0].code, Code::NoBase.into());
        assert_eq!(
            canon("http://a/b/../c#f", None, Until::Resolve).as_deref(),
            Some("http://a/c#f")
        );
    }

    #[test]
    fn resolve_and_normalize_are_apart() {
        let input = "../%7euser/./X?%2a#F";
        let base = Some("HTTP://Example.COM:80/a/b/c");
        assert_eq!(
            canon(input, base, Until::Resolve).as_deref(),
            Some("HTTP://Example.COM:80/a/%7euser/X?%2a#F")
        );
        let a = resolve(input, base, Until::Canonicalize);
        assert_eq!(
            a.canon.as_deref(),
            Some("http://example.com/a/~user/X?%2A#F")
        );
        assert!(a.notes.iter().any(|n| n.code == Code::Normalized.into()));
        assert_eq!(
            a.forms.resolved.as_deref(),
            Some("HTTP://Example.COM:80/a/%7euser/X?%2a#F")
        );
    }

    #[test]
    fn scheme_based_normalization_is_for_http_and_https_only() {
        let c = |s| canon(s, None, Until::Canonicalize);
        assert_eq!(c("https://h:443").as_deref(), Some("https://h/"));
        assert_eq!(c("http://h:8080?q").as_deref(), Some("http://h:8080/?q"));
        assert_eq!(c("ftp://h:21").as_deref(), Some("ftp://h:21"));
    }

    #[test]
    fn base_ending_in_dot_dot_merges_as_5_2_3_says() {
        // Merge keeps "/b/c/", so the result is /b/c/g (not /b/g).
        assert_eq!(
            canon("g", Some("http://a/b/c/..?q"), Until::Resolve).as_deref(),
            Some("http://a/b/c/g")
        );
        // Only a relative path merges: an empty reference keeps the base path.
        assert_eq!(
            canon("", Some("http://a/b/c/.."), Until::Resolve).as_deref(),
            Some("http://a/b/c/..")
        );
    }

    #[test]
    fn base_problems_are_named() {
        let code = |base| resolve("g", Some(base), Until::Resolve).notes[0].code;
        assert_eq!(code("/relative"), Code::BaseRelative.into());
        assert_eq!(code("http://a b/"), Code::BaseSyntax.into());
        assert_eq!(code("mailto:x"), Code::OpaqueBase.into());
        let a = resolve("g", Some("http://a/b#frag"), Until::Resolve);
        assert_eq!(a.canon.as_deref(), Some("http://a/g"));
        assert_eq!(a.notes[0].code, Code::BaseFragment.into());
    }

    #[test]
    fn iris_are_accepted_and_kept_as_iris() {
        let a = resolve(
            "r\u{e9}sum\u{e9}",
            Some("http://\u{4f8b}.jp/a/b"),
            Until::Canonicalize,
        );
        assert_eq!(
            a.canon.as_deref(),
            Some("http://\u{4f8b}.jp/a/r\u{e9}sum\u{e9}")
        );
    }
}
