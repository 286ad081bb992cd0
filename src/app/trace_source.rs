//! What the Inspector's trace panel reads of a traced run, whichever engine
//! ran it: the steps as recorded, what the panel derives per step
//! ([`StepView`]), the URL after a step, and the report that `canon --trace`
//! prints. The 2012 engine's [`Analysis`](super::analysis::Analysis) and the
//! URL Standard's analysis each implement [`TraceSource`], so one trace
//! panel, one step player, one set of step keys and one Copy serve both,
//! and an engine added later gets them by implementing it too.
//!
//! A leaf of the app: it names engine types only.

use std::ops::Range;

use crate::engine::report::Format;
use crate::engine::{Component, Step};

/// What the panels need to show one trace step, beside the step itself
/// (the same index in [`TraceSource::steps`]).
#[derive(Clone, Debug)]
pub struct StepView {
    /// Taken while parsing the base URL, not the input (the engine's own mark).
    pub of_base: bool,
    /// Whether the step altered the URL (the trace filter keeps these).
    pub changed: bool,
    /// The changed part of `before` and of `after` (byte ranges), when both
    /// are present; for a turn of remove dot-segments, of the output buffer
    /// before and after it.
    pub diff: Option<(Range<usize>, Range<usize>)>,
    /// The input characters the step concerns.
    pub input_range: Option<Range<usize>>,
}

/// The whole URL as it stands after one step, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlAfterLine {
    /// The URL written out (empty: nothing parsed yet).
    pub text: String,
    /// The component the step changed, if the engine can tell.
    pub changed: Option<Component>,
    /// Whether this is the base URL (being parsed), not the input's.
    pub of_base: bool,
}

/// A traced run as the trace panel reads it.
pub trait TraceSource {
    /// The steps, as the engine recorded them.
    fn steps(&self) -> &[Step];
    /// What the panel derives per step, indexed like [`Self::steps`].
    fn views(&self) -> &[StepView];
    /// Whether there is no input to trace yet (empty, or only what
    /// preprocessing trims).
    fn blank(&self) -> bool;
    /// Why the steps were not recorded, when they were not.
    fn not_recorded(&self) -> Option<String> {
        None
    }
    /// The heading of the trace panel.
    fn title(&self) -> &'static str;
    /// The text a state machine's pointers index: the input (or, for the
    /// base's steps, the base) as the parser read it.
    fn pointer_text(&self, of_base: bool) -> Option<&str> {
        let _ = of_base;
        None
    }
    /// The whole URL after step `i`.
    fn url_after(&self, i: usize) -> Option<UrlAfterLine>;
    /// Whether step `i` read or changed component `c` of the input's URL.
    fn touches(&self, i: usize, c: Component) -> bool {
        self.views().get(i).is_some_and(|v| !v.of_base)
            && self.steps().get(i).is_some_and(|s| s.component == Some(c))
    }
    /// The whole report (what was run, the steps, the result, the notes),
    /// as `canon --trace --format …` prints it.
    fn report(&self, format: Format) -> String;
}

/// The changed middle of `before` and `after`: what is left after their
/// common prefix and suffix (on character boundaries).
pub fn diff_ranges(before: &str, after: &str) -> (Range<usize>, Range<usize>) {
    let prefix = before
        .char_indices()
        .zip(after.chars())
        .find(|((_, a), b)| a != b)
        .map_or(before.len().min(after.len()), |((i, _), _)| i);
    // The common prefix is the same bytes in both, so it ends on a boundary of both.
    let prefix = if after.is_char_boundary(prefix) {
        prefix
    } else {
        0
    };
    let max_suffix = before.len().min(after.len()) - prefix;
    let suffix = before[prefix..]
        .chars()
        .rev()
        .zip(after[prefix..].chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>()
        .min(max_suffix);
    (prefix..before.len() - suffix, prefix..after.len() - suffix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs() {
        assert_eq!(diff_ranges("/a b/", "/a%20b/"), (2..3, 2..5));
        assert_eq!(diff_ranges("HTTP", "http"), (0..4, 0..4));
        assert_eq!(diff_ranges("same", "same"), (4..4, 4..4));
        assert_eq!(diff_ranges("aXa", "aa"), (1..2, 1..1));
        assert_eq!(diff_ranges("é1", "é2"), (2..3, 2..3));
    }
}
