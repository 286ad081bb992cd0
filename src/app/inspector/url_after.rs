//! "The URL after this step": in the left column, between the input and the
//! components, when a trace step is selected: the whole URL as it stands
//! once that step is done, written out and component by
//! component, from the raw input (nothing parsed yet) to the canonical URL
//! at the last step.
//!
//! The values are the engine's snapshot ([`crate::engine::Trace::url_after`]),
//! folded from the steps' own before/after values: nothing is recomputed and
//! nothing is copied but what is on screen. A step of the base URL shows the
//! base as parsed so far, and says so. The component the step changed is
//! marked "◀ this step" in words, not only by its colour.

use egui::{RichText, TextEdit, TextStyle};

use crate::engine::Component;
use crate::engine::spec2012::{Subject, UrlAfter};

use crate::app::analysis::Analysis;
use crate::app::command::Command;
use crate::app::escape::{preview, shorten};
use crate::app::symbols::with_words;
use crate::app::theme;

/// Characters of the written-out URL shown in place (the rest is one click away).
const SHOWN_CHARS: usize = 300;
/// Characters of each component's value shown in the table.
const VALUE_CHARS: usize = 120;

/// Draws the URL after step `i` of the analysis' trace.
pub fn url_after_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    i: usize,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let (Some(url), Some(step)) = (a.url_after(i), a.step(i)) else {
        return;
    };
    let written = url.serialization();
    let label = ui.horizontal_wrapped(|ui| {
        let label = ui.heading("URL after this step");
        ui.label(state_words(a, i, &url, &written));
        if written.chars().nth(SHOWN_CHARS).is_some() && ui.small_button("Show all").clicked() {
            commands.push(Command::ShowAll {
                title: format!("The URL after step #{i}"),
                text: written.clone(),
            });
        }
        label.id
    });
    let shown = if written.is_empty() {
        "(nothing parsed yet)".to_owned()
    } else {
        preview(&written, SHOWN_CHARS, escapes)
    };
    ui.add(
        TextEdit::multiline(&mut shown.as_str())
            .id(ui.make_persistent_id("url-after-step"))
            .font(TextStyle::Monospace)
            .desired_rows(1)
            .desired_width(f32::INFINITY),
    )
    .labelled_by(label.inner);

    let changed = step.component.filter(|_| step.changes);
    ui.scope_builder(
        egui::UiBuilder::new().accessibility_label("Components after this step"),
        |ui| {
            egui::Grid::new("url-after-components")
                .num_columns(2)
                .spacing([10.0, 2.0])
                .striped(true)
                .show(ui, |ui| {
                    for c in Component::ALL {
                        component_row(ui, c, url.get(c), changed == Some(c), escapes);
                        ui.end_row();
                    }
                });
        },
    );
}

/// Whose URL this is and how far it has come, in words.
fn state_words(a: &Analysis, i: usize, url: &UrlAfter<'_>, written: &str) -> String {
    let total = a.steps.len();
    let mut words = format!("(#{i}, {} of {total})", i + 1);
    if url.subject == Subject::Base {
        words.push_str(" · the base URL, as parsed so far");
    }
    if url.failed {
        words.push_str(" · a step up to here failed");
    } else if i + 1 == total && a.outcome.canon.as_deref() == Some(written) {
        words.push_str(" · the canonical URL");
    }
    words
}

/// One component: its name in its colour, its value, and after it the
/// mark of the component the step changed.
fn component_row(
    ui: &mut egui::Ui,
    c: Component,
    value: Option<&str>,
    changed: bool,
    escapes: bool,
) {
    let color = theme::component_color(c, ui.visuals().dark_mode);
    ui.label(RichText::new(format!("■ {c}")).monospace().color(color));
    ui.horizontal_wrapped(|ui| {
        match value {
            None => ui.label(RichText::new("absent").italics()),
            Some("") => ui.label(RichText::new("\"\" (empty)").italics()),
            Some(v) => ui.add(
                egui::Label::new(RichText::new(shorten(v, VALUE_CHARS, escapes)).monospace())
                    .wrap(),
            ),
        };
        if changed {
            let strong = ui.visuals().strong_text_color();
            ui.label(with_words(ui, "◀", "this step", strong));
        }
    });
}
