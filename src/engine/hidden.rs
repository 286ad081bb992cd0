//! Characters a person cannot see (controls, invisible and bidi formatting
//! characters, unusual spaces, noncharacters, U+FFFD) and their `\u{…}`
//! escapes, so that a value shown to a person, in a sentence or a field,
//! says exactly what it holds.
//!
//! [`escape`] and [`unescape`] are inverse: a literal `\u{` in the text is
//! shown as `\\u{`, so any text survives a round trip through an escaped
//! text field. Other backslashes stay as they are (Windows paths read well).

use std::borrow::Cow;

/// Whether `c` is shown as an escape when escapes are on.
pub fn is_hidden(c: char) -> bool {
    if c.is_control() {
        return true;
    }
    let n = u32::from(c);
    matches!(n,
        0x00A0 | 0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5
        | 0x180B..=0x180F
        | 0x2000..=0x200F // spaces of other widths, zero-width characters, LRM, RLM
        | 0x2028..=0x202F // line and paragraph separators, bidi embeddings and overrides
        | 0x205F..=0x206F // word joiner, invisible operators, bidi isolates
        | 0x3000 | 0x3164 | 0xFFA0
        | 0xFE00..=0xFE0F // variation selectors
        | 0xFEFF // byte order mark
        | 0xFFF0..=0xFFFF // specials, U+FFFD among them
        | 0xE0000..=0xE0FFF // tags and more variation selectors
    ) || (0xFDD0..=0xFDEF).contains(&n)
        || (n & 0xFFFE) == 0xFFFE
}

/// `text` with hidden characters as `\u{…}`; borrowed when nothing changes.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden) && !text.contains("\\u{") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("\\u{") {
            out.push_str("\\\\u{");
            rest = &rest[3..];
            continue;
        }
        if is_hidden(c) {
            out.push_str(&format!("\\u{{{:X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// Reads the escapes [`escape`] writes. An escape of a surrogate or of no
/// character gives U+FFFD, as a lone surrogate does; an incomplete escape
/// stays as typed (the user may still be typing it).
pub fn unescape(text: &str) -> Cow<'_, str> {
    if !text.contains("\\u{") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(after) = rest.strip_prefix("\\\\u{") {
            out.push_str("\\u{");
            rest = after;
            continue;
        }
        if let Some(after) = rest.strip_prefix("\\u{")
            && let Some(end) = after.find('}')
            && (1..=6).contains(&end)
            && after[..end].bytes().all(|b| b.is_ascii_hexdigit())
        {
            let n = u32::from_str_radix(&after[..end], 16).unwrap_or(0xFFFD);
            out.push(char::from_u32(n).unwrap_or('\u{FFFD}'));
            rest = &after[end + 1..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}
