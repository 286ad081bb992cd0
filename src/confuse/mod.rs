//! Finding the URLs that get through a pair of parsers: the application
//! checks a URL with one parser against an allow-list [`Rule`] for an
//! allowed host, and fetches it with another; which URLs pass the check
//! and still reach a [`Target`]?
//!
//! [`find`] answers in three passes:
//!
//! 1. **Families** ([`families`]): every known payload family's templates,
//!    filled in with the allowed host and each spelling of the target
//!    (IPv4 number forms, IPv6 forms, full-width letters, ideographic
//!    dots, …), relative ones against the base when there is one.
//! 2. **Search** ([`search`]): small deterministic changes, from a seeded
//!    generator, to the candidates on which the two parsers disagree, at
//!    the places where their hosts begin and end, until the budget is
//!    spent.
//! 3. **Proof**: a candidate is a result when the checking parser's answer
//!    passes the rule and the fetching parser's host is the target. Both
//!    answers are traced, so each result says at which step each parser
//!    took its host ([`Parting`]). [`confirm`] then asks the real
//!    libraries, where installed, and a result they do not confirm is a
//!    miss of the model, never a finding.
//!
//! Results are sorted shortest first and folded by effect ([`fold`]): one
//! per family and pair of parting steps, with the number of others.
//!
//! ```
//! use url_inspector::confuse::{find, Budget, Question, Rule, Target};
//! use url_inspector::resolvers::pair::Stack;
//! let question = Question {
//!     pair: Stack::Python.pair(),
//!     rule: Rule::Equals,
//!     allowed: "good.com".into(),
//!     target: Target::parse("evil.com").unwrap(),
//!     base: None,
//!     budget: Budget::Candidates(3000),
//!     seed: 1,
//! };
//! let outcome = find(&question);
//! assert!(outcome.findings.iter().any(|f| f.input == "http://evil.com\\@good.com/"));
//! ```

pub mod confirm;
pub mod families;
pub mod fold;
pub mod report;
pub mod rule;
pub mod search;
pub mod target;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::Component;
use crate::resolvers::hosts::Verdict;
use crate::resolvers::pair::{Pair, Parting};
use crate::resolvers::{Answer, Request, curl};

pub use families::Candidate;
pub use rule::Rule;
pub use target::Target;

use search::Rng;

/// How much searching to do. A time budget stops the same sequence of
/// candidates sooner or later depending on the machine; a number of
/// candidates gives the same results everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Time(Duration),
    Candidates(usize),
}

impl Budget {
    /// What `--max` takes: seconds with an `s` (`3s`, `0.5s`) or a number
    /// of candidates (`20000`).
    pub fn parse(text: &str) -> Result<Budget, String> {
        let text = text.trim();
        if let Some(secs) = text.strip_suffix('s') {
            return secs
                .trim()
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3_600.0)
                .map(|s| Budget::Time(Duration::from_secs_f64(s)))
                .ok_or_else(|| format!("--max {text:?}: give seconds as 3s (more than 0, at most an hour) or a number of candidates"));
        }
        text.parse::<usize>()
            .ok()
            .filter(|&n| n > 0 && n <= MAX_CANDIDATES)
            .map(Budget::Candidates)
            .ok_or_else(|| {
                format!(
                    "--max {text:?}: give seconds as 3s or a number of candidates such as 20000 (at most 50,000,000)"
                )
            })
    }
}

/// The most candidates a budget may name (minutes of searching).
pub const MAX_CANDIDATES: usize = 50_000_000;

/// The default budget: what the families need and a search of a couple of
/// seconds besides.
pub const DEFAULT_BUDGET: Budget = Budget::Time(Duration::from_secs(3));

/// The question.
#[derive(Clone, Debug)]
pub struct Question {
    pub pair: Pair,
    pub rule: Rule,
    /// The host the allow-list allows.
    pub allowed: String,
    pub target: Target,
    /// The base that relative references are resolved against; relative
    /// families are tried only with one.
    pub base: Option<String>,
    pub budget: Budget,
    /// The search's seed.
    pub seed: u64,
}

/// The longest allowed host and target taken, in bytes: room for a
/// 253-character name spelled in full-width letters.
pub const MAX_HOST: usize = 1024;
/// The longest base taken, in bytes.
pub const MAX_BASE: usize = 64 * 1024;

impl Question {
    /// The question from what a person typed: the rule by name
    /// ([`Rule::parse`]), the target as text; hosts and base trimmed, an
    /// empty base none. What is wrong is said in a sentence that names the
    /// option (`--allowed`, `--target`, …, as the command line calls them).
    pub fn from_text(
        pair: Pair,
        rule: &str,
        allowed: &str,
        target: &str,
        base: Option<&str>,
        budget: Budget,
        seed: u64,
    ) -> Result<Question, String> {
        if pair.check.is_live() || pair.fetch.is_live() {
            return Err(
                "give the models (the search asks them thousands of times); the real \
                        libraries confirm what they find afterwards"
                    .into(),
            );
        }
        let allowed = allowed.trim();
        if allowed.is_empty() {
            return Err("--allowed is empty: give the host the allow-list allows".into());
        }
        let base = base.map(str::trim).filter(|b| !b.is_empty());
        // Every candidate holds both hosts and the base: bounds keep a
        // pasted megabyte from becoming gigabytes.
        for (what, text, most) in [
            ("--allowed", allowed, MAX_HOST),
            ("--target", target.trim(), MAX_HOST),
            ("--base", base.unwrap_or(""), MAX_BASE),
        ] {
            if text.len() > most {
                return Err(format!(
                    "{what} is {} bytes long; confuse puts it into every candidate and takes at most {most} \
                     (a host name is at most 253 characters)",
                    text.len()
                ));
            }
        }
        Ok(Question {
            pair,
            rule: Rule::parse(rule)?,
            allowed: allowed.to_owned(),
            target: Target::parse(target)?,
            base: base.map(str::to_owned),
            budget,
            seed,
        })
    }
}

/// Why a URL gets through.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Cause {
    /// The two parsers name different hosts: the pair's confusion.
    Confusion,
    /// The two parsers agree on the host; the rule itself lets the target
    /// through (`prefix` passes `http://good.com@evil.com/`).
    Rule,
}

/// A URL that gets through.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub input: String,
    pub base: Option<String>,
    pub family: &'static str,
    /// The target's spelling in the URL.
    pub spelling: &'static str,
    /// The spelling's place among the target's spellings (0: as written).
    #[serde(skip)]
    pub rank: usize,
    /// How the search made it from a family's candidate, if it did.
    pub mutation: Option<String>,
    pub cause: Cause,
    /// The host the checking parser reports.
    pub check_host: Option<String>,
    /// The host the fetching parser goes to.
    pub fetch_host: Option<String>,
    /// The pair's verdict in a sentence.
    pub sentence: String,
    /// Where each parser took its host.
    pub parting: Vec<Parting>,
    /// What the real libraries said, when asked.
    pub proof: Option<confirm::Proof>,
    /// How many other results had the same effect (family and parting
    /// steps) and were folded into this one.
    pub others: usize,
}

/// What a family gave.
#[derive(Clone, Debug, Serialize)]
pub struct FamilyTally {
    pub family: &'static str,
    pub tried: usize,
    pub through: usize,
}

/// The answer to a [`Question`].
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// Candidates tried, families and search together.
    pub tried: usize,
    /// Of them, made by the search.
    pub searched: usize,
    /// Results past [`MAX_FINDINGS`]: counted here, not kept.
    pub not_kept: usize,
    /// The results, each proven on the models (and confirmed by the real
    /// libraries where they were asked), before folding.
    pub findings: Vec<Finding>,
    /// Results of the models that the real libraries did not confirm.
    pub misses: Vec<Finding>,
    /// Per family (the search's results counted under their seed's family).
    pub families: Vec<FamilyTally>,
    /// The time the run took.
    #[serde(serialize_with = "millis")]
    pub elapsed: Duration,
}

fn millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u128(d.as_millis())
}

/// The two traced answers to one candidate.
struct Tried {
    check: Answer,
    fetch: Answer,
}

impl Question {
    fn ask(&self, c: &Candidate) -> Tried {
        let request = Request::new(&c.input).with_base(c.base.as_deref()).traced();
        let check = self.pair.check.resolve(&request);
        let fetch = if self.pair.fetch == self.pair.check {
            check.clone()
        } else {
            self.pair.fetch.resolve(&request)
        };
        Tried { check, fetch }
    }

    fn passes(&self, t: &Tried) -> bool {
        self.rule.passes(&t.check, &self.allowed)
    }

    fn reaches(&self, t: &Tried) -> bool {
        reaches(&t.fetch, &self.target)
    }

    fn finding(&self, c: Candidate, t: &Tried) -> Finding {
        let v = self.pair.verdict(&t.check, &t.fetch);
        Finding {
            cause: if v.verdict == Verdict::Confusion {
                Cause::Confusion
            } else {
                Cause::Rule
            },
            input: c.input,
            base: c.base,
            family: c.family,
            spelling: c.spelling,
            rank: c.rank,
            mutation: c.mutation,
            check_host: v.check_host,
            fetch_host: v.fetch_host,
            sentence: v.sentence,
            parting: v.parting,
            proof: None,
            others: 0,
        }
    }
}

/// Runs the question's families and search within its budget. The
/// results are proven on the models only; [`confirm::with_real_ones`]
/// asks the installed libraries.
pub fn find(q: &Question) -> Outcome {
    let started = Instant::now();
    let spent = |tried: usize| match q.budget {
        Budget::Time(limit) => started.elapsed() >= limit,
        Budget::Candidates(n) => tried >= n,
    };
    // Hashes of the candidates tried (a collision skips one candidate: no
    // harm), so that a long run's memory grows by bytes per candidate.
    let mut seen: HashSet<u64> = HashSet::new();
    let mut findings = Vec::new();
    let mut tallies: Vec<FamilyTally> = families::FAMILIES
        .iter()
        .map(|f| FamilyTally {
            family: f.name,
            tried: 0,
            through: 0,
        })
        .collect();
    // Candidates the parsers disagree on, or that pass one half: the seeds
    // of the search.
    let mut pool: Vec<Candidate> = Vec::new();
    let mut tried = 0;
    let mut not_kept = 0;
    let past_cap = &mut not_kept;
    let mut try_one = |c: Candidate, pool: &mut Vec<Candidate>, findings: &mut Vec<Finding>| {
        if seen.len() >= MAX_SEEN {
            // A long run forgets what it tried rather than grow without end:
            // a candidate may then be tried twice.
            seen.clear();
        }
        if !seen.insert(key(&c)) {
            return false;
        }
        let t = q.ask(&c);
        let (passes, reaches) = (q.passes(&t), q.reaches(&t));
        let tally = tallies.iter_mut().find(|f| f.family == c.family);
        if let Some(tally) = tally {
            tally.tried += 1;
            tally.through += usize::from(passes && reaches);
        }
        if passes && reaches {
            if findings.len() < MAX_FINDINGS {
                findings.push(q.finding(c, &t));
            } else {
                *past_cap += 1;
            }
        } else if passes || reaches || differ(&t) {
            if pool.len() < MAX_POOL {
                pool.push(c);
            } else {
                // A full pool takes the new seed in place of a random one.
                let at = (key(&c) % MAX_POOL as u64) as usize;
                pool[at] = c;
            }
        }
        true
    };
    for c in families::candidates(&q.allowed, &q.target, q.base.as_deref()) {
        if spent(tried) {
            break;
        }
        tried += usize::from(try_one(c, &mut pool, &mut findings));
    }
    let from_families = tried;
    let mut rng = Rng::new(q.seed);
    let spellings = q.target.spellings();
    // A run of candidates already seen ends the search: the neighbourhood
    // is used up.
    let mut repeats = 0;
    while !pool.is_empty() && !spent(tried) && repeats < 10_000 {
        let seed = pool[rng.below(pool.len())].clone();
        let spelled = spellings
            .iter()
            .find(|(what, _)| *what == seed.spelling)
            .map_or(q.target.text.as_str(), |(_, s)| s.as_str());
        let (input, what) = search::mutate(&mut rng, &seed.input, &q.allowed, spelled);
        let c = Candidate {
            input,
            mutation: Some(match &seed.mutation {
                Some(before) => history(before, &what),
                None => what,
            }),
            ..seed
        };
        if try_one(c, &mut pool, &mut findings) {
            tried += 1;
            repeats = 0;
        } else {
            repeats += 1;
        }
    }
    Outcome {
        tried,
        searched: tried - from_families,
        not_kept,
        findings,
        misses: Vec::new(),
        families: tallies,
        elapsed: started.elapsed(),
    }
}

/// The schemes a client fetches over the network. A URL of another scheme
/// (`http.://…`, `foo://…`) is not fetched, whatever its host.
pub const NETWORK_SCHEMES: [&str; 14] = [
    "http", "https", "ws", "wss", "ftp", "ftps", "gopher", "dict", "ldap", "ldaps", "smtp",
    "telnet", "tftp", "rtsp",
];

/// Whether the fetching parser's `answer` goes over the network to
/// `target`. A URL holding U+0000 reaches nothing through libcurl: the
/// `curl` resolver gives libcurl the text before it, as C code would, but
/// the bindings applications fetch with refuse such a string (PHP's
/// `curl_setopt` and pycurl's `setopt` reject null bytes), so the URL is
/// never fetched (an interpretation: a C program that passes the buffer
/// on would fetch the truncated URL).
pub fn reaches(answer: &Answer, target: &Target) -> bool {
    let truncated = answer
        .notes
        .iter()
        .any(|n| n.code == curl::Code::Nul.into());
    !answer.invalid
        && !truncated
        && answer.get(Component::Scheme).is_some_and(|s| {
            NETWORK_SCHEMES
                .iter()
                .any(|n| n.eq_ignore_ascii_case(s.trim_end_matches(':')))
        })
        && answer
            .get(Component::Host)
            .is_some_and(|h| target.reached_by(h))
}

/// The sides of the pair that record no steps, so have no parting step
/// to show: the resolvers that are the real library itself (`curl`).
pub fn untraced_sides(q: &Question, f: &Finding) -> Vec<crate::resolvers::Resolver> {
    [q.pair.check, q.pair.fetch]
        .into_iter()
        .filter(|r| f.parting.iter().all(|p| p.resolver != *r))
        .filter(|r| confirm::is_the_library_itself(*r))
        .collect()
}

/// The most results a run keeps (a long run of a weak rule finds many
/// more; they are counted in [`Outcome::not_kept`]).
pub const MAX_FINDINGS: usize = 100_000;
/// The most seeds the search keeps to change.
const MAX_POOL: usize = 50_000;

/// The most candidates' hashes kept (64 MiB or so).
const MAX_SEEN: usize = 4_000_000;
/// The changes a result's history keeps: the last few.
const HISTORY: usize = 3;

/// A seed's changes and the new one, the last [`HISTORY`] kept.
fn history(before: &str, what: &str) -> String {
    let steps: Vec<&str> = before.trim_start_matches("…; ").split("; ").collect();
    let kept = &steps[steps.len().saturating_sub(HISTORY - 1)..];
    let dropped = steps.len() > kept.len();
    format!(
        "{}{}; {what}",
        if dropped { "…; " } else { "" },
        kept.join("; ")
    )
}

/// A candidate's hash, for the set of those tried.
fn key(c: &Candidate) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (&c.input, &c.base).hash(&mut h);
    h.finish()
}

/// Whether the two parsers read different hosts, or one refuses what the
/// other takes.
fn differ(t: &Tried) -> bool {
    t.check.invalid != t.fetch.invalid
        || t.check.get(Component::Host) != t.fetch.get(Component::Host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_seconds_or_a_count_within_bounds() {
        assert_eq!(
            Budget::parse("3s"),
            Ok(Budget::Time(Duration::from_secs(3)))
        );
        assert_eq!(Budget::parse(" 20000 "), Ok(Budget::Candidates(20_000)));
        for bad in ["0", "0s", "-1s", "3601s", "nans", "50000001", "soon", ""] {
            assert!(Budget::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_history_keeps_the_last_changes() {
        let mut h = "a".to_owned();
        for step in ["b", "c", "d", "e"] {
            h = history(&h, step);
        }
        assert_eq!(h, "…; c; d; e");
        assert_eq!(history("a", "b"), "a; b");
    }
}
