//! Hidden characters drawn visibly in the text fields, without changing the
//! text: the layout of a field's text puts each control, invisible or bidi
//! character's picture ([`picture`]) in a muted colour on a tinted
//! background, one drawn character for one character of the text, so the
//! field's caret, selection, copy and undo all work on the exact text that
//! was typed or pasted, and that exact text is what the engine sees.

use std::sync::Arc;

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Galley, TextStyle, Ui};

use super::escape::picture;

/// Every picture [`picture`] can give.
const PICTURES: &str = "\u{2400}\u{2409}\u{240A}\u{240D}\u{2421}\u{25CC}\u{FFFD}";

/// The formats of plain text and of a hidden character's picture.
pub struct Formats {
    pub plain: TextFormat,
    pub hidden: TextFormat,
    /// What stands for every hidden character when the fonts lack the
    /// pictures (a middle dot, in every font), so nothing is drawn as tofu.
    pub fallback: Option<char>,
}

impl Formats {
    /// Monospace in the text colour, and the pictures in a weak colour on
    /// the faint background of code.
    pub fn monospace(ui: &Ui) -> Formats {
        let font_id: FontId = TextStyle::Monospace.resolve(ui.style());
        let line_height = Some(ui.text_style_height(&TextStyle::Monospace));
        let fallback = (!ui.fonts_mut(|f| f.has_glyphs(&font_id, PICTURES))).then_some('·');
        let visuals = ui.visuals();
        let plain = TextFormat {
            font_id: font_id.clone(),
            color: visuals.text_color(),
            line_height,
            ..TextFormat::default()
        };
        let hidden = TextFormat {
            font_id,
            color: visuals.weak_text_color(),
            background: visuals.code_bg_color,
            line_height,
            ..TextFormat::default()
        };
        Formats {
            plain,
            hidden,
            fallback,
        }
    }

    /// The same, with a background of `fill` behind both (a selection).
    pub fn on(&self, fill: Color32) -> Formats {
        let mut plain = self.plain.clone();
        plain.background = fill;
        let mut hidden = self.hidden.clone();
        hidden.background = fill;
        Formats {
            plain,
            hidden,
            fallback: self.fallback,
        }
    }
}

/// Appends `text` to `job`, each hidden character as its picture in the
/// hidden format; runs of plain or hidden characters are one section each.
pub fn append(job: &mut LayoutJob, text: &str, formats: &Formats) {
    let mut run = String::new();
    let mut run_hidden = false;
    for c in text.chars() {
        let (shown, hidden) = match picture(c) {
            Some(p) => (formats.fallback.unwrap_or(p), true),
            None => (c, false),
        };
        if hidden != run_hidden && !run.is_empty() {
            job.append(&run, 0.0, format_of(formats, run_hidden));
            run.clear();
        }
        run_hidden = hidden;
        run.push(shown);
    }
    if !run.is_empty() {
        job.append(&run, 0.0, format_of(formats, run_hidden));
    }
}

fn format_of(formats: &Formats, hidden: bool) -> TextFormat {
    if hidden {
        formats.hidden.clone()
    } else {
        formats.plain.clone()
    }
}

/// One line, never wrapped, trailing spaces kept (as egui lays out a
/// single-line field).
pub fn single_line_job() -> LayoutJob {
    let mut job = LayoutJob::default();
    job.wrap.max_width = f32::INFINITY;
    job.keep_trailing_whitespace = true;
    job
}

/// The layout of a single-line text field's `text` with hidden characters
/// shown: what `TextEdit::layouter` takes.
pub fn layout_field(ui: &Ui, text: &str) -> Arc<Galley> {
    let mut job = single_line_job();
    append(&mut job, text, &Formats::monospace(ui));
    ui.fonts_mut(|f| f.layout_job(job))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text drawn for `text`, section by section.
    fn drawn(text: &str) -> (String, usize) {
        let formats = Formats {
            plain: TextFormat::default(),
            hidden: TextFormat {
                color: Color32::RED,
                ..TextFormat::default()
            },
            fallback: None,
        };
        let mut job = single_line_job();
        append(&mut job, text, &formats);
        (job.text.clone(), job.sections.len())
    }

    #[test]
    fn each_hidden_character_is_one_picture() {
        let text = "http://a/\n\r\tb\u{0}c\u{202E}";
        let (shown, sections) = drawn(text);
        assert_eq!(shown, "http://a/\u{240A}\u{240D}\u{2409}b\u{2400}c\u{25CC}");
        assert_eq!(shown.chars().count(), text.chars().count());
        assert_eq!(sections, 6);
        assert_eq!(drawn("plain"), ("plain".to_owned(), 1));
        assert_eq!(drawn("\n").0, "\u{240A}");
        assert_eq!(drawn(""), (String::new(), 0));
    }
}
