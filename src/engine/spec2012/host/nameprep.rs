//! The spec's modified *Nameprep algorithm* ("The Nameprep algorithm"
//! section): RFC 3491 Nameprep with browser-marked variations, returning a
//! string or "fail".
//!
//! Where the data comes from:
//! - RFC 3454's tables A.1 (unassigned in Unicode 3.2), B.1/B.2 (mapping) and
//!   C.x (prohibited) come from the `stringprep` crate, which carries them as
//!   the RFC prints them.
//! - The bidi classes of Unicode 3.2 (IE and GECKO, step 11) are RFC 3454's
//!   tables D.1 and D.2. The `stringprep` crate's `bidi_r_or_al`/`bidi_l`
//!   answer with the current classes instead, so the tables are generated
//!   from Python's `unicodedata.ucd_3_2_0` by `scripts/gen-unicode-tables.py`
//!   into `nameprep/unicode_tables.rs` (which also holds the code points
//!   assigned by Unicode 3.2 and 4.0, from DerivedAge.txt).
//! - NFKC is `unicode-normalization`'s, at its current Unicode version, kept
//!   from touching what an old version had not assigned (see `nfkc`).
//! - THIS and CHROME check bidi with `unicode-bidi`'s current classes.

use std::borrow::Cow;

use stringprep::tables;
use unicode_bidi::{BidiClass, bidi_class};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::{canonical_combining_class, compose};

use crate::engine::failure::Reason;
use crate::engine::model::{Component, Mode};
use crate::engine::trace::{Step, StepId, Tracer};

#[cfg(test)]
mod unicode_checks;
mod unicode_tables;

use unicode_tables::{ASSIGNED_3_2, ASSIGNED_4_0, L_3_2, RAND_AL_3_2};

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

/// A failed Nameprep is a reason for invalidity of its own kind.
impl From<NameprepError> for Reason {
    fn from(e: NameprepError) -> Reason {
        match e {
            NameprepError::ToneMark(c) => Reason::ToneMark(c),
            NameprepError::Prohibited(c) => Reason::Prohibited(c),
            NameprepError::Bidi => Reason::Bidi,
        }
    }
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

/// Whether `c` is in one of the sorted, disjoint ranges of `table`.
fn in_table(table: &[(char, char)], c: char) -> bool {
    table
        .binary_search_by(|&(first, last)| {
            if last < c {
                std::cmp::Ordering::Less
            } else if first > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Step 11's RandALCat: bidi class R or AL in the Unicode version `mode`
/// checks bidi with. THIS: "latest version of Unicode"; CHROME: "latest
/// version of Unicode (6.0.0 at the time of writing)", read as the latest
/// too, so both take `unicode-bidi`'s current classes. IE/GECKO: Unicode
/// 3.2.0, which is exactly RFC 3454's table D.1. (About 270 characters
/// assigned in 3.2 have since moved into or out of R/AL or L, e.g. Braille
/// U+2800–28FF from ON to L, U+070F from BN to AL, U+0CBF from NSM to L, so
/// the current classes would not do.)
fn is_rand_al(c: char, mode: Mode) -> bool {
    match mode {
        Mode::This | Mode::Chrome => matches!(bidi_class(c), BidiClass::R | BidiClass::AL),
        Mode::Gecko | Mode::Ie => in_table(RAND_AL_3_2, c),
    }
}

/// Step 11's LCat: bidi class L in `mode`'s version (RFC 3454 table D.2 for
/// IE/GECKO), as [`is_rand_al`] explains.
fn is_l(c: char, mode: Mode) -> bool {
    match mode {
        Mode::This | Mode::Chrome => bidi_class(c) == BidiClass::L,
        Mode::Gecko | Mode::Ie => in_table(L_3_2, c),
    }
}

/// Nameprep step 11: RFC 3454 section 6, with the bidi classes of `mode`'s
/// Unicode version. (C.8 is already refused by step 10.)
pub fn bidi_ok(s: &str, mode: Mode) -> bool {
    if s.is_ascii() || !s.chars().any(|c| is_rand_al(c, mode)) {
        return true;
    }
    let no_l = !s.chars().any(|c| is_l(c, mode));
    let first = s.chars().next().is_some_and(|c| is_rand_al(c, mode));
    let last = s.chars().next_back().is_some_and(|c| is_rand_al(c, mode));
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
/// THIS: the latest version, i.e. `unicode-normalization`'s tables. CHROME
/// and IE: Unicode 3.2.0 with Corrigenda 3 and 5 but not 4; GECKO: Unicode
/// 4.0.0 (which includes Corrigenda 3 and 4) with Corrigendum 5.
///
/// The old versions are made exactly from the current tables:
/// - A code point the old version had not assigned (`ASSIGNED_3_2`,
///   `ASSIGNED_4_0`, from DerivedAge.txt) had no decomposition, combining
///   class 0 and no composition, so it stays as it is and nothing reorders
///   or composes across it: normalizing the runs between such code points
///   separately gives the old result.
/// - Within a run, Unicode's normalization stability policy (since 3.1)
///   keeps the decompositions, combining classes and compositions of
///   assigned characters, except for the corrigenda: Corrigendum 3 (U+F951)
///   and 5 (the composition algorithm) are wanted by every mode, and
///   Corrigendum 4 is undone for CHROME and IE with its five ideographs'
///   3.2 decompositions.
///
/// For Unicode 3.2 this is checked against Python's `ucd_3_2_0` for every
/// character assigned in 3.2 (and its NFD and NFKD) by the `unicode_checks`
/// tests. No Unicode 4.0 database is at hand to check GECKO's the same way:
/// it rests on the stability policy alone.
fn nfkc(s: &str, mode: Mode) -> String {
    let assigned = match mode {
        _ if s.is_ascii() => return s.to_owned(),
        Mode::This => return s.nfkc().collect(),
        Mode::Chrome | Mode::Ie => ASSIGNED_3_2,
        Mode::Gecko => ASSIGNED_4_0,
    };
    let pre_corrigendum4 = matches!(mode, Mode::Chrome | Mode::Ie);
    let mut out = String::with_capacity(s.len());
    let mut run = String::new();
    for c in s.chars() {
        let old = PRE_CORRIGENDUM4
            .iter()
            .find(|(from, _)| pre_corrigendum4 && *from == c);
        if let Some(&(_, to)) = old {
            run.push(to);
        } else if in_table(assigned, c) {
            run.push(c);
        } else {
            out.extend(run.nfkc());
            run.clear();
            out.push(c);
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

/// A step of Nameprep that turned `from` into `to`: a change of the host
/// when Nameprep runs on the whole host (`of_host`, CanonicalizeHost step
/// 11), so the URL after it shows the new host; the mapping in words when
/// it runs on one label.
fn mapped(id: StepId, from: &str, to: &str, of_host: bool) -> Step {
    if of_host {
        Step::change(id, Component::Host, Some(from), Some(to))
    } else {
        Step::new(id).decide(format!("{from:?} → {to:?}"))
    }
}

/// Runs Nameprep on `s` in `mode`, with or without the bidi step; `of_host`
/// says that `s` is the whole host (see [`mapped`]).
pub fn nameprep<'a, T: Tracer>(
    s: &'a str,
    mode: Mode,
    bidi: bool,
    of_host: bool,
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
        tr.record(|| mapped(StepId::NameprepMap, s, &lower, of_host));
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
        tr.record(|| mapped(StepId::NameprepMap, s, &t, of_host));
    }
    // Step 4
    if mode == Mode::Gecko
        && let Cow::Owned(swapped) = swap_corrigendum5(&t)
    {
        tr.record(|| mapped(StepId::NameprepCorrigendum5, &t, &swapped, of_host).in_mode(mode));
        t = swapped;
    }
    // Steps 5–6
    let has_unassigned =
        matches!(mode, Mode::This | Mode::Gecko) && t.chars().any(tables::unassigned_code_point);
    // Step 7
    let mut n = nfkc(&t, mode);
    if n != t {
        tr.record(|| mapped(StepId::NameprepNfkc, &t, &n, of_host));
    }
    // Steps 8–9. Interpretation: step 9 is skipped when step 8 did not run;
    // NFKC of an NFKC string changes nothing, so the result is the same.
    if has_unassigned {
        let again = nfkc(&map(&n), mode);
        tr.record(|| {
            let step = mapped(StepId::NameprepRemap, &n, &again, of_host);
            let words = match &step.decision {
                Some(mapping) => format!("unassigned in Unicode 3.2: {mapping}"),
                None => "unassigned in Unicode 3.2: mapped and normalized again".to_owned(),
            };
            step.decide(words)
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
        nameprep(s, mode, true, false, &mut NoTrace).map(Cow::into_owned)
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
        assert!(nameprep("\u{5D0}a", Mode::This, false, false, &mut NoTrace).is_ok());
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
