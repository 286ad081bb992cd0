//! The URL Standard as a resolver: url-inspector's own engine
//! ([`crate::engine::url_standard`]), the basic URL parser with a base URL.
//!
//! What it adds to the engine is the shape every resolver answers in:
//!
//! - the base is parsed first, in the request's encoding (interpretation:
//!   the base is a document's URL, parsed in that same document's
//!   encoding); a base that is no URL makes the answer invalid with
//!   [`Code::BaseInvalid`], and its validation errors are not the input's;
//! - the validation errors become notes under the Standard's own names
//!   (`invalid-URL-unit`, `IPv4-non-decimal-part`, …) with their input
//!   ranges; an error the Standard reports several times (once per tab,
//!   say) is one note, at its first place;
//! - a failure is the first note of an invalid answer: the validation error
//!   the Standard names there, or [`Code::Failure`] with the engine's reason
//!   where it names none;
//! - the components follow the Standard's record: username and password
//!   only when not empty, host and port when not null (a `file` URL's empty
//!   host is `""`), query and fragment when not null (so `""` is possible);
//!   `canon` is the href;
//! - with a traced request, the trace holds the base's steps (marked as the
//!   base's) and then the input's.

use super::{Answer, Note, Request, Resolve, with_tracer};
use crate::engine::code_table::code_table;
use crate::engine::trace::{OfBase, Tracer};
use crate::engine::url_standard::{self, Reported, Url, ValidationError};
use crate::engine::{Component, QueryEncoding};

code_table! {
    /// The `whatwg` resolver's own note codes, for what the Standard has no
    /// validation error name for. The text is the note's message where the
    /// message has nothing to name.
    pub enum Code;
    fn code, fn citation, fn text;

    Failure => "whatwg.failure", "URL Standard, basic URL parser (failure)",
        "the URL Standard refuses the input";
    BaseInvalid => "whatwg.base-invalid", "URL Standard, basic URL parser (of the base URL)",
        "the base URL is not a URL by the standard, so nothing is parsed against it";
}

/// The URL Standard, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whatwg;

impl Resolve for Whatwg {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let (input, base, encoding) = (request.input, request.base(), request.encoding);
        with_tracer(
            request.trace,
            |t| resolve(input, base, encoding, t),
            |t| resolve(input, base, encoding, t),
        )
    }
}

/// Parses `base` (if any), then `input` against it.
fn resolve<T: Tracer>(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> Answer {
    match parse_base(base, encoding, tracer) {
        Ok(base) => answer_of(input, base.as_ref(), encoding, tracer),
        Err(why) => Answer::invalid(why),
    }
}

/// The base URL parsed, or the note that makes an answer against a bad
/// base invalid.
pub fn parse_base<T: Tracer>(
    base: Option<&str>,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> Result<Option<Url>, Note> {
    let Some(text) = base else {
        return Ok(None);
    };
    let parsed = url_standard::parse(text, None, encoding, &mut OfBase(tracer));
    parsed.url.map(Some).map_err(|f| base_invalid(&f))
}

/// The note that makes an answer against a base that fails to parse
/// invalid (nothing is parsed against it).
pub fn base_invalid(failure: &url_standard::Failure) -> Note {
    Note::new(
        Code::BaseInvalid,
        format!(
            "the base URL is not a URL by the standard ({}), so nothing is parsed against it",
            failure_words(failure)
        ),
    )
}

/// The answer for `input` against an already parsed `base`.
fn answer_of<T: Tracer>(
    input: &str,
    base: Option<&Url>,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> Answer {
    answer_from(&url_standard::parse(input, base, encoding, tracer))
}

/// A parse of the input as an [`Answer`]: the href and the record's
/// components, or the failure as the first note; the validation errors as
/// notes. The window's analysis, which parses with the engine itself,
/// answers through this too, so its report is the command line's.
pub fn answer_from(parsed: &url_standard::Parsed) -> Answer {
    let reported = error_notes(&parsed.errors);
    match &parsed.url {
        Ok(url) => Answer {
            invalid: false,
            canon: Some(url.href().to_owned()),
            components: components(url),
            notes: reported,
            ..Answer::default()
        },
        Err(failure) => {
            let first = match failure.error {
                Some(error) => Note::new(error, failure.reason),
                None => Note::new(
                    Code::Failure,
                    format!("{}: {}", Code::Failure.text(), failure.reason),
                ),
            }
            .at(failure.range.clone());
            let mut answer = Answer::invalid(first);
            // The failing error is the note above; the others follow it.
            answer.notes.extend(
                reported
                    .into_iter()
                    .filter(|n| Some(n.code) != failure.error.map(Into::into)),
            );
            answer
        }
    }
}

/// The engine's failure in words: the error's name and the reason.
fn failure_words(failure: &url_standard::Failure) -> String {
    match failure.error {
        Some(error) => format!("{}: {}", error.name(), failure.reason),
        None => failure.reason.to_owned(),
    }
}

/// One note per kind of validation error, at its first place.
fn error_notes(errors: &[Reported]) -> Vec<Note> {
    let mut seen: Vec<ValidationError> = Vec::new();
    let mut notes = Vec::new();
    for reported in errors {
        if seen.contains(&reported.error) {
            continue;
        }
        seen.push(reported.error);
        notes.push(Note::of(reported.error).at(reported.range.clone()));
    }
    notes
}

/// The components as the Standard's URL record holds them.
pub fn components(url: &Url) -> Vec<(Component, String)> {
    let port = url.port().map(|p| p.to_string());
    let host = url.host().map(|h| h.text);
    [
        (Component::Scheme, Some(url.scheme())),
        (
            Component::User,
            Some(url.username()).filter(|u| !u.is_empty()),
        ),
        (
            Component::Password,
            Some(url.password()).filter(|p| !p.is_empty()),
        ),
        (Component::Host, host),
        (Component::Port, port.as_deref()),
        (Component::Path, Some(url.path())),
        (Component::Query, url.query()),
        (Component::Fragment, url.fragment()),
    ]
    .into_iter()
    .filter_map(|(c, v)| v.map(|v| (c, v.to_owned())))
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoTrace, StepId, Trace};

    fn run(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Answer {
        resolve(input, base, encoding, &mut NoTrace)
    }

    /// The codes of the notes, as JSON writes them.
    fn codes(a: &Answer) -> Vec<&'static str> {
        a.notes.iter().map(|n| n.code.as_str()).collect()
    }

    #[test]
    fn relative_reference_without_base_is_invalid_under_the_standard_s_name() {
        let a = run("a/b", None, QueryEncoding::UTF8);
        assert!(a.invalid);
        assert_eq!(codes(&a), ["missing-scheme-non-relative-URL"]);
    }

    #[test]
    fn components_follow_the_standard_model() {
        let a = run("HTTP://u:@H/p?#", None, QueryEncoding::UTF8);
        assert_eq!(a.canon.as_deref(), Some("http://u@h/p?#"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(
            a.get(Component::Password),
            None,
            "an empty password is left out"
        );
        assert_eq!(a.get(Component::Port), None);
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
    }

    #[test]
    fn validation_errors_are_named_and_placed_once_each() {
        let a = run(" http://a/b\\c\t/d\t", None, QueryEncoding::UTF8);
        assert!(!a.invalid);
        assert_eq!(a.canon.as_deref(), Some("http://a/b/c/d"));
        assert_eq!(
            codes(&a)
                .iter()
                .filter(|c| **c == "invalid-URL-unit")
                .count(),
            1,
            "{:?}",
            codes(&a)
        );
        assert!(
            codes(&a).contains(&"invalid-reverse-solidus"),
            "{:?}",
            codes(&a)
        );
        let unit = a
            .notes
            .iter()
            .find(|n| n.code.as_str() == "invalid-URL-unit");
        assert_eq!(unit.and_then(|n| n.range.clone()), Some(0..1));
    }

    #[test]
    fn the_encoding_reaches_the_query_of_special_urls_only() {
        let sjis = QueryEncoding::from_label("shift_jis");
        let a = run("?\u{3042}", Some("http://h/p"), sjis);
        assert_eq!(a.canon.as_deref(), Some("http://h/p?%82%A0"));
        let a = run("?\u{3042}", Some("foo://h/p"), sjis);
        assert_eq!(a.canon.as_deref(), Some("foo://h/p?%E3%81%82"));
    }

    #[test]
    fn the_failure_comes_first_with_its_range() {
        let a = run(" http://a:x/", None, QueryEncoding::UTF8);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code.as_str(), "port-invalid");
        assert!(a.notes[0].range.is_some());
        assert_eq!(
            codes(&a).iter().filter(|c| **c == "port-invalid").count(),
            1,
            "{:?}",
            codes(&a)
        );
    }

    #[test]
    fn a_file_url_always_has_a_host_if_only_an_empty_one() {
        let a = run("file:///C:/a", None, QueryEncoding::UTF8);
        assert_eq!(a.get(Component::Host), Some(""));
        let a = run("foo:/a", None, QueryEncoding::UTF8);
        assert_eq!(
            a.get(Component::Host),
            None,
            "a non-special URL without // has none"
        );
    }

    #[test]
    fn an_invalid_base_is_reported_as_such() {
        let a = run("x", Some("not a url"), QueryEncoding::UTF8);
        assert_eq!(codes(&a), ["whatwg.base-invalid"]);
    }

    #[test]
    fn a_traced_request_gives_the_base_s_steps_then_the_input_s() {
        let request = Request::new("../c")
            .with_base(Some("http://h/a/b"))
            .traced();
        let a = Whatwg.resolve(&request);
        assert_eq!(a.canon.as_deref(), Some("http://h/c"));
        let trace: &Trace = a.trace.as_ref().expect("a trace was asked for");
        let first_of_input = trace.steps.iter().position(|s| !s.of_base);
        assert!(first_of_input.is_some_and(|i| i > 0), "base steps first");
        assert!(
            trace.steps[first_of_input.unwrap_or(0)..]
                .iter()
                .all(|s| !s.of_base)
        );
        assert!(
            trace
                .steps
                .iter()
                .any(|s| s.id == StepId::WhatwgPathShorten)
        );
        assert_eq!(
            Whatwg
                .resolve(&Request::new("../c").with_base(Some("http://h/a/b")))
                .trace,
            None
        );
    }
}
