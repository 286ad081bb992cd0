//! The input, coloured by component: each character in the colour of the
//! component it was parsed into. Colour is never the only cue: the legend
//! names every colour, hovering a character names its component and
//! position, and the selected step's characters are boxed.
//!
//! Ranges are byte ranges of the preprocessed input (what parsing reads).
//! Long inputs are shown as a window of [`WINDOW`] characters around what
//! matters (the selection or the failure), never laid out whole.

use std::ops::Range;

use egui::text::{CCursor, LayoutJob, TextFormat};
use egui::{Color32, RichText, Sense, Stroke, TextStyle};

use crate::engine::Component;

use super::analysis::Analysis;
use super::app::Command;
use super::escape::{escape, group_digits};
use super::state::State;

/// At most this many characters of the input are laid out (a few lines:
/// the components table below must stay in sight).
pub const WINDOW: usize = 600;

/// The colour of a component, readable on dark and light backgrounds.
pub fn component_color(c: Component) -> Color32 {
    match c {
        Component::Scheme => Color32::from_rgb(0xE0, 0x5A, 0x5A),
        Component::User => Color32::from_rgb(0xE0, 0x8A, 0x2E),
        Component::Password => Color32::from_rgb(0xB0, 0x6A, 0xE0),
        Component::Host => Color32::from_rgb(0x3C, 0x8C, 0xE7),
        Component::Port => Color32::from_rgb(0x1A, 0xA8, 0xA8),
        Component::Path => Color32::from_rgb(0x4C, 0xAF, 0x50),
        Component::Query => Color32::from_rgb(0xD4, 0xAC, 0x0D),
        Component::Fragment => Color32::from_rgb(0xE0, 0x5A, 0xB0),
    }
}

/// A stretch of laid-out text: where it is in the galley (chars) and in the input (bytes).
struct Piece {
    chars: Range<usize>,
    bytes: Range<usize>,
    component: Option<Component>,
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

    // The legend: names for the colours, and a way to select a component.
    ui.horizontal_wrapped(|ui| {
        for (c, r) in &a.spans {
            let color = component_color(*c);
            let text = RichText::new(format!("■ {c}"))
                .monospace()
                .color(color)
                .strong();
            let r = ui
                .selectable_label(selected_component == Some(*c), text)
                .on_hover_text(format!("{c}: bytes {}–{} of the input", r.start, r.end));
            if r.clicked() {
                commands.push(Command::SelectComponent(Some(*c)));
            }
        }
        if a.spans.is_empty() {
            ui.weak("No components were found in the input.");
        }
    });

    let text = &a.preprocessed;
    if text.is_empty() {
        ui.weak("(the input is empty after preprocessing)");
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
    let window = window_around(text, focus, WINDOW);

    // Cut points: component edges, the selection, the window.
    let mut cuts = vec![window.start, window.end];
    for (_, r) in &a.spans {
        cuts.extend([r.start, r.end]);
    }
    if let Some(r) = &selected {
        cuts.extend([r.start, r.end]);
    }
    cuts.retain(|&c| c >= window.start && c <= window.end && text.is_char_boundary(c));
    cuts.sort_unstable();
    cuts.dedup();

    let font = TextStyle::Monospace.resolve(ui.style());
    let font = egui::FontId::new(font.size + 2.0, font.family);
    let text_color = ui.visuals().text_color();
    let dark = ui.visuals().dark_mode;
    let mut job = LayoutJob::default();
    job.wrap.max_width = ui.available_width();
    job.wrap.break_anywhere = true;
    let mut pieces = Vec::new();
    let mut chars = 0;
    if window.start > 0 {
        job.append(
            "… ",
            0.0,
            TextFormat::simple(font.clone(), ui.visuals().weak_text_color()),
        );
        chars += 2;
    }
    for w in cuts.windows(2) {
        let bytes = w[0]..w[1];
        let component = a.component_at(bytes.start);
        let raw = &text[bytes.clone()];
        let shown = if state.escapes {
            escape(raw)
        } else {
            raw.into()
        };
        let is_selected = selected
            .as_ref()
            .is_some_and(|s| s.start <= bytes.start && bytes.end <= s.end && !s.is_empty());
        let mut format = TextFormat::simple(font.clone(), text_color);
        if let Some(c) = component {
            let color = component_color(c);
            format.background = color.gamma_multiply(if dark { 0.35 } else { 0.25 });
            format.underline = Stroke::new(
                if selected_component == Some(c) {
                    3.0
                } else {
                    1.5
                },
                color,
            );
        }
        if is_selected {
            format.background = ui.visuals().selection.bg_fill;
            format.color = ui.visuals().selection.stroke.color;
        }
        let n = shown.chars().count();
        job.append(&shown, 0.0, format);
        pieces.push(Piece {
            chars: chars..chars + n,
            bytes,
            component,
        });
        chars += n;
    }
    let cut = window.start > 0 || window.end < text.len();
    if window.end < text.len() {
        job.append(
            &format!(" … ({} bytes in all)", group_digits(text.len())),
            0.0,
            TextFormat::simple(font.clone(), ui.visuals().weak_text_color()),
        );
    }

    let galley = ui.fonts_mut(|f| f.layout_job(job));
    let (rect, response) =
        ui.allocate_exact_size(galley.size() + egui::vec2(0.0, 6.0), Sense::hover());
    let plain: String = galley.text().to_owned();
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Label, true, format!("Input: {plain}"))
    });
    ui.painter().galley(rect.min, galley.clone(), text_color);
    if cut && ui.small_button("Show the whole input").clicked() {
        commands.push(Command::ShowAll {
            title: "Input (preprocessed)".to_owned(),
            text: text.clone(),
        });
    }

    // The failure: a red mark under its characters (a caret where it is empty).
    if let Some(f) = &failure {
        let red = ui.visuals().error_fg_color;
        let at = |byte: usize| char_in_galley(&pieces, text, byte, state.escapes);
        if let Some(start) = at(f.start) {
            let a_rect = galley
                .pos_from_cursor(CCursor::new(start))
                .translate(rect.min.to_vec2());
            let end = at(f.end).unwrap_or(start).max(start);
            let b_rect = galley
                .pos_from_cursor(CCursor::new(end))
                .translate(rect.min.to_vec2());
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
    }

    // Hovering names the component under the pointer.
    if let Some(pos) = response.hover_pos() {
        let cursor = galley.cursor_from_pos(pos - rect.min);
        let index = cursor.index.0;
        if let Some(p) = pieces.iter().find(|p| p.chars.contains(&index)) {
            let name = p
                .component
                .map_or("no component (a delimiter)".to_owned(), |c| c.to_string());
            let span = p
                .component
                .and_then(|c| a.span(c))
                .unwrap_or(p.bytes.clone());
            response.on_hover_text_at_pointer(format!(
                "{name}\nbytes {}–{} of the input",
                span.start, span.end
            ));
        }
    }
}

/// The galley character where input byte `byte` is shown, if it is shown.
fn char_in_galley(pieces: &[Piece], text: &str, byte: usize, escapes: bool) -> Option<usize> {
    let p = pieces
        .iter()
        .find(|p| p.bytes.contains(&byte))
        .or_else(|| pieces.iter().find(|p| p.bytes.end == byte))?;
    let head = text.get(p.bytes.start..byte)?;
    let n = if escapes {
        escape(head).chars().count()
    } else {
        head.chars().count()
    };
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
