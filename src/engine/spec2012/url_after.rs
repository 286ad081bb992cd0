//! "The URL after step N": every component's value at any point of a trace,
//! from the raw input (nothing parsed yet) to the canonical URL.
//!
//! Nothing extra is recorded for it. Every step that sets or changes a
//! component already records the value before and after, and those values
//! chain: each step's `before` is the previous `after` of the same component,
//! starting from absent, and the last `after` of each component is the
//! result (the suite checks exactly this for every case in every mode, in
//! `tests/conformance/trace_checks.rs`). So the whole URL after step N is
//! the latest `after` of each component up to N, folded forward. A snapshot
//! borrows those strings from the trace: it costs no copy, untraced runs pay
//! nothing, and a trace of a 1 MB input holds no extra megabytes.
//!
//! The base URL's steps (marked `of_base`) parse the base, not the input, so
//! they are folded into a URL of their own: a snapshot at a base step shows
//! the base as parsed so far ([`Subject::Base`]), and a snapshot at an input
//! step shows the input's URL, which the base's steps never touch. Steps of
//! the input that take a component from the base record it as a change of
//! the input's URL, so resolution shows up where it happens.

use crate::engine::model::{Component, ParsedUrl};
use crate::engine::serialize::serialize;
use crate::engine::trace::{Step, Trace};

/// Whose URL a snapshot shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// The input, being parsed, resolved and canonicalized.
    Input,
    /// The base URL, being parsed (the steps marked `of_base`).
    Base,
}

/// The whole URL as it stands after one step of a trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UrlAfter<'t> {
    /// The index of the step in [`Trace::steps`].
    pub step: usize,
    /// Whether this is the input's URL or the base's.
    pub subject: Subject,
    /// Whether a step of this URL up to this one failed. The URL is then
    /// invalid, unless the failure was inside GECKO's host steps and its
    /// fallback (the host as written, lowercased) took over; the run's
    /// outcome says how it ended. The components show what the URL held.
    pub failed: bool,
    components: [Option<&'t str>; 8],
}

impl<'t> UrlAfter<'t> {
    /// Component `c` as it stands (`None`: absent).
    pub fn get(&self, c: Component) -> Option<&'t str> {
        self.components[c as usize]
    }

    /// The present components with their values, in serialization order.
    pub fn components(&self) -> impl Iterator<Item = (Component, &'t str)> + '_ {
        Component::ALL
            .into_iter()
            .filter_map(|c| self.get(c).map(|v| (c, v)))
    }

    /// The components as a parsed URL (the flags are not part of a
    /// snapshot: `invalid` is [`Self::failed`], `hierarchical` is false).
    pub fn to_parsed(&self) -> ParsedUrl {
        let mut url = ParsedUrl {
            invalid: self.failed,
            ..ParsedUrl::default()
        };
        for (c, v) in self.components() {
            *url.get_mut(c) = Some(v.to_owned());
        }
        url
    }

    /// The URL written out as it stands, by the spec's serialization
    /// (components with their delimiters). Without a scheme (a relative
    /// reference, or a parse not that far yet) the `scheme:` part is left
    /// out rather than written as an empty scheme, as RFC 3986 section 5.3
    /// writes a reference. Also given for a URL that has failed, to show
    /// what it held; after the last step of a valid run it is the
    /// canonical URL.
    pub fn serialization(&self) -> String {
        let url = ParsedUrl {
            invalid: false,
            ..self.to_parsed()
        };
        // Not invalid, so the serialization is always there.
        let text = serialize(&url).unwrap_or_default();
        match url.scheme {
            // The serialization starts with the empty scheme's ':'.
            None => text.get(1..).unwrap_or("").to_owned(),
            Some(_) => text,
        }
    }
}

/// The snapshots after each step of a trace, in order; see
/// [`Trace::urls_after`].
#[derive(Clone, Debug)]
pub struct UrlsAfter<'t> {
    steps: std::iter::Enumerate<std::slice::Iter<'t, Step>>,
    input: [Option<&'t str>; 8],
    base: [Option<&'t str>; 8],
    input_failed: bool,
    base_failed: bool,
}

impl<'t> Iterator for UrlsAfter<'t> {
    type Item = UrlAfter<'t>;

    fn next(&mut self) -> Option<UrlAfter<'t>> {
        let (i, step) = self.steps.next()?;
        let (components, failed, subject) = if step.of_base {
            (&mut self.base, &mut self.base_failed, Subject::Base)
        } else {
            (&mut self.input, &mut self.input_failed, Subject::Input)
        };
        if step.changes
            && let Some(c) = step.component
        {
            components[c as usize] = step.after.as_deref();
        }
        *failed |= step.failed;
        Some(UrlAfter {
            step: i,
            subject,
            failed: *failed,
            components: *components,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.steps.size_hint()
    }
}

impl Trace {
    /// The URL after each step, in order: for a play control that walks
    /// the whole run, one fold over the trace (each snapshot borrows from
    /// the trace, so walking costs no copies).
    pub fn urls_after(&self) -> UrlsAfter<'_> {
        UrlsAfter {
            steps: self.steps.iter().enumerate(),
            input: [None; 8],
            base: [None; 8],
            input_failed: false,
            base_failed: false,
        }
    }

    /// The whole URL after step `n` (an index into [`Trace::steps`]): the
    /// base's URL for a step of the base, the input's otherwise; `None` past
    /// the end. Before the first step nothing is parsed: every component is
    /// absent and the raw input is all there is.
    pub fn url_after(&self, n: usize) -> Option<UrlAfter<'_>> {
        self.urls_after().nth(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{self, Options, Outcome, StepId, Trace};

    /// The outcome and the trace of one run of `input` against `base`.
    fn traced(input: &str, base: &str) -> (Outcome, Trace) {
        let mut trace = Trace::default();
        let out = engine::run(input, &Options::default().base(base), &mut trace);
        (out, trace)
    }

    #[test]
    fn from_the_base_through_the_dots_to_the_canonical_url() {
        let (out, trace) = traced("../../a/./b?x#y", "HTTP://Example.com/p/q/r");
        let all: Vec<UrlAfter<'_>> = trace.urls_after().collect();
        assert_eq!(all.len(), trace.steps.len());

        // The base's steps show the base being parsed, never the input.
        let last_base = all
            .iter()
            .rfind(|u| u.subject == Subject::Base)
            .expect("the base is parsed first");
        assert_eq!(last_base.serialization(), "HTTP://Example.com/p/q/r");
        let first_input = &all[last_base.step + 1];
        assert_eq!(first_input.subject, Subject::Input);
        assert_eq!(first_input.get(Component::Host), None);

        // The relative reference alone has no scheme: written as a reference.
        let parsed = all
            .iter()
            .rfind(|u| trace.steps[u.step].id.stage() == crate::engine::Stage::Parse)
            .expect("parse steps");
        assert_eq!(parsed.serialization(), "../../a/./b?x#y");

        // Mid-way through the dot-segments: the first '..' has taken 'q'.
        let first_climb = trace
            .steps
            .iter()
            .position(|s| s.id == StepId::DotsRuleC)
            .expect("a rule C step");
        let mid = trace.url_after(first_climb).expect("in range");
        assert_eq!(mid.get(Component::Path), Some("/p/../a/./b"));
        assert_eq!(mid.serialization(), "HTTP://Example.com/p/../a/./b?x#y");
        assert_eq!(
            trace
                .url_after(first_climb - 1)
                .and_then(|u| u.get(Component::Path)),
            Some("/p/q/../../a/./b")
        );

        // The last step's URL is the canonical one.
        let last = trace.url_after(trace.steps.len() - 1).expect("steps");
        assert_eq!(Some(last.serialization()), out.canon);
        assert!(!last.failed);
        assert!(trace.url_after(trace.steps.len()).is_none());
    }

    #[test]
    fn a_failed_step_marks_the_urls_after_it() {
        let (_, trace) = traced("http://a:99999/", "");
        let failed_at = trace
            .steps
            .iter()
            .position(|s| s.failed)
            .expect("the port fails");
        let before = trace.url_after(failed_at - 1).expect("in range");
        let after = trace.url_after(failed_at).expect("in range");
        assert!(!before.failed);
        assert!(after.failed);
        assert_eq!(after.get(Component::Port), Some("99999"));
        assert!(after.to_parsed().invalid);
    }
}
