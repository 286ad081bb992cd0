//! Where two of the spec's modes part: the first step at which their traces
//! differ, what each mode did there, and a link that opens that step in the
//! mode's own trace (GECKO keeping its fallback where THIS runs Nameprep,
//! say).
//!
//! Two steps are the same when they are the same step of the spec on the
//! same component with the same values and decision. The `mode` mark is not
//! compared: it says a step is one the markers select, which it is in both
//! traces when both take it.
//!
//! This file computes; [`super::parting_view`] draws the result.

use crate::engine::{Mode, Step, StepId};

use super::super::escape::shorten;

/// How much of a value a parting's description quotes.
const QUOTE_CHARS: usize = 60;

/// What one mode did at the step where it parts from another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub id: StepId,
    /// What the step did, in a line (values quoted, shortened).
    pub did: String,
    pub failed: bool,
}

/// Where the traces of two modes part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parting {
    /// The two modes, in [`Mode::ALL`] order.
    pub modes: (Mode, Mode),
    /// The index of the first step that differs, the same in both traces
    /// (every step before it is the same).
    pub step: usize,
    /// What each took there; `None` when its trace had already ended.
    pub taken: (Option<Taken>, Option<Taken>),
    /// The last index of each trace, for a mode whose trace ended first.
    pub last: (usize, usize),
}

impl Parting {
    /// The side of `mode`: what it did and the step to open in its trace.
    pub fn side(&self, mode: Mode) -> Option<(Option<&Taken>, usize)> {
        let (a, b) = self.modes;
        let (taken, last) = if mode == a {
            (self.taken.0.as_ref(), self.last.0)
        } else if mode == b {
            (self.taken.1.as_ref(), self.last.1)
        } else {
            return None;
        };
        // A trace that ended opens at its last step.
        let step = if taken.is_some() { self.step } else { last };
        Some((taken, step))
    }
}

/// Whether two steps did the same thing.
fn same_step(a: &Step, b: &Step) -> bool {
    a.id == b.id
        && a.component == b.component
        && a.changes == b.changes
        && a.before == b.before
        && a.after == b.after
        && a.decision == b.decision
        && a.failed == b.failed
        && a.of_base == b.of_base
}

/// The index of the first step at which `a` and `b` differ, if they do.
pub fn first_difference(a: &[Step], b: &[Step]) -> Option<usize> {
    let common = a.len().min(b.len());
    (0..common)
        .find(|&i| !same_step(&a[i], &b[i]))
        .or_else(|| (a.len() != b.len()).then_some(common))
}

/// Where every two of the traced modes part (pairs in the order given).
pub fn partings(traces: &[(Mode, Vec<Step>)]) -> Vec<Parting> {
    let mut out = Vec::new();
    for (i, (ma, ta)) in traces.iter().enumerate() {
        for (mb, tb) in &traces[i + 1..] {
            if let Some(step) = first_difference(ta, tb) {
                out.push(Parting {
                    modes: (*ma, *mb),
                    step,
                    taken: (ta.get(step).map(taken), tb.get(step).map(taken)),
                    last: (ta.len().saturating_sub(1), tb.len().saturating_sub(1)),
                });
            }
        }
    }
    out
}

/// What a step did, in a line.
fn taken(s: &Step) -> Taken {
    let quote = |v: &Option<String>| match v {
        Some(v) => format!("\"{}\"", shorten(v, QUOTE_CHARS, true)),
        None => "absent".to_owned(),
    };
    let mut parts = Vec::new();
    if let Some(d) = &s.decision {
        parts.push(d.to_string());
    }
    if s.changes && s.before != s.after {
        let what = s.component.map_or(String::new(), |c| format!("{c} "));
        parts.push(format!("{what}{} → {}", quote(&s.before), quote(&s.after)));
    } else if s.changes {
        parts.push(format!("keeps {}", quote(&s.after)));
    }
    if parts.is_empty() {
        parts.push(s.id.explanation().to_owned());
    }
    if s.failed {
        parts.push("the URL is invalid here".to_owned());
    }
    Taken {
        id: s.id,
        did: parts.join("; "),
        failed: s.failed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{self, Component, Options, Trace};

    fn trace(input: &str, mode: Mode) -> (Mode, Vec<Step>) {
        let mut trace = Trace::default();
        engine::run(input, &Options::default().mode(mode), &mut trace);
        (mode, trace.steps)
    }

    #[test]
    fn equal_traces_do_not_part() {
        let t = trace("http://example.com/a", Mode::This);
        assert_eq!(first_difference(&t.1, &t.1), None);
        assert!(partings(&[t.clone(), (Mode::Gecko, t.1)]).is_empty());
    }

    #[test]
    fn a_longer_trace_parts_where_the_shorter_ends() {
        let a = vec![Step::new(StepId::PreTrim)];
        let b = vec![Step::new(StepId::PreTrim), Step::new(StepId::HostNameprep)];
        assert_eq!(first_difference(&a, &b), Some(1));
        let p = &partings(&[(Mode::This, a), (Mode::Ie, b)])[0];
        assert_eq!(
            p.side(Mode::This).map(|(t, s)| (t.is_none(), s)),
            Some((true, 0))
        );
        assert_eq!(
            p.side(Mode::Ie).map(|(t, s)| (t.is_some(), s)),
            Some((true, 1))
        );
        assert_eq!(p.side(Mode::Chrome), None);
    }

    #[test]
    fn gecko_and_this_part_in_the_host_of_an_idn() {
        let input = "http://B\u{fc}cher.de/";
        let ps = partings(&[trace(input, Mode::This), trace(input, Mode::Gecko)]);
        let p = &ps[0];
        let (this, gecko) = (&p.taken.0, &p.taken.1);
        let (this, gecko) = (this.as_ref().map(|t| t.id), gecko.as_ref().map(|t| t.id));
        assert_ne!(this, gecko, "{p:?}");
        // Everything before the parting is the same in both.
        let a = &trace(input, Mode::This).1;
        let b = &trace(input, Mode::Gecko).1;
        assert!(
            a[..p.step]
                .iter()
                .zip(&b[..p.step])
                .all(|(x, y)| same_step(x, y))
        );
        assert!(
            [this, gecko]
                .iter()
                .flatten()
                .any(|id| id.stage() == crate::engine::Stage::Host),
            "{p:?}"
        );
    }

    #[test]
    fn taken_quotes_the_change() {
        let s = Step::change(StepId::CanonHost, Component::Host, Some("A"), Some("a"));
        let t = taken(&s);
        assert_eq!(t.did, "host \"A\" → \"a\"");
        assert!(!t.failed);
    }
}
