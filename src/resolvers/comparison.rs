//! One input under many resolvers, side by side: each resolver's answer in
//! the JSON shape of [`json::Response`], who would connect to which host,
//! and the site by the URL Standard's answer. `compare --json` writes
//! [`ComparisonJson`]; the window's Compare view and the Python package
//! read the same answers.

use serde::Serialize;

use super::canon_forms::FormOptions;
use super::hosts::{self, Hosts, Seen};
use super::json::{self, Request, Response, SiteJson};
use super::pair::PairVerdict;
use super::{Answer, Note, Resolver, live};
use crate::engine::url_standard::site::SiteFacts;
use crate::engine::{Component, QueryEncoding, Until};

/// Every resolver's answer, in [`Resolver::ALL`] order (with `--live`,
/// each browser model followed by its live resolver).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comparison(pub Vec<(Resolver, Response)>);

/// Written as an object keyed by resolver name, in [`Resolver::ALL`] order
/// (a map type would sort the keys).
impl Serialize for Comparison {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (r, answer) in &self.0 {
            map.serialize_entry(r.name(), answer)?;
        }
        map.end()
    }
}

/// The `batch` answer of every resolver for one input.
pub fn compare(input: &str, base: Option<&str>, encoding: QueryEncoding) -> Comparison {
    compare_among(
        input,
        base,
        encoding,
        FormOptions::default(),
        &Resolver::ALL,
    )
}

/// The `batch` answer of each of `resolvers` for one input, in their
/// order. The live ones are asked at once, each on a thread of its own,
/// so that the slowest browser's start-up is the only wait.
pub fn compare_among(
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
    forms: FormOptions,
    resolvers: &[Resolver],
) -> Comparison {
    let request = |mode| Request {
        input: input.to_owned(),
        base: base.filter(|b| !b.is_empty()).map(str::to_owned),
        encoding,
        mode,
        until: Until::Canonicalize,
        trace: false,
        set: None,
        forms,
    };
    let answers = std::thread::scope(|scope| {
        let asking: Vec<_> = resolvers
            .iter()
            .map(|&mode| {
                let req = request(mode);
                if mode.is_live() {
                    Err(scope.spawn(move || json::answer(&req)))
                } else {
                    Ok(json::answer(&req))
                }
            })
            .collect();
        resolvers
            .iter()
            .zip(asking)
            .map(|(&mode, asked)| {
                let answer = asked.unwrap_or_else(|thread| {
                    thread.join().unwrap_or_else(|_| {
                        json::Response::from_answer(
                            mode,
                            Answer::invalid(Note::of(live::Code::Stopped)),
                        )
                    })
                });
                (mode, answer)
            })
            .collect()
    });
    Comparison(answers)
}

/// `compare --json`'s object: the comparison's keys, then `"hosts"`,
/// `"pair"` (with --check and --fetch or --stack) and `"site"`.
pub struct ComparisonJson<'a> {
    pub comparison: &'a Comparison,
    pub hosts: Hosts,
    pub pair: Option<&'a PairVerdict>,
    pub site: Option<SiteJson>,
}

/// Whether the resolvers of `comparison` would connect to the same host.
pub fn hosts_of(comparison: &Comparison) -> Hosts {
    hosts::compare_seen(comparison.0.iter().map(|(r, answer)| Seen {
        resolver: *r,
        invalid: answer.invalid,
        host: answer.components.get(Component::Host),
        user: answer.components.get(Component::User),
    }))
}

impl Serialize for ComparisonJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.comparison.0.len() + 3))?;
        for (r, answer) in &self.comparison.0 {
            map.serialize_entry(r.name(), answer)?;
        }
        map.serialize_entry("hosts", &self.hosts)?;
        if let Some(pair) = self.pair {
            map.serialize_entry("pair", pair)?;
        }
        map.serialize_entry("site", &self.site)?;
        map.end()
    }
}

/// The site facts by the URL Standard's (`whatwg`) answer in `comparison`.
pub fn standard_site(
    comparison: &Comparison,
    input: &str,
    base: Option<&str>,
    encoding: QueryEncoding,
) -> Option<SiteFacts> {
    let (_, answer) = comparison.0.iter().find(|(r, _)| *r == Resolver::Whatwg)?;
    let request = Request {
        input: input.to_owned(),
        base: base.filter(|b| !b.is_empty()).map(str::to_owned),
        encoding,
        mode: Resolver::Whatwg,
        until: Until::Canonicalize,
        trace: false,
        set: None,
        forms: FormOptions::default(),
    };
    json::site_facts(&request, answer)
}
