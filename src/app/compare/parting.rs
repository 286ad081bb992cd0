//! Where two of the spec's modes part: the first step at which their traces
//! differ, what each mode did there, and a link that opens that step in the
//! mode's own trace (GECKO keeping its fallback where THIS runs Nameprep,
//! say).
//!
//! Two steps are the same when they are the same step of the spec on the
//! same component with the same values and decision. The `mode` mark is not
//! compared: it says a step is one the markers select, which it is in both
//! traces when both take it.

use egui::RichText;

use crate::engine::{Mode, Step, StepId};
use crate::resolvers::Resolver;

use super::super::command::Command;
use super::super::escape::shorten;
use super::compute::Comparison;

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
        parts.push(d.clone());
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

/// The mode the others are compared with: the reference row when it is a
/// spec mode, else THIS.
pub fn anchor_mode(reference: Resolver) -> Mode {
    reference.mode().unwrap_or(Mode::This)
}

/// The partings section: for each shown spec mode that takes other steps
/// than the anchor, where and how, each side a link into its trace.
pub fn partings_ui(
    ui: &mut egui::Ui,
    c: &Comparison,
    shown: &[Resolver],
    reference: Resolver,
    commands: &mut Vec<Command>,
) {
    let anchor = anchor_mode(reference);
    let others: Vec<Mode> = shown
        .iter()
        .filter_map(|r| r.mode())
        .filter(|&m| m != anchor)
        .collect();
    let mut any = false;
    for mode in others {
        let Some(p) = c.parting(anchor, mode) else {
            continue;
        };
        any = true;
        // The same answer as the table compares it (notes aside: they name
        // the mode, so they always differ).
        let result = |m: Mode| {
            c.answer(Resolver::from(m))
                .map(|a| (a.valid_canon(), &a.components))
        };
        let same_answer = result(anchor) == result(mode);
        ui.scope_builder(
            egui::UiBuilder::new().accessibility_label(format!(
                "Where {} parts from {}",
                mode.marker(),
                anchor.marker()
            )),
            |ui| parting_ui(ui, p, mode, anchor, same_answer, commands),
        );
        ui.add_space(6.0);
    }
    if !any {
        ui.label(format!(
            "The shown spec modes take the same steps as {} for this input.",
            anchor.marker()
        ));
    }
}

/// One parting: a heading line, then a line per mode with its link.
fn parting_ui(
    ui: &mut egui::Ui,
    p: &Parting,
    mode: Mode,
    anchor: Mode,
    same_answer: bool,
    commands: &mut Vec<Command>,
) {
    let heading = format!(
        "{} parts from {} at trace step {}",
        mode.marker(),
        anchor.marker(),
        p.step + 1
    );
    ui.horizontal_wrapped(|ui| {
        ui.strong(heading);
        if same_answer {
            ui.weak("(other steps, the same answer)");
        }
    });
    for m in [anchor, mode] {
        let Some((taken, step)) = p.side(m) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            let link = match taken {
                Some(t) => format!("{}: {} · {}", m.marker(), t.id.id(), t.id.citation()),
                None => format!("{}: its trace has ended", m.marker()),
            };
            let r = ui
                .link(RichText::new(link).monospace())
                .on_hover_text(format!(
                    "{}\nClick to open step {} in the inspector's trace in {} mode.",
                    taken.map_or("", |t| t.id.explanation()),
                    step + 1,
                    m.marker()
                ));
            if r.clicked() {
                commands.push(Command::OpenStep { mode: m, step });
            }
            if let Some(t) = taken {
                // Monospace: the values it quotes, and its arrow, read best there.
                let text = if t.failed {
                    RichText::new(format!("× {}", t.did)).color(ui.visuals().error_fg_color)
                } else {
                    RichText::new(&t.did)
                };
                let text = text.monospace();
                ui.label(text);
            }
        });
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
