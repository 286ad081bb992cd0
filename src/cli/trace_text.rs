//! The readable trace of `canon --trace`: the steps in the order taken, under
//! a heading for each run of steps of one stage.
//!
//! ```text
//! Parsing
//!   parse.scheme  Finding the scheme
//!       scheme: (absent) → "HTTP"  [input bytes 0..4]
//! ```
//!
//! Values are quoted with Rust's debug escapes so tabs, controls and
//! trailing spaces stay visible.

use std::fmt::Write;

use super::json::StepJson;

/// Renders the steps, one block per step, a heading whenever the stage changes.
pub fn render(steps: &[StepJson]) -> String {
    let mut out = String::new();
    let mut stage = None;
    for step in steps {
        if stage != Some((step.stage, step.of_base)) {
            if stage.is_some() {
                out.push('\n');
            }
            stage = Some((step.stage, step.of_base));
            out.push_str(step.stage.title());
            out.push_str(if step.of_base {
                " (of the base URL)\n"
            } else {
                "\n"
            });
        }
        // Writing to a String cannot fail.
        let _ = write_step(&mut out, step);
    }
    out
}

fn write_step(out: &mut String, step: &StepJson) -> std::fmt::Result {
    write!(out, "  {}  {}", step.id, step.citation)?;
    if let Some(mode) = step.mode {
        write!(out, "  [{mode} only]")?;
    }
    if step.failed {
        out.push_str("  FAILED");
    }
    out.push('\n');

    let indent = "      ";
    match (step.component, step.changes) {
        (Some(c), true) => {
            write!(
                out,
                "{indent}{c}: {} → {}",
                value(&step.before),
                value(&step.after)
            )?;
        }
        (None, true) => write!(
            out,
            "{indent}{} → {}",
            value(&step.before),
            value(&step.after)
        )?,
        (Some(c), false) => write!(out, "{indent}about the {c}")?,
        (None, false) => {}
    }
    if let Some(range) = &step.range {
        let sep = if step.component.is_some() || step.changes {
            "  "
        } else {
            indent
        };
        let of = if step.of_base { "base" } else { "input" };
        write!(out, "{sep}[{of} bytes {}..{}]", range.start, range.end)?;
    }
    if step.component.is_some() || step.changes || step.range.is_some() {
        out.push('\n');
    }
    if let Some(decision) = &step.decision {
        writeln!(out, "{indent}{decision}")?;
    }
    Ok(())
}

/// A component value as shown: quoted, or `(absent)`.
fn value(v: &Option<String>) -> String {
    match v {
        Some(s) => format!("\"{}\"", s.escape_debug()),
        None => "(absent)".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Component, Mode, Stage, StepId};

    fn step(id: StepId, stage: Stage) -> StepJson {
        StepJson {
            id,
            stage,
            citation: "Somewhere, step 1",
            explanation: "",
            component: None,
            before: None,
            after: None,
            changes: false,
            mode: None,
            decision: None,
            range: None,
            failed: false,
            of_base: false,
        }
    }

    #[test]
    fn groups_runs_of_a_stage_and_shows_changes() {
        let steps = [
            StepJson {
                component: Some(Component::Scheme),
                after: Some("HT\tTP".to_owned()),
                changes: true,
                range: Some(0..4),
                ..step(StepId::ParseScheme, Stage::Parse)
            },
            StepJson {
                decision: Some("kept".to_owned()),
                mode: Some(Mode::Chrome),
                failed: true,
                ..step(StepId::ParseComponent, Stage::Parse)
            },
            step(StepId::Serialize, Stage::Serialize),
        ];
        let text = render(&steps);
        assert_eq!(
            text,
            "Parsing\n\
             \x20 parse.scheme  Somewhere, step 1\n\
             \x20     scheme: (absent) → \"HT\\tTP\"  [input bytes 0..4]\n\
             \x20 parse.component  Somewhere, step 1  [CHROME only]  FAILED\n\
             \x20     kept\n\
             \n\
             Serialization\n\
             \x20 serialize  Somewhere, step 1\n"
        );
    }
}
