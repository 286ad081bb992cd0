//! Safe Browsing's canonicalization and lookup expressions, as Google
//! describes them in "URLs and Hashing" (Safe Browsing v4; the same text
//! is the Web Risk page "URLs and hashing"), with the published test
//! vectors as the first truth. Where the description is silent, the model
//! follows gglsbl 1.4.15 (a Python Safe Browsing v4 client,
//! `gglsbl.protocol.URL.canonical` and `URL.url_permutations`), which is
//! the oracle `tests/canon_safe_browsing.rs` holds it to. Each decision is
//! a step of stage [`Stage::SafeBrowsing`](crate::engine::Stage::SafeBrowsing)
//! citing the description's section or the gglsbl (or Python) function it
//! models.
//!
//! The URL is worked on as bytes (its UTF-8), as gglsbl does:
//! 1. ASCII whitespace is stripped from both ends and every tab, CR and LF
//!    removed (the description: remove tab, CR, LF; the stripping is
//!    gglsbl's, and a published vector expects it);
//! 2. everything from the first `#` is dropped (the fragment);
//! 3. `http:` is put before a URL that starts with `//`, and `http://`
//!    before one with no `://` at all (the description: a URL without a
//!    scheme is read as `http://`);
//! 4. the whole URL is percent-unescaped until nothing changes, then every
//!    byte at or below 0x20, at or above 0x7F, `#` and `%` is escaped, in
//!    upper-case hex (the description escapes the canonical URL so; gglsbl
//!    does it before splitting, which is where `%2F` or `%3F` get their
//!    meaning as delimiters);
//! 5. that string is split as Python's `urllib.parse.urlsplit` splits it
//!    (scheme lowercased; a bracket without its pair, or a bracketed host
//!    that is no IPv6 address, raises `ValueError`); with no scheme found,
//!    `http://` is put in front and it is split again;
//! 6. the host is the netloc's `hostname` (userinfo and port left out, the
//!    brackets of an IPv6 literal removed); none is an error;
//! 7. the path's `.` and `..` segments are resolved and its runs of slashes
//!    made one (`posixpath.normpath`), a trailing slash kept, `/` when
//!    empty; the query is kept as it is, present (and empty) after a `?`;
//! 8. a port that is not digits or is past 65535 is an error (Python's
//!    `.port`); a valid port is dropped (the published vector
//!    `http://www.gotaport.com:1234/` → `http://www.gotaport.com/`);
//! 9. the host: dots stripped from both ends, runs of dots made one,
//!    lowercased; a host that reads as an IPv4 address in any of the forms
//!    inet_aton accepts (one to four parts, each decimal, octal after a
//!    `0` or hexadecimal after `0x`, the last part filling the remaining
//!    bytes) becomes four decimal numbers;
//! 10. the canonical URL: scheme, `://`, host and path escaped as in 4,
//!     then `?` and the query when present;
//! 11. the lookup expressions: for each host (the exact host, then the
//!     last five, four, three and two of its labels; only the exact host for
//!     an IP address), each path (with the query, without it, then `/` and
//!     up to three leading segments, each ending in `/`), `host` + `path`,
//!     each once, in that order.
//!
//! Decisions where the description is silent or ambiguous:
//! - a non-ASCII host is not converted to Punycode: the description
//!   assumes a client has done so before canonicalization begins; bytes at
//!   or above 0x7F are escaped like anywhere else, as gglsbl does;
//! - userinfo is dropped and any scheme is kept, as gglsbl does;
//! - an IPv6 literal loses its brackets in the canonical URL, as gglsbl's
//!   (Python's `hostname`) does; it counts as an IP address for the
//!   lookups, so only the exact host is looked up;
//! - a host left empty by stripping dots gives the canonical URL gglsbl
//!   gives (`http:///`) and no lookup expressions;
//! - an error is a sentence for a URL with no host, and Python's exception
//!   as gglsbl raises it (`ValueError: Port out of range 0-65535`) where
//!   the model follows gglsbl's parse.
//!
//! Where gglsbl departs from the description (it keeps a valid port, reads
//! only a plain decimal or plain `0x` number as an IPv4 address, looks up
//! nothing for a one-label host, and takes any host that begins with four
//! dotted numbers for an address), the model follows the description;
//! `tests/data/canon/known-failures-safe-browsing.txt` lists those
//! requests, by class.

use super::CanonForm;
use super::python_strip::strip_and_drop_tabs_newlines;
use super::unquote::{unquote_repeatedly, unquote_to_bytes};
use crate::engine::{Component, Step, StepId, Tracer};

/// Google's published canonical URL of `url` and its lookup expressions,
/// or why it cannot be canonicalized.
pub fn canonicalize<T: Tracer>(url: &str, tr: &mut T) -> Result<CanonForm, String> {
    let mut u = trim(url.as_bytes(), tr);
    if let Some(i) = u.iter().position(|&b| b == b'#') {
        let dropped = shown(&u[i + 1..]);
        u.truncate(i);
        tr.record(|| {
            Step::change(
                StepId::SbFragment,
                Component::Fragment,
                Some(&dropped),
                None,
            )
        });
    }
    default_scheme(&mut u, tr);
    let unescaped = unquote_repeatedly(&u);
    if unescaped != u {
        tr.record(|| {
            Step::new(StepId::SbUnescape).decide(format!("the URL is now {:?}", shown(&unescaped)))
        });
    }
    let escaped = escape(&unescaped);
    if escaped.as_bytes() != unescaped.as_slice() {
        tr.record(|| Step::new(StepId::SbEscape).decide(format!("the URL is now {escaped:?}")));
    }
    let (q, split) = split_with_scheme(escaped, tr)?;
    let (host, bracketed) = hostname(&split.netloc, tr)?;
    let path = path(&split.path, tr);
    let query = if split.query.is_empty() && !q.contains('?') {
        None
    } else {
        Some(split.query.clone())
    };
    tr.record(|| {
        let s = Step::change(StepId::SbQuery, Component::Query, None, query.as_deref());
        match &query {
            Some(_) => s.decide("the query is kept as it is"),
            None => s.decide("no '?': no query"),
        }
    });
    port(&split.netloc, tr)?;
    let (host, is_ip) = host_rules(&host, bracketed, tr);
    let host = escape(&host);
    let path = escape(&path);
    let scheme = split.scheme;
    let mut canon = format!("{scheme}://{host}{path}");
    if let Some(q) = &query {
        canon.push('?');
        canon.push_str(q);
    }
    tr.record(|| Step::new(StepId::SbCanon).decide(format!("the canonical URL is {canon:?}")));
    let lookups = lookups(&host, is_ip, &path, query.as_deref(), tr);
    let mut components = vec![
        (Component::Scheme, scheme),
        (Component::Host, host),
        (Component::Path, path),
    ];
    if let Some(q) = query {
        components.push((Component::Query, q));
    }
    Ok(CanonForm {
        canon,
        components,
        key: None,
        lookups,
    })
}

/// Bytes as text for a step (not UTF-8: U+FFFD in their place).
fn shown(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `bytes.strip()`'s whitespace.
/// Whitespace off both ends, tab, CR and LF out of the middle.
fn trim<T: Tracer>(url: &[u8], tr: &mut T) -> Vec<u8> {
    // gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical: url.strip(), then
    // each of '\n', '\r', '\t' replaced by nothing.
    let u = strip_and_drop_tabs_newlines(url);
    if u.len() != url.len() {
        tr.record(|| Step::new(StepId::SbTrim).decide(format!("the URL is now {:?}", shown(&u))));
    }
    u
}

/// `http:` before `//`, `http://` before a URL with no `://`.
fn default_scheme<T: Tracer>(u: &mut Vec<u8>, tr: &mut T) {
    // gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical.
    let before = u.clone();
    if u.starts_with(b"//") {
        u.splice(0..0, b"http:".iter().copied());
    }
    if !u.windows(3).any(|w| w == b"://") {
        u.splice(0..0, b"http://".iter().copied());
    }
    if *u != before {
        tr.record(|| {
            Step::new(StepId::SbDefaultScheme).decide(format!("the URL is now {:?}", shown(u)))
        });
    }
}

/// The description's escaping: bytes <= 0x20, >= 0x7F, `#` and `%`, in
/// upper-case hex (gglsbl: `urllib.parse.quote` with every other printable
/// ASCII byte safe).
fn escape(b: &[u8]) -> String {
    let mut out = String::with_capacity(b.len());
    for &c in b {
        if c <= 0x20 || c >= 0x7f || c == b'#' || c == b'%' {
            out.push_str(&format!("%{c:02X}"));
        } else {
            out.push(c as char);
        }
    }
    out
}

/// What `urlsplit` finds (no fragment: `#` is escaped by then).
struct Split {
    /// Lowercased, empty when none.
    scheme: String,
    netloc: String,
    path: String,
    query: String,
}

/// `urllib.parse.urlsplit` on the escaped URL, and again with `http://` in
/// front when it finds no scheme; the URL as last split comes back too.
fn split_with_scheme<T: Tracer>(q: String, tr: &mut T) -> Result<(String, Split), String> {
    let first = urlsplit(&q, tr)?;
    if !first.scheme.is_empty() {
        return Ok((q, first));
    }
    // gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical: `if not
    // url_parts[0]`, 'http://' in front and split again.
    let again = format!("http://{q}");
    tr.record(|| Step::new(StepId::SbSplitNoScheme).decide(format!("the URL is now {again:?}")));
    let second = urlsplit(&again, tr)?;
    Ok((again, second))
}

/// Python 3.11.7's `urlsplit` (Lib/urllib/parse.py) on an ASCII string
/// with no control byte, space or `#` (all escaped before).
fn urlsplit<T: Tracer>(url: &str, tr: &mut T) -> Result<Split, String> {
    let mut rest = url;
    let mut scheme = String::new();
    if let Some(i) = url.find(':')
        && i > 0
        && url.as_bytes()[0].is_ascii_alphabetic()
        && url[..i]
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
    {
        scheme = url[..i].to_ascii_lowercase();
        rest = &url[i + 1..];
    }
    let mut netloc = "";
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find(['/', '?', '#']).unwrap_or(after.len());
        netloc = &after[..end];
        rest = &after[end..];
        let (open, close) = (netloc.contains('['), netloc.contains(']'));
        let checked = if open != close {
            Err("ValueError: Invalid IPv6 URL".to_owned())
        } else if open {
            let inside = netloc.split_once('[').map_or("", |(_, r)| r);
            check_bracketed_host(inside.split_once(']').map_or(inside, |(h, _)| h))
        } else {
            Ok(())
        };
        if let Err(why) = checked {
            tr.record(|| Step::new(StepId::SbSplit).decide(why.clone()).fail());
            return Err(why);
        }
    }
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    tr.record(|| {
        Step::new(StepId::SbSplit).decide(format!(
            "scheme {scheme:?}, netloc {netloc:?}, path {path:?}, query {query:?}"
        ))
    });
    Ok(Split {
        scheme,
        netloc: netloc.to_owned(),
        path: path.to_owned(),
        query: query.to_owned(),
    })
}

/// `urllib.parse._check_bracketed_host`: `v` and a future address form,
/// else an IPv6 address (`ipaddress.ip_address`, which an IPv4 address
/// also satisfies, and which is then refused).
fn check_bracketed_host(h: &str) -> Result<(), String> {
    if let Some(rest) = h.strip_prefix('v') {
        // \Av[a-fA-F0-9]+\..+\Z
        let hex = rest.bytes().take_while(u8::is_ascii_hexdigit).count();
        let ok = hex > 0 && rest[hex..].strip_prefix('.').is_some_and(|r| !r.is_empty());
        return if ok {
            Ok(())
        } else {
            Err("ValueError: IPvFuture address is invalid".to_owned())
        };
    }
    if py_ipv4(h).is_some() {
        return Err("ValueError: An IPv4 address cannot be in brackets".to_owned());
    }
    if !h.contains('/') && py_ipv6(h) {
        return Ok(());
    }
    Err(format!(
        "ValueError: {} does not appear to be an IPv4 or IPv6 address",
        py_repr(h)
    ))
}

/// `ipaddress.IPv4Address`'s parse: four decimal octets, no leading zero,
/// each at most 255.
fn py_ipv4(s: &str) -> Option<u32> {
    if s.contains('/') {
        return None;
    }
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut n = 0u32;
    for p in parts {
        if p.is_empty()
            || !p.bytes().all(|c| c.is_ascii_digit())
            || p.len() > 3
            || (p != "0" && p.starts_with('0'))
        {
            return None;
        }
        let v: u32 = p.parse().ok()?;
        if v > 255 {
            return None;
        }
        n = (n << 8) | v;
    }
    Some(n)
}

/// `ipaddress.IPv6Address`'s parse (a `%` scope id allowed), as a yes or no.
fn py_ipv6(s: &str) -> bool {
    let addr = match s.split_once('%') {
        Some((a, scope)) => {
            if scope.is_empty() || scope.contains('%') {
                return false;
            }
            a
        }
        None => s,
    };
    if addr.is_empty() {
        return false;
    }
    let mut parts: Vec<String> = addr.split(':').map(str::to_owned).collect();
    if parts.len() < 3 {
        return false;
    }
    if parts.last().is_some_and(|l| l.contains('.')) {
        let Some(v4) = parts.pop().as_deref().and_then(py_ipv4) else {
            return false;
        };
        parts.push(format!("{:x}", v4 >> 16));
        parts.push(format!("{:x}", v4 & 0xffff));
    }
    if parts.len() > 9 {
        return false;
    }
    let n = parts.len();
    let mut skip = None;
    for (i, p) in parts.iter().enumerate().take(n - 1).skip(1) {
        if p.is_empty() {
            if skip.is_some() {
                return false;
            }
            skip = Some(i);
        }
    }
    let (hi, lo): (Vec<&String>, Vec<&String>) = match skip {
        Some(i) => {
            let mut hi = i;
            let mut lo = n - i - 1;
            let mut from = 0;
            if parts[0].is_empty() {
                hi -= 1;
                if hi > 0 {
                    return false;
                }
                from = 1;
            }
            if parts[n - 1].is_empty() {
                lo -= 1;
                if lo > 0 {
                    return false;
                }
            }
            if hi + lo > 7 {
                return false;
            }
            (
                parts[from..from + hi].iter().collect(),
                parts[n - lo..].iter().collect(),
            )
        }
        None => {
            if n != 8 || parts[0].is_empty() || parts[n - 1].is_empty() {
                return false;
            }
            (parts.iter().collect(), Vec::new())
        }
    };
    hi.iter()
        .chain(lo.iter())
        .all(|h| (1..=4).contains(&h.len()) && h.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// Python's `repr` of an ASCII string (the escaped URL's parts are).
fn py_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            c => out.push_str(&format!("\\x{:02x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

/// The netloc's host and port text as Python's `_hostinfo` reads them:
/// after the last `@`; inside brackets when there is a `[`.
fn hostinfo(netloc: &str) -> (&str, Option<&str>, bool) {
    let info = netloc.rsplit_once('@').map_or(netloc, |(_, h)| h);
    let (host, port, bracketed) = match info.split_once('[') {
        Some((_, inside)) => {
            let (h, after) = inside.split_once(']').unwrap_or((inside, ""));
            (h, after.split_once(':').map(|(_, p)| p), true)
        }
        None => match info.split_once(':') {
            Some((h, p)) => (h, Some(p), false),
            None => (info, None, false),
        },
    };
    (host, port.filter(|p| !p.is_empty()), bracketed)
}

/// The host bytes (`url_parts.hostname`, unescaped) and whether it was
/// bracketed, or the error for a netloc with no host.
fn hostname<T: Tracer>(netloc: &str, tr: &mut T) -> Result<(Vec<u8>, bool), String> {
    // gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical:
    // full_unescape_to_bytes(url_parts.hostname); `hostname` is None for an
    // empty host, and unescaping None raises.
    let (host, _, bracketed) = hostinfo(netloc);
    if host.is_empty() {
        let why = "the URL has no host";
        tr.record(|| {
            Step::new(StepId::SbHost)
                .about(Component::Host)
                .decide(why)
                .fail()
        });
        return Err(why.to_owned());
    }
    let bytes = unquote_to_bytes(host.as_bytes());
    tr.record(|| {
        Step::change(StepId::SbHost, Component::Host, None, Some(&shown(&bytes))).decide(
            if bracketed {
                "the host is the bracketed address, brackets removed"
            } else {
                "the host is what lies between the userinfo and the port"
            },
        )
    });
    Ok((bytes, bracketed))
}

/// `posixpath.normpath` on an absolute path (as bytes), `//` then made `/`.
fn normpath(path: &[u8]) -> Vec<u8> {
    let initial: &[u8] = if path.starts_with(b"//") && !path.starts_with(b"///") {
        b"//"
    } else if path.starts_with(b"/") {
        b"/"
    } else {
        b""
    };
    let mut comps: Vec<&[u8]> = Vec::new();
    for c in path.split(|&b| b == b'/') {
        if c.is_empty() || c == b"." {
            continue;
        }
        if c != b".."
            || (initial.is_empty() && comps.is_empty())
            || comps.last() == Some(&&b".."[..])
        {
            comps.push(c);
        } else if !comps.is_empty() {
            comps.pop();
        }
    }
    let mut out = initial.to_vec();
    out.extend_from_slice(&comps.join(&b"/"[..]));
    if out.is_empty() {
        out.push(b'.');
    }
    out
}

/// The path: unescaped, dot-segments resolved, slashes made single.
fn path<T: Tracer>(raw: &str, tr: &mut T) -> Vec<u8> {
    // gglsbl 1.4.15, gglsbl/protocol.py, URL.canonical.
    let mut p = unquote_to_bytes(raw.as_bytes());
    if p.is_empty() {
        p = b"/".to_vec();
    }
    let trailing = p.ends_with(b"/");
    let mut out = normpath(&p);
    // `.replace(b'//', b'/')`: only normpath's kept leading `//` remains.
    if out.starts_with(b"//") {
        out.remove(0);
    }
    if trailing && !out.ends_with(b"/") {
        out.push(b'/');
    }
    if out.as_slice() != raw.as_bytes() {
        tr.record(|| {
            Step::change(
                StepId::SbPath,
                Component::Path,
                Some(raw),
                Some(&shown(&out)),
            )
        });
    }
    out
}

/// The port: an error when it is not digits or is past 65535 (Python's
/// `.port`); dropped otherwise.
fn port<T: Tracer>(netloc: &str, tr: &mut T) -> Result<(), String> {
    let (_, port, _) = hostinfo(netloc);
    let Some(p) = port else {
        return Ok(());
    };
    // Python 3.11.7, Lib/urllib/parse.py, _NetlocResultMixinBase.port.
    let why = if !p.bytes().all(|c| c.is_ascii_digit()) {
        Some(format!(
            "ValueError: Port could not be cast to integer value as {}",
            py_repr(p)
        ))
    } else {
        let digits = p.trim_start_matches('0');
        (digits.len() > 5 || digits.parse::<u32>().unwrap_or(0) > 65_535)
            .then(|| "ValueError: Port out of range 0-65535".to_owned())
    };
    if let Some(why) = why {
        tr.record(|| {
            Step::new(StepId::SbPort)
                .about(Component::Port)
                .decide(why.clone())
                .fail()
        });
        return Err(why);
    }
    // The published vector http://www.gotaport.com:1234/ gives
    // http://www.gotaport.com/: the canonical URL has no port.
    tr.record(|| Step::change(StepId::SbPort, Component::Port, Some(p), None));
    Ok(())
}

/// The host's dots, case and IPv4 forms; whether it is an IP address.
fn host_rules<T: Tracer>(raw: &[u8], bracketed: bool, tr: &mut T) -> (Vec<u8>, bool) {
    // URLs and Hashing, "To canonicalize the hostname", 1, 2 and 4.
    let start = raw.iter().position(|&b| b != b'.').unwrap_or(raw.len());
    let end = raw
        .iter()
        .rposition(|&b| b != b'.')
        .map_or(start, |i| i + 1);
    let mut host = Vec::with_capacity(end - start);
    for &b in &raw[start..end] {
        if !(b == b'.' && host.last() == Some(&b'.')) {
            host.push(b.to_ascii_lowercase());
        }
    }
    if host != raw {
        tr.record(|| {
            Step::change(
                StepId::SbHostDots,
                Component::Host,
                Some(&shown(raw)),
                Some(&shown(&host)),
            )
        });
    }
    // URLs and Hashing, "To canonicalize the hostname", 3.
    if !bracketed && let Some(n) = inet_aton(&host) {
        let b = n.to_be_bytes();
        let ip = format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]);
        tr.record(|| {
            Step::change(
                StepId::SbHostIpv4,
                Component::Host,
                Some(&shown(&host)),
                Some(&ip),
            )
        });
        return (ip.into_bytes(), true);
    }
    (host, bracketed)
}

/// An IPv4 address in the forms inet_aton reads: one to four parts, each
/// decimal, octal (a leading `0`) or hexadecimal (`0x`, with at least one
/// digit), all but the last at most 255, the last filling the bytes left.
/// (The description asks for "any legal IP-address encoding, including
/// octal, hex, and fewer than four components"; that inet_aton's reading
/// is the legal one is our interpretation.)
fn inet_aton(s: &[u8]) -> Option<u32> {
    let parts: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if parts.len() > 4 {
        return None;
    }
    let mut values = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if let Some(h) = p.strip_prefix(b"0x") {
            (h, 16)
        } else if p.len() > 1 && p[0] == b'0' {
            (&p[1..], 8)
        } else {
            (&p[..], 10)
        };
        if digits.is_empty() {
            return None;
        }
        let mut v: u64 = 0;
        for &c in digits {
            let d = (c as char).to_digit(radix)?;
            v = v * u64::from(radix) + u64::from(d);
            if v > u64::from(u32::MAX) {
                return None;
            }
        }
        values.push(v);
    }
    let (&last, head) = values.split_last()?;
    if head.iter().any(|&v| v > 255) {
        return None;
    }
    let room = 32 - 8 * head.len() as u32;
    if room < 32 && last >> room != 0 {
        return None;
    }
    let mut n: u64 = last;
    for (i, &v) in head.iter().enumerate() {
        n |= v << (24 - 8 * i as u32);
    }
    Some(n as u32)
}

/// The suffix/prefix expressions, each once, in the published order.
fn lookups<T: Tracer>(
    host: &str,
    is_ip: bool,
    path: &str,
    query: Option<&str>,
    tr: &mut T,
) -> Vec<String> {
    if host.is_empty() {
        tr.record(|| Step::new(StepId::SbLookupHosts).decide("no host: nothing to look up"));
        return Vec::new();
    }
    // URLs and Hashing, "Suffix/Prefix Expressions": the exact host, then
    // the last five components and fewer, down to two (the top-level
    // domain alone is skipped); only the exact host for an IP address.
    let mut hosts = vec![host.to_owned()];
    if !is_ip {
        let labels: Vec<&str> = host.split('.').collect();
        for k in (2..=labels.len().min(5)).rev() {
            let suffix = labels[labels.len() - k..].join(".");
            if !hosts.contains(&suffix) {
                hosts.push(suffix);
            }
        }
    }
    tr.record(|| {
        Step::new(StepId::SbLookupHosts).decide(format!("the hosts looked up: {hosts:?}"))
    });
    // The path with the query, without it, then `/` and each of up to
    // three more leading segments with its `/`.
    let mut paths = Vec::new();
    if let Some(q) = query {
        paths.push(format!("{path}?{q}"));
    }
    paths.push(path.to_owned());
    let segments: Vec<&str> = path.split('/').collect();
    let mut prefix = String::new();
    for s in segments
        .iter()
        .take(segments.len().saturating_sub(1).min(4))
    {
        prefix.push_str(s);
        prefix.push('/');
        if !paths.contains(&prefix) {
            paths.push(prefix.clone());
        }
    }
    tr.record(|| {
        Step::new(StepId::SbLookupPaths).decide(format!("the paths looked up: {paths:?}"))
    });
    let mut out: Vec<String> = Vec::with_capacity(hosts.len() * paths.len());
    for h in &hosts {
        for p in &paths {
            let e = format!("{h}{p}");
            if !out.contains(&e) {
                out.push(e);
            }
        }
    }
    tr.record(|| Step::new(StepId::SbLookups).decide(format!("{} expressions", out.len())));
    out
}
