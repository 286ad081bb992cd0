//! How a browser model runs one `new URL(input, base)`: the URL Standard's
//! parser with the browser's departures, in four kinds.
//!
//! - **Before the parse** ([`Rewrite`]): the browser reads the input or the
//!   base otherwise than the Standard's first states do ("|" in a path as
//!   "%7C", four slashes after `file:` as three, a NUL ending a
//!   reference). The step records the text before and after; the
//!   Standard's parser then reads the text as the browser read it.
//! - **In the parse** ([`Quirks`]): the browser leaves the Standard inside
//!   one of its states (a host it escapes or refuses, a drive letter it
//!   takes for an ordinary segment). The parser records the step there.
//! - **After the parse** ([`Edit`]): the browser's answer differs from the
//!   record the Standard made (a URL it refuses after all, a getter of its
//!   own). The step records the href before and after.
//! - **Instead of the parse** ([`Own`]): the browser hands the URL to a
//!   parser of its own (Firefox's `nsSimpleURI` and `nsStandardURL` for
//!   its own schemes, `view-source:`), which answers.
//!
//! The base is read by the same model, alone, first: a base the
//! browser refuses makes the whole call fail, as `new URL` throws.

use std::borrow::Cow;
use std::cell::OnceCell;

use super::getters::{Answer, Getters};
use crate::engine::QueryEncoding;
use crate::engine::trace::{OfBase, Step, StepId, Tracer};
use crate::engine::url_standard::{self, Failure, Quirks, Reported, Url};

/// One call as the model reads it: the input and base as given, the input
/// trimmed as the Standard trims it, the Standard's own answers to the
/// case and to the base alone (some departures are about those; each is
/// computed the first time a departure asks, as most calls meet none that
/// does), and the way back into the model for a URL inside the URL.
#[derive(Clone, Debug)]
pub struct Case<'a> {
    pub input: Cow<'a, str>,
    pub base: Option<Cow<'a, str>>,
    /// The input with leading and trailing C0 controls and spaces removed,
    /// and tabs and newlines removed.
    pub trimmed: String,
    /// The input and base as first given, and the query encoding: what the
    /// Standard's answers below are of, whatever a rewrite does to
    /// `input` and `base`.
    given: (&'a str, Option<&'a str>),
    encoding: QueryEncoding,
    /// What the Standard answers to the input as given, once asked.
    std: OnceCell<Answer>,
    /// What the Standard answers to the base alone, once asked.
    base_answer: OnceCell<Answer>,
    /// The same browser's answer to another call, for a URL that names
    /// one inside it (Firefox's `view-source:`, `jar:`).
    pub again: Again,
}

/// A browser model's answer to `new URL(input, base)`.
pub type Again = fn(&str, Option<&str>) -> Answer;

impl<'a> Case<'a> {
    /// The case of `input` against `base`, with the Standard's answers.
    pub fn new(
        input: &'a str,
        base: Option<&'a str>,
        encoding: QueryEncoding,
        again: Again,
    ) -> Case<'a> {
        Case {
            input: Cow::Borrowed(input),
            base: base.map(Cow::Borrowed),
            trimmed: trim(input),
            given: (input, base),
            encoding,
            std: OnceCell::new(),
            base_answer: OnceCell::new(),
            again,
        }
    }

    /// What the Standard answers to the input and base as first given
    /// (before any rewrite: the case's own).
    pub fn std(&self) -> &Answer {
        self.std.get_or_init(|| {
            let (input, base) = self.given;
            let base_url = base.and_then(|b| standard_url(b, None, self.encoding));
            match base {
                Some(_) if base_url.is_none() => None,
                _ => standard_url(input, base_url.as_ref(), self.encoding)
                    .map(|u| Getters::of_url(&u)),
            }
        })
    }

    /// What the Standard answers to the base alone, as first given.
    pub fn base_answer(&self) -> &Answer {
        self.base_answer.get_or_init(|| {
            self.given
                .1
                .and_then(|b| standard_url(b, None, self.encoding))
                .as_ref()
                .map(Getters::of_url)
        })
    }

    /// The scheme the input names, lowercased, if it names one.
    pub fn scheme(&self) -> Option<String> {
        scheme_of(&self.trimmed)
    }

    /// The base's scheme, lowercased, if there is a base that names one.
    pub fn base_scheme(&self) -> Option<String> {
        self.base.as_deref().and_then(|b| scheme_of(&trim(b)))
    }

    /// Whether the case is a file URL: the input's scheme is `file`, or it
    /// has none and the base's is.
    pub fn is_file(&self) -> bool {
        match self.scheme() {
            Some(s) => s == "file",
            None => self.base_scheme().as_deref() == Some("file"),
        }
    }

    /// Whether the base is a URL whose scheme is not special and whose
    /// path is not opaque (as a rewrite left the base's text: one read as
    /// http: is special).
    pub fn non_special_base(&self) -> bool {
        self.base_answer()
            .as_ref()
            .is_some_and(|b| !is_special(b.scheme()) && !b.has_opaque_path())
            && !self.base_scheme().is_some_and(|s| is_special(&s))
    }
}

/// The URL the Standard parses `input` to, against `base`.
fn standard_url(input: &str, base: Option<&Url>, encoding: QueryEncoding) -> Option<Url> {
    url_standard::parse(input, base, encoding, &mut crate::engine::NoTrace)
        .url
        .ok()
}

/// What a rewrite gives: the input and base the Standard's parser reads
/// instead, and what to do with its answer after.
pub struct Rewrite {
    pub input: String,
    pub base: Option<String>,
    pub post: Option<Post>,
    /// What the browser did, in words, for the step.
    pub decision: &'static str,
}

/// What a rewrite does with the answer the parse gave.
pub type Post = Box<dyn Fn(Answer) -> Answer>;

/// What an edit gives: the answer the browser gives instead.
pub struct Edit {
    pub answer: Answer,
    pub decision: &'static str,
}

/// What a browser hands to a parser of its own gives: the answer, instead
/// of the Standard's parse.
pub struct Own {
    pub answer: Answer,
    pub decision: &'static str,
}

/// One departure of a browser: its step id, and when it acts (a quirk is
/// not a rule: it rides on the parse).
pub struct Rule {
    pub id: StepId,
    pub kind: Kind,
}

/// When a [`Rule`] acts.
pub enum Kind {
    /// Before the parse: the text the Standard's parser reads instead.
    Rewrite(fn(&Case<'_>) -> Option<Rewrite>),
    /// Instead of the parse: the browser's own parser answers, and the
    /// rules after it do not run.
    Own(fn(&Case<'_>) -> Option<Own>),
    /// After the parse: the answer the browser gives instead.
    Edit(fn(&Case<'_>, &Getters) -> Option<Edit>),
}

impl Rule {
    pub const fn rewrite(id: StepId, f: fn(&Case<'_>) -> Option<Rewrite>) -> Rule {
        Rule {
            id,
            kind: Kind::Rewrite(f),
        }
    }

    pub const fn own(id: StepId, f: fn(&Case<'_>) -> Option<Own>) -> Rule {
        Rule {
            id,
            kind: Kind::Own(f),
        }
    }

    pub const fn edit(id: StepId, f: fn(&Case<'_>, &Getters) -> Option<Edit>) -> Rule {
        Rule {
            id,
            kind: Kind::Edit(f),
        }
    }
}

/// What a browser model's call gives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Modelled {
    /// The browser's answer.
    pub answer: Answer,
    /// The departures it made, in the order made (the base's first).
    pub departures: Vec<StepId>,
    /// The Standard's validation errors in the parse the browser's is
    /// built on.
    pub errors: Vec<Reported>,
    /// When the browser refuses the URL because of a departure, which.
    pub refused_by: Option<StepId>,
    /// When the parse the browser's is built on failed, how (the
    /// Standard's failure, perhaps with a quirk's refusal in it).
    pub failure: Option<Failure>,
    /// Whether it is the base the browser refuses (the answer and the rest
    /// are then the base's, read alone).
    pub base_refused: bool,
}

/// Runs `rules` and `quirks` on `case`: the rewrites in order, the parse,
/// the posts, then the edits in order.
pub fn run<T: Tracer>(
    case: &Case<'_>,
    rules: &[Rule],
    quirks: &Quirks,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> Modelled {
    let mut current = case.clone();
    let mut posts = Vec::new();
    let mut departures = Vec::new();
    for rule in rules {
        match rule.kind {
            Kind::Rewrite(f) => {
                let Some(rewrite) = f(&current) else {
                    continue;
                };
                departures.push(rule.id);
                let before = current.input.to_string();
                tracer.record(|| {
                    let mut step = Step::new(rule.id).decide(rewrite.decision);
                    step.before = Some(before);
                    step.after = Some(rewrite.input.clone());
                    step.changes = true;
                    step
                });
                current.input = Cow::Owned(rewrite.input);
                current.trimmed = trim(&current.input);
                current.base = rewrite.base.map(Cow::Owned);
                posts.extend(rewrite.post.map(|p| (rule.id, p)));
            }
            Kind::Own(f) => {
                let Some(own) = f(&current) else {
                    continue;
                };
                departures.push(rule.id);
                record_answer(
                    tracer,
                    rule.id,
                    own.decision,
                    Some(current.input.to_string()),
                    &own.answer,
                );
                return Modelled {
                    refused_by: own.answer.is_none().then_some(rule.id),
                    answer: own.answer,
                    departures,
                    ..Modelled::default()
                };
            }
            Kind::Edit(_) => {}
        }
    }
    let parsed = parse(&current, quirks, encoding, tracer);
    let mut answer = parsed.answer;
    let mut refused_by = match &parsed.failure {
        Some(_) => parsed
            .departures
            .iter()
            .rev()
            .copied()
            .find(|&id| quirks.refuses(id)),
        None => None,
    };
    departures.extend(parsed.departures);
    for (id, post) in posts {
        let before = answer.is_some();
        answer = post(answer);
        if before && answer.is_none() {
            refused_by = Some(id);
        }
    }
    for rule in rules {
        let Kind::Edit(f) = rule.kind else {
            continue;
        };
        let Some(edit) = answer.as_ref().and_then(|a| f(case, a)) else {
            continue;
        };
        departures.push(rule.id);
        let before = answer.as_ref().map(|a| a.href.clone());
        record_answer(tracer, rule.id, edit.decision, before, &edit.answer);
        if edit.answer.is_none() {
            refused_by = Some(rule.id);
        }
        answer = edit.answer;
    }
    Modelled {
        answer,
        departures,
        errors: parsed.errors,
        refused_by,
        failure: parsed.failure,
        base_refused: false,
    }
}

/// Records the step of a rule that gives the answer: what stood before,
/// the href after, or the refusal.
fn record_answer<T: Tracer>(
    tracer: &mut T,
    id: StepId,
    decision: &'static str,
    before: Option<String>,
    answer: &Answer,
) {
    tracer.record(|| {
        let mut step = Step::new(id).decide(decision);
        step.before = before;
        step.after = answer.as_ref().map(|a| a.href.clone());
        step.changes = true;
        step.failed = answer.is_none();
        step
    });
}

/// What the Standard's parse with a browser's quirks gave.
struct QuirkedParse {
    answer: Answer,
    departures: Vec<StepId>,
    errors: Vec<Reported>,
    failure: Option<Failure>,
}

/// The Standard's parse of the case as the browser reads it (its base
/// first, marked as the base's), with the browser's quirks.
fn parse<T: Tracer>(
    case: &Case<'_>,
    quirks: &Quirks,
    encoding: QueryEncoding,
    tracer: &mut T,
) -> QuirkedParse {
    let mut departures = Vec::new();
    let base = match case.base.as_deref() {
        None => None,
        Some(b) => {
            let parsed =
                url_standard::parse_with(b, None, encoding, quirks, &mut OfBase(&mut *tracer));
            departures.extend(parsed.departures);
            match parsed.url {
                Ok(url) => Some(url),
                Err(failure) => {
                    return QuirkedParse {
                        answer: None,
                        departures,
                        errors: Vec::new(),
                        failure: Some(failure),
                    };
                }
            }
        }
    };
    let parsed = url_standard::parse_with(&case.input, base.as_ref(), encoding, quirks, tracer);
    departures.extend(parsed.departures);
    let (answer, failure) = match parsed.url {
        Ok(u) => (Some(Getters::of_url(&u)), None),
        Err(f) => (None, Some(f)),
    };
    QuirkedParse {
        answer,
        departures,
        errors: parsed.errors,
        failure,
    }
}

/// The special schemes.
pub fn is_special(scheme: &str) -> bool {
    matches!(scheme, "http" | "https" | "ws" | "wss" | "ftp" | "file")
}

/// The Standard's first steps on a string: leading and trailing C0
/// controls and spaces removed, then tabs and newlines.
pub fn trim(s: &str) -> String {
    s.trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|&c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// The scheme `s` starts with (letters, digits, `+-.` after a letter, then
/// `:`), lowercased.
pub fn scheme_of(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then(|| s[..end].to_ascii_lowercase())
}

/// `s` with its `%XX` escapes decoded (as UTF-8, lossy), as a browser's
/// host code decodes it.
pub fn percent_decode(s: &str) -> String {
    String::from_utf8_lossy(&url_standard::percent_sets::decode(s.as_bytes())).into_owned()
}

/// `s` cut before its first `?` or `#`, and the rest.
pub fn head_tail(s: &str) -> (&str, &str) {
    let cut = s.find(['?', '#']).unwrap_or(s.len());
    s.split_at(cut)
}
