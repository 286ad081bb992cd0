//! The *steps to preprocess a string* ("Preprocessing" section).
//!
//! Step 2 replaces surrogates, noncharacters and non-Unicode code points by
//! U+FFFD. A Rust `&str` cannot hold surrogates or values past U+10FFFF (text
//! arriving as UTF-16 with lone surrogates is converted with U+FFFD before it
//! gets here), so only the noncharacters are left to replace. Step 3 removes
//! TAB, LF and CR; step 4 trims U+000B, U+000C and U+0020 at both ends.

use std::borrow::Cow;

use crate::engine::trace::{Step, StepId, Tracer};

/// Preprocessing step 2: noncharacters (U+FDD0–U+FDEF and the last two code
/// points of every plane).
#[inline]
pub fn is_noncharacter(c: char) -> bool {
    let c = u32::from(c);
    (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE) == 0xFFFE
}

#[inline]
fn is_trimmed(c: char) -> bool {
    matches!(c, '\u{0B}' | '\u{0C}' | ' ')
}

/// The bytes that can start work for steps 2 and 3: TAB, LF, CR, and the lead
/// bytes of noncharacters (0xEF–0xF4; the table takes 0xEF–0xFF).
static SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[0x09] = true;
    t[0x0A] = true;
    t[0x0D] = true;
    let mut b = 0xEF;
    while b <= 0xFF {
        t[b] = true;
        b += 1;
    }
    t
};

/// A quick look, eight bytes at a time: `false` means there is no byte below
/// 0x0E and none above 0x7F, so steps 2 and 3 have nothing to do. (A byte
/// below 0x0E makes `x - 0x0E` borrow into its top bit while the byte's own
/// top bit is clear.)
fn maybe_special(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        if (x | (x.wrapping_sub(ONES * 0x0E) & !x)) & TOPS != 0 {
            return true;
        }
    }
    chunks
        .remainder()
        .iter()
        .any(|&b| !(0x0E..0x80).contains(&b))
}

/// Runs the preprocessing steps on `input`, borrowing it when nothing changes.
pub fn preprocess<'a, T: Tracer>(input: &'a str, tr: &mut T) -> Cow<'a, str> {
    let bytes = input.as_bytes();
    // One pass finds whether steps 2 and 3 can have anything to do:
    // noncharacters are all encoded with a lead byte 0xEF (BMP) or 0xF0–0xF4.
    let special = |b: u8| SPECIAL[usize::from(b)];
    let (may_have_nonchar, has_tabs) = if maybe_special(bytes) && bytes.iter().any(|&b| special(b))
    {
        (
            bytes.iter().any(|&b| b >= 0xEF),
            bytes.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r')),
        )
    } else {
        (false, false)
    };
    let mut s: Cow<'a, str> = Cow::Borrowed(input);
    // Preprocessing, step 2
    if may_have_nonchar && s.chars().any(is_noncharacter) {
        let replaced: String = s
            .chars()
            .map(|c| if is_noncharacter(c) { '\u{FFFD}' } else { c })
            .collect();
        tr.record(|| Step::new(StepId::PreReplace).decide(format!("{replaced:?}")));
        s = Cow::Owned(replaced);
    }
    // Preprocessing, step 3
    if has_tabs {
        let removed: String = s
            .chars()
            .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
            .collect();
        tr.record(|| Step::new(StepId::PreRemoveTabs).decide(format!("{removed:?}")));
        s = Cow::Owned(removed);
    }
    // Preprocessing, step 4 (the ends are checked first: they rarely need it)
    let ends = |b: Option<&u8>| b.is_some_and(|&b| matches!(b, 0x0B | 0x0C | b' '));
    if !ends(s.as_bytes().first()) && !ends(s.as_bytes().last()) {
        return s;
    }
    let trimmed = s.trim_matches(is_trimmed);
    if trimmed.len() != s.len() {
        tr.record(|| Step::new(StepId::PreTrim).decide(format!("{trimmed:?}")));
        s = match s {
            Cow::Borrowed(b) => Cow::Borrowed(b.trim_matches(is_trimmed)),
            Cow::Owned(o) => Cow::Owned(o.trim_matches(is_trimmed).to_owned()),
        };
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::NoTrace;

    #[test]
    fn steps() {
        assert!(matches!(
            preprocess("http://a/", &mut NoTrace),
            Cow::Borrowed(_)
        ));
        assert_eq!(
            preprocess(" \u{0B}ht\ttp://a/\r\n \u{0C}", &mut NoTrace),
            "http://a/"
        );
        assert_eq!(
            preprocess("a\u{FDD0}b\u{10FFFF}\u{1FFFE}", &mut NoTrace),
            "a\u{FFFD}b\u{FFFD}\u{FFFD}"
        );
        // U+0000 and other controls stay; only the three are trimmed.
        assert_eq!(preprocess("\u{0}a\u{1} ", &mut NoTrace), "\u{0}a\u{1}");
        assert_eq!(preprocess(" \t ", &mut NoTrace), "");
        assert!(!is_noncharacter('\u{FFFD}'));
    }
}

#[cfg(test)]
mod quick_look {
    use super::maybe_special;

    /// The word-at-a-time look agrees with a byte-by-byte one at every
    /// position and alignment.
    #[test]
    fn agrees_with_bytewise() {
        for special in [0x00u8, 0x09, 0x0A, 0x0D, 0x0B, 0x80, 0xEF, 0xFF] {
            for len in 0..24 {
                for at in 0..len {
                    let mut v = vec![b'a'; len];
                    v[at] = special;
                    assert!(maybe_special(&v), "{special:#x} at {at} of {len}");
                }
                assert!(!maybe_special(&vec![0x0Eu8; len]) && !maybe_special(&vec![0x7Fu8; len]));
            }
        }
    }
}
