//! The input as the URL Standard's parser read it, with a range marked, and
//! the validation errors the parse reported, each with its input range
//! (selecting one marks its range in the input).

use std::ops::Range;

use egui::{RichText, Ui};

use super::analysis::StandardAnalysis;
use crate::app::escape::{byte_span, shown};
use crate::app::inspector::pointer_text::marked_text;

/// The input as read (after the Standard's preprocessing), `marked` on a
/// highlighted background.
pub fn input_ui(ui: &mut Ui, a: &StandardAnalysis, marked: Option<Range<usize>>, escapes: bool) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Input as the parser reads it").strong())
            .on_hover_text(
                "After the basic URL parser's first steps: C0 controls and spaces trimmed \
                 from both ends, tabs and newlines removed. Pointers and ranges count in it.",
            );
        if a.read != a.request.input {
            ui.weak("(preprocessing changed it)");
        }
    });
    let job = marked_text(ui, &a.read, marked, None, escapes);
    ui.label(job);
}

/// The validation errors as a list; clicking one marks its range.
pub fn errors_ui(ui: &mut Ui, a: &StandardAnalysis, marked: &mut Option<Range<usize>>) {
    let errors = a.errors();
    let title = match errors.len() {
        0 => "No validation errors".to_owned(),
        1 => "1 validation error".to_owned(),
        n => format!("{n} validation errors"),
    };
    ui.label(RichText::new(title).strong()).on_hover_text(
        "Where the input departs from a valid URL string. Most are not fatal: \
         the parser repairs them and goes on.",
    );
    for e in errors {
        let range = e.range.clone();
        let selected = marked.as_ref() == Some(&range);
        let text = format!(
            "{}  {}  {}",
            e.error.name(),
            byte_span(&range),
            shown(a.read.get(range.clone()).unwrap_or(""), true)
        );
        let r = ui
            .selectable_label(selected, RichText::new(text).monospace())
            .on_hover_text(e.error.explanation());
        if r.clicked() {
            *marked = if selected { None } else { Some(range) };
        }
    }
    if let Some((what, f)) = a.failure() {
        let name = f.error.map(|e| e.name()).unwrap_or("failure");
        let text = format!(
            "{name}  {} of the {what}: {}",
            byte_span(&f.range),
            f.reason
        );
        let r = ui.selectable_label(
            what == "URL" && marked.as_ref() == Some(&f.range),
            RichText::new(text)
                .monospace()
                .color(ui.visuals().error_fg_color),
        );
        if r.clicked() && what == "URL" {
            *marked = Some(f.range.clone());
        }
    }
}
