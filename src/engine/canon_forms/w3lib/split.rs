//! w3lib/_url.py's `_strip` and `_urlsplit`: w3lib's own reading of a URL
//! into scheme, netloc, path, query and fragment, with the userinfo, host
//! and port of the netloc (`_SplitResult`). It is not `urllib.parse`'s:
//! any scheme-shaped start is a scheme (`localhost:80` has the scheme
//! `localhost`), '\' is '/' in the special schemes' authority and path,
//! brackets and the port are checked, a netloc that NFKC would give a
//! delimiter is refused.

use super::python::{lower, nfkc, partition, repr, rpartition};
use crate::engine::canon_forms::python_ipaddress::{Ip, ip_address};
use crate::engine::{Component, Step, StepId, Tracer};

/// `_SPECIAL_SCHEMES`: the URL Standard's special schemes.
pub(super) fn is_special(scheme: &str) -> bool {
    matches!(scheme, "ftp" | "file" | "http" | "https" | "ws" | "wss")
}

/// `_C0_CONTROL_OR_SPACE`.
fn c0_or_space(c: char) -> bool {
    c <= ' '
}

/// `_strip`: only when the URL holds a C0 control or a space, those are
/// stripped from both ends and every tab, CR and LF is removed.
pub(super) fn strip<T: Tracer>(url: &str, tr: &mut T) -> String {
    if !url.chars().any(c0_or_space) {
        return url.to_owned();
    }
    let out: String = url
        .trim_matches(c0_or_space)
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    if out != url {
        tr.record(|| {
            Step::new(StepId::W3libStrip).decide(format!("the URL is now {out:?} (was {url:?})"))
        });
    }
    out
}

/// A `_SplitResult`.
#[derive(Debug, Default)]
pub(super) struct Split {
    pub scheme: String,
    pub netloc: String,
    pub path: String,
    pub query: String,
    pub fragment: String,
    pub username: Option<String>,
    pub password: Option<String>,
    /// `None` only for the empty URL: otherwise the host is always a
    /// string, empty when there is no netloc.
    pub hostname: Option<String>,
    pub port: Option<u32>,
}

const INVALID_IPV6: &str = "ValueError: Invalid IPv6 URL";

/// `_urlsplit(url)` on a URL `_strip` has passed (so its removal of tabs
/// and newlines and its left strip find nothing more to do).
pub(super) fn urlsplit<T: Tracer>(url: &str, tr: &mut T) -> Result<Split, String> {
    if url.is_empty() {
        return Ok(Split::default());
    }
    let (scheme, rest) = read_scheme(url, tr);
    let u = backslashes_as_slashes(&scheme, rest, tr);

    let scan_start = if u.starts_with("//") { 2 } else { 0 };
    let find = |c: char| u[scan_start..].find(c).map(|i| i + scan_start);
    let slash = find('/');
    let (mut question, mut hash) = (find('?'), find('#'));
    let (mut open_br, mut close_br) = (find('['), find(']'));

    let mut netloc = String::new();
    let mut path = u.clone();
    if u.starts_with("//") {
        let delim = [slash, question, hash]
            .into_iter()
            .flatten()
            .filter(|&p| p > 0)
            .min()
            .unwrap_or(u.len());
        // Brackets only count inside the authority.
        open_br = open_br.filter(|&p| (2..delim).contains(&p));
        close_br = close_br.filter(|&p| (2..delim).contains(&p));
        netloc = u[2..delim].to_owned();
        tr.record(|| {
            Step::new(StepId::W3libNetloc).decide(format!(
                "after '//', the netloc is {netloc:?}, up to the first '/', '?' or '#'"
            ))
        });
        if open_br.is_some() != close_br.is_some() {
            tr.record(|| {
                Step::new(StepId::W3libNetloc)
                    .decide("a bracket without its pair in the netloc: ValueError")
            });
            return Err(INVALID_IPV6.to_owned());
        }
        if open_br.is_some() {
            check_bracketed_netloc(&netloc, tr)?;
        }
        path = u[delim..].to_owned();
        question = question.map(|p| p - delim);
        hash = hash.map(|p| p - delim);
    }
    check_netloc(&netloc, tr)?;

    let mut query = String::new();
    let mut fragment = String::new();
    if let Some(h) = hash {
        fragment = path[h + 1..].to_owned();
        path.truncate(h);
    }
    if let Some(q) = question {
        // A '?' after the '#' is past the end of what is left: Python's
        // slices then give the whole path and an empty query.
        if q < path.len() {
            query = path[q + 1..].to_owned();
            path.truncate(q);
        }
    }
    if hash.is_some() || question.is_some() {
        tr.record(|| {
            Step::new(StepId::W3libQueryFragment).decide(format!(
                "path {path:?}, query {query:?}, fragment {fragment:?}"
            ))
        });
    }

    let (userinfo, have_info, hostinfo) = rpartition(&netloc, '@');
    let (mut username, mut password) = (None, None);
    if have_info {
        let (user, colon, pass) = partition(userinfo, ':');
        username = Some(user.to_owned());
        password = colon.then(|| pass.to_owned());
    }
    let (host, port) = if open_br.is_some() {
        let (host, _, after) = partition(partition(hostinfo, '[').2, ']');
        (host, partition(after, ':').2)
    } else {
        let (host, _, port) = partition(hostinfo, ':');
        (host, port)
    };
    // _SplitResult.__post_init__: the host lowercased up to a '%' (a zone).
    let hostname = match host.split_once('%') {
        Some((h, zone)) => format!("{}%{zone}", lower(h)),
        None => lower(host),
    };
    let port = read_port(port, tr)?;
    if !netloc.is_empty() {
        tr.record(|| {
            Step::change(
                StepId::W3libHostPort,
                Component::Host,
                Some(host),
                Some(&hostname),
            )
            .decide(format!(
                "user {username:?}, password {password:?}, host {hostname:?}, port {port:?}"
            ))
        });
    }
    Ok(Split {
        scheme,
        netloc,
        path,
        query,
        fragment,
        username,
        password,
        hostname: Some(hostname),
        port,
    })
}

/// `_SCHEME_RE` (`^([a-zA-Z][a-zA-Z0-9+.-]*):`): the scheme, lowercased,
/// and what follows its ':'; no scheme, and the whole URL, where it does
/// not match.
fn read_scheme<'u, T: Tracer>(url: &'u str, tr: &mut T) -> (String, &'u str) {
    let b = url.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return (String::new(), url);
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))
        .unwrap_or(b.len());
    if b.get(end) != Some(&b':') {
        return (String::new(), url);
    }
    let scheme = url[..end].to_ascii_lowercase();
    tr.record(|| {
        Step::change(StepId::W3libScheme, Component::Scheme, None, Some(&scheme)).decide(format!(
            "{:?} before the first ':' is the scheme",
            &url[..end]
        ))
    });
    (scheme, &url[end + 1..])
}

/// For a special scheme, every '\\' before the query and the fragment is
/// read as '/'.
fn backslashes_as_slashes<T: Tracer>(scheme: &str, rest: &str, tr: &mut T) -> String {
    let u = rest.to_owned();
    if !is_special(scheme) || !u.contains('\\') {
        return u;
    }
    let cut = [u.find('?'), u.find('#')]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(u.len());
    let replaced = format!("{}{}", u[..cut].replace('\\', "/"), &u[cut..]);
    if replaced != u {
        tr.record(|| {
            Step::new(StepId::W3libBackslash).decide(format!(
                "{scheme} is a special scheme: {u:?} is read as {replaced:?}"
            ))
        });
    }
    replaced
}

/// The port's text as `_SplitResult` reads it: none when empty, else
/// ASCII digits up to 65535 (a ValueError otherwise).
fn read_port<T: Tracer>(port: &str, tr: &mut T) -> Result<Option<u32>, String> {
    if port.is_empty() {
        Ok(None)
    } else if !port.bytes().all(|b| b.is_ascii_digit()) {
        tr.record(|| {
            Step::new(StepId::W3libHostPort).decide(format!("the port {port:?} is not digits"))
        });
        Err(format!(
            "ValueError: Port could not be cast to integer value as {port}"
        ))
    } else {
        let digits = port.trim_start_matches('0');
        match digits.parse::<u32>() {
            Ok(n) if n <= 65535 => Ok(Some(n)),
            _ if digits.is_empty() => Ok(Some(0)),
            _ => {
                tr.record(|| {
                    Step::new(StepId::W3libHostPort)
                        .decide(format!("the port {port} is past 65535"))
                });
                Err("ValueError: Port out of range 0-65535".to_owned())
            }
        }
    }
}

/// `_check_bracketed_netloc` and `_check_bracketed_host`.
fn check_bracketed_netloc<T: Tracer>(netloc: &str, tr: &mut T) -> Result<(), String> {
    let fail = |tr: &mut T, why: String, error: String| {
        tr.record(|| Step::new(StepId::W3libBracketedHost).decide(why));
        Err(error)
    };
    let host_and_port = rpartition(netloc, '@').2;
    let (before, open, bracketed) = partition(host_and_port, '[');
    let host = if open {
        if !before.is_empty() {
            return fail(
                tr,
                format!("{before:?} comes before '['"),
                INVALID_IPV6.to_owned(),
            );
        }
        let (host, _, port) = partition(bracketed, ']');
        if !port.is_empty() && !port.starts_with(':') {
            return fail(tr, format!("{port:?} follows ']'"), INVALID_IPV6.to_owned());
        }
        host
    } else {
        partition(host_and_port, ':').0
    };
    if host.starts_with(['v', 'V']) {
        // _IPV_FUTURE_RE: \Av[a-fA-F0-9]+\..+\Z (a lowercase 'v' only).
        let ok = host.strip_prefix('v').is_some_and(|r| {
            let hex = r.bytes().take_while(u8::is_ascii_hexdigit).count();
            hex > 0 && r[hex..].starts_with('.') && r.len() > hex + 1
        });
        if !ok {
            return fail(
                tr,
                format!("{host:?} is no IPvFuture address"),
                "ValueError: IPvFuture address is invalid".to_owned(),
            );
        }
        tr.record(|| {
            Step::new(StepId::W3libBracketedHost)
                .decide(format!("{host:?} is an IPvFuture address"))
        });
        return Ok(());
    }
    match ip_address(host) {
        Some(Ip::V6(_)) => {
            tr.record(|| {
                Step::new(StepId::W3libBracketedHost).decide(format!("{host:?} is an IPv6 address"))
            });
            Ok(())
        }
        Some(Ip::V4) => fail(
            tr,
            format!("{host:?} is an IPv4 address"),
            "ValueError: An IPv4 address cannot be in brackets".to_owned(),
        ),
        None => fail(
            tr,
            format!("{host:?} is no IP address"),
            format!(
                "ValueError: {} does not appear to be an IPv4 or IPv6 address",
                repr(host)
            ),
        ),
    }
}

/// `_checknetloc`: a netloc that is not ASCII, its '@', ':', '#' and '?'
/// taken out, must not gain one of `/?#@:\` under NFKC.
fn check_netloc<T: Tracer>(netloc: &str, tr: &mut T) -> Result<(), String> {
    if netloc.is_ascii() {
        return Ok(());
    }
    let cleaned: String = netloc
        .chars()
        .filter(|c| !matches!(c, '@' | ':' | '#' | '?'))
        .collect();
    let normalized = nfkc(&cleaned);
    let bad = cleaned != normalized && normalized.contains(['/', '?', '#', '@', ':', '\\']);
    tr.record(|| {
        Step::new(StepId::W3libNfkcCheck).decide(if bad {
            format!("NFKC makes {cleaned:?} {normalized:?}, which holds a delimiter: ValueError")
        } else {
            format!("NFKC makes {cleaned:?} {normalized:?}, no new delimiter")
        })
    });
    if bad {
        return Err(format!(
            "ValueError: netloc {} contains invalid characters under NFKC normalization",
            repr(netloc)
        ));
    }
    Ok(())
}
