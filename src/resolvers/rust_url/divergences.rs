//! The one list of the known ways the `url` crate (2.5.8) departs from the
//! URL Standard: each divergence with a short reason, its upstream issue
//! where one is known, and a test on a case and the crate's answer that
//! says whether the divergence may be at work there.
//!
//! The list starts from the crate's own `tests/expected_failures.txt`
//! (the web-platform-tests cases it knows it fails) and adds what our fuzz
//! targets found. The tests are heuristics on the input and on the crate's
//! answer (a second URL parser here would be the thing we are checking):
//! they are written to hold on every listed case and to stay quiet on
//! ordinary URLs; a note raised by one says what the crate is known to do
//! wrong, and that the Standard's answer may differ.
//!
//! `rust-url` answers carry the note of the first divergence that applies;
//! `compare` shows it beside the `whatwg` column, and the differential fuzz
//! target forgives a disagreement between the crate and the URL Standard
//! only when one of these names it.

use super::Code;
use crate::engine::Component;
use crate::resolvers::{Answer, Note};
use std::borrow::Cow;

/// What the crate was asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case<'a> {
    /// Parse `input` against `base` (the basic URL parser).
    Parse {
        /// The input, as typed.
        input: &'a str,
        /// The base, if any.
        base: Option<&'a str>,
    },
    /// Run one URL API setter on the URL whose href is `href`.
    Set {
        /// The URL before the setter.
        href: &'a str,
        /// The setter's name as the URL API spells it (`pathname`, ...).
        setter: &'a str,
        /// The value given to the setter.
        value: &'a str,
    },
}

/// One known divergence of the crate from the URL Standard.
#[derive(Clone, Copy, Debug)]
pub struct Divergence {
    /// A stable name, for tests and lists.
    pub id: &'static str,
    /// What the crate does differently, in a short sentence.
    pub reason: &'static str,
    /// The upstream issue (`servo/rust-url#NNN`), when one is known.
    pub upstream: Option<&'static str>,
    /// Whether the divergence may be at work in this case with this answer.
    applies: fn(&Case<'_>, &Answer) -> bool,
    /// Where the divergence is a rewrite of the answer, that rewrite:
    /// applied to both the Standard's href and the crate's, it makes them
    /// equal exactly when this divergence is all that parts them. A
    /// precise test, for when the Standard's answer is at hand (the
    /// differential fuzz target); `applies` is the guess without it.
    normalize: Option<fn(&str) -> String>,
}

impl PartialEq for Divergence {
    fn eq(&self, other: &Divergence) -> bool {
        self.id == other.id
    }
}

impl Divergence {
    /// The sentence a note and `compare` show.
    pub fn sentence(&self) -> String {
        let upstream = self.upstream.unwrap_or("no upstream issue found");
        format!(
            "rust-url diverges from the URL Standard here: {} ({upstream})",
            self.reason
        )
    }

    /// The note a `rust-url` answer carries.
    pub fn note(&self) -> Note {
        Note::new(Code::Diverges, self.sentence())
    }

    /// Whether the divergence may be at work in `case`, answered `answer`.
    pub fn applies(&self, case: &Case<'_>, answer: &Answer) -> bool {
        (self.applies)(case, answer)
    }
}

/// Every known divergence, the most specific first.
pub const DIVERGENCES: &[Divergence] = &[
    Divergence {
        id: "file-host-with-drive-letter",
        reason: "it drops the host of a file URL whose path starts with a Windows drive letter; the Standard keeps it",
        upstream: Some("servo/rust-url#1126"),
        applies: drops_a_file_host,
        normalize: None,
    },
    Divergence {
        id: "file-pathname-leading-slashes",
        reason: "its pathname setter trims the leading empty segments of a file URL's path; the Standard keeps them",
        upstream: Some("servo/rust-url#1118"),
        applies: trims_a_set_file_path,
        // A setter's: the parse divergence below rewrites the same way.
        normalize: None,
    },
    Divergence {
        id: "file-leading-empty-segments",
        reason: "it trims the leading empty segments of a file URL's path (file:////x becomes file:///x), as the Standard did before it chose to keep them",
        upstream: None,
        applies: trims_a_parsed_file_path,
        normalize: Some(collapse_leading_file_slashes),
    },
    Divergence {
        id: "non-special-dot-slash-prefix",
        reason: "after a setter, it does not add or drop the '/.' that keeps a host-less path starting with '//' from reading as a host",
        upstream: Some("servo/rust-url#984"),
        applies: mishandles_the_dot_prefix,
        normalize: None,
    },
    Divergence {
        id: "non-special-empty-pathname",
        reason: "its pathname setter leaves '/' where the Standard erases the path of a non-special URL with a host",
        upstream: Some("servo/rust-url#919"),
        applies: keeps_an_erased_path,
        normalize: None,
    },
    Divergence {
        id: "empty-host-after-credentials",
        reason: "it accepts an authority of a non-special URL whose host is empty after an '@' (about://@); the Standard fails there (host-missing)",
        upstream: None,
        applies: accepts_an_empty_host_after_at,
        normalize: None,
    },
    Divergence {
        id: "file-drive-letter-pipe",
        reason: "it keeps a '|' after a drive letter in a file URL's path (file:///c|/); the Standard writes it as ':' (path state, 1.4.1)",
        upstream: None,
        applies: keeps_a_drive_letter_pipe,
        normalize: Some(pipe_as_colon),
    },
    Divergence {
        id: "drive-letter-after-first-segment",
        reason: "it keeps a drive-letter-shaped segment where a '..' should remove it: anywhere in the path of a URL of another scheme than file, after the first segment in a file URL",
        upstream: Some("servo/rust-url#1114"),
        applies: keeps_a_drive_letter_shape,
        normalize: Some(drop_drive_letter_segments),
    },
    Divergence {
        id: "query-character-reference",
        reason: "a character the query's encoding cannot hold becomes '&#N;' with only the '#' percent-encoded; the Standard encodes the whole reference, %26%23N%3B",
        upstream: None,
        applies: writes_a_bare_character_reference,
        normalize: None,
    },
    Divergence {
        id: "special-relative-many-slashes",
        reason: "a reference of three or more slashes against a special base fails for want of a host; the Standard skips the extra slashes (special authority ignore slashes state) and reads the host after them",
        upstream: None,
        applies: fails_on_many_slashes,
        normalize: None,
    },
    Divergence {
        id: "non-special-relative-backslash",
        reason: "a relative reference against a non-special base has its backslashes read as slashes; the Standard does that for special URLs only, so they stay in the path",
        upstream: None,
        applies: reads_a_backslash_against_a_non_special_base,
        normalize: None,
    },
    Divergence {
        id: "non-special-authority-backslash",
        reason: "a backslash ends a non-special URL's authority (res://C:\\x reads the host C and the path \\x); the Standard reads it as part of the port there, which then fails",
        upstream: None,
        applies: ends_a_non_special_authority_at_a_backslash,
        normalize: None,
    },
    Divergence {
        id: "caret-in-path",
        reason: "it leaves '^' as it is in a path; the Standard's path percent-encode set holds it, so it is written %5E",
        upstream: Some("servo/rust-url#1140"),
        applies: keeps_a_caret_in_the_path,
        normalize: Some(caret_unencoded),
    },
    Divergence {
        id: "opaque-path-space",
        reason: "it keeps a space that ends an opaque path before '?' or '#' as a space, and strips trailing spaces when a setter empties the query or fragment; the Standard writes that space %20 and strips nothing",
        upstream: Some("servo/rust-url#1123"),
        applies: has_an_opaque_path_with_a_space,
        normalize: Some(space_unencoded),
    },
    Divergence {
        id: "ascii-domain-to-ascii",
        reason: "it runs UTS #46 on an all-ASCII domain and fails on an invalid 'xn--' label; the Standard only lowercases an ASCII domain",
        upstream: None,
        applies: has_an_xn_label,
        normalize: None,
    },
];

/// The crate's answer is a `file` URL with a `X|` drive letter in its path.
fn keeps_a_drive_letter_pipe(_: &Case<'_>, answer: &Answer) -> bool {
    is_file(answer)
        && answer.get(Component::Path).is_some_and(|p| {
            p.split('/')
                .any(|s| matches!(s.as_bytes(), [letter, b'|'] if letter.is_ascii_alphabetic()))
        })
}

/// The crate's answer has a query holding `&%23`, a character reference
/// left half encoded.
fn writes_a_bare_character_reference(_: &Case<'_>, answer: &Answer) -> bool {
    answer
        .get(Component::Query)
        .is_some_and(|q| q.contains("&%23"))
}

/// The crate refused a reference that starts with three slashes or
/// backslashes, against a base.
fn fails_on_many_slashes(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse {
        input,
        base: Some(_),
    } = *case
    else {
        return false;
    };
    let leading = clean(input)
        .trim_start_matches(|c: char| c <= ' ')
        .bytes()
        .take_while(|b| matches!(b, b'/' | b'\\'))
        .count();
    answer.invalid && leading >= 3
}

/// A reference holding a backslash against a base of a non-special
/// scheme, the reference having no scheme of its own.
fn reads_a_backslash_against_a_non_special_base(case: &Case<'_>, _: &Answer) -> bool {
    let Case::Parse {
        input,
        base: Some(base),
    } = *case
    else {
        return false;
    };
    let base_scheme = base.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
    let own_scheme = input.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    });
    input.contains('\\') && !own_scheme && base_scheme.is_some_and(|s| !is_special(&s))
}

/// The crate's answer is a non-special URL with a host, and the input or
/// the base writes a backslash in an authority (after `://`, before the
/// next `/`, `?` or `#`).
fn ends_a_non_special_authority_at_a_backslash(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse { input, base } = *case else {
        return false;
    };
    let backslash_in_authority = |s: &str| {
        let s = clean(s);
        s.find("://").is_some_and(|i| {
            let rest = &s[i + 3..];
            let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
            rest[..end].contains('\\')
        })
    };
    let scheme = answer.get(Component::Scheme).unwrap_or("");
    let written = backslash_in_authority(input) || base.is_some_and(backslash_in_authority);
    !is_special(scheme) && answer.get(Component::Host).is_some() && written
}

/// The crate's answer keeps a '^' in its path.
fn keeps_a_caret_in_the_path(_: &Case<'_>, answer: &Answer) -> bool {
    answer.get(Component::Path).is_some_and(|p| p.contains('^'))
}

/// The crate's answer has an opaque path holding a space (a parse), or
/// the URL set on has one (a setter).
fn has_an_opaque_path_with_a_space(case: &Case<'_>, answer: &Answer) -> bool {
    match *case {
        Case::Parse { .. } => answer
            .get(Component::Path)
            .is_some_and(|p| !p.starts_with('/') && p.contains(' ')),
        Case::Set { href, .. } => {
            href.contains(' ')
                && href
                    .split_once(':')
                    .is_some_and(|(_, rest)| !rest.starts_with('/'))
        }
    }
}

/// The crate refused a case that names a host with an `xn--` label,
/// written as it is or percent-encoded (`%58n--`): the host parser decodes
/// a host before the domain parser sees it.
fn has_an_xn_label(case: &Case<'_>, answer: &Answer) -> bool {
    if !answer.invalid {
        return false;
    }
    let text = match *case {
        Case::Parse { input, base } => format!("{input} {}", base.unwrap_or("")),
        Case::Set { href, value, .. } => format!("{href} {value}"),
    };
    let decoded = percent_encoding::percent_decode_str(&text).decode_utf8_lossy();
    clean(&decoded).to_ascii_lowercase().contains("xn--")
}

/// The known divergence that explains why the crate's href is not the
/// Standard's: one whose rewrite makes the two equal or, where several are
/// at work in one URL, the rewrites of all of them together (then the
/// first that changes either href is named). `None`: no rewrite explains it.
pub fn explaining(standard: &str, crate_href: &str) -> Option<&'static Divergence> {
    let rewrites = || {
        DIVERGENCES
            .iter()
            .filter_map(|d| d.normalize.map(|rewrite| (d, rewrite)))
    };
    if let Some((d, _)) = rewrites().find(|(_, rewrite)| rewrite(standard) == rewrite(crate_href)) {
        return Some(d);
    }
    let all = |href: &str| rewrites().fold(href.to_owned(), |h, (_, rewrite)| rewrite(&h));
    if all(standard) != all(crate_href) {
        return None;
    }
    rewrites()
        .find(|(_, rewrite)| rewrite(standard) != standard || rewrite(crate_href) != crate_href)
        .map(|(d, _)| d)
}

/// An href cut in three: what precedes its path (scheme and authority),
/// its path, and its query and fragment.
fn path_parts(href: &str) -> (&str, &str, &str) {
    let mut start = href.find(':').map_or(0, |i| i + 1);
    if href[start..].starts_with("//") {
        let authority = &href[start + 2..];
        start += 2 + authority.find(['/', '?', '#']).unwrap_or(authority.len());
    }
    let rest = &href[start..];
    let end = start + rest.find(['?', '#']).unwrap_or(rest.len());
    (&href[..start], &href[start..end], &href[end..])
}

/// `href` with its path rewritten by `rewrite`.
fn rewrite_path(href: &str, rewrite: impl FnOnce(&str) -> String) -> String {
    let (head, path, tail) = path_parts(href);
    format!("{head}{}{tail}", rewrite(path))
}

/// A `file` href whose path's leading slashes are one.
fn collapse_leading_file_slashes(href: &str) -> String {
    if !has_scheme(href, "file") {
        return href.to_owned();
    }
    rewrite_path(href, |path| match path.strip_prefix('/') {
        Some(rest) => format!("/{}", rest.trim_start_matches('/')),
        None => path.to_owned(),
    })
}

/// An href whose path has lost every drive letter (`C:` or `C|`): a
/// segment that is one goes, one that starts with some loses them. The `/.`
/// that the serializer puts before a host-less path starting with `//` goes
/// too, as the path it guarded may differ.
fn drop_drive_letter_segments(href: &str) -> String {
    rewrite_path(href, |path| {
        let path = match path.strip_prefix("/.") {
            Some(rest) if rest.starts_with("//") => rest,
            _ => path,
        };
        let kept: Vec<&str> = path
            .split('/')
            .filter_map(|mut segment| {
                loop {
                    match segment.as_bytes() {
                        [letter, b':' | b'|'] if letter.is_ascii_alphabetic() => return None,
                        [letter, b':' | b'|', b'\\', ..] if letter.is_ascii_alphabetic() => {
                            return None;
                        }
                        [letter, b':' | b'|', ..] if letter.is_ascii_alphabetic() => {
                            segment = segment.get(2..)?;
                        }
                        _ => return Some(segment),
                    }
                }
            })
            .collect();
        kept.join("/")
    })
}

/// An href whose path's drive letters are written with ':', never '|'.
fn pipe_as_colon(href: &str) -> String {
    rewrite_path(href, |path| {
        let segments: Vec<String> = path
            .split('/')
            .map(|segment| match segment.as_bytes() {
                [letter, b'|', ..] if letter.is_ascii_alphabetic() => {
                    format!("{}:{}", char::from(*letter), &segment[2..])
                }
                _ => segment.to_owned(),
            })
            .collect();
        segments.join("/")
    })
}

/// An href whose path holds '^' as it is, never `%5E`.
fn caret_unencoded(href: &str) -> String {
    rewrite_path(href, |path| path.replace("%5E", "^"))
}

/// An href whose path holds spaces as they are, never `%20`.
fn space_unencoded(href: &str) -> String {
    rewrite_path(href, |path| path.replace("%20", " "))
}

/// The first known divergence that may be at work in `case`, answered
/// `answer`.
pub fn find(case: &Case<'_>, answer: &Answer) -> Option<&'static Divergence> {
    DIVERGENCES.iter().find(|d| d.applies(case, answer))
}

/// The crate's answer is a `file` URL with an empty host and a drive
/// letter first in its path, and the input (or, when the input has no
/// authority, the base) names a host other than `localhost`.
fn drops_a_file_host(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse { input, base } = *case else {
        return false;
    };
    let path = answer.get(Component::Path).unwrap_or("");
    let drive_first = path.split('/').nth(1).is_some_and(is_drive_letter_shape);
    is_file(answer)
        && answer.get(Component::Host) == Some("")
        && drive_first
        && file_host_written(input, base).is_some_and(|h| !h.is_empty() && h != "localhost")
}

/// A parsed `file` URL whose path, by the input, starts with an empty
/// segment (after any leading dot segments), which the crate's answer no
/// longer does.
fn trims_a_parsed_file_path(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse { input, base } = *case else {
        return false;
    };
    // What the answer must show, checked before the input is read again.
    if !is_file(answer) || crate_path_starts_empty(answer) {
        return false;
    }
    let Some(rest) = file_rest(input, base) else {
        return false;
    };
    let path = match rest.strip_prefix("//") {
        Some(authority_and_path) => {
            let host_end = authority_and_path
                .find('/')
                .unwrap_or(authority_and_path.len());
            authority_and_path[host_end..].to_owned()
        }
        None => rest,
    };
    starts_with_empty_segment(&path) || file_path_may_gain_an_empty_start(input, base)
}

/// Whether the Standard's path of a `file` URL may start with an empty
/// segment that the input does not show at its start: a `..` that climbs to
/// a `//` (`/foo/..//bar`), or a base whose path starts with one, kept by a
/// reference that does not start with `/`. Interpretation: a heuristic on
/// the text, as the others here; it only says "may".
fn file_path_may_gain_an_empty_start(input: &str, base: Option<&str>) -> bool {
    // The path as written: after the scheme, and after the host if any.
    let path_of = |s: &str| {
        let s = clean(s).replace('\\', "/");
        match s.find("://") {
            Some(i) => {
                let rest = &s[i + 3..];
                rest[rest.find('/').unwrap_or(rest.len())..].to_owned()
            }
            None if s.starts_with("//") => {
                let rest = &s[2..];
                rest[rest.find('/').unwrap_or(rest.len())..].to_owned()
            }
            None => s,
        }
    };
    let input_path = path_of(input);
    let climbs_to_empty = has_dot_dot_segment(&input_path) && input_path.contains("//");
    let base_path_starts_empty = base.is_some_and(|b| {
        let path = path_of(b);
        let path = path.strip_prefix("file:").unwrap_or(&path);
        path.starts_with("//")
    });
    climbs_to_empty || (base_path_starts_empty && !input_path.starts_with('/'))
}

/// A `file` URL's pathname set to a value starting with two slashes (or
/// backslashes).
fn trims_a_set_file_path(case: &Case<'_>, _: &Answer) -> bool {
    let Case::Set {
        href,
        setter,
        value,
    } = *case
    else {
        return false;
    };
    setter == "pathname"
        && has_scheme(href, "file")
        && clean(value).replace('\\', "/").starts_with("//")
}

/// A setter on a non-special URL with no authority, whose path starts (or,
/// by the pathname set, would start) with an empty segment.
fn mishandles_the_dot_prefix(case: &Case<'_>, _: &Answer) -> bool {
    let Case::Set {
        href,
        setter,
        value,
    } = *case
    else {
        return false;
    };
    let Some((scheme, rest)) = href.split_once(':') else {
        return false;
    };
    let dotted = rest.starts_with("/./") || rest.starts_with("/.//");
    let sets_such_a_path = setter == "pathname" && starts_with_empty_segment(&clean(value));
    !is_special(scheme) && !rest.starts_with("//") && (dotted || sets_such_a_path)
}

/// The pathname of a non-special URL with an authority set to nothing.
fn keeps_an_erased_path(case: &Case<'_>, _: &Answer) -> bool {
    let Case::Set {
        href,
        setter,
        value,
    } = *case
    else {
        return false;
    };
    let Some((scheme, rest)) = href.split_once(':') else {
        return false;
    };
    setter == "pathname" && clean(value).is_empty() && !is_special(scheme) && rest.starts_with("//")
}

/// A valid non-special answer with an empty or no host, from an input whose
/// authority has an `@` followed by no host (only a port, or nothing).
fn accepts_an_empty_host_after_at(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse { input, .. } = *case else {
        return false;
    };
    // What the answer must show, checked before the input is read again.
    if answer.invalid || !answer.get(Component::Host).unwrap_or("").is_empty() {
        return false;
    }
    let input = clean(input);
    let answer_scheme = answer.get(Component::Scheme).unwrap_or("");
    // With a scheme (`about://@`), or scheme-relative against a base
    // (`//@`), which takes the base's scheme.
    let (scheme, rest) = match (input.strip_prefix("//"), input.split_once("://")) {
        (Some(rest), _) => (answer_scheme, rest),
        (None, Some(split)) => split,
        (None, None) => return false,
    };
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    let host_empty_after_at = authority
        .rsplit_once('@')
        .is_some_and(|(_, host_port)| host_port.split(':').next() == Some(""));
    // The answer has the input's scheme: the input was not read as a
    // relative reference with a "://" in its path.
    let same_scheme = answer
        .get(Component::Scheme)
        .is_some_and(|s| s.eq_ignore_ascii_case(scheme));
    !answer.invalid
        && same_scheme
        && !is_special(scheme)
        && answer.get(Component::Host).unwrap_or("").is_empty()
        && host_empty_after_at
}

/// A `file` URL keeping a drive-letter-shaped segment after its first,
/// from an input with a `..` segment (in any of its spellings). This looks
/// at the answer, not at how the crate reached it, so a `..` elsewhere in
/// the input also raises it.
fn keeps_a_drive_letter_shape(case: &Case<'_>, answer: &Answer) -> bool {
    let Case::Parse { input, base } = *case else {
        return false;
    };
    let path = answer.get(Component::Path).unwrap_or("");
    // In a file URL a drive letter first is the Standard's own (a '..'
    // never removes it); in other schemes the crate keeps one anywhere.
    let first_allowed = usize::from(is_file(answer));
    // The crate reads a backslash after the letter as ending the segment,
    // in any scheme.
    let drive_first = |s: &str| {
        is_drive_letter_shape(s)
            || (s.as_bytes().get(2) == Some(&b'\\')
                && s.get(..2).is_some_and(is_drive_letter_shape))
    };
    let drive = path
        .split('/')
        .filter(|s| !s.is_empty())
        .skip(first_allowed)
        .any(drive_first);
    // The path is read first: a drive-letter shape in it is rare.
    drive && (has_dot_dot_segment(input) || base.is_some_and(has_dot_dot_segment))
}

/// Whether `input` holds a `..` segment, as the Standard spells one (`..`,
/// `.%2e`, `%2e.` or `%2e%2e`, any case), before its query or fragment,
/// once the tabs and newlines the Standard removes are gone.
pub fn has_dot_dot_segment(input: &str) -> bool {
    let input = clean(input);
    let path = input.split(['?', '#']).next().unwrap_or("");
    path.split(['/', '\\'])
        .any(|segment| is_dot_dot(segment.trim()))
}

/// URL Standard, single-dot and double-dot URL path segments.
fn is_dot(segment: &str) -> bool {
    segment == "." || segment.eq_ignore_ascii_case("%2e")
}

/// URL Standard, double-dot URL path segment.
fn is_dot_dot(segment: &str) -> bool {
    matches!(
        segment.to_ascii_lowercase().as_str(),
        ".." | ".%2e" | "%2e." | "%2e%2e"
    )
}

/// `c:` or `c|`: URL Standard, Windows drive letter.
fn is_drive_letter_shape(segment: &str) -> bool {
    matches!(segment.as_bytes(), [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// URL Standard, special scheme (without `file`, which the callers test
/// apart, and with it: both are special).
fn is_special(scheme: &str) -> bool {
    matches!(
        scheme.to_ascii_lowercase().as_str(),
        "http" | "https" | "ws" | "wss" | "ftp" | "file"
    )
}

/// The input without the tabs and newlines the Standard removes, and
/// without its leading and trailing C0 controls and spaces.
fn clean(s: &str) -> Cow<'_, str> {
    let trimmed = s.trim_matches(|c: char| c <= ' ');
    if !trimmed.contains(['\t', '\n', '\r']) {
        // Most inputs: nothing to remove, nothing to copy.
        return Cow::Borrowed(trimmed);
    }
    Cow::Owned(
        trimmed
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect(),
    )
}

/// Whether `href` has the scheme `scheme` (ASCII case-insensitively).
fn has_scheme(href: &str, scheme: &str) -> bool {
    href.split_once(':')
        .is_some_and(|(s, _)| s.eq_ignore_ascii_case(scheme))
}

/// Whether the crate's answer is a `file` URL.
fn is_file(answer: &Answer) -> bool {
    answer.get(Component::Scheme) == Some("file")
}

/// Whether the crate's answer has a path starting with `//`.
fn crate_path_starts_empty(answer: &Answer) -> bool {
    answer
        .get(Component::Path)
        .is_some_and(|p| p.starts_with("//"))
}

/// What follows `file:` in the input (backslashes as slashes, cut before
/// the query or fragment), or the whole input when it is a reference
/// without a scheme against a `file` base; `None` for any other scheme.
fn file_rest(input: &str, base: Option<&str>) -> Option<String> {
    let input = clean(input).replace('\\', "/");
    let input = input.split(['?', '#']).next().unwrap_or("").to_owned();
    // `get`: the input may hold a multi-byte character in its first five bytes.
    if input
        .get(..5)
        .is_some_and(|s| s.eq_ignore_ascii_case("file:"))
    {
        return Some(input[5..].to_owned());
    }
    let has_other_scheme = input.split_once(':').is_some_and(|(s, _)| {
        s.len() > 1 && s.starts_with(|c: char| c.is_ascii_alphabetic()) && !s.contains('/')
    });
    let base_is_file = base.is_some_and(|b| has_scheme(&clean(b), "file"));
    (!has_other_scheme && base_is_file).then_some(input)
}

/// The host a `file` URL gets by what is written: the input's authority
/// when it has one, else the base's (lowercased); `None` when neither has
/// one, or when what follows `//` is a drive letter (the Standard then
/// reads it as the path).
fn file_host_written(input: &str, base: Option<&str>) -> Option<String> {
    let authority = |rest: &str| -> Option<String> {
        let after = rest.strip_prefix("//")?;
        let host = &after[..after.find('/').unwrap_or(after.len())];
        (!is_drive_letter_shape(host)).then(|| host.to_ascii_lowercase())
    };
    let rest = file_rest(input, base)?;
    if rest.starts_with("//") {
        return authority(&rest);
    }
    let base = clean(base?).replace('\\', "/");
    authority(base.get(5..).filter(|_| has_scheme(&base, "file"))?)
}

/// Whether a path (with or without its leading `/`) starts, after its
/// leading dot segments, with an empty segment that is not its last: a
/// path the Standard serializes with `//` at its start.
fn starts_with_empty_segment(path: &str) -> bool {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix('/').unwrap_or(&path);
    let mut segments = path
        .split('/')
        .skip_while(|s| is_dot(s) || is_dot_dot(s))
        .peekable();
    segments.next() == Some("") && segments.peek().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::QueryEncoding;
    use crate::resolvers::rust_url;

    fn parse_divergence(input: &str, base: Option<&str>) -> Option<&'static str> {
        let answer = rust_url::resolve(input, base, QueryEncoding::UTF8);
        find(&Case::Parse { input, base }, &answer).map(|d| d.id)
    }

    #[test]
    fn ordinary_urls_raise_none() {
        for (input, base) in [
            ("http://example.com/a//b", None),
            ("file:///C:/x", None),
            ("file:///a/b//c", None),
            ("file://host/share/x", None),
            ("file:///", None),
            ("x//y", Some("file:///a/")),
            ("/C:/", Some("file:///")),
            ("file:///C:/", Some("file://host/")),
            ("//C:/", Some("file://host/")),
            ("file://localhost/C:/", None),
            ("non-spec:/.//p", None),
        ] {
            assert_eq!(
                parse_divergence(input, base),
                None,
                "{input:?} against {base:?}"
            );
        }
    }

    #[test]
    fn non_ascii_inputs_are_read_without_panicking() {
        for input in ["fil\u{e9}:/x", "\u{e9}\u{e9}\u{e9}", "a\u{10000}b://@"] {
            assert_eq!(
                parse_divergence(input, Some("file:///\u{e9}")),
                None,
                "{input:?}"
            );
        }
    }

    #[test]
    fn each_has_a_reason_and_a_unique_id() {
        for (i, d) in DIVERGENCES.iter().enumerate() {
            assert!(!d.reason.is_empty());
            assert!(
                d.sentence()
                    .starts_with("rust-url diverges from the URL Standard here: ")
            );
            assert!(
                DIVERGENCES[i + 1..].iter().all(|e| e.id != d.id),
                "{}",
                d.id
            );
        }
    }

    /// The Standard's href (our engine) and the crate's, for a case where
    /// both parse.
    fn both_hrefs(input: &str, base: Option<&str>) -> (String, String) {
        use crate::engine::{NoTrace, url_standard};
        let utf8 = QueryEncoding::UTF8;
        let base_url = base.map(|b| {
            url_standard::parse(b, None, utf8, &mut NoTrace)
                .url
                .expect("the base parses")
        });
        let ours = url_standard::parse(input, base_url.as_ref(), utf8, &mut NoTrace)
            .url
            .expect("the Standard parses it")
            .href()
            .to_owned();
        let theirs = rust_url::resolve(input, base, utf8);
        let theirs = theirs
            .valid_canon()
            .expect("the crate parses it")
            .to_owned();
        (ours, theirs)
    }

    /// Cases the differential fuzz target found, where the two hrefs differ
    /// by exactly what a named divergence rewrites.
    #[test]
    fn a_rewrite_explains_each_found_difference() {
        for (input, base, expected) in [
            (
                "/=og/../..//://foo",
                Some("file:/o"),
                "file-leading-empty-segments",
            ),
            (
                "filu:/p:/../../..//.",
                None,
                "drive-letter-after-first-segment",
            ),
            (
                "\0x||/",
                Some("file:~//\0//e:"),
                "drive-letter-after-first-segment",
            ),
            (
                "",
                Some("ttp://h/;///C:/a1b//d:/.."),
                "drive-letter-after-first-segment",
            ),
            ("file:///c|/x", None, "file-drive-letter-pipe"),
            ("foo://h/^", None, "caret-in-path"),
        ] {
            let (ours, theirs) = both_hrefs(input, base);
            assert_ne!(ours, theirs, "{input:?} against {base:?} differs no more");
            assert_eq!(
                explaining(&ours, &theirs).map(|d| d.id),
                Some(expected),
                "{input:?} against {base:?}: {ours} and {theirs}"
            );
        }
    }

    #[test]
    fn no_rewrite_explains_a_real_difference() {
        for (ours, theirs) in [
            ("http://a/b", "http://a/c"),
            ("file:///a/b", "file:///a/b/c"),
            ("http://a/C:/x", "http://b/C:/x"),
            ("sc:x y", "sc:x%20z"),
        ] {
            assert_eq!(
                explaining(ours, theirs).map(|d| d.id),
                None,
                "{ours} {theirs}"
            );
        }
    }

    /// Found by the `url_standard` fuzz target: ada fails on `about://@`,
    /// as the Standard does; the crate answers `about://`. Likewise `//@`
    /// against a non-special base.
    #[test]
    fn fuzz_found_an_empty_host_after_credentials() {
        assert_eq!(
            parse_divergence("about://@", None),
            Some("empty-host-after-credentials")
        );
        assert_eq!(
            parse_divergence("//@", Some("sc://x/")),
            Some("empty-host-after-credentials")
        );
        assert_eq!(parse_divergence("//h@x/", Some("sc://x/")), None);
        assert_eq!(parse_divergence("about://h@x/", None), None);
    }

    #[test]
    fn the_drive_letter_shape_after_a_dot_dot_is_named() {
        assert_eq!(
            parse_divergence("file:///a/c:/..", None),
            Some("drive-letter-after-first-segment")
        );
        assert_eq!(
            parse_divergence("..", Some("file::///C:")),
            Some("drive-letter-after-first-segment")
        );
        // A drive letter where it belongs (the first segment) is no bug.
        assert_eq!(parse_divergence("file:///C:/x/..", None), None);
        // Nor is one with no `..` in the input.
        assert_eq!(parse_divergence("file:///a/c:/x", None), None);
    }

    /// Found by the `url_standard` fuzz target: an `xn--` label that the
    /// host parser gets by percent-decoding, which the crate then refuses.
    #[test]
    fn a_percent_encoded_xn_label_is_named() {
        assert_eq!(
            parse_divergence("http://%58n--4kqz.net/", None),
            Some("ascii-domain-to-ascii")
        );
        assert_eq!(parse_divergence("http://%58n.net/", None), None);
    }

    /// Found by the `url_standard` fuzz target: a backslash in a
    /// non-special base's authority, which the crate reads as a path.
    #[test]
    fn a_backslash_in_a_non_special_authority_is_named() {
        assert_eq!(
            parse_divergence(".cop", Some("htt6://example.ortp:\\\\f;oo")),
            Some("non-special-authority-backslash")
        );
        assert_eq!(parse_divergence("x", Some("foo://h/a\\b")), None);
    }
}
