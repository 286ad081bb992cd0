//! How the panels show values: hidden characters as `\u{…}` escapes (the
//! engine's [`hidden`](crate::engine::hidden), re-exported here) or, in a
//! text field, as one visible picture each ([`picture`]).
//!
//! Also the one way the panels shorten a value for display: [`shorten`]
//! (the middle goes, so both ends of a URL stay in sight), [`shorten_end`]
//! (for the tail of a context window) and [`preview`] (with the full size);
//! each escapes when asked and costs O(max), not O(value).

use std::borrow::Cow;

pub use crate::engine::hidden::{escape, is_hidden, unescape};

/// The one visible character that stands for hidden character `c` in a text
/// field (`None` for a character that shows itself). One character for one,
/// so a field's caret and selection, counted in characters, fall in the same
/// place in the text and in what is drawn. C0 controls and DEL have their
/// Unicode Control Pictures (U+2400 block: `␊` for LF, `␉` for TAB, `␀`
/// for NUL); U+FFFD and the noncharacters are drawn as `�`; every other
/// hidden character (C1 controls, zero-width and bidi characters, unusual
/// spaces) as a dotted circle. The `\u{…}` escapes name each exactly.
pub fn picture(c: char) -> Option<char> {
    if !is_hidden(c) {
        return None;
    }
    let n = u32::from(c);
    Some(match n {
        0x00..=0x1F => char::from_u32(0x2400 + n).unwrap_or('\u{25CC}'),
        0x7F => '\u{2421}',
        0xFFFD => '\u{FFFD}',
        _ if (0xFDD0..=0xFDEF).contains(&n) || (n & 0xFFFE) == 0xFFFE => '\u{FFFD}',
        _ => '\u{25CC}',
    })
}

/// At most `max` characters of `text`, and whether it was cut.
pub fn truncate_chars(text: &str, max: usize) -> (&str, bool) {
    match text.char_indices().nth(max) {
        Some((i, _)) => (&text[..i], true),
        None => (text, false),
    }
}

/// `text` with hidden characters escaped when `escapes` is on.
pub fn shown(text: &str, escapes: bool) -> Cow<'_, str> {
    if escapes {
        escape(text)
    } else {
        Cow::Borrowed(text)
    }
}

/// At most `max` characters of `text` (escaped if asked). A longer text
/// loses its middle, marked "…": the scheme and host at the start and the
/// end of the path or query are where URLs differ.
pub fn shorten(text: &str, max: usize, escapes: bool) -> String {
    let (_, cut) = truncate_chars(text, max);
    if !cut {
        return shown(text, escapes).into_owned();
    }
    let keep_tail = max / 2;
    let (head, _) = truncate_chars(text, max - keep_tail);
    let tail_start = match keep_tail {
        0 => text.len(),
        n => text.char_indices().rev().nth(n - 1).map_or(0, |(i, _)| i),
    };
    let mut out = shown(head, escapes).into_owned();
    out.push('…');
    out.push_str(&shown(&text[tail_start..], escapes));
    out
}

/// At most `max` characters from the start of `text` (escaped if asked),
/// with "…" when cut: for text that continues past a window's edge.
pub fn shorten_end(text: &str, max: usize, escapes: bool) -> String {
    let (head, cut) = truncate_chars(text, max);
    let mut out = shown(head, escapes).into_owned();
    if cut {
        out.push('…');
    }
    out
}

/// How a long value is shown in a panel: [`shorten`], with the full size
/// when cut.
pub fn preview(text: &str, max: usize, escapes: bool) -> String {
    let mut s = shorten(text, max, escapes);
    if truncate_chars(text, max).1 {
        s.push_str(&format!(" ({} bytes in all)", group_digits(text.len())));
    }
    s
}

/// `1234567` as `1,234,567`.
pub fn group_digits(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// A count and its noun, singular for one: "1 row", "3,000 rows".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", group_digits(n), if n == 1 { one } else { many })
}

/// Input bytes as a person reads them, digits grouped: the first and the
/// last byte, both included (`bytes 21–26`), one byte (`byte 21`), or the
/// place an empty range marks (`at byte 29`, between bytes 28 and 29).
pub fn byte_span(range: &std::ops::Range<usize>) -> String {
    match range.end.saturating_sub(range.start) {
        0 => format!("at byte {}", group_digits(range.start)),
        1 => format!("byte {}", group_digits(range.start)),
        _ => format!(
            "bytes {}–{}",
            group_digits(range.start),
            group_digits(range.end - 1)
        ),
    }
}

/// The characters a user may want to insert but cannot type, with a name.
pub const SPECIAL_CHARS: &[(char, &str)] = &[
    ('\t', "TAB (removed by preprocessing)"),
    ('\n', "LINE FEED (removed by preprocessing)"),
    ('\u{0}', "NULL"),
    ('\u{7F}', "DELETE"),
    ('\u{85}', "NEXT LINE (a C1 control)"),
    ('\u{A0}', "NO-BREAK SPACE"),
    ('\u{AD}', "SOFT HYPHEN (Nameprep removes it)"),
    ('\u{200B}', "ZERO WIDTH SPACE"),
    ('\u{200D}', "ZERO WIDTH JOINER"),
    ('\u{200E}', "LEFT-TO-RIGHT MARK"),
    ('\u{200F}', "RIGHT-TO-LEFT MARK"),
    ('\u{202E}', "RIGHT-TO-LEFT OVERRIDE"),
    ('\u{3000}', "IDEOGRAPHIC SPACE"),
    ('\u{3002}', "IDEOGRAPHIC FULL STOP (a host label separator)"),
    ('\u{FF0E}', "FULLWIDTH FULL STOP (a host label separator)"),
    ('\u{FEFF}', "BYTE ORDER MARK"),
    (
        '\u{FFFD}',
        "REPLACEMENT CHARACTER (what a lone surrogate becomes)",
    ),
    ('\u{FDD0}', "a noncharacter (preprocessing replaces it)"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for s in [
            "plain",
            "a\tb\u{200E}c",
            "lit \\u{41} and \\x",
            "\u{FFFD}\u{202E}",
            "\\\\u{",
            "\\u{",
        ] {
            assert_eq!(unescape(&escape(s)), s, "{s:?}");
        }
        assert_eq!(escape("a\u{200B}b"), "a\\u{200B}b");
        assert_eq!(unescape("\\u{D800}x\\u{110000}"), "\u{FFFD}x\u{FFFD}");
        assert_eq!(unescape("half \\u{20"), "half \\u{20");
    }

    #[test]
    fn pictures_stand_one_for_one() {
        assert_eq!(picture('\n'), Some('\u{240A}'));
        assert_eq!(picture('\t'), Some('\u{2409}'));
        assert_eq!(picture('\0'), Some('\u{2400}'));
        assert_eq!(picture('\u{7F}'), Some('\u{2421}'));
        assert_eq!(picture('\u{85}'), Some('\u{25CC}'));
        assert_eq!(picture('\u{FFFF}'), Some('\u{FFFD}'));
        assert_eq!(picture('a'), None);
        assert_eq!(picture(' '), None);
        // Every hidden character has a picture, and no picture is hidden.
        for c in (0..0x11_0000).filter_map(char::from_u32) {
            if let Some(p) = picture(c) {
                assert!(is_hidden(c));
                assert!(!p.is_control(), "{c:?}");
            }
        }
    }

    #[test]
    fn previews_are_short() {
        let long = "é".repeat(10_000);
        let p = preview(&long, 10, false);
        assert!(p.starts_with("ééééé…ééééé ("), "{p}");
        assert!(p.contains("20,000 bytes"));
        // The middle goes, both ends stay.
        assert_eq!(
            shorten("http://host/long/path/end", 12, false),
            "http:/…th/end"
        );
        assert_eq!(shorten("short", 12, false), "short");
        assert_eq!(shorten_end("abcdef", 3, false), "abc…");
        assert_eq!(shorten("a\u{200B}bc", 2, true), "a…c");
        assert_eq!(group_digits(1_048_576), "1,048,576");
    }
}
