//! Tests of the notes: every code raised where it should be, and not where
//! it should not (single-script non-ASCII hosts, Punycode hosts, ASCII hosts,
//! mappable queries, clean input).

use super::*;
use crate::engine::encoding::LABELS;
use crate::engine::{self, Inspection, Mode, NoTrace, QueryEncoding, Step, StepId, Trace};

/// The inspection of one traced run that keeps its forms.
fn inspect(input: &str, base: Option<&str>, encoding: QueryEncoding, mode: Mode) -> Inspection {
    let options = Options::default()
        .mode(mode)
        .encoding(encoding)
        .base(base.unwrap_or_default())
        .keep(true);
    let mut trace = Trace::default();
    let outcome = engine::run(input, &options, &mut trace);
    Inspection::from_run(input, &options, outcome, trace)
}

fn run(input: &str, base: Option<&str>, label: Option<&str>, mode: Mode) -> Inspection {
    let enc = label.map_or(QueryEncoding::UTF8, QueryEncoding::from_label);
    inspect(input, base, enc, mode)
}

/// The notes of `code` in an inspection.
fn of(i: &Inspection, code: NoteCode) -> Vec<&Note> {
    i.notes.iter().filter(|n| n.code == code).collect()
}

/// The text of the preprocessed input a note points at.
fn marked<'a>(i: &'a Inspection, n: &Note) -> Option<&'a str> {
    n.range.clone().and_then(|r| i.preprocessed.get(r))
}

/// The only note of `code`, which must exist.
fn one(i: &Inspection, code: NoteCode) -> &Note {
    let found = of(i, code);
    assert_eq!(found.len(), 1, "one {code} note expected in {:?}", i.notes);
    found[0]
}

#[test]
fn the_table_is_stable_and_serializes_as_codes() {
    for (k, code) in NoteCode::ALL.iter().enumerate() {
        assert_eq!(NoteCode::from_code(code.code()), Some(*code));
        assert!(
            NoteCode::ALL[k + 1..]
                .iter()
                .all(|c| c.code() != code.code()),
            "{code} is listed twice"
        );
        assert!(!code.description().is_empty());
    }
    assert_eq!(NoteCode::HostMixedScript.code(), "host-mixed-script");
    let note = Note::new(NoteCode::UnclosedBracket, "m".to_owned(), Some(7..8));
    let json = serde_json::to_value(&note).expect("a note serializes");
    assert_eq!(
        json,
        serde_json::json!({"code": "unclosed-bracket", "message": "m", "range": {"start": 7, "end": 8}})
    );
    let back: Note = serde_json::from_value(json).expect("and reads back");
    assert_eq!(back, note);
    assert!(serde_json::from_str::<NoteCode>("\"no-such-code\"").is_err());
}

#[test]
fn characters_are_named_with_code_point_and_name() {
    assert_eq!(describe_char('l'), "'l' U+006C LATIN SMALL LETTER L");
    assert_eq!(describe_char('\t'), "U+0009 TAB");
    assert_eq!(describe_char('\u{FDD0}'), "U+FDD0 (a noncharacter)");
    assert_eq!(describe_char('\u{1}'), "U+0001 (a control character)");
}

#[test]
fn the_cyrillic_paypal_is_caught_in_every_mode() {
    for mode in Mode::ALL {
        let i = run("http://раураl.com/login", None, None, mode);
        assert!(i.outcome.canon.is_some(), "{mode}: valid");
        let mixed = one(&i, NoteCode::HostMixedScript);
        assert_eq!(marked(&i, mixed), Some("раураl"), "{mode}");
        assert!(
            mixed.message.contains("mostly Cyrillic")
                && mixed
                    .message
                    .contains("'l' U+006C LATIN SMALL LETTER L (Latin)"),
            "{mode}: {}",
            mixed.message
        );
        let confusable = one(&i, NoteCode::HostConfusable);
        assert!(
            confusable.message.contains("looks like paypal.com")
                && confusable.message.contains("xn--l-7sba6dbr.com"),
            "{mode}: {}",
            confusable.message
        );
        assert_eq!(marked(&i, confusable), Some("раураl.com"));
        assert!(of(&i, NoteCode::HostNonAscii).is_empty(), "{mode}");
    }
    // IE keeps the Unicode host, the others write Punycode: both are caught.
    let ie = run("http://раураl.com/login", None, None, Mode::Ie);
    assert_eq!(ie.outcome.canon.as_deref(), Some("http://раураl.com/login"));
}

#[test]
fn a_punycode_look_alike_is_read_in_unicode() {
    let i = run("http://xn--l-7sba6dbr.com/", None, None, Mode::This);
    assert_eq!(
        marked(&i, one(&i, NoteCode::HostMixedScript)),
        Some("xn--l-7sba6dbr")
    );
    assert!(
        one(&i, NoteCode::HostConfusable)
            .message
            .contains("looks like paypal.com")
    );
    // Escaped UTF-8 too.
    let i = run(
        "http://%D1%80%D0%B0%D1%83%D1%80%D0%B0l.com/",
        None,
        None,
        Mode::This,
    );
    assert_eq!(of(&i, NoteCode::HostMixedScript).len(), 1);
}

#[test]
fn a_whole_script_look_alike_is_confusable_but_not_mixed() {
    // Every letter Cyrillic: one script, and still "apple.com" to the eye.
    let i = run("http://аррӏе.com/", None, None, Mode::This);
    assert!(of(&i, NoteCode::HostMixedScript).is_empty());
    assert!(
        one(&i, NoteCode::HostConfusable)
            .message
            .contains("looks like apple.com")
    );
}

#[test]
fn a_look_alike_from_the_base_has_no_range() {
    let i = run("/login", Some("http://раураl.com/"), None, Mode::This);
    let n = one(&i, NoteCode::HostConfusable);
    assert_eq!(n.range, None);
    assert!(n.message.contains("from the base URL"), "{}", n.message);
}

#[test]
fn single_script_and_ascii_hosts_raise_no_warning() {
    let quiet = [
        "http://bücher.de/",
        "http://xn--bcher-kva.de/",
        "http://example.com/",
        "http://東京.jp/",
        // Latin with Han is highly restrictive (UTS #39): usual in CJK names.
        "http://sony東京.jp/",
        "http://1.2.3.4/",
        "http://[::1]/",
    ];
    for input in quiet {
        for mode in Mode::ALL {
            let i = run(input, None, None, mode);
            for code in [NoteCode::HostMixedScript, NoteCode::HostConfusable] {
                assert!(
                    of(&i, code).is_empty(),
                    "{input} [{mode}] raised {code}: {:?}",
                    i.notes
                );
            }
        }
    }
}

#[test]
fn non_ascii_hosts_are_information() {
    for mode in Mode::ALL {
        let i = run("http://bücher.de/", None, None, mode);
        let n = one(&i, NoteCode::HostNonAscii);
        assert_eq!(marked(&i, n), Some("ü"), "{mode}");
        assert!(n.message.contains("U+00FC"), "{}", n.message);
    }
    // A Punycode host stays ASCII where the mode writes Punycode; IE shows it
    // in Unicode, and says so.
    for mode in [Mode::This, Mode::Chrome, Mode::Gecko] {
        let i = run("http://xn--bcher-kva.de/", None, None, mode);
        assert!(i.notes.is_empty(), "{mode}: {:?}", i.notes);
    }
    let ie = run("http://xn--bcher-kva.de/", None, None, Mode::Ie);
    assert!(
        one(&ie, NoteCode::HostNonAscii)
            .message
            .contains("written bücher.de")
    );
    // Fullwidth letters canonicalize to the very ASCII host: not a
    // look-alike, but worth knowing.
    let i = run("http://ｐａｙｐａｌ.com/", None, None, Mode::This);
    assert_eq!(i.outcome.canon.as_deref(), Some("http://paypal.com/"));
    assert!(of(&i, NoteCode::HostConfusable).is_empty());
    assert_eq!(
        marked(&i, one(&i, NoteCode::HostNonAscii)),
        Some("ｐａｙｐａｌ")
    );
    assert!(
        run("http://example.com/", None, None, Mode::Ie)
            .notes
            .is_empty()
    );
}

#[test]
fn unmappable_query_characters_are_counted_and_named() {
    let i = run("http://a/?日本", None, Some("greek"), Mode::This);
    assert_eq!(i.outcome.canon.as_deref(), Some("http://a/???"));
    let n = one(&i, NoteCode::QueryUnmappable);
    assert_eq!(marked(&i, n), Some("日本"));
    assert!(
        n.message.starts_with("2 characters")
            && n.message.contains("ISO-8859-7")
            && n.message.contains("U+65E5")
            && n.message.contains("U+672C"),
        "{}",
        n.message
    );
    // Characters the encoding has, UTF-8, and non-hierarchical URLs: nothing.
    let quiet = [
        ("http://a/?αβ", Some("greek")),
        ("http://a/?日本", None),
        ("mailto:x?日本", Some("greek")),
    ];
    for (input, label) in quiet {
        let i = run(input, None, label, Mode::This);
        assert!(of(&i, NoteCode::QueryUnmappable).is_empty(), "{input}");
    }
    // A query taken from the base: counted, with no range in the input.
    let i = run("", Some("http://b/?日"), Some("greek"), Mode::This);
    let n = one(&i, NoteCode::QueryUnmappable);
    assert_eq!(n.range, None);
    assert!(n.message.contains("from the base URL"), "{}", n.message);
}

#[test]
fn encoding_fallback_is_a_note_and_a_step() {
    for (label, says) in [("bogus", "names no encoding"), ("utf-16", "UTF-16LE")] {
        let i = run("http://a/?x", None, Some(label), Mode::This);
        assert!(one(&i, NoteCode::EncodingFallback).message.contains(says));
        let steps: Vec<&Step> = i
            .trace
            .steps
            .iter()
            .filter(|s| s.id == StepId::CanonQueryEncodingFallback)
            .collect();
        assert_eq!(steps.len(), 1, "{label}");
        assert!(
            steps[0]
                .decision
                .as_deref()
                .is_some_and(|d| d.contains(says))
        );
    }
    // A known ASCII-compatible label, or no query to encode: neither.
    for (input, label) in [("http://a/?x", "greek"), ("http://a/", "bogus")] {
        let i = run(input, None, Some(label), Mode::This);
        assert!(of(&i, NoteCode::EncodingFallback).is_empty(), "{input}");
        assert!(
            i.trace
                .steps
                .iter()
                .all(|s| s.id != StepId::CanonQueryEncodingFallback)
        );
    }
}

#[test]
fn the_fallback_agrees_with_the_encoding_verdict() {
    for label in LABELS.iter().copied().chain(["bogus", "x-no-such"]) {
        let enc = QueryEncoding::from_label(label);
        assert_eq!(
            enc.fallback().is_some(),
            enc.verdict(label).is_fallback(),
            "{label}"
        );
    }
    assert_eq!(QueryEncoding::UTF8.fallback(), None);
}

#[test]
fn characters_that_may_not_appear_are_named_where_they_were() {
    let i = run("http://a/a b/\"q\"?<x>", None, None, Mode::This);
    let notes = of(&i, NoteCode::CharPercentEncoded);
    assert_eq!(notes.len(), 2, "{:?}", i.notes);
    assert_eq!(marked(&i, notes[0]), Some(" b/\"q\""));
    assert!(
        notes[0].message.contains("in the path")
            && notes[0].message.contains("a space became %20")
            && notes[0].message.contains("became %22 (2 times)"),
        "{}",
        notes[0].message
    );
    assert_eq!(marked(&i, notes[1]), Some("<x>"));
    assert!(notes[1].message.contains("%3C") && notes[1].message.contains("%3E"));
    // A space in the host, percent-encoded without a word.
    let i = run("http://exa mple.com/", None, None, Mode::This);
    assert_eq!(i.outcome.canon.as_deref(), Some("http://exa%20mple.com/"));
    let n = one(&i, NoteCode::CharPercentEncoded);
    assert!(n.message.contains("in the host"), "{}", n.message);
    assert_eq!(marked(&i, n), Some(" "));
    // Already encoded, non-ASCII (always encoded), or allowed as it is.
    for input in [
        "http://a/%20",
        "http://a/é",
        "http://a/#a b",
        "http://a/?a=b&c",
    ] {
        let i = run(input, None, None, Mode::This);
        assert!(of(&i, NoteCode::CharPercentEncoded).is_empty(), "{input}");
    }
}

#[test]
fn removed_whitespace_is_reported_in_input_bytes() {
    let i = run(" \thttp://a/\n\rb \u{0C}", None, None, Mode::This);
    assert_eq!(i.preprocessed, "http://a/b");
    let notes = of(&i, NoteCode::WhitespaceRemoved);
    assert_eq!(notes.len(), 2, "{:?}", i.notes);
    assert!(
        notes[0].message.contains("3 tabs or line breaks")
            && notes[0].message.contains("TAB at byte 1")
            && notes[0].message.contains("LF (line feed) at byte 11")
            && notes[0].message.contains("CR (carriage return) at byte 12"),
        "{}",
        notes[0].message
    );
    // An empty range at the first place something was removed.
    assert_eq!(notes[0].range, Some(0..0));
    assert!(
        notes[1].message.contains("1 character from the start")
            && notes[1].message.contains("2 characters from the end"),
        "{}",
        notes[1].message
    );
    let i = run("http://a/x\ny", None, None, Mode::This);
    assert_eq!(one(&i, NoteCode::WhitespaceRemoved).range, Some(10..10));
    assert!(run("http://a/b", None, None, Mode::This).notes.is_empty());
}

#[test]
fn replaced_noncharacters_are_marked() {
    let i = run("http://a/\u{FDD0}x", None, None, Mode::This);
    let n = one(&i, NoteCode::NoncharacterReplaced);
    assert_eq!(marked(&i, n), Some("\u{FFFD}"));
    assert!(n.message.contains("U+FDD0") && n.message.contains("byte 9"));
    let i = run("http://a/\u{FFFD}", None, None, Mode::This);
    assert!(of(&i, NoteCode::NoncharacterReplaced).is_empty());
}

#[test]
fn an_unclosed_bracket_is_named_in_every_mode() {
    for mode in Mode::ALL {
        let i = run("http://[::1/", None, None, mode);
        let n = one(&i, NoteCode::UnclosedBracket);
        assert_eq!(n.range, Some(7..8), "{mode}");
        assert!(n.message.contains("never closed"));
        let i = run("http://[::1]/", None, None, mode);
        assert!(of(&i, NoteCode::UnclosedBracket).is_empty(), "{mode}");
    }
}

#[test]
fn a_missing_scheme_gets_a_hint_when_it_starts_like_a_host() {
    let i = run("example.com/path", None, None, Mode::This);
    let n = one(&i, NoteCode::NoScheme);
    assert_eq!(marked(&i, n), Some("example.com"));
    assert!(n.message.contains("http://example.com/path"));
    for (input, base) in [
        ("just-a-path", None),
        ("example.com/path", Some("http://b/")),
    ] {
        let i = run(input, base, None, Mode::This);
        assert!(of(&i, NoteCode::NoScheme).is_empty(), "{input}");
    }
}

#[test]
fn the_notes_of_a_run_are_the_same_kept_or_not_traced_or_not() {
    let input = "http://раураl.com/a b?日本";
    let enc = QueryEncoding::from_label("greek");
    for mode in Mode::ALL {
        for base in ["", "http://b/c/d?e", "no-scheme"] {
            for until in [Until::Parse, Until::Resolve, Until::Canonicalize] {
                let plain = Options::default()
                    .mode(mode)
                    .encoding(enc)
                    .base(base)
                    .until(until);
                let kept = plain.keep(true);
                let out = engine::run(input, &plain, &mut NoTrace);
                let kept_out = engine::run(input, &kept, &mut NoTrace);
                let mut trace = Trace::default();
                let traced = engine::run(input, &kept, &mut trace);
                assert!(out.kept.is_none());
                assert_eq!(kept_out, traced);
                assert_eq!(
                    Outcome {
                        kept: None,
                        ..kept_out.clone()
                    },
                    out
                );
                let notes = of_run(input, &kept, &kept_out);
                let what = format!("{mode} {base:?} {until:?}");
                assert_eq!(of_run(input, &plain, &out), notes, "{what}");
                assert_eq!(of_run(input, &kept, &traced), notes, "{what}");
                // Forms computed again are the forms the run kept.
                let again = kept_forms(input, &plain, &out);
                assert_eq!(Some(&*again), kept_out.kept.as_deref(), "{what}");
            }
        }
        let i = inspect(input, None, enc, mode);
        let options = Options::default().mode(mode).encoding(enc);
        let out = engine::run(input, &options, &mut NoTrace);
        assert_eq!(i.notes, of_run(input, &options, &out), "{mode}");
    }
    // Earlier stages: no encoding notes, the rest still there.
    let options = Options::default().encoding(enc).until(Until::Parse);
    let out = engine::run("http://[::1/?日本", &options, &mut NoTrace);
    let notes = of_run("http://[::1/?日本", &options, &out);
    assert_eq!(
        notes.iter().map(|n| n.code).collect::<Vec<_>>(),
        [NoteCode::UnclosedBracket]
    );
}

#[test]
fn the_resolvers_page_lists_every_code() {
    let page = include_str!("../../../../docs/resolvers.md");
    for code in NoteCode::ALL {
        assert!(
            page.contains(&format!("| `{code}` |")),
            "docs/resolvers.md has no row for {code}"
        );
    }
}

proptest::proptest! {
    /// On any input, in every mode and encoding tried, the notes are made
    /// without a panic, and every range slices the preprocessed input.
    #[test]
    fn notes_never_panic_and_ranges_slice_the_input(
        input in "(http://|[a-z]+:|//|\\\\\\\\)?[a-zA-Z0-9 \\[\\]:.%@/?#\t\n\u{FDD0}\u{FFFF}éа-яー日本\u{3002}-]{0,40}",
        base in proptest::option::of("http://[a-zа-я.]{1,12}/[a-z/]{0,6}\\?[日é]?"),
        label in proptest::sample::select(vec!["utf-8", "greek", "shift_jis", "utf-16", "bogus"]),
    ) {
        let enc = QueryEncoding::from_label(label);
        for mode in Mode::ALL {
            let i = inspect(&input, base.as_deref(), enc, mode);
            for n in &i.notes {
                if let Some(r) = &n.range {
                    proptest::prop_assert!(
                        i.preprocessed.get(r.clone()).is_some(),
                        "{} range {:?} is not in {:?}", n.code, r, i.preprocessed
                    );
                }
                proptest::prop_assert!(!n.message.is_empty());
            }
        }
    }
}

/// `surely_none` holds only for runs whose notes, made from the forms the
/// run kept, are none.
fn check_surely_none(
    input: &str,
    base: &str,
    enc: QueryEncoding,
    mode: Mode,
) -> Result<(), String> {
    let options = Options::default().mode(mode).encoding(enc).base(base);
    let out = engine::run(input, &options, &mut NoTrace);
    if !surely_none(input, &options, &out) {
        return Ok(());
    }
    let kept = engine::run(input, &options.keep(true), &mut NoTrace);
    let notes = of_run(input, &options.keep(true), &kept);
    match notes.is_empty() {
        true => Ok(()),
        false => Err(format!("{input:?} {mode}: {notes:?}")),
    }
}

#[test]
fn no_note_is_missed_by_the_quick_look() {
    let inputs = [
        "http://example.com/a%20b?q=%22x%22#f",
        "http://example.com/a b",
        "http://ex%41mple.com/",
        "http://xn--pypal-4ve.com/",
        "http://%D1%80aypal.com/",
        "http://раураl.com/",
        "http://[::1/",
        "http://[::1]/",
        "http://a:b@c/d",
        "http:example.com/",
        "http:/\\example.com/",
        "\\\\server\\share",
        "\\\\раураl.com\\share",
        "file:///c:/a",
        "file://раураl.com/",
        " http://a/ ",
        "http://a/\tb",
        "http://a/\u{FDD0}",
        "example.com/path",
        "http://a/?q=%3C%3E",
        "mailto:a@раураl.com",
        "http://a.com/%E3%83%BC",
    ];
    for input in inputs {
        for mode in Mode::ALL {
            check_surely_none(input, "", QueryEncoding::UTF8, mode).unwrap();
        }
    }
}

proptest::proptest! {
    /// On any input, the quick look at a run never hides a note.
    #[test]
    fn the_quick_look_never_hides_a_note(
        input in "(http://|[a-z]+:|//|\\\\\\\\)?[a-zA-Z0-9 \\\\\\[\\]:.%@/?#\t\n\u{FDD0}\u{FFFF}éа-яーx日本\u{3002}-]{0,40}",
    ) {
        for mode in Mode::ALL {
            let checked = check_surely_none(&input, "", QueryEncoding::UTF8, mode);
            proptest::prop_assert!(checked.is_ok(), "{}", checked.unwrap_err());
        }
    }
}

#[test]
fn any_host_can_be_read_for_a_marker() {
    let plain = super::host_look("example.com");
    assert!(!plain.non_ascii && !plain.is_deceptive());
    // The URL Standard writes the Cyrillic а as Punycode: still apple.com's look-alike.
    let look = super::host_look("xn--pple-43d.com");
    assert_eq!(look.readable, "\u{430}pple.com");
    assert!(look.non_ascii);
    assert_eq!(look.looks_like.as_deref(), Some("apple.com"));
    let mixed = super::host_look("\u{440}\u{430}\u{443}\u{440}\u{430}l.com");
    assert!(mixed.mixed_script.is_some(), "{mixed:?}");
    // A host written with escapes is read decoded.
    assert_eq!(
        super::host_look("%D0%B0pple.com").readable,
        "\u{430}pple.com"
    );
}
