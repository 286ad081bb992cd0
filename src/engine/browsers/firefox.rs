//! Firefox ESR 153 (Debian's `firefox-esr` 153.8.0esr): where its URL
//! parsers leave the URL Standard, as measured on 152,400 `new URL` calls
//! (tests/data/browsers/FINDINGS.md).
//!
//! Firefox sends a URL to one of several parsers by its scheme: special
//! schemes to `nsStandardURL`; about:, blob:, data: and javascript: to
//! `nsSimpleURI`, which keeps the text nearly as written; view-source: to
//! a wrapper around the URL it names; every other scheme to `DefaultURI`,
//! built on the Rust `url` crate, which follows the Standard closely.
//!
//! In the parse (quirks): an ASCII host checked by UTS #46 (an `xn--`
//! label that is no Punycode refused), `*` and `"` refused in special
//! hosts, an IPv4 address ending in `0x` refused, an opaque path's last
//! space kept, `^` kept in the paths of schemes it has no handler for, a
//! drive letter there never removed by `..`, and in file URLs a drive
//! letter `..` may remove and `C|` kept before `?` or `#`. Before it
//! (rewrites): nsSimpleURI and view-source:, a file URL's host dropped, a
//! reference cut at a NUL, a fragment-only reference's trailing controls
//! kept, leading backslashes against a non-special base read as slashes, a
//! reference starting `X|` against a file base taken as absolute. After
//! it (edits): a file base's drive letter not kept by a path-absolute
//! reference, a non-special host of one C0 control kept as it is.

use super::firefox_own;
use super::getters::{Answer, Getters, Parts};
use super::model::{Case, Edit, Own, Rewrite, Rule, head_tail, is_special, scheme_of, trim};
use super::text::{
    input_authority, is_drive, is_slash, leading_slashes, starts_with_drive,
    starts_with_ignore_case,
};
use crate::engine::trace::StepId;
use crate::engine::url_standard::Quirks;

/// The schemes nsSimpleURI parses.
const SIMPLE: [&str; 6] = [
    "about",
    "blob",
    "data",
    "javascript",
    "page-icon",
    "cached-favicon",
];

/// Whether `scheme` goes to DefaultURI (the `url` crate): not special, not
/// nsSimpleURI's, no handler of Firefox's own, not view-source.
fn default_uri(scheme: &str) -> bool {
    !is_special(scheme)
        && !SIMPLE.contains(&scheme)
        && firefox_own::handler(scheme).is_none()
        && scheme != "view-source"
}

/// Firefox's departures inside the parse, for `case`.
pub fn quirks(case: &Case<'_>) -> Quirks {
    let t = &case.trimmed;
    let after_scheme = if starts_with_ignore_case(t, "file:") {
        &t[5..]
    } else {
        &t[..]
    };
    // `..` removes a drive letter only in a file URL written with a
    // leading slash.
    let slash_first = case.is_file()
        && after_scheme
            .as_bytes()
            .first()
            .is_some_and(|&b| is_slash(b));
    let scheme = case
        .scheme()
        .or_else(|| case.base_scheme())
        .unwrap_or_default();
    Quirks {
        ascii_domain_checked: Some(StepId::FirefoxInvalidXn),
        host_asterisk_quote_refused: Some(StepId::FirefoxHostAsteriskQuote),
        ipv4_empty_hex_refused: Some(StepId::FirefoxIpv4EmptyHex),
        opaque_path_space_kept: Some(StepId::FirefoxOpaquePathSpace),
        caret_in_path_kept: default_uri(&scheme).then_some(StepId::FirefoxCaretKept),
        drive_survives_dot_dot: default_uri(&scheme).then_some(StepId::FirefoxDriveSurvivesDotDot),
        file_dot_dot_drive: slash_first.then_some(StepId::FirefoxFileDotDotDrive),
        file_drive_pipe_kept: case.is_file().then_some(StepId::FirefoxFileDrivePipeKept),
        ..Quirks::STANDARD
    }
}

/// Firefox's departures before and after the parse, in the order they apply.
pub const RULES: &[Rule] = &[
    Rule::own(StepId::FirefoxSimpleUri, simple_uri),
    Rule::own(StepId::FirefoxOwnSchemes, own_schemes),
    Rule::rewrite(StepId::FirefoxFileHostDropped, file_host_dropped),
    Rule::edit(StepId::FirefoxFileBaseDrive, file_base_drive),
    Rule::rewrite(
        StepId::FirefoxFileDrivePipeAbsolute,
        file_drive_pipe_absolute,
    ),
    Rule::rewrite(StepId::FirefoxNulEndsReference, nul_ends_reference),
    Rule::rewrite(StepId::FirefoxFragmentTrailing, fragment_trailing),
    Rule::rewrite(StepId::FirefoxBackslashReference, backslash_reference),
    Rule::own(StepId::FirefoxViewSource, view_source),
    Rule::edit(StepId::FirefoxOpaqueHostOneControl, opaque_host_one_control),
];

/// In a scheme for DefaultURI, a host typed as one C0 control or DEL keeps
/// it as it is: the url crate's opaque host parser, given one code point,
/// takes the one piece the percent-encoder returns for the input itself.
fn opaque_host_one_control(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if !default_uri(a.scheme()) {
        return None;
    }
    let byte = a
        .hostname
        .strip_prefix('%')
        .filter(|h| h.len() == 2)
        .and_then(|h| u8::from_str_radix(h, 16).ok())
        .filter(|&b| b < 0x20 || b == 0x7f)?;
    let typed = input_authority(&case.trimmed)?;
    let typed = typed.rsplit_once('@').map_or(typed, |(_, h)| h);
    if typed.split(':').next() != Some(char::from(byte).to_string().as_str()) {
        return None;
    }
    let mut parts = Parts::of(&a.href);
    let authority = parts.authority.take()?;
    let at = authority.rfind('@').map_or(0, |i| i + 1);
    parts.authority = Some(format!(
        "{}{}{}",
        &authority[..at],
        char::from(byte),
        authority.get(at + 3..)?
    ));
    Some(Edit {
        answer: Some(parts.getters()),
        decision: "Firefox keeps the one control that is the host",
    })
}

/// The schemes Firefox has protocol handlers of its own for, and
/// references against them, go to those handlers ([`firefox_own`]).
fn own_schemes(case: &Case<'_>) -> Option<Own> {
    let (answer, decision) = firefox_own::answer(case, |inner| (case.again)(inner, None))?;
    Some(Own { answer, decision })
}

/// about:, blob:, data: and javascript: go to nsSimpleURI.
fn simple_uri(case: &Case<'_>) -> Option<Own> {
    let scheme = case.scheme()?;
    if !SIMPLE.contains(&scheme.as_str()) {
        return None;
    }
    // data: and javascript: that the Standard refuses are refused too.
    let refused = matches!(scheme.as_str(), "data" | "javascript") && case.std().is_none();
    Some(Own {
        answer: (!refused).then(|| simple(&case.trimmed)),
        decision: "Firefox keeps this scheme's text nearly as written (nsSimpleURI)",
    })
}

/// What nsSimpleURI makes of a trimmed input: the scheme lowercased, the
/// rest as written, with controls, DEL and non-ASCII percent-encoded (and
/// in the fragment also the Standard's fragment set); no host.
fn simple(t: &str) -> Getters {
    let colon = t.find(':').unwrap_or(0);
    let scheme = t[..colon].to_ascii_lowercase();
    let rest = &t[colon + 1..];
    let (rest, fragment) = match rest.split_once('#') {
        Some((r, f)) => (r, Some(f)),
        None => (rest, None),
    };
    let (path, query) = match rest.split_once('?') {
        Some((p, q)) => (p, Some(q)),
        None => (rest, None),
    };
    let parts = Parts {
        scheme,
        authority: None,
        path: encode(path, false),
        query: query.map(|q| encode(q, false)),
        fragment: fragment.map(|f| encode(f, true)),
    };
    let mut getters = parts.getters();
    // nsSimpleURI's pathname is its text as it is (no `/.` read away).
    getters.pathname.clone_from(&parts.path);
    getters
}

/// `s` with controls, DEL and non-ASCII percent-encoded (as UTF-8), and in
/// a fragment also space, `"`, `<`, `>` and `` ` ``.
fn encode(s: &str, fragment: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let escape = (c as u32) < 0x20
            || c as u32 == 0x7F
            || !c.is_ascii()
            || (fragment && matches!(c, ' ' | '"' | '<' | '>' | '`'));
        if escape {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A file URL never keeps a host: the authority of the input (or of a
/// reference against a file base) and of a file base is emptied, unless it
/// is a drive letter.
fn file_host_dropped(case: &Case<'_>) -> Option<Rewrite> {
    let fix = |s: &str| -> String {
        let t = trim(s);
        let prefix = if starts_with_ignore_case(&t, "file:") {
            5
        } else {
            0
        };
        let rest = &t[prefix..];
        let b = rest.as_bytes();
        if b.len() < 2 || !is_slash(b[0]) || !is_slash(b[1]) {
            return s.to_owned();
        }
        let after = &rest[2..];
        let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
        let authority = &after[..end];
        if authority.is_empty() || is_drive(authority) {
            return s.to_owned();
        }
        format!("{}{}{}", &t[..prefix + 2], "", &after[end..])
    };
    let input = if case.is_file() {
        fix(&case.trimmed)
    } else {
        case.trimmed.clone()
    };
    let base = case.base.as_deref().map(|b| {
        if scheme_of(&trim(b)).as_deref() == Some("file") {
            fix(b)
        } else {
            b.to_owned()
        }
    });
    if input == case.trimmed && base.as_deref() == case.base.as_deref() {
        return None;
    }
    Some(Rewrite {
        input,
        base,
        post: None,
        decision: "Firefox drops a file URL's host",
    })
}

/// A path-absolute reference against a file base whose path starts with a
/// drive letter does not keep it.
fn file_base_drive(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if a.scheme() != "file" || case.base_scheme().as_deref() != Some("file") {
        return None;
    }
    let t = &case.trimmed;
    let t = if starts_with_ignore_case(t, "file:") {
        &t[5..]
    } else {
        &t[..]
    };
    if leading_slashes(t) != 1 || starts_with_drive(&t[1..]) {
        return None;
    }
    // The drive letter must be the base's: one the reference brings
    // itself (`/./c:/x`) stays.
    let base_drive = case
        .base_answer()
        .as_ref()
        .and_then(|b| b.pathname.get(..3))
        .filter(|d| d.as_bytes()[0] == b'/' && is_drive(&d[1..]))?;
    if !a.pathname.starts_with(base_drive) {
        return None;
    }
    let p = a.pathname.as_bytes();
    let drive_first = p.len() >= 3
        && p[0] == b'/'
        && p[1].is_ascii_alphabetic()
        && p[2] == b':'
        && p.get(3).is_none_or(|&c| c == b'/');
    if !drive_first {
        return None;
    }
    let mut parts = Parts::of(&a.href);
    let rest = parts.path[3..].to_owned();
    parts.path = if rest.is_empty() {
        "/".to_owned()
    } else {
        rest
    };
    Some(Edit {
        answer: Some(parts.getters()),
        decision: "Firefox does not keep the base's drive letter",
    })
}

/// Against a file base, a reference starting `X|`, or `file:` and `X:` or
/// `X|`, not followed by a slash (or its end) is the absolute path `/X…`.
fn file_drive_pipe_absolute(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    let (rest, marks): (&str, &[u8]) = if starts_with_ignore_case(t, "file:") {
        (&t[5..], b":|")
    } else {
        (t, b"|")
    };
    let b = rest.as_bytes();
    let shape =
        b.len() > 2 && b[0].is_ascii_alphabetic() && marks.contains(&b[1]) && !is_slash(b[2]);
    if case.base_scheme().as_deref() != Some("file") || !shape {
        return None;
    }
    Some(Rewrite {
        input: format!("file:///{rest}"),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Firefox takes a reference starting with a drive letter and more for an absolute path",
    })
}

/// A reference against a special base (or one of Firefox's own schemes)
/// is cut at its first NUL, unless it starts with `#`.
fn nul_ends_reference(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    let at = t.find('\0')?;
    let base_scheme = case.base_scheme()?;
    if t.starts_with('#') || !is_special(&base_scheme) {
        return None;
    }
    if let Some(s) = case.scheme() {
        let slashes = t[s.len() + 1..].starts_with("//")
            || t[s.len() + 1..].starts_with("\\\\")
            || t[s.len() + 1..].starts_with("/\\")
            || t[s.len() + 1..].starts_with("\\/");
        if s != base_scheme || slashes {
            return None;
        }
    }
    Some(Rewrite {
        input: t[..at].to_owned(),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Firefox ends the reference at its NUL",
    })
}

/// A fragment-only reference keeps its trailing controls and spaces,
/// percent-encoded.
fn fragment_trailing(case: &Case<'_>) -> Option<Rewrite> {
    case.base.as_ref()?;
    let left: String = case
        .input
        .trim_start_matches(|c: char| c <= ' ')
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    if !left.starts_with('#') || !left.ends_with(|c: char| c <= ' ') {
        return None;
    }
    let kept = left.trim_end_matches(|c: char| c <= ' ');
    let tail: String = left[kept.len()..]
        .bytes()
        .map(|b| format!("%{b:02X}"))
        .collect();
    Some(Rewrite {
        input: format!("{kept}{tail}"),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Firefox keeps the fragment's trailing spaces and controls",
    })
}

/// A reference starting with `\` or `/\` against a non-special base reads
/// its first two slash-like code points as `/`.
pub fn backslash_reference(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    if !case.non_special_base()
        || case.scheme().is_some()
        || !(t.starts_with('\\') || t.starts_with("/\\"))
    {
        return None;
    }
    let lead = leading_slashes(t).min(2);
    Some(Rewrite {
        input: format!("{}{}", "/".repeat(lead), &t[lead..]),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "the browser reads the leading backslashes as slashes",
    })
}

/// The URL view-source: names, as the nested parse reads it: a
/// reference whose leading slashes hold a backslash is a path, never an
/// authority (path-absolute when it starts with `/`, else relative), its
/// backslashes before `?` and `#` read as slashes.
fn nested_reference(inner: &str, case: &Case<'_>) -> String {
    let slashes = leading_slashes(inner);
    let backslash_led = inner.as_bytes()[..slashes].contains(&b'\\');
    // Measured against special bases; a file base's host, when it has
    // one, reads two backslashes as an authority after all.
    let special_base = case
        .base_answer()
        .as_ref()
        .is_some_and(|b| is_special(b.scheme()) && (b.scheme() != "file" || b.hostname.is_empty()));
    // Typed with leading controls or spaces, the URL takes the Standard's
    // way instead.
    let typed_bare = !case.input.starts_with(|c: char| c <= ' ');
    if !backslash_led || !special_base || !typed_bare || scheme_of(inner).is_some() {
        return inner.to_owned();
    }
    let (head, tail) = head_tail(inner);
    let lead = if inner.starts_with('/') { "/." } else { "./" };
    format!("{lead}{}{tail}", head.replace('\\', "/"))
}

/// view-source:X is X, parsed alone against the base by Firefox's model,
/// behind `view-source:`; it fails when X fails.
fn view_source(case: &Case<'_>) -> Option<Own> {
    if case.scheme().as_deref() != Some("view-source") {
        return None;
    }
    let inner = nested_reference(&case.trimmed["view-source:".len()..], case);
    let base = case.base.as_deref().map(str::to_owned);
    let answer: Answer = (case.again)(&inner, base.as_deref()).map(|a| {
        let (pathname, _) = head_tail(&a.href);
        Getters {
            href: format!("view-source:{}", a.href),
            protocol: "view-source:".to_owned(),
            username: String::new(),
            password: String::new(),
            hostname: String::new(),
            host: String::new(),
            port: String::new(),
            pathname: pathname.to_owned(),
            search: a.search,
            hash: a.hash,
        }
    });
    Some(Own {
        answer,
        decision: "Firefox parses the URL view-source: names, and wraps it",
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Browser, parse};
    use crate::engine::NoTrace;
    use crate::engine::trace::StepId;

    fn firefox(input: &str, base: Option<&str>) -> (Option<String>, Vec<StepId>) {
        let m = parse(Browser::Firefox, input, base, &mut NoTrace);
        (m.answer.map(|a| a.href), m.departures)
    }

    #[test]
    fn a_host_of_one_control_is_kept_as_it_is() {
        let id = StepId::FirefoxOpaqueHostOneControl;
        for input in ["git://\u{10}/", "git://u@\u{10}:80/", "sc://\u{7f}/"] {
            let (href, departures) = firefox(input, None);
            assert_eq!(href.as_deref(), Some(input), "{input}");
            assert_eq!(departures, [id], "{input}");
        }
        let a = parse(Browser::Firefox, "//\u{1}/", Some("git://h/"), &mut NoTrace);
        assert_eq!(a.answer.map(|a| a.hostname).as_deref(), Some("\u{1}"));
        // Two code points, or one typed as %10, are encoded.
        assert_eq!(
            firefox("git://\u{10}a/", None).0.as_deref(),
            Some("git://%10a/")
        );
        assert_eq!(
            firefox("git://%10/", None),
            (Some("git://%10/".to_owned()), vec![])
        );
    }

    #[test]
    fn a_drive_letter_the_reference_brings_stays() {
        assert_eq!(
            firefox("/./c:/foo", Some("file:///")),
            (Some("file:///c:/foo".to_owned()), vec![])
        );
        // The base's drive letter goes.
        assert_eq!(
            firefox("/x", Some("file:///C:/dir/file")),
            (
                Some("file:///x".to_owned()),
                vec![StepId::FirefoxFileBaseDrive]
            )
        );
    }
}
