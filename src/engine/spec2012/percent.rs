//! Percent-encoding and percent-decoding ("Percent-encoding" section).
//!
//! The spec's *steps to percent-encode a string* take a string, an encoding and
//! a set of octets: unmappable characters become `?`, the string is encoded,
//! the octets in the set become `%XX`, and the octets are decoded again. Every
//! set the spec uses either holds all the octets 0x80–0xFF or none of them, so
//! the result is computed directly on characters: a non-ASCII character is
//! either kept as it is or written as the `%XX` of its encoded bytes.
//!
//! Functions return [`Cow::Borrowed`] when nothing changes, so the common case
//! of an already-canonical component allocates nothing.

use std::borrow::Cow;

use encoding_rs::{EncoderResult, Encoding, UTF_8};

use super::chars::{AsciiSet, hex_value, percent_byte_at};

const UPPER_HEX: &[u8; 16] = b"0123456789ABCDEF";
const LOWER_HEX: &[u8; 16] = b"0123456789abcdef";

/// Which letters the `%XX` form uses: the spec says uppercase everywhere but
/// in IE's host step 30.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexCase {
    Upper,
    Lower,
}

/// An octet set of the spec: the ASCII bytes to encode, and whether the
/// octets 0x80–0xFF (every byte of a non-ASCII character) are in it. Kept as
/// a 256-entry table, built at compile time, so each byte costs one lookup.
#[derive(Clone, Debug)]
pub struct OctetSet {
    table: [bool; 256],
}

impl OctetSet {
    /// The set of the ASCII bytes in `ascii`, plus 0x80–0xFF if `non_ascii`.
    pub const fn new(ascii: AsciiSet, non_ascii: bool) -> OctetSet {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = if b < 0x80 {
                ascii.contains(b as u8)
            } else {
                non_ascii
            };
            b += 1;
        }
        OctetSet { table }
    }
}

/// Appends `%XX` for `byte`.
#[inline]
pub fn push_percent(out: &mut String, byte: u8, case: HexCase) {
    let digits = match case {
        HexCase::Upper => UPPER_HEX,
        HexCase::Lower => LOWER_HEX,
    };
    out.push('%');
    out.push(digits[usize::from(byte >> 4)] as char);
    out.push(digits[usize::from(byte & 15)] as char);
}

#[inline(always)]
fn needs_encoding(b: u8, set: &OctetSet) -> bool {
    set.table[usize::from(b)]
}

/// Percent-encodes `s` in UTF-8 with the octet set `set`.
pub fn encode_utf8<'a>(s: &'a str, set: &OctetSet, case: HexCase) -> Cow<'a, str> {
    let bytes = s.as_bytes();
    // Fast path: find the first byte that must change; most components have none.
    let Some(first) = bytes.iter().position(|&b| needs_encoding(b, set)) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 16);
    out.push_str(&s[..first]);
    // Runs of bytes that stay are copied as whole `str` slices, so a non-ASCII
    // character that stays is never split.
    let mut kept_from = first;
    for (i, &b) in bytes.iter().enumerate().skip(first) {
        if needs_encoding(b, set) {
            // Every byte of an encoded character is encoded, so `kept_from`
            // is a character boundary whenever the run is not empty.
            if kept_from < i {
                out.push_str(&s[kept_from..i]);
            }
            push_percent(&mut out, b, case);
            kept_from = i + 1;
        }
    }
    out.push_str(&s[kept_from..]);
    Cow::Owned(out)
}

/// Percent-encodes `s` in `encoding` (already resolved to an ASCII-compatible
/// one) with a set that holds every octet 0x80–0xFF. Characters the encoding
/// cannot represent become `?` first (step 5).
/// `set` must hold every octet 0x80–0xFF.
pub fn encode_in<'a>(s: &'a str, encoding: &'static Encoding, set: &OctetSet) -> Cow<'a, str> {
    if encoding == UTF_8 || s.is_ascii() {
        // ASCII is the same in every ASCII-compatible encoding.
        return encode_utf8(s, set, HexCase::Upper);
    }
    let mut encoder = encoding.new_encoder();
    let mut out = String::with_capacity(s.len() * 3);
    let mut bytes = [0u8; 256];
    let mut src = s;
    // Step 5 happens inside the loop: an unmappable character is reported by
    // the encoder (which has returned to its ASCII state), and `?` is encoded
    // in its place.
    let mut pending_question_mark = false;
    loop {
        let (chunk, last) = if pending_question_mark {
            ("?", false)
        } else {
            (src, true)
        };
        let (result, read, written) =
            encoder.encode_from_utf8_without_replacement(chunk, &mut bytes, last);
        for &b in &bytes[..written] {
            if needs_encoding(b, set) {
                push_percent(&mut out, b, HexCase::Upper);
            } else {
                out.push(b as char);
            }
        }
        if pending_question_mark {
            pending_question_mark = false;
            continue;
        }
        src = &src[read..];
        match result {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => {}
            EncoderResult::Unmappable(_) => pending_question_mark = true,
        }
    }
    Cow::Owned(out)
}

/// Replaces `%XX` by the character it stands for when `keep(byte)` says so
/// (`byte` is always ASCII here). Other escapes and stray `%` are kept.
pub fn decode_ascii_where(s: &str, keep: impl Fn(u8) -> bool) -> Cow<'_, str> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(s);
    };
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut i = first;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(b) = percent_byte_at(&bytes[i..])
            && b < 0x80
            && keep(b)
        {
            let o = out.get_or_insert_with(|| String::with_capacity(s.len()));
            o.push_str(&s[copied..i]);
            o.push(b as char);
            i += 3;
            copied = i;
            continue;
        }
        i += 1;
    }
    match out {
        None => Cow::Borrowed(s),
        Some(mut o) => {
            o.push_str(&s[copied..]);
            Cow::Owned(o)
        }
    }
}

/// Which escapes [`decode_ascii_where`] decodes in `s`, in words, for the
/// trace: each escape as written, the character it becomes, and how often
/// it occurs when more than once (`%41 → 'A', %7e → '~' ×2`), in order of
/// first appearance.
pub fn describe_decoded(s: &str, keep: impl Fn(u8) -> bool) -> String {
    let bytes = s.as_bytes();
    // (escape as written, how often); few distinct escapes, so a Vec.
    let mut seen: Vec<(&str, usize)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match percent_byte_at(&bytes[i..]) {
            Some(b) if b < 0x80 && keep(b) => {
                let escape = &s[i..i + 3];
                match seen.iter_mut().find(|(e, _)| *e == escape) {
                    Some((_, n)) => *n += 1,
                    None => seen.push((escape, 1)),
                }
                i += 3;
            }
            _ => i += 1,
        }
    }
    let parts: Vec<String> = seen
        .iter()
        .map(|&(escape, n)| {
            let c = percent_byte_at(escape.as_bytes()).map_or('?', char::from);
            let times = if n > 1 {
                format!(" ×{n}")
            } else {
                String::new()
            };
            format!("{escape} → {c:?}{times}")
        })
        .collect();
    parts.join(", ")
}

/// Percent-decodes every `%XX` of `s` into bytes (a stray `%` stays).
pub fn decode_to_bytes(s: &str) -> Vec<u8> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some(b) = percent_byte_at(&bytes[i..]) {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

/// Whether `s` holds any `%XX` escape.
pub fn has_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter()
        .enumerate()
        .any(|(i, &c)| c == b'%' && percent_byte_at(&b[i..]).is_some())
}

/// Whether `bytes[i..]` begins with `%` followed by two hex digits.
pub fn is_escape_at(bytes: &[u8], i: usize) -> bool {
    bytes.get(i) == Some(&b'%')
        && bytes.get(i + 1).copied().and_then(hex_value).is_some()
        && bytes.get(i + 2).copied().and_then(hex_value).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPACE_AND_HIGH: OctetSet = OctetSet::new(AsciiSet::EMPTY.add(b' '), true);

    #[test]
    fn utf8_encoding_borrows_when_unchanged() {
        assert!(matches!(
            encode_utf8("abc", &SPACE_AND_HIGH, HexCase::Upper),
            Cow::Borrowed("abc")
        ));
        assert_eq!(
            encode_utf8("a b\u{e9}", &SPACE_AND_HIGH, HexCase::Upper),
            "a%20b%C3%A9"
        );
        assert_eq!(
            encode_utf8("\u{e9}", &SPACE_AND_HIGH, HexCase::Lower),
            "%c3%a9"
        );
        let keep_high = OctetSet::new(AsciiSet::EMPTY.add(b' '), false);
        assert_eq!(
            encode_utf8("\u{e9} \u{e9}", &keep_high, HexCase::Upper),
            "\u{e9}%20\u{e9}"
        );
    }

    #[test]
    fn legacy_encodings_and_unmappable() {
        let latin1 = Encoding::for_label(b"iso-8859-1").unwrap();
        assert_eq!(
            encode_in(
                "\u{e9}\u{4e00}",
                latin1,
                &OctetSet::new(AsciiSet::EMPTY, true)
            ),
            "%E9?"
        );
        let jis = Encoding::for_label(b"iso-2022-jp").unwrap();
        assert_eq!(
            encode_in(
                "\u{4E00}\u{1000}\u{4E01}",
                jis,
                &OctetSet::new(AsciiSet::C0, true)
            ),
            "%1B$B0l%1B(B?%1B$BCz%1B(B"
        );
    }

    #[test]
    fn describing_what_was_decoded() {
        let unreserved = |b: u8| b.is_ascii_alphanumeric() || b"-._~".contains(&b);
        assert_eq!(
            describe_decoded("/%41%2f%7e%7E%7e%zz%", unreserved),
            "%41 → 'A', %7e → '~' ×2, %7E → '~'"
        );
        assert_eq!(describe_decoded("/a%2F", unreserved), "");
    }

    #[test]
    fn decoding() {
        assert_eq!(decode_ascii_where("%41%2f%zz%", |b| b == b'A'), "A%2f%zz%");
        assert_eq!(decode_to_bytes("a%C3%a9%"), b"a\xC3\xA9%");
        assert!(has_escape("x%2e"));
        assert!(!has_escape("x%2g"));
    }
}
