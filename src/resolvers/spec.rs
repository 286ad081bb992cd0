//! The spec's four modes (THIS, CHROME, GECKO, IE) as resolvers: the engine
//! itself, its result put into the common [`Answer`] shape.
//!
//! They are one resolver with four markers, so they share this one file. The
//! engine's failure (the step that failed and why) becomes the first note,
//! its code the step's stable id (e.g. `canon.port.invalid`); the engine's
//! notes (`engine::notes`) follow it.

use crate::engine::{self, Mode, Options, Outcome, StepId, Tracer};

use super::{Answer, Note, Request, Resolve, with_tracer};

/// The engine in one of its modes, as a resolver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec(pub Mode);

impl Resolve for Spec {
    /// Runs the engine up to `request.until`, traced when asked. An absent
    /// base means the input is resolved against itself, as everywhere in
    /// the engine.
    fn resolve(&self, request: &Request<'_>) -> Answer {
        let mode = self.0;
        with_tracer(
            request.trace,
            |tr| run(request, mode, tr),
            |tr| run(request, mode, tr),
        )
    }
}

/// One run of the engine, its outcome and notes in the common shape.
fn run<T: Tracer>(request: &Request<'_>, mode: Mode, tracer: &mut T) -> Answer {
    let options = Options::default()
        .mode(mode)
        .until(request.until)
        .encoding(request.encoding)
        .base(request.base().unwrap_or_default());
    // Not kept: the notes look at the outcome first and compute the forms
    // again only for the runs that may have notes, which costs less over
    // many rows than copying the forms of every run.
    let out = engine::run(request.input, &options, tracer);
    let notes = engine::notes::of_run(request.input, &options, &out);
    answer(out, notes)
}

/// A run's outcome and its notes as an [`Answer`]: the failure first (the
/// step that failed and why), then the engine's own notes (look-alike
/// hosts, unmappable characters, ...), as `batch` answers them. The
/// window's analysis, which runs the engine itself, answers through this
/// too, so its report is the command line's.
pub fn answer(out: Outcome, notes: Vec<engine::Note>) -> Answer {
    let mut answer = from_outcome(out);
    answer.notes.extend(notes.into_iter().map(note));
    answer
}

/// An engine note in the common shape.
fn note(n: engine::Note) -> Note {
    Note {
        code: n.code.into(),
        message: n.message,
        range: n.range,
    }
}

/// The engine's outcome as an [`Answer`]: its failure (the step that failed
/// and why) becomes the first note of an invalid answer.
fn from_outcome(out: Outcome) -> Answer {
    let failure = out.failure.filter(|_| out.url.invalid);
    let notes = match &failure {
        _ if !out.url.invalid => Vec::new(),
        Some(f) => vec![Note {
            code: f.step.into(),
            message: f.reason.to_string(),
            range: f.range.clone(),
        }],
        // The parse stage names no failure: a URL is invalid there only
        // when it has no scheme.
        None => vec![Note::of(StepId::ParseNoScheme)],
    };
    Answer {
        invalid: out.url.invalid,
        components: out.url.into_components(),
        canon: out.canon,
        notes,
        failure,
        ..Answer::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Component, QueryEncoding, Until};
    use crate::resolvers::NoteCode;

    fn this(request: Request<'_>) -> Answer {
        Spec(Mode::This).resolve(&request)
    }

    #[test]
    fn valid_url_has_canon_and_components_and_no_notes() {
        let a = this(Request::new("../d?q").with_base(Some("HTTP://Example.COM/a/b/c")));
        assert!(!a.invalid);
        assert_eq!(a.canon.as_deref(), Some("http://example.com/a/d?q"));
        assert_eq!(a.get(Component::Host), Some("example.com"));
        assert!(a.notes.is_empty());
    }

    #[test]
    fn a_relative_reference_at_the_parse_stage_says_why_it_is_invalid() {
        let a = this(Request::new("a/b").with_until(Until::Parse));
        assert!(a.invalid);
        assert_eq!(
            a.why_invalid().map(|n| n.code),
            Some(NoteCode::Step(StepId::ParseNoScheme))
        );
        assert_eq!(a.failure, None);
    }

    #[test]
    fn the_engine_notes_follow() {
        let a = this(Request::new(
            "http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/",
        ));
        assert!(!a.invalid);
        let mixed = NoteCode::Engine(engine::NoteCode::HostMixedScript);
        assert!(a.notes.iter().any(|n| n.code == mixed), "{:?}", a.notes);
    }

    #[test]
    fn a_traced_run_answers_as_the_untraced_run_does() {
        for (input, base) in [
            ("http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/", None),
            ("http://a:99999/", None),
            ("../d?\u{e9}", Some("http://B\u{fc}cher.de/a/b")),
            ("a/b", None),
        ] {
            for mode in Mode::ALL {
                let request = Request::new(input)
                    .with_base(base)
                    .with_encoding(QueryEncoding::from_label("windows-1252"));
                let traced = Spec(mode).resolve(&request.traced());
                let options = Options::default()
                    .mode(mode)
                    .encoding(request.encoding)
                    .base(base.unwrap_or_default())
                    .keep(true);
                let mut trace = engine::Trace::default();
                let out = engine::run(input, &options, &mut trace);
                let inspection = engine::Inspection::from_run(input, &options, out, trace);
                assert_eq!(traced.trace.as_ref(), Some(&inspection.trace), "{input:?}");
                let untraced = Spec(mode).resolve(&request);
                assert_eq!(
                    Answer {
                        trace: None,
                        ..traced
                    },
                    untraced,
                    "{input:?} {mode:?}"
                );
            }
        }
    }

    #[test]
    fn failure_becomes_the_first_note_with_the_step_id() {
        let a = this(Request::new("http://a:99999/"));
        assert!(a.invalid);
        let why = a.why_invalid().expect("an invalid answer says why");
        assert_eq!(
            why.code,
            NoteCode::Step(StepId::CanonPortInvalid),
            "{why:?}"
        );
        assert!(!why.message.is_empty());
        assert_eq!(a.failure.map(|f| f.step), Some(StepId::CanonPortInvalid));
    }
}
