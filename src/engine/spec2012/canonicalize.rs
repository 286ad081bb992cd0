//! The *steps to canonicalize a URL* ("Canonicalization" section): scheme,
//! user-info, the `file` host and path rules (the HOSTPATH loop), host (see
//! [`super::host`]), port, path, query in the chosen encoding, fragment.

use std::borrow::Cow;

use encoding_rs::{Encoding, UTF_8};

use super::chars::{
    AsciiSet, UNRESERVED, is_drive_spec, is_slash, leading_drive_segment, leading_slashes,
    starts_with_slash,
};
use super::failure::{Failure, Reason};
use super::host::canonicalize_host;
use super::model::{Component, Mode, ParsedUrl};
use super::percent::{
    HexCase, OctetSet, decode_ascii_where, decode_to_bytes, describe_decoded, encode_in,
    encode_utf8,
};
use crate::engine::trace::{Step, StepId, Tracer};

/// User-info: every octet but the unreserved ones and `! $ % & ' ( ) * + ,`.
/// Interpretation: the spec lists "0x2D (,)"; 0x2D is `-` (unreserved anyway)
/// and the comma is 0x2C, so the comma is kept, as the character name says.
const USERINFO_ENCODE: OctetSet =
    OctetSet::new(UNRESERVED.add_all(b"!$%&'()*+,").complement(), true);
/// Path of hierarchical and `mailto:` URLs (same reading of "0x2D (,)").
const PATH_ENCODE: OctetSet =
    OctetSet::new(UNRESERVED.add_all(b"!#$%&'()*+,/:;=@[]").complement(), true);
/// Path of other URLs: controls, DEL and non-ASCII.
const OPAQUE_PATH_ENCODE: OctetSet = OctetSet::new(AsciiSet::C0.add(0x7F), true);
/// Query: the path's set also keeps `\ ^ ` { | }`, and `?`.
///
/// Interpretation: the spec's list lacks 0x3F, but the suite keeps a `?`
/// inside a query as it is (`http://foo?bar?baz`), as RFC 3986 allows.
const QUERY_ENCODE: OctetSet = OctetSet::new(
    UNRESERVED
        .add_all(b"!#$%&'()*+,/:;=?@[]\\^`{|}")
        .complement(),
    true,
);
/// Fragment: controls and DEL (C1 controls are handled first).
const FRAGMENT_ENCODE: OctetSet = OctetSet::new(AsciiSet::C0.add(0x7F), false);

/// Marks `u` invalid and says why: the step, the reason, and where in the
/// input the component `part` came from.
fn invalid(
    u: &mut ParsedUrl,
    step: StepId,
    reason: Reason,
    part: Component,
) -> Result<(), Failure> {
    u.invalid = true;
    let range = u.span(part);
    Err(Failure {
        step,
        reason,
        range,
    })
}

/// The port cannot be read: records the failing step and marks `u` invalid.
fn port_invalid<T: Tracer>(u: &mut ParsedUrl, reason: Reason, tr: &mut T) -> Result<(), Failure> {
    tr.record(|| {
        Step::new(StepId::CanonPortInvalid)
            .about(Component::Port)
            .decide(reason.to_string())
            .fail()
    });
    invalid(u, StepId::CanonPortInvalid, reason, Component::Port)
}

/// The default port of a scheme ("Port numbers" table), lowercase scheme.
pub fn default_port(scheme: &str) -> Option<u32> {
    Some(match scheme {
        "ftp" => 21,
        "gopher" => 70,
        "http" | "ws" => 80,
        "https" | "wss" => 443,
        "telnet" | "tn3270" => 23,
        "rlogin" => 513,
        _ => return None,
    })
}

/// How many times the HOSTPATH loop may run. Each pass only canonicalizes
/// further, so two or three passes settle every input; the cap only guards
/// against a loop that never settles.
const MAX_HOSTPATH_PASSES: usize = 8;

/// The new value in `value`, if a step produced one.
fn changed(value: Cow<'_, str>) -> Option<String> {
    match value {
        Cow::Borrowed(_) => None,
        Cow::Owned(s) => Some(s),
    }
}

/// Sets component `c` of `u` to `value` if it differs, recording the change.
fn update<T: Tracer>(
    u: &mut ParsedUrl,
    c: Component,
    value: Option<String>,
    id: StepId,
    tr: &mut T,
) {
    if let Some(new) = value {
        let slot = u.get_mut(c);
        if slot.as_deref() != Some(new.as_str()) {
            tr.record(|| Step::change(id, c, slot.as_deref(), Some(&new)));
            *slot = Some(new);
        }
    }
}

/// Canonicalizes `u` in place with the query `encoding` (already resolved to
/// an ASCII-compatible one) in `mode`. On failure `u` is marked invalid and
/// the failure says which step failed.
pub fn canonicalize<T: Tracer>(
    u: &mut ParsedUrl,
    encoding: &'static Encoding,
    mode: Mode,
    tr: &mut T,
) -> Result<(), Failure> {
    // First step: an invalid URL stays invalid.
    if u.invalid {
        tr.record(|| Step::new(StepId::CanonInvalid).fail());
        let reason = if u.scheme.is_none() {
            Reason::NoSchemeNoBase
        } else {
            Reason::Unresolvable
        };
        return invalid(u, StepId::CanonInvalid, reason, Component::Scheme);
    }

    // Scheme
    if let Some(scheme) = &u.scheme
        && scheme.bytes().any(|b| b.is_ascii_uppercase())
    {
        let lower = scheme.to_ascii_lowercase();
        update(u, Component::Scheme, Some(lower), StepId::CanonScheme, tr);
    }
    // The scheme is final now; it is lent to the remaining steps (taken out
    // of `u` so that they can change `u` while reading it) and put back.
    let scheme = u.scheme.take();
    let result = canonicalize_after_scheme(u, scheme.as_deref().unwrap_or(""), encoding, mode, tr);
    u.scheme = scheme;
    result
}

/// Canonicalization from the user-info on, with the (lowercase) scheme:
/// the spec's sections in order.
fn canonicalize_after_scheme<T: Tracer>(
    u: &mut ParsedUrl,
    scheme: &str,
    encoding: &'static Encoding,
    mode: Mode,
    tr: &mut T,
) -> Result<(), Failure> {
    canonicalize_userinfo(u, tr);
    host_path(u, scheme, mode, tr)?;
    dot_prefix(u, tr);
    canonicalize_query(u, encoding, tr);
    canonicalize_fragment(u, tr);
    Ok(())
}

/// Canonicalization, user-info: empty parts dropped, the rest encoded.
fn canonicalize_userinfo<T: Tracer>(u: &mut ParsedUrl, tr: &mut T) {
    if u.user.is_none() && u.password.is_none() {
        return;
    }
    if u.password.as_deref() == Some("") {
        tr.record(|| {
            Step::change(
                StepId::CanonEmptyPassword,
                Component::Password,
                Some(""),
                None,
            )
        });
        u.password = None;
    }
    if u.user.as_deref() == Some("") && u.password.is_none() {
        tr.record(|| Step::change(StepId::CanonEmptyUser, Component::User, Some(""), None));
        u.user = None;
    }
    for c in [Component::User, Component::Password] {
        if let Some(v) = u.get(c) {
            let encoded = changed(encode_utf8(v, &USERINFO_ENCODE, HexCase::Upper));
            update(u, c, encoded, StepId::CanonUserEncode, tr);
        }
    }
}

/// Canonicalization, HOSTPATH: the `file` rules, host, port and path, run
/// again for a `file` URL while its host or path still changes.
fn host_path<T: Tracer>(
    u: &mut ParsedUrl,
    scheme: &str,
    mode: Mode,
    tr: &mut T,
) -> Result<(), Failure> {
    let is_file = scheme == "file";
    for pass in 0..MAX_HOSTPATH_PASSES {
        // Only file URLs compare against the values at HOSTPATH.
        let (original_host, original_path) = if is_file {
            (u.host.clone(), u.path.clone())
        } else {
            (None, None)
        };
        if is_file {
            file_host_path(u, tr);
        }
        canonicalize_host_component(u, is_file, mode, tr)?;
        canonicalize_port(u, scheme, tr)?;
        canonicalize_path(u, scheme, tr);
        // Go to HOSTPATH while a file URL's host or path still changes.
        if is_file
            && (u.host != original_host || u.path != original_path)
            && pass + 1 < MAX_HOSTPATH_PASSES
        {
            tr.record(|| {
                Step::new(StepId::CanonFileRerun)
                    .decide("the host or path changed: run HOSTPATH again")
            });
            continue;
        }
        break;
    }
    Ok(())
}

/// Canonicalization, host: CanonicalizeHost, or the URL is invalid.
fn canonicalize_host_component<T: Tracer>(
    u: &mut ParsedUrl,
    is_file: bool,
    mode: Mode,
    tr: &mut T,
) -> Result<(), Failure> {
    if let Some(host) = u.host.as_deref() {
        match canonicalize_host(host, is_file, mode, tr) {
            Ok(Cow::Borrowed(_)) => {}
            Ok(Cow::Owned(h)) => {
                // The host's own steps recorded every change.
                if h != host {
                    tr.record(|| {
                        Step::new(StepId::CanonHost)
                            .about(Component::Host)
                            .decide(format!("CanonicalizeHost gave {h:?}"))
                    });
                    u.host = Some(h);
                }
            }
            Err(f) => return invalid(u, f.step, f.reason, Component::Host),
        }
    }
    Ok(())
}

/// Canonicalization, port: empty and default ports dropped, the rest in
/// shortest decimal form, or the URL is invalid.
fn canonicalize_port<T: Tracer>(
    u: &mut ParsedUrl,
    scheme: &str,
    tr: &mut T,
) -> Result<(), Failure> {
    if let Some(port) = u.port.as_deref() {
        if port.is_empty() {
            tr.record(|| Step::change(StepId::CanonPortEmpty, Component::Port, Some(""), None));
            u.port = None;
        } else if port.bytes().all(|b| b.is_ascii_digit()) {
            // Leading zeros are dropped first so that any length of digits
            // reads without overflow.
            let digits = port.trim_start_matches('0');
            let p: Option<u32> = if digits.len() > 5 {
                None
            } else {
                Some(digits.parse().unwrap_or(0))
            };
            match (p, default_port(scheme)) {
                (Some(p), Some(d)) if p == d => {
                    tr.record(|| {
                        Step::change(StepId::CanonPortDefault, Component::Port, Some(port), None)
                            .decide(format!("{p} is the default port of {scheme}"))
                    });
                    u.port = None;
                }
                (Some(p), default) if p <= 65535 => {
                    if default.is_none() {
                        tr.record(|| {
                            Step::new(StepId::CanonPortNumber)
                                .about(Component::Port)
                                .decide(format!("no default port for the scheme {scheme:?}"))
                        });
                    }
                    // Only leading zeros make the written port differ
                    // from its shortest form.
                    if port.len() > 1 && port.starts_with('0') {
                        let shortest = p.to_string();
                        update(
                            u,
                            Component::Port,
                            Some(shortest),
                            StepId::CanonPortNumber,
                            tr,
                        );
                    }
                }
                _ => {
                    return port_invalid(u, Reason::PortTooLarge, tr);
                }
            }
        } else {
            return port_invalid(u, Reason::PortNotNumber, tr);
        }
    }
    Ok(())
}

/// Canonicalization, path: a leading slash for hierarchical URLs, then
/// unreserved escapes decoded and what may not stand encoded.
fn canonicalize_path<T: Tracer>(u: &mut ParsedUrl, scheme: &str, tr: &mut T) {
    if u.hierarchical {
        match u.path.as_deref() {
            None | Some("") => update(
                u,
                Component::Path,
                Some("/".to_owned()),
                StepId::CanonPathSlash,
                tr,
            ),
            Some(p) if !p.starts_with('/') => {
                let slashed = format!("/{p}");
                update(
                    u,
                    Component::Path,
                    Some(slashed),
                    StepId::CanonPathSlash,
                    tr,
                );
            }
            Some(_) => {}
        }
    }
    if let Some(path) = u.path.as_deref() {
        if u.hierarchical || scheme == "mailto" {
            let unreserved = |b| UNRESERVED.contains(b);
            if let Some(decoded) = changed(decode_ascii_where(path, unreserved)) {
                // The decision names each escape decoded (built only when tracing).
                tr.record(|| {
                    Step::change(
                        StepId::CanonPathDecode,
                        Component::Path,
                        Some(path),
                        Some(&decoded),
                    )
                    .decide(describe_decoded(path, unreserved))
                });
                u.path = Some(decoded);
            }
            let path = u.path.as_deref().unwrap_or("");
            let encoded = changed(encode_utf8(path, &PATH_ENCODE, HexCase::Upper));
            update(u, Component::Path, encoded, StepId::CanonPathEncode, tr);
        } else {
            let encoded = changed(encode_utf8(path, &OPAQUE_PATH_ENCODE, HexCase::Upper));
            update(
                u,
                Component::Path,
                encoded,
                StepId::CanonOpaquePathEncode,
                tr,
            );
        }
    }
}

/// Canonicalization, the "/." prefix of a path that starts with "//".
fn dot_prefix<T: Tracer>(u: &mut ParsedUrl, tr: &mut T) {
    // The "/." prefix. Interpretation: the spec says "if the scheme is not
    // hierarchical", but the rule only makes sense, and the suite only expects
    // it, for hierarchical URLs (`unknown:/.//bar` keeps its "/.", while
    // `about://x` and `mailto://x` are left alone): a hierarchical path that
    // starts with "//" would read back as an authority.
    if u.hierarchical
        && let Some(path) = u.path.as_deref()
        && path.starts_with("//")
    {
        let only_empty_host = u.host.as_deref() == Some("")
            && u.user.is_none()
            && u.password.is_none()
            && u.port.is_none();
        if !u.has_authority() || only_empty_host {
            let prefixed = format!("/.{path}");
            update(
                u,
                Component::Path,
                Some(prefixed),
                StepId::CanonDotPrefix,
                tr,
            );
        }
    }
}

/// Canonicalization, query: encoded in the query encoding (hierarchical
/// URLs) or UTF-8.
fn canonicalize_query<T: Tracer>(u: &mut ParsedUrl, encoding: &'static Encoding, tr: &mut T) {
    if let Some(query) = u.query.as_deref() {
        let query_encoding = if u.hierarchical { encoding } else { UTF_8 };
        if query_encoding != UTF_8 {
            tr.record(|| {
                Step::new(StepId::CanonQueryEncoding)
                    .about(Component::Query)
                    .decide(format!("the query is encoded in {}", query_encoding.name()))
            });
        }
        let encoded = changed(encode_in(query, query_encoding, &QUERY_ENCODE));
        update(u, Component::Query, encoded, StepId::CanonQueryEncode, tr);
    }
}

/// Canonicalization, fragment: C1 controls, then C0 controls and DEL, encoded.
fn canonicalize_fragment<T: Tracer>(u: &mut ParsedUrl, tr: &mut T) {
    if let Some(fragment) = u.fragment.as_deref() {
        if fragment.chars().any(|c| ('\u{80}'..='\u{9F}').contains(&c)) {
            let mut out = String::with_capacity(fragment.len() + 8);
            for c in fragment.chars() {
                if ('\u{80}'..='\u{9F}').contains(&c) {
                    let mut buf = [0u8; 4];
                    for &b in c.encode_utf8(&mut buf).as_bytes() {
                        super::percent::push_percent(&mut out, b, HexCase::Upper);
                    }
                } else {
                    out.push(c);
                }
            }
            update(
                u,
                Component::Fragment,
                Some(out),
                StepId::CanonFragmentC1,
                tr,
            );
        }
        let fragment = u.fragment.as_deref().unwrap_or("");
        let encoded = changed(encode_utf8(fragment, &FRAGMENT_ENCODE, HexCase::Upper));
        update(
            u,
            Component::Fragment,
            encoded,
            StepId::CanonFragmentEncode,
            tr,
        );
    }
}

/// The `file` rules at the top of HOSTPATH: drive hosts, `localhost`, UNC
/// paths, drive paths.
fn file_host_path<T: Tracer>(u: &mut ParsedUrl, tr: &mut T) {
    if let Some(host) = u.host.as_deref().filter(|h| is_drive_spec(h)) {
        // The host is a drive specification.
        let original_path = u.path.as_deref();
        let slash = if original_path.is_none_or(|p| !starts_with_slash(p)) {
            "/"
        } else {
            ""
        };
        let path = format!("/{host}{slash}{}", original_path.unwrap_or(""));
        tr.record(|| {
            Step::change(
                StepId::CanonFileHostDrive,
                Component::Path,
                u.path.as_deref(),
                Some(&path),
            )
            .decide(format!("the host {host:?} is a drive letter"))
        });
        tr.record(|| {
            Step::change(
                StepId::CanonFileHostDrive,
                Component::Host,
                Some(host),
                Some(""),
            )
        });
        u.path = Some(path);
        u.host = Some(String::new());
        return;
    }
    if u.host.is_none() || u.host.as_deref() == Some("localhost") {
        tr.record(|| {
            Step::change(
                StepId::CanonFileLocalhost,
                Component::Host,
                u.host.as_deref(),
                Some(""),
            )
        });
        u.host = Some(String::new());
    }
    let Some(path) = u.path.as_deref() else {
        return;
    };
    if u.host.as_deref() == Some("") && leading_slashes(path) >= 3 {
        let rest = path.trim_start_matches(['/', '\\']);
        let host_len = rest.bytes().take_while(|&b| !is_slash(b)).count();
        let (host, new_path) = (rest[..host_len].to_owned(), rest[host_len..].to_owned());
        tr.record(|| {
            Step::change(
                StepId::CanonFileUncPath,
                Component::Host,
                Some(""),
                Some(&host),
            )
        });
        tr.record(|| {
            Step::change(
                StepId::CanonFileUncPath,
                Component::Path,
                Some(path),
                Some(&new_path),
            )
        });
        u.host = Some(host);
        u.path = Some(new_path);
    }
    let path = u.path.as_deref().unwrap_or("");
    if let Some((_, end)) = leading_drive_segment(path, true) {
        // The letter, percent-decoded, then ":/"; a following slash is replaced too.
        let drive = &path[..end];
        let letter = decode_to_bytes(drive.trim_start_matches(['/', '\\']))
            .first()
            .copied()
            .unwrap_or(b'c');
        let after = if path[end..].starts_with(['/', '\\']) {
            &path[end + 1..]
        } else {
            &path[end..]
        };
        let new_path = format!("/{}:/{after}", char::from(letter));
        if new_path != path {
            tr.record(|| {
                Step::change(
                    StepId::CanonFileDrivePath,
                    Component::Path,
                    Some(path),
                    Some(&new_path),
                )
            });
            u.path = Some(new_path);
        }
        if u.host.as_deref() == Some("%3F") {
            tr.record(|| {
                Step::change(
                    StepId::CanonFileHost3F,
                    Component::Host,
                    Some("%3F"),
                    Some(""),
                )
            });
            u.host = Some(String::new());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{self, NoTrace, Options, Outcome, QueryEncoding};

    fn canon(input: &str, base: Option<&str>) -> Option<String> {
        let options = Options::default().base(base.unwrap_or_default());
        engine::run(input, &options, &mut NoTrace).canon
    }

    /// The untraced run of `input` with its query in `encoding`.
    fn encoded(input: &str, encoding: QueryEncoding) -> Outcome {
        engine::run(input, &Options::default().encoding(encoding), &mut NoTrace)
    }

    #[test]
    fn dot_prefix_guards_hierarchical_paths() {
        // "/foo/.." leaves "//bar", which would read back as an authority.
        assert_eq!(
            canon("/foo/..//bar", Some("unknown:/hoge/")).as_deref(),
            Some("unknown:/.//bar")
        );
        assert_eq!(
            canon("file:///.//bar", None).as_deref(),
            Some("file:///.//bar")
        );
        // Not for the schemes that are not hierarchical.
        assert_eq!(canon("about://x", None).as_deref(), Some("about://x"));
    }

    #[test]
    fn file_hosts_and_drives() {
        assert_eq!(
            canon("file://localhost/c|/x", None).as_deref(),
            Some("file:///c:/x")
        );
        assert_eq!(canon("file://c:/x", None).as_deref(), Some("file:///c:/x"));
        assert_eq!(canon("file:///c/", None).as_deref(), Some("file:///c/"));
        assert_eq!(
            canon("\\\\server\\share\\f", None).as_deref(),
            Some("file://server/share/f")
        );
        assert_eq!(
            canon("file://///host/share", None).as_deref(),
            Some("file://host/share")
        );
    }

    #[test]
    fn ports_and_userinfo() {
        assert_eq!(canon("http://a:080/", None).as_deref(), Some("http://a/"));
        assert_eq!(
            canon("http://a:0081/", None).as_deref(),
            Some("http://a:81/")
        );
        assert_eq!(canon("foo://a:080/", None).as_deref(), Some("foo://a:80/"));
        assert_eq!(canon("http://a:/", None).as_deref(), Some("http://a/"));
        assert_eq!(canon("http://a:65536/", None), None);
        assert_eq!(canon("http://a:99999999999999999999/", None), None);
        assert_eq!(canon("http://a:8x/", None), None);
        assert_eq!(canon("http://:@a/", None).as_deref(), Some("http://a/"));
        assert_eq!(
            canon("http://u s:p,w@a/", None).as_deref(),
            Some("http://u%20s:p,w@a/")
        );
    }

    #[test]
    fn query_and_fragment() {
        let sjis = QueryEncoding::from_label("shift_jis");
        let out = encoded("http://a/\u{3042}?\u{3042}", sjis);
        assert_eq!(out.canon.as_deref(), Some("http://a/%E3%81%82?%82%A0"));
        // Not hierarchical: the query is UTF-8 whatever the encoding.
        let out = encoded("mailto:x?\u{3042}", sjis);
        assert_eq!(out.canon.as_deref(), Some("mailto:x?%E3%81%82"));
        assert_eq!(
            canon("http://a/#\u{85}\u{e9}\u{1}", None).as_deref(),
            Some("http://a/#%C2%85\u{e9}%01")
        );
        assert_eq!(
            canon("http://a/?a b\"<>`", None).as_deref(),
            Some("http://a/?a%20b%22%3C%3E`")
        );
    }
}
