//! A resolver's traced answer written out for people, by the engine's one
//! renderer ([`crate::engine::report`]): what was run, every step, the
//! result and the notes. `canon --trace [--format text|markdown]` prints
//! it and the window copies it, for whichever resolver records steps, so
//! the two always give the same text.

use crate::engine::Step;
use crate::engine::report::{self, Ending, Format, RunInfo};

use super::{Answer, NoteCode, Request, Resolver};

/// What `request` was, as the top of a report for `resolver` states it.
pub fn run_info<'a>(resolver: Resolver, request: &Request<'a>) -> RunInfo<'a> {
    RunInfo {
        input: request.input,
        base: request.base(),
        encoding: request.encoding.used.name(),
        engine: resolver.label(),
        mode: resolver.name(),
    }
}

/// How `answer` ended: its canonical string, or why it is invalid (its
/// first note, with the step or the error that names it), and its other
/// notes.
pub fn ending(answer: &Answer) -> Ending {
    let why = answer.why_invalid();
    let invalid = answer.invalid.then(|| match why {
        Some(note) => match note.code {
            NoteCode::Step(id) => format!("{} (step {}: {})", note.message, id.id(), id.citation()),
            code if note.message.starts_with(code.as_str()) => note.message.clone(),
            code => format!("{} ({code})", note.message),
        },
        None => "the resolver names no reason".to_owned(),
    });
    let rest = answer.notes.iter().skip(usize::from(why.is_some()));
    Ending {
        canonical: answer.valid_canon().map(str::to_owned),
        invalid,
        notes: rest
            .map(|n| (n.code.as_str().to_owned(), n.message.clone()))
            .collect(),
    }
}

/// The whole report of `answer` to `request` under `resolver`, written from
/// `steps` (the answer's trace, or the same steps kept elsewhere).
pub fn report(
    format: Format,
    resolver: Resolver,
    request: &Request<'_>,
    answer: &Answer,
    steps: &[Step],
) -> String {
    report::report(format, &run_info(resolver, request), steps, &ending(answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_resolver_that_traces_writes_a_report_with_its_name_and_result() {
        let request = Request::new("../c/./d?é").with_base(Some("http://h/a/b"));
        for r in Resolver::ALL {
            let answer = r.resolve(&request.traced());
            let Some(trace) = &answer.trace else { continue };
            let text = report(Format::Text, r, &request, &answer, &trace.steps);
            assert!(
                text.contains(&format!("Mode:     {} (--mode {})\n", r.label(), r.name())),
                "{text}"
            );
            let result = match answer.valid_canon() {
                Some(canon) => format!("Result: canonical URL {canon}\n"),
                None => "Result: invalid: ".to_owned(),
            };
            assert!(text.contains(&result), "{r}: {text}");
            let md = report(Format::Markdown, r, &request, &answer, &trace.steps);
            assert!(
                md.starts_with(&format!("# How {} reads ", r.label())),
                "{md}"
            );
        }
    }

    #[test]
    fn an_invalid_answer_says_why_with_the_step_or_error() {
        let spec = Resolver::This.resolve(&Request::new("http://a:99999/"));
        assert_eq!(
            ending(&spec).invalid.as_deref(),
            Some("the port is larger than 65535 (step canon.port.invalid: Canonicalization, port)")
        );
        let standard = Resolver::Whatwg.resolve(&Request::new("http://a:99999/"));
        let why = ending(&standard).invalid.unwrap_or_default();
        assert!(why.ends_with("(port-out-of-range)"), "{why}");
        let good = Resolver::Whatwg.resolve(&Request::new("http://a\\b"));
        let e = ending(&good);
        assert_eq!(e.canonical.as_deref(), Some("http://a/b"));
        assert_eq!(e.notes[0].0, "invalid-reverse-solidus");
    }
}
