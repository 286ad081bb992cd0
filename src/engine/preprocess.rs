//! The *steps to preprocess a string* ("Preprocessing" section).
//!
//! Step 2 replaces surrogates, noncharacters and non-Unicode code points by
//! U+FFFD. A Rust `&str` cannot hold surrogates or values past U+10FFFF (text
//! arriving as UTF-16 with lone surrogates is converted with U+FFFD before it
//! gets here), so only the noncharacters are left to replace. Step 3 removes
//! TAB, LF and CR; step 4 trims U+000B, U+000C and U+0020 at both ends.

use std::borrow::Cow;

use super::trace::{Step, StepId, Tracer};

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

/// Runs the preprocessing steps on `input`, borrowing it when nothing changes.
pub fn preprocess<'a, T: Tracer>(input: &'a str, tr: &mut T) -> Cow<'a, str> {
    let bytes = input.as_bytes();
    // Noncharacters are all encoded with a lead byte 0xEF (BMP) or 0xF0–0xF4.
    let may_have_nonchar = bytes.iter().any(|&b| b >= 0xEF);
    let has_tabs = bytes.iter().any(|&b| matches!(b, b'\t' | b'\n' | b'\r'));

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
    // Preprocessing, step 4
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
