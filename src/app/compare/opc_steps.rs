//! OPC's steps (ECMA-376 Part 2, Annex A: the arcs from a Unicode string to
//! a part name): a row for each step that did something (changed the
//! reference, decided, failed) with what it made of the reference, one line
//! naming the steps that left it as it was, and the part-name rule the
//! result breaks, if it breaks one.

use egui::RichText;

use crate::engine::{Step, StepId};
use crate::resolvers::{Answer, NoteCode};

use super::super::command::Command;
use super::super::escape::{shorten, shorten_end};
use super::table::char_width;

/// What the mark and citation columns take, in points, before the value.
const LEFT_OF_VALUE: f32 = 340.0;
/// A decision is shown beside its value only with this much room.
const DECISION_MIN_CHARS: usize = 14;

/// The verdict, then the steps (the answer's trace).
pub fn opc_ui(ui: &mut egui::Ui, answer: &Answer, escapes: bool, commands: &mut Vec<Command>) {
    let steps = answer.trace.as_ref().map_or(&[][..], |t| &t.steps[..]);
    let absolute = steps.iter().any(|s| s.id == StepId::OpcAbsolute);
    verdict_ui(ui, answer, absolute);
    ui.add_space(4.0);
    let value_chars = ((ui.available_width() - LEFT_OF_VALUE) / char_width(ui)).clamp(16.0, 200.0);
    let did = |s: &&Step| changed(s) || s.failed || s.decision.is_some();
    egui::Grid::new("opc-steps")
        .num_columns(3)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            for (i, s) in steps.iter().enumerate().filter(|(_, s)| did(s)) {
                step_row(ui, i, s, value_chars as usize, escapes, commands);
            }
        });
    let unchanged: Vec<StepId> = steps.iter().filter(|s| !did(s)).map(|s| s.id).collect();
    if !unchanged.is_empty() {
        ui.add(
            egui::Label::new(
                RichText::new(format!("○ left as it was: {}", short_names(&unchanged)))
                    .monospace()
                    .color(ui.visuals().weak_text_color()),
            )
            .wrap(),
        );
    }
    ui.label(
        RichText::new("● changed the reference   ◆ decided   × made it invalid")
            .monospace()
            .color(ui.visuals().weak_text_color()),
    );
}

/// Whether an OPC step changed the reference (it records the whole
/// reference before and after).
fn changed(s: &Step) -> bool {
    s.before != s.after
}

/// The reference after an OPC step.
fn after(s: &Step) -> &str {
    s.after.as_deref().unwrap_or_default()
}

/// A step's name in a few characters: its group and its number in it.
fn short_name(id: StepId) -> (&'static str, &'static str) {
    match id {
        StepId::OpcToIri => ("arcs", "1"),
        StepId::OpcToUri => ("arcs", "2"),
        StepId::OpcAbsolute => ("absolute URI", ""),
        StepId::OpcBrackets => ("A.3 steps", "1"),
        StepId::OpcLonePercent => ("A.3 steps", "2"),
        StepId::OpcDecodeUnreserved => ("A.3 steps", "3"),
        StepId::OpcDecodeSlashes => ("A.3 steps", "4"),
        StepId::OpcBackslashes => ("A.3 steps", "5"),
        StepId::OpcTrailingDots => ("A.3 steps", "6"),
        StepId::OpcSlashRuns => ("A.3 steps", "7"),
        StepId::OpcTrailingSlash => ("A.3 steps", "8"),
        StepId::OpcDotSegments => ("A.3 steps", "9"),
        StepId::OpcResolve => ("A.3 steps", "10"),
        StepId::OpcPartName => ("part-name rules", ""),
        // The OPC resolver records no step of the engine's stages; were
        // one here, its stable id would name it.
        other => (other.id(), ""),
    }
}

/// Steps named in few words, those of a group together: `arcs 1, 2; A.3
/// steps 1, 2, 5`.
fn short_names(ids: &[StepId]) -> String {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for &id in ids {
        let (group, number) = short_name(id);
        match groups.last_mut() {
            Some((g, numbers)) if *g == group => numbers.push(number),
            _ => groups.push((group, vec![number])),
        }
    }
    let parts: Vec<String> = groups
        .into_iter()
        .map(|(g, numbers)| format!("{g} {}", numbers.join(", ")).trim().to_owned())
        .collect();
    parts.join("; ")
}

/// The part name, or the rule it breaks.
fn verdict_ui(ui: &mut egui::Ui, answer: &Answer, absolute: bool) {
    match (answer.valid_canon(), answer.why_invalid()) {
        (Some(uri), _) if absolute => {
            ui.label(format!("An absolute URI, resolved the ordinary way: {uri}"));
        }
        (Some(name), _) => {
            ui.label(format!("Part name: {name}"));
        }
        (None, Some(why)) if is_part_name_rule(why.code) => {
            ui.colored_label(
                ui.visuals().error_fg_color,
                format!("× Not a part name, rule broken: {}", why.message),
            )
            .on_hover_text(format!("code {}", why.code));
        }
        (None, Some(why)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("× {}", why.message));
        }
        (None, None) => {
            ui.colored_label(ui.visuals().error_fg_color, "× invalid");
        }
    }
}

/// Whether the note says which part-name rule the name breaks.
fn is_part_name_rule(code: NoteCode) -> bool {
    match code {
        NoteCode::Opc(code) => code.is_part_name_rule(),
        NoteCode::Step(_)
        | NoteCode::Engine(_)
        | NoteCode::Validation(_)
        | NoteCode::Whatwg(_)
        | NoteCode::RustUrl(_)
        | NoteCode::Rfc3986(_)
        | NoteCode::Set(_)
        | NoteCode::Live(_)
        | NoteCode::Python(_)
        | NoteCode::Go(_)
        | NoteCode::Curl(_)
        | NoteCode::NodeLegacy(_)
        | NoteCode::Urllib3(_)
        | NoteCode::Php(_)
        | NoteCode::Ruby(_)
        | NoteCode::JavaUri(_)
        | NoteCode::JavaUrl(_)
        | NoteCode::Perl(_)
        | NoteCode::CanonForms(_) => false,
    }
}

/// One step: its mark and citation, and the reference after it.
fn step_row(
    ui: &mut egui::Ui,
    i: usize,
    s: &Step,
    value_chars: usize,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let (mark, color) = if s.failed {
        ("×", ui.visuals().error_fg_color)
    } else if changed(s) {
        ("●", ui.visuals().strong_text_color())
    } else {
        ("◆", ui.visuals().text_color())
    };
    // The mark alone: the citation says which step of the spec this is (a
    // count of the steps run would read as a second, different step number).
    ui.label(RichText::new(mark).monospace().color(color))
        .on_hover_text(format!("Step {} of this run", i + 1));
    ui.label(RichText::new(s.id.citation()).color(color))
        .on_hover_text(format!("{} ({})", s.id.explanation(), s.id.id()));
    ui.horizontal(|ui| {
        let r = ui
            .add(
                egui::Label::new(
                    RichText::new(shorten(after(s), value_chars, escapes)).monospace(),
                )
                .sense(egui::Sense::click()),
            )
            .on_hover_text(format!(
                "before: {}\nafter:  {}\n{}Click to copy the result of this step.",
                shorten(s.before.as_deref().unwrap_or_default(), 1000, escapes),
                shorten(after(s), 1000, escapes),
                s.decision.as_deref().map_or(String::new(), |d| format!(
                    "{}\n",
                    shorten(d, 1000, escapes)
                ))
            ));
        if r.clicked() {
            commands.push(Command::Copy {
                what: format!("the reference after OPC {}", s.id.id()),
                text: after(s).to_owned(),
            });
        }
        if let Some(d) = &s.decision {
            // Beside the value when there is room; else on the value's hover.
            let shown = after(s).chars().take(value_chars).count();
            let room = value_chars.saturating_sub(shown);
            if room >= DECISION_MIN_CHARS {
                ui.weak(shorten_end(d, room, escapes)).on_hover_text(&**d);
            }
        }
    });
    ui.end_row();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_group_the_steps() {
        let ids = [
            StepId::OpcToIri,
            StepId::OpcToUri,
            StepId::OpcBrackets,
            StepId::OpcSlashRuns,
            StepId::OpcPartName,
        ];
        assert_eq!(
            short_names(&ids),
            "arcs 1, 2; A.3 steps 1, 7; part-name rules"
        );
    }
}
