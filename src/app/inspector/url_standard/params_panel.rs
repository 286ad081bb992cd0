//! The edited URL's query as `URLSearchParams` (URL Standard, URLSearchParams
//! class): its name/value list decoded by the
//! application/x-www-form-urlencoded parser, edited with append, set,
//! delete and sort, then written back as the serialized query (the
//! `search` setter's trace shows how) with the href it makes.

use egui::{RichText, Ui};

use super::edits::Edits;
use crate::app::escape::shown;

/// Draws the parameter table and its editor.
pub fn params_ui(ui: &mut Ui, edits: &mut Edits) {
    if edits.url.is_none() {
        return;
    }
    ui.label(RichText::new("Query as URLSearchParams").strong())
        .on_hover_text(
            "The query decoded as application/x-www-form-urlencoded ('+' is a space). \
         Editing the list serializes it back into the query.",
        );
    let mut delete = None;
    let mut changed = false;
    let inner = |ui: &mut Ui| {
        egui::Grid::new("standard-params")
            .num_columns(3)
            .striped(true)
            .spacing([10.0, 3.0])
            .show(ui, |ui| {
                ui.weak("name");
                ui.weak("value");
                ui.end_row();
                for (i, (name, value)) in edits.params.list.iter().enumerate() {
                    ui.monospace(shown(name, true));
                    ui.monospace(shown(value, true));
                    let del = ui.small_button("Delete").on_hover_text(format!(
                        "params.delete(\"{}\", \"{}\"): this pair only",
                        shown(name, true),
                        shown(value, true)
                    ));
                    del.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::Role::Button,
                            true,
                            format!("Delete {name}={value}"),
                        )
                    });
                    if del.clicked() {
                        delete = Some(i);
                    }
                    ui.end_row();
                }
            });
    };
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("URLSearchParams table"),
        inner,
    );
    if edits.params.list.is_empty() {
        ui.weak("No parameters.");
    }
    if let Some(i) = delete {
        let (name, value) = edits.params.list[i].clone();
        edits.params.delete(&name, Some(&value));
        changed = true;
    }
    changed |= editor_ui(ui, edits);
    if changed {
        edits.update_from_params();
    }
    ui.horizontal_wrapped(|ui| {
        let label = ui.label("Serialized");
        let serialized = edits.params.serialize();
        let text = if serialized.is_empty() {
            "(empty: no query)".to_owned()
        } else {
            serialized
        };
        ui.label(RichText::new(text).monospace())
            .labelled_by(label.id);
    });
}

/// The name and value fields and the operations; whether the list changed.
fn editor_ui(ui: &mut Ui, edits: &mut Edits) -> bool {
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        let n = ui.label("param name");
        ui.add(
            egui::TextEdit::singleline(&mut edits.param_name)
                .desired_width(110.0)
                .font(egui::TextStyle::Monospace),
        )
        .labelled_by(n.id);
        let v = ui.label("param value");
        ui.add(
            egui::TextEdit::singleline(&mut edits.param_value)
                .desired_width(140.0)
                .font(egui::TextStyle::Monospace),
        )
        .labelled_by(v.id);
    });
    ui.horizontal_wrapped(|ui| {
        let (name, value) = (edits.param_name.clone(), edits.param_value.clone());
        if ui.button("Append").on_hover_text("params.append(name, value): adds a pair at the end").clicked() {
            edits.params.append(&name, &value);
            changed = true;
        }
        if ui
            .button("Set param")
            .on_hover_text("params.set(name, value): the first pair of that name takes the value, the others go")
            .clicked()
        {
            edits.params.set(&name, &value);
            changed = true;
        }
        if ui
            .button("Delete all named")
            .on_hover_text("params.delete(name): every pair of that name goes")
            .clicked()
        {
            edits.params.delete(&name, None);
            changed = true;
        }
        if ui
            .button("Sort")
            .on_hover_text("params.sort(): by name, in code units; pairs of one name keep their order")
            .clicked()
        {
            edits.params.sort();
            changed = true;
        }
    });
    changed
}
