//! The `url` crate (servo/rust-url) as a resolver of its own: what Rust
//! programs that parse URLs actually run. It aims at the URL Standard and
//! mostly gives its answers; where it is known to part from it, the answer
//! says so with a note naming the divergence ([`divergences`]).
//!
//! The query encoding goes in as the parser's `encoding_override` (the
//! Encoding Standard's "get an output encoding" is already applied by
//! [`QueryEncoding`]: UTF-16 and replacement become UTF-8). Validation
//! errors, which the crate reports while parsing on regardless, are
//! collected with `syntax_violation_callback` and become notes; a failure
//! (`url::ParseError`) becomes the first note of an invalid answer.
//!
//! Components follow the Standard's model: user and password only when not
//! empty, host and port when not null, query and fragment when not null
//! (so `""` is possible); `canon` is the href.

pub mod divergences;

use std::borrow::Cow;
use std::cell::RefCell;
use std::ops::Range;

use encoding_rs::{Encoding, UTF_8};
use url::{EncodingOverride, ParseError, SyntaxViolation, Url};

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;
use crate::engine::{Component, QueryEncoding};

code_table! {
    /// The `rust-url` resolver's note codes: the failures and validation
    /// errors as the `url` crate reports them (under the URL Standard's
    /// names where it has them), and the crate's known divergences.
    pub enum Code;
    fn code, fn citation, fn text;

    // Failures (the crate's `ParseError`)
    EmptyHost => "rust-url.empty-host", "URL Standard, host-missing",
        "the URL needs a host here, and the host is empty";
    Idna => "rust-url.idna", "URL Standard, domain-to-ASCII (UTS #46)",
        "the host is not a valid domain name (UTS #46 processing fails)";
    InvalidPort => "rust-url.invalid-port", "URL Standard, port-out-of-range, port-invalid",
        "the port is not a number from 0 to 65535";
    InvalidIpv4 => "rust-url.invalid-ipv4", "URL Standard, IPv4 parser (IPv4-* errors)",
        "the host ends in a number, so it must be an IPv4 address, and it is not a valid one";
    InvalidIpv6 => "rust-url.invalid-ipv6", "URL Standard, IPv6 parser (IPv6-* errors)",
        "the bracketed host is not a valid IPv6 address";
    InvalidDomainCharacter => "rust-url.invalid-domain-character", "URL Standard, domain-invalid-code-point",
        "the host holds a character no domain may hold (such as a space, '<' or '^')";
    RelativeWithoutBase => "rust-url.relative-without-base", "URL Standard, missing-scheme-non-relative-URL",
        "a relative reference, and there is no base URL to resolve it against";
    OpaqueBase => "rust-url.opaque-base", "URL Standard, missing-scheme-non-relative-URL",
        "the base URL has an opaque path (like mailto: or data:), so only a fragment can be resolved against it";
    TooLong => "rust-url.too-long", "the url crate's limit (not the standard's)",
        "the URL is longer than the parser supports (4 GB)";
    Failure => "rust-url.failure", "URL Standard, basic URL parser (failure)",
        "the URL Standard refuses the input";
    BaseInvalid => "rust-url.base-invalid", "URL Standard, basic URL parser (of the base URL)",
        "the base URL is not a URL by the standard, so nothing is parsed against it";

    // Validation errors (the crate's `SyntaxViolation`)
    Backslash => "rust-url.backslash", "URL Standard, invalid-reverse-solidus",
        "a backslash is read as a slash in this URL (special schemes only); it is not valid";
    C0SpaceIgnored => "rust-url.c0-space-ignored", "URL Standard, invalid-URL-unit (leading or trailing C0 control or space)",
        "leading or trailing spaces or control characters are stripped before parsing";
    Credentials => "rust-url.credentials", "URL Standard, invalid-credentials",
        "the URL carries a user name or password; valid URL strings must not";
    ExpectedDoubleSlash => "rust-url.expected-double-slash", "URL Standard, special-scheme-missing-following-solidus",
        "the scheme is not followed by '//' where the standard expects it";
    ExpectedFileDoubleSlash => "rust-url.expected-file-double-slash", "URL Standard, special-scheme-missing-following-solidus",
        "'file:' is not followed by '//'";
    FileHostAndDrive => "rust-url.file-host-and-drive", "URL Standard, file-invalid-Windows-drive-letter-host",
        "a file URL has both a host and a Windows drive letter; the host is dropped";
    NonUrlCodePoint => "rust-url.non-url-code-point", "URL Standard, invalid-URL-unit",
        "a character that is not a URL code point appears (it is percent-encoded or kept, but is not valid)";
    NullInFragment => "rust-url.null-in-fragment", "URL Standard, invalid-URL-unit",
        "a NUL character in the fragment";
    BadPercent => "rust-url.bad-percent", "URL Standard, invalid-URL-unit (a '%' not followed by two hex digits)",
        "a '%' is not followed by two hexadecimal digits; it is kept as it is";
    TabOrNewline => "rust-url.tab-or-newline", "URL Standard, invalid-URL-unit (ASCII tab or newline)",
        "tabs and newlines are removed wherever they are, before parsing";
    UnencodedAtSign => "rust-url.unencoded-at-sign", "URL Standard, invalid-credentials",
        "an '@' in the user name or password is not percent-encoded";
    Violation => "rust-url.violation", "URL Standard, validation errors",
        "a validation error the url crate reports in its own words";

    // What this resolver adds
    Diverges => "rust-url.diverges", "the url crate 2.5.8 against the URL Standard",
        "rust-url diverges from the URL Standard here (a known divergence of the url crate)";
}

/// The `url` crate, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RustUrl;

impl Resolve for RustUrl {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        resolve(request.input, request.base(), request.encoding)
    }
}

/// What the crate made of an input: the parsed URL or its failure, and
/// the validation errors it reported on the way, each kind once.
pub struct CrateRun {
    /// The URL, or why the crate refuses the input.
    pub parsed: Result<Url, ParseError>,
    /// The validation errors, in the order first reported.
    pub violations: Vec<SyntaxViolation>,
}

/// Runs the crate's parser on `input` against `base` (absent: no base)
/// with the query encoded in `encoding`. `Err` is the base's own failure.
pub fn run(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
) -> Result<CrateRun, ParseError> {
    let encoder = encoder(encoding.used);
    // UTF-8 is the parser's own default; passing no override for it keeps
    // the common case on the crate's fast path.
    let encode: EncodingOverride<'_> = (encoding.used != UTF_8).then_some(&encoder);

    // Interpretation: the base is a document's URL, parsed in that same
    // document's encoding; its own validation errors are not the input's.
    let base = base
        .map(|b| Url::options().encoding_override(encode).parse(b))
        .transpose()?;

    let violations = RefCell::new(Vec::new());
    let record = |v: SyntaxViolation| {
        let mut seen = violations.borrow_mut();
        // The parser may report one kind several times (once per tab, say).
        if !seen.contains(&v) {
            seen.push(v);
        }
    };
    let parsed = Url::options()
        .base_url(base.as_ref())
        .encoding_override(encode)
        .syntax_violation_callback(Some(&record))
        .parse(input);
    Ok(CrateRun {
        parsed,
        violations: violations.into_inner(),
    })
}

/// Parses `input` against `base` and answers with the crate's result, its
/// notes, and the divergence note where one of the known ones applies.
pub fn resolve(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Answer {
    let case = divergences::Case::Parse { input, base };
    let run = match run(input, base, encoding) {
        Ok(run) => run,
        Err(e) => {
            // A base the crate refuses may be one of its divergences too.
            let mut answer = Answer::invalid(base_invalid_note(e));
            if let Some(known) = divergences::find(&case, &answer) {
                answer.notes.push(known.note());
            }
            return answer;
        }
    };
    let notes = run.violations.iter().map(|&v| violation_note(v, input));
    let mut answer = match run.parsed {
        Ok(url) => Answer {
            invalid: false,
            canon: Some(url.as_str().to_owned()),
            components: components(&url),
            notes: notes.collect(),
            ..Answer::default()
        },
        Err(e) => {
            let mut answer = Answer::invalid(error_note(e));
            answer.notes.extend(notes);
            answer
        }
    };
    if let Some(known) = divergences::find(&case, &answer) {
        answer.notes.push(known.note());
    }
    answer
}

/// The note of an answer whose base the crate refuses.
pub fn base_invalid_note(e: ParseError) -> Note {
    Note::new(
        Code::BaseInvalid,
        format!(
            "the base URL is not a URL by the standard ({}), so nothing is parsed against it",
            error_note(e).message
        ),
    )
}

/// The query encoder: the Encoding Standard's encode, whose unmappable
/// characters come out as `&#NNNN;` for the parser to percent-encode.
fn encoder(encoding: &'static Encoding) -> impl Fn(&str) -> Cow<'_, [u8]> {
    move |s| encoding.encode(s).0
}

/// The components as the Standard models them.
pub fn components(url: &Url) -> Vec<(Component, String)> {
    let port = url.port().map(|p| p.to_string());
    // The Standard's file host state always sets a host, the empty string
    // when none is written; the crate keeps that as no host at all.
    let host = url
        .host_str()
        .or_else(|| (url.scheme() == "file").then_some(""));
    [
        (Component::Scheme, Some(url.scheme())),
        (
            Component::User,
            Some(url.username()).filter(|u| !u.is_empty()),
        ),
        (
            Component::Password,
            url.password().filter(|p| !p.is_empty()),
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

/// A failure as a note: its code and why the crate refuses the input, in
/// our words.
pub fn error_note(e: ParseError) -> Note {
    let code = match e {
        ParseError::EmptyHost => Code::EmptyHost,
        ParseError::IdnaError => Code::Idna,
        ParseError::InvalidPort => Code::InvalidPort,
        ParseError::InvalidIpv4Address => Code::InvalidIpv4,
        ParseError::InvalidIpv6Address => Code::InvalidIpv6,
        ParseError::InvalidDomainCharacter => Code::InvalidDomainCharacter,
        ParseError::RelativeUrlWithoutBase => Code::RelativeWithoutBase,
        ParseError::RelativeUrlWithCannotBeABaseBase => Code::OpaqueBase,
        ParseError::Overflow => Code::TooLong,
        // The crate's enum may grow; a new failure still gets a code and
        // the crate's own words.
        other => return Note::new(Code::Failure, format!("{}: {other}", Code::Failure.text())),
    };
    Note::of(code)
}

/// A validation error as a note: its code, our explanation, and where in the
/// input it is when that can be told for certain.
pub fn violation_note(v: SyntaxViolation, input: &str) -> Note {
    let code = match v {
        SyntaxViolation::Backslash => Code::Backslash,
        SyntaxViolation::C0SpaceIgnored => Code::C0SpaceIgnored,
        SyntaxViolation::EmbeddedCredentials => Code::Credentials,
        SyntaxViolation::ExpectedDoubleSlash => Code::ExpectedDoubleSlash,
        SyntaxViolation::ExpectedFileDoubleSlash => Code::ExpectedFileDoubleSlash,
        SyntaxViolation::FileWithHostAndWindowsDrive => Code::FileHostAndDrive,
        SyntaxViolation::NonUrlCodePoint => Code::NonUrlCodePoint,
        SyntaxViolation::NullInFragment => Code::NullInFragment,
        SyntaxViolation::PercentDecode => Code::BadPercent,
        SyntaxViolation::TabOrNewlineIgnored => Code::TabOrNewline,
        SyntaxViolation::UnencodedAtSign => Code::UnencodedAtSign,
        // The crate's enum may grow; a new kind keeps the crate's words.
        _ => return Note::new(Code::Violation, v.description()),
    };
    let note = Note::of(code);
    match violation_range(v, input) {
        Some(range) => note.at(range),
        None => note,
    }
}

/// Where in `input` the validation error `v` is, when that can be told for
/// certain: the first tab or newline, the leading (else trailing) run of
/// C0 controls and spaces.
fn violation_range(v: SyntaxViolation, input: &str) -> Option<Range<usize>> {
    match v {
        SyntaxViolation::TabOrNewlineIgnored => input.find(['\t', '\n', '\r']).map(|i| i..i + 1),
        SyntaxViolation::C0SpaceIgnored => c0_space_run(input),
        _ => None,
    }
}

/// The leading run of C0 controls and spaces, else the trailing one.
fn c0_space_run(input: &str) -> Option<Range<usize>> {
    let is_c0_space = |c: char| c <= ' ';
    let lead = input.len() - input.trim_start_matches(is_c0_space).len();
    if lead > 0 {
        return Some(0..lead);
    }
    let kept = input.trim_end_matches(is_c0_space).len();
    (kept < input.len()).then_some(kept..input.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The codes of the notes, as JSON writes them.
    fn codes(a: &Answer) -> Vec<&'static str> {
        a.notes.iter().map(|n| n.code.as_str()).collect()
    }

    #[test]
    fn relative_reference_without_base_is_invalid() {
        let a = resolve("a/b", None, QueryEncoding::UTF8);
        assert!(a.invalid);
        assert_eq!(codes(&a), ["rust-url.relative-without-base"]);
    }

    #[test]
    fn components_follow_the_standard_model() {
        let a = resolve("HTTP://u:@H/p?#", None, QueryEncoding::UTF8);
        assert_eq!(a.canon.as_deref(), Some("http://u@h/p?#"));
        assert_eq!(a.get(Component::User), Some("u"));
        assert_eq!(
            a.get(Component::Password),
            None,
            "empty password is left out"
        );
        assert_eq!(a.get(Component::Port), None);
        assert_eq!(a.get(Component::Query), Some(""));
        assert_eq!(a.get(Component::Fragment), Some(""));
    }

    #[test]
    fn violations_are_named_with_a_range_where_certain() {
        let a = resolve(" http://a/b\\c\t/d", None, QueryEncoding::UTF8);
        assert!(!a.invalid);
        assert_eq!(a.canon.as_deref(), Some("http://a/b/c/d"));
        let tab = a.notes.iter().find(|n| n.code == Code::TabOrNewline.into());
        assert_eq!(tab.and_then(|n| n.range.clone()), Some(13..14));
        let space = a
            .notes
            .iter()
            .find(|n| n.code == Code::C0SpaceIgnored.into());
        assert_eq!(space.and_then(|n| n.range.clone()), Some(0..1));
        assert!(codes(&a).contains(&"rust-url.backslash"), "{:?}", codes(&a));
    }

    #[test]
    fn encoding_reaches_the_query_of_special_urls() {
        let sjis = QueryEncoding::from_label("shift_jis");
        let a = resolve("?\u{3042}", Some("http://h/p"), sjis);
        assert_eq!(a.canon.as_deref(), Some("http://h/p?%82%A0"));
    }

    #[test]
    fn failure_comes_first_then_violations() {
        let a = resolve(" http://a:x/", None, QueryEncoding::UTF8);
        assert!(a.invalid);
        assert_eq!(a.notes[0].code, Code::InvalidPort.into());
        assert_eq!(a.notes[1].code, Code::C0SpaceIgnored.into());
    }

    #[test]
    fn a_file_url_always_has_a_host_if_only_an_empty_one() {
        let a = resolve("file:///C:/a", None, QueryEncoding::UTF8);
        assert_eq!(a.get(Component::Host), Some(""));
        let a = resolve("foo:/a", None, QueryEncoding::UTF8);
        assert_eq!(
            a.get(Component::Host),
            None,
            "a non-special URL without // has none"
        );
    }

    #[test]
    fn invalid_base_is_reported_as_such() {
        let a = resolve("x", Some("not a url"), QueryEncoding::UTF8);
        assert_eq!(codes(&a), ["rust-url.base-invalid"]);
    }

    #[test]
    fn a_known_divergence_is_named_after_the_crate_s_own_notes() {
        let a = resolve("file://example.net/C:/", None, QueryEncoding::UTF8);
        assert_eq!(a.canon.as_deref(), Some("file:///C:/"));
        assert_eq!(
            codes(&a),
            ["rust-url.file-host-and-drive", "rust-url.diverges"]
        );
        let plain = resolve("http://example.net/C:/", None, QueryEncoding::UTF8);
        assert_eq!(codes(&plain), [] as [&str; 0]);
    }
}
