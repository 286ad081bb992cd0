//! A value with its changed characters marked: removed ones struck through
//! on a red background, added ones underlined on a green one (a line as
//! well as a colour, so the mark does not rest on colour alone), cut to a
//! window around the change for a row of the trace. The trace's rows and
//! the selected step's detail both write values this way.

use std::ops::Range;

use egui::text::{LayoutJob, TextFormat};
use egui::{FontId, Stroke};

use crate::app::escape::{shorten, shorten_end, shown};
use crate::app::theme;

/// Characters of context shown around a change in a row.
pub const ROW_CONTEXT: usize = 14;
/// Characters of the change itself shown in a row.
pub const ROW_CHANGE: usize = 40;
/// Characters shown in the selected step's detail.
pub const DETAIL_CHARS: usize = 1500;

/// How removed and added characters are marked (colour plus a line, so the
/// mark does not rest on colour alone).
pub fn change_formats(font: &FontId, v: &egui::Visuals) -> (TextFormat, TextFormat) {
    let (red, green) = theme::change_backgrounds(v);
    let mut removed = TextFormat::simple(font.clone(), v.strong_text_color());
    removed.background = red;
    removed.strikethrough = Stroke::new(1.0, v.strong_text_color());
    let mut added = TextFormat::simple(font.clone(), v.strong_text_color());
    added.background = green;
    added.underline = Stroke::new(1.0, v.strong_text_color());
    (removed, added)
}

/// Appends `text` with `mark` (a byte range) in the marked format. With
/// `context`, only a window around the mark is appended.
pub fn append_marked(
    job: &mut LayoutJob,
    text: &str,
    mark: Range<usize>,
    escapes: bool,
    context: Option<usize>,
    plain: &TextFormat,
    marked: &TextFormat,
) {
    let start = mark.start.min(text.len());
    let mark = start..mark.end.min(text.len()).max(start);
    if !text.is_char_boundary(mark.start) || !text.is_char_boundary(mark.end) {
        job.append(&shorten(text, DETAIL_CHARS, escapes), 0.0, plain.clone());
        return;
    }
    if text.is_empty() {
        job.append("\"\"", 0.0, plain.clone());
        return;
    }
    let (head, middle, tail) = (&text[..mark.start], &text[mark.clone()], &text[mark.end..]);
    let limit = context.unwrap_or(DETAIL_CHARS);
    let change_limit = if context.is_some() {
        ROW_CHANGE
    } else {
        DETAIL_CHARS
    };
    // The head: its last `limit` characters.
    let head_start = match limit {
        0 => head.len(),
        n => head.char_indices().rev().nth(n - 1).map_or(0, |(i, _)| i),
    };
    if head_start > 0 {
        job.append("…", 0.0, plain.clone());
    }
    job.append(&shown(&head[head_start..], escapes), 0.0, plain.clone());
    if !middle.is_empty() {
        job.append(&shorten(middle, change_limit, escapes), 0.0, marked.clone());
    }
    job.append(&shorten_end(tail, limit, escapes), 0.0, plain.clone());
}
