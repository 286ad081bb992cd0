//! The URL Standard (WHATWG, "basic URL parser" with a base URL): what
//! today's browsers and most HTTP clients do, through the `url` crate.
//!
//! The query encoding goes in as the parser's `encoding_override` (the
//! Encoding Standard's "get an output encoding" is already applied by
//! [`QueryEncoding`]: UTF-16 and replacement become UTF-8). Validation
//! errors, which the standard reports while parsing on regardless, are
//! collected with `syntax_violation_callback` and become notes; a failure
//! (`url::ParseError`) becomes the first note of an invalid answer.
//!
//! Components follow the standard's model: user and password only when not
//! empty, host and port when not null, query and fragment when not null
//! (so `""` is possible); `canon` is the href.

use std::borrow::Cow;
use std::cell::RefCell;

use encoding_rs::{Encoding, UTF_8};
use url::{EncodingOverride, ParseError, SyntaxViolation, Url};

use super::{Answer, Note, Request, Resolve};
use crate::engine::code_table::code_table;
use crate::engine::{Component, QueryEncoding};

code_table! {
    /// The `whatwg` resolver's note codes: the URL Standard's failures and
    /// validation errors as the `url` crate reports them, and what this
    /// resolver adds. The text is the note's message where the message has
    /// nothing to name.
    pub enum Code;
    fn code, fn citation, fn text;

    // Failures (the crate's `ParseError`)
    EmptyHost => "whatwg.empty-host", "URL Standard, host-missing",
        "the URL needs a host here, and the host is empty";
    Idna => "whatwg.idna", "URL Standard, domain-to-ASCII (UTS #46)",
        "the host is not a valid domain name (UTS #46 processing fails)";
    InvalidPort => "whatwg.invalid-port", "URL Standard, port-out-of-range, port-invalid",
        "the port is not a number from 0 to 65535";
    InvalidIpv4 => "whatwg.invalid-ipv4", "URL Standard, IPv4 parser (IPv4-* errors)",
        "the host ends in a number, so it must be an IPv4 address, and it is not a valid one";
    InvalidIpv6 => "whatwg.invalid-ipv6", "URL Standard, IPv6 parser (IPv6-* errors)",
        "the bracketed host is not a valid IPv6 address";
    InvalidDomainCharacter => "whatwg.invalid-domain-character", "URL Standard, domain-invalid-code-point",
        "the host holds a character no domain may hold (such as a space, '<' or '^')";
    RelativeWithoutBase => "whatwg.relative-without-base", "URL Standard, missing-scheme-non-relative-URL",
        "a relative reference, and there is no base URL to resolve it against";
    OpaqueBase => "whatwg.opaque-base", "URL Standard, missing-scheme-non-relative-URL",
        "the base URL has an opaque path (like mailto: or data:), so only a fragment can be resolved against it";
    TooLong => "whatwg.too-long", "the url crate's limit (not the standard's)",
        "the URL is longer than the parser supports (4 GB)";
    Failure => "whatwg.failure", "URL Standard, basic URL parser (failure)",
        "the URL Standard refuses the input";
    BaseInvalid => "whatwg.base-invalid", "URL Standard, basic URL parser (of the base URL)",
        "the base URL is not a URL by the standard, so nothing is parsed against it";

    // Validation errors (the crate's `SyntaxViolation`)
    Backslash => "whatwg.backslash", "URL Standard, invalid-reverse-solidus",
        "a backslash is read as a slash in this URL (special schemes only); it is not valid";
    C0SpaceIgnored => "whatwg.c0-space-ignored", "URL Standard, invalid-URL-unit (leading or trailing C0 control or space)",
        "leading or trailing spaces or control characters are stripped before parsing";
    Credentials => "whatwg.credentials", "URL Standard, invalid-credentials",
        "the URL carries a user name or password; valid URL strings must not";
    ExpectedDoubleSlash => "whatwg.expected-double-slash", "URL Standard, special-scheme-missing-following-solidus",
        "the scheme is not followed by '//' where the standard expects it";
    ExpectedFileDoubleSlash => "whatwg.expected-file-double-slash", "URL Standard, special-scheme-missing-following-solidus",
        "'file:' is not followed by '//'";
    FileHostAndDrive => "whatwg.file-host-and-drive", "URL Standard, file-invalid-Windows-drive-letter-host",
        "a file URL has both a host and a Windows drive letter; the host is dropped";
    NonUrlCodePoint => "whatwg.non-url-code-point", "URL Standard, invalid-URL-unit",
        "a character that is not a URL code point appears (it is percent-encoded or kept, but is not valid)";
    NullInFragment => "whatwg.null-in-fragment", "URL Standard, invalid-URL-unit",
        "a NUL character in the fragment";
    BadPercent => "whatwg.bad-percent", "URL Standard, invalid-URL-unit (a '%' not followed by two hex digits)",
        "a '%' is not followed by two hexadecimal digits; it is kept as it is";
    TabOrNewline => "whatwg.tab-or-newline", "URL Standard, invalid-URL-unit (ASCII tab or newline)",
        "tabs and newlines are removed wherever they are, before parsing";
    UnencodedAtSign => "whatwg.unencoded-at-sign", "URL Standard, invalid-credentials",
        "an '@' in the user name or password is not percent-encoded";
    Violation => "whatwg.violation", "URL Standard, validation errors",
        "a validation error the url crate reports in its own words";

    // What this resolver adds
    CrateDriveLetterBug => "whatwg.crate-drive-letter-bug", "servo/rust-url#1114 (not the standard's)",
        "the url crate keeps a drive-letter-shaped segment that a '..' should remove when it is not the path's first (servo/rust-url#1114): the standard's answer may differ from this one";
}

/// The URL Standard, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whatwg;

impl Resolve for Whatwg {
    fn resolve(&self, request: &Request<'_>) -> Answer {
        resolve(request.input, request.base(), request.encoding)
    }
}

/// Parses `input` against `base` (absent: no base, so a relative reference
/// is invalid) with the query encoded in `encoding`.
fn resolve(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Answer {
    let encoder = encoder(encoding.used);
    // UTF-8 is the parser's own default; passing no override for it keeps
    // the common case on the crate's fast path.
    let encode: EncodingOverride<'_> = (encoding.used != UTF_8).then_some(&encoder);

    // Interpretation: the base is a document's URL, parsed in that same
    // document's encoding; its own validation errors are not the input's.
    let base = match base.map(|b| Url::options().encoding_override(encode).parse(b)) {
        None => None,
        Some(Ok(url)) => Some(url),
        Some(Err(e)) => {
            return Answer::invalid(Note::new(
                Code::BaseInvalid,
                format!(
                    "the base URL is not a URL by the standard ({}), so nothing is parsed against it",
                    error_note(e).message
                ),
            ));
        }
    };

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
    let notes = violations
        .into_inner()
        .into_iter()
        .map(|v| violation_note(v, input));

    match parsed {
        Ok(url) => {
            let mut notes: Vec<Note> = notes.collect();
            if may_keep_a_drive_letter_wrongly(&url, input) {
                notes.push(Note::of(Code::CrateDriveLetterBug));
            }
            Answer {
                invalid: false,
                canon: Some(url.as_str().to_owned()),
                components: components(&url),
                notes,
                ..Answer::default()
            }
        }
        Err(e) => {
            let mut answer = Answer::invalid(error_note(e));
            answer.notes.extend(notes);
            answer
        }
    }
}

// The note for a known bug of the `url` crate (servo/rust-url#1114, found
// here by the `resolvers` fuzz target): in a `file` URL, a segment shaped
// like a Windows drive letter (`c:`) that is not the path's first is never
// removed by a `..` after it, so `file:///a/c:/..` stays `file:///a/c:/`
// where the standard gives `file:///a/`. (With the crate's debug
// assertions on, some such inputs even abort; see Cargo.toml.)

/// Whether the answer may show that bug: a `file` URL whose path keeps a
/// drive-letter-shaped segment after its first, from an input with a `..`
/// segment (in any of its spellings). Interpretation: this looks at the
/// answer, not at how the crate reached it, so a `..` elsewhere in the
/// input also raises the note; it then says "may".
fn may_keep_a_drive_letter_wrongly(url: &Url, input: &str) -> bool {
    let drive_after_first =
        || {
            url.path().split('/').filter(|s| !s.is_empty()).skip(1).any(
                |s| matches!(s.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic()),
            )
        };
    url.scheme() == "file" && has_dot_dot_segment(input) && drive_after_first()
}

/// Whether `input` holds a `..` segment, as the standard spells one (`..`,
/// `.%2e`, `%2e.` or `%2e%2e`, any case), before its query or fragment,
/// once the tabs and newlines the standard removes are gone.
pub fn has_dot_dot_segment(input: &str) -> bool {
    let input: String = input
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let path = input.split(['?', '#']).next().unwrap_or("");
    path.split(['/', '\\']).any(|segment| {
        let lower = segment.trim().to_ascii_lowercase();
        matches!(lower.as_str(), ".." | ".%2e" | "%2e." | "%2e%2e")
    })
}

/// The query encoder: the Encoding Standard's encode, whose unmappable
/// characters come out as `&#NNNN;` for the parser to percent-encode.
fn encoder(encoding: &'static Encoding) -> impl Fn(&str) -> Cow<'_, [u8]> {
    move |s| encoding.encode(s).0
}

/// The components as the standard models them.
pub fn components(url: &Url) -> Vec<(Component, String)> {
    let port = url.port().map(|p| p.to_string());
    // The standard's file host state always sets a host, the empty string
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

/// A failure as a note: its code and why the standard refuses the input,
/// in our words.
fn error_note(e: ParseError) -> Note {
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
fn violation_note(v: SyntaxViolation, input: &str) -> Note {
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
    match v {
        SyntaxViolation::TabOrNewlineIgnored => match input.find(['\t', '\n', '\r']) {
            Some(i) => note.at(i..i + 1),
            None => note,
        },
        SyntaxViolation::C0SpaceIgnored => match c0_space_run(input) {
            Some(range) => note.at(range),
            None => note,
        },
        _ => note,
    }
}

/// The leading run of C0 controls and spaces, else the trailing one.
fn c0_space_run(input: &str) -> Option<std::ops::Range<usize>> {
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
        assert_eq!(codes(&a), ["whatwg.relative-without-base"]);
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
        assert!(codes(&a).contains(&"whatwg.backslash"), "{:?}", codes(&a));
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

    /// Found by the `resolvers` fuzz target: base `file::///C:` (read as
    /// `file:///:///C:`) and reference `..` made the `url` crate's debug
    /// assertion fail (servo/rust-url#1114); now it answers, with the note.
    #[test]
    fn fuzz_found_a_drive_letter_segment_before_dot_dot() {
        let a = resolve("..", Some("file::///C:"), QueryEncoding::UTF8);
        assert!(
            codes(&a).contains(&Code::CrateDriveLetterBug.code()),
            "{a:?}"
        );
        let a = resolve("file:///a/c:/..", None, QueryEncoding::UTF8);
        assert!(
            codes(&a).contains(&Code::CrateDriveLetterBug.code()),
            "{a:?}"
        );
        // A drive letter where it belongs (the first segment) is no bug.
        let a = resolve("file:///C:/x/..", None, QueryEncoding::UTF8);
        assert_eq!(a.canon.as_deref(), Some("file:///C:/"));
        assert!(
            !codes(&a).contains(&Code::CrateDriveLetterBug.code()),
            "{a:?}"
        );
        // Nor is one with no `..` in the input.
        let a = resolve("file:///a/c:/x", None, QueryEncoding::UTF8);
        assert!(
            !codes(&a).contains(&Code::CrateDriveLetterBug.code()),
            "{a:?}"
        );
    }

    #[test]
    fn invalid_base_is_reported_as_such() {
        let a = resolve("x", Some("not a url"), QueryEncoding::UTF8);
        assert_eq!(codes(&a), ["whatwg.base-invalid"]);
    }
}
