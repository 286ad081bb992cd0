//! Fuzz target: the engine must not panic on any input, base, mode, stage or
//! query encoding, and recording a trace must not change the outcome.
//!
//! Property: for the mode, stage and encoding the bytes choose, the untraced
//! run ([`NoTrace`]) and the traced run ([`Trace`]) give the same
//! [`Outcome`]; for a quarter of the inputs (stage bits 3), so do the run
//! that keeps its forms and reads its notes (what `canon` calls) and the
//! traced one assembled into an [`Inspection`] (the window's one call),
//! which also runs the notes (look-alike hosts and the rest).
//!
//! The fuzzer's bytes are read as:
//!
//! - byte 0, the settings: bits 0–1 the mode, bits 2–3 the stage (0 and 3
//!   both canonicalize, 3 also checks the window's calls), bits 4–6 the query encoding (see [`LABELS`]), bit 7
//!   whether a base follows;
//! - with a base, byte 1 is its length `n` and the next `n` bytes are the base;
//! - the rest is the input.
//!
//! Base and input are decoded as UTF-8 with U+FFFD for invalid sequences, as
//! text reaching the engine always is. `scripts/fuzz` writes its seeds in
//! this layout.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_inspector::engine::{
    Inspection, Mode, NoTrace, Options, Outcome, QueryEncoding, Trace, Until, notes, run,
};

/// The query encodings tried, one per value of bits 4–6: UTF-8, a
/// single-byte one, the three multi-byte East Asian families (one of them
/// stateful), a label that names nothing (UTF-8 with a warning) and one that
/// is not ASCII-compatible (UTF-8 by the spec's Percent-encoding, step 3).
const LABELS: [&str; 8] = [
    "utf-8",
    "windows-1252",
    "shift_jis",
    "euc-kr",
    "gb18030",
    "no-such-label",
    "utf-16le",
    "iso-2022-jp",
];

fuzz_target!(|data: &[u8]| {
    let Some((&settings, rest)) = data.split_first() else {
        return;
    };
    let mode = Mode::ALL[usize::from(settings & 3)];
    let until = match (settings >> 2) & 3 {
        1 => Until::Parse,
        2 => Until::Resolve,
        _ => Until::Canonicalize,
    };
    let label = LABELS[usize::from((settings >> 4) & 7)];
    let encoding = QueryEncoding::from_label(label);
    let (base, input) = if settings & 0x80 != 0 {
        let Some((&n, rest)) = rest.split_first() else {
            return;
        };
        let n = usize::from(n).min(rest.len());
        let (base, input) = rest.split_at(n);
        (Some(String::from_utf8_lossy(base)), input)
    } else {
        (None, rest)
    };
    let input = String::from_utf8_lossy(input);
    let options = Options::default()
        .mode(mode)
        .until(until)
        .encoding(encoding)
        .base(base.as_deref().unwrap_or_default());

    let plain = run(&input, &options, &mut NoTrace);
    let mut trace = Trace::default();
    let traced = run(&input, &options, &mut trace);
    assert_eq!(
        plain, traced,
        "tracing changed the outcome ({mode:?}, {until:?}, {label})"
    );
    // Stage value 3 (the second way to ask for canonicalize) also checks
    // the window's calls: a quarter of the inputs, as they cost three more
    // runs.
    if (settings >> 2) & 3 == 3 {
        let kept = options.keep(true);
        let noted = run(&input, &kept, &mut NoTrace);
        let _notes = notes::of_run(&input, &kept, &noted);
        assert_eq!(
            plain,
            Outcome {
                kept: None,
                ..noted
            },
            "looking for notes changed the outcome ({mode:?}, {label})"
        );
        let mut trace = Trace::default();
        let outcome = run(&input, &kept, &mut trace);
        let inspection = Inspection::from_run(&input, &kept, outcome, trace);
        assert_eq!(
            plain, inspection.outcome,
            "inspect differs from run ({mode:?}, {label})"
        );
    }
});
