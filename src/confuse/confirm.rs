//! Asking the real libraries: a result of the models counts only if the
//! installed library agrees, on both sides.
//!
//! The checking side is confirmed when the real library's answer passes
//! the rule too; the fetching side when the real library's host is the
//! target too. Each side asks its resolver's live counterpart
//! ([`Resolver::counterpart`]), all results in one batch per library. A
//! resolver that is itself the real library (`curl` loads the machine's
//! libcurl; `rust-url` is the `url` crate) needs no asking; one with no
//! real library to ask here (the URL Standard engine, held to the
//! web-platform tests instead) says so.

use serde::Serialize;

use super::{Finding, Outcome, Question};
use crate::engine::Component;
use crate::resolvers::{Answer, Request, Resolver, live};

/// What the real libraries said of one result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proof {
    pub check: Side,
    pub fetch: Side,
}

impl Proof {
    /// Whether a real library answered otherwise than its model.
    pub fn refuted(&self) -> bool {
        matches!(self.check, Side::Refuted { .. }) || matches!(self.fetch, Side::Refuted { .. })
    }
}

/// What the real library of one side said.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "by", rename_all = "kebab-case")]
pub enum Side {
    /// The resolver is the real library itself.
    Itself,
    /// The real library agrees with its model.
    Confirmed {
        #[serde(serialize_with = "name")]
        resolver: Resolver,
    },
    /// The real library answers otherwise: the model's miss.
    Refuted {
        #[serde(serialize_with = "name")]
        resolver: Resolver,
        /// Its host (`None`: it refuses the URL or names no host).
        host: Option<String>,
    },
    /// The real library could not be asked: not installed here (the note
    /// names what to install), or it stopped answering.
    Unavailable {
        #[serde(serialize_with = "name")]
        resolver: Resolver,
        note: String,
    },
    /// There is no real library to ask for this resolver.
    NoneToAsk,
}

fn name<S: serde::Serializer>(r: &Resolver, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(r.name())
}

/// Whether `r` calls the real library rather than modelling it.
pub fn is_the_library_itself(r: Resolver) -> bool {
    matches!(r, Resolver::Curl | Resolver::RustUrl)
}

/// Asks the real libraries about every result (confirm before folding, so that
/// every result is asked, not only the ones that stand for others), then moves the ones they do
/// not confirm to the outcome's misses.
pub fn with_real_ones(q: &Question, outcome: &mut Outcome) {
    let requests: Vec<Request<'_>> = outcome
        .findings
        .iter()
        .map(|f| Request::new(&f.input).with_base(f.base.as_deref()))
        .collect();
    let check = sides(q.pair.check, &requests, |a| q.rule.passes(a, &q.allowed));
    let fetch = sides(q.pair.fetch, &requests, |a| super::reaches(a, &q.target));
    let findings = std::mem::take(&mut outcome.findings);
    for ((mut f, check), fetch) in findings.into_iter().zip(check).zip(fetch) {
        let proof = Proof { check, fetch };
        let refuted = proof.refuted();
        f.proof = Some(proof);
        if refuted {
            outcome.misses.push(f);
        } else {
            outcome.findings.push(f);
        }
    }
}

/// One side's verdict on every request: `holds` says whether the real
/// library's answer does what the model's did.
fn sides(model: Resolver, requests: &[Request<'_>], holds: impl Fn(&Answer) -> bool) -> Vec<Side> {
    if is_the_library_itself(model) {
        return vec![Side::Itself; requests.len()];
    }
    let Some(real) = model.counterpart().filter(|c| c.is_live()) else {
        return vec![Side::NoneToAsk; requests.len()];
    };
    real.resolve_many(requests)
        .into_iter()
        .map(|a| match a.why_invalid() {
            Some(note)
                if note.code == live::Code::NotInstalled.into()
                    || note.code == live::Code::Stopped.into() =>
            {
                Side::Unavailable {
                    resolver: real,
                    note: note.message.clone(),
                }
            }
            _ if holds(&a) => Side::Confirmed { resolver: real },
            _ => Side::Refuted {
                resolver: real,
                host: (!a.invalid)
                    .then(|| a.get(Component::Host).map(str::to_owned))
                    .flatten(),
            },
        })
        .collect()
}

/// The results that a real library did not confirm, one sentence each.
pub fn miss_sentence(f: &Finding) -> String {
    let side = |s: &Side| match s {
        Side::Refuted {
            resolver,
            host: Some(h),
        } => Some(format!("{} says the host is {h}", resolver.name())),
        Side::Refuted {
            resolver,
            host: None,
        } => Some(format!("{} refuses it or finds no host", resolver.name())),
        _ => None,
    };
    let said: Vec<String> = f
        .proof
        .iter()
        .flat_map(|p| [side(&p.check), side(&p.fetch)])
        .flatten()
        .collect();
    format!(
        "{}: the models let it through, but {}",
        f.input,
        said.join(" and ")
    )
}
