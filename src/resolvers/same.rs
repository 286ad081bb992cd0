//! "Are these two URLs the same?": one resolver's answers to two inputs,
//! compared, and explained from their traces.
//!
//! Two URLs are the same under a resolver when both are valid and their
//! canonical strings are equal. Then the traces say where each became the
//! common form: the last step of its trace that brought a component there,
//! found as follows. A step that changed component `c` counts for URL `A`
//! when
//!
//! - `B`'s trace has the same step on `c` ending in the same value from a
//!   different one: the step made the two equal (both traces name it); or
//! - `B`'s trace has no such step, and the value before it was not what
//!   `B` ends with: `A` took a step of its own towards `B`'s form.
//!
//! A step both traces took alike (same value before and after) made
//! nothing equal and does not count. Where no step counts, the two were
//! alike as the resolver read them (or its trace records no component
//! changes there), and the answer says so rather than guessing.
//!
//! When they differ, the answer names the first component that differs,
//! in serialization order (scheme, user, password, host, port, path,
//! query, fragment), or the canonical strings when every component
//! agrees, or which of the two is invalid and why.

use serde::Serialize;

use super::{Answer, Request, Resolver};
use crate::engine::{Component, Step, StepId};

/// One resolver's verdict on two inputs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Sameness {
    pub resolver: Resolver,
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// Same or not, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Both valid, with equal canonical strings.
    Same {
        canon: String,
        /// The step after which `A` had the common form, if one did it.
        a_step: Option<StepRef>,
        /// The step after which `B` had it.
        b_step: Option<StepRef>,
    },
    /// Both valid, with different canonical strings.
    Different {
        a: String,
        b: String,
        /// The first component that differs, or `None` when every
        /// component agrees and only the strings differ.
        component: Option<Component>,
        a_value: Option<String>,
        b_value: Option<String>,
    },
    /// One or both gave no canonical form.
    Invalid {
        /// Why `A` is invalid, when it is.
        a: Option<String>,
        /// Why `B` is invalid, when it is.
        b: Option<String>,
    },
}

/// A step of a trace, named for a reader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StepRef {
    /// The step's stable id (`surt.ia.query`).
    pub id: &'static str,
    /// What the step cites (`surt 0.3.1, surt/IAURLCanonicalizer.py, ...`).
    pub citation: &'static str,
    /// The component it brought to the common form.
    pub component: Option<Component>,
    #[serde(skip)]
    step: StepId,
}

impl StepRef {
    fn of(step: &Step) -> StepRef {
        StepRef {
            id: step.id.id(),
            citation: step.id.citation(),
            component: step.component,
            step: step.id,
        }
    }

    /// The step's id.
    pub fn step(&self) -> StepId {
        self.step
    }
}

impl Verdict {
    /// Whether the two came out the same.
    pub fn is_same(&self) -> bool {
        matches!(self, Verdict::Same { .. })
    }

    /// The verdict in a sentence: "the same after surt.ia.query (query)
    /// in A and surt.ia.port (port) in B", "different: the query differs
    /// (\"b=1&a=2\" and \"a=2&b=1\")".
    pub fn sentence(&self) -> String {
        match self {
            Verdict::Same { a_step, b_step, .. } => {
                let named = |s: &Option<StepRef>| {
                    s.as_ref().map(|s| match s.component {
                        Some(c) => format!("{} ({})", s.id, c.name()),
                        None => s.id.to_owned(),
                    })
                };
                match (named(a_step), named(b_step)) {
                    (None, None) => "the same: alike as read, no step told them apart".to_owned(),
                    (Some(a), Some(b)) if a == b => format!("the same after {a} in both"),
                    (Some(a), Some(b)) => format!("the same after {a} in A and {b} in B"),
                    (Some(a), None) => format!("the same after {a} in A"),
                    (None, Some(b)) => format!("the same after {b} in B"),
                }
            }
            Verdict::Different {
                a,
                b,
                component,
                a_value,
                b_value,
            } => match component {
                Some(c) => format!(
                    "different: the {} differs ({} and {})",
                    c.name(),
                    shown(a_value.as_deref()),
                    shown(b_value.as_deref())
                ),
                None => format!("different: {a:?} and {b:?}"),
            },
            Verdict::Invalid { a, b } => match (a, b) {
                (Some(a), Some(b)) => format!("neither has a canonical form (A: {a}; B: {b})"),
                (Some(a), None) => format!("A has no canonical form: {a}"),
                (None, Some(b)) => format!("B has no canonical form: {b}"),
                (None, None) => "no canonical form".to_owned(),
            },
        }
    }
}

/// A component's value as a sentence shows it: quoted, or "none".
fn shown(v: Option<&str>) -> String {
    v.map_or_else(|| "none".to_owned(), |v| format!("{v:?}"))
}

/// `resolver`'s verdict on `a` and `b` (each request traced here).
pub fn same(resolver: Resolver, a: &Request<'_>, b: &Request<'_>) -> Sameness {
    let answer_a = resolver.resolve(&a.traced());
    let answer_b = resolver.resolve(&b.traced());
    Sameness {
        resolver,
        verdict: verdict(&answer_a, &answer_b),
    }
}

/// The verdict on two answers of one resolver.
pub fn verdict(a: &Answer, b: &Answer) -> Verdict {
    let why = |x: &Answer| {
        x.valid_canon().is_none().then(|| {
            x.why_invalid()
                .map_or_else(|| "invalid".to_owned(), |n| n.message.clone())
        })
    };
    let (Some(canon_a), Some(canon_b)) = (a.valid_canon(), b.valid_canon()) else {
        return Verdict::Invalid {
            a: why(a),
            b: why(b),
        };
    };
    if canon_a == canon_b {
        return Verdict::Same {
            canon: canon_a.to_owned(),
            a_step: meeting_step(a, b),
            b_step: meeting_step(b, a),
        };
    }
    let first = Component::ALL.into_iter().find(|&c| a.get(c) != b.get(c));
    Verdict::Different {
        a: canon_a.to_owned(),
        b: canon_b.to_owned(),
        component: first,
        a_value: first.and_then(|c| a.get(c)).map(str::to_owned),
        b_value: first.and_then(|c| b.get(c)).map(str::to_owned),
    }
}

/// The changes a trace records on a component, in order.
fn changes(answer: &Answer) -> impl Iterator<Item = &Step> {
    answer
        .trace
        .iter()
        .flat_map(|t| t.steps.iter())
        .filter(|s| s.changes && s.component.is_some() && !s.of_base && s.before != s.after)
}

/// The last step of `x`'s trace that brought it to `other`'s form (see
/// the module docs).
fn meeting_step(x: &Answer, other: &Answer) -> Option<StepRef> {
    let theirs: Vec<&Step> = changes(other).collect();
    changes(x)
        .filter(|s| {
            let same_step: Vec<&&Step> = theirs
                .iter()
                .filter(|t| t.id == s.id && t.component == s.component)
                .collect();
            if same_step
                .iter()
                .any(|t| t.before == s.before && t.after == s.after)
            {
                return false;
            }
            if same_step.iter().any(|t| t.after == s.after) {
                return true;
            }
            let end = s.component.and_then(|c| other.get(c));
            same_step.is_empty() && s.before.as_deref() != end
        })
        .last()
        .map(StepRef::of)
}
