//! The result strip of the URL Standard: the href the input parses to, or
//! why it (or its base) fails, with the validation errors counted.

use egui::{RichText, Ui};

use super::analysis::StandardAnalysis;
use crate::app::command::Command;
use crate::app::escape::shown;
use crate::app::state::is_blank;

/// Draws the strip for `analysis` (a spinner before the first result).
pub fn result_ui(
    ui: &mut Ui,
    analysis: Option<&StandardAnalysis>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let Some(a) = analysis else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Computing the first result…");
        });
        return;
    };
    if is_blank(&a.request.input) && a.request.base.trim().is_empty() {
        ui.label(RichText::new("No URL yet").strong());
        ui.label("Type or paste a URL in the field above; the result follows every keystroke.");
        return;
    }
    if let Some((what, f)) = a.failure() {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(format!("Invalid {what}"))
                    .strong()
                    .color(ui.visuals().error_fg_color),
            );
            let name = f.error.map(|e| e.name()).unwrap_or("failure");
            ui.label(RichText::new(name).monospace());
            ui.label(f.reason);
        });
        return;
    }
    let Some(url) = a.url() else { return };
    let href = url.href();
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(RichText::new("href").strong()).on_hover_text(
            "The URL serializer's output for the parsed URL record (the URL Standard)",
        );
        if ui.button("Copy").on_hover_text("Copy the href").clicked() {
            commands.push(Command::Copy {
                what: "the href".to_owned(),
                text: href.to_owned(),
            });
        }
        super::setters_panel::read_only(ui, &shown(href, escapes), "standard-href")
            .labelled_by(label.id);
    });
    let n = a.errors().len();
    if n > 0 {
        ui.label(
            RichText::new(format!(
                "{n} validation error{} (the parser repaired {}); listed below",
                if n == 1 { "" } else { "s" },
                if n == 1 { "it" } else { "them" }
            ))
            .color(ui.visuals().warn_fg_color),
        );
    }
}
