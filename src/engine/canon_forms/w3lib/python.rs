//! The small Python pieces w3lib's URL code is built from: its own
//! percent-encoding tables and decoders (w3lib/_url.py), `str.partition`,
//! `repr()` of a string (which its error messages quote), NFKC.

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_normalization::UnicodeNormalization;

/// RFC 3986's unreserved characters (`RFC3986_UNRESERVED`): always safe in
/// `_quote`, whatever else is asked for.
const UNRESERVED: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

/// A set of bytes `_quote` leaves as they are, besides the unreserved ones.
#[derive(Clone, Copy)]
pub(super) struct Safe(&'static [u8]);

/// `_USERINFO_SAFEST_CHARS`: `RFC3986_USERINFO_SAFE_CHARS` without ':', ';'
/// and '='.
pub(super) const USERINFO_SAFEST: Safe = Safe(b"!$&'()*+,");
/// `_PATH_SAFEST_CHARS`: `_SAFE_CHARS` (RFC 3986's reserved characters,
/// '|' and '%') without '#', '[', ']' and '|'. The query and the fragment
/// use the same set (`_QUERY_SAFEST_CHARS`, `_FRAGMENT_SAFEST_CHARS`).
pub(super) const PATH_SAFEST: Safe = Safe(b":/?@!$&'()*+,;=%");
/// `_QUERY_SAFEST_CHARS`: the path's set.
pub(super) const QUERY_SAFEST: Safe = PATH_SAFEST;
/// `_FRAGMENT_SAFEST_CHARS`: the path's set.
pub(super) const FRAGMENT_SAFEST: Safe = PATH_SAFEST;
/// `_SPECIAL_QUERY_SAFEST_CHARS`: the path's set without "'".
pub(super) const SPECIAL_QUERY_SAFEST: Safe = Safe(b":/?@!$&()*+,;=%");
/// `_PATH_SAFE_CHARS`: `_SAFE_CHARS` without '#'.
pub(super) const PATH_SAFE: Safe = Safe(b":/?[]@!$&'()*+,;=|%");
/// `_urlencode`'s set: the unreserved characters alone.
pub(super) const NONE: Safe = Safe(b"");

/// w3lib/_url.py's `_quote(data, safe, quote_plus)`: every byte that is
/// neither unreserved nor in `safe` becomes `%XX` (uppercase hex), a space
/// `+` when `quote_plus`.
pub(super) fn quote(data: &[u8], safe: Safe, quote_plus: bool) -> String {
    let mut out = String::with_capacity(data.len());
    for &b in data {
        if UNRESERVED.contains(&b) || safe.0.contains(&b) {
            out.push(char::from(b));
        } else if quote_plus && b == b' ' {
            out.push('+');
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// w3lib/_url.py's `_unquote` (and `_unquote_plus` with `plus`): each `%`
/// followed by two hex digits becomes that byte; anything else is kept
/// (with `plus`, '+' becomes a space).
pub(super) fn unquote(data: &[u8], plus: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        let b = data[i];
        if b == b'%'
            && let (Some(hi), Some(lo)) = (
                data.get(i + 1).copied().and_then(hex_value),
                data.get(i + 2).copied().and_then(hex_value),
            )
        {
            out.push(hi << 4 | lo);
            i += 3;
            continue;
        }
        out.push(if plus && b == b'+' { b' ' } else { b });
        i += 1;
    }
    out
}

/// Python's `str.partition(sep)`: before the first `sep`, whether there was
/// one, after it.
pub(super) fn partition(s: &str, sep: char) -> (&str, bool, &str) {
    match s.split_once(sep) {
        Some((a, b)) => (a, true, b),
        None => (s, false, ""),
    }
}

/// Python's `str.rpartition(sep)`: before the last `sep`, whether there was
/// one, after it (all of `s` after, when there is none).
pub(super) fn rpartition(s: &str, sep: char) -> (&str, bool, &str) {
    match s.rsplit_once(sep) {
        Some((a, b)) => (a, true, b),
        None => ("", false, s),
    }
}

/// `unicodedata.normalize("NFKC", s)`. (Python 3.11 has Unicode 14; the
/// crate a later version: they differ only on characters assigned since.)
pub(super) fn nfkc(s: &str) -> String {
    s.nfkc().collect()
}

/// Python's `str.lower()`: the full lowercase mapping, as Rust's.
pub(super) fn lower(s: &str) -> String {
    s.to_lowercase()
}

/// Whether Python's `str.isprintable()` holds for `c`: not a control, a
/// format character, a surrogate, a private-use or unassigned code point,
/// or a separator other than the ASCII space.
fn printable(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    !matches!(
        get_general_category(c),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::Surrogate
            | GeneralCategory::PrivateUse
            | GeneralCategory::Unassigned
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::SpaceSeparator
    )
}

/// Python's `repr()` of a string, as `{x!r}` writes it in w3lib's and
/// ipaddress's messages: single quotes unless the text holds one and no
/// double quote; backslash escapes for the quote, '\\', tab, LF, CR and the
/// characters that are not printable.
pub(super) fn repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
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
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if c.is_ascii() || printable(c) => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_quotes_as_python_does() {
        assert_eq!(repr("a'b"), "\"a'b\"");
        assert_eq!(repr("a'\"b"), "'a\\'\"b'");
        assert_eq!(repr("\u{ad}é\u{1}"), "'\\xadé\\x01'");
    }

    #[test]
    fn unquote_keeps_broken_escapes() {
        assert_eq!(unquote(b"%4%41%zz+%", true), b"%4A%zz %");
    }
}
