//! WebKitGTK 2.50 (Debian's `libwebkit2gtk-4.1-0` 2.50.6, the URL parser
//! Safari uses, `Source/WTF/wtf/URLParser.cpp`): where it leaves the URL
//! Standard, as measured on 152,400 `new URL` calls
//! (tests/data/browsers/FINDINGS.md). The closest of the three.
//!
//! In the parse (quirks): an ASCII host checked by UTS #46, so an `xn--`
//! label that is no Punycode is refused; a colon ending a compressed IPv6
//! address ignored. Before it (rewrite): leading backslashes against a
//! non-special base read as slashes. After it (edits): `http:/` alone
//! against an http: base refused, a non-special URL with credentials and
//! an empty path given `/`, the pathname getter reading away a `/.` it
//! takes for the serializer's, and a drive letter's `|` kept after a file
//! host.

use super::getters::{Getters, Parts};
use super::model::{Case, Edit, Rule, is_special, scheme_of};
use super::text::{input_authority, scheme_len, starts_with_drive};
use crate::engine::trace::StepId;
use crate::engine::url_standard::Quirks;

/// WebKit's departures inside the parse.
pub fn quirks(_: &Case<'_>) -> Quirks {
    Quirks {
        ascii_domain_checked: Some(StepId::WebkitInvalidXn),
        ipv6_trailing_colon_ignored: Some(StepId::WebkitIpv6TrailingColon),
        ..Quirks::STANDARD
    }
}

/// WebKit's departures before and after the parse, in the order they apply.
pub const RULES: &[Rule] = &[
    Rule::rewrite(
        StepId::WebkitBackslashReference,
        super::firefox::backslash_reference,
    ),
    Rule::edit(StepId::WebkitColonSlashAlone, colon_slash_alone),
    Rule::edit(StepId::WebkitUserinfoEmptyPath, userinfo_empty_path),
    Rule::edit(StepId::WebkitPathnameSlashDot, pathname_slash_dot),
    Rule::edit(StepId::WebkitFileHostDrivePipe, file_host_drive_pipe),
];

/// A file URL typed with a host, whose path starts with a drive letter
/// written `X|`, keeps the `|` (the host may still be emptied, as
/// localhost is).
fn file_host_drive_pipe(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if a.scheme() != "file" || !case.is_file() {
        return None;
    }
    let t = &case.trimmed;
    let authority = input_authority(t).filter(|au| !au.is_empty())?;
    let after = &t[scheme_len(t) + 2 + authority.len()..];
    let path = after.get(1..).filter(|_| after.starts_with(['/', '\\']))?;
    if !(starts_with_drive(path) && path.as_bytes()[1] == b'|') {
        return None;
    }
    let mut parts = Parts::of(&a.href);
    if !parts.path.starts_with(&format!("/{}:", &path[..1])) {
        return None;
    }
    parts.path.replace_range(2..3, "|");
    Some(Edit {
        answer: Some(parts.getters()),
        decision: "WebKit keeps the '|' of a drive letter after a host",
    })
}

/// `SCHEME:/` alone (a special scheme but file) against a base of that
/// scheme is refused.
fn colon_slash_alone(case: &Case<'_>, _: &Getters) -> Option<Edit> {
    let scheme = scheme_of(&case.trimmed)?;
    let alone = case.trimmed.len() == scheme.len() + 2 && case.trimmed.ends_with(":/");
    let same_base = case.base_scheme().as_deref() == Some(scheme.as_str());
    (alone && is_special(&scheme) && scheme != "file" && same_base).then_some(Edit {
        answer: None,
        decision: "WebKit refuses the scheme and one slash alone",
    })
}

/// A non-special URL whose authority holds `@` and whose path is empty
/// before a query or fragment gets the path `/`.
fn userinfo_empty_path(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if is_special(a.scheme()) {
        return None;
    }
    let mut parts = Parts::of(&a.href);
    if parts.authority.is_none()
        || !parts.path.is_empty()
        || (parts.query.is_none() && parts.fragment.is_none())
    {
        return None;
    }
    if !input_authority(&case.trimmed).is_some_and(|au| au.contains('@')) {
        return None;
    }
    parts.path = "/".to_owned();
    Some(Edit {
        answer: Some(parts.getters()),
        decision: "WebKit gives the path '/'",
    })
}

/// A URL without a host whose path starts `/.` and another code point than
/// `/`: the pathname getter leaves out the `/.`.
fn pathname_slash_dot(_: &Case<'_>, a: &Getters) -> Option<Edit> {
    if Parts::of(&a.href).authority.is_some() {
        return None;
    }
    let rest = a.pathname.strip_prefix("/.")?;
    if rest.is_empty() || rest.starts_with('/') {
        return None;
    }
    Some(Edit {
        answer: Some(Getters {
            pathname: rest.to_owned(),
            ..a.clone()
        }),
        decision: "WebKit's pathname getter leaves out the leading '/.'",
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Browser, parse};
    use crate::engine::trace::{StepId, Trace};

    fn webkit(input: &str, base: Option<&str>) -> (Option<String>, Vec<StepId>) {
        let mut trace = Trace::default();
        let m = parse(Browser::WebKit, input, base, &mut trace);
        for id in &m.departures {
            assert!(trace.steps.iter().any(|s| s.id == *id), "{input}: {id:?}");
        }
        (m.answer.map(|a| a.href), m.departures)
    }

    #[test]
    fn a_trailing_colon_after_a_compression_is_ignored() {
        let id = StepId::WebkitIpv6TrailingColon;
        assert_eq!(
            webkit("http://[0:0::0:0:8:]/", None),
            (Some("http://[::8]/".to_owned()), vec![id])
        );
        assert_eq!(
            webkit("git://[1::8:]/", None),
            (Some("git://[1::8]/".to_owned()), vec![id])
        );
        assert_eq!(webkit("http://[1:2:3:4:5:6::8:]/", None), (None, vec![]));
    }

    #[test]
    fn a_drive_letter_after_a_host_keeps_its_pipe() {
        let id = StepId::WebkitFileHostDrivePipe;
        assert_eq!(
            webkit("file://h/c|/x", None),
            (Some("file://h/c|/x".to_owned()), vec![id])
        );
        assert_eq!(
            webkit("file://localhost/C|", None),
            (Some("file:///C|".to_owned()), vec![id])
        );
        assert_eq!(
            webkit("//h/c|?q", Some("file:///")),
            (Some("file://h/c|?q".to_owned()), vec![id])
        );
        // Without a host the Standard's ':' it is.
        assert_eq!(
            webkit("file:///c|/x", None),
            (Some("file:///c:/x".to_owned()), vec![])
        );
        assert_eq!(webkit("file://h/x/c|/y", None).1, vec![]);
    }
}
