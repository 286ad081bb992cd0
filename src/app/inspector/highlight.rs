//! The input, coloured by component: each character in the colour of the
//! component it was parsed into. Colour is never the only cue: the legend
//! names every colour, hovering a character names its component and
//! position, and the selected step's (or note's) characters are drawn in the
//! selection colours.
//!
//! Two more marks make what a person must not miss visible in place:
//! - every note's characters ([`crate::engine::Note::range`]) are underlined
//!   in a style of their level: a zigzag for a warning, dashes for
//!   information, dots for a hint (a caret where something was removed);
//!   hovering names the notes there;
//! - every non-ASCII character is tinted and boxed, and hovering it gives
//!   its code point and Unicode name (`U+0440 CYRILLIC SMALL LETTER ER`), so
//!   a Cyrillic "р" among Latin letters is seen, not only read.
//!
//! Ranges are byte ranges of the preprocessed input (what parsing reads).
//! Long inputs are shown as a window of [`WINDOW`] characters around what
//! matters (the selection or the failure), never laid out whole. Colours
//! come from [`crate::app::theme`], in a dark and a light set.

use std::ops::Range;
use std::sync::Arc;

use egui::text::{CCursor, LayoutJob, TextFormat};
use egui::{Galley, RichText, Sense, Stroke, TextStyle};

use crate::engine::notes::describe_char;
use crate::engine::{Component, Note, NoteLevel};

use crate::app::analysis::Analysis;
use crate::app::command::Command;
use crate::app::escape::{byte_span, group_digits, shown};
use crate::app::notes_strip::{level_color, level_words};
use crate::app::state::{State, is_blank};
use crate::app::symbols::with_words;
use crate::app::theme;

/// At most this many characters of the input are laid out.
pub const WINDOW: usize = 600;
/// And at most this many lines of it, so the components table below stays
/// in sight in a short window or a narrow column.
const MAX_LINES: f32 = 4.0;

/// A stretch of laid-out text: where it is in the galley (chars) and in the input (bytes).
struct Piece {
    chars: Range<usize>,
    bytes: Range<usize>,
    component: Option<Component>,
    /// The piece is one non-ASCII character (each has a piece of its own).
    non_ascii: bool,
}

/// The input laid out in colour, and where each stretch of it came from.
struct Laid {
    galley: Arc<Galley>,
    pieces: Vec<Piece>,
    /// Only part of the input is shown.
    cut: bool,
}

/// Draws the panel.
pub fn highlight_ui(
    ui: &mut egui::Ui,
    analysis: Option<&Analysis>,
    state: &State,
    selected: Option<Range<usize>>,
    selected_component: Option<Component>,
    commands: &mut Vec<Command>,
) {
    ui.heading("Input by component");
    let Some(a) = analysis else { return };
    if is_blank(&a.request.input) {
        ui.label("The URL shows here, coloured by component, once there is one.");
        return;
    }
    legend_ui(ui, a, selected_component, commands);

    let text = &a.preprocessed;
    if text.is_empty() {
        ui.weak("(nothing to show: the input is empty after preprocessing)");
        return;
    }
    if a.preprocessing_changed {
        ui.weak("Shown after preprocessing: tabs and newlines removed, outer spaces trimmed, noncharacters replaced.");
    }
    let failure = a.failure.as_ref().and_then(|f| f.input_range.clone());
    let focus = selected
        .as_ref()
        .or(failure.as_ref())
        .map_or(0, |r| r.start);
    let laid = lay_out(
        ui,
        a,
        state.escapes,
        focus,
        selected.as_ref(),
        selected_component,
    );

    let (rect, response) =
        ui.allocate_exact_size(laid.galley.size() + egui::vec2(0.0, 6.0), Sense::hover());
    let plain: String = laid.galley.text().to_owned();
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Input: {plain}"))
    });
    ui.painter()
        .galley(rect.min, laid.galley.clone(), ui.visuals().text_color());
    if laid.cut && ui.small_button("Show the whole input").clicked() {
        commands.push(Command::ShowAll {
            title: "Input (preprocessed)".to_owned(),
            text: text.clone(),
        });
    }
    if let Some(f) = &failure {
        mark_failure(ui, &laid, rect, text, f, state.escapes);
    }
    box_non_ascii(ui, &laid, rect);
    for note in &a.notes {
        mark_note(ui, &laid, rect, text, note, state.escapes);
    }
    marks_legend_ui(ui, a);
    name_under_pointer(a, &laid, rect, response);
}

/// Says what the extra marks mean, when there are any.
fn marks_legend_ui(ui: &mut egui::Ui, a: &Analysis) {
    let non_ascii = a.preprocessed.chars().filter(|c| !c.is_ascii()).count();
    let marked = a.notes.iter().filter(|n| n.range.is_some()).count();
    if non_ascii == 0 && marked == 0 {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        let color = ui.visuals().text_color();
        if non_ascii > 0 {
            let words = format!(
                "{} non-ASCII character{} (tinted and boxed; hover one for its code point)",
                group_digits(non_ascii),
                if non_ascii == 1 { "" } else { "s" }
            );
            ui.label(with_words(ui, "▢", &words, color));
        }
        if marked > 0 {
            ui.label("Notes are underlined there: a zigzag for a warning, dashes for information, dots for a hint.");
        }
    });
}

/// The legend: names for the colours, and a way to select a component.
fn legend_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    selected_component: Option<Component>,
    commands: &mut Vec<Command>,
) {
    let dark = ui.visuals().dark_mode;
    ui.horizontal_wrapped(|ui| {
        for (c, r) in &a.spans {
            let text = RichText::new(format!("■ {c}"))
                .monospace()
                .color(theme::component_color(*c, dark))
                .strong();
            let r = ui
                .selectable_label(selected_component == Some(*c), text)
                .on_hover_text(format!("{c}: {} of the input", byte_span(r)));
            if r.clicked() {
                commands.push(Command::SelectComponent(Some(*c)));
            }
        }
        if a.spans.is_empty() {
            ui.weak("No components were found in the input.");
        }
    });
}

/// Lays out the window of the input around byte `focus`, each stretch on
/// its component's tint and underlined in its colour (thicker when selected),
/// the selected step's characters in the selection colours.
fn lay_out(
    ui: &egui::Ui,
    a: &Analysis,
    escapes: bool,
    focus: usize,
    selected: Option<&Range<usize>>,
    selected_component: Option<Component>,
) -> Laid {
    let text = &a.preprocessed;
    let visuals = ui.visuals();
    let font = TextStyle::Monospace.resolve(ui.style());
    let font = egui::FontId::new(font.size + 2.0, font.family);
    let char_w = ui.fonts_mut(|f| f.glyph_width(&font, 'x')).max(1.0);
    let per_line = (ui.available_width() / char_w).floor().max(20.0);
    let max_chars = ((per_line * MAX_LINES) as usize).clamp(80, WINDOW);
    let window = window_around(text, focus, max_chars);
    // Cut points: component edges, the selection, the window.
    let mut cuts = vec![window.start, window.end];
    for (_, r) in &a.spans {
        cuts.extend([r.start, r.end]);
    }
    if let Some(r) = selected {
        cuts.extend([r.start, r.end]);
    }
    // Each non-ASCII character is a piece of its own, to tint and box it.
    if let Some(shown_text) = text.get(window.clone()) {
        for (i, c) in shown_text.char_indices().filter(|(_, c)| !c.is_ascii()) {
            let at = window.start + i;
            cuts.extend([at, at + c.len_utf8()]);
        }
    }
    cuts.retain(|&c| c >= window.start && c <= window.end && text.is_char_boundary(c));
    cuts.sort_unstable();
    cuts.dedup();

    // Taller lines leave room under each row for the notes' underlines.
    let line_height = Some(font.size * 1.55);
    let mut weak = TextFormat::simple(font.clone(), visuals.weak_text_color());
    weak.line_height = line_height;
    let mut job = LayoutJob::default();
    job.wrap.max_width = ui.available_width();
    job.wrap.break_anywhere = true;
    let mut pieces = Vec::new();
    let mut chars = 0;
    if window.start > 0 {
        job.append("… ", 0.0, weak.clone());
        chars += 2;
    }
    for w in cuts.windows(2) {
        let bytes = w[0]..w[1];
        let component = a.component_at(bytes.start);
        let piece = shown(&text[bytes.clone()], escapes);
        let non_ascii = text[bytes.clone()]
            .chars()
            .next()
            .is_some_and(|c| !c.is_ascii());
        let mut format = TextFormat::simple(font.clone(), visuals.text_color());
        format.line_height = line_height;
        if let Some(c) = component {
            format.background = theme::component_tint(c, visuals);
            let width = if selected_component == Some(c) {
                3.0
            } else {
                1.5
            };
            format.underline = Stroke::new(width, theme::component_color(c, visuals.dark_mode));
        }
        if non_ascii {
            format.background = theme::non_ascii_tint(visuals);
            format.color = visuals.strong_text_color();
        }
        if selected.is_some_and(|s| s.start <= bytes.start && bytes.end <= s.end && !s.is_empty()) {
            format.background = visuals.selection.bg_fill;
            format.color = visuals.selection.stroke.color;
        }
        let n = piece.chars().count();
        job.append(&piece, 0.0, format);
        pieces.push(Piece {
            chars: chars..chars + n,
            bytes,
            component,
            non_ascii,
        });
        chars += n;
    }
    if window.end < text.len() {
        let note = format!(" … ({} bytes in all)", group_digits(text.len()));
        job.append(&note, 0.0, weak);
    }
    Laid {
        galley: ui.fonts_mut(|f| f.layout_job(job)),
        pieces,
        cut: window.start > 0 || window.end < text.len(),
    }
}

/// The failure: a red line under its characters (a caret where it is empty).
fn mark_failure(
    ui: &egui::Ui,
    laid: &Laid,
    rect: egui::Rect,
    text: &str,
    f: &Range<usize>,
    escapes: bool,
) {
    let red = ui.visuals().error_fg_color;
    let at = |byte: usize| char_in_galley(&laid.pieces, text, byte, escapes);
    let Some(start) = at(f.start) else { return };
    let pos = |i: usize| {
        laid.galley
            .pos_from_cursor(CCursor::new(i))
            .translate(rect.min.to_vec2())
    };
    let end = at(f.end).unwrap_or(start).max(start);
    let (a_rect, b_rect) = (pos(start), pos(end));
    let y = a_rect.bottom() + 2.0;
    if end > start && (b_rect.bottom() - a_rect.bottom()).abs() < 1.0 {
        ui.painter().line_segment(
            [egui::pos2(a_rect.left(), y), egui::pos2(b_rect.left(), y)],
            Stroke::new(3.0, red),
        );
    } else {
        let p = egui::pos2(a_rect.left(), y);
        ui.painter().add(egui::Shape::convex_polygon(
            vec![p, p + egui::vec2(-5.0, 6.0), p + egui::vec2(5.0, 6.0)],
            red,
            Stroke::NONE,
        ));
    }
}

/// The on-screen stretches (one per row) that show galley characters
/// `chars`, each as tall as its row, in screen coordinates.
fn row_segments(laid: &Laid, rect: egui::Rect, chars: Range<usize>) -> Vec<egui::Rect> {
    let pos = |i: usize| {
        laid.galley
            .pos_from_cursor(CCursor::new(i))
            .translate(rect.min.to_vec2())
    };
    let mut out: Vec<egui::Rect> = Vec::new();
    for k in chars {
        let (here, next) = (pos(k), pos(k + 1));
        // The last character of a wrapped row: its own width, guessed from the row's.
        let right = if (next.top() - here.top()).abs() < 1.0 {
            next.left()
        } else {
            let n = laid.galley.text().chars().count().max(1) as f32;
            here.left() + laid.galley.rect.width() / n
        };
        match out.last_mut() {
            Some(last)
                if (last.bottom() - here.bottom()).abs() < 1.0
                    && (last.right() - here.left()).abs() < 1.0 =>
            {
                last.max.x = right;
            }
            _ => out.push(egui::Rect::from_min_max(
                here.min,
                egui::pos2(right, here.bottom()),
            )),
        }
    }
    out
}

/// Where galley character `k` is drawn, as its background is (the glyph's
/// logical box, grown as egui grows backgrounds), in screen coordinates.
fn glyph_rect(laid: &Laid, rect: egui::Rect, k: usize) -> Option<egui::Rect> {
    let at = laid.galley.layout_from_cursor(CCursor::new(k));
    let row = laid.galley.rows.get(at.row)?;
    let glyph = row.glyphs.get(at.column.0)?;
    let grow = TextFormat::default().expand_bg;
    Some(
        glyph
            .logical_rect()
            .translate(row.pos.to_vec2() + rect.min.to_vec2())
            .expand(grow),
    )
}

/// A thin box around each non-ASCII character, on the edge of its tint
/// (the mark that is not colour).
fn box_non_ascii(ui: &egui::Ui, laid: &Laid, rect: egui::Rect) {
    let stroke = Stroke::new(1.0, ui.visuals().strong_text_color());
    for p in laid.pieces.iter().filter(|p| p.non_ascii) {
        let cell = p
            .chars
            .clone()
            .filter_map(|k| glyph_rect(laid, rect, k))
            .reduce(|a, b| a.union(b));
        if let Some(cell) = cell {
            // Inset, so that neighbours read as separate boxes.
            let cell = cell.shrink2(egui::vec2(0.5, 0.0));
            ui.painter()
                .rect_stroke(cell, 2.0, stroke, egui::StrokeKind::Inside);
        }
    }
}

/// Underlines a note's characters in the style of its level (a caret where
/// its range is empty: something was removed there).
fn mark_note(ui: &egui::Ui, laid: &Laid, rect: egui::Rect, text: &str, note: &Note, escapes: bool) {
    let Some(range) = &note.range else { return };
    let level = note.code.level();
    let color = level_color(level, ui.visuals());
    let at = |byte: usize| char_in_galley(&laid.pieces, text, byte, escapes);
    let Some(start) = at(range.start) else { return };
    let end = at(range.end).unwrap_or(start).max(start);
    let painter = ui.painter();
    if end == start {
        let p = laid
            .galley
            .pos_from_cursor(CCursor::new(start))
            .translate(rect.min.to_vec2());
        let tip = egui::pos2(p.left(), p.bottom() + 2.0);
        painter.add(egui::Shape::convex_polygon(
            vec![tip, tip + egui::vec2(-4.0, 6.0), tip + egui::vec2(4.0, 6.0)],
            color,
            Stroke::NONE,
        ));
        return;
    }
    for cell in row_segments(laid, rect, start..end) {
        let (left, right) = (cell.left(), cell.right());
        let y = cell.bottom() + 4.0;
        let (a, b) = (egui::pos2(left, y), egui::pos2(right, y));
        let stroke = Stroke::new(1.5, color);
        match level {
            NoteLevel::Warning => {
                // A zigzag: the warning's own shape.
                let mut points = Vec::new();
                let mut x = left;
                let mut up = true;
                while x < right {
                    points.push(egui::pos2(x, if up { y - 2.0 } else { y + 2.0 }));
                    x += 3.0;
                    up = !up;
                }
                points.push(egui::pos2(right, y));
                painter.add(egui::Shape::line(points, stroke));
            }
            NoteLevel::Info => {
                painter.extend(egui::Shape::dashed_line(&[a, b], stroke, 4.0, 3.0));
            }
            NoteLevel::Hint => {
                painter.extend(egui::Shape::dotted_line(&[a, b], color, 4.0, 1.2));
            }
        }
    }
}

/// Hovering names the component under the pointer, the character when it is
/// not ASCII, and the notes about it.
fn name_under_pointer(a: &Analysis, laid: &Laid, rect: egui::Rect, response: egui::Response) {
    let Some(pos) = response.hover_pos() else {
        return;
    };
    let index = laid.galley.cursor_from_pos(pos - rect.min).index.0;
    let Some(p) = laid.pieces.iter().find(|p| p.chars.contains(&index)) else {
        return;
    };
    let name = p
        .component
        .map_or("no component (a delimiter)".to_owned(), |c| c.to_string());
    let span = p
        .component
        .and_then(|c| a.span(c))
        .unwrap_or(p.bytes.clone());
    let mut tip = format!("{name}\n{} of the input", byte_span(&span));
    if p.non_ascii
        && let Some(c) = a
            .preprocessed
            .get(p.bytes.clone())
            .and_then(|t| t.chars().next())
    {
        tip = format!(
            "{}\nnot ASCII; byte {} of the input\n{tip}",
            describe_char(c),
            p.bytes.start
        );
    }
    for note in a.notes.iter().filter(|n| {
        n.range.as_ref().is_some_and(|r| {
            r.contains(&p.bytes.start) || (r.is_empty() && r.start == p.bytes.start)
        })
    }) {
        let (_, word) = level_words(note.code.level());
        tip.push_str(&format!("\n{word} {}: {}", note.code, note.message));
    }
    response.on_hover_text_at_pointer(tip);
}

/// The galley character where input byte `byte` is shown, if it is shown.
fn char_in_galley(pieces: &[Piece], text: &str, byte: usize, escapes: bool) -> Option<usize> {
    let p = pieces
        .iter()
        .find(|p| p.bytes.contains(&byte))
        .or_else(|| pieces.iter().find(|p| p.bytes.end == byte))?;
    let head = text.get(p.bytes.start..byte)?;
    let n = shown(head, escapes).chars().count();
    Some(p.chars.start + n)
}

/// A byte range of `text` of at most `max` characters that contains byte
/// `focus`, starting at the beginning when it can.
pub fn window_around(text: &str, focus: usize, max: usize) -> Range<usize> {
    let focus = focus.min(text.len());
    // Start a little before the focus so its context shows.
    let back = max / 4;
    let f = floor_boundary(text, focus);
    // Bytes bound characters from above, and this stays O(max), not O(text).
    let start = if f <= max - back {
        0
    } else {
        text[..f]
            .char_indices()
            .rev()
            .nth(back - 1)
            .map_or(0, |(i, _)| i)
    };
    let end = text[start..]
        .char_indices()
        .nth(max)
        .map_or(text.len(), |(i, _)| start + i);
    // Near the end, use the room the end leaves for more of what comes before.
    let start = if end == text.len() {
        start.min(text.char_indices().rev().nth(max - 1).map_or(0, |(i, _)| i))
    } else {
        start
    };
    start..end
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows() {
        assert_eq!(window_around("abcdef", 3, 10), 0..6);
        let long = "a".repeat(100);
        let w = window_around(&long, 90, 20);
        assert!(w.contains(&90) && w.len() == 20, "{w:?}");
        assert_eq!(window_around(&long, 0, 20), 0..20);
    }
}
