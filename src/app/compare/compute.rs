//! What the Compare view shows, computed once per change of the inputs: every
//! resolver's answer, RFC 3986's resolved form beside its normalized one,
//! OPC's steps, and where the traces of the spec's four modes part.
//!
//! The spec's modes are run once each, traced (an [`Inspection`], the same
//! run the inspector makes, so a step's index here is its index in the
//! inspector's trace); their answers are taken from those runs rather than
//! computed a second time. The traces themselves are not kept: only the
//! partings, so a big input does not hold four traces in memory.

use std::time::{Duration, Instant};

use crate::engine::{self, Inspection, Mode, Options, QueryEncoding, Trace, Until};
use crate::resolvers::{Answer, Resolver, opc, rfc3986, spec};

use super::parting::{Parting, partings};

/// The inputs of one comparison: the shared fields of the window.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompareRequest {
    pub input: String,
    pub base: String,
    pub encoding: String,
}

impl CompareRequest {
    /// Total size, to decide whether it runs off the UI thread (the same
    /// measure the inspector's worker uses).
    pub fn size(&self) -> usize {
        self.input.len() + self.base.len() + self.encoding.len()
    }

    /// The base, `None` when the field is empty.
    fn base(&self) -> Option<&str> {
        Some(self.base.as_str()).filter(|b| !b.is_empty())
    }
}

/// Everything the view shows for one [`CompareRequest`].
#[derive(Clone, Debug)]
pub struct Comparison {
    pub request: CompareRequest,
    /// How long the computation took (all seven resolvers, traced).
    pub elapsed: Duration,
    /// Every resolver's answer, in [`Resolver::ALL`] order.
    pub answers: Vec<(Resolver, Answer)>,
    /// RFC 3986 after resolution and recomposition (5.2, 5.3), before
    /// normalization; its normalized form is the `rfc3986` answer.
    pub rfc3986_resolved: Answer,
    /// The OPC resolver's steps (arcs 1 to 3, then the part-name check).
    pub opc_steps: Vec<opc::Step>,
    /// For every two spec modes whose traces differ, where they part.
    pub partings: Vec<Parting>,
}

impl Comparison {
    /// The answer of `r`.
    pub fn answer(&self, r: Resolver) -> Option<&Answer> {
        self.answers.iter().find(|(k, _)| *k == r).map(|(_, a)| a)
    }

    /// Where the traces of `a` and `b` part, if they do (either order).
    pub fn parting(&self, a: Mode, b: Mode) -> Option<&Parting> {
        self.partings
            .iter()
            .find(|p| p.modes == (a, b) || p.modes == (b, a))
    }
}

/// Runs every resolver on `req`.
pub fn compare(req: &CompareRequest) -> Comparison {
    let start = Instant::now();
    let encoding = QueryEncoding::from_label(&req.encoding);
    let base = req.base();

    let mut traces = Vec::with_capacity(Mode::ALL.len());
    let mut answers = Vec::with_capacity(Resolver::ALL.len());
    for mode in Mode::ALL {
        let options = Options::default()
            .mode(mode)
            .encoding(encoding)
            .base(&req.base)
            .keep(true);
        let mut trace = Trace::default();
        let outcome = engine::run(&req.input, &options, &mut trace);
        let inspection = Inspection::from_run(&req.input, &options, outcome, trace);
        answers.push((Resolver::from(mode), spec::from_inspection(&inspection)));
        traces.push((mode, inspection.trace.steps));
    }
    let partings = partings(&traces);
    drop(traces);

    for r in [Resolver::Whatwg, Resolver::Rfc3986] {
        answers.push((r, r.resolve(&req.input, base, encoding)));
    }
    let (opc_answer, opc_trace) = opc::resolve_traced(&req.input, base);
    answers.push((Resolver::Opc, opc_answer));

    Comparison {
        request: req.clone(),
        rfc3986_resolved: rfc3986::resolve(&req.input, base, Until::Resolve),
        opc_steps: opc_trace.steps,
        partings,
        answers,
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(input: &str, base: &str) -> CompareRequest {
        CompareRequest {
            input: input.into(),
            base: base.into(),
            encoding: "utf-8".into(),
        }
    }

    #[test]
    fn the_answers_are_the_resolvers_own() {
        for (input, base) in [
            ("../d?q#f", "HTTP://Example.COM/a/b/c"),
            ("http://B\u{fc}cher.de/", ""),
            ("..\\media\\image1.png.", "/word/document.xml"),
            ("http://a:99999/", ""),
        ] {
            let c = compare(&request(input, base));
            let base = Some(base).filter(|b| !b.is_empty());
            assert_eq!(c.answers.len(), 7);
            for (r, answer) in &c.answers {
                let own = r.resolve(input, base, QueryEncoding::UTF8);
                assert_eq!(answer, &own, "{r} on {input:?}");
            }
        }
    }

    #[test]
    fn rfc3986_keeps_the_resolved_form_apart() {
        let c = compare(&request("../%7euser/./X", "HTTP://Example.COM:80/a/b/c"));
        assert_eq!(
            c.rfc3986_resolved.canon.as_deref(),
            Some("HTTP://Example.COM:80/a/%7euser/X")
        );
        assert_eq!(
            c.answer(Resolver::Rfc3986).and_then(|a| a.canon.as_deref()),
            Some("http://example.com/a/~user/X")
        );
    }

    #[test]
    fn opc_steps_are_kept() {
        let c = compare(&request("..\\media\\image1.png.", "/word/document.xml"));
        assert!(
            c.opc_steps
                .iter()
                .any(|s| s.id == opc::StepId::Backslashes && s.changed())
        );
        assert_eq!(
            c.answer(Resolver::Opc).and_then(|a| a.canon.as_deref()),
            Some("/media/image1.png")
        );
    }
}
