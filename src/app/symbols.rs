//! Symbols beside words: the player's ◀ ▶, the notes' ▲ ○ ➜, the marks
//! ● ▢ ◀. egui's bundled proportional font has none of them, and the
//! system fonts the window adds ([`super::fonts`]) may not either, so each
//! symbol is set in the monospace font (Hack, bundled, which has them) and
//! the words beside it in the body font. Whatever reads the widget (a
//! screen reader, a test) gets both as one text.

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, TextStyle};

/// `symbol` in the monospace font, then `words` in the body font, both in
/// `color` (words only when `words` is not empty).
pub fn with_words(ui: &egui::Ui, symbol: &str, words: &str, color: Color32) -> LayoutJob {
    let mono = TextStyle::Monospace.resolve(ui.style());
    let body = TextStyle::Body.resolve(ui.style());
    let mut job = LayoutJob::default();
    job.append(symbol, 0.0, TextFormat::simple(mono, color));
    if !words.is_empty() {
        job.append(&format!(" {words}"), 0.0, TextFormat::simple(body, color));
    }
    job
}

/// Words, then `symbol` after them ("Next ▶").
pub fn words_then(ui: &egui::Ui, words: &str, symbol: &str, color: Color32) -> LayoutJob {
    let mono = TextStyle::Monospace.resolve(ui.style());
    let body = TextStyle::Body.resolve(ui.style());
    let mut job = LayoutJob::default();
    job.append(&format!("{words} "), 0.0, TextFormat::simple(body, color));
    job.append(symbol, 0.0, TextFormat::simple(mono, color));
    job
}
