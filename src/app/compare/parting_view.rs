//! The Compare view's "where the modes part" section: for each shown spec
//! mode that takes other steps than the anchor mode, the step where it
//! parts ([`super::parting`] computes it) and what each did there, each
//! side a link into that mode's trace.

use egui::RichText;

use crate::engine::Mode;
use crate::resolvers::Resolver;

use super::super::command::Command;
use super::compute::Comparison;
use super::parting::Parting;

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
