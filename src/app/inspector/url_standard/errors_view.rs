//! The input as the URL Standard's parser read it, with a range marked, and
//! the validation errors the parse reported, each with its input range
//! (selecting one marks its range in the input).

use std::ops::Range;

use egui::text::LayoutJob;
use egui::{Color32, FontId, RichText, TextFormat, Ui};

use super::analysis::StandardAnalysis;
use crate::app::escape::shown;
use crate::app::theme;

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

/// `text` in monospace with `marked` on the selection colour and the
/// character at `pointer` underlined and coloured.
pub fn marked_text(
    ui: &Ui,
    text: &str,
    marked: Option<Range<usize>>,
    pointer: Option<usize>,
    escapes: bool,
) -> LayoutJob {
    let font = FontId::monospace(13.0);
    let plain = TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut mark = plain.clone();
    mark.background = theme::selected_row(ui.visuals());
    let mut at = plain.clone();
    at.background = ui.visuals().selection.bg_fill;
    at.color = ui.visuals().strong_text_color();
    at.underline = egui::Stroke::new(2.0, ui.visuals().selection.stroke.color);
    let mut job = LayoutJob::default();
    for (i, c) in text.char_indices() {
        let format = if pointer == Some(i) {
            at.clone()
        } else if marked.as_ref().is_some_and(|r| r.contains(&i)) {
            mark.clone()
        } else {
            plain.clone()
        };
        let mut buf = [0u8; 4];
        job.append(&shown(c.encode_utf8(&mut buf), escapes), 0.0, format);
    }
    if pointer.is_some_and(|p| p >= text.len()) {
        // The pointer is past the last code point: the EOF code point.
        job.append(
            "EOF",
            4.0,
            TextFormat {
                font_id: FontId::monospace(11.0),
                ..at
            },
        );
    }
    if text.is_empty() && pointer.is_none() {
        job.append("(empty)", 0.0, TextFormat::simple(font, Color32::GRAY));
    }
    job
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
            "{}  at {}..{}  {}",
            e.error.name(),
            range.start,
            range.end,
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
            "{name}  at {}..{} of the {what}: {}",
            f.range.start, f.range.end, f.reason
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
