//! `Url.prototype.parse` of `lib/url.js` (Node.js 20.20.2), with
//! `parseHost`, `getHostname` and `autoEscapeStr`, in the order the
//! library runs them. `parse` is cut where the library's comments cut it:
//! the fast path (`simple_path_url`), the host (`host_section`, with
//! `split_host` and `check_hostname`) and the post-host stuff
//! (`post_host`).

use std::borrow::Cow;

use super::idna::{self, Refusal};
use super::js;
use super::{ErrorKind, Url, is_ipv6_hostname, is_slashed, javascript};
use crate::engine::Component;
use crate::engine::trace::{Step, StepId, Tracer};

/// `hostnameMaxLen`: a longer hostname (in UTF-16 code units) is emptied.
const HOSTNAME_MAX_LEN: usize = 255;

/// `Url.prototype.parse(url, false, slashesDenoteHost)`.
pub fn parse<T: Tracer>(
    url: &str,
    slashes_denote_host: bool,
    tracer: &mut T,
) -> Result<Url, ErrorKind> {
    let mut u = Url::default();
    let scan = trim_and_backslashes(url);
    tracer.record(|| {
        Step {
            after: Some(scan.rest.to_string()),
            changes: true,
            ..Step::new(StepId::NodeTrim)
        }
        .decide(scan.words())
    });
    let rest = scan.rest;

    // parse: the fast path for a bare path, when nothing asks for more
    if !slashes_denote_host
        && !scan.has_hash
        && !scan.has_at
        && let Some(q) = simple_path(&rest)
    {
        return Ok(simple_path_url(rest, q, tracer));
    }

    // parse: protocolPattern, /^[a-z0-9.+-]+:/i
    let proto_len = protocol_len(&rest);
    let proto: Option<String> = proto_len.map(|n| rest[..n].to_owned());
    let proto = proto.as_deref();
    let lower_proto = proto.map(str::to_ascii_lowercase);
    tracer.record(|| {
        Step::change(
            StepId::NodeProtocol,
            Component::Scheme,
            None,
            lower_proto.as_deref(),
        )
        .decide(match proto {
            Some(p) => format!("{p:?}, lowercased"),
            None => "no run of letters, digits, '+', '-' or '.' followed by ':'".to_owned(),
        })
    });
    let lower = lower_proto.as_deref();
    u.protocol.clone_from(&lower_proto);
    let mut rest: Cow<'_, str> = match proto_len {
        Some(n) => cut_front(rest, n),
        None => rest,
    };

    // parse: '//' means a host with slashesDenoteHost, a protocol, or
    // something like //user@host
    let mut slashes = false;
    let asked = slashes_denote_host || proto.is_some() || host_pattern(&rest);
    if asked {
        slashes = rest.starts_with("//");
        if slashes && !(proto.is_some() && javascript(lower)) {
            rest = cut_front(rest, 2);
            u.slashes = true;
        }
    }
    let has_host = !javascript(lower) && (slashes || proto.is_some_and(|p| !is_slashed(p)));
    tracer.record(|| {
        Step::new(StepId::NodeSlashes).decide(match (asked, slashes, has_host) {
            (false, _, _) => "no protocol and no '//…@…': the '//' is not looked for",
            (true, true, true) => "'//' dropped: a host follows",
            (true, true, false) => "'//' kept: javascript: has no host",
            (true, false, true) => "no '//', but a protocol not of slashedProtocol (compared as written): a host follows",
            (true, false, false) => "no '//': no host",
        })
    });

    if has_host {
        rest = host_section(&mut u, rest, tracer)?;
    }

    post_host(&mut u, rest, lower, tracer);
    Ok(u)
}

/// `Url.prototype.parse` (`lib/url.js`), "Try fast path regexp": a bare
/// path that `simplePathPattern` matches, its search starting at `q`,
/// gives the pathname, search and query as they are, and href is the text.
fn simple_path_url<T: Tracer>(rest: Cow<'_, str>, q: Option<usize>, tracer: &mut T) -> Url {
    let mut u = Url::default();
    let (pathname, search) = rest.split_at(q.unwrap_or(rest.len()));
    tracer.record(|| {
        Step::change(
            StepId::NodeSimplePath,
            Component::Path,
            None,
            Some(pathname),
        )
        .decide_fixed(if search.is_empty() {
            "a bare path ('/' first, no whitespace): href is the text as it is"
        } else {
            "a bare path and search ('/' first, no whitespace): href is the text as it is"
        })
    });
    u.pathname = Some(pathname.to_owned());
    if !search.is_empty() {
        u.search = Some(search.to_owned());
        u.query = Some(search[1..].to_owned());
    }
    u.path = Some(rest.to_string());
    u.href = rest.into_owned();
    u.quirks.simple_path = true;
    u
}

/// `Url.prototype.parse` (`lib/url.js`), from "Now rest is set to the
/// post-host stuff" to its end: `autoEscapeStr` (unless the protocol is
/// javascript:), the search and the hash, the pathname (`/` for a slashed
/// protocol with a hostname), the path ("To support http.request") and
/// the href.
fn post_host<T: Tracer>(u: &mut Url, mut rest: Cow<'_, str>, lower: Option<&str>, tracer: &mut T) {
    // parse: autoEscapeStr, unless the protocol is javascript:
    if !javascript(lower) {
        let escaped = auto_escape(&rest);
        if let Cow::Owned(e) = escaped {
            tracer.record(|| {
                Step::change(
                    StepId::NodeAutoEscape,
                    Component::Path,
                    Some(&rest),
                    Some(&e),
                )
                .decide_fixed("tab, LF, CR, space, \" ' < > \\ ^ ` { | } escaped")
            });
            rest = Cow::Owned(e);
        }
    }

    // parse: the first '#' starts the hash, the first '?' before it the search
    let hash_idx = rest.find('#');
    let before_hash = &rest[..hash_idx.unwrap_or(rest.len())];
    let question_idx = before_hash.find('?');
    if let Some(h) = hash_idx {
        u.hash = Some(rest[h..].to_owned());
    }
    if let Some(q) = question_idx {
        u.search = Some(before_hash[q..].to_owned());
        u.query = Some(before_hash[q + 1..].to_owned());
    }
    tracer.record(|| {
        Step::change(
            StepId::NodeSearchHash,
            Component::Query,
            None,
            u.query.as_deref(),
        )
        .decide(format!(
            "search {}, hash {}",
            js_value(u.search.as_deref()),
            js_value(u.hash.as_deref())
        ))
    });
    let first = question_idx.or(hash_idx);
    match first {
        None if !rest.is_empty() => u.pathname = Some(rest.to_string()),
        Some(f) if f > 0 => u.pathname = Some(rest[..f].to_owned()),
        _ => {}
    }
    let slash_default =
        lower.is_some_and(is_slashed) && truthy(&u.hostname) && !truthy(&u.pathname);
    if slash_default {
        u.pathname = Some("/".to_owned());
    }
    tracer.record(|| {
        Step::change(
            StepId::NodePathname,
            Component::Path,
            None,
            u.pathname.as_deref(),
        )
        .decide(if slash_default {
            "none, and a slashed protocol with a hostname: '/'"
        } else if u.pathname.is_some() {
            "what is left before the search and the hash"
        } else {
            "nothing is left: null"
        })
    });
    // parse: "To support http.request"
    if truthy(&u.pathname) || truthy(&u.search) {
        let mut p = u.pathname.clone().unwrap_or_default();
        p.push_str(u.search.as_deref().unwrap_or(""));
        u.path = Some(p);
    }
    u.href = u.format();
    tracer.record(|| {
        Step {
            after: Some(u.href.clone()),
            changes: true,
            ..Step::new(StepId::NodeFormat)
        }
        .decide_fixed("href: format() of what was parsed")
    });
}

/// A field as JavaScript shows it: a quoted string, or `null`.
fn js_value(v: Option<&str>) -> String {
    v.map_or_else(|| "null".to_owned(), |s| format!("{s:?}"))
}

/// Whether a JavaScript value of a field is truthy: a non-empty string.
pub(super) fn truthy(v: &Option<String>) -> bool {
    v.as_deref().is_some_and(|s| !s.is_empty())
}

/// What the first loop of `parse` finds.
struct Scan<'a> {
    /// The text between the whitespace trimmed, backslashes made slashes.
    rest: Cow<'a, str>,
    has_hash: bool,
    has_at: bool,
    /// Backslashes turned to slashes.
    backslashes: usize,
    /// Whether whitespace was trimmed.
    trimmed: bool,
}

impl Scan<'_> {
    fn words(&self) -> String {
        let mut w = Vec::new();
        if self.trimmed {
            w.push("whitespace (below '!', U+00A0, U+FEFF) trimmed from both ends".to_owned());
        }
        if self.backslashes > 0 {
            w.push(format!(
                "{} backslash(es) before the first '?' or '#' made '/'",
                self.backslashes
            ));
        }
        if w.is_empty() {
            "nothing to trim, no backslash to turn".to_owned()
        } else {
            w.join("; ")
        }
    }
}

/// `parse`'s first loop: trims code units below 33, U+00A0 and U+FEFF
/// from both ends, turns each `\` before the first `?` or `#` into `/`,
/// and notes whether a `#` comes anywhere and an `@` before the split.
fn trim_and_backslashes(url: &str) -> Scan<'_> {
    let (mut has_hash, mut has_at) = (false, false);
    let (mut start, mut end): (Option<usize>, Option<usize>) = (None, None);
    let mut built = String::new();
    let mut last_pos = 0;
    let (mut in_ws, mut split) = (false, false);
    let mut backslashes = 0;
    for (i, c) in url.char_indices() {
        let is_ws = u32::from(c) < 33 || c == '\u{a0}' || c == '\u{feff}';
        if start.is_none() {
            if is_ws {
                continue;
            }
            start = Some(i);
            last_pos = i;
        } else if in_ws {
            if !is_ws {
                end = None;
                in_ws = false;
            }
        } else if is_ws {
            end = Some(i);
            in_ws = true;
        }
        if !split {
            match c {
                '@' => has_at = true,
                '#' => {
                    has_hash = true;
                    split = true;
                }
                '?' => split = true,
                '\\' => {
                    built.push_str(&url[last_pos..i]);
                    built.push('/');
                    last_pos = i + 1;
                    backslashes += 1;
                }
                _ => {}
            }
        } else if !has_hash && c == '#' {
            has_hash = true;
        }
    }
    let rest = match start {
        None => Cow::Borrowed(""),
        Some(s) if last_pos == s => Cow::Borrowed(&url[s..end.unwrap_or(url.len())]),
        Some(_) => {
            match end {
                None if last_pos < url.len() => built.push_str(&url[last_pos..]),
                Some(e) if last_pos < e => built.push_str(&url[last_pos..e]),
                _ => {}
            }
            Cow::Owned(built)
        }
    };
    let trimmed = match start {
        None => !url.is_empty(),
        Some(s) => s > 0 || end.is_some(),
    };
    Scan {
        rest,
        has_hash,
        has_at,
        backslashes,
        trimmed,
    }
}

/// `simplePathPattern`, `/^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/`: a text
/// that starts with `/` (not `///`) and holds no `\s`. `Some(Some(q))`:
/// the search starts at `q`; `Some(None)`: no search.
fn simple_path(rest: &str) -> Option<Option<usize>> {
    let b = rest.as_bytes();
    if b.first() != Some(&b'/') {
        return None;
    }
    // (?!\/) after '//', or after '/' when the second character is no '/'
    if b.get(1) == Some(&b'/') && b.get(2) == Some(&b'/') {
        return None;
    }
    if rest.chars().any(js::is_js_space) {
        return None;
    }
    Some(rest.find('?'))
}

/// `protocolPattern`: the length of the protocol with its colon.
fn protocol_len(rest: &str) -> Option<usize> {
    let run = rest
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'+' | b'-'))
        .count();
    (run > 0 && rest.as_bytes().get(run) == Some(&b':')).then_some(run + 1)
}

/// `hostPattern`, `/^\/\/[^@/]+@[^@/]+/`: `//`, then text up to an `@`,
/// then at least one character that is neither `@` nor `/`.
fn host_pattern(rest: &str) -> bool {
    let Some(r) = rest.strip_prefix("//") else {
        return false;
    };
    let user = r.find(['@', '/']).unwrap_or(r.len());
    user > 0
        && r.as_bytes().get(user) == Some(&b'@')
        && r[user + 1..]
            .chars()
            .next()
            .is_some_and(|c| c != '@' && c != '/')
}

/// The text less its first `n` bytes, borrowed when it was.
fn cut_front(s: Cow<'_, str>, n: usize) -> Cow<'_, str> {
    match s {
        Cow::Borrowed(r) => Cow::Borrowed(&r[n..]),
        Cow::Owned(r) => Cow::Owned(r[n..].to_owned()),
    }
}

/// `parse`, the host: the userinfo, the host and port, `parseHost`,
/// `getHostname`, lowercasing, `toASCII` and its checks. Returns the text
/// after the host.
fn host_section<'a, T: Tracer>(
    u: &mut Url,
    rest: Cow<'a, str>,
    tracer: &mut T,
) -> Result<Cow<'a, str>, ErrorKind> {
    let (host, tail) = split_host(u, rest, tracer)?;
    parse_host(u, &host, tracer);

    // parse: "even if it's empty, it has to be present"
    let hostname = u.hostname.take().unwrap_or_default();
    let ipv6 = is_ipv6_hostname(&hostname);
    let (hostname, mut tail) = if ipv6 {
        u.quirks.bracketed = true;
        (hostname, tail)
    } else {
        get_hostname(u, hostname, tail, tracer)
    };
    let long = js::utf16_len(&hostname) > HOSTNAME_MAX_LEN;
    u.quirks.hostname_emptied = long;
    let lowered = if long {
        String::new()
    } else {
        js::to_lower_case(&hostname).into_owned()
    };
    tracer.record(|| {
        Step::change(
            StepId::NodeHostnameCase,
            Component::Host,
            Some(&hostname),
            Some(&lowered),
        )
        .decide(if long {
            "over 255 UTF-16 code units: the hostname becomes empty"
        } else if lowered == hostname {
            "toLowerCase changes nothing"
        } else {
            "toLowerCase"
        })
    });
    let mut hostname = if lowered.is_empty() {
        lowered
    } else {
        check_hostname(u, lowered, ipv6, tracer)?
    };
    // parse: host = hostname and ':' port
    let mut host = hostname.clone();
    if let Some(p) = u.port.as_deref().filter(|p| !p.is_empty()) {
        host.push(':');
        host.push_str(p);
    }
    u.host = Some(host);
    if ipv6 {
        // parse: strip [ and ] from the hostname
        let inner = hostname
            .get(1..hostname.len().saturating_sub(1))
            .unwrap_or("")
            .to_owned();
        tracer.record(|| {
            Step::change(
                StepId::NodeIpv6,
                Component::Host,
                Some(&hostname),
                Some(&inner),
            )
            .decide(if tail.starts_with('/') {
                "'[' and ']' go; the host keeps them"
            } else {
                "'[' and ']' go; the host keeps them; '/' put before the rest"
            })
        });
        hostname = inner;
        if !tail.starts_with('/') {
            tail = Cow::Owned(format!("/{tail}"));
        }
    }
    u.hostname = Some(hostname);
    Ok(tail)
}

/// `Url.prototype.parse` (`lib/url.js`), where "there's a hostname": tabs,
/// LFs and CRs dropped before the first `#`, `/` or `?`; the first of
/// those ends the host, as does a character never allowed in a host,
/// unless an `@` follows it ("If there is an @ in the hostname"); the
/// auth is `decodeURIComponent` of what is before the last `@`. Gives the
/// host and the text after it.
fn split_host<'a, T: Tracer>(
    u: &mut Url,
    rest: Cow<'a, str>,
    tracer: &mut T,
) -> Result<(String, Cow<'a, str>), ErrorKind> {
    // parse: tabs, LFs and CRs go from the text before the first '#', '/' or '?'
    let limit = rest.find(['#', '/', '?']).unwrap_or(rest.len());
    let rest: Cow<'a, str> = if rest[..limit].contains(['\t', '\n', '\r']) {
        let mut r: String = rest[..limit]
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        r.push_str(&rest[limit..]);
        Cow::Owned(r)
    } else {
        rest
    };
    let (mut host_end, mut at_sign, mut non_host) = (None, None, None);
    for (i, b) in rest.bytes().enumerate() {
        match b {
            b' ' | b'"' | b'%' | b'\'' | b';' | b'<' | b'>' | b'\\' | b'^' | b'`' | b'{' | b'|'
            | b'}' => {
                non_host.get_or_insert(i);
            }
            b'#' | b'/' | b'?' => {
                non_host.get_or_insert(i);
                host_end = Some(i);
                break;
            }
            b'@' => {
                at_sign = Some(i);
                non_host = None;
            }
            _ => {}
        }
    }
    let start = at_sign.map_or(0, |a| a + 1);
    let end = non_host.unwrap_or(rest.len());
    tracer.record(|| {
        Step::change(
            StepId::NodeAuthority,
            Component::Host,
            None,
            Some(&rest[start..end]),
        )
        .decide(authority_words(&rest, host_end, non_host, at_sign))
    });
    if let Some(a) = at_sign {
        // parse: this.auth = decodeURIComponent(rest.slice(0, atSign))
        let decoded = js::decode_uri_component(&rest[..a]);
        tracer.record(|| {
            let step = Step::change(
                StepId::NodeAuth,
                Component::User,
                Some(&rest[..a]),
                decoded.as_deref().ok(),
            );
            match &decoded {
                Ok(_) => step.decide_fixed("decodeURIComponent of the text before the last '@'"),
                Err(_) => step
                    .decide_fixed("decodeURIComponent throws: a '%' without two hex digits, or escapes that are no UTF-8")
                    .fail(),
            }
        });
        u.auth = Some(decoded.map_err(|_| ErrorKind::UriMalformed)?.into_owned());
    }
    let host = rest[start..end].to_owned();
    let tail: Cow<'a, str> = match (non_host, rest) {
        (None, _) => Cow::Borrowed(""),
        (Some(n), Cow::Borrowed(r)) => Cow::Borrowed(&r[n..]),
        (Some(n), Cow::Owned(r)) => Cow::Owned(r[n..].to_owned()),
    };
    Ok((host, tail))
}

/// `Url.prototype.parse` (`lib/url.js`), a hostname that is not empty: a
/// bracketed one must hold none of `forbiddenHostCharsIpv6`; any other
/// becomes `toASCII` of it ("IDNA Support"), which must be neither empty
/// nor hold one of `forbiddenHostChars` ("Prevent two potential routes of
/// hostname spoofing"). Gives the hostname.
fn check_hostname<T: Tracer>(
    u: &mut Url,
    hostname: String,
    ipv6: bool,
    tracer: &mut T,
) -> Result<String, ErrorKind> {
    if ipv6 {
        // parse: forbiddenHostCharsIpv6
        let bad = hostname.find(is_forbidden_ipv6);
        tracer.record(|| {
            let step = Step::new(StepId::NodeForbidden).about(Component::Host);
            match bad {
                Some(i) => step
                    .decide(format!(
                        "{:?} in a bracketed hostname: ERR_INVALID_URL",
                        &hostname[i..=i]
                    ))
                    .fail(),
                None => step
                    .decide("a bracketed hostname: no \\0 \\t \\n \\r space # % / < > ? @ \\ ^ |"),
            }
        });
        if bad.is_some() {
            return Err(ErrorKind::InvalidUrl);
        }
        return Ok(hostname);
    }
    // parse: IDNA, this.hostname = toASCII(this.hostname)
    let b = idna::binding_to_ascii(&hostname);
    tracer.record(|| {
        Step::change(
            StepId::NodeToAscii,
            Component::Host,
            Some(&hostname),
            Some(&b.ascii),
        )
        .decide(to_ascii_words(&hostname, &b.ascii, b.refusal, b.cut_at_nul))
    });
    u.quirks.cut_at_nul = b.cut_at_nul;
    let ascii = b.ascii.into_owned();
    // parse: an empty or forbidden result can only come from toASCII
    let bad = if ascii.is_empty() {
        Some("empty")
    } else {
        ascii.find(is_forbidden_host).map(|_| "forbidden")
    };
    tracer.record(|| {
        let step = Step::new(StepId::NodeForbidden).about(Component::Host);
        match bad {
            Some("empty") => step
                .decide_fixed("toASCII gave an empty string: ERR_INVALID_URL")
                .fail(),
            Some(_) => step
                .decide(format!(
                    "toASCII gave {ascii:?}, with a character of forbiddenHostChars: ERR_INVALID_URL"
                ))
                .fail(),
            None => step.decide_fixed("no \\0 \\t \\n \\r space # % / : < > ? @ [ \\ ] ^ |"),
        }
    });
    if bad.is_some() {
        return Err(ErrorKind::InvalidUrl);
    }
    Ok(ascii)
}

/// Where the host starts and ends, in words.
fn authority_words(
    rest: &str,
    host_end: Option<usize>,
    non_host: Option<usize>,
    at_sign: Option<usize>,
) -> String {
    let from = if at_sign.is_some() {
        "from after the last '@' (before any '/', '?' or '#')"
    } else {
        "from the start"
    };
    let to = match non_host {
        None => "to the end".to_owned(),
        Some(n) if Some(n) == host_end => "to the first '/', '?' or '#'".to_owned(),
        Some(n) => format!(
            "to {:?}, a character never allowed in a host (RFC 2396)",
            char::from(rest.as_bytes()[n])
        ),
    };
    format!("the host runs {from} {to}")
}

/// What toASCII did, in words.
fn to_ascii_words(before: &str, after: &str, refusal: Option<Refusal>, cut: bool) -> String {
    let mut w = match refusal {
        Some(r) => format!("ada refuses ({r}): the empty string"),
        None if before == after => "unchanged".to_owned(),
        None if before.is_ascii() => "lowercased".to_owned(),
        None => "mapped (UTS #46, IDNA 15.0) and Punycoded".to_owned(),
    };
    if cut {
        w.push_str("; cut at its U+0000, as the binding passes a C string");
    }
    w
}

/// `parseHost`: `/:[0-9]*$/` splits off the port (an empty one is not
/// kept); what is before it, if anything, is the hostname.
fn parse_host<T: Tracer>(u: &mut Url, host: &str, tracer: &mut T) {
    let mut name = host;
    if let Some(colon) = host.rfind(':') {
        let digits = &host[colon + 1..];
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            if !digits.is_empty() {
                u.port = Some(digits.to_owned());
            }
            name = &host[..colon];
        }
    }
    if !name.is_empty() {
        u.hostname = Some(name.to_owned());
    }
    tracer.record(|| {
        Step::change(
            StepId::NodeParseHost,
            Component::Port,
            None,
            u.port.as_deref(),
        )
        .decide(match (&u.port, name.len() != host.len()) {
            (Some(_), _) => format!("':' and digits end the host; hostname {name:?}"),
            (None, true) => {
                format!("a ':' with no digits ends the host: no port; hostname {name:?}")
            }
            (None, false) => "no ':' followed only by digits: no port".to_owned(),
        })
    });
}

/// `getHostname`: the hostname ends at its first `/`, `\`, `#`, `?` or
/// `:`; the rest of it goes, after a `/`, in front of the path.
fn get_hostname<'a, T: Tracer>(
    u: &mut Url,
    hostname: String,
    rest: Cow<'a, str>,
    tracer: &mut T,
) -> (String, Cow<'a, str>) {
    let Some(i) = hostname.find(['/', '\\', '#', '?', ':']) else {
        return (hostname, rest);
    };
    let moved = format!("/{}{rest}", &hostname[i..]);
    tracer.record(|| {
        Step::change(
            StepId::NodeGetHostname,
            Component::Host,
            Some(&hostname),
            Some(&hostname[..i]),
        )
        .decide(format!(
            "{:?} ends the hostname; {:?} is now the start of the path",
            &hostname[i..=i],
            &moved
        ))
    });
    u.quirks.hostname_cut = Some(hostname[i..].to_owned());
    let mut hostname = hostname;
    hostname.truncate(i);
    (hostname, Cow::Owned(moved))
}

/// `forbiddenHostChars`, `/[\0\t\n\r #%/:<>?@[\\\]^|]/`.
fn is_forbidden_host(c: char) -> bool {
    matches!(
        c,
        '\0' | '\t'
            | '\n'
            | '\r'
            | ' '
            | '#'
            | '%'
            | '/'
            | ':'
            | '<'
            | '>'
            | '?'
            | '@'
            | '['
            | '\\'
            | ']'
            | '^'
            | '|'
    )
}

/// `forbiddenHostCharsIpv6`, `/[\0\t\n\r #%/<>?@\\^|]/`: for IPv6, as
/// lib/url.js says, `forbiddenHostChars` less `[`, `]` and `:`.
fn is_forbidden_ipv6(c: char) -> bool {
    is_forbidden_host(c) && !matches!(c, ':' | '[' | ']')
}

/// `autoEscapeStr`: `escapedCodes`, the characters written `%XX`.
fn auto_escape(rest: &str) -> Cow<'_, str> {
    let escaped = |b: u8| {
        matches!(
            b,
            b'\t'
                | b'\n'
                | b'\r'
                | b' '
                | b'"'
                | b'\''
                | b'<'
                | b'>'
                | b'\\'
                | b'^'
                | b'`'
                | b'{'
                | b'|'
                | b'}'
        )
    };
    if !rest.bytes().any(escaped) {
        return Cow::Borrowed(rest);
    }
    let mut out = String::with_capacity(rest.len() + 16);
    let mut from = 0;
    for (i, b) in rest.bytes().enumerate() {
        if escaped(b) {
            out.push_str(&rest[from..i]);
            js::push_escape(&mut out, b);
            from = i + 1;
        }
    }
    out.push_str(&rest[from..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forbidden_sets_are_lib_url_js_classes() {
        // the classes of forbiddenHostChars and forbiddenHostCharsIpv6
        let host = "\0\t\n\r #%/:<>?@[\\]^|";
        let ipv6 = "\0\t\n\r #%/<>?@\\^|";
        for c in (0..=0x7f_u8).map(char::from).chain(['\u{a0}', 'é']) {
            assert_eq!(is_forbidden_host(c), host.contains(c), "{c:?}");
            assert_eq!(is_forbidden_ipv6(c), ipv6.contains(c), "{c:?}");
        }
    }
}
