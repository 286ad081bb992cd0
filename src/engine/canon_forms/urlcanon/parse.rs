//! urlcanon/parse.py: `parse_url` and `ParsedUrl`. The package cuts the URL
//! with a handful of regular expressions; each is written out here as the
//! match its backtracking settles on, with the pattern quoted beside it.

use crate::engine::{Step, StepId, Tracer};

use super::schemes::{SPECIAL_SCHEMES, is_special, shown};

/// urlcanon/parse.py's `ParsedUrl`: every piece of the URL, delimiters
/// included, as bytes, so that `bytes(parsed)` gives the URL back exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct ParsedUrl {
    pub leading_junk: Vec<u8>,
    pub scheme: Vec<u8>,
    pub colon_after_scheme: Vec<u8>,
    pub slashes: Vec<u8>,
    pub username: Vec<u8>,
    pub colon_before_password: Vec<u8>,
    pub password: Vec<u8>,
    pub at_sign: Vec<u8>,
    /// `ip6`: the address as a number, once `reparse_host` has read one.
    pub ip6: Option<u128>,
    /// `ip4`: a number, possibly negative or huge (Python's int), once
    /// `reparse_host` has read one.
    pub ip4: Option<super::pyint::PyInt>,
    pub host: Vec<u8>,
    pub colon_before_port: Vec<u8>,
    pub port: Vec<u8>,
    pub path: Vec<u8>,
    pub question_mark: Vec<u8>,
    pub query: Vec<u8>,
    pub hash_sign: Vec<u8>,
    pub fragment: Vec<u8>,
    pub trailing_junk: Vec<u8>,
}

fn cat(parts: &[&[u8]]) -> Vec<u8> {
    parts.concat()
}

impl ParsedUrl {
    /// `ParsedUrl.userinfo + at_sign + host_port`: the `authority` property.
    pub fn authority(&self) -> Vec<u8> {
        cat(&[
            &self.username,
            &self.colon_before_password,
            &self.password,
            &self.at_sign,
            &self.host,
            &self.colon_before_port,
            &self.port,
        ])
    }

    /// `ParsedUrl.__bytes__`: every field in order.
    pub fn to_bytes(&self) -> Vec<u8> {
        cat(&[
            &self.leading_junk,
            &self.scheme,
            &self.colon_after_scheme,
            &self.slashes,
            &self.authority(),
            &self.path,
            &self.question_mark,
            &self.query,
            &self.hash_sign,
            &self.fragment,
            &self.trailing_junk,
        ])
    }

    /// `ParsedUrl.ssurt`: the host first (reversed by `ssurt_host`), then
    /// the slashes, the port before its colon, the scheme, the userinfo,
    /// the scheme's colon, and the rest in order.
    pub fn ssurt(&self) -> Vec<u8> {
        cat(&[
            &self.leading_junk,
            &ssurt_host(&self.host),
            &self.slashes,
            &self.port,
            &self.colon_before_port,
            &self.scheme,
            &self.at_sign,
            &self.username,
            &self.colon_before_password,
            &self.password,
            &self.colon_after_scheme,
            &self.path,
            &self.question_mark,
            &self.query,
            &self.hash_sign,
            &self.fragment,
            &self.trailing_junk,
        ])
    }
}

/// urlcanon/__init__.py's `ssurt_host`: an empty host, one in brackets or
/// one `parse_ipv4` reads as a number that is not zero (Python's truth of
/// the int it returns) stays as it is; any other is `reverse_host`'d.
pub(super) fn ssurt_host(host: &[u8]) -> Vec<u8> {
    if host.is_empty()
        || host[0] == b'['
        || super::ip::parse_ipv4(host).is_some_and(|n| !n.is_zero())
    {
        return host.to_vec();
    }
    // reverse_host(host, trailing_comma=True): labels reversed, a ',' in
    // a label becomes '.', the labels joined by ',' with one more at the end.
    let mut out = Vec::with_capacity(host.len() + 1);
    for label in host.rsplit(|&b| b == b'.') {
        out.extend(label.iter().map(|&b| if b == b',' { b'.' } else { b }));
        out.push(b',');
    }
    out
}

/// The C0 controls and space: `LEADING_JUNK_REGEX` and
/// `TRAILING_JUNK_REGEX`'s `[\x00-\x20]`.
fn is_junk(b: u8) -> bool {
    b <= 0x20
}

/// `parse_url(u)` for a `str` (encoded as UTF-8 first).
pub(super) fn parse_url<T: Tracer>(u: &str, tr: &mut T) -> ParsedUrl {
    let b = u.as_bytes();
    let mut url = ParsedUrl::default();
    // LEADING_JUNK_REGEX \A([\x00-\x20]*)(.*)\Z, then TRAILING_JUNK_REGEX
    // \A(.*?)([\x00-\x20]*)\Z on what is left: the junk is the longest run
    // at each end.
    let start = b.iter().position(|&c| !is_junk(c)).unwrap_or(b.len());
    let end = b[start..]
        .iter()
        .rposition(|&c| !is_junk(c))
        .map_or(start, |i| start + i + 1);
    url.leading_junk = b[..start].to_vec();
    url.trailing_junk = b[end..].to_vec();
    let s = &b[start..end];
    // URL_REGEX: (?P<scheme>[a-zA-Z][^:]*)(?P<colon_after_scheme>:) is
    // optional and greedy: with a letter first and a ':' anywhere, the
    // scheme is everything up to the first ':' ('?', '#' and '/' included).
    let rest = match s.iter().position(|&c| c == b':') {
        Some(colon) if s[0].is_ascii_alphabetic() => {
            url.scheme = s[..colon].to_vec();
            url.colon_after_scheme = b":".to_vec();
            &s[colon + 1..]
        }
        _ => s,
    };
    // (?P<pathish>[^?#]*), then (?:[?][^#]*)?, then (?:[#].*)?.
    let pathish_end = rest
        .iter()
        .position(|&c| c == b'?' || c == b'#')
        .unwrap_or(rest.len());
    let pathish = &rest[..pathish_end];
    let mut tail = &rest[pathish_end..];
    if tail.first() == Some(&b'?') {
        let q_end = tail.iter().position(|&c| c == b'#').unwrap_or(tail.len());
        url.question_mark = b"?".to_vec();
        url.query = tail[1..q_end].to_vec();
        tail = &tail[q_end..];
    }
    if tail.first() == Some(&b'#') {
        url.hash_sign = b"#".to_vec();
        url.fragment = tail[1..].to_vec();
    }
    tr.record(|| {
        Step::new(StepId::UrlcanonParse).decide(format!(
            "leading junk {:?}, scheme {:?}{}, pathish {:?}, query {}, fragment {}, trailing junk {:?}",
            shown(&url.leading_junk),
            shown(&url.scheme),
            if url.colon_after_scheme.is_empty() { " (no ':')" } else { "" },
            shown(pathish),
            if url.question_mark.is_empty() { "none".to_owned() } else { format!("{:?}", shown(&url.query)) },
            if url.hash_sign.is_empty() { "none".to_owned() } else { format!("{:?}", shown(&url.fragment)) },
            shown(&url.trailing_junk),
        ))
    });
    // parse_url: `if m.group('pathish'):`, an empty one is not parsed.
    if !pathish.is_empty() {
        parse_pathish(&mut url, pathish, StepId::UrlcanonParsePathish, tr);
    }
    url
}

/// `[\r\n\t]`, which the pathish patterns let stand around the slashes.
fn is_tab_or_newline(b: u8) -> bool {
    matches!(b, b'\r' | b'\n' | b'\t')
}

/// `[\r\n\t]* (?:S[\r\n\t]*){2}` with `S` a slash class: the length of the
/// match at the start of `p`, if it matches. Each part is greedy and
/// nothing after it can fail, so the first way found is the match.
fn two_slashes_len(p: &[u8], slash: impl Fn(u8) -> bool) -> Option<usize> {
    let skip = |mut i: usize| {
        while i < p.len() && is_tab_or_newline(p[i]) {
            i += 1;
        }
        i
    };
    let mut i = skip(0);
    for _ in 0..2 {
        if i < p.len() && slash(p[i]) {
            i = skip(i + 1);
        } else {
            return None;
        }
    }
    Some(i)
}

/// `parse_pathish(url, pathish)`: the part after the scheme, cut by the
/// pattern for the scheme's kind (tabs and newlines removed and lowercased
/// to choose it). `id` is the step it is recorded as (parse_url's, or
/// default_scheme_http's reparse of the path).
pub(super) fn parse_pathish<T: Tracer>(
    url: &mut ParsedUrl,
    pathish: &[u8],
    id: StepId,
    tr: &mut T,
) {
    let clean_scheme: Vec<u8> = url
        .scheme
        .iter()
        .filter(|&&c| !is_tab_or_newline(c))
        .map(u8::to_ascii_lowercase)
        .collect();
    let slash_or_backslash = |c: u8| c == b'/' || c == b'\\';
    let authority: Option<&[u8]>;
    if clean_scheme == b"file" {
        // FILE_PATHISH_REGEX: two slashes (either kind, tabs and newlines
        // around them), the host up to the next slash of either kind, the
        // path from there.
        match two_slashes_len(pathish, slash_or_backslash) {
            Some(n) => {
                let rest = &pathish[n..];
                let h = rest
                    .iter()
                    .position(|&c| slash_or_backslash(c))
                    .unwrap_or(rest.len());
                url.slashes = pathish[..n].to_vec();
                url.host = rest[..h].to_vec();
                url.path = rest[h..].to_vec();
            }
            None => url.path = pathish.to_vec(),
        }
        authority = None;
    } else if SPECIAL_SCHEMES
        .iter()
        .any(|(s, _)| *s == clean_scheme.as_slice())
    {
        // SPECIAL_PATHISH_REGEX: any run of slashes, backslashes, tabs and
        // newlines; the authority up to the next slash or backslash; the
        // path from there. It always matches.
        let n = pathish
            .iter()
            .position(|&c| !(slash_or_backslash(c) || is_tab_or_newline(c)))
            .unwrap_or(pathish.len());
        let rest = &pathish[n..];
        let a = rest
            .iter()
            .position(|&c| slash_or_backslash(c))
            .unwrap_or(rest.len());
        url.slashes = pathish[..n].to_vec();
        url.path = rest[a..].to_vec();
        authority = Some(&rest[..a]);
    } else {
        // NONSPECIAL_PATHISH_REGEX: two '/' (tabs and newlines around
        // them), the authority up to the next '/', the path from there;
        // without the two slashes, all of it is the path.
        match two_slashes_len(pathish, |c| c == b'/') {
            Some(n) => {
                let rest = &pathish[n..];
                let a = rest.iter().position(|&c| c == b'/').unwrap_or(rest.len());
                url.slashes = pathish[..n].to_vec();
                url.path = rest[a..].to_vec();
                authority = Some(&rest[..a]);
            }
            None => {
                url.path = pathish.to_vec();
                authority = None;
            }
        }
    }
    if let Some(authority) = authority {
        split_authority(url, authority);
        // parse_pathish also sets ip4 and ip6 here (parse_ipv4or6), but
        // every canonicalizer reads the host again (reparse_host) before it
        // looks at them, and parse_ipv4or6 raises nothing, so that first
        // reading is left out.
    }
    tr.record(|| {
        Step::new(id).decide(format!(
            "{} pattern: slashes {:?}, username {:?}{}, host {:?}, port {}, path {:?}",
            if clean_scheme == b"file" {
                "the file"
            } else if is_special(&clean_scheme) {
                "the special"
            } else {
                "the non-special"
            },
            shown(&url.slashes),
            shown(&url.username),
            if url.colon_before_password.is_empty() {
                String::new()
            } else {
                format!(", password {:?}", shown(&url.password))
            },
            shown(&url.host),
            if url.colon_before_port.is_empty() {
                "none".to_owned()
            } else {
                format!("{:?}", shown(&url.port))
            },
            shown(&url.path),
        ))
    });
}

/// `AUTHORITY_REGEX` on `authority`:
///
/// ```text
/// (?:(?P<username>[^:]*)((?P<colon_before_password>:)(?P<password>.*))?(?P<at_sign>@))?
/// (?P<host>\[[^]]*\]|[^:]*)(?:(?P<colon_before_port>:)(?P<port>.*))?\Z
/// ```
///
/// How the backtracking settles: the username runs to the first ':'; if an
/// '@' follows that colon, the password runs to the last '@'. Otherwise the
/// username is what comes before the last '@' ahead of the first ':', and
/// with no such '@' there is no userinfo. The host is a bracketed
/// `[...]` (to the first ']') when a ':' or the end follows it, else
/// everything up to the first ':'; after that ':' comes the port.
pub(super) fn split_authority(url: &mut ParsedUrl, authority: &[u8]) {
    url.username.clear();
    url.colon_before_password.clear();
    url.password.clear();
    url.at_sign.clear();
    url.colon_before_port.clear();
    url.port.clear();
    let colon = authority
        .iter()
        .position(|&c| c == b':')
        .unwrap_or(authority.len());
    let last_at_after_colon = authority
        .iter()
        .rposition(|&c| c == b'@')
        .filter(|&at| at > colon);
    let rest = if let Some(at) = last_at_after_colon {
        url.username = authority[..colon].to_vec();
        url.colon_before_password = b":".to_vec();
        url.password = authority[colon + 1..at].to_vec();
        url.at_sign = b"@".to_vec();
        &authority[at + 1..]
    } else if let Some(at) = authority[..colon].iter().rposition(|&c| c == b'@') {
        url.username = authority[..at].to_vec();
        url.at_sign = b"@".to_vec();
        &authority[at + 1..]
    } else {
        authority
    };
    let bracketed = if rest.first() == Some(&b'[') {
        rest.iter()
            .position(|&c| c == b']')
            .filter(|&e| e + 1 == rest.len() || rest[e + 1] == b':')
            .map(|e| e + 1)
    } else {
        None
    };
    let host_end =
        bracketed.unwrap_or_else(|| rest.iter().position(|&c| c == b':').unwrap_or(rest.len()));
    url.host = rest[..host_end].to_vec();
    if host_end < rest.len() {
        url.colon_before_port = b":".to_vec();
        url.port = rest[host_end + 1..].to_vec();
    }
}
