//! Fuzz target: the engine must not panic on any input, base, mode, stage or
//! query encoding, and recording a trace must not change the outcome.
//!
//! The fuzzer's bytes are read as:
//!
//! - byte 0, the settings: bits 0–1 the mode, bits 2–3 the stage (0 and 3
//!   both canonicalize), bits 4–6 the query encoding, bit 7 whether a base
//!   follows;
//! - with a base, byte 1 is its length `n` and the next `n` bytes are the base;
//! - the rest is the input.
//!
//! Base and input are decoded as UTF-8 with U+FFFD for invalid sequences, as
//! text reaching the engine always is.
#![no_main]

use libfuzzer_sys::fuzz_target;
use url_inspector::engine::{Mode, NoTrace, QueryEncoding, Trace, Until, run};

const LABELS: [&str; 8] = [
    "utf-8",
    "shift_jis",
    "iso-2022-jp",
    "windows-1252",
    "utf-16",
    "euc-kr",
    "gb18030",
    "no-such-label",
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
    let encoding = QueryEncoding::from_label(LABELS[usize::from((settings >> 4) & 7)]);
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

    let plain = run(&input, base.as_deref(), encoding, mode, until, &mut NoTrace);
    let mut trace = Trace::default();
    let traced = run(&input, base.as_deref(), encoding, mode, until, &mut trace);
    assert_eq!(plain, traced, "tracing changed the outcome");
});
