//! The ten URL API setters as editable rows: each shows what its attribute
//! reads as on the edited URL; Enter or "Set" runs the setter with the
//! field's text. Under them: the edited href, what the last setter did
//! (or why the Standard refused it, the URL left unchanged), its trace,
//! and the buttons to reset the edits or put the edited href into the URL
//! field.

use egui::{RichText, Ui};

use super::edits::{Edits, index};
use super::trace_list::steps_ui;
use crate::app::command::Command;
use crate::app::escape::shown;
use crate::app::state::{HistoryEntry, State};
use crate::engine::url_standard::Setter;

/// Draws the setters, the edited href and the last setter's result.
pub fn setters_ui(ui: &mut Ui, edits: &mut Edits, state: &State, commands: &mut Vec<Command>) {
    ui.label(RichText::new("Edit through the URL API").strong())
        .on_hover_text(
            "Each row is an attribute of the URL class. Change its text and press Enter \
             (or Set): its setter runs on the edited URL, as `url.port = \"8080\"` would.",
        );
    if edits.url.is_none() {
        return;
    }
    let mut run = None;
    // Rows rather than a grid: a grid sizes its columns from the frame
    // before, which would keep the text fields as narrow as they started.
    let field_w = (ui.available_width() - 170.0).clamp(120.0, 520.0);
    for setter in Setter::ALL {
        ui.horizontal(|ui| {
            let name = ui.add_sized(
                [110.0, 18.0],
                egui::Label::new(RichText::new(format!("url.{}", setter.name())).monospace()),
            );
            let field = &mut edits.fields[index(setter)];
            let r = ui
                .add(
                    egui::TextEdit::singleline(field)
                        .font(egui::TextStyle::Monospace)
                        .desired_width(field_w),
                )
                .labelled_by(name.id);
            let entered = r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let set = ui
                .button("Set")
                .on_hover_text(format!("Run the {} setter", setter.name()));
            // The button's name for a screen reader says which setter.
            set.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::Button,
                    true,
                    format!("Set {}", setter.name()),
                )
            });
            if entered || set.clicked() {
                run = Some(setter);
            }
        });
    }
    if let Some(setter) = run {
        edits.apply_field(setter);
    }
    ui.add_space(4.0);
    edited_href_ui(ui, edits, state, commands);
    last_edit_ui(ui, edits, state.escapes);
}

/// The edited href, with Reset and Apply to input.
fn edited_href_ui(ui: &mut Ui, edits: &mut Edits, state: &State, commands: &mut Vec<Command>) {
    let Some(href) = edits.url.as_ref().map(|u| u.href().to_owned()) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(RichText::new("Edited href").strong());
        read_only(ui, &shown(&href, state.escapes), "edited-href").labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let changed = edits.changed();
        let apply = ui
            .add_enabled(changed, egui::Button::new("Apply to input"))
            .on_hover_text(
                "Put the edited href into the URL field (the current input stays in the history)",
            );
        if apply.clicked() {
            commands.push(Command::Remember);
            commands.push(Command::Restore(HistoryEntry {
                input: href.clone(),
                ..state.entry()
            }));
        }
        if ui
            .add_enabled(
                changed || edits.last.is_some(),
                egui::Button::new("Reset edits"),
            )
            .on_hover_text("Back to the URL as parsed from the input")
            .clicked()
        {
            edits.reset();
        }
        if !changed {
            ui.weak("No edits yet: the URL is as parsed.");
        }
    });
}

/// A read-only field: selectable, and its value tells a screen reader.
pub fn read_only(ui: &mut Ui, text: &str, id: &str) -> egui::Response {
    ui.add(
        egui::TextEdit::singleline(&mut &*text)
            .id(ui.make_persistent_id(id))
            .font(egui::TextStyle::Monospace)
            .desired_width(f32::INFINITY),
    )
}

/// What the last setter did, and its trace.
fn last_edit_ui(ui: &mut Ui, edits: &mut Edits, escapes: bool) {
    let Some(last) = &edits.last else { return };
    let selected = &mut edits.selected_step;
    ui.add_space(4.0);
    let call = format!(
        "url.{} = \"{}\"",
        last.setter.name(),
        shown(&last.value, true)
    );
    match &last.result {
        Ok(()) => {
            let after = edits.url.as_ref().map(|u| u.href()).unwrap_or("");
            let what = if after == last.before {
                "left the URL as it was".to_owned()
            } else {
                format!("made {}", shown(after, escapes))
            };
            ui.label(RichText::new(format!("{call}  {what}")).monospace());
        }
        Err(refused) => {
            let text = format!("{call} refused: {}. The URL is unchanged.", refused.reason);
            ui.label(RichText::new(text).color(ui.visuals().error_fg_color))
                .on_hover_text(
                    refused
                        .errors
                        .iter()
                        .map(|e| e.error.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                );
        }
    }
    let value: String = last
        .value
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let steps = &last.trace.steps;
    egui::CollapsingHeader::new(format!(
        "The {} setter's trace ({} steps)",
        last.setter.name(),
        steps.len()
    ))
    .id_salt("setter-trace")
    .default_open(true)
    .show(ui, |ui| {
        let value = value.as_str();
        steps_ui(ui, steps, (value, value), selected, escapes, "setter-trace");
    });
}
