//! Percent-encoded bytes and the percent-encode sets (URL Standard,
//! "Percent-encoded bytes"), and percent-encode after encoding for a query
//! or a form in a legacy encoding.
//!
//! Every set holds all code points above U+007E, so a set is only its ASCII
//! part: 128 bits, one lookup per byte.

use std::borrow::Cow;

use encoding_rs::{EncoderResult, Encoding, UTF_8};

/// A percent-encode set: the ASCII code points it holds (non-ASCII is
/// always in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeSet {
    bits: [u64; 2],
}

impl EncodeSet {
    const fn empty() -> EncodeSet {
        EncodeSet { bits: [0, 0] }
    }

    const fn add(mut self, b: u8) -> EncodeSet {
        self.bits[(b >> 6) as usize] |= 1 << (b & 63);
        self
    }

    const fn add_all(mut self, bytes: &[u8]) -> EncodeSet {
        let mut i = 0;
        while i < bytes.len() {
            self = self.add(bytes[i]);
            i += 1;
        }
        self
    }

    /// Whether byte `b` (as a code point when ASCII) is in the set.
    #[inline]
    pub const fn contains(&self, b: u8) -> bool {
        b >= 0x80 || self.bits[(b >> 6) as usize] & (1 << (b & 63)) != 0
    }
}

const fn c0_controls() -> EncodeSet {
    let mut set = EncodeSet::empty();
    let mut b = 0;
    while b < 0x20 {
        set = set.add(b);
        b += 1;
    }
    set.add(0x7F)
}

/// The C0 control percent-encode set: C0 controls and above U+007E.
pub const C0_CONTROL: EncodeSet = c0_controls();
/// The fragment percent-encode set.
pub const FRAGMENT: EncodeSet = C0_CONTROL.add_all(b" \"<>`");
/// The query percent-encode set.
pub const QUERY: EncodeSet = C0_CONTROL.add_all(b" \"#<>");
/// The special-query percent-encode set.
pub const SPECIAL_QUERY: EncodeSet = QUERY.add(b'\'');
/// The path percent-encode set.
pub const PATH: EncodeSet = QUERY.add_all(b"?^`{}");
/// The userinfo percent-encode set.
pub const USERINFO: EncodeSet = PATH.add_all(b"/:;=@[\\]|");
/// The component percent-encode set.
pub const COMPONENT: EncodeSet = USERINFO.add_all(b"$%&+,");
/// The application/x-www-form-urlencoded percent-encode set.
pub const FORM: EncodeSet = COMPONENT.add_all(b"!'()~");

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// URL Standard, percent-encode: `%` and two upper hex digits.
#[inline]
pub fn push_byte(out: &mut String, byte: u8) {
    out.push('%');
    out.push(HEX[(byte >> 4) as usize] as char);
    out.push(HEX[(byte & 15) as usize] as char);
}

/// URL Standard, UTF-8 percent-encode a code point using `set`.
#[inline]
pub fn push_char(out: &mut String, c: char, set: &EncodeSet) {
    if c.is_ascii() {
        if set.contains(c as u8) {
            push_byte(out, c as u8);
        } else {
            out.push(c);
        }
    } else {
        let mut buf = [0; 4];
        for &b in c.encode_utf8(&mut buf).as_bytes() {
            push_byte(out, b);
        }
    }
}

/// URL Standard, UTF-8 percent-encode a string using `set`: runs of bytes
/// outside the set are copied whole.
#[inline]
pub fn push_str(out: &mut String, s: &str, set: &EncodeSet) {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if set.contains(b) {
            // Bytes of a non-ASCII code point are all in the set, so a run
            // between two encoded bytes starts and ends on code points.
            if i > start {
                out.push_str(&s[start..i]);
            }
            push_byte(out, b);
            start = i + 1;
        }
    }
    out.push_str(&s[start..]);
}

/// URL Standard, percent-decode a byte sequence: `%` and two hex digits
/// become the byte; anything else is copied.
pub fn decode(input: &[u8]) -> Cow<'_, [u8]> {
    let Some(first) = memchr::memchr(b'%', input) else {
        return Cow::Borrowed(input);
    };
    let mut out = input[..first].to_vec();
    let mut i = first;
    while i < input.len() {
        let b = input[i];
        if b == b'%'
            && let (Some(h), Some(l)) = (
                input.get(i + 1).and_then(|&x| hex_value(x)),
                input.get(i + 2).and_then(|&x| hex_value(x)),
            )
        {
            out.push(h * 16 + l);
            i += 3;
            continue;
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(out)
}

/// The value of an ASCII hex digit.
#[inline]
pub fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// URL Standard, URL code points: ASCII alphanumerics, the ASCII
/// punctuation a URL may hold, and U+00A0 up, less surrogates (which a
/// `char` never is) and noncharacters.
#[inline]
pub fn is_url_code_point(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || b"!$&'()*+,-./:;=?@_~".contains(&(c as u8));
    }
    let n = u32::from(c);
    n >= 0xA0 && !(0xFDD0..=0xFDEF).contains(&n) && n & 0xFFFE != 0xFFFE
}

/// Whether `s` starts with two ASCII hex digits.
#[inline]
pub fn starts_with_two_hex(s: &[u8]) -> bool {
    s.len() >= 2 && s[0].is_ascii_hexdigit() && s[1].is_ascii_hexdigit()
}

/// URL Standard, percent-encode after encoding: `input` encoded in
/// `encoding` (a character it cannot encode becomes `&#N;`, itself
/// percent-encoded), each byte then kept or percent-encoded by `set`, a
/// space written `+` when `space_as_plus`.
pub fn push_encoded(
    out: &mut String,
    encoding: &'static Encoding,
    input: &str,
    set: &EncodeSet,
    space_as_plus: bool,
) {
    if encoding == UTF_8 {
        if space_as_plus {
            push_bytes(out, input.as_bytes(), set, space_as_plus);
        } else {
            push_str(out, input, set);
        }
        return;
    }
    let mut encoder = encoding.new_encoder();
    let mut rest = input;
    let mut buf = [0u8; 1024];
    loop {
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(rest, &mut buf, true);
        push_bytes(out, &buf[..written], set, space_as_plus);
        rest = &rest[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            // Step 4.3: an unmappable code point as a numeric reference.
            EncoderResult::Unmappable(c) => {
                out.push_str("%26%23");
                out.push_str(&u32::from(c).to_string());
                out.push_str("%3B");
            }
        }
    }
}

/// Each byte kept as its code point, or percent-encoded if `set` holds it.
fn push_bytes(out: &mut String, bytes: &[u8], set: &EncodeSet, space_as_plus: bool) {
    for &b in bytes {
        if space_as_plus && b == b' ' {
            out.push('+');
        } else if set.contains(b) {
            push_byte(out, b);
        } else {
            out.push(b as char);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sets_nest_as_the_standard_defines_them() {
        for b in 0u8..0x80 {
            if C0_CONTROL.contains(b) {
                assert!(FRAGMENT.contains(b) && QUERY.contains(b));
            }
            if QUERY.contains(b) {
                assert!(SPECIAL_QUERY.contains(b) && PATH.contains(b));
            }
            if PATH.contains(b) {
                assert!(USERINFO.contains(b));
            }
            if USERINFO.contains(b) {
                assert!(COMPONENT.contains(b));
            }
            if COMPONENT.contains(b) {
                assert!(FORM.contains(b));
            }
        }
        // The form set leaves only alphanumerics and *-._ alone.
        let kept: String = (0u8..0x80)
            .filter(|&b| !FORM.contains(b))
            .map(char::from)
            .filter(|c| !c.is_ascii_alphanumeric())
            .collect();
        assert_eq!(kept, "*-._");
        assert!(!QUERY.contains(b'`') && FRAGMENT.contains(b'`'));
        assert!(!QUERY.contains(b'\'') && SPECIAL_QUERY.contains(b'\''));
    }

    #[test]
    fn the_standard_s_examples_of_encoding_and_decoding() {
        let mut s = String::new();
        push_byte(&mut s, 0x23);
        push_byte(&mut s, 0x7F);
        assert_eq!(s, "%23%7F");
        assert_eq!(&*decode(b"%25%s%1G"), b"%%s%1G");
        assert_eq!(
            &*decode("‽%25%2E".as_bytes()),
            &[0xE2, 0x80, 0xBD, 0x25, 0x2E]
        );
        let sjis = Encoding::for_label(b"shift_jis").unwrap_or(UTF_8);
        let enc = |input: &str, set: &EncodeSet, plus: bool| {
            let mut out = String::new();
            push_encoded(&mut out, sjis, input, set, plus);
            out
        };
        assert_eq!(enc(" ", &SPECIAL_QUERY, false), "%20");
        assert_eq!(enc("≡", &SPECIAL_QUERY, false), "%81%DF");
        assert_eq!(enc("‽", &SPECIAL_QUERY, false), "%26%238253%3B");
        assert_eq!(
            enc("1+1 ≡ 2%20‽", &FORM, true),
            "1%2B1+%81%DF+2%2520%26%238253%3B"
        );
        let jis = Encoding::for_label(b"iso-2022-jp").unwrap_or(UTF_8);
        let mut out = String::new();
        push_encoded(&mut out, jis, "¥", &SPECIAL_QUERY, false);
        assert_eq!(out, "%1B(J\\%1B(B");
    }
}
