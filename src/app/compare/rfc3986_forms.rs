//! RFC 3986's two results apart: the reference resolved and recomposed
//! (sections 5.2 and 5.3, strict), and that normalized (6.2.2 for every
//! scheme, 6.2.3 for http and https), with what normalization changed
//! marked. Libraries that resolve per RFC 3986 mostly stop at the first;
//! caches and signature checks compare the second.

use egui::text::LayoutJob;
use egui::{RichText, TextFormat};

use crate::resolvers::Answer;

use super::super::analysis::diff_ranges;
use super::super::command::Command;
use super::super::escape::{shorten, truncate_chars};
use super::table::char_width;

/// The indent of a form under its name, in points.
const INDENT: f32 = 24.0;

/// The resolved and the normalized form, one under the other.
pub fn rfc3986_ui(
    ui: &mut egui::Ui,
    resolved: &Answer,
    normalized: &Answer,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    // Each name above its form, so the form has the section's whole width.
    form_row(ui, "resolved (5.2, 5.3)", resolved, None, escapes, commands);
    let other = resolved.valid_canon();
    form_row(
        ui,
        "normalized (6.2.2, 6.2.3)",
        normalized,
        other,
        escapes,
        commands,
    );
    match (resolved.valid_canon(), normalized.valid_canon()) {
        (Some(a), Some(b)) if a == b => {
            ui.weak("Normalization changes nothing here: the resolved form is already normal.");
        }
        (Some(_), Some(_)) => {
            ui.weak("Underlined: what normalization changed (case, percent-encoding, dot-segments, default port, empty path).");
        }
        _ => {}
    }
    // The notes besides the reason (which the rows show) and the
    // normalization note (which the rows are).
    for note in resolved
        .notes
        .iter()
        .skip(usize::from(resolved.invalid))
        .filter(|n| n.code != "rfc3986.normalized")
    {
        ui.label(format!("• {}", note.message));
    }
}

/// One form: its name, and the string (copied on click) or why it failed.
/// `before`, when given, is the form this one came from: the part that
/// differs from it is underlined.
fn form_row(
    ui: &mut egui::Ui,
    name: &str,
    form: &Answer,
    before: Option<&str>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    ui.label(RichText::new(name).strong());
    ui.indent(name, |ui| {
        form_value(ui, name, form, before, escapes, commands)
    });
}

/// The form itself, or why there is none.
fn form_value(
    ui: &mut egui::Ui,
    name: &str,
    form: &Answer,
    before: Option<&str>,
    escapes: bool,
    commands: &mut Vec<Command>,
) {
    match form.valid_canon() {
        Some(text) => {
            let job = marked(ui, text, before, escapes);
            let r = ui
                .add(egui::Label::new(job).sense(egui::Sense::click()))
                .on_hover_text(format!("{}\nClick to copy.", shorten(text, 2000, escapes)));
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::Button,
                    true,
                    format!("RFC 3986 {name}: {text}"),
                )
            });
            if r.clicked() {
                commands.push(Command::Copy {
                    what: format!("the RFC 3986 {name} form"),
                    text: text.to_owned(),
                });
            }
        }
        None => {
            let why = form.why_invalid().map_or("invalid", |n| n.message.as_str());
            ui.colored_label(ui.visuals().error_fg_color, format!("× {why}"));
        }
    }
}

/// `text` in monospace, its part that differs from `before` underlined and
/// bold (when it is short enough to show whole; a cut value is shown plain).
fn marked(ui: &egui::Ui, text: &str, before: Option<&str>, escapes: bool) -> LayoutJob {
    let room = ((ui.available_width() - INDENT) / char_width(ui)).max(16.0) as usize;
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let color = ui.visuals().text_color();
    let plain = TextFormat::simple(font.clone(), color);
    let strong = TextFormat {
        underline: egui::Stroke::new(1.5, color),
        color: ui.visuals().strong_text_color(),
        ..plain.clone()
    };
    let mut job = LayoutJob::default();
    let short = !truncate_chars(text, room).1 && !escapes;
    match before.filter(|b| short && *b != text) {
        Some(b) => {
            let (_, changed) = diff_ranges(b, text);
            job.append(&text[..changed.start], 0.0, plain.clone());
            job.append(&text[changed.clone()], 0.0, strong);
            job.append(&text[changed.end..], 0.0, plain);
        }
        None => job.append(&shorten(text, room, escapes), 0.0, plain),
    }
    job
}
