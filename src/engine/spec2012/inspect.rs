//! Everything one run tells about an input, in one value: the input as
//! preprocessed, the input and the base as parsed, the URL after
//! resolution, the outcome (canonical URL or failure), the trace and the
//! notes.
//!
//! An [`Inspection`] is assembled from a finished run ([`super::run`] with
//! [`Options::keep`] and a [`Trace`]), so a viewer never has to run the
//! engine again or re-derive a form from the trace.

use std::ops::Range;

use super::model::{Component, ParsedUrl};
use super::notes::{self, Forms, Note};
use super::options::Options;
use super::outcome::Outcome;
use super::run::kept_forms;
use crate::engine::trace::Trace;

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
    /// The canonical URL, or why it is invalid (its forms moved to the
    /// fields above: `outcome.kept` is `None`).
    pub outcome: Outcome,
    /// Every step, in order; the base's parsing steps first, marked `of_base`.
    pub trace: Trace,
    /// What a person must not miss about the result (see [`notes`]), each
    /// with its range in [`Self::preprocessed`] where one applies.
    pub notes: Vec<Note>,
}

impl Inspection {
    /// Assembles the inspection of the run of `input` with `options` that
    /// gave `outcome` and recorded `trace`, computing its notes. A run that
    /// did not keep its forms has them computed again, untraced.
    pub fn from_run(
        input: &str,
        options: &Options<'_>,
        mut outcome: Outcome,
        trace: Trace,
    ) -> Inspection {
        let kept = match outcome.kept.take() {
            Some(kept) => *kept,
            None => kept_forms(input, options, &outcome).into_owned(),
        };
        let notes = notes::notes(&Forms::new(input, options, &kept, &outcome));
        Inspection {
            preprocessed: kept.preprocessed,
            parsed: kept.parsed,
            base: kept.base,
            resolved: kept.resolved,
            outcome,
            trace,
            notes,
        }
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{self, Stage};

    /// The inspection of one traced run of `input` against `base`.
    fn inspect(input: &str, base: &str, keep: bool) -> Inspection {
        let options = Options::default().base(base).keep(keep);
        let mut trace = Trace::default();
        let outcome = engine::run(input, &options, &mut trace);
        Inspection::from_run(input, &options, outcome, trace)
    }

    #[test]
    fn keeps_every_form_of_one_run() {
        let input = "  ../x/./y?q#f";
        let base = "HTTP://Example.com/a/b";
        let i = inspect(input, base, true);
        let mut trace = Trace::default();
        let out = engine::run(input, &Options::default().base(base), &mut trace);
        assert_eq!(i.outcome, out);
        assert_eq!(i.trace, trace);
        assert_eq!(
            inspect(input, base, false),
            i,
            "forms computed again are the same"
        );
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
        let i = inspect("a/b", "no-scheme", true);
        assert!(i.outcome.url.invalid);
        assert_eq!(i.parsed.path.as_deref(), Some("a/b"));
        assert_eq!(i.preprocessed, "a/b");
    }
}
