//! The result strip of the URL Standard: the href the input parses to, or
//! why it (or its base) fails, with the validation errors counted. With one
//! of today's browsers chosen, the browser's href (or its refusal) comes
//! first, then where and why the browser leaves the Standard, each
//! departure a link to its step in the trace, then the Standard's own.

use egui::{RichText, Ui};

use super::analysis::{BrowserView, StandardAnalysis};
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
    if let Some(view) = &a.browser {
        browser_ui(ui, a, view, escapes, commands);
        ui.add_space(4.0);
        ui.weak(if view.differs(&a.answer) {
            "The URL Standard's own reading, which the record, errors and setters below show:"
        } else {
            "The URL Standard gives the same; its record, errors and setters are below:"
        });
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

/// The browser's answer and its departures.
fn browser_ui(
    ui: &mut Ui,
    a: &StandardAnalysis,
    view: &BrowserView,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let label = view.browser.label();
    match a.answer.valid_canon() {
        Some(href) => {
            ui.horizontal_wrapped(|ui| {
                let heading = ui
                    .label(RichText::new(format!("{label} href")).strong())
                    .on_hover_text(format!(
                        "What {}'s new URL(input, base) gives, by its model: the URL Standard \
                         with the browser's departures",
                        view.browser.version()
                    ));
                if ui.button("Copy").on_hover_text("Copy this href").clicked() {
                    commands.push(Command::Copy {
                        what: format!("{label}'s href"),
                        text: href.to_owned(),
                    });
                }
                super::setters_panel::read_only(ui, &shown(href, escapes), "browser-href")
                    .labelled_by(heading.id);
            });
        }
        None => {
            let why = a
                .answer
                .why_invalid()
                .map_or("no reason given", |n| n.message.as_str());
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{label} throws a TypeError"))
                        .strong()
                        .color(ui.visuals().error_fg_color),
                );
                ui.label(why);
            });
        }
    }
    if view.departures.is_empty() {
        ui.label(format!(
            "{label} reads this URL as the URL Standard does: no departure taken."
        ));
        return;
    }
    let color = ui.visuals().warn_fg_color;
    for &(id, at) in &view.departures {
        ui.horizontal_wrapped(|ui| {
            let place = at.map_or_else(
                || "(trace not recorded)".to_owned(),
                |i| format!("at step {i}"),
            );
            ui.label(RichText::new(format!("{label} leaves the Standard {place}:")).color(color));
            let link = ui
                .link(RichText::new(id.id()).monospace())
                .on_hover_text(format!(
                    "{}. Click to show the step in the trace.",
                    id.citation()
                ));
            if link.clicked() {
                commands.push(Command::SelectStep(at));
            }
            ui.label(id.explanation());
        });
    }
}
