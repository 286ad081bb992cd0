//! The JavaScript built-ins `lib/url.js` leans on, as V8 in Node.js 20.20.2
//! runs them: `decodeURIComponent`, `String.prototype.toLowerCase`, a
//! string's `length` (UTF-16 code units), the regular-expression class
//! `\s`, and `encodeStr` of `lib/internal/querystring.js`.
//!
//! JavaScript strings are UTF-16; the requests are well-formed Unicode,
//! and every place `lib/url.js` cuts a string is at an ASCII character, so
//! a Rust `str` holds the same text and a byte offset the same place.

use std::borrow::Cow;

/// `decodeURIComponent` threw: `URIError: URI malformed`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UriMalformed;

/// `decodeURIComponent(s)` (ECMA-262, Decode with an empty reserved set):
/// every `%XX` is a byte of UTF-8, and the bytes of one escape run must
/// form whole, valid UTF-8 sequences (no overlong forms, surrogates or
/// values past U+10FFFF), else it throws.
pub fn decode_uri_component(s: &str) -> Result<Cow<'_, str>, UriMalformed> {
    let Some(first) = s.find('%') else {
        return Ok(Cow::Borrowed(s));
    };
    let bytes = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    out.extend_from_slice(&bytes[..first]);
    let mut k = first;
    while k < bytes.len() {
        if bytes[k] != b'%' {
            out.push(bytes[k]);
            k += 1;
            continue;
        }
        let b = hex_byte(bytes, k).ok_or(UriMalformed)?;
        k += 3;
        if b < 0x80 {
            out.push(b);
            continue;
        }
        // Decode: the leading byte says how many continuation escapes follow
        let n = b.leading_ones() as usize;
        if n == 1 || n > 4 {
            return Err(UriMalformed);
        }
        let mut seq = [b, 0, 0, 0];
        for slot in seq.iter_mut().take(n).skip(1) {
            if bytes.get(k) != Some(&b'%') {
                return Err(UriMalformed);
            }
            let c = hex_byte(bytes, k).ok_or(UriMalformed)?;
            if c & 0xC0 != 0x80 {
                return Err(UriMalformed);
            }
            *slot = c;
            k += 3;
        }
        // the octets must be one valid UTF-8 encoding of a code point
        let text = std::str::from_utf8(&seq[..n]).map_err(|_| UriMalformed)?;
        out.extend_from_slice(text.as_bytes());
    }
    // only ASCII and whole UTF-8 sequences were pushed
    String::from_utf8(out)
        .map(Cow::Owned)
        .map_err(|_| UriMalformed)
}

/// The byte of the escape `%XX` at `k`, if two hex digits follow.
fn hex_byte(bytes: &[u8], k: usize) -> Option<u8> {
    let hi = char::from(*bytes.get(k + 1)?).to_digit(16)?;
    let lo = char::from(*bytes.get(k + 2)?).to_digit(16)?;
    u8::try_from(hi * 16 + lo).ok()
}

/// `String.prototype.toLowerCase` (full Unicode lowercasing, a final
/// sigma included), copied only when something changes. Rust's tables may
/// be of another Unicode version than V8's ICU 78 (Unicode 17): only case
/// pairs added since could part them.
pub fn to_lower_case(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        }
    } else {
        let lower = s.to_lowercase();
        if lower == s {
            Cow::Borrowed(s)
        } else {
            Cow::Owned(lower)
        }
    }
}

/// A string's `length`: its UTF-16 code units.
pub fn utf16_len(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().map(char::len_utf16).sum()
    }
}

/// Whether the regular-expression class `\s` matches `c`: ECMAScript's
/// WhiteSpace and LineTerminator (the Zs category of Unicode among them).
pub fn is_js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// `noEscapeAuth` of `lib/url.js`: the ASCII bytes `format` writes as they
/// are in the userinfo (letters, digits and `! ' ( ) * - . : _ ~`).
const fn auth_keeps(b: u8) -> bool {
    matches!(b, b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'!' | b'\'' | b'(' | b')' | b'*' | b'-' | b'.' | b':' | b'_' | b'~')
}

/// `encodeStr(auth, noEscapeAuth, hexTable)` (`lib/internal/querystring.js`):
/// every other byte of the UTF-8 text as `%XX`, upper-case hex.
pub fn encode_auth(s: &str) -> Cow<'_, str> {
    if s.bytes().all(auth_keeps) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for &b in s.as_bytes() {
        if auth_keeps(b) {
            out.push(char::from(b));
        } else {
            push_escape(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// Pushes `%XX` for `b`, upper-case hex (`hexTable`).
pub fn push_escape(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_as_decode_uri_component() {
        assert_eq!(decode_uri_component("a%20b").as_deref(), Ok("a b"));
        assert_eq!(decode_uri_component("%C3%A9%2f").as_deref(), Ok("é/"));
        assert_eq!(decode_uri_component("%F0%9F%98%80").as_deref(), Ok("😀"));
        for bad in [
            "%",
            "%zz",
            "%C3",
            "%C3%",
            "%80",
            "%C0%80",
            "%ED%A0%80",
            "%F4%90%80%80",
            "%FF",
            "%C3a",
        ] {
            assert_eq!(decode_uri_component(bad), Err(UriMalformed), "{bad}");
        }
    }

    #[test]
    fn encodes_the_userinfo_as_format_does() {
        assert_eq!(encode_auth("u:p"), "u:p");
        assert_eq!(encode_auth("a b@c/é"), "a%20b%40c%2F%C3%A9");
        assert_eq!(encode_auth("!'()*-._~%"), "!'()*-._~%25");
    }

    #[test]
    fn lowercases_and_counts_as_javascript() {
        assert_eq!(to_lower_case("ΑΣ"), "ας");
        assert_eq!(to_lower_case("İ"), "i\u{307}");
        assert_eq!(utf16_len("a😀"), 3);
        assert!(is_js_space('\u{3000}') && !is_js_space('\u{1}') && !is_js_space('\u{200b}'));
    }
}
