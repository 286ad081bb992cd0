//! The URL Standard's validation errors, as the Compare view names and
//! explains them: the standard's own name for each (its section 1.3,
//! "Validation errors" table) and what it means in a short sentence of our
//! own, for each note the `whatwg` resolver gives.
//!
//! The `url` crate reports errors in coarser kinds than the standard names
//! (one `InvalidIpv4Address` for the standard's five IPv4 errors, say); such
//! a kind gets the family's name with a `*`.

use egui::RichText;

use crate::resolvers::whatwg::Code;
use crate::resolvers::{Answer, Note, NoteCode};

use super::super::escape::shorten;
use super::ipv4_rule;

/// How much of the input a note's excerpt shows.
const EXCERPT_CHARS: usize = 40;

/// What the view says about one kind of note.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The URL Standard's name, or `None` when the standard has none (a
    /// limit of the crate, a bad base).
    pub standard_name: Option<&'static str>,
    /// Whether parsing stops there (a failure), or goes on (a validation
    /// error the standard only reports).
    pub fatal: bool,
    /// What it means, in a sentence.
    pub meaning: &'static str,
}

/// The explanation of the note `code`.
pub fn explain(code: Code) -> Explained {
    let (name, fatal, meaning) = match code {
        Code::Backslash => (
            Some("invalid-reverse-solidus"),
            false,
            "A '\\' where a '/' belongs. Browsers read it as '/' in http, https, ws, wss, ftp and file URLs; other parsers keep it.",
        ),
        Code::C0SpaceIgnored => (
            Some("invalid-URL-unit"),
            false,
            "Spaces or control characters at either end; they are cut off before parsing.",
        ),
        Code::TabOrNewline => (
            Some("invalid-URL-unit"),
            false,
            "A tab or line break inside the URL; it is dropped wherever it is.",
        ),
        Code::NonUrlCodePoint => (
            Some("invalid-URL-unit"),
            false,
            "A character that has no place in a URL (a space, '<', '^', ...); it is percent-encoded or kept, but the URL is not valid.",
        ),
        Code::NullInFragment => (
            Some("invalid-URL-unit"),
            false,
            "A NUL character in the fragment.",
        ),
        Code::BadPercent => (
            Some("invalid-URL-unit"),
            false,
            "A '%' without two hex digits after it; it is kept as a literal '%'.",
        ),
        Code::Credentials | Code::UnencodedAtSign => (
            Some("invalid-credentials"),
            false,
            "A user name or password in the URL (or an '@' in them left unescaped). Allowed, but not valid: credentials do not belong in URLs.",
        ),
        Code::ExpectedDoubleSlash | Code::ExpectedFileDoubleSlash => (
            Some("special-scheme-missing-following-solidus"),
            false,
            "The scheme is not followed by '//'. Browsers supply them; 'http:example.com' still reaches example.com.",
        ),
        Code::FileHostAndDrive => (
            Some("file-invalid-Windows-drive-letter-host"),
            false,
            "A file URL with both a host and a drive letter; the host is dropped.",
        ),
        Code::EmptyHost => (
            Some("host-missing"),
            true,
            "This scheme needs a host, and there is none.",
        ),
        Code::Idna => (
            Some("domain-to-ASCII"),
            true,
            "The host cannot be turned into an ASCII domain name (UTS #46 refuses it).",
        ),
        Code::InvalidPort => (
            Some("port-out-of-range / port-invalid"),
            true,
            "The port is not a number, or is above 65535.",
        ),
        Code::InvalidIpv4 => (
            Some("IPv4-*"),
            true,
            "The host ends in a number, so it is read as an IPv4 address, and it is not a valid one.",
        ),
        Code::InvalidIpv6 => (
            Some("IPv6-*"),
            true,
            "The address in brackets is not a valid IPv6 address.",
        ),
        Code::InvalidDomainCharacter => (
            Some("domain-invalid-code-point"),
            true,
            "The host holds a character no domain may hold (a space, '%', '<', '^', ...).",
        ),
        Code::RelativeWithoutBase | Code::OpaqueBase => (
            Some("missing-scheme-non-relative-URL"),
            true,
            "There is no scheme and nothing to resolve against: no base, or a base with an opaque path (mailto:, data:) that only takes a '#fragment'.",
        ),
        Code::TooLong => (
            None,
            true,
            "Longer than the url crate can hold (4 GB); not a rule of the standard.",
        ),
        Code::BaseInvalid => (
            None,
            true,
            "The base itself fails to parse, so the input is not parsed against it.",
        ),
        // Not the standard's: a warning about the crate (servo/rust-url#1114).
        Code::CrateDriveLetterBug => (
            None,
            false,
            "Not a validation error: the url crate keeps a drive-letter-like segment (c:) that a '..' should remove, so the standard's own answer may differ from this row.",
        ),
        // Kinds the crate may add later, in its own words.
        Code::Failure => (None, true, "A failure this view has no explanation for."),
        Code::Violation => (
            None,
            false,
            "A validation error this view has no explanation for.",
        ),
    };
    Explained {
        standard_name: name,
        fatal,
        meaning,
    }
}

/// The part of `input` a note's range points at, shortened.
fn excerpt(note: &Note, input: &str) -> Option<String> {
    let range = note.range.clone()?;
    let text = input.get(range.clone())?;
    Some(format!(
        "at bytes {}–{}: \"{}\"",
        range.start,
        range.end,
        shorten(text, EXCERPT_CHARS, true)
    ))
}

/// Every note of the `whatwg` answer, named and explained.
pub fn whatwg_errors_ui(ui: &mut egui::Ui, answer: &Answer, input: &str) {
    if answer.notes.is_empty() {
        ui.label("No validation errors: the input is a valid URL string by the URL Standard.");
        return;
    }
    for note in &answer.notes {
        let e = match note.code {
            NoteCode::Whatwg(code) => explain(code),
            // The `whatwg` resolver gives no other kind of note.
            NoteCode::Step(_) | NoteCode::Engine(_) | NoteCode::Rfc3986(_) | NoteCode::Opc(_) => {
                continue;
            }
        };
        let mut name = e.standard_name.unwrap_or(note.code.as_str());
        let mut meaning = e.meaning.to_owned();
        // The crate names no IPv4 rule; the host read again names it.
        if note.code == NoteCode::Whatwg(Code::InvalidIpv4)
            && let Some(rule) = ipv4_rule::rule_of_input(input)
        {
            name = rule.name;
            meaning = format!("{} ({}).", e.meaning.trim_end_matches('.'), rule.why);
        }
        let (mark, color) = if e.fatal {
            ("× fails:", ui.visuals().error_fg_color)
        } else {
            ("reports:", ui.visuals().warn_fg_color)
        };
        // One paragraph per error, wrapping within the section's width.
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("{mark} {name}"))
                    .monospace()
                    .color(color),
            )
            .on_hover_text(format!(
                "{} (code {})",
                if e.fatal {
                    "Parsing stops here: the URL is invalid."
                } else {
                    "Parsing goes on; the standard only reports it."
                },
                note.code
            ));
            ui.label(meaning);
            if let Some(at) = excerpt(note, input) {
                ui.weak(at);
            }
        });
        ui.add_space(2.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::resolvers::{Request, Resolver};

    #[test]
    fn every_note_the_resolver_gives_here_is_explained() {
        let inputs = [
            " http://u:p@a\\b\t/%zz^",
            "http:example.com",
            "file://host/C:/x",
            "http://a:99999/",
            "http://1.2.3.999/",
            "http://[1::2::3]/",
            "http://a b/",
            "rel",
            "http://",
            "http://xn--a.com/",
        ];
        for input in inputs {
            let a = Resolver::Whatwg.resolve(&Request::new(input));
            assert!(!a.notes.is_empty(), "{input:?}");
            for n in &a.notes {
                let NoteCode::Whatwg(code) = n.code else {
                    panic!("{input:?}: {} is not the URL Standard's", n.code);
                };
                let e = explain(code);
                assert!(e.standard_name.is_some(), "{input:?}: {}", n.code);
                assert_eq!(
                    e.fatal,
                    a.invalid && n == &a.notes[0],
                    "{input:?}: {}",
                    n.code
                );
            }
        }
    }

    #[test]
    fn excerpts_quote_the_input() {
        let a = Resolver::Whatwg.resolve(&Request::new("http://a/b\tc"));
        let tab = a
            .notes
            .iter()
            .find(|n| n.code == NoteCode::Whatwg(Code::TabOrNewline));
        let text = tab.and_then(|n| excerpt(n, "http://a/b\tc"));
        assert_eq!(text.as_deref(), Some("at bytes 10–11: \"\\u{9}\""));
    }
}
