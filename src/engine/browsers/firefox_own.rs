//! Firefox's own schemes: those it registers protocol handlers for
//! (`chrome:`, `moz-extension:`, `resource:`, …) are parsed by the
//! handler, mostly with `nsStandardURL`, its older parser, not by the URL
//! Standard's rules. What follows is those parsers as measured on Firefox
//! ESR 153 (1,150 generated cases and 1,500 more on every scheme in
//! tests/data/browsers), not a port of their source.
//!
//! **nsStandardURL** ([`Handler::Standard`], [`Handler::Authority`]):
//! - *Slashes* (only `/`; a `\` is text): for most schemes none or two
//!   after the colon begin an authority, one begins a path with no
//!   authority, three or more a path too, the authority empty and the path
//!   holding the slashes after the first two (`chrome:////a` has the path
//!   `//a`). `indexeddb:` skips any number of slashes and always reads an
//!   authority.
//! - *Authority*: it ends at `/`, `?` or `#`, and for most schemes at `;`
//!   too. The userinfo ends at its last `@`; the port follows the last `:`
//!   after any `]`: digits only, at most 65535, leading zeros dropped, no
//!   default port left out. An empty host is refused beside a userinfo or
//!   a port, and always for `indexeddb:`.
//! - *Host*: percent-decoded, then UTS #46 ToASCII on every host, ASCII
//!   too (an `xn--` label that is no Punycode is refused); a forbidden
//!   domain code point, `*` or `"` refuses it. A host that ToASCII maps to
//!   nothing (a soft hyphen) is kept empty. A host that ends in a number
//!   is read as an IPv4 address and `[…]` as IPv6, as the Standard does,
//!   except by `chrome:`, `resource:` and `moz-src:` written in lowercase
//!   (`chrome://0x7f.1/` keeps its host and `chrome://[::1]/` is refused,
//!   but `CHROME://0x7f.1/` is `chrome://127.0.0.1/`).
//! - *Path, query, fragment*: percent-encoded with sets of their own (`\`
//!   in the path is `%5C`; `'` in the query is `%27`; `|` stays in both),
//!   dot segments removed (`%2e` counts as `.`), a path that does not
//!   begin with `/` given one.
//! - *References* against a base of these schemes, and references naming
//!   the base's own scheme (`chrome:x` against `chrome://h/a/b`), are
//!   resolved by joining texts: the reference ends at a NUL, and `\` is
//!   text, not a slash.
//!
//! **jar:** ([`Handler::Jar`]) is `jar:` + a URL Firefox accepts + `!` + a
//! path, written back as nsStandardURL writes a path. **moz-icon:**
//! ([`Handler::Icon`]) is kept as typed up to `?`, its query reduced to
//! `size` (a number, else 16) and `contentType`; the input must start with
//! `moz-icon:` in lowercase, with `//` or a URL Firefox accepts (its path
//! not opaque) after it.
//! `page-icon:` and `cached-favicon:` are simple URIs (see
//! [`firefox`](super::firefox)); `moz-remote-image:` and `moz-fonttable:`
//! are parsed as schemes Firefox has no handler for.

use std::borrow::Cow;

use super::getters::{Answer, Getters, Parts};
use super::model::{Case, scheme_of, trim};
use crate::engine::url_standard::host::{is_forbidden_domain, to_ascii};
use crate::engine::url_standard::{ipv4, ipv6, percent_sets};

/// How one of Firefox's own schemes is parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handler {
    /// nsStandardURL, slashes counted; `reads_addresses` unless the
    /// scheme is `chrome:`, `resource:` or `moz-src:` written in lowercase.
    Standard,
    /// nsStandardURL, any slashes skipped, an authority always.
    Authority,
    /// `jar:` + URL + `!` + path.
    Jar,
    /// `moz-icon:`.
    Icon,
}

/// The handler of `scheme` (lowercased), if Firefox has one of its own.
pub fn handler(scheme: &str) -> Option<Handler> {
    match scheme {
        "chrome"
        | "resource"
        | "moz-src"
        | "moz-extension"
        | "android"
        | "moz-page-thumb"
        | "moz-newtab-wallpaper" => Some(Handler::Standard),
        "indexeddb" => Some(Handler::Authority),
        "jar" => Some(Handler::Jar),
        "moz-icon" => Some(Handler::Icon),
        _ => None,
    }
}

/// The schemes that, written in lowercase, leave addresses unread.
const NO_ADDRESSES: [&str; 3] = ["chrome", "resource", "moz-src"];

/// Firefox's answer to `case` when one of its own handlers takes it, with
/// the sentence for the step; `inner` is Firefox's answer to a URL alone
/// (for `jar:` and `moz-icon:`, which hold one).
pub fn answer(case: &Case<'_>, inner: impl Fn(&str) -> Answer) -> Option<(Answer, &'static str)> {
    let t = &case.trimmed;
    if let Some(scheme) = case.scheme()
        && let Some(handler) = handler(&scheme)
    {
        let base_scheme = case.base_scheme();
        let base = case.base.as_deref().map(trim);
        // A reference naming the base's own scheme is relative to it.
        if base_scheme.as_deref() == Some(scheme.as_str())
            && matches!(handler, Handler::Standard | Handler::Authority)
            && let Some(base) = base.as_deref().and_then(|b| parse(b, &t[..0]))
        {
            let resolved = resolve(&t[scheme.len() + 1..], &base);
            return Some((
                resolved,
                "Firefox resolves a reference to its own scheme's base as nsStandardURL does",
            ));
        }
        let written = &t[..scheme.len()];
        let answer = match handler {
            Handler::Standard | Handler::Authority => parse(t, written),
            Handler::Jar => jar(t, inner),
            Handler::Icon => icon(&case.input, inner),
        };
        return Some((
            answer,
            "Firefox parses this scheme with a handler of its own",
        ));
    }
    // A reference against a base of these schemes.
    let base = trim(case.base.as_deref()?);
    let base_scheme = scheme_of(&base)?;
    if case.scheme().is_some()
        || !matches!(
            handler(&base_scheme),
            Some(Handler::Standard | Handler::Authority)
        )
    {
        return None;
    }
    let base = parse(&base, &base[..base_scheme.len()])?;
    Some((
        resolve(t, &base),
        "Firefox resolves a reference against its own scheme's base as nsStandardURL does",
    ))
}

/// nsStandardURL's parse of `t` (trimmed, its scheme one with a
/// [`Handler::Standard`] or [`Handler::Authority`]), `written` being the
/// scheme as typed.
pub fn parse(t: &str, written: &str) -> Answer {
    let colon = t.find(':')?;
    let scheme = t[..colon].to_ascii_lowercase();
    let written = if written.is_empty() {
        &t[..colon]
    } else {
        written
    };
    let authority_always = handler(&scheme) == Some(Handler::Authority);
    let reads_addresses = !NO_ADDRESSES.contains(&written);
    let rest = &t[colon + 1..];
    let slashes = rest.bytes().take_while(|&b| b == b'/').count();
    let (authority, path_and_more) = match slashes {
        _ if authority_always => {
            let after = &rest[slashes..];
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            (Some(after.split_at(end)), "")
        }
        0 | 2 => {
            let after = &rest[slashes..];
            let end = after.find(['/', '?', '#', ';']).unwrap_or(after.len());
            (Some(after.split_at(end)), "")
        }
        1 => (None, rest),
        _ => (None, &rest[2..]),
    };
    let (authority, path_and_more) = match authority {
        Some((a, more)) => {
            let written = read_authority(a, reads_addresses)?;
            if authority_always && written.is_empty() {
                return None;
            }
            (written, more)
        }
        None => (String::new(), path_and_more),
    };
    Some(assemble(&scheme, authority, path_and_more))
}

/// The getters of `scheme://authority` followed by `path_and_more` (path,
/// query, fragment as typed), written as nsStandardURL writes them.
fn assemble(scheme: &str, authority: String, path_and_more: &str) -> Getters {
    let cut = path_and_more
        .find(['?', '#'])
        .unwrap_or(path_and_more.len());
    let (path, tail) = path_and_more.split_at(cut);
    let (query, fragment) = match tail.strip_prefix('?') {
        Some(q) => match q.split_once('#') {
            Some((q, f)) => (Some(q), Some(f)),
            None => (Some(q), None),
        },
        None => (None, tail.strip_prefix('#')),
    };
    let mut written = String::with_capacity(path.len() + 1);
    if !path.starts_with('/') {
        written.push('/');
    }
    encode(&mut written, path, PATH);
    Parts {
        scheme: scheme.to_owned(),
        authority: Some(authority),
        path: remove_dot_segments(&written),
        query: query.map(|q| encoded(q, QUERY)),
        fragment: fragment.map(|f| encoded(f, FRAGMENT)),
    }
    .getters()
}

/// A reference (trimmed, its scheme if it named the base's taken off)
/// against `base`, joined as text and parsed again.
fn resolve(reference: &str, base: &Getters) -> Answer {
    let reference = reference.split('\0').next().unwrap_or("");
    let parts = Parts::of(&base.href);
    let authority = parts.authority.clone().unwrap_or_default();
    let joined = if reference.starts_with("//") {
        format!("{}:{reference}", parts.scheme)
    } else if reference.starts_with('/') {
        format!("{}://{authority}{reference}", parts.scheme)
    } else if reference.starts_with('?') {
        format!("{}://{authority}{}{reference}", parts.scheme, parts.path)
    } else if reference.starts_with('#') || reference.is_empty() {
        let query = parts
            .query
            .as_ref()
            .map_or(String::new(), |q| format!("?{q}"));
        format!(
            "{}://{authority}{}{query}{reference}",
            parts.scheme, parts.path
        )
    } else {
        let directory = &parts.path[..parts.path.rfind('/').map_or(0, |i| i + 1)];
        format!("{}://{authority}{directory}{reference}", parts.scheme)
    };
    parse(&joined, "")
}

/// The authority as written back: userinfo, host, port; `None` when
/// Firefox refuses it.
fn read_authority(authority: &str, reads_addresses: bool) -> Option<String> {
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let close = match hostport.find(']') {
        Some(e) if hostport.starts_with('[') => e + 1,
        _ => 0,
    };
    let (host, port) = match hostport[close..].rfind(':') {
        Some(c) => (&hostport[..close + c], Some(&hostport[close + c + 1..])),
        None => (hostport, None),
    };
    let port = match port {
        None | Some("") => None,
        Some(p) => Some(read_port(p)?),
    };
    if host.is_empty() && (userinfo.is_some() || port.is_some()) {
        return None;
    }
    let mut out = String::new();
    if let Some(userinfo) = userinfo {
        let (user, password) = match userinfo.split_once(':') {
            Some((u, p)) => (u, Some(p)),
            None => (userinfo, None),
        };
        encode(&mut out, user, USERINFO);
        if let Some(p) = password.filter(|p| !p.is_empty()) {
            out.push(':');
            encode(&mut out, p, USERINFO);
        }
        if !out.is_empty() {
            out.push('@');
        }
    }
    out.push_str(&read_host(host, reads_addresses)?);
    if let Some(port) = port {
        out.push(':');
        out.push_str(&port);
    }
    Some(out)
}

/// A port of digits only, at most 65535, written without leading zeros.
fn read_port(p: &str) -> Option<String> {
    if !p.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u32 = match p.trim_start_matches('0') {
        "" => 0,
        d if d.len() <= 5 => d.parse().ok()?,
        _ => return None,
    };
    (n <= 65535).then(|| n.to_string())
}

/// The host as written back, or `None` when Firefox refuses it.
fn read_host(host: &str, reads_addresses: bool) -> Option<String> {
    if host.is_empty() {
        return Some(String::new());
    }
    if let Some(inner) = host.strip_prefix('[') {
        let inner = inner.strip_suffix(']').filter(|_| reads_addresses)?;
        let pieces = ipv6::parse(inner, &mut Vec::new()).ok()?;
        let mut out = String::new();
        ipv6::serialize(&mut out, &pieces);
        return Some(out);
    }
    let decoded = String::from_utf8_lossy(&percent_sets::decode(host.as_bytes())).into_owned();
    let ascii = to_ascii(&decoded, false)?;
    if ascii
        .chars()
        .any(|c| is_forbidden_domain(c) || c == '*' || c == '"')
    {
        return None;
    }
    if reads_addresses && ipv4::ends_in_a_number(&ascii) {
        let address = ipv4::parse(&ascii, &mut Vec::new()).ok()?;
        let mut out = String::new();
        ipv4::serialize(&mut out, address);
        return Some(out);
    }
    Some(ascii.into_owned())
}

/// `jar:` + a URL Firefox accepts + `!` + the entry's path, query and
/// fragment, written as nsStandardURL writes them.
fn jar(t: &str, inner: impl Fn(&str) -> Answer) -> Answer {
    let rest = &t["jar:".len()..];
    let bang = rest.find("!/")?;
    let archive = inner(&rest[..bang])?;
    let entry = assemble("jar", String::new(), &rest[bang + 1..]);
    let parts = Parts::of(&entry.href);
    let mut href = format!("jar:{}!{}", archive.href, parts.path);
    for (mark, part) in [('?', &parts.query), ('#', &parts.fragment)] {
        if let Some(p) = part {
            href.push(mark);
            href.push_str(p);
        }
    }
    Some(Getters {
        href,
        protocol: "jar:".to_owned(),
        pathname: entry.pathname,
        search: entry.search,
        hash: entry.hash,
        ..Getters::default()
    })
}

/// `moz-icon:` as typed up to `?`, then `?size=` (the typed size when it
/// is a number, else 16) and the typed `contentType`, if any.
fn icon(input: &str, inner: impl Fn(&str) -> Answer) -> Answer {
    let rest = input.strip_prefix("moz-icon:")?;
    let (target, query) = rest.split_once('?').unwrap_or((rest, ""));
    // What follows is an icon's name after `//`, or a URL whose path is
    // not opaque.
    if !target.starts_with("//") && inner(target)?.has_opaque_path() {
        return None;
    }
    let param = |name: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
    };
    let size = param("size")
        .filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .unwrap_or("16");
    let mut href = format!("moz-icon:{target}?size={size}");
    if let Some(content_type) = param("contentType") {
        href.push_str("&contentType=");
        href.push_str(content_type);
    }
    Some(Getters {
        href,
        protocol: "moz-icon:".to_owned(),
        ..Getters::default()
    })
}

/// Which ASCII code points a component escapes, besides controls, space,
/// DEL and non-ASCII, which every component escapes.
type Escapes = &'static [u8];

const PATH: Escapes = b"\"<>`{}^\\";
const QUERY: Escapes = b"\"<>'";
const FRAGMENT: Escapes = b"\"<>`";
const USERINFO: Escapes = b"\"<>`{}^|\\";

/// `s` appended to `out`, each escaped byte as `%XX`.
fn encode(out: &mut String, s: &str, escapes: Escapes) {
    for c in s.chars() {
        if c.is_ascii_graphic() && !escapes.contains(&(c as u8)) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for &b in c.encode_utf8(&mut buf).as_bytes() {
                percent_sets::push_byte(out, b);
            }
        }
    }
}

fn encoded(s: &str, escapes: Escapes) -> String {
    let mut out = String::with_capacity(s.len());
    encode(&mut out, s, escapes);
    out
}

/// `path` (beginning with `/`) with its `.` and `..` segments removed;
/// `%2e` counts as `.`, and a path ending in one keeps its last slash.
fn remove_dot_segments(path: &str) -> String {
    let segments: Vec<&str> = path[1..].split('/').collect();
    let mut kept: Vec<Cow<'_, str>> = Vec::with_capacity(segments.len());
    let last = segments.len() - 1;
    for (i, segment) in segments.iter().enumerate() {
        let lower = segment.to_ascii_lowercase().replace("%2e", ".");
        match lower.as_str() {
            "." => {}
            ".." => {
                kept.pop();
            }
            _ => {
                kept.push(Cow::Borrowed(segment));
                continue;
            }
        }
        if i == last {
            kept.push(Cow::Borrowed(""));
        }
    }
    format!("/{}", kept.join("/"))
}
