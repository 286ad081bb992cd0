//! The URL Standard (WHATWG, "basic URL parser" with a base URL): what
//! today's browsers and most HTTP clients do.
//!
//! For now the answer is the `url` crate's, as the `rust-url` resolver
//! gives it ([`super::rust_url`]), with the notes under this resolver's
//! codes (each `rust-url.X` becomes `whatwg.X`) and without the notes about
//! the crate itself (its known divergences from the Standard). Components
//! and `canon` are the same as `rust-url`'s.

use super::rust_url;
use super::{Answer, Note, NoteCode, Request, Resolve};
use crate::engine::QueryEncoding;
use crate::engine::code_table::code_table;

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
    let mut answer = rust_url::resolve(input, base, encoding);
    answer.notes = answer.notes.into_iter().filter_map(standard_note).collect();
    answer
}

/// A `rust-url` note under this resolver's code of the same name
/// (`rust-url.backslash` is `whatwg.backslash`); `None` for a note about
/// the crate itself, which has no such twin.
fn standard_note(note: Note) -> Option<Note> {
    let NoteCode::RustUrl(code) = note.code else {
        return Some(note);
    };
    let name = code.code().strip_prefix("rust-url.")?;
    let twin = Code::from_code(&format!("whatwg.{name}"))?;
    Some(Note {
        code: twin.into(),
        ..note
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Component;

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

    #[test]
    fn every_crate_note_but_the_divergence_has_a_twin_here() {
        for &code in rust_url::Code::ALL {
            let note = Note::of(code);
            let twin = standard_note(note.clone());
            assert_eq!(twin.is_none(), code == rust_url::Code::Diverges, "{code}");
            if let Some(twin) = twin {
                assert_eq!(
                    twin.code.as_str().strip_prefix("whatwg."),
                    code.code().strip_prefix("rust-url.")
                );
                assert_eq!(twin.code.text(), code.text(), "{code}");
            }
        }
    }

    #[test]
    fn the_crate_s_divergences_are_not_noted_here() {
        let a = resolve("file://example.net/C:/", None, QueryEncoding::UTF8);
        assert_eq!(codes(&a), ["whatwg.file-host-and-drive"]);
    }

    #[test]
    fn invalid_base_is_reported_as_such() {
        let a = resolve("x", Some("not a url"), QueryEncoding::UTF8);
        assert_eq!(codes(&a), ["whatwg.base-invalid"]);
    }
}
