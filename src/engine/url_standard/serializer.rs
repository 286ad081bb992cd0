//! The URL serializer (URL Standard, URL serializing), and the run of the
//! basic URL parser from its first steps (trimming, tab and newline
//! removal) to the record written out.
//!
//! The record is its serialization, so serializing is the parser's last
//! touch: the `/.` of step 3 for a path that would read as an authority.

use std::borrow::Cow;

use encoding_rs::Encoding;

use super::errors::{Reported, ValidationError};
use super::parser::{Failure, Parser, Positions, Shortcut, State, TraceTexts};
use super::quirks::Quirks;
use super::record::{HostKind, Url};
use crate::engine::trace::{Step, StepId, Tracer};

/// URL Standard, basic URL parser, steps 1 to 3: leading and trailing C0
/// controls and spaces trimmed (only when no URL is given), tabs and
/// newlines removed, with their positions kept. The Standard reports one
/// invalid-URL-unit validation error for the trim (step 1.2) and one for
/// the removal (step 2), however many units go. Each is placed, by our
/// choice, at the first run removed: the leading run (else the trailing
/// one), the first tab or newline; the preprocessing step of the trace
/// shows the input before and after.
pub fn preprocess(input: &str, trim: bool) -> (Cow<'_, str>, Positions, Vec<Reported>) {
    let mut errors = Vec::new();
    let mut positions = Positions::default();
    let mut s = input;
    let bytes = s.as_bytes();
    let needs_trim =
        bytes.first().is_some_and(|&b| b <= b' ') || bytes.last().is_some_and(|&b| b <= b' ');
    if trim && needs_trim {
        let is_c0_space = |c: char| c <= ' ';
        let t = s.trim_start_matches(is_c0_space);
        positions.trimmed = s.len() - t.len();
        let t = t.trim_end_matches(is_c0_space);
        let kept_end = positions.trimmed + t.len();
        // Step 1.2: one error, for any leading or trailing unit.
        if positions.trimmed > 0 {
            errors.push(invalid_unit(0..positions.trimmed));
        } else if kept_end < s.len() {
            errors.push(invalid_unit(kept_end..s.len()));
        }
        s = t;
    }
    let Some(first) = memchr::memchr3(b'\t', b'\n', b'\r', s.as_bytes()) else {
        return (Cow::Borrowed(s), positions, errors);
    };
    let at = positions.trimmed + first;
    errors.push(invalid_unit(at..at + 1));
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '\t' | '\n' | '\r') {
            positions.removed.push(out.len());
        } else {
            out.push(c);
        }
    }
    (Cow::Owned(out), positions, errors)
}

fn invalid_unit(range: std::ops::Range<usize>) -> Reported {
    Reported {
        error: ValidationError::InvalidUrlUnit,
        range,
    }
}

/// Runs the basic URL parser on `input` (no url, no state override).
///
/// Untraced, the common URL first takes a shortcut that is no state of the
/// Standard (`parser/fast.rs`), on the input as given: none of
/// the code points it takes is a C0 control or space, so where it reads
/// the whole input, steps 1 to 3 would change nothing, and where it stops,
/// what it read is the same in the input they give. Traced, every state
/// is a step.
pub fn run_parser<T: Tracer>(
    input: &str,
    base: Option<&Url>,
    encoding: &'static Encoding,
    quirks: &Quirks,
    tracer: &mut T,
    errors: &mut Vec<Reported>,
    departures: &mut Vec<StepId>,
) -> Result<Url, Failure> {
    let (clean, positions, pre);
    let as_given = Positions::default();
    let mut parser = Parser {
        input,
        base,
        encoding,
        url: Url::empty(input.len() + base.map_or(8, |b| b.href().len())),
        state: State::SchemeStart,
        state_override: None,
        pointer: 0,
        buf_start: 0,
        at_sign_seen: false,
        inside_brackets: false,
        password_token_seen: false,
        special: false,
        path_begun: false,
        segment: None,
        username_end: None,
        drive_from_input: false,
        host_drive: false,
        errors,
        tracer,
        texts: TraceTexts::default(),
        positions: &as_given,
        quirks,
        departures,
    };
    if T::ON || parser.shortcut() == Shortcut::Continue {
        (clean, positions, pre) = preprocess(input, true);
        parser.errors.extend(pre);
        if T::ON {
            // The input as given and as cleaned, each copied once, straight
            // into the step.
            parser.tracer.record_in(StepId::WhatwgPreprocess, |step| {
                step.before = Some(input.to_owned());
                step.after = Some(clean.to_string());
                step.changes = true;
            });
        }
        parser.input = &clean;
        parser.positions = &positions;
        parser.run()?;
    }
    parser.begin_path();
    let mut url = parser.url;
    finish(&mut url);
    if T::ON {
        let href = url.href().to_owned();
        tracer.record(|| Step::new(StepId::WhatwgSerialize).decide(href));
    }
    Ok(url)
}

/// URL serializer, step 3: a null host and a path whose first segment is
/// empty (more than one segment) get `/.` before the path, so the path is
/// not read back as an authority. Also drops a `/.` that no longer applies.
pub fn finish(url: &mut Url) {
    let start = url.path_start;
    let has_dot = url.host == HostKind::None
        && start == url.scheme_end + 3
        && &url.serialization[start - 2..start] == "/.";
    let needs = url.host == HostKind::None && !url.opaque_path && url.path().starts_with("//");
    if needs && !has_dot {
        url.serialization.insert_str(start, "/.");
        shift(url, 2, true);
    } else if has_dot && !needs {
        url.serialization.replace_range(start - 2..start, "");
        shift(url, 2, false);
    }
}

/// Moves every offset from `path_start` on by `by` (forward or back).
fn shift(url: &mut Url, by: usize, forward: bool) {
    let moved = if forward {
        |o: usize, by: usize| o + by
    } else {
        |o: usize, by: usize| o - by
    };
    url.path_start = moved(url.path_start, by);
    url.query_start = url.query_start.map(|o| moved(o, by));
    url.fragment_start = url.fragment_start.map(|o| moved(o, by));
}
