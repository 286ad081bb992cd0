//! urlcanon/canon.py's named steps. Each is a function of the parsed URL,
//! run in the order a canonicalizer lists it (see the module above); the
//! driver records what each changed, and the steps that decide something
//! the fields do not show (how the host read, which IDNA path took it)
//! record that themselves.

use crate::engine::canon_forms::unquote::{unquote_repeatedly, unquote_to_bytes};
use crate::engine::{Step, StepId, Tracer};

use super::idna::{Outcome, punycode};
use super::ip::{dotted_decimal, ipv6_string, parse_ipv4or6};
use super::parse::{ParsedUrl, parse_pathish};
use super::schemes::{SPECIAL_SCHEMES, is_special};

/// A named step: the URL, the step's id (one per canonicalizer), the
/// tracer; `Err` is an exception that escapes the canonicalizer.
pub(super) type StepFn<T> = fn(&mut ParsedUrl, StepId, &mut T) -> Result<(), String>;

/// `TAB_AND_NEWLINE_REGEX.sub(b'', field)`.
fn drop_tabs(field: &mut Vec<u8>) {
    field.retain(|&b| !matches!(b, b'\t' | b'\n' | b'\r'));
}

/// `pct_encode(bs, encode_re)`: each byte `encode` takes becomes `%XX`
/// (uppercase hex).
fn pct_encode(bs: &[u8], encode: impl Fn(u8) -> bool) -> Vec<u8> {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = Vec::with_capacity(bs.len());
    for &b in bs {
        if encode(b) {
            out.extend_from_slice(&[b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]);
        } else {
            out.push(b);
        }
    }
    out
}

/// `C0_ENCODE_RE`: `[\x00-\x1f\x7f-\xff]`.
fn c0_set(b: u8) -> bool {
    !(0x20..0x7f).contains(&b)
}

/// `PATH_ENCODE_RE`: `[\x00-\x20\x7f-\xff"#<>?`{}]`.
fn path_set(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f || b"\"#<>?`{}".contains(&b)
}

/// `QUERY_ENCODE_RE`: `[\x00-\x20\x22\x23\x3c\x3e\x7f-\xff]`.
fn query_set(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f || b"\"#<>".contains(&b)
}

/// `USERINFO_ENCODE_RE`: the path set and `/:;=@[\]^|`.
fn userinfo_set(b: u8) -> bool {
    path_set(b) || b"/:;=@[\\]^|".contains(&b)
}

/// `HOST_ENCODE_RE`: `[\x00-\x20\x7f-\xff]`.
fn host_set(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f
}

/// `GOOGLE_PCT_ENCODE_RE`: `[\x00-\x20\x7f-\xff#%]`.
fn google_set(b: u8) -> bool {
    b <= 0x20 || b >= 0x7f || b == b'#' || b == b'%'
}

/// `LESS_DUMB_USERINFO_ENCODE_RE`: Google's set and `:` and `@`.
fn less_dumb_userinfo_set(b: u8) -> bool {
    google_set(b) || b == b':' || b == b'@'
}

/// `LESS_DUMB_PATH_ENCODE_RE`: Google's set and `?`.
fn less_dumb_path_set(b: u8) -> bool {
    google_set(b) || b == b'?'
}

/// `LESS_DUMB_QUERY_ENCODE_RE`: Google's set and `&` and `=`.
fn less_dumb_query_set(b: u8) -> bool {
    google_set(b) || b == b'&' || b == b'='
}

/// `pct_encode_query(url, encode_re)`: each key and value (the query cut at
/// `&`, each part at its first `=`) encoded, then joined back.
fn encode_query_parts(query: &[u8], encode: impl Fn(u8) -> bool, decode_first: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(query.len());
    for (i, part) in query.split(|&b| b == b'&').enumerate() {
        if i > 0 {
            out.push(b'&');
        }
        let (key, value) = match part.iter().position(|&b| b == b'=') {
            Some(eq) => (&part[..eq], Some(&part[eq + 1..])),
            None => (part, None),
        };
        for (j, token) in std::iter::once(key).chain(value).enumerate() {
            if j > 0 {
                out.push(b'=');
            }
            if decode_first {
                out.extend(pct_encode(&unquote_repeatedly(token), &encode));
            } else {
                out.extend(pct_encode(token, &encode));
            }
        }
    }
    out
}

pub(super) fn remove_leading_trailing_junk<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.leading_junk.clear();
    url.trailing_junk.clear();
    Ok(())
}

pub(super) fn remove_tabs_and_newlines<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    for field in [
        &mut url.leading_junk,
        &mut url.scheme,
        &mut url.colon_after_scheme,
        &mut url.slashes,
        &mut url.username,
        &mut url.colon_before_password,
        &mut url.password,
        &mut url.at_sign,
        &mut url.host,
        &mut url.colon_before_port,
        &mut url.port,
        &mut url.path,
        &mut url.question_mark,
        &mut url.query,
        &mut url.hash_sign,
        &mut url.fragment,
        &mut url.trailing_junk,
    ] {
        drop_tabs(field);
    }
    Ok(())
}

pub(super) fn lowercase_scheme<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.scheme.make_ascii_lowercase();
    Ok(())
}

pub(super) fn fix_backslashes<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if is_special(&url.scheme) {
        url.slashes = vec![b'/'; url.slashes.len()];
        for b in &mut url.path {
            if *b == b'\\' {
                *b = b'/';
            }
        }
    }
    Ok(())
}

/// `resolve_path_dots(path, special)`: the path cut into separators and
/// the segments after them, alternating; a segment `.` (or `%2e`) is
/// dropped with the separator after it, a segment `..` also takes the
/// separator and segment before it (while more than one piece is kept).
fn resolve_path_dots(path: &[u8], special: bool) -> Vec<u8> {
    let is_sep = |b: u8| b == b'/' || (special && b == b'\\');
    if !path.first().is_some_and(|&b| is_sep(b)) {
        return path.to_vec();
    }
    // old_path: [sep, segment, sep, segment, ...]
    let mut old_path: Vec<&[u8]> = Vec::new();
    let mut start = 0;
    for (i, &b) in path.iter().enumerate() {
        if is_sep(b) {
            if i > 0 {
                old_path.push(&path[start..i]);
            }
            old_path.push(&path[i..=i]);
            start = i + 1;
        }
    }
    old_path.push(&path[start..]);
    let mut new_path: Vec<&[u8]> = Vec::new();
    let mut i = 0;
    while i < old_path.len() {
        match path_dots(old_path[i]) {
            Some(two) => {
                if two {
                    if new_path.len() > 1 {
                        new_path.pop();
                    }
                    if new_path.len() > 1 {
                        new_path.pop();
                    }
                }
                i += 1;
            }
            None => new_path.push(old_path[i]),
        }
        i += 1;
    }
    new_path.concat()
}

/// `PATH_DOTS_REGEX` (`\A([.]|%2e)([.]|%2e)?\Z`, any case): `Some(false)`
/// for one dot, `Some(true)` for two.
fn path_dots(seg: &[u8]) -> Option<bool> {
    let one = |s: &[u8]| -> Option<usize> {
        if s.first() == Some(&b'.') {
            Some(1)
        } else if s.len() >= 3 && s[..3].eq_ignore_ascii_case(b"%2e") {
            Some(3)
        } else {
            None
        }
    };
    let a = one(seg)?;
    let rest = &seg[a..];
    if rest.is_empty() {
        return Some(false);
    }
    match one(rest) {
        Some(b) if b == rest.len() => Some(true),
        _ => None,
    }
}

pub(super) fn normalize_path_dots<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.path = resolve_path_dots(&url.path, is_special(&url.scheme));
    Ok(())
}

pub(super) fn pct_encode_path<T: Tracer>(
    url: &mut ParsedUrl,
    id: StepId,
    tr: &mut T,
) -> Result<(), String> {
    // "cannot-be-a-base-URL path state" and "path state" encode
    // differently: the package picks by a leading '/' or a special scheme.
    let full = url.path.first() == Some(&b'/') || is_special(&url.scheme);
    url.path = if full {
        pct_encode(&url.path, path_set)
    } else {
        pct_encode(&url.path, c0_set)
    };
    tr.record(|| {
        Step::new(id).decide(if full {
            "the path set (it starts with '/' or the scheme is special)"
        } else {
            "the C0 control set (no leading '/', the scheme is not special)"
        })
    });
    Ok(())
}

pub(super) fn pct_encode_userinfo<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.username = pct_encode(&url.username, userinfo_set);
    url.password = pct_encode(&url.password, userinfo_set);
    Ok(())
}

pub(super) fn pct_encode_fragment<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.fragment = pct_encode(&url.fragment, c0_set);
    Ok(())
}

pub(super) fn pct_encode_host<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.host = pct_encode(&url.host, host_set);
    Ok(())
}

pub(super) fn empty_path_to_slash<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if url.path.is_empty() && !url.authority().is_empty() && is_special(&url.scheme) {
        url.path = b"/".to_vec();
    }
    Ok(())
}

pub(super) fn normalize_ip_address<T: Tracer>(
    url: &mut ParsedUrl,
    id: StepId,
    tr: &mut T,
) -> Result<(), String> {
    if let Some(ip4) = &url.ip4 {
        match dotted_decimal(ip4) {
            Ok(s) => url.host = s.into_bytes(),
            Err(e) => {
                tr.record(|| Step::new(id).decide(e.clone()).fail());
                return Err(e);
            }
        }
    } else if let Some(ip6) = url.ip6 {
        url.host = format!("[{}]", ipv6_string(ip6)).into_bytes();
    }
    Ok(())
}

pub(super) fn elide_default_port<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    let default = SPECIAL_SCHEMES
        .iter()
        .find(|(s, _)| *s == url.scheme.as_slice())
        .and_then(|(_, port)| *port);
    if default.is_some_and(|d| d == url.port.as_slice()) {
        url.colon_before_port.clear();
        url.port.clear();
    }
    Ok(())
}

pub(super) fn clean_up_userinfo<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if url.password.is_empty() {
        url.colon_before_password.clear();
        if url.username.is_empty() {
            url.at_sign.clear();
        }
    }
    Ok(())
}

pub(super) fn two_slashes<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if !url.slashes.is_empty() || !url.authority().is_empty() || url.scheme == b"file" {
        url.slashes = b"//".to_vec();
    }
    Ok(())
}

pub(super) fn punycode_special_host<T: Tracer>(
    url: &mut ParsedUrl,
    id: StepId,
    tr: &mut T,
) -> Result<(), String> {
    if url.host.is_empty() || !is_special(&url.scheme) {
        return Ok(());
    }
    match punycode(&url.host) {
        Outcome::Idna2008(host) => {
            tr.record(|| Step::new(id).decide("idna.encode(host, uts46=True) takes it"));
            url.host = host;
        }
        Outcome::Idna2003(why, host) => {
            tr.record(|| {
                Step::new(id).decide(format!(
                    "idna.encode raises ({why}); uts46_remap and IDNA 2003's ToASCII per label take it"
                ))
            });
            url.host = host;
        }
        Outcome::Kept(first, second) => tr.record(|| {
            Step::new(id).decide(format!(
                "idna.encode raises ({first}), and so does the fallback ({second}): the host stays"
            ))
        }),
    }
    Ok(())
}

pub(super) fn leading_slash<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if is_special(&url.scheme) && url.path.first() != Some(&b'/') {
        url.path.insert(0, b'/');
    }
    Ok(())
}

pub(super) fn remove_fragment<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.hash_sign.clear();
    url.fragment.clear();
    Ok(())
}

pub(super) fn remove_userinfo<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.username.clear();
    url.colon_before_password.clear();
    url.password.clear();
    url.at_sign.clear();
    Ok(())
}

/// `pct_decode_repeatedly(url, skip_query)`.
fn decode_fields(url: &mut ParsedUrl, skip_query: bool) {
    for field in [
        &mut url.scheme,
        &mut url.username,
        &mut url.password,
        &mut url.host,
        &mut url.port,
        &mut url.path,
    ] {
        *field = unquote_repeatedly(field);
    }
    if !skip_query {
        url.query = unquote_repeatedly(&url.query);
    }
    url.fragment = unquote_repeatedly(&url.fragment);
}

pub(super) fn pct_decode_repeatedly<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    decode_fields(url, false);
    Ok(())
}

pub(super) fn pct_decode_repeatedly_except_query<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    decode_fields(url, true);
    Ok(())
}

pub(super) fn pct_encode_query<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if !url.query.is_empty() {
        url.query = encode_query_parts(&url.query, query_set, false);
    }
    Ok(())
}

pub(super) fn google_pct_encode<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    for field in [
        &mut url.scheme,
        &mut url.username,
        &mut url.password,
        &mut url.host,
        &mut url.port,
        &mut url.path,
    ] {
        *field = pct_encode(field, google_set);
    }
    // pct_encode_query(url, GOOGLE_PCT_ENCODE_RE)
    if !url.query.is_empty() {
        url.query = encode_query_parts(&url.query, google_set, false);
    }
    url.fragment = pct_encode(&url.fragment, google_set);
    Ok(())
}

pub(super) fn less_dumb_pct_encode<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    url.scheme = pct_encode(&url.scheme, google_set);
    url.username = pct_encode(&url.username, less_dumb_userinfo_set);
    url.password = pct_encode(&url.password, less_dumb_userinfo_set);
    url.host = pct_encode(&url.host, google_set);
    url.port = pct_encode(&url.port, google_set);
    url.path = pct_encode(&url.path, less_dumb_path_set);
    url.fragment = pct_encode(&url.fragment, google_set);
    Ok(())
}

pub(super) fn less_dumb_pct_recode_query<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if !url.query.is_empty() {
        url.query = encode_query_parts(&url.query, less_dumb_query_set, true);
    }
    Ok(())
}

pub(super) fn reparse_host<T: Tracer>(
    url: &mut ParsedUrl,
    id: StepId,
    tr: &mut T,
) -> Result<(), String> {
    (url.ip4, url.ip6) = parse_ipv4or6(&url.host);
    tr.record(|| {
        Step::new(id).decide(match (&url.ip4, url.ip6) {
            (Some(n), _) => format!(
                "the host reads as the IPv4 number {}",
                n.to_decimal()
                    .unwrap_or_else(|_| "(more than 4,300 digits)".to_owned())
            ),
            (_, Some(n)) => format!("the host reads as the IPv6 address {}", ipv6_string(n)),
            _ => "the host is no address".to_owned(),
        })
    });
    Ok(())
}

pub(super) fn default_scheme_http<T: Tracer>(
    url: &mut ParsedUrl,
    id: StepId,
    tr: &mut T,
) -> Result<(), String> {
    if url.scheme.is_empty() {
        url.scheme = b"http".to_vec();
        url.colon_after_scheme = b":".to_vec();
        if !url.path.is_empty() {
            let path = std::mem::take(&mut url.path);
            parse_pathish(url, &path, id, tr);
        }
    }
    Ok(())
}

pub(super) fn collapse_consecutive_slashes<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if is_special(&url.scheme) {
        // re.sub(b'//+', b'/', path)
        let mut out = Vec::with_capacity(url.path.len());
        for &b in &url.path {
            if !(b == b'/' && out.last() == Some(&b'/')) {
                out.push(b);
            }
        }
        url.path = out;
    }
    Ok(())
}

pub(super) fn fix_host_dots<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if url.host.is_empty() {
        return Ok(());
    }
    // re.sub(br'^\.+', b'', host)
    let lead = url.host.iter().take_while(|&&b| b == b'.').count();
    url.host.drain(..lead);
    // re.sub(br'\.+$', b'', host): Python's '$' also matches before a
    // final '\n', so dots ending the host, or else standing just before
    // a final newline, go.
    let h = &url.host;
    let end = if h.last() == Some(&b'\n') && h.len() >= 2 && h[h.len() - 2] == b'.' {
        h.len() - 1
    } else {
        h.len()
    };
    let dots = h[..end].iter().rev().take_while(|&&b| b == b'.').count();
    url.host.drain(end - dots..end);
    // re.sub(br'\.{2,}', b'.', host)
    let mut out = Vec::with_capacity(url.host.len());
    for &b in &url.host {
        if !(b == b'.' && out.last() == Some(&b'.')) {
            out.push(b);
        }
    }
    url.host = out;
    Ok(())
}

pub(super) fn pct_decode_host<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if !url.host.is_empty() && is_special(&url.scheme) {
        url.host = unquote_to_bytes(&url.host);
    }
    Ok(())
}

pub(super) fn alpha_reorder_query<T: Tracer>(
    url: &mut ParsedUrl,
    _: StepId,
    _: &mut T,
) -> Result<(), String> {
    if !url.query.is_empty() {
        let mut parts: Vec<&[u8]> = url.query.split(|&b| b == b'&').collect();
        parts.sort();
        url.query = parts.join(&b'&');
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::resolve_path_dots;

    #[test]
    fn path_dots_as_the_package_resolves_them() {
        for (path, want) in [
            ("/./", "/"),
            ("/.", "/"),
            ("/..", "/"),
            ("/../", "/"),
            ("/..//", "//"),
            ("//..//", "//"),
            ("/foo/./", "/foo/"),
            ("/foo/.", "/foo/"),
            ("/foo/..", "/"),
            ("/.../", "/.../"),
            ("/././.", "/"),
            ("/.././../.", "/"),
        ] {
            assert_eq!(
                resolve_path_dots(path.as_bytes(), true),
                want.as_bytes(),
                "{path}"
            );
        }
    }
}
