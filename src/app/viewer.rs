//! The "Show all" window for a value too long to show in place (a 10 MB
//! paste, a long canonical URL). The text is cut into fixed-size lines and
//! shown with [`egui::ScrollArea::show_rows`], so only the lines on screen
//! are laid out, whatever the size.

use super::escape::{escape, group_digits};

/// Characters per line.
const LINE_CHARS: usize = 100;

/// An open viewer.
pub struct Viewer {
    title: String,
    text: String,
    /// Byte offset where each line starts (on character boundaries).
    lines: Vec<usize>,
}

impl Viewer {
    pub fn new(title: String, text: String) -> Viewer {
        let mut lines = vec![0];
        let mut count = 0;
        for (i, c) in text.char_indices() {
            if count == LINE_CHARS || c == '\n' {
                lines.push(i);
                count = 0;
            }
            count += 1;
        }
        Viewer { title, text, lines }
    }

    /// Shows the window; returns false once it is closed.
    pub fn show(&mut self, ctx: &egui::Context, escapes: bool) -> bool {
        let mut open = true;
        egui::Window::new(format!(
            "{} — {} bytes",
            self.title,
            group_digits(self.text.len())
        ))
        .id(egui::Id::unique("viewer"))
        .open(&mut open)
        .default_size([760.0, 480.0])
        .vscroll(false)
        .show(ctx, |ui| {
            let row_h = ui.text_style_height(&egui::TextStyle::Monospace);
            egui::ScrollArea::vertical().auto_shrink(false).show_rows(
                ui,
                row_h,
                self.lines.len(),
                |ui, rows| {
                    for i in rows {
                        let start = self.lines[i];
                        let end = self.lines.get(i + 1).copied().unwrap_or(self.text.len());
                        let line = &self.text[start..end];
                        let line = line.strip_prefix('\n').unwrap_or(line);
                        let shown = if escapes { escape(line) } else { line.into() };
                        ui.add(egui::Label::new(egui::RichText::new(shown).monospace()).extend());
                    }
                },
            );
        });
        open
    }
}
