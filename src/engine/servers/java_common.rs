//! What the two Java models share: the few `java.lang` behaviours their
//! parsers lean on, `sun.net.util.IPAddressUtil`'s checks, and which
//! constructor of a request threw ([`Where`]).
//!
//! Read from OpenJDK 17.0.19's `src.zip` (Debian's `openjdk-17-source`):
//! `java/lang/Character.java`, `String.java` and `Integer.java` for the
//! language, `sun/net/util/IPAddressUtil.java` for the checks. The runtime
//! the oracle ran is 17.0.15; the same classes compiled from 17.0.19's
//! source and patched into it (`--patch-module java.base`) give byte-identical
//! answers on every committed request, which is why reading the later
//! source is safe (see `tests/data/servers/algorithms/java-uri.md`).
//!
//! Java strings are UTF-16: `charAt` gives code units, and an index in an
//! error message counts them. The models keep Rust's UTF-8 and byte
//! offsets (every delimiter the libraries look for is ASCII, so a byte
//! offset finds the same place) and convert to a UTF-16 index only for a
//! message ([`utf16_index`]). A character test on a `char` above U+FFFF
//! answers as Java's test answers for each of its two surrogates, which is
//! what a `charAt` loop sees.
//!
//! | Java | here |
//! |---|---|
//! | `Character.isSpaceChar`, `isISOControl`, `isLetter`, `isLetterOrDigit`, `digit(c, 10)` | [`is_space_char`], [`is_iso_control`], [`is_letter`], [`is_letter_or_digit`], [`digit10`] |
//! | `String.toLowerCase(Locale.ROOT)`, `String.equalsIgnoreCase` | [`to_lower_root`], [`equals_ignore_case`] |
//! | `Integer.parseInt(CharSequence, int, int, 10)` with `NumberFormatException.forCharSequence` | [`parse_int`] |
//! | `IPAddressUtil.textToNumericFormatV4`, `isIPv6LiteralAddress` (`textToNumericFormatV6`) | [`ipv4_literal`], [`ipv6_literal`] |
//! | `IPAddressUtil.checkHostString`, `describeChar` | [`check_host_string`] |
//!
//! Java 17's character tables are Unicode 13.0; the general categories
//! here come from the `unicode-general-category` crate (Unicode 16.0), and
//! case mappings from Rust's standard library. They differ only on
//! characters assigned after 13.0.

use std::borrow::Cow;

use unicode_general_category::{GeneralCategory, get_general_category};

/// Which constructor threw: the base's, or the input's (with or without
/// the base as its context).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// `new URI(base)`, `new URL(base)`.
    Base,
    /// `new URI(input)`, `new URL(input)`, `new URL(context, input)`.
    Input,
}

impl Where {
    /// As the runner writes it (`"stage"`).
    pub const fn name(self) -> &'static str {
        match self {
            Where::Base => "base",
            Where::Input => "input",
        }
    }
}

/// The UTF-16 index of byte offset `byte` of `s`, as Java counts positions.
pub fn utf16_index(s: &str, byte: usize) -> usize {
    let end = byte.min(s.len());
    let prefix = s.get(..end).unwrap_or(s);
    if prefix.is_ascii() {
        return prefix.len();
    }
    prefix.chars().map(char::len_utf16).sum()
}

/// `Character.isSpaceChar`: the categories Zs, Zl and Zp.
pub fn is_space_char(c: char) -> bool {
    if c.is_ascii() {
        return c == ' ';
    }
    matches!(
        get_general_category(c),
        GeneralCategory::SpaceSeparator
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
    )
}

/// `Character.isWhitespace(char)`: a space, line or paragraph separator
/// other than the no-break ones (U+00A0, U+2007, U+202F), or one of tab,
/// LF, VT, FF, CR and U+001C to U+001F.
pub fn is_java_whitespace(c: char) -> bool {
    match c {
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | '\u{1c}'..='\u{1f}' => true,
        '\u{a0}' | '\u{2007}' | '\u{202f}' => false,
        c => is_space_char(c),
    }
}

/// `Character.isISOControl`: U+0000 to U+001F and U+007F to U+009F.
pub fn is_iso_control(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}')
}

/// `Character.isLetter(char)`: Lu, Ll, Lt, Lm or Lo. A character above
/// U+FFFF is two surrogates to `charAt`, neither a letter.
pub fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    u32::from(c) <= 0xffff
        && matches!(
            get_general_category(c),
            GeneralCategory::UppercaseLetter
                | GeneralCategory::LowercaseLetter
                | GeneralCategory::TitlecaseLetter
                | GeneralCategory::ModifierLetter
                | GeneralCategory::OtherLetter
        )
}

/// `Character.isLetterOrDigit(char)`: a letter or an Nd digit.
pub fn is_letter_or_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric();
    }
    is_letter(c)
        || (u32::from(c) <= 0xffff && get_general_category(c) == GeneralCategory::DecimalNumber)
}

/// `Character.digit(char, 10)`: the value of a decimal digit of any
/// script (category Nd, which Unicode lays out in runs of ten from zero),
/// `None` for anything else.
pub fn digit10(c: char) -> Option<u32> {
    if c.is_ascii() {
        return c.to_digit(10);
    }
    let cp = u32::from(c);
    if cp > 0xffff || get_general_category(c) != GeneralCategory::DecimalNumber {
        return None;
    }
    // the run of Nd characters this one is in starts at a zero
    let mut start = cp;
    while start > 0 {
        match char::from_u32(start - 1) {
            Some(p) if get_general_category(p) == GeneralCategory::DecimalNumber => start -= 1,
            _ => break,
        }
    }
    Some((cp - start) % 10)
}

/// `String.toLowerCase(Locale.ROOT)`: Unicode's full lowercase mapping
/// (`İ` becomes `i̇`, a final `Σ` becomes `ς`), copied only when it changes.
pub fn to_lower_root(s: &str) -> Cow<'_, str> {
    if s.is_ascii() {
        if s.bytes().any(|b| b.is_ascii_uppercase()) {
            return Cow::Owned(s.to_ascii_lowercase());
        }
        return Cow::Borrowed(s);
    }
    let lower = s.to_lowercase();
    if lower == s {
        Cow::Borrowed(s)
    } else {
        Cow::Owned(lower)
    }
}

/// `new String(bytes, UTF_8)` with malformed input replaced, as
/// `sun.nio.cs.UTF_8.Decoder` does it (`URI.decode` uses it): each
/// malformed sequence becomes one U+FFFD, and Java's idea of a sequence
/// is not the Unicode "maximal subpart": an encoded surrogate (`ED A0 80`)
/// is one sequence of three bytes, a 3-byte lead with a good second byte
/// and a bad third is two, and a truncated sequence at the very end is one.
pub fn utf8_decode_java(bytes: &[u8]) -> String {
    let cont = |b: u8| b & 0xc0 == 0x80;
    let mut out = String::with_capacity(bytes.len());
    let mut sp = 0;
    let n = bytes.len();
    while sp < n {
        let b1 = bytes[sp];
        let rem = n - sp;
        // how many bytes one U+FFFD stands for, or a decoded character
        let step: Result<(char, usize), usize> = match b1 {
            0x00..=0x7f => Ok((char::from(b1), 1)),
            0xc2..=0xdf => {
                if rem < 2 {
                    Err(rem)
                } else if !cont(bytes[sp + 1]) {
                    Err(1)
                } else {
                    let c = (u32::from(b1 & 0x1f) << 6) | u32::from(bytes[sp + 1] & 0x3f);
                    Ok((char::from_u32(c).unwrap_or('\u{fffd}'), 2))
                }
            }
            0xe0..=0xef => {
                let bad2 = |b2: u8| (b1 == 0xe0 && b2 & 0xe0 == 0x80) || !cont(b2);
                if rem < 3 {
                    if rem > 1 && bad2(bytes[sp + 1]) {
                        Err(1)
                    } else {
                        Err(rem)
                    }
                } else {
                    let (b2, b3) = (bytes[sp + 1], bytes[sp + 2]);
                    if bad2(b2) {
                        Err(1)
                    } else if !cont(b3) {
                        Err(2)
                    } else {
                        let c = (u32::from(b1 & 0x0f) << 12)
                            | (u32::from(b2 & 0x3f) << 6)
                            | u32::from(b3 & 0x3f);
                        // a surrogate: malformed, all three bytes
                        char::from_u32(c).map(|c| (c, 3)).ok_or(3)
                    }
                }
            }
            0xf0..=0xf7 => {
                let bad2 = |b2: u8| {
                    b1 > 0xf4
                        || (b1 == 0xf0 && !(0x90..=0xbf).contains(&b2))
                        || (b1 == 0xf4 && b2 & 0xf0 != 0x80)
                        || !cont(b2)
                };
                if rem < 4 {
                    if b1 > 0xf4 || (rem > 1 && bad2(bytes[sp + 1])) {
                        Err(1)
                    } else if rem > 2 && !cont(bytes[sp + 2]) {
                        Err(2)
                    } else {
                        Err(rem)
                    }
                } else {
                    let (b2, b3, b4) = (bytes[sp + 1], bytes[sp + 2], bytes[sp + 3]);
                    let c = (u32::from(b1 & 0x07) << 18)
                        | (u32::from(b2 & 0x3f) << 12)
                        | (u32::from(b3 & 0x3f) << 6)
                        | u32::from(b4 & 0x3f);
                    let fine =
                        cont(b2) && cont(b3) && cont(b4) && (0x10000..=0x10ffff).contains(&c);
                    match char::from_u32(c).filter(|_| fine) {
                        Some(ch) => Ok((ch, 4)),
                        None if bad2(b2) => Err(1),
                        None if !cont(b3) => Err(2),
                        None => Err(3),
                    }
                }
            }
            _ => Err(1),
        };
        match step {
            Ok((c, len)) => {
                out.push(c);
                sp += len;
            }
            Err(len) => {
                out.push('\u{fffd}');
                sp += len.max(1);
            }
        }
    }
    out
}

/// `Character.toUpperCase(char)`: the simple mapping (one character).
fn upper1(c: char) -> char {
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// `Character.toLowerCase(char)`: the simple mapping (one character).
fn lower1(c: char) -> char {
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// `String.equalsIgnoreCase`: the same length in UTF-16 units, and each
/// pair of characters equal, equal uppercased, or equal uppercased then
/// lowercased. So `ſ` (U+017F) equals `s` and `ı` (U+0131) equals `i`.
pub fn equals_ignore_case(a: &str, b: &str) -> bool {
    if a.len() == b.len() && a.eq_ignore_ascii_case(b) {
        return true;
    }
    let (mut x, mut y) = (a.chars(), b.chars());
    loop {
        match (x.next(), y.next()) {
            (None, None) => return true,
            (Some(c), Some(d)) => {
                if c == d || c.len_utf16() != d.len_utf16() {
                    if c != d {
                        return false;
                    }
                    continue;
                }
                let (uc, ud) = (upper1(c), upper1(d));
                if uc != ud && lower1(uc) != lower1(ud) {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

/// `NumberFormatException`'s message for `Integer.parseInt(s, begin, end,
/// 10)`: `Error at index N in: "TEXT"` (N counts from `begin`, in UTF-16
/// units).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumberFormat(pub String);

/// `Integer.parseInt(text, 0, text.length(), 10)`: an optional `+` or
/// `-`, then digits of any script ([`digit10`]), in `i32`.
pub fn parse_int(text: &str) -> Result<i32, NumberFormat> {
    let fail = |at: usize| {
        NumberFormat(format!(
            "Error at index {} in: \"{text}\"",
            utf16_index(text, at)
        ))
    };
    let mut chars = text.char_indices().peekable();
    let Some(&(_, first)) = chars.peek() else {
        // Integer.parseInt: forInputString("", radix)
        return Err(NumberFormat("For input string: \"\"".to_owned()));
    };
    let mut negative = false;
    let mut limit: i64 = -i64::from(i32::MAX);
    if first < '0' {
        if first == '-' {
            negative = true;
            limit = i64::from(i32::MIN);
        } else if first != '+' {
            return Err(fail(0));
        }
        chars.next();
        if chars.peek().is_none() {
            return Err(fail(text.len()));
        }
    }
    let multmin = limit / 10;
    let mut result: i64 = 0;
    for (at, c) in chars {
        let Some(d) = digit10(c) else {
            return Err(fail(at));
        };
        if result < multmin {
            return Err(fail(at));
        }
        result *= 10;
        if result < limit + i64::from(d) {
            return Err(fail(at));
        }
        result -= i64::from(d);
    }
    let value = if negative { result } else { -result };
    // the checks above keep it within i32
    Ok(i32::try_from(value).unwrap_or(i32::MAX))
}

/// `IPAddressUtil.digit(c, radix)` with `jdk.net.allowAmbiguousIPAddressLiterals`
/// unset (its default): ASCII digits only.
fn ascii_digit(c: char, radix: u32) -> Option<u32> {
    if c.is_ascii() {
        c.to_digit(radix)
    } else {
        None
    }
}

/// `IPAddressUtil.textToNumericFormatV4(src) != null`: one to four dotted
/// decimal parts, the last filling the bytes left (`1.2.65535` is an
/// address), at most 15 characters.
pub fn ipv4_literal(src: &str) -> bool {
    let len16 = utf16_index(src, src.len());
    if len16 == 0 || len16 > 15 {
        return false;
    }
    let mut value: u64 = 0;
    let mut byte = 0;
    let mut new_octet = true;
    for c in src.chars() {
        if c == '.' {
            if new_octet || value > 0xff || byte == 3 {
                return false;
            }
            byte += 1;
            value = 0;
            new_octet = true;
        } else {
            let Some(d) = ascii_digit(c, 10) else {
                return false;
            };
            value = value * 10 + u64::from(d);
            new_octet = false;
        }
    }
    !(new_octet || value >= 1u64 << ((4 - byte) * 8))
}

/// `IPAddressUtil.isIPv6LiteralAddress(src)`: `textToNumericFormatV6`
/// gives 16 bytes. Hex groups of up to four digits, one `::`, an IPv4
/// tail of exactly four dotted parts; after a `%` anything at all (a scope
/// that is never checked here), but not nothing.
pub fn ipv6_literal(src: &str) -> bool {
    let units: Vec<u16> = src.encode_utf16().collect();
    if units.len() < 2 {
        return false;
    }
    let mut end = units.len();
    if let Some(pc) = units.iter().position(|&u| u == u16::from(b'%')) {
        if pc == units.len() - 1 {
            return false;
        }
        end = pc;
    }
    let hex =
        |u: u16| -> Option<u32> { char::from_u32(u32::from(u)).and_then(|c| ascii_digit(c, 16)) };
    let mut colonp: Option<usize> = None;
    let (mut i, mut j) = (0usize, 0usize);
    if units[i] == u16::from(b':') {
        i += 1;
        if units[i] != u16::from(b':') {
            return false;
        }
    }
    let mut curtok = i;
    let mut saw_xdigit = false;
    let mut val: u32 = 0;
    while i < end {
        let ch = units[i];
        i += 1;
        if let Some(d) = hex(ch) {
            val = (val << 4) | d;
            if val > 0xffff {
                return false;
            }
            saw_xdigit = true;
            continue;
        }
        if ch == u16::from(b':') {
            curtok = i;
            if !saw_xdigit {
                if colonp.is_some() {
                    return false;
                }
                colonp = Some(j);
                continue;
            } else if i == end {
                return false;
            }
            if j + 2 > 16 {
                return false;
            }
            j += 2;
            saw_xdigit = false;
            val = 0;
            continue;
        }
        if ch == u16::from(b'.') && j + 4 <= 16 {
            let ia4 = String::from_utf16_lossy(&units[curtok..end]);
            if ia4.matches('.').count() != 3 || !ipv4_literal(&ia4) {
                return false;
            }
            j += 4;
            saw_xdigit = false;
            break;
        }
        return false;
    }
    if saw_xdigit {
        if j + 2 > 16 {
            return false;
        }
        j += 2;
    }
    if colonp.is_some() {
        if j == 16 {
            return false;
        }
        j = 16;
    }
    j == 16
}

/// The characters `IPAddressUtil.checkHostString` refuses besides ASCII
/// controls and `/`: look-alikes of `/ ? # @ :` and of `%` (`OTHERS`).
const HOST_OTHERS: [char; 17] = [
    '\u{2047}', '\u{2048}', '\u{2049}', '\u{2100}', '\u{2101}', '\u{2105}', '\u{2106}', '\u{2a74}',
    '\u{fe55}', '\u{fe56}', '\u{fe5f}', '\u{fe6b}', '\u{ff03}', '\u{ff0f}', '\u{ff1a}', '\u{ff1f}',
    '\u{ff20}',
];

/// `IPAddressUtil.checkHostString(host)`: the message of the first
/// character it refuses (a C0 control, DEL, `/`, or one of
/// `HOST_OTHERS`), as `IllegalArgumentException` carries it.
pub fn check_host_string(host: &str) -> Option<String> {
    let bad = host.chars().find(|&c| {
        (c as u32) < 0x20 || c == '\u{7f}' || c == '/' || HOST_OTHERS.binary_search(&c).is_ok()
    })?;
    Some(format!(
        "Illegal character found in host: {}",
        describe_char(bad)
    ))
}

/// `IPAddressUtil.describeChar`.
fn describe_char(c: char) -> String {
    match c {
        '\n' => "LF".to_owned(),
        '\r' => "CR".to_owned(),
        c if (c as u32) < 32 || c == '\u{7f}' => format!("control char (code={})", c as u32),
        '\\' => "'\\'".to_owned(),
        c => format!("'{c}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_lang_as_java_answers() {
        assert_eq!(utf16_index("a😀b", 5), 3);
        assert!(is_space_char('\u{2000}') && is_space_char('\u{a0}') && !is_space_char('\t'));
        assert!(is_letter('é') && is_letter('ｈ') && !is_letter('😀') && !is_letter('1'));
        assert!(is_letter_or_digit('٣') && !is_letter_or_digit('-'));
        assert_eq!(digit10('٨'), Some(8));
        assert_eq!(digit10('０'), Some(0));
        assert_eq!(digit10('x'), None);
        assert_eq!(to_lower_root("HTTP"), "http");
        assert_eq!(to_lower_root("İ"), "i\u{307}");
        assert!(equals_ignore_case("httpſ", "https"));
        assert!(equals_ignore_case("fıle", "file"));
        assert!(!equals_ignore_case("http", "https"));
        assert_eq!(parse_int("0080"), Ok(80));
        assert_eq!(parse_int("+80"), Ok(80));
        assert_eq!(parse_int("-1"), Ok(-1));
        assert_eq!(parse_int("٨٠"), Ok(80));
        assert_eq!(
            parse_int("8o"),
            Err(NumberFormat("Error at index 1 in: \"8o\"".into()))
        );
        assert_eq!(
            parse_int("99999999999"),
            Err(NumberFormat("Error at index 9 in: \"99999999999\"".into()))
        );
        assert_eq!(
            parse_int("-"),
            Err(NumberFormat("Error at index 1 in: \"-\"".into()))
        );
        assert_eq!(parse_int("2147483647"), Ok(i32::MAX));
        assert_eq!(parse_int("-2147483648"), Ok(i32::MIN));
    }

    #[test]
    fn ipaddressutil_as_java_answers() {
        for good in [
            "::1",
            "::",
            "1:2:3:4:5:6:7:8",
            "::ffff:1.2.3.4",
            "fe80::1%eth0",
            "1::",
        ] {
            assert!(ipv6_literal(good), "{good}");
        }
        for bad in [
            "",
            ":",
            "::1%",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::1.2.3",
            "[::1]",
        ] {
            assert!(!ipv6_literal(bad), "{bad}");
        }
        assert!(ipv4_literal("1.2.65535") && !ipv4_literal("1.2.3.256") && !ipv4_literal(""));
        assert_eq!(check_host_string("a.b"), None);
        assert_eq!(
            check_host_string("a\tb").as_deref(),
            Some("Illegal character found in host: control char (code=9)")
        );
        assert_eq!(
            check_host_string("a／b").as_deref(),
            Some("Illegal character found in host: '／'")
        );
    }
}
