//! Chromium 156 (Debian's `chromium` 156.0.8078.108): where its URL parser
//! (`url/` in Chromium's source) leaves the URL Standard, as measured on
//! 152,400 `new URL` calls (tests/data/browsers/FINDINGS.md) and on the
//! inputs of Chromium's own URL tests.
//!
//! In the parse (quirks): a space or `*` in a special host escaped, a
//! special host in brackets percent-decoded, an IPv4 part of an IPv6
//! address read with the IPv4 number parser, an apostrophe escaped in a
//! non-special query and in credentials, an opaque path's last space kept,
//! `file://localhost/` kept, drive letters taken for ordinary segments, an
//! opaque host refused by a forbidden-code-point check on a byte cut from
//! a UTF-16 unit. Before it (rewrites): Chromium's own standard schemes
//! read as http:, tabs and newlines kept in data: URLs, `|` in paths read
//! as `%7C`, four slashes after `file:` read as three, `file:C:` resolved
//! as a relative path, backslashes in a relative path (and leading ones)
//! against a non-special base, an IPv6 host found after percent-decoding.
//! After it (edits): two file URL shapes refused, `/.` kept before a file
//! reference's path that starts `//`. Instead of it (its own parsers): a
//! few schemes whose whole text is the path, and `filesystem:` URLs, a URL
//! inside a URL (`chromium_filesystem`).

use super::getters::{Getters, Parts};
use super::model::percent_decode;
use super::model::{Case, Edit, Own, Rewrite, Rule, head_tail, is_special, scheme_of, trim};
use super::text::{
    input_authority, is_drive, is_slash, leading_slashes, special_authority, starts_with_drive,
    starts_with_ignore_case, strip_c0,
};
use crate::engine::trace::StepId;
use crate::engine::url_standard::Quirks;
use crate::engine::url_standard::percent_sets::{self, EncodeSet};

/// The schemes Chromium registers as standard schemes of its own, parsed
/// as http: is.
const STANDARD_SCHEMES: [&str; 9] = [
    "chrome",
    "chrome-extension",
    "chrome-untrusted",
    "devtools",
    "isolated-app",
    "chrome-search",
    "chrome-error",
    "chrome-native",
    "chrome-distiller",
];

/// The schemes whose whole text after the colon is the path.
const PATH_ONLY_SCHEMES: [&str; 5] = [
    "android",
    "drivefs",
    "chromeos-steam",
    "steam",
    "materialized-view",
];

/// Chromium's departures inside the parse, for `case`.
pub fn quirks(case: &Case<'_>) -> Quirks {
    Quirks {
        host_space_escaped: Some(StepId::ChromiumHostSpace),
        host_asterisk_escaped: Some(StepId::ChromiumHostAsterisk),
        host_decoded_again: Some(StepId::ChromiumHostDecodedAgain),
        apostrophe_in_query: Some(StepId::ChromiumApostropheInQuery),
        apostrophe_in_userinfo: Some(StepId::ChromiumApostropheInUserinfo),
        opaque_path_space_kept: Some(StepId::ChromiumOpaquePathSpace),
        file_localhost_kept: Some(StepId::ChromiumFileLocalhost),
        file_drive_ordinary: Some(StepId::ChromiumFileDriveOrdinary),
        // Checked where the input names its scheme; a scheme-relative
        // reference is not.
        opaque_host_low_byte: case.scheme().map(|_| StepId::ChromiumOpaqueHostLowByte),
        ipv6_ipv4_part_numbers: Some(StepId::ChromiumIpv6Ipv4Numbers),
        ipv6_percent_decoded_in_brackets: Some(StepId::ChromiumIpv6PercentInBrackets),
        ..Quirks::STANDARD
    }
}

/// Chromium's departures before and after the parse, in the order they apply.
pub const RULES: &[Rule] = &[
    Rule::own(StepId::ChromiumFilesystemInner, filesystem),
    Rule::own(StepId::ChromiumPathOnlySchemes, path_only_schemes),
    Rule::rewrite(StepId::ChromiumPathOnlySchemes, path_only_base),
    Rule::rewrite(StepId::ChromiumStandardSchemes, standard_schemes),
    Rule::rewrite(StepId::ChromiumDataTabNewline, data_tab_newline),
    Rule::rewrite(StepId::ChromiumPipeInPath, pipe_in_path),
    Rule::rewrite(StepId::ChromiumIpv6PercentDecoded, ipv6_percent_decoded),
    Rule::rewrite(StepId::ChromiumFileSlashes, file_slashes),
    Rule::rewrite(StepId::ChromiumFileColonRelative, file_colon_relative),
    Rule::rewrite(
        StepId::ChromiumBackslashRelativePath,
        backslash_relative_path,
    ),
    Rule::rewrite(StepId::ChromiumBackslashReference, backslash_reference),
    Rule::edit(StepId::ChromiumFileDriveAuthority, file_drive_authority),
    Rule::edit(StepId::ChromiumFileHostThenQuery, file_host_then_query),
    Rule::edit(
        StepId::ChromiumFileReferenceSlashDot,
        file_reference_slash_dot,
    ),
];

/// `filesystem:` URLs, and references against them, are read by
/// Chromium's own rules ([`chromium_filesystem`](super::chromium_filesystem)).
fn filesystem(case: &Case<'_>) -> Option<Own> {
    Some(Own {
        answer: super::chromium_filesystem::answer(case, &STANDARD_SCHEMES)?,
        decision: "Chromium reads the URL inside filesystem: and takes its first path segment for the type",
    })
}

/// Chromium's own standard schemes are read as http: (no credentials, no
/// port whatever it holds), and given their scheme back after.
fn standard_schemes(case: &Case<'_>) -> Option<Rewrite> {
    let own = case.scheme().or_else(|| case.base_scheme())?;
    if !STANDARD_SCHEMES.contains(&own.as_str()) {
        return None;
    }
    // The text read as http:, and whether Chromium refuses it outright.
    let same_scheme_base = case.base_scheme();
    let swap = |s: &str, reference: bool| -> (String, bool) {
        let t = trim(s);
        match scheme_of(&t) {
            Some(sc) if STANDARD_SCHEMES.contains(&sc.as_str()) => {
                let rest = &t[sc.len() + 1..];
                let slashes = leading_slashes(rest);
                // Against a base of the same scheme, without two slashes,
                // the text is a reference, as `http:x` is against http:.
                if reference && slashes < 2 && same_scheme_base.as_deref() == Some(sc.as_str()) {
                    return (format!("http:{rest}"), false);
                }
                let after = &rest[slashes..];
                let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
                let (authority, tail) = after.split_at(end);
                let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
                // The port is what follows the last colon (after any
                // `]`); the host must be all that comes before it, and
                // one still holding a colon (outside brackets) is refused.
                let bracketed = hostport.starts_with('[');
                let close = match hostport.find(']') {
                    Some(e) if bracketed => e + 1,
                    _ => 0,
                };
                let host = match hostport[close..].rfind(':') {
                    Some(c) => &hostport[..close + c],
                    None => hostport,
                };
                let refused = if bracketed {
                    close != host.len()
                } else {
                    host.contains(':')
                };
                (format!("http://{host}{tail}"), refused || host.is_empty())
            }
            _ => (s.to_owned(), false),
        }
    };
    let (input, refused) = swap(&case.trimmed, true);
    let base = case.base.as_deref().map(|b| swap(b, false));
    let base_refused = base.as_ref().is_some_and(|b| b.1);
    Some(Rewrite {
        input,
        base: base.map(|b| b.0),
        post: Some(Box::new(move |answer| {
            if refused || base_refused {
                return None;
            }
            answer.map(|a| {
                let mut parts = Parts::of(&a.href);
                parts.scheme.clone_from(&own);
                parts.getters()
            })
        })),
        decision: "Chromium reads its own standard scheme as http:, without credentials or port",
    })
}

/// Tabs and newlines in a data: URL are kept, percent-encoded; in the host
/// of `data://host` they make it fail.
fn data_tab_newline(case: &Case<'_>) -> Option<Rewrite> {
    if case.scheme().as_deref() != Some("data") {
        return None;
    }
    let left = strip_c0(&case.input);
    let colon = left.find(':')?;
    if !left[colon..].contains(['\t', '\n', '\r']) {
        return None;
    }
    let encoded = left[colon..]
        .replace('\t', "%09")
        .replace('\n', "%0A")
        .replace('\r', "%0D");
    let refused = left
        .find("://")
        .filter(|&i| i == colon)
        .map(|i| {
            let auth = &left[i + 3..];
            let auth = &auth[..auth.find(['/', '?', '#']).unwrap_or(auth.len())];
            let host = auth.rsplit_once('@').map_or(auth, |(_, h)| h);
            host.contains(['\t', '\n', '\r'])
        })
        .unwrap_or(false);
    Some(Rewrite {
        input: format!("{}{encoded}", &left[..colon]),
        base: case.base.as_deref().map(str::to_owned),
        post: refused.then(|| Box::new(|_| None) as super::model::Post),
        decision: "Chromium keeps the data: URL's tabs and newlines, percent-encoded",
    })
}

/// `|` in a hierarchical path (of the input and of the base) is read as
/// `%7C`; an opaque path keeps it.
fn pipe_in_path(case: &Case<'_>) -> Option<Rewrite> {
    let base_text = case.base.as_deref();
    if !case.trimmed.contains('|') && !base_text.is_some_and(|b| b.contains('|')) {
        return None;
    }
    let fix = |s: &str, base: Option<&str>| -> String {
        if !s.contains('|') {
            return s.to_owned();
        }
        let (h, t) = head_tail(strip_c0(s));
        let own = scheme_of(&trim(h));
        let scheme = own
            .clone()
            .or_else(|| base.and_then(|b| scheme_of(&trim(b))));
        let special = scheme.as_deref().is_some_and(is_special);
        // An opaque path (a non-special scheme not followed by '/') keeps '|'.
        let opaque = own
            .as_deref()
            .is_some_and(|o| !is_special(o) && !trim(h)[o.len() + 1..].starts_with('/'));
        if opaque {
            return s.to_owned();
        }
        let keep = authority_prefix(h, special);
        let path = h[keep..].replace('|', "%7C");
        // file://localhost/ is emptied before a drive letter, which Chromium
        // still sees in `c|` (not in the `c%7C` it writes).
        let start = super::text::scheme_len(h) + 2;
        let localhost = scheme.as_deref() == Some("file")
            && h.get(start..keep)
                .is_some_and(|a| a.eq_ignore_ascii_case("localhost"))
            && h[keep..]
                .get(1..)
                .is_some_and(|p| starts_with_drive(p) && p.as_bytes()[1] == b'|');
        let keep = if localhost { start } else { keep };
        format!("{}{path}{t}", &h[..keep])
    };
    let input = fix(&case.input, base_text);
    let base = base_text.map(|b| fix(b, None));
    if input == *case.input && base.as_deref() == base_text {
        return None;
    }
    Some(Rewrite {
        input,
        base,
        post: None,
        decision: "Chromium reads '|' in the path as %7C",
    })
}

/// A special host is percent-decoded and mapped before `[` is looked for,
/// so `http://%5B::1]/` and `http://\u{ad}[::1]/` are the IPv6 address
/// `[::1]`. A host written with its `[` is left to the host parser's
/// quirk ([`StepId::ChromiumIpv6PercentInBrackets`]).
fn ipv6_percent_decoded(case: &Case<'_>) -> Option<Rewrite> {
    let a = special_authority(&case.trimmed, case.base_scheme().as_deref())?;
    let (host, port) = server_info(a.hostport);
    if host.starts_with('[') || (host.is_ascii() && !host.contains('%')) {
        return None;
    }
    let decoded = percent_decode(host);
    // Mapped as IDNA maps a domain (which drops a soft hyphen, say) before
    // the brackets are looked for.
    let decoded = match crate::engine::url_standard::host::to_ascii(&decoded, false) {
        Some(mapped) if !decoded.is_ascii() => mapped.into_owned(),
        _ => decoded,
    };
    if !decoded.starts_with('[') || !decoded.ends_with(']') {
        return None;
    }
    Some(Rewrite {
        input: format!("{}{}{decoded}{port}{}", a.prefix, a.userinfo, a.rest),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Chromium percent-decodes the host before it looks for '['",
    })
}

/// Chromium's split of `host:port` (url_parse.cc, ParseServerInfo): the
/// port follows the last colon after the last `]` (after everything when
/// the host starts with `[` and no `]` closes it); the host is what comes
/// before. The port is given with its colon, or empty.
fn server_info(hostport: &str) -> (&str, &str) {
    let end = hostport
        .rfind(']')
        .or_else(|| hostport.starts_with('[').then_some(hostport.len()));
    match hostport.rfind(':') {
        Some(colon) if end.is_none_or(|e| colon > e) => hostport.split_at(colon),
        _ => (hostport, ""),
    }
}

/// The length of `h`'s scheme and authority (`scheme:`, then `//` and the
/// authority; for a special scheme either slash counts).
fn authority_prefix(h: &str, special: bool) -> usize {
    let scheme = super::text::scheme_len(h);
    let rest = &h.as_bytes()[scheme..];
    let two = if special {
        rest.len() >= 2 && is_slash(rest[0]) && is_slash(rest[1])
    } else {
        rest.starts_with(b"//")
    };
    if !two {
        return scheme;
    }
    let after = &h[scheme + 2..];
    let stops: &[char] = if special {
        &['/', '\\', '?', '#']
    } else {
        &['/', '?', '#']
    };
    scheme + 2 + after.find(stops).unwrap_or(after.len())
}

/// Four or more slashes after `file:` (in a file URL, its file base, or a
/// reference against a file base) are read as three.
fn file_slashes(case: &Case<'_>) -> Option<Rewrite> {
    let fix = |s: &str| -> String {
        let t = trim(s);
        let prefix = if starts_with_ignore_case(&t, "file:") {
            5
        } else {
            0
        };
        let slashes = leading_slashes(&t[prefix..]);
        if slashes >= 4 {
            format!("{}///{}", &t[..prefix], &t[prefix + slashes..])
        } else {
            t
        }
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
        decision: "Chromium reads the leading slashes after file: as three",
    })
}

/// `file:C:…` against a file base is resolved as a relative path.
fn file_colon_relative(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    let drive = t.get(5..7).is_some_and(is_drive);
    if case.base_scheme().as_deref() != Some("file")
        || !starts_with_ignore_case(t, "file:")
        || !drive
    {
        return None;
    }
    Some(Rewrite {
        input: format!("./{}", &t[5..]),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Chromium resolves file: and a drive letter as a relative path",
    })
}

/// Backslashes in a relative path reference against a non-special base
/// are read as slashes (before the query).
fn backslash_relative_path(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    if !case.non_special_base()
        || case.scheme().is_some()
        || t.starts_with('\\')
        || leading_slashes(t) >= 2
    {
        return None;
    }
    let (h, tail) = head_tail(t);
    if !h.contains('\\') {
        return None;
    }
    Some(Rewrite {
        input: format!("{}{tail}", h.replace('\\', "/")),
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Chromium reads the backslashes of the relative path as slashes",
    })
}

/// A reference starting with a backslash against a non-special base: one
/// backslash (then no slash) makes it path-absolute, every backslash a
/// slash; two slash-like code points drop the base's host, and the
/// reference is read as the base's scheme and the path (a slash put in
/// front when it starts with a backslash).
fn backslash_reference(case: &Case<'_>) -> Option<Rewrite> {
    let t = &case.trimmed;
    let base = case.base_answer().as_ref()?;
    if !case.non_special_base()
        || case.scheme().is_some()
        || !(t.starts_with('\\') || t.starts_with("/\\"))
    {
        return None;
    }
    let (h, tail) = head_tail(t);
    let input = if leading_slashes(t) == 1 {
        format!("{}{tail}", h.replace('\\', "/"))
    } else {
        let lead = if t.starts_with('\\') { "/" } else { "" };
        format!("{}:{lead}{t}", base.scheme())
    };
    Some(Rewrite {
        input,
        base: case.base.as_deref().map(str::to_owned),
        post: None,
        decision: "Chromium reads a leading backslash its own way: the reference is path-absolute, or the whole path",
    })
}

/// A drive letter where a file URL's host goes is refused.
fn file_drive_authority(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if a.scheme() != "file" || !case.is_file() {
        return None;
    }
    input_authority(&case.trimmed)
        .filter(|au| is_drive(au))
        .map(|_| Edit {
            answer: None,
            decision: "Chromium refuses a drive letter in the host's place",
        })
}

/// A reference against a file base with an empty host, whose path comes
/// out starting `//`, is written `file:///.//…`: the `/.` the Standard
/// writes only for a URL without a host. The pathname getter leaves it out.
fn file_reference_slash_dot(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if a.scheme() != "file"
        || !a.hostname.is_empty()
        || !a.pathname.starts_with("//")
        || case.base_scheme().as_deref() != Some("file")
    {
        return None;
    }
    // A reference: no scheme, or `file:` without two slashes after it.
    let rest = match case.scheme().as_deref() {
        None => &case.trimmed[..],
        Some("file") => &case.trimmed[5..],
        Some(_) => return None,
    };
    if leading_slashes(rest) >= 2 {
        return None;
    }
    let path = a.href.strip_prefix("file://")?;
    Some(Edit {
        answer: Some(Getters {
            href: format!("file:///.{path}"),
            ..a.clone()
        }),
        decision: "Chromium writes '/.' before the path that starts '//'",
    })
}

/// A file URL whose authority is followed directly by `?` or `#` is refused.
fn file_host_then_query(case: &Case<'_>, a: &Getters) -> Option<Edit> {
    if a.scheme() != "file" || !case.is_file() {
        return None;
    }
    let t = &case.trimmed;
    let rest = if starts_with_ignore_case(t, "file:") {
        &t[5..]
    } else {
        &t[..]
    };
    let b = rest.as_bytes();
    if b.len() < 2 || !is_slash(b[0]) || !is_slash(b[1]) {
        return None;
    }
    let after = &rest[2..];
    let end = after.find(['/', '\\', '?', '#'])?;
    matches!(after.as_bytes()[end], b'?' | b'#').then_some(Edit {
        answer: None,
        decision: "Chromium refuses a file URL with no path before '?' or '#'",
    })
}

/// A few schemes keep their whole text after the colon as the path, as
/// typed but for controls and non-ASCII, percent-encoded: no host, no
/// port, no dot segments.
fn path_only_schemes(case: &Case<'_>) -> Option<Own> {
    let scheme = case.scheme()?;
    if !PATH_ONLY_SCHEMES.contains(&scheme.as_str()) {
        return None;
    }
    let rest = &case.trimmed[scheme.len() + 1..];
    let (path, tail) = head_tail(rest);
    let (query, fragment) = match tail.strip_prefix('?') {
        Some(q) => match q.split_once('#') {
            Some((q, f)) => (Some(q), Some(f)),
            None => (Some(q), None),
        },
        None => (None, tail.strip_prefix('#')),
    };
    let encoded = |s: &str, set: &EncodeSet| {
        let mut out = String::with_capacity(s.len());
        percent_sets::push_str(&mut out, s, set);
        out
    };
    let parts = Parts {
        scheme,
        authority: None,
        path: encoded(path, &percent_sets::C0_CONTROL),
        query: query.map(|q| encoded(q, &percent_sets::SPECIAL_QUERY)),
        fragment: fragment.map(|f| encoded(f, &percent_sets::FRAGMENT)),
    };
    Some(Own {
        // With no authority, a path that starts `//` is the path.
        answer: Some(parts.getters()),
        decision: "Chromium takes everything after this scheme for the path",
    })
}

/// A reference against a base of those schemes is resolved against the
/// base's path, `//` and all, and written `scheme:/.//…` when the path
/// changes (the base's text is kept when only the query or fragment do).
fn path_only_base(case: &Case<'_>) -> Option<Rewrite> {
    let base = trim(case.base.as_deref()?);
    let scheme = scheme_of(&base)?;
    let rest = &base[scheme.len() + 1..];
    if !PATH_ONLY_SCHEMES.contains(&scheme.as_str())
        || !rest.starts_with("//")
        || case.scheme().is_some()
    {
        return None;
    }
    let (base_path, _) = head_tail(rest);
    let kept_path = base_path.to_owned();
    Some(Rewrite {
        input: case.trimmed.clone(),
        base: Some(format!("{scheme}:/.{rest}")),
        post: Some(Box::new(move |answer| {
            answer.map(|mut a| {
                let marked = format!("{}/.", a.protocol);
                if a.pathname == kept_path && a.href.starts_with(&marked) {
                    a.href = format!("{}{}", a.protocol, &a.href[marked.len()..]);
                }
                a
            })
        })),
        decision: "Chromium reads the base's whole text after the scheme as its path",
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Browser, parse};
    use crate::engine::NoTrace;
    use crate::engine::trace::{StepId, Trace};

    /// Chromium's href for `input` against `base`, and the departures made
    /// (each also a step of the traced parse).
    fn chromium(input: &str, base: Option<&str>) -> (Option<String>, Vec<StepId>) {
        let mut trace = Trace::default();
        let traced = parse(Browser::Chromium, input, base, &mut trace);
        let untraced = parse(Browser::Chromium, input, base, &mut NoTrace);
        assert_eq!(traced.answer, untraced.answer, "{input}");
        for id in &traced.departures {
            assert!(trace.steps.iter().any(|s| s.id == *id), "{input}: {id:?}");
        }
        (traced.answer.map(|a| a.href), traced.departures)
    }

    fn href(s: &str) -> Option<String> {
        Some(s.to_owned())
    }

    #[test]
    fn the_ipv4_part_of_an_ipv6_address_takes_ipv4_numbers() {
        let id = StepId::ChromiumIpv6Ipv4Numbers;
        assert_eq!(
            chromium("http://[::0.00.255.255]/", None),
            (href("http://[::ffff]/"), vec![id])
        );
        assert_eq!(
            chromium("http://[a:b:c:d:e:f:127.0.0.011]/", None),
            (href("http://[a:b:c:d:e:f:7f00:9]/"), vec![id])
        );
        assert_eq!(
            chromium("git://[::ffff:0xC0.0Xa8.0x0.0x1]/", None),
            (href("git://[::ffff:c0a8:1]/"), vec![id])
        );
        assert_eq!(chromium("http://[::1.2.0x3]/", None), (None, vec![]));
    }

    #[test]
    fn a_percent_inside_brackets_is_decoded_in_a_special_host() {
        let id = StepId::ChromiumIpv6PercentInBrackets;
        assert_eq!(
            chromium("http://[::%31]/", None),
            (href("http://[::1]/"), vec![id])
        );
        // The port after the bracket stays the port.
        assert_eq!(
            chromium("http://[::%31]:81/", None),
            (href("http://[::1]:81/"), vec![id])
        );
        assert_eq!(
            chromium("http://[::1%5D/", None),
            (href("http://[::1]/"), vec![id])
        );
        assert_eq!(
            chromium("http://[::ffff:%30x7f.1.2.3]/", None),
            (
                href("http://[::ffff:7f01:203]/"),
                vec![id, StepId::ChromiumIpv6Ipv4Numbers]
            )
        );
        // Not in a non-special host, and a zone is no address.
        assert_eq!(chromium("git://[::%31]/", None), (None, vec![]));
        assert_eq!(chromium("http://[fe80::1%25eth0]/", None), (None, vec![]));
    }

    #[test]
    fn an_encoded_bracket_is_found_before_the_port_is_cut() {
        let id = StepId::ChromiumIpv6PercentDecoded;
        assert_eq!(
            chromium("http://%5B::1]:80/", None),
            (href("http://[::1]/"), vec![id])
        );
        // No ']' written: the port is after the last colon, so the host is
        // '%5B:' and fails.
        assert_eq!(chromium("http://%5B::%31%5D/", None), (None, vec![]));
    }

    #[test]
    fn a_file_reference_keeps_slash_dot_before_two_slashes() {
        let id = StepId::ChromiumFileReferenceSlashDot;
        assert_eq!(
            chromium("/.//x?q#f", Some("file:///")),
            (href("file:///.//x?q#f"), vec![id])
        );
        assert_eq!(
            chromium("..//x", Some("file:///a/")),
            (href("file:///.//x"), vec![id])
        );
        let a = parse(Browser::Chromium, "/.//x", Some("file:///"), &mut NoTrace);
        assert_eq!(a.answer.map(|a| a.pathname).as_deref(), Some("//x"));
        // Not an absolute URL, nor with a host.
        assert_eq!(chromium("file:///.//x", None), (href("file:////x"), vec![]));
        assert_eq!(
            chromium("/.//x", Some("file://h/")),
            (href("file://h//x"), vec![])
        );
    }

    #[test]
    fn localhost_is_emptied_before_a_drive_letter_written_with_a_pipe() {
        assert_eq!(
            chromium("file://localhost/c|/x", None),
            (href("file:///c%7C/x"), vec![StepId::ChromiumPipeInPath])
        );
    }
}
