//! w3lib 2.5.0's `w3lib.url.canonicalize_url(url)`, modelled: the URL
//! Scrapy fingerprints requests by (with `keep_blank_values=True`,
//! `encoding=None`, the `&` query separator, and `keep_fragments` as
//! asked). Each decision is a step of stage
//! [`Stage::W3lib`](crate::engine::Stage::W3lib) citing the file and
//! function it models; `tests/canon_w3lib.rs` holds the model to the
//! package's answers.
//!
//! w3lib carries its own URL splitter (w3lib/_url.py), not
//! `urllib.parse`'s. In order:
//! 1. `_strip`: a URL holding a C0 control or a space anywhere has those
//!    stripped from both ends and every tab, CR and LF removed;
//! 2. `_urlsplit`: a scheme is whatever is scheme-shaped before the first
//!    ':' (lowercased); in the special schemes '\' before the query is '/';
//!    after '//' the netloc runs to '/', '?' or '#'; unpaired brackets, a
//!    bracketed host that is no IPv6 (or IPvFuture) address, a netloc that
//!    NFKC gives a delimiter, and a port that is not ASCII digits up to
//!    65535 raise ValueError; the fragment follows the first '#', the query
//!    the first '?' before it; the host is lowercased up to a '%';
//! 3. `_safe_url_split`: the userinfo is percent-decoded and encoded again,
//!    a host with ':' is bracketed again, a host that is not ASCII goes
//!    through NFKC and Python's IDNA 2003 codec (kept as it is where the
//!    codec raises), the port is written as a number; path, query and
//!    fragment are percent-encoded as UTF-8 with w3lib's "safest" sets; a
//!    special-scheme URL with a query and no path gets '/';
//! 4. `_split_params`: ';' in the last path segment starts the params, for
//!    the schemes of `urllib.parse.uses_params`;
//! 5. the query is parsed into byte pairs (`_parse_qsl`), sorted, and
//!    encoded again (`_urlencode`: unreserved bytes kept, space as '+');
//! 6. the path is percent-decoded (but for %25, %2F, %3B and %3F,
//!    `_unquotepath`) and encoded again with uppercase hex; an empty path
//!    is '/'; a path that starts with '/' has its dot segments resolved;
//! 7. the fragment is dropped unless `keep_fragments`;
//! 8. host and port are lowercased, the userinfo is not, and an IPv6
//!    address is written as Python's `ipaddress` writes it;
//! 9. `_urlunparse` writes the URL back.
//!
//! The result's [`components`](CanonForm::components) are read off the
//! returned URL: the scheme where there is one; user (and password, after
//! the userinfo's first ':') where the netloc has an '@'; the host (with
//! its brackets, as in the URL) and the port where the netloc is not empty;
//! the path, with `;params`, always (it is never empty); the query and the
//! fragment where they are not empty (an empty one is not written).

mod python;
mod safe;
mod split;

use self::python::{NONE, PATH_SAFE, lower, partition, quote, rpartition, unquote};
use self::safe::safe_url_split;
use super::CanonForm;
use super::python_ipaddress::{Ip, ip_address};
use crate::engine::{Component, Step, StepId, Tracer};

/// What `w3lib.url.canonicalize_url(url, keep_fragments=keep_fragments)`
/// returns, or the exception it raises as Python prints it
/// (`ValueError: Port out of range 0-65535`).
pub fn canonicalize_url<T: Tracer>(
    url: &str,
    keep_fragments: bool,
    tr: &mut T,
) -> Result<CanonForm, String> {
    // canonicalize_url retries _safe_url_split with UTF-8 on a
    // UnicodeEncodeError; with the default encoding (UTF-8 already) the
    // retry raises again, so the first error is the answer.
    let parts = safe_url_split(url, tr)?;
    let scheme = parts.scheme;
    let (path, params) = split_params(&scheme, &parts.path, tr);
    let query = sort_query(&parts.query, tr);

    let requoted = if path.is_empty() {
        "/".to_owned()
    } else {
        quote(&unquote_path(&path), PATH_SAFE, false)
    };
    if requoted != path {
        tr.record(|| {
            Step::change(
                StepId::W3libPathRequote,
                Component::Path,
                Some(&path),
                Some(&requoted),
            )
        });
    }
    let path = if requoted.starts_with('/') {
        let resolved = remove_dot_segments(&requoted);
        if resolved != requoted {
            tr.record(|| {
                Step::change(
                    StepId::W3libDotSegments,
                    Component::Path,
                    Some(&requoted),
                    Some(&resolved),
                )
            });
        }
        resolved
    } else {
        requoted
    };

    let fragment = if keep_fragments {
        parts.fragment
    } else {
        if !parts.fragment.is_empty() {
            tr.record(|| {
                Step::change(
                    StepId::W3libFragment,
                    Component::Fragment,
                    Some(&parts.fragment),
                    None,
                )
                .decide("keep_fragments is False")
            });
        }
        String::new()
    };

    let netloc = lower_host(&parts.netloc, tr);
    let netloc = normalize_ipv6_host(&netloc, tr);
    let canon = urlunparse(&scheme, &netloc, &path, &params, &query, &fragment);
    tr.record(|| Step::new(StepId::W3libUnparse).decide(format!("the URL is {canon:?}")));
    let components = components(&scheme, &netloc, &path, &params, &query, &fragment);
    Ok(CanonForm {
        canon,
        components,
        key: None,
        lookups: Vec::new(),
    })
}

/// `urllib.parse.uses_params` (Python 3.11), with '' for no scheme.
fn uses_params(scheme: &str) -> bool {
    matches!(
        scheme,
        "" | "ftp"
            | "hdl"
            | "prospero"
            | "http"
            | "imap"
            | "https"
            | "shttp"
            | "rtsp"
            | "rtsps"
            | "rtspu"
            | "sip"
            | "sips"
            | "mms"
            | "sftp"
            | "tel"
    )
}

/// `urllib.parse.uses_netloc` (Python 3.11), with '' for no scheme.
fn uses_netloc(scheme: &str) -> bool {
    matches!(
        scheme,
        "" | "ftp"
            | "http"
            | "gopher"
            | "nntp"
            | "telnet"
            | "imap"
            | "wais"
            | "file"
            | "mms"
            | "https"
            | "shttp"
            | "snews"
            | "prospero"
            | "rtsp"
            | "rtsps"
            | "rtspu"
            | "rsync"
            | "svn"
            | "svn+ssh"
            | "sftp"
            | "nfs"
            | "git"
            | "git+ssh"
            | "ws"
            | "wss"
    )
}

/// `_split_params(scheme, path)`: the first ';' of the last segment starts
/// the params.
fn split_params<T: Tracer>(scheme: &str, path: &str, tr: &mut T) -> (String, String) {
    if uses_params(scheme) {
        let last = path.rfind('/').map_or(0, |i| i + 1);
        if let Some(semi) = path[last..].find(';').map(|i| i + last) {
            let (p, params) = (&path[..semi], &path[semi + 1..]);
            tr.record(|| {
                Step::change(StepId::W3libParams, Component::Path, Some(path), Some(p))
                    .decide(format!("the params are {params:?}"))
            });
            return (p.to_owned(), params.to_owned());
        }
    }
    (path.to_owned(), String::new())
}

/// canonicalize_url's query step: `_parse_qsl(query, keep_blank_values=True)`,
/// the pairs sorted when there are two or more, `_urlencode` of them.
fn sort_query<T: Tracer>(query: &str, tr: &mut T) -> String {
    if query.is_empty() {
        return String::new();
    }
    let mut pairs: Vec<(Vec<u8>, Vec<u8>)> = query
        .as_bytes()
        .split(|&b| b == b'&')
        .filter(|field| !field.is_empty())
        .map(|field| match field.iter().position(|&b| b == b'=') {
            Some(eq) => (unquote(&field[..eq], true), unquote(&field[eq + 1..], true)),
            None => (unquote(field, true), Vec::new()),
        })
        .collect();
    let show = |pairs: &[(Vec<u8>, Vec<u8>)]| {
        pairs
            .iter()
            .map(|(k, v)| {
                format!(
                    "({:?}, {:?})",
                    String::from_utf8_lossy(k),
                    String::from_utf8_lossy(v)
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    tr.record(|| {
        Step::new(StepId::W3libQueryParse)
            .about(Component::Query)
            .decide(format!("{} argument(s): {}", pairs.len(), show(&pairs)))
    });
    if pairs.len() > 1 {
        let before = T::ON.then(|| pairs.clone());
        pairs.sort();
        tr.record(|| {
            let moved = before.as_deref() != Some(&pairs[..]);
            Step::new(StepId::W3libQuerySort)
                .about(Component::Query)
                .decide(if moved {
                    format!("sorted by key, then value: {}", show(&pairs))
                } else {
                    "already sorted by key, then value".to_owned()
                })
        });
    }
    let encoded = pairs
        .iter()
        .map(|(k, v)| format!("{}={}", quote(k, NONE, true), quote(v, NONE, true)))
        .collect::<Vec<_>>()
        .join("&");
    if encoded != query {
        tr.record(|| {
            Step::change(
                StepId::W3libQueryEncode,
                Component::Query,
                Some(query),
                Some(&encoded),
            )
        });
    }
    encoded
}

/// `_unquotepath`: percent-decoded to bytes, but '%', '/', ';' and '?'
/// stay encoded (their escapes are escaped first, so that decoding gives
/// them back).
fn unquote_path(path: &str) -> Vec<u8> {
    if !path.contains('%') {
        return path.as_bytes().to_vec();
    }
    let kept = path
        .replace("%25", "%2525")
        .replace("%2f", "%252F")
        .replace("%2F", "%252F")
        .replace("%3b", "%253B")
        .replace("%3B", "%253B")
        .replace("%3f", "%253F")
        .replace("%3F", "%253F");
    unquote(kept.as_bytes(), false)
}

/// `_remove_dot_segments` (RFC 3986, 5.2.4) on a path that starts with '/'.
fn remove_dot_segments(path: &str) -> String {
    if !path.contains("/.") {
        return path.to_owned();
    }
    let segments: Vec<&str> = path[1..].split('/').collect();
    let Some((last, init)) = segments.split_last() else {
        return path.to_owned();
    };
    let mut out: Vec<&str> = Vec::new();
    for &s in init {
        if s == ".." {
            out.pop();
        } else if s != "." {
            out.push(s);
        }
    }
    match *last {
        ".." => {
            out.pop();
            out.push("");
        }
        "." => out.push(""),
        s => out.push(s),
    }
    format!("/{}", out.join("/"))
}

/// canonicalize_url's host step: what follows the netloc's last '@' is
/// lowercased and loses a trailing ':'.
fn lower_host<T: Tracer>(netloc: &str, tr: &mut T) -> String {
    let (userinfo, at, hostport) = rpartition(netloc, '@');
    let lowered = lower(hostport);
    let host = lowered.strip_suffix(':').unwrap_or(&lowered);
    let out = if at {
        format!("{userinfo}@{host}")
    } else {
        host.to_owned()
    };
    if out != netloc {
        tr.record(|| {
            Step::change(
                StepId::W3libHostLower,
                Component::Host,
                Some(hostport),
                Some(host),
            )
        });
    }
    out
}

/// `_normalize_ipv6_host`: what the first '[' and the ']' after it enclose,
/// written as `ipaddress` writes it when it reads as an IPv6 address.
fn normalize_ipv6_host<T: Tracer>(netloc: &str, tr: &mut T) -> String {
    let Some(start) = netloc.find('[') else {
        return netloc.to_owned();
    };
    let Some(end) = netloc[start..].find(']').map(|i| i + start) else {
        return netloc.to_owned();
    };
    let inner = &netloc[start + 1..end];
    match ip_address(inner) {
        Some(Ip::V6(written)) => {
            tr.record(|| {
                Step::change(
                    StepId::W3libIpv6,
                    Component::Host,
                    Some(inner),
                    Some(&written),
                )
                .decide("an IPv6 address, written as Python's ipaddress writes it")
            });
            format!("{}[{written}]{}", &netloc[..start], &netloc[end + 1..])
        }
        _ => netloc.to_owned(),
    }
}

/// `_urlunparse` and `_urlunsplit`.
fn urlunparse(
    scheme: &str,
    netloc: &str,
    path: &str,
    params: &str,
    query: &str,
    fragment: &str,
) -> String {
    let mut url = path.to_owned();
    if !params.is_empty() {
        url = format!("{url};{params}");
    }
    if !netloc.is_empty() {
        if !url.is_empty() && !url.starts_with('/') {
            url.insert(0, '/');
        }
        url = format!("//{netloc}{url}");
    } else if url.starts_with("//")
        || (!scheme.is_empty() && uses_netloc(scheme) && (url.is_empty() || url.starts_with('/')))
    {
        url = format!("//{url}");
    }
    let mut out =
        String::with_capacity(url.len() + scheme.len() + query.len() + fragment.len() + 3);
    if !scheme.is_empty() {
        out.push_str(scheme);
        out.push(':');
    }
    out.push_str(&url);
    if !query.is_empty() {
        out.push('?');
        out.push_str(query);
    }
    if !fragment.is_empty() {
        out.push('#');
        out.push_str(fragment);
    }
    out
}

/// The parts of the returned URL (see the module's documentation).
fn components(
    scheme: &str,
    netloc: &str,
    path: &str,
    params: &str,
    query: &str,
    fragment: &str,
) -> Vec<(Component, String)> {
    let mut out = Vec::new();
    if !scheme.is_empty() {
        out.push((Component::Scheme, scheme.to_owned()));
    }
    if !netloc.is_empty() {
        let (userinfo, at, hostport) = rpartition(netloc, '@');
        if at {
            let (user, colon, password) = partition(userinfo, ':');
            out.push((Component::User, user.to_owned()));
            if colon {
                out.push((Component::Password, password.to_owned()));
            }
        }
        let (host, port) = if hostport.starts_with('[') {
            match hostport.find(']') {
                Some(e) => (&hostport[..=e], hostport[e + 1..].strip_prefix(':')),
                None => (hostport, None),
            }
        } else {
            let (h, colon, p) = partition(hostport, ':');
            (h, colon.then_some(p))
        };
        out.push((Component::Host, host.to_owned()));
        if let Some(p) = port {
            out.push((Component::Port, p.to_owned()));
        }
    }
    let full_path = if params.is_empty() {
        path.to_owned()
    } else {
        format!("{path};{params}")
    };
    out.push((Component::Path, full_path));
    if !query.is_empty() {
        out.push((Component::Query, query.to_owned()));
    }
    if !fragment.is_empty() {
        out.push((Component::Fragment, fragment.to_owned()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_segments_as_rfc_3986() {
        assert_eq!(remove_dot_segments("/a/./b/../c"), "/a/c");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert_eq!(remove_dot_segments("/../.."), "/");
        assert_eq!(remove_dot_segments("/a/."), "/a/");
    }
}
