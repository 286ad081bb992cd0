//! The spec's modified *Nameprep algorithm* ("The Nameprep algorithm"
//! section): RFC 3491 Nameprep with browser-marked variations, returning a
//! string or "fail".
//!
//! The tables are RFC 3454's, from the `stringprep` crate (A.1 unassigned,
//! B.1/B.2 mapping, C.x prohibited). NFKC comes from `unicode-normalization`
//! and bidi classes from `unicode-bidi`, both at their current Unicode
//! version. The spec asks CHROME, GECKO and IE for the NFKC (and IE/GECKO for
//! the bidi classes) of Unicode 3.2 or 4.0; no maintained crate carries those
//! old tables, so every mode uses the current ones, and the cases where that
//! matters are listed in the expected-failures file.

use std::borrow::Cow;

use stringprep::tables;
use unicode_bidi::{BidiClass, bidi_class};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::{canonical_combining_class, compose};

use crate::engine::model::Mode;
use crate::engine::trace::{Step, StepId, Tracer};

/// Why Nameprep failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameprepError {
    /// GECKO, step 2: U+0340 or U+0341.
    ToneMark(char),
    /// Step 10: a prohibited character.
    Prohibited(char),
    /// Step 11: the bidi rules of RFC 3454 section 6.
    Bidi,
}

/// Nameprep step 3: the Map step (B.1 removed, B.2 case-folded).
fn map(s: &str) -> String {
    s.chars()
        .filter(|&c| !tables::commonly_mapped_to_nothing(c))
        .flat_map(tables::case_fold_for_nfkc)
        .collect()
}

/// Nameprep step 10: the characters RFC 3491 prohibits (C.1.2, C.2.2, C.3,
/// C.4, C.5, C.6, C.7, C.8, C.9).
pub fn is_prohibited(c: char) -> bool {
    tables::non_ascii_space_character(c)
        || tables::non_ascii_control_character(c)
        || tables::private_use(c)
        || tables::non_character_code_point(c)
        || tables::surrogate_code(c)
        || tables::inappropriate_for_plain_text(c)
        || tables::inappropriate_for_canonical_representation(c)
        || tables::change_display_properties_or_deprecated(c)
        || tables::tagging_character(c)
}

/// Whether `c` has the bidi class of `want` in the Unicode version `mode`
/// checks bidi with. IE and GECKO use Unicode 3.2: a character unassigned
/// then had no class of its own, so only characters assigned in 3.2 count
/// (bidi classes of assigned characters have not changed since).
fn bidi_is(c: char, mode: Mode, want: fn(BidiClass) -> bool) -> bool {
    want(bidi_class(c))
        && (matches!(mode, Mode::This | Mode::Chrome) || !tables::unassigned_code_point(c))
}

fn rand_al(class: BidiClass) -> bool {
    matches!(class, BidiClass::R | BidiClass::AL)
}

fn left_to_right(class: BidiClass) -> bool {
    class == BidiClass::L
}

/// Nameprep step 11: RFC 3454 section 6, with the bidi classes of `mode`'s
/// Unicode version. (C.8 is already refused by step 10.)
pub fn bidi_ok(s: &str, mode: Mode) -> bool {
    if s.is_ascii() || !s.chars().any(|c| bidi_is(c, mode, rand_al)) {
        return true;
    }
    let no_l = !s.chars().any(|c| bidi_is(c, mode, left_to_right));
    let first = s.chars().next().is_some_and(|c| bidi_is(c, mode, rand_al));
    let last = s
        .chars()
        .next_back()
        .is_some_and(|c| bidi_is(c, mode, rand_al));
    no_l && first && last
}

/// The five CJK compatibility ideographs whose decomposition Corrigendum #4
/// corrected, with the decomposition they had before it (Unicode 3.2).
const PRE_CORRIGENDUM4: [(char, char); 5] = [
    ('\u{2F868}', '\u{2136A}'),
    ('\u{2F874}', '\u{5F33}'),
    ('\u{2F91F}', '\u{43AB}'),
    ('\u{2F95F}', '\u{7AAE}'),
    ('\u{2F9BF}', '\u{4D57}'),
];

/// Nameprep step 7: NFKC as of `mode`'s Unicode version.
///
/// THIS uses the current tables. For the browsers' older versions (3.2 for
/// CHROME and IE, 4.0 for GECKO) this is approximated from the current
/// tables: a character unassigned in Unicode 3.2 had no decomposition then,
/// so it is left as it is (and splits normalization around it); CHROME and
/// IE also predate Corrigendum #4, so its five ideographs keep their old
/// decompositions. GECKO's characters added in Unicode 4.0 are treated as
/// unassigned too; the suite cases where that matters are listed.
fn nfkc(s: &str, mode: Mode) -> String {
    if mode == Mode::This || s.is_ascii() {
        return s.nfkc().collect();
    }
    let old = matches!(mode, Mode::Chrome | Mode::Ie);
    let mut out = String::with_capacity(s.len());
    let mut run = String::new();
    for c in s.chars() {
        let pre_c4 = PRE_CORRIGENDUM4.iter().find(|(from, _)| old && *from == c);
        if let Some(&(_, to)) = pre_c4 {
            run.push(to);
        } else if tables::unassigned_code_point(c) {
            out.extend(run.nfkc());
            run.clear();
            out.push(c);
        } else {
            run.push(c);
        }
    }
    out.extend(run.nfkc());
    out
}

/// GECKO, step 4: a starter, one or more combining marks, then a character
/// of combining class 0 that composes with the starter. Gecko's NFKC, older
/// than Corrigendum 5, composed across the marks; swapping the last mark and
/// that character makes the current NFKC do the same.
fn swap_corrigendum5(s: &str) -> Cow<'_, str> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = chars.clone();
    let mut changed = false;
    for j in 2..chars.len() {
        let y = chars[j];
        if canonical_combining_class(y) != 0 || canonical_combining_class(chars[j - 1]) == 0 {
            continue;
        }
        // Walk back over the marks to the starter; what y would compose with
        // is that starter as composed with what precedes it (a Hangul L+V
        // pair is one LV syllable by then).
        let mut i = j - 1;
        while i > 0 && canonical_combining_class(chars[i]) != 0 {
            i -= 1;
        }
        let starter = chars[..=i].iter().copied().nfc().last();
        if canonical_combining_class(chars[i]) == 0
            && starter.is_some_and(|x| compose(x, y).is_some())
        {
            out.swap(j - 1, j);
            changed = true;
        }
    }
    if changed {
        Cow::Owned(out.into_iter().collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// Runs Nameprep on `s` in `mode`, with or without the bidi step.
pub fn nameprep<'a, T: Tracer>(
    s: &'a str,
    mode: Mode,
    bidi: bool,
    tr: &mut T,
) -> Result<Cow<'a, str>, NameprepError> {
    // ASCII fast path: mapping only lowercases, NFKC changes nothing, nothing
    // ASCII is prohibited (C.1.1 and C.2.1 are not in Nameprep's list), and no
    // ASCII character is right-to-left.
    if s.is_ascii() {
        if !s.bytes().any(|b| b.is_ascii_uppercase()) {
            return Ok(Cow::Borrowed(s));
        }
        let lower = s.to_ascii_lowercase();
        tr.record(|| Step::new(StepId::NameprepMap).decide(format!("{s:?} → {lower:?}")));
        return Ok(Cow::Owned(lower));
    }
    // Step 2
    if mode == Mode::Gecko
        && let Some(c) = s.chars().find(|&c| c == '\u{340}' || c == '\u{341}')
    {
        tr.record(|| {
            Step::new(StepId::NameprepGeckoToneMarks)
                .in_mode(mode)
                .fail()
        });
        return Err(NameprepError::ToneMark(c));
    }
    // Step 3
    let mut t = map(s);
    if t != s {
        tr.record(|| Step::new(StepId::NameprepMap).decide(format!("{s:?} → {t:?}")));
    }
    // Step 4
    if mode == Mode::Gecko
        && let Cow::Owned(swapped) = swap_corrigendum5(&t)
    {
        tr.record(|| {
            Step::new(StepId::NameprepCorrigendum5)
                .in_mode(mode)
                .decide(format!("→ {swapped:?}"))
        });
        t = swapped;
    }
    // Steps 5–6
    let has_unassigned =
        matches!(mode, Mode::This | Mode::Gecko) && t.chars().any(tables::unassigned_code_point);
    // Step 7
    let mut n = nfkc(&t, mode);
    if n != t {
        tr.record(|| Step::new(StepId::NameprepNfkc).decide(format!("{t:?} → {n:?}")));
    }
    // Steps 8–9. Interpretation: step 9 is skipped when step 8 did not run;
    // NFKC of an NFKC string changes nothing, so the result is the same.
    if has_unassigned {
        let again = nfkc(&map(&n), mode);
        tr.record(|| {
            Step::new(StepId::NameprepRemap)
                .decide(format!("unassigned in Unicode 3.2: {n:?} → {again:?}"))
        });
        n = again;
    }
    // Step 10
    if let Some(c) = n.chars().find(|&c| is_prohibited(c)) {
        tr.record(|| {
            Step::new(StepId::NameprepProhibit)
                .decide(format!("U+{:04X} is prohibited", u32::from(c)))
                .fail()
        });
        return Err(NameprepError::Prohibited(c));
    }
    // Step 11
    if bidi && !bidi_ok(&n, mode) {
        tr.record(|| Step::new(StepId::NameprepBidi).fail());
        return Err(NameprepError::Bidi);
    }
    // A string Nameprep leaves as it was is handed back borrowed, so that
    // no step records a change that is none.
    if n == s {
        Ok(Cow::Borrowed(s))
    } else {
        Ok(Cow::Owned(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::trace::NoTrace;

    fn np(s: &str, mode: Mode) -> Result<String, NameprepError> {
        nameprep(s, mode, true, &mut NoTrace).map(Cow::into_owned)
    }

    #[test]
    fn mapping_and_normalization() {
        assert_eq!(np("ExAmple", Mode::This).unwrap(), "example");
        assert_eq!(np("\u{FF21}b\u{AD}c", Mode::This).unwrap(), "abc");
        assert_eq!(np("Stra\u{DF}e", Mode::This).unwrap(), "strasse");
        assert_eq!(np("\u{2163}", Mode::This).unwrap(), "iv");
        // Corrigendum #4: CHROME and IE keep the old decomposition.
        assert_eq!(np("\u{2F874}", Mode::This).unwrap(), "\u{5F53}");
        assert_eq!(np("\u{2F874}", Mode::Ie).unwrap(), "\u{5F33}");
        // U+1F100 (Unicode 5.2) had no decomposition in 3.2.
        assert_eq!(np("a\u{1F100}", Mode::This).unwrap(), "a0.");
        assert_eq!(np("a\u{1F100}", Mode::Chrome).unwrap(), "a\u{1F100}");
    }

    #[test]
    fn prohibited_and_bidi() {
        assert_eq!(
            np("a\u{E000}b", Mode::This),
            Err(NameprepError::Prohibited('\u{E000}'))
        );
        assert_eq!(np("\u{5D0}a\u{5D1}", Mode::This), Err(NameprepError::Bidi));
        assert_eq!(np("\u{5D0}1", Mode::This), Err(NameprepError::Bidi));
        assert!(np("\u{5D0}1\u{5D1}", Mode::This).is_ok());
        // U+0590 has class R today but was unassigned in Unicode 3.2.
        assert_eq!(np("\u{590}x", Mode::This), Err(NameprepError::Bidi));
        assert!(np("\u{590}x", Mode::Gecko).is_ok());
        assert!(nameprep("\u{5D0}a", Mode::This, false, &mut NoTrace).is_ok());
        assert_eq!(
            np("a\u{341}", Mode::Gecko),
            Err(NameprepError::ToneMark('\u{341}'))
        );
    }

    #[test]
    fn gecko_corrigendum5_swap() {
        // L, V, a mark, then T: Gecko composed the T into the syllable.
        let s = "\u{1100}\u{1175}\u{301}\u{11A8}";
        assert_eq!(np(s, Mode::Gecko).unwrap(), "\u{AE31}\u{301}");
        assert_eq!(np(s, Mode::This).unwrap(), "\u{AE30}\u{301}\u{11A8}");
    }
}
