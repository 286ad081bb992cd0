//! The character sets of urllib3 2.8.0's `src/urllib3/util/url.py`
//! (`_UNRESERVED_CHARS`, `_SUB_DELIM_CHARS`, `_USERINFO_CHARS`,
//! `_PATH_CHARS`, `_QUERY_CHARS`, `_FRAGMENT_CHARS`) and
//! `_encode_invalid_chars`, which `parse_url` and `_normalize_host` both
//! apply.

use std::borrow::Cow;

/// Whether `b` is in `_UNRESERVED_CHARS` (ASCII letters, digits, `.`,
/// `_`, `-`, `~`).
pub(super) fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-' | b'~')
}

/// `_SUB_DELIM_CHARS`.
fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// `_USERINFO_CHARS`: unreserved, sub-delims and `:`.
pub(super) fn is_userinfo(b: u8) -> bool {
    is_unreserved(b) || is_sub_delim(b) || b == b':'
}

/// `_PATH_CHARS`: the userinfo ones, `@` and `/`.
pub(super) fn is_path(b: u8) -> bool {
    is_userinfo(b) || b == b'@' || b == b'/'
}

/// `_QUERY_CHARS` and `_FRAGMENT_CHARS`: the path ones and `?`.
pub(super) fn is_query(b: u8) -> bool {
    is_path(b) || b == b'?'
}

/// `_encode_invalid_chars(component, allowed)`: every byte of the UTF-8
/// that is not an allowed ASCII character becomes `%XX`; existing escapes
/// are uppercased first, and their `%` kept only when every `%` of the
/// component starts one (else each `%` becomes `%25`).
pub(super) fn encode_invalid_chars(component: &str, allowed: fn(u8) -> bool) -> Cow<'_, str> {
    let b = component.as_bytes();
    // the fast path: ASCII, all allowed, no '%'
    if b.iter().all(|&c| c != b'%' && c.is_ascii() && allowed(c)) {
        return Cow::Borrowed(component);
    }
    // _PERCENT_RE.subn: the escapes, left to right, not overlapping
    let mut escapes = 0;
    let mut upper = Vec::with_capacity(b.len());
    let mut at = 0;
    while at < b.len() {
        if b[at] == b'%'
            && b.get(at + 1).is_some_and(u8::is_ascii_hexdigit)
            && b.get(at + 2).is_some_and(u8::is_ascii_hexdigit)
        {
            escapes += 1;
            upper.extend_from_slice(&[
                b'%',
                b[at + 1].to_ascii_uppercase(),
                b[at + 2].to_ascii_uppercase(),
            ]);
            at += 3;
        } else {
            upper.push(b[at]);
            at += 1;
        }
    }
    let percent_encoded = escapes == upper.iter().filter(|&&c| c == b'%').count();
    let mut out = String::with_capacity(upper.len() + 16);
    for &c in &upper {
        if (percent_encoded && c == b'%') || (c < 0x80 && allowed(c)) {
            out.push(char::from(c));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(c >> 4)]));
            out.push(char::from(HEX[usize::from(c & 15)]));
        }
    }
    Cow::Owned(out)
}

/// Uppercase hex digits, as `%02X` writes them.
const HEX: &[u8; 16] = b"0123456789ABCDEF";
