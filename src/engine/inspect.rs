//! One traced run that keeps everything an inspector shows: the input as
//! preprocessed, the input and the base as parsed, the URL after resolution,
//! the outcome (canonical URL or failure), the trace and the notes.
//!
//! [`inspect`] runs the stages once, as [`super::canonicalize_url_traced`]
//! does, and keeps copies of the intermediate forms as the stages produce
//! them, so a viewer never has to run the engine again or re-derive a form
//! from the trace. Where a stage was skipped (an invalid base stops
//! resolution before the input is even preprocessed), the missing forms are
//! computed untraced, so the trace stays exactly that of the real run.

use std::ops::Range;

use super::model::{Component, Mode, ParsedUrl};
use super::notes::{self, Forms, Note};
use super::parse::parse_preprocessed;
use super::preprocess::preprocess;
use super::trace::{NoTrace, Trace, Tracer};
use super::{Outcome, QueryEncoding, Until, run_keeping};

/// Everything one run of the engine tells about an input.
#[derive(Clone, Debug, PartialEq)]
pub struct Inspection {
    /// The input after preprocessing: every input range (the spans, the
    /// trace's ranges of input steps, the failure's range) points into it.
    pub preprocessed: String,
    /// The input alone, parsed, with the span of each component.
    pub parsed: ParsedUrl,
    /// The base URL, parsed; `None` when none was given (the input is then
    /// resolved against itself). Its steps carry `of_base` in the trace.
    pub base: Option<ParsedUrl>,
    /// The URL after resolution, before canonicalization.
    pub resolved: ParsedUrl,
    /// The canonical URL, or why it is invalid.
    pub outcome: Outcome,
    /// Every step, in order; the base's parsing steps first, marked `of_base`.
    pub trace: Trace,
    /// What a person must not miss about the result (see [`notes`]), each
    /// with its range in [`Self::preprocessed`] where one applies.
    pub notes: Vec<Note>,
}

impl Inspection {
    /// Where component `c` of the input came from in [`Self::preprocessed`].
    pub fn span(&self, c: Component) -> Option<Range<usize>> {
        self.parsed.span(c)
    }

    /// The component of the input whose characters include byte `at`.
    pub fn component_at(&self, at: usize) -> Option<Component> {
        Component::ALL
            .into_iter()
            .find(|&c| self.span(c).is_some_and(|r| r.contains(&at)))
    }
}

/// The intermediate forms a run hands over when an inspection asks.
#[derive(Debug, Default)]
pub(crate) struct Kept {
    preprocessed: Option<String>,
    parsed: Option<ParsedUrl>,
    pub(crate) base: Option<ParsedUrl>,
    pub(crate) resolved: Option<ParsedUrl>,
}

impl Kept {
    /// Keeps the preprocessed and parsed input.
    pub(crate) fn input(&mut self, preprocessed: &str, parsed: &ParsedUrl) {
        self.preprocessed = Some(preprocessed.to_owned());
        self.parsed = Some(parsed.clone());
    }

    /// The preprocessed and parsed input and the resolved URL of a finished
    /// run. Resolution stops early for an invalid base or an empty
    /// reference; the input's own forms are then computed untraced.
    pub(crate) fn finish(
        &mut self,
        input: &str,
        outcome: &Outcome,
    ) -> (String, ParsedUrl, ParsedUrl) {
        let preprocessed = self
            .preprocessed
            .take()
            .unwrap_or_else(|| preprocess(input, &mut NoTrace).into_owned());
        let parsed = self
            .parsed
            .take()
            .unwrap_or_else(|| parse_preprocessed(&preprocessed, &mut NoTrace));
        let resolved = self.resolved.take().unwrap_or_else(|| outcome.url.clone());
        (preprocessed, parsed, resolved)
    }
}

/// Runs every stage on `input` against `base` (absent or empty: the input is
/// its own base), recording the trace and keeping the intermediate forms.
pub fn inspect(input: &str, base: Option<&str>, encoding: QueryEncoding, mode: Mode) -> Inspection {
    let mut trace = Trace::default();
    let run = run_with_notes(input, base, encoding, mode, Until::Canonicalize, &mut trace);
    Inspection {
        resolved: run.resolved,
        preprocessed: run.preprocessed,
        parsed: run.parsed,
        base: run.base,
        outcome: run.outcome,
        trace,
        notes: run.notes,
    }
}

/// What one run with notes leaves: the outcome, the forms it kept and the
/// notes computed from them.
pub(crate) struct NotedRun {
    pub(crate) outcome: Outcome,
    pub(crate) preprocessed: String,
    pub(crate) parsed: ParsedUrl,
    pub(crate) base: Option<ParsedUrl>,
    pub(crate) resolved: ParsedUrl,
    pub(crate) notes: Vec<Note>,
}

/// Runs the stages up to `until`, keeping the intermediate forms, then
/// computes the notes from them: the one place [`inspect`] and
/// [`notes::run_noted`] share.
pub(crate) fn run_with_notes<T: Tracer>(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
    tr: &mut T,
) -> NotedRun {
    let mut kept = Kept::default();
    let outcome = run_keeping(input, base, encoding, mode, until, tr, Some(&mut kept));
    let (preprocessed, parsed, resolved) = kept.finish(input, &outcome);
    let notes = notes::notes(&Forms {
        input,
        preprocessed: &preprocessed,
        parsed: &parsed,
        resolved: &resolved,
        outcome: &outcome,
        encoding,
        mode,
        until,
    });
    NotedRun {
        outcome,
        preprocessed,
        parsed,
        base: kept.base,
        resolved,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Stage, canonicalize_url_traced};

    #[test]
    fn keeps_every_form_of_one_run() {
        let input = "  ../x/./y?q#f";
        let base = "HTTP://Example.com/a/b";
        let i = inspect(input, Some(base), QueryEncoding::UTF8, Mode::This);
        let (out, trace) =
            canonicalize_url_traced(input, Some(base), QueryEncoding::UTF8, Mode::This);
        assert_eq!(i.outcome, out);
        assert_eq!(i.trace, trace);
        assert_eq!(i.preprocessed, "../x/./y?q#f");
        assert_eq!(i.parsed.path.as_deref(), Some("../x/./y"));
        assert!(i.parsed.invalid, "a relative reference alone is invalid");
        assert_eq!(
            i.base.as_ref().and_then(|b| b.host.as_deref()),
            Some("Example.com")
        );
        assert_eq!(i.resolved.path.as_deref(), Some("/x/y"));
        assert_eq!(i.resolved.scheme.as_deref(), Some("HTTP"));
        assert_eq!(
            i.outcome.canon.as_deref(),
            Some("http://example.com/x/y?q#f")
        );
        assert_eq!(
            i.span(Component::Query).map(|r| &i.preprocessed[r]),
            Some("q")
        );
        assert_eq!(i.component_at(0), Some(Component::Path));
        // The base's parse comes first and is marked; nothing after it is.
        let n = i.trace.steps.iter().take_while(|s| s.of_base).count();
        assert!(n > 0);
        assert!(i.trace.steps[n..].iter().all(|s| !s.of_base));
        assert!(
            i.trace.steps[..n]
                .iter()
                .all(|s| matches!(s.id.stage(), Stage::Preprocess | Stage::Parse))
        );
    }

    #[test]
    fn an_invalid_base_still_shows_the_input() {
        let i = inspect("a/b", Some("no-scheme"), QueryEncoding::UTF8, Mode::This);
        assert!(i.outcome.url.invalid);
        assert_eq!(i.parsed.path.as_deref(), Some("a/b"));
        assert_eq!(i.preprocessed, "a/b");
    }
}
