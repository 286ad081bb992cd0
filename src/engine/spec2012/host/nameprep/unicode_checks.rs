//! Checks of Nameprep's old-Unicode data: the generated tables of
//! `unicode_tables.rs` against RFC 3454 and the `stringprep` crate, and the
//! browser modes' NFKC against Unicode 3.2.0's (`nfkc-3.2.txt`, written by
//! `scripts/gen-unicode-tables.py` from Python's `unicodedata.ucd_3_2_0`).

use std::collections::BTreeSet;

use super::*;

fn all_chars() -> impl Iterator<Item = char> {
    (0..=0x10FFFF).filter_map(char::from_u32)
}

fn count(table: &[(char, char)]) -> u32 {
    table
        .iter()
        .map(|&(a, b)| u32::from(b) - u32::from(a) + 1)
        .sum()
}

#[test]
fn tables_are_sorted_and_disjoint() {
    for table in [RAND_AL_3_2, L_3_2, ASSIGNED_3_2, ASSIGNED_4_0] {
        assert!(table.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(table.iter().all(|&(a, b)| a <= b));
    }
}

#[test]
fn d1_and_d2_are_rfc3454s() {
    // RFC 3454's D.1 holds 1,044 code points in 34 ranges, from U+05BE to
    // U+FEFC; D.2 holds 229,973, of which 2,048 are surrogates that no
    // `char` can be.
    assert_eq!(count(RAND_AL_3_2), 1044);
    assert_eq!(RAND_AL_3_2.len(), 34);
    assert_eq!(RAND_AL_3_2.first(), Some(&('\u{5BE}', '\u{5BE}')));
    assert_eq!(RAND_AL_3_2.last(), Some(&('\u{FE76}', '\u{FEFC}')));
    assert_eq!(count(L_3_2), 229_973 - 2048);
    assert!(all_chars().all(|c| !(in_table(RAND_AL_3_2, c) && in_table(L_3_2, c))));
}

#[test]
fn a1_is_what_unicode_3_2_left_unassigned() {
    // The `stringprep` crate's A.1 (as the RFC prints it) and DerivedAge.txt
    // agree code point by code point.
    for c in all_chars() {
        assert_eq!(
            tables::unassigned_code_point(c),
            !in_table(ASSIGNED_3_2, c),
            "U+{:04X}",
            u32::from(c)
        );
    }
}

#[test]
fn bidi_uses_unicode_3_2_in_ie_and_gecko() {
    // Braille U+2800 was ON in 3.2 and is L now.
    let braille = "\u{5D0}\u{2800}\u{5D0}";
    assert!(bidi_ok(braille, Mode::Ie) && bidi_ok(braille, Mode::Gecko));
    assert!(!bidi_ok(braille, Mode::This) && !bidi_ok(braille, Mode::Chrome));
    // U+17B4 was L in 3.2 and is NSM now.
    let khmer = "\u{5D0}\u{17B4}\u{5D0}";
    assert!(!bidi_ok(khmer, Mode::Ie) && !bidi_ok(khmer, Mode::Gecko));
    assert!(bidi_ok(khmer, Mode::This));
    // U+070F was BN in 3.2 and is AL now: beside an L it breaks the rule
    // only today.
    assert!(bidi_ok("a\u{70F}", Mode::Ie));
    assert!(!bidi_ok("a\u{70F}", Mode::This));
    // U+0590 has no class in 3.2 (unassigned); today it defaults to R.
    assert!(bidi_ok("\u{590}x", Mode::Gecko));
    assert!(!bidi_ok("\u{590}x", Mode::This));
}

fn parse_code_points(s: &str) -> String {
    s.split(' ')
        .map(|h| {
            let cp = u32::from_str_radix(h, 16).expect("nfkc-3.2.txt holds hex code points");
            char::from_u32(cp).expect("nfkc-3.2.txt holds no surrogates")
        })
        .collect()
}

#[test]
fn nfkc_of_chrome_and_ie_is_unicode_3_2s() {
    let data = include_str!("nfkc-3.2.txt");
    let mut inputs = BTreeSet::new();
    let mut cases = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (input, want) = line.split_once(';').expect("INPUT;NFKC");
        let (input, want) = (parse_code_points(input), parse_code_points(want));
        for mode in [Mode::Chrome, Mode::Ie] {
            assert_eq!(nfkc(&input, mode), want, "{input:?} in {mode:?}");
        }
        inputs.insert(input);
        cases += 1;
    }
    assert!(cases > 5000, "nfkc-3.2.txt has only {cases} cases");
    // Every other character assigned in 3.2 is its own NFKC.
    let mut unchanged = 0;
    for c in all_chars().filter(|&c| in_table(ASSIGNED_3_2, c)) {
        let s = c.to_string();
        if !inputs.contains(&s) {
            assert_eq!(nfkc(&s, Mode::Ie), s, "U+{:04X}", u32::from(c));
            unchanged += 1;
        }
    }
    assert!(unchanged > 200_000);
}

#[test]
fn nfkc_of_gecko_is_unicode_4_0s() {
    // U+1D2C MODIFIER LETTER CAPITAL A came with 4.0: GECKO decomposes it,
    // CHROME and IE (3.2) leave it.
    assert_eq!(nfkc("x\u{1D2C}", Mode::Gecko), "xA");
    assert_eq!(nfkc("x\u{1D2C}", Mode::Ie), "x\u{1D2C}");
    // U+FE19 came with 4.1: left by GECKO too.
    assert_eq!(nfkc("a\u{FE19}b", Mode::Gecko), "a\u{FE19}b");
    assert_eq!(nfkc("a\u{FE19}b", Mode::This), "a...b");
    // Corrigendum 4 is part of 4.0.
    assert_eq!(nfkc("\u{2F874}", Mode::Gecko), "\u{5F53}");
    // Nothing composes across a code point 4.0 had not assigned (U+1B35
    // came with 5.0; e + U+0301 would compose).
    assert_eq!(nfkc("e\u{1B35}\u{301}", Mode::Gecko), "e\u{1B35}\u{301}");
    assert_eq!(nfkc("e\u{301}", Mode::Gecko), "\u{E9}");
    // Through the whole of Nameprep: U+1D2C is unassigned in 3.2, so steps
    // 8 and 9 map GECKO's 'A' to 'a'.
    let np = |s, mode| nameprep(s, mode, true, false, &mut crate::engine::trace::NoTrace);
    assert_eq!(np("x\u{1D2C}", Mode::Gecko).as_deref(), Ok("xa"));
    assert_eq!(np("x\u{1D2C}", Mode::Ie).as_deref(), Ok("x\u{1D2C}"));
}
