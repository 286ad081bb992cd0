//! RFC 3986's two results apart: the reference resolved and recomposed
//! (sections 5.2 and 5.3, strict), and that normalized (6.2.2 for every
//! scheme, 6.2.3 for http and https), with what normalization changed
//! marked. Libraries that resolve per RFC 3986 mostly stop at the first;
//! caches and signature checks compare the second. Below them, folded, the
//! steps that made them (the answer's trace): each decision of 5.2.2, the
//! merge, each turn of remove_dot_segments with its buffers, recomposition
//! and normalization, so a reader sees at which step RFC 3986 parts from
//! the other resolvers (a `%2E` segment kept, a rootless base merged).

use egui::text::LayoutJob;
use egui::{RichText, TextFormat};

use crate::engine::Step;
use crate::resolvers::{Answer, NoteCode, rfc3986};

use super::super::analysis::diff_ranges;
use super::super::command::Command;
use super::super::escape::{shorten, truncate_chars};
use super::table::char_width;

/// The indent of a form under its name, in points.
const INDENT: f32 = 24.0;

/// The resolved and the normalized form, one under the other, both from
/// the one `rfc3986` answer (the normalized form is its canonical string).
pub fn rfc3986_ui(ui: &mut egui::Ui, answer: &Answer, escapes: bool, commands: &mut Vec<Command>) {
    let resolved = answer.forms.resolved.as_deref().filter(|_| !answer.invalid);
    let normalized = answer.valid_canon();
    // Each name above its form, so the form has the section's whole width.
    let view = FormView { answer, escapes };
    view.row(ui, "resolved (5.2, 5.3)", resolved, None, commands);
    view.row(
        ui,
        "normalized (6.2.2, 6.2.3)",
        normalized,
        resolved,
        commands,
    );
    match (resolved, normalized) {
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
    let normalization = NoteCode::Rfc3986(rfc3986::Code::Normalized);
    for note in answer
        .notes
        .iter()
        .skip(usize::from(answer.invalid))
        .filter(|n| n.code != normalization)
    {
        ui.label(format!("• {}", note.message));
    }
    if let Some(trace) = answer.trace.as_ref().filter(|t| !t.steps.is_empty()) {
        egui::CollapsingHeader::new(format!("Steps ({})", trace.steps.len()))
            .id_salt("rfc3986-steps")
            .show(ui, |ui| steps_ui(ui, &trace.steps, escapes));
    }
}

/// One row per step: its citation, what it decided, and the value it
/// made (for remove_dot_segments, the output and input buffers).
fn steps_ui(ui: &mut egui::Ui, steps: &[Step], escapes: bool) {
    let room = ((ui.available_width() / 3.0) / char_width(ui)).max(16.0) as usize;
    egui::Grid::new("rfc3986-steps-grid")
        .num_columns(3)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            for s in steps {
                let mark = if s.failed { "× " } else { "" };
                ui.label(RichText::new(format!("{mark}{}", s.id.citation())).monospace())
                    .on_hover_text(format!("{}\n{}", s.id.id(), s.id.explanation()));
                ui.label(s.decision.as_deref().unwrap_or_default());
                let value = match s.buffers() {
                    Some((output, input)) => format!(
                        "{} | {}",
                        shorten(output, room, escapes),
                        shorten(input, room, escapes)
                    ),
                    None => s
                        .after
                        .as_deref()
                        .map_or_else(|| "(undefined)".to_owned(), |v| shorten(v, room, escapes)),
                };
                ui.label(RichText::new(value).monospace());
                ui.end_row();
            }
        });
}

/// What every form row shares: the answer the forms come from (for why
/// there is none) and whether escapes are shown.
struct FormView<'a> {
    answer: &'a Answer,
    escapes: bool,
}

impl FormView<'_> {
    /// One form: its name, and the string (copied on click) or why it
    /// failed. `before`, when given, is the form this one came from: the
    /// part that differs from it is underlined.
    fn row(
        &self,
        ui: &mut egui::Ui,
        name: &str,
        form: Option<&str>,
        before: Option<&str>,
        commands: &mut Vec<Command>,
    ) {
        ui.label(RichText::new(name).strong());
        ui.indent(name, |ui| self.value(ui, name, form, before, commands));
    }

    /// The form itself, or why there is none.
    fn value(
        &self,
        ui: &mut egui::Ui,
        name: &str,
        form: Option<&str>,
        before: Option<&str>,
        commands: &mut Vec<Command>,
    ) {
        let escapes = self.escapes;
        let Some(text) = form else {
            let why = self
                .answer
                .why_invalid()
                .map_or("invalid", |n| n.message.as_str());
            ui.colored_label(ui.visuals().error_fg_color, format!("× {why}"));
            return;
        };
        let job = marked(ui, text, before, escapes);
        let r = ui
            .add(egui::Label::new(job).sense(egui::Sense::click()))
            .on_hover_text(format!("{}\nClick to copy.", shorten(text, 2000, escapes)));
        r.widget_info(|| {
            egui::WidgetInfo::labeled(egui::Role::Button, true, format!("RFC 3986 {name}: {text}"))
        });
        if r.clicked() {
            commands.push(Command::Copy {
                what: format!("the RFC 3986 {name} form"),
                text: text.to_owned(),
            });
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
