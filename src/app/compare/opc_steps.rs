//! OPC's steps (ECMA-376 Part 2, Annex A: the arcs from a Unicode string to
//! a part name), one row each with what it made of the reference, and the
//! part-name rule the result breaks, if it breaks one.

use egui::RichText;

use crate::resolvers::Answer;
use crate::resolvers::opc::Step;

use super::super::command::Command;
use super::super::escape::shorten;

/// How much of a value a row shows (all of it on hover).
const SHOWN_CHARS: usize = 90;

/// The verdict, then the steps.
pub fn opc_ui(
    ui: &mut egui::Ui,
    answer: &Answer,
    steps: &[Step],
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    verdict_ui(ui, answer);
    ui.add_space(4.0);
    egui::Grid::new("opc-steps")
        .num_columns(3)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            for (i, s) in steps.iter().enumerate() {
                step_row(ui, i, s, escapes, commands);
            }
        });
    // Monospace: the marks are in the monospace font everywhere.
    ui.label(
        RichText::new("● changed the reference   ○ left it as it was   × made it invalid")
            .monospace()
            .color(ui.visuals().weak_text_color()),
    );
}

/// The part name, or the rule it breaks.
fn verdict_ui(ui: &mut egui::Ui, answer: &Answer) {
    match (answer.valid_canon(), answer.why_invalid()) {
        (Some(name), _) => {
            ui.label(format!("Part name: {name}"));
        }
        (None, Some(why)) if why.code.starts_with("opc.part-name.") => {
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

/// One step: its mark and citation, and the reference after it.
fn step_row(ui: &mut egui::Ui, i: usize, s: &Step, escapes: bool, commands: &mut Vec<Command>) {
    let (mark, color) = if s.failed {
        ("×", ui.visuals().error_fg_color)
    } else if s.changed() {
        ("●", ui.visuals().strong_text_color())
    } else {
        ("○", ui.visuals().weak_text_color())
    };
    ui.label(
        RichText::new(format!("{mark} {}", i + 1))
            .monospace()
            .color(color),
    );
    ui.label(RichText::new(s.id.citation()).color(color))
        .on_hover_text(format!("{} ({})", s.id.explanation(), s.id.id()));
    ui.horizontal(|ui| {
        let value = if s.changed() {
            RichText::new(shorten(&s.after, SHOWN_CHARS, escapes)).monospace()
        } else {
            RichText::new("unchanged").color(ui.visuals().weak_text_color())
        };
        let r = ui
            .add(egui::Label::new(value).sense(egui::Sense::click()))
            .on_hover_text(format!(
                "before: {}\nafter:  {}\nClick to copy the result of this step.",
                shorten(&s.before, 1000, escapes),
                shorten(&s.after, 1000, escapes)
            ));
        if r.clicked() {
            commands.push(Command::Copy {
                what: format!("the reference after OPC {}", s.id.id()),
                text: s.after.clone(),
            });
        }
        if let Some(d) = &s.decision {
            ui.weak(shorten(d, SHOWN_CHARS, escapes));
        }
    });
    ui.end_row();
}
