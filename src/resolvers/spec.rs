//! The spec's four modes (THIS, CHROME, GECKO, IE) as resolvers: the engine
//! itself, its result put into the common [`Answer`] shape.
//!
//! They are one resolver with four markers, so they share this one file. The
//! engine's failure (the step that failed and why) becomes the first note,
//! its code the step's stable id (e.g. `canon.port.invalid`); the engine's
//! notes (`engine::notes`) follow it.

use crate::engine::{
    self, Inspection, Mode, NoTrace, Options, Outcome, QueryEncoding, StepId, Until,
};

use super::{Answer, Note};

/// Runs the engine in `mode` up to `until`. An absent base means the input
/// is resolved against itself, as everywhere in the engine.
pub fn resolve(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    mode: Mode,
    until: Until,
) -> Answer {
    let options = Options::default()
        .mode(mode)
        .until(until)
        .encoding(encoding)
        .base(base.unwrap_or_default())
        .keep(true);
    let out = engine::run(input, &options, &mut NoTrace);
    let notes = engine::notes::of_run(input, &options, &out);
    let mut answer = from_outcome(&out);
    // The engine's own notes (look-alike hosts, unmappable characters, ...)
    // follow the reason for invalidity, as `batch` answers them.
    answer.notes.extend(notes.into_iter().map(note));
    answer
}

/// The answer of a traced run ([`Inspection::from_run`]): the same as
/// [`resolve`] gives for its inputs, so a caller that needs the trace too
/// (the window's Compare view) runs the engine once, not twice.
pub fn from_inspection(inspection: &Inspection) -> Answer {
    let mut answer = from_outcome(&inspection.outcome);
    answer
        .notes
        .extend(inspection.notes.iter().cloned().map(note));
    answer
}

/// An engine note in the common shape.
fn note(n: engine::Note) -> Note {
    Note {
        code: n.code.code(),
        message: n.message,
        range: n.range,
    }
}

/// The engine's outcome as an [`Answer`].
pub fn from_outcome(out: &Outcome) -> Answer {
    let notes = match &out.failure {
        _ if !out.url.invalid => Vec::new(),
        Some(f) => vec![Note {
            code: f.step.id(),
            message: f.reason.to_string(),
            range: f.range.clone(),
        }],
        // The parse stage names no failure: a URL is invalid there only
        // when it has no scheme.
        None => vec![Note::new(
            StepId::ParseNoScheme.id(),
            StepId::ParseNoScheme.explanation(),
        )],
    };
    Answer {
        invalid: out.url.invalid,
        canon: out.canon.clone(),
        components: out
            .url
            .components()
            .map(|(c, v)| (c, v.to_owned()))
            .collect(),
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Component;

    #[test]
    fn valid_url_has_canon_and_components_and_no_notes() {
        let a = resolve(
            "../d?q",
            Some("HTTP://Example.COM/a/b/c"),
            QueryEncoding::UTF8,
            Mode::This,
            Until::Canonicalize,
        );
        assert!(!a.invalid);
        assert_eq!(a.canon.as_deref(), Some("http://example.com/a/d?q"));
        assert_eq!(a.get(Component::Host), Some("example.com"));
        assert!(a.notes.is_empty());
    }

    #[test]
    fn a_relative_reference_at_the_parse_stage_says_why_it_is_invalid() {
        let a = resolve("a/b", None, QueryEncoding::UTF8, Mode::This, Until::Parse);
        assert!(a.invalid);
        assert_eq!(a.why_invalid().map(|n| n.code), Some("parse.no-scheme"));
    }

    #[test]
    fn the_engine_notes_follow() {
        let a = resolve(
            "http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/",
            None,
            QueryEncoding::UTF8,
            Mode::This,
            Until::Canonicalize,
        );
        assert!(!a.invalid);
        assert!(
            a.notes.iter().any(|n| n.code == "host-mixed-script"),
            "{:?}",
            a.notes
        );
    }

    #[test]
    fn an_inspection_answers_as_the_untraced_run_does() {
        for (input, base) in [
            ("http://\u{440}\u{430}\u{443}\u{440}\u{430}l.com/", None),
            ("http://a:99999/", None),
            ("../d?\u{e9}", Some("http://B\u{fc}cher.de/a/b")),
            ("a/b", None),
        ] {
            for mode in Mode::ALL {
                let enc = QueryEncoding::from_label("windows-1252");
                let options = Options::default()
                    .mode(mode)
                    .encoding(enc)
                    .base(base.unwrap_or_default())
                    .keep(true);
                let mut trace = engine::Trace::default();
                let out = engine::run(input, &options, &mut trace);
                let inspection = Inspection::from_run(input, &options, out, trace);
                let traced = from_inspection(&inspection);
                let untraced = resolve(input, base, enc, mode, Until::Canonicalize);
                assert_eq!(traced, untraced, "{input:?} {mode:?}");
            }
        }
    }

    #[test]
    fn failure_becomes_the_first_note_with_the_step_id() {
        let a = resolve(
            "http://a:99999/",
            None,
            QueryEncoding::UTF8,
            Mode::This,
            Until::Canonicalize,
        );
        assert!(a.invalid);
        let why = a.why_invalid().expect("an invalid answer says why");
        assert!(why.code.starts_with("canon."), "{why:?}");
        assert!(!why.message.is_empty());
    }
}
