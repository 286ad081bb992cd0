//! What the Compare view shows, computed once per change of the inputs: every
//! resolver's answer, each from one run that hands over everything the view
//! shows (RFC 3986's resolved form beside its normalized one, OPC's steps,
//! and the traces of the spec's four modes, for where they part).
//!
//! Every resolver that the view shows steps of is asked for its trace (the
//! URL Standard's is in the Inspector, and is not recorded here: its
//! snapshot per state would be heavy on a big input). The spec's modes then record the
//! same run the inspector makes, so a step's index here is its index in the
//! inspector's trace. Their traces are not kept: only the partings, so a
//! big input does not hold four traces in memory. RFC 3986's and OPC's
//! steps stay in their answers, which the view lists.

use std::time::{Duration, Instant};

use crate::engine::{Mode, QueryEncoding};
use crate::resolvers::pair::{Pair, PairVerdict};
use crate::resolvers::same::{self, Verdict};
use crate::resolvers::{Answer, Request, Resolver};

use super::parting::{Parting, partings};

/// The inputs of one comparison: the shared fields of the window.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CompareRequest {
    pub input: String,
    pub base: String,
    pub encoding: String,
    /// The pair whose verdict is wanted (its two asked traced, so the
    /// verdict says where they part).
    pub pair: Option<Pair>,
    /// A second URL (B): each resolver says whether the input and B come
    /// out the same ([`crate::resolvers::same`]).
    pub other: Option<String>,
}

impl CompareRequest {
    /// Total size, to decide whether it runs off the UI thread (the same
    /// measure the inspector's worker uses).
    pub fn size(&self) -> usize {
        self.input.len()
            + self.base.len()
            + self.encoding.len()
            + self.other.as_ref().map_or(0, String::len)
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
    /// How long the computation took (every resolver, traced).
    pub elapsed: Duration,
    /// Every resolver's answer, in [`Resolver::ALL`] order: the `rfc3986`
    /// one with its resolved form ([`crate::resolvers::Forms`]), the `opc`
    /// one with its trace (arcs 1 to 3, then the part-name check).
    pub answers: Vec<(Resolver, Answer)>,
    /// For every two spec modes whose traces differ, where they part.
    pub partings: Vec<Parting>,
    /// The pair's verdict, when the request named a pair.
    pub pair: Option<PairVerdict>,
    /// With a second URL: each resolver's verdict on the input and it, in
    /// [`Resolver::ALL`] order.
    pub same: Vec<(Resolver, Verdict)>,
}

impl Comparison {
    /// The answer of `r`.
    pub fn answer(&self, r: Resolver) -> Option<&Answer> {
        self.answers.iter().find(|(k, _)| *k == r).map(|(_, a)| a)
    }

    /// `r`'s verdict on the input and the second URL, when there is one.
    pub fn same_as_other(&self, r: Resolver) -> Option<&Verdict> {
        self.same.iter().find(|(k, _)| *k == r).map(|(_, v)| v)
    }

    /// Where the traces of `a` and `b` part, if they do (either order).
    pub fn parting(&self, a: Mode, b: Mode) -> Option<&Parting> {
        self.partings
            .iter()
            .find(|p| p.modes == (a, b) || p.modes == (b, a))
    }
}

/// Runs every resolver on `req`, each once.
pub fn compare(req: &CompareRequest) -> Comparison {
    let start = Instant::now();
    let request = Request::new(&req.input)
        .with_base(req.base())
        .with_encoding(QueryEncoding::from_label(&req.encoding))
        .traced();

    let mut traces = Vec::with_capacity(Mode::ALL.len());
    let mut answers = Vec::with_capacity(Resolver::ALL.len());
    let untraced = Request {
        trace: false,
        ..request
    };
    for r in Resolver::ALL {
        // Compare shows the steps of the spec's modes (where they part),
        // RFC 3986's and OPC's; the others' traces are for `canon --trace`
        // and the Inspector, and Compare shows their notes.
        let traced = r.mode().is_some() || matches!(r, Resolver::Opc | Resolver::Rfc3986);
        let asked = if traced { &request } else { &untraced };
        let mut answer = r.resolve(asked);
        if let Some(mode) = r.mode() {
            let trace = answer.trace.take().unwrap_or_default();
            traces.push((mode, trace.steps));
        }
        answers.push((r, answer));
    }
    let partings = partings(&traces);
    drop(traces);
    let pair = req.pair.map(|p| p.judge_request(&request));
    let same = match req.other.as_deref() {
        None => Vec::new(),
        Some(other) => {
            let b = Request::new(other)
                .with_base(req.base())
                .with_encoding(request.encoding);
            Resolver::ALL
                .into_iter()
                .map(|r| (r, same::same(r, &untraced, &b).verdict))
                .collect()
        }
    };

    Comparison {
        request: req.clone(),
        partings,
        answers,
        pair,
        same,
        elapsed: start.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::StepId;

    fn request(input: &str, base: &str) -> CompareRequest {
        CompareRequest {
            input: input.into(),
            base: base.into(),
            encoding: "utf-8".into(),
            pair: None,
            other: None,
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
            assert_eq!(c.answers.len(), Resolver::ALL.len());
            for (r, answer) in &c.answers {
                let own = r.resolve(&Request::new(input).with_base(base));
                let untraced = Answer {
                    trace: None,
                    ..answer.clone()
                };
                assert_eq!(untraced, own, "{r} on {input:?}");
                assert_eq!(
                    answer.trace.is_some(),
                    matches!(r, Resolver::Opc | Resolver::Rfc3986),
                    "{r}"
                );
            }
        }
    }

    #[test]
    fn rfc3986_keeps_the_resolved_form_apart() {
        let c = compare(&request("../%7euser/./X", "HTTP://Example.COM:80/a/b/c"));
        let rfc3986 = c.answer(Resolver::Rfc3986);
        assert_eq!(
            rfc3986.and_then(|a| a.forms.resolved.as_deref()),
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
        let steps = c
            .answer(Resolver::Opc)
            .and_then(|a| a.trace.as_ref())
            .map_or(&[][..], |t| &t.steps[..]);
        assert!(
            steps
                .iter()
                .any(|s| s.id == StepId::OpcBackslashes && s.before != s.after)
        );
        assert_eq!(
            c.answer(Resolver::Opc).and_then(|a| a.canon.as_deref()),
            Some("/media/image1.png")
        );
    }
}
