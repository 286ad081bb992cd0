//! The warning strip under the canonical URL (or under the failure): every
//! note the engine gives for the result, in every mode, each with its
//! severity, its stable code and its message. A look-alike host in IE mode,
//! whose canonical URL reads like ASCII, is told here in words.
//!
//! Non-ASCII characters in a message (the look-alike host itself) are
//! tinted and underlined, as they are in the canonical URL above.
//!
//! Severity is never colour alone: each note starts with a symbol and a word
//! ("▲ Warning", "○ Info", "➜ Hint"), and warnings are also in the warning
//! colour (≥ 4.5:1 in both themes, see [`super::theme`]). Clicking a note
//! (or Space/Enter on it) selects it, and its characters are then shown
//! selected in the input; every note's characters are underlined there all
//! the time ([`super::inspector::highlight`]).

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, Sense, TextStyle};

use crate::engine::{Note, NoteLevel};

use super::analysis::Analysis;
use super::command::Command;
use super::escape::{byte_span, shorten};
use super::symbols::with_words;
use super::theme;

/// Characters of a message shown in the strip (messages name a few
/// characters each; this only guards against a pathological one).
const MESSAGE_CHARS: usize = 600;

/// The symbol and word that give a level without colour.
pub fn level_words(level: NoteLevel) -> (&'static str, &'static str) {
    match level {
        NoteLevel::Warning => ("▲", "Warning"),
        NoteLevel::Info => ("○", "Info"),
        NoteLevel::Hint => ("➜", "Hint"),
    }
}

/// The colour a level's words are drawn in.
pub fn level_color(level: NoteLevel, v: &egui::Visuals) -> Color32 {
    match level {
        NoteLevel::Warning => v.warn_fg_color,
        NoteLevel::Info | NoteLevel::Hint => v.strong_text_color(),
    }
}

/// Appends `text` to `job` in `plain`, but each run of non-ASCII
/// characters tinted and underlined (the underline is the cue that is not
/// colour), so a Cyrillic "р" in a message or a URL stands out from the
/// Latin "p" it imitates.
pub fn append_marking_non_ascii(
    job: &mut LayoutJob,
    text: &str,
    plain: &TextFormat,
    v: &egui::Visuals,
) {
    let mut marked = plain.clone();
    marked.background = theme::non_ascii_tint(v);
    marked.color = v.strong_text_color();
    marked.underline = egui::Stroke::new(1.5, v.strong_text_color());
    let mut rest = text;
    while !rest.is_empty() {
        let ascii = rest.chars().next().is_some_and(|c| c.is_ascii());
        let end = rest
            .char_indices()
            .find(|(_, c)| c.is_ascii() != ascii)
            .map_or(rest.len(), |(i, _)| i);
        let format = if ascii { plain } else { &marked };
        job.append(&rest[..end], 0.0, format.clone());
        rest = &rest[end..];
    }
}

/// `message` cut into runs, each marked whether it is a URL, a host or a
/// label (a word holding `://`, starting `xn--`, or with a dot inside it),
/// which the strip sets in the monospace font: in the proportional one
/// `xn--` reads like an en dash.
pub fn url_like_parts(message: &str) -> Vec<(&str, bool)> {
    let mut parts: Vec<(&str, bool)> = Vec::new();
    let mut start = 0;
    for word in message.split_inclusive(char::is_whitespace) {
        let end = start + word.len();
        let bare = word
            .trim_end()
            .trim_end_matches([',', ';', ':', ')', '"', '\'']);
        let bare = bare.trim_start_matches(['(', '"', '\'']);
        let inner_dot = bare.trim_end_matches('.').chars().skip(1).any(|c| c == '.');
        let url_like = bare.contains("://") || bare.starts_with("xn--") || inner_dot;
        match parts.last_mut() {
            Some((text, like)) if *like == url_like => {
                *text = &message[end - word.len() - text.len()..end];
            }
            _ => parts.push((&message[start..end], url_like)),
        }
        start = end;
    }
    parts
}

/// How many of the notes are warnings.
pub fn warnings(notes: &[Note]) -> usize {
    notes
        .iter()
        .filter(|n| n.code.level() == NoteLevel::Warning)
        .count()
}

/// Draws the strip (nothing when there are no notes).
pub fn notes_ui(
    ui: &mut egui::Ui,
    a: &Analysis,
    selected: Option<usize>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    if a.notes.is_empty() {
        return;
    }
    ui.scope_builder(egui::UiBuilder::new().accessibility_label("Notes"), |ui| {
        for (i, note) in a.notes.iter().enumerate() {
            note_row(ui, i, note, selected == Some(i), escapes, commands);
        }
    });
}

/// One note: a framed, clickable line (wrapping) of level, code, message
/// and where it is.
fn note_row(
    ui: &mut egui::Ui,
    i: usize,
    note: &Note,
    selected: bool,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    let v = ui.visuals().clone();
    let level = note.code.level();
    // Selected: a thicker frame (the fill stays, so the warning colour keeps
    // its contrast; the light one is under 4.5:1 on the selected row's fill).
    let width = if selected { 3.0 } else { 1.5 };
    let stroke = if level == NoteLevel::Warning {
        egui::Stroke::new(width, v.warn_fg_color)
    } else {
        egui::Stroke::new(width, v.strong_text_color())
    };
    let fill = theme::faint_row(&v);
    let job = note_job(ui, note, escapes);
    egui::Frame::new()
        .fill(fill)
        .stroke(stroke)
        .corner_radius(3.0)
        .inner_margin(egui::vec2(6.0, 3.0))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            let text = job.text.clone();
            let r = ui.add(egui::Label::new(job).wrap().sense(Sense::click()));
            // Pressed like a button (click, Space, Enter) to select it.
            r.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, &text));
            let hover = match &note.range {
                Some(_) if selected => "Click to stop marking its characters in the input",
                Some(_) => "Click to select its characters in the input",
                None => "This note is about the whole result, not particular characters",
            };
            let r = r.on_hover_text(format!("{}\n{hover}", note.code.description()));
            if r.clicked() && note.range.is_some() {
                commands.push(Command::SelectNote(if selected { None } else { Some(i) }));
            }
        });
}

/// The note's text: level (symbol, word, colour), code, message, place.
fn note_job(ui: &egui::Ui, note: &Note, escapes: bool) -> LayoutJob {
    let v = ui.visuals();
    let body = TextStyle::Body.resolve(ui.style());
    let mono = TextStyle::Monospace.resolve(ui.style());
    let level = note.code.level();
    let (symbol, word) = level_words(level);
    let mut job = with_words(ui, symbol, word, level_color(level, v));
    job.wrap.max_width = ui.available_width();
    // Separators are text, not spacing, so a screen reader hears them too.
    job.append(
        &format!("  {}", note.code.code()),
        0.0,
        TextFormat::simple(mono.clone(), v.strong_text_color()),
    );
    let plain = TextFormat::simple(body.clone(), v.text_color());
    job.append(":  ", 0.0, plain.clone());
    let message = shorten(&note.message, MESSAGE_CHARS, escapes);
    let code = TextFormat::simple(mono, v.text_color());
    for (part, url_like) in url_like_parts(&message) {
        let format = if url_like { &code } else { &plain };
        append_marking_non_ascii(&mut job, part, format, v);
    }
    // A removed character's note names where it was in the input as
    // typed; the place it was removed from (a caret in the coloured input)
    // would be a second offset for the same character.
    let place = match &note.range {
        Some(r) if r.is_empty() => String::new(),
        Some(r) => format!(" ({} of the input, underlined there)", byte_span(r)),
        None => String::new(),
    };
    job.append(&place, 0.0, TextFormat::simple(body, v.weak_text_color()));
    job
}

#[cfg(test)]
mod tests {
    use super::url_like_parts;

    #[test]
    fn hosts_and_urls_are_told_from_words() {
        let message =
            "the host раураl.com looks like paypal.com, its ASCII form is xn--l-7sba6dbr.com";
        let parts = url_like_parts(message);
        let like: Vec<&str> = parts
            .iter()
            .filter(|(_, u)| *u)
            .map(|(t, _)| t.trim())
            .collect();
        assert_eq!(like, ["раураl.com", "paypal.com,", "xn--l-7sba6dbr.com"]);
        let whole: String = parts.iter().map(|(t, _)| *t).collect();
        assert_eq!(whole, message);
        assert!(!url_like_parts("A sentence ends here.")[0].1);
    }
}
