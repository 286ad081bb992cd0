//! A text read by a state machine, in monospace, with a range marked on the
//! selection colour and the code point at the pointer underlined (the URL
//! Standard's input as its parser read it, a setter's value). A leaf of the
//! inspector: the trace's detail and the URL Standard's panels both use it.

use std::ops::Range;

use egui::text::LayoutJob;
use egui::{Color32, FontId, TextFormat, Ui};

use crate::app::escape::shown;
use crate::app::theme;

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
